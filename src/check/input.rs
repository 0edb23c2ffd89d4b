//! The one way every command reads its input: a file or standard input (`-`), its game
//! told from `--game`, the first record's `[Game]` tag or the file name, and its records cut
//! and checked (byte-order mark, NUL bytes, UTF-8, record length) by
//! [`RecordReader`](crate::stream::RecordReader).

use std::collections::VecDeque;
use std::io::{self, BufRead, BufReader, Read};
use std::ops::Range;
use std::path::Path;
use std::rc::Rc;

use crate::any::{DefaultGame, GameId};
use crate::error::Error;
use crate::game::Game;
use crate::record::Record;
use crate::stream::{BadRecord, Limits, RawRecord, RecordReader};

use super::locate::Locator;
use super::{
    Problem, bad_record_problem, junk_problem, problem_at, problem_at_span, replay_problem,
};

/// An input to read: standard input or an open file, buffered.
pub type Input = BufReader<Box<dyn Read + Send>>;

/// Why an input cannot be read at all (exit status 2 on the command line).
///
/// ```
/// use gamenote::check::{open_input, InputError};
/// let err = open_input(&std::env::temp_dir()).err().expect("a directory");
/// assert!(matches!(&err, InputError::Unreadable { reason, .. } if reason == "it is a directory"));
/// let err = InputError::UnknownGame("notes.txt".into());
/// assert_eq!(
///     err.to_string(),
///     "notes.txt: cannot tell the game: give --game, a [Game] tag or a known extension"
/// );
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum InputError {
    /// The file cannot be opened or is a directory.
    #[error("{file}: cannot read: {reason}")]
    Unreadable {
        /// The name as given.
        file: String,
        /// What the system said.
        reason: String,
    },
    /// No `--game`, no `[Game]` tag naming a known game, no known extension.
    #[error("{0}: cannot tell the game: give --game, a [Game] tag or a known extension")]
    UnknownGame(String),
    /// A flag that means nothing for the input's game, e.g. `--size` for a game without
    /// sizes.
    #[error("{0}")]
    Usage(String),
}

/// The error of `--size` given for `id`, if it has no board sizes.
///
/// ```
/// use gamenote::check::{size_error, GameId};
/// let size = [("Size".to_string(), "4".to_string())];
/// assert!(size_error(GameId::Pylon, &size).is_ok());
/// assert!(size_error(GameId::Gipf, &[]).is_ok());
/// let err = size_error(GameId::Gipf, &size).unwrap_err();
/// assert_eq!(err.to_string(), "--size: gipf has no board sizes (only pylon has)");
/// ```
pub fn size_error(id: GameId, overrides: &[(String, String)]) -> Result<(), InputError> {
    if !id.has_size() && overrides.iter().any(|(n, _)| n == "Size") {
        return Err(InputError::Usage(format!(
            "--size: {id} has no board sizes (only pylon has)"
        )));
    }
    Ok(())
}

/// The error of the command line's `--rules` and `--size` (as tags, from
/// [`apply_overrides`](super::apply_overrides)'s list) for game `id`: `--size` for a game
/// without sizes, or a value the game cannot read (`--rules nonsense`, `--size 27`). The
/// command line calls it before reading any record, so an invalid value is said once, as a
/// usage error, and not once a record.
///
/// ```
/// use gamenote::check::{overrides_error, GameId};
/// let rules = |r: &str| [("Rules".to_string(), r.to_string())];
/// assert!(overrides_error(GameId::Pylos, &rules("alignment")).is_ok());
/// assert!(overrides_error(GameId::Gipf, &[]).is_ok()); // nothing given, nothing to check
/// let err = overrides_error(GameId::Pylos, &rules("nonsense")).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "--rules: unknown Pylos rule set \"nonsense\" (expected standard, alignment or children)"
/// );
/// let size = [("Size".to_string(), "27".to_string())];
/// let err = overrides_error(GameId::Pylon, &size).unwrap_err();
/// assert_eq!(err.to_string(), "--size: the Size tag \"27\" is not a Pylon board size from 2 to 26");
/// let err = overrides_error(GameId::Gipf, &size).unwrap_err();
/// assert_eq!(err.to_string(), "--size: gipf has no board sizes (only pylon has)");
/// ```
pub fn overrides_error(id: GameId, overrides: &[(String, String)]) -> Result<(), InputError> {
    size_error(id, overrides)?;
    if overrides.is_empty() {
        return Ok(());
    }
    crate::with_game!(id, G => <G as crate::game::RecordFormat>::rules_from_tags(overrides).map(|_| ())).map_err(|e| {
        let flag = if e.tag.as_deref() == Some("Size") {
            "--size"
        } else {
            "--rules"
        };
        InputError::Usage(format!("{flag}: {}", e.message))
    })
}

