//! Issue 20, items 3, 4, 6, 8 and 18: what a set-up position already decides, Pylon's score
//! comment out of range, tags the crate reads read strictly, exact results, and GIPF records
//! as people write them.

use gamenote::check::{Problem, Report, check_source};
use gamenote::generate::legal_game;
use gamenote::prelude::*;
use gamenote::{GameResult, Outcome, gipf::Gipf, pylon::Pylon, pylos::Pylos, threeman::ThreeMan};

fn one<G: Game>(text: &str, mode: Mode) -> Report {
    let reports = check_source::<G>("t", text, &[], mode);
    assert_eq!(reports.len(), 1, "{text}");
    reports.into_iter().next().expect("one report")
}

/// The error of `text` read strictly: kind, line, column, message.
fn error<G: Game>(text: &str) -> (&'static str, usize, usize, String) {
    let r = one::<G>(text, Mode::Strict);
    let p: Problem = r.error.unwrap_or_else(|| panic!("no error\n{text}"));
    (p.kind.as_str(), p.line, p.column, p.message)
}

// ---- 3. A set-up position that already decides the game ----

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

// ---- 4. Pylon's score comment ----

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

// ---- 6. Tags read strictly ----

#[test]
fn pylos_style_tag_is_read_strictly() {
    let text = "[Game \"Pylos\"]\n[Style \"bogus\"]\n\n1b2 1c3 *\n";
    assert_eq!(
        error::<Pylos>(text),
        (
            "setup",
            2,
            9,
            "unknown Pylos style \"bogus\" (expected canonical, compact or numeric, optionally +markers)"
                .to_string()
        )
    );
    let r = one::<Pylos>(text, Mode::Lenient);
    assert!(r.error.is_none(), "{:?}", r.error);
    assert_eq!((r.plies, r.result.as_deref()), (2, Some("*")));
    let w: Vec<(&str, usize, usize, &str)> = r
        .warnings
        .iter()
        .map(|p| (p.kind.as_str(), p.line, p.column, p.message.as_str()))
        .collect();
    assert_eq!(
        w,
        [(
            "mismatch",
            2,
            1,
            "unknown Pylos style \"bogus\" (expected canonical, compact or numeric, optionally +markers) (the tag is ignored)"
        )]
    );
    // Every real style is accepted.
    for style in ["canonical", "compact", "numeric", "compact+markers"] {
        let t = text.replace("bogus", style);
        let t = if style == "numeric" {
            t.replace("1b2 1c3", "6 11")
        } else {
            t
        };
        assert!(one::<Pylos>(&t, Mode::Strict).ok(), "{style}");
    }
}

#[test]
fn size_tag_on_a_game_without_sizes_is_refused() {
    fn case<G: Game>(head: &str, moves: &str) {
        let text = format!("{head}[Size \"5\"]\n\n{moves}\n");
        let line = head.lines().count() + 1;
        assert_eq!(
            error::<G>(&text),
            ("setup", line, 8, format!("{} has no board sizes", G::NAME))
        );
        let r = one::<G>(&text, Mode::Lenient);
        assert!(r.error.is_none(), "{:?}", r.error);
        assert_eq!(r.warnings.len(), 1);
        assert_eq!(
            (
                r.warnings[0].line,
                r.warnings[0].column,
                r.warnings[0].message.as_str()
            ),
            (
                line,
                1,
                format!("{} has no board sizes (the tag is ignored)", G::NAME).as_str()
            )
        );
    }
    case::<Pylos>("[Game \"Pylos\"]\n", "1b2 *");
    case::<Gipf>("[Game \"GIPF\"]\n[Rules \"basic\"]\n", "a5-c5 *");
    case::<ThreeMan>("[Game \"Three-Man Chess\"]\n", "*");
    // Pylon reads it: a bad size is needed to play, so it is an error even when lenient.
    let text = "[Game \"Pylon\"]\n[Size \"27\"]\n\n*\n";
    for mode in [Mode::Strict, Mode::Lenient] {
        let p = one::<Pylon>(text, mode).error.expect("an error");
        assert_eq!((p.line, p.column), (2, 8));
    }
}

