//! Speed of the three-man chess code in CPU time (Linux: `/proc/thread-self/schedstat`) and
//! wall time, for machines too busy for criterion's wall-clock figures to mean much.
//!
//! `cargo run --release --example threeman_speed`

use gamenote::Play;
use std::hint::black_box;
use std::time::Instant;

use gamenote::perft::perft;
use gamenote::record::replay;
use gamenote::threeman::{Notation, Rules, ThreeMan, position_string};
use gamenote::{Mode, Record};

const GAME: &str = include_str!("records/threeman-random-game.3mc");
const MID_GAME: &str = "Black 3Wq4/Bk7/8/8/BpBpBp1BpBpBpBp/BrBnBb1BqBb1Br Gray 7Gp/Bn7/5Gr2/8/1GpGpGpGpGpGp1/GrGnGbGkGqGbGn1 White 7Wb/8/8/3Gp'4/1WpWp1WpWpWpWp/WrWn1WkWqWbWnWr G KQ/K/- - - WGB 8 13";

/// CPU time of this thread in nanoseconds, when the kernel says.
fn cpu_ns() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}

fn measure(name: &str, unit: &str, items: u64, mut f: impl FnMut()) {
    let (c0, t0) = (cpu_ns(), Instant::now());
    f();
    let wall = t0.elapsed().as_nanos() as f64;
    let cpu = match (c0, cpu_ns()) {
        (Some(a), Some(b)) => format!("{:.1}", (b - a) as f64 / items as f64),
        _ => "?".into(),
    };
    println!(
        "{name:<28} {cpu:>8} ns/{unit} CPU   {:>8.1} ns/{unit} wall   ({items} {unit}s)",
        wall / items as f64
    );
}

fn main() {
    let start = ThreeMan::start(&Rules::default());
    let n = perft::<ThreeMan>(&start, 5);
    measure("perft start depth 5", "node", n, || {
        black_box(perft::<ThreeMan>(black_box(&start), 5));
    });
    let mid = position_string::parse(MID_GAME, Rules::default()).expect("mid-game");
    let n = perft::<ThreeMan>(&mid, 4);
    measure("perft mid-game depth 4", "node", n, || {
        black_box(perft::<ThreeMan>(black_box(&mid), 4));
    });
    let rec: Record<ThreeMan> = GAME.parse().expect("record");
    let tokens: Vec<String> = rec.plies.iter().map(|p| p.notation.to_string()).collect();
    let reps = 20_000;
    measure("parse a move", "move", (reps * tokens.len()) as u64, || {
        for _ in 0..reps {
            for t in &tokens {
                black_box(t.parse::<Notation>().ok());
            }
        }
    });
    let reps = 2_000;
    measure(
        "replay with legality",
        "move",
        (reps * rec.plies.len()) as u64,
        || {
            for _ in 0..reps {
                black_box(replay(black_box(&rec), Mode::Strict).moves.len());
            }
        },
    );
}
