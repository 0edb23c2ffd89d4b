//! Issue 20, items 5, 15, 16 and 17, through the built binary: `generate --illegal` always
//! writes near misses, generated records come from mixed seeds, invalid command-line values
//! are usage errors said once, and echoed source lines show invisible characters escaped.

use std::path::PathBuf;

use gamenote::prelude::*;
use gamenote::{GameId, with_game};

use crate::common;
use crate::common::{run, run_with};

/// A file with these bytes in this test's own folder.
fn file(test: &str, name: &str, bytes: &[u8]) -> String {
    common::file_in(&["arguments", test], name, bytes)
}

/// The command-line flags of every variant of a game (`--rules`, and `--size` for Pylon).
fn variant_flags(id: GameId) -> Vec<Vec<String>> {
    with_game!(id, G => G::variants()
        .iter()
        .map(|r| {
            G::rules_tags(r)
                .into_iter()
                .flat_map(|(n, v)| [format!("--{}", n.to_lowercase()), v])
                .collect()
        })
        .collect())
}

/// A field of a `check --json` line, as written (`"ok":false` gives `false`).
fn field<'a>(line: &'a str, name: &str) -> &'a str {
    line.split(&format!("\"{name}\":"))
        .nth(1)
        .and_then(|v| v.split([',', '}']).next())
        .unwrap_or("")
}

// ---- item 5: every record written under --illegal is a near miss ----

#[test]
fn illegal_with_no_plies_is_an_illegal_first_move() {
    let r = run(&["generate", "--game", "pylos", "--plies", "0", "--illegal"]);
    assert_eq!((r.code, r.err.as_str()), (0, ""));
    assert_eq!(
        r.out,
        "{near miss: take-back without a formation; expected illegal at ply 1}\n\
         [Game \"Pylos\"]\n[Rules \"standard\"]\n[Result \"*\"]\n\n1. 1a1(1a1) *\n"
    );
    let f = file("plies0", "a.pylos", r.out.as_bytes());
    let c = run(&["check", &f, "--json"]);
    assert_eq!(c.code, 1);
    assert_eq!(
        (
            field(&c.out, "ok"),
            field(&c.out, "kind"),
            field(&c.out, "ply")
        ),
        ("false", "\"illegal\"", "1")
    );
    assert_eq!((field(&c.out, "line"), field(&c.out, "column")), ("6", "4"));
}

#[test]
fn illegal_at_small_plies_fails_as_announced_in_every_variant() {
    for id in GameId::ALL {
        for flags in variant_flags(id) {
            for plies in 0..=3 {
                let plies = plies.to_string();
                let mut args = vec![
                    "generate",
                    "--game",
                    id.name(),
                    "--illegal",
                    "--count",
                    "6",
                    "--seed",
                    "11",
                    "--plies",
                    &plies,
                ];
                args.extend(flags.iter().map(String::as_str));
                let r = run(&args);
                let what = format!("{} {flags:?} --plies {plies}", id.name());
                assert_eq!((r.code, r.err.as_str()), (0, ""), "{what}");
                // Each record announces one error; check finds exactly that one in each.
                let announced: Vec<(String, String)> = r
                    .out
                    .split("{near miss: ")
                    .skip(1)
                    .map(|c| {
                        let e = c.split("; expected ").nth(1).unwrap_or("");
                        let e = e.split('}').next().unwrap_or("");
                        let kind = e.split(' ').next().unwrap_or("").to_string();
                        // `at ply N`, or `at LINE:COLUMN` for a parse error.
                        let at = e.split(" at ").nth(1).unwrap_or("");
                        (kind, at.trim_start_matches("ply ").to_string())
                    })
                    .collect();
                assert_eq!(announced.len(), 6, "{what}:\n{}", r.out);
                let f = file(
                    "small-plies",
                    &format!("g.{}", id.extension()),
                    r.out.as_bytes(),
                );
                let c = run(&["check", &f, "--json"]);
                assert_eq!(c.code, 1, "{what}");
                let found: Vec<(String, String)> = c
                    .out
                    .lines()
                    .map(|l| {
                        assert_eq!(field(l, "ok"), "false", "{what}: {l}");
                        let e = l.split("\"error\":").nth(1).unwrap_or("");
                        let kind = field(e, "kind").trim_matches('"').to_string();
                        let at = if kind == "parse" {
                            format!("{}:{}", field(e, "line"), field(e, "column"))
                        } else {
                            field(e, "ply").to_string()
                        };
                        (kind, at)
                    })
                    .collect();
                assert_eq!(found, announced, "{what}:\n{}", r.out);
                if plies == "0" {
                    assert!(
                        found.iter().all(|(k, p)| k == "illegal" && p == "1"),
                        "{what}: {found:?}"
                    );
                }
            }
        }
    }
}

