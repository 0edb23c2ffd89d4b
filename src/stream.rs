//! Reading archives that may be huge or hostile: bytes in, records out, one at a time, with
//! memory bounded by the size of one record.
//!
//! Every reader of the crate (and every command of the CLI) cuts a byte stream into records
//! by one rule, without understanding any game's grammar:
//!
//! - A **tag pair** is `[` ... `]` on one line, read where a token may start before the
//!   record's movetext. Its quoted value may hold `]`, `{`, `}` and `\"`.
//! - A **comment** runs from `{` to the next `}`, across lines.
//! - **Movetext** is anything else that is not blank.
//! - A record ends before a line whose first non-blank byte is `[` when the record already
//!   has movetext, and before a line that starts with a whole tag pair (`[Name "value"]`,
//!   within its first 1024 bytes) met inside a comment: a comment left open stops at the
//!   next record's tags, so one unclosed `{` costs one record, never the records after it.
//!
//! The record grammar (`gamenote::visit`) follows the same rule, and a record that fails to
//! parse still ends where this rule says. The stream is read in large blocks into one
//! buffer that holds at most one record and a block, and is scanned once. Each piece is
//! checked for UTF-8 and NUL bytes, so errors found in it name the right place in the file.
//! A record longer than [`Limits::max_record_bytes`] is skipped with an error, and reading
//! goes on with the next one.
//!
//! [`Reader`] runs a [`Visitor`] over each record where it lies in the buffer (as
//! pgn-reader does for chess): the fastest way to check a large archive.
//! [`RecordReader`] hands out each record's text as an owned [`RawRecord`], to be read
//! later or on another thread.
//!
//! A record ends with its result and the comments after it. Text after the result that is
//! no comment is **junk**: it does not belong to the record, which is judged on its own, and
//! it runs to the next tag line ([`Item::Junk`], from [`Reader::read_item`]). Bad bytes
//! (NUL, not UTF-8) after a complete record are junk too: the record before them is read
//! from the text before them ([`BadRecord::partial`]). A piece longer than the limit hands
//! out its first [`Limits::max_record_bytes`] bytes (nothing more is held): a record
//! complete in them is read as usual and the rest is junk; one that is not fails as too long.
//! A byte-order mark at the start of a line (files joined by `cat`) is skipped like blanks.
//!
//! Blanks and line ends around a record's text count neither toward the limit nor as junk:
//! blank lines before a piece's text are passed over, and a piece over the limit in bytes
//! goes out without the blanks after its text (those after its last line are dropped as
//! they come, so any number of blank lines costs no memory). Only a single line of blanks
//! longer than the limit and 1 KiB is text past it.
//!
//! Because records are cut at tag lines, a record without tags can only be the first of a
//! stream: later, its movetext belongs to the record before it (and is then reported as
//! junk after that record's result). While a record over the limit is skipped, a run of
//! more than 4096 blanks at the start of a line is not kept, so the columns of the next
//! record's first line can then come out short.

use std::io::{self, Read, Seek, SeekFrom};
use std::ops::Range;

use crate::error::{ParseError, line_col};
use crate::game::Game;
use crate::grammar::{BOM, Scratch, Stepped, TagJudge, Visitor, Walk};

/// Bounds on what one record may cost.
///
/// ```
/// use gamenote::stream::{Limits, RecordReader};
/// let limits = Limits::default().max_record_bytes(64);
/// let long = format!("[Game \"Pylos\"]\n{{{}}} 1b2 *\n", "x".repeat(100));
/// let pieces: Vec<_> = RecordReader::with_limits(long.as_bytes(), limits).collect();
/// assert!(pieces[0].is_err(), "a record over the limit is an error, not a memory bill");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// The longest record, in bytes (default 16 MiB).
    pub max_record_bytes: usize,
}

impl Limits {
    /// The same limits with the longest record set to `bytes`.
    ///
    /// ```
    /// use gamenote::stream::Limits;
    /// assert_eq!(Limits::default().max_record_bytes, 16 << 20);
    /// assert_eq!(Limits::default().max_record_bytes(4096).max_record_bytes, 4096);
    /// ```
    pub fn max_record_bytes(mut self, bytes: usize) -> Self {
        self.max_record_bytes = bytes;
        self
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_record_bytes: 16 << 20,
        }
    }
}

/// The text of one record and where it starts in the stream.
///
/// ```
/// use gamenote::stream::RecordReader;
/// let text = "[Game \"Pylos\"]\n1b2 *\n\n[Game \"Pylos\"]\n1c3 *\n";
/// let raw: Vec<_> = RecordReader::new(text.as_bytes()).map(|r| r.unwrap()).collect();
/// assert_eq!(raw.len(), 2);
/// assert_eq!((raw[1].lines_before, raw[1].offset), (3, 22));
/// assert!(raw[1].text.starts_with("[Game"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct RawRecord {
    /// The record's text (UTF-8, no NUL, no byte-order mark).
    pub text: String,
    /// Lines of the stream before this record (add it to a line found in `text`).
    pub lines_before: usize,
    /// Byte offset of the record in the stream.
    pub offset: u64,
}

impl RawRecord {
    /// `error`, met reading or replaying this record's text alone (its spans index
    /// [`RawRecord::text`]), placed in the stream: its line and span counted from the start
    /// of the stream, so that [`Error::location`](crate::Error::location) of an error of the
    /// third record of a file is its place in the file.
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, record, stream::RecordReader, Error, Mode, Record};
    /// let text = "[Game \"Pylos\"]\n1b2 *\n\n[Game \"Pylos\"]\n1b2 1b2 *\n";
    /// let raw = RecordReader::new(text.as_bytes()).nth(1).unwrap().unwrap();
    /// let rec: Record<Pylos> = raw.text.parse()?;
    /// let err = record::replay(&rec, Mode::Strict).error.unwrap();
    /// let at = raw.locate(err).location();
    /// assert_eq!((at.line, at.column, at.span, at.ply), (5, 5, Some(41..44), Some(2)));
    /// // A parse error of the record's text alone counts from the record: placed, from the file.
    /// let raw = RecordReader::new(b"[Game \"Pylos\"]\n1b2 *\n\n[Game \"Pylos\"]\n1b2 zz *\n".as_slice())
    ///     .nth(1).unwrap().unwrap();
    /// let err: Error = raw.text.parse::<Record<Pylos>>().unwrap_err().into();
    /// assert_eq!(err.location().to_string(), "2:5");
    /// assert_eq!(raw.locate(err).location().to_string(), "5:5");
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn locate(&self, error: crate::Error) -> crate::Error {
        error
            .locate(&self.text)
            .offset_by(self.lines_before, self.offset as usize)
    }
}

/// A record that could not even be cut out as text: bad bytes, too long, or an I/O error.
/// The error's span is a byte range of the stream.
///
/// ```
/// use gamenote::stream::RecordReader;
/// let bytes = b"[Game \"Pylos\"]\n1b2 \xff *\n";
/// let bad = RecordReader::new(&bytes[..]).next().unwrap().unwrap_err();
/// assert_eq!((bad.error.line, bad.error.column), (2, 5));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct BadRecord {
    /// What went wrong, with the line and column in the stream.
    pub error: ParseError,
    /// The offending line's text, for rendering (lossy).
    pub line_text: String,
    /// The piece's text before the bad byte (or its first
    /// [`Limits::max_record_bytes`] bytes, for a piece over the limit), when it holds
    /// anything: a record complete in it (its result read) is judged on its own, and only
    /// what follows it fails, as junk. `None` when there is nothing before the stop.
    pub partial: Option<Box<Partial>>,
    /// What stopped the piece: [`ErrorKind::Parse`](crate::ErrorKind::Parse) for a byte
    /// that is not text, [`ErrorKind::Limit`](crate::ErrorKind::Limit) for a piece over
    /// [`Limits::max_record_bytes`], [`ErrorKind::Io`](crate::ErrorKind::Io) when the
    /// input failed.
    pub kind: crate::ErrorKind,
}

/// The readable part of a piece that stops short (see [`BadRecord::partial`]).
///
/// ```
/// use gamenote::stream::RecordReader;
/// let bytes = b"[Game \"Pylos\"]\n1b2 1c3 *\n\0\n";
/// let bad = RecordReader::new(&bytes[..]).next().unwrap().unwrap_err();
/// let partial = bad.partial.expect("a record before the NUL");
/// assert_eq!(partial.record.text, "[Game \"Pylos\"]\n1b2 1c3 *\n");
/// assert_eq!((partial.junk.error.line, partial.junk.error.column), (3, 1));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Partial {
    /// The text before the stop.
    pub record: RawRecord,
    /// The error for what follows a record complete in that text.
    pub junk: BadRecord,
}

/// How much is read from the input at a time.
const BLOCK: usize = 256 << 10;

