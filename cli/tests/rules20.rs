//! Issue 20, items 3, 4, 6, 8 and 18, through the built binary: verdicts, places and exit
//! codes of set-up positions that are over, Pylon scores out of range, tags read strictly,
//! exact results and GIPF records as people write them.

mod common;
use common::run;

fn file(name: &str, text: &str) -> String {
    common::file_in(&["rules20"], name, text.as_bytes())
}

#[test]
fn pylos_set_up_position_that_is_over_is_judged() {
    let f = file(
        "stuck.pylos",
        "[Game \"Pylos\"]\n[Position \"bwwwwwwwwwwwwwwb/bbbbwbbbb/..../. w 0 5\"]\n\n1-0\n",
    );
    let r = run(&["check", &f]);
    assert_eq!(r.code, 1, "{}{}", r.out, r.err);
    assert!(
        r.out.contains(&format!(
            "{f}:4:1: the record says 1-0 but the game ended 0-1"
        )),
        "{}",
        r.out
    );
    assert!(r.out.ends_with("1 records, 0 ok, 1 failed\n"), "{}", r.out);
    let show = run(&["show", &f]);
    assert!(
        show.out
            .contains("reserves: White 0, Black 5; Black has won"),
        "{}",
        show.out
    );
    let right = file(
        "stuck-right.pylos",
        "[Game \"Pylos\"]\n[Position \"bwwwwwwwwwwwwwwb/bbbbwbbbb/..../. w 0 5\"]\n\n0-1\n",
    );
    let r = run(&["check", &right]);
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
    assert!(
        r.out.contains("record 1: ok, 0 plies, result 0-1"),
        "{}",
        r.out
    );
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
fn tags_read_strictly_fail_and_warn_when_lenient() {
    let f = file(
        "style.pylos",
        "[Game \"Pylos\"]\n[Style \"bogus\"]\n[Size \"5\"]\n\n1b2 1c3 *\n",
    );
    let r = run(&["check", &f]);
    assert_eq!(r.code, 1);
    assert!(
        r.out
            .contains(&format!("{f}:2:9: unknown Pylos style \"bogus\"")),
        "{}",
        r.out
    );
    let r = run(&["check", "--lenient", &f]);
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
    assert!(
        r.out.contains("record 1: ok, 2 plies, result *"),
        "{}",
        r.out
    );
    assert!(
        r.err
            .contains(&format!("warning: {f}:2:1: unknown Pylos style \"bogus\"")),
        "{}",
        r.err
    );
    assert!(
        r.err.contains(&format!(
            "warning: {f}:3:1: Pylos has no board sizes (the tag is ignored)"
        )),
        "{}",
        r.err
    );
    let f = file(
        "twice.pylos",
        "[Game \"Pylos\"]\n[Rules \"standard,takeback=optional,takeback=mandatory\"]\n\n1b2 *\n",
    );
    for args in [
        vec!["check", f.as_str()],
        vec!["check", "--lenient", f.as_str()],
    ] {
        let r = run(&args);
        assert_eq!(r.code, 1, "{args:?}");
        assert!(
            r.out.contains(&format!("{f}:2:9: the Pylos rule option takeback is given twice (takeback=optional, then takeback=mandatory)")),
            "{}",
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
