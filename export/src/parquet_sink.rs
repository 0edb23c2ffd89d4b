//! The tables as Parquet files, written a row group at a time.

use std::fs::File;
use std::io::{self, Write};
use std::path::Path;

use std::sync::{Arc, Mutex};

use arrow::datatypes::SchemaRef;
use parquet::arrow::ArrowWriter;
use parquet::arrow::arrow_writer::ArrowWriterOptions;
use parquet::basic::Compression;
use parquet::file::properties::{EnabledStatistics, WriterProperties};
use parquet::schema::types::ColumnPath;

use crate::spill::{SpillError, SpillFactory};
use crate::table::{PliesTable, RecordsTable, plies_schema, records_schema};
use crate::{ExportError, PlyRow, RecordRow, Sink};

/// Rows gathered before they go to the Parquet writer as one batch.
const BATCH_ROWS: usize = 4096;
/// Text gathered before a batch is written whatever its rows.
const BATCH_BYTES: usize = 2 << 20;
/// A row group ends at this many rows, or at [`GROUP_BYTES`] of encoded data.
const GROUP_ROWS: usize = 128 * 1024;
const GROUP_BYTES: usize = 2 << 20;
/// A row group of a spilling sink ([`ParquetSink::with_spill`]) ends at this many rows
/// (pyarrow's default), or at [`SPILL_GROUP_BYTES`] of encoded data: its pages wait in a
/// temporary file, not in memory, so only the row groups' count (the footer's metadata,
/// kept to the end) costs memory, and large groups keep it small.
const SPILL_GROUP_ROWS: usize = 1 << 20;
const SPILL_GROUP_BYTES: usize = 128 << 20;
/// A data page closes at this many bytes of encoded data (arrow-rs's default is 1 MiB).
/// The dictionary encoder keeps a `u64` index a value until its page closes: on move lists
/// of ~10-bit indices a 1 MiB page held ~6 MB of them, and those large buffers freed and
/// made again are what the allocator fragments on (docs/performance.md, "Parquet: memory
/// on 1 GB and the writer's floor").
const PAGE_BYTES: usize = 256 << 10;
fn encode(e: parquet::errors::ParquetError) -> ExportError {
    match e {
        parquet::errors::ParquetError::External(inner) => {
            let inner = match inner.downcast::<SpillError>() {
                Ok(spill) => {
                    return ExportError::Spill {
                        dir: std::env::temp_dir(),
                        source: spill.0,
                    };
                }
                Err(inner) => inner,
            };
            match inner.downcast::<std::io::Error>() {
                Ok(io) => ExportError::Io(*io),
                Err(other) => ExportError::Encode(other.to_string()),
            }
        }
        e => ExportError::Encode(e.to_string()),
    }
}

fn properties(group_rows: usize, group_bytes: usize) -> WriterProperties {
    let mut b = WriterProperties::builder()
        .set_compression(Compression::SNAPPY)
        .set_max_row_group_row_count(Some(group_rows))
        .set_max_row_group_bytes(Some(group_bytes))
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

/// The writer settings a [`ParquetSink`] made by [`ParquetSink::new`] writes each table with
/// (compression, encodings, dictionaries, statistics, page and row group sizes), for a
/// program that writes the batches of [`RecordsTable`]/[`PliesTable`] itself and wants the
/// same files, or measures the writer alone (`export/examples/writer_floor.rs`). A spilling
/// sink ([`ParquetSink::with_spill`]) uses the same but for larger row groups (1,048,576
/// rows or 128 MiB).
///
/// ```
/// use parquet::schema::types::ColumnPath;
/// let props = gamenote_export::writer_properties();
/// let position = ColumnPath::new(vec!["position".into()]);
/// assert!(!props.dictionary_enabled(&position));
/// assert_eq!(props.max_row_group_row_count(), Some(131_072));
/// ```
pub fn writer_properties() -> WriterProperties {
    properties(GROUP_ROWS, GROUP_BYTES)
}

/// An Arrow writer of `schema` into `w`: row groups of 2 MB in memory, or, when `spill`,
/// large row groups whose pages wait in temporary files.
fn writer<W: Write + Send>(
    w: W,
    schema: SchemaRef,
    spill: bool,
) -> Result<ArrowWriter<W>, ExportError> {
    let options = if spill {
        ArrowWriterOptions::new()
            .with_properties(properties(SPILL_GROUP_ROWS, SPILL_GROUP_BYTES))
            .with_page_store_factory(Arc::new(SpillFactory))
    } else {
        ArrowWriterOptions::new().with_properties(writer_properties())
    };
    ArrowWriter::try_new_with_options(w, schema, options).map_err(encode)
}

/// The writers of a closed sink, and the rows written to each table.
type Closed<W> = (W, Option<W>, (u64, u64));

/// An output under the Parquet writer that keeps the error of its last failed write. The
/// writer's `into_inner` flushes its buffer (for a small table, all of it) and reports a
/// failure there as text only (`fail to get inner writer: ...`): the kept error gives
/// back its kind, so a closed pipe is a closed pipe (`gamenote export -o - | head`).
struct Kept<W> {
    inner: W,
    failed: Arc<Mutex<Option<io::Error>>>,
}

impl<W: Write> Write for Kept<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf).map_err(|e| self.keep(e))
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush().map_err(|e| self.keep(e))
    }
}

