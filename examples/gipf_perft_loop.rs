//! Times perft from the GIPF start positions (a profiling aid):
//! `cargo run --release --example gipf_perft_loop [DEPTH]`.
use gamenote::Play;
use gamenote::gipf::{Gipf, Rules, Variant};
use gamenote::perft::perft;

fn main() {
    let depth = std::env::args()
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(4);
    for v in [Variant::Basic, Variant::Standard, Variant::Tournament] {
        let start = Gipf::start(&Rules::new(v));
        let t = std::time::Instant::now();
        let n = perft::<Gipf>(&start, depth);
        let el = t.elapsed();
        println!(
            "{v} perft({depth}) = {n}: {:.1} M nodes/s",
            n as f64 / el.as_secs_f64() / 1e6
        );
    }
}
