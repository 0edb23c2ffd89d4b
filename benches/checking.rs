//! Checking in one pass, per game: each written move parsed, resolved and played as it is
//! read (the `Checker` visitor over the stream reader), in nanoseconds per ply; beside it,
//! the two-pass path it replaces (parse whole `Record`s, then replay them).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gamenote::generate::legal_game_in_variant;
use gamenote::record::replay;
use gamenote::replay::Checker;
use gamenote::stream::Reader;
use gamenote::{Game, Mode, Record};
use gamenote::{gipf::Gipf, pylon::Pylon, pylos::Pylos, threeman::ThreeMan};
use std::hint::black_box;

/// An archive of generated legal games, and its number of plies.
fn archive<G: Game>(games: u64, plies: usize) -> (String, u64) {
    let mut text = String::new();
    let mut total = 0;
    for seed in 0..games {
        let game = legal_game_in_variant::<G>(seed as usize % G::variants().len(), plies, seed);
        total += game.record.plies.len() as u64;
        text.push_str(&game.record.to_string());
        text.push('\n');
    }
    (text, total)
}

fn checking<G: Game>(c: &mut Criterion, name: &str, plies: usize) {
    let (text, total) = archive::<G>(200, plies);
    let mut g = c.benchmark_group(format!("check_{name}"));
    g.throughput(Throughput::Elements(total));
    g.bench_function("one_pass", |b| {
        b.iter(|| {
            let mut reader = Reader::new(black_box(text.as_bytes()));
            let mut checker = Checker::<G>::new(Mode::Strict);
            let mut ok = 0;
            while let Some(v) = reader.read_record::<G, _>(&mut checker) {
                ok += usize::from(v.is_ok());
            }
            ok
        })
    });
    g.bench_function("parse_then_replay", |b| {
        b.iter(|| {
            let mut ok = 0;
            for rec in Record::<G>::iter(black_box(&text)).flatten() {
                ok += usize::from(replay(&rec, Mode::Strict).is_ok());
            }
            ok
        })
    });
    g.finish();
}

fn benches(c: &mut Criterion) {
    checking::<Pylos>(c, "pylos", 60);
    checking::<Gipf>(c, "gipf", 120);
    checking::<ThreeMan>(c, "threeman", 150);
    checking::<Pylon>(c, "pylon", 120);
}

criterion_group! {
    name = group;
    config = Criterion::default().sample_size(20);
    targets = benches
}
criterion_main!(group);
