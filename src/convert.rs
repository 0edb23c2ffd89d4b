//! Converting records move by move, writing each converted move as it is resolved: memory
//! is one position and one move, whatever the record's length.
//!
//! [`crate::record::convert`] builds the whole converted [`Record`] and prints
//! it; a [`Converter`] reads the record's text through the record grammar, as
//! [`Checker`] does, and writes the same bytes to any [`io::Write`].
//!
//! A record is read twice, both times where it lies in the text: the first pass checks it
//! (the fast path of `check`) and learns what the tags printed before the moves say (the
//! result); only a record that converts is read again, and written move by move. So a
//! record that fails midway writes nothing, and no record is held in memory: the price is
//! a second reading of each good record (about the time of a `check`).
//!
//! ```
//! use gamenote::{convert::Converter, pylos::{Pylos, Style}, Mode};
//! let text = "[Game \"Pylos\"]\n1b2 1c3 1c4 1c2 1d2 1b3 1d22b2 *\n\n[Game \"Pylos\"]\n1b2 1b2 *\n";
//! let mut out = Vec::new();
//! let mut converter = Converter::<Pylos>::new(Style::CANONICAL, Mode::Strict);
//! let verdicts = converter.convert_str(text, &mut out)?;
//! assert_eq!(verdicts.len(), 2);
//! assert!(verdicts[0].is_ok() && !verdicts[1].is_ok(), "1b2 is taken: record 2 is left out");
//! let written = String::from_utf8(out)?;
//! assert!(written.ends_with("4. 1d2-2b2 *\n"));
//! assert_eq!(written.matches("[Game ").count(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io;
use std::ops::Range;

use crate::error::ParseError;
#[allow(unused_imports)]
use crate::game::RecordFormat;
use crate::game::{Game, GameResult, Mode};
use crate::grammar::{Lines, Next, Scratch, Stepped, TagJudge, Visitor, Walk, visit_next};
use crate::record::{
    Ply, Record, annotation_token, comment_token, converted_head, ending_start, ply_comment_token,
};
use crate::replay::{Checker, Verdict};

/// Converts the records of texts to a style, writing each record that converts to an
/// [`io::Write`] as [`crate::record::convert`] and [`Record`]'s printer would, a blank line
/// between records; a record that does not convert is left out.
///
/// ```
/// use gamenote::{convert::Converter, gipf::{Gipf, Style}, Mode};
/// let text = "[Game \"GIPF\"]\n[Rules \"basic\"]\n1.a1-b2 i1-h2 *\n";
/// let mut out = Vec::new();
/// let mut converter = Converter::<Gipf>::new(Style::default(), Mode::Strict);
/// let verdicts = converter.convert_str(text, &mut out)?;
/// assert_eq!((verdicts[0].is_ok(), verdicts[0].plies), (true, 2));
/// assert_eq!(converter.written(), 1);
/// assert!(String::from_utf8(out)?.starts_with("[Game \"GIPF\"]\n[Rules \"basic\"]\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Converter<G: Game> {
    style: G::Style,
    checker: Checker<G>,
    scratch: Scratch,
    written: usize,
}

impl<G: Game> std::fmt::Debug for Converter<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Converter")
            .field("style", &self.style.to_string())
            .field("written", &self.written)
            .finish_non_exhaustive()
    }
}

impl<G: Game> Converter<G> {
    /// [`Converter::with_overrides`] whose records' tags `judge` judges (the grammar knows
    /// no list of games: the any-game layer's constructors hand it the crate's rule).
    pub(crate) fn judged(
        style: G::Style,
        mode: Mode,
        overrides: &[(String, String)],
        judge: Option<Box<dyn TagJudge>>,
    ) -> Self {
        Converter {
            style,
            checker: Checker::with_overrides(mode, overrides),
            scratch: Scratch::judged_by(judge),
            written: 0,
        }
    }

