//! Pylon rules: the worked examples of docs/pylon.md (E1-E6), the seed's examples, burial,
//! cuts, covering, passes and errors, each asserting the outcome or the reason.

use crate::common::{error, one};
use gamenote::pylon::{Move, Notation, Point, Position, Pylon, Rules, Suicide};
use gamenote::record::{Replay, replay};
use gamenote::{Error, GameResult, Mode, MoveErrorKind, Outcome, Record};
use gamenote::{Mistakes, Notate, Picture, Play, RecordFormat};

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

fn pts(s: &str) -> Vec<Point> {
    let mut v: Vec<Point> = s.split_whitespace().map(p).collect();
    v.sort();
    v
}

fn rules(n: u8, suicide: Suicide) -> Rules {
    Rules::new(n, suicide)
}

/// Plays `moves` (space separated) from the empty board, panicking on an illegal one.
fn play(r: Rules, moves: &str) -> Position {
    let mut pos = Pylon::start(&r);
    for (k, w) in moves.split_whitespace().enumerate() {
        let n: Notation = w.parse().unwrap();
        let m = Pylon::resolve(&pos, &n).unwrap_or_else(|e| panic!("ply {} {w}: {e}", k + 1));
        Pylon::play(&mut pos, &m);
    }
    pos
}

/// Plays all but the last move and returns the result of resolving the last one.
fn last(r: Rules, moves: &str) -> (Position, Result<Move, gamenote::MoveError>) {
    let v: Vec<&str> = moves.split_whitespace().collect();
    let (lastw, rest) = v.split_last().unwrap();
    let pos = play(r, &rest.join(" "));
    let res = Pylon::resolve(&pos, &lastw.parse().unwrap());
    (pos, res)
}

fn notate(pos: &Position, m: &Move) -> String {
    Pylon::notate(pos, m, Default::default()).to_string()
}

