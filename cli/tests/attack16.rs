//! Session 16's attack round on the command line.

mod common;

use common::{file_in, run};

fn file(name: &str, bytes: &[u8]) -> String {
    file_in(&["attack16"], name, bytes)
}

/// A record whose first line is indented and starts with a byte-order mark (two files
/// joined by `cat`, the second indented) is a record of its own `[Game]` tag's game, as
/// without the blanks: it was read in the default game (`unknown Pylos rule set "basic"`).
#[test]
fn a_game_tag_after_blanks_and_a_mark_decides_the_records_game() {
    let text =
        b"[Game \"Pylos\"]\n1b2 *\n  \xEF\xBB\xBF[Game \"GIPF\"]\n[Rules \"basic\"]\n1.a1-b2 *\n";
    let f = file("indented-mark.pylos", text);
    for threads in ["1", "2"] {
        let r = run(&["check", &f, "--threads", threads]);
        assert_eq!(
            (r.code, r.out.as_str()),
            (
                0,
                format!(
                    "{f} record 1: ok, 1 plies, result *\n{f} record 2: ok, 1 plies, result *\n\
                     2 records, 2 ok, 0 failed\n"
                )
                .as_str()
            )
        );
    }
    let moves = run(&["moves", &f, "--record", "2"]);
    assert_eq!(moves.code, 0, "{}", moves.err);
    assert!(moves.out.lines().count() > 1, "{}", moves.out);
    // A file saved twice with a mark, and indented, tells its game by its tag.
    let g = file(
        "two-marks.txt",
        b"\xEF\xBB\xBF\xEF\xBB\xBF  \xEF\xBB\xBF[Game \"GIPF\"]\n[Rules \"basic\"]\n1.a1-b2 *\n",
    );
    let r = run(&["check", &g]);
    assert_eq!(
        (r.code, r.out.as_str()),
        (
            0,
            format!("{g} record 1: ok, 1 plies, result *\n1 records, 1 ok, 0 failed\n").as_str()
        ),
        "{}",
        r.err
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
