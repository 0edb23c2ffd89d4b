//! Shards of an archive for a distributed engine (`gamenote.dask`): record-aligned byte
//! ranges of a file, the line ends in a range, and the check of one range, as
//! `gamenote check --json` prints it.

use std::path::PathBuf;

use gamenote::check::{CheckOptions, check_shard};
use gamenote::stream::{Shard, count_lines, shard_bounds};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

/// Record-aligned byte ranges `(start, end)` of the file, at most `count`.
#[pyfunction]
#[pyo3(signature = (path, count))]
fn shard_ranges(py: Python<'_>, path: PathBuf, count: usize) -> PyResult<Vec<(u64, u64)>> {
    py.detach(|| {
        let mut file = std::fs::File::open(&path)?;
        let ranges = shard_bounds(&mut file, count)?;
        Ok::<_, std::io::Error>(ranges.into_iter().map(|r| (r.start, r.end)).collect())
    })
    .map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))
}

/// The line ends in bytes `start..end` of the file, as the cutter counts them.
#[pyfunction]
#[pyo3(signature = (path, start, end))]
fn count_range_lines(py: Python<'_>, path: PathBuf, start: u64, end: u64) -> PyResult<usize> {
    py.detach(|| {
        use std::io::{Read, Seek, SeekFrom};
        let mut file = std::fs::File::open(&path)?;
        file.seek(SeekFrom::Start(start))?;
        count_lines(file.take(end.saturating_sub(start)))
    })
    .map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))
}

/// The verdicts on the records of bytes `start..end` of the file (a range of
/// `shard_ranges`, with `lines_before` line ends before it), as JSON objects of
/// `gamenote check --json`, not yet numbered (record 0, junk without the number of the
/// record it follows).
#[pyfunction]
#[pyo3(signature = (path, start, end, lines_before, game=None, mode="strict"))]
fn check_range_json(
    py: Python<'_>,
    path: PathBuf,
    start: u64,
    end: u64,
    lines_before: usize,
    game: Option<&str>,
    mode: &str,
) -> PyResult<Vec<String>> {
    let mut opts = CheckOptions::new(&[]);
    opts.mode = crate::mode_of(mode)?;
    opts.game = game.map(crate::game_id).transpose()?;
    let shard = Shard::new(start, end, lines_before);
    py.detach(|| {
        let mut out = Vec::new();
        check_shard(&path, shard, &opts, None, |r| {
            out.push(r.to_json());
            Ok(())
        })
        .map(|()| out)
        .map_err(|e| e.to_string())
    })
    .map_err(PyValueError::new_err)
}

/// The records in bytes `start..end` of the file (a range of `shard_ranges`, with
/// `lines_before` line ends before it), as `gamenote check` counts them (junk after a
/// record is none), read for syntax only: the records before each shard, which
/// `gamenote.dask.export_archive` numbers the shard's rows from.
#[pyfunction]
#[pyo3(signature = (path, start, end, lines_before, game=None, mode="strict"))]
fn count_range_records(
    py: Python<'_>,
    path: PathBuf,
    start: u64,
    end: u64,
    lines_before: usize,
    game: Option<&str>,
    mode: &str,
) -> PyResult<u64> {
    let mut opts = CheckOptions::new(&[]);
    opts.mode = crate::mode_of(mode)?;
    opts.game = game.map(crate::game_id).transpose()?;
    opts.syntax_only = true;
    let shard = Shard::new(start, end, lines_before);
    py.detach(|| {
        let mut records = 0u64;
        check_shard(&path, shard, &opts, None, |r| {
            records += u64::from(!r.is_junk());
            Ok(())
        })
        .map(|()| records)
        .map_err(|e| e.to_string())
    })
    .map_err(PyOSError::new_err)
}

/// Registers the functions in the native module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(shard_ranges, m)?)?;
    m.add_function(wrap_pyfunction!(count_range_lines, m)?)?;
    m.add_function(wrap_pyfunction!(check_range_json, m)?)?;
    m.add_function(wrap_pyfunction!(count_range_records, m)?)?;
    Ok(())
}
