//! Records: tag pairs, movetext and a result, read and written the same way for every game;
//! replay and conversion between styles on top of them.

use std::fmt;
use std::ops::Range;

use crate::error::{Error, IllegalMove, ParseError};
use crate::game::{Game, GameResult, Mode, Outcome, tag};
use crate::grammar::TagJudge;
use crate::replay::{Ending, Stepper};
use crate::text;

/// One written move of a record with what is attached to it.
///
/// ```
/// use gamenote::{Record, pylos::Pylos};
/// let rec: Record<Pylos> = "1b2! {a good start} 1c3 *".parse()?;
/// let first = &rec.plies[0];
/// assert_eq!(first.notation.to_string(), "1b2!");
/// assert_eq!(first.comments, ["a good start"]);
/// assert_eq!(first.span, 0..4);
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Debug, Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Ply<N> {
    /// The move as written.
    pub notation: N,
    /// Marks printed right after the move (GIPF's `X`). Any text may be put here: one the
    /// game does not read as a bare mark prints as `${text}` (escaped as a comment is),
    /// which the reader turns back into the same annotation.
    ///
    /// ```
    /// use gamenote::{Record, pylos::Pylos};
    /// let mut rec: Record<Pylos> = "1b2 1c3 *".parse()?;
    /// rec.plies[0].annotations.push("a {note}".into());
    /// assert_eq!(rec.to_string(), "1. 1b2 ${a {note\\u007d} 1c3 *\n");
    /// assert_eq!(rec.to_string().parse::<Record<Pylos>>()?, rec);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub annotations: Vec<String>,
    /// `{comments}` that follow the move, kept so conversion loses nothing.
    pub comments: Vec<String>,
    /// Byte range of the move in the text it was read from (empty for built records).
    pub span: Range<usize>,
    /// Byte range of each of `annotations` in the text it was read from, in their order
    /// (empty for built records): where a mark that disagrees with the game is reported.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub annotation_spans: Vec<Range<usize>>,
}

impl<N: PartialEq> PartialEq for Ply<N> {
    /// Two plies are equal when they are written the same; where they were read is ignored.
    fn eq(&self, other: &Self) -> bool {
        self.notation == other.notation
            && self.annotations == other.annotations
            && self.comments == other.comments
    }
}

impl<N> Ply<N> {
    /// A ply with nothing attached.
    ///
    /// ```
    /// use gamenote::{Ply, pylos::Notation};
    /// let ply = Ply::new("1b2".parse::<Notation>()?);
    /// assert!(ply.comments.is_empty() && ply.annotations.is_empty());
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn new(notation: N) -> Self {
        Ply {
            notation,
            annotations: Vec::new(),
            comments: Vec::new(),
            span: 0..0,
            annotation_spans: Vec::new(),
        }
    }
}

/// A game record: tags in their order (unknown ones kept), the written moves, the result.
///
/// It prints in its canonical layout: the tags one per line, a blank line, then the movetext
/// in lines of at most 80 columns, with the ending of the game (the last move's ending marks,
/// the result and the comment right after it: ` X 1-0`, `1-0 {W 5 B 3}`) on one line when it
/// fits. A record prints what it holds: [`Record::add_ending`] gives it the ending of a
/// finished game.
///
/// ```
/// use gamenote::{Record, pylos::Pylos};
/// let text = "[Game \"Pylos\"]\n[Result \"*\"]\n\n1. 1b2 1c3 2. 1c4 *\n";
/// let record: Record<Pylos> = text.parse().unwrap();
/// assert_eq!(record.plies.len(), 3);
/// assert_eq!(record.to_string(), text);
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "G::Notation: serde::Serialize",
        deserialize = "G::Notation: serde::Deserialize<'de>"
    ))
)]
///
/// ```
/// use gamenote::{Record, pylos::Pylos};
/// let rec: Record<Pylos> = "[Game \"Pylos\"]\n[White \"Ann\"]\n1b2 1c3 0-1\n".parse()?;
/// assert_eq!(rec.tag("white"), Some("Ann"));
/// assert_eq!(rec.plies.len(), 2);
/// assert_eq!(rec.result.map(|r| r.to_string()).as_deref(), Some("0-1"));
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[non_exhaustive]
pub struct Record<G: Game> {
    /// Tag pairs in the order read.
    pub tags: Vec<(String, String)>,
    /// Comments before the first move.
    pub comments_before: Vec<String>,
    /// The written moves.
    pub plies: Vec<Ply<G::Notation>>,
    /// The result token ending the movetext, if any.
    pub result: Option<GameResult>,
    /// Comments after the result (Pylon's score `{W 3 B 7}`). With no result they print
    /// after the last move's comments, read back as that move's, and `==` compares them
    /// with those as one run.
    pub comments_after: Vec<String>,
    /// Byte range of the result token, when read from text.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub result_span: Option<Range<usize>>,
    /// Where the record was read from, when it was read from text by [`Record::parse`], a
    /// stream [`Reader`](crate::stream::Reader)'s records or the any-game reader: its replay's errors are then placed there (line,
    /// column, span in the whole input), not left for [`Error::locate`].
    #[cfg_attr(feature = "serde", serde(skip))]
    pub(crate) origin: Option<Origin>,
}

