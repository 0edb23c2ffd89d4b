//! A self-contained HTML viewer for a record: inline SVG, CSS and a little plain JavaScript,
//! no network, works from `file://`. It shows the tags and the moves, the board after the
//! selected move, and steps through the game with buttons and the arrow keys. An illegal
//! record shows the board up to the error and the error message.
//!
//! The page stays proportional to the game: each distinct word and line of the game's
//! pictures is written once, in a dictionary, and each ply as the few edits that turn the picture
//! before it into its own (lines kept, dropped, added by number). The page's script draws
//! a frame by applying those edits. A record longer than [`MAX_PLIES`] is refused.

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::Error;
use crate::check::json_str;
use crate::game::{Game, GameResult, Mode};
use crate::record::{Record, replay_with};
use crate::svg::escape;

/// The longest record the viewer draws, in plies.
pub const MAX_PLIES: usize = 5000;

/// A record the viewer will not draw.
///
/// ```
/// use gamenote::html::{viewer_checked, TooLong, MAX_PLIES};
/// use gamenote::{pylos::Pylos, Mode, Record};
/// let rec: Record<Pylos> = "1b2 1c3 ".repeat(MAX_PLIES / 2 + 1).parse()?;
/// let err = viewer_checked(&rec, Mode::Strict).unwrap_err();
/// assert_eq!((err.plies, err.max), (5002, 5000));
/// assert_eq!(err.to_string(), "the record has 5002 plies; the HTML viewer draws at most 5000");
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the record has {plies} plies; the HTML viewer draws at most {max}")]
#[non_exhaustive]
pub struct TooLong {
    /// The record's plies.
    pub plies: usize,
    /// [`MAX_PLIES`].
    pub max: usize,
}

fn frame<G: Game>(pos: &G::Position, last: Option<&G::Move>) -> String {
    G::svg(pos, last)
        .unwrap_or_else(|| format!("<pre class=\"diagram\">{}</pre>", escape(&pos.to_string())))
}

/// A JSON string safe inside a `<script>` element: no `</` to end it, no `<!--` to change
/// how the browser reads it.
fn script_str(s: &str) -> String {
    json_str(s)
        .replace("</", "<\\/")
        .replace("<!--", "\\u003c!--")
}

/// How far the edit finder looks ahead for lines to line up again.
const LOOK_AHEAD: usize = 64;

/// The frames as a dictionary of words, a dictionary of lines (each a list of words) and,
/// per frame, the edits from the frame before.
#[derive(Default)]
struct Frames {
    words: HashMap<String, u32>,
    /// The words as script text: `"word",` entries.
    word_dict: String,
    ids: HashMap<String, u32>,
    /// The lines as script text: `[word, ...],` entries.
    dict: String,
    prev: Vec<u32>,
    /// The edits as script text: one `[...]` array per frame.
    edits: String,
    count: usize,
}

impl Frames {
    fn push(&mut self, picture: &str) {
        let next: Vec<u32> = picture
            .split('\n')
            .map(|line| {
                if let Some(&n) = self.ids.get(line) {
                    return n;
                }
                let n = self.ids.len() as u32;
                self.ids.insert(line.to_string(), n);
                self.dict.push('[');
                for (i, word) in line.split(' ').enumerate() {
                    let w = match self.words.get(word) {
                        Some(&w) => w,
                        None => {
                            let w = self.words.len() as u32;
                            self.words.insert(word.to_string(), w);
                            self.word_dict.push_str(&script_str(word));
                            self.word_dict.push_str(",\n");
                            w
                        }
                    };
                    let _ = write!(self.dict, "{}{w}", if i > 0 { "," } else { "" });
                }
                self.dict.push_str("],\n");
                n
            })
            .collect();
        if self.count > 0 {
            self.edits.push_str(",\n");
        }
        self.edits.push('[');
        edits(&self.prev, &next, &mut self.edits);
        self.edits.push(']');
        self.prev = next;
        self.count += 1;
    }
}

/// Writes the edits that turn `old` into `new` as numbers: runs of (lines kept, lines
/// dropped, lines added, the added lines' numbers...); the lines after the last run are
/// kept.
fn edits(old: &[u32], new: &[u32], out: &mut String) {
    let (mut i, mut j) = (0, 0);
    let mut first = true;
    let mut emit = |keep: usize, drop: usize, add: &[u32]| {
        if !first {
            out.push(',');
        }
        first = false;
        let _ = write!(out, "{keep},{drop},{}", add.len());
        for a in add {
            let _ = write!(out, ",{a}");
        }
    };
    let mut keep = 0;
    while i < old.len() || j < new.len() {
        if i < old.len() && j < new.len() && old[i] == new[j] {
            keep += 1;
            i += 1;
            j += 1;
            continue;
        }
        // The fewest lines to drop and add before the two line up again.
        let mut best = (old.len() - i, new.len() - j);
        'search: for total in 1..=2 * LOOK_AHEAD {
            for d in 0..=total.min(LOOK_AHEAD) {
                let a = total - d;
                if a > LOOK_AHEAD {
                    continue;
                }
                if i + d < old.len() && j + a < new.len() && old[i + d] == new[j + a] {
                    best = (d, a);
                    break 'search;
                }
            }
        }
        emit(keep, best.0, &new[j..j + best.1]);
        keep = 0;
        i += best.0;
        j += best.1;
    }
}

