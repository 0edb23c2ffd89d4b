//! The tables as JSON lines: one object per row, the same names as the Parquet columns.

use std::io::{BufWriter, Write};

use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::{ExportError, PlyRow, RecordRow, Sink};

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
        serde_json::to_writer(&mut self.records, row).map_err(std::io::Error::from)?;
        self.records.write_all(b"\n")?;
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
