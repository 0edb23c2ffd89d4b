//! The command line's contract (docs/cli.md), checked by running the built binary: exit
//! codes, where errors are placed, what each command reads and writes, and the cases of
//! issue 12 that concern the commands.

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use gamenote::GameId;

use crate::common;
use crate::common::{BIN, run, run_with};

/// The repository root: the records, docs and README the tests read.
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// A file with these bytes in this test's own folder.
fn file(test: &str, name: &str, bytes: &[u8]) -> String {
    common::file_in(&["cli", test], name, bytes)
}

fn example(name: &str) -> String {
    format!("{}/examples/records/{name}", ROOT)
}

/// The `"error"` object of a `check --json` line, as `(kind, line, column)`.
fn json_error(line: &str) -> (String, usize, usize) {
    let e = line.split("\"error\":").nth(1).unwrap_or("");
    let field = |name: &str| {
        e.split(&format!("\"{name}\":"))
            .nth(1)
            .and_then(|v| v.split([',', '}']).next())
            .unwrap_or("")
            .trim_matches('"')
            .to_string()
    };
    (
        field("kind"),
        field("line").parse().unwrap_or(0),
        field("column").parse().unwrap_or(0),
    )
}

const PYLOS: &[u8] = b"[Game \"Pylos\"]\n\n1b2 1c3 *\n";

// ---- item 1 and 5: one checked path for every command ----

#[test]
fn every_command_accepts_a_byte_order_mark() {
    let f = file(
        "bom",
        "a.pylos",
        b"\xEF\xBB\xBF[Game \"Pylos\"]\n\n1b2 1c3 *\n",
    );
    for args in [
        vec!["check", &f],
        vec!["convert", &f, "--style", "numeric"],
        vec!["show", &f],
        vec!["moves", &f],
        vec!["html", &f],
    ] {
        let r = run(&args);
        assert_eq!(r.code, 0, "{args:?}: {}", r.err);
    }
}

#[test]
fn every_command_rejects_nul_and_bad_utf8_at_line_and_column() {
    for (name, bytes, message) in [
        (
            "nul.pylos",
            &b"[Game \"Pylos\"]\n\n1b2 \x00 1c3 *\n"[..],
            "nul.pylos:3:5: expected text, found a NUL byte",
        ),
        (
            "utf8.pylos",
            &b"[Game \"Pylos\"]\n\n1b2 \xFF 1c3 *\n"[..],
            "utf8.pylos:3:5: expected UTF-8 text, found the byte 0xff",
        ),
    ] {
        let f = file("bytes", name, bytes);
        let check = run(&["check", &f]);
        assert_eq!(check.code, 1);
        assert!(check.out.contains(message), "{}", check.out);
        for args in [
            vec!["convert", &f, "--style", "numeric"],
            vec!["show", &f],
            vec!["moves", &f],
            vec!["html", &f],
        ] {
            let r = run(&args);
            assert_eq!(r.code, 1, "{args:?}");
            assert!(r.err.contains(message), "{args:?}: {}", r.err);
            assert_eq!(r.out, "", "{args:?}");
        }
    }
}

#[test]
fn check_and_convert_see_the_same_records() {
    for (name, text) in [
        (
            "tag-after-number.pylos",
            "[Game \"Pylos\"]\n1.\n[Event \"x\"]\n1b2 1c3 *\n",
        ),
        (
            "unclosed.pylos",
            "[Game \"Pylos\"]\n\n1b2 {oops 1c3 *\n\n[Game \"Pylos\"]\n\n1b2 1c3 *\n",
        ),
        (
            "escaped.pylos",
            "[Game \"Pylos\"]\n[Event \"a\\\"{\"]\n\n1b2 *\n\n[Game \"Pylos\"]\n\n1c3 *\n",
        ),
    ] {
        let f = file("agree", name, text.as_bytes());
        let check = run(&["check", &f]);
        let summary = check.out.lines().last().unwrap_or("").to_string();
        let numbers: Vec<usize> = summary
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|n| n.parse().ok())
            .collect();
        let [records, ok, failed] = numbers[..] else {
            panic!("{name}: summary {summary:?}")
        };
        let convert = run(&["convert", &f, "--style", "compact"]);
        assert_eq!(convert.out.matches("[Game ").count(), ok, "{name}");
        assert_eq!(
            convert.err.matches(&format!("{f}:")).count(),
            failed,
            "{name}"
        );
        assert_eq!(
            (check.code, convert.code),
            (i32::from(failed > 0), i32::from(failed > 0))
        );
        assert_eq!(records, ok + failed);
    }
}

