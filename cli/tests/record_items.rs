//! A record holds at most `MAX_RECORD_ITEMS` tags, comments and marks, through the command
//! line: comments are read and not kept, one item past the bound fails there, tags past it
//! are neither judged nor kept, and a record of 65,000 tags exports every tag.

use crate::common::{self, run};

/// A file with these bytes in this file's own folder of the tests' temporary directory.
fn file(name: &str, bytes: impl AsRef<[u8]>) -> String {
    common::file_in(&["record_items"], name, bytes.as_ref())
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

/// A record of more tags than a record holds fails at the first past the bound, whatever
/// its tags say after it: `check` and `export` reported a `[Game]` tag past the bound, and
/// export's row kept every tag the record wrote (800,000 tags: 219 MB against check's 24).
#[test]
fn tags_past_the_item_bound_are_not_judged_nor_kept() {
    let mut text = String::from("[Game \"Pylos\"]\n{c}\n[Game \"GIPF\"]\n");
    for i in 0..70_000 {
        text.push_str(&format!("[T{i} \"v\"]\n"));
    }
    text.push_str("1b2 *\n");
    let mut over = String::from("[Game \"Pylos\"]\n{c}\n");
    for i in 0..70_000 {
        over.push_str(&format!("[T{i} \"v\"]\n"));
    }
    over.push_str("1b2 *\n");
    let f = file("past-bound.pylos", text.as_bytes());
    let r = run(&["check", &f, "--json"]);
    assert!(
        r.out.contains("\"line\":3,\"column\":8,"),
        "the second [Game] is within the bound: {}",
        r.out
    );
    // Past the bound: the record fails there, and its row keeps the tags before it.
    let text = over.replacen("[T69999 \"v\"]", "[Game \"GIPF\"]", 1);
    let f = file("past-bound-game.pylos", text.as_bytes());
    let out = format!("{f}.jsonl");
    let r = run(&["export", &f, "--to", "jsonl", "-o", &out]);
    assert_eq!(r.code, 0, "{}", r.err);
    let row: serde_json::Value = serde_json::from_str(
        std::fs::read_to_string(&out)
            .unwrap()
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(row["error_line"], 65_537);
    assert_eq!(row["tags"].as_object().unwrap().len(), 65_535);
    let c = run(&["check", &f]);
    assert!(
        c.out
            .starts_with(&format!("{f}:65537:1: expected at most 65536 tag pairs")),
        "{}",
        c.out
    );
}

/// A record of 100,000 tags took 12 s to export (0.03 s to check): each tag's name was
/// looked for among all kept before it. Every tag is still a map entry, the first of each
/// name. (A record holds at most 65,536 tags, comments and marks since session 15,
/// `MAX_RECORD_ITEMS`: 65,000 tags here, and one of 70,000 is a failed row at the tag past
/// the bound.)
#[test]
fn a_record_of_65000_tags_exports_every_tag() {
    let mut text = String::from("[Game \"Pylos\"]\n");
    for i in 0..65_000 {
        text.push_str(&format!("[T{i} \"v{i}\"]\n"));
    }
    text.push_str("[T7 \"second\"]\n\n1b2 1c3 *\n");
    let input = file("tags.pylos", text.as_bytes());
    let out = file("tags.jsonl", b"");
    let r = run(&["export", &input, "--to", "jsonl", "-o", &out]);
    assert_eq!((r.code, r.err.as_str()), (0, ""));
    assert_eq!(r.out, format!("1 records, 1 ok, 0 failed: {out}\n"));
    let row = std::fs::read_to_string(&out).expect("written");
    let v: serde_json::Value = serde_json::from_str(row.trim_end()).expect("one JSON row");
    let tags = v["tags"].as_object().expect("a map");
    assert_eq!(tags.len(), 65_001);
    assert_eq!(tags["T7"], "v7");
    assert_eq!(tags["T64999"], "v64999");
    assert_eq!(v["plies"], 2);

    let mut text = String::from("[Game \"Pylos\"]\n");
    for i in 0..70_000 {
        text.push_str(&format!("[T{i} \"v{i}\"]\n"));
    }
    text.push_str("\n1b2 1c3 *\n");
    let input = file("too-many-tags.pylos", text.as_bytes());
    let r = run(&["export", &input, "--to", "jsonl", "-o", &out]);
    assert_eq!(r.out, format!("1 records, 0 ok, 1 failed: {out}\n"));
    let row = std::fs::read_to_string(&out).expect("written");
    let v: serde_json::Value = serde_json::from_str(row.trim_end()).expect("one JSON row");
    assert_eq!(
        (&v["error_kind"], &v["error_line"], &v["error_column"]),
        (&"parse".into(), &65_537.into(), &1.into())
    );
}
