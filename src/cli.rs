//! The command line's work, kept in the library so it is tested and reusable: choosing the
//! game of a file, checking records into reports, and rendering those reports as text or
//! JSON lines. `src/bin/gamenote.rs` only parses arguments and does the input and output.

use std::fmt::Write as _;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::sync::{mpsc, Arc, Condvar, Mutex};

use crate::error::{line_col, render_at_line, Error};
use crate::game::{Game, GameResult, Mode};
use crate::record::{replay, Record};
use crate::stream::{BadRecord, Limits, RawRecord, RecordReader};

pub use crate::games::{GameId, UnknownGame};

/// What went wrong with one record, ready to print.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// `parse`, `illegal` or `mismatch`.
    pub kind: &'static str,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// 1-based ply of the offending move, when there is one.
    pub ply: Option<usize>,
    /// The message in words.
    pub message: String,
    /// The rendering with the source line and a caret.
    pub rendered: String,
}

/// The verdict on one record of a file.
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
    /// Mismatches accepted in lenient mode.
    pub warnings: Vec<Problem>,
}

impl Report {
    /// True when the record parsed and every move was legal.
    pub fn ok(&self) -> bool {
        self.error.is_none()
    }

    /// The report as one JSON object:
    /// `{"file","record","ok","plies","result","error"}`.
    pub fn to_json(&self) -> String {
        let mut s = String::new();
        let _ = write!(
            s,
            "{{\"file\":{},\"record\":{},\"ok\":{},\"plies\":{},\"result\":{},\"error\":",
            json_str(&self.file),
            self.record,
            self.ok(),
            self.plies,
            self.result.as_deref().map_or("null".into(), json_str)
        );
        match &self.error {
            None => s.push_str("null"),
            Some(p) => {
                let _ = write!(
                    s,
                    "{{\"kind\":\"{}\",\"line\":{},\"column\":{},\"ply\":{},\"message\":{}}}",
                    p.kind,
                    p.line,
                    p.column,
                    p.ply.map_or("null".into(), |n| n.to_string()),
                    json_str(&p.message)
                );
            }
        }
        s.push('}');
        s
    }
}

