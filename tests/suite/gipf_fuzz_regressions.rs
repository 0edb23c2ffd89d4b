//! Positions found by fuzzing (`fuzz/fuzz_targets/gipf_*.rs`), each with the property the
//! fuzz target checks: every legal move, written by `notate`, resolves back to that move.

use gamenote::{Notate, Play};
use std::collections::HashMap;

use gamenote::gipf::{BLACK, Gipf, Notation, Point, Position, Rules, Style, Variant, WHITE};

/// Replays complete notes from the start of `rules`, checking each resolves.
fn replay(rules: &str, notes: &str) -> Position {
    let rules: Rules = rules.parse().unwrap();
    let mut pos = Gipf::start(&rules);
    for note in notes.split("  ") {
        let n: Notation = note.parse().unwrap_or_else(|e| panic!("{note}: {e}"));
        let m = Gipf::resolve(&pos, &n).unwrap_or_else(|e| panic!("{note}: {e}"));
        Gipf::play(&mut pos, &m);
    }
    pos
}

/// Every legal move of `pos` is written once per style and resolves back to itself; no two
/// legal moves share a complete note. Returns the complete notes.
fn round_trips(pos: &Position) -> Vec<String> {
    let mut moves = Vec::new();
    Gipf::legal_moves(pos, &mut moves);
    assert!(!moves.is_empty());
    let mut seen = HashMap::new();
    for m in &moves {
        for style in [Style::Complete, Style::Text, Style::Short] {
            let n = Gipf::notate(pos, m, style);
            match Gipf::resolve(pos, &n) {
                Ok(back) => assert_eq!(&back, m, "{n} ({style}) resolves to another move"),
                Err(e) => panic!("{n} ({style}), a legal move, does not resolve: {e}"),
            }
            let again: Notation = n.to_string().parse().unwrap();
            assert_eq!(again, n, "{n} ({style}) does not parse back");
        }
        let text = Gipf::notate(pos, m, Style::Complete).move_text();
        if let Some(other) = seen.insert(text.clone(), *m) {
            panic!("{text} is written for two legal moves: {other:?} and {m:?}");
        }
    }
    seen.into_keys().collect()
}

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

/// `gipf_resolve` crash (`gipf_resolve_ambiguous`): White has an R8 row of GIPF-pieces on
/// c7-i3 (e7 f6 g5 h4) and `i2-g4` makes a due row h2 h3 h4 h5 on the h-line through h4.
/// Taking only Gh4 from the R8 row breaks the h-line row (a legal move), but its complete
/// note `i2-g4;xGh4` also reads as the short note of the h-line row (`xh2,h3,Gh4`), so it
/// must name its line.
#[test]
fn gipf_piece_taken_from_a_row_of_gipf_pieces_names_its_line() {
    let pos = replay(
        "tournament,last-gipf=to-move-wins",
        "Gd7 (16)  Gc2 (16)  Gf7 (14)  h2 (15)  Gb2 (12)  c7-e7 (14)  Gh5 (10)  g2 (13)  \
         Gh3 (8)  i2-f2 (12)  Gg6 (6)  f8-f6 (11)  g1-g3 (5)  i1-f4 (10)  b3 (4)  c6 (9)  \
         g1-e3 (3)  b1-d3 (8)  g7-g5 (2)  b4 (7)  h1-h4;xd7* (1)  a1-c3 (6)",
    );
    assert_eq!(pos.to_move(), WHITE);
    for (s, gipf) in [
        ("e7", true),
        ("f6", true),
        ("g5", true),
        ("h4", true),
        ("h5", true),
    ] {
        assert_eq!(pos.piece(p(s)), Some((WHITE, gipf)), "{s}");
    }
    let notes = round_trips(&pos);
    for want in [
        "i2-g4;x(c7-i3)Gh4",
        "i2-g4;xh2,h3,Gh4",
        "i2-g4;xh2,h3,Gh4,Gh5",
        "i2-g4;xh2,h3",
    ] {
        assert!(notes.iter().any(|n| n == want), "{want} missing");
    }
    // The note without its line fits both moves.
    let bare: Notation = "i2-g4;xGh4".parse().unwrap();
    let e = Gipf::resolve(&pos, &bare).unwrap_err();
    assert_eq!(
        e.reason,
        "the note fits 2 moves: i2-g4;xGh4 | i2-g4;xh2,h3,Gh4"
    );
    // Short notes name the line too.
    let m = Gipf::resolve(&pos, &"i2-g4;x(c7-i3)Gh4".parse().unwrap()).unwrap();
    assert_eq!(
        Gipf::notate(&pos, &m, Style::Short).to_string(),
        "i2-g4;x(c7-i3)Gh4"
    );
    assert_eq!(
        Gipf::notate(&pos, &m, Style::Complete).to_string(),
        "i2-g4;x(c7-i3)Gh4 (2)"
    );
}

/// A basic piece on the shared spot of two rows whose other pieces are GIPF-pieces: taking
/// it alone, from either row, is one move (`xe5`), not two moves with the same note.
#[test]
fn a_basic_piece_shared_by_two_rows_of_gipf_pieces_is_one_group() {
    let mut pos = Position::empty(Rules::new(Variant::Tournament), [10, 10]);
    for s in ["e6", "e7", "e8", "f5", "g5", "h5"] {
        pos.set(p(s), Some((WHITE, true)));
    }
    pos.set(p("e5"), Some((WHITE, false)));
    pos.set(p("b2"), Some((BLACK, true)));
    pos.set_to_move(WHITE);
    let notes = round_trips(&pos);
    assert!(notes.iter().any(|n| n == "xe5;b3"));
    assert!(notes.iter().any(|n| n == "xe5,Ge6,Ge7,Ge8;b3"));
    assert!(notes.iter().any(|n| n == "xe5,Gf5,Gg5,Gh5;b3"));
    let m = Gipf::resolve(&pos, &"xe5;b3".parse().unwrap()).unwrap();
    let mut after = pos.clone();
    Gipf::play(&mut after, &m);
    assert_eq!(after.piece(p("e5")), None);
    assert_eq!(after.piece(p("e6")), Some((WHITE, true)));
    assert_eq!(after.piece(p("f5")), Some((WHITE, true)));
}
