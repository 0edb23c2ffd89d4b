//! A stranger's round on session 15's item bound (`MAX_RECORD_ITEMS`): every reader of a
//! record counts its items alike.

use gamenote::pylos::{Notation, Pylos};
use gamenote::record::MAX_RECORD_ITEMS;
use gamenote::visit::{Skip, Visitor, visit};
use gamenote::{ParseError, Ply, Record};

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