/// What the cutter found next.
enum Cut {
    /// A record's bytes: `buf[range]`.
    Piece {
        range: Range<usize>,
        lines_before: usize,
        offset: u64,
    },
    /// A piece longer than the limit: its first `max_record_bytes` bytes, `buf[range]`;
    /// the rest is skipped.
    TooLong {
        range: Range<usize>,
        lines_before: usize,
        offset: u64,
    },
    /// The input failed; nothing more is read.
    Io {
        error: io::Error,
        lines_before: usize,
    },
}

/// Where the scan stands inside the record being cut.
#[derive(Debug, Clone, Copy)]
struct Scan {
    /// Next byte to look at.
    pos: usize,
    /// At the start of a token (after a line end, a comment or a tag pair), before its
    /// blanks: a tag pair or a comment may begin here.
    at_token: bool,
    /// That token start is also the start of a line: a record may begin here.
    line_start: bool,
    /// Where the current line starts.
    line_begin: usize,
    in_comment: bool,
    /// Inside the brackets of a tag pair.
    tag: Tag,
    /// The record so far has something outside tag pairs and comments.
    has_movetext: bool,
}

/// How far a tag pair has been read: its quoted value may hold `]`, `{` and escaped quotes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tag {
    /// Not in a tag pair.
    Off,
    /// Inside the brackets, outside the quotes.
    Open,
    /// Inside the quoted value.
    Quote,
    /// After a backslash in the quoted value.
    Escape,
}

impl Scan {
    fn at(pos: usize) -> Self {
        Scan {
            pos,
            at_token: true,
            line_start: true,
            line_begin: pos,
            in_comment: false,
            tag: Tag::Off,
            has_movetext: false,
        }
    }

    fn new_line(&mut self, next: usize) {
        self.tag = Tag::Off;
        self.at_token = true;
        self.line_start = true;
        self.line_begin = next;
    }
}

/// The bytes that may change the state of a tag pair being scanned, or end its line.
static TAG_STOPS: [bool; 256] = {
    let mut t = [false; 256];
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t[b']' as usize] = true;
    t[b'\n' as usize] = true;
    t[b'\r' as usize] = true;
    t
};

/// Blanks inside a line, as the record grammar skips them.
#[inline]
fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | 0x0c)
}

/// The line end at `p` (`\n`, `\r\n` or a lone `\r`): where the next line starts, or
/// `None` when a `\r` ends the data and more may follow.
#[inline]
fn line_end(b: &[u8], p: usize, eof: bool) -> Option<usize> {
    if b[p] == b'\r' {
        return match b.get(p + 1) {
            None if !eof => None,
            Some(b'\n') => Some(p + 2),
            _ => Some(p + 1),
        };
    }
    Some(p + 1)
}

/// Where `seg`, movetext from mid-line on (not at a line's first token), first holds a `{`,
/// a `\r`, or a `[` at a line's start after blanks (its length when none): the lines before
/// the line holding it are movetext and nothing else.
#[inline]
fn movetext_stop(seg: &[u8]) -> usize {
    let mut from = 0;
    while let Some(k) = memchr::memchr3(b'{', b'[', b'\r', &seg[from..]) {
        let p = from + k;
        if seg[p] == b'[' {
            let j = seg[..p].iter().rposition(|&c| !is_blank(c));
            // A byte-order mark before it may start a line (two files joined): the line
            // is scanned as usual.
            if j.is_none_or(|j| seg[j] != b'\n' && seg[j] != 0xBF) {
                // A `[` inside a line: movetext like any other byte.
                from = p + 1;
                continue;
            }
        }
        return p;
    }
    seg.len()
}

/// The cutter's one rule for where a record ends ([`Cutter::find_boundary`]), on `b` (the
/// bytes from the buffer's start) with the scan `s`: the scanners of [`common_boundary`] run
/// it over one shared window, in four states at once.
fn find_boundary_in(b: &[u8], eof: bool, s: &mut Scan, lines: &mut usize) -> Option<usize> {
    let len = b.len();
    let mut i = s.pos;
    loop {
        if s.at_token {
            loop {
                while i < len && is_blank(b[i]) {
                    i += 1;
                }
                // A byte-order mark at a line's start (two files joined by `cat`) is
                // passed over like a blank, so the tags after it start a record.
                if s.line_start && b.get(i) == Some(&0xEF) {
                    if b[i..].starts_with(BOM) {
                        i += BOM.len();
                        continue;
                    }
                    if !eof && len - i < BOM.len() && BOM.starts_with(&b[i..]) {
                        s.pos = i;
                        return None;
                    }
                }
                break;
            }
            let Some(&c) = b.get(i) else {
                s.pos = i;
                return None;
            };
            if s.line_start && c == b'[' {
                let starts = if s.in_comment {
                    match crate::text::tag_line_at(&b[i..]) {
                        None if !eof => {
                            s.pos = i;
                            return None;
                        }
                        tag => tag == Some(true),
                    }
                } else {
                    s.has_movetext
                };
                if starts {
                    let at = s.line_begin;
                    *s = Scan::at(at);
                    return Some(at);
                }
            }
            s.at_token = false;
            s.line_start = false;
            if !s.in_comment {
                match c {
                    b'[' if !s.has_movetext => {
                        s.tag = Tag::Open;
                        i += 1;
                    }
                    b'{' | b'\n' | b'\r' => {}
                    _ => s.has_movetext = true,
                }
            }
        }
        let p = if s.tag != Tag::Off {
            // A tag pair, byte by byte: it ends at its `]` or at the line end.
            let mut p = i;
            while p < len {
                // Bytes that change nothing (all but quotes, backslashes, `]` and line
                // ends, outside an escape) are passed over without the state machine.
                if s.tag != Tag::Escape {
                    while p < len && !TAG_STOPS[usize::from(b[p])] {
                        p += 1;
                    }
                    if p == len {
                        break;
                    }
                }
                let c = b[p];
                if c == b'\n' || c == b'\r' {
                    break;
                }
                s.tag = match (s.tag, c) {
                    (Tag::Open, b'"') | (Tag::Escape, _) => Tag::Quote,
                    (Tag::Quote, b'"') => Tag::Open,
                    (Tag::Quote, b'\\') => Tag::Escape,
                    (Tag::Open, b']') => Tag::Off,
                    (t, _) => t,
                };
                p += 1;
                if s.tag == Tag::Off {
                    break;
                }
            }
            if s.tag == Tag::Off {
                s.at_token = true;
                i = p;
                continue;
            }
            if p == len {
                s.pos = len;
                return None;
            }
            p
        } else if s.in_comment {
            let Some(k) = memchr::memchr3(b'}', b'\n', b'\r', &b[i..]) else {
                s.pos = len;
                return None;
            };
            let p = i + k;
            if b[p] == b'}' {
                s.in_comment = false;
                s.at_token = true;
                i = p + 1;
                continue;
            }
            p
        } else {
            if s.has_movetext {
                // Whole lines of movetext before the next `{`, `[` or `\r` change
                // nothing but the line count: they are passed over at once, not line by
                // line. The line holding that byte is scanned as usual.
                let seg = &b[i..];
                let stop = movetext_stop(seg);
                if let Some(last) = memchr::memrchr(b'\n', &seg[..stop]) {
                    *lines += memchr::memchr_iter(b'\n', &seg[..=last]).count();
                    i += last + 1;
                    s.new_line(i);
                    continue;
                }
            }
            let Some(k) = memchr::memchr3(b'{', b'\n', b'\r', &b[i..]) else {
                s.pos = len;
                return None;
            };
            let p = i + k;
            if b[p] == b'{' {
                s.in_comment = true;
                i = p + 1;
                continue;
            }
            p
        };
        // A line end at `p`.
        let Some(next) = line_end(b, p, eof) else {
            s.pos = p;
            return None;
        };
        *lines += 1;
        s.new_line(next);
        i = next;
    }
}

/// Cuts a byte stream into the bytes of single records, in one buffer.
struct Cutter<R> {
    input: R,
    limits: Limits,
    buf: Vec<u8>,
    /// Bytes of `buf` that hold data.
    len: usize,
    /// Start of the record being cut.
    start: usize,
    scan: Scan,
    /// Line ends before `scan.pos`, in the whole stream.
    lines: usize,
    /// Line ends before `start`.
    piece_lines: usize,
    /// Stream offset of `buf[0]`.
    base: u64,
    eof: bool,
    bom_checked: bool,
    /// A record over the limit is being skipped up to the next record.
    discarding: bool,
    /// A piece over the limit was handed out; skipping it starts at the next call (its
    /// bytes stay in the buffer until then).
    skip_pending: bool,
    done: bool,
    /// The read error that ended the stream, kept for [`Reader::try_read_item`] and
    /// [`RecordReader::take_io_error`].
    io_error: Option<io::Error>,
    /// Blanks dropped from the buffer after the text of the piece being cut (they count
    /// toward nothing, and a run of them past the limit is not kept): `hole` bytes of the
    /// stream were at `buf[hole_at]`, before the byte now there.
    hole: u64,
    hole_at: usize,
}

