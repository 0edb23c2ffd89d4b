//! Issue 15: records end as the rules say. A finished GIPF game ends ` X 1-0` or ` X 0-1`, a
//! finished Pylon game ends with its score comment (`1-0 {W 5 B 3}`), in everything the crate
//! writes: generated games, conversions to every style and back, the command line's
//! `generate` and `convert`. An ending that disagrees with the board is a mismatch: an error
//! at the ending's line and column when strict, a warning when lenient.
//!
//! Only the public API; the command line's side is in cli/tests/endings.rs.

use crate::common::{error, one};
use gamenote::check::{Problem, check_source};
use gamenote::generate::legal_game;
use gamenote::gipf::{self, Gipf, Variant};
use gamenote::prelude::*;
use gamenote::pylon::{self, Pylon};
use gamenote::record::{convert, replay};
use gamenote::sheet::{self, Layout};
use gamenote::{Error, IllegalMove, MoveErrorKind};

/// Generated finished games per GIPF variant and per Pylon size: the full 500. Measured in
/// the dev profile (opt-level 1) on a shared 2-core machine: 0.2-0.3 s per GIPF variant
/// (each game converted to three styles and back), 0.6 s for the five Pylon sizes, 1.5 s
/// for this whole file.
const GAMES: u64 = 500;

/// Long enough for every random game to end.
const PLIES: usize = 100_000;

/// The styles of a game, each a value of its `Style`.
fn styles<G: Game>(names: &[&str]) -> Vec<G::Style> {
    names.iter().map(|s| s.parse().expect("a style")).collect()
}

/// True when the printed record `text` ends with `ending` (which starts with a space), all on
/// its last line: after a space, or at the start of the line when the line before is full.
fn ends_with(text: &str, ending: &str) -> bool {
    let Some(body) = text.strip_suffix('\n') else {
        return false;
    };
    let last = body.rsplit('\n').next().unwrap_or(body);
    last.ends_with(ending) || last == ending.trim_start()
}

/// Checks one generated finished game: it ends with `ending` (the text after the last move),
/// checks strictly with the rules' outcome, and converts to every style and back keeping
/// the ending, the moves and the result.
fn ends_as_the_rules_say<G: Game>(
    rules: &G::Rules,
    seed: u64,
    all_styles: &[G::Style],
    ending: impl Fn(&G::Position, Outcome) -> String,
) -> (Outcome, Record<G>) {
    let game = legal_game::<G>(rules, PLIES, seed);
    let text = game.record.to_string();
    let Some(outcome) = G::outcome(&game.end) else {
        panic!("seed {seed}: the game did not end\n{text}");
    };
    let want = ending(&game.end, outcome);
    assert!(
        ends_with(&text, &want),
        "seed {seed}: the record does not end with {want:?}\n{text}"
    );
    let read = |text: &str| -> (Record<G>, gamenote::Replay<G>) {
        let rec: Record<G> = text
            .parse()
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        let r = replay(&rec, Mode::Strict);
        assert!(r.is_ok(), "seed {seed}: {:?}\n{text}", r.error);
        assert!(r.warnings.is_empty(), "seed {seed}: {:?}", r.warnings);
        assert_eq!(r.outcome, Some(outcome), "seed {seed}\n{text}");
        assert_eq!(
            rec.result,
            Some(GameResult::Decided(outcome)),
            "seed {seed}\n{text}"
        );
        (rec, r)
    };
    let (rec, r) = read(&text);
    assert_eq!(
        rec, game.record,
        "seed {seed}: read back differently\n{text}"
    );
    assert_eq!(r.moves, game.moves, "seed {seed}");
    for &style in all_styles {
        let there = convert(&rec, style, Mode::Strict)
            .unwrap_or_else(|e| panic!("seed {seed}: to {style}: {e}\n{text}"));
        let there_text = there.to_string();
        assert!(
            ends_with(&there_text, &want),
            "seed {seed}: {style} does not end with {want:?}\n{there_text}"
        );
        let (again, r2) = read(&there_text);
        assert_eq!(again, there, "seed {seed}: {style} read back differently");
        assert_eq!(r2.moves, game.moves, "seed {seed}: {style}");
        let back = convert(&again, G::Style::default(), Mode::Strict)
            .unwrap_or_else(|e| panic!("seed {seed}: back from {style}: {e}\n{there_text}"));
        assert_eq!(
            back.to_string(),
            text,
            "seed {seed}: {style} and back is not the record"
        );
    }
    (outcome, rec)
}