/// A JSON string literal.
pub fn json_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Replaces or adds the tags given on the command line (`--rules` as `Rules`, `--size` as
/// `Size`).
pub fn apply_overrides<G: Game>(rec: &mut Record<G>, overrides: &[(String, String)]) {
    for (n, v) in overrides {
        rec.set_tag(n, v.clone());
    }
}

/// Turns an [`Error`] met while checking a record of `source` into a [`Problem`].
pub fn problem(file: &str, source: &str, err: &Error, fallback: usize) -> Problem {
    problem_at(file, source, 0, err, fallback)
}

/// Like [`problem`], for a `source` that starts `lines_before` lines into the file.
pub fn problem_at(
    file: &str,
    source: &str,
    lines_before: usize,
    err: &Error,
    fallback: usize,
) -> Problem {
    let (kind, span, ply, message) = match err {
        Error::Parse(e) => ("parse", e.span.clone(), None, e.message()),
        Error::Illegal(e) => {
            let kind = if e.kind == crate::error::MoveErrorKind::Mismatch {
                "mismatch"
            } else {
                "illegal"
            };
            let ply = (e.ply > 0).then_some(e.ply);
            let message = match ply {
                Some(p) => format!("ply {p} ({}): {}", e.written, e.reason),
                None => e.reason.clone(),
            };
            (
                kind,
                e.span.clone().unwrap_or(fallback..fallback),
                ply,
                message,
            )
        }
        Error::Setup(m) => ("parse", fallback..fallback, None, m.clone()),
    };
    let (line, column) = line_col(source, span.start.min(source.len()));
    Problem {
        kind,
        line: line + lines_before,
        column,
        ply,
        rendered: render_at_line(file, source, span, &message, lines_before),
        message,
    }
}

/// Checks every record of `source`: parse, replay, result.
pub fn check_source<G: Game>(
    file: &str,
    source: &str,
    overrides: &[(String, String)],
    mode: Mode,
) -> Vec<Report> {
    check_text::<G>(file, source, 0, overrides, mode)
}

/// Like [`check_source`], for a `source` that starts `lines_before` lines into the file.
pub fn check_text<G: Game>(
    file: &str,
    source: &str,
    lines_before: usize,
    overrides: &[(String, String)],
    mode: Mode,
) -> Vec<Report> {
    let mut out = Vec::new();
    let mut offset = 0;
    for (i, parsed) in Record::<G>::parse_all(source).into_iter().enumerate() {
        let record = i + 1;
        let mut report = Report {
            file: file.to_string(),
            record,
            plies: 0,
            result: None,
            error: None,
            warnings: Vec::new(),
        };
        match parsed {
            Err(e) => {
                offset = e.span.end;
                report.error = Some(problem_at(
                    file,
                    source,
                    lines_before,
                    &Error::Parse(e),
                    offset,
                ));
            }
            Ok(mut rec) => {
                apply_overrides(&mut rec, overrides);
                let start = rec.plies.first().map_or(offset, |p| p.span.start);
                let r = replay(&rec, mode);
                report.plies = r.moves.len();
                report.result = match (&r.error, r.outcome) {
                    (_, Some(o)) => Some(G::write_result(GameResult::Decided(o))),
                    (None, None) => rec.result.map(G::write_result),
                    (Some(_), None) => None,
                };
                if let Some(e) = &r.error {
                    report.error = Some(problem_at(file, source, lines_before, e, start));
                }
                report.warnings = r
                    .warnings
                    .iter()
                    .map(|w| {
                        problem_at(
                            file,
                            source,
                            lines_before,
                            &Error::Illegal(w.clone()),
                            start,
                        )
                    })
                    .collect();
                if let Some(last) = rec.plies.last() {
                    offset = last.span.end;
                }
            }
        }
        out.push(report);
    }
    out
}

/// Checks one piece of a stream: every record in it, or the reason it could not be read.
pub fn check_piece(
    id: GameId,
    file: &str,
    piece: &Result<RawRecord, BadRecord>,
    overrides: &[(String, String)],
    mode: Mode,
) -> Vec<Report> {
    match piece {
        Ok(raw) => {
            crate::with_game!(id, G => check_text::<G>(file, &raw.text, raw.lines_before, overrides, mode))
        }
        Err(bad) => {
            let e = &bad.error;
            let message = e.message();
            let pad = " ".repeat(e.column.saturating_sub(1).min(100));
            vec![Report {
                file: file.to_string(),
                record: 0,
                plies: 0,
                result: None,
                error: Some(Problem {
                    kind: "parse",
                    line: e.line,
                    column: e.column,
                    ply: None,
                    rendered: format!(
                        "{file}:{}:{}: {message}\n  {}\n  {pad}^",
                        e.line, e.column, bad.line_text
                    ),
                    message,
                }),
                warnings: Vec::new(),
            }]
        }
    }
}

/// Totals of a check run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Totals {
    /// Records seen.
    pub records: usize,
    /// Records that parsed and replayed legally.
    pub ok: usize,
}

/// What to check and how.
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
}

/// Records handed to a worker at once: a batch, so that the threads meet once per batch and
/// not once per record.
type Job = (usize, GameId, Arc<str>, Vec<Result<RawRecord, BadRecord>>);

/// A batch ends after this many records or bytes of record text.
const BATCH_RECORDS: usize = 64;
const BATCH_BYTES: usize = 256 << 10;

