//! Issue 15 on the command line: `generate` and `convert` end a finished GIPF game with
//! ` X 1-0` or ` X 0-1` and a finished Pylon game with its score comment, as the library's
//! writers do (tests/suite/endings.rs).

use std::process::Command;

use crate::common::BIN;
use gamenote::gipf::Gipf;
use gamenote::prelude::*;
use gamenote::pylon::Pylon;
use gamenote::record::replay;

const GIPF_FINISHED: &str = include_str!("../../tests/data/endings/finished.gipf");
const PYLON_FINISHED: &str = include_str!("../../tests/data/endings/finished.pylon");

/// The standard output of a run that must succeed.
fn run(args: &[&str]) -> String {
    let out = Command::new(BIN)
        .args(args)
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(0), "{args:?}");
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// Every record of `out` replays strictly to an end, and is printed with the ending the
/// library's writer gives that end.
fn all_finished_with_their_ending<G: Game>(out: &str) -> usize {
    let mut n = 0;
    for rec in Record::<G>::parse_all(out) {
        let rec = rec.expect("a generated record reads");
        let r = replay(&rec, Mode::Strict);
        assert!(r.is_ok(), "{:?}", r.error);
        assert!(r.outcome.is_some(), "the game ended: {rec}");
        let mut expected = rec.clone();
        expected.add_ending(&r.end);
        assert_eq!(rec.to_string(), expected.to_string());
        n += 1;
    }
    n
}

#[test]
fn generate_writes_the_endings() {
    for rules in ["basic", "standard", "tournament"] {
        let out = run(&[
            "generate", "--game", "gipf", "--rules", rules, "--count", "20", "--plies", "100000",
        ]);
        assert_eq!(all_finished_with_their_ending::<Gipf>(&out), 20);
        assert_eq!(
            out.matches(" X ").count() + out.matches("\nX ").count(),
            20,
            "{out}"
        );
    }
    for size in ["3", "5", "7"] {
        let out = run(&[
            "generate", "--game", "pylon", "--size", size, "--count", "20", "--plies", "100000",
        ]);
        assert_eq!(all_finished_with_their_ending::<Pylon>(&out), 20);
        assert_eq!(out.matches(" {W ").count(), 20, "{out}");
    }
}

#[test]
fn convert_writes_the_ending_a_record_lacks() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("endings");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let gipf_file = dir.join("bare.gipf");
    std::fs::write(&gipf_file, GIPF_FINISHED.replace("X 0-1", "0-1")).expect("temp file");
    let gipf_file = gipf_file.to_string_lossy().into_owned();
    assert_eq!(
        run(&["convert", &gipf_file, "--style", "complete"]),
        GIPF_FINISHED
    );
    let short = run(&["convert", &gipf_file, "--style", "short"]);
    // The ending stays on one line: after a space, or alone when the line before is full.
    assert!(
        short.ends_with(" X 0-1\n") || short.ends_with("\nX 0-1\n"),
        "{short}"
    );
    let pylon_file = dir.join("bare.pylon");
    std::fs::write(&pylon_file, PYLON_FINISHED.replace(" {W 5 B 3}", "")).expect("temp file");
    let pylon_file = pylon_file.to_string_lossy().into_owned();
    assert_eq!(
        run(&["convert", &pylon_file, "--style", "standard"]),
        PYLON_FINISHED
    );
}
