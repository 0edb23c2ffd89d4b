//! A stranger's attack on the binary (session 9): hostile archives made by script, each
//! fault found pinned here with the exact verdict, line and column.

mod common;
use common::{Run, run};

fn file(name: &str, bytes: &[u8]) -> String {
    common::file_in(&["stranger9"], name, bytes)
}

/// The first line of the output (standard output, then standard error) naming `name`.
fn first_line<'a>(o: &'a Run, name: &str) -> &'a str {
    o.out
        .lines()
        .chain(o.err.lines())
        .find(|l| l.contains(name))
        .unwrap_or("")
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

/// `html`'s error box says what `check` says of the record, without the kind the library's
/// `Display` of an illegal move no longer writes (announced in CHANGELOG.md): before this
/// session it read `ply 2 (1b2): illegal: 1b2 is occupied`.
#[test]
fn html_says_the_error_as_check_does() {
    let f = file("occupied.pylos", b"[Game \"Pylos\"]\n\n1b2 1b2 *\n");
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
