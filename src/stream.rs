//! Reading archives that may be huge or hostile: bytes in, records out, one at a time, with
//! memory bounded by the size of one record.
//!
//! [`RecordReader`] cuts a byte stream into the text of single records without understanding
//! any game's grammar: a record ends where a tag line (`[` at the start of a line, outside a
//! comment) follows movetext. Each piece is checked for UTF-8 and NUL bytes and handed out
//! with its first line and byte offset, so errors found in it name the right place in the
//! file. A record longer than [`Limits::max_record_bytes`] is skipped with an error, and
//! reading goes on with the next one.

use std::io::{self, BufRead};

use crate::error::{line_col, ParseError};

/// Bounds on what one record may cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The longest record, in bytes (default 16 MiB).
    pub max_record_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_record_bytes: 16 << 20,
        }
    }
}

/// The text of one record and where it starts in the stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawRecord {
    /// The record's text (UTF-8, no NUL, no byte-order mark).
    pub text: String,
    /// Lines of the stream before this record (add it to a line found in `text`).
    pub lines_before: usize,
    /// Byte offset of the record in the stream.
    pub offset: u64,
}

/// A record that could not even be cut out as text: bad bytes, too long, or an I/O error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadRecord {
    /// What went wrong, with the line and column in the stream.
    pub error: ParseError,
    /// The offending line's text, for rendering (lossy).
    pub line_text: String,
}

/// Cuts a byte stream into records. See the module docs.
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
    input: R,
    limits: Limits,
    /// Bytes of the record being gathered.
    buf: Vec<u8>,
    /// A tag line already read that starts the next record.
    pending: Vec<u8>,
    line: Vec<u8>,
    lines_read: usize,
    offset: u64,
    record_lines_before: usize,
    record_offset: u64,
    has_movetext: bool,
    in_comment: bool,
    too_long: bool,
    first: bool,
    done: bool,
}

impl<R: BufRead> RecordReader<R> {
    /// A reader with the default [`Limits`].
    pub fn new(input: R) -> Self {
        Self::with_limits(input, Limits::default())
    }

    /// A reader with the given limits.
    pub fn with_limits(input: R, limits: Limits) -> Self {
        RecordReader {
            input,
            limits,
            buf: Vec::new(),
            pending: Vec::new(),
            line: Vec::new(),
            lines_read: 0,
            offset: 0,
            record_lines_before: 0,
            record_offset: 0,
            has_movetext: false,
            in_comment: false,
            too_long: false,
            first: true,
            done: false,
        }
    }

    /// Reads one line (with its end) into `self.line`, keeping at most the record limit; the
    /// rest of an overlong line is consumed and dropped. Returns false at the end.
    fn read_line(&mut self) -> io::Result<bool> {
        self.line.clear();
        let cap = self.limits.max_record_bytes.saturating_add(1);
        let mut any = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                return Ok(any);
            }
            any = true;
            let (take, end) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            let room = cap.saturating_sub(self.line.len());
            self.line.extend_from_slice(&chunk[..take.min(room)]);
            self.input.consume(take);
            self.offset += take as u64;
            if end {
                return Ok(true);
            }
        }
    }

    fn take_record(&mut self) -> Option<Result<RawRecord, BadRecord>> {
        let bytes = std::mem::take(&mut self.buf);
        let lines_before = self.record_lines_before;
        let offset = self.record_offset;
        let too_long = std::mem::replace(&mut self.too_long, false);
        self.has_movetext = false;
        self.in_comment = false;
        if too_long {
            let error = ParseError {
                span: 0..0,
                line: lines_before + 1,
                column: 1,
                expected: format!("a record of at most {} bytes", self.limits.max_record_bytes),
                found: "a longer record".into(),
            };
            return Some(Err(BadRecord {
                error,
                line_text: String::new(),
            }));
        }
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return None;
        }
        Some(decode(bytes, lines_before, offset))
    }

    /// Looks at a line: is it a tag line that starts a new record? Updates the comment state.
    fn starts_record(&mut self, line: &[u8]) -> bool {
        let trimmed = line.trim_ascii_start();
        let is_tag = !self.in_comment && trimmed.first() == Some(&b'[');
        let boundary = is_tag && self.has_movetext;
        let special = [b'{', b'}', b'"'].iter().any(|c| line.contains(c));
        if !self.in_comment && !special {
            // The common line: no comment or quote to follow, one vectorised pass.
            if !is_tag && !trimmed.is_empty() {
                self.has_movetext = true;
            }
            return boundary;
        }
        let mut in_quote = false;
        let mut content = false;
        for &b in line {
            match b {
                b'"' if is_tag && !self.in_comment => in_quote = !in_quote,
                b'{' if !in_quote && !self.in_comment => self.in_comment = true,
                b'}' if self.in_comment => self.in_comment = false,
                b if !self.in_comment && !b.is_ascii_whitespace() => content = true,
                _ => {}
            }
        }
        // Comments alone are not movetext: a comment line before the tags of a record
        // belongs to that record.
        if !is_tag && content {
            self.has_movetext = true;
        }
        boundary
    }
}

