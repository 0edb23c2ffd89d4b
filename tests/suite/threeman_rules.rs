//! One test per rule that can make a move illegal, each asserting the reason given.

use gamenote::{Notate, Play, RecordFormat};
use std::collections::HashMap;

use gamenote::record::replay;
use gamenote::threeman::{Colour, Notation, Position, Rules, Style, ThreeMan, position_string};
use gamenote::{GameResult, Mode, MoveErrorKind, Outcome, Record};

/// A position string from pieces such as `("WHd1", "Wk")` and the seven fields.
fn position(pieces: &[(&str, &str)], fields: &str) -> String {
    let map: HashMap<&str, &str> = pieces.iter().copied().collect();
    let mut out = Vec::new();
    for (zone, name) in [("BL", "Black"), ("GR", "Gray"), ("WH", "White")] {
        let mut rows = Vec::new();
        for rank in (1..=6).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in "abcdefgh".chars() {
                match map.get(format!("{zone}{file}{rank}").as_str()) {
                    Some(p) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push_str(p);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        out.push(format!("{name} {}", rows.join("/")));
    }
    let board = out.join(" ");
    if fields.is_empty() {
        board
    } else {
        format!("{board} {fields}")
    }
}

fn pos(pieces: &[(&str, &str)], fields: &str) -> Position {
    let s = position(pieces, fields);
    position_string::parse(&s, Rules::default()).unwrap_or_else(|e| panic!("{e}: {s}"))
}

fn pos_with(pieces: &[(&str, &str)], fields: &str, rules: &str) -> Position {
    let s = position(pieces, fields);
    position_string::parse(&s, rules.parse().unwrap()).unwrap_or_else(|e| panic!("{e}: {s}"))
}

fn illegal(p: &Position, written: &str) -> String {
    let n: Notation = written.parse().unwrap();
    let e = ThreeMan::resolve(p, &n).expect_err(written);
    assert_eq!(e.kind, MoveErrorKind::Illegal, "{written}: {}", e.reason);
    e.reason
}

fn play(p: &mut Position, written: &str) {
    let n: Notation = written.parse().unwrap();
    let m = ThreeMan::resolve(p, &n).unwrap_or_else(|e| panic!("{written}: {}", e.reason));
    let before = p.clone();
    ThreeMan::play(p, &m);
    ThreeMan::check_annotations(&before, &n, &m, p)
        .unwrap_or_else(|e| panic!("{written}: {}", e.reason));
}

/// Three kings on their home squares keep every rank 1 occupied, so no moat is bridged.
const KINGS: [(&str, &str); 3] = [("WHd1", "Wk"), ("GRd1", "Gk"), ("BLd1", "Bk")];

fn with(extra: &[(&'static str, &'static str)]) -> Vec<(&'static str, &'static str)> {
    let mut v: Vec<_> = KINGS.to_vec();
    v.extend_from_slice(extra);
    v
}

#[test]
fn quiet_moat_crossing_needs_a_bridge() {
    let p = pos(&with(&[("WHa1", "Wr")]), "W -/-/- - - WGB 0 1");
    let why = illegal(&p, "GRRh1");
    assert!(why.contains("would cross the unbridged WG moat"), "{why}");
    // once WG is bridged the rook may cross (a gray piece on GR f1 shields the gray king)
    let mut p = pos(
        &with(&[("WHa1", "Wr"), ("GRf1", "Gn"), ("GRh2", "Gp")]),
        "W -/-/- - WG WGB 0 1",
    );
    play(&mut p, "GRRh1");
}

#[test]
fn crossing_then_attacking_a_king_is_illegal() {
    // rule 3: after crossing WG the rook would attack the gray king along rank 1
    let p = pos(&with(&[("WHa1", "Wr")]), "W -/-/- - WG WGB 0 1");
    let why = illegal(&p, "GRRh1");
    assert!(
        why.contains("would cross a moat and then attack a king"),
        "{why}"
    );
    // under open-moats there is no rule 3
    let p = pos_with(
        &with(&[("WHa1", "Wr")]),
        "W -/-/- - - WGB 0 1",
        "standard,open-moats",
    );
    let n: Notation = "GRRh1+".parse().unwrap();
    assert!(ThreeMan::resolve(&p, &n).is_ok());
}

#[test]
fn no_capture_across_a_moat_even_bridged() {
    let p = pos(
        &with(&[("WHa1", "Wr"), ("GRh1", "Gn")]),
        "W -/-/- - WG WGB 0 1",
    );
    let why = illegal(&p, "GRRxh1");
    assert!(why.contains("would capture across a moat"), "{why}");
    // a knight jump across the moat onto a piece
    let p = pos(
        &with(&[("WHb1", "Wn"), ("GRh2", "Gp")]),
        "W -/-/- - - WGB 0 1",
    );
    let why = illegal(&p, "GRNxh2");
    assert!(why.contains("would capture across a moat"), "{why}");
    // a crossed pawn may not take onto rank 1 across a boundary
    let p = pos(
        &with(&[("WHa2", "Wp'"), ("GRh1", "Gn")]),
        "W -/-/- - - WGB 0 1",
    );
    let why = illegal(&p, "GRxh1=Q");
    assert!(why.contains("would capture across a moat"), "{why}");
}

#[test]
fn creek_blocks_uncrossed_pawn_captures_into_another_zone() {
    let p = pos(
        &with(&[("WHa2", "Wp"), ("GRh3", "Gn"), ("WHb3", "Gb")]),
        "W -/-/- - - WGB 0 1",
    );
    let why = illegal(&p, "GRxh3");
    assert!(why.contains("cannot capture across a creek"), "{why}");
    // inside the zone the capture is fine
    let mut q = p.clone();
    play(&mut q, "WHxb3");
    // a crossed pawn ignores creeks
    let p = pos(
        &with(&[("WHa3", "Wp'"), ("GRh2", "Gn")]),
        "W -/-/- - - WGB 0 1",
    );
    let mut q = p.clone();
    play(&mut q, "GRxh2");
    // strict-creeks: no capture at all from ranks 2-3
    let p = pos_with(
        &with(&[("WHa2", "Wp"), ("WHb3", "Gb")]),
        "W -/-/- - - WGB 0 1",
        "standard,strict-creeks",
    );
    let why = illegal(&p, "WHxb3");
    assert!(why.contains("creek"), "{why}");
}

#[test]
fn check_across_a_moat_does_not_count() {
    // a gray rook on GR g1 looks along rank 1 at the white king on WH a1 through the WG moat
    let p = pos(
        &[
            ("WHa1", "Wk"),
            ("GRg1", "Gr"),
            ("GRd4", "Gk"),
            ("BLd1", "Bk"),
            ("GRd1", "Gn"),
        ],
        "W -/-/- - - WGB 0 1",
    );
    assert!(!p.in_check());
    // the same rook inside White's zone gives check
    let p = pos(
        &[
            ("WHa1", "Wk"),
            ("WHe1", "Gr"),
            ("GRd4", "Gk"),
            ("BLd1", "Bk"),
            ("GRd1", "Gn"),
        ],
        "W -/-/- - - WGB 0 1",
    );
    assert!(p.in_check());
    // and a move that walks into it is refused
    let p = pos(
        &[
            ("WHa2", "Wk"),
            ("WHe1", "Gr"),
            ("GRd4", "Gk"),
            ("BLd1", "Bk"),
            ("GRd1", "Gn"),
            ("WHh1", "Wn"),
        ],
        "W -/-/- - - WGB 0 1",
    );
    let why = illegal(&p, "WHKa1");
    assert!(why.contains("would leave its own king in check"), "{why}");
}

#[test]
fn castling_through_check_and_through_a_moat() {
    let base = [("WHa1", "Wr"), ("WHh1", "Wr")];
    // a black rook on WH c4 watches c1, which the king passes castling king side
    let p = pos(
        &with(&[base[0], base[1], ("WHc4", "Br")]),
        "W KQ/-/- - - WGB 0 1",
    );
    let why = illegal(&p, "O-O");
    assert!(why.contains("pass or land on an attacked square"), "{why}");
    let mut q = p.clone();
    play(&mut q, "O-O-O");
    assert_eq!(
        q.piece_at("WHf1".parse().unwrap()).map(|x| x.colour),
        Some(Colour::White)
    );
    assert_eq!(
        q.piece_at("WHe1".parse().unwrap()).map(|x| x.kind.lower()),
        Some('r')
    );
    // an attack through the BW moat does not stop castling (black rook on BL b1, BL a1 empty)
    let p = pos(
        &with(&[base[0], base[1], ("BLb1", "Br"), ("BLf1", "Bn")]),
        "W KQ/-/- - - WGB 0 1",
    );
    let mut q = p.clone();
    play(&mut q, "O-O-O");
    // in check: no castling
    let p = pos(
        &with(&[base[0], base[1], ("WHd4", "Br")]),
        "W KQ/-/- - - WGB 0 1",
    );
    let why = illegal(&p, "O-O");
    assert!(why.contains("in check"), "{why}");
    // rights gone after the king moved
    let mut p = pos(&with(&[base[0], base[1]]), "W KQ/-/- - - WGB 0 1");
    play(&mut p, "WHKe1");
    play(&mut p, "GRKc1");
    play(&mut p, "BLKc1");
    play(&mut p, "WHKd1");
    play(&mut p, "GRKb1");
    play(&mut p, "BLKb1");
    let why = illegal(&p, "O-O");
    assert!(why.contains("right to castle"), "{why}");
}

#[test]
fn en_passant_window_closes() {
    // White's pawn on WH e2 double-steps past a crossed gray pawn on WH d4 and a crossed
    // black pawn on WH f4.
    let pieces = with(&[
        ("WHe2", "Wp"),
        ("WHd4", "Gp'"),
        ("WHf4", "Bp'"),
        ("WHa1", "Wr"),
    ]);
    let start = pos(&pieces, "W -/-/- - - WGB 0 1");
    let mut p = start.clone();
    play(&mut p, "WHe4");
    assert!(position_string::write(&p).contains(" WHe3 "));
    // Gray may take at once, in either style
    let n: Notation = "WHxe3".parse().unwrap();
    let m = ThreeMan::resolve(&p, &n).unwrap();
    assert!(m.is_en_passant());
    assert_eq!(
        ThreeMan::notate(&p, &m, Style::Long).to_string(),
        "WHd4xWHe3e.p."
    );
    // Gray does not; Black still may (default window: both following seats)
    play(&mut p, "GRKc1");
    let mut q = p.clone();
    play(&mut q, "WHxe3");
    assert!(q.piece_at("WHe4".parse().unwrap()).is_none());
    // Black does not either; the chance is gone for good
    play(&mut p, "BLKc1");
    play(&mut p, "WHRb1");
    let why = illegal(&p, "WHxe3");
    assert!(why.contains("nothing to take"), "{why}");
    // ep-next-only: Black may not
    let s = position(&pieces, "W -/-/- - - WGB 0 1");
    let mut p = position_string::parse(&s, "standard,ep-next-only".parse().unwrap()).unwrap();
    play(&mut p, "WHe4");
    play(&mut p, "GRKc1");
    let why = illegal(&p, "WHxe3");
    assert!(why.contains("nothing to take"), "{why}");
}

#[test]
fn moving_after_elimination() {
    let mid = "Black 3Wq4/Bk7/8/8/BpBpBp1BpBpBpBp/BrBnBb1BqBb1Br Gray 7Gp/Bn7/5Gr2/8/1GpGpGpGpGpGp1/GrGnGbGkGqGbGn1 White 7Wb/8/8/3Gp'4/1WpWp1WpWpWpWp/WrWn1WkWqWbWnWr G KQ/K/- - - WGB 8 13";
    let text = format!("[Position \"{mid}\"]\n\n13... GRRxa5# -- BLKb5 *");
    let rec: Record<ThreeMan> = text.parse().unwrap();
    let r = replay(&rec, Mode::Strict);
    let Some(gamenote::Error::Illegal(e)) = r.error else {
        panic!("a black move after Black's elimination must fail")
    };
    assert_eq!(e.ply, 2);
    assert!(e.reason.contains("Black is eliminated"), "{}", e.reason);
    assert!(e.reason.contains("White is to move"), "{}", e.reason);
}

#[test]
fn leaving_the_king_in_check() {
    // the white rook on WH d2 shields its king from a black rook on WH d5
    let p = pos(
        &with(&[("WHd2", "Wr"), ("WHd5", "Br")]),
        "W -/-/- - - WGB 0 1",
    );
    let why = illegal(&p, "WHRa2");
    assert!(why.contains("would leave its own king in check"), "{why}");
    // check from either live opponent; a dead player's piece gives none
    let p = pos(
        &[
            ("WHd1", "Wk"),
            ("WHd5", "Gr"),
            ("BLd1", "Bk"),
            ("GRd1", "Gn"),
        ],
        "W -/-/- - - WB 0 1",
    );
    assert!(!p.in_check());
}

#[test]
fn king_capture_eliminates_and_the_last_wins() {
    // Black is to move with the white king attacked (left so by Gray): Black takes it
    let mut p = pos(
        &with(&[("WHd4", "Br"), ("GRa1", "Gr")]),
        "B -/-/- - - WGB 0 1",
    );
    play(&mut p, "WHRxd1");
    assert!(!p.is_alive(Colour::White));
    assert_eq!(p.side_to_move(), Colour::Gray);
    assert_eq!(ThreeMan::outcome(&p), None);
    // two left: Gray takes the black king and wins
    let mut p = pos(
        &[
            ("GRd1", "Gk"),
            ("BLd1", "Bk"),
            ("BLd4", "Gr"),
            ("WHd1", "Wk"),
        ],
        "G -/-/- - - GB 0 1",
    );
    play(&mut p, "BLRxd1");
    assert_eq!(ThreeMan::outcome(&p), Some(Outcome::Win(1)));
    let n: Notation = "BLKc1".parse().unwrap();
    assert!(
        ThreeMan::resolve(&p, &n)
            .unwrap_err()
            .reason
            .contains("over")
    );
}

/// Black king on BL h1; white queen on BL e2 and rook on BL g4 cover g1, g2, h2; gray
/// pieces on GR a1, a2 across the GB moat.
fn stalemate_pieces(gray_king: bool) -> Vec<(&'static str, &'static str)> {
    let mut v = vec![
        ("BLh1", "Bk"),
        ("BLe2", "Wq"),
        ("BLg4", "Wr"),
        ("WHd1", "Wk"),
        ("GRa1", "Gn"),
        ("GRa2", "Gp"),
    ];
    if gray_king {
        v.push(("GRd1", "Gk"));
    }
    v
}

#[test]
fn stalemate_eliminates_with_three_and_draws_with_two() {
    let mut p = pos(&stalemate_pieces(true), "G -/-/- - - WGB 0 1");
    play(&mut p, "GRKc1");
    assert!(!p.is_alive(Colour::Black));
    assert_eq!(p.side_to_move(), Colour::White);
    assert_eq!(ThreeMan::outcome(&p), None);
    // two alive: a draw that ends the game
    let mut p = pos(&stalemate_pieces(false), "W -/-/- - - WB 0 1");
    play(&mut p, "WHKe1");
    assert_eq!(ThreeMan::outcome(&p), Some(Outcome::Draw(0b101)));
    // the draw is not written in the position string; reading it judges Black again
    let back = position_string::parse(&position_string::write(&p), Rules::default()).unwrap();
    assert_eq!(back, p);
    assert_eq!(
        ThreeMan::write_result(GameResult::Decided(Outcome::Draw(5))),
        "1/2-0-1/2"
    );
    // stalemate-eliminates: Black is out and White wins
    let s = position(&stalemate_pieces(false), "W -/-/- - - WB 0 1");
    let mut p =
        position_string::parse(&s, "standard,stalemate-eliminates".parse().unwrap()).unwrap();
    play(&mut p, "WHKe1");
    assert_eq!(ThreeMan::outcome(&p), Some(Outcome::Win(0)));
}

#[test]
fn promotion_must_be_written() {
    let p = pos(&with(&[("WHe2", "Gp'")]), "G -/-/- - - WGB 0 1");
    let why = illegal(&p, "WHe1");
    assert!(why.contains("must promote"), "{why}");
    let mut q = p.clone();
    play(&mut q, "WHe1=N");
    assert_eq!(
        q.piece_at("WHe1".parse().unwrap()).map(|x| x.kind.lower()),
        Some('n')
    );
    let p = pos(&with(&[("WHe3", "Gp'")]), "G -/-/- - - WGB 0 1");
    let why = illegal(&p, "WHe2=Q");
    assert!(why.contains("does not promote"), "{why}");
}

#[test]
fn pawn_crosses_the_centre() {
    let mut p = pos(&with(&[("WHe6", "Wp")]), "W -/-/- - - WGB 0 1");
    play(&mut p, "GRa6");
    let piece = p.piece_at("GRa6".parse().unwrap()).unwrap();
    assert!(piece.crossed);
    assert!(position_string::write(&p).contains("Wp'"));
}

#[test]
fn ambiguity_lists_the_candidates() {
    let p = pos(
        &with(&[("WHa3", "Wr"), ("WHh3", "Wr")]),
        "W -/-/- - - WGB 0 1",
    );
    let n: Notation = "WHRd3".parse().unwrap();
    let e = ThreeMan::resolve(&p, &n).unwrap_err();
    assert_eq!(e.kind, MoveErrorKind::Ambiguous);
    assert!(
        e.reason.contains("WHRa3-WHd3") && e.reason.contains("WHRh3-WHd3"),
        "{}",
        e.reason
    );
    let m = ThreeMan::resolve(&p, &"WHRaWHd3".parse().unwrap()).unwrap();
    // the rook left on WH h3 then looks through the centre at the gray king on GR d1
    assert_eq!(
        ThreeMan::notate(&p, &m, Style::Short).to_string(),
        "WHRaWHd3+"
    );
    // pawns too: an uncrossed pawn on WH e3 and a crossed one on WH e5
    let p = pos(
        &with(&[("WHe3", "Wp"), ("WHe5", "Wp'")]),
        "W -/-/- - - WGB 0 1",
    );
    let n: Notation = "WHe4".parse().unwrap();
    assert_eq!(
        ThreeMan::resolve(&p, &n).unwrap_err().kind,
        MoveErrorKind::Ambiguous
    );
    let m = ThreeMan::resolve(&p, &"WH3WHe4".parse().unwrap()).unwrap();
    assert_eq!(
        ThreeMan::notate(&p, &m, Style::Short).to_string(),
        "WH3WHe4"
    );
}

#[test]
fn false_marks_are_mismatches() {
    let p = ThreeMan::start(&Rules::default());
    for (w, what) in [
        ("WHxe4", "'x'"),
        ("WHe4+", "'+'"),
        ("WHe4#", "'#'"),
        ("WHe4e.p.", "e.p."),
    ] {
        let n: Notation = w.parse().unwrap();
        let m = ThreeMan::resolve(&p, &n).unwrap();
        let mut after = p.clone();
        ThreeMan::play(&mut after, &m);
        let e = ThreeMan::check_annotations(&p, &n, &m, &after).unwrap_err();
        assert_eq!(e.kind, MoveErrorKind::Mismatch);
        assert!(e.reason.contains(what), "{}", e.reason);
    }
}

#[test]
fn results_checked_against_the_rules() {
    let text = "1. WHe4 GRe4 BLe4 1-0-0";
    let rec: Record<ThreeMan> = text.parse().unwrap();
    assert!(
        replay(&rec, Mode::Strict).is_ok(),
        "a resignation result is accepted"
    );
    // a result scoring an eliminated player is not
    let mid = "Black 3Wq4/Bk7/8/8/BpBpBp1BpBpBpBp/BrBnBb1BqBb1Br Gray 7Gp/Bn7/5Gr2/8/1GpGpGpGpGpGp1/GrGnGbGkGqGbGn1 White 7Wb/8/8/3Gp'4/1WpWp1WpWpWpWp/WrWn1WkWqWbWnWr G KQ/K/- - - WGB 8 13";
    let text = format!("[Position \"{mid}\"]\n[Result \"0-0-1\"]\n\n13... GRRxa5# -- 0-0-1");
    let rec: Record<ThreeMan> = text.parse().unwrap();
    let r = replay(&rec, Mode::Strict);
    assert!(r.error.unwrap().to_string().contains("eliminated"));
}

#[test]
fn position_errors() {
    let two_kings = position(&with(&[("WHe4", "Wk")]), "");
    let e = position_string::parse(&two_kings, Rules::default()).unwrap_err();
    assert!(e.expected.contains("one king of each colour"), "{e}");
    let pawn = position(&with(&[("WHe1", "Wp")]), "");
    let e = position_string::parse(&pawn, Rules::default()).unwrap_err();
    assert!(e.expected.contains("other than a pawn on rank 1"), "{e}");
    let e = position_string::parse("Black 9/8/8/8/8/8 Gray", Rules::default()).unwrap_err();
    assert_eq!(e.column, 7);
    let s = position(&KINGS, "W KQ/-/- - - WGB 0 1");
    let e = position_string::parse(&s, Rules::default()).unwrap_err();
    assert!(e.expected.contains("castling rights only"), "{e}");
}
