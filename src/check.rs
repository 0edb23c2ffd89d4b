//! Checking records into reports: every record parsed and replayed, and what went wrong
//! placed at its line and column, with the source line and a caret. This is what
//! `gamenote check` runs, kept in the library for programs that check records themselves (a
//! game server refusing a bad upload, an archive's nightly check, a pipeline's filter).
//!
//! - A text of one game: [`check_source`] (or [`check_text`] for a text that starts
//!   further into its file).
//! - Files or standard input, each record in its own game, on worker threads, in input
//!   order: [`check_files`] with [`CheckOptions`].
//! - The pieces a [`RecordReader`] cuts, one after another with one checker:
//!   [`PieceChecker`], [`check_piece`], [`check_piece_with`], [`check_record`]; one shard
//!   of a large file on another worker: [`check_shard`].
//! - Reading records (not only checking them) with each error placed in its file:
//!   [`FileRecords`], [`piece_game`], [`piece_records`], [`convert_piece`].
//!
//! Each record gives a [`Report`]; its error and warnings are [`Problem`]s of a
//! [`ProblemKind`]. With the `serde` feature a report serializes as a line of
//! `gamenote check --json` (docs/cli.md).
//!
//! ```
//! use gamenote::check::{check_piece, piece_game, ProblemKind};
//! use gamenote::any::DefaultGame;
//! use gamenote::stream::RecordReader;
//! use gamenote::{GameId, Mode};
//! // Two games in one upload: each record is checked in the game its own tag names.
//! let upload = "[Game \"Pylos\"]\n1b2 1c3 *\n\n[Game \"GIPF\"]\n1.a1-b2 zz *\n";
//! let mut verdicts = Vec::new();
//! for piece in RecordReader::new(upload.as_bytes()) {
//!     let game = match piece_game(DefaultGame::Detected(GameId::Pylos), "upload", &piece) {
//!         Ok(game) => game,
//!         Err(problem) => panic!("{}", problem.rendered),
//!     };
//!     for report in check_piece(game, "upload", &piece, &[], Mode::Strict) {
//!         let error = report.error.map(|p| (p.kind, p.line, p.column));
//!         verdicts.push((game, report.plies, error));
//!     }
//! }
//! assert_eq!(
//!     verdicts,
//!     [(GameId::Pylos, 2, None), (GameId::Gipf, 0, Some((ProblemKind::Parse, 5, 9)))]
//! );
//! ```

use std::fmt::Write as _;

use std::collections::BTreeMap;
use std::io::{self, Read, Seek};
use std::ops::Range;
use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex, mpsc};

use crate::error::Error;
use crate::game::{Game, GameResult, Mode};
use crate::grammar::Visitor;
use crate::record::Record;
use crate::replay::{Checker, Verdict};
use crate::stream::{BadRecord, Limits, RawRecord, RecordReader, Shard};

mod input;
mod keep;
mod locate;

pub use crate::any::{GameId, UnknownGame};
use input::display_name;
pub use input::{
    FileRecords, Input, InputError, Located, PartKind, game_of_input, open_input, overrides_error,
    piece_game, piece_records, piece_spans, piece_spans_of, piece_text, size_error,
};
pub use keep::{Keep, Kept};
use locate::{Locator, tag_span};

/// What kind of problem a [`Problem`] is: the crate's one vocabulary,
/// [`ErrorKind`](crate::ErrorKind), under the name this module has always given it. It is
/// the `kind` field of `gamenote check --json`, written as its word (`parse`, `illegal`,
/// `mismatch`, `setup`, `limit`, `io`).
///
/// ```
/// use gamenote::check::{check_source, ProblemKind};
/// use gamenote::{pylos::Pylos, ErrorKind, Mode};
/// let reports = check_source::<Pylos>("a.pylos", "1b2 1b2 *", &[], Mode::Strict);
/// let kind = reports[0].error.as_ref().expect("1b2 is taken").kind;
/// assert_eq!(kind, ProblemKind::Illegal);
/// assert_eq!(kind, ErrorKind::Illegal);
/// assert_eq!(kind.to_string(), "illegal");
/// ```
pub use crate::error::ErrorKind as ProblemKind;

/// What went wrong with one record, ready to print.
///
/// With the `serde` feature a problem is the object
/// `{"kind","line","column","ply","message"}`, followed by `"junk": true` on junk and by
/// `"rendered"` when the problem holds a drawing (`gamenote check --json` writes the same
/// object without the drawing; see docs/cli.md). `kind`, `line`, `column`, `ply` and
/// `message` are the fields of the same names in the serde form of [`Error`].
///
/// ```
/// use gamenote::{check::{check_source, ProblemKind}, pylos::Pylos, Mode};
/// let reports = check_source::<Pylos>("a.pylos", "1b2 1b2 *", &[], Mode::Strict);
/// let p = reports[0].error.as_ref().expect("1b2 is taken");
/// assert_eq!((p.kind, p.line, p.column, p.ply), (ProblemKind::Illegal, 1, 5, Some(2)));
/// assert!(p.message.starts_with("ply 2 (1b2): "));
/// assert!(p.rendered.starts_with("a.pylos:1:5: "));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Problem {
    /// Parse, illegal or mismatch.
    pub kind: ProblemKind,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// 1-based ply of the offending move, when there is one.
    pub ply: Option<usize>,
    /// The message in words.
    pub message: String,
    /// True for junk between records: text after a record's result that is no record
    /// (see docs/cli.md). It is not a record and takes no record number.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_false"))]
    pub junk: bool,
    /// The rendering with the file, line and column, the source line and a caret (empty
    /// when the problem was read back without one).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "String::is_empty")
    )]
    pub rendered: String,
}

#[cfg(feature = "serde")]
fn is_false(b: &bool) -> bool {
    !*b
}

impl Problem {
    /// The problem as `gamenote check --json` writes it:
    /// `{"kind","line","column","ply","message"}`, and `"junk": true` on junk. This is the
    /// serde form (feature `serde`) without the drawing, written without serde.
    ///
    /// ```
    /// use gamenote::{check::check_source, pylos::Pylos, Mode};
    /// let reports = check_source::<Pylos>("a.pylos", "1b2 1b2 *", &[], Mode::Strict);
    /// let problem = reports[0].error.as_ref().expect("1b2 is taken");
    /// assert_eq!(
    ///     problem.to_json(),
    ///     r#"{"kind":"illegal","line":1,"column":5,"ply":2,"message":"ply 2 (1b2): 1b2 is occupied"}"#
    /// );
    /// ```
    pub fn to_json(&self) -> String {
        format!(
            "{{\"kind\":\"{}\",\"line\":{},\"column\":{},\"ply\":{},\"message\":{}{}}}",
            self.kind,
            self.line,
            self.column,
            self.ply.map_or("null".into(), |n| n.to_string()),
            json_str(&self.message),
            if self.junk { ",\"junk\":true" } else { "" }
        )
    }
}

/// The verdict on one record of a file.
///
/// With the `serde` feature a report is the object `{"file","record","ok","plies",
/// "result","error","warnings"}` (with `"junk": true` after `record` on junk, and
/// `"warnings_omitted"` last when warnings were only counted): a line of
/// `gamenote check --json` (docs/cli.md), whose problems there carry no drawing. `ok` and
/// `junk` are said for the reader; reading a report back takes them from `error`.
///
/// ```
/// use gamenote::{check::check_source, pylos::Pylos, Mode};
/// let text = "[Game \"Pylos\"]\n1b2 1c3 *\n\n[Game \"Pylos\"]\n1b2 1b2 *\n";
/// let reports = check_source::<Pylos>("a.pylos", text, &[], Mode::Strict);
/// assert_eq!(reports.len(), 2);
/// let (first, second) = (&reports[0], &reports[1]);
/// assert_eq!((first.record, first.plies, first.result.as_deref()), (1, 2, Some("*")));
/// assert_eq!((second.file.as_str(), second.record, second.plies), ("a.pylos", 2, 1));
/// assert_eq!(second.error.as_ref().map(|p| p.line), Some(5));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// The file name as given.
    pub file: String,
    /// 1-based index of the record in the file.
    pub record: usize,
    /// Moves replayed legally.
    pub plies: usize,
    /// The result the replay reached, as written by the game.
    pub result: Option<String>,
    /// The first error, if any.
    pub error: Option<Problem>,
    /// Mismatches accepted in lenient mode, the first
    /// [`MAX_WARNINGS`](crate::replay::MAX_WARNINGS).
    pub warnings: Vec<Problem>,
    /// Mismatches accepted past those: counted, not kept.
    pub warnings_omitted: usize,
}

impl Report {
    /// True when the record parsed and every move was legal.
    ///
    /// ```
    /// use gamenote::{check::check_source, pylos::Pylos, Mode};
    /// assert!(check_source::<Pylos>("f", "1b2 1c3 *", &[], Mode::Strict)[0].ok());
    /// assert!(!check_source::<Pylos>("f", "1b2 1b2 *", &[], Mode::Strict)[0].ok());
    /// assert!(!check_source::<Pylos>("f", "1b2 zz *", &[], Mode::Strict)[0].ok());
    /// ```
    pub fn ok(&self) -> bool {
        self.error.is_none()
    }