/// The text a record was read from and where it lies in its input, kept so that the
/// errors of its replay carry their place. The text is shared by the records of one piece
/// of a stream (one copy a piece, none a move).
#[derive(Debug, Clone)]
pub(crate) struct Origin {
    /// The text read: a record's, or a stream's piece.
    pub text: std::sync::Arc<str>,
    /// The input's offset of `text[0]`: spans of the record count from the input's start.
    pub base: usize,
    /// The input's line of `text[0]`.
    pub first_line: usize,
    /// Where in `text` the record starts.
    pub start: usize,
}

impl Origin {
    /// Places `err`, an error of replaying `record`, in the input: at its own span (a
    /// set-up error at its tag's value in the record's own tag section).
    pub(crate) fn place<G: Game>(&self, err: &mut Error, record: &Record<G>) {
        let text = &*self.text;
        let first_line = self.first_line;
        err.place_in(text, self.base, self.region(record), &mut |at| {
            let (line, column) = crate::error::line_col(text, at);
            (line + first_line - 1, column)
        });
    }

    /// [`Origin::place`] for a warning.
    pub(crate) fn place_warning<G: Game>(&self, w: &mut IllegalMove, record: &Record<G>) {
        let text = &*self.text;
        let first_line = self.first_line;
        w.place_in(text, self.base, self.region(record), &mut |at| {
            let (line, column) = crate::error::line_col(text, at);
            (line + first_line - 1, column)
        });
    }

    /// The record's own range of `text`: from its start to its last token.
    fn region<G: Game>(&self, record: &Record<G>) -> Range<usize> {
        let len = self.text.len();
        let end = record
            .result_span
            .as_ref()
            .or(record.plies.last().map(|p| &p.span))
            .map_or(len, |s| s.end.saturating_sub(self.base).min(len));
        self.start.min(end)..end
    }
}

impl<G: Game> Clone for Record<G> {
    fn clone(&self) -> Self {
        Record {
            tags: self.tags.clone(),
            comments_before: self.comments_before.clone(),
            plies: self.plies.clone(),
            result: self.result,
            comments_after: self.comments_after.clone(),
            result_span: self.result_span.clone(),
            origin: self.origin.clone(),
        }
    }
}

impl<G: Game> fmt::Debug for Record<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Record")
            .field("tags", &self.tags)
            .field("comments_before", &self.comments_before)
            .field("plies", &self.plies)
            .field("result", &self.result)
            .field("comments_after", &self.comments_after)
            .finish()
    }
}

impl<G: Game> PartialEq for Record<G> {
    /// Records are equal when they print the same: tags compare in their printing order.
    /// With no result, nothing in the text parts the last move's comments (the comments
    /// before the first move, when there is none) from `comments_after`: they print as one
    /// run, read back as the last move's, and compare as one run. Results compare as the
    /// game writes them ([`RecordFormat::write_result`](crate::RecordFormat::write_result)),
    /// so `Outcome::Win(5)` in a Pylos record is the `0-1` it prints. (The fields stay
    /// public and `Display` cannot fail, so such a record is not refused: it is equal to
    /// the record it reads back as.)
    ///
    /// ```
    /// use gamenote::{Record, pylos::Pylos};
    /// let mut rec: Record<Pylos> = "1b2 {a} 1c3".parse()?;
    /// rec.plies[1].comments.push("b".into());
    /// let mut built = rec.clone();
    /// built.plies[1].comments.pop();
    /// built.comments_after.push("b".into());
    /// assert_eq!(built.to_string(), rec.to_string());
    /// assert_eq!(built, rec);
    /// assert_eq!(built.to_string().parse::<Record<Pylos>>()?, built);
    /// let mut five = rec.clone();
    /// five.result = Some(gamenote::GameResult::Decided(gamenote::Outcome::Win(5)));
    /// assert!(five.to_string().ends_with("1c3 {b} 0-1\n"));
    /// assert_eq!(five.to_string().parse::<Record<Pylos>>()?, five);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    fn eq(&self, other: &Self) -> bool {
        // A result compares as the game writes it: an outcome the game has no word for
        // (`Outcome::Win(5)` in a two-player game) prints, and reads back, as the result
        // the game writes for it.
        let written = |r: &Option<GameResult>| r.map(G::write_result);
        if !(self.printed_tags().eq(other.printed_tags())
            && written(&self.result) == written(&other.result))
        {
            return false;
        }
        if self.result.is_some() {
            return self.comments_before == other.comments_before
                && self.plies == other.plies
                && self.comments_after == other.comments_after;
        }
        let n = self.plies.len();
        if n != other.plies.len() {
            return false;
        }
        let same_last = match (self.plies.last(), other.plies.last()) {
            (Some(a), Some(b)) => {
                self.comments_before == other.comments_before
                    && self.plies[..n - 1] == other.plies[..n - 1]
                    && a.notation == b.notation
                    && a.annotations == b.annotations
            }
            _ => true,
        };
        same_last && self.trailing_comments().eq(other.trailing_comments())
    }
}

impl<G: Game> Default for Record<G> {
    fn default() -> Self {
        Record {
            tags: Vec::new(),
            comments_before: Vec::new(),
            plies: Vec::new(),
            result: None,
            comments_after: Vec::new(),
            result_span: None,
            origin: None,
        }
    }
}

