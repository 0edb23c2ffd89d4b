//! The pieces every game's grammar shares: the error type that remembers what was expected,
//! whitespace, `{comments}`, move numbers, tag pairs and results. The grammars are nom
//! parsers inside the crate; what is public here ([`Parsed`], [`PErr`], the tag helpers)
//! has no nom type in its signature.
//!
//! All parsers here work on `&str`, never backtrack more than one token and consume input in
//! linear time, so a hostile file costs time in proportion to its size.

use std::borrow::Cow;

use nom::IResult;
use nom::error::{ErrorKind, ParseError as NomParseError};

use crate::error::ParseError;

/// The nom error used by every grammar in the crate: where it failed and what it wanted there.
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::pylos::Pylos;
/// let input = "1b2 zz";
/// let (rest, _) = Pylos::parse_notation(input, &[]).unwrap();
/// let err = Pylos::parse_notation(rest.trim_start(), &[]).unwrap_err();
/// assert_eq!(err.at, "zz");
/// let e = err.into_parse_error(input);
/// assert_eq!((e.column, e.found.as_str()), (5, "\"zz\""));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PErr<'a> {
    /// The input left at the failure.
    pub at: &'a str,
    /// What the grammar expected there, in words.
    pub expected: Cow<'static, str>,
}

impl<'a> PErr<'a> {
    /// An error at `at` that wanted `expected`.
    ///
    /// ```
    /// use gamenote::text::PErr;
    /// let input = "1b2 zz *";
    /// let e = PErr::new(&input[4..], "a Pylos move");
    /// assert_eq!((e.at, e.expected.as_ref()), ("zz *", "a Pylos move"));
    /// ```
    pub fn new(at: &'a str, expected: impl Into<Cow<'static, str>>) -> Self {
        PErr {
            at,
            expected: expected.into(),
        }
    }

    /// Converts to a public [`ParseError`], given the whole input the parse started from.
    ///
    /// ```
    /// use gamenote::text::PErr;
    /// let input = "[Event \"x\"]\n1b2 zz *";
    /// let e = PErr::new(&input[16..], "a Pylos move").into_parse_error(input);
    /// assert_eq!((e.line, e.column, e.span.clone()), (2, 5, 16..18));
    /// assert_eq!(e.message(), "expected a Pylos move, found \"zz\"");
    /// ```
    pub fn into_parse_error(self, whole: &str) -> ParseError {
        let offset = whole.len().saturating_sub(self.at.len());
        ParseError::at(whole, offset, self.expected.into_owned())
    }
}

impl<'a> NomParseError<&'a str> for PErr<'a> {
    fn from_error_kind(input: &'a str, kind: ErrorKind) -> Self {
        PErr::new(input, kind.description().to_string())
    }
    fn append(_: &'a str, _: ErrorKind, other: Self) -> Self {
        other
    }
    fn or(self, other: Self) -> Self {
        // Keep the alternative that got further; it says more about what went wrong.
        if other.at.len() <= self.at.len() {
            other
        } else {
            self
        }
    }
}

/// What a game's token reader made of the start of its input: the value and the input left
/// after it, or a [`PErr`] saying where it stopped and what it wanted there. Each game's
/// grammar is written with nom inside the crate; this is the crate's own type at the
/// boundary ([`crate::game::Notate::parse_notation`], [`crate::game::RecordFormat::parse_token`]),
/// so a game written outside the crate need not use nom.
pub type Parsed<'a, T> = Result<(&'a str, T), PErr<'a>>;