// ---- item 17: each record's seed is mixed from the seed and its index ----

/// The records of a `generate` run, as texts.
fn records(out: &str) -> Vec<String> {
    out.split("\n\n[Game")
        .map(|r| r.trim_start_matches("[Game").to_string())
        .collect()
}

#[test]
fn the_largest_seed_does_not_repeat_seed_zero() {
    let top = run(&[
        "generate",
        "--game",
        "pylos",
        "--plies",
        "4",
        "--count",
        "2",
        "--seed",
        "18446744073709551615",
    ]);
    assert_eq!((top.code, top.err.as_str()), (0, ""));
    assert_eq!(
        top.out,
        "[Game \"Pylos\"]\n[Rules \"standard\"]\n[Result \"*\"]\n\n1. 1a3 1c2 2. 1c4 1b3 *\n\n\
         [Game \"Pylos\"]\n[Rules \"standard\"]\n[Result \"*\"]\n\n1. 1a4 1d3 2. 1c1 1c4 *\n"
    );
    for id in GameId::ALL {
        let generated = |seed: &str| {
            let r = run(&[
                "generate",
                "--game",
                id.name(),
                "--plies",
                "12",
                "--count",
                "20",
                "--seed",
                seed,
            ]);
            assert_eq!(r.code, 0, "{}", r.err);
            records(&r.out)
        };
        let zero = generated("0");
        let one = generated("1");
        let top = generated("18446744073709551615");
        assert_eq!((zero.len(), one.len(), top.len()), (20, 20, 20));
        for (a, b, what) in [(&zero, &one, "0 and 1"), (&zero, &top, "0 and 2^64-1")] {
            let shared = a.iter().filter(|r| b.contains(r)).count();
            assert_eq!(shared, 0, "{}: seeds {what} share games", id.name());
        }
    }
}

#[test]
fn a_directory_gets_one_file_per_record_named_by_seed_and_number() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("arguments")
        .join("gen-dir");
    let _ = std::fs::remove_dir_all(&dir);
    let out = format!("{}/", dir.display());
    let r = run(&[
        "generate",
        "--game",
        "gipf",
        "--plies",
        "3",
        "--count",
        "2",
        "--seed",
        "5",
        "--illegal",
        "-o",
        &out,
    ]);
    assert_eq!((r.code, r.out.as_str(), r.err.as_str()), (0, "", ""));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    assert_eq!(names, ["near-miss-5-00001.gipf", "near-miss-5-00002.gipf"]);
}

// ---- item 15: an invalid --rules or --size is a usage error, said once ----

const PYLON: &[u8] = b"[Game \"Pylon\"]\n\n1a1 *\n\n[Game \"Pylon\"]\n\n1a1 *\n";

const PYLON_RULES: &str = "unknown Pylon rules \"nonsense\": expected standard, \
                           standard,suicide=piece or standard,suicide=group";