impl<G: Game> Record<G> {
    /// With no result, the comments that print as one run at the end: the last move's
    /// (the comments before the first move, when there is none), then `comments_after`.
    fn trailing_comments(&self) -> impl Iterator<Item = &String> {
        let last = match self.plies.last() {
            Some(p) => &p.comments,
            None => &self.comments_before,
        };
        last.iter().chain(&self.comments_after)
    }

    /// The value of a tag, if present (names compare without case).
    ///
    /// ```
    /// use gamenote::{Record, pylos::Pylos};
    /// let rec: Record<Pylos> = "[Event \"Club\"]\n1b2 *".parse()?;
    /// assert_eq!(rec.tag("EVENT"), Some("Club"));
    /// assert_eq!(rec.tag("Site"), None);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag(&self.tags, name)
    }

    /// Sets a tag, replacing its value in place or appending it.
    ///
    /// ```
    /// use gamenote::{Record, pylos::Pylos};
    /// let mut rec: Record<Pylos> = "[Event \"Club\"]\n1b2 *".parse()?;
    /// rec.set_tag("event", "Final");
    /// rec.set_tag("Site", "Home");
    /// assert_eq!(rec.tags, [("Event".into(), "Final".into()), ("Site".into(), "Home".into())]);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self
            .tags
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some(slot) => slot.1 = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// The words that end the movetext and are printed together: the last move's ending
    /// marks ([`RecordFormat::ENDING_MARKS`](crate::RecordFormat::ENDING_MARKS), GIPF's `X`),
    /// then the result.
    pub(crate) fn ending_words(&self) -> Vec<String> {
        let mut words: Vec<String> = self
            .plies
            .last()
            .map(|p| p.annotations[ending_start::<G>(&p.annotations)..].to_vec())
            .unwrap_or_default();
        words.extend(self.result.map(G::write_result));
        words
    }

    /// The tags in the order they are printed: `Game`, `Rules` and the game's well-known tags
    /// (the first of each name), then all others in their order.
    ///
    /// ```
    /// use gamenote::{Record, pylos::Pylos};
    /// let text = "[Annotator \"me\"]\n[Site \"Home\"]\n[Game \"Pylos\"]\n[Event \"Club\"]\n1b2 *";
    /// let rec: Record<Pylos> = text.parse()?;
    /// let names: Vec<&str> = rec.printed_tags().map(|(name, _)| name.as_str()).collect();
    /// assert_eq!(names, ["Game", "Event", "Site", "Annotator"]);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn printed_tags(&self) -> impl Iterator<Item = &(String, String)> {
        let mut order: Vec<&str> = vec!["Game"];
        if !G::tag_order().contains(&"Rules") {
            order.push("Rules");
        }
        order.extend_from_slice(G::tag_order());
        let mut first = Vec::with_capacity(order.len());
        for name in &order {
            if let Some(i) = self
                .tags
                .iter()
                .position(|(n, _)| n.eq_ignore_ascii_case(name))
                && !first.contains(&i)
            {
                first.push(i);
            }
        }
        let rest = (0..self.tags.len())
            .filter(|i| !first.contains(i))
            .collect::<Vec<_>>();
        first.into_iter().chain(rest).map(move |i| &self.tags[i])
    }

    /// [`Record::parse`] with the record's tags judged by `judge` (the grammar knows no list
    /// of games: the any-game layer's `Record::parse` hands it the crate's rule).
    pub(crate) fn parse_judged(
        input: &str,
        judge: Option<Box<dyn TagJudge>>,
    ) -> Result<Self, ParseError> {
        // Byte-order marks at the start are passed over, as `iter` and the stream readers do.
        let bom = input.len() - input.trim_start_matches('\u{feff}').len();
        // They take no column, as there.
        let place = |mut e: ParseError| {
            if e.line == 1 {
                e.column -= input[..bom].chars().count().min(e.column - 1);
            }
            e
        };
        // So are blanks and marks after them, in any mix (an indented file joined by `cat`),
        // as `iter` passes them; those marks take their columns.
        let start = crate::grammar::record_start(input, bom).unwrap_or(bom);
        let (mut record, rest) = Self::parse_next_judged(input, start, judge).map_err(place)?;
        let (after, _) = skip_blank(rest);
        if !after.is_empty() {
            let at = input.len() - after.len();
            return Err(place(ParseError::at(input, at, "the end of the record")));
        }
        record.origin = Some(Origin {
            text: input.into(),
            base: 0,
            first_line: 1,
            start,
        });
        Ok(record)
    }

    /// [`Record::parse_next`] with the record's tags judged by `judge`.
    pub(crate) fn parse_next_judged(
        input: &str,
        offset: usize,
        judge: Option<Box<dyn TagJudge>>,
    ) -> Result<(Self, &str), ParseError> {
        let offset = crate::error::floor_char_boundary(input, offset);
        let mut build = RecordBuilder::<G>::default();
        let mut scratch = crate::grammar::Scratch::judged_by(judge);
        match crate::grammar::read_record::<G, _>(input, offset, 0, &mut scratch, &mut build) {
            Ok(ended) => Ok((build.record, &input[ended.end..])),
            Err(f) => Err(f.error(&mut crate::grammar::Lines::new(1), input)),
        }
    }

    /// Writes the ending of a game that ended in `end` into the record, as the game writes it
    /// ([`RecordFormat::ending`](crate::game::RecordFormat::ending)): its marks after the last
    /// move (GIPF's `X`), each unless the last move already carries it, and, when the record
    /// has a result, its comments first after the result (Pylon's score). A first comment
    /// after the result that the game reads as a wrong ending (one
    /// [`RecordFormat::check_result`](crate::game::RecordFormat::check_result) rejects) is
    /// replaced. Calling it again changes nothing. [`convert`] and the generators call it, so
    /// every record they write of a finished game ends as the rules say.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::pylon::Pylon;
    /// let text = "[Size \"3\"] [Rules \"standard,suicide=group\"]\n\n\
    ///             1. 1a1 1b1 2. 1a2 1c2 3. 1a3 1b3 4. pass 1b2[2a1,2a2] 5. pass 1c1 0-1 {W 3 B 6}";
    /// let mut rec: Record<Pylon> = text.parse()?;
    /// let end = gamenote::record::replay(&rec, Mode::Lenient).end;
    /// rec.add_ending(&end);
    /// assert!(rec.to_string().ends_with("5. pass 1c1 0-1 {W 3 B 7}\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add_ending(&mut self, end: &G::Position) {
        let result = self.result.unwrap_or(GameResult::Unfinished);
        let ending = G::ending(end, result);
        if let Some(last) = self.plies.last_mut() {
            for m in ending.marks {
                if !last.annotations.contains(&m) {
                    last.annotations.push(m);
                }
            }
        }
        if self.result.is_none()
            || ending.comments.is_empty()
            || self.comments_after.starts_with(&ending.comments)
        {
            return;
        }
        let wrong = self.comments_after.first().is_some_and(|_| {
            G::check_result(end, result, &self.comments_after[..1]).is_err()
                && G::check_result(end, result, &[]).is_ok()
        });
        if wrong {
            self.comments_after.remove(0);
        }
        self.comments_after.splice(0..0, ending.comments);
    }

    /// Prints the record in its canonical layout (see [`Record`]).
    ///
    /// ```
    /// use gamenote::{Record, pylos::Pylos};
    /// let rec: Record<Pylos> = "[Game \"Pylos\"]\n1. 1b2 1c3 *\n".parse()?;
    /// let mut out = String::new();
    /// rec.write(&mut out);
    /// assert_eq!(out, rec.to_string());
    /// assert!(out.ends_with("1. 1b2 1c3 *\n"));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn write(&self, out: &mut String) {
        for (n, v) in self.printed_tags() {
            text::write_tag(out, n, v);
        }
        if !self.tags.is_empty() {
            out.push('\n');
        }
        let mut line = LineWriter::new(out);
        for c in &self.comments_before {
            line.token(&comment_token(c, false));
        }
        let token_tags = self.token_tags();
        let marks = G::movetext_marks(&self.tags, self.plies.iter().map(|p| &p.notation));
        let n = self.plies.len();
        for (i, ply) in self.plies.iter().enumerate() {
            let mut unit = String::new();
            match marks.as_ref().and_then(|m| m.get(i)) {
                Some(m) => unit.push_str(m),
                None if i % G::SEATS == 0 => unit.push_str(&format!("{}. ", i / G::SEATS + 1)),
                None => {}
            }
            unit.push_str(&ply.notation.to_string());
            line.token(&unit);
            // The last move's ending marks go with the result, below.
            let inline = match i + 1 < n {
                true => ply.annotations.len(),
                false => ending_start::<G>(&ply.annotations),
            };
            for a in &ply.annotations[..inline] {
                line.token(&annotation_token::<G>(a, &token_tags));
            }
            for c in &ply.comments {
                line.token(&ply_comment_token::<G>(
                    c,
                    i + 1,
                    &ply.notation,
                    &token_tags,
                ));
            }
        }
        if let Some(last) = marks.as_ref().and_then(|m| m.get(n))
            && !last.trim().is_empty()
        {
            line.token(last.trim());
        }
        // The ending stays on one line when it fits: the ending marks, the result and the
        // comment right after it (` X 1-0`, `1-0 {W 5 B 3}`).
        let ending = self.ending_words();
        // With no result, the comments after read back as the last move's: one the game
        // would read as part of that move is escaped as the move's own comments are.
        let as_move = |c: &String| {
            let mut last = match (self.result, self.plies.last()) {
                (None, Some(p)) => p.notation.clone(),
                _ => return false,
            };
            !matches!(
                G::comment_move(c, n, Some(&mut last), &token_tags),
                crate::game::CommentMove::Comment
            )
        };
        let mut after = self
            .comments_after
            .iter()
            .map(|c| comment_token(c, as_move(c)));
        let glued = ending.join(" ");
        match (self.result, after.next()) {
            (Some(_), Some(c)) if glued.chars().count() + 1 + c.chars().count() <= 80 => {
                line.token(&format!("{glued} {c}"));
            }
            (_, first) => {
                if !glued.is_empty() {
                    line.token(&glued);
                }
                if let Some(c) = first {
                    line.token(&c);
                }
            }
        }
        for c in after {
            line.token(&c);
        }
        line.finish();
    }
}

