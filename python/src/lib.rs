//! The `gamenote` Python package's native module (`gamenote._native`): records read lazily
//! from a path, a file object or a string; their checks, conversions and positions; the
//! generators. The Python names and their documentation are in `gamenote/__init__.pyi`.

mod arrow;
mod shard;

use std::collections::VecDeque;
use std::io::{self, Read};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, TryLockError};

use gamenote::any::{
    AnyError, AnyNotation, AnyPosition, AnyRecord, AnyStyle, DefaultGame, Family, GameId,
    KnownGame, PerGame,
};
use gamenote::check::{self, PieceChecker, Problem as CliProblem, Report};
use gamenote::gipf::Gipf;
use gamenote::pylon::Pylon;
use gamenote::pylos::Pylos;
use gamenote::replay::Checker;
use gamenote::stream::{BadRecord, RawRecord, RecordReader};
use gamenote::threeman::ThreeMan;
use gamenote::{Error, Game, Mode, Notate, ParseError, Play, RecordFormat, with_game};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};

create_exception!(
    gamenote,
    GamenoteError,
    PyValueError,
    "A record, move or position that does not read or breaks the rules: `kind`, `line`, `column`, `ply`, `message`."
);
create_exception!(
    gamenote,
    UnknownGameError,
    GamenoteError,
    "A record whose game is told neither by its own [Game] tag nor by the `game` keyword."
);

// ---------------------------------------------------------------- errors and problems

/// An error or a warning of a check, with its place.
#[pyclass(frozen, module = "gamenote", name = "Problem")]
#[derive(Clone)]
struct Problem {
    #[pyo3(get)]
    kind: &'static str,
    #[pyo3(get)]
    line: usize,
    #[pyo3(get)]
    column: usize,
    #[pyo3(get)]
    ply: Option<usize>,
    #[pyo3(get)]
    message: String,
    #[pyo3(get)]
    rendered: String,
}

impl From<&CliProblem> for Problem {
    fn from(p: &CliProblem) -> Self {
        Problem {
            kind: p.kind.as_str(),
            line: p.line,
            column: p.column,
            ply: p.ply,
            message: p.message.clone(),
            rendered: p.rendered.clone(),
        }
    }
}

#[pymethods]
impl Problem {
    fn __str__(&self) -> String {
        format!("{}:{}: {}", self.line, self.column, self.message)
    }
    fn __repr__(&self) -> String {
        format!(
            "Problem(kind={:?}, line={}, column={}, ply={}, message={:?})",
            self.kind,
            self.line,
            self.column,
            self.ply.map_or("None".to_string(), |p| p.to_string()),
            self.message
        )
    }
    /// The exception this problem raises (a `GamenoteError`).
    fn exception(&self, py: Python<'_>) -> PyErr {
        problem_error(py, self)
    }
    /// Pickled (and copied) as its fields: kind, line, column, ply, message, rendered.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, ProblemState)> {
        let make = py.import("gamenote._native")?.getattr("_problem")?;
        Ok((make, self.state()))
    }
    /// Equal when every field is.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> Py<PyAny> {
        let equal = other
            .cast::<Problem>()
            .ok()
            .map(|o| o.get().state() == self.state());
        rich_eq(other.py(), equal)
    }
    fn __hash__(&self) -> u64 {
        hash_of(&self.state())
    }
}

/// What a `Problem` is pickled as: kind, line, column, ply, message, rendered.
type ProblemState = (&'static str, usize, usize, Option<usize>, String, String);

impl Problem {
    fn state(&self) -> ProblemState {
        (
            self.kind,
            self.line,
            self.column,
            self.ply,
            self.message.clone(),
            self.rendered.clone(),
        )
    }
}

/// What `__eq__` returns: the answer for one of its own kind, else `NotImplemented`, so that
/// Python asks the other operand (`mock.ANY == x` and `x == mock.ANY` agree) and `!=` is its
/// opposite.
fn rich_eq(py: Python<'_>, equal: Option<bool>) -> Py<PyAny> {
    match equal {
        Some(b) => pyo3::types::PyBool::new(py, b)
            .to_owned()
            .into_any()
            .unbind(),
        None => py.NotImplemented(),
    }
}

/// The hash of `value`, for `__hash__`.
fn hash_of<T: std::hash::Hash>(value: &T) -> u64 {
    use std::hash::Hasher;
    let mut h = std::collections::hash_map::DefaultHasher::new();
    value.hash(&mut h);
    h.finish()
}

/// The kind named `name` (one word of `gamenote::ErrorKind`: `"parse"`, `"illegal"`,
/// `"mismatch"`, `"setup"`, `"limit"`, `"io"`), as a pickle holds it.
fn kind_of(name: &str) -> PyResult<check::ProblemKind> {
    check::ProblemKind::ALL
        .into_iter()
        .find(|k| k.as_str() == name)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown problem kind {name:?}: expected one of {}",
                check::ProblemKind::ALL.map(|k| k.as_str()).join(", ")
            ))
        })
}

/// A `Problem` made again from its pickled state (`Problem.__reduce__`).
#[pyfunction]
fn _problem(
    kind: &str,
    line: usize,
    column: usize,
    ply: Option<usize>,
    message: String,
    rendered: String,
) -> PyResult<Problem> {
    Ok(Problem {
        kind: kind_of(kind)?.as_str(),
        line,
        column,
        ply,
        message,
        rendered,
    })
}

/// A `GamenoteError` (or a subclass) carrying the problem's fields as attributes.
fn error_with(py: Python<'_>, err: PyErr, p: &Problem) -> PyErr {
    let v = err.value(py);
    let _ = v.setattr("kind", p.kind);
    let _ = v.setattr("line", p.line);
    let _ = v.setattr("column", p.column);
    let _ = v.setattr("ply", p.ply);
    let _ = v.setattr("message", p.message.as_str());
    let _ = v.setattr("rendered", p.rendered.as_str());
    err
}

fn problem_error(py: Python<'_>, p: &Problem) -> PyErr {
    error_with(py, GamenoteError::new_err(p.__str__()), p)
}

/// A parse error in `source` (of `file`, `lines_before` lines into it) as an exception.
fn parse_error(
    py: Python<'_>,
    file: &str,
    source: &str,
    lines_before: usize,
    e: &ParseError,
) -> PyErr {
    let p = check::problem_at(file, source, lines_before, &Error::Parse(e.clone()), 0);
    problem_error(py, &Problem::from(&p))
}

fn any_error(py: Python<'_>, file: &str, source: &str, lines_before: usize, e: &Error) -> PyErr {
    let p = check::problem_at(file, source, lines_before, e, 0);
    problem_error(py, &Problem::from(&p))
}

fn mode_of(mode: &str) -> PyResult<Mode> {
    match mode {
        "strict" => Ok(Mode::Strict),
        "lenient" => Ok(Mode::Lenient),
        _ => Err(PyValueError::new_err(format!(
            "unknown mode {mode:?}: expected \"strict\" or \"lenient\""
        ))),
    }
}