#[test]
fn dash_is_standard_input_for_every_reading_command() {
    let r = run_with(&["check", "-", "--game", "pylos"], PYLOS);
    assert_eq!(
        (r.code, r.out.as_str()),
        (
            0,
            "- record 1: ok, 2 plies, result *\n1 records, 1 ok, 0 failed\n"
        )
    );
    let r = run_with(&["moves", "-"], PYLOS);
    assert_eq!(r.code, 0);
    assert_eq!(r.out.lines().count(), 14);
    let r = run_with(&["convert", "-", "--style", "numeric"], PYLOS);
    assert_eq!(r.code, 0);
    assert!(r.out.ends_with("\n\n1. 6 11 *\n"), "{}", r.out);
    let r = run_with(&["show", "-", "--format", "json", "--ply", "1"], PYLOS);
    assert_eq!(r.code, 0);
    let v: serde_json::Value = serde_json::from_str(&r.out).expect("one JSON object");
    assert_eq!(r.out.lines().count(), 1, "{}", r.out);
    assert_eq!(
        (
            &v["game"],
            &v["name"],
            &v["ply"],
            &v["to_move"],
            &v["outcome"]
        ),
        (
            &serde_json::json!("pylos"),
            &serde_json::json!("Pylos"),
            &serde_json::json!(1),
            &serde_json::json!(1),
            &serde_json::Value::Null
        )
    );
    let position = v["position"].as_str().expect("Pylos has a position string");
    let back = run_with(&["show", "-", "--format", "position", "--ply", "1"], PYLOS);
    assert_eq!(format!("{position}\n"), back.out);
    assert!(
        v["diagram"].as_str().is_some_and(|d| d.contains("level 1")),
        "{v}"
    );
}

#[test]
fn a_file_name_that_is_not_utf8_can_be_read() {
    use std::os::unix::ffi::OsStrExt;
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("cli")
        .join("names");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let p = dir.join(std::ffi::OsStr::from_bytes(b"g\xFFame.pylos"));
    std::fs::write(&p, PYLOS).expect("temp file");
    let o = Command::new(BIN)
        .arg("check")
        .arg(&p)
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stdout).contains("g\u{FFFD}ame.pylos record 1: ok"));
}

// ---- item 4: --record N, the first record by default ----

#[test]
fn show_moves_and_html_read_one_record_of_many() {
    let f = example("pylon-worked-examples.pylon");
    let first = run(&["show", &f]);
    assert_eq!(first.code, 0, "{}", first.err);
    let again = run(&["show", &f, "--record", "1"]);
    assert_eq!(again.out, first.out);
    let second = run(&["show", &f, "--record", "2"]);
    assert_eq!(second.code, 0);
    assert_ne!(second.out, first.out);
    assert_eq!(run(&["moves", &f, "--record", "7"]).code, 0);
    assert_eq!(run(&["html", &f, "--record", "3"]).code, 0);
    let past = run(&["show", &f, "--record", "8"]);
    assert_eq!(past.code, 2);
    assert!(past.err.contains("--record 8: "), "{}", past.err);
    assert!(past.err.ends_with("has 7 records\n"), "{}", past.err);
    assert_eq!(run(&["show", &f, "--record", "0"]).code, 2);
}

// ---- item 6: illegal records and set-up tags ----

#[test]
fn show_and_html_fail_on_an_illegal_record() {
    let f = file("illegal", "a.pylos", b"[Game \"Pylos\"]\n\n1b2 1b2 1c3 *\n");
    for args in [vec!["show", &f], vec!["html", &f], vec!["moves", &f]] {
        let r = run(&args);
        assert_eq!(r.code, 1, "{args:?}");
        assert!(
            r.err
                .starts_with(&format!("{f}:3:5: ply 2 (1b2): 1b2 is occupied\n")),
            "{args:?}: {}",
            r.err
        );
    }
    // The board up to the error is still shown.
    assert!(run(&["show", &f, "--ply", "1"]).out.contains("level 1"));
}

#[test]
fn setup_tag_errors_are_placed_at_the_tag() {
    // At the tag's value, where `Error::location` places a set-up error.
    for (name, text, line, column) in [
        (
            "size.pylon",
            "[Game \"Pylon\"]\n[Size \"99\"]\n\n1a1 *\n",
            2,
            8,
        ),
        (
            "position.3mc",
            "[Game \"Three-man chess\"]\n[Event \"x\"]\n[Position \"garbage\"]\n\n*\n",
            3,
            12,
        ),
        (
            "rules.pylos",
            "[Game \"Pylos\"]\n[Rules \"nonsense\"]\n\n1b2 *\n",
            2,
            9,
        ),
    ] {
        let f = file("setup", name, text.as_bytes());
        let want = format!("{f}:{line}:{column}: ");
        for args in [vec!["show", &f], vec!["html", &f], vec!["moves", &f]] {
            let r = run(&args);
            assert_eq!(r.code, 1, "{args:?}");
            assert!(r.err.starts_with(&want), "{args:?}: {}", r.err);
        }
        let r = run(&["check", "--json", &f]);
        assert_eq!(r.code, 1);
        assert_eq!(
            json_error(&r.out),
            ("setup".to_string(), line, column),
            "{}",
            r.out
        );
    }
}

// ---- item 7: check's exit codes and numbering ----

