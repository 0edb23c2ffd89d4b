//! Pylon benchmarks: parsing and replaying records (per move) and perft (per node) on boards
//! of size 4 and 6. Run: `cargo bench --bench pylon -- --warm-up-time 1 --measurement-time 3`.

use criterion::{Criterion, Throughput, black_box, criterion_group, criterion_main};
use gamenote::perft::perft;
use gamenote::pylon::{Pylon, Rules};
use gamenote::record::replay;
use gamenote::{GameResult, Mode, Ply, Record};
use gamenote::{Notate, Play};

/// A random legal game played to its end, as record text, and its number of plies.
fn game_text(size: u8, seed: u64) -> (String, u64) {
    let mut rng = gamenote::generate::Rng::new(seed);
    let rules = Rules::with_size(size);
    let mut pos = Pylon::start(&rules);
    let mut rec = Record::<Pylon>::default();
    rec.tags.push(("Game".into(), "Pylon".into()));
    rec.tags.push(("Size".into(), size.to_string()));
    let mut moves = Vec::new();
    loop {
        moves.clear();
        Pylon::legal_moves(&pos, &mut moves);
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        rec.plies
            .push(Ply::new(Pylon::notate(&pos, &m, Default::default())));
        Pylon::play(&mut pos, &m);
    }
    let o = Pylon::outcome(&pos).expect("the game ended");
    rec.result = Some(GameResult::Decided(o));
    rec.comments_after
        .push(format!("W {} B {}", pos.score(0), pos.score(1)));
    let n = rec.plies.len() as u64;
    (rec.to_string(), n)
}

fn bench(c: &mut Criterion) {
    for size in [4u8, 6] {
        let (text, plies) = game_text(size, 0x1234_5678 + u64::from(size));
        let mut g = c.benchmark_group(format!("pylon size {size}"));
        g.throughput(Throughput::Elements(plies));
        g.bench_function(format!("parse ({plies} plies)"), |b| {
            b.iter(|| black_box(&text).parse::<Record<Pylon>>().unwrap())
        });
        let rec: Record<Pylon> = text.parse().unwrap();
        assert!(replay(&rec, Mode::Strict).is_ok());
        g.bench_function(format!("replay ({plies} plies)"), |b| {
            b.iter(|| {
                let r = replay(black_box(&rec), Mode::Strict);
                assert!(r.is_ok());
                r.moves.len()
            })
        });
        let start = Pylon::start(&Rules::with_size(size));
        let depth = 3;
        let nodes = perft::<Pylon>(&start, depth);
        g.throughput(Throughput::Elements(nodes));
        g.bench_function(format!("perft {depth} ({nodes} nodes)"), |b| {
            b.iter(|| perft::<Pylon>(black_box(&start), depth))
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