/// A nom result as a [`Parsed`]: nom's recoverable error and its failure are one here.
#[inline(always)]
pub(crate) fn parsed<T>(r: PResult<'_, T>) -> Parsed<'_, T> {
    match r {
        Ok(v) => Ok(v),
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => Err(e),
        Err(nom::Err::Incomplete(_)) => Err(PErr::new("", "more input")),
    }
}

/// The result type of every nom parser in the crate.
pub(crate) type PResult<'a, T> = IResult<&'a str, T, PErr<'a>>;

/// Fails at `input` saying `expected` was wanted.
pub(crate) fn fail<'a, T>(input: &'a str, expected: &'static str) -> PResult<'a, T> {
    Err(nom::Err::Error(PErr::new(input, expected)))
}

/// Runs `p`, and when it fails without consuming anything replaces its message with `what`.
pub(crate) fn expect<'a, O>(
    what: &'static str,
    mut p: impl FnMut(&'a str) -> PResult<'a, O>,
) -> impl FnMut(&'a str) -> PResult<'a, O> {
    move |input| match p(input) {
        Err(nom::Err::Error(e)) if e.at.len() == input.len() => {
            Err(nom::Err::Error(PErr::new(input, what)))
        }
        other => other,
    }
}

/// Parses all of `input` with `p`, turning leftovers and failures into a [`ParseError`].
///
/// This is how every `FromStr` in the crate is written.
pub(crate) fn parse_all<'a, O>(
    input: &'a str,
    mut p: impl FnMut(&'a str) -> PResult<'a, O>,
) -> Result<O, ParseError> {
    match p(input) {
        Ok(("", v)) => Ok(v),
        Ok((rest, _)) => Err(PErr::new(rest, "end of input").into_parse_error(input)),
        Err(nom::Err::Error(e)) | Err(nom::Err::Failure(e)) => Err(e.into_parse_error(input)),
        Err(nom::Err::Incomplete(_)) => Err(ParseError::at(input, input.len(), "more input")),
    }
}

/// One byte that must be `c`.
pub(crate) fn byte<'a>(c: u8, what: &'static str) -> impl FnMut(&'a str) -> PResult<'a, ()> {
    move |input: &'a str| match input.as_bytes().first() {
        Some(&b) if b == c => Ok((&input[1..], ())),
        _ => fail(input, what),
    }
}

/// Spaces and tabs (not newlines); may be empty.
pub(crate) fn sp(input: &str) -> PResult<'_, &str> {
    let n = input
        .bytes()
        .take_while(|b| *b == b' ' || *b == b'\t')
        .count();
    Ok((&input[n..], &input[..n]))
}

/// Any whitespace, including line ends; may be empty.
pub(crate) fn ws(input: &str) -> PResult<'_, &str> {
    let n = input.bytes().take_while(|&b| is_space(b)).count();
    Ok((&input[n..], &input[..n]))
}

/// The whitespace between tokens: spaces, tabs, line ends and form feeds.
#[inline]
pub(crate) fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0c)
}

/// A `{comment}`; returns the text between the braces. Braces do not nest. A comment may
/// run over several lines, but not into a line that starts with a whole tag pair: that line
/// begins the next record (the rule of the `stream` module), so a comment left open fails
/// here, at its `{`, and costs only its own record.
pub(crate) fn comment(input: &str) -> PResult<'_, &str> {
    if !input.starts_with('{') {
        return fail(input, "a comment");
    }
    let unclosed = || {
        nom::Err::Failure(PErr::new(
            input,
            "a comment closed by '}' before the next record",
        ))
    };
    let b = input.as_bytes();
    let mut i = 1;
    loop {
        let Some(k) = memchr::memchr3(b'}', b'\n', b'\r', &b[i..]) else {
            return Err(unclosed());
        };
        let p = i + k;
        if b[p] == b'}' {
            return Ok((&input[p + 1..], &input[1..p]));
        }
        i = p + 1;
        if tag_line_at(&b[i..]) == Some(true) {
            return Err(unclosed());
        }
    }
}

/// How far into a line [`tag_line_at`] looks: a tag pair longer than this does not end a
/// comment.
pub(crate) const TAG_LINE_WINDOW: usize = 1024;

/// Whether `line` (the bytes from a line's start) begins, after blanks, with a whole tag
/// pair `[Name "value"]` within its first [`TAG_LINE_WINDOW`] bytes: the line that ends an
/// open comment. `None` when the bytes end before that can be told. The stream cutter and
/// [`comment`] both ask this, so they agree on where a record ends.
pub(crate) fn tag_line_at(line: &[u8]) -> Option<bool> {
    let w = &line[..line.len().min(TAG_LINE_WINDOW)];
    // Out of bytes: undecided while the line may go on, else not a tag line.
    let out = if line.len() < TAG_LINE_WINDOW {
        None
    } else {
        Some(false)
    };
    let skip = |i: &mut usize, blanks: &[u8]| {
        while *i < w.len() && blanks.contains(&w[*i]) {
            *i += 1;
        }
    };
    let mut i = 0;
    skip(&mut i, b" \t\x0c");
    match w.get(i) {
        None => return out,
        Some(b'[') => i += 1,
        Some(_) => return Some(false),
    }
    skip(&mut i, b" \t");
    let name = w[i..]
        .iter()
        .take_while(|&&c| CLASS[c as usize] == NAME)
        .count();
    i += name;
    if i == w.len() {
        return out;
    }
    if name == 0 {
        return Some(false);
    }
    skip(&mut i, b" \t");
    match w.get(i) {
        None => return out,
        Some(b'"') => i += 1,
        Some(_) => return Some(false),
    }
    loop {
        match w.get(i) {
            None => return out,
            Some(b'"') => break,
            Some(b'\\') => match w.get(i + 1) {
                None => return out,
                Some(b'\n' | b'\r') => return Some(false),
                Some(_) => i += 2,
            },
            Some(b'\n' | b'\r') => return Some(false),
            Some(_) => i += 1,
        }
    }
    i += 1;
    skip(&mut i, b" \t");
    match w.get(i) {
        None => out,
        Some(b']') => Some(true),
        Some(_) => Some(false),
    }
}