#[test]
fn check_exit_codes() {
    let good = file("codes", "good.pylos", PYLOS);
    let bad = file("codes", "bad.pylos", b"[Game \"Pylos\"]\n\n1b2 1b2 *\n");
    assert_eq!(run(&["check", &good]).code, 0);
    assert_eq!(run(&["check", &good, &bad]).code, 1);
    let missing = run(&["check", "/nonexistent/x.pylos", &good]);
    assert_eq!(missing.code, 2);
    assert_eq!(
        missing.err,
        "/nonexistent/x.pylos: cannot read: No such file or directory (os error 2)\n"
    );
    assert!(missing.out.ends_with("1 records, 1 ok, 0 failed\n"));
    let dir = run(&["check", env!("CARGO_TARGET_TMPDIR")]);
    assert_eq!(dir.code, 2);
    assert!(
        dir.err.ends_with(": cannot read: it is a directory\n"),
        "{}",
        dir.err
    );
    let unknown = file("codes", "x.txt", b"1b2 *\n");
    let r = run(&["check", &unknown]);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("cannot tell the game"), "{}", r.err);
    assert_eq!(run(&["check", &good, "--game", "chess"]).code, 2);
}

#[test]
fn records_are_numbered_within_each_file() {
    let two = file(
        "numbering",
        "two.pylos",
        b"[Game \"Pylos\"]\n\n1b2 *\n\n[Game \"Pylos\"]\n\n1c3 *\n",
    );
    let r = run(&["check", &two, &two]);
    let numbers: Vec<&str> = r
        .out
        .lines()
        .filter_map(|l| l.split(" record ").nth(1))
        .map(|l| l.split(':').next().unwrap_or(""))
        .collect();
    assert_eq!(numbers, ["1", "2", "1", "2"]);
}

// ---- item 8: warnings in JSON ----

#[test]
fn lenient_json_keeps_the_warnings() {
    let f = file(
        "warnings",
        "w.pylos",
        b"[Game \"Pylos\"]\n[Result \"1-0\"]\n\n1b2 1c3 *\n",
    );
    let r = run(&["check", "--json", "--lenient", &f]);
    assert_eq!(r.code, 0);
    assert_eq!(
        r.out,
        format!(
            "{{\"file\":\"{f}\",\"record\":1,\"ok\":true,\"plies\":2,\"result\":\"*\",\"error\":null,\
             \"warnings\":[{{\"kind\":\"mismatch\",\"line\":4,\"column\":9,\"ply\":null,\
             \"message\":\"the Result tag says 1-0 but the movetext ends with *\"}}]}}\n"
        )
    );
}

// ---- item 9: game detection from real tags only ----

#[test]
fn the_game_comes_from_a_real_tag_only() {
    // A `[Game` in a comment and a `[GameType]` tag name another game; the file is Pylos.
    let f = file(
        "detect",
        "a.pylos",
        b"{[Game \"GIPF\"]}\n[GameType \"GIPF\"]\n[Event \"x\"]\n\n1b2 1c3 *\n",
    );
    let r = run(&["check", &f]);
    assert_eq!(r.code, 0, "{}", r.out);
    assert!(r.out.contains("record 1: ok, 2 plies"));
    let g = file(
        "detect",
        "b.pylos",
        b"[Game \"Pylon\"]\n[Size \"3\"]\n\n1b2 *\n",
    );
    assert!(run(&["show", &g]).out.starts_with("Pylon size 3"));
}

// ---- item 11: near misses name their place in the file ----

#[test]
fn near_miss_comments_match_what_check_reports() {
    for game in GameId::ALL {
        let g = game.name();
        let r = run(&[
            "generate",
            "--game",
            g,
            "--illegal",
            "--count",
            "40",
            "--seed",
            "7",
        ]);
        assert_eq!(r.code, 0);
        let f = file(
            "near-miss",
            &format!("nm.{}", game.extension()),
            r.out.as_bytes(),
        );
        let checked = run(&["check", "--json", &f]);
        let errors: Vec<(String, usize, usize)> = checked.out.lines().map(json_error).collect();
        let mut positional = 0;
        for c in r.out.split("{near miss: ").skip(1) {
            let Some(at) = c.split("; expected ").nth(1) else {
                continue;
            };
            let Some((kind, place)) = at.split('}').next().and_then(|s| s.split_once(" at "))
            else {
                continue;
            };
            let Some((l, col)) = place.split_once(':') else {
                continue;
            };
            let want = (
                kind.to_string(),
                l.parse().unwrap_or(0),
                col.parse().unwrap_or(0),
            );
            assert!(errors.contains(&want), "{g}: {want:?} not in {errors:?}");
            positional += 1;
        }
        assert!(
            positional > 5,
            "{g}: only {positional} near misses with a place"
        );
    }
}

// ---- item 12 ----

