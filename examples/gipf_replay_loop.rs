//! Replays the GF1 games many times (a profiling aid): `cargo run --release --example gipf_replay_loop`.
use gamenote::{Mode, Record, gipf::Gipf, record};

fn main() {
    let text = std::fs::read_to_string("tests/data/gipf/bench.gipf").expect("bench data");
    let recs: Vec<Record<Gipf>> = Record::parse_all(&text).into_iter().flatten().collect();
    let plies: usize = recs.iter().map(|r| r.plies.len()).sum();
    let t = std::time::Instant::now();
    let rounds = 300;
    let mut n = 0;
    for _ in 0..rounds {
        for r in &recs {
            n += record::replay(r, Mode::Strict).moves.len();
        }
    }
    let el = t.elapsed();
    println!(
        "{n} plies, {:.1} ns/ply",
        el.as_nanos() as f64 / (rounds * plies) as f64
    );
}
