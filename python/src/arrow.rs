//! The export tables (docs/export.md) as pyarrow Tables, without a file: the rows of
//! `gamenote-export` gathered into Arrow record batches and handed to pyarrow through the
//! Arrow C stream interface (`__arrow_c_stream__`, a PyCapsule holding an
//! `ArrowArrayStream`), which pyarrow imports without copying the columns.

use std::io;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use arrow::array::{RecordBatch, RecordBatchIterator};
use arrow::ffi_stream::FFI_ArrowArrayStream;
use gamenote::check::{Input, game_of_input};
use gamenote::stream::Shard;
use gamenote_export::{
    ExportError, ExportOptions, PliesTable, PlyRow, RecordRow, RecordsTable, Sink, export_files,
    export_reader, export_shard, plies_schema, records_schema,
};
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyList, PyTuple};

use crate::{PyReader, game_id, mode_of};

/// Rows gathered before they become one record batch.
const BATCH_ROWS: usize = 64 * 1024;

/// Gathers one of the two tables as record batches.
struct Gather {
    plies: bool,
    records: RecordsTable,
    ply_rows: PliesTable,
    batches: Vec<RecordBatch>,
}

impl Gather {
    fn new(plies: bool) -> Self {
        Gather {
            plies,
            records: RecordsTable::new(),
            ply_rows: PliesTable::new(),
            batches: Vec::new(),
        }
    }

    /// The batches gathered, the last flushed, as a stream.
    fn into_stream(mut self) -> Result<ArrowStream, ExportError> {
        self.flush()?;
        let schema = if self.plies {
            plies_schema()
        } else {
            records_schema()
        };
        Ok(ArrowStream {
            batches: Mutex::new(Some((schema, self.batches))),
        })
    }

    fn flush(&mut self) -> Result<(), ExportError> {
        if self.plies {
            if !self.ply_rows.is_empty() {
                self.batches.push(self.ply_rows.finish()?);
            }
        } else if !self.records.is_empty() {
            self.batches.push(self.records.finish()?);
        }
        Ok(())
    }
}

impl Sink for Gather {
    fn record(&mut self, row: &RecordRow, plies: &[PlyRow]) -> Result<(), ExportError> {
        if self.plies {
            for p in plies {
                self.ply_rows.push(row, p);
            }
            if self.ply_rows.len() >= BATCH_ROWS {
                self.flush()?;
            }
        } else {
            self.records.push(row);
            if self.records.len() >= BATCH_ROWS {
                self.flush()?;
            }
        }
        Ok(())
    }
}

/// A table as an Arrow C stream, for any consumer of the PyCapsule interface
/// (`pyarrow.table(stream)`, Polars, DuckDB); the stream can be taken once.
#[pyclass(module = "gamenote", name = "ArrowStream")]
pub struct ArrowStream {
    batches: Mutex<Option<(arrow::datatypes::SchemaRef, Vec<RecordBatch>)>>,
}

#[pymethods]
impl ArrowStream {
    /// The table as a PyCapsule named `arrow_array_stream` (the Arrow PyCapsule interface).
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        // The schema is fixed (docs/export.md): a requested one is not cast to.
        let _ = requested_schema;
        let taken = self
            .batches
            .lock()
            .map_err(|_| PyRuntimeError::new_err("the stream was poisoned by a panic"))?
            .take();
        let Some((schema, batches)) = taken else {
            return Err(PyRuntimeError::new_err(
                "this Arrow stream was already taken",
            ));
        };
        let reader = RecordBatchIterator::new(batches.into_iter().map(Ok), schema);
        let stream = FFI_ArrowArrayStream::new(Box::new(reader));
        // The capsule owns the stream: pyarrow moves it out (leaving `release` null); a
        // stream never imported is released when the capsule is dropped.
        PyCapsule::new_with_value(py, stream, c"arrow_array_stream")
    }

    fn __repr__(&self) -> String {
        "<gamenote.ArrowStream>".to_string()
    }
}