impl<G: Game> Record<G> {
    /// The tags a game's tokens read ([`RecordFormat::TOKEN_TAGS`](crate::RecordFormat::TOKEN_TAGS)),
    /// as the reader will see them once the record is printed: the first of each name.
    pub(crate) fn token_tags(&self) -> Vec<(String, String)> {
        let mut token_tags: Vec<(String, String)> = Vec::new();
        for (n, v) in self.printed_tags() {
            if G::TOKEN_TAGS.iter().any(|t| t.eq_ignore_ascii_case(n))
                && !token_tags.iter().any(|(m, _)| m.eq_ignore_ascii_case(n))
            {
                token_tags.push((n.clone(), v.clone()));
            }
        }
        token_tags
    }
}

/// Where the last move's ending marks begin among its annotations: the run of
/// [`RecordFormat::ENDING_MARKS`](crate::RecordFormat::ENDING_MARKS) that ends the list,
/// printed with the result (` X 1-0`); the annotations before it print after the move, in
/// their order, so that they read back in it.
pub(crate) fn ending_start<G: Game>(annotations: &[String]) -> usize {
    annotations
        .iter()
        .rposition(|a| !G::ENDING_MARKS.contains(&a.as_str()))
        .map_or(0, |i| i + 1)
}

/// A move's annotation as printed, so that it reads back as the same annotation of the same
/// move: bare when the game reads it back as itself (GIPF's `X`), else as `${text}`, the
/// text escaped as a comment's ([`text::write_comment`]), which the record reader of every
/// game turns back into the annotation (free text, spaces, braces, a text that reads as a
/// move or a result, the empty text).
pub(crate) fn annotation_token<G: Game>(a: &str, tags: &crate::game::Tags) -> String {
    let bare = !a.is_empty()
        && matches!(G::parse_token(a, tags), Ok(("", crate::game::Token::Annotation(x))) if x == a);
    if bare {
        return a.to_string();
    }
    let mut out = String::with_capacity(a.len() + 3);
    out.push('$');
    text::write_comment(&mut out, a, false);
    out
}

