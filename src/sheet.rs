//! GIPF's sheet writer, a door above the reading layer: it writes a whole record.
//!
//! The guide's record layouts, which the generic record printer (`1. e2 f3 2. …`) cannot
//! produce: reserve text `1.Ge2 (16) Gd1-f2 (16) 2.Gd2 (14) …`, slash text
//! `1.Ge2/Gd1-f2 2.Gd2/Ge8` and the two-column sheet (`1. Ge2 Gd1-f2`, a line per number).

use std::fmt;
use std::str::FromStr;

use crate::error::ValueError;

use crate::gipf::{Gipf, Notation};
use crate::record::{Ply, Record};
use crate::text;

/// How a GIPF record's movetext is laid out.
///
/// ```
/// use gamenote::sheet::Layout;
/// assert_eq!("sheet".parse::<Layout>()?, Layout::Sheet);
/// assert_eq!(Layout::default(), Layout::Reserve);
/// assert_eq!(Layout::Slash.to_string(), "slash");
/// let err = "grid".parse::<Layout>().unwrap_err();
/// assert_eq!(err.message, "unknown GIPF layout \"grid\" (expected reserve, slash or sheet)");
/// # Ok::<(), gamenote::ValueError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Layout {
    /// Reserve counts separate the moves: `1.Ge2 (16) Gd1-f2 (16) 2.Gd2 (14)`.
    #[default]
    Reserve,
    /// A slash separates White's move from Black's: `1.Ge2/Gd1-f2 2.Gd2/Ge8`.
    Slash,
    /// The note sheet: `1. Ge2 Gd1-f2`, one line per move number.
    Sheet,
}

impl Layout {
    /// Reserve layout when every push carries a reserve count, else slash.
    ///
    /// ```
    /// use gamenote::{Record, gipf::Gipf, sheet::Layout};
    /// let counted: Record<Gipf> = "[Rules \"tournament\"] 1.Ge2 (16) Gd1-f2 (16) *".parse()?;
    /// assert_eq!(Layout::auto(&counted), Layout::Reserve);
    /// let bare: Record<Gipf> = "[Rules \"tournament\"] 1.Ge2/Gd1-f2 2.Gd2 *".parse()?;
    /// assert_eq!(Layout::auto(&bare), Layout::Slash);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn auto(record: &Record<Gipf>) -> Layout {
        if !record.plies.is_empty()
            && record
                .plies
                .iter()
                .all(|p| p.notation.reserve.is_some() || p.notation.push.is_none())
        {
            Layout::Reserve
        } else {
            Layout::Slash
        }
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Layout::Reserve => "reserve",
            Layout::Slash => "slash",
            Layout::Sheet => "sheet",
        })
    }
}

impl FromStr for Layout {
    type Err = ValueError;
    fn from_str(s: &str) -> Result<Self, ValueError> {
        match s {
            "reserve" => Ok(Layout::Reserve),
            "slash" => Ok(Layout::Slash),
            "sheet" => Ok(Layout::Sheet),
            o => Err(ValueError::new(format!(
                "unknown GIPF layout \"{o}\" (expected reserve, slash or sheet)"
            ))),
        }
    }
}

/// The text of a written half-move; the ending marks of the last one (`X`) are written with
/// the result instead.
fn ply_text(ply: &Ply<Notation>, seat: usize, comment_ending: bool, last: bool) -> String {
    let mut s = String::new();
    if comment_ending {
        let who = if seat == 0 { 'w' } else { 'b' };
        for (i, g) in ply.notation.pre.iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            s.push_str(&format!("{{{who}: {g}}}"));
        }
    } else {
        s.push_str(&ply.notation.to_string());
    }
    let inline = match last {
        false => ply.annotations.len(),
        true => crate::record::ending_start::<Gipf>(&ply.annotations),
    };
    for a in &ply.annotations[..inline] {
        s.push(' ');
        s.push_str(&crate::record::annotation_token::<Gipf>(a, &[]));
    }
    for c in &ply.comments {
        s.push(' ');
        // Escaped so that it reads back; one that reads as a removal is not read as a move.
        text::write_comment(&mut s, c, crate::gipf::comment_group(c).is_some());
    }
    s
}

