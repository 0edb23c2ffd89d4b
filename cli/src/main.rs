//! `gamenote`: check, convert, show and count the records of Pylos, GIPF, three-man chess
//! and Pylon. The contract (commands, flags, exit codes, JSON fields) is in docs/cli.md.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use gamenote::any::DefaultGame;
use gamenote::check::{
    CheckOptions, Checked, Input, Keep, Kept, Located, Report, apply_overrides, check_files,
    check_piece_with, game_of_input, open_input, piece_game, piece_records,
};
use gamenote::stream::{BadRecord, Limits, RawRecord, RecordReader};
use gamenote::{Game, GameId, Mode, Notate, Play, with_game};

#[cfg(feature = "parquet")]
mod malloc;
mod print;
mod staged;
use print::{json_str, print_checked};

/// The name a path is shown by: the path itself, with any bytes that are not UTF-8
/// replaced; `-` is standard input.
fn display_name(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

/// The games, as every command's help names them.
const GAME_HELP: &str = "The game: pylos, gipf, threeman or pylon";
const GAME_FILE_HELP: &str = "The game of records without a [Game] tag of their own: \
     pylos, gipf, threeman or pylon (default: from the first record's [Game] tag, else the \
     file extension); a record tagged with another game is then an error";
const STYLE_HELP: &str = "The style to write: \
     pylos canonical, compact or numeric, each also with +markers (e.g. numeric+markers); \
     gipf complete, short or text; threeman short or long; pylon standard";
const FILE_HELP: &str = "Record file ('-' for standard input)";

#[derive(Parser)]
#[command(
    name = "gamenote",
    version,
    about = "Read, check, write and convert game records of Pylos, GIPF, three-man chess and Pylon"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

fn parse_game(s: &str) -> Result<GameId, String> {
    s.parse()
        .map_err(|e: gamenote::any::UnknownGame| e.to_string())
}

/// The flags of commands that read records.
#[derive(clap::Args, Clone)]
struct Reading {
    #[arg(long, help = GAME_FILE_HELP, value_parser = parse_game)]
    game: Option<GameId>,
    /// Rule set and options, as in the [Rules] tag (e.g. alignment,takeback=optional);
    /// replaces the tag
    #[arg(long)]
    rules: Option<String>,
    /// Board size, for games that have one (pylon); replaces the [Size] tag
    #[arg(long)]
    size: Option<u32>,
    /// Annotation mismatches (markers, reserve counts, results) are warnings, not errors
    #[arg(long)]
    lenient: bool,
}

/// The flags of commands that start from the rules alone.
#[derive(clap::Args, Clone)]
struct Making {
    #[arg(long, required = true, help = GAME_HELP, value_parser = parse_game)]
    game: Option<GameId>,
    /// Rule set and options, as in the [Rules] tag (default: the game's standard rules;
    /// for gipf, the basic variant)
    #[arg(long)]
    rules: Option<String>,
    /// Board size, for games that have one (pylon)
    #[arg(long)]
    size: Option<u32>,
}

#[derive(Subcommand)]
enum Command {
    /// Check that every record parses and every move is legal (exit 0 yes, 1 no, 2 usage)
    Check {
        /// Record files ('-' for standard input)
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        reading: Reading,
        /// One JSON object per record, one per line
        #[arg(long)]
        json: bool,
        /// Worker threads, 1 to 256 (default: all cores)
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: Option<u16>,
        /// Parse only: check that every record is well written, without replaying its moves
        #[arg(long)]
        syntax_only: bool,
        /// Print failures and the summary only (no line for a good record)
        #[arg(short, long)]
        quiet: bool,
    },
    /// Rewrite every record in another style
    Convert {
        #[arg(help = FILE_HELP)]
        file: PathBuf,
        #[command(flatten)]
        reading: Reading,
        #[arg(long, help = STYLE_HELP)]
        style: String,
        /// Output file (default: standard output)
        #[arg(short = 'o', long = "output")]
        output: Option<PathBuf>,
    },
    /// Show the position after a ply of a record (default: the end)
    Show {
        #[arg(help = FILE_HELP)]
        file: PathBuf,
        #[command(flatten)]
        reading: Reading,
        /// Which record of the file, from 1
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        record: Option<u64>,
        /// Ply to show (0 = the start)
        #[arg(long)]
        ply: Option<usize>,
        /// text, svg, json or position (the position string; `fen` is an older name for it)
        #[arg(long, default_value = "text", value_parser = ["text", "svg", "json", "position", "fen"])]
        format: String,
    },
    /// Write a self-contained HTML viewer of a record
    Html {
        #[arg(help = FILE_HELP)]
        file: PathBuf,
        #[command(flatten)]
        reading: Reading,
        /// Which record of the file, from 1
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        record: Option<u64>,
        /// Output file (default: standard output)
        #[arg(short = 'o', long = "output")]
        output: Option<PathBuf>,
    },
    /// Write generated records: legal games, or near misses with --illegal
    Generate {
        #[command(flatten)]
        making: Making,
        /// How many records, at most 1000000000
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(0..=1_000_000_000))]
        count: u64,
        /// Seed of the run (each record's own seed is mixed from it and the record's index)
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Plies per game, at most 100000 (games may end sooner)
        #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u64).range(0..=100_000))]
        plies: u64,
        /// Make each record a near miss: one thing wrong, described in a comment before it
        #[arg(long)]
        illegal: bool,
        /// Output: a file, or a directory (one file per record) if it ends with '/' or exists
        /// as one (default: standard output)
        #[arg(short = 'o', long = "output")]
        output: Option<PathBuf>,
    },
    /// List the legal moves at the end of a record
    Moves {
        #[arg(help = FILE_HELP)]
        file: PathBuf,
        #[command(flatten)]
        reading: Reading,
        /// Which record of the file, from 1
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        record: Option<u64>,
    },
    /// Write the records as a dataset: a row per record (with --plies, a second table with
    /// a row per ply), as Parquet or JSON lines (columns in docs/export.md)
    Export {
        /// Record files ('-' for standard input)
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        reading: Reading,
        /// parquet or jsonl (parquet needs a gamenote built with --features parquet)
        #[arg(long = "to", value_parser = ["parquet", "jsonl"])]
        to: String,
        /// Also write the plies table, beside OUT with .plies before its extension
        /// (out.parquet: out.plies.parquet)
        #[arg(long)]
        plies: bool,
        /// Output file of the records table
        #[arg(short = 'o', long = "output", required = true)]
        output: PathBuf,
    },
    /// Count the leaves of the move tree from the start position
    Perft {
        /// Depth in plies, 0 to 64
        #[arg(value_parser = clap::value_parser!(u32).range(0..=64))]
        depth: u32,
        #[command(flatten)]
        making: Making,
        /// Print each first move with its count
        #[arg(long)]
        divide: bool,
    },
    /// Print a completion script for a shell (bash, zsh, fish, elvish, powershell)
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), e.g. `gamenote man > gamenote.1`
    Man,
}

