//! Issue 22's `export`, attacked through the command line as a stranger would: each case
//! found a fault that is fixed, and is held here with its exact output and exit code.

mod common;

use common::{file_in, run, run_in};
use std::path::PathBuf;

fn file(name: &str, bytes: &[u8]) -> String {
    file_in(&["export_attack"], name, bytes)
}

const TWO: &[u8] = b"[Game \"Pylos\"]\n\n1b2 1c3 *\n\n[Game \"Pylos\"]\n\n1b2 1b2 *\n";

/// `-o` naming an input truncated it before it was read: the archive was lost and the
/// export said `0 records`. Now a usage error, before anything is created or truncated;
/// the plies table's name is held to the same, and `convert -o` too.
#[test]
fn an_output_that_is_an_input_is_refused_and_the_input_kept() {
    let input = file("self.pylos", TWO);
    let r = run(&["export", &input, "--to", "jsonl", "-o", &input]);
    assert_eq!(r.code, 2);
    assert_eq!(r.out, "");
    assert_eq!(
        r.err.trim_end(),
        format!("{input}: the output is the input {input}; write it elsewhere")
    );
    assert_eq!(std::fs::read(&input).expect("kept"), TWO);

    // The plies table beside `x.jsonl` is `x.plies.jsonl`: an input of that name is kept.
    let plies_input = file("x.plies.jsonl", TWO);
    let out = plies_input.replace("x.plies.jsonl", "x.jsonl");
    let r = run(&[
        "export",
        &plies_input,
        "--game",
        "pylos",
        "--to",
        "jsonl",
        "--plies",
        "-o",
        &out,
    ]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.err.trim_end(),
        format!("{plies_input}: the output is the input {plies_input}; write it elsewhere")
    );
    assert_eq!(std::fs::read(&plies_input).expect("kept"), TWO);

    let r = run(&["convert", &input, "--style", "numeric", "-o", &input]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.err.trim_end(),
        format!("{input}: the output is the input; write it elsewhere")
    );
    assert_eq!(std::fs::read(&input).expect("kept"), TWO);

    // Another output is still written.
    let other = file("self.jsonl", b"");
    let r = run(&["export", &input, "--to", "jsonl", "-o", &other]);
    assert_eq!((r.code, r.err.as_str()), (0, ""));
    assert_eq!(r.out, format!("2 records, 1 ok, 1 failed: {other}\n"));
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

/// `-o -` wrote a file literally named `-`. Now it is standard output, as `-` is standard
/// input: JSON lines stream to it with the summary on standard error; `--plies` needs a
/// file name for its second table, so `--plies -o -` is a usage error; `convert -o -`
/// writes to standard output too. No file named `-` is made.
#[test]
fn output_dash_is_standard_output() {
    let input = file("dash.pylos", TWO);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("export_attack_dash");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let _ = std::fs::remove_file(dir.join("-"));
    let in_dir = |args: &[&str]| run_in(&dir, args);

    let r = in_dir(&["export", &input, "--to", "jsonl", "-o", "-"]);
    assert_eq!(r.code, 0);
    assert_eq!(r.err, "2 records, 1 ok, 1 failed: standard output\n");
    let to_file = file("dash.jsonl", b"");
    assert_eq!(
        run(&["export", &input, "--to", "jsonl", "-o", &to_file]).code,
        0
    );
    let written = std::fs::read_to_string(&to_file).expect("written");
    assert_eq!(r.out, written);
    assert_eq!(r.out.lines().count(), 2);
    assert!(
        r.out
            .starts_with(&format!("{{\"file\":\"{input}\",\"record\":1,"))
    );

    let r = in_dir(&["export", &input, "--to", "jsonl", "--plies", "-o", "-"]);
    assert_eq!((r.code, r.out.as_str()), (2, ""));
    assert_eq!(
        r.err.trim_end(),
        "export --plies -o -: the plies table is written to a file named after the output's; \
         give -o a file name, or leave out --plies"
    );

    let one = file("dash-one.pylos", b"[Game \"Pylos\"]\n\n1b2 1c3 *\n");
    let r = in_dir(&["convert", &one, "--style", "numeric", "-o", "-"]);
    assert_eq!((r.code, r.err.as_str()), (0, ""));
    assert_eq!(
        r.out,
        "[Game \"Pylos\"]\n[Rules \"standard\"]\n[Result \"*\"]\n[Style \"numeric\"]\n\n1. 6 11 *\n"
    );

    // Without the feature, Parquet is refused before standard output is touched; with it,
    // the file's bytes go there (export/tests/test_export.py reads them back).
    let r = in_dir(&["export", &input, "--to", "parquet", "-o", "-"]);
    if cfg!(feature = "parquet") {
        assert_eq!(r.code, 0);
        assert!(r.out.starts_with("PAR1") && r.out.ends_with("PAR1"));
        assert_eq!(r.err, "2 records, 1 ok, 1 failed: standard output\n");
    } else {
        assert_eq!((r.code, r.out.as_str()), (2, ""));
        assert!(r.err.contains("built without Parquet"), "{}", r.err);
    }
    assert!(!dir.join("-").exists());
}
