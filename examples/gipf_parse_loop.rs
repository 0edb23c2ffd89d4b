//! Times the GIPF half-move parser on the GF1 games (a profiling aid):
//! `cargo run --release --example gipf_parse_loop`.
use gamenote::Record;
use gamenote::gipf::{Gipf, Notation};

fn main() {
    let text = std::fs::read_to_string("tests/data/gipf/bench.gipf").expect("bench data");
    let notes: Vec<String> = Record::<Gipf>::parse_all(&text)
        .into_iter()
        .flatten()
        .flat_map(|r| r.plies.into_iter().map(|p| p.notation.to_string()))
        .collect();
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(2000);
    let t = std::time::Instant::now();
    let mut n = 0;
    for _ in 0..rounds {
        for s in &notes {
            n += std::hint::black_box(s)
                .parse::<Notation>()
                .map(|n| n.post.len())
                .unwrap_or(0);
        }
    }
    let el = t.elapsed();
    println!(
        "{n}: {:.1} ns/half-move",
        el.as_nanos() as f64 / (rounds * notes.len()) as f64
    );
    for (name, keep) in [("plain", false), ("with removals", true)] {
        let some: Vec<&String> = notes.iter().filter(|s| s.contains('x') == keep).collect();
        let t = std::time::Instant::now();
        let mut n = 0;
        for _ in 0..rounds {
            for s in &some {
                n += std::hint::black_box(s)
                    .parse::<Notation>()
                    .map(|n| n.post.len())
                    .unwrap_or(0);
            }
        }
        let el = t.elapsed();
        println!(
            "{name} ({} notes, {n}): {:.1} ns/half-move",
            some.len(),
            el.as_nanos() as f64 / (rounds * some.len()) as f64
        );
    }
    let t = std::time::Instant::now();
    let mut n = 0;
    for _ in 0..200 {
        n += Record::<Gipf>::parse_all(std::hint::black_box(&text)).len();
    }
    let el = t.elapsed();
    println!(
        "{n}: {:.1} ns/half-move in records",
        el.as_nanos() as f64 / (200 * notes.len()) as f64
    );
}