/// A failure that ends the command: the message (none: end quietly) and the exit code.
struct Fail(String, u8);

fn usage(msg: impl std::fmt::Display) -> Fail {
    Fail(msg.to_string(), 2)
}

/// A failed write: quiet when the reader has gone (a closed pipe, as Unix tools do),
/// else a message.
fn write_fail(e: io::Error, what: &str) -> Fail {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Fail(String::new(), 141)
    } else {
        Fail(format!("gamenote: cannot write {what}: {e}"), 2)
    }
}

/// Where a command writes: standard output, or a file created for it.
struct Output {
    out: BufWriter<Box<dyn Write>>,
    name: String,
}

impl Output {
    fn open(path: Option<&Path>) -> Result<Output, Fail> {
        // `-` is standard output, as it is standard input where a file is read.
        Ok(match path.filter(|p| *p != Path::new("-")) {
            None => Output {
                out: BufWriter::new(Box::new(io::stdout().lock())),
                name: "standard output".into(),
            },
            Some(p) => {
                let name = display_name(p);
                let file = std::fs::File::create(p)
                    .map_err(|e| usage(format!("{name}: cannot write: {e}")))?;
                Output {
                    out: BufWriter::new(Box::new(file)),
                    name,
                }
            }
        })
    }

    fn write(&mut self, s: &str) -> Result<(), Fail> {
        self.out
            .write_all(s.as_bytes())
            .map_err(|e| write_fail(e, &self.name))
    }

    fn finish(mut self) -> Result<(), Fail> {
        self.out.flush().map_err(|e| write_fail(e, &self.name))
    }
}

fn overrides(rules: &Option<String>, size: Option<u32>) -> Vec<(String, String)> {
    let mut v = Vec::new();
    if let Some(r) = rules {
        v.push(("Rules".to_string(), r.clone()));
    }
    if let Some(n) = size {
        v.push(("Size".to_string(), n.to_string()));
    }
    v
}

/// `--rules` and `--size` checked against the game, once, before any input is read: a value
/// the game cannot use (`--rules nonsense`, `--size 27`, `--size` for a game without sizes)
/// is a usage error. `file` names the input the game was told from, when it was not given
/// by `--game`.
fn check_values(
    id: GameId,
    rules: &Option<String>,
    size: Option<u32>,
    file: Option<&str>,
) -> Result<(), Fail> {
    gamenote::check::overrides_error(id, &overrides(rules, size)).map_err(|e| match file {
        Some(f) => usage(format!("{f}: {e}")),
        None => usage(e),
    })
}

/// The command's game, `--rules` and `--size`, when `--game` names the game.
fn given_values(c: &Command) -> Option<(GameId, &Option<String>, Option<u32>)> {
    let (game, rules, size) = match c {
        Command::Check { reading: r, .. }
        | Command::Convert { reading: r, .. }
        | Command::Show { reading: r, .. }
        | Command::Html { reading: r, .. }
        | Command::Moves { reading: r, .. }
        | Command::Export { reading: r, .. } => (r.game, &r.rules, r.size),
        Command::Generate { making: m, .. } | Command::Perft { making: m, .. } => {
            (m.game, &m.rules, m.size)
        }
        Command::Completions { .. } | Command::Man => return None,
    };
    Some((game?, rules, size))
}

impl Reading {
    fn mode(&self) -> Mode {
        if self.lenient {
            Mode::Lenient
        } else {
            Mode::Strict
        }
    }

    fn overrides(&self) -> Vec<(String, String)> {
        overrides(&self.rules, self.size)
    }

    /// Opens the input and tells its default game: `--game`, else the first record's tag
    /// or the file name. Each record's own `[Game]` tag decides its game.
    fn open(&self, path: &Path) -> Result<(String, DefaultGame, Input), Fail> {
        let name = display_name(path);
        let mut input = open_input(path).map_err(|e| usage(e.to_string()))?;
        let id = game_of_input(self.game, &name, &mut input).map_err(|e| usage(e.to_string()))?;
        if self.game.is_none() {
            check_values(id, &self.rules, self.size, Some(&name))?;
        }
        let default = match self.game {
            Some(_) => DefaultGame::Given(id),
            None => DefaultGame::Detected(id),
        };
        Ok((name, default, input))
    }

