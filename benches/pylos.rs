//! Pylos benchmarks: perft leaves per second, parsing and replay per move.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gamenote::Play;
use gamenote::perft::perft;
use gamenote::pylos::{Notation, Pylos, Rules};
use gamenote::record::replay;
use gamenote::{Mode, Record};
use std::hint::black_box;

const SEED: &str = include_str!("../examples/records/pylos-seed.pylos");

fn benches(c: &mut Criterion) {
    let start = Pylos::start(&Rules::default());
    // Depth 5 from the start: 524,376 leaves.
    let mut g = c.benchmark_group("pylos_perft");
    g.throughput(Throughput::Elements(perft::<Pylos>(&start, 5)));
    g.bench_function("start_depth5", |b| {
        b.iter(|| perft::<Pylos>(black_box(&start), 5))
    });
    // A mid-game position with raises and take-backs about.
    let mid: Record<Pylos> =
        "1b2 1c3 1c4 1c2 1d2 1b3 1d22b2 1d2 1d3 1c1 2c2 1d1(1c1,1d1) 1c1 1a4 *"
            .parse()
            .expect("record");
    let mid = replay(&mid, Mode::Strict).end;
    g.throughput(Throughput::Elements(perft::<Pylos>(&mid, 4)));
    g.bench_function("midgame_depth4", |b| {
        b.iter(|| perft::<Pylos>(black_box(&mid), 4))
    });
    g.finish();

    let tokens: Vec<&str> = SEED.split_whitespace().filter(|t| *t != "01").collect();
    let mut g = c.benchmark_group("pylos_parse");
    g.throughput(Throughput::Elements(tokens.len() as u64));
    g.bench_function("notation_per_move", |b| {
        b.iter(|| {
            for t in &tokens {
                black_box(t.parse::<Notation>().ok());
            }
        })
    });
    g.bench_function("record_seed", |b| {
        b.iter(|| black_box(Record::<Pylos>::parse(black_box(SEED)).ok()))
    });
    g.finish();

    let rec: Record<Pylos> = SEED.parse().expect("seed");
    let mut g = c.benchmark_group("pylos_replay");
    g.throughput(Throughput::Elements(rec.plies.len() as u64));
    g.bench_function("seed_with_legality", |b| {
        b.iter(|| black_box(replay(black_box(&rec), Mode::Strict).moves.len()))
    });
    g.finish();
}

criterion_group!(pylos, benches);
criterion_main!(pylos);
