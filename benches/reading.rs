//! Record reading throughput (MB/s), syntax only and with legality, for each game: the
//! whole-string reader, and the streaming reader that cuts a byte stream into records.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gamenote::pylos::Pylos;
use gamenote::record::replay;
use gamenote::stream::RecordReader;
use gamenote::{Game, Mode, Record};
use std::hint::black_box;

/// An archive of `n` copies of a record, each with a few tags.
fn archive(record_movetext: &str, game: &str, n: usize) -> String {
    let mut s = String::new();
    for i in 0..n {
        s.push_str(&format!(
            "[Game \"{game}\"]\n[Event \"Bench\"]\n[Round \"{i}\"]\n\n{record_movetext}\n\n"
        ));
    }
    s
}

fn reading<G: Game>(c: &mut Criterion, name: &str, text: &str) {
    let mut g = c.benchmark_group(format!("read_{name}"));
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.bench_function("syntax_only", |b| {
        b.iter(|| {
            let mut plies = 0;
            for r in Record::<G>::iter(black_box(text)).flatten() {
                plies += r.plies.len();
            }
            plies
        })
    });
    g.bench_function("streaming_syntax_only", |b| {
        b.iter(|| {
            let mut plies = 0;
            for raw in RecordReader::new(black_box(text.as_bytes())).flatten() {
                for r in Record::<G>::parse_all(&raw.text).into_iter().flatten() {
                    plies += r.plies.len();
                }
            }
            plies
        })
    });
    g.bench_function("with_legality", |b| {
        b.iter(|| {
            let mut plies = 0;
            for r in Record::<G>::iter(black_box(text)).flatten() {
                plies += replay(&r, Mode::Strict).moves.len();
            }
            plies
        })
    });
    g.finish();
}

fn benches(c: &mut Criterion) {
    let seed = include_str!("../examples/records/pylos-seed.pylos");
    let rec: Record<Pylos> = seed.parse().expect("seed");
    let canonical = gamenote::record::convert(&rec, Default::default(), Mode::Strict)
        .expect("convert")
        .to_string();
    let movetext = canonical
        .split("\n\n")
        .nth(1)
        .unwrap_or("")
        .trim()
        .to_string();
    let pylos = archive(&movetext, "Pylos", 2000);
    if let Some(path) = std::env::var_os("DUMP_ARCHIVE") {
        let _ = std::fs::write(path, &pylos);
    }
    reading::<Pylos>(c, "pylos", &pylos);
    // GIPF: the 75 GF1 games (complete notes with reserve counts), 10 times over.
    let gipf = include_str!("../tests/data/gipf/bench.gipf").repeat(10);
    reading::<gamenote::gipf::Gipf>(c, "gipf", &gipf);
    // Three-man chess: a 176-move random legal game, 300 times over.
    let threeman = include_str!("../examples/records/threeman-random-game.3mc");
    let threeman = format!("{}\n\n", threeman.trim()).repeat(300);
    reading::<gamenote::threeman::ThreeMan>(c, "threeman", &threeman);
    // Pylon: the spec's record, 5000 times over.
    let pylon = include_str!("../examples/records/pylon-spec.pylon");
    let pylon = format!("{}\n\n", pylon.trim()).repeat(5000);
    reading::<gamenote::pylon::Pylon>(c, "pylon", &pylon);
}

criterion_group!(read, benches);
criterion_main!(read);