    /// The command line's tags for a record of game `id`: only records of the default game
    /// take them (a rule set of one game means nothing to another).
    fn overrides_for(&self, default: DefaultGame, id: GameId) -> Vec<(String, String)> {
        if id == default.id() {
            self.overrides()
        } else {
            Vec::new()
        }
    }
}

fn check(
    files: &[PathBuf],
    r: &Reading,
    json: bool,
    threads: Option<u16>,
    syntax_only: bool,
    quiet: bool,
) -> Result<u8, Fail> {
    let overrides = r.overrides();
    let threads = threads
        .map(usize::from)
        .or_else(|| std::thread::available_parallelism().ok().map(usize::from))
        .unwrap_or(1);
    let mut opts = CheckOptions::new(&overrides);
    opts.game = r.game;
    opts.mode = r.mode();
    opts.threads = threads;
    opts.syntax_only = syntax_only;
    let mut out = BufWriter::new(io::stdout().lock());
    let mut err = io::stderr().lock();
    let bar = progress(None, "records checked");
    let totals = check_files(files, &opts, |c| {
        if let Some(bar) = &bar {
            bar.inc(1);
        }
        // `--quiet`: a good record with nothing to warn of is counted, not printed.
        let good = matches!(&c, Checked::Record(r) if r.ok() && r.warnings.is_empty());
        if quiet && good {
            return Ok(());
        }
        match &bar {
            // The bar steps aside while the line is written, so the two never mix.
            Some(bar) => bar.suspend(|| {
                print_checked(c, json, &mut out, &mut err)?;
                out.flush()
            }),
            None => print_checked(c, json, &mut out, &mut err),
        }
    })
    .map_err(|e| write_fail(e, "standard output"))?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    // Inputs that could not be read at all were said on standard error; a summary of no
    // record would only repeat it.
    let nothing_read = totals.records == 0 && totals.junk == 0 && totals.unreadable > 0;
    if !json && !nothing_read {
        let junk = if totals.junk > 0 {
            format!(", {} junk", totals.junk)
        } else {
            String::new()
        };
        writeln!(
            out,
            "{} records, {} ok, {} failed{junk}",
            totals.records,
            totals.ok,
            totals.records - totals.ok
        )
        .map_err(|e| write_fail(e, "standard output"))?;
    }
    out.flush().map_err(|e| write_fail(e, "standard output"))?;
    Ok(if totals.unreadable > 0 {
        2
    } else if totals.ok == totals.records && totals.junk == 0 {
        0
    } else {
        1
    })
}

/// A progress bar on standard error, only when standard error is a terminal (never in a
/// pipe, a log or a test): `len` items when known, else a counter.
fn progress(len: Option<u64>, what: &'static str) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    if !io::stderr().is_terminal() {
        return None;
    }
    let target = indicatif::ProgressDrawTarget::stderr_with_hz(4);
    let bar = indicatif::ProgressBar::with_draw_target(len, target);
    bar.set_style(match len {
        Some(_) => indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} {msg} ({eta})")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        None => indicatif::ProgressStyle::with_template("{spinner} {pos} {msg} ({per_sec})")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    });
    bar.set_message(what);
    Some(bar)
}

/// Says something on standard error; if that is gone too, there is nobody left to tell.
fn tell(msg: &str) {
    let _ = writeln!(io::stderr(), "{msg}");
}

/// What is done with the record `--record N` chose, in its own game.
trait OnLocated {
    fn run<G: Game>(self, loc: Located<G>) -> Result<u8, Fail>;
}

/// What is done with the positions kept from the record `--record N` chose.
trait OnKept {
    fn run<G: Game>(self, report: Report, kept: Kept<G>) -> Result<u8, Fail>;
}

/// The error of asking for a record the input does not have.
fn no_such_record(name: &str, want: u64, seen: u64) -> Fail {
    usage(format!(
        "--record {want}: {name} has {seen} record{}",
        if seen == 1 { "" } else { "s" }
    ))
}

/// The game of `piece` while `choose` or `keep` look for record `want`: a piece whose game
/// cannot be told counts as one record in `seen` and is `None`, or the failure when it is
/// record `want`.
fn game_while_choosing(
    default: DefaultGame,
    name: &str,
    piece: &Result<RawRecord, BadRecord>,
    seen: &mut u64,
    want: u64,
) -> Result<Option<GameId>, Fail> {
    match piece_game(default, name, piece) {
        Ok(id) => Ok(Some(id)),
        Err(p) => {
            *seen += 1;
            if *seen == want {
                Err(Fail(p.rendered, 1))
            } else {
                Ok(None)
            }
        }
    }
}