impl<R: Read> Cutter<R> {
    fn new(input: R, limits: Limits) -> Self {
        Cutter {
            input,
            limits,
            buf: Vec::new(),
            len: 0,
            start: 0,
            scan: Scan::at(0),
            lines: 0,
            piece_lines: 0,
            base: 0,
            eof: false,
            bom_checked: false,
            discarding: false,
            skip_pending: false,
            done: false,
            io_error: None,
            hole: 0,
            hole_at: 0,
        }
    }

    /// A cutter of a shard: `input` holds the bytes from `shard.start` on, where the cutter
    /// of the whole stream starts a piece afresh.
    fn resume(input: R, limits: Limits, shard: Shard) -> Self {
        let mut c = Cutter::new(input, limits);
        c.base = shard.start;
        c.lines = shard.lines_before;
        c.piece_lines = shard.lines_before;
        // Byte-order marks are skipped as a stream's start only at the stream's start.
        c.bom_checked = shard.start > 0;
        c
    }

    /// Scans on from `scan.pos`: the start of the next record's first line when one is
    /// found, else `None` with everything up to `len` scanned (more input is needed, or the
    /// input has ended). This is the one rule for where a record ends (see the module
    /// docs); the record grammar in `visit` follows the same rule. Outside tag pairs only
    /// line ends and braces are looked at one by one; `memchr` finds them.
    #[inline]
    fn find_boundary(&mut self) -> Option<usize> {
        find_boundary_in(
            &self.buf[..self.len],
            self.eof,
            &mut self.scan,
            &mut self.lines,
        )
    }

    /// Where a piece from `start` to `end` begins: after the byte-order marks that open it
    /// (files joined by `cat`). They are not part of it, as the marks at the stream's start
    /// are not, so a piece read alone reads as it does in the stream, columns and all.
    fn past_marks(&self, mut start: usize, end: usize) -> usize {
        while self.buf[start..end].starts_with(BOM) {
            start += BOM.len();
        }
        start
    }

    /// The stream offset of `buf[at]`, the first byte of a piece.
    fn offset_of(&self, at: usize) -> u64 {
        let dropped = if self.hole > 0 && at >= self.hole_at {
            self.hole
        } else {
            0
        };
        self.base + at as u64 + dropped
    }

    /// Where the text of a piece (from its first text byte, `text`, to `end`) ends:
    /// after its last byte that is not a blank or a line end; and the text's length in the
    /// stream. Blanks around a record's text count neither toward its length nor as junk.
    fn text_end(&self, text: usize, end: usize) -> (usize, u64) {
        let last = self.buf[text..end]
            .iter()
            .rposition(|b| !b.is_ascii_whitespace())
            .map_or(text, |k| text + k + 1);
        let dropped = if self.hole > 0 && text < self.hole_at && last > self.hole_at {
            self.hole
        } else {
            0
        };
        (last, (last - text) as u64 + dropped)
    }

    /// The range that goes out of a piece from `first` whose text, from `text`, is over
    /// the limit: up to its first `max_record_bytes` bytes of text (none after blanks
    /// dropped from it), without the blanks that end them, so that what follows is placed
    /// after the piece's text.
    fn limited(&self, first: usize, text: usize) -> Range<usize> {
        let mut end = text
            .saturating_add(self.limits.max_record_bytes)
            .min(self.len);
        if self.hole > 0 && text < self.hole_at {
            end = end.min(self.hole_at);
        }
        if let Some(k) = self.buf[first..end]
            .iter()
            .rposition(|b| !b.is_ascii_whitespace())
        {
            end = first + k + 1;
        }
        first..end
    }

    /// Blanks were dropped from the piece from `first` (it is over the limit in bytes).
    fn holed(&self, first: usize) -> bool {
        self.hole > 0 && first < self.hole_at
    }

    /// Where the piece `buf[first..end]` begins once the blank lines that open it are
    /// passed over (they count toward nothing): the start of its first line with text, the
    /// text, and the line ends passed. `None` when it holds only blanks.
    fn past_blank_lines(&self, first: usize, end: usize) -> Option<(usize, usize, usize)> {
        let b = &self.buf[first..end];
        let text = b.iter().position(|b| !b.is_ascii_whitespace())?;
        let line = b[..text]
            .iter()
            .rposition(|&c| c == b'\n' || c == b'\r')
            .map_or(0, |k| k + 1);
        let blank = &b[..line];
        // Every `\r` here is followed by a `\n` or a blank: a `\r\n` is one line end.
        let ends = memchr::memchr_iter(b'\n', blank).count()
            + memchr::memchr_iter(b'\r', blank)
                .filter(|&i| blank.get(i + 1) != Some(&b'\n'))
                .count();
        if line > 0 {
            // A line opened by byte-order marks starts the piece after them, as the
            // stream's first line does.
            let marked = self.past_marks(first + line, end);
            if marked > first + line {
                let (line, text, more) = self.past_blank_lines(marked, end)?;
                return Some((line, text, ends + more));
            }
        }
        Some((first + line, first + text, ends))
    }

    /// The piece from `from`, whose bytes known to be in it (up to `known`) pass the
    /// limit, may hold no text past it: blank lines before its text and blanks after it
    /// count toward nothing. Those before are passed over (the piece starts after them);
    /// the lines of blanks after its text's last line are dropped from the buffer (the
    /// lines among them are counted already), so that a record followed by any number of
    /// blank lines costs its own bytes. `Err` with the piece's start and its text's when
    /// its text is over the limit, or is followed by more blanks on its last line than the
    /// limit and the window in which a tag line is told.
    fn drop_blank_tail(&mut self, from: usize, known: usize) -> Result<(), (usize, usize)> {
        // Bytes from `known` on are on a line still undecided: they may open the next piece.
        let Some((first, text, ends)) = self.past_blank_lines(from, known) else {
            // Nothing but blanks yet: the piece starts at the line being scanned.
            let line = known.min(self.scan.line_begin);
            if line > self.start {
                self.start = line;
                self.piece_lines = self.lines;
            }
            return Ok(());
        };
        if ends > 0 {
            // (Byte-order marks opening that line stay before it, for `past_marks`.)
            self.start = first.min(self.scan.line_begin).max(self.start);
            self.piece_lines += ends;
        }
        let (last, text_len) = self.text_end(text, known);
        let max = self.limits.max_record_bytes;
        if text_len > max as u64 || (self.holed(first) && last > self.hole_at) {
            return Err((first, text));
        }
        // The lines after the text's last line, up to the line being scanned.
        let tail = memchr::memchr2(b'\n', b'\r', &self.buf[last..known.max(last)]).map(|k| {
            let at = last + k;
            at + if self.buf[at..].starts_with(b"\r\n") {
                2
            } else {
                1
            }
        });
        let past_limit = known - text
            + if self.holed(text) {
                self.hole as usize
            } else {
                0
            };
        match tail {
            Some(line) if line < known && past_limit > max => {
                let n = known - line;
                self.buf.copy_within(known..self.len, line);
                self.len -= n;
                let s = &mut self.scan;
                s.pos -= n;
                s.line_begin = if s.line_begin >= known {
                    s.line_begin - n
                } else {
                    s.line_begin.min(line)
                };
                if !self.holed(first) {
                    self.hole_at = line;
                }
                self.hole += n as u64;
                Ok(())
            }
            None if known.saturating_sub(last)
                > max.saturating_add(crate::text::TAG_LINE_WINDOW) =>
            {
                Err((first, text))
            }
            _ => Ok(()),
        }
    }