/// The name a path is shown by: the path itself, with any bytes that are not UTF-8
/// replaced; `-` is standard input.
pub(crate) fn display_name(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

/// Opens `path` (`-` for standard input) for reading. A directory is refused here, not
/// at the first read.
///
/// ```
/// use gamenote::check::{open_input, InputError};
/// use std::io::Read;
/// let name = format!("gamenote-open-input-{}.pylos", std::process::id());
/// let path = std::env::temp_dir().join(name);
/// std::fs::write(&path, "1b2 1c3 *\n")?;
/// let mut text = String::new();
/// open_input(&path)?.read_to_string(&mut text)?;
/// assert_eq!(text, "1b2 1c3 *\n");
/// std::fs::remove_file(&path)?;
/// let err = open_input(&path).err().expect("the file is gone");
/// let shown = path.display().to_string();
/// assert!(matches!(err, InputError::Unreadable { ref file, .. } if *file == shown));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn open_input(path: &Path) -> Result<Input, InputError> {
    let unreadable = |reason: String| InputError::Unreadable {
        file: display_name(path),
        reason,
    };
    if path.as_os_str() == "-" {
        return Ok(BufReader::with_capacity(1 << 16, Box::new(io::stdin())));
    }
    let file = std::fs::File::open(path).map_err(|e| unreadable(e.to_string()))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(unreadable("it is a directory".into()));
    }
    Ok(BufReader::with_capacity(1 << 16, Box::new(file)))
}

/// The game of an opened input: `game` if given, else from the first record's `[Game]` tag
/// in the input's first block, else from the file name ([`GameId::detect`]). Nothing is
/// consumed.
///
/// ```
/// use gamenote::check::{game_of_input, GameId, Input, InputError};
/// use std::io::{BufReader, Read};
/// let text = "[Game \"GIPF\"]\n\n1.a1-b2 *\n";
/// let mut input: Input = BufReader::new(Box::new(text.as_bytes()));
/// assert_eq!(game_of_input(None, "notes.txt", &mut input)?, GameId::Gipf);
/// assert_eq!(game_of_input(Some(GameId::Pylon), "notes.txt", &mut input)?, GameId::Pylon);
/// let mut rest = String::new();
/// input.read_to_string(&mut rest)?;
/// assert_eq!(rest, text, "nothing was consumed");
/// let mut untagged: Input = BufReader::new(Box::new("1b2 *".as_bytes()));
/// assert_eq!(game_of_input(None, "a.pylos", &mut untagged)?, GameId::Pylos);
/// let err = game_of_input(None, "notes.txt", &mut untagged).unwrap_err();
/// assert!(matches!(err, InputError::UnknownGame(ref name) if name == "notes.txt"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn game_of_input(
    game: Option<GameId>,
    name: &str,
    input: &mut Input,
) -> Result<GameId, InputError> {
    if let Some(g) = game {
        return Ok(g);
    }
    let head = input
        .fill_buf()
        .map(String::from_utf8_lossy)
        .unwrap_or_default();
    GameId::detect(name, &head).ok_or_else(|| InputError::UnknownGame(name.to_string()))
}

/// A record read from an input, with the text it was read from, for drawing its errors.
///
/// ```
/// use gamenote::{check::FileRecords, pylos::Pylos, stream::Limits};
/// let text = "[Game \"Pylos\"]\n1b2 1c3 *\n\n[Game \"Pylos\"]\n1b2 1b2 *\n";
/// let mut records = FileRecords::<Pylos, _>::new("a.pylos", text.as_bytes(), Limits::default());
/// let first = records.next().unwrap().expect("record 1 reads");
/// assert_eq!((first.index, first.record.plies.len()), (1, 2));
/// let second = records.next().unwrap().expect("record 2 reads");
/// assert_eq!((second.index, second.record.tag("Game")), (2, Some("Pylos")));
/// ```
pub struct Located<G: Game> {
    /// The record.
    pub record: Record<G>,
    /// The text of the piece of input the record is in.
    pub text: Rc<str>,
    /// Lines of the input before that text.
    pub lines_before: usize,
    /// 1-based index of the record in the input.
    pub index: usize,
    /// Where in `text` the part of this record begins (after the record before it).
    pub from: usize,
}