#[test]
fn rule_options_given_twice_are_refused_in_every_game() {
    let cases: [(&str, String); 4] = [
        (
            "standard,takeback=optional,takeback=mandatory",
            "the Pylos rule option takeback is given twice (takeback=optional, then takeback=mandatory)".into(),
        ),
        (
            "standard,reserve=no_moves,reserve=no_moves",
            "the Pylos rule option reserve is given twice (reserve=no_moves, then reserve=no_moves)".into(),
        ),
        (
            "alignment,takeback=optional,reserve=immediately,takeback=optional",
            "the Pylos rule option takeback is given twice (takeback=optional, then takeback=optional)".into(),
        ),
        ("standard,takeback=optional,reserve=immediately", String::new()),
    ];
    for (rules, message) in cases {
        let text = format!("[Game \"Pylos\"]\n[Rules \"{rules}\"]\n\n1b2 *\n");
        for mode in [Mode::Strict, Mode::Lenient] {
            let r = one::<Pylos>(&text, mode);
            match r.error {
                Some(p) => assert_eq!((p.line, p.column, p.message), (2, 9, message.clone())),
                None => assert!(message.is_empty(), "{rules}"),
            }
        }
    }
    let gipf =
        "[Game \"GIPF\"]\n[Rules \"standard,last-gipf=first,last-gipf=white-loses\"]\n\na5-c5 *\n";
    assert_eq!(
        error::<Gipf>(gipf),
        (
            "setup",
            2,
            9,
            "the GIPF rule option last-gipf is given twice (last-gipf=first, then last-gipf=white-loses)"
                .to_string()
        )
    );
    let three = "[Game \"Three-Man Chess\"]\n[Rules \"standard,open-moats,open-moats\"]\n\n*\n";
    assert_eq!(
        error::<ThreeMan>(three),
        (
            "setup",
            2,
            9,
            "the three-man chess rule option open-moats is given twice".to_string()
        )
    );
    let pylon = "[Game \"Pylon\"]\n[Rules \"standard,suicide=piece,suicide=group\"]\n\n*\n";
    assert_eq!(
        error::<Pylon>(pylon),
        (
            "setup",
            2,
            9,
            "the Pylon rule option suicide is given twice in \"standard,suicide=piece,suicide=group\""
                .to_string()
        )
    );
}

#[test]
fn gipf_variant_tag_must_agree_with_the_rules_tag() {
    let text = "[Game \"GIPF\"]\n[Rules \"basic\"]\n[Variant \"tournament\"]\n\na5-c5 *\n";
    assert_eq!(
        error::<Gipf>(text),
        (
            "setup",
            3,
            11,
            "the Variant tag says tournament but the Rules tag says basic".to_string()
        )
    );
    let agree = text.replace("tournament", "Basic");
    assert!(one::<Gipf>(&agree, Mode::Strict).ok());
}

#[test]
fn tags_no_game_reads_round_trip() {
    let text = "[Game \"Pylos\"]\n[Rules \"standard\"]\n[Result \"*\"]\n[Flavour \"bogus\"]\n\n1. 1b2 1c3 *\n";
    let rec: Record<Pylos> = text.parse().expect("reads");
    assert_eq!(rec.to_string(), text);
    assert!(one::<Pylos>(text, Mode::Strict).ok());
}

// ---- 8. Exact results ----

