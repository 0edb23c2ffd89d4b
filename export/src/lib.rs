//! Game records as datasets: one row per record, and one row per ply, for pandas, DuckDB,
//! Polars, Spark or a training loop.
//!
//! The rows are made in the one pass that checks each record: `check`'s own checker hands
//! out every move it plays with the position before it
//! ([`gamenote::replay::Checker::play_in`]); the verdict of each row (its error's kind, line,
//! column and ply) is the one `gamenote check --json` gives for the same record. They are
//! written as Parquet files through the Apache Arrow crates ([`ParquetSink`], feature
//! `parquet`, on by default), as JSON lines ([`JsonlSink`], no Arrow needed), or handed out
//! as Arrow record batches ([`RecordsTable`], [`PliesTable`], feature `arrow`). The schema
//! is in `docs/export.md`.
//!
//! ```
//! use gamenote_export::{export_reader, ExportOptions, RecordRow, PlyRow, Sink, ExportError};
//! use gamenote::GameId;
//!
//! struct Collect(Vec<RecordRow>, usize);
//! impl Sink for Collect {
//!     fn record(&mut self, row: &RecordRow, plies: &[PlyRow]) -> Result<(), ExportError> {
//!         self.0.push(row.clone());
//!         self.1 += plies.len();
//!         Ok(())
//!     }
//! }
//! let text = "[Game \"Pylos\"]\n1b2 1c3 *\n\n[Game \"Pylos\"]\n1b2 1b2 *\n";
//! let mut opts = ExportOptions::default();
//! opts.plies = true;
//! let mut sink = Collect(Vec::new(), 0);
//! export_reader("a.pylos", GameId::Pylos, text.as_bytes(), &opts, &mut sink)?;
//! let rows = sink.0;
//! assert_eq!(rows[0].moves_canonical, ["1b2", "1c3"]);
//! assert_eq!((rows[1].ok, rows[1].plies), (false, 1));
//! let e = rows[1].error.as_ref().unwrap();
//! assert_eq!((e.kind, e.line, e.column, e.ply), ("illegal", 5, 5, Some(2)));
//! assert_eq!(sink.1, 3, "a ply row per move replayed");
//! # Ok::<(), ExportError>(())
//! ```

#![cfg_attr(docsrs, feature(doc_cfg))]

use std::fmt::Write as _;
use std::io::Read;
use std::path::{Path, PathBuf};

use gamenote::any::{DefaultGame, Family, KnownGame, PerGame, written_tags};
use gamenote::check::{InputError, PieceChecker, bad_record_problem, piece_game, piece_text};
use gamenote::game::{Game, GameResult, Mode, Notate};
use gamenote::replay::{Checker, Verdict};
use gamenote::stream::{BadRecord, Limits, RawRecord, RecordReader, Shard};
use gamenote::visit::Visitor;
use gamenote::{GameId, ParseError, Ply};

mod jsonl;
pub use jsonl::JsonlSink;

mod move_list;
pub use move_list::{Iter as MoveIter, MoveList};

#[cfg(feature = "arrow")]
mod table;
#[cfg(feature = "arrow")]
pub use table::{PliesTable, RecordsTable, plies_schema, records_schema};

#[cfg(feature = "parquet")]
mod parquet_sink;
#[cfg(feature = "parquet")]
mod spill;
#[cfg(feature = "parquet")]
pub use parquet_sink::{ParquetSink, writer_properties};

/// Why an export stopped: an output that cannot be written, or an encoding failure.
///
/// ```
/// use gamenote_export::ExportError;
/// let e = ExportError::Io(std::io::Error::other("disk full"));
/// assert_eq!(e.to_string(), "cannot write the output: disk full");
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ExportError {
    /// Writing the output failed.
    #[error("cannot write the output: {0}")]
    Io(#[from] std::io::Error),
    /// Arrow or Parquet refused a batch (a bug if it happens: the schema is fixed).
    #[error("cannot encode the table: {0}")]
    Encode(String),
    /// The input of [`export_shard`] cannot be read, or its game cannot be told.
    #[error("{0}")]
    Input(#[from] InputError),
    /// A temporary file of a spilling Parquet sink (`ParquetSink::with_spill`) cannot be
    /// made, written or read back.
    ///
    /// ```
    /// use gamenote_export::ExportError;
    /// let e = ExportError::Spill { dir: "/tmp".into(), source: std::io::Error::other("disk full") };
    /// assert_eq!(e.to_string(), "cannot use a temporary file in /tmp: disk full");
    /// ```
    #[error("cannot use a temporary file in {}: {source}", dir.display())]
    Spill {
        /// The system's temporary directory (`TMPDIR` on Unix).
        dir: std::path::PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
}

/// The error of a record that is not good, as `gamenote check --json` reports it.
///
/// ```
/// use gamenote_export::RowError;
/// let e = RowError { kind: "parse", line: 3, column: 7, ply: None, message: "expected a move".into() };
/// assert_eq!(e.kind, "parse");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowError {
    /// `parse`, `illegal` or `mismatch`.
    pub kind: &'static str,
    /// 1-based line in the file.
    pub line: u64,
    /// 1-based column in the file.
    pub column: u64,
    /// 1-based ply of the offending move, when there is one.
    pub ply: Option<u64>,
    /// The message in words.
    pub message: String,
}

impl RowError {
    fn from_problem(p: &gamenote::check::Problem) -> Self {
        RowError {
            kind: p.kind.as_str(),
            line: p.line as u64,
            column: p.column as u64,
            ply: p.ply.map(|n| n as u64),
            message: p.message.clone(),
        }
    }
}

/// One record as a row of the records table (see `docs/export.md`).
///
/// ```
/// use gamenote_export::RecordRow;
/// let row = RecordRow::default();
/// assert!(row.tags.is_empty() && row.error.is_none());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RecordRow {
    /// The file name as given (`-` for standard input).
    pub file: String,
    /// 1-based index of the record in its file, as `check` numbers it.
    pub record: u64,
    /// The game the record was read as (`pylos`, `gipf`, `threeman`, `pylon`).
    pub game: &'static str,
    /// The rules the record is played by (`[Rules]`, `[Variant]`, `[Size]` read together),
    /// or `None` when its set-up tags cannot be read.
    pub rules: Option<String>,
    /// The tags, the first of each name, in their order.
    pub tags: Vec<(String, String)>,
    /// The moves as written (all of them; empty when the record does not parse).
    pub moves: MoveList,
    /// The moves replayed legally, in the game's canonical style.
    pub moves_canonical: MoveList,
    /// Moves replayed legally (`check`'s `plies`).
    pub plies: u64,
    /// The result token written at the end of the movetext, if any.
    pub result: Option<String>,
    /// The rules' outcome where the replay stopped, if the game is over there.
    pub outcome: Option<String>,
    /// True when the record parses and replays without error.
    pub ok: bool,
    /// The first error, if any.
    pub error: Option<RowError>,
    /// Mismatches accepted by lenient reading.
    pub warnings: u64,
}

/// One move of a record as a row of the plies table (see `docs/export.md`). Its record is
/// the [`RecordRow`] it is handed with.
///
/// ```
/// use gamenote_export::PlyRow;
/// let row = PlyRow::default();
/// assert_eq!((row.ply, row.legal_moves), (0, 0));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlyRow {
    /// 1-based number of the move among those replayed.
    pub ply: u64,
    /// The seat to move before it (0 is the first player).
    pub seat: u32,
    /// The position string before the move, for games that have one.
    pub position: Option<String>,
    /// The move as written; `None` for a move the rules forced that the record left out
    /// (read leniently).
    pub move_written: Option<String>,
    /// The move in the game's canonical style.
    pub move_canonical: String,
    /// Legal moves in the position before the move.
    pub legal_moves: u64,
    /// The rules' outcome after the move, if it ends the game.
    pub outcome: Option<String>,
}

