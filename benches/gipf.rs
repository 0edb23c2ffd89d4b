//! GIPF benchmarks: parsing per half-move, replay with legality per half-move, perft.
//!
//! `cargo bench --bench gipf -- --warm-up-time 1 --measurement-time 3`

use criterion::{Criterion, Throughput, black_box, criterion_group, criterion_main};
use gamenote::Play;
use gamenote::gipf::{Gipf, Notation, Rules, Variant};
use gamenote::{Mode, Record, perft::perft, record};

const GAMES: &str = include_str!("../tests/data/gipf/bench.gipf");

fn records() -> Vec<Record<Gipf>> {
    Record::<Gipf>::parse_all(GAMES)
        .into_iter()
        .map(|r| r.unwrap())
        .collect()
}

fn bench(c: &mut Criterion) {
    let recs = records();
    let plies: usize = recs.iter().map(|r| r.plies.len()).sum();
    let notes: Vec<String> = recs
        .iter()
        .flat_map(|r| r.plies.iter().map(|p| p.notation.to_string()))
        .collect();

    let mut g = c.benchmark_group("gipf");
    g.throughput(Throughput::Elements(notes.len() as u64));
    g.bench_function("parse half-moves", |b| {
        b.iter(|| {
            for n in &notes {
                black_box(black_box(n).parse::<Notation>().ok());
            }
        })
    });
    g.throughput(Throughput::Elements(plies as u64));
    g.bench_function("parse records", |b| {
        b.iter(|| black_box(Record::<Gipf>::parse_all(black_box(GAMES)).len()))
    });
    g.bench_function("replay with legality", |b| {
        b.iter(|| {
            for r in &recs {
                black_box(record::replay(r, Mode::Strict).moves.len());
            }
        })
    });
    let start = Gipf::start(&Rules::new(Variant::Standard));
    let nodes = perft::<Gipf>(&start, 4);
    g.throughput(Throughput::Elements(nodes));
    g.sample_size(10);
    g.bench_function("perft 4 standard", |b| {
        b.iter(|| black_box(perft::<Gipf>(black_box(&start), 4)))
    });
    let t = Gipf::start(&Rules::new(Variant::Tournament));
    let nodes = perft::<Gipf>(&t, 4);
    g.throughput(Throughput::Elements(nodes));
    g.bench_function("perft 4 tournament", |b| {
        b.iter(|| black_box(perft::<Gipf>(black_box(&t), 4)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
