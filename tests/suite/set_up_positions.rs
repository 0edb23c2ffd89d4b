//! A set-up position (`[Position]`) that already decides the game: the record's result must
//! be the one the position gives, in every game and under every Pylos reserve rule, and no
//! move may follow.

use crate::common::{error, one};
use gamenote::generate::legal_game;
use gamenote::prelude::*;
use gamenote::{GameResult, Outcome, gipf::Gipf, pylon::Pylon, pylos::Pylos, threeman::ThreeMan};

/// White to move, no ball in reserve; 2b2, his only free ball, holds up every level-3 slot.
const PYLOS_STUCK: &str = "bwwwwwwwwwwwwwwb/bbbbwbbbb/..../. w 0 5";

#[test]
fn pylos_set_up_position_with_the_player_to_move_stuck_is_decided() {
    for rules in [
        "standard",
        "standard,reserve=immediately",
        "standard,reserve=no_moves",
    ] {
        let text =
            format!("[Game \"Pylos\"]\n[Rules \"{rules}\"]\n[Position \"{PYLOS_STUCK}\"]\n\n1-0\n");
        assert_eq!(
            error::<Pylos>(&text),
            (
                "mismatch",
                5,
                1,
                "the record says 1-0 but the game ended 0-1".to_string()
            ),
            "{rules}"
        );
        let right = text.replace("\n1-0\n", "\n0-1\n");
        let r = one::<Pylos>(&right, Mode::Strict);
        assert_eq!(
            (r.error.is_none(), r.plies, r.result.as_deref()),
            (true, 0, Some("0-1")),
            "{rules}"
        );
        // `*` on a finished game is the same mismatch.
        let open = text.replace("\n1-0\n", "\n*\n");
        assert_eq!(
            error::<Pylos>(&open).3,
            "the record says * but the game ended 0-1"
        );
        // And no move can follow.
        let more = text.replace("\n1-0\n", "\n2a1 *\n");
        let (kind, line, column, _) = error::<Pylos>(&more);
        assert_eq!((kind, line, column), ("illegal", 5, 1), "{rules}");
    }
}

#[test]
fn pylos_set_up_position_judged_by_each_reserve_rule() {
    let judged = |s: &str, rules: &str| {
        let tags = [
            ("Rules".to_string(), rules.to_string()),
            ("Position".to_string(), s.to_string()),
        ];
        Pylos::outcome(&Pylos::setup(&tags).expect("sets up"))
    };
    let open = "w...b.........../........./..../. w 14 14";
    for rules in [
        "standard",
        "standard,reserve=immediately",
        "standard,reserve=no_moves",
    ] {
        assert_eq!(judged(open, rules), None, "{rules}: the game goes on");
    }
    // Black to move with no ball in reserve, but with a raise (2c3 to 3a1).
    let black_out = "wbwbwbwbwbwbwbwb/bbbbbbbww/..../. b 5 0";
    assert_eq!(
        judged(black_out, "standard"),
        Some(Outcome::Win(0)),
        "on_turn: White won"
    );
    assert_eq!(judged(black_out, "standard,reserve=immediately"), None);
    assert_eq!(
        judged(black_out, "standard,reserve=no_moves"),
        None,
        "Black can raise"
    );
    // White, who has just moved, emptied his own reserve.
    let white_out = "wbwbwbwbwbwbwbwb/wwwwwwwbb/..../. b 0 5";
    assert_eq!(judged(white_out, "standard"), None);
    assert_eq!(
        judged(white_out, "standard,reserve=immediately"),
        Some(Outcome::Win(1)),
        "immediately: the move that emptied White's reserve lost"
    );
    assert_eq!(judged(white_out, "standard,reserve=no_moves"), None);
    // The top filled: its owner has won, whatever the rules.
    let full = "wbwbwbwbwbwbwbwb/wbwbwbwbw/wbwb/b w 0 0";
    for rules in [
        "standard",
        "standard,reserve=immediately",
        "standard,reserve=no_moves",
    ] {
        assert_eq!(judged(full, rules), Some(Outcome::Win(1)), "{rules}");
    }
    // A written result that the rules contradict is refused at the result field.
    let tags = [("Position".to_string(), format!("{PYLOS_STUCK} 1-0"))];
    let err = Pylos::setup(&tags).unwrap_err();
    assert_eq!(err.tag.as_deref(), Some("Position"));
    assert_eq!(
        err.message,
        "the Position tag, column 41: expected 0-1 (the rules give this position to Black), or the end, found \"1-0\""
    );
}

/// Plays a finished game of `G`, then checks a record that starts from its end with no move
/// and a wrong result: a mismatch at the result, as after a move; the right result checks ok.
fn set_up_end_is_judged<G: Game>(rules: &G::Rules) {
    let mut done = 0;
    for seed in 1..400u64 {
        let game = legal_game::<G>(rules, 2000, seed);
        let Some(o) = G::outcome(&game.end) else {
            continue;
        };
        let Some(mut s) = G::position_string(&game.end) else {
            panic!("{} writes no position string", G::NAME);
        };
        // The Pylos string says a finished game's result; the rules must find it alone.
        for r in [" 1-0", " 0-1"] {
            if G::NAME == "Pylos" && s.ends_with(r) {
                s.truncate(s.len() - r.len());
            }
        }
        let wrong = match o {
            Outcome::Win(0) => Outcome::Win(1),
            _ => Outcome::Win(0),
        };
        let (wrong, right) = (
            G::write_result(GameResult::Decided(wrong)),
            G::write_result(GameResult::Decided(o)),
        );
        let mut text = String::new();
        for (n, v) in G::rules_tags(rules) {
            text.push_str(&format!("[{n} \"{v}\"]\n"));
        }
        text.push_str(&format!("[Position \"{s}\"]\n\n"));
        let line = text.lines().count() + 1;
        let (kind, l, c, message) = error::<G>(&format!("{text}{wrong}\n"));
        assert_eq!(
            (kind, l, c),
            ("mismatch", line, 1),
            "{}: {message}",
            G::NAME
        );
        let want = format!("the record says {wrong} but the game ended {right}");
        assert!(message.starts_with(&want), "{}: {message}", G::NAME);
        let ok = one::<G>(&format!("{text}{right}\n"), Mode::Strict);
        assert_eq!(
            (ok.error.map(|p| p.message), ok.plies, ok.result),
            (None, 0, Some(right.clone())),
            "{}",
            G::NAME
        );
        done += 1;
        if done == 3 {
            return;
        }
    }
    panic!("{}: fewer than 3 finished games", G::NAME);
}

#[test]
fn every_game_judges_a_set_up_position_that_is_over() {
    set_up_end_is_judged::<Pylos>(&Default::default());
    set_up_end_is_judged::<Gipf>(&gamenote::gipf::Rules::new(gamenote::gipf::Variant::Basic));
    set_up_end_is_judged::<Pylon>(&Default::default());
    set_up_end_is_judged::<ThreeMan>(&Default::default());
}
