//! One hostile text through every door of the library: a record read whole
//! (`stream::Reader::records` and `Record::replay`), the any-game reader (`AnyReader` as an
//! iterator with `AnyRecord::replay`, and `AnyReader::check_next`), `check::check_piece`
//! piece by piece with the caller's count, and `check::check_source`. Each door must say
//! the same record number, junk flag, line, column, ply and kind (`ErrorKind`) of every
//! failure. The command line's twin is cli/tests/doors_agree.rs.

use gamenote::any::AnyReader;
use gamenote::check::{check_piece, check_source};
use gamenote::pylos::Pylos;
use gamenote::stream::{Reader, RecordReader};
use gamenote::{ErrorKind, GameId, Mode};

/// (record, junk, line, column, ply, kind) of a failure.
type Seen = (usize, bool, usize, usize, Option<usize>, ErrorKind);

/// A legal Pylos record with `plies` moves, then the result `*`.
const GOOD: &str = "[Game \"Pylos\"]\n\n1b2 1c3 1c4 *\n";

/// The hostile texts and what every door must say of each.
pub fn cases() -> Vec<(&'static str, String, Vec<Seen>)> {
    use ErrorKind::*;
    let four = format!("{GOOD}\n{GOOD}\n{GOOD}\n[Game \"Pylos\"]\n\n1b2 1c3 1b2 *\n");
    vec![
        (
            "a set-up error in the second record, both with the tag",
            "[Game \"Pylos\"]\n[Rules \"standard\"]\n1b2 *\n\n[Game \"Pylos\"]\n\n[Rules \"chess\"]\n1b2 *\n"
                .into(),
            vec![(2, false, 7, 9, None, Setup)],
        ),
        (
            "an unknown game",
            "[Game \"Chess\"]\n\n1. e4 e5 *\n".into(),
            vec![(1, false, 1, 8, None, Parse)],
        ),
        (
            "a Pylos draw",
            "[Game \"Pylos\"]\n\n1b2 1c3 1/2-1/2\n".into(),
            vec![(1, false, 3, 9, Some(3), Parse)],
        ),
        (
            "GIPF's variant on a Pylos record",
            "[Game \"Pylos\"]\n[Variant \"standard\"]\n\n1b2 1c3 *\n".into(),
            vec![(1, false, 2, 11, None, Setup)],
        ),
        (
            "junk between records",
            format!("{GOOD}\nstray words\n\n{GOOD}"),
            vec![(1, true, 5, 1, None, Parse)],
        ),
        (
            "an unclosed comment",
            "[Game \"Pylos\"]\n1b2 {never closed *\n".into(),
            vec![(1, false, 2, 5, None, Parse)],
        ),
        (
            "an illegal move at ply 3 of record 4",
            four,
            vec![(4, false, 15, 9, Some(3), Illegal)],
        ),
        (
            "a result the Result tag contradicts",
            "[Game \"Pylos\"]\n[Result \"1-0\"]\n1b2 0-1\n".into(),
            vec![(1, false, 3, 5, None, Mismatch)],
        ),
    ]
}

fn by_check_source(text: &str) -> Vec<Seen> {
    check_source::<Pylos>("f", text, &[], Mode::Strict)
        .into_iter()
        .filter_map(|r| {
            let p = r.error?;
            Some((r.record, p.junk, p.line, p.column, p.ply, p.kind))
        })
        .collect()
}

fn by_check_piece(text: &str) -> Vec<Seen> {
    let mut record = 0;
    let mut out = Vec::new();
    for piece in RecordReader::new(text.as_bytes()) {
        let game = gamenote::check::piece_game(
            gamenote::any::DefaultGame::Detected(GameId::Pylos),
            "f",
            &piece,
        );
        let game = match game {
            Ok(game) => game,
            Err(p) => {
                record += 1;
                out.push((record, p.junk, p.line, p.column, p.ply, p.kind));
                continue;
            }
        };
        for r in check_piece(game, "f", &piece, &[], Mode::Strict) {
            record += usize::from(!r.is_junk());
            if let Some(p) = r.error {
                out.push((record, p.junk, p.line, p.column, p.ply, p.kind));
            }
        }
    }
    out
}

fn by_check_next(text: &str) -> Vec<Seen> {
    let mut reader = AnyReader::new(text.as_bytes(), GameId::Pylos);
    let (mut record, mut out) = (0, Vec::new());
    while let Some(c) = reader.check_next(Mode::Strict) {
        record += usize::from(!c.junk);
        if let Some(e) = c.verdict.error {
            let at = e.location();
            out.push((record, c.junk, at.line, at.column, at.ply, e.kind()));
        }
    }
    out
}

fn by_any_records(text: &str) -> Vec<Seen> {
    let (mut record, mut out) = (0, Vec::new());
    for item in AnyReader::new(text.as_bytes(), GameId::Pylos) {
        match item {
            Ok(rec) => {
                record += 1;
                if let Some(e) = rec.replay(Mode::Strict).error() {
                    let at = e.location();
                    out.push((record, false, at.line, at.column, at.ply, e.kind()));
                }
            }
            Err(e) => {
                record += usize::from(!e.junk);
                let at = e.error.location();
                out.push((record, e.junk, at.line, at.column, at.ply, ErrorKind::Parse));
            }
        }
    }
    out
}

/// A record read whole: the stream's records tell no junk from a failed record, so only
/// the places and kinds are compared.
fn by_records(text: &str) -> Vec<(usize, usize, Option<usize>, ErrorKind)> {
    Reader::new(text.as_bytes())
        .records::<Pylos>()
        .filter_map(|r| {
            let e: gamenote::Error = match r {
                Ok(rec) => rec.replay(Mode::Strict).error?,
                Err(e) => e.into(),
            };
            let at = e.location();
            Some((at.line, at.column, at.ply, e.kind()))
        })
        .collect()
}

#[test]
fn every_library_door_places_and_names_each_failure_alike() {
    for (name, text, want) in cases() {
        if name != "an unknown game" {
            // (A Pylos reader is told the game; the unknown game is the any-game doors'.)
            let places: Vec<_> = want.iter().map(|s| (s.2, s.3, s.4, s.5)).collect();
            assert_eq!(by_records(&text), places, "{name}: Record");
        }
        assert_eq!(by_any_records(&text), want, "{name}: AnyReader + replay");
        assert_eq!(by_check_next(&text), want, "{name}: check_next");
        assert_eq!(by_check_piece(&text), want, "{name}: check_piece");
        if name != "an unknown game" {
            assert_eq!(by_check_source(&text), want, "{name}: check_source");
        }
    }
}

/// The same texts with CR LF or a lone CR ending every line: a lone CR is a line end
/// everywhere, so every door places every failure where it does with LF. A set-up error
/// was placed at the record's start (1:1) under lone CRs: the search for the tag's line
/// cut lines at LF only.
#[test]
fn every_door_places_failures_alike_under_crlf_and_lone_cr_line_ends() {
    for (name, text, want) in cases() {
        for end in ["\r\n", "\r"] {
            let text = text.replace('\n', end);
            let name = format!("{name} ({end:?})");
            if !name.starts_with("an unknown game") {
                let places: Vec<_> = want.iter().map(|s| (s.2, s.3, s.4, s.5)).collect();
                assert_eq!(by_records(&text), places, "{name}: Record");
                assert_eq!(by_check_source(&text), want, "{name}: check_source");
            }
            assert_eq!(by_any_records(&text), want, "{name}: AnyReader + replay");
            assert_eq!(by_check_next(&text), want, "{name}: check_next");
            assert_eq!(by_check_piece(&text), want, "{name}: check_piece");
        }
    }
}