/// The length of the move number (`12.` or `12...`) at the start of `s`, or 0: the record
/// reader skips move numbers without their value.
#[inline]
pub(crate) fn move_number_len(s: &[u8]) -> usize {
    let digits = s.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || s.get(digits) != Some(&b'.') {
        return 0;
    }
    if s.get(digits + 1) == Some(&b'.') && s.get(digits + 2) == Some(&b'.') {
        digits + 3
    } else {
        digits + 1
    }
}

const NAME: u8 = 1;
const SPECIAL: u8 = 2;

/// What a byte is to the tag reader: a letter of a name, a byte a value cannot simply
/// contain (`"`, `\\`, a line end), or anything else.
static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = if c.is_ascii_alphanumeric() || c == b'_' || c == b'-' {
            NAME
        } else if matches!(c, b'"' | b'\\' | b'\n' | b'\r') {
            SPECIAL
        } else {
            0
        };
        b += 1;
    }
    t
};

/// The length of the quoted string at the start of `q` (which starts with `"`), its closing
/// quote included, or the error: a string left open, or broken by a line end.
pub(crate) fn quoted_len(q: &str) -> Result<usize, nom::Err<PErr<'_>>> {
    let body = &q.as_bytes()[1..];
    let unclosed = || nom::Err::Failure(PErr::new(q, "a tag value closed by '\"'"));
    let broken = || nom::Err::Failure(PErr::new(q, "a tag value closed by '\"' on the same line"));
    let mut i = 0;
    loop {
        while i < body.len() && CLASS[body[i] as usize] != SPECIAL {
            i += 1;
        }
        match body.get(i) {
            None => return Err(unclosed()),
            Some(b'"') => return Ok(i + 2),
            Some(b'\\') => match body.get(i + 1) {
                None => return Err(unclosed()),
                Some(b'\n' | b'\r') => return Err(broken()),
                // The escaped character is one byte or the start of a longer one; either way
                // the loop goes on at a character boundary.
                Some(_) => i += 2,
            },
            Some(b'\n' | b'\r') => return Err(broken()),
            Some(_) => i += 1,
        }
    }
}

/// A tag pair `[Name "value"]` with the name and the value as written, escapes and all:
/// reading it allocates nothing. [`unescape_tag`] gives the value, and the name too: a name
/// that is not letters, digits, `_` and `-` is written quoted like a value
/// (`["My name" "x"]`, see [`write_tag`]) and comes back without its quotes.
pub(crate) fn tag_pair_raw(input: &str) -> PResult<'_, (&str, &str)> {
    if !input.starts_with('[') {
        return fail(input, "a tag such as [Game \"Pylos\"]");
    }
    let rest = &input[1..];
    let (rest, _) = sp(rest)?;
    let (name, rest) = if rest.starts_with('"') {
        let n = quoted_len(rest)?;
        (&rest[1..n - 1], &rest[n..])
    } else {
        let n = rest
            .bytes()
            .take_while(|&b| CLASS[b as usize] == NAME)
            .count();
        if n == 0 {
            return Err(nom::Err::Failure(PErr::new(rest, "a tag name")));
        }
        (&rest[..n], &rest[n..])
    };
    let (rest, _) = sp(rest)?;
    if !rest.starts_with('"') {
        return Err(nom::Err::Failure(PErr::new(rest, "a quoted tag value")));
    }
    let n = quoted_len(rest)?;
    let value = &rest[1..n - 1];
    let (rest, _) = sp(&rest[n..])?;
    if !rest.starts_with(']') {
        return Err(nom::Err::Failure(PErr::new(rest, "']' closing the tag")));
    }
    Ok((&rest[1..], (name, value)))
}

