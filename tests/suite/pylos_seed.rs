//! The worked examples of the Pylos spec: the article's sample game under every rule set,
//! its conversions, the sequential take-back and the raise examples.

use gamenote::pylos::{Form, Notation, Pylos, Rules, Slot, Style};
use gamenote::record::{convert, positions, replay};
use gamenote::{Error, GameResult, Mode, MoveErrorKind, Outcome, Record};
use gamenote::{Notate, Play};

const SEED: &str = include_str!("../../examples/records/pylos-seed.pylos");

fn seed_with(rules: &str) -> Record<Pylos> {
    let mut rec: Record<Pylos> = SEED.parse().expect("seed parses");
    rec.set_tag("Rules", rules);
    rec
}

fn illegal_ply(err: &Option<Error>) -> Option<(usize, MoveErrorKind, String)> {
    match err {
        Some(Error::Illegal(e)) => Some((e.ply, e.kind, e.reason.clone())),
        _ => None,
    }
}

#[test]
fn seed_parses_as_printed() {
    let rec: Record<Pylos> = SEED.parse().unwrap();
    assert_eq!(rec.plies.len(), 40);
    assert_eq!(rec.result, Some(GameResult::Decided(Outcome::Win(1))));
    let seventh = &rec.plies[6].notation;
    assert_eq!(seventh.from, Some("1d2".parse().unwrap()));
    assert_eq!(seventh.to, "2b2".parse::<Slot>().unwrap());
    assert!(!seventh.dash);
    let twelfth = &rec.plies[11].notation;
    assert_eq!(twelfth.to_string(), "1d1(1c1,1d1)");
}

#[test]
fn seed_is_legal_under_standard_rules_with_every_option() {
    for rules in [
        "standard",
        "standard,takeback=optional",
        "standard,reserve=no_moves",
    ] {
        let rec = seed_with(rules);
        let r = replay(&rec, Mode::Strict);
        assert!(r.error.is_none(), "{rules}: {:?}", r.error);
        assert_eq!(r.moves.len(), 40);
        assert_eq!(r.outcome, Some(Outcome::Win(1)), "{rules}");
        assert_eq!((r.end.reserve(0), r.end.reserve(1)), (0, 0));
    }
}

#[test]
fn seed_reserves_along_the_way() {
    let rec = seed_with("standard");
    let (pos, r) = positions(&rec, Mode::Strict);
    assert!(r.is_ok());
    assert_eq!((pos[11].reserve(0), pos[11].reserve(1)), (10, 10));
    assert_eq!((pos[12].reserve(0), pos[12].reserve(1)), (10, 11));
    assert_eq!((pos[39].reserve(0), pos[39].reserve(1)), (0, 1));
    // Ply 12 took back 1c1 and 1d1: both empty afterwards.
    for s in ["1c1", "1d1"] {
        assert_eq!(pos[12].at(s.parse().unwrap()), None);
    }
    // Ply 32 raises into the slot ply 28 vacated.
    assert_eq!(pos[27].at("2b1".parse().unwrap()), Some(1));
    assert_eq!(pos[28].at("2b1".parse().unwrap()), None);
    assert_eq!(pos[32].at("2b1".parse().unwrap()), Some(1));
}

#[test]
fn seed_under_alignment_and_children() {
    let r = replay(&seed_with("alignment"), Mode::Strict);
    let (ply, kind, reason) = illegal_ply(&r.error).expect("illegal");
    assert_eq!((ply, kind), (29, MoveErrorKind::Illegal));
    assert!(
        reason.contains("one or two balls must be taken back"),
        "{reason}"
    );

    let r = replay(&seed_with("alignment,takeback=optional"), Mode::Strict);
    assert!(r.error.is_none(), "{:?}", r.error);
    assert_eq!(r.outcome, Some(Outcome::Win(1)));

    let r = replay(&seed_with("children"), Mode::Strict);
    let (ply, kind, reason) = illegal_ply(&r.error).expect("illegal");
    assert_eq!((ply, kind), (12, MoveErrorKind::Illegal));
    assert!(reason.contains("take-back without a formation"), "{reason}");

    let r = replay(&seed_with("standard,reserve=immediately"), Mode::Strict);
    let (ply, _, reason) = illegal_ply(&r.error).expect("illegal");
    assert_eq!(ply, 40);
    assert!(reason.contains("over"), "{reason}");
}