    /// Drops the bytes before the record being cut and reads another block.
    fn refill(&mut self) -> io::Result<()> {
        self.compact();
        if self.buf.len() < self.len + BLOCK {
            self.buf.resize(self.len + BLOCK, 0);
        }
        loop {
            match self.input.read(&mut self.buf[self.len..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(());
                }
                Ok(n) => {
                    self.len += n;
                    return Ok(());
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
    }

    /// Drops the bytes before the record being cut (before the line being scanned, while
    /// a record over the limit is skipped).
    fn compact(&mut self) {
        let keep = if self.discarding {
            // Only the line being scanned matters; a long run of blanks at its start is not
            // kept.
            let s = &mut self.scan;
            if s.pos - s.line_begin > 4096 {
                s.line_begin = s.pos;
            }
            s.line_begin.min(s.pos)
        } else {
            self.start
        };
        if keep > 0 {
            self.buf.copy_within(keep..self.len, 0);
            self.len -= keep;
            self.start -= keep.min(self.start);
            self.scan.pos -= keep;
            self.scan.line_begin -= keep;
            self.base += keep as u64;
        }
        if self.hole > 0 {
            if keep >= self.hole_at {
                self.base += std::mem::take(&mut self.hole);
            } else {
                self.hole_at -= keep;
            }
        }
    }

    fn next_cut(&mut self) -> Option<Cut> {
        if std::mem::take(&mut self.skip_pending) {
            self.start = self.scan.pos;
            if let Err(error) = self.refill() {
                self.done = true;
                return Some(Cut::Io {
                    error,
                    lines_before: self.lines,
                });
            }
        }
        loop {
            if self.done {
                return None;
            }
            if !self.bom_checked {
                // Every byte-order mark at the start is skipped (a file saved twice with
                // one gets two), so no record text starts with one.
                let mut at = self.start;
                while self.len >= at + 3 && self.buf[at..self.len].starts_with(b"\xEF\xBB\xBF") {
                    at += 3;
                }
                if at > self.start {
                    self.start = at;
                    self.scan = Scan::at(at);
                }
                if self.len >= at + 3 || self.eof {
                    self.bom_checked = true;
                }
            }
            let boundary = if self.bom_checked {
                self.find_boundary()
            } else {
                None
            };
            let end = match boundary {
                Some(at) => at,
                None if self.eof => {
                    self.done = true;
                    if self.discarding {
                        return None;
                    }
                    self.len
                }
                None => {
                    // The piece is over the limit only when the bytes known to be in it are:
                    // a line start still undecided (is it the next record's first line?)
                    // may end the piece there, so the bytes from that line on count only
                    // once they pass the limit and the window in which a tag line is told
                    // (memory stays bounded). Counting every byte read would make the
                    // verdict depend on how the input was chunked.
                    if self.hole > 0 && self.hole_at <= self.start {
                        // Blanks dropped after a piece before this one: the bytes before
                        // this piece go first, so that a hole of its own may be made.
                        self.compact();
                    }
                    let s = &self.scan;
                    let known = if s.at_token && s.line_start {
                        s.line_begin
                    } else {
                        s.pos
                    };
                    let max = self.limits.max_record_bytes;
                    // The piece is measured from its first byte after its marks, as a piece
                    // with a known end is; a mark still arriving is not measured yet.
                    let from = self.past_marks(self.start, self.len);
                    let known_over = known.saturating_sub(from) > max || self.holed(from);
                    let over = known_over
                        || self.len.saturating_sub(known)
                            > max.saturating_add(crate::text::TAG_LINE_WINDOW);
                    let marking = BOM.starts_with(&self.buf[from..self.len]);
                    if !self.discarding && self.len - from > max && over && !marking {
                        // Blanks known to be in the piece count toward nothing. A line
                        // still undecided that passes the window (a line of blanks longer
                        // than the limit) is text past it.
                        let dropped = if known_over {
                            self.drop_blank_tail(from, known)
                        } else {
                            Err((from, from))
                        };
                        if let Err((first, text)) = dropped {
                            // The first bytes of the piece go out (a record complete in them
                            // is read as usual); the rest is skipped, from the next call on.
                            self.discarding = true;
                            self.skip_pending = true;
                            return Some(Cut::TooLong {
                                range: self.limited(first, text),
                                lines_before: self.piece_lines,
                                offset: self.offset_of(first),
                            });
                        }
                    }
                    if let Err(error) = self.refill() {
                        self.done = true;
                        return Some(Cut::Io {
                            error,
                            lines_before: self.lines,
                        });
                    }
                    continue;
                }
            };
            // A piece being skipped is dropped first: skipping may have begun after the
            // blanks that open the line where it ends (`start` past `end`).
            if std::mem::take(&mut self.discarding) {
                self.start = end;
                self.piece_lines = self.lines;
                continue;
            }
            let mut first = self.past_marks(self.start, end);
            let mut lines_before = self.piece_lines;
            if end - first > self.limits.max_record_bytes || self.holed(first) {
                // Blank lines before the text and blanks after it count toward nothing:
                // the piece goes out without them.
                let past = self.past_blank_lines(first, end);
                self.start = end;
                self.piece_lines = self.lines;
                let Some((line, text, ends)) = past else {
                    continue;
                };
                (first, lines_before) = (line, lines_before + ends);
                let (last, text_len) = self.text_end(text, end);
                if text_len > self.limits.max_record_bytes as u64 {
                    return Some(Cut::TooLong {
                        range: self.limited(first, text),
                        lines_before,
                        offset: self.offset_of(first),
                    });
                }
                let range = first..last;
                return Some(Cut::Piece {
                    range,
                    lines_before,
                    offset: self.offset_of(first),
                });
            }
            self.start = end;
            self.piece_lines = self.lines;
            let range = first..end;
            let offset = self.offset_of(first);
            if self.buf[range.clone()].iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            return Some(Cut::Piece {
                range,
                lines_before,
                offset,
            });
        }
    }
}

/// Where a piece's text stops short: a bad byte, the record-length limit, or an I/O error.
#[derive(Debug, Clone)]
pub(crate) struct Stop {
    /// The error when no record is complete before the stop: the piece fails as a record.
    pub record: BadRecord,
    /// The error when a record is complete before it: what follows is junk.
    pub junk: BadRecord,
}

/// A piece as the cutter hands it out, lent from its buffer: the text up to its stop.
pub(crate) struct Lent<'a> {
    pub text: &'a str,
    pub lines_before: usize,
    pub offset: u64,
    pub stop: Option<Stop>,
}

/// The text of a piece up to its first bad byte (or, for a piece cut at the limit, up to
/// the limit), and the stop there (with spans in the stream).
fn decode(
    bytes: &[u8],
    lines_before: usize,
    offset: u64,
    truncated: Option<Limits>,
) -> (&str, Option<Stop>) {
    let nul = memchr::memchr(0, bytes);
    let checked = nul.map_or(bytes, |n| &bytes[..n]);
    let (text, bad) = match std::str::from_utf8(checked) {
        Ok(text) => (
            text,
            nul.map(|_| bad_at(text, "text", "a NUL byte", lines_before)),
        ),
        Err(e) => {
            let at = e.valid_up_to();
            let valid = std::str::from_utf8(&checked[..at]).unwrap_or_default();
            if truncated.is_some() && e.error_len().is_none() && nul.is_none() {
                // A character cut by the limit: the text ends before it.
                (valid, None)
            } else {
                let found = format!("the byte 0x{:02x}", checked[at]);
                (
                    valid,
                    Some(bad_at(valid, "UTF-8 text", &found, lines_before)),
                )
            }
        }
    };
    let shift = |mut bad: BadRecord| {
        let at = offset as usize;
        bad.error.span = bad.error.span.start + at..bad.error.span.end + at;
        bad
    };
    let bad = bad.map(shift);
    let stop = match truncated {
        Some(limits) => Some(Stop {
            record: too_long(limits, lines_before, offset, text),
            junk: bad.unwrap_or_else(|| {
                let found = format!(
                    "text past the record limit of {} bytes",
                    limits.max_record_bytes
                );
                let mut past = shift(bad_at(
                    text,
                    crate::grammar::JUNK_EXPECTED,
                    &found,
                    lines_before,
                ));
                past.kind = crate::ErrorKind::Limit;
                past
            }),
        }),
        None => bad.map(|bad| Stop {
            record: bad.clone(),
            junk: bad,
        }),
    };
    (text, stop)
}

/// The error at the end of `valid`, the text before a bad byte.
fn bad_at(valid: &str, expected: &str, found: &str, lines_before: usize) -> BadRecord {
    let at = valid.len();
    let (line, column) = line_col(valid, at);
    let line_start = valid.rfind(['\n', '\r']).map_or(0, |i| i + 1);
    BadRecord {
        error: ParseError {
            span: at..at + 1,
            line: line + lines_before,
            column,
            expected: expected.to_string(),
            found: found.to_string(),
            ply: None,
        },
        line_text: valid[line_start..].chars().take(100).collect(),
        partial: None,
        kind: crate::ErrorKind::Parse,
    }
}

/// The error of a record longer than the limit, at its start, with `text` (the piece's
/// text up to the limit) giving the line shown under it.
fn too_long(limits: Limits, lines_before: usize, offset: u64, text: &str) -> BadRecord {
    let first_line = text.split(['\n', '\r']).next().unwrap_or_default();
    BadRecord {
        error: ParseError {
            span: offset as usize..offset as usize,
            line: lines_before + 1,
            column: 1,
            expected: format!("a record of at most {} bytes", limits.max_record_bytes),
            found: "a longer record".into(),
            ply: None,
        },
        line_text: first_line.chars().take(100).collect(),
        partial: None,
        kind: crate::ErrorKind::Limit,
    }
}

fn io_failure(error: &io::Error, lines_before: usize) -> BadRecord {
    BadRecord {
        error: ParseError {
            span: 0..0,
            line: lines_before + 1,
            column: 1,
            expected: "readable input".into(),
            found: format!("an I/O error: {error}"),
            ply: None,
        },
        line_text: String::new(),
        partial: None,
        kind: crate::ErrorKind::Io,
    }
}

/// A record-aligned piece of a file: the bytes `start..end`, which begin where the cutter
/// of the whole file would begin a new piece, and the line ends before `start`. Read alone
/// ([`Shard::record_reader`], [`Shard::reader`]), a shard gives the records, lines, columns
/// and byte offsets the whole file gives there. Made by [`shards`]; [`shard_bounds`] gives
/// the ranges alone (without reading the whole file).
///
/// ```
/// use gamenote::stream::{shards, Limits, RecordReader};
/// use std::io::Cursor;
/// let mut text = String::new();
/// for i in 0..40 {
///     text.push_str(&format!("[Game \"Pylos\"]\n[Round \"{i:02}\"]\n\n{{a comment [X \"y\"]\nin it}} 1b2 *\n\n"));
/// }
/// let parts = shards(&mut Cursor::new(text.as_bytes()), 4)?;
/// assert_eq!(parts.len(), 4);
/// let mut pieces = Vec::new();
/// for shard in &parts {
///     let reader = shard.record_reader(Cursor::new(text.as_bytes()), Limits::default())?;
///     pieces.extend(reader.map(|r| r.unwrap()));
/// }
/// let whole: Vec<_> = RecordReader::new(text.as_bytes()).map(|r| r.unwrap()).collect();
/// assert_eq!(pieces, whole);
/// assert_eq!(pieces.len(), 40);
/// assert_eq!((pieces[39].lines_before, pieces[39].offset), (39 * 6, 39 * 62));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Shard {
    /// The shard's first byte in the file.
    pub start: u64,
    /// The byte after its last.
    pub end: u64,
    /// Line ends in the file before `start` (as the cutter counts them: `\n`, `\r\n` and a
    /// lone `\r`).
    pub lines_before: usize,
}

impl Shard {
    /// The shard `start..end` with `lines_before` line ends before it, as a caller that
    /// keeps shards elsewhere (another process, another machine) gives them back.
    ///
    /// ```
    /// use gamenote::stream::Shard;
    /// let shard = Shard::new(100, 250, 7);
    /// assert_eq!((shard.start, shard.end, shard.lines_before), (100, 250, 7));
    /// ```
    pub fn new(start: u64, end: u64, lines_before: usize) -> Self {
        let end = end.max(start);
        // The shard's own line ends (at most one a byte) and the line after them must still
        // be counted: `lines_before` past what that leaves (no file has so many lines) is
        // clamped, so that reading the shard cannot overflow.
        let room =
            usize::try_from(end - start).map_or(0, |len| (usize::MAX - 1).saturating_sub(len));
        Shard {
            start,
            end,
            lines_before: lines_before.min(room),
        }
    }