fn decode(mut bytes: Vec<u8>, lines_before: usize, offset: u64) -> Result<RawRecord, BadRecord> {
    if let Some(nul) = bytes.iter().position(|&b| b == 0) {
        let text = String::from_utf8_lossy(&bytes[..nul]).into_owned();
        return Err(bad_at(
            &text,
            text.len(),
            "text",
            "a NUL byte",
            lines_before,
        ));
    }
    match String::from_utf8(std::mem::take(&mut bytes)) {
        Ok(text) => Ok(RawRecord {
            text,
            lines_before,
            offset,
        }),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let raw = e.into_bytes();
            let valid = String::from_utf8_lossy(&raw[..at]).into_owned();
            let found = format!("the byte 0x{:02x}", raw[at]);
            Err(bad_at(
                &valid,
                valid.len(),
                "UTF-8 text",
                &found,
                lines_before,
            ))
        }
    }
}

fn bad_at(valid: &str, at: usize, expected: &str, found: &str, lines_before: usize) -> BadRecord {
    let (line, column) = line_col(valid, at);
    let line_start = valid[..at].rfind(['\n', '\r']).map_or(0, |i| i + 1);
    BadRecord {
        error: ParseError {
            span: at..at + 1,
            line: line + lines_before,
            column,
            expected: expected.to_string(),
            found: found.to_string(),
        },
        line_text: valid[line_start..].chars().take(100).collect(),
    }
}

impl<R: BufRead> Iterator for RecordReader<R> {
    type Item = Result<RawRecord, BadRecord>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.done {
                return None;
            }
            if !self.pending.is_empty() {
                let p = std::mem::take(&mut self.pending);
                self.starts_record(&p);
                self.buf.extend_from_slice(&p);
            }
            let line_start_offset = self.offset;
            match self.read_line() {
                Err(e) => {
                    self.done = true;
                    let error = ParseError {
                        span: 0..0,
                        line: self.lines_read + 1,
                        column: 1,
                        expected: "readable input".into(),
                        found: format!("an I/O error: {e}"),
                    };
                    return Some(Err(BadRecord {
                        error,
                        line_text: String::new(),
                    }));
                }
                Ok(false) => {
                    self.done = true;
                    return self.take_record();
                }
                Ok(true) => {}
            }
            let mut line = std::mem::take(&mut self.line);
            if self.first {
                self.first = false;
                if line.starts_with(b"\xEF\xBB\xBF") {
                    line.drain(..3);
                }
            }
            if self.buf.is_empty() {
                self.record_lines_before = self.lines_read;
                self.record_offset = line_start_offset;
            }
            let boundary = self.starts_record(&line);
            self.lines_read += 1;
            if boundary {
                // This tag line belongs to the next record.
                self.in_comment = false;
                let out = self.take_record();
                self.pending = line;
                self.record_lines_before = self.lines_read - 1;
                self.record_offset = line_start_offset;
                self.has_movetext = false;
                if let Some(r) = out {
                    return Some(r);
                }
                continue;
            }
            if self.buf.len() + line.len() > self.limits.max_record_bytes {
                self.too_long = true;
                self.buf.clear();
                self.buf.push(b' ');
            } else if !self.too_long {
                self.buf.extend_from_slice(&line);
            }
            self.line = line;
        }
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
pub fn parse_bytes<G: crate::Game>(bytes: &[u8]) -> Vec<Result<crate::Record<G>, ParseError>> {
    let mut out = Vec::new();
    for piece in RecordReader::new(bytes) {
        match piece {
            Err(bad) => out.push(Err(bad.error)),
            Ok(raw) => {
                for r in crate::Record::<G>::parse_all(&raw.text) {
                    out.push(r.map_err(|mut e| {
                        e.line += raw.lines_before;
                        e
                    }));
                }
            }
        }
    }
    out
}
