//! One way to say where an error is (`Error::location`), from the middle of a stream;
//! `Display` against `message()`; the caret under wide and combining characters; skipping
//! movetext (`Visitor::end_tags`); read errors reaching the caller as `io::Error`.

use std::io::{self, Read};

use gamenote::GameId;
use gamenote::any::AnyReader;
use gamenote::check::ProblemKind;
use gamenote::error::render_at;
use gamenote::pylos::{Notation, Pylos};
use gamenote::replay::Checker;
use gamenote::stream::{Item, Reader, RecordReader};
use gamenote::visit::{Skip, Visitor};
use gamenote::{Error, Location, Mode, ParseError, Ply, Record, record};

/// Five records and junk: a good one, a parse error, an illegal move, a set-up error, a
/// result that contradicts its tag, and junk after the last result.
const STREAM: &str = "[Game \"Pylos\"]\n1b2 1c3 *\n\n\
[Game \"Pylos\"]\n1b2 zz *\n\n\
[Game \"Pylos\"]\n1a1 1a1 *\n\n\
[Game \"Pylos\"]\n[Rules \"chess\"]\n1b2 *\n\n\
[Game \"Pylos\"]\n[Result \"1-0\"]\n1b2 0-1\n\n\
[Game \"Pylos\"]\n1b2 * junk\n";

/// The byte range of the `n`th (0-based) occurrence of `needle` in `STREAM`.
fn nth(needle: &str, n: usize) -> std::ops::Range<usize> {
    let at = STREAM
        .match_indices(needle)
        .nth(n)
        .map_or(usize::MAX, |(i, _)| i);
    at..at + needle.len()
}

fn at(line: usize, column: usize, span: std::ops::Range<usize>, ply: Option<usize>) -> Location {
    let mut l = Location::default();
    (l.line, l.column, l.span, l.ply) = (line, column, Some(span), ply);
    l
}

/// Every error of `STREAM`, as the visitor reader gives them with the one-pass checker.
fn stream_errors() -> Vec<Error> {
    let mut reader = Reader::new(STREAM.as_bytes());
    let mut checker = Checker::<Pylos>::new(Mode::Strict);
    let mut errors = Vec::new();
    while let Some(item) = reader.read_item::<Pylos, _>(&mut checker) {
        match item {
            Item::Record(v) => errors.extend(v.error),
            Item::Junk(e) => errors.push(Error::Parse(e)),
        }
    }
    errors
}

#[test]
fn every_error_kind_is_located_in_the_stream() {
    let errors = stream_errors();
    let got: Vec<Location> = errors.iter().map(Error::location).collect();
    assert_eq!(
        got,
        [
            at(5, 5, nth("zz", 0), Some(2)),  // parse error
            at(8, 5, nth("1a1", 1), Some(2)), // illegal move
            at(11, 9, nth("chess", 0), None), // set-up error, at the tag's value
            at(16, 5, nth("0-1", 0), None),   // the result contradicts the Result tag
            at(19, 7, nth("junk", 0), None),  // junk after a record
        ]
    );
    assert!(matches!(errors[0], Error::Parse(_)));
    assert!(matches!(errors[1], Error::Illegal(_)));
    assert!(matches!(errors[2], Error::Setup(_)));
    assert!(matches!(&errors[3], Error::Illegal(m) if m.ply == 0));
    assert_eq!(got[2].to_string(), "11:9");
}

#[test]
fn display_is_the_location_and_the_message() {
    for e in stream_errors() {
        assert_eq!(e.to_string(), format!("{}: {}", e.location(), e.message()));
    }
    let messages: Vec<String> = stream_errors().iter().map(Error::message).collect();
    assert_eq!(
        messages,
        [
            "expected a Pylos move such as 1b2, 1d2-2b2 or 1d1(1c1,1d1), found \"zz\"",
            "ply 2 (1a1): 1a1 is occupied",
            "unknown Pylos rule set \"chess\" (expected standard, alignment or children)",
            "the Result tag says 1-0 but the movetext ends with 0-1",
            "expected a tag pair or the end of input, found \"junk\"",
        ]
    );
    // An error not placed in any text (one made without a record) shows its message alone.
    let e = gamenote::Error::Setup(gamenote::ValueError::new("odd").in_tag("Rules"));
    assert_eq!(e.location().line, 0);
    assert_eq!(e.to_string(), e.message());
}

