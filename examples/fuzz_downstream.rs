//! The cargo-fuzz target of docs/fuzzing.md, driven by random bytes so it runs without
//! cargo-fuzz: `cargo run --example fuzz_downstream --features arbitrary`.

use arbitrary::{Arbitrary, Unstructured};
use gamenote::generate::{fuzz::Miss, verify};
use gamenote::pylos::Pylos;

/// The function under test: a downstream crate's own code.
fn accept_upload(text: &str) -> bool {
    let reports =
        gamenote::check::check_source::<Pylos>("upload", text, &[], gamenote::Mode::Strict);
    reports.iter().all(|r| r.ok())
}

/// The body of the fuzz target.
fn target(miss: Miss<Pylos>) {
    if let Some(m) = miss.0 {
        assert!(!accept_upload(&m.text), "accepted a {}", m.mutation);
        if let Err(e) = verify(&m) {
            panic!("{e}\n{}", m.text);
        }
    }
}

fn main() {
    let mut rng = gamenote::generate::Rng::new(0x1234_5678_9ABC_DEF0);
    let mut runs = 0;
    for _ in 0..500 {
        let bytes: Vec<u8> = (0..32).map(|_| rng.next_u64() as u8).collect();
        if let Ok(m) = Miss::<Pylos>::arbitrary(&mut Unstructured::new(&bytes)) {
            target(m);
            runs += 1;
        }
    }
    println!("{runs} near misses rejected as expected");
}
