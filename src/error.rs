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
#[non_exhaustive]
pub struct ParseError {
    /// Byte range of the offending text in the whole input.
    pub span: Range<usize>,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// What the grammar expected at that place.
    pub expected: String,
    /// What was there instead, as displayed: the text of the input in quotes (`"zz"`), or a
    /// description in words (`end of input`, `a NUL byte`). [`ParseError::found_text`] gives
    /// the text without its quotes.
    pub found: String,
    /// The 1-based index of the written move that could not be read, when the error lies
    /// in one (a move of the movetext); `None` elsewhere (tags, comments, a lone move).
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
    /// Builds an error at byte `offset` of `input`, quoting the token found there (its
    /// first 24 bytes, and `…` when it goes on).
    ///
    /// ```
    /// use gamenote::ParseError;
    /// let e = ParseError::at("1b2 zz *", 4, "a Pylos move");
    /// assert_eq!((e.line, e.column, e.span.clone()), (1, 5, 4..6));
    /// assert_eq!(e.to_string(), "1:5: expected a Pylos move, found \"zz\"");
    /// assert_eq!(ParseError::at("1b2", 3, "a result").found, "end of input");
    /// let long = format!("1b2 {} *", "z".repeat(100));
    /// let e = ParseError::at(&long, 4, "a Pylos move");
    /// assert_eq!((e.span.clone(), e.found), (4..28, format!("\"{}…\"", "z".repeat(24))));
    /// ```
    pub fn at(input: &str, offset: usize, expected: impl Into<String>) -> Self {
        let offset = floor_char_boundary(input, offset.min(input.len()));
        let (line, column) = line_col(input, offset);
        let rest = &input[offset..];
        let token_len = token_len(rest);
        let found = if rest.is_empty() {
            "end of input".to_string()
        } else if rest[token_len..].starts_with(|c: char| !c.is_whitespace())
            && !rest.starts_with(char::is_whitespace)
        {
            // The token goes on past what is quoted: say so, so that the quote is not
            // taken for the whole token.
            format!("{:?}", format!("{}…", &rest[..token_len]))
        } else {
            format!("{:?}", excerpt(&rest[..token_len]))
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
    ///
    /// ```
    /// use gamenote::ParseError;
    /// let whole = "[Event \"x\"]\n1b2 zz *";
    /// let base = whole.find("1b2").unwrap();
    /// let e = ParseError::at(&whole[base..], 4, "a Pylos move").rebase(whole, base);
    /// assert_eq!((e.line, e.column, e.span), (2, 5, 16..18));
    /// ```
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
    ///
    /// ```
    /// use gamenote::ParseError;
    /// let text = "1b2 zz *";
    /// let e = ParseError::at(text, 4, "a Pylos move");
    /// assert_eq!(
    ///     e.render("a.pylos", text),
    ///     "a.pylos:1:5: expected a Pylos move, found \"zz\"\n  1b2 zz *\n      ^^"
    /// );
    /// ```
    pub fn render(&self, file: &str, source: &str) -> String {
        render_at(file, source, self.span.clone(), &self.message())
    }

    /// The message without the position: `expected X, found Y`.
    ///
    /// ```
    /// use gamenote::ParseError;
    /// let e = ParseError::at("1b2 zz *", 4, "a Pylos move");
    /// assert_eq!(e.message(), "expected a Pylos move, found \"zz\"");
    /// ```
    pub fn message(&self) -> String {
        format!("expected {}, found {}", self.expected, self.found)
    }

    /// The text of the input that was found, without the quotes [`ParseError::found`] shows
    /// it in; `None` when `found` describes something in words (`end of input`).
    ///
    /// ```
    /// use gamenote::pylos::Notation;
    /// let err = "zz".parse::<Notation>().unwrap_err();
    /// assert_eq!(err.found, "\"zz\"");
    /// assert_eq!(err.found_text().as_deref(), Some("zz"));
    /// let err = "".parse::<Notation>().unwrap_err();
    /// assert_eq!((err.found.as_str(), err.found_text()), ("end of input", None));
    /// ```
    pub fn found_text(&self) -> Option<String> {
        unquote(&self.found)
    }
}

/// The string whose `Debug` form is `quoted`, if there is one.
fn unquote(quoted: &str) -> Option<String> {
    let inner = quoted.strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next()? {
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            '0' => out.push('\0'),
            'u' => {
                let rest = chars.as_str().strip_prefix('{')?;
                let end = rest.find('}')?;
                let code = u32::from_str_radix(&rest[..end], 16).ok()?;
                out.push(char::from_u32(code)?);
                chars = rest[end + 1..].chars();
            }
            c => out.push(c),
        }
    }
    (format!("{out:?}") == quoted).then_some(out)
}

/// Renders `message` at `span` of `source` with the source line and a caret line.
///
/// ```
/// use gamenote::error::render_at;
/// assert_eq!(
///     render_at("a.pylos", "1b2 1b2 *", 4..7, "1b2 is occupied"),
///     "a.pylos:1:5: 1b2 is occupied\n  1b2 1b2 *\n      ^^^"
/// );
/// ```
pub fn render_at(file: &str, source: &str, span: Range<usize>, message: &str) -> String {
    render_at_line(file, source, span, message, 0)
}

/// Like [`render_at`], for a `source` that starts `lines_before` lines into the file.
/// Long lines are shown as a window of at most 100 characters around the error.
///
/// ```
/// use gamenote::error::render_at_line;
/// // The record read starts on line 11 of its file.
/// assert_eq!(
///     render_at_line("a.pylos", "1b2 1b2 *", 4..7, "1b2 is occupied", 10),
///     "a.pylos:11:5: 1b2 is occupied\n  1b2 1b2 *\n      ^^^"
/// );
/// ```
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
    let before = source[line_start..start].chars().count();
    let from = source[line_start..start]
        .char_indices()
        .nth(before.saturating_sub(ECHO_BEFORE))
        .map_or(start, |(i, _)| line_start + i);
    let (shown, under) = echo(&source[from..], start - from, span.end.saturating_sub(from));
    format!(
        "{file}:{}:{column}: {}\n  {shown}\n  {under}",
        line + lines_before,
        escape_invisible(message)
    )
}

