//! The tables as Parquet files, written a row group at a time.

use std::fs::File;
use std::io::Write;
use std::path::Path;

use parquet::arrow::ArrowWriter;
use parquet::basic::Compression;
use parquet::file::properties::{EnabledStatistics, WriterProperties};
use parquet::schema::types::ColumnPath;

use crate::table::{PliesTable, RecordsTable, plies_schema, records_schema};
use crate::{ExportError, PlyRow, RecordRow, Sink};

/// Rows gathered before they go to the Parquet writer as one batch.
const BATCH_ROWS: usize = 4096;
/// Text gathered before a batch is written whatever its rows.
const BATCH_BYTES: usize = 2 << 20;
/// A row group ends at this many rows, or at [`GROUP_BYTES`] of encoded data.
const GROUP_ROWS: usize = 128 * 1024;
const GROUP_BYTES: usize = 2 << 20;
/// A data page closes at this many bytes of encoded data (arrow-rs's default is 1 MiB).
/// The dictionary encoder keeps a `u64` index a value until its page closes: on move lists
/// of ~10-bit indices a 1 MiB page held ~6 MB of them, and those large buffers freed and
/// made again are what the allocator fragments on (docs/performance.md, "Parquet: memory
/// on 1 GB and the writer's floor").
const PAGE_BYTES: usize = 256 << 10;
fn encode(e: parquet::errors::ParquetError) -> ExportError {
    match e {
        parquet::errors::ParquetError::External(inner) => {
            match inner.downcast::<std::io::Error>() {
                Ok(io) => ExportError::Io(*io),
                Err(other) => ExportError::Encode(other.to_string()),
            }
        }
        e => ExportError::Encode(e.to_string()),
    }
}

fn properties() -> WriterProperties {
    let mut b = WriterProperties::builder()
        .set_compression(Compression::SNAPPY)
        .set_max_row_group_row_count(Some(GROUP_ROWS))
        .set_max_row_group_bytes(Some(GROUP_BYTES))
        .set_data_page_size_limit(PAGE_BYTES)
        // Min/max per column chunk only, and no offset index: page indexes serve no filter
        // of ours, and the writer keeps them until the footer, so they grew with the archive
        // (docs/performance.md, "Parquet: memory flat in the archive's size").
        .set_statistics_enabled(EnabledStatistics::Chunk)
        .set_offset_index_disabled(true);
    // Min/max statistics of move lists, positions and messages serve no filter, and
    // comparing every string cost a tenth of the export; the keys (`file`, `record`, `ply`,
    // `game`, …) keep theirs. Positions are nearly all different: a dictionary of them is
    // hashed for nothing.
    for col in [
        "moves.list.item",
        "moves_canonical.list.item",
        "position",
        "move",
        "move_canonical",
        "error_message",
    ] {
        let path = ColumnPath::new(col.split('.').map(str::to_string).collect());
        b = b.set_column_statistics_enabled(path, EnabledStatistics::None);
    }
    b = b.set_column_dictionary_enabled(ColumnPath::new(vec!["position".into()]), false);
    b.build()
}

/// The writer settings every [`ParquetSink`] table is written with (compression, encodings,
/// dictionaries, statistics, page and row group sizes), for a program that writes the
/// batches of [`RecordsTable`]/[`PliesTable`] itself and wants the same files, or measures
/// the writer alone (`export/examples/writer_floor.rs`).
///
/// ```
/// use parquet::schema::types::ColumnPath;
/// let props = gamenote_export::writer_properties();
/// let position = ColumnPath::new(vec!["position".into()]);
/// assert!(!props.dictionary_enabled(&position));
/// ```
pub fn writer_properties() -> WriterProperties {
    properties()
}

/// The writers of a closed sink, and the rows written to each table.
type Closed<W> = (W, Option<W>, (u64, u64));

/// One table: its builders and its writer.
struct Table<W: Write + Send, T> {
    rows: T,
    writer: ArrowWriter<W>,
}

/// Writes the records table, and the plies table when asked, as Parquet files (Snappy
/// pages): rows are gathered into batches of 4,096 rows (or 2 MB of text), each handed to
/// the Arrow writer as it fills, and a row group is closed every 131,072 rows or 2 MB, so
/// memory stays bounded whatever the archive's size. [`ParquetSink::finish`] writes the
/// files' footers: a file not finished is not readable.
///
/// ```
/// use gamenote_export::{ParquetSink, RecordRow, Sink};
/// let dir = std::env::temp_dir().join(format!("gamenote-parquet-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let mut sink = ParquetSink::create(&dir.join("out.parquet"), None)?;
/// sink.record(&RecordRow { file: "a.pylos".into(), record: 1, game: "pylos", ..RecordRow::default() }, &[])?;
/// let (records, plies) = sink.finish()?;
/// assert_eq!((records, plies), (1, 0));
/// std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct ParquetSink<W: Write + Send = File> {
    records: Table<W, RecordsTable>,
    plies: Option<Table<W, PliesTable>>,
    counts: (u64, u64),
}