    /// Records written so far (the next one is preceded by a blank line).
    ///
    /// ```
    /// use gamenote::{convert::Converter, pylos::{Pylos, Style}, Mode};
    /// let mut converter = Converter::<Pylos>::new(Style::default(), Mode::Strict);
    /// converter.convert_str("1b2 *\n\n[Game \"Pylos\"]\n1c3 *\n", &mut std::io::sink())?;
    /// assert_eq!(converter.written(), 2);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn written(&self) -> usize {
        self.written
    }

    /// The checker of the record last read: its tags, where its moves lie (to place an
    /// error, as `check` does).
    ///
    /// ```
    /// use gamenote::{convert::Converter, pylos::{Pylos, Style}, Mode};
    /// let mut converter = Converter::<Pylos>::new(Style::default(), Mode::Strict);
    /// converter.convert_str("[Event \"x\"]\n1b2 1b2 *", &mut std::io::sink())?;
    /// assert_eq!(converter.checker().first_ply_start(), Some(12));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn checker(&self) -> &Checker<G> {
        &self.checker
    }

    /// Converts every record of `text`, writing those that convert to `out`; the verdict of
    /// each record, in order (an error: nothing of that record was written).
    ///
    /// ```
    /// use gamenote::{convert::Converter, threeman::{Style, ThreeMan}, Mode};
    /// let text = "[Game \"Three-man chess\"]\n1. WHNa3 GRNa3 BLNa3 *\n";
    /// let mut out = Vec::new();
    /// let mut converter = Converter::<ThreeMan>::new(Style::default(), Mode::Strict);
    /// let verdicts = converter.convert_str(text, &mut out)?;
    /// assert_eq!(verdicts[0].plies, 3);
    /// assert!(String::from_utf8(out)?.ends_with("\n1. WHNa3 GRNa3 BLNa3 *\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn convert_str<W: io::Write>(
        &mut self,
        text: &str,
        out: &mut W,
    ) -> io::Result<Vec<Verdict>> {
        let mut verdicts = Vec::new();
        self.convert_each(text, out, |v, _| {
            verdicts.push(v.clone());
            Ok(())
        })?;
        Ok(verdicts)
    }

    /// [`Converter::convert_str`] handing each record's verdict to `each` as soon as the
    /// record is done, with the checker that read it (for [`Checker::first_ply_start`],
    /// [`Checker::last_end`], [`Checker::tags`]); no verdict is kept.
    ///
    /// ```
    /// use gamenote::{convert::Converter, pylos::{Pylos, Style}, Mode};
    /// let text = "[Game \"Pylos\"]\n1b2 *\n\n[Game \"Pylos\"]\n1b2 zz *\n";
    /// let mut converter = Converter::<Pylos>::new(Style::default(), Mode::Strict);
    /// let mut places = Vec::new();
    /// converter.convert_each(text, &mut std::io::sink(), |v, _| {
    ///     places.push(v.error.as_ref().map(|e| e.to_string()));
    ///     Ok(())
    /// })?;
    /// assert_eq!(places.len(), 2);
    /// assert!(places[0].is_none() && places[1].is_some());
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn convert_each<W: io::Write>(
        &mut self,
        text: &str,
        out: &mut W,
        mut each: impl FnMut(&Verdict, &Checker<G>) -> io::Result<()>,
    ) -> io::Result<()> {
        self.convert_steps(text, None, out, |step, checker| match step {
            Stepped::Record(v) => each(&v, checker),
            // Junk after a record is no record: it changes nothing of the one before it.
            _ => Ok(()),
        })
    }

    /// Records written before in the same output: the next record written is preceded by a
    /// blank line when there were any (several converters, one a game, writing one output).
    ///
    /// ```
    /// use gamenote::{convert::Converter, pylos::{Pylos, Style}, Mode};
    /// let mut converter = Converter::<Pylos>::new(Style::default(), Mode::Strict);
    /// converter.set_written(3);
    /// let mut out = Vec::new();
    /// converter.convert_str("1b2 *", &mut out)?;
    /// assert!(out.starts_with(b"\n[Game"));
    /// assert_eq!(converter.written(), 4);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn set_written(&mut self, written: usize) {
        self.written = written;
    }

    /// Every record and junk of a piece of input (`stop`: how the stream's reader cut it
    /// short, if it did), in order: each record is checked, then written if it converts;
    /// `each` gets every item with the checker that read it.
    pub(crate) fn convert_steps<W: io::Write>(
        &mut self,
        text: &str,
        stop: Option<&crate::stream::Stop>,
        out: &mut W,
        mut each: impl FnMut(Stepped<Verdict>, &Checker<G>) -> io::Result<()>,
    ) -> io::Result<()> {
        let mut walk = Walk::new(1, 0);
        loop {
            // A record the walk reads next starts here.
            let at = match walk.next {
                Next::Record(at) => Some(at),
                _ => None,
            };
            // First pass: check, and learn the result the tags print.
            let mut dry = Dry {
                checker: &mut self.checker,
                result: None,
            };
            let Some(step) = walk.step::<G, _>(text, stop, &mut self.scratch, &mut dry) else {
                break;
            };
            let written = dry.result;
            let mut verdict = match step {
                Stepped::Record(v) => v,
                other => {
                    each(other, &self.checker)?;
                    continue;
                }
            };
            let head = match (&verdict.error, at) {
                (None, Some(at)) => {
                    let result = written.or(verdict.result);
                    match converted_head::<G>(self.checker.tags(), self.style, result) {
                        Ok(head) => Some((at, head)),
                        Err(e) => {
                            verdict.error = Some(e);
                            None
                        }
                    }
                }
                _ => None,
            };
            if let Some((at, head)) = head {
                // Second pass: the same record, written move by move.
                if self.written > 0 {
                    out.write_all(b"\n")?;
                }
                let mut writer = Writing {
                    checker: &mut self.checker,
                    out: &mut *out,
                    failed: None,
                    style: self.style,
                    final_result: head.result,
                    token_tags: head.token_tags(),
                    head: Some(head),
                    width: 0,
                    pending: None,
                    next_mark: String::new(),
                    count: 0,
                    comments_after: Vec::new(),
                    seen_result: false,
                    custom: false,
                };
                let mut quiet = Lines::new(1);
                visit_next::<G, _>(text, at, 0, &mut quiet, &mut self.scratch, &mut writer);
                if let Some(e) = writer.failed.take() {
                    return Err(e);
                }
                self.written += 1;
            }
            each(Stepped::Record(verdict), &self.checker)?;
        }
        Ok(())
    }
}