/// How many characters of the line an echo shows before the error, and in all.
pub(crate) const ECHO_BEFORE: usize = 60;
const ECHO_SHOWN: usize = 100;
/// The most characters of the source a caret line underlines.
const ECHO_CARETS: usize = 40;

/// The two lines under an error's message: `window` (text from the first character shown,
/// running on to the end of its line or beyond) shown with [`escape_invisible`], at most
/// 100 characters of it, and a line of spaces and carets under the bytes `at..end` of it,
/// counted in the columns of what is shown, so the carets stand under the escaped text.
pub(crate) fn echo(window: &str, at: usize, end: usize) -> (String, String) {
    let mut shown = String::new();
    let (mut pad, mut carets, mut under) = (0, 0, 0);
    for (i, c) in window
        .char_indices()
        .take_while(|&(_, c)| c != '\n' && c != '\r')
        .take(ECHO_SHOWN)
    {
        let before = shown.len();
        push_shown(&mut shown, c);
        let width: usize = shown[before..].chars().map(display_width).sum();
        if i < at {
            pad += width;
        } else if i < end && under < ECHO_CARETS {
            carets += width;
            under += 1;
        }
    }
    let mut line = " ".repeat(pad);
    line.push_str(&"^".repeat(carets.max(1)));
    (shown, line)
}

/// Whether `c` is shown escaped when text of the input is echoed: C0 controls (a tab
/// aside, shown as spaces), DEL and C1 controls, the bidirectional controls (U+061C,
/// U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069), which could make a terminal show
/// the line in another order than it has, and the other characters that are invisible or
/// of no width (format characters such as U+200B, U+2060, U+FEFF and the tag characters,
/// line and paragraph separators, variation selectors, fillers).
pub(crate) fn invisible(c: char) -> bool {
    matches!(c,
        '\0'..='\u{8}' | '\u{a}'..='\u{1f}' | '\u{7f}'..='\u{9f}' | '\u{ad}' | '\u{34f}'
        | '\u{600}'..='\u{605}' | '\u{61c}' | '\u{6dd}' | '\u{70f}' | '\u{890}'..='\u{891}'
        | '\u{8e2}' | '\u{115f}'..='\u{1160}' | '\u{17b4}'..='\u{17b5}'
        | '\u{180b}'..='\u{180f}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}'
        | '\u{2060}'..='\u{206f}' | '\u{3164}' | '\u{fe00}'..='\u{fe0f}' | '\u{feff}'
        | '\u{ffa0}' | '\u{fff0}'..='\u{fffb}' | '\u{110bd}' | '\u{110cd}'
        | '\u{13430}'..='\u{1343f}' | '\u{1bca0}'..='\u{1bca3}' | '\u{1d173}'..='\u{1d17a}'
        | '\u{e0000}'..='\u{e0fff}')
}

fn push_shown(out: &mut String, c: char) {
    use std::fmt::Write as _;
    if c == '\t' {
        out.push_str("    ");
    } else if invisible(c) {
        let _ = write!(out, "\\u{{{:x}}}", c as u32);
    } else {
        out.push(c);
    }
}

/// `text` as an error shows it: each control character, bidirectional control and other
/// invisible character written as its escape (`\u{202e}`), as compilers do, and a tab as
/// four spaces; so that what a terminal shows is what the text holds, in its order, and a
/// caret counted in the columns of the result stands under the character it points at.
///
/// ```
/// use gamenote::error::escape_invisible;
/// assert_eq!(escape_invisible("1b2 1c3 *"), "1b2 1c3 *"); // most text is unchanged
/// assert_eq!(escape_invisible("1b2 \u{202e}1c3"), "1b2 \\u{202e}1c3");
/// assert_eq!(escape_invisible("a\u{1b}[31mb\u{7f}"), "a\\u{1b}[31mb\\u{7f}");
/// assert_eq!(escape_invisible("a\tb"), "a    b");
/// assert_eq!(escape_invisible("zero\u{200b}width é 中"), "zero\\u{200b}width é 中");
/// ```
pub fn escape_invisible(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(|c| c == '\t' || invisible(c)) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        push_shown(&mut out, c);
    }
    std::borrow::Cow::Owned(out)
}

/// Largest char boundary not after `i`.
/// The most characters of one token a message quotes; a longer token is cut there (at a
/// character boundary) and `…` is added, so that no message repeats a huge token.
pub const QUOTE_CHARS: usize = 64;

/// `s` as a message quotes it: whole when it has at most [`QUOTE_CHARS`] characters, else
/// its first `QUOTE_CHARS - 1` characters and `…`.
///
/// ```
/// use gamenote::error::{excerpt, QUOTE_CHARS};
/// assert_eq!(excerpt("1b2"), "1b2");
/// let long = "x;".repeat(1000);
/// let cut = excerpt(&long);
/// assert_eq!(cut.chars().count(), QUOTE_CHARS);
/// assert!(cut.ends_with(";x…"));
/// ```
pub fn excerpt(s: &str) -> std::borrow::Cow<'_, str> {
    match s.char_indices().nth(QUOTE_CHARS) {
        None => std::borrow::Cow::Borrowed(s),
        Some(_) => {
            let cut = s
                .char_indices()
                .nth(QUOTE_CHARS - 1)
                .map_or(s.len(), |(i, _)| i);
            std::borrow::Cow::Owned(format!("{}…", &s[..cut]))
        }
    }
}

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
///
/// ```
/// use gamenote::error::line_col;
/// assert_eq!(line_col("1b2\r\n1c3", 6), (2, 2));
/// assert_eq!(line_col("1b2\r1c3", 4), (2, 1), "a lone \\r ends a line too");
/// assert_eq!(line_col("{é} 1b2", 5), (1, 5), "columns count characters, not bytes");
/// ```
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