/// The character a `\uXXXX` escape at the start of `s` stands for, and the escape's length:
/// four hex digits (either case) naming a character, or a pair of them naming a surrogate
/// pair (`\ud83d\ude00`). `None` when `s` does not start with such an escape.
fn u_escape_at(s: &str) -> Option<(char, usize)> {
    fn unit(s: &str) -> Option<u32> {
        let h = s.strip_prefix("\\u")?.get(..4)?;
        if !h.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        u32::from_str_radix(h, 16).ok()
    }
    let u = unit(s)?;
    match u {
        0xd800..=0xdbff => {
            let low = unit(&s[6..]).filter(|l| (0xdc00..=0xdfff).contains(l))?;
            char::from_u32(0x10000 + ((u - 0xd800) << 10) + (low - 0xdc00)).map(|c| (c, 12))
        }
        _ => char::from_u32(u).map(|c| (c, 6)),
    }
}

/// Writes `c` as a `\uXXXX` escape (two of them for a character beyond U+FFFF).
fn push_u_escape(out: &mut String, c: char) {
    use std::fmt::Write;
    let mut units = [0u16; 2];
    for u in c.encode_utf16(&mut units) {
        let _ = write!(out, "\\u{u:04x}");
    }
}

/// Appends a tag value (or a quoted tag name) as written to `out` with its escapes undone:
/// `\"` and `\\` stand for `"` and `\`, `\u` and four hex digits for that character (a
/// line end, say: the printer writes `\u000a`); any other backslash is kept as it is.
///
/// ```
/// let mut out = String::new();
/// gamenote::text::unescape_tag(r#"a \"b\" c\\ \d \u000aE\u00e9"#, &mut out);
/// assert_eq!(out, "a \"b\" c\\ \\d \nE\u{e9}");
/// ```
pub fn unescape_tag(raw: &str, out: &mut String) {
    let mut rest = raw;
    while let Some(i) = rest.find('\\') {
        out.push_str(&rest[..i]);
        let at = &rest[i..];
        match at[1..].chars().next() {
            Some(c @ ('"' | '\\')) => {
                out.push(c);
                rest = &at[2..];
            }
            _ => match u_escape_at(at) {
                Some((c, n)) => {
                    out.push(c);
                    rest = &at[n..];
                }
                None => {
                    out.push('\\');
                    rest = &at[1..];
                }
            },
        }
    }
    out.push_str(rest);
}

/// `raw` with its escapes undone ([`unescape_tag`]), in `buf` when it has any.
pub(crate) fn unescaped<'a>(raw: &'a str, buf: &'a mut String) -> &'a str {
    if raw.bytes().any(|b| b == b'\\') {
        buf.clear();
        unescape_tag(raw, buf);
        buf
    } else {
        raw
    }
}

/// Whether a character must be written as `\uXXXX` in a tag: line ends (a tag pair is one
/// line), NUL (a stream with one is refused) and the other control characters but tab.
fn tag_escaped(c: char) -> bool {
    c.is_control() && c != '\t'
}

/// Writes a quoted tag value or name, escaping `"` and `\` with a backslash and control
/// characters as `\uXXXX`.
fn write_quoted(out: &mut String, value: &str) {
    out.push('"');
    for c in value.chars() {
        if tag_escaped(c) {
            push_u_escape(out, c);
            continue;
        }
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
}

/// Writes a tag pair and a line end so that it reads back to the same name and value
/// (see [`unescape_tag`]): in the value, `"` and `\` get a backslash and control
/// characters but tab (line ends among them) are written `\uXXXX`. A name of letters,
/// digits, `_` and `-` is written as it is; any other name (one holding a space, `"`, `]`,
/// or an empty one) is quoted and escaped like a value.
///
/// ```
/// use gamenote::text::write_tag;
/// let mut out = String::new();
/// write_tag(&mut out, "Event", r#"The "Open""#);
/// write_tag(&mut out, "Note", "two\nlines");
/// write_tag(&mut out, "odd]name", "x");
/// assert_eq!(out, "[Event \"The \\\"Open\\\"\"]\n[Note \"two\\u000alines\"]\n[\"odd]name\" \"x\"]\n");
/// ```
pub fn write_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    if !name.is_empty() && name.bytes().all(|b| CLASS[b as usize] == NAME) {
        out.push_str(name);
    } else {
        write_quoted(out, name);
    }
    out.push(' ');
    write_quoted(out, value);
    out.push_str("]\n");
}

