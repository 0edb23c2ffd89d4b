#![no_main]
//! The same bytes through every door must say the same: the typed stream reader with the
//! one-pass checker (`stream::Reader::read_item` with `replay::Checker<G>`), the any-game
//! reader given the game (`any::AnyReader::check_next`), `check::check_source` (what the
//! command line's `check` runs on a text), and the file cut into shards
//! (`stream::shard_bounds`, each shard read alone with its lines before it): the same
//! records, verdicts (ok or failed), places (line, column, ply) and kinds, in order.
//!
//! The first byte picks the game and the number of shards; the rest is the file.

use std::io::Cursor;

use gamenote::any::{AnyReader, DefaultGame, GameId};
use gamenote::check::{ProblemKind, check_source};
use gamenote::replay::Checker;
use gamenote::stream::{Item, Limits, Reader, count_lines, shard_bounds};
use gamenote::{Error, Game, Mode, with_game};
use libfuzzer_sys::fuzz_target;

/// One record or junk as a door says it: (junk, ok, line, column, ply, kind).
type Said = (bool, bool, usize, usize, Option<usize>, &'static str);

fn said_error(junk: bool, e: Option<&Error>) -> Said {
    match e {
        None => (junk, true, 0, 0, None, ""),
        Some(e) => {
            let at = e.location();
            (
                junk,
                false,
                at.line,
                at.column,
                at.ply,
                ProblemKind::of(e).as_str(),
            )
        }
    }
}

/// The typed stream reader, every record checked in one pass; lines counted from `lines_before`.
fn typed<G: Game>(bytes: &[u8], lines_before: usize) -> Vec<Said> {
    let mut reader = Reader::new(bytes);
    let mut checker = Checker::<G>::new(Mode::Strict);
    let mut out = Vec::new();
    while let Some(item) = reader.read_item::<G, _>(&mut checker) {
        let mut s = match item {
            Item::Record(v) => said_error(false, v.error.as_ref()),
            Item::Junk(e) => (true, false, e.line, e.column, None, "parse"),
        };
        if s.2 > 0 {
            s.2 += lines_before;
        }
        out.push(s);
    }
    out
}

/// The any-game reader, the game given.
fn any(bytes: &[u8], id: GameId) -> Vec<Said> {
    let mut reader = AnyReader::with_default(bytes, DefaultGame::Given(id), Limits::default());
    let mut out = Vec::new();
    while let Some(c) = reader.check_next(Mode::Strict) {
        out.push(said_error(c.junk, c.verdict.error.as_ref()));
    }
    out
}

/// `check_source`, as the command line checks a text.
fn checked<G: Game>(text: &str) -> Vec<Said> {
    check_source::<G>("f", text, &[], Mode::Strict)
        .iter()
        .map(|r| match &r.error {
            None => (r.is_junk(), true, 0, 0, None, ""),
            Some(p) => (p.junk, false, p.line, p.column, p.ply, p.kind.as_str()),
        })
        .collect()
}

/// The file cut into `count` shards, each read alone.
fn sharded<G: Game>(bytes: &[u8], count: usize) -> Vec<Said> {
    let bounds = shard_bounds(&mut Cursor::new(bytes), count).expect("a slice reads");
    let mut out = Vec::new();
    for r in bounds {
        let (start, end) = (r.start as usize, r.end as usize);
        // Every line end counts (LF, CR LF, a lone CR), as the readers count them.
        let lines_before = count_lines(&bytes[..start]).expect("a slice reads");
        out.extend(typed::<G>(&bytes[start..end], lines_before));
    }
    out
}

/// The disagreement known and not yet mended: for a record that fails, the any-game reader
/// given the game reports a first `[Game]` tag naming another game (at the tag's value),
/// while the typed reader and `check_source` report the first error past the tags (a bad
/// byte, a move). Held by the ignored test
/// `said_once::a_first_game_tag_against_the_given_game_comes_before_a_bad_byte`. Until it
/// is mended, such a record passes here only when both readers fail it, both call it a
/// record (or both junk), and the any-game reader's place comes first in the text; every
/// other difference fails the target. `check_source` and the shards are held to the typed
/// reader in full.
fn failed_alike(any: &[Said], typed: &[Said]) -> bool {
    any.len() == typed.len()
        && any
            .iter()
            .zip(typed)
            .all(|(a, t)| a == t || (!a.1 && !t.1 && a.0 == t.0 && (a.2, a.3) < (t.2, t.3)))
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, bytes)) = data.split_first() else {
        return;
    };
    let id = GameId::ALL[usize::from(first & 3)];
    let count = usize::from(first >> 2 & 7) + 2;
    with_game!(id, G => {
        let typed = typed::<G>(bytes, 0);
        let any = any(bytes, id);
        if !failed_alike(&any, &typed) {
            assert_eq!(any, typed, "any-game reader against the typed reader");
        }
        if let Ok(text) = std::str::from_utf8(bytes) {
            assert_eq!(checked::<G>(text), typed, "check_source against the typed reader");
        }
        assert_eq!(sharded::<G>(bytes, count), typed, "{count} shards against the whole");
    });
});