/// The one vocabulary of what went wrong, the same word in every door: the `kind` of
/// `gamenote check --json` and of the library's serde forms, the `error_kind` column of
/// `gamenote export`, and the `kind` of Python's `Problem` and `GamenoteError`. Its
/// [`Display`](fmt::Display), [`ErrorKind::as_str`], [`FromStr`](std::str::FromStr) and serde
/// form are the word.
///
/// - `parse`: the text does not follow the grammar (or is no text: a byte that is not
///   UTF-8), including junk between records, an unclosed comment and an unknown game;
/// - `illegal`: a written move that cannot be played in its position (no legal move, or
///   more than one, matches it; [`MoveErrorKind`] tells which);
/// - `mismatch`: a legal move, or the record as a whole, whose annotations disagree with
///   what happened (markers, reserve counts, check marks, a result that the record
///   contradicts);
/// - `setup`: a tag that sets the game up (`[Rules]`, `[Position]`, `[Size]`, ...) cannot
///   be used;
/// - `limit`: a record longer than the reader's limit;
/// - `io`: the input could not be read.
///
/// ```
/// use gamenote::{pylos::Pylos, record, ErrorKind, Mode, Record, ValueError, Error};
/// let rec: Record<Pylos> = "1b2 1b2 *".parse()?;
/// let err = record::replay(&rec, Mode::Strict).error.expect("1b2 is taken");
/// assert_eq!(err.kind(), ErrorKind::Illegal);
/// assert_eq!(ErrorKind::Setup.to_string(), "setup");
/// assert_eq!(Error::Setup(ValueError::new("odd")).kind(), ErrorKind::Setup);
/// assert_eq!("mismatch".parse::<ErrorKind>()?, ErrorKind::Mismatch);
/// assert!("ambiguous".parse::<ErrorKind>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[non_exhaustive]
pub enum ErrorKind {
    /// The text cannot be read: a parse error, bad bytes, junk between records.
    Parse,
    /// A move that cannot be played in its position (illegal or ambiguous).
    Illegal,
    /// A legal move, or the record's result, whose annotations disagree with the game.
    Mismatch,
    /// A set-up tag (rules, position, size, style) that cannot be used.
    Setup,
    /// A record longer than the reader's limit.
    Limit,
    /// The input could not be read.
    Io,
}

impl ErrorKind {
    /// Every kind, in order.
    ///
    /// ```
    /// use gamenote::ErrorKind;
    /// let names: Vec<&str> = ErrorKind::ALL.iter().map(|k| k.as_str()).collect();
    /// assert_eq!(names, ["parse", "illegal", "mismatch", "setup", "limit", "io"]);
    /// ```
    pub const ALL: [ErrorKind; 6] = [
        ErrorKind::Parse,
        ErrorKind::Illegal,
        ErrorKind::Mismatch,
        ErrorKind::Setup,
        ErrorKind::Limit,
        ErrorKind::Io,
    ];

    /// The word.
    ///
    /// ```
    /// assert_eq!(gamenote::ErrorKind::Parse.as_str(), "parse");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorKind::Parse => "parse",
            ErrorKind::Illegal => "illegal",
            ErrorKind::Mismatch => "mismatch",
            ErrorKind::Setup => "setup",
            ErrorKind::Limit => "limit",
            ErrorKind::Io => "io",
        }
    }

    /// The kind of `err` ([`Error::kind`]).
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, Error, ErrorKind, Record};
    /// let parse: Error = "1b2 zz *".parse::<Record<Pylos>>().unwrap_err().into();
    /// assert_eq!(ErrorKind::of(&parse), ErrorKind::Parse);
    /// ```
    pub fn of(err: &Error) -> ErrorKind {
        err.kind()
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for ErrorKind {
    type Err = ValueError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ErrorKind::ALL
            .into_iter()
            .find(|k| k.as_str() == s)
            .ok_or_else(|| {
                ValueError::new(format!(
                    "unknown error kind {s:?} (expected parse, illegal, mismatch, setup, limit or io)"
                ))
            })
    }
}

impl MoveErrorKind {
    /// The [`ErrorKind`] of a move that went wrong this way: `mismatch` for a mismatch,
    /// `illegal` for an illegal or ambiguous move.
    ///
    /// ```
    /// use gamenote::{ErrorKind, MoveErrorKind};
    /// assert_eq!(MoveErrorKind::Ambiguous.error_kind(), ErrorKind::Illegal);
    /// assert_eq!(MoveErrorKind::Mismatch.error_kind(), ErrorKind::Mismatch);
    /// ```
    pub const fn error_kind(self) -> ErrorKind {
        match self {
            MoveErrorKind::Mismatch => ErrorKind::Mismatch,
            MoveErrorKind::Illegal | MoveErrorKind::Ambiguous => ErrorKind::Illegal,
        }
    }
}

/// How a move went wrong when checked against a position.
///
/// ```
/// use gamenote::{pylos::Pylos, record, Error, Mode, MoveErrorKind, Record};
/// let rec: Record<Pylos> = "1b2 1b2 *".parse()?;
/// let Some(Error::Illegal(e)) = record::replay(&rec, Mode::Strict).error else { panic!() };
/// assert_eq!(e.kind, MoveErrorKind::Illegal);
/// assert_eq!(MoveErrorKind::Ambiguous.to_string(), "ambiguous");
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[non_exhaustive]
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
/// `Notate::resolve` returns this; replay adds the ply and the written text to make an
/// [`IllegalMove`].
///
/// ```
/// use gamenote::{MoveError, MoveErrorKind};
/// let e = MoveError::ambiguous("1d2 can be raised from 1a1 or 1a2");
/// assert_eq!(e.kind, MoveErrorKind::Ambiguous);
/// assert_eq!(e.to_string(), "1d2 can be raised from 1a1 or 1a2");
/// assert_eq!(MoveError::illegal("x").kind, MoveErrorKind::Illegal);
/// assert_eq!(MoveError::mismatch("x").kind, MoveErrorKind::Mismatch);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("{reason}")]
#[non_exhaustive]
pub struct MoveError {
    /// Illegal, ambiguous or a mismatch.
    pub kind: MoveErrorKind,
    /// The reason in words, e.g. `1b2 supports 2a1 and cannot be raised`.
    pub reason: String,
}