/// A comment's text as written with its escapes undone: `\u` and four hex digits stand for
/// that character (see [`write_comment`]); nothing else in a comment is an escape, so a
/// backslash is otherwise kept as it is.
///
/// ```
/// use gamenote::text::unescape_comment;
/// assert_eq!(unescape_comment(r"a \u007d b \n"), r"a } b \n");
/// assert_eq!(unescape_comment("plain"), "plain");
/// ```
pub fn unescape_comment(raw: &str) -> Cow<'_, str> {
    if !raw.contains("\\u") {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(i) = rest.find('\\') {
        out.push_str(&rest[..i]);
        let at = &rest[i..];
        match u_escape_at(at) {
            Some((c, n)) => {
                out.push(c);
                rest = &at[n..];
            }
            None => {
                out.push('\\');
                rest = &at[1..];
            }
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// Writes `{text}` so that it reads back as `text` ([`unescape_comment`]) and ends where it
/// should: written as `\uXXXX` are every `}` (`\u007d`), a `[` that begins a line after
/// blanks (`\u005b`: such a line may be the next record's tags), NUL (`\u0000`), and a
/// backslash that would otherwise begin an escape (`\u005c`). With `first`, the first
/// character is escaped too: the record printer asks for it when a game would read the
/// comment as a move (GIPF's `{w: xe3,e4,e5}`).
///
/// ```
/// use gamenote::text::{unescape_comment, write_comment};
/// let mut out = String::new();
/// let text = "a } b\n[Game \"x\"] \\u0041";
/// write_comment(&mut out, text, false);
/// assert_eq!(out, "{a \\u007d b\n\\u005bGame \"x\"] \\u005cu0041}");
/// assert_eq!(unescape_comment(&out[1..out.len() - 1]), text);
/// ```
pub fn write_comment(out: &mut String, text: &str, first: bool) {
    out.push('{');
    // Whether only blanks stand between the last line end and here.
    let mut line_start = false;
    for (i, c) in text.char_indices() {
        let escape = match c {
            '}' | '\0' => true,
            '[' => line_start,
            '\\' => u_escape_at(&text[i..]).is_some(),
            _ => i == 0 && first,
        };
        if escape {
            push_u_escape(out, c);
        } else {
            out.push(c);
        }
        line_start = match c {
            '\n' | '\r' => true,
            ' ' | '\t' | '\u{c}' => line_start,
            _ => false,
        };
    }
    out.push('}');
}

/// True when `input` starts a token boundary: end, whitespace, or one of `extra`.
///
/// ```
/// use gamenote::text::at_boundary;
/// assert!(at_boundary(" 1c3", b"") && at_boundary("{good}", b"") && at_boundary("", b""));
/// assert!(!at_boundary("x", b""));
/// assert!(at_boundary("/Gd1-f2", b"/"), "GIPF's separator ends a token too");
/// ```
pub fn at_boundary(input: &str, extra: &[u8]) -> bool {
    match input.as_bytes().first() {
        None => true,
        Some(b) => b.is_ascii_whitespace() || *b == b'{' || extra.contains(b),
    }
}

/// Calls `f` with every string made of one choice from each part, in order (for tests that
/// compare two readers over a family of inputs).
#[cfg(test)]
pub(crate) fn each_combination(parts: &[&[&str]], mut f: impl FnMut(&str)) {
    let mut s = String::new();
    let mut choice = vec![0usize; parts.len()];
    loop {
        s.clear();
        for (p, &k) in parts.iter().zip(&choice) {
            s.push_str(p[k]);
        }
        f(&s);
        let mut d = 0;
        while d < choice.len() {
            choice[d] += 1;
            if choice[d] < parts[d].len() {
                break;
            }
            choice[d] = 0;
            d += 1;
        }
        if d == choice.len() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_span_lines_but_not_into_the_next_record() {
        assert_eq!(
            comment("{a good move} 1b2").unwrap(),
            (" 1b2", "a good move")
        );
        assert_eq!(comment("{two\n lines}").unwrap(), ("", "two\n lines"));
        assert!(comment("{never closed").is_err());
        assert_eq!(comment("{see\n[this]}").unwrap(), ("", "see\n[this]"));
        assert!(comment("{oops 1c3 *\n\n[Game \"Pylos\"]\n1b2 {ok}").is_err());
    }

    #[test]
    fn tag_pairs_keep_their_escapes() {
        let (rest, (name, raw)) = tag_pair_raw(r#"[Event "A \"B\""] 1b2"#).unwrap();
        assert_eq!((name, raw, rest), ("Event", r#"A \"B\""#, " 1b2"));
    }

    #[test]
    fn move_numbers_have_one_or_three_dots() {
        assert_eq!(move_number_len(b"12. 1b2"), 3);
        assert_eq!(move_number_len(b"3...1c3"), 4);
        assert_eq!(move_number_len(b"1b2"), 0);
    }
}