#[test]
fn a_record_cut_from_the_stream_is_placed_in_it() {
    let raws: Vec<_> = RecordReader::new(STREAM.as_bytes())
        .map(|r| r.expect("text"))
        .collect();
    let located: Vec<Location> = raws
        .iter()
        .filter_map(|raw| {
            let err: Error = match raw.text.parse::<Record<Pylos>>() {
                Err(e) => e.into(),
                Ok(rec) => record::replay(&rec, Mode::Strict).error?,
            };
            Some(raw.locate(err).location())
        })
        .collect();
    assert_eq!(
        located,
        [
            at(5, 5, nth("zz", 0), Some(2)),
            at(8, 5, nth("1a1", 1), Some(2)),
            at(11, 9, nth("chess", 0), None),
            at(16, 5, nth("0-1", 0), None),
            at(19, 7, nth("junk", 0), None),
        ]
    );
}

/// The caret line of a rendered error.
fn carets(rendered: &str) -> &str {
    rendered.lines().nth(2).unwrap_or("")
}

#[test]
fn the_caret_counts_display_columns() {
    // A CJK character takes two columns.
    let source = "{中} zz *";
    let zz = source.find("zz").unwrap_or(0);
    let r = render_at("f", source, zz..zz + 2, "m");
    assert_eq!(r, "f:1:5: m\n  {中} zz *\n       ^^");
    // A combining mark takes none.
    let source = "{e\u{301}} zz *";
    let zz = source.find("zz").unwrap_or(0);
    let r = render_at("f", source, zz..zz + 2, "m");
    assert_eq!(r, "f:1:6: m\n  {e\u{301}} zz *\n      ^^");
    // Carets under a wide token are as wide as it.
    let source = "1b2 中中 *";
    let r = ParseError::at(source, 4, "a Pylos move").render("f", source);
    assert_eq!(carets(&r), "      ^^^^");
}

/// Counts tags and moves, skipping the movetext of every record.
#[derive(Default)]
struct TagsOnly {
    tags: usize,
    rounds: Vec<String>,
    plies: usize,
    results: usize,
}

impl Visitor<Pylos> for TagsOnly {
    type Output = Result<(), ParseError>;
    fn tag(&mut self, name: &str, value: &str) {
        self.tags += 1;
        if name == "Round" {
            self.rounds.push(value.to_string());
        }
    }
    fn end_tags(&mut self) -> Skip {
        Skip(true)
    }
    fn ply(&mut self, _ply: Ply<Notation>) {
        self.plies += 1;
    }
    fn result(&mut self, _r: gamenote::GameResult, _s: std::ops::Range<usize>) {
        self.results += 1;
    }
    fn end_record(&mut self, verdict: Result<(), ParseError>) -> Self::Output {
        verdict
    }
}

