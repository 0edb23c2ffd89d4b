//! Errors shared by every game: a [`ParseError`] says where the text stopped making sense,
//! an [`IllegalMove`] says which ply broke which rule.

use std::fmt;
use std::ops::Range;

/// Text that could not be read: where it is, what the grammar wanted there and what it found.
///
/// ```
/// use gamenote::pylos::Notation;
/// let err = "5a1".parse::<Notation>().unwrap_err();
/// assert_eq!((err.line, err.column), (1, 1));
/// assert!(err.to_string().contains("expected a Pylos move"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ParseError {
    /// Byte range of the offending text in the whole input.
    pub span: Range<usize>,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// What the grammar expected at that place.
    pub expected: String,
    /// What was there instead (`end of input` at the end).
    pub found: String,
    /// The 1-based index of the written move that could not be read, when the error lies
    /// in one (a move of the movetext); `None` elsewhere (tags, comments, a lone move).
    #[cfg_attr(feature = "serde", serde(default))]
    pub ply: Option<usize>,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: expected {}, found {}",
            self.line, self.column, self.expected, self.found
        )
    }
}

impl ParseError {
    /// Builds an error at byte `offset` of `input`, quoting the token found there.
    pub fn at(input: &str, offset: usize, expected: impl Into<String>) -> Self {
        let offset = floor_char_boundary(input, offset.min(input.len()));
        let (line, column) = line_col(input, offset);
        let rest = &input[offset..];
        let token_len = token_len(rest);
        let found = if rest.is_empty() {
            "end of input".to_string()
        } else {
            format!("{:?}", &rest[..token_len])
        };
        ParseError {
            span: offset..offset + token_len,
            line,
            column,
            expected: expected.into(),
            found,
            ply: None,
        }
    }

    /// Moves the error's position by `base` bytes, for text that was cut out of a larger input.
    pub fn rebase(mut self, whole: &str, base: usize) -> Self {
        let start = base + self.span.start;
        let (line, column) = line_col(whole, start.min(whole.len()));
        self.span = start..base + self.span.end;
        self.line = line;
        self.column = column;
        self
    }

    /// Renders the error as a compiler does: `file:line:column: message`, the source line and
    /// a caret under the offending text.
    pub fn render(&self, file: &str, source: &str) -> String {
        render_at(file, source, self.span.clone(), &self.message())
    }

    /// The message without the position: `expected X, found Y`.
    pub fn message(&self) -> String {
        format!("expected {}, found {}", self.expected, self.found)
    }
}

/// Renders `message` at `span` of `source` with the source line and a caret line.
pub fn render_at(file: &str, source: &str, span: Range<usize>, message: &str) -> String {
    render_at_line(file, source, span, message, 0)
}

/// Like [`render_at`], for a `source` that starts `lines_before` lines into the file.
/// Long lines are shown as a window of at most 100 characters around the error.
pub fn render_at_line(
    file: &str,
    source: &str,
    span: Range<usize>,
    message: &str,
    lines_before: usize,
) -> String {
    let start = floor_char_boundary(source, span.start.min(source.len()));
    let (line, column) = line_col(source, start);
    let line_start = source[..start].rfind(['\n', '\r']).map_or(0, |i| i + 1);
    let line_end = source[start..]
        .find(['\n', '\r'])
        .map_or(source.len(), |i| start + i);
    let before: Vec<char> = source[line_start..start].chars().collect();
    let skip = before.len().saturating_sub(60);
    let shown: String = source[line_start..line_end]
        .chars()
        .skip(skip)
        .take(100)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let width = source[start..floor_char_boundary(source, span.end.min(line_end).max(start))]
        .chars()
        .count()
        .clamp(1, 40);
    let pad = " ".repeat(before.len() - skip);
    format!(
        "{file}:{}:{column}: {message}\n  {shown}\n  {pad}{}",
        line + lines_before,
        "^".repeat(width)
    )
}

/// Largest char boundary not after `i`.
pub(crate) fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    if i >= s.len() {
        return s.len();
    }
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// 1-based line and character column of byte `offset`; `\r\n` and a lone `\r` end a line.
pub fn line_col(input: &str, offset: usize) -> (usize, usize) {
    let offset = floor_char_boundary(input, offset);
    let before = &input.as_bytes()[..offset];
    let mut line = 1;
    let mut line_start = 0;
    let mut i = 0;
    while i < before.len() {
        match before[i] {
            b'\n' => {
                line += 1;
                line_start = i + 1;
            }
            b'\r' if before.get(i + 1) != Some(&b'\n') => {
                line += 1;
                line_start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    let column = input[line_start..offset].chars().count() + 1;
    (line, column)
}

fn token_len(rest: &str) -> usize {
    let mut end = 0;
    for (i, c) in rest.char_indices() {
        if i > 0 && (c.is_whitespace() || i >= 24) {
            break;
        }
        if i == 0 && c.is_whitespace() {
            return c.len_utf8();
        }
        end = i + c.len_utf8();
    }
    end
}

/// How a move went wrong when checked against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MoveErrorKind {
    /// No legal move matches what was written.
    Illegal,
    /// More than one legal move matches what was written.
    Ambiguous,
    /// The move is legal but its annotations (markers, reserve counts, a result) disagree
    /// with what it did.
    Mismatch,
}

impl fmt::Display for MoveErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveErrorKind::Illegal => "illegal",
            MoveErrorKind::Ambiguous => "ambiguous",
            MoveErrorKind::Mismatch => "mismatch",
        })
    }
}

/// Why a written move could not become a move in a given position, without the ply.
///
/// `Game::resolve` returns this; replay adds the ply and the written text to make an
/// [`IllegalMove`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("{reason}")]
pub struct MoveError {
    /// Illegal, ambiguous or a mismatch.
    pub kind: MoveErrorKind,
    /// The reason in words, e.g. `1b2 supports 2a1 and cannot be raised`.
    pub reason: String,
}

impl MoveError {
    /// An illegal move with its reason.
    pub fn illegal(reason: impl Into<String>) -> Self {
        MoveError {
            kind: MoveErrorKind::Illegal,
            reason: reason.into(),
        }
    }
    /// An ambiguous move; the reason should list the candidates.
    pub fn ambiguous(reason: impl Into<String>) -> Self {
        MoveError {
            kind: MoveErrorKind::Ambiguous,
            reason: reason.into(),
        }
    }
    /// An annotation that contradicts the move.
    pub fn mismatch(reason: impl Into<String>) -> Self {
        MoveError {
            kind: MoveErrorKind::Mismatch,
            reason: reason.into(),
        }
    }
}

/// A move of a record that the rules reject, with the ply (1-based), what was written and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("ply {ply} ({written}): {kind}: {reason}")]
pub struct IllegalMove {
    /// 1-based index of the offending move in the record (0 for the record as a whole, such as
    /// a result that disagrees).
    pub ply: usize,
    /// The move as written.
    pub written: String,
    /// Illegal, ambiguous or a mismatch.
    pub kind: MoveErrorKind,
    /// The reason in words.
    pub reason: String,
    /// Byte range of the move in the record's text, when known.
    pub span: Option<Range<usize>>,
}

/// Anything that can go wrong reading or checking a record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Error {
    /// The text does not follow the grammar.
    #[error("{0}")]
    Parse(#[from] ParseError),
    /// A move, an annotation or the result breaks the rules.
    #[error("{0}")]
    Illegal(#[from] IllegalMove),
    /// A tag value (rules, set-up position, size) is not understood.
    #[error("{0}")]
    Setup(String),
}
