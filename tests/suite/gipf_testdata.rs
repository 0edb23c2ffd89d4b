//! Every GF1 game of tests/data/gipf replays legally to its recorded result and final
//! board, and converts to short notes and back to the same text.

use gamenote::Play;
use std::path::PathBuf;

use gamenote::gipf::{Gipf, Style, position_string};
use gamenote::sheet::{Layout, write_movetext};
use gamenote::{GameResult, Mode, Outcome, Record, record};

/// The test data ships in the repository: a missing file fails the test.
fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/gipf")
}

fn games(file: &str) -> Vec<(String, Record<Gipf>)> {
    let path = data_dir().join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (the test data is part of the repository)",
            path.display()
        )
    });
    let mut out = Vec::new();
    for block in text.split("\n\n").filter(|b| !b.trim().is_empty()) {
        let rec: Record<Gipf> = block.parse().unwrap_or_else(|e| panic!("{file}: {e}"));
        out.push((block.to_string(), rec));
    }
    out
}

fn check_file(file: &str) {
    let games = games(file);
    assert_eq!(games.len(), 25, "{file}");
    for (text, rec) in &games {
        let title = rec.tag("Game").unwrap().to_string();
        let r = record::replay(rec, Mode::Strict);
        assert!(r.is_ok(), "{title}: {:?}", r.error);
        // Result and loser.
        let loser = rec.tag("X").unwrap();
        let winner = if loser == "black" { 0 } else { 1 };
        assert_eq!(r.outcome, Some(Outcome::Win(winner)), "{title}");
        assert_eq!(
            rec.result,
            Some(GameResult::Decided(Outcome::Win(winner))),
            "{title}"
        );
        // Final board and counters.
        let fin = rec.tag("Final").unwrap();
        assert_eq!(position_string(&r.end), fin, "{title}");
        // Short notes and back.
        let short = record::convert(rec, Style::Short, Mode::Strict)
            .unwrap_or_else(|e| panic!("{title}: to short: {e}"));
        let back = record::convert(&short, Style::Complete, Mode::Strict)
            .unwrap_or_else(|e| panic!("{title}: back to complete: {e}"));
        let original = text.lines().nth(2).unwrap().trim();
        let endings = original.contains('{');
        assert_eq!(
            write_movetext(&back, Layout::Reserve, endings),
            original,
            "{title}"
        );
        // The short record as text reads back to the same notes.
        let printed = short.to_string();
        let again: Record<Gipf> = printed.parse().unwrap();
        assert_eq!(again.plies, short.plies, "{title}");
        assert!(Gipf::outcome(&r.end).is_some());
    }
}

#[test]
fn basic_games() {
    check_file("basic_25.gipf.txt");
}

#[test]
fn standard_games() {
    check_file("standard_25.gipf.txt");
}

#[test]
fn tournament_games() {
    check_file("tournament_25.gipf.txt");
}

/// The copies carried in the repository replay the same way, read with `Record::parse_all`.
#[test]
fn repository_copies() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut n = 0;
    for dir in ["tests/data/gipf", "examples/records"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().and_then(|e| e.to_str()) != Some("gipf") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for rec in Record::<Gipf>::parse_all(&text) {
                let rec = rec.unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                let r = record::replay(&rec, Mode::Strict);
                assert!(r.is_ok(), "{}: {:?}", path.display(), r.error);
                if let Some(fin) = rec.tag("Final") {
                    assert_eq!(position_string(&r.end), fin, "{}", path.display());
                    n += 1;
                }
            }
        }
    }
    assert!(n >= 8, "{n}");
}

/// The spec's own form of the endings: `24.h5 (1) c1-e3 (1) 25.xc3,d3,e3,f2,Gb3*; X 1-0`
/// reads the same as the test data's `{w: x…}` comment.
#[test]
fn removal_only_endings_in_both_forms() {
    let mut n = 0;
    for (text, rec) in games("tournament_25.gipf.txt") {
        if !text.contains('{') {
            continue;
        }
        let last = rec.plies.last().unwrap();
        assert!(last.notation.push.is_none());
        let plies = rec.plies.len();
        let group = last.notation.pre[0].to_string();
        let number = if plies % 2 == 1 {
            format!("{}.", plies / 2 + 1)
        } else {
            String::new()
        };
        let start = text.find('{').unwrap();
        let end = text.find('}').unwrap();
        let rewritten = format!("{}{number}{group};{}", &text[..start], &text[end + 1..]);
        let again: Record<Gipf> = rewritten.parse().unwrap();
        assert_eq!(again.plies.len(), plies);
        let a = record::replay(&rec, Mode::Strict);
        let b = record::replay(&again, Mode::Strict);
        assert!(b.is_ok(), "{:?}\n{rewritten}", b.error);
        assert_eq!(a.end, b.end);
        assert_eq!(b.outcome, a.outcome);
        n += 1;
    }
    assert_eq!(n, 4);
}

/// Several `{w: x…}` comments in a row make one removal-only half-move; a comment naming the
/// other player, or not a removal, stays a comment.
#[test]
fn comment_endings_merge() {
    let text =
        "[Rules \"standard\"] 1.c2 (11) a1-c3 (11) {w: xb2,c3} {w: xGe2} {b: xd4} {a note} *";
    let rec: Record<Gipf> = text.parse().unwrap();
    assert_eq!(rec.plies.len(), 3);
    let ending = &rec.plies[2].notation;
    assert!(ending.push.is_none());
    assert_eq!(ending.to_string(), "xb2,c3;xGe2;");
    // The comments that were not read as a move stay with the ply.
    assert_eq!(rec.plies[2].comments, ["b: xd4", "a note"]);
    // Black to move after 1.c2: a `{b: …}` comment is Black's.
    let rec: Record<Gipf> = "[Rules \"standard\"] 1.c2 (11) {b: xd4} *".parse().unwrap();
    assert_eq!(rec.plies.len(), 2);
    assert!(rec.plies[0].comments.is_empty());
}