#[test]
fn results_are_exact() {
    for bad in [
        "1-0-0-0",
        "0-0-0-1",
        "1/2-1/2-0-0",
        "1-0-0-0-0-0-0-0",
        "0-1-",
        "-1-0",
    ] {
        assert!(bad.parse::<GameResult>().is_err(), "{bad}");
        assert!(bad.parse::<Outcome>().is_err(), "{bad}");
    }
    assert_eq!("1-0-0".parse::<Outcome>(), Ok(Outcome::Win(0)));
    assert_eq!("0-0-1".parse::<Outcome>(), Ok(Outcome::Win(2)));
    // Each game's own reader takes its own forms only.
    for g in ["1-0-0-0", "1-0-0", "0-1-0", "1/2-1/2-0"] {
        assert_eq!(
            Pylos::parse_result(g).map(|(r, _)| r.is_empty()),
            None,
            "{g}"
        );
        assert_eq!(Gipf::parse_result(g), None, "{g}");
        assert_eq!(Pylon::parse_result(g), None, "{g}");
    }
    for g in ["1-0-0-0", "1-0", "0-1", "1/2-1/2", "1-0-0-", "0-0-1-0"] {
        assert_eq!(ThreeMan::parse_result(g), None, "{g}");
    }
    assert_eq!(
        ThreeMan::parse_result("0-0-1"),
        Some(("", GameResult::Decided(Outcome::Win(2))))
    );
    // In a record: a parse error at the token, and a Result tag that is no result.
    let p = error::<ThreeMan>("[Game \"Three-Man Chess\"]\n\n1-0-0-0\n");
    assert_eq!((p.0, p.1, p.2), ("parse", 3, 1));
    let p = error::<Pylos>("[Game \"Pylos\"]\n[Result \"1-0-0-0\"]\n\n1b2 *\n");
    assert_eq!(
        p,
        (
            "mismatch",
            4,
            5,
            "the Result tag \"1-0-0-0\" is not a result".to_string()
        )
    );
}

// ---- 18. GIPF records as people write them ----

#[test]
fn tagless_gipf_record_with_g_first_is_the_tournament_game() {
    let text = "1.Ge2 (16) Gd1-f2 (16) 2.Gd2 (14) Ge8 (14) *\n";
    let r = one::<Gipf>(text, Mode::Strict);
    assert_eq!(
        (r.error.map(|p| p.message), r.plies, r.result.as_deref()),
        (None, 4, Some("*"))
    );
    let rec: Record<Gipf> = text.parse().expect("reads");
    let replay = gamenote::record::replay(&rec, Mode::Strict);
    assert!(replay.is_ok(), "{:?}", replay.error);
    let out = gamenote::record::convert(&rec, Default::default(), Mode::Strict).expect("converts");
    assert_eq!(out.tag("Rules"), Some("tournament"));
    // Without G first there is no telling basic from standard.
    let (kind, line, column, message) = error::<Gipf>("1.e2 *\n");
    assert_eq!(
        (kind, line, column),
        ("setup", 1, 1),
        "at the record's start: there is no tag (as Error::location places it)"
    );
    assert!(
        message.starts_with("a GIPF record needs [Rules"),
        "{message}"
    );
    // A tag names the rules: the first move does not change them.
    let named = format!("[Rules \"standard\"]\n\n{text}");
    assert_eq!(error::<Gipf>(&named).1, 3);
}

#[test]
fn gipf_unclosed_reserve_count_names_the_missing_parenthesis() {
    for (moves, column, found) in [
        ("1.Gh4 (16", 10, "\\n"),
        ("1.Gh4 (16 Gd1-f2 *", 10, " "),
        ("1.Ge2 (16) Gd1-f2 (1x *", 21, "x"),
    ] {
        let text = format!("[Game \"GIPF\"]\n[Rules \"tournament\"]\n\n{moves}\n");
        let (kind, line, col, message) = error::<Gipf>(&text);
        assert_eq!(
            (kind, line, col),
            ("parse", 4, column),
            "{moves}: {message}"
        );
        assert!(
            message.starts_with("expected ')' to close the reserve count, such as (16), found \""),
            "{message}"
        );
        assert!(message.contains(found), "{message}");
    }
}

#[test]
fn bare_x_without_result_names_the_player_to_move() {
    let text = "[Game \"GIPF\"]\n[Rules \"basic\"]\n\n1.a5-c5 (11) X\n";
    let want = "X says the game is over, but no result follows (Black to move)";
    assert_eq!(error::<Gipf>(text), ("mismatch", 4, 14, want.to_string()));
    let r = one::<Gipf>(text, Mode::Lenient);
    assert!(r.error.is_none());
    let w: Vec<(usize, usize, &str)> = r
        .warnings
        .iter()
        .map(|p| (p.line, p.column, p.message.as_str()))
        .collect();
    assert_eq!(w, [(4, 14, want)]);
    let white = "[Game \"GIPF\"]\n[Rules \"basic\"]\n\n1.a5-c5 (11) i5-g5 (11) X\n";
    assert_eq!(
        error::<Gipf>(white).3,
        "X says the game is over, but no result follows (White to move)"
    );
}
