//! A record before junk that takes its piece past the 16 MiB record limit: `check` kept the
//! record and reported the junk, while `export` (and Python's `to_arrow`, built on it) made
//! the whole piece one too-long row and lost the record. Both now read the piece with its
//! stop (`PieceChecker::check_piece`), and agree record for record. A move over the 1 MiB
//! token limit is too long in every command, whatever follows it.

use std::path::PathBuf;
use std::process::Command;

use crate::common::{self, BIN, first_line, run};

const REC: &str = "[Game \"Pylos\"]\n\n1b2 *\n";
const LIMIT: usize = 16 << 20;

/// A file with these bytes in this file's own folder of the tests' temporary directory.
fn file(name: &str, bytes: &[u8]) -> String {
    common::file_in(&["past_limit"], name, bytes)
}

/// `text` written to `in.pylos` in a fresh folder `name`.
fn input(name: &str, text: &str) -> PathBuf {
    common::fresh_folder("past_limit", name, "in.pylos", text.as_bytes()).join("in.pylos")
}

/// `(record, ok, junk, error line, error column)` of each line of `check --json`.
fn check(path: &PathBuf) -> Vec<(u64, bool, bool, u64, u64)> {
    let o = Command::new(BIN)
        .arg("check")
        .arg("--json")
        .arg(path)
        .output()
        .unwrap();
    let out = String::from_utf8(o.stdout).unwrap();
    out.lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v.get("record").is_some())
        .map(|v| {
            let e = &v["error"];
            (
                v["record"].as_u64().unwrap(),
                v["ok"].as_bool().unwrap(),
                v.get("junk").is_some_and(|j| j == true),
                e["line"].as_u64().unwrap_or(0),
                e["column"].as_u64().unwrap_or(0),
            )
        })
        .collect()
}

/// `(record, ok, plies, error line, error column)` of each row of `export --to jsonl`.
fn export(path: &PathBuf) -> Vec<(u64, bool, u64, u64, u64)> {
    let out = path.with_extension("jsonl");
    let o = Command::new(BIN)
        .arg("export")
        .arg(path)
        .args(["--to", "jsonl", "-o"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    std::fs::read_to_string(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .map(|v| {
            (
                v["record"].as_u64().unwrap(),
                v["ok"].as_bool().unwrap(),
                v["plies"].as_u64().unwrap(),
                v["error_line"].as_u64().unwrap_or(0),
                v["error_column"].as_u64().unwrap_or(0),
            )
        })
        .collect()
}

#[test]
fn a_record_before_junk_past_the_limit_is_one_row_as_check_keeps_it() {
    let junk = "x".repeat(LIMIT + 10) + "\n";
    let path = input("after", &format!("{REC}{junk}"));
    assert_eq!(
        check(&path),
        [(1, true, false, 0, 0), (1, false, true, 4, 1)]
    );
    assert_eq!(export(&path), [(1, true, 1, 0, 0)]);

    let path = input("between", &format!("{REC}{junk}{REC}"));
    assert_eq!(
        check(&path),
        [
            (1, true, false, 0, 0),
            (1, false, true, 4, 1),
            (2, true, false, 0, 0)
        ]
    );
    assert_eq!(export(&path), [(1, true, 1, 0, 0), (2, true, 1, 0, 0)]);

    let path = input("before", &format!("{junk}{REC}"));
    assert_eq!(
        check(&path),
        [(1, false, false, 1, 1), (2, true, false, 0, 0)]
    );
    assert_eq!(export(&path), [(1, false, 0, 1, 1), (2, true, 1, 0, 0)]);
}

#[test]
fn a_record_past_the_limit_is_one_too_long_row_and_nothing_else_is_lost() {
    let long = format!("[Game \"Pylos\"]\n\n{{{}}} 1b2 *\n", "y".repeat(LIMIT + 10));
    let path = input("long", &format!("{REC}{long}{REC}"));
    assert_eq!(
        check(&path),
        [
            (1, true, false, 0, 0),
            (2, false, false, 4, 1),
            (3, true, false, 0, 0)
        ]
    );
    assert_eq!(
        export(&path),
        [(1, true, 1, 0, 0), (2, false, 0, 4, 1), (3, true, 1, 0, 0)]
    );
}

/// A written move of 1 MiB and 200 bytes is too long whatever follows it: before, it was
/// read as a move (and failed by the rules, at ply 1) when the record's text after it was
/// shorter than the reader's token window (1 MiB and 4 KiB), and was too long only when
/// enough text followed it (here a comment of 5000 bytes).
#[test]
fn a_move_over_one_mib_is_too_long_whatever_follows_it() {
    let mv = "x;".repeat(((1 << 20) + 200) / 2);
    let alone = format!("[Game \"GIPF\"]\n[Rules \"basic\"]\n1.e2{mv} *\n");
    let followed = format!("{alone}{{{}}}\n", "c".repeat(5000));
    assert!(alone.len() < (1 << 20) + 4096, "{}", alone.len());
    for (name, text) in [("alone.gipf", &alone), ("followed.gipf", &followed)] {
        let f = file(name, text.as_bytes());
        let commands: [&[&str]; 5] = [
            &["check", "--threads", "1"],
            &["check", "--syntax-only"],
            &["show"],
            &["moves"],
            &["convert", "--style", "complete"],
        ];
        for args in commands {
            let mut args = args.to_vec();
            args.push(&f);
            let o = run(&args);
            assert_eq!(o.code, 1, "{args:?}");
            let line = first_line(&o, name);
            assert!(
                line.contains(&format!(
                    "{name}:3:3: expected a move of at most 1048576 bytes, found \"e2x;x;"
                )),
                "{args:?}: {line}"
            );
        }
        let o = run(&["check", "--json", &f]);
        assert_eq!(o.code, 1);
        assert!(
            o.out.contains(
                "\"ok\":false,\"plies\":0,\"result\":null,\"error\":{\"kind\":\"parse\",\
                 \"line\":3,\"column\":3,\"ply\":1,\"message\":\"expected a move of at most \
                 1048576 bytes"
            ),
            "{}",
            &o.out[..o.out.len().min(300)]
        );
    }
}
