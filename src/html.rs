//! A self-contained HTML viewer for a record: inline SVG, CSS and a little plain JavaScript,
//! no network, works from `file://`. It shows the tags and the moves, the board after the
//! selected move, and steps through the game with buttons and the arrow keys. An illegal
//! record shows the board up to the error and the error message.

use crate::cli::json_str;
use crate::game::{Game, GameResult, Mode};
use crate::record::{replay_with, Record};
use crate::svg::escape;

fn frame<G: Game>(pos: &G::Position, last: Option<&G::Move>) -> String {
    G::svg(pos, last)
        .unwrap_or_else(|| format!("<pre class=\"diagram\">{}</pre>", escape(&pos.to_string())))
}

/// A JSON string safe inside a `<script>` element.
fn script_str(s: &str) -> String {
    json_str(s).replace("</", "<\\/")
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
    let mut frames = Vec::with_capacity(record.plies.len() + 1);
    let start = G::setup(&record.tags).ok();
    if let Some(s) = &start {
        frames.push(frame::<G>(s, None));
    }
    let r = replay_with(record, mode, |_, _, m, after| {
        frames.push(frame::<G>(after, Some(m)))
    });
    let error = r.error.as_ref().map(|e| e.to_string());
    let title = match (record.tag("White"), record.tag("Black")) {
        (Some(w), Some(b)) => format!("{}: {w} – {b}", G::NAME),
        _ => format!("{} record", G::NAME),
    };
    let mut tags = String::new();
    for (n, v) in &record.tags {
        tags.push_str(&format!(
            "<tr><th>{}</th><td>{}</td></tr>",
            escape(n),
            escape(v)
        ));
    }
    let mut moves = String::new();
    for (i, ply) in record.plies.iter().enumerate() {
        let n = i + 1;
        if i % G::SEATS == 0 {
            moves.push_str(&format!("<span class=\"num\">{}.</span>", i / G::SEATS + 1));
        }
        let class = if n < frames.len() {
            "move"
        } else {
            "move illegal"
        };
        moves.push_str(&format!(
            "<span class=\"{class}\" id=\"m{n}\" data-ply=\"{n}\">{}</span> ",
            escape(&ply.notation.to_string())
        ));
    }
    if let Some(res) = record.result {
        moves.push_str(&format!(
            "<span class=\"result\">{}</span>",
            escape(&G::write_result(res))
        ));
    } else if let Some(o) = r.outcome {
        moves.push_str(&format!(
            "<span class=\"result\">{}</span>",
            escape(&G::write_result(GameResult::Decided(o)))
        ));
    }
    let frames_js: Vec<String> = frames.iter().map(|f| script_str(f)).collect();
    let error_html = match &error {
        Some(e) => format!("<div id=\"error\" class=\"error\">{}</div>", escape(e)),
        None => String::new(),
    };
    format!(
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
const frames = [{frames}];
let ply = 0;
function show(n) {{
  ply = Math.max(0, Math.min(frames.length - 1, n));
  document.getElementById("board").innerHTML = frames[ply] || "";
  document.querySelectorAll(".move.current").forEach(e => e.classList.remove("current"));
  const cur = document.getElementById("m" + ply);
  if (cur) {{ cur.classList.add("current"); }}
  document.getElementById("plyinfo").textContent = "ply " + ply + " of " + (frames.length - 1);
}}
document.getElementById("first").onclick = () => show(0);
document.getElementById("prev").onclick = () => show(ply - 1);
document.getElementById("next").onclick = () => show(ply + 1);
document.getElementById("last").onclick = () => show(frames.length - 1);
document.querySelectorAll(".move").forEach(e => e.onclick = () => show(Number(e.dataset.ply)));
document.addEventListener("keydown", ev => {{
  if (ev.key === "ArrowRight") {{ show(ply + 1); ev.preventDefault(); }}
  else if (ev.key === "ArrowLeft") {{ show(ply - 1); ev.preventDefault(); }}
  else if (ev.key === "Home") {{ show(0); }}
  else if (ev.key === "End") {{ show(frames.length - 1); }}
}});
show(0);
</script>
</body>
</html>
"#,
        title = escape(&title),
        frames = frames_js.join(",\n"),
    )
}
