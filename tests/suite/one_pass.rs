//! Checking in one pass (the `Checker` visitor: parse, resolve and play each move as it is
//! read) gives exactly the verdicts of parsing each record whole and replaying it: on every
//! shipped record, on generated legal games and on generated near misses, for every game.

use gamenote::fuzzing::{one_pass_verdicts, resolve_play_agrees};
use gamenote::generate::{legal_game_in_variant, near_miss};
use gamenote::{Game, Mode, Record};
use gamenote::{gipf::Gipf, pylon::Pylon, pylos::Pylos, threeman::ThreeMan};

fn agree<G: Game>(text: &str) -> usize {
    let mut n = 0;
    for mode in [Mode::Strict, Mode::Lenient] {
        let (one_pass, whole) = one_pass_verdicts::<G>(text, mode);
        assert_eq!(one_pass, whole, "{mode:?}:\n{text}");
        n = one_pass.len();
    }
    n
}

fn shipped(dir: &str, ext: &str) -> Vec<String> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{dir}: {e}")) {
        let path = entry.expect("a directory entry").path();
        if path.to_string_lossy().ends_with(ext) {
            out.push(std::fs::read_to_string(&path).expect("a UTF-8 record file"));
        }
    }
    assert!(!out.is_empty(), "no .{ext} file in {dir}");
    out
}

#[test]
fn shipped_records_get_the_same_verdicts() {
    let mut records = 0;
    for text in shipped("examples/records", ".pylos") {
        records += agree::<Pylos>(&text);
    }
    for text in shipped("examples/records", ".gipf") {
        records += agree::<Gipf>(&text);
    }
    for text in shipped("tests/data/gipf", ".gipf") {
        records += agree::<Gipf>(&text);
    }
    for text in shipped("examples/records", ".3mc") {
        records += agree::<ThreeMan>(&text);
    }
    for text in shipped("examples/records", ".pylon") {
        records += agree::<Pylon>(&text);
    }
    assert!(records > 90, "{records} records");
}

/// `count` generated legal games and as many near misses, in every variant.
fn generated<G: Game>(count: u64) {
    let variants = G::variants().len();
    let mut misses = 0;
    for seed in 0..count {
        let game = legal_game_in_variant::<G>(seed as usize % variants, 30, seed);
        let text = game.record.to_string();
        let (one_pass, whole) = one_pass_verdicts::<G>(&text, Mode::Strict);
        assert_eq!(one_pass, whole, "{text}");
        assert!(one_pass[0].is_ok(), "{text}");
        resolve_play_along(&game.record);
        if let Some(miss) = near_miss(&game, seed) {
            agree::<G>(&miss.text);
            if let Some(rec) = &miss.record {
                resolve_play_along(rec);
            }
            misses += 1;
        }
    }
    assert!(misses > count / 2, "{misses} near misses of {count}");
}

#[test]
fn pylos_generated_games_and_near_misses() {
    generated::<Pylos>(10_000);
}

#[test]
fn gipf_generated_games_and_near_misses() {
    generated::<Gipf>(10_000);
}

#[test]
fn threeman_generated_games_and_near_misses() {
    generated::<ThreeMan>(10_000);
}

#[test]
fn pylon_generated_games_and_near_misses() {
    generated::<Pylon>(10_000);
}

/// Along a record, until its first move that does not resolve: resolving and playing in one
/// call (replay's fast path) gives the move and the position of `resolve` then `play`, and a
/// refused move leaves the position untouched.
fn resolve_play_along<G: Game>(rec: &Record<G>) {
    let Ok(mut pos) = G::setup(&rec.tags) else {
        return;
    };
    for ply in &rec.plies {
        resolve_play_agrees::<G>(&pos, &ply.notation);
        match G::resolve(&pos, &ply.notation) {
            Ok(m) => G::play(&mut pos, &m),
            Err(_) => return,
        }
    }
}