#[test]
fn position_counters_past_the_bound_are_a_clean_error() {
    let fen = "Black 8/8/7Bp/Bn6Br/BpBpBpBpBpBpBp1/Br1BbBkBqBbBn1 Gray 8/8/7Gp/5Gn1Wr/GpGpGpGpGpGpGp1/GrGnGbGkGqGb2 White 8/8/7Wp/8/WpWpWpWpWpWpWp1/WrWnWbWkWqWbWn1 W K/K/K - - WGB";
    // The column is the counter's place in the tag's value.
    for (counters, code, column) in [
        ("2 5", 0, 0),
        ("4294967295 5", 1, 166),
        ("2 4294967295", 1, 168),
        ("1000000000 1000000000", 0, 0),
    ] {
        let text = format!("[Game \"Three-man chess\"]\n[Position \"{fen} {counters}\"]\n\n*\n");
        let f = file("counters", "p.3mc", text.as_bytes());
        let r = run(&["show", &f, "--format", "fen"]);
        assert_eq!(r.code, code, "{counters}: {}", r.err);
        if code == 1 {
            assert!(
                r.err
                    .starts_with(&format!("{f}:2:12: the Position tag, column {column}: ")),
                "{}",
                r.err
            );
            assert!(
                r.err.contains("expected a number of at most 1000000000"),
                "{}",
                r.err
            );
        } else {
            assert_eq!(r.out, format!("{fen} {counters}\n"));
        }
    }
}

#[test]
fn perft_zero_is_one() {
    for game in GameId::ALL {
        let r = run(&["perft", "0", "--divide", "--game", game.name()]);
        assert_eq!((r.code, r.out.as_str()), (0, "1\n"), "{game}");
        assert_eq!(run(&["perft", "0", "--game", game.name()]).out, "1\n");
    }
    let r = run(&["perft", "1", "--divide", "--game", "pylos"]);
    assert_eq!(r.out.lines().count(), 17);
    assert!(r.out.ends_with("\n16\n"));
}

#[test]
fn size_on_a_game_without_sizes_is_a_usage_error() {
    let f = file("size", "a.pylos", PYLOS);
    for (game, out, args) in [
        (
            "pylos",
            "",
            vec!["convert", &f, "--style", "numeric", "--size", "3"],
        ),
        ("pylos", "", vec!["show", &f, "--size", "3"]),
        // check goes on with the other files; with none read, it prints no summary.
        ("pylos", "", vec!["check", &f, "--size", "3"]),
        (
            "gipf",
            "",
            vec!["perft", "1", "--game", "gipf", "--size", "3"],
        ),
        (
            "threeman",
            "",
            vec!["generate", "--game", "threeman", "--size", "3"],
        ),
    ] {
        let r = run(&args);
        assert_eq!(r.code, 2, "{args:?}");
        // The game told from a file is named with the file (issue 20 item 15).
        let from = if args[1] == f {
            format!("{f}: ")
        } else {
            String::new()
        };
        assert_eq!(
            r.err,
            format!("{from}--size: {game} has no board sizes (only pylon has)\n"),
            "{args:?}"
        );
        assert_eq!(r.out, out, "{args:?}");
    }
    assert_eq!(
        run(&["perft", "1", "--game", "pylon", "--size", "3"]).out,
        "9\n"
    );
}

// ---- arguments and outputs ----

#[test]
fn absurd_arguments_are_usage_errors() {
    let f = file("args", "a.pylos", PYLOS);
    for args in [
        vec!["check", &f, "--threads", "30000"],
        vec!["check", &f, "--threads", "18446744073709551615"],
        vec!["check", &f, "--threads", "0"],
        vec!["perft", "20000", "--game", "threeman"],
        vec!["perft", "4294967295", "--game", "pylos"],
        vec![
            "generate",
            "--game",
            "pylos",
            "--count",
            "18446744073709551615",
        ],
        vec![
            "generate",
            "--game",
            "pylos",
            "--plies",
            "18446744073709551615",
        ],
        vec!["show", &f, "--format", "png"],
    ] {
        let r = run(&args);
        assert_eq!(r.code, 2, "{args:?}");
        assert_eq!(r.out, "", "{args:?}");
        assert!(!r.err.contains("panicked"), "{args:?}: {}", r.err);
    }
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let many = file("pipe", "many.pylos", &PYLOS.repeat(20_000));
    for args in [
        vec!["generate", "--game", "pylos", "--count", "1000000"],
        vec!["check", &many],
        vec!["check", "--json", &many],
        vec!["convert", &many, "--style", "compact"],
    ] {
        let mut child = Command::new(BIN)
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starts");
        let mut first = [0u8; 16];
        let mut out = child.stdout.take().expect("stdout");
        out.read_exact(&mut first).expect("some output");
        drop(out);
        let o = child.wait_with_output().expect("ends");
        assert_eq!(o.status.code(), Some(141), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&o.stderr), "", "{args:?}");
    }
}

#[test]
fn a_full_output_is_a_clean_error() {
    let f = file("full", "a.pylos", PYLOS);
    for args in [
        vec!["check", &f],
        vec!["check", "--json", &f],
        vec!["convert", &f, "--style", "numeric"],
        vec!["show", &f],
        vec!["moves", &f],
        vec!["html", &f],
        vec!["perft", "1", "--game", "pylos"],
        vec!["generate", "--game", "pylos"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let o = Command::new(BIN)
            .args(&args)
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .expect("runs");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&o.stderr),
            "gamenote: cannot write standard output: No space left on device (os error 28)\n",
            "{args:?}"
        );
    }
}