impl MoveError {
    /// An illegal move with its reason.
    ///
    /// ```
    /// use gamenote::{MoveError, MoveErrorKind};
    /// let e = MoveError::illegal("1b2 is occupied");
    /// assert_eq!((e.kind, e.to_string()), (MoveErrorKind::Illegal, "1b2 is occupied".into()));
    /// ```
    pub fn illegal(reason: impl Into<String>) -> Self {
        MoveError {
            kind: MoveErrorKind::Illegal,
            reason: reason.into(),
        }
    }
    /// An ambiguous move; the reason should list the candidates.
    ///
    /// ```
    /// use gamenote::{MoveError, MoveErrorKind};
    /// let e = MoveError::ambiguous("2a1 can be raised from 1a1 or 1d4");
    /// assert_eq!(e.kind, MoveErrorKind::Ambiguous);
    /// assert_eq!(e.reason, "2a1 can be raised from 1a1 or 1d4");
    /// ```
    pub fn ambiguous(reason: impl Into<String>) -> Self {
        MoveError {
            kind: MoveErrorKind::Ambiguous,
            reason: reason.into(),
        }
    }
    /// An annotation that contradicts the move.
    ///
    /// ```
    /// use gamenote::{MoveError, MoveErrorKind};
    /// let e = MoveError::mismatch("the record gives (12) in reserve but the move leaves 11");
    /// assert_eq!(e.kind, MoveErrorKind::Mismatch);
    /// assert_eq!(e.to_string(), "the record gives (12) in reserve but the move leaves 11");
    /// ```
    pub fn mismatch(reason: impl Into<String>) -> Self {
        MoveError {
            kind: MoveErrorKind::Mismatch,
            reason: reason.into(),
        }
    }
}

/// A move of a record that the rules reject, with the ply (1-based), what was written and why.
///
/// ```
/// use gamenote::{record, Mode, Record, pylos::Pylos};
/// let rec: Record<Pylos> = "1b2 1b2 *".parse()?;
/// let e = record::replay(&rec, Mode::Strict).into_result().unwrap_err();
/// let gamenote::Error::Illegal(m) = e else { panic!("{e}") };
/// assert_eq!((m.ply, m.written.as_str(), m.span.clone()), (2, "1b2", Some(4..7)));
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", placed(self.line, self.column, &self.message()))]
#[non_exhaustive]
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
    /// 1-based line of `span`'s start, once the error is placed in a text (by the stream
    /// readers, [`Error::locate`] or a stream record's `RawRecord::locate`); 0 until then.
    pub line: usize,
    /// 1-based column (in characters) of `span`'s start; 0 until the error is placed.
    pub column: usize,
}

/// A value that is not understood: a rule set, a style, a tag's value (`[Size]`,
/// `[Handicap]`) or a set-up position.
///
/// ```
/// use gamenote::{error::ValueError, pylos::Rules};
/// let err: ValueError = "chess".parse::<Rules>().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "unknown Pylos rule set \"chess\" (expected standard, alignment or children)"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", placed(self.line, self.column, &self.message))]
#[non_exhaustive]
pub struct ValueError {
    /// The tag whose value it is, when it comes from a record's tags (`Rules`, `Position`).
    pub tag: Option<String>,
    /// What is wrong, in words.
    pub message: String,
    /// Byte range of the tag's value (inside its quotes) in the input, once the error is
    /// placed in a record's text (by the stream readers, [`Error::locate`] or
    /// a stream record's `RawRecord::locate`); `None` until then, or when the record has no
    /// such tag (the error is then placed at the record's start).
    pub span: Option<Range<usize>>,
    /// 1-based line where the error is placed; 0 until it is.
    pub line: usize,
    /// 1-based column (in characters) where the error is placed; 0 until it is.
    pub column: usize,
}

impl ValueError {
    /// An error with its message, not tied to a tag.
    ///
    /// ```
    /// use gamenote::ValueError;
    /// let e = ValueError::new("no Pylon board of size 27");
    /// assert_eq!((e.tag.as_deref(), e.to_string()), (None, "no Pylon board of size 27".into()));
    /// ```
    pub fn new(message: impl Into<String>) -> Self {
        ValueError {
            tag: None,
            message: message.into(),
            span: None,
            line: 0,
            column: 0,
        }
    }

    /// The same error, said of the value of tag `name` (kept if one is already named).
    ///
    /// ```
    /// use gamenote::ValueError;
    /// let e = ValueError::new("no Pylon board of size 27").in_tag("Size");
    /// assert_eq!(e.tag.as_deref(), Some("Size"));
    /// assert_eq!(e.in_tag("Rules").tag.as_deref(), Some("Size"), "the first tag named stays");
    /// ```
    pub fn in_tag(mut self, name: &str) -> Self {
        if self.tag.is_none() {
            self.tag = Some(name.to_string());
        }
        self
    }

    /// Renders the error as [`ParseError::render`] does, with the caret under its own span
    /// (its tag's value) in `source`, the text its span indexes, or as `file: message` when
    /// it has none. `source` is never searched for the tag's name.
    ///
    /// ```
    /// use gamenote::{error::ValueError, pylon::Pylon, Error, Mode, Record};
    /// let text = "[Game \"Pylon\"]\n[Size \"27\"]\n\n1. 1a1 *\n";
    /// let rec: Record<Pylon> = text.parse()?;
    /// let Some(Error::Setup(e)) = rec.replay(Mode::Strict).error else { panic!() };
    /// assert_eq!(
    ///     e.render("a.pylon", text),
    ///     "a.pylon:2:8: the Size tag \"27\" is not a Pylon board size from 2 to 26\n  [Size \"27\"]\n         ^^"
    /// );
    /// assert_eq!(ValueError::new("odd").in_tag("Size").render("a.pylon", text), "a.pylon: odd");
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn render(&self, file: &str, source: &str) -> String {
        // At its own span (its tag's value), where `location()` places the error: never
        // found by searching `source` for the tag's name, which may be another record's.
        match self.span.clone().filter(|s| s.start <= source.len()) {
            Some(span) => render_at(file, source, span, &self.message),
            None => format!("{file}: {}", escape_invisible(&self.message)),
        }
    }
}