/// A comment on the `plies`-th move (`notation`) as printed: a comment the game would read
/// as a move, or as part of that move, is written with its first character escaped, so that
/// it reads back as a comment.
pub(crate) fn ply_comment_token<G: Game>(
    c: &str,
    plies: usize,
    notation: &G::Notation,
    tags: &crate::game::Tags,
) -> String {
    let mut last = notation.clone();
    let as_move = !matches!(
        G::comment_move(c, plies, Some(&mut last), tags),
        crate::game::CommentMove::Comment
    );
    comment_token(c, as_move)
}

/// A comment as printed: braces around its text, escaped so that it reads back
/// ([`text::write_comment`]).
pub(crate) fn comment_token(c: &str, first: bool) -> String {
    let mut out = String::with_capacity(c.len() + 2);
    text::write_comment(&mut out, c, first);
    out
}

/// Breaks movetext into lines of at most 80 columns, single spaces between tokens.
struct LineWriter<'o> {
    out: &'o mut String,
    width: usize,
}

impl<'o> LineWriter<'o> {
    fn new(out: &'o mut String) -> Self {
        LineWriter { out, width: 0 }
    }
    fn token(&mut self, t: &str) {
        let len = t.chars().count();
        if self.width > 0 && self.width + 1 + len > 80 {
            self.out.push('\n');
            self.width = 0;
        }
        if self.width > 0 {
            self.out.push(' ');
            self.width += 1;
        }
        self.out.push_str(t);
        self.width += len;
    }
    fn finish(self) {
        if self.width > 0 {
            self.out.push('\n');
        }
    }
}

impl<G: Game> fmt::Display for Record<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.write(&mut s);
        f.write_str(&s)
    }
}

fn skip_blank(s: &str) -> (&str, ()) {
    (s.trim_start_matches([' ', '\t', '\n', '\r', '\u{c}']), ())
}

/// The longest tag pair or comment a record may hold (1 MiB): a longer one is an error, so
/// that a hostile file cannot make one value grow without bound.
pub const MAX_TOKEN_BYTES: usize = 1 << 20;

/// The most tag pairs, comments and marks one record may hold (65,536): one more is an
/// error at its start. Each is kept as a string of its own, about 60 to 120 bytes whatever
/// its length, so that without a bound a record of many tiny ones (16 MiB of `[T "v"]`
/// lines, or of `{c}` comments) took 7 to 20 times its size to check, convert or export. A
/// record of any of the four games holds a few hundred.
///
/// ```
/// use gamenote::{record::MAX_RECORD_ITEMS, pylos::Pylos, Record};
/// let many = format!("1b2 {}*", "{c} ".repeat(MAX_RECORD_ITEMS));
/// assert!(many.parse::<Record<Pylos>>().is_ok());
/// let too_many = format!("1b2 {}*", "{c} ".repeat(MAX_RECORD_ITEMS + 1));
/// let e = too_many.parse::<Record<Pylos>>().unwrap_err();
/// assert_eq!((e.line, e.column), (1, 5 + 4 * MAX_RECORD_ITEMS));
/// assert!(e.to_string().contains("at most 65536 tag pairs, comments and marks"), "{e}");
/// ```
pub const MAX_RECORD_ITEMS: usize = 1 << 16;

/// The visitor that builds [`Record`]s: what [`Record::iter`] and the streaming reader use
/// to hand out whole records.
///
/// ```
/// use gamenote::{pylos::Pylos, record::RecordBuilder, visit::visit};
/// let text = "[Game \"Pylos\"]\n1b2 {fine} 1c3 *\n";
/// let record = visit::<Pylos, _>(text, RecordBuilder::default()).next().unwrap().unwrap();
/// assert_eq!(record.plies[0].comments, ["fine"]);
/// ```
pub struct RecordBuilder<G: Game> {
    record: Record<G>,
}