#[test]
fn output_files_are_written() {
    let f = file("outfile", "a.pylos", PYLOS);
    let out = file("outfile", "out.pylos", b"");
    let r = run(&["convert", &f, "--style", "numeric", "-o", &out]);
    assert_eq!((r.code, r.out.as_str()), (0, ""));
    let written = std::fs::read_to_string(&out).unwrap_or_default();
    assert!(written.ends_with("\n\n1. 6 11 *\n"), "{written}");
    let r = run(&[
        "convert",
        &f,
        "--style",
        "numeric",
        "-o",
        "/nonexistent/dir/x",
    ]);
    assert_eq!(r.code, 2);
}

// ---- the help and the docs ----

#[test]
fn help_names_every_game_and_every_style() {
    for cmd in [
        "check", "convert", "show", "moves", "html", "perft", "generate",
    ] {
        let r = run(&[cmd, "--help"]);
        assert_eq!(r.code, 0);
        for game in GameId::ALL {
            assert!(r.out.contains(game.name()), "{cmd} --help lacks {game}");
        }
    }
    let convert = run(&["convert", "--help"]).out.replace('\n', " ");
    for game in GameId::ALL {
        for style in game.styles() {
            let plain = style.split('+').next().unwrap_or(style);
            assert!(
                convert.contains(plain),
                "convert --help lacks {game} {style}"
            );
        }
    }
    for cmd in ["perft", "generate"] {
        let help = run(&[cmd, "--help"]).out;
        assert!(!help.contains("--lenient"), "{cmd}");
        assert!(!help.contains("file extension"), "{cmd}");
    }
    let perft = run(&["perft", "1", "--game", "gipf"]);
    assert_eq!((perft.code, perft.out.as_str()), (0, "30\n"));
}

#[test]
fn docs_and_readme_give_the_flags_of_the_help() {
    let docs = std::fs::read_to_string(format!("{}/docs/cli.md", ROOT)).unwrap_or_default();
    let readme = std::fs::read_to_string(format!("{}/README.md", ROOT)).unwrap_or_default();
    for cmd in [
        "check", "convert", "show", "moves", "html", "perft", "generate",
    ] {
        let help = run(&[cmd, "--help"]).out;
        let flags: Vec<&str> = help
            .split_whitespace()
            .filter(|w| w.starts_with("--") && *w != "--help" && *w != "--version")
            .map(|w| w.trim_end_matches([',', '.', ')']))
            .collect();
        for text in [&docs, &readme] {
            let line = text
                .lines()
                .find(|l| l.starts_with(&format!("gamenote {cmd} ")))
                .unwrap_or("");
            for f in &flags {
                assert!(line.contains(f), "{cmd}: {f} missing from {line:?}");
            }
        }
    }
}

#[test]
fn an_empty_file_has_no_record() {
    let f = file("empty", "e.pylos", b"");
    let check = run(&["check", &f]);
    assert_eq!(
        (check.code, check.out.as_str()),
        (0, "0 records, 0 ok, 0 failed\n")
    );
    for cmd in ["show", "moves", "html"] {
        let r = run(&[cmd, &f]);
        assert_eq!((r.code, r.out.as_str()), (0, ""), "{cmd}");
        assert_eq!(r.err, format!("{f}: 0 records\n"), "{cmd}");
    }
}

// ---- memory: the html page is proportional to the game ----

#[test]
fn the_html_page_grows_by_at_most_300_bytes_a_ply() {
    for (game, plies) in [
        ("threeman", 600),
        ("pylos", 60),
        ("gipf", 300),
        ("pylon", 40),
    ] {
        let start = run(&["generate", "--game", game, "--plies", "0"]).out;
        let long = run(&[
            "generate",
            "--game",
            game,
            "--plies",
            &plies.to_string(),
            "--seed",
            "5",
        ])
        .out;
        let a = file("html-size", &format!("start.{game}"), start.as_bytes());
        let b = file("html-size", &format!("long.{game}"), long.as_bytes());
        let fixed = run(&["html", &a, "--game", game]);
        let page = run(&["html", &b, "--game", game]);
        assert_eq!((fixed.code, page.code), (0, 0), "{}", page.err);
        let n = run(&["check", &b, "--json", "--game", game])
            .out
            .split("\"plies\":")
            .nth(1)
            .and_then(|s| s.split(',').next())
            .and_then(|s| s.parse::<usize>().ok())
            .unwrap_or(0);
        assert!(n > 0, "{game}");
        let per_ply = (page.out.len() - fixed.out.len()) / n;
        assert!(
            per_ply <= 300,
            "{game}: {per_ply} bytes a ply over {n} plies"
        );
    }
}

#[test]
fn html_refuses_a_record_past_its_limit() {
    let moves = "1b2 1c3 ".repeat(gamenote::html::MAX_PLIES / 2 + 1);
    let f = file(
        "html-limit",
        "long.pylos",
        format!("[Game \"Pylos\"]\n\n{moves}*\n").as_bytes(),
    );
    let r = run(&["html", &f]);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.err,
        format!("{f}: the record has 5002 plies; the HTML viewer draws at most 5000\n")
    );
    assert_eq!(r.out, "");
}