/// The paths of `source` (a path, os.PathLike, or a list or tuple of them), or None for a
/// file object.
fn paths_of(source: &Bound<'_, PyAny>) -> PyResult<Option<Vec<PathBuf>>> {
    if source.hasattr("read")? {
        return Ok(None);
    }
    let one = |p: &Bound<'_, PyAny>| -> PyResult<PathBuf> { crate::path_arg(p) };
    if source.is_instance_of::<PyList>() || source.is_instance_of::<PyTuple>() {
        let mut out = Vec::new();
        for p in source.try_iter()? {
            out.push(one(&p?)?);
        }
        return Ok(Some(out));
    }
    Ok(Some(vec![one(source)?]))
}

/// The export table of `source` as an Arrow stream (what `gamenote.to_arrow` hands to
/// pyarrow).
#[pyfunction]
#[pyo3(signature = (source, *, plies=false, game=None, mode="strict", name=None))]
pub fn arrow_stream(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    plies: bool,
    game: Option<&str>,
    mode: &str,
    name: Option<String>,
) -> PyResult<ArrowStream> {
    let mut opts = ExportOptions::default();
    opts.game = game.map(game_id).transpose()?;
    opts.mode = mode_of(mode)?;
    opts.plies = plies;
    let mut sink = Gather::new(plies);
    let failed = |e: ExportError| PyRuntimeError::new_err(e.to_string());
    match paths_of(source)? {
        Some(paths) => {
            let mut unreadable = Vec::new();
            py.detach(|| {
                export_files(&paths, &opts, &mut sink, |e| unreadable.push(e.to_string()))
            })
            .map_err(failed)?;
            if let Some(first) = unreadable.into_iter().next() {
                return Err(PyOSError::new_err(first));
            }
        }
        None => {
            let name = name.unwrap_or_else(|| crate::file_object_name(source));
            let input = PyReader::new(source.clone().unbind());
            let interrupt = Arc::clone(&input.interrupt);
            // An interrupt raised by the file's `read()` is raised as itself, not as a row
            // of the table or an export error.
            let raised = || interrupt.lock().ok().and_then(|mut slot| slot.take());
            // The game as `gamenote export -` tells it: `game=`, else the first record's
            // `[Game]` tag, else the name's extension.
            let mut input: Input = io::BufReader::with_capacity(1 << 16, Box::new(input));
            let default = game_of_input(opts.game, &name, &mut input);
            if let Some(e) = raised() {
                return Err(e);
            }
            let default = default.map_err(|_| {
                PyTypeError::new_err(
                    "to_arrow of a file object needs game= unless its first record's [Game] \
                     tag or its name tells the game",
                )
            })?;
            let done = export_reader(&name, default, input, &opts, &mut sink);
            if let Some(e) = raised() {
                return Err(e);
            }
            done.map_err(failed)?;
        }
    }
    sink.into_stream().map_err(failed)
}

/// The export table of the records of bytes `start..end` of the file at `path` (a range of
/// `shard_ranges`, with `lines_before` line ends and `records_before` records before it),
/// numbered and placed as in the whole file's table (what `gamenote.dask.export_shard`
/// writes).
#[pyfunction]
#[pyo3(signature = (path, start, end, lines_before, records_before, *, plies=false, game=None, mode="strict"))]
#[allow(clippy::too_many_arguments)]
pub fn shard_arrow_stream(
    py: Python<'_>,
    path: PathBuf,
    start: i64,
    end: i64,
    lines_before: i64,
    records_before: i64,
    plies: bool,
    game: Option<&str>,
    mode: &str,
) -> PyResult<ArrowStream> {
    let (start, end) = crate::shard::byte_range(start, end)?;
    let lines_before = crate::shard::count_before("lines_before", lines_before)? as usize;
    let records_before = crate::shard::count_before("records_before", records_before)?;
    let mut opts = ExportOptions::default();
    opts.game = game.map(game_id).transpose()?;
    opts.mode = mode_of(mode)?;
    opts.plies = plies;
    let mut sink = Gather::new(plies);
    let shard = Shard::new(start, end, lines_before);
    py.detach(|| export_shard(&path, shard, records_before, &opts, &mut sink))
        .map_err(|e| match e {
            ExportError::Input(e) => PyOSError::new_err(e.to_string()),
            e => PyRuntimeError::new_err(e.to_string()),
        })?;
    sink.into_stream()
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))
}
