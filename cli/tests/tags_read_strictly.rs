//! The tags the crate reads are read strictly, through the command line: a wrong one fails
//! the record when strict and is a warning when lenient.

use crate::common::{self, run};

/// A file with these bytes in this file's own folder of the tests' temporary directory.
fn file(name: &str, bytes: impl AsRef<[u8]>) -> String {
    common::file_in(&["tags_read_strictly"], name, bytes.as_ref())
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
