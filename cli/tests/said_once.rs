//! A record says its game and its set-up once, through the command line: a second `[Game]`,
//! `[Rules]`, `[Size]`, `[Style]`, `[Position]` or `[Variant]` tag saying otherwise fails at
//! its value, and `check --game` reports the first wrong tag in the text.

use crate::common::{self, fresh_folder, output_in, run, text};

/// A file with these bytes in this file's own folder of the tests' temporary directory.
fn file(name: &str, bytes: impl AsRef<[u8]>) -> String {
    common::file_in(&["said_once"], name, bytes.as_ref())
}

/// Two `[Game]` tags in one record naming two games: the first used to win silently (a
/// Pylos record tagged Pylon too checked as Pylos); now the record fails at the second
/// tag's value, in check (every mode), convert and show alike, and the next record is read.
#[test]
fn two_game_tags_naming_two_games_fail_at_the_second() {
    let text = "[Game \"Pylon\"]\n[Size \"6\"]\n\n1. 1f1 1d3 *\n\n\
                [Game \"Pylon\"]\n[Game \"Pylos\"]\n\n1. 1b1 1b2 *\n\n\
                [Game \"Pylos\"]\n[Game \"pylos\"]\n\n1. 1b1 1b2 *\n";
    let f = file("two-game-tags.txt", text.as_bytes());
    let want = format!(
        "{f} record 1: ok, 2 plies, result *\n\
         {f}:7:8: expected the game of the record's first [Game] tag, \"Pylon\", found \"Pylos\"\n  \
         [Game \"Pylos\"]\n         ^^^^^\n\
         {f} record 3: ok, 2 plies, result *\n\
         3 records, 2 ok, 1 failed\n"
    );
    for extra in [
        &[][..],
        &["--syntax-only"],
        &["--threads", "1"],
        &["--threads", "7"],
    ] {
        let mut args = vec!["check", f.as_str()];
        args.extend_from_slice(extra);
        let r = run(&args);
        assert_eq!((r.code, r.out.as_str()), (1, want.as_str()), "{args:?}");
    }
    let json = run(&["check", &f, "--json"]);
    assert_eq!(json.code, 1);
    assert!(json.out.lines().nth(1).is_some_and(|l| l.contains(
        "\"record\":2,\"ok\":false,\"plies\":0,\"result\":null,\"error\":{\"kind\":\"parse\",\"line\":7,\"column\":8,"
    )), "{}", json.out);
    let show = run(&["show", &f, "--record", "2"]);
    assert_eq!((show.code, show.out.as_str()), (1, ""));
    assert!(
        show.err
            .starts_with(&format!("{f}:7:8: expected the game of the record's first"))
    );
    let conv = run(&["convert", &f, "--style", "standard"]);
    assert_eq!(conv.code, 1);
    assert!(
        conv.out.starts_with("[Game \"Pylon\"]\n[Size \"6\"]\n"),
        "{}",
        conv.out
    );
    assert_eq!(
        conv.out.matches("[Game ").count(),
        1,
        "only record 1 is Pylon: {}",
        conv.out
    );
}