/// The movetext of `record` in `layout`, as units (one per move number, or per half-move);
/// with `comment_endings`, a final removal-only half-move is written as the test data's
/// `{w: xGROUP}` comments.
fn units(record: &Record<Gipf>, layout: Layout, comment_endings: bool) -> Vec<String> {
    let mut out = Vec::new();
    for c in &record.comments_before {
        out.push({
            let mut t = String::new();
            text::write_comment(&mut t, c, false);
            t
        });
    }
    let n = record.plies.len();
    let mut i = 0;
    while i < n {
        let num = i / 2 + 1;
        let ending =
            |k: usize| comment_endings && k + 1 == n && record.plies[k].notation.push.is_none();
        let black = record.plies.get(i + 1);
        let text = |k: usize| ply_text(&record.plies[k], k % 2, ending(k), k + 1 == n);
        match layout {
            Layout::Reserve => {
                if ending(i) {
                    out.push(text(i));
                } else {
                    out.push(format!("{num}.{}", text(i)));
                }
                if black.is_some() {
                    out.push(text(i + 1));
                }
            }
            Layout::Slash => {
                let mut u = if ending(i) {
                    text(i)
                } else {
                    format!("{num}.{}", text(i))
                };
                if black.is_some() {
                    if ending(i + 1) {
                        u.push(' ');
                    } else {
                        u.push('/');
                    }
                    u.push_str(&text(i + 1));
                }
                out.push(u);
            }
            Layout::Sheet => {
                let mut u = format!("{num}. {}", text(i));
                if black.is_some() {
                    u.push(' ');
                    u.push_str(&text(i + 1));
                }
                out.push(u);
            }
        }
        i += 2;
    }
    // The ending stays together: ` X 1-0`.
    let end = record.ending_words();
    if !end.is_empty() {
        out.push(end.join(" "));
    }
    for c in &record.comments_after {
        out.push({
            let mut t = String::new();
            text::write_comment(&mut t, c, false);
            t
        });
    }
    out
}

/// The movetext of `record` in `layout` on one line (sheet: a line per move number).
///
/// ```
/// use gamenote::{Record, gipf::Gipf, sheet::{Layout, write_movetext}};
/// let rec: Record<Gipf> = "[Rules \"tournament\"] 1.Ge2 (16) Gd1-f2 (16) 2.Gd2 (14) *".parse().unwrap();
/// assert_eq!(write_movetext(&rec, Layout::Reserve, false), "1.Ge2 (16) Gd1-f2 (16) 2.Gd2 (14) *");
/// assert_eq!(write_movetext(&rec, Layout::Slash, false), "1.Ge2 (16)/Gd1-f2 (16) 2.Gd2 (14) *");
/// ```
pub fn write_movetext(record: &Record<Gipf>, layout: Layout, comment_endings: bool) -> String {
    let sep = if layout == Layout::Sheet { "\n" } else { " " };
    units(record, layout, comment_endings).join(sep)
}

/// The whole record: its tags one per line, a blank line, the movetext in `layout`
/// broken into lines of at most 80 columns (the sheet: a line per move number).
///
/// ```
/// use gamenote::{Record, gipf::Gipf, sheet::{Layout, write_text}};
/// let rec: Record<Gipf> = "[Rules \"tournament\"] 1.Ge2 (16) Gd1-f2 (16) 2.Gd2 (14) *".parse()?;
/// assert_eq!(
///     write_text(&rec, Layout::Reserve),
///     "[Rules \"tournament\"]\n\n1.Ge2 (16) Gd1-f2 (16) 2.Gd2 (14) *\n"
/// );
/// assert_eq!(
///     write_text(&rec, Layout::Sheet),
///     "[Rules \"tournament\"]\n\n1. Ge2 (16) Gd1-f2 (16)\n2. Gd2 (14)\n*\n"
/// );
/// # Ok::<(), gamenote::ParseError>(())
/// ```
pub fn write_text(record: &Record<Gipf>, layout: Layout) -> String {
    let mut out = String::new();
    for (n, v) in &record.tags {
        text::write_tag(&mut out, n, v);
    }
    if !record.tags.is_empty() {
        out.push('\n');
    }
    let mut width = 0;
    for u in units(record, layout, false) {
        let len = u.chars().count();
        if layout == Layout::Sheet || (width > 0 && width + 1 + len > 80) {
            if width > 0 {
                out.push('\n');
            }
            width = 0;
        }
        if width > 0 {
            out.push(' ');
            width += 1;
        }
        out.push_str(&u);
        width += len;
    }
    if width > 0 {
        out.push('\n');
    }
    out
}