#[test]
fn skipping_movetext_sees_every_tag_and_no_move() {
    let mut text = String::new();
    for i in 0..1000 {
        // Moves that would be illegal: a checker would fail every record.
        text.push_str(&format!(
            "[Game \"Pylos\"]\n[Round \"{i}\"]\n1b2 1b2 {{c}} 1b2\n1b2 *\n\n"
        ));
    }
    let mut reader = Reader::new(text.as_bytes());
    let mut v = TagsOnly::default();
    let mut verdicts = Vec::new();
    while let Some(out) = reader.read_record::<Pylos, _>(&mut v) {
        verdicts.push(out);
    }
    assert_eq!(verdicts.len(), 1000);
    assert!(verdicts.iter().all(Result::is_ok));
    assert_eq!(v.tags, 2000);
    assert_eq!(v.rounds.len(), 1000);
    assert_eq!((v.rounds[0].as_str(), v.rounds[999].as_str()), ("0", "999"));
    assert_eq!((v.plies, v.results), (0, 0), "no move reached the visitor");
    // The walk still finds each record's end, and a record that does not read fails.
    let text = "[Round \"1\"]\n1b2 zz *\n\n[Round \"2\"]\n1b2 *\n";
    let out: Vec<_> = gamenote::visit::visit::<Pylos, _>(text, TagsOnly::default()).collect();
    assert_eq!(out.len(), 2);
    let e = out[0].as_ref().expect_err("zz is no move");
    assert_eq!((e.line, e.column, e.ply), (2, 5, Some(2)));
    assert!(out[1].is_ok());
}

/// Gives `data` a few bytes at a time, then fails.
struct FailsMidway {
    data: &'static [u8],
}

