//! Issue 20, items 1 and 2, through the built binary: a file whose records are one of each
//! game, each read in its own game, with junk between some of them that fails on its own
//! and never costs the record before it.

use crate::common;
use crate::common::run;

fn file(name: &str, bytes: &[u8]) -> String {
    common::file_in(&["mixed"], name, bytes)
}

const PYLOS: &str = "[Game \"Pylos\"]\n[Rules \"standard\"]\n\n1. 1b1 1b2 2. 1c3 *\n";
const GIPF: &str = "[Game \"GIPF\"]\n[Rules \"basic\"]\n\n1.a5-c5 (11) f8-d7 (11) 2.f7 (10) *\n";
const THREEMAN: &str = "[Game \"Three-man chess\"]\n[Rules \"standard\"]\n\n1. WHf4 GRNc3 BLc3 *\n";
const PYLON: &str = "[Game \"Pylon\"]\n[Size \"6\"]\n[Rules \"standard\"]\n\n1. 1f1 1d3 2. 1a1 *\n";

/// One record of each game; junk after the first (a stray line, line 6) and after the third
/// (a NUL byte, line 17), and the GIPF record joined by `cat` with a byte-order mark.
fn mixed() -> Vec<u8> {
    let mut b = Vec::new();
    b.extend_from_slice(PYLOS.as_bytes()); // lines 1-4
    b.extend_from_slice(b"\nstray line\n\n"); // line 6
    b.extend_from_slice(b"\xEF\xBB\xBF"); // line 8 starts with a BOM
    b.extend_from_slice(GIPF.as_bytes()); // lines 8-11
    b.push(b'\n');
    b.extend_from_slice(THREEMAN.as_bytes()); // lines 13-16
    b.extend_from_slice(b"\x00 junk\n\n"); // line 17
    b.extend_from_slice(PYLON.as_bytes()); // lines 19-23
    b
}

#[test]
fn each_record_is_checked_in_its_own_game_and_junk_fails_on_its_own() {
    let f = file("mixed.txt", &mixed());
    for threads in ["1", "3"] {
        for syntax in [false, true] {
            let mut args = vec!["check", f.as_str(), "--threads", threads];
            if syntax {
                args.push("--syntax-only");
            }
            let r = run(&args);
            assert_eq!(r.code, 1, "{args:?}: {}", r.out);
            let lines: Vec<&str> = r.out.lines().filter(|l| !l.starts_with("  ")).collect();
            let name = f.as_str();
            assert_eq!(
                lines,
                [
                    format!("{name} record 1: ok, 3 plies, result *"),
                    format!(
                        "{name}:6:1: junk after record 1: expected a tag pair or the end of input, found \"stray\""
                    ),
                    format!("{name} record 2: ok, 3 plies, result *"),
                    format!("{name} record 3: ok, 3 plies, result *"),
                    format!("{name}:17:1: junk after record 3: expected text, found a NUL byte"),
                    format!("{name} record 4: ok, 3 plies, result *"),
                    "4 records, 4 ok, 0 failed, 2 junk".to_string(),
                ],
                "{args:?}"
            );
        }
    }
    let json = run(&["check", &f, "--json"]);
    assert_eq!(json.code, 1);
    let lines: Vec<&str> = json.out.lines().collect();
    assert_eq!(lines.len(), 6);
    assert!(lines[1].starts_with(&format!(
        "{{\"file\":{:?},\"record\":1,\"junk\":true,\"ok\":false,\"plies\":0,\"result\":null,\"error\":{{\"kind\":\"parse\",\"line\":6,\"column\":1,\"ply\":null,",
        f
    )), "{}", lines[1]);
    assert!(
        lines[4].contains("\"record\":3,\"junk\":true,")
            && lines[4].contains("\"line\":17,\"column\":1,")
    );
    for (i, n) in [(0, 1), (2, 2), (3, 3), (5, 4)] {
        assert!(
            lines[i].contains(&format!("\"record\":{n},\"ok\":true,\"plies\":3,")),
            "{}",
            lines[i]
        );
    }
}

#[test]
fn the_game_given_fails_records_tagged_with_another_game_at_the_tag() {
    // The byte-order mark before line 8 opens a record and is not part of it (no column),
    // as a mark at the file's start is not; the record that fails at its
    // tag runs to the next record, NUL byte included (junk is told only after a record read).
    let f = file("mixed-given.txt", &mixed());
    let r = run(&["check", &f, "--game", "pylos", "--threads", "1"]);
    assert_eq!(r.code, 1);
    let name = f.as_str();
    assert!(
        r.out.contains(&format!(
            "{name}:8:8: expected the game given, \"Pylos\" (--game pylos), found \"GIPF\""
        )),
        "{}",
        r.out
    );
    assert!(r.out.contains(&format!(
        "{name}:13:8: expected the game given, \"Pylos\" (--game pylos), found \"Three-man chess\""
    )));
    assert!(r.out.contains(&format!(
        "{name}:19:8: expected the game given, \"Pylos\" (--game pylos), found \"Pylon\""
    )));
    assert!(
        r.out.ends_with("4 records, 1 ok, 3 failed, 1 junk\n"),
        "{}",
        r.out
    );
    let json = run(&["check", &f, "--game", "pylos", "--json"]);
    let second = json.out.lines().nth(2).expect("record 2");
    assert!(second.contains("\"record\":2,\"ok\":false,\"plies\":0,\"result\":null,\"error\":{\"kind\":\"parse\",\"line\":8,\"column\":8,\"ply\":null,"), "{second}");
}