/// The viewer page for `record` (read in `mode`).
///
/// ```
/// use gamenote::{html::viewer, Mode, Record, pylos::Pylos};
/// let rec: Record<Pylos> = "1b2 1c3 1c4 *".parse().unwrap();
/// let page = viewer(&rec, Mode::Strict);
/// assert!(page.contains("id=\"next\""));
/// assert_eq!(page.matches("class=\"move\"").count(), 3);
/// ```
pub fn viewer<G: Game>(record: &Record<G>, mode: Mode) -> String {
    page(record, mode).0
}

/// The viewer page for `record`, and the error that stopped its replay, if any; refused
/// when the record has more than [`MAX_PLIES`] plies.
///
/// ```
/// use gamenote::{html::viewer_checked, Mode, Record, pylos::Pylos};
/// let rec: Record<Pylos> = "1b2 1b2 *".parse().unwrap();
/// let (page, error) = viewer_checked(&rec, Mode::Strict).unwrap();
/// assert!(page.contains("move illegal"));
/// assert!(error.is_some());
/// ```
pub fn viewer_checked<G: Game>(
    record: &Record<G>,
    mode: Mode,
) -> Result<(String, Option<Error>), TooLong> {
    if record.plies.len() > MAX_PLIES {
        return Err(TooLong {
            plies: record.plies.len(),
            max: MAX_PLIES,
        });
    }
    Ok(page(record, mode))
}