fn game_id(name: &str) -> PyResult<GameId> {
    name.parse::<GameId>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The style named `style` of game `id` (its default style if None).
fn style_of(id: GameId, style: Option<&str>) -> PyResult<AnyStyle> {
    match style {
        None => Ok(AnyStyle::default_for(id)),
        Some(s) => AnyStyle::parse(id, s).map_err(|e| PyValueError::new_err(e.to_string())),
    }
}

fn mismatch() -> PyErr {
    PyRuntimeError::new_err("gamenote: a value of one game was read as another's")
}

/// An error of a record's conversion (of `file`, `lines_before` lines into it) as an
/// exception; a value of one game given to another is this package's own mistake.
fn layer_error(
    py: Python<'_>,
    file: &str,
    source: &str,
    lines_before: usize,
    e: AnyError,
) -> PyErr {
    match e {
        AnyError::Game(e) => any_error(py, file, source, lines_before, &e),
        _ => mismatch(),
    }
}

// ---------------------------------------------------------------- the check

/// The verdict on one record: `ok` (also its truth value), the plies replayed, the result
/// reached, the first error and the warnings of lenient reading.
#[pyclass(frozen, module = "gamenote", name = "Check")]
struct Check {
    of: CheckOf,
}

/// Where a `Check`'s report lives: in its record (the verdict kept when the record was read,
/// shared, not copied: no allocation per `check()`), or in the check itself (a check in
/// another mode than the record's).
enum CheckOf {
    /// The record's own verdict (`Record::verdict`, set before the `Check` is made).
    Record(Py<Record>),
    /// A report of its own.
    Own(Box<Report>),
}

/// A record's report kept small, as every record read carries one: the plies and the result
/// inline, the error and warnings (rare in a clean archive) boxed, the file's name and the
/// record's index left out (they are the record's).
struct Verdict {
    plies: usize,
    /// Shared with the other records of its source that reached the same result (a source
    /// has a handful of distinct results: no allocation per record).
    result: Option<Arc<str>>,
    problems: Option<Box<Problems>>,
}

/// The error and the warnings of a verdict.
struct Problems {
    error: Option<CliProblem>,
    warnings: Vec<CliProblem>,
    warnings_omitted: usize,
}

impl Verdict {
    /// The verdict of `r`, its result taken from (or added to) `results`.
    fn of(r: &Report, results: &mut Vec<Arc<str>>) -> Self {
        let problems = (r.error.is_some() || !r.warnings.is_empty() || r.warnings_omitted > 0)
            .then(|| {
                Box::new(Problems {
                    error: r.error.clone(),
                    warnings: r.warnings.clone(),
                    warnings_omitted: r.warnings_omitted,
                })
            });
        Verdict {
            plies: r.plies,
            result: r.result.as_deref().map(|w| intern(results, w)),
            problems,
        }
    }

    fn error(&self) -> Option<&CliProblem> {
        self.problems.as_ref().and_then(|p| p.error.as_ref())
    }

    fn warnings(&self) -> &[CliProblem] {
        self.problems.as_ref().map_or(&[], |p| &p.warnings)
    }

    /// The whole report, of record `index` of `file`.
    fn report(&self, file: &str, index: usize) -> Report {
        let p = self.problems.as_deref();
        Report {
            file: file.to_string(),
            record: index,
            plies: self.plies,
            result: self.result.as_deref().map(str::to_string),
            error: p.and_then(|p| p.error.clone()),
            warnings: p.map_or_else(Vec::new, |p| p.warnings.clone()),
            warnings_omitted: p.map_or(0, |p| p.warnings_omitted),
        }
    }
}

/// `text` as kept in `results`, added if new. A source's results are few (`1-0`, `*`, …);
/// past 64 distinct ones (a hostile file) each is its own.
fn intern(results: &mut Vec<Arc<str>>, text: &str) -> Arc<str> {
    if let Some(r) = results.iter().find(|r| &***r == text) {
        return Arc::clone(r);
    }
    let r: Arc<str> = text.into();
    if results.len() < 64 {
        results.push(Arc::clone(&r));
    }
    r
}

/// Never read: a record's verdict is set before a `Check` of it is made.
static NO_VERDICT: Verdict = Verdict {
    plies: 0,
    result: None,
    problems: None,
};

impl Check {
    /// The verdict of a check of the record's own mode; None for one of its own.
    fn verdict(&self) -> Option<&Verdict> {
        match &self.of {
            CheckOf::Record(r) => Some(r.get().verdict.get().unwrap_or(&NO_VERDICT)),
            CheckOf::Own(_) => None,
        }
    }
    fn own(&self) -> Option<&Report> {
        match &self.of {
            CheckOf::Record(_) => None,
            CheckOf::Own(r) => Some(r),
        }
    }
    fn plies_(&self) -> usize {
        match (self.verdict(), self.own()) {
            (Some(v), _) => v.plies,
            (_, Some(r)) => r.plies,
            _ => 0,
        }
    }
    fn result_(&self) -> Option<&str> {
        match (self.verdict(), self.own()) {
            (Some(v), _) => v.result.as_deref(),
            (_, Some(r)) => r.result.as_deref(),
            _ => None,
        }
    }
    fn error_(&self) -> Option<&CliProblem> {
        match (self.verdict(), self.own()) {
            (Some(v), _) => v.error(),
            (_, Some(r)) => r.error.as_ref(),
            _ => None,
        }
    }
    fn warnings_(&self) -> &[CliProblem] {
        match (self.verdict(), self.own()) {
            (Some(v), _) => v.warnings(),
            (_, Some(r)) => &r.warnings,
            _ => &[],
        }
    }
    fn ok_(&self) -> bool {
        self.error_().is_none()
    }
    /// The whole report (the record's file and index for a check of a record).
    fn report(&self) -> Report {
        match &self.of {
            CheckOf::Record(r) => {
                let r = r.get();
                let v = r.verdict.get().unwrap_or(&NO_VERDICT);
                v.report(&r.name, r.index)
            }
            CheckOf::Own(report) => (**report).clone(),
        }
    }
}

/// A check's problem as a pickle holds it: kind, line, column, ply, message, junk, rendered.
type CheckProblemState = (
    &'static str,
    usize,
    usize,
    Option<usize>,
    String,
    bool,
    String,
);

/// A check's problem as read back from a pickle (the kind checked by `kind_of`).
type CheckProblemArg = (String, usize, usize, Option<usize>, String, bool, String);

/// What a `Check` is pickled as: the report's file, record, plies, result, error, warnings
/// and warnings omitted.
type CheckState = (
    String,
    usize,
    usize,
    Option<String>,
    Option<CheckProblemState>,
    Vec<CheckProblemState>,
    usize,
);

fn problem_state(p: &CliProblem) -> CheckProblemState {
    (
        p.kind.as_str(),
        p.line,
        p.column,
        p.ply,
        p.message.clone(),
        p.junk,
        p.rendered.clone(),
    )
}

fn problem_from_state(s: CheckProblemArg) -> PyResult<CliProblem> {
    let (kind, line, column, ply, message, junk, rendered) = s;
    Ok(CliProblem {
        kind: kind_of(&kind)?,
        line,
        column,
        ply,
        message,
        junk,
        rendered,
    })
}

/// A `Check` made again from its pickled state (`Check.__reduce__`): a check of its own,
/// no longer tied to a record (a record pickles on its own, and checks again when asked).
#[pyfunction]
fn _check(
    file: String,
    record: usize,
    plies: usize,
    result: Option<String>,
    error: Option<CheckProblemArg>,
    warnings: Vec<CheckProblemArg>,
    warnings_omitted: usize,
) -> PyResult<Check> {
    let report = Report {
        file,
        record,
        plies,
        result,
        error: error.map(problem_from_state).transpose()?,
        warnings: warnings
            .into_iter()
            .map(problem_from_state)
            .collect::<PyResult<_>>()?,
        warnings_omitted,
    };
    Ok(Check {
        of: CheckOf::Own(Box::new(report)),
    })
}

#[pymethods]
impl Check {
    #[getter]
    fn ok(&self) -> bool {
        self.ok_()
    }
    #[getter]
    fn plies(&self) -> usize {
        self.plies_()
    }
    #[getter]
    fn result(&self) -> Option<String> {
        self.result_().map(str::to_string)
    }
    #[getter]
    fn error(&self) -> Option<Problem> {
        self.error_().map(Problem::from)
    }
    #[getter]
    fn warnings(&self) -> Vec<Problem> {
        self.warnings_().iter().map(Problem::from).collect()
    }
    /// The report as `gamenote check --json` writes it.
    fn to_json(&self) -> String {
        match &self.of {
            CheckOf::Record(r) => {
                let r = r.get();
                let v = r.verdict.get().unwrap_or(&NO_VERDICT);
                v.report(&r.name, r.index).to_json()
            }
            CheckOf::Own(report) => report.to_json(),
        }
    }
    /// Raises the error as a `GamenoteError`, if there is one.
    fn raise_for_error(&self, py: Python<'_>) -> PyResult<()> {
        match self.error_() {
            Some(p) => Err(problem_error(py, &Problem::from(p))),
            None => Ok(()),
        }
    }
    fn __bool__(&self) -> bool {
        self.ok_()
    }
    /// Pickled (and copied) as its report: the file's name and the record's index, plies,
    /// result, error and warnings, each problem with all its fields.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, CheckState)> {
        let make = py.import("gamenote._native")?.getattr("_check")?;
        let r = self.report();
        Ok((
            make,
            (
                r.file,
                r.record,
                r.plies,
                r.result,
                r.error.as_ref().map(problem_state),
                r.warnings.iter().map(problem_state).collect(),
                r.warnings_omitted,
            ),
        ))
    }
    /// Equal when the reports are: the same file and record, plies, result, error and
    /// warnings (what `to_json` writes).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> Py<PyAny> {
        let equal = other
            .cast::<Check>()
            .ok()
            .map(|o| o.get().report() == self.report());
        rich_eq(other.py(), equal)
    }
    fn __hash__(&self) -> u64 {
        hash_of(&self.report().to_json())
    }
    fn __repr__(&self) -> String {
        match self.error_() {
            None => format!(
                "<Check ok: {} plies, result {}, {} warnings>",
                self.plies_(),
                self.result_().unwrap_or("None"),
                self.warnings_().len()
            ),
            Some(e) => format!(
                "<Check {} at {}:{} (ply {}): {}>",
                e.kind,
                e.line,
                e.column,
                e.ply.map_or("None".into(), |p| p.to_string()),
                e.message
            ),
        }
    }
}

