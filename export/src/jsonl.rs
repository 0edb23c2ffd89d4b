//! The tables as JSON lines: one object per row, the same names as the Parquet columns.

use std::io::{BufWriter, Write};

use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::{ExportError, MoveList, PlyRow, RecordRow, Sink};

/// Writes the records table, and the plies table when given a second writer, as JSON lines
/// (serde_json): one object per row, keys as the Parquet columns of `docs/export.md`, `tags`
/// an object. Output is buffered; [`JsonlSink::finish`] flushes it (dropping the sink
/// flushes too, without reporting an error).
///
/// ```
/// use gamenote_export::{JsonlSink, RecordRow, PlyRow, Sink};
/// let mut records = Vec::new();
/// let mut plies = Vec::new();
/// let mut sink = JsonlSink::new(&mut records, Some(&mut plies));
/// let row = RecordRow { file: "a.pylos".into(), record: 1, game: "pylos", ok: true, ..RecordRow::default() };
/// let ply = PlyRow { ply: 1, move_canonical: "1b2".into(), legal_moves: 16, ..PlyRow::default() };
/// sink.record(&row, &[ply])?;
/// sink.finish()?;
/// let line = String::from_utf8(records).unwrap();
/// assert!(line.starts_with(r#"{"file":"a.pylos","record":1,"game":"pylos","rules":null,"tags":{}"#));
/// let ply_line = String::from_utf8(plies).unwrap();
/// assert!(ply_line.starts_with(r#"{"file":"a.pylos","record":1,"ply":1,"seat":0,"position":null,"#));
/// # Ok::<(), gamenote_export::ExportError>(())
/// ```
pub struct JsonlSink<W: Write, P: Write> {
    records: BufWriter<W>,
    plies: Option<BufWriter<P>>,
    /// The line being written (its room kept from row to row).
    line: Vec<u8>,
}

impl<W: Write, P: Write> JsonlSink<W, P> {
    /// A sink writing records to `records` and, if given, plies to `plies`.
    ///
    /// ```
    /// use gamenote_export::JsonlSink;
    /// let sink = JsonlSink::new(Vec::new(), None::<Vec<u8>>);
    /// # drop(sink);
    /// ```
    pub fn new(records: W, plies: Option<P>) -> Self {
        JsonlSink {
            records: BufWriter::with_capacity(1 << 16, records),
            plies: plies.map(|p| BufWriter::with_capacity(1 << 16, p)),
            line: Vec::new(),
        }
    }

    /// Flushes both outputs.
    ///
    /// ```
    /// use gamenote_export::JsonlSink;
    /// JsonlSink::new(Vec::new(), None::<Vec<u8>>).finish()?;
    /// # Ok::<(), gamenote_export::ExportError>(())
    /// ```
    pub fn finish(mut self) -> Result<(), ExportError> {
        self.records.flush()?;
        if let Some(p) = self.plies.as_mut() {
            p.flush()?;
        }
        Ok(())
    }
}

impl<W: Write, P: Write> Sink for JsonlSink<W, P> {
    fn record(&mut self, row: &RecordRow, plies: &[PlyRow]) -> Result<(), ExportError> {
        self.line.clear();
        record_line(&mut self.line, row)?;
        self.line.push(b'\n');
        self.records.write_all(&self.line)?;
        if let Some(out) = self.plies.as_mut() {
            for p in plies {
                let with_key = Keyed { row, ply: p };
                serde_json::to_writer(&mut *out, &with_key).map_err(std::io::Error::from)?;
                out.write_all(b"\n")?;
            }
        }
        Ok(())
    }
}

/// `s` as a JSON string, as serde_json writes it: a string with nothing to escape (no `"`,
/// `\\` or control character, as most moves and tags) is copied between quotes, any other
/// goes through serde_json.
fn json_str(out: &mut Vec<u8>, s: &str) -> std::io::Result<()> {
    if plain(s) {
        out.reserve(s.len() + 2);
        out.push(b'"');
        out.extend_from_slice(s.as_bytes());
        out.push(b'"');
        Ok(())
    } else {
        serde_json::to_writer(out, s).map_err(std::io::Error::from)
    }
}

fn json_opt_str(out: &mut Vec<u8>, s: Option<&str>) -> std::io::Result<()> {
    match s {
        Some(s) => json_str(out, s),
        None => {
            out.extend_from_slice(b"null");
            Ok(())
        }
    }
}

fn json_opt_u64(out: &mut Vec<u8>, n: Option<u64>) {
    match n {
        Some(n) => json_u64(out, n),
        None => out.extend_from_slice(b"null"),
    }
}