// ---- item 15: a warning on every ply costs linear time ----

/// A three-man game of `plies` plies with a wrong check mark on every move that has none.
fn marked_game(plies: usize) -> String {
    let game = run(&[
        "generate",
        "--game",
        "threeman",
        "--plies",
        &plies.to_string(),
        "--seed",
        "2",
    ])
    .out;
    let (tags, moves) = game.split_once("\n\n").unwrap_or(("", ""));
    let marked: Vec<String> = moves
        .split_whitespace()
        .map(|t| {
            let mark = t.starts_with(['W', 'G', 'B']) && !t.ends_with(['+', '#']);
            if mark { format!("{t}+") } else { t.to_string() }
        })
        .collect();
    format!("{tags}\n\n{}\n", marked.join(" "))
}

#[test]
fn lenient_warnings_cost_linear_time() {
    let small = file("linear", "small.3mc", marked_game(5_000).as_bytes());
    let large = file("linear", "large.3mc", marked_game(40_000).as_bytes());
    let fastest = |f: &str| {
        (0..3)
            .map(|_| {
                let t = std::time::Instant::now();
                let r = run(&["check", "--lenient", "--json", "--threads", "1", f]);
                assert_eq!(r.code, 0, "{}", r.err);
                t.elapsed().as_secs_f64()
            })
            .fold(f64::MAX, f64::min)
    };
    // The first 100 warnings are listed, the rest counted (issue 20, item 11).
    let out = run(&["check", "--lenient", "--json", &large]).out;
    let listed = out.matches("\"mismatch\"").count();
    assert_eq!(listed, 100);
    let omitted: usize = out
        .split("\"warnings_omitted\":")
        .nth(1)
        .and_then(|t| t.trim_end().strip_suffix('}'))
        .and_then(|n| n.parse().ok())
        .expect("a count of the warnings not listed");
    let warnings = listed + omitted;
    assert!(warnings > 39_000, "{warnings} warnings");
    let (a, b) = (fastest(&small), fastest(&large));
    // 8 times the plies: linear is about 8 times the time, quadratic 64.
    assert!(b / a < 24.0, "{a:.3} s for 5000 plies, {b:.3} s for 40000");
}

/// Issue 12 items 2 and 3: a Pylos record converted to `numeric+markers` checks with the
/// same command line, and move remarks (`!`, `??`, `!?`) come through every conversion.
#[test]
fn convert_output_reads_back_and_keeps_remarks() {
    let f = file(
        "convert_back",
        "a.pylos",
        b"[Game \"Pylos\"]\n1b2! {good} 1c3?? 1c4!? *\n",
    );
    let r = run(&["convert", &f, "--style", "numeric+markers"]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("[Style \"numeric+markers\"]"), "{}", r.out);
    assert!(r.out.contains("1. 6! {good} 11?? 2. 15!? *"), "{}", r.out);
    let numeric = file("convert_back", "b.pylos", r.out.as_bytes());
    let back = run(&["check", &numeric]);
    assert_eq!(back.code, 0, "{}{}", back.out, back.err);
    assert!(back.out.contains("record 1: ok, 3 plies"), "{}", back.out);
    let canonical = run(&["convert", &numeric, "--style", "canonical"]);
    assert_eq!(canonical.code, 0, "{}", canonical.err);
    assert!(
        canonical.out.contains("1. 1b2! {good} 1c3?? 2. 1c4!? *"),
        "{}",
        canonical.out
    );
}

/// Issue 14 item 2: `check --syntax-only` parses without replaying, through `--json` too.
#[test]
fn syntax_only_reads_without_replaying() {
    let f = file(
        "syntax_only",
        "s.pylos",
        b"[Game \"Pylos\"]\n1b2 1b2 0-1\n\n[Game \"Pylos\"]\n1b2 zz *\n",
    );
    let full = run(&["check", &f]);
    assert_eq!(full.code, 1);
    assert!(
        full.out.contains("2 records, 0 ok, 2 failed"),
        "{}",
        full.out
    );
    let r = run(&["check", "--syntax-only", &f]);
    assert_eq!(r.code, 1, "{}", r.out);
    assert!(
        r.out
            .contains(&format!("{f} record 1: ok, 2 plies, result 0-1")),
        "{}",
        r.out
    );
    assert!(r.out.contains("2 records, 1 ok, 1 failed"), "{}", r.out);
    let json = run(&["check", "--syntax-only", "--json", &f]);
    let lines: Vec<&str> = json.out.lines().collect();
    assert_eq!(lines.len(), 2, "{}", json.out);
    assert!(
        lines[0].contains("\"ok\":true,\"plies\":2,\"result\":\"0-1\""),
        "{}",
        lines[0]
    );
    assert_eq!(json_error(lines[1]), ("parse".to_string(), 5, 5));
}

