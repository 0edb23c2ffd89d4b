//! The command line's work, kept in the library so it is tested and reusable: choosing the
//! game of a file, checking records into reports, and rendering those reports as text or
//! JSON lines. `src/bin/gamenote.rs` only parses arguments and does the input and output.

use std::fmt::Write as _;

use crate::error::{line_col, render_at, Error};
use crate::game::{Game, GameResult, Mode};
use crate::record::{replay, Record};

/// The games the command line knows, by their `--game` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameId {
    /// `pylos`
    Pylos,
}

impl GameId {
    /// Every game: (id, `[Game]` tag name, file extension).
    pub const ALL: &'static [(GameId, &'static str, &'static str, &'static str)] = &[(
        GameId::Pylos,
        crate::pylos::Pylos::ID,
        crate::pylos::Pylos::NAME,
        crate::pylos::Pylos::EXTENSION,
    )];

    /// The game named on the command line (`pylos`, ...).
    pub fn from_name(name: &str) -> Option<GameId> {
        Self::ALL
            .iter()
            .find(|(_, id, tag, _)| name.eq_ignore_ascii_case(id) || name.eq_ignore_ascii_case(tag))
            .map(|e| e.0)
    }

    /// The game of a file: from its first `[Game "..."]` tag if that names a known game,
    /// else from its extension (`x.pylos`, also `x.pylos.txt`).
    pub fn detect(path: &str, text: &str) -> Option<GameId> {
        if let Some(name) = first_game_tag(text) {
            if let Some(g) = Self::from_name(name.trim()) {
                return Some(g);
            }
        }
        let lower = path.to_ascii_lowercase();
        let stem = lower.strip_suffix(".txt").unwrap_or(&lower);
        Self::ALL
            .iter()
            .find(|(_, _, _, ext)| stem.ends_with(&format!(".{ext}")))
            .map(|e| e.0)
    }
}

fn first_game_tag(text: &str) -> Option<&str> {
    let head = &text[..crate::error::floor_char_boundary(text, text.len().min(64 * 1024))];
    let i = head.find("[Game")?;
    let rest = &head[i + 5..];
    let open = rest.find('"')?;
    let rest = &rest[open + 1..];
    let close = rest.find('"')?;
    Some(&rest[..close])
}

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
        line,
        column,
        ply,
        rendered: render_at(file, source, span, &message),
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
                report.error = Some(problem(file, source, &Error::Parse(e), offset));
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
                    report.error = Some(problem(file, source, e, start));
                }
                report.warnings = r
                    .warnings
                    .iter()
                    .map(|w| problem(file, source, &Error::Illegal(w.clone()), start))
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