// ---------------------------------------------------------------- records

/// One record: its text as read and where it stood; parsed and checked when asked.
#[pyclass(frozen, module = "gamenote", name = "Record")]
struct Record {
    game: GameId,
    text: String,
    lines_before: usize,
    offset: u64,
    index: usize,
    mode: Mode,
    name: Arc<str>,
    /// The check in the record's mode.
    verdict: OnceLock<Verdict>,
    /// Boxed: most records read are never parsed again, and each is moved a few times.
    parsed: OnceLock<Box<Result<AnyRecord, ParseError>>>,
}

impl Record {
    fn new(game: GameId, text: String, name: &str, index: usize, mode: Mode) -> Self {
        Record {
            game,
            text,
            lines_before: 0,
            offset: 0,
            index,
            mode,
            name: name.into(),
            verdict: OnceLock::new(),
            parsed: OnceLock::new(),
        }
    }

    fn parsed(&self, py: Python<'_>) -> PyResult<&AnyRecord> {
        let parsed = self
            .parsed
            .get_or_init(|| Box::new(AnyRecord::parse_as(self.game, &self.text)));
        (**parsed)
            .as_ref()
            .map_err(|e| parse_error(py, &self.name, &self.text, self.lines_before, e))
    }

    fn report(&self, mode: Mode) -> Report {
        with_game!(self.game, G => {
            let mut checker = Checker::<G>::new(mode);
            let mut reports =
                check::check_record::<G, _>(&self.name, &self.text, self.lines_before, &mut checker);
            let more = reports.len() > 1;
            let mut report = if reports.is_empty() {
                Report::from_empty(&self.name)
            } else {
                reports.swap_remove(0)
            };
            // A text of more than one record (or a record and junk) is no one record: its
            // verdict is the parse error `moves()` and `tags` raise, not the first record's.
            if more && let Err(e) = AnyRecord::parse_as(self.game, &self.text) {
                let at = check::problem_at(&self.name, &self.text, self.lines_before, &Error::Parse(e), 0);
                report.error = Some(at);
            }
            report.record = self.index;
            report
        })
    }

    /// The record with every move rewritten in `style`.
    fn converted(&self, py: Python<'_>, style: Option<&str>) -> PyResult<AnyRecord> {
        let rec = self.parsed(py)?;
        let style = style_of(self.game, style)?;
        rec.convert(&style, self.mode)
            .map_err(|e| layer_error(py, &self.name, &self.text, self.lines_before, e))
    }
}

trait FromEmpty {
    fn from_empty(file: &str) -> Self;
}

impl FromEmpty for Report {
    /// The report on a text with no record in it: only comments or blank space.
    fn from_empty(file: &str) -> Report {
        let problem = CliProblem {
            kind: check::ProblemKind::Parse,
            line: 1,
            column: 1,
            ply: None,
            message: "expected a record, found only blank space or comments".into(),
            rendered: format!("{file}:1:1: expected a record, found only blank space or comments"),
            junk: false,
        };
        Report {
            file: file.to_string(),
            record: 0,
            plies: 0,
            result: None,
            error: Some(problem),
            warnings: Vec::new(),
            warnings_omitted: 0,
        }
    }
}

#[pymethods]
impl Record {
    /// A record read from `text` (one record; see `reads` for many).
    #[new]
    #[pyo3(signature = (text, *, game=None, mode="strict"))]
    fn py_new(py: Python<'_>, text: &str, game: Option<&str>, mode: &str) -> PyResult<Self> {
        let given = game.map(game_id).transpose()?;
        let mode = mode_of(mode)?;
        // `game=` is `gamenote --game`: the game of a record without a `[Game]` tag, and a
        // record tagged with another game is an error at the tag.
        let default = match given {
            Some(id) => DefaultGame::Given(id),
            None => match GameId::from_tags(text) {
                Some(id) => DefaultGame::Detected(id),
                // A `[Game]` tag naming no known game: the error at its value, as every door
                // says it; else no tag at all.
                None => match game_tag_error(text) {
                    Some(e) => {
                        let at = e.span.start;
                        let p = check::problem_at("<string>", text, 0, &Error::Parse(e), at);
                        return Err(problem_error(py, &Problem::from(&p)));
                    }
                    None => return Err(unknown_game(py, "<string>", 0)),
                },
            },
        };
        let id = default.of_record(text).map_err(|e| {
            let at = e.span.start;
            let p = check::problem_at("<string>", text, 0, &Error::Parse(e), at);
            problem_error(py, &Problem::from(&p))
        })?;
        Ok(Record::new(id, text.to_string(), "<string>", 1, mode))
    }