/// One worker checks on the calling thread, more in a pool: both must print the same
/// verdicts in the same order, with the same totals and exit code, for good, illegal,
/// broken and unreadable inputs, as text and as JSON.
#[test]
fn one_thread_and_a_pool_print_the_same() {
    let mut games = String::new();
    for i in 0..300 {
        games.push_str(match i % 5 {
            0 => "[Game \"Pylos\"]\n1b2 1b2 *\n\n",
            1 => "[Game \"Pylos\"]\n1b2 zz *\n\n",
            _ => "[Game \"Pylos\"]\n1b2 1c3 1c4 *\n\n",
        });
    }
    let a = file("threads_same", "a.pylos", games.as_bytes());
    let b = file(
        "threads_same",
        "b.gipf",
        b"[Game \"GIPF\"]\n1.i3-h3 2.a2-b3 *\n",
    );
    let c = file("threads_same", "c.txt", b"no game here\n");
    let missing = file("threads_same", "gone.pylos", b"");
    std::fs::remove_file(&missing).expect("removed");
    for json in [false, true] {
        let mut args = vec!["check", &a, &b, &c, &missing, &a];
        if json {
            args.push("--json");
        }
        let one = run(&[args.as_slice(), &["--threads", "1"]].concat());
        let two = run(&[args.as_slice(), &["--threads", "2"]].concat());
        assert_eq!(one.code, two.code);
        assert_ne!(one.code, 0, "broken records fail the run");
        assert_eq!(one.out, two.out);
        assert_eq!(one.err, two.err);
        if json {
            assert_eq!(one.out.lines().count(), 601, "{}", one.out);
        } else {
            assert!(
                one.out.contains("601 records, 360 ok, 241 failed"),
                "{}",
                one.out
            );
        }
    }
}

/// Issue 20, item 11: a record with a mismatch on every move keeps the first 100 warnings
/// and counts the rest, in the JSON object and on standard error.
#[test]
fn lenient_warnings_are_capped_with_a_count_of_the_rest() {
    let moves = "WHNa3+ GRNa3+ BLNa3+ WHNb1+ GRNb1+ BLNb1+ ".repeat(50);
    let text = format!("[Game \"Three-man chess\"]\n{moves}*\n");
    let f = file("warnings_capped", "many.3mc", text.as_bytes());
    let o = run(&["check", &f, "--lenient", "--json"]);
    assert_eq!(o.code, 0);
    let line = o.out.trim_end();
    assert_eq!(line.matches("\"kind\":\"mismatch\"").count(), 100);
    assert!(line.ends_with("],\"warnings_omitted\":200}"), "{line}");
    assert!(line.contains("\"ok\":true,\"plies\":300,"), "{line}");
    let o = run(&["check", &f, "--lenient"]);
    assert_eq!(o.code, 0);
    assert_eq!(o.err.matches("warning: ").count(), 101);
    assert!(o.err.contains("warning: ") && o.err.contains("record 1: and 200 more warnings"));
    assert!(o.out.contains("record 1: ok, 300 plies, result *"));
}

/// Issue 20, item 13: a written move longer than 1 MiB is an error at its start, and no
/// message quotes more than 64 characters of it.
#[test]
fn a_huge_move_is_an_error_and_messages_quote_a_line_of_it() {
    let long = format!(
        "[Game \"GIPF\"]\n[Rules \"basic\"]\n1.e2{} *\n",
        "x;".repeat(600_000)
    );
    let f = file("huge_move", "long.gipf", long.as_bytes());
    for args in [vec!["check", &f], vec!["check", &f, "--syntax-only"]] {
        let o = run(&args);
        assert_eq!(o.code, 1, "{args:?}");
        let first = o
            .err
            .lines()
            .chain(o.out.lines())
            .find(|l| l.contains("long.gipf:"))
            .unwrap();
        assert!(
            first.contains("long.gipf:3:3: expected a move of at most 1048576 bytes, found \""),
            "{first}"
        );
        assert!(first.len() < 200, "{}", first.len());
    }
    // Under the limit: the move reads, fails by the rules, and is quoted cut short.
    let short = format!(
        "[Game \"GIPF\"]\n[Rules \"basic\"]\n1.e2{} *\n",
        "x;".repeat(1000)
    );
    let f = file("huge_move", "short.gipf", short.as_bytes());
    let o = run(&["check", &f]);
    assert_eq!(o.code, 1);
    let first = o
        .out
        .lines()
        .chain(o.err.lines())
        .find(|l| l.contains("short.gipf:3:3: ply 1 ("))
        .unwrap();
    let quoted = &first[first.find("ply 1 (").unwrap() + 7..first.find("): ").unwrap()];
    assert_eq!(quoted.chars().count(), 64);
    assert!(quoted.ends_with('…'));
}