#[test]
fn alignment_markers() {
    let mut rec = seed_with("alignment,takeback=optional");
    rec.plies[28].notation = "1c1-2a2Y".parse().unwrap();
    rec.plies[36].notation = "2a2Y".parse().unwrap();
    rec.plies[11].notation = "1d1(1c1,1d1)O".parse().unwrap();
    let r = replay(&rec, Mode::Strict);
    assert!(r.error.is_none(), "{:?}", r.error);
    let style: Style = "canonical+markers".parse().unwrap();
    let out = convert(&rec, style, Mode::Strict).unwrap();
    assert_eq!(out.plies[28].notation.to_string(), "1c1-2a2Y");
    assert_eq!(out.plies[36].notation.to_string(), "2a2Y");
    assert_eq!(out.plies[11].notation.to_string(), "1d1(1c1,1d1)O");
}

#[test]
fn marker_mismatches() {
    for (ply, text) in [(12, "1d1(1c1,1d1)+"), (1, "1b2O")] {
        let mut rec = seed_with("standard");
        rec.plies[ply - 1].notation = text.parse().unwrap();
        let r = replay(&rec, Mode::Strict);
        let (p, kind, reason) = illegal_ply(&r.error).expect("mismatch");
        assert_eq!((p, kind), (ply, MoveErrorKind::Mismatch), "{reason}");
        let r = replay(&rec, Mode::Lenient);
        assert!(r.error.is_none());
        assert_eq!(r.warnings.len(), 1);
        assert_eq!(r.warnings[0].ply, ply);
    }
}

