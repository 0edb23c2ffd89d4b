//! A record holds at most `MAX_RECORD_ITEMS` tag pairs, comments and marks: one more is an
//! error at its start, named with its line and column, in every reader (records, the
//! one-pass check, the streamed reader), and the records after it are read as usual.

use gamenote::any::DefaultGame;
use gamenote::any::written_tags;
use gamenote::check::{ProblemKind, check_piece, piece_game};
use gamenote::pylos::Notation;
use gamenote::record::MAX_RECORD_ITEMS;
use gamenote::stream::RecordReader;
use gamenote::visit::{Skip, Visitor, visit};
use gamenote::{GameId, Mode, Record, gipf::Gipf, pylos::Pylos};
use gamenote::{ParseError, Ply};

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

/// A visitor that keeps the tags and skips every record's movetext.
struct SkipsMovetext;

impl Visitor<Pylos> for SkipsMovetext {
    type Output = Result<(), ParseError>;
    fn end_tags(&mut self) -> Skip {
        Skip(true)
    }
    fn ply(&mut self, _ply: Ply<Notation>) {}
    fn end_record(&mut self, verdict: Result<(), ParseError>) -> Self::Output {
        verdict
    }
}

/// The tags and comments of a record are counted together when a visitor skips its
/// movetext: the bound's error is the one `Record::parse` gives (the count restarted at the
/// movetext, and a record with too many items read well).
#[test]
fn a_visitor_skipping_movetext_counts_the_tags_read_before_it() {
    let tags: String = (0..60_000).map(|i| format!("[T{i} \"v\"]\n")).collect();
    // 60,000 tags and 6,000 comments: the comment after the 65,536th item fails.
    let text = format!("{tags}\n1b2 {}1c3 *\n", "{c} ".repeat(6_000));
    let e = Record::<Pylos>::parse(&text).unwrap_err();
    assert_eq!(
        (e.line, e.column),
        (60_002, 5 + 4 * (MAX_RECORD_ITEMS - 60_000))
    );
    let skipped: Vec<_> = visit::<Pylos, _>(&text, SkipsMovetext).collect();
    assert_eq!(skipped.len(), 1);
    let e2 = skipped[0].clone().unwrap_err();
    assert_eq!((e2.line, e2.column), (e.line, e.column));
    assert_eq!(e2.expected, e.expected);
    // At the bound both read it.
    let ok = format!(
        "{tags}\n1b2 {}1c3 *\n",
        "{c} ".repeat(MAX_RECORD_ITEMS - 60_000)
    );
    assert!(Record::<Pylos>::parse(&ok).is_ok());
    let read: Vec<_> = visit::<Pylos, _>(&ok, SkipsMovetext).collect();
    assert_eq!(read, [Ok(())]);
}

/// A record of more tags than a record may hold (`MAX_RECORD_ITEMS`) fails at the first one
/// past the bound in a typed reader; the judge of mixed archives read every tag, so a
/// `[Game]` tag past the bound naming another game was the error `check` reported (and
/// `written_tags`, which export keeps for such a row, held every tag: 800,000 tags took
/// 219 MB to export against 24 MB to check).
#[test]
fn tags_past_the_item_bound_are_not_judged() {
    let mut text = String::from("[Game \"Pylos\"]\n{c}\n");
    for i in 0..MAX_RECORD_ITEMS {
        text.push_str(&format!("[T{i} \"v\"]\n"));
    }
    text.push_str("[Game \"GIPF\"]\n[Rules \"x\"]\n[Rules \"y\"]\n1b2 *\n");
    let typed = text.parse::<Record<Pylos>>().unwrap_err();
    assert_eq!((typed.line, typed.column), (MAX_RECORD_ITEMS + 1, 1));
    for d in [
        DefaultGame::Given(GameId::Pylos),
        DefaultGame::Detected(GameId::Pylos),
    ] {
        assert_eq!(d.of_record(&text), Ok(GameId::Pylos), "{d:?}");
        // Plain tags (no comment) are read by another scan: the same bound.
        let plain = text.replacen("{c}\n", "", 1);
        assert_eq!(d.of_record(&plain), Ok(GameId::Pylos), "{d:?}");
    }
    // The tags a record wrote are those a record holds: the first MAX_RECORD_ITEMS items.
    let tags = written_tags(&text);
    assert_eq!(tags.len(), MAX_RECORD_ITEMS - 1);
    assert_eq!(tags.last().unwrap().0, format!("T{}", MAX_RECORD_ITEMS - 3));
    // Up to the bound, a [Game] tag naming another game is judged as before.
    let mut near = String::from("[Game \"Pylos\"]\n");
    for i in 0..MAX_RECORD_ITEMS - 2 {
        near.push_str(&format!("[T{i} \"v\"]\n"));
    }
    near.push_str("[Game \"GIPF\"]\n1b2 *\n");
    let typed = near.parse::<Record<Pylos>>().unwrap_err();
    let judged = DefaultGame::Detected(GameId::Pylos)
        .of_record(&near)
        .unwrap_err();
    assert_eq!(judged, typed);
    assert_eq!(written_tags(&near).len(), MAX_RECORD_ITEMS);
}