/// The first pass: the checker, and the record's own result token.
struct Dry<'c, G: Game> {
    checker: &'c mut Checker<G>,
    result: Option<GameResult>,
}

impl<G: Game> Visitor<G> for Dry<'_, G> {
    type Output = Verdict;
    fn keeps_ply_comments(&self) -> bool {
        false
    }
    fn begin_record(&mut self) {
        self.result = None;
        self.checker.begin_record();
    }
    fn tag(&mut self, name: &str, value: &str) {
        self.checker.tag(name, value);
    }
    fn comment(&mut self, text: &str) {
        self.checker.comment(text);
    }
    fn ply(&mut self, ply: Ply<G::Notation>) {
        self.checker.ply(ply);
    }
    #[inline]
    fn ply_in(&mut self, slot: &mut Option<Ply<G::Notation>>) {
        self.checker.ply_in(slot);
    }
    fn result(&mut self, result: GameResult, span: Range<usize>) {
        self.result = Some(result);
        self.checker.result(result, span);
    }
    fn end_record(&mut self, verdict: Result<(), ParseError>) -> Verdict {
        self.checker.end_record(verdict)
    }
}

/// The second pass: writes the converted record as [`Record::write`] prints it, holding the
/// last converted move back until the next one (the ending marks go on the last move).
struct Writing<'c, 'w, G: Game, W: io::Write> {
    checker: &'c mut Checker<G>,
    out: &'w mut W,
    /// The first write error; nothing more is written after it.
    failed: Option<io::Error>,
    style: G::Style,
    /// The tags, until they are written (before the first thing after them).
    head: Option<Record<G>>,
    /// The result the converted record ends with (its own, else the rules' outcome).
    final_result: Option<GameResult>,
    /// The tags the game's tokens read, as the converted record's reader sees them.
    token_tags: Vec<(String, String)>,
    /// Columns used on the current line of movetext.
    width: usize,
    /// The last converted move, with the mark written before it.
    pending: Option<(String, Ply<G::Notation>)>,
    /// The mark after the last converted move.
    next_mark: String,
    /// Moves converted.
    count: usize,
    comments_after: Vec<String>,
    seen_result: bool,
    /// The game writes its own marks ([`Hooks::movetext_mark`](crate::game::Hooks::movetext_mark)).
    custom: bool,
}