/// Record `n` of the input (the first by default), read in its own game with the command
/// line's tags applied (to the default game's records), handed to `then`; `None` when the
/// input has no record and none was asked for.
fn choose<T: OnLocated>(
    name: &str,
    default: DefaultGame,
    input: Input,
    n: Option<u64>,
    r: &Reading,
    then: T,
) -> Result<Option<u8>, Fail> {
    let want = n.unwrap_or(1);
    let mut seen = 0u64;
    for piece in RecordReader::with_limits(input, Limits::default()) {
        let Some(id) = game_while_choosing(default, name, &piece, &mut seen, want)? else {
            continue;
        };
        let first = usize::try_from(seen + 1).unwrap_or(usize::MAX);
        with_game!(id, G => {
            let mut found = None;
            for item in piece_records::<G>(name, &piece, first) {
                if item.as_ref().is_err_and(|p| p.junk) {
                    continue;
                }
                seen += 1;
                if seen == want {
                    let mut loc = item.map_err(|p| Fail(p.rendered, 1))?;
                    apply_overrides(&mut loc.record, &r.overrides_for(default, id));
                    found = Some(loc);
                    break;
                }
            }
            if let Some(loc) = found {
                return then.run::<G>(loc).map(Some);
            }
        });
    }
    match (seen, n) {
        (0, None) => Ok(None),
        _ => Err(no_such_record(name, want, seen)),
    }
}

/// Reads the records of `input` in one pass up to the `n`th (the first by default), each in
/// its own game, keeping of that one its report and the positions `show` and `moves` need:
/// memory is one position and one piece of the stream, whatever the record's length.
/// `None` for an empty input.
fn keep<T: OnKept>(
    name: &str,
    default: DefaultGame,
    input: Input,
    n: Option<u64>,
    r: &Reading,
    ply: Option<usize>,
    then: T,
) -> Result<Option<u8>, Fail> {
    let want = n.unwrap_or(1);
    let mut seen = 0u64;
    for piece in RecordReader::with_limits(input, Limits::default()) {
        let Some(id) = game_while_choosing(default, name, &piece, &mut seen, want)? else {
            continue;
        };
        let overrides = r.overrides_for(default, id);
        let left = usize::try_from(want - seen).unwrap_or(usize::MAX);
        with_game!(id, G => {
            let mut keep = Keep::<G>::new(r.mode(), &overrides, left, ply);
            let mut chosen = None;
            for report in check_piece_with::<G, _>(name, &piece, &mut keep) {
                if report.is_junk() {
                    continue;
                }
                seen += 1;
                if seen != want {
                    continue;
                }
                if let Some(p) = report.error.as_ref().filter(|p| p.kind == gamenote::check::ProblemKind::Parse) {
                    return Err(Fail(p.rendered.clone(), 1));
                }
                chosen = Some(report);
                break;
            }
            if let Some(report) = chosen {
                return match keep.into_kept() {
                    Some(kept) => then.run::<G>(report, kept).map(Some),
                    None => Err(Fail(format!("{name}: record {want} could not be read"), 1)),
                };
            }
        });
    }
    match (seen, n) {
        (0, None) => Ok(None),
        _ => Err(no_such_record(name, want, seen)),
    }
}

/// Says that the input has no record, as `check` does, and succeeds.
fn empty(name: &str) -> Result<u8, Fail> {
    tell(&format!("{name}: 0 records"));
    Ok(0)
}

/// Converts every record of `input`, each in its own game and in `style`, which is read
/// as a style of each record's game: a record whose game has no such style fails.
fn convert_cmd(
    name: &str,
    default: DefaultGame,
    input: Input,
    r: &Reading,
    style: &str,
    out: &mut Output,
) -> Result<u8, Fail> {
    // A style the default game does not have is a usage error, before any input is read.
    with_game!(default.id(), G => style.parse::<<G as Notate>::Style>().map(drop).map_err(usage))?;
    let mut failed = 0usize;
    let mut written = 0usize;
    let mut seen = 0usize;
    for piece in RecordReader::with_limits(input, Limits::default()) {
        let id = match piece_game(default, name, &piece) {
            Ok(id) => id,
            Err(p) => {
                seen += 1;
                tell(&p.rendered);
                failed += 1;
                continue;
            }
        };
        let overrides = r.overrides_for(default, id);
        with_game!(id, G => {
            match style.parse::<<G as Notate>::Style>() {
                Ok(style) => {
                    // Each record is read, checked and written move by move: memory is one
                    // position and one move, whatever the record's length.
                    let mut converter =
                        gamenote::convert::Converter::<G>::with_overrides(style, r.mode(), &overrides);
                    converter.set_written(written);
                    seen += gamenote::check::convert_piece(
                        name,
                        &piece,
                        seen + 1,
                        &mut converter,
                        &mut out.out,
                        |p| {
                            tell(&p.rendered);
                            failed += 1;
                        },
                    )
                    .map_err(|e| write_fail(e, &out.name))?;
                    written = converter.written();
                }
                Err(e) => {
                    // A style this record's game does not have: each of its records fails.
                    for item in piece_records::<G>(name, &piece, seen + 1) {
                        failed += 1;
                        match item {
                            Err(p) if p.junk => tell(&p.rendered),
                            Err(p) => {
                                seen += 1;
                                tell(&p.rendered);
                            }
                            Ok(loc) => {
                                seen += 1;
                                tell(&format!(
                                    "{name}: record {}: --style: {e} (a {} record; its styles: {})",
                                    loc.index,
                                    G::NAME,
                                    id.styles().join(", ")
                                ));
                            }
                        }
                    }
                }
            }
        });
    }
    Ok(u8::from(failed > 0))
}

struct Show<'a> {
    ply: Option<usize>,
    format: &'a str,
}

impl OnKept for Show<'_> {
    fn run<G: Game>(self, report: Report, kept: Kept<G>) -> Result<u8, Fail> {
        show_kept::<G>(report, kept, self.ply, self.format)
    }
}