/// `n` in decimal, as serde_json writes it (with the same `itoa`), without the formatting
/// machinery.
fn json_u64(out: &mut Vec<u8>, n: u64) {
    out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

/// True when `s` is written between quotes as it is (no `"`, `\\` or control character).
///
/// Looked at 8 bytes at a time as one word (SWAR): for each of the three tests, a word
/// `y` with a zero byte (`x ^ "…"`, `x ^ \\…`) or a byte below 0x20 (`x`) gives a non-zero
/// `(y - k) & !y & 0x80…` (as a yes or no exact: a byte of 0x80 or more never sets it, and
/// a borrow only passes on from a byte that already did). About 2 instructions a byte,
/// where 32-byte blocks of byte compares cost 7.
fn plain(s: &str) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const QUOTE: u64 = ONES * b'"' as u64;
    const BACKSLASH: u64 = ONES * b'\\' as u64;
    const SPACE: u64 = ONES * 0x20;
    let odd = |x: u64| {
        let q = x ^ QUOTE;
        let b = x ^ BACKSLASH;
        (x.wrapping_sub(SPACE) & !x) | (q.wrapping_sub(ONES) & !q) | (b.wrapping_sub(ONES) & !b)
    };
    let mut words = s.as_bytes().chunks_exact(8);
    let mut any = 0;
    for w in words.by_ref() {
        let mut word = [0; 8];
        word.copy_from_slice(w);
        any |= odd(u64::from_le_bytes(word));
    }
    let bad = |b: &u8| (*b < 0x20) | (*b == b'"') | (*b == b'\\');
    any & HIGH == 0 && !words.remainder().iter().any(bad)
}

/// The moves as a JSON list of strings. Their buffer is looked at once: when no move
/// needs an escape (nearly always), the list is written in one pass over the moves into
/// room made at once, a move of up to [`CHUNK`] bytes copied as one fixed-size block (its
/// tail overwritten by what follows) rather than through a `memcpy` call of its length.
fn json_list(out: &mut Vec<u8>, items: &MoveList) -> std::io::Result<()> {
    let text = items.text();
    if !plain(text) {
        out.push(b'[');
        for (i, m) in items.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            json_str(out, m)?;
        }
        out.push(b']');
        return Ok(());
    }
    let text = text.as_bytes();
    let n = items.len();
    // `[`, each move between quotes, a comma between two, `]`.
    let len = 2 + text.len() + 2 * n + n.saturating_sub(1);
    let start = out.len();
    // `CHUNK` bytes of slack past the list, for the last block copy.
    out.resize(start + len + CHUNK, b'"');
    let dst = &mut out[start..];
    dst[0] = b'[';
    // Where the current move's opening quote goes, and where its text starts.
    let (mut at, mut from) = (1, 0);
    for &end in items.ends() {
        let m_len = end.saturating_sub(from);
        let block = text.get(from..from + CHUNK);
        match (block, dst.get_mut(at..at + 1 + CHUNK)) {
            (Some(block), Some(d)) if m_len <= CHUNK => {
                d[0] = b'"';
                if let Some(d) = d.get_mut(1..) {
                    d.copy_from_slice(block);
                }
            }
            _ => {
                let m = text.get(from..end).unwrap_or_default();
                if let Some(d) = dst.get_mut(at..at + 1 + m.len()) {
                    d[0] = b'"';
                    d[1..].copy_from_slice(m);
                }
            }
        }
        at += m_len + 1;
        if let Some(d) = dst.get_mut(at..at + 2) {
            d.copy_from_slice(b"\",");
        }
        at += 2;
        from = end;
    }
    // The last comma (or, with no move, the second byte) closes the list.
    dst[len - 1] = b']';
    out.truncate(start + len);
    Ok(())
}

/// The bytes [`json_list`] copies as one block for a move at most that long.
const CHUNK: usize = 16;