impl<G: Game, W: io::Write> Writing<'_, '_, G, W> {
    fn put(&mut self, bytes: &[u8]) {
        if self.failed.is_none()
            && let Err(e) = self.out.write_all(bytes)
        {
            self.failed = Some(e);
        }
    }

    /// The tags and the blank line after them, once.
    fn head(&mut self) {
        let Some(head) = self.head.take() else {
            return;
        };
        let mut s = String::new();
        for (n, v) in head.printed_tags() {
            crate::text::write_tag(&mut s, n, v);
        }
        if !head.tags.is_empty() {
            s.push('\n');
        }
        self.put(s.as_bytes());
    }

    /// One token of movetext: lines of at most 80 columns (see `LineWriter` in `record`).
    fn token(&mut self, t: &str) {
        let len = t.chars().count();
        if self.width > 0 && self.width + 1 + len > 80 {
            self.put(b"\n");
            self.width = 0;
        }
        if self.width > 0 {
            self.put(b" ");
            self.width += 1;
        }
        self.put(t.as_bytes());
        self.width += len;
    }

    /// Writes the move held back: `last` when no move follows it.
    fn flush(&mut self, last: bool) {
        let Some((mark, ply)) = self.pending.take() else {
            return;
        };
        let mut unit = mark;
        unit.push_str(&ply.notation.to_string());
        self.token(&unit);
        // The last move's ending marks go with the result (`finish`).
        let inline = match last {
            false => ply.annotations.len(),
            true => ending_start::<G>(&ply.annotations),
        };
        for a in &ply.annotations[..inline] {
            self.token(&annotation_token::<G>(a, &self.token_tags));
        }
        // Escaped as the record printer does, so that what is written reads back.
        for c in &ply.comments {
            let t = ply_comment_token::<G>(c, self.count, &ply.notation, &self.token_tags);
            self.token(&t);
        }
        if last {
            // The ending words: the last move's ending marks, glued to the result.
            self.pending = Some((String::new(), ply));
        }
    }

