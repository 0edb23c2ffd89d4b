//! Record reading throughput (MB/s) for each game: syntax only (a visitor that keeps
//! nothing), whole records, and with legality; from one string and from a byte stream.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gamenote::pylos::Pylos;
use gamenote::record::replay;
use gamenote::stream::Reader;
use gamenote::visit::{Summarize, visit};
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
    // Syntax only: the grammar with a visitor that keeps nothing.
    g.bench_function("syntax_only", |b| {
        b.iter(|| {
            let mut plies = 0;
            for s in visit::<G, _>(black_box(text), Summarize::default()).flatten() {
                plies += s.plies;
            }
            plies
        })
    });
    // The same from a byte stream: blocks, record cutting, UTF-8 checks.
    g.bench_function("syntax_only_streaming", |b| {
        b.iter(|| {
            let mut plies = 0;
            let mut reader = Reader::new(black_box(text.as_bytes()));
            let mut check = Summarize::default();
            while let Some(s) = reader.read_record::<G, _>(&mut check) {
                plies += s.map_or(0, |s| s.plies);
            }
            plies
        })
    });
    // Whole `Record`s, from a string and from a stream.
    g.bench_function("records", |b| {
        b.iter(|| {
            let mut plies = 0;
            for r in Record::<G>::iter(black_box(text)).flatten() {
                plies += r.plies.len();
            }
            plies
        })
    });
    g.bench_function("records_streaming", |b| {
        b.iter(|| {
            let mut plies = 0;
            for r in Reader::new(black_box(text.as_bytes()))
                .records::<G>()
                .flatten()
            {
                plies += r.plies.len();
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