impl<G: Game> Located<G> {
    /// An error met replaying the record, as a [`Problem`] placed in the whole input.
    ///
    /// ```
    /// use gamenote::check::ProblemKind;
    /// use gamenote::{check::FileRecords, pylos::Pylos, record::replay, stream::Limits, Mode};
    /// let text = "[Game \"Pylos\"]\n1b2 1c3 *\n\n[Game \"Pylos\"]\n1b2 1b2 *\n";
    /// let limits = Limits::default();
    /// let mut records = FileRecords::<Pylos, _>::new("a.pylos", text.as_bytes(), limits);
    /// let second = records.nth(1).unwrap().expect("record 2 reads");
    /// let err = replay(&second.record, Mode::Strict).error.expect("1b2 is taken");
    /// let p = second.problem("a.pylos", &err);
    /// assert_eq!((p.kind, p.line, p.column, p.ply), (ProblemKind::Illegal, 5, 5, Some(2)));
    /// assert!(p.rendered.starts_with("a.pylos:5:5: "));
    /// ```
    pub fn problem(&self, file: &str, err: &Error) -> Problem {
        replay_problem(
            &mut Locator::new(&self.text),
            file,
            &self.text,
            self.lines_before,
            &self.record,
            self.from,
            err,
        )
    }
}

/// The records of an input one at a time, each read on its own: a record that cannot be
/// read is a [`Problem`] placed at its line and column in the whole input, and reading goes
/// on with the next one. Memory: one record at a time (a piece the cutter could not split
/// is read whole).
///
/// ```
/// use gamenote::check::ProblemKind;
/// use gamenote::{check::FileRecords, pylos::Pylos, stream::Limits};
/// let text = "[Game \"Pylos\"]\n1b2 1c3 *\n\n\
///             [Game \"Pylos\"]\n1b2 zz *\n\n\
///             [Game \"Pylos\"]\n1b2 *\n";
/// let limits = Limits::default();
/// let records: Vec<_> =
///     FileRecords::<Pylos, _>::new("a.pylos", text.as_bytes(), limits).collect();
/// assert_eq!(records.len(), 3);
/// let problem = records[1].as_ref().err().expect("zz is no move");
/// assert_eq!((problem.kind, problem.line, problem.column), (ProblemKind::Parse, 5, 5));
/// let third = records[2].as_ref().ok().expect("reading went on");
/// assert_eq!((third.index, third.lines_before), (3, 6));
/// assert_eq!(third.text.as_ref(), "[Game \"Pylos\"]\n1b2 *\n");
/// ```
pub struct FileRecords<G: Game, R> {
    file: String,
    pieces: RecordReader<R>,
    pending: VecDeque<Result<Located<G>, Problem>>,
    index: usize,
}

impl<G: Game, R: Read> FileRecords<G, R> {
    /// Reads `input`, naming it `file` in errors.
    ///
    /// ```
    /// use gamenote::{check::FileRecords, pylon::Pylon, stream::Limits};
    /// let text = "[Game \"Pylon\"]\n[Size \"3\"]\n\n1b2 1a1 *\n";
    /// let limits = Limits::default();
    /// let mut records = FileRecords::<Pylon, _>::new("a.pylon", text.as_bytes(), limits);
    /// let first = records.next().unwrap().expect("it reads");
    /// assert_eq!((first.index, first.record.tag("Size")), (1, Some("3")));
    /// assert!(records.next().is_none());
    /// // A record over the limits is a problem, not a record.
    /// let small = Limits::default().max_record_bytes(8);
    /// let mut records = FileRecords::<Pylon, _>::new("a.pylon", text.as_bytes(), small);
    /// assert!(records.next().unwrap().is_err());
    /// ```
    pub fn new(file: &str, input: R, limits: Limits) -> Self {
        FileRecords {
            file: file.to_string(),
            pieces: RecordReader::with_limits(input, limits),
            pending: VecDeque::new(),
            index: 0,
        }
    }
}