fn rec(text: &str) -> Record<Pylon> {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn run(text: &str, mode: Mode) -> Replay<Pylon> {
    replay(&rec(text), mode)
}

fn both() -> [Suicide; 2] {
    [Suicide::Piece, Suicide::Group]
}

// ----- E1 -----

#[test]
fn e1_capture_with_covering() {
    for s in both() {
        let (before, m) = last(rules(3, s), "1b2 1a1 1b1 1c3 1a2");
        let m = m.unwrap();
        assert_eq!(notate(&before, &m), "1a2[2a1]");
        let mut pos = before.clone();
        Pylon::play(&mut pos, &m);
        assert_eq!(pos.piece(p("2a1")), Some(0));
        assert_eq!(pos.piece(p("1a1")), Some(1), "the captured piece stays");
        assert_eq!((pos.score(0), pos.score(1)), (4, 2));
        // With the brackets the same move; with a wrong set an error.
        let same = Pylon::resolve(&before, &"1a2[2a1]".parse().unwrap()).unwrap();
        assert_eq!(same, m);
        let e = Pylon::resolve(&before, &"1a2[2b1]".parse().unwrap()).unwrap_err();
        assert_eq!(e.kind, MoveErrorKind::Illegal);
        assert_eq!(e.reason, "1a2 covers [2a1], but the move names [2b1]");
    }
}

// ----- E2 -----

#[test]
fn e2_capture_with_nothing_to_stack() {
    let (before, m) = last(rules(3, Suicide::Piece), "1a1 1b1 1c3 1a2");
    let m = m.unwrap();
    assert_eq!(notate(&before, &m), "1a2");
    let e = Pylon::resolve(&before, &"1a2[2a1]".parse().unwrap()).unwrap_err();
    assert_eq!(e.reason, "1a2 covers nothing, but the move names [2a1]");
    let mut pos = before;
    Pylon::play(&mut pos, &m);
    assert_eq!(pos.piece(p("1a1")), Some(0));
    assert!(!pos.is_playable(p("2a1")));
    assert_eq!((pos.score(0), pos.score(1)), (2, 2));
}

// ----- E3 -----

#[test]
fn e3_suicide_option() {
    for moves in ["1b1 1a2 1a1", "1a2 1b1 1a1"] {
        let (_, m) = last(rules(3, Suicide::Piece), moves);
        let e = m.unwrap_err();
        assert_eq!(e.kind, MoveErrorKind::Illegal);
        assert_eq!(
            e.reason,
            "1a1 would have no freedom (suicide=piece: no playable neighbour)"
        );
        let (_, m) = last(rules(3, Suicide::Group), moves);
        assert_eq!(m.unwrap(), Move::Place(p("1a1")));
    }
    let pos = play(rules(3, Suicide::Group), "1b1 1a2 1a1");
    assert_eq!(pos.group(p("1a1")), pts("1a1 1b1"));
}

// ----- E4: the seed's overpass that cuts -----

const E4: &str = "1a2 1a1 1b2 1b1 1c2 1c1 1c3 1a3 1d6 1b3 1f4 2a1 1f6 2a2";

#[test]
fn e4_overpass_cuts() {
    for s in both() {
        let (before, m) = last(rules(6, s), E4);
        assert_eq!(before.group(p("1a2")), pts("1a2 1b2 1c2 1c3"));
        let m = m.unwrap();
        assert_eq!(notate(&before, &m), "2a2");
        let mut pos = before;
        Pylon::play(&mut pos, &m);
        assert_eq!(pos.group(p("1a2")), pts("1a2"));
        assert_eq!(pos.group(p("1b2")), pts("1b2 1c2 1c3"));
        for single in ["1d6", "1f4", "1f6"] {
            assert_eq!(pos.group(p(single)), pts(single));
        }
        assert_eq!(pos.group(p("2a2")), pts("1a1 1b1 1c1 1a3 1b3 2a1 2a2"));
        for q in E4.split_whitespace() {
            assert!(!pos.is_buried(p(q)), "{q} is not buried");
        }
        assert_eq!((pos.score(0), pos.score(1)), (7, 7));
        // White's 1a2 has no freedom left, and no point next to it can ever be played.
        for q in ["1a1", "1b2", "1a3"] {
            assert!(pos.piece(p(q)).is_some(), "{q} is occupied");
        }
    }
}

// ----- E5: covering in two rounds, and burial -----

#[test]
fn e5_two_rounds_and_burial() {
    for s in both() {
        let moves = "1c3 1a3 1d3 1d1 1d2 1c4 1b3 1b1 1c1 1c2 1b2";
        let v: Vec<&str> = moves.split_whitespace().collect();
        let (b10, m10) = last(rules(4, s), &v[..10].join(" "));
        assert_eq!(notate(&b10, &m10.unwrap()), "1c2[2c1]");
        let (b11, m11) = last(rules(4, s), moves);
        let m11 = m11.unwrap();
        assert_eq!(notate(&b11, &m11), "1b2[2b1,2b2,2c2,3b1]");
        let mut pos = b11;
        Pylon::play(&mut pos, &m11);
        assert!(pos.is_buried(p("1c2")));
        assert_eq!(pos.group(p("1c2")), vec![], "a buried piece has no group");
        assert_eq!(pos.group(p("1a3")), pts("1a3"));
        assert_eq!(pos.group(p("1b1")), pts("1b1"));
        assert_eq!(pos.group(p("1c4")), pts("1c4"));
        assert_eq!(pos.group(p("1d1")), pts("1d1 2c1"));
        assert_eq!((pos.score(0), pos.score(1)), (10, 6));
    }
}

// ----- E6: forced pass, end of game and score -----

const E6: &str = "[Game \"Pylon\"]\n[Size \"3\"]\n[Rules \"standard,suicide=group\"]\n\
[White \"...\"]\n[Black \"...\"]\n[Result \"0-1\"]\n\n\
1. 1a1 1b1 2. 1a2 1c2 3. 1a3 1b3 4. pass 1b2[2a1,2a2] 5. pass 1c1 0-1 {W 3 B 7}\n";

#[test]
fn e6_forced_pass_record() {
    let r = run(E6, Mode::Strict);
    assert!(r.is_ok(), "{:?}", r.error);
    assert_eq!(r.moves.len(), 10);
    assert_eq!(r.moves[6], Move::Pass);
    assert_eq!(r.outcome, Some(Outcome::Win(1)));
    assert_eq!((r.end.score(0), r.end.score(1)), (3, 7));
    assert_eq!(rec(E6).to_string(), E6, "the record prints back unchanged");
    let six = play(rules(3, Suicide::Group), "1a1 1b1 1a2 1c2 1a3 1b3");
    assert!(six.placements(0).is_empty());
    let mut black = six.placements(1);
    black.sort();
    assert_eq!(black, pts("1b2 1c1 1c3"));
    let mut moves = Vec::new();
    Pylon::legal_moves(&six, &mut moves);
    assert_eq!(moves, vec![Move::Pass]);
    let end = play(
        rules(3, Suicide::Group),
        "1a1 1b1 1a2 1c2 1a3 1b3 pass 1b2 pass 1c1",
    );
    assert!(end.placements(0).is_empty() && end.placements(1).is_empty());
    let mut moves = Vec::new();
    Pylon::legal_moves(&end, &mut moves);
    assert!(moves.is_empty());
}

#[test]
fn e6_under_piece_ends_at_once() {
    let pos = play(rules(3, Suicide::Piece), "1a1 1b1 1a2 1c2 1a3 1b3");
    assert_eq!(Pylon::outcome(&pos), Some(Outcome::Draw(0b11)));
    let r = run(
        "[Size \"3\"]\n\n1a1 1b1 1a2 1c2 1a3 1b3 1/2-1/2 {W 3 B 3}",
        Mode::Strict,
    );
    assert!(r.is_ok(), "{:?}", r.error);
    let r = run("[Size \"3\"]\n\n1a1 1b1 1a2 1c2 1a3 1b3 1-0", Mode::Strict);
    assert!(
        matches!(r.error, Some(Error::Illegal(ref e)) if e.kind == MoveErrorKind::Mismatch
        && e.reason == "the record says 1-0 but the game ended 1/2-1/2 (W 3 B 3)")
    );
}

fn setup(n: u8, white: &str, black: &str, to_move: usize) -> Position {
    Position::with_pieces(rules(n, Suicide::Piece), &pts(white), &pts(black), to_move).unwrap()
}

// ----- the seed's examples -----

/// Seed, 'e': "neither player can move at 'e' as there would be no valid level 1 freedoms
/// for a piece there".
#[test]
fn seed_e_point_where_neither_side_may_play() {
    let pos = play(rules(3, Suicide::Piece), "1b1 1a2");
    for seat in 0..2 {
        assert!(!pos.placements(seat).contains(&p("1a1")), "seat {seat}");
    }
    let e = Pylon::resolve(&pos, &"1a1".parse().unwrap()).unwrap_err();
    assert_eq!(
        e.reason,
        "1a1 would have no freedom (suicide=piece: no playable neighbour)"
    );
    // Black, to move after a White pass-free tempo move elsewhere, is refused too.
    let pos = play(rules(3, Suicide::Piece), "1b1 1a2 1c3");
    let e = Pylon::resolve(&pos, &"1a1".parse().unwrap()).unwrap_err();
    assert_eq!(
        e.reason,
        "1a1 would have no freedom (suicide=piece: no playable neighbour)"
    );
}

/// Seed, 'f' and 'g': a level-2 move ("level 1" in Browne's count) takes every level-2
/// freedom of a White group that also lies on the board level, where it still has freedoms;
/// the group is captured and Black stacks one piece, on the only point available.
const SEED_FG: &str = "1b3 1a4 1c1 1d2 1b4 1b1 1a3[2a3] 1b2 1c4 1c2 1a2 1c3 1d4 2a2 2b3 2b2";

#[test]
fn seed_f_g_capture_stacks_a_covering_piece() {
    for s in both() {
        let (before, m) = last(rules(4, s), SEED_FG);
        let g = before.group(p("2b3"));
        assert_eq!(g, pts("1a2 1a3 1b3 1b4 1c4 1d4 2a3 2b3"));
        // The group is free on level 1: 1d3 is playable next to 1d4.
        assert!(before.is_playable(p("1d3")));
        let m = m.unwrap();
        assert_eq!(notate(&before, &m), "2b2[3a2]");
        let mut pos = before;
        Pylon::play(&mut pos, &m);
        assert_eq!(pos.piece(p("3a2")), Some(1));
        // The only point: 3a1 still lacks 2a1 and 2b1.
        assert!(!pos.is_playable(p("3a1")));
        // 3a2 buries White's 1b3, which is directly below it.
        assert!(pos.is_buried(p("1b3")));
        assert_eq!(pos.group(p("1a3")), pts("1a2 1a3 1b4 1c4 1d4 2a3 2b3"));
        assert_eq!((pos.score(0), pos.score(1)), (9, 9));
        // Under suicide=piece neither side can place any more: a draw. Under suicide=group
        // play goes on.
        let over = if s == Suicide::Piece {
            Some(Outcome::Draw(0b11))
        } else {
            None
        };
        assert_eq!(Pylon::outcome(&pos), over, "{s:?}");
    }
}

// ----- burial, cuts, covering, passes, errors -----

#[test]
fn burial_removes_a_piece_from_its_group_but_not_from_the_score() {
    let white = "1a2 1b2 1c2 2a2 2b1";
    let black = "1a1 1b1 1c1 1a3 1b3 1c3 2a1 2b2";
    let pos = setup(3, white, black, 0);
    assert_eq!(pos.group(p("1a2")), pts("1a2 1b2 1c2 2a2 2b1"));
    let pos = setup(3, white, &format!("{black} 3a1"), 0);
    assert!(pos.is_buried(p("1b2")));
    assert!(!pos.is_buried(p("1a2")) && !pos.is_buried(p("2a2")));
    assert_eq!(pos.group(p("1b2")), vec![]);
    assert_eq!(pos.group(p("1a2")), pts("1a2 2a2"));
    assert_eq!(pos.group(p("1c2")), pts("1c2 2b1"));
    assert_eq!((pos.score(0), pos.score(1)), (5, 9));
}

#[test]
fn links_on_the_outer_rows_and_columns_are_never_cut() {
    // Black holds the whole of level 2 over White's edge pairs: nothing crosses them.
    let white = "1a1 1a2 1b1 1d3 1d4";
    let black = "1c1 1b2 1c2 1a3 1b3 1c3 1a4 1b4 1c4 1d1 1d2";
    let with_l2 = format!("{black} 2a1 2b1 2c1 2a2 2b2 2c2 2a3 2b3 2c3");
    let pos = setup(4, white, &with_l2, 0);
    assert_eq!(pos.group(p("1a1")), pts("1a1 1a2 1b1"));
    assert_eq!(pos.group(p("1d3")), pts("1d3 1d4"));
    // On level 2: White 2a1 2a2 2b1 2b2 on black pieces, black level 3 above. The edge
    // links 2a1-2a2 and 2a1-2b1 hold; 2a2-2b2 (crossed by 3a1-3a2) and 2b1-2b2 (crossed by
    // 3a2-3b2) are cut.
    let black = "1a1 1b1 1c1 1d1 1a2 1b2 1c2 1d2 1a3 1b3 1c3 1d3 1a4 1b4 1c4 1d4 \
                 2c1 2c2 2a3 2b3 2c3 3a1 3a2 3b1 3b2";
    let pos = setup(4, "2a1 2a2 2b1 2b2", black, 0);
    assert_eq!(pos.group(p("2a1")), pts("2a1 2a2 2b1"));
    assert_eq!(pos.group(p("2b2")), pts("2b2"));
}

#[test]
fn an_inner_link_is_cut_only_from_above() {
    // White 1b2-1c2 is crossed by 2b1-2b2.
    let pos = setup(4, "1b2 1c2", "1b1 1c1 1b3 1c3 2b1 2b2", 0);
    assert_eq!(pos.group(p("1b2")), pts("1b2"));
    assert_eq!(pos.group(p("1c2")), pts("1c2"));
    // One black end is not enough.
    let pos = setup(4, "1b2 1c2", "1b1 1c1 1b3 1c3 2b1", 0);
    assert_eq!(pos.group(p("1b2")), pts("1b2 1c2"));
    // The overpass itself is not cut by the link under it: White 2b1-2b2 over Black 1b2-1c2.
    let pos = setup(4, "1b1 1c1 1b3 1c3 2b1 2b2", "1b2 1c2", 1);
    assert_eq!(pos.group(p("2b1")), pts("1b1 1c1 1b3 1c3 2b1 2b2"));
    assert_eq!(pos.group(p("1b2")), pts("1b2"));
}

#[test]
fn covering_that_is_not_yet_possible_is_not_made() {
    // E2: 2a1 rests on the captured 1a1 but 1b2 is empty.
    let before = play(rules(3, Suicide::Piece), "1a1 1b1 1c3");
    assert_eq!(before.covering(p("1a2")), Ok(vec![]));
    assert!(!before.is_playable(p("2a1")));
    // E5, ply 11: 3b1 only becomes playable after the first round.
    let before = play(
        rules(4, Suicide::Piece),
        "1c3 1a3 1d3 1d1 1d2 1c4 1b3 1b1 1c1 1c2",
    );
    assert!(!before.is_playable(p("3b1")));
    assert_eq!(before.covering(p("1b2")), Ok(pts("2b1 2b2 2c2 3b1")));
}

#[test]
fn a_voluntary_pass_is_rejected() {
    let pos = Pylon::start(&rules(3, Suicide::Piece));
    let e = Pylon::resolve(&pos, &Notation::Pass).unwrap_err();
    assert_eq!(e.kind, MoveErrorKind::Illegal);
    assert_eq!(
        e.reason,
        "a voluntary pass is illegal: White can place, e.g. on 1a1"
    );
    let r = run("[Size \"3\"]\n\n1a1 pass *", Mode::Lenient);
    assert!(matches!(r.error, Some(Error::Illegal(ref e)) if e.ply == 2
        && e.reason == "a voluntary pass is illegal: Black can place, e.g. on 1b1"));
}

#[test]
fn a_missing_forced_pass_is_an_error_when_strict_and_a_warning_when_lenient() {
    let text = "[Size \"3\"]\n[Rules \"suicide=group\"]\n\n1a1 1b1 1a2 1c2 1a3 1b3 1b2 *";
    let r = run(text, Mode::Strict);
    match r.error {
        Some(Error::Illegal(ref e)) => {
            assert_eq!(e.ply, 7);
            assert_eq!(e.kind, MoveErrorKind::Mismatch);
            assert_eq!(
                e.reason,
                "a forced pass is missing before 1b2: White has no legal placement"
            );
        }
        ref other => panic!("{other:?}"),
    }
    let r = run(text, Mode::Lenient);
    assert!(r.is_ok(), "{:?}", r.error);
    assert_eq!(r.warnings.len(), 1);
    assert_eq!(r.moves[6..], [Move::Pass, Move::Place(p("1b2"))]);
    assert_eq!(r.warnings[0].ply, 7);
    assert_eq!(r.end.piece(p("2a2")), Some(1));
    assert_eq!(r.end.to_move(), 0);
    // A placement that is not legal for the opponent either is refused with both reasons.
    let text = "[Size \"3\"]\n[Rules \"suicide=group\"]\n\n1a1 1b1 1a2 1c2 1a3 1b3 2a1 *";
    let r = run(text, Mode::Lenient);
    assert!(matches!(r.error, Some(Error::Illegal(ref e)) if e.ply == 7
        && e.reason == "White has no legal placement and must pass (2a1 is not playable: 1b2 below it is empty)"));
}

#[test]
fn a_pass_after_the_end_is_an_error_when_strict_and_dropped_when_lenient() {
    let text = "[Size \"3\"]\n\n1a1 1b1 1a2 1c2 1a3 1b3 pass 1/2-1/2 {W 3 B 3}";
    let r = run(text, Mode::Strict);
    assert!(matches!(r.error, Some(Error::Illegal(ref e)) if e.ply == 7
        && e.reason == "the game is already over"));
    let r = run(text, Mode::Lenient);
    assert!(r.is_ok(), "{:?}", r.error);
    assert_eq!(r.moves.len(), 6);
    assert_eq!(r.warnings.len(), 1);
    assert_eq!(r.warnings[0].ply, 7);
    assert_eq!(r.warnings[0].reason, "the game is already over");
    // A placement after the end is an error in both modes.
    let r = run(&text.replace("pass", "1c3"), Mode::Lenient);
    assert!(matches!(r.error, Some(Error::Illegal(ref e)) if e.ply == 7));
}

#[test]
fn a_wrong_covering_set_is_rejected_in_both_modes() {
    for mode in [Mode::Strict, Mode::Lenient] {
        let r = run("[Size \"3\"]\n\n1b2 1a1 1b1 1c3 1a2[2a1,2b1] *", mode);
        assert!(matches!(r.error, Some(Error::Illegal(ref e)) if e.ply == 5
            && e.kind == MoveErrorKind::Illegal
            && e.reason == "1a2 covers [2a1], but the move names [2a1,2b1]"));
    }
    // Written in any order, the set is the same.
    let r = run(
        "[Size \"4\"]\n\n1c3 1a3 1d3 1d1 1d2 1c4 1b3 1b1 1c1 1c2[2c1] 1b2[3b1,2c2,2b2,2b1] *",
        Mode::Strict,
    );
    assert!(r.is_ok(), "{:?}", r.error);
}

#[test]
fn points_off_the_board_and_unsupported_points_are_rejected() {
    let pos = Pylon::start(&Rules::default());
    let why = |s: &str| {
        Pylon::resolve(&pos, &s.parse().unwrap())
            .unwrap_err()
            .reason
    };
    assert_eq!(
        why("1g1"),
        "1g1 is not on the board: level 1 of a size-6 board has columns a to f and rows 1 to 6"
    );
    assert_eq!(
        why("2a6"),
        "2a6 is not on the board: level 2 of a size-6 board has columns a to e and rows 1 to 5"
    );
    assert_eq!(
        why("7a1"),
        "7a1 is not on the board: a size-6 board has levels 1 to 6"
    );
    assert_eq!(why("2a1"), "2a1 is not playable: 1a1 below it is empty");
    let pos = play(Rules::default(), "1a1");
    let e = Pylon::resolve(&pos, &"1a1".parse().unwrap()).unwrap_err();
    assert_eq!(e.reason, "1a1 is occupied");
}

#[test]
fn score_comment_and_result_are_checked() {
    let bad = E6.replace("{W 3 B 7}", "{W 3 B 6}");
    let r = run(&bad, Mode::Strict);
    assert!(
        matches!(r.error, Some(Error::Illegal(ref e)) if e.kind == MoveErrorKind::Mismatch
        && e.reason == "the score comment says W 3 B 6 but the board has W 3 B 7")
    );
    let r = run(&bad, Mode::Lenient);
    assert!(r.is_ok());
    assert_eq!(r.warnings.len(), 1);
    // Other comments after the result are free text.
    let r = run(&E6.replace("{W 3 B 7}", "{well played}"), Mode::Strict);
    assert!(r.is_ok(), "{:?}", r.error);
    // A result on an unfinished game is a resignation or an agreement.
    let r = run("[Size \"3\"]\n\n1a1 1b1 0-1", Mode::Strict);
    assert!(r.is_ok());
    assert_eq!(
        r.result(&rec("[Size \"3\"]\n\n1a1 1b1 0-1")),
        Some(GameResult::Decided(Outcome::Win(1)))
    );
}

#[test]
fn size_and_rules_tags() {
    let r = run("[Size \"27\"]\n\n1a1 *", Mode::Strict);
    assert!(matches!(r.error, Some(Error::Setup(ref m))
        if m.message == "the Size tag \"27\" is not a Pylon board size from 2 to 26"
            && m.tag.as_deref() == Some("Size")));
    let r = run("[Rules \"standard,suicide=maybe\"]\n\n1a1 *", Mode::Strict);
    assert!(matches!(r.error, Some(Error::Setup(_))));
    let r = run("[Size \"26\"]\n\n1z26 26a1 *", Mode::Strict);
    assert!(matches!(r.error, Some(Error::Illegal(ref e)) if e.ply == 2
        && e.reason == "26a1 is not playable: 25a1 below it is empty"));
    assert_eq!(r.end.geometry().len(), 6201);
    let tags = vec![
        ("Size".to_string(), "4".to_string()),
        ("Rules".into(), "suicide=group".into()),
    ];
    assert_eq!(Pylon::rules_from_tags(&tags), Ok(rules(4, Suicide::Group)));
    assert_eq!(Pylon::rules_from_tags(&[]), Ok(Rules::default()));
}

#[test]
fn example_records_replay_and_print_back() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/records/");
    for file in ["pylon-spec.pylon", "pylon-worked-examples.pylon"] {
        let text = std::fs::read_to_string(format!("{dir}{file}")).unwrap();
        let recs: Vec<Record<Pylon>> = Record::parse_all(&text)
            .into_iter()
            .map(|r| r.unwrap())
            .collect();
        let mut printed = String::new();
        for (k, r) in recs.iter().enumerate() {
            let rep = replay(r, Mode::Strict);
            assert!(rep.is_ok(), "{file} record {}: {:?}", k + 1, rep.error);
            if k > 0 {
                printed.push('\n');
            }
            printed.push_str(&r.to_string());
        }
        assert_eq!(printed, text, "{file} is in canonical form");
    }
}