/// Checks every record of every file, streaming each file with memory of the order of one
/// record per worker, on `threads` workers, and hands the reports to `emit` in input order
/// (records numbered from 1 within each file). A file that cannot be opened or whose game
/// cannot be told is reported through `emit` as a failed record.
pub fn check_files(
    files: &[String],
    opts: &CheckOptions<'_>,
    mut emit: impl FnMut(&Report),
) -> Totals {
    let threads = opts.threads.max(1);
    let window = threads * 4;
    let (job_tx, job_rx) = mpsc::sync_channel::<Job>(threads * 2);
    let job_rx = Arc::new(Mutex::new(job_rx));
    let (res_tx, res_rx) = mpsc::channel::<(usize, Vec<Report>)>();
    let printed = Arc::new((Mutex::new(0usize), Condvar::new()));
    let mut totals = Totals::default();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let rx = Arc::clone(&job_rx);
            let tx = res_tx.clone();
            let overrides = opts.overrides;
            let mode = opts.mode;
            scope.spawn(move || loop {
                let job = match rx.lock() {
                    Ok(guard) => guard.recv(),
                    Err(_) => return,
                };
                let Ok((seq, id, file, pieces)) = job else {
                    return;
                };
                let reports = pieces
                    .iter()
                    .flat_map(|piece| check_piece(id, &file, piece, overrides, mode))
                    .collect();
                if tx.send((seq, reports)).is_err() {
                    return;
                }
            });
        }
        drop(res_tx);
        let printed_p = Arc::clone(&printed);
        let producer = scope.spawn(move || {
            let mut seq = 0usize;
            let wait_turn = |seq: usize| {
                let (lock, cv) = &*printed_p;
                let Ok(mut done) = lock.lock() else { return };
                while seq >= *done + window {
                    match cv.wait(done) {
                        Ok(d) => done = d,
                        Err(_) => return,
                    }
                }
            };
            for file in files {
                let name: Arc<str> = Arc::from(file.as_str());
                let opened = std::fs::File::open(file);
                let mut reader = match opened {
                    Ok(f) => BufReader::with_capacity(1 << 16, f),
                    Err(e) => {
                        let bad = BadRecord {
                            error: crate::error::ParseError {
                                span: 0..0,
                                line: 1,
                                column: 1,
                                expected: "a readable file".into(),
                                found: format!("{e}"),
                            },
                            line_text: String::new(),
                        };
                        wait_turn(seq);
                        let _ = job_tx.send((seq, GameId::Pylos, name, vec![Err(bad)]));
                        seq += 1;
                        continue;
                    }
                };
                let head = reader
                    .fill_buf()
                    .map(|b| String::from_utf8_lossy(b).into_owned());
                let id = opts
                    .game
                    .or_else(|| GameId::detect(file, head.as_deref().unwrap_or("")));
                let Some(id) = id else {
                    let bad = BadRecord {
                        error: crate::error::ParseError {
                            span: 0..0,
                            line: 1,
                            column: 1,
                            expected:
                                "a known game (give --game, a [Game] tag or a known extension)"
                                    .into(),
                            found: "none".into(),
                        },
                        line_text: String::new(),
                    };
                    wait_turn(seq);
                    let _ = job_tx.send((seq, GameId::Pylos, name, vec![Err(bad)]));
                    seq += 1;
                    continue;
                };
                let mut batch = Vec::new();
                let mut bytes = 0;
                let mut pieces = RecordReader::with_limits(reader, opts.limits).peekable();
                while let Some(piece) = pieces.next() {
                    bytes += piece.as_ref().map_or(0, |raw| raw.text.len());
                    batch.push(piece);
                    let full = batch.len() >= BATCH_RECORDS || bytes >= BATCH_BYTES;
                    if full || pieces.peek().is_none() {
                        wait_turn(seq);
                        let job = (seq, id, Arc::clone(&name), std::mem::take(&mut batch));
                        if job_tx.send(job).is_err() {
                            return;
                        }
                        seq += 1;
                        bytes = 0;
                    }
                }
            }
        });
        // Print in input order.
        let mut pending: BTreeMap<usize, Vec<Report>> = BTreeMap::new();
        let mut next = 0usize;
        let mut record_in_file: (Option<String>, usize) = (None, 0);
        for (seq, reports) in res_rx.iter() {
            pending.insert(seq, reports);
            while let Some(reports) = pending.remove(&next) {
                for mut r in reports {
                    if record_in_file.0.as_deref() != Some(r.file.as_str()) {
                        record_in_file = (Some(r.file.clone()), 0);
                    }
                    record_in_file.1 += 1;
                    r.record = record_in_file.1;
                    totals.records += 1;
                    totals.ok += usize::from(r.ok());
                    emit(&r);
                }
                next += 1;
                let (lock, cv) = &*printed;
                if let Ok(mut done) = lock.lock() {
                    *done = next;
                    cv.notify_all();
                }
            }
        }
        let _ = producer.join();
    });
    totals
}

/// Writes a report as `check` prints it: one JSON line, or the verdict line (or the error
/// with its caret) on `out` and warnings on `err`.
pub fn print_report(r: &Report, json: bool, out: &mut impl Write, err: &mut impl Write) {
    if json {
        let _ = writeln!(out, "{}", r.to_json());
        return;
    }
    for w in &r.warnings {
        let _ = writeln!(err, "warning: {}", w.rendered);
    }
    let _ = match &r.error {
        None => writeln!(
            out,
            "{} record {}: ok, {} plies, result {}",
            r.file,
            r.record,
            r.plies,
            r.result.as_deref().unwrap_or("none")
        ),
        Some(p) => writeln!(out, "{}", p.rendered),
    };
}