/// Reads the records of `G`: a record whose own `[Game]` tag names another game is a
/// problem at that tag ([`DefaultGame::Given`]). Junk between records comes out as a
/// problem whose [`Problem::junk`] is set, and takes no record number.
impl<G: Game, R: Read> Iterator for FileRecords<G, R> {
    type Item = Result<Located<G>, Problem>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(item) = self.pending.pop_front() {
                if let Ok(loc) = &item {
                    self.index = loc.index;
                }
                return Some(item);
            }
            let piece = self.pieces.next()?;
            let given = GameId::from_name(G::ID)
                .map_or(DefaultGame::Detected(GameId::Pylos), DefaultGame::Given);
            match piece_game(given, &self.file, &piece) {
                Ok(_) => {
                    let items = piece_records::<G>(&self.file, &piece, self.index + 1);
                    self.index += items
                        .iter()
                        .filter(|i| i.as_ref().is_err_and(|p| !p.junk))
                        .count();
                    self.pending = items.into();
                }
                Err(p) => {
                    self.index += 1;
                    return Some(Err(p));
                }
            }
        }
    }
}

/// The game of a piece of input (as [`RecordReader`] hands it out): its record's own
/// `[Game]` tag, else `default` ([`DefaultGame::of_record`]); a problem at the tag when the
/// default was given and the tag names another game.
///
/// ```
/// use gamenote::check::ProblemKind;
/// use gamenote::check::{piece_game, GameId};
/// use gamenote::any::DefaultGame;
/// use gamenote::stream::RecordReader;
/// let text = "[Game \"Pylos\"]\n1b2 *\n\n[Game \"GIPF\"]\n1.a1-b2 *\n";
/// let pieces: Vec<_> = RecordReader::new(text.as_bytes()).collect();
/// let detected = DefaultGame::Detected(GameId::Pylos);
/// assert_eq!(piece_game(detected, "f", &pieces[1]), Ok(GameId::Gipf));
/// let p = piece_game(DefaultGame::Given(GameId::Pylos), "f", &pieces[1]).unwrap_err();
/// assert_eq!((p.kind, p.line, p.column), (ProblemKind::Parse, 4, 8));
/// ```
pub fn piece_game(
    default: DefaultGame,
    file: &str,
    piece: &Result<RawRecord, BadRecord>,
) -> Result<GameId, Problem> {
    let (text, lines_before, _) = crate::stream::piece_parts(piece);
    default.of_record(text).map_err(|e| {
        let span = e.span.clone();
        problem_at_span(file, text, lines_before, &Error::Parse(e), span)
    })
}