    /// The game's `--game` name: `pylos`, `gipf`, `threeman` or `pylon`.
    #[getter]
    fn game(&self) -> &'static str {
        self.game.name()
    }
    /// The record's text as read.
    #[getter]
    fn text(&self) -> &str {
        &self.text
    }
    /// 1-based index of the record in its source.
    #[getter]
    fn index(&self) -> usize {
        self.index
    }
    /// 1-based line where the record's text starts in its source.
    #[getter]
    fn line(&self) -> usize {
        self.lines_before + 1
    }
    /// Byte offset of the record's text in its source.
    #[getter]
    fn offset(&self) -> u64 {
        self.offset
    }
    /// The tags in their order, as a dict.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let parsed = self.parsed(py)?;
        let d = PyDict::new(py);
        for (k, v) in parsed.tags() {
            if !d.contains(k)? {
                d.set_item(k, v)?;
            }
        }
        Ok(d)
    }
    /// The value of one tag, or None.
    fn tag(&self, py: Python<'_>, name: &str) -> PyResult<Option<String>> {
        Ok(self.parsed(py)?.tag(name).map(str::to_string))
    }
    /// The moves as written, or rewritten in `style`.
    #[pyo3(signature = (style=None))]
    fn moves(&self, py: Python<'_>, style: Option<&str>) -> PyResult<Vec<String>> {
        let notations = match style {
            None => self.parsed(py)?.notations(),
            Some(_) => self.converted(py, style)?.notations(),
        };
        Ok(notations.iter().map(|n| n.to_string()).collect())
    }
    /// The result written at the end of the record (`1-0`, `*`, …), or None.
    #[getter]
    fn result(&self, py: Python<'_>) -> PyResult<Option<String>> {
        let result = self.parsed(py)?.result();
        Ok(result.map(|r| with_game!(self.game, G => G::write_result(r))))
    }
    /// Checks the record in one pass (every move resolved and played): a `Check`.
    #[pyo3(signature = (*, mode=None))]
    fn check(slf: &Bound<'_, Self>, mode: Option<&str>) -> PyResult<Check> {
        let mode = mode.map(mode_of).transpose()?;
        let rec = slf.get();
        let of = match mode {
            Some(m) if m != rec.mode => CheckOf::Own(Box::new(rec.report(m))),
            _ => {
                rec.verdict
                    .get_or_init(|| Verdict::of(&rec.report(rec.mode), &mut Vec::new()));
                CheckOf::Record(slf.clone().unbind())
            }
        };
        Ok(Check { of })
    }
    /// The record with every move rewritten in `style` (the game's default style if None).
    #[pyo3(signature = (style=None))]
    fn convert(&self, py: Python<'_>, style: Option<&str>) -> PyResult<Record> {
        let out = self.converted(py, style)?;
        let text = out.to_string();
        Ok(Record {
            game: self.game,
            text,
            lines_before: 0,
            offset: 0,
            index: self.index,
            mode: self.mode,
            name: Arc::clone(&self.name),
            verdict: OnceLock::new(),
            parsed: OnceLock::from(Box::new(Ok(out))),
        })
    }
    /// The position after `ply` moves (0: the start; None: the end; negative: from the end).
    #[pyo3(signature = (ply=None))]
    fn position(&self, py: Python<'_>, ply: Option<isize>) -> PyResult<Position> {
        let replay = self.parsed(py)?.replay(self.mode);
        let n = replay.plies() as isize + 1;
        let want = match ply {
            None => n - 1,
            Some(k) if k < 0 => n + k,
            Some(k) => k,
        };
        if want < 0 || want >= n {
            if let Some(e) = replay.error()
                && ply.is_some_and(|k| k >= n)
            {
                return Err(any_error(py, &self.name, &self.text, self.lines_before, e));
            }
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "ply {} out of range: the record has positions 0 to {}",
                ply.unwrap_or(0),
                n - 1
            )));
        }
        // The position after `want` moves: the moves the replay played, from its start.
        let mut pos = replay.start();
        for m in replay.moves().iter().take(want as usize) {
            pos.play(m).map_err(|_| mismatch())?;
        }
        Ok(Position { pos })
    }
    /// The record written by the library (tags, then the movetext), or its text as read if
    /// it does not parse.
    fn __str__(&self, py: Python<'_>) -> String {
        match self.parsed(py) {
            Ok(r) => r.to_string(),
            Err(_) => self.text.clone(),
        }
    }
    fn __repr__(&self) -> String {
        format!(
            "<gamenote.Record game={:?} index={} line={} bytes={}>",
            self.game.name(),
            self.index,
            self.lines_before + 1,
            self.text.len()
        )
    }
    /// The SVG picture of the record's last position, which Jupyter shows.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<Option<String>> {
        let pos = self.position(py, None)?;
        Ok(pos.svg())
    }
    /// Pickled as what it is written as: the game, the text as read, the mode, and where it
    /// stood (source name, index, line, offset); the check is made again when asked.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, RecordState)> {
        let make = py.import("gamenote._native")?.getattr("_record")?;
        let mode = match self.mode {
            Mode::Lenient => "lenient",
            _ => "strict",
        };
        Ok((
            make,
            (
                self.game.name(),
                self.text.clone(),
                mode,
                self.name.to_string(),
                self.index,
                self.lines_before,
                self.offset,
            ),
        ))
    }
    /// Equal when of the same game and mode, with the same text, read from the same place
    /// (source name, index, line, offset): what a record is pickled as.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> Py<PyAny> {
        let equal = other
            .cast::<Record>()
            .ok()
            .map(|o| self.key() == o.get().key());
        rich_eq(other.py(), equal)
    }
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.key().hash(&mut h);
        h.finish()
    }
}

/// What a `Record` is pickled as: game, text, mode, source name, index, lines before, offset.
type RecordState = (
    &'static str,
    String,
    &'static str,
    String,
    usize,
    usize,
    u64,
);

impl Record {
    /// What equality and hashing look at: the pickled state.
    fn key(&self) -> (GameId, &str, bool, &str, usize, usize, u64) {
        (
            self.game,
            &self.text,
            self.mode == Mode::Lenient,
            &self.name,
            self.index,
            self.lines_before,
            self.offset,
        )
    }
}

/// A `Record` made again from its pickled state (`Record.__reduce__`).
#[pyfunction]
#[pyo3(signature = (game, text, mode, name, index, lines_before, offset))]
fn _record(
    game: &str,
    text: String,
    mode: &str,
    name: &str,
    index: usize,
    lines_before: usize,
    offset: u64,
) -> PyResult<Record> {
    let mut rec = Record::new(game_id(game)?, text, name, index, mode_of(mode)?);
    rec.lines_before = lines_before;
    rec.offset = offset;
    Ok(rec)
}

/// The error of a record's `[Game]` tag that names no known game (at its value, naming
/// it and the known games), as the library's readers give it.
fn game_tag_error(text: &str) -> Option<gamenote::ParseError> {
    DefaultGame::Detected(GameId::Pylos).of_record(text).err()
}

fn unknown_game(py: Python<'_>, file: &str, lines_before: usize) -> PyErr {
    let p = Problem {
        kind: "parse",
        line: lines_before + 1,
        column: 1,
        ply: None,
        message:
            "the record's game is unknown: no [Game] tag naming a known game, and no game= given"
                .into(),
        rendered: String::new(),
    };
    let p = Problem {
        rendered: format!("{file}:{}:1: {}", p.line, p.message),
        ..p
    };
    error_with(py, UnknownGameError::new_err(p.__str__()), &p)
}

// ---------------------------------------------------------------- reading

/// A Python file object as a byte stream: `read(n)` giving bytes, or str (encoded in UTF-8).
struct PyReader {
    file: Py<PyAny>,
    pending: Vec<u8>,
    at: usize,
    /// An exception of `read()` that is no `Exception` (`KeyboardInterrupt`, `SystemExit`):
    /// kept here for the reader's owner to raise as itself, not as an I/O error of the source.
    interrupt: Arc<Mutex<Option<PyErr>>>,
}

impl PyReader {
    fn new(file: Py<PyAny>) -> Self {
        PyReader {
            file,
            pending: Vec::new(),
            at: 0,
            interrupt: Arc::default(),
        }
    }
}

impl Read for PyReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at >= self.pending.len() {
            self.pending.clear();
            self.at = 0;
            let chunk = Python::attach(|py| -> PyResult<Vec<u8>> {
                let data = self
                    .file
                    .bind(py)
                    .call_method1("read", (buf.len().max(1),))?;
                if let Ok(b) = data.cast::<PyBytes>() {
                    Ok(b.as_bytes().to_vec())
                } else if let Ok(s) = data.cast::<PyString>() {
                    Ok(s.to_cow()?.as_bytes().to_vec())
                } else {
                    Err(PyTypeError::new_err("read() gave neither bytes nor str"))
                }
            })
            .map_err(|e| {
                let text = e.to_string();
                let interrupt = Python::attach(|py| !e.is_instance_of::<PyException>(py));
                if interrupt && let Ok(mut slot) = self.interrupt.lock() {
                    *slot = Some(e);
                }
                io::Error::other(text)
            })?;
            self.pending = chunk;
        }
        let n = buf.len().min(self.pending.len() - self.at);
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