impl<W> Kept<W> {
    fn keep(&self, e: io::Error) -> io::Error {
        let copy = match e.raw_os_error() {
            Some(code) => io::Error::from_raw_os_error(code),
            None => io::Error::new(e.kind(), e.to_string()),
        };
        if let Ok(mut slot) = self.failed.lock() {
            *slot = Some(copy);
        }
        e
    }
}

/// One table: its builders and its writer.
struct Table<W: Write + Send, T> {
    rows: T,
    writer: ArrowWriter<Kept<W>>,
    failed: Arc<Mutex<Option<io::Error>>>,
}

impl<W: Write + Send, T> Table<W, T> {
    fn open(rows: T, w: W, schema: SchemaRef, spill: bool) -> Result<Self, ExportError> {
        let failed = Arc::new(Mutex::new(None));
        let w = Kept {
            inner: w,
            failed: Arc::clone(&failed),
        };
        Ok(Table {
            rows,
            writer: writer(w, schema, spill)?,
            failed,
        })
    }

    /// Writes a batch.
    fn write(&mut self, batch: &arrow::array::RecordBatch) -> Result<(), ExportError> {
        let failed = &self.failed;
        self.writer.write(batch).map_err(|e| kept(failed, e))
    }

    /// Writes the footer and gives the output back.
    fn close(self) -> Result<W, ExportError> {
        let failed = self.failed;
        self.writer
            .into_inner()
            .map(|k| k.inner)
            .map_err(|e| kept(&failed, e))
    }
}

/// The error of a Parquet writer: the output's own error when a write of it failed and the
/// writer said so only in words, else [`encode`]'s.
fn kept(failed: &Mutex<Option<io::Error>>, e: parquet::errors::ParquetError) -> ExportError {
    if matches!(e, parquet::errors::ParquetError::General(_))
        && let Some(io) = failed.lock().ok().and_then(|mut slot| slot.take())
    {
        return ExportError::Io(io);
    }
    encode(e)
}

/// Writes the records table, and the plies table when asked, as Parquet files (Snappy
/// pages): rows are gathered into batches of 4,096 rows (or 2 MB of text), each handed to
/// the Arrow writer as it fills. The writer holds a row group's encoded pages until it
/// closes; where they wait is the sink's choice:
///
/// - [`ParquetSink::with_spill`] (and [`ParquetSink::create`], which the `gamenote export`
///   command uses): in anonymous temporary files, in the system's temporary directory
///   (`TMPDIR` on Unix); a row group closes every 1,048,576 rows or 128 MiB. Memory stays
///   flat whatever the archive's size, and the file has few, large row groups, as readers
///   prefer; the temporary space needed is one row group of each table.
/// - [`ParquetSink::new`]: in memory; a row group closes every 131,072 rows or 2 MB. No file
///   is made besides the output, but each row group's metadata stays in memory until the
///   footer (~15 MB a GB of records with `--plies`).
///
/// [`ParquetSink::finish`] writes the files' footers: a file not finished is not readable.
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
    /// Creates `records` and, if given, `plies` (see [`crate::plies_path`]), written by a
    /// spilling sink ([`ParquetSink::with_spill`]).
    ///
    /// ```
    /// use gamenote_export::ParquetSink;
    /// let err = ParquetSink::create(std::path::Path::new("/no/such/dir/out.parquet"), None).err();
    /// assert!(err.is_some());
    /// ```
    pub fn create(records: &Path, plies: Option<&Path>) -> Result<Self, ExportError> {
        let r = File::create(records)?;
        let p = plies.map(File::create).transpose()?;
        Self::with_spill(r, p)
    }
}