impl<G: Game> Default for RecordBuilder<G> {
    fn default() -> Self {
        RecordBuilder {
            record: Record::default(),
        }
    }
}

impl<G: Game> crate::grammar::Visitor<G> for RecordBuilder<G> {
    type Output = Result<Record<G>, ParseError>;
    fn begin_record(&mut self) {
        self.record = Record::default();
    }
    fn tag(&mut self, name: &str, value: &str) {
        self.record.tags.push((name.to_string(), value.to_string()));
    }
    fn comment(&mut self, text: &str) {
        let c = text.to_string();
        if self.record.result.is_some() {
            self.record.comments_after.push(c);
        } else {
            self.record.comments_before.push(c);
        }
    }
    fn ply(&mut self, ply: Ply<G::Notation>) {
        if self.record.plies.capacity() == 0 {
            self.record.plies.reserve(16);
        }
        self.record.plies.push(ply);
    }
    fn result(&mut self, result: GameResult, span: Range<usize>) {
        self.record.result = Some(result);
        self.record.result_span = Some(span);
    }
    fn end_record(&mut self, verdict: Result<(), ParseError>) -> Self::Output {
        verdict.map(|()| std::mem::take(&mut self.record))
    }
}

/// What replaying a record found: the moves, the final position, warnings, and the first
/// error if the record is not legal. [`Replay::into_result`] turns it into a `Result` for
/// `?`, and `Result::from(replay)` does the same.
///
/// ```
/// use gamenote::{record::replay, Mode, Record, pylos::Pylos};
/// fn moves(text: &str) -> Result<usize, gamenote::Error> {
///     let rec: Record<Pylos> = text.parse()?;
///     let done = replay(&rec, Mode::Strict).into_result()?;
///     Ok(done.moves.len())
/// }
/// assert_eq!(moves("1b2 1c3 1c4 *").unwrap(), 3);
/// let err = moves("1b2 1b2 *").unwrap_err();
/// assert_eq!(err.to_string(), "1:5: ply 2 (1b2): 1b2 is occupied");
/// ```
#[non_exhaustive]
pub struct Replay<G: Game> {
    /// The position before the first move.
    pub start: G::Position,
    /// The moves replayed legally, in order.
    pub moves: Vec<G::Move>,
    /// The position after the last legal move.
    pub end: G::Position,
    /// Annotation mismatches met in lenient mode, the first
    /// [`MAX_WARNINGS`](crate::replay::MAX_WARNINGS).
    pub warnings: Vec<IllegalMove>,
    /// Mismatches met past the first [`MAX_WARNINGS`](crate::replay::MAX_WARNINGS).
    pub warnings_omitted: usize,
    /// The first error, if any; replay stops there.
    pub error: Option<Error>,
    /// The result by the rules at the end, if the game is over.
    pub outcome: Option<Outcome>,
}

impl<G: Game> Clone for Replay<G> {
    fn clone(&self) -> Self {
        Replay {
            start: self.start.clone(),
            moves: self.moves.clone(),
            end: self.end.clone(),
            warnings: self.warnings.clone(),
            warnings_omitted: self.warnings_omitted,
            error: self.error.clone(),
            outcome: self.outcome,
        }
    }
}

impl<G: Game> fmt::Debug for Replay<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Replay")
            .field("start", &self.start)
            .field("moves", &self.moves)
            .field("end", &self.end)
            .field("warnings", &self.warnings)
            .field("warnings_omitted", &self.warnings_omitted)
            .field("error", &self.error)
            .field("outcome", &self.outcome)
            .finish()
    }
}

impl<G: Game> From<Replay<G>> for Result<Replay<G>, Error> {
    fn from(r: Replay<G>) -> Self {
        r.into_result()
    }
}

impl<G: Game> Replay<G> {
    /// The replay when the record is legal (its moves, end position, warnings and outcome),
    /// or its first error: an [`IllegalMove`] (with the ply, the written move and the reason)
    /// or a set-up error.
    ///
    /// ```
    /// use gamenote::{record, Mode, Record, pylos::Pylos};
    /// fn plies(text: &str) -> Result<usize, gamenote::Error> {
    ///     let rec: Record<Pylos> = text.parse()?;
    ///     Ok(record::replay(&rec, Mode::Strict).into_result()?.moves.len())
    /// }
    /// assert_eq!(plies("1b2 1c3 *").ok(), Some(2));
    /// assert!(plies("1b2 1b2 *").is_err());
    /// ```
    pub fn into_result(mut self) -> Result<Self, Error> {
        match self.error.take() {
            Some(e) => Err(e),
            None => Ok(self),
        }
    }

