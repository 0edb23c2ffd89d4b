//! The whole product attacked as a stranger would (session 15): each case found a fault
//! that is fixed, and is held here with its exact output and exit code.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

mod common;
use common::BIN;

/// A fresh folder `name` under the tests' temporary directory, with `file` holding `text`.
fn folder(name: &str, file: &str, text: &[u8]) -> PathBuf {
    common::fresh_folder("attack15", name, file, text)
}

fn run(dir: &PathBuf, args: &[&str]) -> Output {
    Command::new(BIN)
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Two records with junk after the first (a stray line) and after the second (a NUL byte).
const JUNK: &[u8] =
    b"[Game \"Pylos\"]\n\n1b2 1c3 *\nstray line\n\n[Game \"Pylos\"]\n\n1b2 1b2 *\n\0\n";

/// `export` passed over junk between records without a word: its summary said
/// `2 records, 1 ok, 1 failed` while `check` said `, 2 junk` (and exits 1), so an archive
/// with stray text exported as clean. The summary now counts the junk as `check` does.
#[test]
fn export_counts_junk_in_its_summary() {
    let dir = folder("export_junk", "in.pylos", JUNK);
    let out = run(&dir, &["check", "in.pylos"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).ends_with("2 records, 1 ok, 1 failed, 2 junk\n"),
        "{}",
        text(&out.stdout)
    );
    let out = run(
        &dir,
        &["export", "in.pylos", "--to", "jsonl", "-o", "out.jsonl"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "2 records, 1 ok, 1 failed, 2 junk: out.jsonl\n"
    );
    // The rows are the records' only: junk takes no row and no number.
    let rows = std::fs::read_to_string(dir.join("out.jsonl")).unwrap();
    assert_eq!(rows.lines().count(), 2);
    assert!(rows.lines().nth(1).unwrap().contains("\"record\":2,"));
    // A clean archive's summary is unchanged.
    let dir = folder("export_no_junk", "in.pylos", b"1b2 1c3 *\n");
    let out = run(
        &dir,
        &["export", "in.pylos", "--to", "jsonl", "-o", "out.jsonl"],
    );
    assert_eq!(text(&out.stdout), "1 records, 1 ok, 0 failed: out.jsonl\n");
}

/// A record with two `[Position]` tags giving two positions was read from the first and
/// said ok, while a reader taking the last saw another game; `[Rules]`, `[Size]` and
/// `[Style]` were already held to one value. Now an error at the second value, as theirs.
#[test]
fn a_second_position_tag_with_another_value_is_an_error() {
    let rec = b"[Game \"Pylos\"]\n[Position \"................/........./..../. w 15 15\"]\n\
                [Position \"w...b.........../........./..../. w 14 14\"]\n\n1. 1b2 *\n";
    let dir = folder("two_positions", "in.pylos", rec);
    let out = run(&dir, &["check", "in.pylos"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "in.pylos:3:12: expected the value of the record's first [Position] tag, \
         \"................/........./..../. w 15 15\", found \
         \"w...b.........../........./..../. w 14 14\"\n  \
         [Position \"w...b.........../........./..../. w 14 14\"]\n             \
         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n\
         1 records, 0 ok, 1 failed\n"
    );
    // The same value twice is one position.
    let rec = b"[Position \"w...b.........../........./..../. w 14 14\"]\n\
                [Position \"w...b.........../........./..../. w 14 14\"]\n\n1. 1b2 *\n";
    let dir = folder("same_positions", "in.pylos", rec);
    let out = run(&dir, &["check", "in.pylos"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    // GIPF's [Variant] and [Handicap] say how the record is set up too.
    let rec = b"[Game \"GIPF\"]\n[Variant \"basic\"]\n[Variant \"standard\"]\n\n1.a1-b2 *\n";
    let dir = folder("two_variants", "in.gipf", rec);
    let out = run(&dir, &["check", "--json", "in.gipf"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains(
            "\"error\":{\"kind\":\"parse\",\"line\":3,\"column\":11,\"ply\":null,\
             \"message\":\"expected the value of the record's first [Variant] tag, \
             \\\"basic\\\", found \\\"standard\\\"\"}"
        ),
        "{}",
        text(&out.stdout)
    );
}

/// A GIPF position string with all 37 spots filled was read: under the basic rules the
/// player to move had no legal move and the game was not over (`check` said ok, `moves`
/// printed nothing, exit 0). The players' 36 pieces can never fill the board: an error.
#[test]
fn a_full_gipf_board_is_no_position() {
    let spots = "o".repeat(37);
    let rec = format!(
        "[Game \"GIPF\"]\n[Rules \"basic\"]\n[Position \"{spots} W=5 lostW=0 B=5 lostB=0 next=x\"]\n\n*\n"
    );
    let dir = folder("full_gipf", "in.gipf", rec.as_bytes());
    let out = run(&dir, &["check", "--json", "in.gipf"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    assert!(
        text(&out.stdout).contains(
            "\"error\":{\"kind\":\"setup\",\"line\":3,\"column\":12,\"ply\":null,\
             \"message\":\"the Position tag, column 1: expected at most 36 pieces on the board \
             (the players' pieces can never fill all 37 spots), found 37\"}"
        ),
        "{}",
        text(&out.stdout)
    );
    let out = run(&dir, &["moves", "in.gipf"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
}

/// `html -o` naming its own input replaced the archive with the page (exit 0): `convert`
/// and `export` refuse it. `html` now refuses it too, with exit 2, and the input is kept.
#[test]
fn html_refuses_to_write_over_its_input() {
    let archive: &[u8] = b"[Game \"Pylos\"]\n\n1b2 1c3 *\n\n[Game \"Pylos\"]\n\n1b2 *\n";
    let dir = folder("html_over_input", "in.pylos", archive);
    let out = run(&dir, &["html", "in.pylos", "-o", "in.pylos"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "in.pylos: the output is the input; write it elsewhere\n"
    );
    assert_eq!(std::fs::read(dir.join("in.pylos")).unwrap(), archive);
    // Through a link too.
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("in.pylos", dir.join("page.html")).unwrap();
        let out = run(&dir, &["html", "in.pylos", "-o", "page.html"]);
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(std::fs::read(dir.join("in.pylos")).unwrap(), archive);
    }
}