/// The byte range of the first tag line `[name ...]` of `source`, compared without case.
fn find_tag(source: &str, name: &str) -> Option<Range<usize>> {
    let mut at = 0;
    // A lone CR ends a line too.
    for line in source.split_inclusive(['\n', '\r']) {
        let body = line.trim_start();
        let lead = line.len() - body.len();
        if let Some(rest) = body.strip_prefix('[') {
            let matches = rest
                .get(..name.len())
                .is_some_and(|n| n.eq_ignore_ascii_case(name))
                && rest[name.len()..].starts_with([' ', '\t', '"']);
            if matches {
                let len = body.find(']').map_or(body.trim_end().len(), |i| i + 1);
                return Some(at + lead..at + lead + len);
            }
        }
        at += line.len();
    }
    None
}

impl MoveError {
    /// Renders the error with the caret under `span` of `source`, where the written move is.
    ///
    /// ```
    /// use gamenote::MoveError;
    /// let e = MoveError::illegal("1a1 is taken");
    /// assert_eq!(e.render("a.pylos", "1a1 1a1 *", 4..7), "a.pylos:1:5: 1a1 is taken\n  1a1 1a1 *\n      ^^^");
    /// ```
    pub fn render(&self, file: &str, source: &str, span: Range<usize>) -> String {
        render_at(file, source, span, &self.reason)
    }
}

impl IllegalMove {
    /// The message without the position: `ply 3 (1c4): 1c4 is taken`, or the reason alone for
    /// the record as a whole (ply 0).
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, record, Error, Mode, Record};
    /// let rec: Record<Pylos> = "1a1 1a1 *".parse()?;
    /// let Some(Error::Illegal(e)) = record::replay(&rec, Mode::Strict).error else { panic!() };
    /// assert_eq!(e.message(), "ply 2 (1a1): 1a1 is occupied");
    /// // A disagreement of the record as a whole is ply 0: the reason alone.
    /// let rec: Record<Pylos> = "[Result \"1-0\"]\n1b2 0-1".parse()?;
    /// let Some(Error::Illegal(e)) = record::replay(&rec, Mode::Strict).error else { panic!() };
    /// assert_eq!(e.ply, 0);
    /// assert_eq!(e.message(), "the Result tag says 1-0 but the movetext ends with 0-1");
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn message(&self) -> String {
        match self.ply {
            0 => self.reason.clone(),
            p => format!("ply {p} ({}): {}", self.written, self.reason),
        }
    }

    /// Renders the error with the caret under the move in `source` (the record's text), or
    /// at the end of `source` when the span is not known.
    ///
    /// ```
    /// use gamenote::{record::replay, Error, Mode, Record, pylos::Pylos};
    /// let text = "1a1 1a1 *";
    /// let rec: Record<Pylos> = text.parse().unwrap();
    /// let Some(Error::Illegal(e)) = replay(&rec, Mode::Strict).error else { panic!() };
    /// assert_eq!(
    ///     e.render("a.pylos", text),
    ///     "a.pylos:1:5: ply 2 (1a1): 1a1 is occupied\n  1a1 1a1 *\n      ^^^"
    /// );
    /// ```
    pub fn render(&self, file: &str, source: &str) -> String {
        let span = self.span.clone().unwrap_or(source.len()..source.len());
        render_at(file, source, span, &self.message())
    }
}