/// GIPF's ending: ` X 1-0` or ` X 0-1`.
fn gipf_ending(_: &gipf::Position, o: Outcome) -> String {
    format!(" X {}", Gipf::write_result(GameResult::Decided(o)))
}

/// Pylon's ending: the result, then the score comment.
fn pylon_ending(end: &pylon::Position, o: Outcome) -> String {
    format!(
        " {} {{W {} B {}}}",
        Pylon::write_result(GameResult::Decided(o)),
        end.score(0),
        end.score(1)
    )
}

fn gipf_variant(variant: Variant, seed0: u64) {
    let rules = gipf::Rules::new(variant);
    let all = styles::<Gipf>(&["complete", "short", "text"]);
    let mut wins = [0u64; 2];
    for seed in seed0..seed0 + GAMES {
        let (o, rec) = ends_as_the_rules_say::<Gipf>(&rules, seed, &all, gipf_ending);
        if let Outcome::Win(w) = o {
            wins[usize::from(w)] += 1;
        }
        // The guide's other layouts keep the ending too.
        if seed % 10 == 0 {
            let want = gipf_ending(&Gipf::start(&rules), o);
            for layout in [Layout::Reserve, Layout::Slash, Layout::Sheet] {
                let t = sheet::write_text(&rec, layout);
                // The sheet writes the ending on a line of its own.
                let words: Vec<&str> = t.split_whitespace().collect();
                assert_eq!(
                    words[words.len() - 2..].join(" "),
                    want.trim(),
                    "{layout}\n{t}"
                );
                let back: Record<Gipf> = t.parse().unwrap_or_else(|e| panic!("{e}\n{t}"));
                assert_eq!(back.plies, rec.plies, "{layout}\n{t}");
                assert_eq!(back.result, rec.result, "{layout}\n{t}");
            }
        }
    }
    // Every game has a winner, and both seats win some, so both endings are written.
    assert_eq!(wins[0] + wins[1], GAMES, "{variant:?}");
    assert!(wins[0] > 0 && wins[1] > 0, "{variant:?}: {wins:?}");
}

#[test]
fn gipf_basic_games_end_with_x_and_their_result() {
    gipf_variant(Variant::Basic, 0);
}

#[test]
fn gipf_standard_games_end_with_x_and_their_result() {
    gipf_variant(Variant::Standard, 10_000);
}

#[test]
fn gipf_tournament_games_end_with_x_and_their_result() {
    gipf_variant(Variant::Tournament, 20_000);
}

#[test]
fn pylon_games_end_with_their_score_on_sizes_3_to_7() {
    let all = styles::<Pylon>(&["standard"]);
    for size in 3..=7u8 {
        let rules = pylon::Rules::with_size(size);
        let mut seen = [false; 3];
        for seed in 0..GAMES {
            let seed = u64::from(size) * 100_000 + seed;
            match ends_as_the_rules_say::<Pylon>(&rules, seed, &all, pylon_ending).0 {
                Outcome::Win(w) => seen[usize::from(w)] = true,
                Outcome::Draw(_) => seen[2] = true,
            }
        }
        assert!(seen[0] && seen[1], "size {size}: {seen:?}");
    }
}

// ---- endings that disagree with the board ----

/// A finished basic game (generated with seed 1): Black wins, `X 0-1`.
const GIPF_FINISHED: &str = include_str!("../data/endings/finished.gipf");

/// A finished size-3 game (generated with seed 0): White wins 5 to 3.
const PYLON_FINISHED: &str = include_str!("../data/endings/finished.pylon");

/// `text` with its one `from` replaced by `to`.
fn edit(text: &str, from: &str, to: &str) -> String {
    assert_eq!(text.matches(from).count(), 1, "{from:?}");
    text.replace(from, to)
}