    /// True when the record replayed without error.
    ///
    /// ```
    /// use gamenote::{record, Mode, Record, pylos::Pylos};
    /// let rec: Record<Pylos> = "1b2 1b2 *".parse()?;
    /// assert!(!record::replay(&rec, Mode::Strict).is_ok());
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn is_ok(&self) -> bool {
        self.error.is_none()
    }
    /// The result the replay reached: the rules' outcome, or else the record's own result.
    ///
    /// ```
    /// use gamenote::{record, GameResult, Mode, Outcome, Record, pylos::Pylos};
    /// // The game is not over by the rules: the record's own result stands.
    /// let rec: Record<Pylos> = "1b2 1c3 1-0".parse()?;
    /// let replay = record::replay(&rec, Mode::Strict);
    /// assert_eq!(replay.outcome, None);
    /// assert_eq!(replay.result(&rec), Some(GameResult::Decided(Outcome::Win(0))));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn result(&self, record: &Record<G>) -> Option<GameResult> {
        match self.outcome {
            Some(o) => Some(GameResult::Decided(o)),
            None => record.result,
        }
    }
}

/// Replays `record` from its set-up, calling `visit(ply, before, move, after)` after each
/// legal move (plies are 1-based).
///
/// ```
/// use gamenote::{record, Mode, Record, pylos::Pylos};
/// let rec: Record<Pylos> = "1b2 1c3 1c4 *".parse()?;
/// let mut reserves = Vec::new();
/// record::replay_with(&rec, Mode::Strict, |ply, _, _, after| {
///     reserves.push((ply, after.reserve(0)));
/// });
/// assert_eq!(reserves, [(1, 14), (2, 14), (3, 13)]);
/// # Ok::<(), gamenote::ParseError>(())
/// ```
pub fn replay_with<G: Game>(
    record: &Record<G>,
    mode: Mode,
    mut visit: impl FnMut(usize, &G::Position, &G::Move, &G::Position),
) -> Replay<G> {
    let mut warnings = Vec::new();
    let first = record.plies.first().map(|p| &p.notation);
    let implied = crate::game::implied_tags::<G>(&record.tags, first);
    let tags = implied.as_deref().unwrap_or(&record.tags);
    let start = match crate::game::setup_in::<G>(tags, mode, &mut warnings) {
        Ok(p) => p,
        Err(msg) => {
            let start = G::start(&G::Rules::default());
            let mut error = Error::Setup(msg);
            if let Some(origin) = &record.origin {
                origin.place(&mut error, record);
            }
            return Replay {
                end: start.clone(),
                start,
                moves: Vec::new(),
                warnings: Vec::new(),
                warnings_omitted: 0,
                error: Some(error),
                outcome: None,
            };
        }
    };
    let mut stepper = Stepper::<G>::new(start.clone(), mode);
    stepper.warnings = warnings;
    let mut moves = Vec::with_capacity(record.plies.len());
    let mut kept = None;
    for (i, ply) in record.plies.iter().enumerate() {
        stepper.step(i + 1, ply, &mut kept, |n, before, m, after| {
            visit(n, before, m, after);
            moves.push(m.clone());
        });
        if stepper.error.is_some() {
            break;
        }
    }
    stepper.finish(Ending {
        result: record.result,
        result_span: record.result_span.as_ref(),
        result_tag: record.tag("Result"),
        comments_after: &record.comments_after,
    });
    let (mut error, mut warnings) = (stepper.error, stepper.warnings);
    if let Some(origin) = &record.origin {
        if let Some(e) = &mut error {
            origin.place(e, record);
        }
        for w in &mut warnings {
            origin.place_warning(w, record);
        }
    }
    Replay {
        start,
        moves,
        outcome: G::outcome(&stepper.pos),
        end: stepper.pos,
        warnings,
        warnings_omitted: stepper.warnings_omitted,
        error,
    }
}

impl<G: Game> Record<G> {
    /// Replays the record from its set-up (or the start) in `mode`: every move resolved
    /// against its position, the result checked against the end.
    ///
    /// This is the one spelling of replay; the free function [`record::replay`](replay)
    /// does the same and stays for code written against 0.1.
    ///
    /// ```
    /// use gamenote::{Mode, Record, pylos::Pylos};
    /// let rec: Record<Pylos> = "1b2 1c3 1c4 *".parse()?;
    /// let r = rec.replay(Mode::Strict);
    /// assert!(r.is_ok());
    /// assert_eq!(r.moves.len(), 3);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn replay(&self, mode: Mode) -> Replay<G> {
        replay_with(self, mode, |_, _, _, _| {})
    }

    /// Replays the record, calling `visit(ply, before, move, after)` for each legal move
    /// (ply counted from 1). The same as [`record::replay_with`](replay_with).
    ///
    /// ```
    /// use gamenote::{Mode, Record, pylos::Pylos};
    /// let rec: Record<Pylos> = "1b2 1c3 1c4 *".parse()?;
    /// let mut reserves = Vec::new();
    /// rec.replay_with(Mode::Strict, |ply, _, _, after| reserves.push((ply, after.reserve(0))));
    /// assert_eq!(reserves, [(1, 14), (2, 14), (3, 13)]);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn replay_with(
        &self,
        mode: Mode,
        visit: impl FnMut(usize, &G::Position, &G::Move, &G::Position),
    ) -> Replay<G> {
        replay_with(self, mode, visit)
    }

    /// The position after each ply (index 0 is the start), up to the first error, and the
    /// replay. The same as [`record::positions`](positions).
    ///
    /// ```
    /// use gamenote::{Mode, Record, pylos::Pylos};
    /// let rec: Record<Pylos> = "1b2 1c3 *".parse()?;
    /// let (positions, replay) = rec.positions(Mode::Strict);
    /// assert_eq!(positions.len(), 3, "the start and one position a ply");
    /// assert_eq!(positions[2], replay.end);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn positions(&self, mode: Mode) -> (Vec<G::Position>, Replay<G>) {
        positions(self, mode)
    }

    /// The record with every move rewritten in `style` (tags, comments and annotations
    /// kept; `Game`, `Rules` and `Result` set; a finished game gets its written ending).
    /// The same as [`record::convert`](convert).
    ///
    /// ```
    /// use gamenote::{Mode, Record, pylos::{Pylos, Style}};
    /// let rec: Record<Pylos> = "1b2 1c3 1c4 1c2 1d2 1b3 1d22b2 *".parse()?;
    /// let out = rec.convert(Style::CANONICAL, Mode::Strict)?;
    /// assert!(out.to_string().ends_with("4. 1d2-2b2 *\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn convert(&self, style: G::Style, mode: Mode) -> Result<Record<G>, Error> {
        convert(self, style, mode)
    }
}

