//! Three-man chess benchmarks: perft leaves per second, parsing and replay per move.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gamenote::Play;
use gamenote::game::Hooks;
use gamenote::perft::perft;
use gamenote::record::replay;
use gamenote::threeman::{Notation, Rules, ThreeMan, position_string};
use gamenote::{Mode, Record};
use std::hint::black_box;

const GAME: &str = include_str!("../examples/records/threeman-random-game.3mc");
const MID_GAME: &str = "Black 3Wq4/Bk7/8/8/BpBpBp1BpBpBpBp/BrBnBb1BqBb1Br Gray 7Gp/Bn7/5Gr2/8/1GpGpGpGpGpGp1/GrGnGbGkGqGbGn1 White 7Wb/8/8/3Gp'4/1WpWp1WpWpWpWp/WrWn1WkWqWbWnWr G KQ/K/- - - WGB 8 13";

fn benches(c: &mut Criterion) {
    let start = ThreeMan::start(&Rules::default());
    let mut g = c.benchmark_group("threeman_perft");
    g.sample_size(10);
    g.throughput(Throughput::Elements(perft::<ThreeMan>(&start, 4)));
    g.bench_function("start_depth4", |b| {
        b.iter(|| perft::<ThreeMan>(black_box(&start), 4))
    });
    let mid = position_string::parse(MID_GAME, Rules::default()).expect("mid-game");
    g.throughput(Throughput::Elements(perft::<ThreeMan>(&mid, 3)));
    g.bench_function("midgame_depth3", |b| {
        b.iter(|| perft::<ThreeMan>(black_box(&mid), 3))
    });
    g.finish();

    let rec: Record<ThreeMan> = GAME.parse().expect("record");
    let tokens: Vec<String> = rec.plies.iter().map(|p| p.notation.to_string()).collect();
    let mut g = c.benchmark_group("threeman_parse");
    g.throughput(Throughput::Elements(tokens.len() as u64));
    g.bench_function("notation_per_move", |b| {
        b.iter(|| {
            for t in &tokens {
                black_box(t.parse::<Notation>().ok());
            }
        })
    });
    g.bench_function("record", |b| {
        b.iter(|| black_box(Record::<ThreeMan>::parse(black_box(GAME)).ok()))
    });
    g.finish();

    let mut g = c.benchmark_group("threeman_replay");
    g.throughput(Throughput::Elements(rec.plies.len() as u64));
    g.bench_function("game_with_legality", |b| {
        b.iter(|| black_box(replay(black_box(&rec), Mode::Strict).moves.len()))
    });
    // the per-move path of `gamenote check`: each written move resolved and played, the next
    // seat left unjudged, so no king scan is kept for the resolve that follows
    let notations: Vec<Notation> = rec.plies.iter().map(|p| p.notation).collect();
    g.bench_function("resolve_play_unsettled", |b| {
        b.iter(|| {
            let mut pos = start.clone();
            for n in &notations {
                black_box(ThreeMan::resolve_play_unsettled(&mut pos, n).ok());
            }
            ThreeMan::settle(&mut pos);
            black_box(pos.is_over())
        })
    });
    g.finish();
}

criterion_group!(threeman, benches);
criterion_main!(threeman);