/// Where the rows go: each record with its plies (empty unless [`ExportOptions::plies`]).
///
/// ```
/// use gamenote_export::{ExportError, PlyRow, RecordRow, Sink};
/// struct Count(usize);
/// impl Sink for Count {
///     fn record(&mut self, _: &RecordRow, _: &[PlyRow]) -> Result<(), ExportError> {
///         self.0 += 1;
///         Ok(())
///     }
/// }
/// let mut c = Count(0);
/// c.record(&RecordRow::default(), &[])?;
/// assert_eq!(c.0, 1);
/// # Ok::<(), ExportError>(())
/// ```
pub trait Sink {
    /// Takes one record and its plies.
    fn record(&mut self, row: &RecordRow, plies: &[PlyRow]) -> Result<(), ExportError>;
}

/// How to read the records.
///
/// ```
/// use gamenote_export::ExportOptions;
/// let opts = ExportOptions::default();
/// assert!(!opts.plies && opts.game.is_none());
/// ```
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct ExportOptions {
    /// `--game`: the game of records without a `[Game]` tag naming one (else the file's,
    /// told by its first record or its extension).
    pub game: Option<GameId>,
    /// Tags given on the command line (`--rules` as `Rules`, `--size` as `Size`).
    pub overrides: Vec<(String, String)>,
    /// Strict or lenient reading.
    pub mode: Mode,
    /// Make the plies rows too.
    pub plies: bool,
    /// Limits on one record.
    pub limits: Limits,
}

/// What an export saw.
///
/// ```
/// use gamenote_export::Counts;
/// assert_eq!(
///     Counts::default(),
///     Counts { records: 0, ok: 0, plies: 0, unreadable: 0, junk: 0 }
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts {
    /// Records (rows of the records table).
    pub records: u64,
    /// Records that parse and replay without error.
    pub ok: u64,
    /// Rows of the plies table.
    pub plies: u64,
    /// Inputs that could not be read or whose game could not be told.
    pub unreadable: u64,
    /// Pieces of junk between records (text that is no record, as `gamenote check` counts
    /// them): no row of their own.
    pub junk: u64,
}

/// The game a record is read as: its own `[Game]` tag when it names a known game, else
/// `default` (`--game`, or the file's game).
///
/// ```
/// use gamenote::GameId;
/// use gamenote_export::record_game;
/// assert_eq!(record_game("[Game \"GIPF\"]\n1. *", GameId::Pylos), GameId::Gipf);
/// assert_eq!(record_game("1b2 *", GameId::Pylos), GameId::Pylos);
/// ```
pub fn record_game(text: &str, default: GameId) -> GameId {
    GameId::from_tags(text).unwrap_or(default)
}

/// The name of the plies table beside the records table `out`: `.plies` before the
/// extension (`out.parquet` → `out.plies.parquet`), or after the name when it has none.
///
/// ```
/// use gamenote_export::plies_path;
/// use std::path::Path;
/// assert_eq!(plies_path(Path::new("data/out.parquet")), Path::new("data/out.plies.parquet"));
/// assert_eq!(plies_path(Path::new("out.jsonl")), Path::new("out.plies.jsonl"));
/// assert_eq!(plies_path(Path::new("out")), Path::new("out.plies"));
/// ```
pub fn plies_path(out: &Path) -> PathBuf {
    let stem = out.file_stem().map(|s| s.to_string_lossy().into_owned());
    let name = match (stem, out.extension()) {
        (Some(stem), Some(ext)) => format!("{stem}.plies.{}", ext.to_string_lossy()),
        (Some(stem), None) => format!("{stem}.plies"),
        (None, _) => "plies".to_string(),
    };
    out.with_file_name(name)
}

/// Exports every record of every file (`-` is standard input) to `sink`, in input order.
/// A file that cannot be read, or whose game cannot be told, is handed to `unreadable` and
/// counted; the others are still exported.
///
/// ```
/// use gamenote_export::{export_files, ExportOptions, JsonlSink};
/// let dir = std::env::temp_dir().join(format!("gamenote-export-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let path = dir.join("a.pylos");
/// std::fs::write(&path, "1b2 1c3 *\n")?;
/// let mut out = Vec::new();
/// let mut sink = JsonlSink::new(&mut out, None::<Vec<u8>>);
/// let counts = export_files(&[path], &ExportOptions::default(), &mut sink, |_| {})?;
/// drop(sink);
/// assert_eq!((counts.records, counts.ok), (1, 1));
/// assert!(String::from_utf8_lossy(&out).contains(r#""moves_canonical":["1b2","1c3"]"#));
/// std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn export_files(
    files: &[PathBuf],
    opts: &ExportOptions,
    sink: &mut dyn Sink,
    mut unreadable: impl FnMut(&InputError),
) -> Result<Counts, ExportError> {
    let mut counts = Counts::default();
    for path in files {
        let name = path.to_string_lossy().into_owned();
        let opened = gamenote::check::open_input(path).and_then(|mut input| {
            let id = gamenote::check::game_of_input(opts.game, &name, &mut input)?;
            // `--rules` and `--size` checked against the input's game before any record is
            // read, as `check` does: a value the game cannot read is a usage error.
            gamenote::check::overrides_error(id, &opts.overrides)
                .map_err(|e| InputError::Usage(format!("{name}: {e}")))?;
            Ok((id, input))
        });
        match opened {
            Ok((id, input)) => {
                let c = export_reader(&name, id, input, opts, sink)?;
                counts.records += c.records;
                counts.ok += c.ok;
                counts.plies += c.plies;
                counts.junk += c.junk;
            }
            Err(e) => {
                counts.unreadable += 1;
                unreadable(&e);
            }
        }
    }
    Ok(counts)
}

/// Exports every record of `input`, named `file` in the rows, each read as its own
/// `[Game]` tag says, else as `default` ([`record_game`]), as `check` reads it: with
/// `opts.game` set, a record tagged with another game is a row with a parse error at the
/// tag's value, and so is one whose `[Game]` tags (or `[Rules]`, `[Size]`, `[Style]`
/// values) say two things; `opts.overrides` replace the tags of records of `default` only.
/// Memory: one record at a time.
///
/// ```
/// use gamenote::GameId;
/// use gamenote_export::{export_reader, ExportOptions, JsonlSink};
/// let mut out = Vec::new();
/// let mut sink = JsonlSink::new(&mut out, None::<Vec<u8>>);
/// let text = "1b2 zz *\n";
/// let counts = export_reader("x.pylos", GameId::Pylos, text.as_bytes(), &ExportOptions::default(), &mut sink)?;
/// drop(sink);
/// assert_eq!((counts.records, counts.ok), (1, 0));
/// assert!(String::from_utf8_lossy(&out).contains(r#""error_kind":"parse","error_line":1,"error_column":5"#));
/// # Ok::<(), gamenote_export::ExportError>(())
/// ```
pub fn export_reader<R: Read>(
    file: &str,
    default: GameId,
    input: R,
    opts: &ExportOptions,
    sink: &mut dyn Sink,
) -> Result<Counts, ExportError> {
    let pieces = RecordReader::with_limits(input, opts.limits);
    export_pieces(file, default, pieces, 0, opts, sink)
}