/// The one problem `check` finds in `text` in `mode`: the error when strict, the warning when
/// lenient.
fn problem<G: Game>(text: &str, mode: Mode) -> Problem {
    let reports = check_source::<G>("t", text, &[], mode);
    assert_eq!(reports.len(), 1, "{text}");
    let r = &reports[0];
    match mode {
        Mode::Strict => {
            assert!(r.warnings.is_empty(), "{:?}", r.warnings);
            r.error
                .clone()
                .unwrap_or_else(|| panic!("no error\n{text}"))
        }
        Mode::Lenient => {
            assert!(r.error.is_none(), "{:?}\n{text}", r.error);
            assert_eq!(r.warnings.len(), 1, "{:?}\n{text}", r.warnings);
            r.warnings[0].clone()
        }
    }
}

/// `text` fails strictly with a mismatch at `(line, column)` saying `message`, and reads
/// leniently with that warning; parsing and replaying the record gives the same; the
/// one-pass check and the whole-record replay agree.
fn disagrees<G: Game>(text: &str, line: usize, column: usize, message: &str) {
    for mode in [Mode::Strict, Mode::Lenient] {
        let p = problem::<G>(text, mode);
        assert_eq!(
            (p.kind, p.line, p.column, p.ply, p.message.as_str()),
            (
                gamenote::check::ProblemKind::Mismatch,
                line,
                column,
                None,
                message
            ),
            "{mode:?}\n{text}"
        );
    }
    let rec: Record<G> = text.parse().expect("the record reads");
    let strict = replay(&rec, Mode::Strict);
    let Some(Error::Illegal(e)) = &strict.error else {
        panic!("no error: {:?}\n{text}", strict.error);
    };
    assert_eq!(
        (e.kind, e.ply, e.reason.as_str()),
        (MoveErrorKind::Mismatch, 0, message)
    );
    let lenient = replay(&rec, Mode::Lenient);
    assert!(lenient.is_ok(), "{:?}", lenient.error);
    let w: Vec<&IllegalMove> = lenient.warnings.iter().collect();
    assert_eq!(w.len(), 1);
    assert_eq!((w[0].reason.as_str(), &w[0].span), (message, &e.span));
    for mode in [Mode::Strict, Mode::Lenient] {
        let (one_pass, whole) = gamenote::fuzzing::one_pass_verdicts::<G>(text, mode);
        assert_eq!(one_pass, whole, "{mode:?}");
    }
}

#[test]
fn the_examples_read_cleanly() {
    for text in [GIPF_FINISHED, PYLON_FINISHED] {
        let reports = if text.contains("GIPF") {
            check_source::<Gipf>("t", text, &[], Mode::Strict)
        } else {
            check_source::<Pylon>("t", text, &[], Mode::Strict)
        };
        assert!(reports[0].ok() && reports[0].warnings.is_empty(), "{text}");
    }
    // They are what the generator writes.
    let gipf = legal_game::<Gipf>(&gipf::Rules::new(Variant::Basic), PLIES, 1);
    assert_eq!(gipf.record.to_string(), GIPF_FINISHED);
    let pylon = legal_game::<Pylon>(&pylon::Rules::with_size(3), PLIES, 0);
    assert_eq!(pylon.record.to_string(), PYLON_FINISHED);
}

#[test]
fn gipf_x_on_a_game_that_goes_on_is_a_mismatch() {
    // X says the game is over; `*` says it goes on.
    let text = "[Game \"GIPF\"]\n[Rules \"basic\"]\n\n1.a5-c5 (11) f8-d7 (11)\n2.f7 (10) X *\n";
    disagrees::<Gipf>(text, 5, 11, "X says the game is over, but the result is *");
    // X after a move the game went on from.
    let text = "[Game \"GIPF\"]\n[Rules \"basic\"]\n\n1.a5-c5 (11) X f8-d7 (11) *\n";
    disagrees::<Gipf>(
        text,
        4,
        14,
        "X after ply 1 says the game is over, but ply 2 (f8-d7 (11)) follows",
    );
    // X on a game that is not over is a resignation when a winner follows (the spec's
    // rule), so it reads cleanly.
    let text = "[Game \"GIPF\"]\n[Rules \"basic\"]\n\n1.a5-c5 (11) X 0-1\n";
    let r = &check_source::<Gipf>("t", text, &[], Mode::Strict)[0];
    assert!(r.ok() && r.warnings.is_empty(), "{:?}", r.error);
}