type Input = Box<dyn Read + Send + Sync>;

/// One [`PieceChecker`] per game (its checker, scratch space and report), made when a record
/// of that game first comes and kept for every record after it, as `gamenote check` keeps
/// them.
struct PieceCheckerSlots;

impl Family for PieceCheckerSlots {
    type Of<G: KnownGame> = Option<PieceChecker<G>>;
}

type PieceCheckers = PerGame<PieceCheckerSlots>;

struct Source {
    reader: RecordReader<Input>,
    checkers: PieceCheckers,
    /// Records cut from the piece being read, and junk between them (an error to raise,
    /// numbered as `gamenote check` numbers it: after the record it follows).
    pending: VecDeque<Result<Record, CliProblem>>,
    /// The verdicts of the piece being cut into records after its first.
    reports: Vec<Verdict>,
    /// The results the source's records reached so far, each kept once.
    results: Vec<Arc<str>>,
    index: usize,
    /// The game of records without a `[Game]` tag, as `gamenote check` tells it: `game=`
    /// (`--game`), else told once the first piece is read (its `[Game]` tag, else the
    /// name's extension). `None` before the first piece, and when nothing told it.
    default: Option<DefaultGame>,
    /// The first piece was read (and `default` told).
    started: bool,
}

/// The records of a source, read lazily one at a time, each checked as it is read (the
/// same one-pass check as `gamenote check`), in the game of its own `[Game]` tag.
#[pyclass(module = "gamenote", name = "Records")]
struct Records {
    source: Mutex<Source>,
    /// `game=`: `gamenote --game`.
    given: Option<GameId>,
    /// The game the source's name tells by its extension, if no `[Game]` tag tells one.
    hint: Option<GameId>,
    mode: Mode,
    name: Arc<str>,
    /// The thread reading the source now ([`this_thread`]), 0 if none: a `next()` called
    /// from inside the source's own `read()` is told apart from another thread's.
    reading: AtomicUsize,
    /// Where the source's [`PyReader`] keeps an interrupt raised by `read()`.
    interrupt: Arc<Mutex<Option<PyErr>>>,
}

/// A number of the calling thread, not 0, different for every live thread.
fn this_thread() -> usize {
    thread_local! {
        static TOKEN: u8 = const { 0 };
    }
    TOKEN.with(|t| t as *const u8 as usize)
}

/// Clears [`Records::reading`] when the reading thread lets the source go.
struct Reading<'a>(&'a AtomicUsize);

impl Drop for Reading<'_> {
    fn drop(&mut self) {
        self.0.store(0, Ordering::Release);
    }
}

impl Records {
    fn open(input: Input, name: String, game: Option<&str>, mode: &str) -> PyResult<Self> {
        Self::open_with(input, name, game, mode, Arc::default())
    }

    fn open_file(file: PyReader, name: String, game: Option<&str>, mode: &str) -> PyResult<Self> {
        let interrupt = Arc::clone(&file.interrupt);
        Self::open_with(Box::new(file), name, game, mode, interrupt)
    }

    /// The source, waiting for another thread reading it without holding the GIL (its
    /// file object's `read()` may need the GIL to finish); `next()` called from inside the
    /// source's own `read()` raises `ValueError`, as a generator does.
    fn lock_source(&self, py: Python<'_>) -> PyResult<(MutexGuard<'_, Source>, Reading<'_>)> {
        let poisoned = || PyRuntimeError::new_err("the record reader was poisoned by a panic");
        let me = this_thread();
        loop {
            match self.source.try_lock() {
                Ok(guard) => {
                    self.reading.store(me, Ordering::Release);
                    return Ok((guard, Reading(&self.reading)));
                }
                Err(TryLockError::Poisoned(_)) => return Err(poisoned()),
                Err(TryLockError::WouldBlock) => {}
            }
            if self.reading.load(Ordering::Acquire) == me {
                return Err(PyValueError::new_err(
                    "the records are already being read (next() called from inside the \
                     source's read())",
                ));
            }
            py.detach(|| drop(self.source.lock()));
        }
    }

    fn open_with(
        input: Input,
        name: String,
        game: Option<&str>,
        mode: &str,
        interrupt: Arc<Mutex<Option<PyErr>>>,
    ) -> PyResult<Self> {
        Ok(Records {
            reading: AtomicUsize::new(0),
            interrupt,
            source: Mutex::new(Source {
                reader: RecordReader::new(input),
                checkers: PieceCheckers::default(),
                pending: VecDeque::new(),
                reports: Vec::new(),
                results: Vec::new(),
                index: 0,
                default: None,
                started: false,
            }),
            given: game.map(game_id).transpose()?,
            hint: GameId::from_extension(&name),
            mode: mode_of(mode)?,
            name: name.into(),
        })
    }
}

/// The records of one piece the stream reader cut, checked as the command line checks
/// them (`check::PieceChecker`: one checker, scratch space and report per game, kept for the
/// whole source), its stop included: a piece that stops short (bad bytes, past the record
/// length limit, an I/O error) keeps a record complete before the stop, and what follows it
/// is junk, as `gamenote check` reports it.
fn piece_records<G: KnownGame>(
    src: &mut Source,
    name: &Arc<str>,
    mode: Mode,
    piece: &Result<RawRecord, BadRecord>,
) {
    // Each piece's game and once-tags were judged by `check::piece_game` before it came.
    let pieces = src
        .checkers
        .get_mut::<G>()
        .get_or_insert_with(|| PieceChecker::new(name, Checker::new(mode)).tags_judged(true));
    let (reports, results) = (&mut src.reports, &mut src.results);
    reports.clear();
    let mut first: Option<Verdict> = None;
    pieces.check_piece(piece, |r| {
        if first.is_none() {
            first = Some(Verdict::of(r, results));
        } else {
            reports.push(Verdict::of(r, results));
        }
    });
    let Some(first) = first else { return };
    let text = check::piece_text(piece);
    let (lines_before, offset) = match piece {
        Ok(raw) => (raw.lines_before, raw.offset),
        Err(bad) => bad
            .partial
            .as_ref()
            .map_or((0, 0), |p| (p.record.lines_before, p.record.offset)),
    };
    // The stop's own error, when no record is complete before it: the piece fails as an
    // unreadable piece does, raised, but numbered as a record (`gamenote check` counts it).
    let stop = piece
        .as_ref()
        .err()
        .map(|bad| check::bad_record_problem(name, bad));
    let unreadable = |v: &Verdict| {
        v.error().filter(|p| !p.junk).is_some_and(|p| {
            stop.as_ref()
                .is_some_and(|s| (s.line, s.column, &s.message) == (p.line, p.column, &p.message))
        })
    };
    let junk = |v: &Verdict| v.error().is_some_and(|p| p.junk);
    let make = |src: &mut Source, text: String, lines_before: usize, offset: u64, report| {
        src.index += 1;
        let r = Record {
            game: G::GAME,
            text,
            lines_before,
            offset,
            index: src.index,
            mode,
            name: Arc::clone(name),
            verdict: OnceLock::new(),
            parsed: OnceLock::new(),
        };
        let _ = r.verdict.set(report);
        src.pending.push_back(Ok(r));
        src.index
    };
    if src.reports.is_empty() && !junk(&first) && !unreadable(&first) {
        make(src, text.to_string(), lines_before, offset, first);
        return;
    }
    // Several parts in one piece: records, and junk after a record. Each record gets its
    // own text, cut where the check read it (`check::piece_spans_of`). Junk is no record: it
    // takes no number (`gamenote check` counts it apart) and is raised where it stands, as
    // an unreadable piece is, its message naming the record it follows.
    let rest = std::mem::take(&mut src.reports);
    let spans = check::piece_spans_of::<G>(piece);
    let mut last = src.index;
    for (i, report) in std::iter::once(first).chain(rest).enumerate() {
        let range = match spans.get(i) {
            Some((r, _)) => r.clone(),
            // Not expected (one part a report): what is left of the text.
            None => spans.last().map_or(0, |(r, _)| r.end)..text.len(),
        };
        if let Some(p) = report.error().filter(|p| p.junk) {
            let p = junk_after(name, p, last);
            src.pending.push_back(Err(p));
            continue;
        }
        if unreadable(&report) {
            if let Some(p) = report.error() {
                src.index += 1;
                last = src.index;
                src.pending.push_back(Err(p.clone()));
            }
            continue;
        }
        let lines = lines_before + text[..range.start].matches('\n').count();
        last = make(
            src,
            text[range.clone()].to_string(),
            lines,
            offset + range.start as u64,
            report,
        );
    }
}