fn page<G: Game>(record: &Record<G>, mode: Mode) -> (String, Option<Error>) {
    let mut frames = Frames::default();
    let first = record.plies.first().map(|p| &p.notation);
    let implied = crate::game::implied_tags::<G>(&record.tags, first);
    if let Ok(s) = G::setup(implied.as_deref().unwrap_or(&record.tags)) {
        frames.push(&frame::<G>(&s, None));
    }
    let r = replay_with(record, mode, |_, _, m, after| {
        frames.push(&frame::<G>(after, Some(m)))
    });
    let error = r.error.as_ref().map(|e| e.to_string());
    let title = match (record.tag("White"), record.tag("Black")) {
        (Some(w), Some(b)) => format!("{}: {w} – {b}", G::NAME),
        _ => format!("{} record", G::NAME),
    };
    let mut tags = String::new();
    for (n, v) in &record.tags {
        let _ = write!(
            tags,
            "<tr><th>{}</th><td>{}</td></tr>",
            escape(n),
            escape(v)
        );
    }
    let mut moves = String::new();
    for (i, ply) in record.plies.iter().enumerate() {
        let n = i + 1;
        if i % G::SEATS == 0 {
            let _ = write!(moves, "<span class=\"num\">{}.</span>", i / G::SEATS + 1);
        }
        let class = if n < frames.count {
            "move"
        } else {
            "move illegal"
        };
        let _ = write!(
            moves,
            "<span class=\"{class}\" id=\"m{n}\" data-ply=\"{n}\">{}</span> ",
            escape(&ply.notation.to_string())
        );
    }
    let result = record.result.or(r.outcome.map(GameResult::Decided));
    if let Some(res) = result {
        let _ = write!(
            moves,
            "<span class=\"result\">{}</span>",
            escape(&G::write_result(res))
        );
    }
    let error_html = match &error {
        Some(e) => format!("<div id=\"error\" class=\"error\">{}</div>", escape(e)),
        None => String::new(),
    };
    let page = format!(
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
body {{ font-family: sans-serif; margin: 1em; background: #faf7f0; color: #222; }}
main {{ display: flex; gap: 1.5em; flex-wrap: wrap; }}
#board svg, #board pre {{ max-width: 100%; }}
#side {{ max-width: 34em; }}
.controls button {{ font-size: 1.1em; margin-right: .3em; }}
#moves {{ line-height: 1.8; margin-top: .8em; }}
.move {{ cursor: pointer; padding: 1px 3px; border-radius: 3px; }}
.move.current {{ background: #ffd24d; }}
.move.illegal {{ color: #b00; text-decoration: line-through; }}
.num {{ color: #777; margin-right: .2em; }}
.error {{ margin-top: 1em; padding: .6em; background: #fde8e8; border: 1px solid #d66; white-space: pre-wrap; }}
table.tags th {{ text-align: left; padding-right: 1em; color: #555; }}
</style>
</head>
<body>
<h1>{title}</h1>
<table class="tags">{tags}</table>
<main>
<div id="board"></div>
<div id="side">
<div class="controls">
<button id="first" title="start (Home)">&laquo;</button>
<button id="prev" title="previous (Left)">&#x25C0;</button>
<button id="next" title="next (Right)">&#x25B6;</button>
<button id="last" title="end (End)">&raquo;</button>
<span id="plyinfo"></span>
</div>
<div id="moves">{moves}</div>
{error_html}
</div>
</main>
<script>
"use strict";
// Every distinct word of the pictures, once; every distinct line, once, as its words.
const words = [
{words}];
const lines = [
{dict}].map(l => l.map(w => words[w]).join(" "));
// Per frame: runs of (lines kept, lines dropped, lines added, the added lines) that turn
// the frame before into this one.
const edits = [
{edits}];
const frames = [];
function frame(n) {{
  while (frames.length <= n) {{
    const prev = frames.length ? frames[frames.length - 1] : [];
    const ops = edits[frames.length];
    const next = [];
    let at = 0, k = 0;
    while (k < ops.length) {{
      const keep = ops[k], drop = ops[k + 1], add = ops[k + 2];
      for (let i = 0; i < keep; i++) next.push(prev[at + i]);
      at += keep + drop;
      for (let i = 0; i < add; i++) next.push(ops[k + 3 + i]);
      k += 3 + add;
    }}
    for (; at < prev.length; at++) next.push(prev[at]);
    frames.push(next);
  }}
  return frames[n].map(i => lines[i]).join("\n");
}}
let ply = 0;
function show(n) {{
  ply = Math.max(0, Math.min(edits.length - 1, n));
  document.getElementById("board").innerHTML = edits.length ? frame(ply) : "";
  document.querySelectorAll(".move.current").forEach(e => e.classList.remove("current"));
  const cur = document.getElementById("m" + ply);
  if (cur) {{ cur.classList.add("current"); }}
  document.getElementById("plyinfo").textContent = "ply " + ply + " of " + Math.max(0, edits.length - 1);
}}
document.getElementById("first").onclick = () => show(0);
document.getElementById("prev").onclick = () => show(ply - 1);
document.getElementById("next").onclick = () => show(ply + 1);
document.getElementById("last").onclick = () => show(edits.length - 1);
document.querySelectorAll(".move").forEach(e => e.onclick = () => show(Number(e.dataset.ply)));
document.addEventListener("keydown", ev => {{
  if (ev.key === "ArrowRight") {{ show(ply + 1); ev.preventDefault(); }}
  else if (ev.key === "ArrowLeft") {{ show(ply - 1); ev.preventDefault(); }}
  else if (ev.key === "Home") {{ show(0); }}
  else if (ev.key === "End") {{ show(edits.length - 1); }}
}});
show(0);
</script>
</body>
</html>
"#,
        title = escape(&title),
        words = frames.word_dict,
        dict = frames.dict,
        edits = frames.edits,
    );
    (page, r.error)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Applies the edits as the page's script does.
    fn apply(old: &[u32], ops: &str) -> Vec<u32> {
        let nums: Vec<usize> = ops
            .split(',')
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap_or(usize::MAX))
            .collect();
        let (mut out, mut at, mut k) = (Vec::new(), 0, 0);
        while k < nums.len() {
            let (keep, drop, add) = (nums[k], nums[k + 1], nums[k + 2]);
            out.extend_from_slice(&old[at..at + keep]);
            at += keep + drop;
            out.extend(nums[k + 3..k + 3 + add].iter().map(|&n| n as u32));
            k += 3 + add;
        }
        out.extend_from_slice(&old[at..]);
        out
    }

    #[test]
    fn edits_rebuild_the_new_frame() {
        let cases: [(&[u32], &[u32]); 5] = [
            (&[], &[1, 2, 3]),
            (&[1, 2, 3, 4, 5], &[1, 9, 3, 4, 8, 5]),
            (&[1, 2, 3], &[]),
            (&[1, 2, 3], &[3, 2, 1]),
            (&[7; 200], &[7; 100]),
        ];
        for (old, new) in cases {
            let mut s = String::new();
            edits(old, new, &mut s);
            assert_eq!(apply(old, &s), new, "{old:?} -> {new:?} by {s}");
        }
        let mut s = String::new();
        edits(&[1, 2, 3, 4, 5], &[1, 2, 9, 4, 5], &mut s);
        assert_eq!(s, "2,1,1,9");
    }

    #[test]
    fn script_strings_cannot_end_the_script() {
        assert_eq!(script_str("a</script><!--b"), r#""a<\/script>\u003c!--b""#);
    }

    #[test]
    fn a_record_past_the_limit_is_refused() {
        let text = "1b2 1c3 ".repeat(MAX_PLIES / 2 + 1);
        let rec: Record<crate::pylos::Pylos> = text.parse().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            viewer_checked(&rec, Mode::Strict).err(),
            Some(TooLong {
                plies: MAX_PLIES + 2,
                max: MAX_PLIES
            })
        );
    }
}