    /// Cuts the shard of `input` (the whole file, seekable) into records as
    /// [`RecordReader`] cuts the whole file: the same pieces, with the same lines and
    /// offsets.
    ///
    /// ```
    /// use gamenote::stream::{Limits, Shard};
    /// use std::io::Cursor;
    /// let text = "[Game \"Pylos\"]\n1b2 *\n\n[Game \"Pylos\"]\n1c3 *\n";
    /// let shard = Shard::new(22, text.len() as u64, 3);
    /// let mut reader = shard.record_reader(Cursor::new(text), Limits::default())?;
    /// let raw = reader.next().unwrap().unwrap();
    /// assert_eq!((raw.offset, raw.lines_before, raw.text.as_str()), (22, 3, "[Game \"Pylos\"]\n1c3 *\n"));
    /// assert!(reader.next().is_none());
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn record_reader<R: Read + Seek>(
        &self,
        input: R,
        limits: Limits,
    ) -> io::Result<RecordReader<io::Take<R>>> {
        self.record_reader_in(input, limits, Vec::new())
    }

    /// [`Shard::record_reader`] reading into `buf`, the buffer of an earlier reader
    /// ([`RecordReader::into_buffer`]): a worker that reads shard after shard keeps one.
    pub(crate) fn record_reader_in<R: Read + Seek>(
        &self,
        mut input: R,
        limits: Limits,
        buf: Vec<u8>,
    ) -> io::Result<RecordReader<io::Take<R>>> {
        input.seek(SeekFrom::Start(self.start))?;
        let mut cutter = Cutter::resume(input.take(self.end - self.start), limits, *self);
        cutter.buf = buf;
        Ok(RecordReader { cutter })
    }

    /// [`Shard::reader`] whose records' tags `judge` judges (`None`: judged before).
    pub(crate) fn reader_judged<R: Read + Seek>(
        &self,
        mut input: R,
        limits: Limits,
        judge: Option<Box<dyn TagJudge>>,
    ) -> io::Result<Reader<io::Take<R>>> {
        input.seek(SeekFrom::Start(self.start))?;
        let cutter = Cutter::resume(input.take(self.end - self.start), limits, *self);
        Ok(Reader {
            cutter,
            scratch: Scratch::judged_by(judge),
            text: String::new(),
            stop: None,
            walk: Walk::done(),
        })
    }
}

/// How many bytes after a target offset [`shard_bounds`] reads first to find a boundary;
/// it reads four times more each time none is found, up to [`MAX_RESYNC_WINDOW`].
const RESYNC_WINDOW: u64 = 16 << 10;

/// The most bytes [`shard_bounds`] reads after one target: where the cutter's states do
/// not meet at a boundary within them (one long record of tags, a comment left open), the
/// target is given up and its range merged with the one before. This bounds the search's
/// memory (one window) and its time (the windows read past the targets do not overlap).
const MAX_RESYNC_WINDOW: u64 = 16 << 20;

/// Cuts `input` (seekable, read from its start to its end) into at most `count` ranges
/// that together cover it, each beginning where the cutter of the whole input begins a new
/// piece (see the module docs): no record is ever split. Reads only near `count - 1`
/// targets spread evenly, not the whole input.
///
/// The state of the cutter at a target is not known (inside a comment? in the tags of a
/// record?), so from the first line start after the target the cutter is run once for
/// every state it can be in there, and the range starts at the first piece boundary all of
/// them find: the whole input's cutter, in one of those states, finds it too. Where no such
/// boundary is found within 16 MiB after a target (one long record, or a comment left open
/// with no tag line after it), the range is merged with the one before, so fewer than
/// `count` ranges may come back. Bytes already searched are not searched again from a later
/// target, so the time is linear in the input whatever it holds, and the memory one window
/// of at most 16 MiB.
///
/// ```
/// use gamenote::stream::shard_bounds;
/// use std::io::Cursor;
/// let record = "[Game \"Pylos\"]\n\n1b2 1c3 *\n\n";
/// let text = record.repeat(100);
/// let ranges = shard_bounds(&mut Cursor::new(text.as_bytes()), 3)?;
/// assert_eq!(ranges.len(), 3);
/// assert_eq!((ranges[0].start, ranges[2].end), (0, text.len() as u64));
/// for r in &ranges {
///     assert!(text[r.start as usize..].starts_with("[Game"), "{r:?} starts a record");
/// }
/// // One record cannot be split.
/// assert_eq!(shard_bounds(&mut Cursor::new(record.as_bytes()), 4)?, [0..record.len() as u64]);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn shard_bounds<R: Read + Seek>(input: &mut R, count: usize) -> io::Result<Vec<Range<u64>>> {
    let len = input.seek(SeekFrom::End(0))?;
    // No more ranges than bytes; the targets a search passed over are skipped at once, so
    // the time is of the order of the ranges found, whatever `count` is.
    let count = (count.max(1) as u64).min(len.max(1));
    let mut starts = vec![0u64];
    // How far the searches so far have looked: a later target before it is passed over.
    let mut searched = 0u64;
    let mut k = 1u64;
    while k < count {
        let target = (u128::from(len) * u128::from(k) / u128::from(count)) as u64;
        if target <= searched {
            // The first target past `searched`.
            let next = u128::from(searched) * u128::from(count) / u128::from(len) + 1;
            k = (next as u64).max(k + 1);
            continue;
        }
        k += 1;
        match boundary_after(input, target, len)? {
            Search::Found(at) => {
                if at < len {
                    starts.push(at);
                }
                searched = at;
            }
            // None to the end: no later target can find one either (the states from a
            // later line are among the states these searches passed through).
            Search::NoneBefore(end) if end >= len => break,
            Search::NoneBefore(end) => searched = end,
        }
    }
    let mut ranges = Vec::with_capacity(starts.len());
    for (i, &s) in starts.iter().enumerate() {
        ranges.push(s..starts.get(i + 1).copied().unwrap_or(len));
    }
    Ok(ranges)
}