/// Junk's problem `p`, drawn as following record `record` of the source (the check of one
/// piece numbers from the piece's own count): the drawing made again from the problem's
/// fields (`check::junk_drawing`); the message, which names no record, is left as it is.
fn junk_after(name: &str, p: &CliProblem, record: usize) -> CliProblem {
    let mut p = p.clone();
    p.rendered = check::junk_drawing(name, &p, record);
    p
}

fn bad_piece(py: Python<'_>, name: &str, bad: &BadRecord) -> PyErr {
    problem_error(py, &Problem::from(&check::bad_record_problem(name, bad)))
}

#[pymethods]
impl Records {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next record. An unreadable piece (bytes that are not UTF-8, a NUL, a record over
    /// the length limit, an I/O error), a record of no known game, or junk after a record
    /// (which takes no record number, as in `gamenote check`) raises a `GamenoteError` with
    /// its line and column; iteration may go on after it.
    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Record>> {
        let (mut src, _reading) = self.lock_source(py)?;
        loop {
            match src.pending.pop_front() {
                Some(Ok(r)) => return Ok(Some(r)),
                Some(Err(junk)) => return Err(problem_error(py, &Problem::from(&junk))),
                None => {}
            }
            let Some(piece) = src.reader.next() else {
                return Ok(None);
            };
            if piece.is_err() {
                // An interrupt raised by the file's `read()` is raised as itself.
                if let Some(e) = self.interrupt.lock().ok().and_then(|mut e| e.take()) {
                    return Err(e);
                }
            }
            let text = check::piece_text(&piece);
            if !src.started {
                // The default game as `gamenote check` tells it: `--game`, else the first
                // record's `[Game]` tag, else the name's extension.
                src.started = true;
                src.default = match self.given {
                    Some(id) => Some(DefaultGame::Given(id)),
                    None => GameId::from_tags(text)
                        .or(self.hint)
                        .map(DefaultGame::Detected),
                };
            }
            let default = src
                .default
                .or_else(|| GameId::from_tags(text).map(DefaultGame::Detected));
            let Some(default) = default else {
                // A piece that stops short, of no game: its stop is what fails it.
                if let Err(bad) = &piece {
                    src.index += 1;
                    return Err(bad_piece(py, &self.name, bad));
                }
                if text.trim().is_empty() {
                    continue;
                }
                let lines = match &piece {
                    Ok(raw) => raw.lines_before,
                    Err(bad) => bad.partial.as_ref().map_or(0, |p| p.record.lines_before),
                };
                src.index += 1;
                if let Some(e) = game_tag_error(text) {
                    let at = e.span.start;
                    let p = check::problem_at(&self.name, text, lines, &Error::Parse(e), at);
                    return Err(problem_error(py, &Problem::from(&p)));
                }
                return Err(unknown_game(py, &self.name, lines));
            };
            // A record tagged with another game than `game=` (`--game`), or with two games,
            // fails at its tag, numbered as a record.
            let id = match check::piece_game(default, &self.name, &piece) {
                Ok(id) => id,
                Err(p) => {
                    src.index += 1;
                    return Err(problem_error(py, &Problem::from(&p)));
                }
            };
            let (src, name, mode) = (&mut *src, &self.name, self.mode);
            with_game!(id, G => piece_records::<G>(src, name, mode, &piece))
        }
    }

    fn __repr__(&self) -> String {
        format!("<gamenote.Records of {:?}>", self.name)
    }
}

/// A path as Python gives it: str (a name that is not UTF-8 arrives with surrogate escapes,
/// as `os.listdir` gives it), bytes or os.PathLike; any bytes, as the command line takes.
pub(crate) fn path_arg(source: &Bound<'_, PyAny>) -> PyResult<std::path::PathBuf> {
    // os.fsdecode takes all three and gives str; PyO3 encodes it back to the file
    // system's bytes (its own PathBuf extraction refuses bytes).
    let os = source.py().import("os")?;
    os.call_method1("fsdecode", (source,))?
        .extract::<std::path::PathBuf>()
}

/// The name of a file object, for messages and the game its extension tells: its `name`
/// (str, bytes or os.PathLike, written as the command line writes a path), else `<file>`.
pub(crate) fn file_object_name(source: &Bound<'_, PyAny>) -> String {
    source
        .getattr("name")
        .ok()
        .and_then(|n| path_arg(&n).ok())
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_else(|| "<file>".into())
}

/// Records read lazily from a path (str, bytes or os.PathLike) or a file object (binary or text).
#[pyfunction]
#[pyo3(signature = (source, *, game=None, mode="strict", name=None))]
fn read(
    source: &Bound<'_, PyAny>,
    game: Option<&str>,
    mode: &str,
    name: Option<String>,
) -> PyResult<Records> {
    if source.hasattr("read")? {
        let name = name.unwrap_or_else(|| file_object_name(source));
        let input = PyReader::new(source.clone().unbind());
        return Records::open_file(input, name, game, mode);
    }
    let path = path_arg(source)?;
    let file = std::fs::File::open(&path).map_err(|e| {
        pyo3::exceptions::PyOSError::new_err((
            e.raw_os_error().unwrap_or(0),
            e.to_string(),
            path.clone(),
        ))
    })?;
    let path = path.to_string_lossy().into_owned();
    let hint = GameId::from_extension(&path);
    let mut records = Records::open(
        Box::new(io::BufReader::with_capacity(0, file)),
        name.unwrap_or(path),
        game,
        mode,
    )?;
    // The path's extension tells the game, whatever name the records carry.
    records.hint = hint.or(records.hint);
    Ok(records)
}

/// Records read lazily from a str or bytes.
#[pyfunction]
#[pyo3(signature = (text, *, game=None, mode="strict", name=None))]
fn reads(
    text: &Bound<'_, PyAny>,
    game: Option<&str>,
    mode: &str,
    name: Option<String>,
) -> PyResult<Records> {
    let bytes: Vec<u8> = if let Ok(s) = text.cast::<PyString>() {
        s.to_cow()?.as_bytes().to_vec()
    } else if let Ok(b) = text.cast::<PyBytes>() {
        b.as_bytes().to_vec()
    } else {
        return Err(PyTypeError::new_err("reads() takes a str or bytes"));
    };
    Records::open(
        Box::new(io::Cursor::new(bytes)),
        name.unwrap_or_else(|| "<string>".into()),
        game,
        mode,
    )
}

// ---------------------------------------------------------------- positions

/// A position of one game: the side to move, the legal moves, play, the outcome, the
/// position string (`str()`) and the SVG picture.
#[pyclass(frozen, module = "gamenote", name = "Position")]
struct Position {
    pos: AnyPosition,
}

/// A written move of game `id` in any of its styles (Pylos's numeric style is told by a
/// tag): the first that reads it whole.
fn notation_in_some_style(id: GameId, text: &str) -> Option<AnyNotation> {
    with_game!(id, G => id.styles().iter().find_map(|s| {
        let tags = [("Style".to_string(), (*s).to_string())];
        match G::parse_notation(text, &tags) {
            Ok((rest, n)) if rest.trim().is_empty() => Some(AnyNotation::from(n)),
            _ => None,
        }
    }))
}

/// The rules named `rules` of game `G` (its default rules if None).
fn rules_named<G: Play>(rules: Option<&str>) -> PyResult<G::Rules> {
    match rules {
        None => Ok(G::Rules::default()),
        Some(r) => r
            .parse()
            .map_err(|e: gamenote::ValueError| PyValueError::new_err(e.to_string())),
    }
}

impl Position {
    fn svg(&self) -> Option<String> {
        self.pos.svg(None)
    }
}

#[pymethods]
impl Position {
    /// The position a position string gives (the game's default rules unless `rules`).
    #[new]
    #[pyo3(signature = (text, *, game, rules=None))]
    fn py_new(py: Python<'_>, text: &str, game: &str, rules: Option<&str>) -> PyResult<Self> {
        let id = game_id(game)?;
        let pos = with_game!(id, G => {
            let rules = rules_named::<G>(rules)?;
            let pos = G::read_position(text, &rules)
                .map_err(|e| parse_error(py, "<position>", text, 0, &e))?;
            AnyPosition::from(pos)
        });
        Ok(Position { pos })
    }