/// The records and junk of one piece of input read as game `G`, in order: records as
/// [`Located`] numbered from `first`, records that cannot be read as problems (numbered
/// too), and junk as problems whose [`Problem::junk`] is set (not numbered; the message
/// names the record before it).
///
/// ```
/// use gamenote::{check::piece_records, pylos::Pylos, stream::RecordReader};
/// let text = "[Game \"Pylos\"]\n\n1b2 1c3 *\n\nstray line\n";
/// let piece = RecordReader::new(text.as_bytes()).next().unwrap();
/// let items = piece_records::<Pylos>("a.pylos", &piece, 7);
/// assert_eq!(items[0].as_ref().map(|l| (l.index, l.record.plies.len())).ok(), Some((7, 2)));
/// let junk = items[1].as_ref().err().expect("junk after record 7");
/// assert_eq!((junk.junk, junk.line, junk.column), (true, 5, 1));
/// assert!(junk.rendered.starts_with("a.pylos:5:1: junk after record 7: expected a tag pair"));
/// ```
pub fn piece_records<G: Game>(
    file: &str,
    piece: &Result<RawRecord, BadRecord>,
    first: usize,
) -> Vec<Result<Located<G>, Problem>> {
    use crate::grammar::Stepped;
    let (text, lines_before, stop) = crate::stream::piece_parts(piece);
    let shared: Rc<str> = Rc::from(text);
    let mut build = crate::record::RecordBuilder::<G>::default();
    let mut scratch = crate::grammar::Scratch::judged_by(crate::any::standard_judge());
    let mut walk = crate::grammar::Walk::new(1, 0);
    let mut out = Vec::new();
    let mut index = first - 1;
    let mut from = 0;
    while let Some(step) = walk.step::<G, _>(text, stop.as_ref(), &mut scratch, &mut build) {
        match step {
            Stepped::Record(Ok(record)) => {
                index += 1;
                let start = from;
                from = record
                    .result_span
                    .as_ref()
                    .map(|s| s.end)
                    .or_else(|| record.plies.last().map(|p| p.span.end))
                    .unwrap_or(from);
                out.push(Ok(Located {
                    record,
                    text: Rc::clone(&shared),
                    lines_before,
                    index,
                    from: start,
                }));
            }
            Stepped::Record(Err(e)) => {
                index += 1;
                let end = e.span.end;
                from = end;
                out.push(Err(problem_at(
                    file,
                    text,
                    lines_before,
                    &Error::Parse(e),
                    end,
                )));
            }
            Stepped::Junk(e) => {
                let end = e.span.end;
                from = end;
                let p = problem_at(file, text, lines_before, &Error::Parse(e), end);
                out.push(Err(junk_problem(file, p, index)));
            }
            Stepped::Bad(bad) => {
                index += 1;
                out.push(Err(bad_record_problem(file, &bad)));
            }
            Stepped::BadJunk(bad) => {
                out.push(Err(junk_problem(
                    file,
                    bad_record_problem(file, &bad),
                    index,
                )));
            }
        }
    }
    out
}

/// What one part of a piece of input is ([`piece_spans`]).
///
/// ```
/// use gamenote::check::{piece_spans, PartKind};
/// use gamenote::pylos::Pylos;
/// let parts = piece_spans::<Pylos>("1b2 1c3 *\n\nstray\n");
/// assert_eq!(parts[1].1, PartKind::Junk);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PartKind {
    /// A record that reads (it may still fail its replay).
    Record,
    /// Text read as a record that cannot be read: a numbered record with a parse error.
    Unreadable,
    /// Junk after a record: no record, not numbered ([`Problem::junk`]).
    Junk,
}

/// The parts of one piece of input's `text` (as [`RecordReader`] hands it out) read as game
/// `G`, in order, each with the byte range it covers. A part runs from the end of the part
/// before it (so a record's part starts with the blank lines and comments before it) to the
/// end of its record's result (or last move); the last part runs to the end of the text.
/// Text that cannot be read as a record, and junk after a record, are always last: they run
/// to the end of the piece, as the check reads them (the next record starts at the next tag
/// section, in the next piece). These are the parts the check reports on, one report each
/// and in the same order ([`PieceChecker::check`](crate::check::PieceChecker::check)): a program that keeps each record's own
/// text beside its report (the Python package) cuts the piece with them.
///
/// ```
/// use gamenote::check::{piece_spans, PartKind};
/// use gamenote::pylos::Pylos;
/// let text = "[Event \"a\"]\n\n1b2 1c3 *\n\nstray line\n\n1b2 *\n";
/// let parts = piece_spans::<Pylos>(text);
/// let kinds: Vec<PartKind> = parts.iter().map(|(_, k)| *k).collect();
/// assert_eq!(kinds, [PartKind::Record, PartKind::Junk]);
/// assert_eq!(&text[parts[0].0.clone()], "[Event \"a\"]\n\n1b2 1c3 *");
/// assert_eq!(&text[parts[1].0.clone()], "\n\nstray line\n\n1b2 *\n");
/// let bad = "1b2 zz 1c3 *\n";
/// assert_eq!(piece_spans::<Pylos>(bad), [(0..bad.len(), PartKind::Unreadable)]);
/// ```
pub fn piece_spans<G: Game>(text: &str) -> Vec<(Range<usize>, PartKind)> {
    spans_before_stop::<G>(text, None)
}

