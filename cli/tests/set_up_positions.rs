//! Set-up positions (`[Position]`) through the command line: one that is already over is
//! judged, and one no game can reach (a full GIPF board) is an error at the tag.

use crate::common::{self, fresh_folder, output_in, run, text};

/// A file with these bytes in this file's own folder of the tests' temporary directory.
fn file(name: &str, bytes: impl AsRef<[u8]>) -> String {
    common::file_in(&["set_up_positions"], name, bytes.as_ref())
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

/// A GIPF position string with all 37 spots filled was read: under the basic rules the
/// player to move had no legal move and the game was not over (`check` said ok, `moves`
/// printed nothing, exit 0). The players' 36 pieces can never fill the board: an error.
#[test]
fn a_full_gipf_board_is_no_position() {
    let spots = "o".repeat(37);
    let rec = format!(
        "[Game \"GIPF\"]\n[Rules \"basic\"]\n[Position \"{spots} W=5 lostW=0 B=5 lostB=0 next=x\"]\n\n*\n"
    );
    let dir = fresh_folder("set_up_positions", "full_gipf", "in.gipf", rec.as_bytes());
    let out = output_in(&dir, &["check", "--json", "in.gipf"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    assert!(
        text(&out.stdout).contains(
            "\"error\":{\"kind\":\"setup\",\"line\":3,\"column\":12,\"ply\":null,\
             \"message\":\"the Position tag, column 1: expected at most 36 pieces on the board \
             (the players' pieces can never fill all 37 spots), found 37\"}"
        ),
        "{}",
        text(&out.stdout)
    );
    let out = output_in(&dir, &["moves", "in.gipf"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
}