    /// True when the report is on junk between records, not on a record: text after a
    /// record's result that is no comment and no record. `record` is then the number of the
    /// record it follows; junk is counted apart ([`Totals::junk`]) and always fails.
    ///
    /// ```
    /// use gamenote::{check::check_source, pylos::Pylos, Mode};
    /// let text = "[Game \"Pylos\"]\n\n1b2 1c3 *\n\nstray line\n";
    /// let reports = check_source::<Pylos>("a.pylos", text, &[], Mode::Strict);
    /// assert!(reports[0].ok() && !reports[0].is_junk());
    /// assert!(reports[1].is_junk() && !reports[1].ok());
    /// let junk = reports[1].error.as_ref().unwrap();
    /// assert_eq!((reports[1].record, junk.line, junk.column), (1, 5, 1));
    /// // The record it follows is `record`, not written into the message.
    /// assert_eq!(junk.message, "expected a tag pair or the end of input, found \"stray\"");
    /// ```
    pub fn is_junk(&self) -> bool {
        self.error.as_ref().is_some_and(|p| p.junk)
    }

    /// Numbers the report `record` (for junk: the record it follows, which its drawing
    /// then names; its message is left as it is).
    fn number(&mut self, record: usize) {
        self.record = record;
        if let Some(p) = &mut self.error
            && p.junk
        {
            p.rendered = junk_drawing(&self.file, p, record);
        }
    }

    /// The report as one line of `gamenote check --json`:
    /// `{"file","record","ok","plies","result","error","warnings"}`, where `error` is null
    /// or a [`Problem::to_json`] object and `warnings` a list of them; when warnings past
    /// the first [`MAX_WARNINGS`](crate::replay::MAX_WARNINGS) were only counted,
    /// `"warnings_omitted": N` follows. This is the serde form (feature `serde`) without
    /// the problems' drawings, written without serde.
    ///
    /// ```
    /// use gamenote::{check::check_source, pylos::Pylos, Mode};
    /// let reports = check_source::<Pylos>("a.pylos", "1b2 1c3 *", &[], Mode::Strict);
    /// assert_eq!(
    ///     reports[0].to_json(),
    ///     r#"{"file":"a.pylos","record":1,"ok":true,"plies":2,"result":"*","error":null,"warnings":[]}"#
    /// );
    /// ```
    pub fn to_json(&self) -> String {
        let mut s = String::new();
        let _ = write!(
            s,
            "{{\"file\":{},\"record\":{},{}\"ok\":{},\"plies\":{},\"result\":{},\"error\":{},\"warnings\":[",
            json_str(&self.file),
            self.record,
            if self.is_junk() { "\"junk\":true," } else { "" },
            self.ok(),
            self.plies,
            self.result.as_deref().map_or("null".into(), json_str),
            self.error.as_ref().map_or("null".into(), Problem::to_json),
        );
        for (i, w) in self.warnings.iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            s.push_str(&w.to_json());
        }
        s.push(']');
        if self.warnings_omitted > 0 {
            let _ = write!(s, ",\"warnings_omitted\":{}", self.warnings_omitted);
        }
        s.push('}');
        s
    }
}