fn show_kept<G: Game>(
    report: Report,
    kept: Kept<G>,
    ply: Option<usize>,
    format: &str,
) -> Result<u8, Fail> {
    let legal = report.plies;
    if let Some(p) = &report.error {
        tell(&p.rendered);
        if kept.setup_failed {
            return Ok(1);
        }
    }
    let failed = report.error.is_some();
    let n = ply.unwrap_or(legal);
    let (pos, last) = match (n, kept.at) {
        (0, _) => (kept.start, None),
        (_, Some((p, m))) => (p, Some(m)),
        _ if n == legal => (kept.end, kept.last),
        _ if failed => return Ok(1),
        _ => {
            return Err(usage(format!(
                "--ply {n}: the record has {legal} legal plies"
            )));
        }
    };
    let text = match format {
        "position" | "fen" => G::position_string(&pos)
            .map(|s| s + "\n")
            .ok_or_else(|| usage(format!("{} has no position string", G::NAME)))?,
        "json" => format!(
            "{{\"game\":{},\"name\":{},\"ply\":{},\"to_move\":{},\"outcome\":{},\"position\":{},\"diagram\":{}}}\n",
            json_str(G::ID),
            json_str(G::NAME),
            n,
            G::to_move(&pos),
            G::outcome(&pos).map_or("null".into(), |o| json_str(&G::write_result(
                gamenote::GameResult::Decided(o)
            ))),
            G::position_string(&pos).map_or("null".into(), |s| json_str(&s)),
            json_str(&pos.to_string())
        ),
        "svg" => G::svg(&pos, last.as_ref())
            .ok_or_else(|| usage(format!("{} has no SVG picture yet", G::NAME)))?,
        _ => {
            let mut s = pos.to_string();
            if !s.ends_with('\n') {
                s.push('\n');
            }
            s
        }
    };
    let mut out = Output::open(None)?;
    out.write(&text)?;
    out.finish()?;
    Ok(u8::from(failed))
}

struct Moves;

impl OnKept for Moves {
    fn run<G: Game>(self, report: Report, kept: Kept<G>) -> Result<u8, Fail> {
        moves_kept::<G>(report, kept)
    }
}

fn moves_kept<G: Game>(report: Report, kept: Kept<G>) -> Result<u8, Fail> {
    if let Some(p) = report.error {
        return Err(Fail(p.rendered, 1));
    }
    let end = kept.end;
    if let Some(outcome) = G::outcome(&end) {
        // Nothing to list: say why, so an empty list is not taken for an error.
        tell(&format!(
            "the game is over ({}): no move is legal",
            G::write_result(gamenote::GameResult::Decided(outcome))
        ));
        return Ok(0);
    }
    let mut moves = Vec::new();
    G::legal_moves(&end, &mut moves);
    let mut out = Output::open(None)?;
    for m in &moves {
        out.write(&format!("{}\n", G::notate(&end, m, G::Style::default())))?;
    }
    out.finish()?;
    Ok(0)
}

struct Html<'a> {
    name: &'a str,
    mode: Mode,
    output: Option<&'a Path>,
}

impl OnLocated for Html<'_> {
    fn run<G: Game>(self, loc: Located<G>) -> Result<u8, Fail> {
        html_located::<G>(self.name, loc, self.mode, self.output)
    }
}

fn html_located<G: Game>(
    name: &str,
    loc: Located<G>,
    mode: Mode,
    output: Option<&Path>,
) -> Result<u8, Fail> {
    let (page, error) = gamenote::html::viewer_checked(&loc.record, mode)
        .map_err(|e| Fail(format!("{name}: {e}"), 1))?;
    let mut out = Output::open(output)?;
    out.write(&page)?;
    out.finish()?;
    match error {
        Some(e) => {
            tell(&loc.problem(name, &e).rendered);
            Ok(1)
        }
        None => Ok(0),
    }
}

/// The rules the command line names, or the game's first variant when it names none and
/// the game's records must (GIPF).
fn start_rules<G: Game>(tags: &[(String, String)]) -> Result<G::Rules, Fail> {
    match G::rules_from_tags(tags) {
        Ok(r) => Ok(r),
        Err(_) if tags.is_empty() => Ok(G::variants().into_iter().next().unwrap_or_default()),
        Err(e) => Err(usage(e)),
    }
}

/// Where `generate` writes: one stream, or one file per record in a directory.
enum Sink {
    Stream(Output),
    Dir(PathBuf),
}