/// Anything that can go wrong reading or checking a record.
///
/// ```
/// use gamenote::{pylos::Pylos, record, Error, Mode, Record};
/// fn check(text: &str) -> Result<(), Error> {
///     let rec: Record<Pylos> = text.parse()?;
///     record::replay(&rec, Mode::Strict).into_result()?;
///     Ok(())
/// }
/// assert!(matches!(check("1b2 zz *"), Err(Error::Parse(_))));
/// assert!(matches!(check("1b2 1b2 *"), Err(Error::Illegal(_))));
/// assert!(matches!(check("[Rules \"chess\"]\n1b2 *"), Err(Error::Setup(_))));
/// assert!(check("1b2 1c3 *").is_ok());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The text does not follow the grammar.
    #[error("{0}")]
    Parse(#[from] ParseError),
    /// A move, an annotation or the result breaks the rules.
    #[error("{0}")]
    Illegal(#[from] IllegalMove),
    /// A tag value (rules, set-up position, size) is not understood.
    #[error("{0}")]
    Setup(#[from] ValueError),
}

impl Error {
    /// Renders the error with its place in `source` (the record's text) and a caret, as
    /// [`ParseError::render`], [`IllegalMove::render`] and [`ValueError::render`] do.
    ///
    /// ```
    /// use gamenote::{Error, Record, pylos::Pylos};
    /// let text = "1b2 zz *";
    /// let e: Error = text.parse::<Record<Pylos>>().unwrap_err().into();
    /// assert!(e.render("a.pylos", text).starts_with("a.pylos:1:5: expected"));
    /// ```
    pub fn render(&self, file: &str, source: &str) -> String {
        match self {
            Error::Parse(e) => e.render(file, source),
            Error::Illegal(e) => e.render(file, source),
            Error::Setup(e) => e.render(file, source),
        }
    }
}

/// The columns a terminal gives `c`: 2 for the wide characters of East Asian scripts (CJK
/// ideographs, kana, Hangul syllables, full-width forms) and most emoji, 0 for combining
/// marks (accents written after their letter, Hangul vowel and final jamo), 1 for the rest.
/// The caret line under an echoed error counts in these columns, so that a caret stands
/// under the character it points at; the common ranges only, without a Unicode table.
///
/// ```
/// use gamenote::error::display_width;
/// assert_eq!(display_width('a'), 1);
/// assert_eq!(display_width('中'), 2);
/// assert_eq!(display_width('\u{301}'), 0); // combining acute accent
/// ```
pub fn display_width(c: char) -> usize {
    match c {
        '\u{300}'..='\u{36f}'
        | '\u{483}'..='\u{489}'
        | '\u{591}'..='\u{5bd}'
        | '\u{610}'..='\u{61a}'
        | '\u{64b}'..='\u{65f}'
        | '\u{670}'
        | '\u{6d6}'..='\u{6dc}'
        | '\u{6df}'..='\u{6e4}'
        | '\u{e31}'
        | '\u{e34}'..='\u{e3a}'
        | '\u{e47}'..='\u{e4e}'
        | '\u{1160}'..='\u{11ff}'
        | '\u{1ab0}'..='\u{1aff}'
        | '\u{1dc0}'..='\u{1dff}'
        | '\u{200b}'..='\u{200f}'
        | '\u{20d0}'..='\u{20ff}'
        | '\u{fe00}'..='\u{fe0f}'
        | '\u{fe20}'..='\u{fe2f}' => 0,
        '\u{1100}'..='\u{115f}'
        | '\u{231a}'..='\u{231b}'
        | '\u{2329}'..='\u{232a}'
        | '\u{2e80}'..='\u{303e}'
        | '\u{3041}'..='\u{33ff}'
        | '\u{3400}'..='\u{4dbf}'
        | '\u{4e00}'..='\u{9fff}'
        | '\u{a000}'..='\u{a4cf}'
        | '\u{ac00}'..='\u{d7a3}'
        | '\u{f900}'..='\u{faff}'
        | '\u{fe30}'..='\u{fe4f}'
        | '\u{ff00}'..='\u{ff60}'
        | '\u{ffe0}'..='\u{ffe6}'
        | '\u{1f300}'..='\u{1f64f}'
        | '\u{1f900}'..='\u{1f9ff}'
        | '\u{20000}'..='\u{2fffd}'
        | '\u{30000}'..='\u{3fffd}' => 2,
        _ => 1,
    }
}

/// Where an error is: its line and column (1-based, the column counted in characters),
/// its byte span and the written move it lies in, where known. Every error of the crate
/// gives one ([`Error::location`]); its `Display` is `line:column`.
///
/// Lines, columns and spans count in the input the error was read from: the whole stream
/// for the stream readers (`stream::Reader`, `visit::visit`) and for a
/// record placed with `stream::RawRecord::locate`. An error made where no text is
/// at hand (replaying a `Record`, which keeps none) has line 0 until it is placed
/// with [`Error::locate`].
///
/// ```
/// use gamenote::{pylos::Pylos, replay::Checker, visit::visit, Mode};
/// let text = "[Game \"Pylos\"]\n1b2 *\n\n[Game \"Pylos\"]\n1b2 1b2 *\n";
/// let verdicts: Vec<_> = visit::<Pylos, _>(text, Checker::new(Mode::Strict)).collect();
/// let at = verdicts[1].error.as_ref().unwrap().location();
/// assert_eq!((at.line, at.column, at.span.clone(), at.ply), (5, 5, Some(41..44), Some(2)));
/// assert_eq!(at.to_string(), "5:5");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Location {
    /// 1-based line; 0 when the error is not placed in a text.
    pub line: usize,
    /// 1-based column, counted in characters; 0 when the error is not placed.
    pub column: usize,
    /// Byte range of the offending text, when known.
    pub span: Option<Range<usize>>,
    /// The 1-based index of the written move the error lies in, when it lies in one.
    pub ply: Option<usize>,
}

impl Location {
    /// Whether the error is placed in a text (its line is known).
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, record, Error, Mode, Record, ValueError};
    /// let rec: Record<Pylos> = "1b2 1b2 *".parse()?;
    /// let err = record::replay(&rec, Mode::Strict).error.unwrap();
    /// assert!(err.location().is_placed(), "a record read from text keeps its place");
    /// let made = Error::Setup(ValueError::new("odd"));
    /// assert!(!made.location().is_placed(), "an error made without a text");
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn is_placed(&self) -> bool {
        self.line > 0
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// `message`, after `line:column: ` when the error is placed.
fn placed(line: usize, column: usize, message: &str) -> String {
    if line > 0 {
        format!("{line}:{column}: {message}")
    } else {
        message.to_string()
    }
}

impl ParseError {
    /// Where the error is.
    ///
    /// ```
    /// use gamenote::ParseError;
    /// let e = ParseError::at("1b2\n1c3 zz *", 8, "a Pylos move");
    /// let at = e.location();
    /// assert_eq!((at.line, at.column, at.span, at.ply), (2, 5, Some(8..10), None));
    /// ```
    pub fn location(&self) -> Location {
        Location {
            line: self.line,
            column: self.column,
            span: Some(self.span.clone()),
            ply: self.ply,
        }
    }
}

impl IllegalMove {
    /// Where the error is: the written move (or, for the record as a whole, the result or
    /// the mark to blame); `ply` is `None` for the record as a whole (ply 0).
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, record, Error, Mode, Record};
    /// let rec: Record<Pylos> = "1b2 1b2 *".parse()?;
    /// let Some(Error::Illegal(e)) = record::replay(&rec, Mode::Strict).error else { panic!() };
    /// let at = e.location();
    /// assert_eq!((at.line, at.column, at.span, at.ply), (1, 5, Some(4..7), Some(2)));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn location(&self) -> Location {
        Location {
            line: self.line,
            column: self.column,
            span: self.span.clone(),
            ply: (self.ply > 0).then_some(self.ply),
        }
    }
}

