//! What several subjects' tests share: checking one record's text and reading its error.

use gamenote::check::{Problem, Report, check_source};
use gamenote::{Game, Mode};

pub fn one<G: Game>(text: &str, mode: Mode) -> Report {
    let reports = check_source::<G>("t", text, &[], mode);
    assert_eq!(reports.len(), 1, "{text}");
    reports.into_iter().next().expect("one report")
}

/// The error of `text` read strictly: kind, line, column, message.
pub fn error<G: Game>(text: &str) -> (&'static str, usize, usize, String) {
    let r = one::<G>(text, Mode::Strict);
    let p: Problem = r.error.unwrap_or_else(|| panic!("no error\n{text}"));
    (p.kind.as_str(), p.line, p.column, p.message)
}