/// A JSON string literal; invisible characters are escaped too (`\u202e`), so a terminal
/// shows the line as it is.
pub(crate) fn json_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            // Controls, and the invisible characters an echoed line shows escaped (a
            // right-to-left override would reorder a terminal's line), as `\uXXXX`.
            c if (c as u32) < 0x20 || crate::error::invisible(c) => {
                for unit in c.encode_utf16(&mut [0; 2]) {
                    let _ = write!(out, "\\u{unit:04x}");
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Replaces or adds the tags given on the command line (`--rules` as `Rules`, `--size` as
/// `Size`).
///
/// ```
/// use gamenote::{check::apply_overrides, pylos::Pylos, Record};
/// let mut rec: Record<Pylos> = "[Rules \"standard\"]\n1b2 *".parse()?;
/// apply_overrides(&mut rec, &[("Rules".into(), "alignment".into())]);
/// assert_eq!(rec.tag("Rules"), Some("alignment"));
/// # Ok::<(), gamenote::ParseError>(())
/// ```
pub fn apply_overrides<G: Game>(rec: &mut Record<G>, overrides: &[(String, String)]) {
    for (n, v) in overrides {
        rec.set_tag(n, v.clone());
    }
}

/// Turns an [`Error`] met while checking a record of `source` into a [`Problem`].
///
/// ```
/// use gamenote::check::ProblemKind;
/// use gamenote::{check::problem, Error, Record, pylos::Pylos};
/// let text = "1b2 zz *";
/// let err: Error = text.parse::<Record<Pylos>>().unwrap_err().into();
/// let p = problem("a.pylos", text, &err, 0);
/// assert_eq!((p.kind, p.line, p.column), (ProblemKind::Parse, 1, 5));
/// assert!(p.rendered.starts_with("a.pylos:1:5: expected"));
/// ```
pub fn problem(file: &str, source: &str, err: &Error, fallback: usize) -> Problem {
    problem_at(file, source, 0, err, fallback)
}

/// Like [`problem`], for a `source` that starts `lines_before` lines into the file. An
/// error without a place of its own (a set-up error) is placed at `fallback`.
///
/// ```
/// use gamenote::check::ProblemKind;
/// use gamenote::{check::problem_at, Error, ValueError};
/// // A set-up error has no place of its own: it goes to `fallback`, here the second line.
/// let source = "[Rules \"odd\"]\n1b2 *\n";
/// let err = Error::Setup(ValueError::new("unknown rules"));
/// let p = problem_at("a.pylos", source, 10, &err, 14);
/// assert_eq!((p.kind, p.line, p.column, p.ply), (ProblemKind::Setup, 12, 1, None));
/// assert!(p.rendered.starts_with("a.pylos:12:1: unknown rules"));
/// ```
pub fn problem_at(
    file: &str,
    source: &str,
    lines_before: usize,
    err: &Error,
    fallback: usize,
) -> Problem {
    problem_with(
        &mut Locator::new(source),
        file,
        lines_before,
        err,
        fallback..fallback,
    )
}

/// [`problem_at`] with a fallback span.
fn problem_at_span(
    file: &str,
    source: &str,
    lines_before: usize,
    err: &Error,
    fallback: Range<usize>,
) -> Problem {
    problem_with(&mut Locator::new(source), file, lines_before, err, fallback)
}

/// `p`, made the problem of junk after record `record`: its `junk` flag set, its message
/// left as it is (the record it follows is the report's number, a field), and its drawing
/// for the text output saying which record it follows ([`junk_drawing`]).
fn junk_problem(file: &str, mut p: Problem, record: usize) -> Problem {
    p.rendered = junk_drawing(file, &p, record);
    p.junk = true;
    p
}

/// The text output's drawing of junk `p` (undrawn for junk: as [`problem`] drew it) after
/// record `record`: `FILE:L:C: junk after record N: MESSAGE`, the line and the caret. Made
/// from the fields, never read out of a message.
///
/// ```
/// use gamenote::check::{check_source, junk_drawing};
/// use gamenote::{pylos::Pylos, Mode};
/// let reports = check_source::<Pylos>("a.pylos", "1b2 *\nstray\n", &[], Mode::Strict);
/// let junk = reports[1].error.as_ref().unwrap();
/// assert_eq!(junk.message, "expected a tag pair or the end of input, found \"stray\"");
/// assert!(junk_drawing("a.pylos", junk, 7).starts_with("a.pylos:2:1: junk after record 7: expected"));
/// ```
pub fn junk_drawing(file: &str, p: &Problem, record: usize) -> String {
    let echo = p.rendered.split_once('\n').map_or("", |(_, echo)| echo);
    let mut out = format!(
        "{file}:{}:{}: junk after record {record}: {}",
        p.line,
        p.column,
        crate::error::escape_invisible(&p.message)
    );
    if !echo.is_empty() {
        out.push('\n');
        out.push_str(echo);
    }
    out
}

fn problem_with(
    loc: &mut Locator<'_>,
    file: &str,
    lines_before: usize,
    err: &Error,
    fallback: Range<usize>,
) -> Problem {
    let kind = ProblemKind::of(err);
    let (span, ply, message) = match err {
        Error::Parse(e) => (e.span.clone(), e.ply, e.message()),
        Error::Illegal(e) => {
            let ply = (e.ply > 0).then_some(e.ply);
            let message = match ply {
                Some(p) => format!("ply {p} ({}): {}", e.written, e.reason),
                None => e.reason.clone(),
            };
            (e.span.clone().unwrap_or(fallback), ply, message)
        }
        Error::Setup(m) => (fallback, None, m.message.clone()),
    };
    let (line, column, rendered) = loc.render(file, span, &message, lines_before);
    Problem {
        kind,
        line,
        column,
        ply,
        message,
        rendered,
        junk: false,
    }
}

/// The tags that set a game up; a set-up error is placed at the one to blame.
const SETUP_TAGS: [&str; 6] = ["Rules", "Variant", "Size", "Position", "Handicap", "Style"];

/// Where the set-up error of a record with `tags` lies in `source` (whose record text
/// runs from `from` to `until`, its first move): the value of the tag without which the
/// error goes away or changes, as [`Error::location`] places it.
fn setup_span<G: Game>(
    tags: &[(String, String)],
    source: &str,
    from: usize,
    until: usize,
) -> Option<Range<usize>> {
    let tag = setup_tag_span::<G>(tags, source, from, until)?;
    // The value between the tag's first and last quotes (the whole tag without them), as
    // `error::tag_value_span` takes it.
    let body = &source[tag.clone()];
    let Some(open) = body.find('"') else {
        return Some(tag);
    };
    let close = body.rfind('"').filter(|&c| c > open).unwrap_or(body.len());
    Some(tag.start + open + 1..tag.start + close)
}

/// Where a set-up error with no tag to blame is placed: the record's start (its first
/// text after `from`), as [`Error::location`] places it.
fn record_start(source: &str, from: usize) -> Range<usize> {
    let rest = source.get(from..).unwrap_or("");
    let at = from + (rest.len() - rest.trim_start().len());
    at..at
}

/// The whole tag (`[Name "value"]`) that [`setup_span`] blames.
fn setup_tag_span<G: Game>(
    tags: &[(String, String)],
    source: &str,
    from: usize,
    until: usize,
) -> Option<Range<usize>> {
    let Err(err) = G::setup(tags) else {
        return None;
    };
    // The tag the error names, when the record has it.
    if let Some(span) = err
        .tag
        .as_deref()
        .and_then(|name| tag_span(source, from, until, name))
    {
        return Some(span);
    }
    let mut rest = Vec::with_capacity(tags.len());
    for name in SETUP_TAGS {
        if crate::game::tag(tags, name).is_none() {
            continue;
        }
        rest.clear();
        rest.extend(
            tags.iter()
                .filter(|(n, _)| !n.eq_ignore_ascii_case(name))
                .cloned(),
        );
        if G::setup(&rest).err().as_ref() != Some(&err) {
            return tag_span(source, from, until, name);
        }
    }
    None
}

/// Turns an error met replaying `record` into a [`Problem`]: set-up errors at the tag to
/// blame, else at the first move (or the record's start).
fn replay_problem<G: Game>(
    loc: &mut Locator<'_>,
    file: &str,
    source: &str,
    lines_before: usize,
    record: &Record<G>,
    from: usize,
    err: &Error,
) -> Problem {
    let start = record.plies.first().map_or(from, |p| p.span.start);
    let fallback = match err {
        Error::Setup(_) => {
            let until = record.plies.first().map_or(source.len(), |p| p.span.start);
            setup_span::<G>(&record.tags, source, from, until)
                .unwrap_or_else(|| record_start(source, from))
        }
        _ => start..start,
    };
    problem_with(loc, file, lines_before, err, fallback)
}

/// Checks every record of `source`: parse, replay, result.
///
/// ```
/// use gamenote::check::ProblemKind;
/// use gamenote::{check::check_source, gipf::Gipf, Mode};
/// let text = "[Game \"GIPF\"]\n[Rules \"basic\"]\n1.a1-b2 (11) i1-h2 (12) *\n";
/// let reports = check_source::<Gipf>("g.gipf", text, &[], Mode::Strict);
/// let error = reports[0].error.as_ref().unwrap();
/// assert_eq!((error.kind, error.line, error.ply), (ProblemKind::Mismatch, 3, Some(2)));
/// let lenient = check_source::<Gipf>("g.gipf", text, &[], Mode::Lenient);
/// assert!(lenient[0].ok());
/// assert_eq!(lenient[0].warnings.len(), 1);
/// ```
pub fn check_source<G: Game>(
    file: &str,
    source: &str,
    overrides: &[(String, String)],
    mode: Mode,
) -> Vec<Report> {
    check_text::<G>(file, source, 0, overrides, mode)
}

/// Like [`check_source`], for a `source` that starts `lines_before` lines into the file.
/// Each record is checked in one pass ([`Checker`]: every move resolved and played as it
/// is read), and lines and columns are counted in one pass over `source`, however many
/// errors and warnings it has.
///
/// ```
/// use gamenote::{check::check_text, pylos::Pylos, Mode};
/// // The text starts on line 11 of its file: errors name the file's lines.
/// let reports = check_text::<Pylos>("f", "1b2 zz *", 10, &[], Mode::Strict);
/// let error = reports[0].error.as_ref().unwrap();
/// assert_eq!((error.line, error.column), (11, 5));
/// ```
pub fn check_text<G: Game>(
    file: &str,
    source: &str,
    lines_before: usize,
    overrides: &[(String, String)],
    mode: Mode,
) -> Vec<Report> {
    let mut checker = Checker::<G>::with_overrides(mode, overrides);
    let mut scratch = crate::grammar::Scratch::judged_by(crate::any::standard_judge());
    let mut report = blank_report(file);
    let mut written = None;
    let mut out = Vec::new();
    let mut record = 0;
    let mut reader = RecordReader::new(source.as_bytes());
    while let Some(lent) = reader.next_lent() {
        // Errors of bad bytes count lines in `source`: the file's lines are further on.
        let stop = lent.stop.map(|mut stop| {
            stop.record.error.line += lines_before;
            stop.junk.error.line += lines_before;
            stop
        });
        let _ = check_piece_text::<G, _>(
            &mut report,
            lent.text,
            lent.lines_before + lines_before,
            stop.as_ref(),
            &mut checker,
            &mut scratch,
            &mut written,
            collect_numbered(&mut record, &mut out),
        );
    }
    out
}

/// Checks the text of one record, as the stream cutter hands it out, in one pass: what
/// [`check_piece`] does for each piece, without cutting it again.
///
/// The visitor is a [`Checker`], or one that wraps it to see more of each record (as
/// [`Keep`] does for `show` and `moves`).
///
/// ```
/// use gamenote::{check::check_record, pylos::Pylos, replay::Checker, Mode};
/// let mut checker = Checker::<Pylos>::new(Mode::Strict);
/// // The record's text starts after 20 lines of its file.
/// let text = "[Game \"Pylos\"]\n1b2 1c3 *\n\n[Game \"Pylos\"]\n1b2 1b2 *\n";
/// let reports = check_record::<Pylos, _>("f", text, 20, &mut checker);
/// assert_eq!(reports.len(), 2);
/// assert!(reports[0].ok());
/// assert_eq!(reports[1].error.as_ref().map(|p| (p.line, p.column)), Some((25, 5)));
/// ```
pub fn check_record<G: Game, V>(
    file: &str,
    text: &str,
    lines_before: usize,
    checker: &mut V,
) -> Vec<Report>
where
    V: Visitor<G, Output = Verdict> + AsRef<Checker<G>>,
{
    collect_reports(file, text, lines_before, None, checker)
}

/// The reports on the records and junk of one piece's text (cut short at `stop`, if the
/// stream's reader cut it), records numbered from 1 in the piece.
fn collect_reports<G: Game, V>(
    file: &str,
    text: &str,
    lines_before: usize,
    stop: Option<&crate::stream::Stop>,
    checker: &mut V,
) -> Vec<Report>
where
    V: Visitor<G, Output = Verdict> + AsRef<Checker<G>>,
{
    let mut out = Vec::new();
    let mut scratch = crate::grammar::Scratch::judged_by(crate::any::standard_judge());
    let mut report = blank_report(file);
    let mut record = 0;
    let _ = check_piece_text::<G, _>(
        &mut report,
        text,
        lines_before,
        stop,
        checker,
        &mut scratch,
        &mut None,
        collect_numbered(&mut record, &mut out),
    );
    out
}

/// A callback for [`check_piece_text`] that pushes a copy of each report onto `out`,
/// numbered after the records `record` counts (a record counts itself; junk keeps the
/// number of the record it follows).
fn collect_numbered<'a>(
    record: &'a mut usize,
    out: &'a mut Vec<Report>,
) -> impl FnMut(&mut Report) -> io::Result<()> + 'a {
    move |r| {
        *record += usize::from(!r.is_junk());
        let mut r = r.clone();
        r.number(*record);
        out.push(r);
        Ok(())
    }
}

/// Checks pieces of input one after another, as `gamenote check` does: the checker (or a
/// visitor wrapping it), the grammar's scratch space and the report are kept from piece to
/// piece, so checking allocates only while it warms up. Each piece is checked as
/// [`check_record`] checks it (records numbered from 1 in the piece, junk after a record
/// its own report), but each report is lent to a callback instead of collected.
///
/// ```
/// use gamenote::check::ProblemKind;
/// use gamenote::{check::PieceChecker, pylos::Pylos, replay::Checker, Mode};
/// let mut pieces = PieceChecker::<Pylos>::new("a.pylos", Checker::new(Mode::Strict));
/// let mut seen = Vec::new();
/// // Two pieces of the same file: the second starts on line 4.
/// pieces.check("[Game \"Pylos\"]\n1b2 1c3 *\n", 0, |r| seen.push((r.record, r.ok(), r.plies)));
/// pieces.check("[Game \"Pylos\"]\n1b2 1b2 *\n", 3, |r| {
///     let e = r.error.as_ref().unwrap();
///     seen.push((r.record, r.ok(), r.plies));
///     assert_eq!((e.kind, e.line, e.column, e.ply), (ProblemKind::Illegal, 5, 5, Some(2)));
/// });
/// assert_eq!(seen, [(1, true, 2), (1, false, 1)]);
/// ```
pub struct PieceChecker<G: Game, V = Checker<G>> {
    checker: V,
    scratch: crate::grammar::Scratch,
    report: Report,
    written: Option<GameResult>,
    game: std::marker::PhantomData<fn() -> G>,
}

impl<G: Game, V> PieceChecker<G, V>
where
    V: Visitor<G, Output = Verdict> + AsRef<Checker<G>>,
{
    /// A checker of the pieces of `file` (the name its problems carry) with `checker`.
    ///
    /// ```
    /// use gamenote::{check::PieceChecker, gipf::Gipf, replay::Checker, Mode};
    /// let mut pieces = PieceChecker::<Gipf>::new("g.gipf", Checker::new(Mode::Lenient));
    /// let mut files = Vec::new();
    /// pieces.check("[Game \"GIPF\"]\n1. *\n", 0, |r| files.push(r.file.clone()));
    /// assert_eq!(files, ["g.gipf"]);
    /// ```
    pub fn new(file: &str, checker: V) -> Self {
        PieceChecker {
            checker,
            scratch: crate::grammar::Scratch::judged_by(crate::any::standard_judge()),
            report: blank_report(file),
            written: None,
            game: std::marker::PhantomData,
        }
    }

    /// The visitor the pieces are checked with.
    ///
    /// ```
    /// use gamenote::{check::PieceChecker, pylos::Pylos, replay::Checker, Mode};
    /// let mut pieces = PieceChecker::<Pylos>::new("f", Checker::new(Mode::Strict));
    /// pieces.check("[Event \"Club\"]\n1b2 *\n", 0, |_| {});
    /// assert_eq!(pieces.checker().tags()[0].0, "Event");
    /// ```
    pub fn checker(&self) -> &V {
        &self.checker
    }

    /// The same piece checker, told whether each piece's game and once-tags (a second
    /// `[Rules]`, `[Size]`, `[Style]`, `[Position]`, `[Variant]` or `[Handicap]` with another
    /// value, `[Game]` tags naming two games) were judged before the piece comes here, by
    /// [`DefaultGame::of_record`](crate::any::DefaultGame::of_record) (as [`piece_game`]
    /// judges them, and as `gamenote check`, `export` and the Python package read): then
    /// the grammar does not judge them again. Default: false, the grammar judges them.
    ///
    /// ```
    /// use gamenote::{check::PieceChecker, pylos::Pylos, replay::Checker, Mode};
    /// let text = "[Rules \"standard\"]\n[Rules \"alignment\"]\n1b2 *\n";
    /// let mut ok = Vec::new();
    /// let mut pieces = PieceChecker::<Pylos>::new("f", Checker::new(Mode::Strict));
    /// pieces.check(text, 0, |r| ok.push(r.ok()));
    /// let mut told = PieceChecker::<Pylos>::new("f", Checker::new(Mode::Strict)).tags_judged(true);
    /// told.check(text, 0, |r| ok.push(r.ok()));
    /// // The caller said it had judged the tags: the second [Rules] is not looked at.
    /// assert_eq!(ok, [false, true]);
    /// ```
    pub fn tags_judged(mut self, yes: bool) -> Self {
        self.scratch = crate::grammar::Scratch::judged_by(match yes {
            true => None,
            false => crate::any::standard_judge(),
        });
        self
    }

    /// The visitor, to change or read what it keeps between pieces.
    ///
    /// ```
    /// use gamenote::{check::PieceChecker, pylos::Pylos, replay::Checker, Mode};
    /// let mut pieces = PieceChecker::<Pylos>::new("f", Checker::new(Mode::Strict));
    /// let _checker: &mut Checker<Pylos> = pieces.checker_mut();
    /// ```
    pub fn checker_mut(&mut self) -> &mut V {
        &mut self.checker
    }

    /// Checks the text of one piece (as [`crate::stream::RecordReader`] cuts it), which
    /// starts `lines_before` lines into its file, and hands each report to `each`: one per
    /// record, numbered from 1 in the piece, and one per junk after a record.
    ///
    /// ```
    /// use gamenote::check::ProblemKind;
    /// use gamenote::{check::PieceChecker, pylos::Pylos, replay::Checker, Mode};
    /// let mut pieces = PieceChecker::<Pylos>::new("f", Checker::new(Mode::Strict));
    /// let mut found = Vec::new();
    /// pieces.check("1b2 zz *\n", 10, |r| {
    ///     found.push(r.error.as_ref().map(|e| (e.kind, e.line, e.column)));
    /// });
    /// assert_eq!(found, [Some((ProblemKind::Parse, 11, 5))]);
    /// ```
    pub fn check(&mut self, text: &str, lines_before: usize, each: impl FnMut(&Report)) {
        self.check_to_stop(text, lines_before, None, each);
    }

    /// Checks one piece as [`crate::stream::RecordReader`] hands it out, as `gamenote check`
    /// does, its stop included: a piece that stops short (bad bytes, past the record-length
    /// limit, an I/O error) is reported as [`check`](Self::check) reports its text before the
    /// stop, a record complete there kept and what follows it one junk report; with no record
    /// complete before the stop, the piece is one record that fails with the stop's error.
    /// The reports are the parts of [`piece_spans_of`], in the same order.
    ///
    /// ```
    /// use gamenote::{check::PieceChecker, pylos::Pylos, replay::Checker, Mode};
    /// use gamenote::stream::{Limits, RecordReader};
    /// // A record, then junk that takes the piece past the limit (64 bytes here).
    /// let input = format!("[Game \"Pylos\"]\n\n1b2 *\n{}\n", "x".repeat(100));
    /// let limits = Limits::default().max_record_bytes(64);
    /// let piece = RecordReader::with_limits(input.as_bytes(), limits).next().unwrap();
    /// let mut pieces = PieceChecker::<Pylos>::new("f", Checker::new(Mode::Strict));
    /// let mut seen = Vec::new();
    /// pieces.check_piece(&piece, |r| {
    ///     let e = r.error.as_ref().map(|e| (e.junk, e.line, e.column));
    ///     seen.push((r.record, r.plies, e));
    /// });
    /// assert_eq!(seen, [(1, 1, None), (1, 0, Some((true, 4, 1)))]);
    /// ```
    pub fn check_piece(
        &mut self,
        piece: &Result<crate::stream::RawRecord, crate::stream::BadRecord>,
        each: impl FnMut(&Report),
    ) {
        let (text, lines_before, stop) = crate::stream::piece_parts(piece);
        self.check_to_stop(text, lines_before, stop.as_ref(), each);
    }

    fn check_to_stop(
        &mut self,
        text: &str,
        lines_before: usize,
        stop: Option<&crate::stream::Stop>,
        mut each: impl FnMut(&Report),
    ) {
        let _ = check_piece_text::<G, _>(
            &mut self.report,
            text,
            lines_before,
            stop,
            &mut self.checker,
            &mut self.scratch,
            &mut self.written,
            |r| {
                if r.is_junk() {
                    let n = r.record;
                    r.number(n);
                }
                each(r);
                Ok(())
            },
        );
    }
}

/// Converts every record of a piece of input as [`crate::stream::RecordReader`] handed it
/// out (a file's piece: lines and offsets count in the file) with `converter`, writing those
/// that convert to `out` move by move ([`crate::convert`]). Each record that does not
/// convert, and each junk after a record, is handed to `failed` as a [`Problem`] placed as
/// `check` places it (junk with [`Problem::junk`] set), and nothing of it is written.
/// Records are numbered from `first`; the number of records read is returned.
///
/// ```
/// use gamenote::check::ProblemKind;
/// use gamenote::{check::convert_piece, convert::Converter, pylos::{Pylos, Style}, stream::RecordReader, Mode};
/// let text = "\n[Game \"Pylos\"]\n1b2 1b2 *\n\nstray\n";
/// let piece = RecordReader::new(text.as_bytes()).next().unwrap();
/// let mut converter = Converter::<Pylos>::new(Style::default(), Mode::Strict);
/// let (mut out, mut problems) = (Vec::new(), Vec::new());
/// let read = convert_piece("a.pylos", &piece, 1, &mut converter, &mut out, |p| problems.push(p.clone()))?;
/// assert_eq!((read, converter.written()), (1, 0));
/// assert_eq!((problems[0].kind, problems[0].line, problems[0].column), (ProblemKind::Illegal, 3, 5));
/// assert_eq!((problems[1].junk, problems[1].line, problems[1].column), (true, 5, 1));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn convert_piece<G: Game, W: io::Write>(
    file: &str,
    piece: &Result<RawRecord, BadRecord>,
    first: usize,
    converter: &mut crate::convert::Converter<G>,
    out: &mut W,
    mut failed: impl FnMut(&Problem),
) -> io::Result<usize> {
    use crate::grammar::Stepped;
    let (text, lines_before, stop) = crate::stream::piece_parts(piece);
    let mut loc = Locator::new(text);
    let mut report = blank_report(file);
    let mut offset = 0;
    let mut record = first - 1;
    let mut written = None;
    converter.convert_steps(text, stop.as_ref(), out, |step, checker| {
        let p = match step {
            Stepped::Record(verdict) => {
                record += 1;
                fill_report::<G>(
                    &mut report,
                    checker,
                    &verdict,
                    &mut loc,
                    text,
                    lines_before,
                    record,
                    &mut offset,
                    &mut written,
                );
                report.error.clone()
            }
            Stepped::Junk(e) => {
                let end = e.span.end;
                let p = problem_with(&mut loc, file, lines_before, &Error::Parse(e), end..end);
                Some(junk_problem(file, p, record))
            }
            Stepped::Bad(bad) => {
                record += 1;
                Some(bad_record_problem(file, &bad))
            }
            Stepped::BadJunk(bad) => {
                Some(junk_problem(file, bad_record_problem(file, &bad), record))
            }
        };
        if let Some(p) = p {
            failed(&p);
        }
        Ok(())
    })?;
    Ok(record + 1 - first)
}