#[test]
fn invalid_values_are_usage_errors_before_any_record_is_read() {
    let f = file("values", "two.pylon", PYLON);
    let size =
        |n: &str| format!("--size: the Size tag \"{n}\" is not a Pylon board size from 2 to 26");
    let cases = [
        (
            vec!["--rules", "nonsense"],
            format!("--rules: {PYLON_RULES}"),
        ),
        (vec!["--size", "0"], size("0")),
        (vec!["--size", "1"], size("1")),
        (vec!["--size", "27"], size("27")),
    ];
    let commands: [&[&str]; 5] = [
        &["check"],
        &["show"],
        &["convert", "--style", "standard"],
        &["moves"],
        &["html"],
    ];
    for (flags, message) in &cases {
        for cmd in commands {
            // The game told from the file: the error names the file, once, and no record
            // is read (nor, with nothing read, a summary printed).
            let mut args: Vec<&str> = cmd.to_vec();
            args.push(&f);
            args.extend(flags.iter().copied());
            let r = run(&args);
            assert_eq!(
                (r.code, r.out.as_str(), r.err.clone()),
                (2, "", format!("{f}: {message}\n")),
                "{args:?}"
            );
            // With --game, before the input is even opened: a missing file is not reached.
            let mut args: Vec<&str> = cmd.to_vec();
            args.extend(["/nonexistent/x.pylon", "--game", "pylon"]);
            args.extend(flags.iter().copied());
            let r = run(&args);
            assert_eq!(
                (r.code, r.out.as_str(), r.err.clone()),
                (2, "", format!("{message}\n")),
                "{args:?}"
            );
        }
        for cmd in [
            vec!["perft", "1", "--game", "pylon"],
            vec!["generate", "--game", "pylon"],
        ] {
            let mut args = cmd.clone();
            args.extend(flags.iter().copied());
            let r = run(&args);
            assert_eq!(
                (r.code, r.out.as_str(), r.err.clone()),
                (2, "", format!("{message}\n")),
                "{args:?}"
            );
        }
    }
    // Each game's rules are its own: checked against the game the file is read as.
    let pylos = file("values", "a.pylos", b"[Game \"Pylos\"]\n\n1b2 1c3 *\n");
    let r = run(&["check", &pylos, &f, "--rules", "alignment"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.out,
        format!("{pylos} record 1: ok, 2 plies, result *\n1 records, 1 ok, 0 failed\n")
    );
    assert_eq!(
        r.err,
        format!(
            "{f}: --rules: unknown Pylon rules \"alignment\": expected standard, \
             standard,suicide=piece or standard,suicide=group\n"
        )
    );
    // Valid values still read every record.
    let r = run(&[
        "check",
        &f,
        "--size",
        "4",
        "--rules",
        "standard,suicide=group",
    ]);
    assert_eq!((r.code, r.err.as_str()), (0, ""));
    assert_eq!(r.out.lines().last(), Some("2 records, 2 ok, 0 failed"));
}

/// `export` too: a `--rules` or `--size` value the game told from the file cannot read is a
/// usage error naming the file (exit 2, no row), as in `check`; it wrote a row per record
/// with a `setup` error and exited 0.
#[test]
fn export_refuses_invalid_values_for_the_game_told_from_the_file() {
    let f = file("values", "export.pylon", PYLON);
    for (flags, message) in [
        (["--rules", "nonsense"], format!("--rules: {PYLON_RULES}")),
        (
            ["--size", "27"],
            "--size: the Size tag \"27\" is not a Pylon board size from 2 to 26".to_string(),
        ),
    ] {
        let mut args = vec!["export", &f, "--to", "jsonl", "-o", "-"];
        args.extend(flags);
        let r = run(&args);
        assert_eq!((r.code, r.out.as_str()), (2, ""), "{args:?}: {}", r.err);
        assert!(
            r.err.starts_with(&format!("{f}: {message}\n")),
            "{args:?}: {}",
            r.err
        );
    }
}

#[test]
fn each_game_names_its_own_rules_in_the_usage_error() {
    for (game, message) in [
        (
            "pylos",
            "--rules: unknown Pylos rule set \"nonsense\" (expected standard, alignment or children)",
        ),
        (
            "gipf",
            "--rules: unknown GIPF variant \"nonsense\" (expected basic, standard or tournament)",
        ),
        (
            "threeman",
            "--rules: unknown three-man chess rules \"nonsense\": expected standard, then any of \
             open-moats, dead-moats-open, strict-creeks, ep-next-only, stalemate-eliminates",
        ),
    ] {
        for cmd in [vec!["check", "-"], vec!["perft", "1"]] {
            let mut args = cmd.clone();
            args.extend(["--game", game, "--rules", "nonsense"]);
            let r = run_with(&args, b"this input is never read\n");
            assert_eq!(
                (r.code, r.out.as_str(), r.err.clone()),
                (2, "", format!("{message}\n")),
                "{args:?}"
            );
        }
    }
}

// ---- item 16: echoed lines show invisible characters escaped, the caret under them ----

#[test]
fn echoed_lines_escape_invisible_characters() {
    // A right-to-left override, an escape sequence and a tab in a comment before an
    // illegal move; the caret stands under the move in the escaped line.
    let f = file(
        "escape",
        "rtl.pylos",
        b"[Game \"Pylos\"]\n\n1b2 {\xe2\x80\xae\x1b[31m\t} 1b2 *\n",
    );
    let r = run(&["check", &f]);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.out,
        format!(
            "{f}:3:15: ply 2 (1b2): 1b2 is occupied\n  \
             1b2 {{\\u{{202e}}\\u{{1b}}[31m    }} 1b2 *\n  \
             {}^^^\n1 records, 0 ok, 1 failed\n",
            " ".repeat(29)
        )
    );
    // The found text and the echoed token, escaped alike; JSON escapes it as \uXXXX.
    let f = file(
        "escape",
        "found.pylos",
        b"[Game \"Pylos\"]\n\n1b2 {\xe2\x80\xae} zz\xe2\x80\xae *\n",
    );
    let r = run(&["check", &f]);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.out,
        format!(
            "{f}:3:9: expected a Pylos move such as 1b2, 1d2-2b2 or 1d1(1c1,1d1), found \
             \"zz\\u{{202e}}\"\n  1b2 {{\\u{{202e}}}} zz\\u{{202e}} *\n  {}{}\n\
             1 records, 0 ok, 1 failed\n",
            " ".repeat(15),
            "^".repeat(10)
        )
    );
    let r = run(&["show", &f]);
    assert_eq!((r.code, r.out.as_str()), (1, ""));
    assert_eq!(
        r.err.lines().nth(1),
        Some("  1b2 {\\u{202e}} zz\\u{202e} *")
    );
    // A bad byte after invisible characters: the caret just after the escaped text.
    let f = file(
        "escape",
        "byte.pylos",
        b"[Game \"Pylos\"]\n\n1b2 {\xe2\x80\xae\x1b} \xff *\n",
    );
    let r = run(&["check", &f]);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.out,
        format!(
            "{f}:3:10: expected UTF-8 text, found the byte 0xff\n  \
             1b2 {{\\u{{202e}}\\u{{1b}}}} \n  {}^\n1 records, 0 ok, 1 failed\n",
            " ".repeat(21)
        )
    );
    // A tag value quoted raw in a set-up error's message is escaped too.
    let f = file(
        "escape",
        "tag.pylos",
        b"[Game \"Pylos\"]\n[Rules \"\xe2\x80\xaex\"]\n\n1b2 *\n",
    );
    let r = run(&["check", &f]);
    assert_eq!(r.code, 1);
    let shown: Vec<&str> = r.out.lines().take(3).collect();
    assert!(shown[0].contains("\\u{202e}x"), "{}", r.out);
    assert_eq!(shown[1], "  [Rules \"\\u{202e}x\"]");
    // The caret is under the value (where the error is placed), as wide as it is shown.
    assert_eq!(shown[2], format!("  {}{}", " ".repeat(8), "^".repeat(9)));
    assert!(!r.out.contains('\u{202e}'), "{}", r.out);
    let r = run(&["check", &f, "--json"]);
    assert_eq!(r.code, 1);
    assert!(r.out.contains("\\u202ex"), "{}", r.out);
    assert!(!r.out.contains('\u{202e}'), "{}", r.out);
}
