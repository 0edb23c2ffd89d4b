//! A record holds at most `MAX_RECORD_ITEMS` tag pairs, comments and marks: one more is an
//! error at its start, named with its line and column, in every reader (records, the
//! one-pass check, the streamed reader), and the records after it are read as usual.

use gamenote::any::DefaultGame;
use gamenote::check::{ProblemKind, check_piece, piece_game};
use gamenote::record::MAX_RECORD_ITEMS;
use gamenote::stream::RecordReader;
use gamenote::{GameId, Mode, Record, gipf::Gipf, pylos::Pylos};

/// An error's kind, line, column and ply.
type Place = (ProblemKind, usize, usize, Option<usize>);

/// (ok, error) of each record and junk of `text`, checked as `gamenote check` checks it.
fn checked(text: &str) -> Vec<(bool, Option<Place>)> {
    let mut out = Vec::new();
    for piece in RecordReader::new(text.as_bytes()) {
        let id = piece_game(DefaultGame::Detected(GameId::Pylos), "t", &piece).unwrap();
        for r in check_piece(id, "t", &piece, &[], Mode::Strict) {
            let e = r.error.as_ref().map(|p| (p.kind, p.line, p.column, p.ply));
            out.push((r.ok(), e));
        }
    }
    out
}

const NEXT: &str = "\n[Game \"Pylos\"]\n1b2 1c3 *\n";

#[test]
fn tags_up_to_the_bound_are_read_and_one_more_fails_at_its_line() {
    let tags = |n: usize| {
        let mut t = String::from("[Game \"Pylos\"]\n");
        for i in 1..n {
            t.push_str(&format!("[T{i} \"v\"]\n"));
        }
        t
    };
    let at_bound = format!("{}1b2 *\n", tags(MAX_RECORD_ITEMS));
    let rec: Record<Pylos> = at_bound.parse().unwrap();
    assert_eq!(rec.tags.len(), MAX_RECORD_ITEMS);
    assert_eq!(checked(&at_bound), [(true, None)]);

    let over = format!("{}1b2 *\n{NEXT}", tags(MAX_RECORD_ITEMS + 1));
    let e = over.parse::<Record<Pylos>>().unwrap_err();
    assert_eq!((e.line, e.column), (MAX_RECORD_ITEMS + 1, 1));
    assert_eq!(
        e.to_string(),
        format!(
            "{}:1: expected at most 65536 tag pairs, comments and marks in a record, found \"[T65536\"",
            MAX_RECORD_ITEMS + 1
        )
    );
    // The record after it is read as usual.
    assert_eq!(
        checked(&over),
        [
            (
                false,
                Some((ProblemKind::Parse, MAX_RECORD_ITEMS + 1, 1, None))
            ),
            (true, None)
        ]
    );
}

#[test]
fn comments_and_marks_count_with_the_tags() {
    // Two tags, then comments and `${…}` marks in turn after the first move: the item past
    // the bound is the 65,537th, whatever its kind.
    let mut text = String::from("[Game \"Pylos\"]\n[Event \"e\"]\n1b2");
    let mut column = 4;
    for i in 0..MAX_RECORD_ITEMS - 2 {
        let item = if i % 2 == 0 { " {c}" } else { " ${m}" };
        text.push_str(item);
        column += item.len();
    }
    let ok = format!("{text} *\n");
    let rec: Record<Pylos> = ok.parse().unwrap();
    assert_eq!(
        rec.plies[0].comments.len() + rec.plies[0].annotations.len(),
        MAX_RECORD_ITEMS - 2
    );
    assert_eq!(checked(&ok), [(true, None)]);
    for extra in [" {c}", " ${m}"] {
        let over = format!("{text}{extra} *\n{NEXT}");
        let e = over.parse::<Record<Pylos>>().unwrap_err();
        assert_eq!((e.line, e.column), (3, column + 1), "{extra}");
        assert_eq!(
            checked(&over),
            [
                (false, Some((ProblemKind::Parse, 3, column + 1, None))),
                (true, None)
            ],
            "{extra}"
        );
    }
}

#[test]
fn comments_after_the_result_count_too() {
    let text = format!(
        "[Game \"Pylos\"]\n1b2 *{}\n{NEXT}",
        " {c}".repeat(MAX_RECORD_ITEMS)
    );
    let e = text.parse::<Record<Pylos>>().unwrap_err();
    assert_eq!((e.line, e.column), (2, 7 + 4 * (MAX_RECORD_ITEMS - 1)));
    assert_eq!(
        checked(&text),
        [
            (
                false,
                Some((ProblemKind::Parse, 2, 7 + 4 * (MAX_RECORD_ITEMS - 1), None))
            ),
            (true, None)
        ]
    );
}

#[test]
fn gipf_bare_marks_count_and_removal_groups_written_as_comments_do_not() {
    // GIPF's `X` mark after a move is kept as a string: it counts.
    let marks = format!(
        "[Game \"GIPF\"]\n[Rules \"basic\"]\n1.a1-b2{} *\n",
        " X".repeat(MAX_RECORD_ITEMS + 1)
    );
    let e = marks.parse::<Record<Gipf>>().unwrap_err();
    assert_eq!((e.line, e.column), (3, 8 + 2 * (MAX_RECORD_ITEMS - 2) + 1));
    // `{w: x…}` comments in a row are one removal-only half-move, part of a move: more of
    // them than the bound are read, as groups of that move, and no comment is kept.
    let groups = format!(
        "[Rules \"standard\"] 1.c2 (11) a1-c3 (11){} *",
        " {w: xb2}".repeat(MAX_RECORD_ITEMS + 10)
    );
    let rec: Record<Gipf> = groups.parse().unwrap();
    assert_eq!(rec.plies.len(), 3);
    assert!(rec.plies.iter().all(|p| p.comments.is_empty()));
    assert_eq!(
        rec.plies[2].notation.to_string().matches("xb2").count(),
        MAX_RECORD_ITEMS + 10
    );
}
