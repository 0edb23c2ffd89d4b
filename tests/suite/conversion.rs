//! The conversion matrix: every record shipped in the repository, 200 generated games per
//! rule set and hand-written records full of remarks, converted to every style of their game.
//! Each output reads back, checks legal, and gives the same moves, tags, comments and
//! annotations as the record it came from.

use std::path::Path;

use gamenote::generate::legal_game;
use gamenote::prelude::*;
use gamenote::{GameId, record, with_game};

/// Tags the conversion rewrites on purpose: the game's name, its rules in canonical form,
/// the style and the result.
const REWRITTEN: [&str; 4] = ["Game", "Rules", "Style", "Result"];

/// Converts `rec` to every style of its game and checks what came out; `what` names it.
fn every_style<G: Game>(what: &str, rec: &Record<G>) {
    let original = record::replay(rec, Mode::Strict);
    assert!(original.is_ok(), "{what}: {:?}", original.error);
    let id: GameId = G::NAME.parse().expect("every game has an id");
    for &name in id.styles() {
        let style: G::Style = name.parse().expect("the styles listed parse");
        let converted = record::convert(rec, style, Mode::Strict)
            .unwrap_or_else(|e| panic!("{what} to {name}: {e}"));
        let text = converted.to_string();
        // The streaming converter writes the same bytes, move by move.
        let mut streamed = Vec::new();
        let mut converter = gamenote::convert::Converter::<G>::new(style, Mode::Strict);
        let verdicts = converter
            .convert_str(&rec.to_string(), &mut streamed)
            .expect("a Vec takes every write");
        assert_eq!(verdicts.len(), 1, "{what} to {name}");
        assert!(
            verdicts[0].is_ok(),
            "{what} to {name}: {:?}",
            verdicts[0].error
        );
        assert_eq!(
            String::from_utf8(streamed).expect("UTF-8"),
            text,
            "{what} to {name}: streamed"
        );
        let again: Record<G> = text
            .parse()
            .unwrap_or_else(|e| panic!("{what} to {name} does not read back: {e}\n{text}"));
        let replayed = record::replay(&again, Mode::Strict);
        assert!(
            replayed.is_ok(),
            "{what} to {name}: {:?}\n{text}",
            replayed.error
        );
        assert_eq!(replayed.moves, original.moves, "{what} to {name}: moves");
        assert_eq!(replayed.end, original.end, "{what} to {name}: end");
        assert_eq!(again.plies.len(), rec.plies.len(), "{what} to {name}");
        for (i, (a, b)) in again.plies.iter().zip(&rec.plies).enumerate() {
            assert_eq!(a.comments, b.comments, "{what} to {name}: ply {}", i + 1);
            assert_eq!(
                a.annotations,
                b.annotations,
                "{what} to {name}: ply {}",
                i + 1
            );
        }
        assert_eq!(
            again.comments_before, rec.comments_before,
            "{what} to {name}"
        );
        assert_eq!(again.comments_after, rec.comments_after, "{what} to {name}");
        for (tag, value) in &rec.tags {
            if REWRITTEN.iter().any(|k| k.eq_ignore_ascii_case(tag)) {
                continue;
            }
            assert_eq!(
                again.tag(tag),
                Some(value.as_str()),
                "{what} to {name}: tag {tag}"
            );
        }
        // Back to the game's default style: the same record as converting there directly,
        // remarks (Pylos's `!` and `?`) included.
        let back = record::convert(&again, G::Style::default(), Mode::Strict)
            .unwrap_or_else(|e| panic!("{what} from {name} back: {e}"));
        let direct = record::convert(rec, G::Style::default(), Mode::Strict)
            .unwrap_or_else(|e| panic!("{what} to the default style: {e}"));
        assert_eq!(back.to_string(), direct.to_string(), "{what} via {name}");
    }
}

fn shipped(dir: &str) -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(root.join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.expect("a readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e != "md"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_shipped_record_in_every_style() {
    let mut records = 0;
    for path in shipped("examples/records")
        .into_iter()
        .chain(shipped("tests/data/gipf"))
    {
        let text = std::fs::read_to_string(&path).expect("shipped records are UTF-8");
        let name = path.display().to_string();
        let id = GameId::detect(&name.replace(".gipf.txt", ".gipf"), &text)
            .unwrap_or_else(|| panic!("{name}: no game"));
        with_game!(id, G => {
            for (i, rec) in Record::<G>::parse_all(&text).into_iter().enumerate() {
                let rec = rec.unwrap_or_else(|e| panic!("{name}: {e}"));
                every_style::<G>(&format!("{name} record {}", i + 1), &rec);
                records += 1;
            }
        });
    }
    // 10 example records (one file holds several) and 75 + 75 + 8 GIPF games.
    assert!(records >= 170, "{records}");
}

#[test]
fn generated_games_in_every_style() {
    for id in GameId::ALL {
        with_game!(id, G => {
            for rules in G::variants() {
                for seed in 0..200 {
                    let game = legal_game::<G>(&rules, 40, seed);
                    every_style::<G>(&format!("{id} {rules} seed {seed}"), &game.record);
                }
            }
        });
    }
}

#[test]
fn remarks_comments_and_marks_survive() {
    let pylos = "[Game \"Pylos\"]\n[Event \"remarks\"]\n{before} 1. 1b2! {good} 1c3?? 2. 1c4!? \
                 1c2?! {why} 3. 1d2!! *";
    let rec: Record<gamenote::pylos::Pylos> = pylos.parse().expect("a Pylos record");
    every_style("pylos remarks", &rec);
    let canonical = record::convert(&rec, Default::default(), Mode::Strict).expect("converts");
    let text = canonical.to_string();
    assert!(
        text.contains("1. 1b2! {good} 1c3?? 2. 1c4!? 1c2?! {why} 3. 1d2!! *"),
        "{text}"
    );
    let threeman = "[Game \"Three-man chess\"]\n1. WHNa3 {knight out} GRNa3 BLNa3 *";
    let rec: Record<gamenote::threeman::ThreeMan> = threeman.parse().expect("a record");
    every_style("three-man comments", &rec);
}