    /// The start position of `game` under `rules` (its default rules if None).
    #[staticmethod]
    #[pyo3(signature = (game, *, rules=None))]
    fn start(game: &str, rules: Option<&str>) -> PyResult<Position> {
        let id = game_id(game)?;
        let pos = match rules {
            None => AnyPosition::start(id),
            Some(r) => {
                AnyPosition::start_with(id, r).map_err(|e| PyValueError::new_err(e.to_string()))?
            }
        };
        Ok(Position { pos })
    }

    #[getter]
    fn game(&self) -> &'static str {
        self.pos.game().name()
    }
    /// The seat to move: 0 for the first player.
    #[getter]
    fn to_move(&self) -> usize {
        self.pos.to_move()
    }
    /// The legal moves, written in `style` (the game's default if None).
    #[pyo3(signature = (style=None))]
    fn legal_moves(&self, style: Option<&str>) -> PyResult<Vec<String>> {
        let style = style_of(self.pos.game(), style)?;
        self.pos
            .legal_moves()
            .iter()
            .map(|m| match self.pos.notate(m, &style) {
                Ok(n) => Ok(n.to_string()),
                Err(_) => Err(mismatch()),
            })
            .collect()
    }
    /// The position after `move`, written in any of the game's notations.
    fn play(&self, py: Python<'_>, r#move: &str) -> PyResult<Position> {
        let mv = r#move;
        let id = self.pos.game();
        let notation = match AnyNotation::parse(id, mv.trim()) {
            Ok(n) => n,
            Err(first) => notation_in_some_style(id, mv.trim())
                .ok_or_else(|| parse_error(py, "<move>", mv.trim(), 0, &first))?,
        };
        let m = self.pos.resolve(&notation).map_err(|e| {
            let AnyError::Move(e) = e else {
                return mismatch();
            };
            let p = Problem {
                kind: match e.kind {
                    gamenote::MoveErrorKind::Mismatch => "mismatch",
                    _ => "illegal",
                },
                line: 1,
                column: 1,
                ply: None,
                message: format!("{mv}: {e}"),
                rendered: format!("<move>:1:1: {mv}: {e}"),
            };
            problem_error(py, &p)
        })?;
        let mut next = self.pos.clone();
        next.play(&m).map_err(|_| mismatch())?;
        Ok(Position { pos: next })
    }
    /// The outcome (`1-0`, `0-1`, `1/2-1/2`, `1-0-0`, …) once the game is over, else None.
    #[getter]
    fn outcome(&self) -> Option<String> {
        self.pos.outcome().map(|o| o.to_string())
    }
    /// The position string (as in a `[Position]` tag).
    fn __str__(&self) -> String {
        self.pos.position_string()
    }
    /// `Position("STRING", game="GAME")`, with `rules="..."` when the rules are not the
    /// game's default (the string does not carry them all): `eval()` of it reads back an
    /// equal position with the same legal moves.
    fn __repr__(&self) -> String {
        let rules = |pos: &AnyPosition| {
            rules_tags_of(pos)
                .into_iter()
                .find(|(name, _)| name == "Rules")
                .map(|(_, value)| value)
        };
        let mut out = format!(
            "Position({:?}, game={:?}",
            self.__str__(),
            self.pos.game().name()
        );
        let own = rules(&self.pos);
        if own.is_some() && own != rules(&AnyPosition::start(self.pos.game())) {
            out.push_str(&format!(", rules={:?}", own.unwrap_or_default()));
        }
        out.push(')');
        out
    }
    /// Equal when of the same game with the same position string.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> Py<PyAny> {
        let equal = other.cast::<Position>().ok().map(|o| {
            let o = o.get();
            o.pos.game() == self.pos.game() && (o.pos == self.pos || o.__str__() == self.__str__())
        });
        rich_eq(other.py(), equal)
    }
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.pos.game().hash(&mut h);
        self.__str__().hash(&mut h);
        h.finish()
    }
    /// The SVG picture of the position, or None for a game without one.
    #[pyo3(name = "svg")]
    fn py_svg(&self) -> Option<String> {
        self.svg()
    }
    /// The SVG picture, which Jupyter shows (as `svg()`).
    fn _repr_svg_(&self) -> Option<String> {
        self.svg()
    }
    /// Pickled as what it is written as: the game, the position string, and the tags of its
    /// rules (`[Rules]`, GIPF's variant, Pylon's `[Size]`), which the string does not carry.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, PositionState)> {
        let make = py.import("gamenote._native")?.getattr("_position")?;
        Ok((
            make,
            (self.game(), self.__str__(), rules_tags_of(&self.pos)),
        ))
    }
}

/// A number as Python prints it, or `None`.
fn py_option(n: Option<usize>) -> String {
    n.map_or_else(|| "None".to_string(), |n| n.to_string())
}

/// What a `Position` is pickled as: the game, the position string, the rules' tags.
type PositionState = (&'static str, String, Vec<(String, String)>);

/// The tags that say the rules `pos` is played by.
fn rules_tags_of(pos: &AnyPosition) -> Vec<(String, String)> {
    match pos {
        AnyPosition::Pylos(p) => Pylos::rules_tags(&p.rules()),
        AnyPosition::Gipf(p) => Gipf::rules_tags(&p.rules()),
        AnyPosition::ThreeMan(p) => ThreeMan::rules_tags(&p.rules()),
        AnyPosition::Pylon(p) => Pylon::rules_tags(p.rules()),
    }
}

/// A `Position` made again from its pickled state (`Position.__reduce__`).
#[pyfunction]
fn _position(
    py: Python<'_>,
    game: &str,
    text: &str,
    rules: Vec<(String, String)>,
) -> PyResult<Position> {
    let id = game_id(game)?;
    let pos = with_game!(id, G => {
        let rules = rules_of::<G>(&rules)?;
        let pos = G::read_position(text, &rules)
            .map_err(|e| parse_error(py, "<position>", text, 0, &e))?;
        AnyPosition::from(pos)
    });
    Ok(Position { pos })
}

// ---------------------------------------------------------------- generators

/// Generated records, lazily: legal games, or near misses (each `NearMiss`).
#[pyclass(module = "gamenote", name = "Generated")]
struct Generated {
    game: GameId,
    tags: Vec<(String, String)>,
    seed: u64,
    next: u64,
    count: u64,
    plies: usize,
    near_miss: bool,
}

/// A legal record with one thing made wrong, and the error a checker must report.
#[pyclass(frozen, module = "gamenote", name = "NearMiss")]
struct NearMiss {
    #[pyo3(get)]
    record: Py<Record>,
    #[pyo3(get)]
    mutation: String,
    #[pyo3(get)]
    kind: &'static str,
    #[pyo3(get)]
    ply: Option<usize>,
    #[pyo3(get)]
    line: Option<usize>,
    #[pyo3(get)]
    column: Option<usize>,
}

#[pymethods]
impl NearMiss {
    fn __repr__(&self) -> String {
        format!(
            "<NearMiss {}: expected {} at ply={}, line={}, column={}>",
            self.mutation,
            self.kind,
            py_option(self.ply),
            py_option(self.line),
            py_option(self.column)
        )
    }
    /// Pickled (and copied) as its record (pickled as a `Record` is) and what was made
    /// wrong: mutation, kind, ply, line, column.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, NearMissState)> {
        let make = py.import("gamenote._native")?.getattr("_near_miss")?;
        Ok((
            make,
            (
                self.record.clone_ref(py),
                self.mutation.clone(),
                self.kind,
                self.ply,
                self.line,
                self.column,
            ),
        ))
    }
    /// Equal when the records are (`Record.__eq__`) and so is what was made wrong.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> Py<PyAny> {
        let equal = other.cast::<NearMiss>().ok().map(|o| {
            let o = o.get();
            o.record.get().key() == self.record.get().key() && o.wrong() == self.wrong()
        });
        rich_eq(other.py(), equal)
    }
    fn __hash__(&self) -> u64 {
        hash_of(&(self.record.get().key(), self.wrong()))
    }
}