/// A report on no record yet, for [`check_piece_text`] to fill.
fn blank_report(file: &str) -> Report {
    Report {
        file: file.to_string(),
        record: 0,
        plies: 0,
        result: None,
        error: None,
        warnings: Vec::new(),
        warnings_omitted: 0,
    }
}

/// [`check_record`] handing each report to `each` as it is made, in `report` (whose file
/// name is kept; records are numbered from 1 in `text`, and junk after a record carries
/// that record's number): no report is kept. `text` is a piece's text up to its `stop`.
#[allow(clippy::too_many_arguments)]
fn check_piece_text<G: Game, V>(
    report: &mut Report,
    text: &str,
    lines_before: usize,
    stop: Option<&crate::stream::Stop>,
    checker: &mut V,
    scratch: &mut crate::grammar::Scratch,
    written: &mut Option<GameResult>,
    mut each: impl FnMut(&mut Report) -> io::Result<()>,
) -> io::Result<()>
where
    V: Visitor<G, Output = Verdict> + AsRef<Checker<G>>,
{
    use crate::grammar::Stepped;
    let mut loc = Locator::new(text);
    let mut offset = 0;
    let mut walk = crate::grammar::Walk::new(1, 0);
    let mut record = 0;
    while let Some(step) = walk.step::<G, V>(text, stop, scratch, checker) {
        match step {
            Stepped::Record(verdict) => {
                record += 1;
                fill_report::<G>(
                    report,
                    checker.as_ref(),
                    &verdict,
                    &mut loc,
                    text,
                    lines_before,
                    record,
                    &mut offset,
                    written,
                );
                each(report)?;
            }
            Stepped::Junk(e) => {
                let end = e.span.end;
                let mut p = problem_with(
                    &mut loc,
                    &report.file,
                    lines_before,
                    &Error::Parse(e),
                    end..end,
                );
                p.junk = true;
                each(&mut error_report(&report.file, record, p))?;
            }
            Stepped::Bad(bad) => {
                record += 1;
                let p = bad_record_problem(&report.file, &bad);
                each(&mut error_report(&report.file, record, p))?;
            }
            Stepped::BadJunk(bad) => {
                let mut p = bad_record_problem(&report.file, &bad);
                p.junk = true;
                each(&mut error_report(&report.file, record, p))?;
            }
        }
    }
    Ok(())
}