/// A records row as one line of JSON, byte for byte what serde_json makes of its
/// [`Serialize`] form (written by hand: the serializer's calls cost more than the check).
fn record_line(out: &mut Vec<u8>, r: &RecordRow) -> std::io::Result<()> {
    let e = r.error.as_ref();
    out.extend_from_slice(b"{\"file\":");
    json_str(out, &r.file)?;
    out.extend_from_slice(b",\"record\":");
    json_u64(out, r.record);
    out.extend_from_slice(b",\"game\":");
    json_str(out, r.game)?;
    out.extend_from_slice(b",\"rules\":");
    json_opt_str(out, r.rules.as_deref())?;
    out.extend_from_slice(b",\"tags\":{");
    for (i, (n, v)) in r.tags.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        json_str(out, n)?;
        out.push(b':');
        json_str(out, v)?;
    }
    out.extend_from_slice(b"},\"moves\":");
    let list = out.len();
    json_list(out, &r.moves)?;
    let list = list..out.len();
    out.extend_from_slice(b",\"moves_canonical\":");
    // A record written canonically (nearly all) has the same list twice: copied, not
    // written again (comparing the two buffers costs a few instructions a move).
    if r.moves_canonical == r.moves {
        out.extend_from_within(list);
    } else {
        json_list(out, &r.moves_canonical)?;
    }
    out.extend_from_slice(b",\"plies\":");
    json_u64(out, r.plies);
    out.extend_from_slice(b",\"result\":");
    json_opt_str(out, r.result.as_deref())?;
    out.extend_from_slice(b",\"outcome\":");
    json_opt_str(out, r.outcome.as_deref())?;
    out.extend_from_slice(if r.ok {
        b",\"ok\":true,\"error_kind\":"
    } else {
        b",\"ok\":false,\"error_kind\":"
    });
    json_opt_str(out, e.map(|e| e.kind))?;
    out.extend_from_slice(b",\"error_line\":");
    json_opt_u64(out, e.map(|e| e.line));
    out.extend_from_slice(b",\"error_column\":");
    json_opt_u64(out, e.map(|e| e.column));
    out.extend_from_slice(b",\"error_ply\":");
    json_opt_u64(out, e.and_then(|e| e.ply));
    out.extend_from_slice(b",\"error_message\":");
    json_opt_str(out, e.map(|e| e.message.as_str()))?;
    out.extend_from_slice(b",\"warnings\":");
    json_u64(out, r.warnings);
    out.push(b'}');
    Ok(())
}

/// Tags as a JSON object.
struct Tags<'a>(&'a [(String, String)]);

impl Serialize for Tags<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (n, v) in self.0 {
            m.serialize_entry(n, v)?;
        }
        m.end()
    }
}

impl Serialize for RecordRow {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let e = self.error.as_ref();
        let mut m = s.serialize_map(Some(17))?;
        m.serialize_entry("file", &self.file)?;
        m.serialize_entry("record", &self.record)?;
        m.serialize_entry("game", self.game)?;
        m.serialize_entry("rules", &self.rules)?;
        m.serialize_entry("tags", &Tags(&self.tags))?;
        m.serialize_entry("moves", &self.moves)?;
        m.serialize_entry("moves_canonical", &self.moves_canonical)?;
        m.serialize_entry("plies", &self.plies)?;
        m.serialize_entry("result", &self.result)?;
        m.serialize_entry("outcome", &self.outcome)?;
        m.serialize_entry("ok", &self.ok)?;
        m.serialize_entry("error_kind", &e.map(|e| e.kind))?;
        m.serialize_entry("error_line", &e.map(|e| e.line))?;
        m.serialize_entry("error_column", &e.map(|e| e.column))?;
        m.serialize_entry("error_ply", &e.and_then(|e| e.ply))?;
        m.serialize_entry("error_message", &e.map(|e| e.message.as_str()))?;
        m.serialize_entry("warnings", &self.warnings)?;
        m.end()
    }
}

/// A ply row with its record's key.
struct Keyed<'a> {
    row: &'a RecordRow,
    ply: &'a PlyRow,
}

impl Serialize for Keyed<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let p = self.ply;
        let mut m = s.serialize_map(Some(9))?;
        m.serialize_entry("file", &self.row.file)?;
        m.serialize_entry("record", &self.row.record)?;
        m.serialize_entry("ply", &p.ply)?;
        m.serialize_entry("seat", &p.seat)?;
        m.serialize_entry("position", &p.position)?;
        m.serialize_entry("move", &p.move_written)?;
        m.serialize_entry("move_canonical", &p.move_canonical)?;
        m.serialize_entry("legal_moves", &p.legal_moves)?;
        m.serialize_entry("outcome", &p.outcome)?;
        m.end()
    }
}

#[cfg(test)]
mod tests {
    use super::record_line;
    use crate::{RecordRow, RowError};