#[test]
fn gipf_finished_game_with_a_missing_or_wrong_result_is_a_mismatch() {
    // The result after X is missing.
    let text = edit(GIPF_FINISHED, "X 0-1", "X");
    let text = edit(&text, "[Result \"0-1\"]\n", "");
    disagrees::<Gipf>(
        &text,
        7,
        24,
        "X says the game is over, but no result follows (the game ended 0-1)",
    );
    // The wrong winner: placed at the result.
    let text = edit(GIPF_FINISHED, "X 0-1", "X 1-0");
    let text = edit(&text, "[Result \"0-1\"]", "[Result \"1-0\"]");
    disagrees::<Gipf>(&text, 8, 26, "the record says 1-0 but the game ended 0-1");
    // `*` on a finished game.
    let text = edit(GIPF_FINISHED, "X 0-1", "X *");
    let text = edit(&text, "[Result \"0-1\"]", "[Result \"*\"]");
    disagrees::<Gipf>(&text, 8, 26, "the record says * but the game ended 0-1");
    // The movetext and the Result tag disagree.
    let text = edit(GIPF_FINISHED, "[Result \"0-1\"]", "[Result \"1-0\"]");
    disagrees::<Gipf>(
        &text,
        8,
        26,
        "the Result tag says 1-0 but the movetext ends with 0-1",
    );
}

#[test]
fn pylon_wrong_score_or_result_is_a_mismatch() {
    // A wrong score, placed at the ending (its result token).
    let text = edit(PYLON_FINISHED, "{W 5 B 3}", "{W 5 B 2}");
    disagrees::<Pylon>(
        &text,
        6,
        46,
        "the score comment says W 5 B 2 but the board has W 5 B 3",
    );
    // A wrong result with the right score.
    let text = edit(PYLON_FINISHED, "1-0 {W", "0-1 {W");
    let text = edit(&text, "[Result \"1-0\"]", "[Result \"0-1\"]");
    disagrees::<Pylon>(
        &text,
        6,
        46,
        "the record says 0-1 but the game ended 1-0 (W 5 B 3)",
    );
    // No result on the finished game: `*` before the score.
    let text = edit(PYLON_FINISHED, "1-0 {W", "* {W");
    let text = edit(&text, "[Result \"1-0\"]", "[Result \"*\"]");
    disagrees::<Pylon>(
        &text,
        6,
        46,
        "the record says * but the game ended 1-0 (W 5 B 3)",
    );
    // A score on a game that goes on.
    let text = "[Game \"Pylon\"]\n[Size \"3\"]\n\n1. 1b3 1b2 * {W 1 B 2}\n";
    disagrees::<Pylon>(
        text,
        4,
        12,
        "the score comment says W 1 B 2 but the board has W 1 B 1",
    );
}

// ---- writers add the ending a record lacks ----

#[test]
fn convert_adds_the_ending_a_record_lacks() {
    // Reading accepts a finished game without its ending (as it always did) ...
    let bare = edit(GIPF_FINISHED, "X 0-1", "0-1");
    let rec: Record<Gipf> = bare.parse().unwrap();
    assert!(replay(&rec, Mode::Strict).is_ok());
    // ... prints it back as it stands ...
    assert_eq!(rec.to_string(), bare);
    // ... and every conversion writes it.
    for style in [gipf::Style::Complete, gipf::Style::Short, gipf::Style::Text] {
        let out = convert(&rec, style, Mode::Strict).unwrap().to_string();
        assert!(ends_with(&out, " X 0-1"), "{out}");
    }
    assert_eq!(
        convert(&rec, gipf::Style::Complete, Mode::Strict)
            .unwrap()
            .to_string(),
        GIPF_FINISHED
    );

    let bare = edit(PYLON_FINISHED, " {W 5 B 3}", "");
    let rec: Record<Pylon> = bare.parse().unwrap();
    assert!(replay(&rec, Mode::Strict).is_ok());
    assert_eq!(rec.to_string(), bare);
    let out = convert(&rec, pylon::Style::Standard, Mode::Strict).unwrap();
    assert_eq!(out.to_string(), PYLON_FINISHED);
    // Other comments after the result stay, after the score.
    let noted = edit(PYLON_FINISHED, " {W 5 B 3}", " {well played}");
    let rec: Record<Pylon> = noted.parse().unwrap();
    let out = convert(&rec, pylon::Style::Standard, Mode::Strict).unwrap();
    assert_eq!(out.comments_after, ["W 5 B 3", "well played"]);
    // A wrong score, read leniently, is written right.
    let wrong = edit(PYLON_FINISHED, "{W 5 B 3}", "{W 9 B 9} {note}");
    let rec: Record<Pylon> = wrong.parse().unwrap();
    let out = convert(&rec, pylon::Style::Standard, Mode::Lenient).unwrap();
    assert_eq!(out.comments_after, ["W 5 B 3", "note"]);
    assert!(replay(&out, Mode::Strict).is_ok());
}