/// Exports the records of one shard of the file `path` ([`gamenote::stream::shards`]) as
/// [`export_files`] exports them in the whole file: the same rows, with the file's name,
/// lines and columns in the file, each record's game its own or else the file's (told by
/// `opts.game` or the file's first record), and records numbered from `records_before + 1`
/// (`records_before`: the records of the shards before, e.g. counted by
/// `gamenote::check::check_shard` with `syntax_only`). What a worker of another process or
/// machine runs on its shard (the Python package's `gamenote.dask.export_archive`).
///
/// ```
/// use gamenote::stream::shards;
/// use gamenote_export::{export_files, export_shard, ExportOptions, JsonlSink};
/// let path = std::env::temp_dir().join(format!("gamenote-export-shard-{}.pylos", std::process::id()));
/// std::fs::write(&path, "[Game \"Pylos\"]\n1b2 1c3 *\n\n[Game \"Pylos\"]\n1b2 1b2 *\n\n".repeat(50))?;
/// let opts = ExportOptions::default();
/// let mut whole = Vec::new();
/// export_files(&[path.clone()], &opts, &mut JsonlSink::new(&mut whole, None::<Vec<u8>>), |_| {})?;
/// let (mut pieces, mut before) = (Vec::new(), 0);
/// for shard in shards(&mut std::fs::File::open(&path)?, 3)? {
///     let mut sink = JsonlSink::new(&mut pieces, None::<Vec<u8>>);
///     before += export_shard(&path, shard, before, &opts, &mut sink)?.records;
/// }
/// std::fs::remove_file(&path)?;
/// assert_eq!(before, 100);
/// assert_eq!(pieces, whole, "the shards' rows are the whole file's");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn export_shard(
    path: &Path,
    shard: Shard,
    records_before: u64,
    opts: &ExportOptions,
    sink: &mut dyn Sink,
) -> Result<Counts, ExportError> {
    let name = path.to_string_lossy().into_owned();
    let mut input = gamenote::check::open_input(path)?;
    let default = gamenote::check::game_of_input(opts.game, &name, &mut input)?;
    gamenote::check::overrides_error(default, &opts.overrides)
        .map_err(|e| InputError::Usage(format!("{name}: {e}")))?;
    drop(input);
    let unreadable = |e: std::io::Error| InputError::Unreadable {
        file: name.clone(),
        reason: e.to_string(),
    };
    let file = std::fs::File::open(path).map_err(unreadable)?;
    let pieces = shard.record_reader(file, opts.limits).map_err(unreadable)?;
    export_pieces(&name, default, pieces, records_before, opts, sink)
}

/// Exports the pieces of `pieces`, numbering records from `records_before + 1`.
fn export_pieces<R: Read>(
    file: &str,
    default: GameId,
    pieces: RecordReader<R>,
    records_before: u64,
    opts: &ExportOptions,
    sink: &mut dyn Sink,
) -> Result<Counts, ExportError> {
    // As `check` reads records: with `--game` a record tagged with another game is an
    // error, else its own tag wins; two `[Game]` tags naming two games (or two `[Rules]`,
    // `[Size]`, `[Style]` values) are an error at the second (`DefaultGame::of_record`).
    let reading = match opts.game {
        Some(_) => DefaultGame::Given(default),
        None => DefaultGame::Detected(default),
    };
    let mut st = State {
        file,
        default,
        opts,
        index: records_before,
        counts: Counts::default(),
        pieces: Default::default(),
        verdicts: Vec::new(),
    };
    for piece in pieces {
        // The game is read off the tags once, by `check`'s own reading: a record whose game
        // tags say two things (or name another game than `--game`) is a row with that
        // error, as `check` reports it, like a record the reader could not cut.
        // Such a row keeps the tags the record wrote, read as no game reads them.
        // A piece that stops short (bad bytes, past the record limit) keeps a record
        // complete before the stop, as `check` reads it (`PieceChecker::check_piece`).
        let (problem, tags) = match &piece {
            Err(bad) if bad.partial.is_none() => (bad_record_problem(file, bad), Vec::new()),
            _ => match piece_game(reading, file, &piece) {
                Ok(id) => {
                    gamenote::with_game!(id, G => export_piece::<G>(&mut st, id, &piece, sink)?);
                    continue;
                }
                Err(p) => {
                    let mut tags = Vec::new();
                    first_tags(&written_tags(piece_text(&piece)), &mut tags);
                    (p, tags)
                }
            },
        };
        st.index += 1;
        // The game the record's first `[Game]` tag names, when it names one (the record
        // says what it is, even where its tags then disagree), else the input's.
        let game = tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case("Game"))
            .and_then(|(_, v)| GameId::from_name(v))
            .unwrap_or(default);
        let row = RecordRow {
            file: file.to_string(),
            record: st.index,
            game: game.name(),
            tags,
            error: Some(RowError::from_problem(&problem)),
            ..RecordRow::default()
        };
        st.counts.records += 1;
        sink.record(&row, &[])?;
    }
    Ok(st.counts)
}

/// What one input's export carries from piece to piece.
struct State<'a> {
    file: &'a str,
    /// The input's game (`--game`, else told from the input): `--rules` and `--size` are
    /// for records of it only, as in `check`.
    default: GameId,
    opts: &'a ExportOptions,
    index: u64,
    counts: Counts,
    /// A `PieceChecker<G, Both<G>>` per game, made when a record of it first comes.
    pieces: PerGame<BothSlots>,
    /// The verdicts of the piece being exported.
    verdicts: Vec<Checked>,
}

/// Sets `slot` to a copy of `text`, in the room it has.
fn set(slot: &mut String, text: &str) {
    slot.clear();
    slot.push_str(text);
}

/// One record's rows as the check builds them, reused from record to record (their strings
/// keep their room).
#[derive(Default)]
struct Rows {
    row: RecordRow,
    /// The plies rows; the first `plies_len` are this record's.
    plies: Vec<PlyRow>,
    plies_len: usize,
    /// The tags as read (the first `tags_len`), before the overrides.
    tags: Vec<(String, String)>,
    tags_len: usize,
    /// The written ply of the last move played (a second move for the same one: the first
    /// was forced).
    last_n: usize,
    /// `Some(k)`: the canonical moves are the first `k` written ones, not yet copied into
    /// `row.moves_canonical` (empty meanwhile): a record written canonically, nearly all, has
    /// its canonical list copied once at its end ([`Rows::canonical_now`]) instead of move by
    /// move. `None`: `row.moves_canonical` holds them.
    canonical_as_written: Option<usize>,
    /// A result was read (`row.result` keeps its room from record to record otherwise).
    has_result: bool,
    parsed: bool,
}

impl Rows {
    /// Copies the canonical moves still kept as a count of written ones into
    /// `row.moves_canonical`.
    fn canonical_now(&mut self) {
        if let Some(k) = self.canonical_as_written.take() {
            self.row.moves_canonical.set_prefix_of(&self.row.moves, k);
        }
    }

    /// Adds the canonical form `notation` of the `n`th move, written `written` (its entry in
    /// the table of written moves `at`), to the canonical list; true when the move before
    /// was forced (played for this same written move).
    #[inline(always)]
    fn canonical_move<N: Counted>(
        &mut self,
        n: usize,
        written: &N,
        notation: &N,
        table: &mut Written<N>,
        at: Option<usize>,
    ) -> bool {
        self.push_canonical(n, *written == *notation, notation, table, at)
    }

    /// [`Rows::canonical_move`] for a game that answers
    /// [`Hooks::notate_played_unless`](gamenote::game::Hooks::notate_played_unless): the
    /// canonical form is `canonical`, or `written` itself when `None`.
    #[inline(always)]
    fn canonical_move_unless<N: Counted>(
        &mut self,
        n: usize,
        written: &N,
        canonical: Option<&N>,
        table: &mut Written<N>,
        at: Option<usize>,
    ) -> bool {
        self.push_canonical(
            n,
            canonical.is_none(),
            canonical.unwrap_or(written),
            table,
            at,
        )
    }

