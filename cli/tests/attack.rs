//! Issue 20, attacked through the command line as a stranger would: each case found a
//! fault that is fixed, and is held here with its exact output, line, column and exit code.

mod common;
use common::run;

fn file(name: &str, bytes: &[u8]) -> String {
    common::file_in(&["attack"], name, bytes)
}

/// Comments on a move and after the result are read but not kept by check, show and
/// moves (memory was 60 bytes a comment: 180 MB for 3,000,000); the first comment after
/// the result, Pylon's score, is still judged. A record holds at most 65,536 tags,
/// comments and marks (`MAX_RECORD_ITEMS`, session 15: `convert` and `export` keep them):
/// here 1 tag and 60,000 comments, and one of 70,000 comments fails at the one past the
/// bound.
#[test]
fn many_comments_are_read_not_kept_and_the_score_comment_still_counts() {
    let mut text = String::from("[Game \"Pylos\"]\n\n1. 1b1 ");
    text.push_str(&"{c} ".repeat(30_000));
    text.push_str("1b2 * ");
    text.push_str(&"{after}\n".repeat(30_000));
    let f = file("comments.pylos", text.as_bytes());
    for extra in [&[][..], &["--syntax-only"], &["--threads", "2"]] {
        let mut args = vec!["check", f.as_str()];
        args.extend_from_slice(extra);
        let r = run(&args);
        assert_eq!(r.code, 0, "{args:?}: {}", r.err);
        assert_eq!(
            r.out,
            format!("{f} record 1: ok, 2 plies, result *\n1 records, 1 ok, 0 failed\n")
        );
    }
    let moves = run(&["moves", &f]);
    assert_eq!((moves.code, moves.out.lines().count()), (0, 14));

    let over = format!(
        "[Game \"Pylos\"]\n\n1. 1b1 {}1b2 *\n",
        "{c} ".repeat(70_000)
    );
    let f = file("too-many-comments.pylos", over.as_bytes());
    let r = run(&["check", &f]);
    assert_eq!(r.code, 1);
    let column = 8 + 4 * 65_535;
    assert!(
        r.out.starts_with(&format!(
            "{f}:3:{column}: expected at most 65536 tag pairs, comments and marks in a record, found \"{{c}}\"\n"
        )),
        "{}",
        r.out
    );
    assert!(r.out.ends_with("1 records, 0 ok, 1 failed\n"), "{}", r.out);

    let mut pylon = String::from("[Game \"Pylon\"]\n[Size \"6\"]\n\n1. 1f1 1d3 * {W 2 B 1}\n");
    pylon.push_str(&"{W 1 B 1}\n".repeat(10_000));
    let f = file("score-then-comments.pylon", pylon.as_bytes());
    let r = run(&["check", &f]);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.out,
        format!(
            "{f}:4:12: the score comment says W 2 B 1 but the board has W 1 B 1\n  1. 1f1 1d3 * {{W 2 B 1}}\n             ^\n1 records, 0 ok, 1 failed\n"
        )
    );
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

/// A sign before a number of a Pylon score comment (`{W -1 B 1}`, `{W +1 B 1}`) made it a
/// plain comment, so a wrong score passed; now it is an error at the signed number.
#[test]
fn a_signed_pylon_score_is_an_error_at_the_number() {
    for sign in ["-", "+"] {
        let text = format!("[Game \"Pylon\"]\n[Size \"6\"]\n\n1. 1f1 1d3 * {{W {sign}1 B 1}}\n");
        let f = file(
            &format!("signed{}.pylon", u8::from(sign == "+")),
            text.as_bytes(),
        );
        for extra in [&[][..], &["--syntax-only"], &["--lenient"]] {
            let mut args = vec!["check", f.as_str()];
            args.extend_from_slice(extra);
            let r = run(&args);
            assert_eq!(
                (r.code, r.out),
                (
                    1,
                    format!(
                        "{f}:4:17: expected a score from 0 to 4294967295, found \"{sign}1\"\n  \
                         1. 1f1 1d3 * {{W {sign}1 B 1}}\n                  ^^\n\
                         1 records, 0 ok, 1 failed\n"
                    )
                ),
                "{args:?}"
            );
        }
    }
}

/// A `[Game]` tag whose value names no game read here is something else (the GF1 data writes
/// a title there: `[Game "GF1 random basic 2"]`): the record is read in the default game,
/// and every shipped record checks through the binary.
#[test]
fn every_shipped_record_checks_ok_through_the_binary() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/records");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .expect("examples/records")
        .map(|e| e.expect("entry").path().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert!(files.len() >= 10, "{files:?}");
    for f in &files {
        let r = run(&["check", f]);
        assert_eq!(r.code, 0, "{f}: {}{}", r.out, r.err);
        assert!(
            r.out.ends_with(" failed\n") && r.out.contains(" 0 failed"),
            "{f}: {}",
            r.out
        );
    }
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