/// A report on a record (or junk) that failed with `p` and replayed nothing.
fn error_report(file: &str, record: usize, p: Problem) -> Report {
    Report {
        file: file.to_string(),
        record,
        plies: 0,
        result: None,
        error: Some(p),
        warnings: Vec::new(),
        warnings_omitted: 0,
    }
}

/// The report on one record from its one-pass verdict: errors and warnings placed in
/// `source` (set-up errors at the tag to blame, else at the first move, or the record's
/// start); `offset` is where the record starts and moves to where it ends.
#[allow(clippy::too_many_arguments)]
fn fill_report<G: Game>(
    report: &mut Report,
    checker: &Checker<G>,
    verdict: &Verdict,
    loc: &mut Locator<'_>,
    source: &str,
    lines_before: usize,
    record: usize,
    offset: &mut usize,
    written: &mut Option<GameResult>,
) {
    report.record = record;
    report.plies = verdict.plies;
    // `written` is the result whose text `report.result` holds when it holds one: the
    // same result as the record before is not written (and allocated) again.
    match verdict.result {
        None => report.result = None,
        Some(r) if *written == Some(r) && report.result.is_some() => {}
        Some(r) => {
            report.result = Some(G::write_result(r));
            *written = Some(r);
        }
    }
    report.warnings.clear();
    report.warnings_omitted = 0;
    let file = report.file.as_str();
    if let Some(Error::Parse(e)) = &verdict.error {
        let end = e.span.end;
        let error = problem_with(loc, file, lines_before, &Error::Parse(e.clone()), end..end);
        report.error = Some(error);
        *offset = end;
        return;
    }
    let from = *offset;
    let start = checker.first_ply_start().unwrap_or(from);
    // Warnings come before the error in the text: place them first.
    let warnings: Vec<Problem> = verdict
        .warnings
        .iter()
        .map(|w| {
            // A spare tag left out when lenient (`written` is the tag): placed at the tag.
            let at = match w.written.strip_prefix('[') {
                Some(t) if w.ply == 0 && w.span.is_none() => {
                    let name = t.split(' ').next().unwrap_or(t);
                    let until = checker.first_ply_start().unwrap_or(source.len());
                    tag_span(source, from, until, name).unwrap_or(start..start)
                }
                _ => start..start,
            };
            let e = Error::Illegal(w.clone());
            problem_with(loc, file, lines_before, &e, at)
        })
        .collect();
    let error = verdict.error.as_ref().map(|e| {
        let fallback = match e {
            Error::Setup(_) => {
                let until = checker.first_ply_start().unwrap_or(source.len());
                setup_span::<G>(checker.tags(), source, from, until)
                    .unwrap_or_else(|| record_start(source, from))
            }
            _ => start..start,
        };
        problem_with(loc, file, lines_before, e, fallback)
    });
    report.warnings = warnings;
    report.warnings_omitted = verdict.warnings_omitted;
    report.error = error;
    *offset = checker.last_end().unwrap_or(*offset);
}

/// A piece the stream reader could not read as text, as a [`Problem`].
///
/// ```
/// use gamenote::check::ProblemKind;
/// use gamenote::{check::bad_record_problem, stream::RecordReader};
/// let bytes = b"[Game \"Pylos\"]\n1b2 \xff *\n";
/// let bad = RecordReader::new(&bytes[..]).next().unwrap().unwrap_err();
/// let p = bad_record_problem("a.pylos", &bad);
/// assert_eq!((p.kind, p.line, p.column, p.ply), (ProblemKind::Parse, 2, 5, None));
/// assert!(p.rendered.starts_with("a.pylos:2:5: "));
/// assert!(p.rendered.ends_with("\n      ^")); // the caret under the bad byte
/// ```
pub fn bad_record_problem(file: &str, bad: &BadRecord) -> Problem {
    let e = &bad.error;
    let message = e.message();
    // The line up to the bad byte (or, for a record too long, its first line), escaped as
    // every echoed line is, with one caret at the column.
    let at = e.column.saturating_sub(1).min(100);
    let caret = bad
        .line_text
        .char_indices()
        .nth(at)
        .map_or(bad.line_text.len(), |(i, _)| i);
    let (shown, under) = crate::error::echo(&bad.line_text, caret, caret + 1);
    let under = format!(
        "{under:>width$}",
        width = under.len() + at.saturating_sub(bad.line_text.chars().count())
    );
    Problem {
        kind: bad.kind,
        line: e.line,
        column: e.column,
        ply: None,
        rendered: format!(
            "{file}:{}:{}: {}\n  {shown}\n  {under}",
            e.line,
            e.column,
            crate::error::escape_invisible(&message)
        ),
        message,
        junk: false,
    }
}

/// Checks one piece of a stream: every record in it, or the reason it could not be read.
///
/// ```
/// use gamenote::check::{check_piece, GameId};
/// use gamenote::stream::RecordReader;
/// use gamenote::Mode;
/// let text = "[Game \"Pylos\"]\n1b2 *\n\n[Game \"Pylos\"]\n1b2 1b2 *\n";
/// let reports: Vec<_> = RecordReader::new(text.as_bytes())
///     .flat_map(|piece| check_piece(GameId::Pylos, "f", &piece, &[], Mode::Strict))
///     .collect();
/// assert_eq!((reports[0].ok(), reports[1].ok()), (true, false));
/// assert_eq!(reports[1].error.as_ref().unwrap().line, 5);
/// ```
pub fn check_piece(
    id: GameId,
    file: &str,
    piece: &Result<RawRecord, BadRecord>,
    overrides: &[(String, String)],
    mode: Mode,
) -> Vec<Report> {
    crate::with_game!(id, G => {
        check_piece_with::<G, _>(file, piece, &mut Checker::with_overrides(mode, overrides))
    })
}