    /// What both of the above do once they know whether the `n`th move's canonical form
    /// `notation` is the move as written (`same`).
    #[inline(always)]
    fn push_canonical<N: Counted>(
        &mut self,
        n: usize,
        same: bool,
        notation: &N,
        table: &mut Written<N>,
        at: Option<usize>,
    ) -> bool {
        let forced_before = n == self.last_n;
        let as_written = same && !forced_before;
        // A move written canonically is not printed again (nor copied: while every move
        // is, the canonical list is a count of written ones), nor one whose canonical form
        // was printed after the same text before.
        match self.canonical_as_written {
            Some(k) if as_written && k + 1 == n => self.canonical_as_written = Some(n),
            _ => {
                self.canonical_now();
                let moves = &self.row.moves;
                self.row.moves_canonical.push_with(|text| {
                    if as_written {
                        text.push_str(moves.get(n - 1).unwrap_or_default());
                    } else {
                        table.canonical(at, notation, text);
                    }
                });
            }
        }
        forced_before
    }

    fn clear(&mut self) {
        self.plies_len = 0;
        self.tags_len = 0;
        self.row.moves.clear();
        self.row.moves_canonical.clear();
        self.last_n = 0;
        self.canonical_as_written = Some(0);
        // `result` and `outcome` keep their strings: set (or emptied) at the record's end.
        self.has_result = false;
    }
}

/// The visitor of one piece: `check`'s own [`Checker`] (so each row's verdict is the one
/// `check` gives), which hands out each move it plays with the position before it
/// ([`Checker::play_in`]): the rows are made in that one pass, the record is never replayed.
struct Both<G: Game> {
    checker: Checker<G>,
    /// Make the plies rows too.
    want_plies: bool,
    /// The record being read.
    cur: Rows,
    /// Records read from the piece, in order.
    done: Vec<Rows>,
    /// Records already exported, whose room is reused.
    spare: Vec<Rows>,
    /// The text of the piece being checked (the moves' spans point into it).
    text: String,
    /// Moves already printed, by their text in the record ([`Written`]).
    written: Written<G::Notation>,
    /// Results as written, each printed once ([`result_text`]).
    results: Vec<(GameResult, String)>,
    game: std::marker::PhantomData<fn() -> G>,
}

/// Moves as written, printed once: the text of a move in the record (its span) finds the
/// notation read from that text last time and its `Display`. A move whose notation equals
/// it is written the same (`Display` depends on the notation alone), so it is copied
/// instead of printed again: printing every move cost more than checking it. The text is
/// only the key that chooses the slot, and only the notation is compared (not the text: it
/// would add nothing), so the rows are what printing gives whatever the text. The entry keeps the move's canonical notation last met after
/// that text too, and its printing ([`Written::canonical`]): a record not written in the
/// canonical style (GIPF's reserve counts) has its canonical moves copied as well.
struct Written<N> {
    /// Open addressing, a power of two of slots: [`WRITTEN_MIN_SLOTS`] at first, twice as
    /// many (the moves kept moved over) each time the misses reach a quarter of the slots,
    /// up to [`WRITTEN_MAX_SLOTS`].
    slots: Vec<Option<Entry<N>>>,
    /// Moves not found since the table last grew.
    misses: usize,
}

/// A move of [`Written`]: the hash of its text in the record, its notation and printing, and the
/// canonical notation last played for it with its printing.
struct Entry<N> {
    /// The hash of its text in the record ([`written_hash`]), to find its slot when the
    /// table grows (the text itself is not kept: a string a move less to allocate).
    hash: usize,
    notation: N,
    printed: String,
    canonical: Option<(N, String)>,
}

/// Slots of [`Written`] at first (a power of two); a clash replaces the older move. A small
/// file pays for a small table: the slots are made when the first move comes.
const WRITTEN_MIN_SLOTS: usize = 1 << 10;

/// Slots of [`Written`] at most: 16,384, for the few thousand different moves of 2,000
/// Pylos or GIPF games (4,096 slots missed a move in five on Pylos, clashes mostly).
const WRITTEN_MAX_SLOTS: usize = 1 << 14;

