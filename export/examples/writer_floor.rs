//! The Parquet writer's floor: what arrow-rs's `ArrowWriter` costs (write + close) on the
//! record batches `gamenote export --to parquet` hands it, with nothing else around it.
//!
//! The rows are exported once into batches cut as `ParquetSink` cuts them (4,096 rows or
//! 2 MB of text), kept in memory, and then written to a `Vec<u8>` (or `-o FILE`) with the
//! sink's settings ([`gamenote_export::writer_properties`]) or with settings changed by the
//! options below. Count instructions twice, with and without the writer, and subtract:
//!
//! ```sh
//! cargo build --release -p gamenote-export --example writer_floor
//! B=target/release/examples/writer_floor
//! valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null $B x.pylos --build-only
//! valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null $B x.pylos
//! ```
//!
//! Options (column paths as Parquet names them: `moves.list.item`, `position`, …; a list is
//! comma-separated; `moves` stands for both move-list columns of the records table):
//!
//! - `--plies`: the plies table instead of the records table;
//! - `--build-only`: build the batches, write nothing;
//! - `--compression C`: `UNCOMPRESSED`, `SNAPPY`, `LZ4_RAW`, `ZSTD(1)`, … (a codec whose
//!   feature of the `parquet` crate is not built fails: add `--features parquet/lz4`);
//! - `--v2`: data pages of format version 2;
//! - `--dict-page BYTES`: the dictionary page size limit;
//! - `--encoding COLS=ENC`: dictionary off and this encoding for the columns
//!   (`PLAIN`, `DELTA_LENGTH_BYTE_ARRAY`, `DELTA_BYTE_ARRAY`);
//! - `--no-dict COLS`: dictionary off (plain pages);
//! - `--no-stats COLS`: no statistics for the columns (`all` for every column);
//! - `--chunk-stats`: statistics per column chunk only (no page statistics, no column index);
//! - `--write-batch N`: the writer's write batch size (arrow-rs's default 1,024);
//! - `-o FILE`: write the file there (to read it back).
//!
//! It prints the batches, rows, the file's size and the writer's wall time.

use std::path::PathBuf;
use std::time::Instant;

use arrow::array::RecordBatch;
use gamenote_export::{
    ExportError, ExportOptions, PliesTable, PlyRow, RecordRow, RecordsTable, Sink, export_files,
    plies_schema, records_schema, writer_properties,
};
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, Encoding};
use parquet::file::properties::{EnabledStatistics, WriterVersion};
use parquet::schema::types::ColumnPath;

/// As `ParquetSink` cuts its batches.
const BATCH_ROWS: usize = 4096;
const BATCH_BYTES: usize = 2 << 20;

/// Gathers the batches of one table.
struct Collect {
    plies: bool,
    records: RecordsTable,
    rows: PliesTable,
    batches: Vec<RecordBatch>,
}

impl Sink for Collect {
    fn record(&mut self, row: &RecordRow, plies: &[PlyRow]) -> Result<(), ExportError> {
        if self.plies {
            for p in plies {
                self.rows.push(row, p);
            }
            if self.rows.len() >= BATCH_ROWS || self.rows.text_bytes() >= BATCH_BYTES {
                self.batches.push(self.rows.finish()?);
            }
        } else {
            self.records.push(row);
            if self.records.len() >= BATCH_ROWS || self.records.text_bytes() >= BATCH_BYTES {
                self.batches.push(self.records.finish()?);
            }
        }
        Ok(())
    }
}

fn columns(list: &str) -> Vec<ColumnPath> {
    list.split(',')
        .flat_map(|c| match c {
            "moves" => vec!["moves.list.item", "moves_canonical.list.item"],
            c => vec![c],
        })
        .map(|c| ColumnPath::new(c.split('.').map(str::to_string).collect()))
        .collect()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let (mut files, mut plies, mut build_only, mut out) = (Vec::new(), false, false, None);
    let mut b = writer_properties().into_builder();
    while let Some(a) = args.next() {
        let mut value = || args.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--plies" => plies = true,
            "--build-only" => build_only = true,
            "--v2" => b = b.set_writer_version(WriterVersion::PARQUET_2_0),
            "--compression" => b = b.set_compression(value()?.parse::<Compression>()?),
            "--dict-page" => b = b.set_dictionary_page_size_limit(value()?.parse()?),
            "--write-batch" => b = b.set_write_batch_size(value()?.parse()?),
            "--chunk-stats" => b = b.set_statistics_enabled(EnabledStatistics::Chunk),
            "--encoding" => {
                let v = value()?;
                let (cols, enc) = v.split_once('=').ok_or("--encoding COLS=ENC")?;
                let enc: Encoding = enc.parse()?;
                for c in columns(cols) {
                    b = b
                        .set_column_dictionary_enabled(c.clone(), false)
                        .set_column_encoding(c, enc);
                }
            }
            "--no-dict" => {
                for c in columns(&value()?) {
                    b = b.set_column_dictionary_enabled(c, false);
                }
            }
            "--no-stats" => match value()?.as_str() {
                "all" => b = b.set_statistics_enabled(EnabledStatistics::None),
                cols => {
                    for c in columns(cols) {
                        b = b.set_column_statistics_enabled(c, EnabledStatistics::None);
                    }
                }
            },
            "-o" => out = Some(PathBuf::from(value()?)),
            f => files.push(PathBuf::from(f)),
        }
    }
    let props = b.build();

    let mut opts = ExportOptions::default();
    opts.plies = plies;
    let mut sink = Collect {
        plies,
        records: RecordsTable::new(),
        rows: PliesTable::new(),
        batches: Vec::new(),
    };
    export_files(&files, &opts, &mut sink, |e| eprintln!("{e}"))?;
    if plies && !sink.rows.is_empty() {
        let batch = sink.rows.finish()?;
        sink.batches.push(batch);
    } else if !plies && !sink.records.is_empty() {
        let batch = sink.records.finish()?;
        sink.batches.push(batch);
    }
    let rows: usize = sink.batches.iter().map(RecordBatch::num_rows).sum();
    if build_only {
        println!("{} batches, {rows} rows, not written", sink.batches.len());
        return Ok(());
    }

    let schema = if plies {
        plies_schema()
    } else {
        records_schema()
    };
    let start = Instant::now();
    let mut writer = ArrowWriter::try_new(Vec::new(), schema, Some(props))?;
    for batch in &sink.batches {
        writer.write(batch)?;
    }
    let bytes = writer.into_inner()?;
    let took = start.elapsed();
    println!(
        "{} batches, {rows} rows, {} bytes, writer {:.1} ms",
        sink.batches.len(),
        bytes.len(),
        took.as_secs_f64() * 1e3
    );
    if let Some(out) = out {
        std::fs::write(out, &bytes)?;
    }
    Ok(())
}
