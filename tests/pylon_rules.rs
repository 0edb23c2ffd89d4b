//! Pylon rules: the worked examples of docs/pylon.md (E1-E6), the seed's examples, burial,
//! cuts, covering, passes and errors, each asserting the outcome or the reason.

use gamenote::pylon::{Move, Notation, Point, Position, Pylon, Rules, Suicide};
use gamenote::record::{replay, Replay};
use gamenote::{Error, Game, GameResult, Mode, MoveErrorKind, Outcome, Record};

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

fn pts(s: &str) -> Vec<Point> {
    let mut v: Vec<Point> = s.split_whitespace().map(p).collect();
    v.sort();
    v
}

fn rules(n: u8, suicide: Suicide) -> Rules {
    Rules { size: n, suicide }
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
    let r = run("[Size \"3\"]\n\n1a1 1b1 1a2 1c2 1a3 1b3 1/2-1/2 {W 3 B 3}", Mode::Strict);
    assert!(r.is_ok(), "{:?}", r.error);
    let r = run("[Size \"3\"]\n\n1a1 1b1 1a2 1c2 1a3 1b3 1-0", Mode::Strict);
    assert!(matches!(r.error, Some(Error::Illegal(ref e)) if e.kind == MoveErrorKind::Mismatch
        && e.reason == "the record says 1-0 but the game ended 1/2-1/2 (W 3 B 3)"));
}