/// What a `NearMiss` is pickled as: its record, mutation, kind, ply, line, column.
type NearMissState = (
    Py<Record>,
    String,
    &'static str,
    Option<usize>,
    Option<usize>,
    Option<usize>,
);

impl NearMiss {
    /// What was made wrong and what a checker must report.
    fn wrong(&self) -> (&str, &str, Option<usize>, Option<usize>, Option<usize>) {
        (&self.mutation, self.kind, self.ply, self.line, self.column)
    }
}

/// A `NearMiss` made again from its pickled state (`NearMiss.__reduce__`).
#[pyfunction]
fn _near_miss(
    record: Py<Record>,
    mutation: String,
    kind: &str,
    ply: Option<usize>,
    line: Option<usize>,
    column: Option<usize>,
) -> PyResult<NearMiss> {
    Ok(NearMiss {
        record,
        mutation,
        kind: kind_of(kind)?.as_str(),
        ply,
        line,
        column,
    })
}

fn rules_of<G: Game>(tags: &[(String, String)]) -> PyResult<G::Rules> {
    match G::rules_from_tags(tags) {
        Ok(r) => Ok(r),
        Err(_) if tags.is_empty() => Ok(G::variants().into_iter().next().unwrap_or_default()),
        Err(e) => Err(PyValueError::new_err(e.to_string())),
    }
}

impl Generated {
    fn make<G: KnownGame>(&self, py: Python<'_>, i: u64) -> PyResult<Py<PyAny>>
    where
        AnyRecord: From<gamenote::Record<G>>,
    {
        use gamenote::generate::{legal_game, near_miss};
        let rules = rules_of::<G>(&self.tags)?;
        let s = gamenote::generate::record_seed(self.seed, i);
        let game = legal_game::<G>(&rules, self.plies, s);
        let index = i as usize + 1;
        if self.near_miss {
            if let Some(miss) = near_miss(&game, s) {
                let mut rec = Record::new(G::GAME, miss.text, "<generated>", index, Mode::Strict);
                if let Some(r) = miss.record {
                    rec.parsed = OnceLock::from(Box::new(Ok(AnyRecord::from(r))));
                }
                let e = miss.expected;
                let out = NearMiss {
                    record: Py::new(py, rec)?,
                    mutation: miss.mutation,
                    kind: e.kind.as_str(),
                    ply: e.ply,
                    line: e.at.map(|a| a.0),
                    column: e.at.map(|a| a.1),
                };
                return Ok(Py::new(py, out)?.into_any());
            }
            return Ok(py.None());
        }
        let text = game.record.to_string();
        let rec = Record::new(G::GAME, text, "<generated>", index, Mode::Strict);
        let _ = rec.parsed.set(Box::new(Ok(AnyRecord::from(game.record))));
        Ok(Py::new(py, rec)?.into_any())
    }
}

#[pymethods]
impl Generated {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }
    fn __next__(mut slf: PyRefMut<'_, Self>, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        while slf.next < slf.count {
            let i = slf.next;
            slf.next += 1;
            let item = with_game!(slf.game, G => slf.make::<G>(py, i))?;
            if !item.is_none(py) {
                return Ok(Some(item));
            }
        }
        Ok(None)
    }
    fn __len__(&self) -> usize {
        (self.count - self.next) as usize
    }
}

fn generated(
    game: &str,
    count: u64,
    seed: u64,
    plies: usize,
    rules: Option<String>,
    size: Option<u32>,
    near_miss: bool,
) -> PyResult<Generated> {
    let id = game_id(game)?;
    let mut tags = Vec::new();
    if let Some(r) = rules {
        tags.push(("Rules".to_string(), r));
    }
    if let Some(n) = size {
        tags.push(("Size".to_string(), n.to_string()));
    }
    with_game!(id, G => rules_of::<G>(&tags).map(drop))?;
    Ok(Generated {
        game: id,
        tags,
        seed,
        next: 0,
        count,
        plies,
        near_miss,
    })
}

/// `count` legal games of `game` from `seed` (record i from `record_seed(seed, i)`, as the command line mixes them), `plies` moves each
/// (fewer when the game ends), as `gamenote generate` makes them.
#[pyfunction]
#[pyo3(signature = (game, *, count=1, seed=0, plies=40, rules=None, size=None))]
fn generate(
    game: &str,
    count: u64,
    seed: u64,
    plies: usize,
    rules: Option<String>,
    size: Option<u32>,
) -> PyResult<Generated> {
    generated(game, count, seed, plies, rules, size, false)
}

/// Near misses of `count` legal games from `seed`, as `gamenote generate --illegal` makes them.
#[pyfunction]
#[pyo3(signature = (game, *, count=1, seed=0, plies=40, rules=None, size=None))]
fn near_misses(
    game: &str,
    count: u64,
    seed: u64,
    plies: usize,
    rules: Option<String>,
    size: Option<u32>,
) -> PyResult<Generated> {
    generated(game, count, seed, plies, rules, size, true)
}

/// The games' `--game` names.
#[pyfunction]
fn games() -> Vec<&'static str> {
    GameId::ALL.iter().map(|g| g.name()).collect()
}

/// The styles a game's moves can be written in.
#[pyfunction]
fn styles(game: &str) -> PyResult<Vec<&'static str>> {
    Ok(game_id(game)?.styles().to_vec())
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("GamenoteError", py.get_type::<GamenoteError>())?;
    m.add("UnknownGameError", py.get_type::<UnknownGameError>())?;
    m.add_class::<Problem>()?;
    m.add_class::<Check>()?;
    m.add_class::<Record>()?;
    m.add_class::<Records>()?;
    m.add_class::<Position>()?;
    m.add_class::<Generated>()?;
    m.add_class::<NearMiss>()?;
    m.add_class::<arrow::ArrowStream>()?;
    m.add_function(wrap_pyfunction!(arrow::arrow_stream, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::shard_arrow_stream, m)?)?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(reads, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(near_misses, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(styles, m)?)?;
    m.add_function(wrap_pyfunction!(_record, m)?)?;
    m.add_function(wrap_pyfunction!(_position, m)?)?;
    m.add_function(wrap_pyfunction!(_problem, m)?)?;
    m.add_function(wrap_pyfunction!(_check, m)?)?;
    m.add_function(wrap_pyfunction!(_near_miss, m)?)?;
    shard::register(m)?;
    Ok(())
}