fn generate_cmd<G: Game>(
    m: &Making,
    count: u64,
    seed: u64,
    plies: usize,
    illegal: bool,
    mut sink: Sink,
) -> Result<u8, Fail> {
    use gamenote::generate::{legal_game, near_miss, record_seed};
    let rules = start_rules::<G>(&overrides(&m.rules, m.size))?;
    // Lines written so far to the stream, so that a near miss names its place in the file.
    let mut lines = 0usize;
    let bar = progress(Some(count), "records");
    for i in 0..count {
        if let Some(bar) = &bar {
            bar.inc(1);
        }
        let s = record_seed(seed, i);
        let game = legal_game::<G>(&rules, plies, s);
        let (text, kind) = match (illegal, illegal.then(|| near_miss(&game, s)).flatten()) {
            (true, Some(miss)) => {
                let e = &miss.expected;
                let start = if matches!(sink, Sink::Stream(_)) && i > 0 {
                    lines + 1
                } else {
                    0
                };
                let what = match (e.ply, e.at) {
                    (Some(p), _) => format!("{} at ply {p}", e.kind),
                    (None, Some((l, col))) => format!("{} at {}:{col}", e.kind, l + start + 1),
                    (None, None) => e.kind.to_string(),
                };
                let comment =
                    format!("{{near miss: {}; expected {what}}}", miss.mutation).replace('\n', " ");
                (format!("{comment}\n{}", miss.text), "near-miss")
            }
            // Only a game over before its first move has no near miss: nothing in it can
            // be made wrong, and a legal record must not pass for one.
            (true, None) => {
                return Err(usage(format!(
                    "generate --illegal: record {} has no near miss (the game is over before \
                     its first move, so no move can be made wrong)",
                    i + 1
                )));
            }
            (false, _) => (game.record.to_string(), "game"),
        };
        match &mut sink {
            Sink::Stream(out) => {
                if i > 0 {
                    out.write("\n")?;
                    lines += 1;
                }
                out.write(&text)?;
                lines += text.matches('\n').count();
            }
            Sink::Dir(dir) => {
                let f = dir.join(format!("{kind}-{seed}-{:05}.{}", i + 1, G::EXTENSION));
                std::fs::write(&f, text)
                    .map_err(|e| Fail(format!("{}: cannot write: {e}", f.display()), 2))?;
            }
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if let Sink::Stream(out) = sink {
        out.finish()?;
    }
    Ok(0)
}

fn perft_cmd<G: Game>(depth: u32, m: &Making, divide: bool) -> Result<u8, Fail> {
    let tags = overrides(&m.rules, m.size);
    let start = match G::setup(&tags) {
        Ok(p) => p,
        Err(_) => G::start(&start_rules::<G>(&tags)?),
    };
    let mut out = Output::open(None)?;
    if divide {
        let mut total = u64::from(depth == 0);
        for (mv, n) in gamenote::perft::divide::<G>(&start, depth, G::Style::default()) {
            out.write(&format!("{mv}: {n}\n"))?;
            total += n;
        }
        out.write(&format!("{total}\n"))?;
    } else {
        out.write(&format!("{}\n", gamenote::perft::perft::<G>(&start, depth)))?;
    }
    out.finish()?;
    Ok(0)
}

/// `export`: every record of `files` as rows of the records table (and the plies table),
/// written to `output` as Parquet (feature `parquet`) or JSON lines. Records that fail are
/// rows with their error; the exit status is 0 once the tables are written, 2 when an input
/// could not be read.
fn export_cmd(
    files: &[PathBuf],
    r: &Reading,
    to: &str,
    plies: bool,
    output: &Path,
) -> Result<u8, Fail> {
    use gamenote_export::{ExportError, ExportOptions, export_files, plies_path};
    // With --game, --rules and --size were checked by `run` before any input was read.
    if to == "parquet" && !cfg!(feature = "parquet") {
        return Err(usage(
            "export --to parquet: this gamenote was built without Parquet; \
             build it with `cargo install --path cli --features parquet`, or use --to jsonl",
        ));
    }
    let mut opts = ExportOptions::default();
    opts.game = r.game;
    opts.overrides = r.overrides();
    opts.mode = r.mode();
    opts.plies = plies;
    // `-o -` is standard output, as `-` is standard input: one stream, so no plies table
    // (its name is made from the output's), and the summary goes to standard error.
    let to_stdout = output == Path::new("-");
    if to_stdout && plies {
        return Err(usage(
            "export --plies -o -: the plies table is written to a file named after the \
             output's; give -o a file name, or leave out --plies",
        ));
    }
    let plies_out = plies.then(|| plies_path(output));
    // `-o /dev/stdout` (or any name of the file or pipe standard output is): written
    // through standard output as `-o -` is, not renamed over (a file opened to append to
    // lost what it held), and the summary kept out of the table.
    let names_stdout = !to_stdout && is_standard_output(output);
    // The plies table's name is made from the output's: from a name of standard output
    // it would be a file beside the device (`/dev/stdout.plies.jsonl`), as with `-o -`.
    if names_stdout && plies {
        return Err(usage(format!(
            "export --plies -o {}: that is standard output, and the plies table is written \
             to a file named after the output's; give -o a file name, or leave out --plies",
            display_name(output)
        )));
    }
    // Nor from a device or a pipe named directly (`-o /dev/null --plies`): the plies table
    // would be a file beside it (`/dev/null.plies`), made in /dev when run as root. A link
    // to one is taken (the plies table goes beside the link, where its user put it).
    if plies
        && std::fs::symlink_metadata(output)
            .is_ok_and(|m| !m.is_file() && !m.file_type().is_symlink())
    {
        return Err(usage(format!(
            "export --plies -o {}: that is not a regular file, and the plies table is \
             written to a file named after the output's ({}); give -o a file name, or \
             leave out --plies",
            display_name(output),
            plies_out.as_deref().map_or_else(String::new, display_name)
        )));
    }
    // The plies table's name may itself be a link: to standard output (written over the
    // file the shell opened, the summary lost), or to the output (both tables renamed over
    // one file, the records table lost). Both refused before anything is written.
    if let Some(p) = plies_out.as_deref() {
        let said = if is_standard_output(p) {
            Some("is standard output")
        } else if one_file_to_write(output, p) {
            Some("names the same file as the output's")
        } else {
            None
        };
        if let Some(said) = said {
            return Err(usage(format!(
                "export --plies -o {}: the plies table's name {} {said}; give -o another \
                 name, or leave out --plies",
                display_name(output),
                display_name(p)
            )));
        }
    }
    let failed = FirstFailure::default();
    // Creating an output would replace it: one that is also an input would be read empty.
    for out in std::iter::once(output).chain(plies_out.as_deref()) {
        if let Some(input) = files.iter().find(|f| same_file(f, out)) {
            return Err(usage(format!(
                "{}: the output is the input {}; write it elsewhere",
                display_name(out),
                display_name(input)
            )));
        }
    }
    // The tables are written whole or not at all (staged.rs): a failed export leaves what
    // was at `-o` before.
    let mut outputs = staged::Outputs::default();
    let mut create = |p: &Path| -> Result<Box<dyn Write + Send>, Fail> {
        if p == Path::new("-") || (names_stdout && p == output) {
            return Ok(Box::new(io::stdout()));
        }
        outputs
            .create(p)
            .map(|f| Box::new(Named(f, display_name(p), failed.clone())) as Box<dyn Write + Send>)
            .map_err(|e| usage(format!("{}: cannot write: {e}", display_name(p))))
    };
    let records_file = create(output)?;
    let plies_file = match plies_out.as_deref().map(&mut create).transpose() {
        Ok(p) => p,
        Err(e) => {
            drop(records_file);
            outputs.abandon();
            return Err(e);
        }
    };
    let name = if to_stdout {
        "standard output".to_string()
    } else {
        display_name(output)
    };
    // An output's error names that output (the plies table's, when it is the one that
    // failed), not always the records table.
    let fail = |e: ExportError| {
        if let Some((out, e)) = failed.lock().ok().and_then(|mut f| f.take()) {
            return write_fail(e, &out);
        }
        match e {
            ExportError::Io(e) => write_fail(e, &name),
            e => Fail(format!("gamenote: {name}: {e}"), 2),
        }
    };
    let unreadable = |e: &gamenote::check::InputError| tell(&e.to_string());
    let written = if to == "jsonl" {
        let mut sink = gamenote_export::JsonlSink::new(records_file, plies_file);
        export_files(files, &opts, &mut sink, unreadable)
            .and_then(|counts| sink.finish().map(|()| counts))
    } else {
        #[cfg(feature = "parquet")]
        {
            malloc::fix_mmap_threshold();
            (|| {
                let mut sink = gamenote_export::ParquetSink::with_spill(records_file, plies_file)?;
                let counts = export_files(files, &opts, &mut sink, unreadable)?;
                sink.finish()?;
                Ok(counts)
            })()
        }
        #[cfg(not(feature = "parquet"))]
        unreachable!("refused above")
    };
    // A table cut short (a JSON lines table mid-line, a Parquet file without its footer)
    // is no table: only a whole one takes the output's place.
    let counts = match written {
        Ok(counts) => {
            outputs
                .commit()
                .map_err(|e| usage(format!("{name}: cannot write: {e}")))?;
            counts
        }
        Err(e) => {
            outputs.abandon();
            return Err(fail(e));
        }
    };
    // Junk between records takes no row; it is counted as `check` counts it.
    let junk = if counts.junk > 0 {
        format!(", {} junk", counts.junk)
    } else {
        String::new()
    };
    let mut summary = format!(
        "{} records, {} ok, {} failed{junk}: {name}",
        counts.records,
        counts.ok,
        counts.records - counts.ok
    );
    if let Some(p) = &plies_out {
        summary.push_str(&format!("; {} plies: {}", counts.plies, display_name(p)));
    }
    if to_stdout || names_stdout {
        // The table is on standard output; the summary must not be mixed into it.
        tell(&summary);
    } else {
        writeln!(io::stdout().lock(), "{summary}").map_err(|e| write_fail(e, "standard output"))?;
    }
    Ok(if counts.unreadable > 0 { 2 } else { 0 })
}

/// The first output of `export` that failed to be written, and what the system said.
type FirstFailure = std::sync::Arc<std::sync::Mutex<Option<(String, io::Error)>>>;

/// An output file of `export` and its name; its first error is kept in the shared
/// [`FirstFailure`], so the message names the table that could not be written (the Parquet
/// writer hands a failed final flush back as text, naming no file).
struct Named(std::fs::File, String, FirstFailure);

impl Named {
    fn seen(&self, e: io::Error) -> io::Error {
        if let Ok(mut first) = self.2.lock()
            && first.is_none()
        {
            *first = Some((self.1.clone(), io::Error::new(e.kind(), e.to_string())));
        }
        e
    }
}

impl Write for Named {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(|e| self.seen(e))
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.0.write_all(buf).map_err(|e| self.seen(e))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(|e| self.seen(e))
    }
}

/// Whether `path` names the regular file or pipe that standard output writes to
/// (`/dev/stdout`, `/proc/self/fd/1`, or the file's own name); a terminal or device is not
/// counted, as writing it directly keeps the order of the table and the summary.
fn is_standard_output(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        use std::os::unix::fs::{FileTypeExt, MetadataExt};
        let Ok(fd) = io::stdout().as_fd().try_clone_to_owned() else {
            return false;
        };
        let (Ok(out), Ok(p)) = (std::fs::File::from(fd).metadata(), std::fs::metadata(path)) else {
            return false;
        };
        (out.is_file() || out.file_type().is_fifo()) && (out.dev(), out.ino()) == (p.dev(), p.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        false
    }
}

/// Where `path` leads through its links, for a file that may not exist yet (a link to
/// nothing leads to the name it holds): the two outputs of `export` compared.
fn resolved(path: &Path) -> PathBuf {
    let mut p = path.to_path_buf();
    // Links chained more deeply than the kernel follows (40) are left where they stop.
    for _ in 0..40 {
        if let Ok(c) = std::fs::canonicalize(&p) {
            return c;
        }
        match std::fs::read_link(&p) {
            // A relative link is read from its own folder; `join` keeps an absolute one.
            Ok(t) => p = p.parent().map_or_else(|| t.clone(), |d| d.join(&t)),
            Err(_) => break,
        }
    }
    let dir = match p.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    match (std::fs::canonicalize(dir), p.file_name()) {
        (Ok(d), Some(n)) => d.join(n),
        _ => p,
    }
}

/// Whether `export`'s two outputs `a` and `b` lead to one file (new, or a regular file or
/// pipe) that both tables would be written to: two links to one device (`/dev/null`) are
/// fine, two hard links are two names (each replaced by its own table).
fn one_file_to_write(a: &Path, b: &Path) -> bool {
    let (ra, rb) = (resolved(a), resolved(b));
    if ra != rb {
        return false;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        !std::fs::metadata(&ra)
            .is_ok_and(|m| m.file_type().is_char_device() || m.file_type().is_block_device())
    }
    #[cfg(not(unix))]
    true
}

/// Whether the paths `a` and `b` name one existing file (through links too).
fn same_file(a: &Path, b: &Path) -> bool {
    if a == Path::new("-") {
        return false;
    }
    let (Ok(ma), Ok(mb)) = (std::fs::metadata(a), std::fs::metadata(b)) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        (ma.dev(), ma.ino()) == (mb.dev(), mb.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = (ma, mb);
        matches!((std::fs::canonicalize(a), std::fs::canonicalize(b)), (Ok(x), Ok(y)) if x == y)
    }
}

fn run(cli: Cli) -> Result<u8, Fail> {
    if let Some((id, rules, size)) = given_values(&cli.command) {
        check_values(id, rules, size, None)?;
    }
    match cli.command {
        Command::Check {
            files,
            reading,
            json,
            threads,
            syntax_only,
            quiet,
        } => check(&files, &reading, json, threads, syntax_only, quiet),
        Command::Convert {
            file,
            reading,
            style,
            output,
        } => {
            if let Some(out) = output.as_deref().filter(|o| same_file(&file, o)) {
                return Err(usage(format!(
                    "{}: the output is the input; write it elsewhere",
                    display_name(out)
                )));
            }
            let (name, default, input) = reading.open(&file)?;
            let mut out = Output::open(output.as_deref())?;
            let code = convert_cmd(&name, default, input, &reading, &style, &mut out)?;
            out.finish()?;
            Ok(code)
        }
        Command::Show {
            file,
            reading,
            record,
            ply,
            format,
        } => {
            let (name, default, input) = reading.open(&file)?;
            let show = Show {
                ply,
                format: &format,
            };
            match keep(&name, default, input, record, &reading, ply, show)? {
                Some(code) => Ok(code),
                None => empty(&name),
            }
        }
        Command::Html {
            file,
            reading,
            record,
            output,
        } => {
            // The page would replace the archive it was made from, as `convert` refuses.
            if let Some(out) = output.as_deref().filter(|o| same_file(&file, o)) {
                return Err(usage(format!(
                    "{}: the output is the input; write it elsewhere",
                    display_name(out)
                )));
            }
            let (name, default, input) = reading.open(&file)?;
            let html = Html {
                name: &name,
                mode: reading.mode(),
                output: output.as_deref(),
            };
            match choose(&name, default, input, record, &reading, html)? {
                Some(code) => Ok(code),
                None => empty(&name),
            }
        }
        Command::Generate {
            making,
            count,
            seed,
            plies,
            illegal,
            output,
        } => {
            let id = making.game.ok_or_else(|| usage("generate needs --game"))?;
            let sink = match output {
                Some(p) if p.as_os_str().to_string_lossy().ends_with('/') || p.is_dir() => {
                    std::fs::create_dir_all(&p)
                        .map_err(|e| usage(format!("{}: cannot create: {e}", display_name(&p))))?;
                    Sink::Dir(p)
                }
                p => Sink::Stream(Output::open(p.as_deref())?),
            };
            let plies = usize::try_from(plies).unwrap_or(usize::MAX);
            with_game!(id, G => generate_cmd::<G>(&making, count, seed, plies, illegal, sink))
        }
        Command::Moves {
            file,
            reading,
            record,
        } => {
            let (name, default, input) = reading.open(&file)?;
            match keep(&name, default, input, record, &reading, None, Moves)? {
                Some(code) => Ok(code),
                None => empty(&name),
            }
        }
        Command::Export {
            files,
            reading,
            to,
            plies,
            output,
        } => export_cmd(&files, &reading, &to, plies, &output),
        Command::Perft {
            depth,
            making,
            divide,
        } => {
            let id = making.game.ok_or_else(|| usage("perft needs --game"))?;
            with_game!(id, G => perft_cmd::<G>(depth, &making, divide))
        }
        Command::Completions { shell } => {
            // Both come from the clap definitions above, so they never drift from them.
            let mut out = Output::open(None)?;
            let mut bytes = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "gamenote", &mut bytes);
            out.write(&String::from_utf8_lossy(&bytes))?;
            out.finish()?;
            Ok(0)
        }
        Command::Man => {
            let mut out = Output::open(None)?;
            let mut bytes = Vec::new();
            clap_mangen::Man::new(Cli::command())
                .render(&mut bytes)
                .map_err(|e| write_fail(e, "standard output"))?;
            out.write(&String::from_utf8_lossy(&bytes))?;
            out.finish()?;
            Ok(0)
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(Fail(msg, code)) => {
            if !msg.is_empty() {
                tell(&msg);
            }
            ExitCode::from(code)
        }
    }
}
