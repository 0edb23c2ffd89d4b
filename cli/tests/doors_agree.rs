//! The command line's twin of tests/suite/doors_agree.rs: the same hostile texts through
//! `gamenote check --json` and `gamenote export --to jsonl`, which must say the same record
//! number, junk flag, line, column, ply and kind (`gamenote::ErrorKind`'s word) of every
//! failure as the library's doors do.

use crate::common::{file_in, run};

/// (record, junk, line, column, ply, kind) of a failure.
type Seen = (u64, bool, u64, u64, Option<u64>, String);

const GOOD: &str = "[Game \"Pylos\"]\n\n1b2 1c3 1c4 *\n";

fn seen(r: u64, junk: bool, line: u64, col: u64, ply: Option<u64>, kind: &str) -> Seen {
    (r, junk, line, col, ply, kind.to_string())
}

fn cases() -> Vec<(&'static str, String, Vec<Seen>)> {
    let four = format!("{GOOD}\n{GOOD}\n{GOOD}\n[Game \"Pylos\"]\n\n1b2 1c3 1b2 *\n");
    vec![
        (
            "setup2",
            "[Game \"Pylos\"]\n[Rules \"standard\"]\n1b2 *\n\n[Game \"Pylos\"]\n\n[Rules \"chess\"]\n1b2 *\n"
                .into(),
            vec![seen(2, false, 7, 9, None, "setup")],
        ),
        (
            "chess",
            "[Game \"Chess\"]\n\n1. e4 e5 *\n".into(),
            vec![seen(1, false, 1, 8, None, "parse")],
        ),
        (
            "draw",
            "[Game \"Pylos\"]\n\n1b2 1c3 1/2-1/2\n".into(),
            vec![seen(1, false, 3, 9, Some(3), "parse")],
        ),
        (
            "variant",
            "[Game \"Pylos\"]\n[Variant \"standard\"]\n\n1b2 1c3 *\n".into(),
            vec![seen(1, false, 2, 11, None, "setup")],
        ),
        (
            "junk",
            format!("{GOOD}\nstray words\n\n{GOOD}"),
            vec![seen(1, true, 5, 1, None, "parse")],
        ),
        (
            "comment",
            "[Game \"Pylos\"]\n1b2 {never closed *\n".into(),
            vec![seen(1, false, 2, 5, None, "parse")],
        ),
        ("ply3rec4", four, vec![seen(4, false, 15, 9, Some(3), "illegal")]),
        (
            "result",
            "[Game \"Pylos\"]\n[Result \"1-0\"]\n1b2 0-1\n".into(),
            vec![seen(1, false, 3, 5, None, "mismatch")],
        ),
    ]
}

fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

fn failure(v: &serde_json::Value, e: &serde_json::Value, prefix: &str) -> Seen {
    let field = |name: &str| e[format!("{prefix}{name}")].clone();
    (
        v["record"].as_u64().unwrap_or(0),
        v["junk"].as_bool().unwrap_or(false),
        field("line").as_u64().unwrap_or(0),
        field("column").as_u64().unwrap_or(0),
        field("ply").as_u64(),
        field("kind").as_str().unwrap_or("").to_string(),
    )
}

/// `check --json` with each thread count in `threads` and `export --to jsonl` on `path`
/// say the failures `want` (junk is no row of the records table; every failed record is one).
fn doors_say(name: &str, path: &str, want: &[Seen], threads: &[&str]) {
    for t in threads {
        let r = run(&["check", "--json", "--threads", t, path]);
        let got: Vec<Seen> = json_lines(&r.out)
            .iter()
            .filter(|v| v["ok"] == false)
            .map(|v| failure(v, &v["error"], ""))
            .collect();
        assert_eq!(got, want, "{name}: check --json --threads {t}\n{}", r.out);
    }
    let r = run(&["export", path, "--to", "jsonl", "-o", "/dev/stdout"]);
    let got: Vec<Seen> = json_lines(&r.out)
        .iter()
        .filter(|v| v["ok"] == false)
        .map(|v| failure(v, v, "error_"))
        .collect();
    let rows: Vec<Seen> = want.iter().filter(|s| !s.1).cloned().collect();
    assert_eq!(got, rows, "{name}: export --to jsonl\n{}{}", r.out, r.err);
}

#[test]
fn check_json_and_export_jsonl_place_and_name_each_failure_as_the_library_does() {
    for (name, text, want) in cases() {
        let path = file_in(&["doors_agree"], &format!("{name}.pylos"), text.as_bytes());
        doors_say(name, &path, &want, &["1", "2"]);
    }
}

/// The same texts with a lone CR ending every line: `check --json` (one thread and two)
/// and `export` place every failure where they do with LF. A set-up error was placed at
/// the record's start.
#[test]
fn check_json_and_export_jsonl_place_failures_alike_under_lone_cr_line_ends() {
    for (name, text, want) in cases() {
        let text = text.replace('\n', "\r");
        let path = file_in(
            &["doors_agree"],
            &format!("{name} cr.pylos"),
            text.as_bytes(),
        );
        doors_say(name, &path, &want, &["1", "2"]);
    }
}
