//! Results and Pylon's score comment through the command line: a score that is signed or out
//! of range fails at the number, a result with four scores is no result, and GIPF records as
//! people write them (no tags, `G` first) read as the tournament game.

use crate::common::{self, run};

/// A file with these bytes in this file's own folder of the tests' temporary directory.
fn file(name: &str, bytes: impl AsRef<[u8]>) -> String {
    common::file_in(&["results"], name, bytes.as_ref())
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

#[test]
fn pylon_score_out_of_range_fails_at_the_number() {
    let f = file(
        "big.pylon",
        "[Game \"Pylon\"]\n[Size \"3\"]\n[Rules \"standard,suicide=group\"]\n\n1. 1a1 1b1 2. 1a2 1c2 3. 1a3 1b3 4. pass 1b2[2a1,2a2] 5. pass 1c1 0-1 {W 3 B 4294967303}\n",
    );
    for args in [
        vec!["check", f.as_str()],
        vec!["check", "--syntax-only", f.as_str()],
        vec!["check", "--lenient", f.as_str()],
    ] {
        let r = run(&args);
        assert_eq!(r.code, 1, "{args:?}");
        assert!(
            r.out.contains(&format!(
                "{f}:5:78: expected a score from 0 to 4294967295, found \"4294967303}}\""
            )),
            "{args:?}: {}",
            r.out
        );
    }
}

#[test]
fn a_result_with_four_scores_is_no_result() {
    let f = file("four.3mc", "[Game \"Three-Man Chess\"]\n\n1-0-0-0\n");
    let r = run(&["check", &f]);
    assert_eq!(r.code, 1);
    assert!(r.out.contains(&format!("{f}:3:1: expected")), "{}", r.out);
    let f = file(
        "tag.pylos",
        "[Game \"Pylos\"]\n[Result \"1-0-0-0\"]\n\n1b2 *\n",
    );
    let r = run(&["check", &f]);
    assert_eq!(r.code, 1);
    assert!(
        r.out.contains(&format!(
            "{f}:4:5: the Result tag \"1-0-0-0\" is not a result"
        )),
        "{}",
        r.out
    );
}

#[test]
fn gipf_records_as_people_write_them() {
    let f = file(
        "tagless.gipf",
        "1.Ge2 (16) Gd1-f2 (16) 2.Gd2 (14) Ge8 (14) *\n",
    );
    let r = run(&["check", &f]);
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
    assert!(
        r.out.contains("record 1: ok, 4 plies, result *"),
        "{}",
        r.out
    );
    let c = run(&["convert", &f, "--style", "complete"]);
    assert_eq!(c.code, 0, "{}", c.err);
    assert!(c.out.contains("[Rules \"tournament\"]"), "{}", c.out);

    let f = file(
        "open.gipf",
        "[Game \"GIPF\"]\n[Rules \"tournament\"]\n\n1.Gh4 (16\n",
    );
    let r = run(&["check", &f]);
    assert_eq!(r.code, 1);
    assert!(
        r.out.contains(&format!(
            "{f}:4:10: expected ')' to close the reserve count, such as (16)"
        )),
        "{}",
        r.out
    );

    let f = file(
        "x.gipf",
        "[Game \"GIPF\"]\n[Rules \"basic\"]\n\n1.a5-c5 (11) X\n",
    );
    let r = run(&["check", "--lenient", &f]);
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
    assert!(
        r.err.contains(&format!(
            "warning: {f}:4:14: X says the game is over, but no result follows (Black to move)"
        )),
        "{}",
        r.err
    );
}