impl<W: Write + Send> ParquetSink<W> {
    /// A sink writing to any writers (a file, a `Vec<u8>`), holding a row group's pages in
    /// memory: row groups of 2 MB, no temporary file.
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
        Self::make(records, plies, false)
    }

    /// A sink writing to any writers whose row groups' pages wait in anonymous temporary
    /// files until the group closes: row groups of 1,048,576 rows or 128 MiB, and memory
    /// flat in the archive's size. The files are made in the system's temporary directory
    /// (`TMPDIR` on Unix) when the first page is written, and are gone when the row group
    /// closes (they have no name). One that cannot be made, written or read back is an
    /// [`ExportError::Spill`] naming the directory and the system's error. The output is a valid Parquet
    /// file with the same rows as [`ParquetSink::new`]'s, in fewer row groups.
    ///
    /// ```
    /// use gamenote_export::{ParquetSink, RecordRow, Sink};
    /// let mut sink = ParquetSink::with_spill(Vec::new(), None)?;
    /// sink.record(&RecordRow { record: 1, game: "gipf", ..RecordRow::default() }, &[])?;
    /// let (records, _) = sink.into_inner()?;
    /// assert!(records.starts_with(b"PAR1") && records.ends_with(b"PAR1"));
    /// # Ok::<(), gamenote_export::ExportError>(())
    /// ```
    pub fn with_spill(records: W, plies: Option<W>) -> Result<Self, ExportError> {
        Self::make(records, plies, true)
    }

    fn make(records: W, plies: Option<W>, spill: bool) -> Result<Self, ExportError> {
        let records = Table::open(RecordsTable::new(), records, records_schema(), spill)?;
        let plies = match plies {
            Some(p) => Some(Table::open(PliesTable::new(), p, plies_schema(), spill)?),
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
            t.write(&batch)?;
        }
        Ok(())
    }

    fn flush_plies(&mut self) -> Result<(), ExportError> {
        if let Some(t) = self.plies.as_mut()
            && !t.rows.is_empty()
        {
            let batch = t.rows.finish()?;
            t.write(&batch)?;
        }
        Ok(())
    }

    /// Writes what is left and the footers; returns the writers and the rows written.
    fn close(mut self) -> Result<Closed<W>, ExportError> {
        self.flush_records()?;
        self.flush_plies()?;
        let records = self.records.close()?;
        let plies = match self.plies {
            Some(t) => Some(t.close()?),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{PlyRow, RecordRow};
    use parquet::file::reader::FileReader;

    /// The same batches through a spilling writer and an in-memory one, with the same
    /// (small) row groups: the files are the same bytes.
    /// A [`SpillFactory`] that counts the stores it makes.
    #[derive(Debug, Default)]
    struct Counting(std::sync::atomic::AtomicUsize);

    impl parquet::column::page_store::PageStoreFactory for Counting {
        fn create(
            &self,
            args: &parquet::column::page_store::PageStoreArgs<'_>,
        ) -> parquet::errors::Result<Box<dyn parquet::column::page_store::PageStore>> {
            self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            SpillFactory.create(args)
        }
    }

    #[test]
    fn spilled_pages_make_the_same_file() {
        let stores = Arc::new(Counting::default());
        let write = |spill: bool| {
            let props = properties(300, GROUP_BYTES);
            let mut options = ArrowWriterOptions::new().with_properties(props);
            if spill {
                options = options.with_page_store_factory(stores.clone());
            }
            let mut w = ArrowWriter::try_new_with_options(Vec::new(), plies_schema(), options)
                .expect("writer");
            let mut t = PliesTable::new();
            for r in 0..1000u64 {
                let row = RecordRow {
                    file: "f.pylos".into(),
                    record: r,
                    game: "pylos",
                    ..RecordRow::default()
                };
                let ply = PlyRow {
                    ply: r % 7,
                    position: Some(format!("position {r}")),
                    move_written: Some(format!("{}b2", r % 4)),
                    ..PlyRow::default()
                };
                t.push(&row, &ply);
            }
            w.write(&t.finish().expect("batch")).expect("write");
            w.into_inner().expect("close")
        };
        let (memory, spilled) = (write(false), write(true));
        // 1,000 rows in groups of 300: four row groups, each a store per column, spilled.
        let groups =
            parquet::file::reader::SerializedFileReader::new(bytes::Bytes::from(spilled.clone()))
                .expect("a Parquet file")
                .metadata()
                .num_row_groups();
        assert_eq!(groups, 4);
        let columns = plies_schema().fields().len();
        assert!(
            stores.0.load(std::sync::atomic::Ordering::Relaxed) >= 4 * columns,
            "the spilling stores were used"
        );
        assert_eq!(memory, spilled);
    }
}
