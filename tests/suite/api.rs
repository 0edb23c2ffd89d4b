//! The public API as an embedding program meets it: errors that fit `?`, written results,
//! replay as a `Result`, rendered errors, and the position string of every game.

use gamenote::{Play, RecordFormat};
use std::error::Error as StdError;

use gamenote::game::Written;
use gamenote::generate::legal_game;
use gamenote::record::{replay, replay_with};
use gamenote::{Error, Game, GameResult, Mode, Outcome, ParseError, Record, ValueError};
use gamenote::{gipf, pylon, pylos, threeman};
use proptest::prelude::*;

/// An embedding program's own error type: every error of the crate converts into it.
#[derive(Debug, thiserror::Error)]
enum AppError {
    #[error(transparent)]
    Gamenote(#[from] Error),
    #[error(transparent)]
    Value(#[from] ValueError),
    #[error(transparent)]
    Parse(#[from] ParseError),
}

fn rules_then_style(rules: &str, style: &str) -> Result<(pylos::Rules, pylos::Style), AppError> {
    Ok((rules.parse()?, style.parse()?))
}

fn replay_count(text: &str) -> Result<usize, AppError> {
    let rec: Record<pylos::Pylos> = text.parse()?;
    Ok(replay(&rec, Mode::Strict).into_result()?.moves.len())
}

#[test]
fn rules_and_style_errors_fit_the_question_mark() {
    let (r, s) = rules_then_style("alignment", "compact").unwrap();
    assert_eq!(
        (r.to_string(), s.to_string()),
        ("alignment".into(), "compact".into())
    );
    let e = rules_then_style("chess", "compact").unwrap_err();
    assert_eq!(
        e.to_string(),
        "unknown Pylos rule set \"chess\" (expected standard, alignment or children)"
    );
    let e = rules_then_style("standard", "fancy").unwrap_err();
    assert!(matches!(e, AppError::Value(ref v) if v.tag.is_none()));
    assert_eq!(
        e.to_string(),
        "unknown Pylos style \"fancy\" (expected canonical, compact or numeric, optionally +markers)"
    );
    let boxed: Box<dyn StdError + Send + Sync> = Box::new(e);
    assert!(boxed.to_string().starts_with("unknown Pylos style"));
}

#[test]
fn every_game_reports_rules_and_style_errors_as_value_errors() {
    let e: ValueError = "blitz".parse::<gipf::Rules>().unwrap_err();
    assert_eq!(
        e.message,
        "unknown GIPF variant \"blitz\" (expected basic, standard or tournament)"
    );
    let e: ValueError = "fancy".parse::<gipf::Style>().unwrap_err();
    assert_eq!(
        e.message,
        "unknown GIPF style \"fancy\" (expected complete, short or text)"
    );
    let e: ValueError = "standard,fast".parse::<threeman::Rules>().unwrap_err();
    assert!(
        e.message
            .starts_with("unknown three-man chess rules \"fast\"")
    );
    let e: ValueError = "fancy".parse::<threeman::Style>().unwrap_err();
    assert_eq!(
        e.message,
        "unknown three-man chess style \"fancy\": expected short or long"
    );
    let e: ValueError = "standard,suicide=maybe"
        .parse::<pylon::Rules>()
        .unwrap_err();
    assert!(
        e.message
            .starts_with("unknown Pylon rules \"standard,suicide=maybe\"")
    );
    let e: ValueError = "fancy".parse::<pylon::Style>().unwrap_err();
    assert_eq!(
        e.message,
        "unknown Pylon style \"fancy\": the only style is standard"
    );
}

#[test]
fn replay_converts_into_a_result() {
    assert_eq!(replay_count("1b2 1c3 1c4 *").unwrap(), 3);
    match replay_count("1b2 1c3 1b2 *").unwrap_err() {
        AppError::Gamenote(Error::Illegal(e)) => {
            assert_eq!((e.ply, e.written.as_str()), (3, "1b2"));
            assert_eq!(e.reason, "1b2 is occupied");
            assert_eq!(e.span, Some(8..11));
        }
        other => panic!("{other:?}"),
    }
    match replay_count("1b2 zz *").unwrap_err() {
        AppError::Parse(e) => assert_eq!((e.line, e.column), (1, 5)),
        other => panic!("{other:?}"),
    }
    let rec: Record<pylos::Pylos> = "1b2 *".parse().unwrap();
    let r: Result<_, Error> = replay(&rec, Mode::Strict).into();
    let r = r.unwrap();
    assert_eq!(
        format!("{:?}", r.moves),
        "[Move { from: None, to: Slot(5), takebacks: 0 }]"
    );
    assert!(format!("{r:?}").starts_with("Replay { start: Position {"));
}

#[test]
fn set_up_errors_name_their_tag_and_render_with_a_caret() {
    let text = "[Game \"Pylon\"]\n[Size \"27\"]\n\n1a1 *\n";
    let rec: Record<pylon::Pylon> = text.parse().unwrap();
    let e = replay(&rec, Mode::Strict).into_result().unwrap_err();
    let Error::Setup(ref v) = e else {
        panic!("{e:?}")
    };
    assert_eq!(v.tag.as_deref(), Some("Size"));
    assert_eq!(
        e.render("a.pylon", text),
        "a.pylon:2:8: the Size tag \"27\" is not a Pylon board size from 2 to 26\n  \
         [Size \"27\"]\n         ^^"
    );
    // (A first push with G would be the tournament game's: issue 20, item 18.)
    let text = "[Game \"GIPF\"]\n\n1.a5-c5 *\n";
    let rec: Record<gipf::Gipf> = text.parse().unwrap();
    let e = replay(&rec, Mode::Strict).into_result().unwrap_err();
    assert!(
        e.render("g.gipf", text)
            .starts_with("g.gipf: a GIPF record needs [Rules")
    );
}

#[test]
fn every_error_kind_renders_with_a_caret() {
    let text = "[Game \"Pylos\"]\n\n1b2 1c3 1b2 *\n";
    let rec: Record<pylos::Pylos> = text.parse().unwrap();
    let e = replay(&rec, Mode::Strict).into_result().unwrap_err();
    let expected = "p.pylos:3:9: ply 3 (1b2): 1b2 is occupied\n  1b2 1c3 1b2 *\n          ^^^";
    assert_eq!(e.render("p.pylos", text), expected);
    let Error::Illegal(ref illegal) = e else {
        panic!("{e:?}")
    };
    assert_eq!(illegal.render("p.pylos", text), expected);
    let move_error = gamenote::MoveError::illegal("1b2 is occupied");
    assert_eq!(
        move_error.render("p.pylos", text, illegal.span.clone().unwrap()),
        "p.pylos:3:9: 1b2 is occupied\n  1b2 1c3 1b2 *\n          ^^^"
    );
    let bad = "[Game \"Pylos\"]\n\n1b2 zz *\n";
    let parse = bad.parse::<Record<pylos::Pylos>>().unwrap_err();
    let rendered = Error::from(parse.clone()).render("p.pylos", bad);
    assert_eq!(rendered, parse.render("p.pylos", bad));
    assert_eq!(
        rendered,
        format!("p.pylos:3:5: {}\n  1b2 zz *\n      ^^", parse.message())
    );
}

#[test]
fn outcomes_and_results_print_and_read_in_the_written_form() {
    let cases = [
        (GameResult::Decided(Outcome::Win(0)), "1-0"),
        (GameResult::Decided(Outcome::Win(1)), "0-1"),
        (GameResult::Decided(Outcome::Win(2)), "0-0-1"),
        (GameResult::Decided(Outcome::Draw(0b11)), "1/2-1/2"),
        (GameResult::Decided(Outcome::Draw(0b101)), "1/2-0-1/2"),
        (GameResult::Decided(Outcome::Draw(0b111)), "1/3-1/3-1/3"),
        (GameResult::Unfinished, "*"),
    ];
    for (r, s) in cases {
        assert_eq!(r.to_string(), s);
        assert_eq!(s.parse::<GameResult>(), Ok(r), "{s}");
    }
    assert_eq!("1-0-0".parse::<Outcome>(), Ok(Outcome::Win(0)));
    for bad in ["", "1", "1-1", "1/2-0", "1/2-1/3", "2-0", "1-0 ", "*-*"] {
        let e = bad.parse::<GameResult>().unwrap_err();
        assert_eq!((e.line, e.column), (1, 1), "{bad}");
    }
}

#[test]
fn each_game_writes_its_own_results() {
    let win0 = GameResult::Decided(Outcome::Win(0));
    assert_eq!(Written::<pylos::Pylos>::new(win0).to_string(), "1-0");
    assert_eq!(
        Written::<threeman::ThreeMan>::new(win0).to_string(),
        "1-0-0"
    );
    let draw = GameResult::Decided(Outcome::Draw(0b011));
    assert_eq!(
        Written::<threeman::ThreeMan>::new(draw).to_string(),
        "1/2-1/2-0"
    );
    assert_eq!(Written::<gipf::Gipf>::new(draw).to_string(), "1/2-1/2");
    let back: Written<pylon::Pylon> = "0-1".parse().unwrap();
    assert_eq!(back.result(), GameResult::Decided(Outcome::Win(1)));
    let e = "1-0".parse::<Written<threeman::ThreeMan>>().unwrap_err();
    assert_eq!(
        (e.column, e.expected.as_str()),
        (1, "a Three-man chess result")
    );
    let e = "1-0 x".parse::<Written<gipf::Gipf>>().unwrap_err();
    assert_eq!((e.column, e.expected.as_str()), (4, "end of input"));
}

// ---- position strings ----

/// Checks that every position of a random game prints to a string that reads back to a
/// position printing the same, with the same moves and outcome.
fn strings_round_trip<G: Game>(seed: u64, plies: usize) -> Result<(), TestCaseError> {
    for (i, rules) in G::variants().into_iter().enumerate() {
        let game = legal_game::<G>(&rules, plies, seed.wrapping_add(i as u64));
        let check = |pos: &G::Position| -> Result<(), TestCaseError> {
            let s = G::position_string(pos).expect("every game has a position string");
            let back = G::read_position(&s, &rules)
                .map_err(|e| TestCaseError::fail(format!("{}: {s}: {e}", G::NAME)))?;
            prop_assert_eq!(G::position_string(&back), Some(s.clone()));
            prop_assert_eq!(G::count_legal(&back), G::count_legal(pos), "{}", s);
            prop_assert_eq!(G::outcome(&back), G::outcome(pos), "{}", s);
            prop_assert_eq!(G::to_move(&back), G::to_move(pos), "{}", s);
            Ok(())
        };
        let start = G::setup(&game.record.tags).unwrap();
        check(&start)?;
        let mut result = Ok(());
        replay_with(&game.record, Mode::Strict, |_, _, _, after| {
            if result.is_ok() {
                result = check(after);
            }
        });
        result?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn pylos_position_strings_round_trip(seed in any::<u64>(), plies in 0usize..60) {
        strings_round_trip::<pylos::Pylos>(seed, plies)?;
    }

    #[test]
    fn gipf_position_strings_round_trip(seed in any::<u64>(), plies in 0usize..80) {
        strings_round_trip::<gipf::Gipf>(seed, plies)?;
    }

    #[test]
    fn pylon_position_strings_round_trip(seed in any::<u64>(), plies in 0usize..80) {
        strings_round_trip::<pylon::Pylon>(seed, plies)?;
    }

    #[test]
    fn threeman_position_strings_round_trip(seed in any::<u64>(), plies in 0usize..80) {
        strings_round_trip::<threeman::ThreeMan>(seed, plies)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any text read as a position string gives a position or an error inside the text.
    #[test]
    fn position_string_readers_are_total(s in "[.wbBoOxX/0-9 =lostWBnextpgi-]{0,90}", n in 2u8..6) {
        let inside = |e: ParseError| e.span.start <= s.len() && e.column <= s.chars().count() + 1;
        if let Err(e) = pylos::position_string::parse(&s, pylos::Rules::default()) {
            prop_assert!(inside(e));
        }
        if let Err(e) = gipf::position_string::parse(&s, gipf::Rules::new(gipf::Variant::Tournament)) {
            prop_assert!(inside(e));
        }
        let sized = format!("{n} {s}");
        if let Err(e) = pylon::position_string::parse(&sized, pylon::Rules::default()) {
            prop_assert!(e.span.start <= sized.len());
        }
    }
}

#[test]
fn pylos_and_pylon_strings_give_back_the_same_position() {
    for seed in 0..20 {
        let g = legal_game::<pylos::Pylos>(&pylos::Rules::default(), 40, seed);
        let s = pylos::position_string::write(&g.end);
        assert_eq!(
            pylos::position_string::parse(&s, pylos::Rules::default()),
            Ok(g.end)
        );
        let g = legal_game::<pylon::Pylon>(&pylon::Rules::default(), 60, seed);
        let s = pylon::position_string::write(&g.end);
        assert_eq!(
            pylon::position_string::parse(&s, pylon::Rules::default()),
            Ok(g.end)
        );
    }
}

/// For every record of `text`: the end of its replay from the start, and the end of the
/// replay of the rest from the position string after written ply `n` (or the last) put in a
/// `[Position]` tag.
fn from_ply<G: Game>(text: &str, n: usize) -> Vec<(String, String)> {
    Record::<G>::iter(text)
        .map(|rec| from_ply_of(rec.unwrap(), n))
        .collect()
}

fn from_ply_of<G: Game>(rec: Record<G>, n: usize) -> (String, String) {
    let n = n.min(rec.plies.len());
    let mut at_n = G::setup(&rec.tags).unwrap();
    let whole = replay_with(&rec, Mode::Lenient, |ply, _, _, after| {
        if ply <= n {
            at_n = after.clone();
        }
    });
    assert!(whole.error.is_none(), "{:?}", whole.error);
    let s = G::position_string(&at_n).unwrap();
    let mut rest = rec.clone();
    rest.set_tag("Position", s.clone());
    rest.plies.drain(..n);
    let printed = rest.to_string();
    let reprinted: Record<G> = printed.parse().unwrap_or_else(|e| panic!("{e}\n{printed}"));
    let part = replay(&reprinted, Mode::Lenient);
    assert!(part.error.is_none(), "{s}: {:?}", part.error);
    assert_eq!(G::position_string(&part.start), Some(s));
    assert_eq!(part.outcome, whole.outcome);
    (
        G::position_string(&whole.end).unwrap(),
        G::position_string(&part.end).unwrap(),
    )
}

#[test]
fn every_example_record_replays_from_the_string_of_its_ply_10() {
    let mut records = 0;
    for entry in std::fs::read_dir("examples/records").expect("examples/records exists") {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        let ends = match ext {
            "pylos" => from_ply::<pylos::Pylos>(&text, 10),
            "gipf" => from_ply::<gipf::Gipf>(&text, 10),
            "pylon" => from_ply::<pylon::Pylon>(&text, 10),
            "3mc" => from_ply::<threeman::ThreeMan>(&text, 10),
            other => panic!("unknown extension {other} of {}", path.display()),
        };
        for (whole, part) in &ends {
            assert_eq!(whole, part, "{}", path.display());
        }
        records += ends.len();
    }
    assert_eq!(records, 16);
}

#[test]
fn every_game_has_a_position_string_type() {
    use gamenote::game::PositionString;
    let s: PositionString<pylos::Pylos> =
        "................/........./..../. w 15 15".parse().unwrap();
    assert_eq!(s.0, pylos::Pylos::start(&pylos::Rules::default()));
    let start = gipf::Gipf::start(&gipf::Rules::default());
    let text = PositionString::<gipf::Gipf>(start.clone()).to_string();
    assert_eq!(
        text,
        "X..O...........O.....X...........X..O W=12 lostW=0 B=12 lostB=0 next=o"
    );
    let back: PositionString<gipf::Gipf> = text.parse().unwrap();
    assert_eq!(gipf::position_string::write(&back.0), text);
    let s: PositionString<pylon::Pylon> = "4 ................/........./..../. w".parse().unwrap();
    assert_eq!(s.0, pylon::Pylon::start(&pylon::Rules::with_size(4)));
    let start = threeman::ThreeMan::start(&threeman::Rules::default());
    let text = PositionString::<threeman::ThreeMan>(start.clone()).to_string();
    assert!(text.ends_with(" W KQ/KQ/KQ - - WGB 0 1"), "{text}");
    assert_eq!(
        text.parse::<PositionString<threeman::ThreeMan>>()
            .unwrap()
            .0,
        start
    );
    let e = "x".parse::<PositionString<pylon::Pylon>>().unwrap_err();
    assert_eq!(
        (e.column, e.expected.as_str()),
        (1, "the board size from 2 to 26")
    );
}

#[test]
fn the_pylos_position_string() {
    let rules = pylos::Rules::default();
    let g = legal_game::<pylos::Pylos>(&rules, 200, 7);
    let s = pylos::position_string::write(&g.end);
    assert!(s.ends_with(" 1-0") || s.ends_with(" 0-1"), "{s}");
    assert_eq!(pylos::position_string::parse(&s, rules), Ok(g.end.clone()));
    let at = |s: &str| {
        let e = pylos::position_string::parse(s, rules).unwrap_err();
        (e.column, e.expected)
    };
    assert_eq!(
        at("w.............../b......../..../. b 14 14"),
        (18, "a ball resting on four balls".to_string())
    );
    assert_eq!(
        at("w............../........./..../. b 14 15"),
        (
            16,
            "'.', 'w' or 'b' for slot 1d4 (level 1 has 16 slots)".to_string()
        )
    );
    assert_eq!(
        at("w.............../........./..../. b 15 15"),
        (
            37,
            "White's reserve of 14 (15 balls less 1 on the board)".to_string()
        )
    );
    assert_eq!(
        at("................/........./..../. x 15 15"),
        (35, "the player to move, w or b".to_string())
    );
    assert_eq!(
        at("................/........./..../. w 15 15 1-0 x"),
        (47, "the end of the position string".to_string())
    );
    assert_eq!(
        at("................/........./..../. w 15"),
        (39, "Black's reserve".to_string())
    );
    let text =
        "[Game \"Pylos\"]\n[Position \"w...b.........../........./..../. w 14 14\"]\n\n1b2 *\n";
    let rec: Record<pylos::Pylos> = text.parse().unwrap();
    let r = replay(&rec, Mode::Strict).into_result().unwrap();
    assert_eq!(
        pylos::position_string::write(&r.end),
        "w...bw........../........./..../. b 13 14"
    );
}

#[test]
fn the_gipf_position_string_reads_the_final_tags() {
    let text = std::fs::read_to_string("examples/records/gf1-standard-0.gipf").unwrap();
    let rec: Record<gipf::Gipf> = text.parse().unwrap();
    let fin = rec.tag("Final").expect("a [Final] tag");
    let rules = gipf::Gipf::rules_from_tags(&rec.tags).unwrap();
    let pos = gipf::position_string::parse(fin, rules).unwrap();
    assert_eq!(gipf::position_string::write(&pos), fin);
    let end = replay(&rec, Mode::Strict).into_result().unwrap().end;
    assert_eq!(gipf::position_string::write(&end), fin);
    let e = gipf::position_string::parse(
        "X..O...........O.....X...........X..O W=12 lostW=0 B=12",
        rules,
    )
    .unwrap_err();
    assert_eq!((e.column, e.expected.as_str()), (56, "lostB="));
    let e = gipf::position_string::parse("X..O...........O.....X...........X..Q W=12", rules)
        .unwrap_err();
    assert_eq!(
        (e.column, e.expected.as_str()),
        (37, "'.', 'o', 'O', 'x' or 'X' for spot h5")
    );
    let board = format!("o{}x", ".".repeat(35));
    let rules = gipf::Rules::new(gipf::Variant::Standard);
    for (gone, winner) in [
        ("", 1),
        (" gone=o", 1),
        (" gone=x", 0),
        (" gone==o", 0),
        (" gone==x", 1),
    ] {
        let s = format!("{board} W=5 lostW=4 B=5 lostB=4 next=o{gone}");
        let pos = gipf::position_string::parse(&s, rules).unwrap();
        assert_eq!(gipf::Gipf::outcome(&pos), Some(Outcome::Win(winner)), "{s}");
        assert_eq!(gipf::position_string::write(&pos), s);
    }
    let s = format!(
        "{} W=18 lostW=0 B=16 lostB=0 next=x opening=gz",
        ".".repeat(37)
    );
    let tournament = gipf::Rules::new(gipf::Variant::Tournament);
    let e = gipf::position_string::parse(&s, tournament).unwrap_err();
    assert_eq!(
        (e.column, e.expected.as_str()),
        (
            72,
            "opening= and a letter n, g or b for each player, not both b"
        )
    );
    // Outside the tournament game there is no opening to state (issue 20, item 9).
    let e = gipf::position_string::parse(&s, rules).unwrap_err();
    assert_eq!(
        (e.column, e.expected.as_str()),
        (
            72,
            "the end of the position string (opening= is for the tournament game)"
        )
    );
}

#[test]
fn the_pylon_position_string() {
    let rules = pylon::Rules::default();
    let pos = pylon::position_string::parse("3 w.b....../..../. b", rules).unwrap();
    assert_eq!(pos.rules().size, 3);
    assert_eq!(pos.to_move(), 1);
    let p = |s: &str| s.parse::<pylon::Point>().unwrap();
    assert_eq!(
        (pos.piece(p("1a1")), pos.piece(p("1c1"))),
        (Some(0), Some(1))
    );
    let e = pylon::position_string::parse("3 ........./w.../. w", rules).unwrap_err();
    assert_eq!(e.column, 3);
    assert_eq!(
        e.expected,
        "a position the rules allow (2a1 does not rest on four pieces: 1a1 is empty)"
    );
    let e = pylon::position_string::parse("27 . w", rules).unwrap_err();
    assert_eq!(
        (e.column, e.expected.as_str()),
        (1, "the board size from 2 to 26")
    );
    let e = pylon::position_string::parse("2 wb../ w", rules).unwrap_err();
    assert_eq!(
        (e.column, e.expected.as_str()),
        (8, "'.', 'w' or 'b' for 2a1 (level 2 has 1 points)")
    );
    let text = "[Game \"Pylon\"]\n[Size \"6\"]\n[Position \"3 w.b....../..../. b\"]\n\n1b1 1a2 *\n";
    let rec: Record<pylon::Pylon> = text.parse().unwrap();
    let r = replay(&rec, Mode::Strict).into_result().unwrap();
    assert_eq!(
        pylon::position_string::write(&r.end),
        "3 wbbw...../..../. b"
    );
}

#[test]
fn a_bad_position_tag_is_a_set_up_error_at_the_tag() {
    let text = "[Game \"Pylos\"]\n[Position \"nonsense\"]\n\n1b2 *\n";
    let rec: Record<pylos::Pylos> = text.parse().unwrap();
    let e = replay(&rec, Mode::Strict).into_result().unwrap_err();
    let Error::Setup(ref v) = e else {
        panic!("{e:?}")
    };
    assert_eq!(v.tag.as_deref(), Some("Position"));
    assert_eq!(
        v.message,
        "the Position tag, column 1: expected '.', 'w' or 'b' for slot 1a1 (level 1 has 16 slots), found \"nonsense\""
    );
    assert!(
        e.render("p.pylos", text)
            .starts_with("p.pylos:2:12: the Position tag")
    );
}

#[test]
fn pylon_writes_its_result_with_the_score() {
    let text = std::fs::read_to_string("examples/records/pylon-spec.pylon").unwrap();
    let rec: Record<pylon::Pylon> = text.parse().unwrap();
    let end = replay(&rec, Mode::Strict).into_result().unwrap().end;
    let score = pylon::Score::of(&end);
    assert_eq!(score.to_string(), "0-1 {W 3 B 7}");
    assert_eq!("0-1 {W 3 B 7}".parse::<pylon::Score>(), Ok(score));
    let e = "1-0 {W 3 B 7}".parse::<pylon::Score>().unwrap_err();
    assert_eq!(
        (e.column, e.expected.as_str()),
        (1, "0-1, the result the score gives")
    );
    let e = "1-0 W 3 B 7".parse::<pylon::Score>().unwrap_err();
    assert_eq!(
        (e.column, e.expected.as_str()),
        (5, "a score comment such as {W 3 B 7}")
    );
    let e = "2-0 {W 3 B 7}".parse::<pylon::Score>().unwrap_err();
    assert_eq!(e.column, 1);
}