/// A second `[Rules]`, `[Size]` or `[Style]` tag with another value used to be ignored
/// silently (the first won); now the record fails at the second tag's value, in check (every
/// mode), convert, show and moves alike, and the next record is read. A repeated value is
/// no contradiction.
#[test]
fn a_second_rules_size_or_style_tag_saying_otherwise_fails_at_its_value() {
    let text = "[Game \"Pylon\"]\n[Size \"6\"]\n[Size \"5\"]\n\n1. 1f1 1d3 *\n\n\
                [Game \"Pylos\"]\n[Rules \"standard\"]\n[Event \"x\"]\n[rules \"basic\"]\n\n1. 1b1 1b2 *\n\n\
                [Game \"Pylos\"]\n[Style \"numeric\"]\n[Style \"numeric\"]\n\n1. 1b1 1b2 *\n\n\
                [Game \"Pylos\"]\n[Style \"standard\"]\n[Style \"numeric\"]\n\n1. 1b1 1b2 *\n";
    let f = file("second-tags.txt", text.as_bytes());
    let want = format!(
        "{f}:3:8: expected the value of the record's first [Size] tag, \"6\", found \"5\"\n  \
         [Size \"5\"]\n         ^\n\
         {f}:10:9: expected the value of the record's first [Rules] tag, \"standard\", found \"basic\"\n  \
         [rules \"basic\"]\n          ^^^^^\n\
         {f} record 3: ok, 2 plies, result *\n\
         {f}:22:9: expected the value of the record's first [Style] tag, \"standard\", found \"numeric\"\n  \
         [Style \"numeric\"]\n          ^^^^^^^\n\
         4 records, 1 ok, 3 failed\n"
    );
    for extra in [
        &[][..],
        &["--syntax-only"],
        &["--lenient"],
        &["--threads", "1"],
        &["--threads", "7"],
    ] {
        let mut args = vec!["check", f.as_str()];
        args.extend_from_slice(extra);
        let r = run(&args);
        assert_eq!((r.code, r.out.as_str()), (1, want.as_str()), "{args:?}");
    }
    for cmd in [&["show", "--record", "2"][..], &["moves", "--record", "1"]] {
        let mut args = cmd.to_vec();
        args.insert(1, f.as_str());
        let r = run(&args);
        assert_eq!((r.code, r.out.as_str()), (1, ""), "{args:?}");
        let at = if cmd[0] == "show" { "10:9" } else { "3:8" };
        assert!(
            r.err.starts_with(&format!(
                "{f}:{at}: expected the value of the record's first"
            )),
            "{args:?}: {}",
            r.err
        );
    }
    // convert, on the Pylos records alone (its --style is the file's game's).
    let pylos = text.split_once("\n\n[Game \"Pylos\"]").unwrap().1;
    let g = file(
        "second-tags.pylos",
        format!("[Game \"Pylos\"]{pylos}").as_bytes(),
    );
    let conv = run(&["convert", &g, "--style", "compact"]);
    assert_eq!(conv.code, 1);
    assert_eq!(
        conv.out.matches("[Game ").count(),
        1,
        "only record 2: {}",
        conv.out
    );
    assert!(
        conv.out.ends_with("[Style \"compact\"]\n\n1. b1 b2 *\n"),
        "{}",
        conv.out
    );
    for at in ["4:9", "16:9"] {
        assert!(
            conv.err.contains(&format!("{g}:{at}: expected the value")),
            "{}",
            conv.err
        );
    }
}

/// A record with two `[Position]` tags giving two positions was read from the first and
/// said ok, while a reader taking the last saw another game; `[Rules]`, `[Size]` and
/// `[Style]` were already held to one value. Now an error at the second value, as theirs.
#[test]
fn a_second_position_tag_with_another_value_is_an_error() {
    let rec = b"[Game \"Pylos\"]\n[Position \"................/........./..../. w 15 15\"]\n\
                [Position \"w...b.........../........./..../. w 14 14\"]\n\n1. 1b2 *\n";
    let dir = fresh_folder("said_once", "two_positions", "in.pylos", rec);
    let out = output_in(&dir, &["check", "in.pylos"]);
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
    let dir = fresh_folder("said_once", "same_positions", "in.pylos", rec);
    let out = output_in(&dir, &["check", "in.pylos"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    // GIPF's [Variant] and [Handicap] say how the record is set up too.
    let rec = b"[Game \"GIPF\"]\n[Variant \"basic\"]\n[Variant \"standard\"]\n\n1.a1-b2 *\n";
    let dir = fresh_folder("said_once", "two_variants", "in.gipf", rec);
    let out = output_in(&dir, &["check", "--json", "in.gipf"]);
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

/// `check --game pylos` reports the first thing wrong in a record, as `Record<Pylos>` does.
#[test]
fn check_given_a_game_reports_the_first_wrong_tag() {
    let f = file("given.txt", b"[Game \"GIPF\"]\n[Game \"Pylos\"]\n1b2 *\n");
    let r = run(&["check", &f, "--game", "pylos"]);
    assert_eq!(r.code, 1);
    assert!(
        r.out.starts_with(&format!(
            "{f}:1:8: expected the game given, \"Pylos\" (--game pylos), found \"GIPF\"\n"
        )),
        "{}",
        r.out
    );
}