/// [`check_piece`] with a checker of the caller's, which keeps its buffers from piece to
/// piece (one checker serves a whole batch).
///
/// ```
/// use gamenote::{check::check_piece_with, pylos::Pylos, replay::Checker, stream::RecordReader, Mode};
/// let text = "[Game \"Pylos\"]\n1b2 *\n\n[Game \"Pylos\"]\n1c3 1c3 *\n";
/// let mut checker = Checker::<Pylos>::new(Mode::Strict); // one checker for every piece
/// let reports: Vec<_> = RecordReader::new(text.as_bytes())
///     .flat_map(|piece| check_piece_with("f", &piece, &mut checker))
///     .collect();
/// assert_eq!((reports[0].ok(), reports[1].ok()), (true, false));
/// assert_eq!(reports[1].error.as_ref().map(|p| (p.line, p.ply)), Some((5, Some(2))));
/// ```
pub fn check_piece_with<G: Game, V>(
    file: &str,
    piece: &Result<RawRecord, BadRecord>,
    checker: &mut V,
) -> Vec<Report>
where
    V: Visitor<G, Output = Verdict> + AsRef<Checker<G>>,
{
    let (text, lines_before, stop) = crate::stream::piece_parts(piece);
    collect_reports(file, text, lines_before, stop.as_ref(), checker)
}

/// Totals of a check run.
///
/// ```
/// use gamenote::check::{check_files, CheckOptions, Totals};
/// let missing = std::env::temp_dir().join("gamenote-doc-totals-missing.pylos");
/// let totals = check_files(&[missing], &CheckOptions::new(&[]), |_| Ok(()))?;
/// assert_eq!(totals, Totals { records: 0, ok: 0, unreadable: 1, junk: 0 });
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Totals {
    /// Records seen.
    pub records: usize,
    /// Records that parsed and replayed legally.
    pub ok: usize,
    /// Inputs that could not be read at all or whose game could not be told.
    pub unreadable: usize,
    /// Pieces of junk between records (text after a record's result that is no record),
    /// each a failure, not counted in `records`.
    pub junk: usize,
}

/// What to check and how: [`CheckOptions::new`], then set the fields that differ.
///
/// ```
/// use gamenote::check::CheckOptions;
/// let mut opts = CheckOptions::new(&[]);
/// opts.threads = 2;
/// opts.syntax_only = true;
/// assert_eq!(opts.mode, gamenote::Mode::Strict);
/// ```
#[non_exhaustive]
pub struct CheckOptions<'a> {
    /// `--game`, if given.
    pub game: Option<GameId>,
    /// Tags given on the command line.
    pub overrides: &'a [(String, String)],
    /// Strict or lenient.
    pub mode: Mode,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Limits on one record.
    pub limits: Limits,
    /// Parse only: resolve and play no move (`--syntax-only`).
    pub syntax_only: bool,
}

impl<'a> CheckOptions<'a> {
    /// Strict reading with the tags `overrides`, one thread, the default limits, every
    /// move replayed, the game told by each file.
    ///
    /// ```
    /// use gamenote::{check::CheckOptions, Mode};
    /// let size = [("Size".to_string(), "4".to_string())];
    /// let opts = CheckOptions::new(&size);
    /// assert_eq!((opts.game, opts.mode, opts.threads, opts.syntax_only), (None, Mode::Strict, 1, false));
    /// assert_eq!(opts.overrides, &size);
    /// ```
    pub fn new(overrides: &'a [(String, String)]) -> Self {
        CheckOptions {
            game: None,
            overrides,
            mode: Mode::Strict,
            threads: 1,
            limits: Limits::default(),
            syntax_only: false,
        }
    }
}

/// What [`check_files`] hands out, in input order.
///
/// ```
/// use gamenote::check::{check_files, CheckOptions, Checked};
/// let missing = std::env::temp_dir().join("gamenote-doc-checked-missing.pylos");
/// let mut seen = Vec::new();
/// check_files(&[missing], &CheckOptions::new(&[]), |c| {
///     seen.push(match c {
///         Checked::Record(r) => format!("record {}", r.record),
///         Checked::Unreadable(e) => e.to_string(),
///     });
///     Ok(())
/// })?;
/// assert_eq!(seen.len(), 1);
/// assert!(seen[0].ends_with("gamenote-doc-checked-missing.pylos: cannot read: No such file or directory (os error 2)"));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub enum Checked<'r> {
    /// The verdict on one record.
    Record(&'r Report),
    /// An input that could not be read at all, or whose game could not be told.
    Unreadable(&'r InputError),
}

/// The checker of each game met in one input, made when first needed.
struct CheckerSlots;

impl crate::any::Family for CheckerSlots {
    type Of<G: crate::any::KnownGame> = Option<Checker<G>>;
}

type Slots = crate::any::PerGame<CheckerSlots>;

/// Checks the pieces of one input, each record in its own game
/// ([`DefaultGame::of_record`](crate::any::DefaultGame::of_record)): the default game's
/// records with the command line's tags, the others' with their own.
struct Checkers<'a> {
    default: crate::any::DefaultGame,
    overrides: &'a [(String, String)],
    mode: Mode,
    syntax_only: bool,
    slots: Slots,
    report: Report,
    scratch: crate::grammar::Scratch,
    /// The game of the record before, and the result whose text `report` holds.
    written: (Option<GameId>, Option<GameResult>),
}

impl<'a> Checkers<'a> {
    fn new(file: &str, default: crate::any::DefaultGame, opts: &CheckOptions<'a>) -> Self {
        // Each piece's game and once-tags are judged by `of_record` in `piece`.
        let scratch = crate::grammar::Scratch::judged_by(None);
        Checkers {
            default,
            overrides: opts.overrides,
            mode: opts.mode,
            syntax_only: opts.syntax_only,
            slots: Slots::default(),
            report: blank_report(file),
            scratch,
            written: (None, None),
        }
    }

    /// Checks one piece, `text` up to its `stop`, handing each report to `each`.
    fn piece(
        &mut self,
        text: &str,
        lines_before: usize,
        stop: Option<&crate::stream::Stop>,
        mut each: impl FnMut(&mut Report) -> io::Result<()>,
    ) -> io::Result<()> {
        let id = match self.default.of_record(text) {
            Ok(id) => id,
            Err(e) => {
                let file = &self.report.file;
                let span = e.span.clone();
                let p = problem_with(
                    &mut Locator::new(text),
                    file,
                    lines_before,
                    &Error::Parse(e),
                    span,
                );
                return each(&mut error_report(file, 0, p));
            }
        };
        if self.written.0 != Some(id) {
            // Results are written by each game in its own way.
            self.written = (Some(id), None);
            self.report.result = None;
        }
        crate::with_game!(id, G => self.piece_in::<G>(id, text, lines_before, stop, each))
    }

    fn piece_in<G: crate::any::KnownGame>(
        &mut self,
        id: GameId,
        text: &str,
        lines_before: usize,
        stop: Option<&crate::stream::Stop>,
        each: impl FnMut(&mut Report) -> io::Result<()>,
    ) -> io::Result<()> {
        let (mode, syntax_only) = (self.mode, self.syntax_only);
        let overrides: &[(String, String)] = if id == self.default.id() {
            self.overrides
        } else {
            &[]
        };
        let checker = self.slots.get_mut::<G>().get_or_insert_with(|| {
            Checker::with_overrides(mode, overrides).syntax_only(syntax_only)
        });
        check_piece_text::<G, _>(
            &mut self.report,
            text,
            lines_before,
            stop,
            checker,
            &mut self.scratch,
            &mut self.written.1,
            each,
        )
    }
}

/// What a worker is given: a batch of pieces of one input, a shard of a file to read
/// itself, or an input that failed.
enum Work {
    Pieces(crate::any::DefaultGame, Vec<Result<RawRecord, BadRecord>>),
    Shard(crate::any::DefaultGame, Arc<std::path::Path>, Shard),
    Failed(InputError),
}

/// What a worker gives back: reports (the first `usize` of the list; the rest are
/// spare, kept for their buffers), or an input that failed.
enum Done {
    Reports(Vec<Report>, usize),
    Failed(InputError),
}

/// Copies `r` into the next report of `out`, reusing the buffers of a spare one
/// ([`Done::Reports`]): a worker passes reports on with no allocation once its lists have
/// grown.
fn keep_report(out: &mut Vec<Report>, used: &mut usize, r: &Report) {
    match out.get_mut(*used) {
        Some(spare) => {
            spare.file.clone_from(&r.file);
            spare.record = r.record;
            spare.plies = r.plies;
            spare.result.clone_from(&r.result);
            spare.error.clone_from(&r.error);
            spare.warnings.clone_from(&r.warnings);
            spare.warnings_omitted = r.warnings_omitted;
        }
        None => out.push(r.clone()),
    }
    *used += 1;
}

/// A job: its place in the output, the input's index and name, and the work.
type Job = (usize, usize, Arc<str>, Work);

/// A batch ends after this many records or bytes of record text.
const BATCH_RECORDS: usize = 64;
const BATCH_BYTES: usize = 256 << 10;