#[test]
fn convert_keeps_every_record_in_its_own_game() {
    let f = file("mixed-convert.txt", &mixed());
    // `short` is a style of GIPF and of three-man chess, not of Pylos or Pylon.
    let r = run(&["convert", &f, "--style", "short", "--game", "gipf"]);
    assert_eq!(r.code, 1);
    assert!(r.out.is_empty() || !r.out.contains("[Game \"Pylos\"]"));
    // Detected from the first record: every record converts in its own game's default style
    // names where it has one; a style the record's game lacks fails that record alone.
    let r = run(&["convert", &f, "--style", "canonical"]);
    assert_eq!(r.code, 1);
    let games: Vec<&str> = r.out.lines().filter(|l| l.starts_with("[Game ")).collect();
    assert_eq!(games, ["[Game \"Pylos\"]"]);
    let name = f.as_str();
    assert!(r.err.contains(&format!("{name}:6:1: junk after record 1: expected a tag pair or the end of input, found \"stray\"")), "{}", r.err);
    assert!(
        r.err.contains(&format!("{name}: record 2: --style: ")),
        "{}",
        r.err
    );
    assert!(
        r.err.contains(&format!(
            "{name}:17:1: junk after record 3: expected text, found a NUL byte"
        )),
        "{}",
        r.err
    );
    // One file per game's style: each converts whole, junk reported, games kept.
    let one = file(
        "each.txt",
        format!("{GIPF}\nstray\n\n{THREEMAN}\n\x00\n").as_bytes(),
    );
    let r = run(&["convert", &one, "--style", "short"]);
    assert_eq!(r.code, 1);
    let games: Vec<&str> = r.out.lines().filter(|l| l.starts_with("[Game ")).collect();
    assert_eq!(games, ["[Game \"GIPF\"]", "[Game \"Three-man chess\"]"]);
    assert_eq!(
        r.err
            .lines()
            .filter(|l| l.contains(": junk after record "))
            .count(),
        2,
        "{}",
        r.err
    );
}

#[test]
fn show_moves_and_html_read_record_n_in_its_own_game() {
    let f = file("mixed-show.txt", &mixed());
    for (n, id, game) in [
        ("1", "pylos", "Pylos"),
        ("2", "gipf", "GIPF"),
        ("3", "threeman", "Three-man chess"),
        ("4", "pylon", "Pylon"),
    ] {
        let r = run(&["show", &f, "--record", n, "--format", "json"]);
        assert_eq!(r.code, 0, "record {n}: {}", r.err);
        assert!(
            r.out
                .starts_with(&format!("{{\"game\":{id:?},\"name\":{game:?},\"ply\":3,")),
            "{}",
            r.out
        );
        let m = run(&["moves", &f, "--record", n]);
        assert_eq!(m.code, 0, "record {n}: {}", m.err);
        assert!(!m.out.is_empty());
        let h = run(&["html", &f, "--record", n]);
        assert_eq!(h.code, 0, "record {n}: {}", h.err);
    }
    let r = run(&["show", &f, "--record", "5"]);
    assert_eq!(r.code, 2);
    assert!(r.err.ends_with("has 4 records\n"), "{}", r.err);
}

#[test]
fn junk_after_a_record_never_fails_it() {
    let example = "[Game \"Pylos\"]\n\n1b2 1c3 *\n\nstray line\n\n[Game \"Pylos\"]\n\n1b2 1c3 *\n";
    let f = file("stray.pylos", example.as_bytes());
    let r = run(&["check", &f]);
    assert_eq!(r.code, 1);
    assert!(
        r.out.ends_with("2 records, 2 ok, 0 failed, 1 junk\n"),
        "{}",
        r.out
    );
    let c = run(&["convert", &f, "--style", "numeric"]);
    assert_eq!(c.code, 1);
    assert_eq!(c.out.matches("[Game \"Pylos\"]").count(), 2);
    // 20 MB of junk on one line: the record before it is judged, the junk is placed.
    let mut big = b"[Game \"Pylos\"]\n\n1b2 1c3 *\n\n".to_vec();
    big.extend(std::iter::repeat_n(b'x', 20 << 20));
    big.extend_from_slice(b"\n\n[Game \"Pylos\"]\n\n1b2 1c3 *\n");
    let f = file("big.pylos", &big);
    let r = run(&["check", &f]);
    assert_eq!(r.code, 1);
    let name = f.as_str();
    let lines: Vec<&str> = r.out.lines().filter(|l| !l.starts_with("  ")).collect();
    assert_eq!(lines[0], format!("{name} record 1: ok, 2 plies, result *"));
    assert!(
        lines[1].starts_with(&format!(
            "{name}:5:1: junk after record 1: expected a tag pair or the end of input, found \"xxx"
        )),
        "{}",
        &lines[1][..200.min(lines[1].len())]
    );
    assert_eq!(lines[2], format!("{name} record 2: ok, 2 plies, result *"));
    assert_eq!(lines[3], "2 records, 2 ok, 0 failed, 1 junk");
    let s = run(&["show", &f, "--record", "2", "--format", "json"]);
    assert_eq!(s.code, 0, "{}", s.err);
    // A record over the limit that does not end inside it is too long, as before.
    let mut long = b"[Game \"Pylos\"]\n\n1b2 {".to_vec();
    long.extend(std::iter::repeat_n(b'x', 17 << 20));
    long.extend_from_slice(b"} 1c3 *\n");
    let f = file("long.pylos", &long);
    let r = run(&["check", &f]);
    assert_eq!(r.code, 1);
    assert!(
        r.out.starts_with(&format!(
            "{}:1:1: expected a record of at most 16777216 bytes",
            f
        )),
        "{}",
        &r.out[..200.min(r.out.len())]
    );
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