impl Read for FailsMidway {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.data.is_empty() {
            return Err(io::Error::new(io::ErrorKind::BrokenPipe, "cable cut"));
        }
        let n = self.data.len().min(buf.len()).min(7);
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

#[test]
fn a_read_error_reaches_the_caller_as_io_error() {
    let data: &'static [u8] =
        b"[Game \"Pylos\"]\n1b2 *\n\n[Game \"Pylos\"]\n1b2 1c3 *\n\n[Game \"Pylos\"]\n1b2";
    let mut reader = Reader::new(FailsMidway { data });
    let mut checker = Checker::<Pylos>::new(Mode::Strict);
    let first = reader.try_read_record::<Pylos, _>(&mut checker);
    assert_eq!(first.ok().flatten().map(|v| v.plies), Some(1));
    let second = reader.try_read_record::<Pylos, _>(&mut checker);
    assert_eq!(second.ok().flatten().map(|v| v.plies), Some(2));
    let third = reader.try_read_record::<Pylos, _>(&mut checker);
    let err = third.expect_err("the input failed");
    assert_eq!(
        (err.kind(), err.to_string()),
        (io::ErrorKind::BrokenPipe, "cable cut".into())
    );
    assert!(matches!(
        reader.try_read_record::<Pylos, _>(&mut checker),
        Ok(None)
    ));
    // The record reader hands the io::Error out too.
    let mut raws = RecordReader::new(FailsMidway { data });
    let pieces: Vec<_> = raws.by_ref().collect();
    assert_eq!(pieces.len(), 3);
    assert!(pieces[2].is_err());
    let err = raws.take_io_error().expect("the io::Error");
    assert_eq!(err.kind(), io::ErrorKind::BrokenPipe);
}

#[test]
fn a_set_up_error_of_a_later_record_renders_at_its_own_tag() {
    // Both records have a [Rules] tag: the error is at the second's (7:9), never at the
    // first record's tag of that name (2:9).
    let text = "[Game \"Pylos\"]\n[Rules \"standard\"]\n1b2 *\n\n[Game \"Pylos\"]\n\n[Rules \"chess\"]\n1b2 *\n";
    let recs: Vec<_> = gamenote::stream::Reader::new(text.as_bytes())
        .records::<Pylos>()
        .collect();
    let rec = recs[1].as_ref().expect("reads");
    let e = record::replay(rec, Mode::Strict)
        .error
        .expect("no such rules");
    assert_eq!(e.location().to_string(), "7:9");
    assert!(
        e.render("f", text)
            .starts_with("f:7:9: unknown Pylos rule set"),
        "{}",
        e.render("f", text)
    );
    assert_eq!(e.clone().locate(text).location().to_string(), "7:9");
    // An error with no place of its own is not placed by searching the text for its tag.
    let bare = Error::Setup(gamenote::ValueError::new("odd").in_tag("Rules"));
    assert!(!bare.clone().locate(text).location().is_placed());
    assert_eq!(bare.render("f", text), "f: odd");
}

#[test]
fn any_reader_records_replay_with_their_place_in_the_file() {
    use gamenote::any::AnyReader;
    let text = "[Game \"Pylos\"]\n1b2 *\n\n[Game \"Pylos\"]\n1b2 1b2 *\n\n\
                [Game \"Pylos\"]\n[Rules \"chess\"]\n1b2 *\n\n\
                [Game \"Pylos\"]\n[Result \"1-0\"]\n1b2 0-1\n";
    let places: Vec<_> = AnyReader::new(text.as_bytes(), gamenote::GameId::Pylos)
        .map(|r| {
            let rec = r.expect("reads");
            rec.replay(Mode::Strict).error().map(|e| {
                let at = e.location();
                (e.kind().as_str(), at.line, at.column, at.ply)
            })
        })
        .collect();
    assert_eq!(
        places,
        [
            None,
            Some(("illegal", 5, 5, Some(2))),
            Some(("setup", 8, 9, None)),
            Some(("mismatch", 13, 5, None)),
        ]
    );
}

#[test]
fn offset_by_saturates_instead_of_overflowing() {
    let e: Error = "1b2 zz *".parse::<Record<Pylos>>().unwrap_err().into();
    let at = e.offset_by(usize::MAX, usize::MAX).location();
    assert_eq!(
        (at.line, at.span),
        (usize::MAX, Some(usize::MAX..usize::MAX))
    );
}

/// A token longer than what an error quotes is quoted with `…`: the quote was cut at 24
/// bytes with nothing to say so, and read as the whole token.
#[test]
fn a_cut_quote_says_it_is_cut() {
    use gamenote::{Record, pylos::Pylos};
    let text = format!("1b2 {} *", "z".repeat(5000));
    let err = Record::<Pylos>::parse(&text).unwrap_err();
    assert_eq!((err.line, err.column, err.span.clone()), (1, 5, 4..28));
    assert_eq!(err.found, format!("\"{}…\"", "z".repeat(24)));
    // A token of exactly 24 bytes is quoted whole.
    let text = format!("1b2 {} *", "z".repeat(24));
    let err = Record::<Pylos>::parse(&text).unwrap_err();
    assert_eq!(err.found, format!("\"{}\"", "z".repeat(24)));
    assert_eq!(err.found_text(), Some("z".repeat(24)));
}

#[test]
fn display_is_location_then_message() {
    let texts: [(GameId, &str); 8] = [
        (GameId::Pylos, "[Game \"Pylos\"]\n\n1b2 zz *\n"),
        (GameId::Pylos, "[Game \"Pylos\"]\n\n1b2 1b2 *\n"),
        (GameId::Pylos, "[Game \"Pylos\"]\n\n1b2 1c3 1-0-0\n"),
        (
            GameId::Gipf,
            "[Game \"GIPF\"]\n[Rules \"basic\"]\n1.a1-b2 (11) i1-h2 (12) *\n",
        ),
        (GameId::Gipf, "[Game \"GIPF\"]\n[Rules \"nope\"]\n\n*\n"),
        (GameId::Pylon, "[Game \"Pylon\"]\n[Size \"1\"]\n\n*\n"),
        (
            GameId::ThreeMan,
            "[Game \"Three-man chess\"]\n\n1. WHNz9 *\n",
        ),
        (GameId::Pylos, "[Game \"Pylos\"]\n[Position \"zz\"]\n\n*\n"),
    ];
    for (id, text) in texts {
        let mut reader = AnyReader::new(text.as_bytes(), id);
        let c = reader.check_next(Mode::Strict).unwrap();
        let e: Error = c.verdict.error.expect(text);
        let at = e.location();
        assert!(at.is_placed(), "{text:?}: {e:?}");
        assert_eq!(
            e.to_string(),
            format!("{}: {}", at, e.message()),
            "{text:?}"
        );
        let k = ProblemKind::of(&e);
        let _ = k;
    }
}