/// [`shard_bounds`] with the line ends before each range counted (this reads the whole
/// input once).
///
/// ```
/// use gamenote::stream::shards;
/// use std::io::Cursor;
/// let text = "[Game \"Pylos\"]\r\n1b2 *\r\n\r\n".repeat(10);
/// let parts = shards(&mut Cursor::new(text.as_bytes()), 2)?;
/// assert_eq!(parts.len(), 2);
/// // The line after the middle may be in the tags of a record: the next record starts the shard.
/// assert_eq!((parts[1].start, parts[1].lines_before), (150, 18));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn shards<R: Read + Seek>(input: &mut R, count: usize) -> io::Result<Vec<Shard>> {
    let ranges = shard_bounds(input, count)?;
    let mut lines = 0;
    let mut out = Vec::with_capacity(ranges.len());
    let mut buf = vec![0u8; 64 << 10];
    for r in ranges {
        out.push(Shard::new(r.start, r.end, lines));
        input.seek(SeekFrom::Start(r.start))?;
        lines += count_lines_in(input.by_ref().take(r.end - r.start), &mut buf)?;
    }
    Ok(out)
}

/// The line ends in `input` as the cutter counts them: `\n`, `\r\n` and a lone `\r` (also
/// at the end), one each. Added up over the shards before one, they give its
/// [`Shard::lines_before`].
///
/// ```
/// use gamenote::stream::count_lines;
/// assert_eq!(count_lines(&b"a\nb\r\nc\rd"[..])?, 3);
/// assert_eq!(count_lines(&b"a\r"[..])?, 1);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn count_lines<R: Read>(input: R) -> io::Result<usize> {
    count_lines_in(input, &mut vec![0u8; 64 << 10])
}

/// [`count_lines`] reading through `buf` (not empty), which a caller counting many pieces
/// keeps.
pub(crate) fn count_lines_in<R: Read>(mut input: R, buf: &mut [u8]) -> io::Result<usize> {
    let mut lines = 0;
    // A `\r` ended the block before: it is a line end of its own unless a `\n` follows.
    let mut cr = false;
    loop {
        let n = match input.read(buf) {
            Ok(0) => return Ok(lines + usize::from(cr)),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let b = &buf[..n];
        if cr && b[0] != b'\n' {
            lines += 1;
        }
        lines += memchr::memchr_iter(b'\n', b).count();
        cr = false;
        if memchr::memchr(b'\r', b).is_some() {
            for i in memchr::memchr_iter(b'\r', b) {
                match b.get(i + 1) {
                    Some(b'\n') => {}
                    Some(_) => lines += 1,
                    None => cr = true,
                }
            }
        }
    }
}

/// What [`boundary_after`] found.
enum Search {
    /// The first boundary after the target that every state finds.
    Found(u64),
    /// None before this offset (the end of the input, or of the longest window).
    NoneBefore(u64),
}

/// The first place at or after `target` where every state the cutter may be in there
/// finds a piece boundary, reading windows from the first line start after `target`.
fn boundary_after<R: Read + Seek>(input: &mut R, target: u64, len: u64) -> io::Result<Search> {
    // The first line start at or after the target: after a `\n`, or after a `\r` that no
    // `\n` follows (a lone `\r` ends a line, as the cutter counts them).
    let from = target.saturating_sub(1);
    // A `\r` ended the block before: the line starts at this block's start, or after its
    // `\n`.
    let mut cr = false;
    input.seek(SeekFrom::Start(from))?;
    let mut probe = input.by_ref().take((len - from).min(MAX_RESYNC_WINDOW));
    let mut buf = vec![0u8; 8 << 10];
    let mut at = from;
    let line = loop {
        let n = match probe.read(&mut buf) {
            Ok(0) if cr => break at,
            Ok(0) => {
                return Ok(Search::NoneBefore(if at - from >= MAX_RESYNC_WINDOW {
                    at
                } else {
                    len
                }));
            }
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if cr {
            break at + u64::from(buf[0] == b'\n');
        }
        if let Some(k) = memchr::memchr2(b'\n', b'\r', &buf[..n]) {
            if buf[k] == b'\n' {
                break at + k as u64 + 1;
            }
            match buf[..n].get(k + 1) {
                Some(&next) => break at + k as u64 + 1 + u64::from(next == b'\n'),
                None => cr = true,
            }
        }
        at += n as u64;
    };
    let mut window = RESYNC_WINDOW;
    let mut bytes = Vec::new();
    loop {
        let end = line.saturating_add(window).min(len);
        input.seek(SeekFrom::Start(line))?;
        bytes.clear();
        bytes.reserve_exact((end - line) as usize);
        input.by_ref().take(end - line).read_to_end(&mut bytes)?;
        let at_end = end == len || (bytes.len() as u64) < end - line;
        if let Some(b) = common_boundary(&bytes, at_end) {
            return Ok(Search::Found(line + b));
        }
        if at_end {
            return Ok(Search::NoneBefore(len));
        }
        if window >= MAX_RESYNC_WINDOW {
            return Ok(Search::NoneBefore(end));
        }
        window = window.saturating_mul(4).min(MAX_RESYNC_WINDOW);
    }
}

/// The first offset in `bytes` (which start a line) where the cutter finds a piece
/// boundary whatever its state at their start: inside a comment or not, with movetext in
/// the record so far or not. `at_end`: the bytes end the input (else the scan stops where
/// more bytes would be needed to decide).
///
/// The four states are scanned side by side over the same bytes, each only as far as the
/// next boundary the others have passed: the first boundary all of them find comes out
/// without a list of every state's boundaries (one a line, in a record of tags alone).
pub(crate) fn common_boundary(bytes: &[u8], at_end: bool) -> Option<u64> {
    let states = [(false, false), (false, true), (true, false), (true, true)];
    let mut scans = states.map(|(in_comment, has_movetext)| {
        let mut s = Scan::at(0);
        s.in_comment = in_comment;
        s.has_movetext = has_movetext;
        s
    });
    let mut lines = 0;
    let mut next = [0usize; 4];
    for (n, s) in next.iter_mut().zip(scans.iter_mut()) {
        *n = find_boundary_in(bytes, at_end, s, &mut lines)?;
    }
    loop {
        let most = next.iter().copied().max().unwrap_or(0);
        if next.iter().all(|&n| n == most) {
            return Some(most as u64);
        }
        // Once two states meet at a boundary they go on alike; the others catch up.
        for (n, s) in next.iter_mut().zip(scans.iter_mut()) {
            while *n < most {
                *n = find_boundary_in(bytes, at_end, s, &mut lines)?;
            }
        }
    }
}

/// Cuts a byte stream into records, handing out each one's text. See the module docs.
///
/// ```
/// use gamenote::stream::RecordReader;
/// let data = b"[Game \"Pylos\"]\n1b2 1c3 *\n\n[Game \"Pylos\"]\n1a1 *\n";
/// let records: Vec<_> = RecordReader::new(&data[..]).map(|r| r.unwrap()).collect();
/// assert_eq!(records.len(), 2);
/// assert_eq!(records[1].lines_before, 3);
/// assert!(records[1].text.starts_with("[Game"));
/// ```
pub struct RecordReader<R> {
    cutter: Cutter<R>,
}

impl<R: Read> RecordReader<R> {
    /// A reader with the default [`Limits`].
    ///
    /// ```
    /// use gamenote::stream::RecordReader;
    /// let mut records = RecordReader::new("[Game \"Pylos\"]\n1b2 *\n".as_bytes());
    /// let first = records.next().unwrap().unwrap();
    /// assert_eq!((first.offset, first.lines_before), (0, 0));
    /// assert!(first.text.starts_with("[Game \"Pylos\"]\n1b2 *"));
    /// assert!(records.next().is_none());
    /// ```
    pub fn new(input: R) -> Self {
        Self::with_limits(input, Limits::default())
    }

    /// A reader with the given limits.
    ///
    /// ```
    /// use gamenote::stream::{Limits, RecordReader};
    /// let text = format!("[Game \"Pylos\"]\n{{{}}} 1b2 *\n\n[Game \"Pylos\"]\n1c3 *\n", "x".repeat(100));
    /// let limits = Limits::default().max_record_bytes(64);
    /// let mut records = RecordReader::with_limits(text.as_bytes(), limits);
    /// let bad = records.next().unwrap().unwrap_err();
    /// assert_eq!(bad.error.expected, "a record of at most 64 bytes");
    /// // The record after the long one is read as usual.
    /// assert_eq!(records.next().unwrap().unwrap().text.trim_end(), "[Game \"Pylos\"]\n1c3 *");
    /// ```
    pub fn with_limits(input: R, limits: Limits) -> Self {
        RecordReader {
            cutter: Cutter::new(input, limits),
        }
    }
}

impl<R: Read> Cutter<R> {
    /// The next piece, its text lent from the buffer.
    fn next_piece(&mut self) -> Option<Lent<'_>> {
        Some(match self.next_cut()? {
            Cut::Piece {
                range,
                lines_before,
                offset,
            } => {
                let (text, stop) = decode(&self.buf[range], lines_before, offset, None);
                Lent {
                    text,
                    lines_before,
                    offset,
                    stop,
                }
            }
            Cut::TooLong {
                range,
                lines_before,
                offset,
            } => {
                let limits = Some(self.limits);
                let (text, stop) = decode(&self.buf[range], lines_before, offset, limits);
                Lent {
                    text,
                    lines_before,
                    offset,
                    stop,
                }
            }
            Cut::Io {
                error,
                lines_before,
            } => {
                let bad = io_failure(&error, lines_before);
                self.io_error = Some(error);
                Lent {
                    text: "",
                    lines_before,
                    offset: 0,
                    stop: Some(Stop {
                        record: bad.clone(),
                        junk: bad,
                    }),
                }
            }
        })
    }
}

impl<R: Read> RecordReader<R> {
    /// The read error that ended the stream, if one did: the iterator's last item was then
    /// a [`BadRecord`] saying so (`found` "an I/O error: …"), and this gives the
    /// [`io::Error`] itself, once.
    ///
    /// ```
    /// use gamenote::stream::RecordReader;
    /// use std::io::{self, Read};
    /// struct Broken;
    /// impl Read for Broken {
    ///     fn read(&mut self, _buf: &mut [u8]) -> io::Result<usize> {
    ///         Err(io::Error::other("disk gone"))
    ///     }
    /// }
    /// let mut reader = RecordReader::new(Broken);
    /// assert!(reader.next().unwrap().is_err());
    /// assert_eq!(reader.take_io_error().unwrap().to_string(), "disk gone");
    /// assert!(reader.take_io_error().is_none());
    /// ```
    pub fn take_io_error(&mut self) -> Option<io::Error> {
        self.cutter.io_error.take()
    }

    /// The next piece as [`Iterator::next`] gives it, its text lent from the reader's buffer
    /// rather than copied.
    pub(crate) fn next_lent(&mut self) -> Option<Lent<'_>> {
        self.cutter.next_piece()
    }
}