/// Checks every record of every input (`-` is standard input), streaming each with memory
/// of the order of one record per worker, on `threads` workers, and hands the verdicts to
/// `emit` in input order (records numbered from 1 within each input). An input that cannot
/// be opened or whose game cannot be told is handed out as [`Checked::Unreadable`] and
/// counted in [`Totals::unreadable`]. When `emit` fails, checking stops and its error is
/// returned.
///
/// ```
/// use gamenote::check::{check_files, CheckOptions, Checked, Totals};
/// let path = std::env::temp_dir().join(format!("gamenote-doc-{}.pylos", std::process::id()));
/// std::fs::write(&path, "[Game \"Pylos\"]\n1b2 1c3 *\n\n[Game \"Pylos\"]\n1b2 1b2 *\n")?;
/// let mut verdicts = Vec::new();
/// let totals = check_files(&[path.clone()], &CheckOptions::new(&[]), |c| {
///     if let Checked::Record(r) = c {
///         verdicts.push((r.record, r.ok()));
///     }
///     Ok(())
/// });
/// std::fs::remove_file(&path)?;
/// assert_eq!(totals?, Totals { records: 2, ok: 1, unreadable: 0, junk: 0 });
/// assert_eq!(verdicts, [(1, true), (2, false)]);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn check_files(
    files: &[PathBuf],
    opts: &CheckOptions<'_>,
    mut emit: impl FnMut(Checked<'_>) -> io::Result<()>,
) -> io::Result<Totals> {
    let threads = opts.threads.max(1);
    if threads == 1 {
        return check_files_inline(files, opts, emit);
    }
    let window = threads * 4;
    let (job_tx, job_rx) = mpsc::sync_channel::<Job>(threads * 2);
    let job_rx = Arc::new(Mutex::new(job_rx));
    let (res_tx, res_rx) = mpsc::channel::<(usize, usize, Done)>();
    // How many jobs have been printed; `usize::MAX` once printing has stopped.
    let printed = Arc::new((Mutex::new(0usize), Condvar::new()));
    // Report lists the printer is done with, for the workers to fill again.
    let spare_lists: Mutex<Vec<Vec<Report>>> = Mutex::new(Vec::new());
    let spare_lists = &spare_lists;
    let mut totals = Totals::default();
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let rx = Arc::clone(&job_rx);
            let tx = res_tx.clone();
            scope.spawn(move || {
                // The checkers of the input the last job came from, and the buffer shards
                // are read into: their buffers serve job after job.
                let mut held: Option<(usize, Checkers<'_>)> = None;
                let mut buf = Vec::new();
                loop {
                    let job = match rx.lock() {
                        Ok(guard) => guard.recv(),
                        Err(_) => return,
                    };
                    let Ok((seq, index, file, work)) = job else {
                        return;
                    };
                    let mut reports = spare_lists
                        .lock()
                        .ok()
                        .and_then(|mut lists| lists.pop())
                        .unwrap_or_default();
                    let mut used = 0;
                    let done = match work {
                        Work::Pieces(default, pieces) => {
                            let mut checkers = reuse(&mut held, index, &file, default, opts);
                            for piece in &pieces {
                                let (text, lines_before, stop) = crate::stream::piece_parts(piece);
                                let _ = checkers.piece(text, lines_before, stop.as_ref(), |r| {
                                    keep_report(&mut reports, &mut used, r);
                                    Ok(())
                                });
                            }
                            held = Some((index, checkers));
                            Done::Reports(reports, used)
                        }
                        Work::Shard(default, path, shard) => {
                            let mut checkers = reuse(&mut held, index, &file, default, opts);
                            let read = check_shard_in(
                                &path,
                                &file,
                                shard,
                                opts,
                                None,
                                &mut checkers,
                                &mut buf,
                                |r| {
                                    keep_report(&mut reports, &mut used, r);
                                    Ok(())
                                },
                            );
                            held = Some((index, checkers));
                            match read {
                                Ok(()) => Done::Reports(reports, used),
                                Err(e) => Done::Failed(e),
                            }
                        }
                        Work::Failed(e) => Done::Failed(e),
                    };
                    if tx.send((seq, index, done)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(res_tx);
        drop(job_rx);
        let printed_p = Arc::clone(&printed);
        let producer = scope.spawn(move || {
            let mut seq = 0usize;
            // Waits until the printer is near, so at most `window` jobs are held.
            let wait_turn = |seq: usize| {
                let (lock, cv) = &*printed_p;
                let Ok(mut done) = lock.lock() else { return };
                while *done != usize::MAX && seq >= *done + window {
                    match cv.wait(done) {
                        Ok(d) => done = d,
                        Err(_) => return,
                    }
                }
            };
            for (index, path) in files.iter().enumerate() {
                let name: Arc<str> = Arc::from(display_name(path));
                let (id, input) = match open_to_check(path, &name, opts) {
                    Ok(x) => x,
                    Err(e) => {
                        wait_turn(seq);
                        if job_tx.send((seq, index, name, Work::Failed(e))).is_err() {
                            return;
                        }
                        seq += 1;
                        continue;
                    }
                };
                if let Some(ranges) = file_shards(path) {
                    // A large file: workers read its shards themselves, and this thread
                    // only counts the lines before each.
                    drop(input);
                    let path: Arc<std::path::Path> = Arc::from(path.as_path());
                    let mut counter = std::fs::File::open(&path).ok();
                    let mut lines = 0;
                    let mut count_buf = vec![0u8; 64 << 10];
                    let mut ranges = ranges.into_iter();
                    while let Some(r) = ranges.next() {
                        let counted = counter.as_mut().and_then(|f| {
                            f.seek(io::SeekFrom::Start(r.start)).ok()?;
                            let shard = f.take(r.end - r.start);
                            crate::stream::count_lines_in(shard, &mut count_buf).ok()
                        });
                        let end = match counted {
                            Some(_) => r.end,
                            // The lines cannot be counted: the rest is one shard.
                            None => ranges.by_ref().last().map_or(r.end, |last| last.end),
                        };
                        let shard = Shard::new(r.start, end, lines);
                        lines += counted.unwrap_or(0);
                        wait_turn(seq);
                        let work = Work::Shard(id, Arc::clone(&path), shard);
                        if job_tx.send((seq, index, Arc::clone(&name), work)).is_err() {
                            return;
                        }
                        seq += 1;
                    }
                    continue;
                }
                let mut batch = Vec::new();
                let mut bytes = 0;
                let mut pieces = RecordReader::with_limits(input, opts.limits).peekable();
                while let Some(piece) = pieces.next() {
                    bytes += piece.as_ref().map_or(0, |raw| raw.text.len());
                    batch.push(piece);
                    let full = batch.len() >= BATCH_RECORDS || bytes >= BATCH_BYTES;
                    if full || pieces.peek().is_none() {
                        wait_turn(seq);
                        let work = Work::Pieces(id, std::mem::take(&mut batch));
                        if job_tx.send((seq, index, Arc::clone(&name), work)).is_err() {
                            return;
                        }
                        seq += 1;
                        bytes = 0;
                    }
                }
            }
        });
        // Print in input order.
        let mut pending: BTreeMap<usize, (usize, Done)> = BTreeMap::new();
        let mut next = 0usize;
        let mut numbering = (usize::MAX, 0usize);
        'print: for (seq, index, done) in res_rx.iter() {
            pending.insert(seq, (index, done));
            while let Some((index, done)) = pending.remove(&next) {
                if numbering.0 != index {
                    numbering = (index, 0);
                }
                let emitted = match done {
                    Done::Reports(mut reports, used) => {
                        let emitted = reports.iter_mut().take(used).try_for_each(|r| {
                            count(&mut totals, &mut numbering.1, r);
                            emit(Checked::Record(r))
                        });
                        if let Ok(mut lists) = spare_lists.lock() {
                            lists.push(reports);
                        }
                        emitted
                    }
                    Done::Failed(e) => {
                        totals.unreadable += 1;
                        emit(Checked::Unreadable(&e))
                    }
                };
                next += 1;
                let (lock, cv) = &*printed;
                if let Ok(mut n) = lock.lock() {
                    *n = if emitted.is_err() { usize::MAX } else { next };
                    cv.notify_all();
                }
                if let Err(e) = emitted {
                    failure = Some(e);
                    break 'print;
                }
            }
        }
        // Dropping the results ends the workers, and with them the producer.
        drop(res_rx);
        let _ = producer.join();
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(totals),
    }
}

/// The checkers `held` from the job before when it was of the same input (`index`), else
/// new ones.
fn reuse<'a>(
    held: &mut Option<(usize, Checkers<'a>)>,
    index: usize,
    file: &str,
    default: crate::any::DefaultGame,
    opts: &CheckOptions<'a>,
) -> Checkers<'a> {
    match held.take() {
        Some((i, c)) if i == index => c,
        _ => Checkers::new(file, default, opts),
    }
}

/// A file is read in shards of about this many bytes by [`check_files`]'s workers.
const SHARD_BYTES: u64 = 1 << 20;

/// The record-aligned shards of `path` for the workers, when it is a regular file of more
/// than two shards (standard input and small files are cut by one reader).
fn file_shards(path: &std::path::Path) -> Option<Vec<std::ops::Range<u64>>> {
    if path.as_os_str() == "-" {
        return None;
    }
    let mut file = std::fs::File::open(path).ok()?;
    let meta = file.metadata().ok()?;
    if !meta.is_file() || meta.len() <= 2 * SHARD_BYTES {
        return None;
    }
    let count = usize::try_from(meta.len().div_ceil(SHARD_BYTES)).ok()?;
    crate::stream::shard_bounds(&mut file, count).ok()
}

/// Checks the records of one shard of the file `path` ([`crate::stream::shard_bounds`]),
/// as `check` checks them in the whole file: the same verdicts, lines, columns and
/// messages, with the game each record's own or else the file's (told by `opts.game` or
/// the file's first record, as for the whole file). With `records_before` (the records of
/// the shards before), records are numbered in the file as `check` numbers them; with
/// `None` they are left unnumbered (`record` 0, junk messages without the number of the
/// record before), for a caller that numbers them once the shards before are done. This
/// is what a worker of another process or machine runs on its shard.
///
/// ```
/// use gamenote::check::{check_shard, CheckOptions};
/// use gamenote::stream::shards;
/// let path = std::env::temp_dir().join(format!("gamenote-doc-shard-{}.pylos", std::process::id()));
/// let text = "[Game \"Pylos\"]\n1b2 1c3 *\n\n[Game \"Pylos\"]\n1b2 1b2 *\n\n".repeat(50);
/// std::fs::write(&path, &text)?;
/// let parts = shards(&mut std::fs::File::open(&path)?, 2)?;
/// let mut verdicts = Vec::new();
/// check_shard(&path, parts[1], &CheckOptions::new(&[]), Some(0), |r| {
///     verdicts.push((r.record, r.error.as_ref().map(|p| p.line)));
///     Ok(())
/// })?;
/// std::fs::remove_file(&path)?;
/// let first_line = parts[1].lines_before + 1;
/// // The shard starts at a record of the second kind, whose moves are on its second line.
/// assert_eq!(verdicts[0], (1, Some(first_line + 1)));
/// assert_eq!(verdicts[1], (2, None));
/// assert_eq!(verdicts.len(), 100 - parts[1].lines_before / 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_shard(
    path: &std::path::Path,
    shard: Shard,
    opts: &CheckOptions<'_>,
    records_before: Option<usize>,
    emit: impl FnMut(&Report) -> io::Result<()>,
) -> Result<(), InputError> {
    let name = display_name(path);
    let (default, input) = open_to_check(path, &name, opts)?;
    drop(input);
    check_shard_as(path, &name, default, shard, opts, records_before, emit)
}

/// [`check_shard`] with the file's name and default game already known.
fn check_shard_as(
    path: &std::path::Path,
    name: &str,
    default: crate::any::DefaultGame,
    shard: Shard,
    opts: &CheckOptions<'_>,
    records_before: Option<usize>,
    emit: impl FnMut(&Report) -> io::Result<()>,
) -> Result<(), InputError> {
    let mut checkers = Checkers::new(name, default, opts);
    let mut buf = Vec::new();
    check_shard_in(
        path,
        name,
        shard,
        opts,
        records_before,
        &mut checkers,
        &mut buf,
        emit,
    )
}

/// [`check_shard_as`] with the checkers and the read buffer of a worker that checks shard
/// after shard.
#[allow(clippy::too_many_arguments)]
fn check_shard_in(
    path: &std::path::Path,
    name: &str,
    shard: Shard,
    opts: &CheckOptions<'_>,
    records_before: Option<usize>,
    checkers: &mut Checkers<'_>,
    buf: &mut Vec<u8>,
    mut emit: impl FnMut(&Report) -> io::Result<()>,
) -> Result<(), InputError> {
    let unreadable = |e: io::Error| InputError::Unreadable {
        file: name.to_string(),
        reason: e.to_string(),
    };
    let file = std::fs::File::open(path).map_err(unreadable)?;
    let mut reader = shard
        .record_reader_in(file, opts.limits, std::mem::take(buf))
        .map_err(unreadable)?;
    let (mut totals, mut record) = (Totals::default(), records_before.unwrap_or(0));
    let mut checked = Ok(());
    while let Some(lent) = reader.next_lent() {
        let stop = lent.stop.as_ref();
        checked = checkers.piece(lent.text, lent.lines_before, stop, |r| {
            if records_before.is_some() {
                count(&mut totals, &mut record, r);
            }
            emit(r)
        });
        if checked.is_err() {
            break;
        }
    }
    *buf = reader.into_buffer();
    checked.map_err(unreadable)
}

/// Numbers a report (records from 1 in their input; junk takes the number of the record
/// before it) and counts it.
fn count(totals: &mut Totals, record: &mut usize, r: &mut Report) {
    if r.is_junk() {
        totals.junk += 1;
    } else {
        *record += 1;
        totals.records += 1;
        totals.ok += usize::from(r.ok());
    }
    r.number(*record);
}

/// Opens an input named `name` for checking and tells its default game: `--game` (given),
/// else the first record's tag or the file name (detected).
fn open_to_check(
    path: &std::path::Path,
    name: &str,
    opts: &CheckOptions<'_>,
) -> Result<(crate::any::DefaultGame, Input), InputError> {
    use crate::any::DefaultGame;
    let mut input = open_input(path)?;
    let id = game_of_input(opts.game, name, &mut input)?;
    // The command line's values, checked against the input's game before any record is
    // read (with `--game`, the command line has checked them once already).
    overrides_error(id, opts.overrides).map_err(|e| InputError::Usage(format!("{name}: {e}")))?;
    let default = match opts.game {
        Some(_) => DefaultGame::Given(id),
        None => DefaultGame::Detected(id),
    };
    Ok((default, input))
}

/// [`check_files`] on the calling thread: with one worker, a reader thread and a printer
/// would only hand work to each other, so each record is read, checked and handed to `emit`
/// in turn, with one checker for each game of each input.
fn check_files_inline(
    files: &[PathBuf],
    opts: &CheckOptions<'_>,
    mut emit: impl FnMut(Checked<'_>) -> io::Result<()>,
) -> io::Result<Totals> {
    let mut totals = Totals::default();
    for path in files {
        let name = display_name(path);
        let (default, input) = match open_to_check(path, &name, opts) {
            Ok(x) => x,
            Err(e) => {
                totals.unreadable += 1;
                emit(Checked::Unreadable(&e))?;
                continue;
            }
        };
        let mut record = 0;
        let mut checkers = Checkers::new(&name, default, opts);
        let mut reader = RecordReader::with_limits(input, opts.limits);
        // Each record's text is read where it lies in the reader's buffer, and its report
        // made in the one report of its game.
        while let Some(lent) = reader.next_lent() {
            checkers.piece(lent.text, lent.lines_before, lent.stop.as_ref(), |r| {
                count(&mut totals, &mut record, r);
                emit(Checked::Record(r))
            })?;
        }
    }
    Ok(totals)
}

/// The serde form of a [`Report`]: a line of `gamenote check --json`.
#[cfg(feature = "serde")]
mod serde_form {
    use super::{Problem, Report};
    use serde::ser::SerializeStruct;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    impl Serialize for Report {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let (junk, omitted) = (self.is_junk(), self.warnings_omitted > 0);
            let fields = 7 + usize::from(junk) + usize::from(omitted);
            let mut st = s.serialize_struct("Report", fields)?;
            st.serialize_field("file", &self.file)?;
            st.serialize_field("record", &self.record)?;
            if junk {
                st.serialize_field("junk", &true)?;
            } else {
                st.skip_field("junk")?;
            }
            st.serialize_field("ok", &self.ok())?;
            st.serialize_field("plies", &self.plies)?;
            st.serialize_field("result", &self.result)?;
            st.serialize_field("error", &self.error)?;
            st.serialize_field("warnings", &self.warnings)?;
            if omitted {
                st.serialize_field("warnings_omitted", &self.warnings_omitted)?;
            } else {
                st.skip_field("warnings_omitted")?;
            }
            st.end()
        }
    }

    /// A report as read: `ok` is read and must agree with `error`; `junk` on the report
    /// marks its error as junk (as `check --json` wrote it before problems said so).
    #[derive(Deserialize)]
    struct ReportData {
        file: String,
        record: usize,
        #[serde(default)]
        junk: bool,
        ok: Option<bool>,
        plies: usize,
        result: Option<String>,
        error: Option<Problem>,
        #[serde(default)]
        warnings: Vec<Problem>,
        #[serde(default)]
        warnings_omitted: usize,
    }

    impl<'de> Deserialize<'de> for Report {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            use serde::de::Error as _;
            let mut r = ReportData::deserialize(d)?;
            if r.ok.is_some_and(|ok| ok != r.error.is_none()) {
                return Err(D::Error::custom("\"ok\" disagrees with \"error\""));
            }
            match &mut r.error {
                Some(p) => p.junk |= r.junk,
                None if r.junk => return Err(D::Error::custom("junk without an error")),
                None => {}
            }
            Ok(Report {
                file: r.file,
                record: r.record,
                plies: r.plies,
                result: r.result,
                error: r.error,
                warnings: r.warnings,
                warnings_omitted: r.warnings_omitted,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::json_str;

    #[test]
    fn json_strings_escape_quotes_controls_and_invisible_characters() {
        assert_eq!(json_str("a\"b\n\\"), r#""a\"b\n\\""#);
        assert_eq!(json_str("\u{8}\u{c}\u{7f}"), r#""\u0008\u000c\u007f""#);
        assert_eq!(json_str("x\u{202e}y\u{e0041}"), r#""x\u202ey\udb40\udc41""#);
        assert_eq!(json_str("é 中"), "\"é 中\"");
    }
}