/// Replays `record`, keeping only the final position.
///
/// ```
/// use gamenote::{record::replay, Mode, Record, pylos::Pylos};
/// let rec: Record<Pylos> = "1b2 1c3 1c4 *".parse().unwrap();
/// let r = replay(&rec, Mode::Strict);
/// assert!(r.is_ok());
/// assert_eq!(r.moves.len(), 3);
/// ```
pub fn replay<G: Game>(record: &Record<G>, mode: Mode) -> Replay<G> {
    replay_with(record, mode, |_, _, _, _| {})
}

/// The position after each ply (index 0 is the start), up to the first error.
///
/// ```
/// use gamenote::{record, Mode, Record, pylos::Pylos};
/// let rec: Record<Pylos> = "1b2 1c3 *".parse()?;
/// let (positions, replay) = record::positions(&rec, Mode::Strict);
/// assert_eq!(positions.len(), 3, "the start and one position a ply");
/// assert_eq!(positions[2], replay.end);
/// # Ok::<(), gamenote::ParseError>(())
/// ```
pub fn positions<G: Game>(record: &Record<G>, mode: Mode) -> (Vec<G::Position>, Replay<G>) {
    let mut out = Vec::new();
    let r = replay_with(record, mode, |_, _, _, after| out.push(after.clone()));
    out.insert(0, r.start.clone());
    (out, r)
}

/// Rewrites every move of `record` in `style` by replaying it; tags, comments and
/// annotations are kept, `Game`, `Rules` and `Result` are set, and a finished game gets its
/// written ending ([`Record::add_ending`]: GIPF's `X`, Pylon's score comment).
///
/// ```
/// use gamenote::{record::convert, Mode, Record, pylos::{Pylos, Style}};
/// let rec: Record<Pylos> = "1b2 1c3 1c4 1c2 1d2 1b3 1d22b2 *".parse().unwrap();
/// let out = convert(&rec, Style::CANONICAL, Mode::Strict).unwrap();
/// assert!(out.to_string().ends_with("4. 1d2-2b2 *\n"));
/// ```
pub fn convert<G: Game>(
    record: &Record<G>,
    style: G::Style,
    mode: Mode,
) -> Result<Record<G>, Error> {
    let mut plies = Vec::with_capacity(record.plies.len());
    let r = replay_with(record, mode, |i, before, m, _| {
        let old = &record.plies[i - 1];
        let mut notation = G::notate(before, m, style);
        G::carry_remarks(&old.notation, &mut notation);
        plies.push(Ply {
            notation,
            annotations: old.annotations.clone(),
            comments: old.comments.clone(),
            span: 0..0,
            annotation_spans: Vec::new(),
        });
    });
    if let Some(e) = r.error {
        return Err(e);
    }
    // Rules the first move implies when no tag names them (GIPF's `G` first).
    let first = record.plies.first().map(|p| &p.notation);
    let implied = crate::game::implied_tags::<G>(&record.tags, first);
    let tags = implied.as_deref().unwrap_or(&record.tags);
    let result = record.result.or_else(|| r.outcome.map(GameResult::Decided));
    let mut out = converted_head::<G>(tags, style, result)?;
    out.comments_before = record.comments_before.clone();
    out.plies = plies;
    out.comments_after = record.comments_after.clone();
    out.add_ending(&r.end);
    Ok(out)
}

/// The record `convert` starts from, tags only: `Game`, `Rules` (from `tags`), the other
/// tags but `Style`, `Style` when `style` is not the default, and `Result` set to `result`.
pub(crate) fn converted_head<G: Game>(
    tags: &[(String, String)],
    style: G::Style,
    result: Option<GameResult>,
) -> Result<Record<G>, Error> {
    let rules = G::rules_from_tags(tags).map_err(Error::Setup)?;
    let mut out = Record::<G>::default();
    out.tags.push(("Game".into(), G::NAME.into()));
    out.tags.push(("Rules".into(), rules.to_string()));
    for (n, v) in tags {
        if !["Game", "Rules", "Style"]
            .iter()
            .any(|k| k.eq_ignore_ascii_case(n))
        {
            out.tags.push((n.clone(), v.clone()));
        }
    }
    if style != G::Style::default() {
        out.tags.push(("Style".into(), style.to_string()));
    }
    out.result = result;
    out.set_tag(
        "Result",
        G::write_result(result.unwrap_or(GameResult::Unfinished)),
    );
    Ok(out)
}
