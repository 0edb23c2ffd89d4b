//! The command line as people use it (issue 21, item 10): `check --quiet`, a missing file
//! said once without a summary, `moves` on a finished game, shell completions and the man
//! page, all through the built binary.

use crate::common;

fn run(args: &[&str]) -> (i32, String, String) {
    let r = common::run(args);
    (r.code, r.out, r.err)
}

fn temp(name: &str, text: &str) -> String {
    common::file_in(&["habits"], name, text.as_bytes())
}

const TWO: &str = "[Game \"Pylos\"]\n1b2 1c3 *\n\n[Game \"Pylos\"]\n1b2 1b2 *\n";

#[test]
fn quiet_prints_failures_and_the_summary_only() {
    let f = temp("two.pylos", TWO);
    let (code, out, _) = run(&["check", "--quiet", &f]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], format!("{f}:5:5: ply 2 (1b2): 1b2 is occupied"));
    assert_eq!(lines.last(), Some(&"2 records, 1 ok, 1 failed"));
    assert!(!out.contains("record 1: ok"), "{out}");
    let (code, out, _) = run(&["check", "-q", "--json", &f]);
    assert_eq!(code, 1);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.starts_with(&format!("{{\"file\":\"{f}\",\"record\":2,\"ok\":false")));
    // Without --quiet, both records have a line.
    let (_, out, _) = run(&["check", &f]);
    assert!(out.contains(&format!("{f} record 1: ok, 2 plies")), "{out}");
}

#[test]
fn a_missing_file_is_said_once_without_a_summary() {
    let (code, out, err) = run(&["check", "/nonexistent/dir/game.pylos"]);
    assert_eq!(code, 2);
    assert_eq!(out, "");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("/nonexistent/dir/game.pylos: cannot read"),
        "{err}"
    );
    // With a readable file beside it, the summary counts what was read.
    let f = temp("one.pylos", "[Game \"Pylos\"]\n1b2 1c3 *\n");
    let (code, out, _) = run(&["check", "/nonexistent/dir/game.pylos", &f]);
    assert_eq!(code, 2);
    assert!(out.ends_with("1 records, 1 ok, 0 failed\n"), "{out}");
}

#[test]
fn moves_on_a_finished_game_says_it_is_over() {
    let seed = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/records/pylos-seed.pylos"
    );
    let (code, out, err) = run(&["moves", seed]);
    assert_eq!((code, out.as_str()), (0, ""));
    assert_eq!(err, "the game is over (0-1): no move is legal\n");
}

#[test]
fn completions_and_the_man_page_come_from_the_definitions() {
    let (code, out, _) = run(&["completions", "bash"]);
    assert_eq!(code, 0);
    assert!(out.contains("_gamenote()"), "{out}");
    for sub in [
        "check", "convert", "show", "moves", "html", "perft", "generate",
    ] {
        assert!(out.contains(sub), "{sub} missing from the bash completions");
    }
    let (code, out, _) = run(&["completions", "zsh"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("#compdef gamenote"), "{out}");
    let (code, out, _) = run(&["man"]);
    assert_eq!(code, 0);
    assert!(out.contains(".TH gamenote 1"), "{out}");
    assert!(out.contains("check"), "{out}");
    let (code, _, err) = run(&["completions", "tcsh"]);
    assert_eq!(code, 2, "{err}");
}

/// `show --format position` prints the position string; `fen`, its older name, is the same.
#[test]
fn show_format_position_and_its_older_name_fen() {
    let f = temp("one.pylos", "[Game \"Pylos\"]\n1b2 1c3 *\n");
    let (code, position, err) = run(&["show", "--format", "position", &f]);
    assert_eq!(code, 0, "{err}");
    let (code, fen, _) = run(&["show", "--format", "fen", &f]);
    assert_eq!(code, 0);
    assert_eq!(position, fen);
    let (_, text, _) = run(&["show", "--format", "text", &f]);
    assert_ne!(position, text);
    assert_eq!(position.lines().count(), 1, "{position}");
}