const CANONICAL: &str = "[Game \"Pylos\"]
[Rules \"standard\"]
[Result \"0-1\"]

1. 1b2 1c3 2. 1c4 1c2 3. 1d2 1b3 4. 1d2-2b2 1d2 5. 1d3 1c1 6. 2c2 1d1(1c1,1d1)
7. 1c1 1a4 8. 1b1 1a4-2b1 9. 1a2 1a1 10. 1c4-2a1 1b4 11. 1c4 2b3 12. 1a4 1d4
13. 1a4-2c3 1a4 14. 1a3 2b1-3b2 15. 1c1-2a2 1c1 16. 1d1 1a4-2b1 17. 1a4 2c1
18. 2a2-3b1 2a3 19. 2a2 3a1 20. 3a2 4a1 0-1
";

#[test]
fn seed_converts_to_the_canonical_record_and_back() {
    let rec: Record<Pylos> = SEED.parse().unwrap();
    let out = convert(&rec, Style::CANONICAL, Mode::Strict).unwrap();
    assert_eq!(out.to_string(), CANONICAL);
    let back: Record<Pylos> = CANONICAL.parse().unwrap();
    assert_eq!(back.to_string(), CANONICAL, "byte for byte");
    let a = replay(&rec, Mode::Strict);
    let b = replay(&back, Mode::Strict);
    assert_eq!(a.moves, b.moves);
}

#[test]
fn seed_in_compact_and_numeric() {
    let rec: Record<Pylos> = SEED.parse().unwrap();
    let compact = convert(&rec, "compact".parse().unwrap(), Mode::Strict).unwrap();
    let text = compact.to_string();
    assert!(text.contains("4. d2-2b2 d2"), "{text}");
    assert_eq!(compact.plies[0].notation.form, Form::Compact);
    let numeric = convert(&rec, "numeric".parse().unwrap(), Mode::Strict).unwrap();
    let moves: Vec<String> = numeric
        .plies
        .iter()
        .map(|p| p.notation.to_string())
        .collect();
    assert_eq!(
        moves.join(" "),
        "6 11 15 7 8 10 8-L5 8 12 3 L6 4(3,4) 3 13 2 13-L2 5 1 15-L1 14 15 L8 13 16 13-L9 13 9 L2-U4 3-L4 3 4 13-L2 13 L3 L4-U2 L7 L4 U1 U3 0"
    );
    let base = replay(&rec, Mode::Strict).moves;
    for styled in [compact, numeric] {
        let back: Record<Pylos> = styled.to_string().parse().unwrap();
        assert_eq!(replay(&back, Mode::Strict).moves, base);
    }
    // The spec's bare numeric line reads back when the style is declared.
    let bare = "[Style \"numeric\"]\n6 11 15 7 8 10 8-L5 8 12 3 L6 4(3,4) 3 13 2 13-L2 5 1 15-L1 14 15 L8 13 16 13-L9 13 9 L2-U4 3-L4 3 4 13-L2 13 L3 L4-U2 L7 L4 U1 U3 0 0-1";
    let rec: Record<Pylos> = bare.parse().unwrap();
    assert_eq!(replay(&rec, Mode::Strict).moves, base);
}

fn play_all(moves: &str) -> gamenote::pylos::Position {
    let rec: Record<Pylos> = moves.parse().unwrap();
    let r = replay(&rec, Mode::Strict);
    assert!(r.error.is_none(), "{:?}", r.error);
    r.end
}

fn try_move(pos: &gamenote::pylos::Position, text: &str) -> Result<gamenote::pylos::Move, String> {
    let n: Notation = text.parse().unwrap();
    Pylos::resolve(pos, &n).map_err(|e| e.reason)
}

#[test]
fn sequential_takeback() {
    let pos = play_all("1a1 1b1 1c3 1a2 1d3 1b2 2a1 1a4 1c4 1b4");
    let m = try_move(&pos, "1d4(2a1,1a1)").unwrap();
    let mut after = pos.clone();
    Pylos::play(&mut after, &m);
    assert_eq!((after.reserve(0), after.reserve(1)), (11, 10));
    assert_eq!(
        try_move(&pos, "1d4(1a1,2a1)").unwrap_err(),
        "take-back 1: 1a1 supports 2a1"
    );
    assert!(
        try_move(&pos, "1d4")
            .unwrap_err()
            .contains("one or two balls must be taken back")
    );
    let m = try_move(&pos, "1d4(1d4,1c3)").unwrap();
    let n = Pylos::notate(&pos, &m, Style::CANONICAL);
    assert_eq!(n.to_string(), "1d4(1c3,1d4)");
    let mut all = Vec::new();
    Pylos::legal_moves(&pos, &mut all);
    let d4 = "1d4".parse::<Slot>().unwrap();
    let sets: Vec<u32> = all
        .iter()
        .filter(|m| m.to == d4 && m.from.is_none())
        .map(|m| m.takebacks)
        .collect();
    assert_eq!(sets.len(), 16);
}

#[test]
fn raises() {
    let pos = play_all("1a1 1b1 1a2 1c1 1b2");
    assert_eq!(
        try_move(&pos, "1b1-2a1").unwrap_err(),
        "1b1 is under 2a1 and cannot hold up its own destination"
    );
    assert_eq!(
        try_move(&pos, "1c1-1d1").unwrap_err(),
        "a raise goes to a higher level, and 1d1 is not above 1c1"
    );
    assert_eq!(
        try_move(&pos, "2a1-3a1").unwrap_err(),
        "there is no ball on 2a1 to raise"
    );
    let a = try_move(&pos, "1c1-2a1").unwrap();
    let b = try_move(&pos, "1c12a1").unwrap();
    assert_eq!(a, b);
    let mut after = pos.clone();
    Pylos::play(&mut after, &a);
    assert_eq!(after.reserve(1), 13);
}

#[test]
fn one_test_per_illegal_reason() {
    let pos = play_all("1a1 1b1 1a2 1c1 1b2");
    // occupied
    assert_eq!(try_move(&pos, "1a1").unwrap_err(), "1a1 is occupied");
    // not supported
    assert_eq!(
        try_move(&pos, "2b2").unwrap_err(),
        "2b2 is not supported: 1c2 1b3 1c3 empty"
    );
    // raising the opponent's ball
    assert_eq!(
        try_move(&pos, "1a1-2b2").unwrap_err(),
        "1a1 is White's ball; Black can raise only his own"
    );
    // raising a supporting ball
    let p2 = play_all("1a1 1b1 1a2 1b2 2a1 1c1");
    assert_eq!(
        try_move(&p2, "1a1-2c3").unwrap_err(),
        "1a1 supports 2a1 and cannot be raised"
    );
    // take-back without a formation
    assert_eq!(
        try_move(&pos, "1d4(1d4)").unwrap_err(),
        "take-back without a formation: 1d4 makes no square"
    );
    // take-back of a ball not one's own, and of an empty slot
    let sq = play_all("1a1 1c1 1b1 1c2 1a2 1d1");
    assert_eq!(
        try_move(&sq, "1b2(1c1)").unwrap_err(),
        "take-back 1: 1c1 is Black's ball"
    );
    assert_eq!(
        try_move(&sq, "1b2(1d4)").unwrap_err(),
        "take-back 1: 1d4 is empty"
    );
    // empty reserve
    let mut empty = Pylos::start(&Rules::default());
    let mut moves = Vec::new();
    // Play the first legal move until the game ends (at most 30 placements per side).
    for _ in 0..500 {
        if Pylos::outcome(&empty).is_some() {
            break;
        }
        moves.clear();
        Pylos::legal_moves(&empty, &mut moves);
        let m = moves[0];
        Pylos::play(&mut empty, &m);
    }
    assert!(Pylos::outcome(&empty).is_some(), "the game ends");
    assert_eq!(
        try_move(&empty, "4a1").unwrap_err(),
        "the game is already over"
    );
}

#[test]
fn no_reserve_to_place() {
    // Under reserve=no_moves a player with an empty reserve may raise but not place. Random
    // games (seeded, so the test is the same every run) find such a position.
    let rules = "standard,reserve=no_moves".parse().unwrap();
    let mut found = None;
    let mut moves = Vec::new();
    'games: for seed in 0..500 {
        let mut rng = gamenote::generate::Rng::new(seed);
        let mut pos = Pylos::start(&rules);
        while Pylos::outcome(&pos).is_none() {
            if pos.reserve(pos.turn()) == 0 {
                found = Some(pos);
                break 'games;
            }
            moves.clear();
            Pylos::legal_moves(&pos, &mut moves);
            let m = moves[rng.below(moves.len())];
            Pylos::play(&mut pos, &m);
        }
    }
    let pos = found.expect("a position where the mover has no reserve and the game goes on");
    let mut moves = Vec::new();
    Pylos::legal_moves(&pos, &mut moves);
    assert!(
        !moves.is_empty() && moves.iter().all(|m| m.from.is_some()),
        "only raises"
    );
    let free = Slot::all()
        .find(|s| pos.at(*s).is_none())
        .expect("an empty slot");
    let err = try_move(&pos, &free.to_string()).unwrap_err();
    assert!(err.contains("has no ball in reserve"), "{err}");
}

/// The grammar allows spaces before the take-backs; the reader's shortcut for the common
/// move must not cut them off (found by the gipf_notation fuzz target's shortcut check).
#[test]
fn take_backs_may_follow_after_spaces() {
    let n: Notation = "1d1 (1c1,1d1)".parse().unwrap();
    assert_eq!(n.takebacks.len(), 2);
    let rec: Record<Pylos> = "1d1  (1c1) *".parse().unwrap();
    assert_eq!(rec.plies.len(), 1);
    assert_eq!(rec.plies[0].notation.takebacks.len(), 1);
    gamenote::fuzzing::shortcuts_agree(b"2a2                           (          ");
}