    /// The end of the record: the last move with the game's ending, the result, the
    /// comments after it (see [`Record::add_ending`] and [`Record::write`]).
    fn finish(&mut self) {
        self.head();
        let result = self.final_result;
        let Some(end) = self.checker.position().cloned() else {
            return;
        };
        let ending = G::ending(&end, result.unwrap_or(GameResult::Unfinished));
        if let Some((_, last)) = self.pending.as_mut() {
            for m in &ending.marks {
                if !last.annotations.contains(m) {
                    last.annotations.push(m.clone());
                }
            }
        }
        self.flush(true);
        if self.count > 0 {
            let mut tokens: Vec<&str> = self.next_mark.split_whitespace().collect();
            while tokens.last().is_some_and(|t| t.ends_with('.')) {
                tokens.pop();
            }
            let last = tokens.join(" ");
            if !last.is_empty() && self.custom {
                self.token(&last);
            }
        }
        let last = self.pending.as_ref().map(|(_, p)| p.notation.clone());
        let mut words: Vec<String> = self
            .pending
            .take()
            .map(|(_, p)| p.annotations[ending_start::<G>(&p.annotations)..].to_vec())
            .unwrap_or_default();
        words.extend(result.map(G::write_result));
        let mut after = std::mem::take(&mut self.comments_after);
        if result.is_some() && !ending.comments.is_empty() && !after.starts_with(&ending.comments) {
            let r = result.unwrap_or(GameResult::Unfinished);
            let wrong = !after.is_empty()
                && G::check_result(&end, r, &after[..1]).is_err()
                && G::check_result(&end, r, &[]).is_ok();
            if wrong {
                after.remove(0);
            }
            after.splice(0..0, ending.comments);
        }
        // With no result, the comments after read back as the last move's: escaped as its
        // own are.
        let (count, tags) = (self.count, &self.token_tags);
        let after: Vec<String> = after
            .iter()
            .map(|c| match (&last, result) {
                (Some(n), None) => ply_comment_token::<G>(c, count, n, tags),
                _ => comment_token(c, false),
            })
            .collect();
        let mut after = after.into_iter();
        let glued = words.join(" ");
        match (result, after.next()) {
            (Some(_), Some(c)) if glued.chars().count() + 1 + c.chars().count() <= 80 => {
                self.token(&format!("{glued} {c}"));
            }
            (_, first) => {
                if !glued.is_empty() {
                    self.token(&glued);
                }
                if let Some(c) = first {
                    self.token(&c);
                }
            }
        }
        for c in after {
            self.token(&c);
        }
        if self.width > 0 {
            self.put(b"\n");
        }
    }
}

impl<G: Game, W: io::Write> Visitor<G> for Writing<'_, '_, G, W> {
    type Output = ();
    fn begin_record(&mut self) {
        self.checker.begin_record();
    }
    fn tag(&mut self, name: &str, value: &str) {
        self.checker.tag(name, value);
    }
    fn comment(&mut self, text: &str) {
        self.checker.comment(text);
        if self.seen_result {
            self.comments_after.push(text.to_string());
        } else {
            self.head();
            self.token(&comment_token(text, false));
        }
    }
    fn ply_in(&mut self, slot: &mut Option<Ply<G::Notation>>) {
        self.head();
        let Some(ply) = slot.as_ref() else {
            return;
        };
        let mut converted = Vec::new();
        let style = self.style;
        let count = self.count;
        self.checker.play_ref(ply, |_, before, m, after| {
            let mut notation = G::notate(before, m, style);
            G::carry_remarks(&ply.notation, &mut notation);
            let i = count + converted.len();
            let mark = if i == 0 {
                G::movetext_mark(0, None, before)
            } else {
                None
            };
            let next = G::movetext_mark(i + 1, Some(before), after);
            converted.push((mark, notation, next));
        });
        for (mark, notation, next) in converted {
            self.flush(false);
            let i = self.count;
            if i == 0 {
                self.custom = mark.is_some();
            }
            let mark = match mark {
                Some(m) => m,
                None if self.custom => std::mem::take(&mut self.next_mark),
                None if i.is_multiple_of(G::SEATS) => format!("{}. ", i / G::SEATS + 1),
                None => String::new(),
            };
            self.next_mark = next.unwrap_or_default();
            self.pending = Some((
                mark,
                Ply {
                    notation,
                    annotations: ply.annotations.clone(),
                    comments: ply.comments.clone(),
                    span: 0..0,
                    annotation_spans: Vec::new(),
                },
            ));
            self.count += 1;
        }
    }
    fn ply(&mut self, ply: Ply<G::Notation>) {
        self.ply_in(&mut Some(ply));
    }
    fn result(&mut self, result: GameResult, span: Range<usize>) {
        self.checker.result(result, span);
        self.seen_result = true;
    }
    fn end_record(&mut self, verdict: Result<(), ParseError>) {
        let _ = self.checker.end_record(verdict);
        self.finish();
    }
}