    /// `plain` by blocks says what a byte at a time says, wherever the odd byte is.
    #[test]
    fn plain_finds_an_odd_byte_anywhere() {
        for len in [0, 1, 31, 32, 33, 64, 100] {
            let clean = "a".repeat(len);
            assert!(super::plain(&clean), "{len}");
            for at in 0..len {
                for odd in ["\"", "\\", "\n", "\u{1}", "\u{1f}"] {
                    let s = format!("{}{odd}{}", &clean[..at], &clean[at + 1..]);
                    assert!(!super::plain(&s), "{len} {at} {odd:?}");
                }
                let s = format!("{}é\u{7f} {}", &clean[..at], &clean[at + 1..]);
                assert!(super::plain(&s), "{len} {at}");
                // Every character below 256 (two bytes from 0x80).
                for c in (0..=255u8).map(char::from) {
                    let s = format!("{}{c}{}", &clean[..at], &clean[at + 1..]);
                    let odd = c < ' ' || c == '"' || c == '\\';
                    assert_eq!(super::plain(&s), !odd, "{len} {at} {c:?}");
                }
            }
        }
    }

    /// The word test says what a byte at a time says for every pair of characters below
    /// 256 beside each other in a word (a borrow from one byte into the next), at every
    /// place of the word.
    #[test]
    fn plain_on_every_pair_of_bytes() {
        let by_byte = |s: &str| !s.bytes().any(|b| (b < 0x20) | (b == b'"') | (b == b'\\'));
        let mut odd = 0;
        for a in (0..=255u8).map(char::from) {
            for b in (0..=255u8).map(char::from) {
                for at in 0..7 {
                    let s = format!("{}{a}{b}{}", "x".repeat(at), "y".repeat(14 - at));
                    assert_eq!(super::plain(&s), by_byte(&s), "{a:?} {b:?} {at}");
                    odd += usize::from(!by_byte(&s));
                }
            }
        }
        // 34 odd characters of 256: pairs with at least one, at 7 places.
        assert_eq!(odd, (256 * 256 - 222 * 222) * 7);
    }

    /// The list laid out by blocks is serde_json's, for moves of every length around the
    /// block size and at the end of the buffer.
    #[test]
    fn json_list_is_what_serde_json_writes_for_any_lengths() {
        let lens = [0, 1, 3, 15, 16, 17, 31, 40];
        for count in 0..6 {
            for first in 0..lens.len() {
                let moves: Vec<String> = (0..count)
                    .map(|k| {
                        let len = lens[(first + k) % lens.len()];
                        (0..len)
                            .map(|i| char::from(b'a' + ((i + k) % 26) as u8))
                            .collect()
                    })
                    .collect();
                let list = crate::MoveList::from(moves.clone());
                let mut out = b"x".to_vec();
                super::json_list(&mut out, &list).unwrap();
                let want = format!("x{}", serde_json::to_string(&moves).unwrap());
                assert_eq!(String::from_utf8(out).unwrap(), want, "{moves:?}");
            }
        }
    }

    #[test]
    fn json_u64_writes_every_digit() {
        for n in [0, 7, 10, 99, 100, 12345, u64::MAX] {
            let mut out = Vec::new();
            super::json_u64(&mut out, n);
            assert_eq!(out, n.to_string().into_bytes());
        }
    }

    /// The hand-written line is serde_json's, escapes and nulls included.
    #[test]
    fn record_line_is_what_serde_json_writes() {
        let plain = RecordRow {
            file: "a.pylos".into(),
            record: 7,
            game: "pylos",
            rules: Some("standard".into()),
            tags: vec![("Event".into(), "Club".into()), ("Site".into(), "".into())],
            moves: ["1b2", "1c3"].into(),
            moves_canonical: ["1b2"].into(),
            plies: 1,
            result: Some("1-0".into()),
            ok: true,
            warnings: 2,
            ..RecordRow::default()
        };
        let odd = RecordRow {
            file: "dir\\\"q\".pylos".into(),
            tags: vec![("na\"me".into(), "tab\there\u{1}\u{7f}é".into())],
            moves: ["x\ny", "plain", "q\"uote"].into(),
            error: Some(RowError {
                kind: "illegal",
                line: 3,
                column: 12,
                ply: Some(4),
                message: "no \"ball\" there\\".into(),
            }),
            ..RecordRow::default()
        };
        let no_ply = RecordRow {
            moves: ["", "1b2", ""].into(),
            moves_canonical: [""].into(),
            error: Some(RowError {
                kind: "parse",
                line: 1,
                column: 1,
                ply: None,
                message: String::new(),
            }),
            ..RecordRow::default()
        };
        for row in [plain, odd, no_ply, RecordRow::default()] {
            let mut line = Vec::new();
            record_line(&mut line, &row).unwrap();
            let want = serde_json::to_string(&row).unwrap();
            assert_eq!(String::from_utf8(line).unwrap(), want);
        }
    }
}