impl ValueError {
    /// Where the error is: at its tag's value once placed in a record's text.
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, Mode, Record};
    /// let text = "[Game \"Pylos\"]\n[Rules \"chess\"]\n1b2 *";
    /// let rec: Record<Pylos> = text.parse()?;
    /// let at = rec.replay(Mode::Strict).error.expect("no such rules").location();
    /// assert_eq!((at.line, at.column, at.span, at.ply), (2, 9, Some(23..28), None));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn location(&self) -> Location {
        Location {
            line: self.line,
            column: self.column,
            span: self.span.clone(),
            ply: None,
        }
    }
}

/// The byte range of the value of the first tag `name` of `source` (inside its quotes),
/// or of the whole tag line when it has no quotes.
pub(crate) fn tag_value_span(source: &str, name: &str) -> Option<Range<usize>> {
    let tag = find_tag(source, name)?;
    let body = &source[tag.clone()];
    let Some(open) = body.find('"') else {
        return Some(tag);
    };
    let close = body.rfind('"').filter(|&c| c > open).unwrap_or(body.len());
    Some(tag.start + open + 1..tag.start + close)
}

impl Error {
    /// What kind of error it is, in the one vocabulary of every door ([`ErrorKind`]).
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, Error, ErrorKind, Record};
    /// let e: Error = "1b2 zz *".parse::<Record<Pylos>>().unwrap_err().into();
    /// assert_eq!(e.kind(), ErrorKind::Parse);
    /// ```
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::Parse(_) => ErrorKind::Parse,
            Error::Illegal(e) => e.kind.error_kind(),
            Error::Setup(_) => ErrorKind::Setup,
        }
    }

    /// Where the error is, whatever its kind: line, column, byte span and ply where known.
    /// A set-up error is placed at its tag's value; a result that contradicts the record
    /// at the result (ply `None`).
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, replay::Checker, stream::Reader, Mode};
    /// let text = "[Game \"Pylos\"]\n1b2 *\n\n[Game \"Pylos\"]\n[Rules \"chess\"]\n1b2 *\n";
    /// let mut reader = Reader::new(text.as_bytes());
    /// let mut checker = Checker::<Pylos>::new(Mode::Strict);
    /// reader.read_record(&mut checker);
    /// let verdict = reader.read_record(&mut checker).unwrap();
    /// let at = verdict.error.unwrap().location();
    /// assert_eq!((at.line, at.column, at.ply), (5, 9, None));
    /// ```
    pub fn location(&self) -> Location {
        match self {
            Error::Parse(e) => e.location(),
            Error::Illegal(e) => e.location(),
            Error::Setup(e) => e.location(),
        }
    }

    /// What is wrong, without the position. `Display` is this message after
    /// `line:column: ` when the error is placed (and the message alone when it is not), for
    /// every kind of error.
    ///
    /// ```
    /// use gamenote::{Error, Record, pylos::Pylos};
    /// let e: Error = "1b2 zz *".parse::<Record<Pylos>>().unwrap_err().into();
    /// assert!(e.message().starts_with("expected a Pylos move"));
    /// assert_eq!(e.to_string(), format!("{}: {}", e.location(), e.message()));
    /// ```
    pub fn message(&self) -> String {
        match self {
            Error::Parse(e) => e.message(),
            Error::Illegal(e) => e.message(),
            Error::Setup(e) => e.message.clone(),
        }
    }

    /// The error placed in `source`, the text its spans index (a record's text, as
    /// [`Error::render`] takes it): an illegal move gets the line and column of its span,
    /// a set-up error the span, line and column of its tag's value (or of the start of
    /// `source` when the tag is not there). An error already placed is returned as it is.
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, record, Mode, Record};
    /// let text = "[Game \"Pylos\"]\n1b2 1b2 *";
    /// let rec: Record<Pylos> = text.parse()?;
    /// let err = record::replay(&rec, Mode::Strict).error.unwrap().locate(text);
    /// assert_eq!(err.location().to_string(), "2:5");
    /// assert_eq!(err.to_string(), "2:5: ply 2 (1b2): 1b2 is occupied");
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn locate(mut self, source: &str) -> Self {
        // A set-up error is placed by its own span only: `source` may hold many records,
        // and searching it for the tag's name would find another record's tag.
        if let Error::Setup(e) = &self
            && e.span.is_none()
        {
            return self;
        }
        self.place_in(source, 0, 0..source.len(), &mut |at| line_col(source, at));
        self
    }

    /// Places an unplaced illegal move or set-up error: spans index `text` shifted by
    /// `base`; a set-up error's tag is looked for in `record` (a range of `text`);
    /// `line_col` gives the line and column of an offset of `text`.
    pub(crate) fn place_in(
        &mut self,
        text: &str,
        base: usize,
        record: Range<usize>,
        line_col: &mut dyn FnMut(usize) -> (usize, usize),
    ) {
        match self {
            Error::Parse(_) => {}
            Error::Illegal(e) => e.place_in(text, base, record, line_col),
            Error::Setup(e) => {
                if e.line > 0 {
                    return;
                }
                // Its own place when it has one; else its tag in the record's own text.
                if let Some(s) = &e.span {
                    (e.line, e.column) = line_col(s.start.saturating_sub(base).min(text.len()));
                    return;
                }
                let region = &text[record.clone()];
                let span = e
                    .tag
                    .as_deref()
                    .and_then(|t| tag_value_span(region, t))
                    .map(|s| record.start + s.start..record.start + s.end);
                let at = span.as_ref().map_or(record.start, |s| s.start);
                (e.line, e.column) = line_col(at);
                e.span = span.map(|s| s.start + base..s.end + base);
            }
        }
    }

    /// The error with its lines moved down by `lines` and its spans by `bytes`: for an error
    /// placed in a text that starts `lines` lines and `bytes` bytes into a larger input.
    ///
    /// ```
    /// use gamenote::{Error, Record, pylos::Pylos};
    /// let e: Error = "1b2 zz *".parse::<Record<Pylos>>().unwrap_err().into();
    /// let at = e.offset_by(10, 200).location();
    /// assert_eq!((at.line, at.column, at.span), (11, 5, Some(204..206)));
    /// ```
    pub fn offset_by(mut self, lines: usize, bytes: usize) -> Self {
        // Saturating: an offset past the end of memory cannot be, and must not panic.
        let shift = |s: &mut Range<usize>| {
            *s = s.start.saturating_add(bytes)..s.end.saturating_add(bytes);
        };
        match &mut self {
            Error::Parse(e) => {
                e.line = e.line.saturating_add(lines);
                shift(&mut e.span);
            }
            Error::Illegal(e) => {
                if e.line > 0 {
                    e.line = e.line.saturating_add(lines);
                }
                e.span.as_mut().map(shift);
            }
            Error::Setup(e) => {
                if e.line > 0 {
                    e.line = e.line.saturating_add(lines);
                }
                e.span.as_mut().map(shift);
            }
        }
        self
    }
}

