//! Faults found by attacking the library as a stranger would (issue 20, last part): each
//! test is one case that failed before its fix, with the exact values it must give.

use std::io::Read;

use gamenote::pylos::Pylos;
use gamenote::stream::{Item, Limits, Reader};
use gamenote::visit::Summarize;

/// A `Read` that hands out one byte at a time.
struct OneByte<'a>(&'a [u8]);

impl Read for OneByte<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = 1.min(out.len()).min(self.0.len());
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

/// Each item as (kind, plies or line, column, expected).
fn items<R: Read>(input: R, limits: Limits) -> Vec<(&'static str, usize, usize, String)> {
    let mut reader = Reader::with_limits(input, limits);
    let mut check = Summarize::default();
    let mut out = Vec::new();
    while let Some(item) = reader.read_item::<Pylos, _>(&mut check) {
        out.push(match item {
            Item::Record(Ok(s)) => ("ok", s.plies, 0, String::new()),
            Item::Record(Err(e)) => ("err", e.line, e.column, e.expected),
            Item::Junk(e) => ("junk", e.line, e.column, e.expected),
        });
    }
    out
}

/// A piece under the record limit, followed by a line whose fate (does it start the next
/// record?) is told only some bytes later, was judged too long when the input came in small
/// reads and read as usual when it came at once. The limit counts the bytes known to be in
/// the piece, so the verdicts no longer depend on how the input is chunked.
#[test]
fn record_limit_verdict_does_not_depend_on_read_sizes() {
    let text = "[Game \"Pylos\"]\n1b2 {open\n[Event \"e\"]\n1c3 *\n";
    let limits = Limits::default().max_record_bytes(30);
    let whole = items(text.as_bytes(), limits);
    let drip = items(OneByte(text.as_bytes()), limits);
    let expected = vec![
        (
            "err",
            2,
            5,
            "a comment closed by '}' before the next record".to_string(),
        ),
        ("ok", 1, 0, String::new()),
    ];
    assert_eq!(whole, expected);
    assert_eq!(drip, expected);
}