#[test]
fn position_display_shows_each_level() {
    let pos = play(
        rules(4, Suicide::Piece),
        "1c3 1a3 1d3 1d1 1d2 1c4 1b3 1b1 1c1 1c2 1b2",
    );
    let shown = pos.to_string();
    let want = "\
Pylon size 4, standard; Black to move; score W 10 B 6
level 3
  2  - -
  1  - W
     a b
level 2
  3  - - -
  2  - W W
  1  - W B
     a b c
level 1
  4  . . B .
  3  B W W W
  2  . W b W
  1  . B W B
     a b c d
";
    assert_eq!(shown, want, "\n{shown}");
    let end = play(rules(3, Suicide::Piece), "1a1 1b1 1a2 1c2 1a3 1b3");
    assert!(
        end.to_string()
            .starts_with("Pylon size 3, standard; game over; score W 3 B 3\n")
    );
}

#[test]
fn svg_shows_every_piece_and_the_score() {
    let pos = play(
        rules(4, Suicide::Piece),
        "1c3 1a3 1d3 1d1 1d2 1c4 1b3 1b1 1c1 1c2 1b2",
    );
    let svg = Pylon::svg(&pos, Some(&Move::Place(p("1b2")))).unwrap();
    assert!(svg.starts_with("<svg"));
    for q in ["1c2", "3b1", "2c1", "1a3"] {
        assert!(svg.contains(&format!("data-point=\"{q}\"")), "{q}");
    }
    assert_eq!(svg.matches("data-point=").count(), 16);
    assert!(svg.contains("score: White 10, Black 6"));
    assert!(svg.contains("Black to move"));
    assert!(svg.contains("class=\"last\""));
}