/// An owned piece as [`RecordReader`] hands it out, seen as its text and its stop.
pub(crate) fn piece_parts(piece: &Result<RawRecord, BadRecord>) -> (&str, usize, Option<Stop>) {
    match piece {
        Ok(raw) => (&raw.text, raw.lines_before, None),
        Err(bad) => {
            let record = BadRecord {
                partial: None,
                ..bad.clone()
            };
            match &bad.partial {
                Some(p) => (
                    &p.record.text,
                    p.record.lines_before,
                    Some(Stop {
                        record,
                        junk: p.junk.clone(),
                    }),
                ),
                None => (
                    "",
                    0,
                    Some(Stop {
                        junk: record.clone(),
                        record,
                    }),
                ),
            }
        }
    }
}

impl<R> RecordReader<R> {
    /// The reader's buffer, for [`Shard::record_reader_in`] to reuse.
    pub(crate) fn into_buffer(self) -> Vec<u8> {
        self.cutter.buf
    }
}

impl<R: Read> Iterator for RecordReader<R> {
    type Item = Result<RawRecord, BadRecord>;

    fn next(&mut self) -> Option<Self::Item> {
        let lent = self.cutter.next_piece()?;
        let raw = RawRecord {
            text: lent.text.to_string(),
            lines_before: lent.lines_before,
            offset: lent.offset,
        };
        Some(match lent.stop {
            None => Ok(raw),
            Some(stop) => {
                let mut bad = stop.record;
                if lent.text.bytes().any(|b| !b.is_ascii_whitespace()) {
                    bad.partial = Some(Box::new(Partial {
                        record: raw,
                        junk: stop.junk,
                    }));
                }
                Err(bad)
            }
        })
    }
}

/// What [`Reader::read_item`] reads next: a record, or junk between records.
///
/// ```
/// use gamenote::{pylos::Pylos, stream::{Item, Reader}, visit::Summarize};
/// let text = "[Game \"Pylos\"]\n\n1b2 1c3 *\n\nstray line\n\n[Game \"Pylos\"]\n\n1b2 *\n";
/// let mut reader = Reader::new(text.as_bytes());
/// let mut check = Summarize::default();
/// let mut items = Vec::new();
/// while let Some(item) = reader.read_item::<Pylos, _>(&mut check) {
///     items.push(match item {
///         Item::Record(r) => format!("record of {} plies", r.unwrap().plies),
///         Item::Junk(e) => format!("junk at {}:{}", e.line, e.column),
///     });
/// }
/// assert_eq!(items, ["record of 2 plies", "junk at 5:1", "record of 1 plies"]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item<O> {
    /// A record, as the visitor made it.
    Record(O),
    /// Text after a record's result that is no record and no comment (or bad bytes, or
    /// text past the record limit, after a complete record): the error at its start. It is
    /// not part of the record before it, which is judged on its own.
    Junk(ParseError),
}

/// Reads the records of a byte stream through a [`Visitor`], each where it lies in the
/// reader's buffer: memory of one record and a block, nothing allocated per record by the
/// reader itself. Lines, columns and spans count in the whole stream.
///
/// ```
/// use gamenote::pylos::Pylos;
/// use gamenote::stream::Reader;
/// use gamenote::visit::Summarize;
/// let data = b"[Game \"Pylos\"]\r\n1b2 1c3 *\r\n\r\n[Game \"Pylos\"]\r\n1a1 zz *\r\n";
/// let mut reader = Reader::new(&data[..]);
/// let mut check = Summarize::default();
/// let first = reader.read_record::<Pylos, _>(&mut check).unwrap();
/// assert_eq!(first.unwrap().plies, 2);
/// let second = reader.read_record::<Pylos, _>(&mut check).unwrap();
/// let err = second.unwrap_err();
/// assert_eq!((err.line, err.column), (5, 5));
/// assert!(reader.read_record::<Pylos, _>(&mut check).is_none());
/// ```
pub struct Reader<R> {
    cutter: Cutter<R>,
    scratch: Scratch,
    /// The current piece's text (up to its stop), its stop, and the walk over it.
    text: String,
    stop: Option<Stop>,
    walk: Walk,
}

impl<R: Read> Reader<R> {
    /// A reader with the given limits whose records' tags `judge` judges (`None`: judged
    /// before they come here). The readers that judge by the crate's games are made in
    /// the any-game layer (`Reader::new`, `Reader::with_limits`).
    pub(crate) fn judged(input: R, limits: Limits, judge: Option<Box<dyn TagJudge>>) -> Self {
        Reader {
            cutter: Cutter::new(input, limits),
            scratch: Scratch::judged_by(judge),
            text: String::new(),
            stop: None,
            walk: Walk::done(),
        }
    }