impl IllegalMove {
    /// See [`Error::place_in`].
    pub(crate) fn place_in(
        &mut self,
        text: &str,
        base: usize,
        record: Range<usize>,
        line_col: &mut dyn FnMut(usize) -> (usize, usize),
    ) {
        if self.line > 0 {
            return;
        }
        let at = match &self.span {
            Some(s) => s.start.saturating_sub(base).min(text.len()),
            // The record as a whole, with nothing to point at: its end.
            None => text[..record.end].trim_end().len().max(record.start),
        };
        (self.line, self.column) = line_col(at);
    }
}

#[cfg(test)]
mod echo_tests {
    use super::*;

    /// The shown line and the caret line of a rendered error.
    fn echoed(rendered: &str) -> (String, String) {
        let mut lines = rendered.lines().skip(1);
        let mut next = || {
            let line = lines.next().unwrap_or("");
            line.strip_prefix("  ").unwrap_or(line).to_string()
        };
        (next(), next())
    }

    /// The caret line points at `token` in the shown line: the carets start at its first
    /// column and are as wide as it.
    fn points_at(shown: &str, carets: &str, token: &str) {
        let at = shown.find(token).map(|i| shown[..i].chars().count());
        let pad = carets.chars().take_while(|&c| c == ' ').count();
        let width = carets.chars().filter(|&c| c == '^').count();
        assert_eq!(Some(pad), at, "{shown:?}\n{carets:?}");
        assert_eq!(width, token.chars().count(), "{shown:?}\n{carets:?}");
    }

    #[test]
    fn invisible_characters_are_escaped_and_the_caret_follows() {
        for (c, escaped) in [
            ('\u{202e}', r"\u{202e}"),
            ('\u{202a}', r"\u{202a}"),
            ('\u{2066}', r"\u{2066}"),
            ('\u{2069}', r"\u{2069}"),
            ('\u{200e}', r"\u{200e}"),
            ('\u{200f}', r"\u{200f}"),
            ('\u{61c}', r"\u{61c}"),
            ('\u{200b}', r"\u{200b}"),
            ('\u{feff}', r"\u{feff}"),
            ('\u{ad}', r"\u{ad}"),
            ('\u{2028}', r"\u{2028}"),
            ('\u{e0041}', r"\u{e0041}"),
            ('\u{1b}', r"\u{1b}"),
            ('\u{0}', r"\u{0}"),
            ('\u{7f}', r"\u{7f}"),
            ('\u{85}', r"\u{85}"),
            ('\u{9b}', r"\u{9b}"),
            ('\t', "    "),
        ] {
            let source = format!("1b2 {{a{c}b}} zz *");
            let at = source.find("zz").unwrap_or(0);
            let rendered = render_at("f", &source, at..at + 2, "m");
            let (shown, carets) = echoed(&rendered);
            assert_eq!(shown, format!("1b2 {{a{escaped}b}} zz *"), "{c:?}");
            assert!(!shown.chars().any(invisible), "{c:?}");
            points_at(&shown, &carets, "zz");
            // The column is the input's, in characters, not the shown line's.
            assert!(rendered.starts_with("f:1:11: m\n"), "{c:?}: {rendered}");
        }
    }

    #[test]
    fn carets_under_an_escaped_token_cover_its_escape() {
        let source = "1b2 z\u{202e}z *";
        let rendered = render_at("f", source, 4..9, "m");
        let (shown, carets) = echoed(&rendered);
        assert_eq!(shown, r"1b2 z\u{202e}z *");
        assert_eq!(carets, "    ^^^^^^^^^^");
        points_at(&shown, &carets, r"z\u{202e}z");
    }

    #[test]
    fn messages_and_found_text_carry_no_raw_invisible_character() {
        let source = "1b2 \u{202e}zz *";
        let e = ParseError::at(source, 4, "a Pylos move");
        assert_eq!(e.found, r#""\u{202e}zz""#);
        assert_eq!(e.found_text().as_deref(), Some("\u{202e}zz"));
        let rendered = e.render("f", source);
        assert_eq!(
            rendered,
            "f:1:5: expected a Pylos move, found \"\\u{202e}zz\"\n  1b2 \\u{202e}zz *\n      ^^^^^^^^^^"
        );
        // A message quoting a tag's value raw is shown escaped.
        let v = ValueError::new("unknown rules \"\u{202e}x\"");
        assert_eq!(v.render("f", ""), "f: unknown rules \"\\u{202e}x\"");
        let rendered = render_at("f", "[Rules \"\u{202e}x\"]", 0..14, "bad \u{202e}x");
        assert_eq!(
            rendered,
            "f:1:1: bad \\u{202e}x\n  [Rules \"\\u{202e}x\"]\n  ^^^^^^^^^^^^^^^^^^^"
        );
    }

    #[test]
    fn a_long_line_with_escapes_keeps_its_window_and_caret() {
        let source = format!("{} zz *", "\u{202e}".repeat(200));
        let at = source.find("zz").unwrap_or(0);
        let (shown, carets) = echoed(&render_at("f", &source, at..at + 2, "m"));
        // 60 characters before the error, each escaped to 8 columns.
        assert_eq!(shown, format!("{} zz *", r"\u{202e}".repeat(59)));
        points_at(&shown, &carets, "zz");
    }
}