#[test]
fn add_ending_is_idempotent_and_leaves_unfinished_games_alone() {
    let mut rec: Record<Gipf> = edit(GIPF_FINISHED, "X 0-1", "0-1").parse().unwrap();
    let end = replay(&rec, Mode::Strict).end;
    rec.add_ending(&end);
    rec.add_ending(&end);
    assert_eq!(rec.to_string(), GIPF_FINISHED);
    assert_eq!(rec.plies.last().unwrap().annotations, ["X"]);

    let mut rec: Record<Pylon> = PYLON_FINISHED.parse().unwrap();
    let end = replay(&rec, Mode::Strict).end;
    rec.add_ending(&end);
    assert_eq!(rec.to_string(), PYLON_FINISHED);

    let text = "[Game \"Pylon\"]\n[Size \"3\"]\n\n1. 1b3 1b2 *\n";
    let mut rec: Record<Pylon> = text.parse().unwrap();
    let end = replay(&rec, Mode::Strict).end;
    rec.add_ending(&end);
    assert_eq!(rec.to_string(), text);
    let text = "[Game \"GIPF\"]\n[Rules \"basic\"]\n\n1.c2 (11) 0-1\n";
    let mut rec: Record<Gipf> = text.parse().unwrap();
    let end = replay(&rec, Mode::Strict).end;
    rec.add_ending(&end);
    assert_eq!(rec.to_string(), text, "a resignation gets no X");
}

/// `Hooks::RESOLVE_REFUSES_AFTER_END` is a promise replay relies on to skip the outcome
/// test before each move: once a game is over, no written move resolves. Tried at the end
/// of finished games with every move written in the game (and Pylon's pass).
fn nothing_resolves_after_the_end<G: Game>(rules: &G::Rules, extra: &[&str]) {
    assert!(G::RESOLVE_REFUSES_AFTER_END);
    let mut tried = 0;
    for seed in 0..60 {
        let game = legal_game::<G>(rules, PLIES, seed);
        if G::outcome(&game.end).is_none() {
            continue;
        }
        let mut notes: Vec<G::Notation> = game
            .record
            .plies
            .iter()
            .map(|p| p.notation.clone())
            .collect();
        notes.extend(extra.iter().map(|s| s.parse().expect("a move")));
        for n in &notes {
            tried += 1;
            assert!(
                G::resolve(&game.end, n).is_err(),
                "seed {seed}: {n} resolves after the end of\n{}",
                game.record
            );
        }
    }
    assert!(tried > 300, "only {tried} notes tried");
}

#[test]
fn no_move_resolves_after_the_end_where_replay_relies_on_it() {
    for size in 3..=7 {
        nothing_resolves_after_the_end::<Pylon>(&pylon::Rules::with_size(size), &["pass"]);
    }
    for v in ["basic", "standard", "tournament"] {
        nothing_resolves_after_the_end::<Gipf>(&v.parse().expect("rules"), &[]);
    }
    nothing_resolves_after_the_end::<gamenote::threeman::ThreeMan>(&Default::default(), &[]);
}

#[test]
fn a_pylos_draw_result_says_pylos_has_no_draws() {
    let text = "[Game \"Pylos\"]\n\n1b2 1c3 1/2-1/2\n";
    let err = text.parse::<Record<gamenote::pylos::Pylos>>().unwrap_err();
    assert_eq!((err.line, err.column), (3, 9));
    assert!(err.to_string().contains("Pylos has no draws"), "{err}");
    let reports = check_source::<gamenote::pylos::Pylos>("f", text, &[], Mode::Strict);
    let p = reports[0].error.as_ref().expect("fails");
    assert_eq!((p.kind.as_str(), p.line, p.column), ("parse", 3, 9));
    assert!(p.message.contains("Pylos has no draws"), "{}", p.message);
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