    /// Reads the next record through `visitor` and returns what it made of it; `None` at
    /// the end of the stream. A record that is not text, too long, or cut short by an I/O
    /// error reaches the visitor as an error (with no other calls). Junk between records
    /// ([`Item::Junk`]) reaches it the same way, as a record of its own that fails:
    /// [`Reader::read_item`] tells the two apart.
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, replay::Checker, stream::Reader, Mode};
    /// let file = "[Game \"Pylos\"]\n1b2 1c3 *\n\n[Game \"Pylos\"]\n1b2 1b2 *\n";
    /// let mut reader = Reader::new(file.as_bytes());
    /// let mut checker = Checker::<Pylos>::new(Mode::Strict);
    /// let first = reader.read_record(&mut checker).unwrap();
    /// let second = reader.read_record(&mut checker).unwrap();
    /// assert!(first.is_ok() && !second.is_ok());
    /// assert!(reader.read_record(&mut checker).is_none());
    /// ```
    pub fn read_record<G: Game, V: Visitor<G>>(&mut self, visitor: &mut V) -> Option<V::Output> {
        Some(match self.read_item::<G, V>(visitor)? {
            Item::Record(out) => out,
            Item::Junk(e) => {
                visitor.begin_record();
                visitor.end_record(Err(e))
            }
        })
    }

    /// Reads the next record through `visitor`, or the junk after one; `None` at the end of
    /// the stream. A record complete before junk, bad bytes or the record limit is read as
    /// usual, and what follows comes out as [`Item::Junk`], with its own line and column.
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, stream::{Item, Reader}, visit::Summarize};
    /// let bytes = b"[Game \"Pylos\"]\n1b2 1c3 *\n\0\n";
    /// let mut reader = Reader::new(&bytes[..]);
    /// let mut check = Summarize::default();
    /// let first = reader.read_item::<Pylos, _>(&mut check);
    /// assert!(matches!(first, Some(Item::Record(Ok(s))) if s.plies == 2));
    /// let Some(Item::Junk(junk)) = reader.read_item::<Pylos, _>(&mut check) else { panic!() };
    /// assert_eq!((junk.line, junk.column, junk.found.as_str()), (3, 1, "a NUL byte"));
    /// assert!(reader.read_item::<Pylos, _>(&mut check).is_none());
    /// ```
    pub fn read_item<G: Game, V: Visitor<G>>(
        &mut self,
        visitor: &mut V,
    ) -> Option<Item<V::Output>> {
        loop {
            if let Some(item) = self.step_piece::<G, V>(visitor) {
                return Some(item);
            }
            self.load_piece()?;
        }
    }

    /// Like [`Reader::read_record`], but a read error of the input reaches the caller as
    /// the [`io::Error`] it is, not as a record error handed to the visitor: `Ok(None)` at
    /// the end of the stream, `Err` when the input fails (nothing more is read after it).
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, stream::Reader, visit::Summarize};
    /// use std::io::{self, Read};
    /// /// A record, then a failing disk.
    /// struct Failing(&'static [u8]);
    /// impl Read for Failing {
    ///     fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
    ///         if self.0.is_empty() {
    ///             return Err(io::Error::other("disk gone"));
    ///         }
    ///         let n = self.0.len().min(buf.len());
    ///         buf[..n].copy_from_slice(&self.0[..n]);
    ///         self.0 = &self.0[n..];
    ///         Ok(n)
    ///     }
    /// }
    /// let mut reader = Reader::new(Failing(b"[Game \"Pylos\"]\n1b2 *\n"));
    /// let mut check = Summarize::default();
    /// let err = reader.try_read_record::<Pylos, _>(&mut check).unwrap_err();
    /// assert_eq!((err.kind(), err.to_string()), (io::ErrorKind::Other, "disk gone".into()));
    /// assert!(matches!(reader.try_read_record::<Pylos, _>(&mut check), Ok(None)));
    /// ```
    pub fn try_read_record<G: Game, V: Visitor<G>>(
        &mut self,
        visitor: &mut V,
    ) -> io::Result<Option<V::Output>> {
        Ok(match self.try_read_item::<G, V>(visitor)? {
            None => None,
            Some(Item::Record(out)) => Some(out),
            Some(Item::Junk(e)) => {
                visitor.begin_record();
                Some(visitor.end_record(Err(e)))
            }
        })
    }

    /// Like [`Reader::read_item`], with read errors of the input returned as [`io::Error`]
    /// (see [`Reader::try_read_record`]).
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, stream::{Item, Reader}, visit::Summarize};
    /// let mut reader = Reader::new("[Game \"Pylos\"]\n1b2 *\n".as_bytes());
    /// let item = reader.try_read_item::<Pylos, _>(&mut Summarize::default())?;
    /// assert!(matches!(item, Some(Item::Record(Ok(s))) if s.plies == 1));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn try_read_item<G: Game, V: Visitor<G>>(
        &mut self,
        visitor: &mut V,
    ) -> io::Result<Option<Item<V::Output>>> {
        loop {
            let step =
                self.walk
                    .step::<G, V>(&self.text, self.stop.as_ref(), &mut self.scratch, visitor);
            if let Some(step) = step {
                return Ok(Some(match step {
                    Stepped::Record(out) => Item::Record(out),
                    Stepped::Junk(e) => Item::Junk(e),
                    Stepped::Bad(bad) => {
                        visitor.begin_record();
                        Item::Record(visitor.end_record(Err(bad.error)))
                    }
                    Stepped::BadJunk(bad) => Item::Junk(bad.error),
                }));
            }
            let Some(lent) = self.cutter.next_piece() else {
                return Ok(None);
            };
            let (text, lines_before, offset, stop) =
                (lent.text, lent.lines_before, lent.offset, lent.stop);
            self.text.clear();
            self.text.push_str(text);
            self.stop = stop;
            self.walk = Walk::new(lines_before + 1, offset as usize);
            if let Some(e) = self.cutter.io_error.take() {
                self.walk = Walk::done();
                return Err(e);
            }
        }
    }

    /// The next record or junk of the piece at hand, read as `G`; `None` when the piece is
    /// read through (the next one is not loaded). With [`Reader::load_piece`], this lets a
    /// caller choose the game of each piece (`any::AnyReader` does) on the walk every
    /// reader shares.
    #[inline]
    pub(crate) fn step_piece<G: Game, V: Visitor<G>>(
        &mut self,
        visitor: &mut V,
    ) -> Option<Item<V::Output>> {
        let step =
            self.walk
                .step::<G, V>(&self.text, self.stop.as_ref(), &mut self.scratch, visitor)?;
        Some(match step {
            Stepped::Record(out) => Item::Record(out),
            Stepped::Junk(e) => Item::Junk(e),
            Stepped::Bad(bad) => {
                visitor.begin_record();
                Item::Record(visitor.end_record(Err(bad.error)))
            }
            Stepped::BadJunk(bad) => Item::Junk(bad.error),
        })
    }

    /// Loads the next piece of the stream (dropping what is left of the one at hand): its
    /// text (up to its stop), the lines of the stream before it and its byte offset; `None`
    /// at the end of the stream.
    pub(crate) fn load_piece(&mut self) -> Option<(&str, usize, u64)> {
        let lent = self.cutter.next_piece()?;
        self.text.clear();
        self.text.push_str(lent.text);
        self.stop = lent.stop;
        self.walk = Walk::new(lent.lines_before + 1, lent.offset as usize);
        Some((&self.text, lent.lines_before, lent.offset))
    }

    /// Drops what is left of the piece at hand: the next [`Reader::step_piece`] gives `None`.
    pub(crate) fn skip_piece(&mut self) {
        self.walk = Walk::done();
    }

    /// The records of the stream as whole [`Record`](crate::Record)s, one at a time.
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, stream::Reader};
    /// let data = b"1b2 1c3 *\n\n[Game \"Pylos\"]\n1a1 *\n";
    /// let plies: Vec<_> = Reader::new(&data[..]).records::<Pylos>().map(|r| r.unwrap().plies.len()).collect();
    /// assert_eq!(plies, [2, 1]);
    /// ```
    pub fn records<G: Game>(self) -> impl Iterator<Item = Result<crate::Record<G>, ParseError>> {
        let mut reader = self;
        let mut build = crate::record::RecordBuilder::<G>::default();
        let mut piece = None;
        std::iter::from_fn(move || {
            let item = loop {
                if let Some(item) = reader.step_placed::<G>(&mut build, &mut piece) {
                    break item;
                }
                reader.load_piece()?;
                piece = None;
            };
            Some(match item {
                Item::Record(r) => r,
                Item::Junk(e) => Err(e),
            })
        })
    }

    /// [`Reader::step_piece`] building whole records that know where they lie in the
    /// stream, so that their replay's errors are placed there; `piece` keeps the piece's
    /// text for its records (`None` after a new piece is loaded).
    pub(crate) fn step_placed<G: Game>(
        &mut self,
        build: &mut crate::record::RecordBuilder<G>,
        piece: &mut Option<std::sync::Arc<str>>,
    ) -> Option<Item<Result<crate::Record<G>, ParseError>>> {
        let at = match self.walk.next {
            crate::grammar::Next::Record(at) => Some(at),
            _ => None,
        };
        Some(match self.step_piece::<G, _>(build)? {
            Item::Record(Ok(mut rec)) => {
                if let Some(at) = at {
                    let text = piece.get_or_insert_with(|| self.text.as_str().into());
                    rec.origin = Some(crate::record::Origin {
                        text: text.clone(),
                        base: self.walk.base,
                        first_line: self.walk.first_line,
                        start: crate::grammar::record_start(&self.text, at).unwrap_or(at),
                    });
                }
                Item::Record(Ok(rec))
            }
            other => other,
        })
    }
}

/// Reads every record of `bytes` (a file's contents, any line ends, with or without a BOM)
/// for game `G`: each record is read or fails on its own, with lines and columns counted in
/// the whole input.
///
/// ```
/// use gamenote::{pylos::Pylos, stream::parse_bytes};
/// let out = parse_bytes::<Pylos>(b"\xEF\xBB\xBF1b2 1c3 *\r\n\r\n[Game \"Pylos\"]\r\n1a1 \xFF *\r\n");
/// assert_eq!(out.len(), 2);
/// assert_eq!(out[0].as_ref().unwrap().plies.len(), 2);
/// let err = out[1].as_ref().unwrap_err();
/// assert_eq!((err.line, err.column), (4, 5));
/// ```
pub fn parse_bytes<G: Game>(bytes: &[u8]) -> Vec<Result<crate::Record<G>, ParseError>> {
    Reader::new(bytes).records::<G>().collect()
}
