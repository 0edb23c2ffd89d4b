//! Shards of an archive for a distributed engine (`gamenote.dask`): record-aligned byte
//! ranges of a file, the line ends in a range, and the check of one range, as
//! `gamenote check --json` prints it.

use std::path::PathBuf;

use gamenote::check::{CheckOptions, check_shard};
use gamenote::stream::{Shard, count_lines, shard_bounds};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

/// `start..end`, a byte range of a file: neither bound negative, `start` not after `end`.
pub(crate) fn byte_range(start: i64, end: i64) -> PyResult<(u64, u64)> {
    if start < 0 || end < 0 {
        return Err(PyValueError::new_err(format!(
            "the byte range {start}..{end} has a negative bound: offsets count from 0"
        )));
    }
    if start > end {
        return Err(PyValueError::new_err(format!(
            "the byte range {start}..{end} is reversed: start {start} is after end {end}"
        )));
    }
    Ok((start as u64, end as u64))
}

/// `value` as a count of lines or records before a shard: not negative.
pub(crate) fn count_before(what: &str, value: i64) -> PyResult<u64> {
    u64::try_from(value)
        .map_err(|_| PyValueError::new_err(format!("{what} is {value}: it counts from 0")))
}

/// Record-aligned byte ranges `(start, end)` of the file, at most `count` (at least 1).
#[pyfunction]
#[pyo3(signature = (path, count))]
fn shard_ranges(py: Python<'_>, path: PathBuf, count: i64) -> PyResult<Vec<(u64, u64)>> {
    let count = match usize::try_from(count) {
        Ok(n) if n >= 1 => n,
        _ => {
            return Err(PyValueError::new_err(format!(
                "count is {count}: a file is cut into at least 1 shard"
            )));
        }
    };
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
fn count_range_lines(py: Python<'_>, path: PathBuf, start: i64, end: i64) -> PyResult<usize> {
    let (start, end) = byte_range(start, end)?;
    py.detach(|| {
        use std::io::{Read, Seek, SeekFrom};
        let mut file = std::fs::File::open(&path)?;
        file.seek(SeekFrom::Start(start))?;
        count_lines(file.take(end - start))
    })
    .map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))
}

/// The shard `start..end` after `lines_before` line ends, and the options to check it in
/// `game` (else each file's) and `mode`, from a Python caller's arguments.
fn shard_to_check(
    start: i64,
    end: i64,
    lines_before: i64,
    game: Option<&str>,
    mode: &str,
) -> PyResult<(Shard, CheckOptions<'static>)> {
    let (start, end) = byte_range(start, end)?;
    let lines_before = count_before("lines_before", lines_before)? as usize;
    let mut opts = CheckOptions::new(&[]);
    opts.mode = crate::mode_of(mode)?;
    opts.game = game.map(crate::game_id).transpose()?;
    Ok((Shard::new(start, end, lines_before), opts))
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
    start: i64,
    end: i64,
    lines_before: i64,
    game: Option<&str>,
    mode: &str,
) -> PyResult<Vec<String>> {
    let (shard, opts) = shard_to_check(start, end, lines_before, game, mode)?;
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
    start: i64,
    end: i64,
    lines_before: i64,
    game: Option<&str>,
    mode: &str,
) -> PyResult<u64> {
    let (shard, mut opts) = shard_to_check(start, end, lines_before, game, mode)?;
    opts.syntax_only = true;
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