/// A file of several shards (over 2 MiB) is read by the workers shard by shard: with one
/// thread or four, `check` prints the same verdicts, numbers, lines and columns, in order,
/// through open comments, tag lines inside comments, junk and near misses.
#[test]
fn check_threads_shard_a_large_file_as_one_reader_cuts_it() {
    let mut text = String::new();
    let records = [
        std::fs::read_to_string(example("pylos-seed.pylos")).unwrap(),
        "[Game \"Pylos\"]\n\n1b2 1b2 *\n\n".to_string(),
        "[Game \"Pylos\"]\n\n1b2 {open\n[Event \"in the comment\"]\n1c3 *\n\nstray junk\n\n"
            .to_string(),
        "[Game \"Pylos\"]\n\n1b2 {a [Mid \"line\"]\n} 1c3 *\r\n\r\n".to_string(),
    ];
    let mut i = 0;
    while text.len() < 5 << 20 {
        text.push_str(&records[i % records.len()]);
        i += 1;
    }
    text.push_str("[Game \"Pylos\"]\n1b2 {never closed\n[Not a tag\n");
    let path = file("shards", "big.pylos", text.as_bytes());
    let one = run(&["check", "--json", "--threads", "1", &path]);
    let four = run(&["check", "--json", "--threads", "4", &path]);
    assert_eq!(one.code, 1);
    assert_eq!((four.code, four.err.as_str()), (one.code, one.err.as_str()));
    let lines: Vec<&str> = one.out.lines().collect();
    assert_eq!(four.out.lines().count(), lines.len());
    for (k, (a, b)) in four.out.lines().zip(&lines).enumerate() {
        assert_eq!(a, *b, "verdict {k}");
    }
    let last = lines.last().unwrap();
    assert!(
        last.contains(r#""ok":false"#) && last.contains(r#""kind":"parse""#),
        "{last}"
    );
    let plain_one = run(&["check", "--threads", "1", &path]);
    let plain_two = run(&["check", "--threads", "2", &path]);
    assert_eq!(plain_two.out, plain_one.out);
    assert_eq!(plain_two.err, plain_one.err);
}

/// The workers reuse the reports of earlier shards for their buffers: in lenient mode each
/// record's report prints as one reader prints it, with one thread or two, over many shards
/// (a record with a warning, a decided result, an illegal move, an undecided game).
#[test]
fn check_threads_reused_reports_keep_no_trace_of_the_record_before() {
    let records = [
        "[Game \"Pylos\"]\n[Result \"1-0\"]\n\n1b2 1c3 *\n\n",
        "[Game \"Pylos\"]\n\n1b2 1c3 1-0\n\n",
        "[Game \"Pylos\"]\n[Result \"0-1\"]\n\n1b2 1b2 *\n\n",
        "[Game \"Pylos\"]\n\n1b2 1c3 1d4 *\n\n",
    ];
    let mut text = String::new();
    let mut i = 0;
    while text.len() < 3 << 20 {
        // Runs of one kind of record of varying lengths, so shards start on every kind.
        let kind = (i / 7 + i / 3) % records.len();
        text.push_str(records[kind]);
        i += 1;
    }
    let path = file("shard_reuse", "reuse.pylos", text.as_bytes());
    for extra in [&["--json"][..], &[]] {
        let one = run(&[&["check", "--lenient", "--threads", "1", &path][..], extra].concat());
        let two = run(&[&["check", "--lenient", "--threads", "2", &path][..], extra].concat());
        assert_eq!(one.code, 1);
        assert_eq!((two.code, two.err.as_str()), (one.code, one.err.as_str()));
        assert_eq!(two.out.lines().count(), one.out.lines().count());
        for (k, (a, b)) in two.out.lines().zip(one.out.lines()).enumerate() {
            assert_eq!(a, b, "verdict {k}");
        }
    }
    let json = run(&["check", "--lenient", "--json", "--threads", "2", &path]).out;
    assert_eq!(json.lines().count(), i);
    let with_warnings = json.lines().filter(|l| l.contains("\"mismatch\"")).count();
    let expected = (0..i).filter(|k| (k / 7 + k / 3) % 4 == 0).count();
    assert_eq!(with_warnings, expected);
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

/// `html`'s error box says what `check` says of the record, without the kind the library's
/// `Display` of an illegal move no longer writes (announced in CHANGELOG.md): before this
/// session it read `ply 2 (1b2): illegal: 1b2 is occupied`.
#[test]
fn html_says_the_error_as_check_does() {
    let f = file(
        "html_error",
        "occupied.pylos",
        b"[Game \"Pylos\"]\n\n1b2 1b2 *\n",
    );
    let c = run(&["check", &f]);
    assert_eq!(c.code, 1);
    assert!(
        c.out
            .contains("occupied.pylos:3:5: ply 2 (1b2): 1b2 is occupied\n"),
        "{}",
        c.out
    );
    let h = run(&["html", &f]);
    assert_eq!(h.code, 1);
    assert!(
        h.out
            .contains("<div id=\"error\" class=\"error\">ply 2 (1b2): 1b2 is occupied</div>"),
        "{}",
        h.out
    );
    assert!(
        h.err
            .contains("occupied.pylos:3:5: ply 2 (1b2): 1b2 is occupied\n"),
        "{}",
        h.err
    );
}