/// A hash of a move's text, for [`Written`]: the keys are a few bytes long, so they are
/// read a word at a time (two words that overlap cover a key of 4 to 16 bytes; a longer one
/// adds its other words), not a byte at a time (FNV-1a cost 20 instructions a move).
#[inline]
fn written_hash(key: &str) -> usize {
    let b = key.as_bytes();
    let n = b.len();
    let word = |w: Option<&[u8; 8]>| w.map_or(0, |w| u64::from_le_bytes(*w));
    let half = |w: Option<&[u8; 4]>| w.map_or(0, |w| u64::from(u32::from_le_bytes(*w)));
    let (mut x, y) = if n >= 8 {
        (word(b.first_chunk()), word(b.last_chunk()))
    } else if n >= 4 {
        (half(b.first_chunk()), half(b.last_chunk()))
    } else if let (Some(&first), Some(&last)) = (b.first(), b.last()) {
        let mid = b.get(n / 2).copied().unwrap_or_default();
        (
            u64::from(first) | u64::from(mid) << 8 | u64::from(last) << 16,
            0,
        )
    } else {
        (0, 0)
    };
    if n > 16 {
        for w in b[8..].chunks_exact(8) {
            x = (x ^ word(w.first_chunk())).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    // MurmurHash3's finalizer: every bit of the words reaches the slot's (low) bits.
    let mut h = x ^ y.rotate_left(29) ^ (n as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    h = (h ^ (h >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
    h = (h ^ (h >> 33)).wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    (h ^ (h >> 33)) as usize
}

/// The longest written move [`Written`] keeps, in bytes.
const WRITTEN_MAX_KEY: usize = 64;

/// What [`Written`] needs of a game's notation besides equality and printing: a count that
/// `Display` writes last, as ` (n)`, and that is kept out of the table (GIPF's reserve count,
/// which changes every move: with it in the key and the compare, half the moves missed).
/// The table keeps a move's printing without its count, compares notations but for it,
/// and writes the count after the kept text, so the output is what `Display` gives.
trait Counted: PartialEq + Clone + std::fmt::Display {
    /// The count `Display` writes last as ` (n)`, if any.
    fn count(&self) -> Option<u16> {
        None
    }
    /// Equal but for the count.
    fn eq_uncounted(&self, other: &Self) -> bool {
        self == other
    }
    /// The move's text in the record without its count: what chooses the slot.
    fn key(text: &str) -> &str {
        text
    }
    /// Appends the notation as `Display` writes it (a game's own printer, where it has one).
    fn print(&self, out: &mut String) {
        let _ = write!(out, "{self}");
    }
    /// The game answers [`Hooks::notate_played_unless`](gamenote::game::Hooks::notate_played_unless)
    /// without building the notation (GIPF, Pylon): the export asks it. For the others the
    /// export builds the notation with `notate_played` and compares it itself, as the hook's
    /// default would (asked through the hook, three-man chess's export cost 80 instructions
    /// a move more, the code around the call compiled differently).
    const ANSWERS_UNLESS: bool = false;
}

impl Counted for gamenote::pylos::Notation {
    #[inline]
    fn print(&self, out: &mut String) {
        self.write_to(out);
    }
}
impl Counted for gamenote::threeman::Notation {}
impl Counted for gamenote::pylon::Notation {
    const ANSWERS_UNLESS: bool = true;
    #[inline]
    fn print(&self, out: &mut String) {
        self.write_to(out);
    }
}
impl Counted for gamenote::gipf::Notation {
    const ANSWERS_UNLESS: bool = true;
    #[inline]
    fn print(&self, out: &mut String) {
        self.write_to(out);
    }
    #[inline]
    fn count(&self) -> Option<u16> {
        self.reserve
    }
    #[inline]
    fn eq_uncounted(&self, other: &Self) -> bool {
        self.push == other.push && self.pre == other.pre && self.post == other.post
    }
    /// `e2 (12)` is keyed `e2`: a trailing `(digits)` and the blanks before it go (one scan
    /// back over the bytes).
    #[inline]
    fn key(text: &str) -> &str {
        let b = text.as_bytes();
        let Some((&b')', rest)) = b.split_last() else {
            return text;
        };
        let mut i = rest.len();
        while i > 0 && rest[i - 1].is_ascii_digit() {
            i -= 1;
        }
        if i == rest.len() || i == 0 || rest[i - 1] != b'(' {
            return text;
        }
        let mut j = i - 1;
        while j > 0 && rest[j - 1].is_ascii_whitespace() {
            j -= 1;
        }
        // `j` follows an ASCII byte or is 0: a char boundary.
        text.get(..j).unwrap_or(text)
    }
}

/// Writes ` (n)` (a count as [`Counted`] prints it) to `out`.
#[inline(always)]
fn push_count(out: &mut String, n: u16) {
    // A count below 100 (every GIPF reserve count) is one slice of [`SMALL_COUNTS`]: one
    // append, where three and `itoa` cost ~60 instructions a move.
    let n = usize::from(n);
    let at = if n < 10 {
        Some((4 * n, 4 * n + 4))
    } else if n < 100 {
        Some((40 + 5 * (n - 10), 45 + 5 * (n - 10)))
    } else {
        None
    };
    if let Some(s) = at.and_then(|(a, b)| SMALL_COUNTS.get(a..b)) {
        out.push_str(s);
        return;
    }
    out.push_str(" (");
    out.push_str(itoa::Buffer::new().format(n));
    out.push(')');
}

/// ` (0)` to ` (99)` one after the other, for [`push_count`].
const SMALL_COUNTS: &str = concat!(
    " (0) (1) (2) (3) (4) (5) (6) (7) (8) (9) (10) (11) (12) (13)",
    " (14) (15) (16) (17) (18) (19) (20) (21) (22) (23) (24) (25)",
    " (26) (27) (28) (29) (30) (31) (32) (33) (34) (35) (36) (37)",
    " (38) (39) (40) (41) (42) (43) (44) (45) (46) (47) (48) (49)",
    " (50) (51) (52) (53) (54) (55) (56) (57) (58) (59) (60) (61)",
    " (62) (63) (64) (65) (66) (67) (68) (69) (70) (71) (72) (73)",
    " (74) (75) (76) (77) (78) (79) (80) (81) (82) (83) (84) (85)",
    " (86) (87) (88) (89) (90) (91) (92) (93) (94) (95) (96) (97)",
    " (98) (99)",
);

/// Prints `n` to `out` and returns where its printing without the count ends (`out`'s
/// length when it has none), or `None` when the printing does not end with the count as
/// [`push_count`] writes it (then it is not kept).
fn print_counted<N: Counted>(n: &N, out: &mut String) -> Option<usize> {
    n.print(out);
    let Some(c) = n.count() else {
        return Some(out.len());
    };
    // The tail ` (n)` stripped off as `push_count` writes it (no `String` for it).
    let mut digits = itoa::Buffer::new();
    let body = out
        .strip_suffix(')')?
        .strip_suffix(digits.format(c))?
        .strip_suffix(" (")?;
    Some(body.len())
}

impl<N: Counted> Written<N> {
    fn new() -> Self {
        Written {
            slots: Vec::new(),
            misses: 0,
        }
    }

    /// Appends `n` as written to `out`, `key` its text in the record (if known). Returns the
    /// slot that now holds `n` (for [`Written::canonical`]), if any. Inlined into its one
    /// caller: the call's own cost was ~20 instructions a move.
    #[inline(always)]
    fn write(&mut self, key: Option<&str>, n: &N, out: &mut String) -> Option<usize> {
        let start = out.len();
        // Only short moves are kept: a long one (a 16 MB GIPF half-move) is rarely met
        // twice, and keeping its text, notation and printed form would triple its memory.
        let Some(key) = key.filter(|k| k.len() <= WRITTEN_MAX_KEY) else {
            n.print(out);
            return None;
        };
        let key = N::key(key);
        if self.slots.is_empty() {
            self.grow();
        }
        let hash = written_hash(key);
        let h = hash & (self.slots.len() - 1);
        // The notation alone decides a hit: equal notations print the same, whatever text
        // they were read from (so the key's bytes need not be compared; it chose the slot).
        // The count is printed after the kept text. Two slots a key, side by side: a key
        // whose first slot another holds still finds its own (a clash replaced the older
        // move, and cost a printing, on one move in twenty on Pylos).
        for i in [h, h ^ 1] {
            // The hash first: a move in its second slot is not compared with the first.
            if let Some(e) = self.slots[i].as_ref()
                && e.hash == hash
                && e.notation.eq_uncounted(n)
            {
                out.push_str(&e.printed);
                if let Some(c) = n.count() {
                    push_count(out, c);
                }
                return Some(i);
            }
        }
        self.misses += 1;
        // Grown on a miss (not tested on every move): when the misses reach a quarter of
        // the slots.
        let len = self.slots.len();
        if self.misses > len / 4 && len < WRITTEN_MAX_SLOTS {
            self.grow();
        }
        let i = self.free_slot(hash);
        let slot = &mut self.slots[i];
        let end = print_counted(n, out)?;
        let printed = out.get(start..end).unwrap_or_default();
        match slot {
            Some(e) => {
                e.hash = hash;
                e.notation.clone_from(n);
                set(&mut e.printed, printed);
                e.canonical = None;
            }
            None => {
                *slot = Some(Entry {
                    hash,
                    notation: n.clone(),
                    printed: printed.to_string(),
                    canonical: None,
                })
            }
        }
        Some(i)
    }

    /// Twice the slots (or the first ones), the moves kept moved to their new slots (a clash
    /// keeps one).
    fn grow(&mut self) {
        let len = (self.slots.len() * 2).max(WRITTEN_MIN_SLOTS);
        let mut slots = Vec::with_capacity(len);
        slots.resize_with(len, || None);
        let old = std::mem::replace(&mut self.slots, slots);
        for e in old.into_iter().flatten() {
            let i = self.free_slot(e.hash);
            self.slots[i] = Some(e);
        }
        self.misses = 0;
    }

    /// The slot for a new move of hash `hash`: the first of its two that is empty, or
    /// holds a move of the same text; else the second (the first keeps its move).
    fn free_slot(&self, hash: usize) -> usize {
        let h = hash & (self.slots.len() - 1);
        match &self.slots[h] {
            None => h,
            Some(e) if e.hash == hash => h,
            Some(_) => h ^ 1,
        }
    }

    /// Appends the canonical notation `n` printed to `out`, copied when the entry `at` (from
    /// [`Written::write`]) last printed the same notation, else printed and kept there.
    fn canonical(&mut self, at: Option<usize>, n: &N, out: &mut String) {
        let start = out.len();
        let Some(Some(e)) = at.map(|i| &mut self.slots[i]) else {
            n.print(out);
            return;
        };
        match &mut e.canonical {
            Some((m, printed)) if m.eq_uncounted(n) => {
                out.push_str(printed);
                if let Some(c) = n.count() {
                    push_count(out, c);
                }
            }
            Some((m, printed)) => {
                if let Some(end) = print_counted(n, out) {
                    m.clone_from(n);
                    set(printed, out.get(start..end).unwrap_or_default());
                } else {
                    e.canonical = None;
                }
            }
            None => {
                if let Some(end) = print_counted(n, out) {
                    let printed = out.get(start..end).unwrap_or_default().to_string();
                    e.canonical = Some((n.clone(), printed));
                }
            }
        }
    }
}

impl<G: Game> AsRef<Checker<G>> for Both<G>
where
    G::Notation: Counted,
{
    fn as_ref(&self) -> &Checker<G> {
        &self.checker
    }
}

impl<G: Game> Visitor<G> for Both<G>
where
    G::Notation: Counted,
{
    type Output = Verdict;
    fn keeps_ply_comments(&self) -> bool {
        false
    }
    fn begin_record(&mut self) {
        self.checker.begin_record();
        self.cur.clear();
    }
    fn tag(&mut self, name: &str, value: &str) {
        self.checker.tag(name, value);
        let cur = &mut self.cur;
        if cur.tags_len == cur.tags.len() {
            cur.tags.push((String::new(), String::new()));
        }
        let t = &mut cur.tags[cur.tags_len];
        set(&mut t.0, name);
        set(&mut t.1, value);
        cur.tags_len += 1;
    }
    fn comment(&mut self, text: &str) {
        self.checker.comment(text);
    }
    fn ply(&mut self, ply: Ply<G::Notation>) {
        self.ply_in(&mut Some(ply));
    }
    fn ply_in(&mut self, slot_in: &mut Option<Ply<G::Notation>>) {
        let Some(p) = slot_in.as_ref() else {
            return;
        };
        let cur = &mut self.cur;
        let key = self.text.get(p.span.clone()).filter(|k| !k.is_empty());
        let written_moves = &mut cur.row.moves;
        let table = &mut self.written;
        let at = written_moves.push_with(|out| table.write(key, &p.notation, out));
        let want_plies = self.want_plies;
        let results = &mut self.results;
        let style = <G as Notate>::Style::default();
        if !want_plies && !G::notate_needs_before(style) {
            // Nothing reads the position before a move: it is not copied.
            self.checker.play_in_after(p, |n, m, after| {
                if <G::Notation as Counted>::ANSWERS_UNLESS {
                    let c = G::notate_played_unless(after, m, after, style, &p.notation);
                    cur.canonical_move_unless(n, &p.notation, c.as_ref(), table, at);
                } else {
                    let notation = G::notate_played(after, m, after, style);
                    cur.canonical_move(n, &p.notation, &notation, table, at);
                }
                cur.last_n = n;
            });
            return;
        }
        self.checker.play_in(p, |n, before, m, after| {
            // Read off before and after where the game can (Pylon's covering pieces).
            // `None`: the move as written is canonical (most moves), and no notation is built.
            let forced_before = if <G::Notation as Counted>::ANSWERS_UNLESS {
                let c = G::notate_played_unless(before, m, after, style, &p.notation);
                cur.canonical_move_unless(n, &p.notation, c.as_ref(), table, at)
            } else {
                let notation = G::notate_played(before, m, after, style);
                cur.canonical_move(n, &p.notation, &notation, table, at)
            };
            let moves = &cur.row.moves;
            if want_plies {
                if forced_before && let Some(prev) = cur.plies[..cur.plies_len].last_mut() {
                    prev.move_written = None;
                }
                if cur.plies_len == cur.plies.len() {
                    cur.plies.push(PlyRow::default());
                }
                let row = &mut cur.plies[cur.plies_len];
                let written = moves.get(n - 1).unwrap_or_default();
                let (text, canonical_len) = match cur.canonical_as_written {
                    Some(k) => (moves.get(k.wrapping_sub(1)), k),
                    None => (
                        cur.row.moves_canonical.last(),
                        cur.row.moves_canonical.len(),
                    ),
                };
                let text = text.unwrap_or_default();
                cur.plies_len += 1;
                row.ply = canonical_len as u64;
                row.seat = G::to_move(before) as u32;
                // Written into the row's kept buffer: no allocation per ply.
                let mut buf = row.position.take().unwrap_or_default();
                buf.clear();
                row.position = G::write_position_string(before, &mut buf).then_some(buf);
                match &mut row.move_written {
                    Some(s) => set(s, written),
                    None => row.move_written = Some(written.to_string()),
                }
                set(&mut row.move_canonical, text);
                row.legal_moves = G::count_legal(before);
                put(
                    &mut row.outcome,
                    outcome_text::<G>(results, G::outcome(after)),
                );
            }
            cur.last_n = n;
        });
    }
    fn result(&mut self, result: GameResult, span: std::ops::Range<usize>) {
        self.checker.result(result, span.clone());
        put(
            &mut self.cur.row.result,
            Some(result_text::<G>(&mut self.results, result)),
        );
        self.cur.has_result = true;
    }
    fn end_record(&mut self, verdict: Result<(), ParseError>) -> Verdict {
        let parsed = verdict.is_ok();
        let v = self.checker.end_record(verdict);
        let cur = &mut self.cur;
        cur.parsed = parsed;
        if !cur.has_result {
            cur.row.result = None;
        }
        cur.canonical_now();
        if parsed {
            // Where the replay stopped: the end, or the error (settled by `end_record`).
            let outcome = self.checker.position().and_then(G::outcome);
            put(
                &mut cur.row.outcome,
                outcome_text::<G>(&mut self.results, outcome),
            );
        } else {
            cur.row.outcome = None;
            cur.row.moves.clear();
            cur.row.moves_canonical.clear();
            cur.plies_len = 0;
        }
        let next = self.spare.pop().unwrap_or_default();
        self.done.push(std::mem::replace(&mut self.cur, next));
        v
    }
}

/// Tags up to which [`first_tags`] looks for a name among those kept one by one; beyond
/// it a set does, so a record of 100,000 tags costs no 5·10⁹ comparisons (12 s where
/// `check` took 0.03 s).
const FEW_TAGS: usize = 32;

/// The tags, the first of each name, into `out` (its strings reused).
fn first_tags(tags: &[(String, String)], out: &mut Vec<(String, String)>) {
    let mut seen = (tags.len() > FEW_TAGS).then(std::collections::HashSet::<&str>::new);
    let mut n = 0;
    for (name, value) in tags {
        let first = match &mut seen {
            Some(seen) => seen.insert(name.as_str()),
            None => !out[..n].iter().any(|(m, _)| m == name),
        };
        if first {
            if n == out.len() {
                out.push((String::new(), String::new()));
            }
            set(&mut out[n].0, name);
            set(&mut out[n].1, value);
            n += 1;
        }
    }
    out.truncate(n);
}

/// Sets the tag `name` as [`Record::set_tag`](gamenote::Record::set_tag) does (what
/// `--rules` does to a record): the first of that name, in any case, takes the value, else
/// the tag is added.
fn set_tag(tags: &mut Vec<(String, String)>, len: &mut usize, name: &str, value: &str) {
    if let Some(t) = tags[..*len]
        .iter_mut()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
    {
        set(&mut t.1, value);
        return;
    }
    if *len == tags.len() {
        tags.push((String::new(), String::new()));
    }
    set(&mut tags[*len].0, name);
    set(&mut tags[*len].1, value);
    *len += 1;
}

fn outcome_text<G: Game>(
    cache: &mut Vec<(GameResult, String)>,
    o: Option<gamenote::Outcome>,
) -> Option<&str> {
    o.map(|o| result_text::<G>(cache, GameResult::Decided(o)))
}

/// `r` as the game writes it, printed once into `cache` (a result string a record cost two
/// allocations).
fn result_text<G: Game>(cache: &mut Vec<(GameResult, String)>, r: GameResult) -> &str {
    let i = match cache.iter().position(|(k, _)| *k == r) {
        Some(i) => i,
        None => {
            cache.push((r, G::write_result(r)));
            cache.len() - 1
        }
    };
    &cache[i].1
}

/// Sets `slot` to `text`, in the room its string has.
fn put(slot: &mut Option<String>, text: Option<&str>) {
    match (slot.as_mut(), text) {
        (Some(s), Some(t)) => set(s, t),
        (None, Some(t)) => *slot = Some(t.to_string()),
        (_, None) => *slot = None,
    }
}

/// Exports the records of one piece of the stream (one record, or more when the cutter
/// could not split them): checked as `check` checks them, and each row made in that same
/// pass ([`Both`]).
/// The export's piece checker of each game met in one input.
struct BothSlots;

impl Family for BothSlots {
    type Of<G: KnownGame> = Option<PieceChecker<G, Both<G>>>;
}

fn export_piece<G: KnownGame>(
    st: &mut State<'_>,
    id: GameId,
    piece: &Result<RawRecord, BadRecord>,
    sink: &mut dyn Sink,
) -> Result<(), ExportError>
where
    G::Notation: Counted,
{
    // `--rules`/`--size` replace the tags of records of the input's game only (`check`
    // reads a record of another game in a mixed archive by its own tags).
    let overrides: &[(String, String)] = if id == st.default {
        &st.opts.overrides
    } else {
        &[]
    };
    let pieces = st.pieces.get_mut::<G>().get_or_insert_with(|| {
        let both = Both::<G> {
            // The records table reads only `notate_played` of the positions; the plies
            // table reads them whole (settled).
            checker: Checker::with_overrides(st.opts.mode, overrides).notating_only(!st.opts.plies),
            want_plies: st.opts.plies,
            cur: Rows::default(),
            done: Vec::new(),
            spare: Vec::new(),
            text: String::new(),
            written: Written::new(),
            results: Vec::new(),
            game: std::marker::PhantomData,
        };
        // Each piece's game and once-tags were judged by `piece_game` before it came.
        PieceChecker::<G, Both<G>>::new(st.file, both).tags_judged(true)
    });
    // The piece's text keys the written-move table; a piece over 1 MiB (one huge record)
    // is not copied, so memory stays one copy of it, and its moves are printed each time.
    let text = piece_text(piece);
    let keyed = if text.len() <= 1 << 20 { text } else { "" };
    set(&mut pieces.checker_mut().text, keyed);
    let verdicts = &mut st.verdicts;
    verdicts.clear();
    let junk = &mut st.counts.junk;
    pieces.check_piece(piece, |r| {
        // Junk after a record is no row of its own; it is counted, as `check` counts it.
        if r.is_junk() {
            *junk += 1;
        } else {
            verdicts.push(Checked {
                plies: r.plies as u64,
                ok: r.ok(),
                error: r.error.as_ref().map(RowError::from_problem),
                warnings: r.warnings.len() as u64,
            });
        }
    });
    let both = pieces.checker_mut();
    let mut done = std::mem::take(&mut both.done);
    // A piece that stops short with no record complete before the stop fails as one record
    // the visitor never saw (always the piece's last): a row of its error alone, as a piece
    // the reader could not cut.
    let unvisited = st.verdicts.len().saturating_sub(done.len());
    let failed = st.verdicts.split_off(st.verdicts.len() - unvisited);
    for (v, mut rows) in st.verdicts.drain(..).zip(done.drain(..)) {
        st.index += 1;
        st.counts.records += 1;
        let row = &mut rows.row;
        if row.file != st.file {
            set(&mut row.file, st.file);
        }
        row.record = st.index;
        row.game = id.name();
        row.plies = v.plies;
        row.ok = v.ok;
        row.error = v.error;
        row.warnings = v.warnings;
        st.counts.ok += u64::from(row.ok);
        for (n, value) in overrides {
            set_tag(&mut rows.tags, &mut rows.tags_len, n, value);
        }
        let tags = &rows.tags[..rows.tags_len];
        first_tags(tags, &mut row.tags);
        // Printed into the row's kept string: no allocation a record.
        match (G::rules_from_tags(tags), &mut row.rules) {
            (Ok(r), Some(s)) => {
                s.clear();
                let _ = write!(s, "{r}");
            }
            (Ok(r), slot) => *slot = Some(r.to_string()),
            (Err(_), slot) => *slot = None,
        }
        let plies = &rows.plies[..rows.plies_len];
        st.counts.plies += plies.len() as u64;
        let written = sink.record(row, plies);
        both.spare.push(rows);
        written?;
    }
    both.done = done;
    for v in failed {
        st.index += 1;
        st.counts.records += 1;
        let row = RecordRow {
            file: st.file.to_string(),
            record: st.index,
            game: st.default.name(),
            error: v.error,
            ..RecordRow::default()
        };
        sink.record(&row, &[])?;
    }
    Ok(())
}

/// What the check said of one record.
struct Checked {
    plies: u64,
    ok: bool,
    error: Option<RowError>,
    warnings: u64,
}

#[cfg(test)]
mod tests {
    use super::{Counted, FEW_TAGS, Written, first_tags};

    #[test]
    fn gipf_moves_with_reserve_counts_hit_the_table_and_print_as_display() {
        use gamenote::gipf::Notation;
        let n = |s: &str| s.parse::<Notation>().unwrap();
        assert_eq!(Notation::key("e2 (12)"), "e2");
        assert_eq!(Notation::key("x(b1-i4)c2,d3 (0)"), "x(b1-i4)c2,d3");
        assert_eq!(Notation::key("x(b1-i4)c2,d3"), "x(b1-i4)c2,d3");
        assert_eq!(Notation::key("e2()"), "e2()");
        assert_eq!(Notation::key("(7)"), "");
        let mut w = Written::new();
        let mut out = String::new();
        let texts = [
            "e2 (12)",
            "e2 (11)",
            "e2",
            "e2 (18)",
            "g1-c3;xc2,d3,e4,f4,g4* (7)",
            "g1-c3;xc2,d3,e4,f4,g4* (0)",
            "g1-c3;xc2,d3,e4,f4,g4*",
            "Ge1-e4 (10)",
            "e2 (9)",
        ];
        let mut hits = 0;
        for round in 0..2 {
            for t in texts {
                out.clear();
                let misses = w.misses;
                let at = w.write(Some(t), &n(t), &mut out);
                assert_eq!(out, n(t).to_string(), "{t}, round {round}");
                assert!(at.is_some(), "{t}");
                hits += usize::from(w.misses == misses);
                // The canonical form, counted or not, after the same text.
                for c in ["e2 (3)", "e2 (4)", "e2", "Ge1-e4 (1)"] {
                    out.clear();
                    w.canonical(at, &n(c), &mut out);
                    assert_eq!(out, c);
                }
            }
        }
        // Each move is printed once: the rest are copied, the count written after.
        assert_eq!((w.misses, hits), (3, 15));
        for c in [0, 9, 10, 99, 100, 12345, u16::MAX] {
            let mut out = String::from("e2");
            super::push_count(&mut out, c);
            assert_eq!(out, format!("e2 ({c})"));
        }
    }

    #[test]
    fn first_tags_keeps_the_first_of_each_name_few_or_many() {
        for count in [3, FEW_TAGS + 1, 1000] {
            let mut tags: Vec<(String, String)> = (0..count)
                .map(|i| (format!("T{}", i % 3), i.to_string()))
                .collect();
            tags.push(("t0".into(), "case kept".into()));
            let mut out = vec![("old".to_string(), "room".to_string()); 5];
            first_tags(&tags, &mut out);
            let want = [("T0", "0"), ("T1", "1"), ("T2", "2"), ("t0", "case kept")];
            let got: Vec<(&str, &str)> =
                out.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
            assert_eq!(got, want, "{count} tags");
        }
    }
    use gamenote::pylos::Notation;

    #[test]
    fn written_moves_are_printed_from_their_notation_whatever_the_key() {
        let n = |s: &str| s.parse::<Notation>().unwrap();
        let mut w = Written::new();
        let mut out = String::new();
        w.write(Some("1b2"), &n("1b2"), &mut out);
        assert_eq!(out, "1b2");
        out.clear();
        // The same key with another notation: printed from the notation, not the cache.
        w.write(Some("1b2"), &n("1c3"), &mut out);
        assert_eq!(out, "1c3");
        out.clear();
        w.write(Some("1b2"), &n("1c3"), &mut out);
        assert_eq!(out, "1c3");
        out.clear();
        w.write(None, &n("1a1"), &mut out);
        assert_eq!(out, "1a1");
    }

    #[test]
    fn canonical_moves_are_printed_from_their_notation_whatever_the_entry() {
        let n = |s: &str| s.parse::<Notation>().unwrap();
        let mut w = Written::new();
        let mut out = String::new();
        let at = w.write(Some("b2"), &n("b2"), &mut out);
        assert_eq!((out.as_str(), at.is_some()), ("b2", true));
        for canonical in ["1b2", "1b2", "1c3", "1b2"] {
            out.clear();
            w.canonical(at, &n(canonical), &mut out);
            assert_eq!(out, canonical);
        }
        // No entry (a long move, or none kept): printed.
        out.clear();
        w.canonical(None, &n("2a1"), &mut out);
        assert_eq!(out, "2a1");
        // A written move replacing the entry forgets its canonical form.
        out.clear();
        let again = w.write(Some("b2"), &n("1c3"), &mut out);
        assert_eq!((out.as_str(), again), ("1c3", at));
        out.clear();
        w.canonical(again, &n("1a1"), &mut out);
        assert_eq!(out, "1a1");
    }

    /// The movetexts as Pylos records, each with its `[Game]` tag.
    fn tagged(movetexts: &[&str]) -> String {
        movetexts
            .iter()
            .map(|m| format!("[Game \"Pylos\"]\n{m}\n\n"))
            .collect()
    }

    /// Rows of `text` (Pylos records) as the export makes them.
    fn pylos_rows(text: &str) -> Vec<crate::RecordRow> {
        struct Collect(Vec<crate::RecordRow>, Vec<crate::PlyRow>);
        impl crate::Sink for Collect {
            fn record(
                &mut self,
                row: &crate::RecordRow,
                plies: &[crate::PlyRow],
            ) -> Result<(), crate::ExportError> {
                self.0.push(row.clone());
                self.1.extend_from_slice(plies);
                Ok(())
            }
        }
        let opts = crate::ExportOptions {
            plies: true,
            ..crate::ExportOptions::default()
        };
        let mut sink = Collect(Vec::new(), Vec::new());
        crate::export_reader(
            "a.pylos",
            gamenote::GameId::Pylos,
            text.as_bytes(),
            &opts,
            &mut sink,
        )
        .unwrap();
        // The plies rows' canonical moves are the records' (kept as a count or copied).
        let canonical: Vec<String> = sink.1.iter().map(|p| p.move_canonical.clone()).collect();
        let from_records: Vec<String> = sink
            .0
            .iter()
            .flat_map(|r| r.moves_canonical.iter().map(str::to_string))
            .collect();
        assert_eq!(canonical, from_records);
        sink.0
    }

    /// A record written canonically has its canonical list made from the written one at
    /// its end; one that leaves the canonical form mid-record, or an illegal one, has the
    /// moves before as written and the rest printed.
    #[test]
    fn canonical_moves_kept_as_a_count_of_written_ones_until_a_move_differs() {
        let records = [
            "1b2 1c3 1a1 *",
            "b2 1c3 a1 *",
            "1b2 1c3 c3 *",
            "1b2 1c3 1b2 1a1 *",
            "1b2 1c3 1a1 1-0",
        ];
        let rows = pylos_rows(&tagged(&records));
        assert_eq!(rows.len(), 5);
        assert_eq!(rows[0].moves, ["1b2", "1c3", "1a1"]);
        assert_eq!(rows[0].moves_canonical, ["1b2", "1c3", "1a1"]);
        assert_eq!(rows[1].moves, ["b2", "1c3", "a1"]);
        assert_eq!(rows[1].moves_canonical, ["1b2", "1c3", "1a1"]);
        assert_eq!(rows[2].moves, ["1b2", "1c3", "c3"]);
        assert_eq!((rows[2].ok, rows[2].plies), (false, 2));
        assert_eq!(rows[2].moves_canonical, ["1b2", "1c3"]);
        assert_eq!((rows[3].ok, rows[3].plies), (false, 2));
        assert_eq!(rows[3].moves_canonical, ["1b2", "1c3"]);
        assert_eq!(
            (rows[0].result.as_deref(), rows[4].result.as_deref()),
            (Some("*"), Some("1-0"))
        );
        assert_eq!(rows[4].moves_canonical, ["1b2", "1c3", "1a1"]);
    }

    /// Results and outcomes keep their strings from record to record: a record without a
    /// result after one with it has none.
    #[test]
    fn result_strings_reused_and_emptied() {
        let rows = pylos_rows(&tagged(&["1b2 1c3 1-0", "1b2 1c3", "1b2 0-1"]));
        let results: Vec<Option<&str>> = rows.iter().map(|r| r.result.as_deref()).collect();
        assert_eq!(results, [Some("1-0"), None, Some("0-1")]);
        assert!(rows.iter().all(|r| r.outcome.is_none()));
    }

    /// The word-at-a-time hash tells apart, in its low bits, keys that differ in any one
    /// byte, whatever their length (the slot is chosen by the low bits).
    #[test]
    fn written_hash_low_bits_see_every_byte() {
        let mask = super::WRITTEN_MAX_SLOTS - 1;
        for len in 1..=super::WRITTEN_MAX_KEY {
            let base: String = (0..len)
                .map(|i| char::from(b'a' + (i % 26) as u8))
                .collect();
            let mut seen = std::collections::HashSet::new();
            seen.insert(super::written_hash(&base) & mask);
            for at in 0..len {
                let mut b = base.clone().into_bytes();
                b[at] = b'0';
                let key = String::from_utf8(b).unwrap();
                seen.insert(super::written_hash(&key) & mask);
            }
            assert!(seen.len() >= len, "{len}: {} slots", seen.len());
        }
    }

    #[test]
    fn set_prefix_of_copies_the_first_moves() {
        let all = crate::MoveList::from(["1b2", "", "2a1(1c3)", "1d4"]);
        let mut m = crate::MoveList::from(["x"]);
        for (k, want) in [
            (0, vec![]),
            (1, vec!["1b2"]),
            (3, vec!["1b2", "", "2a1(1c3)"]),
            (9, vec!["1b2", "", "2a1(1c3)", "1d4"]),
        ] {
            m.set_prefix_of(&all, k);
            assert_eq!(m, want, "{k}");
        }
    }
}
