//! The one way every command reads its input: a file or standard input (`-`), its game
//! told from `--game`, the first record's `[Game]` tag or the file name, and its records cut
//! and checked (byte-order mark, NUL bytes, UTF-8, record length) by
//! [`RecordReader`](crate::stream::RecordReader).

use std::collections::VecDeque;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::rc::Rc;

use crate::error::Error;
use crate::game::Game;
use crate::games::GameId;
use crate::record::Record;
use crate::stream::{Limits, RecordReader};

use super::locate::Locator;
use super::{Problem, bad_record_problem, problem_at, replay_problem};

/// An input to read: standard input or an open file, buffered.
pub type Input = BufReader<Box<dyn Read + Send>>;

/// Why an input cannot be read at all (exit status 2 on the command line).
#[derive(Debug, thiserror::Error)]
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
pub fn size_error(id: GameId, overrides: &[(String, String)]) -> Result<(), InputError> {
    if !id.has_size() && overrides.iter().any(|(n, _)| n == "Size") {
        return Err(InputError::Usage(format!(
            "--size: {id} has no board sizes (only pylon has)"
        )));
    }
    Ok(())
}

/// The name a path is shown by: the path itself, with any bytes that are not UTF-8
/// replaced; `-` is standard input.
pub fn display_name(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

/// Opens `path` (`-` for standard input) for reading. A directory is refused here, not
/// at the first read.
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
pub struct FileRecords<G: Game, R> {
    file: String,
    pieces: RecordReader<R>,
    pending: VecDeque<Result<Record<G>, crate::ParseError>>,
    text: Rc<str>,
    lines_before: usize,
    index: usize,
    from: usize,
}

impl<G: Game, R: Read> FileRecords<G, R> {
    /// Reads `input`, naming it `file` in errors.
    pub fn new(file: &str, input: R, limits: Limits) -> Self {
        FileRecords {
            file: file.to_string(),
            pieces: RecordReader::with_limits(input, limits),
            pending: VecDeque::new(),
            text: Rc::from(""),
            lines_before: 0,
            index: 0,
            from: 0,
        }
    }
}

impl<G: Game, R: Read> Iterator for FileRecords<G, R> {
    type Item = Result<Located<G>, Problem>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(parsed) = self.pending.pop_front() {
                self.index += 1;
                return Some(match parsed {
                    Ok(record) => {
                        let from = self.from;
                        self.from = record
                            .result_span
                            .as_ref()
                            .map(|s| s.end)
                            .or_else(|| record.plies.last().map(|p| p.span.end))
                            .unwrap_or(from);
                        Ok(Located {
                            record,
                            text: Rc::clone(&self.text),
                            lines_before: self.lines_before,
                            index: self.index,
                            from,
                        })
                    }
                    Err(e) => {
                        let end = e.span.end;
                        self.from = end;
                        Err(problem_at(
                            &self.file,
                            &self.text,
                            self.lines_before,
                            &Error::Parse(e),
                            end,
                        ))
                    }
                });
            }
            match self.pieces.next()? {
                Ok(raw) => {
                    self.pending = Record::<G>::parse_all(&raw.text).into();
                    self.text = Rc::from(raw.text);
                    self.lines_before = raw.lines_before;
                    self.from = 0;
                }
                Err(bad) => {
                    self.index += 1;
                    return Some(Err(bad_record_problem(&self.file, &bad)));
                }
            }
        }
    }
}