#[test]
fn near_misses_are_illegal_with_their_reasons() {
    let pos = play(rules(3, Suicide::Piece), "1b1 1a2");
    let misses = Pylon::near_misses(&pos);
    let names: Vec<&str> = misses.iter().map(|(n, _)| *n).collect();
    assert_eq!(
        names,
        [
            "point off the board",
            "occupied point",
            "point not resting on four pieces",
            "placement with no freedom",
            "voluntary pass",
            "wrong covering set"
        ]
    );
    for (name, n) in &misses {
        let e = Pylon::resolve(&pos, n).unwrap_err();
        assert_eq!(e.kind, MoveErrorKind::Illegal, "{name}");
    }
    assert_eq!(misses[3].1.to_string(), "1a1");
}

const PYLON_SPEC: &str = "[Game \"Pylon\"]\n[Size \"3\"]\n[Rules \"standard,suicide=group\"]\n\n1. 1a1 1b1 2. 1a2 1c2 3. 1a3 1b3 4. pass 1b2[2a1,2a2] 5. pass 1c1 0-1 {W 3 B 7}\n";

#[test]
fn pylon_score_comment_out_of_range_is_an_error_at_the_number() {
    assert!(one::<Pylon>(PYLON_SPEC, Mode::Strict).ok());
    let col = PYLON_SPEC
        .lines()
        .nth(4)
        .expect("movetext")
        .find("{W")
        .expect("score")
        + 1;
    for (score, at) in [
        ("{W 3 B 4294967303}", col + 7),
        ("{W 99999999999 B 7}", col + 3),
        ("{ W 4294967296 B 4294967296 }", col + 4),
    ] {
        let text = PYLON_SPEC.replace("{W 3 B 7}", score);
        for mode in [Mode::Strict, Mode::Lenient] {
            let r = one::<Pylon>(&text, mode);
            let p = r.error.unwrap_or_else(|| panic!("{score}: no error"));
            assert_eq!(
                (p.kind.as_str(), p.line, p.column),
                ("parse", 5, at),
                "{score}"
            );
            assert!(
                p.message
                    .starts_with("expected a score from 0 to 4294967295"),
                "{}",
                p.message
            );
        }
    }
    // The largest score reads, and is compared with the board.
    let text = PYLON_SPEC.replace("{W 3 B 7}", "{W 3 B 4294967295}");
    assert_eq!(
        error::<Pylon>(&text),
        (
            "mismatch",
            5,
            col - 4,
            "the score comment says W 3 B 4294967295 but the board has W 3 B 7".to_string()
        )
    );
    // A comment that is not a score stays a comment, whatever its numbers.
    let text = PYLON_SPEC.replace("{W 3 B 7}", "{W 99999999999 and more}");
    assert!(one::<Pylon>(&text, Mode::Strict).ok());
}