/// [`piece_spans`] of a piece as [`RecordReader`] hands it out, its stop included: the
/// parts of [`piece_text`]`(piece)`, which [`PieceChecker::check_piece`](crate::check::PieceChecker::check_piece)
/// reports on, one report each and in the same order. A piece that stops short (bad bytes,
/// the record-length limit, an I/O error) keeps a record complete before the stop as a
/// [`PartKind::Record`], and what follows it is one [`PartKind::Junk`] running to the end of
/// the text; with no record complete before the stop, the piece is one
/// [`PartKind::Unreadable`] part.
///
/// ```
/// use gamenote::check::{piece_spans_of, piece_text, PartKind};
/// use gamenote::pylos::Pylos;
/// use gamenote::stream::{Limits, RecordReader};
/// // A record, then junk that takes the piece past the limit (64 bytes here).
/// let input = format!("[Game \"Pylos\"]\n\n1b2 *\n{}\n", "x".repeat(100));
/// let limits = Limits::default().max_record_bytes(64);
/// let piece = RecordReader::with_limits(input.as_bytes(), limits).next().unwrap();
/// assert!(piece.is_err(), "the piece as a whole is too long");
/// let parts = piece_spans_of::<Pylos>(&piece);
/// let kinds: Vec<PartKind> = parts.iter().map(|(_, k)| *k).collect();
/// assert_eq!(kinds, [PartKind::Record, PartKind::Junk]);
/// assert_eq!(&piece_text(&piece)[parts[0].0.clone()], "[Game \"Pylos\"]\n\n1b2 *");
/// // A record itself past the limit is one unreadable part.
/// let long = format!("[Game \"Pylos\"]\n\n{{{}}} 1b2 *\n", "x".repeat(100));
/// let piece = RecordReader::with_limits(long.as_bytes(), limits).next().unwrap();
/// assert_eq!(piece_spans_of::<Pylos>(&piece), [(0..64, PartKind::Unreadable)]);
/// ```
pub fn piece_spans_of<G: Game>(
    piece: &Result<RawRecord, BadRecord>,
) -> Vec<(Range<usize>, PartKind)> {
    let (text, _, stop) = crate::stream::piece_parts(piece);
    spans_before_stop::<G>(text, stop.as_ref())
}

/// The readable text of a piece as [`RecordReader`] hands it out: a record's text, or, for
/// a piece that stops short, the text before the stop ([`BadRecord::partial`]; empty when
/// there is none). Lines and spans of [`piece_spans_of`] and of the reports of
/// [`PieceChecker::check_piece`](crate::check::PieceChecker::check_piece) count in it.
///
/// ```
/// use gamenote::check::piece_text;
/// use gamenote::stream::RecordReader;
/// let bytes = b"[Game \"Pylos\"]\n1b2 *\n\xff\n";
/// let piece = RecordReader::new(&bytes[..]).next().unwrap();
/// assert!(piece.is_err());
/// assert_eq!(piece_text(&piece), "[Game \"Pylos\"]\n1b2 *\n");
/// ```
pub fn piece_text(piece: &Result<RawRecord, BadRecord>) -> &str {
    crate::stream::piece_parts(piece).0
}

/// [`piece_spans`] of `text` read up to `stop`, as the walk of every reader reads it.
fn spans_before_stop<G: Game>(
    text: &str,
    stop: Option<&crate::stream::Stop>,
) -> Vec<(Range<usize>, PartKind)> {
    use crate::grammar::Stepped;
    let mut build = crate::record::RecordBuilder::<G>::default();
    let mut scratch = crate::grammar::Scratch::judged_by(crate::any::standard_judge());
    let mut walk = crate::grammar::Walk::new(1, 0);
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(step) = walk.step::<G, _>(text, stop, &mut scratch, &mut build) {
        let (end, kind) = match step {
            Stepped::Record(Ok(record)) => (
                record
                    .result_span
                    .as_ref()
                    .map(|s| s.end)
                    .or_else(|| record.plies.last().map(|p| p.span.end))
                    .unwrap_or(from),
                PartKind::Record,
            ),
            Stepped::Record(Err(e)) => (e.span.end, PartKind::Unreadable),
            Stepped::Junk(e) => (e.span.end, PartKind::Junk),
            Stepped::Bad(_) => (from, PartKind::Unreadable),
            Stepped::BadJunk(_) => (from, PartKind::Junk),
        };
        let end = end.clamp(from, text.len());
        out.push((from..end, kind));
        from = end;
    }
    if let Some((last, _)) = out.last_mut() {
        last.end = text.len();
    }
    out
}