impl ParquetSink<File> {
    /// Creates `records` and, if given, `plies` (see [`crate::plies_path`]).
    ///
    /// ```
    /// use gamenote_export::ParquetSink;
    /// let err = ParquetSink::create(std::path::Path::new("/no/such/dir/out.parquet"), None).err();
    /// assert!(err.is_some());
    /// ```
    pub fn create(records: &Path, plies: Option<&Path>) -> Result<Self, ExportError> {
        let r = File::create(records)?;
        let p = plies.map(File::create).transpose()?;
        Self::new(r, p)
    }
}

impl<W: Write + Send> ParquetSink<W> {
    /// A sink writing to any writers (a file, a `Vec<u8>`).
    ///
    /// ```
    /// use gamenote_export::{ParquetSink, RecordRow, Sink};
    /// let mut sink = ParquetSink::new(Vec::new(), None)?;
    /// sink.record(&RecordRow::default(), &[])?;
    /// let (records, _) = sink.into_inner()?;
    /// assert!(records.starts_with(b"PAR1") && records.ends_with(b"PAR1"));
    /// # Ok::<(), gamenote_export::ExportError>(())
    /// ```
    pub fn new(records: W, plies: Option<W>) -> Result<Self, ExportError> {
        let records = Table {
            rows: RecordsTable::new(),
            writer: ArrowWriter::try_new(records, records_schema(), Some(properties()))
                .map_err(encode)?,
        };
        let plies = match plies {
            Some(p) => Some(Table {
                rows: PliesTable::new(),
                writer: ArrowWriter::try_new(p, plies_schema(), Some(properties()))
                    .map_err(encode)?,
            }),
            None => None,
        };
        Ok(ParquetSink {
            records,
            plies,
            counts: (0, 0),
        })
    }

    fn flush_records(&mut self) -> Result<(), ExportError> {
        let t = &mut self.records;
        if !t.rows.is_empty() {
            let batch = t.rows.finish()?;
            t.writer.write(&batch).map_err(encode)?;
        }
        Ok(())
    }

    fn flush_plies(&mut self) -> Result<(), ExportError> {
        if let Some(t) = self.plies.as_mut()
            && !t.rows.is_empty()
        {
            let batch = t.rows.finish()?;
            t.writer.write(&batch).map_err(encode)?;
        }
        Ok(())
    }

    /// Writes what is left and the footers; returns the writers and the rows written.
    fn close(mut self) -> Result<Closed<W>, ExportError> {
        self.flush_records()?;
        self.flush_plies()?;
        let records = self.records.writer.into_inner().map_err(encode)?;
        let plies = match self.plies {
            Some(t) => Some(t.writer.into_inner().map_err(encode)?),
            None => None,
        };
        Ok((records, plies, self.counts))
    }

    /// Writes what is left and the footers; returns the rows written to each table.
    ///
    /// ```
    /// use gamenote_export::ParquetSink;
    /// let sink = ParquetSink::new(Vec::new(), Some(Vec::new()))?;
    /// assert_eq!(sink.finish()?, (0, 0));
    /// # Ok::<(), gamenote_export::ExportError>(())
    /// ```
    pub fn finish(self) -> Result<(u64, u64), ExportError> {
        let (mut r, p, counts) = self.close()?;
        r.flush()?;
        if let Some(mut p) = p {
            p.flush()?;
        }
        Ok(counts)
    }

    /// Writes what is left and the footers; returns the writers.
    ///
    /// ```
    /// use gamenote_export::ParquetSink;
    /// let (records, plies) = ParquetSink::new(Vec::new(), None)?.into_inner()?;
    /// assert!(records.starts_with(b"PAR1") && plies.is_none());
    /// # Ok::<(), gamenote_export::ExportError>(())
    /// ```
    pub fn into_inner(self) -> Result<(W, Option<W>), ExportError> {
        let (r, p, _) = self.close()?;
        Ok((r, p))
    }
}

impl<W: Write + Send> Sink for ParquetSink<W> {
    fn record(&mut self, row: &RecordRow, plies: &[PlyRow]) -> Result<(), ExportError> {
        self.counts.0 += 1;
        self.records.rows.push(row);
        if self.records.rows.len() >= BATCH_ROWS || self.records.rows.text_bytes() >= BATCH_BYTES {
            self.flush_records()?;
        }
        let mut full = false;
        if let Some(t) = self.plies.as_mut() {
            for p in plies {
                t.rows.push(row, p);
            }
            self.counts.1 += plies.len() as u64;
            full = t.rows.len() >= BATCH_ROWS || t.rows.text_bytes() >= BATCH_BYTES;
        }
        if full {
            self.flush_plies()?;
        }
        Ok(())
    }
}
