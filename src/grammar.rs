//! The record grammar, written once, reporting what it reads to a visitor: the reading
//! layer's core. It knows no list of games: what judges a record's tags ([`TagJudge`]) is
//! handed to it by whoever reads. Its public items are reached through `gamenote::visit`.

use std::borrow::Cow;
use std::ops::Range;

use crate::error::ParseError;
use crate::game::{CommentMove, Game, GameResult, Token};
use crate::record::{MAX_RECORD_ITEMS, MAX_TOKEN_BYTES, Ply};
use crate::text::{self, PErr};

/// What a reader reports while it reads records, in the order of the text.
///
/// Every method but [`Visitor::end_record`] has a default that ignores what it is given.
/// Spans are byte ranges in the whole input (the whole stream for a streaming reader).
///
/// ```
/// use gamenote::{pylos::Pylos, visit::{visit, Visitor}, ParseError, Ply};
/// /// Counts the comments of each record.
/// struct Comments(usize);
/// impl Visitor<Pylos> for Comments {
///     type Output = usize;
///     fn begin_record(&mut self) {
///         self.0 = 0;
///     }
///     fn comment(&mut self, _text: &str) {
///         self.0 += 1;
///     }
///     fn ply(&mut self, ply: Ply<gamenote::pylos::Notation>) {
///         self.0 += ply.comments.len();
///     }
///     fn end_record(&mut self, _verdict: Result<(), ParseError>) -> usize {
///         self.0
///     }
/// }
/// let counts: Vec<usize> = visit::<Pylos, _>("{a} 1b2 {b} 1c3 {c} *", Comments(0)).collect();
/// assert_eq!(counts, [3]);
/// ```
pub trait Visitor<G: Game> {
    /// What one record reads to.
    type Output;
    /// A record begins.
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, visit::{visit, Visitor}, ParseError};
    /// // Numbers the records.
    /// struct Numbers(usize);
    /// impl Visitor<Pylos> for Numbers {
    ///     type Output = usize;
    ///     fn begin_record(&mut self) {
    ///         self.0 += 1;
    ///     }
    ///     fn end_record(&mut self, _verdict: Result<(), ParseError>) -> usize {
    ///         self.0
    ///     }
    /// }
    /// let text = "[Game \"Pylos\"]\n1b2 *\n\n[Game \"Pylos\"]\n1c3 *\n";
    /// assert_eq!(visit::<Pylos, _>(text, Numbers(0)).collect::<Vec<_>>(), [1, 2]);
    /// ```
    fn begin_record(&mut self) {}
    /// A tag pair, the name and value with their escapes (`\"`, `\\`, `\u000a`) undone.
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, visit::{visit, Visitor}, ParseError};
    /// struct Tags(Vec<String>);
    /// impl Visitor<Pylos> for Tags {
    ///     type Output = Vec<String>;
    ///     fn tag(&mut self, name: &str, value: &str) {
    ///         self.0.push(format!("{name}={value}"));
    ///     }
    ///     fn end_record(&mut self, _verdict: Result<(), ParseError>) -> Vec<String> {
    ///         std::mem::take(&mut self.0)
    ///     }
    /// }
    /// let text = "[Event \"The \\\"Open\\\"\"]\n[Round \"2\"]\n1b2 *";
    /// let tags = visit::<Pylos, _>(text, Tags(Vec::new())).next().unwrap();
    /// assert_eq!(tags, ["Event=The \"Open\"", "Round=2"]);
    /// ```
    fn tag(&mut self, _name: &str, _value: &str) {}
    /// A comment that belongs to no move: before the first move, or after the result.
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, visit::{visit, Visitor}, ParseError};
    /// struct Free(Vec<String>);
    /// impl Visitor<Pylos> for Free {
    ///     type Output = Vec<String>;
    ///     fn comment(&mut self, text: &str) {
    ///         self.0.push(text.to_string());
    ///     }
    ///     fn end_record(&mut self, _verdict: Result<(), ParseError>) -> Vec<String> {
    ///         std::mem::take(&mut self.0)
    ///     }
    /// }
    /// let text = "{before} 1b2 {on 1b2} * {after}";
    /// let free = visit::<Pylos, _>(text, Free(Vec::new())).next().unwrap();
    /// assert_eq!(free, ["before", "after"], "the comment on 1b2 goes with its ply");
    /// ```
    fn comment(&mut self, _text: &str) {}
    /// Whether this visitor reads the comments on a move ([`Ply::comments`]). The default:
    /// yes. A visitor that answers `false` is handed plies whose `comments` are empty: each
    /// comment is still read (and a record fails on a broken one as before), but none is
    /// kept, so a move followed by millions of comments costs no memory. Comments outside
    /// moves still go to [`Visitor::comment`].
    ///
    /// ```
    /// use gamenote::{pylos::{Notation, Pylos}, visit::{visit, Visitor}, ParseError, Ply};
    /// /// Counts the moves, reading no comment.
    /// struct Count(usize);
    /// impl Visitor<Pylos> for Count {
    ///     type Output = usize;
    ///     fn keeps_ply_comments(&self) -> bool {
    ///         false
    ///     }
    ///     fn ply(&mut self, ply: Ply<Notation>) {
    ///         assert!(ply.comments.is_empty());
    ///         self.0 += 1;
    ///     }
    ///     fn end_record(&mut self, _verdict: Result<(), ParseError>) -> usize {
    ///         std::mem::take(&mut self.0)
    ///     }
    /// }
    /// let text = format!("1b2 {} 1c3 *", "{a} ".repeat(1000));
    /// assert_eq!(visit::<Pylos, _>(&text, Count(0)).collect::<Vec<_>>(), [2]);
    /// ```
    #[inline]
    fn keeps_ply_comments(&self) -> bool {
        true
    }
    /// A written move, whole: with the marks and comments that follow it.
    ///
    /// ```
    /// use gamenote::{pylos::{Notation, Pylos}, visit::{visit, Visitor}, ParseError, Ply};
    /// struct Moves(Vec<(String, std::ops::Range<usize>, Vec<String>)>);
    /// impl Visitor<Pylos> for Moves {
    ///     type Output = Vec<(String, std::ops::Range<usize>, Vec<String>)>;
    ///     fn ply(&mut self, ply: Ply<Notation>) {
    ///         self.0.push((ply.notation.to_string(), ply.span, ply.comments));
    ///     }
    ///     fn end_record(&mut self, _verdict: Result<(), ParseError>) -> Self::Output {
    ///         std::mem::take(&mut self.0)
    ///     }
    /// }
    /// let moves = visit::<Pylos, _>("1b2 {good} 1c3 *", Moves(Vec::new())).next().unwrap();
    /// assert_eq!(moves, [("1b2".into(), 0..3, vec!["good".into()]), ("1c3".into(), 11..14, vec![])]);
    /// ```
    fn ply(&mut self, _ply: Ply<G::Notation>) {}
    /// A written move, whole, in the reader's slot (always `Some` when called): a visitor
    /// that only reads the move leaves it there, and the reader reuses the slot's buffers for
    /// the next move; one that keeps it takes it. The default takes it and hands it to
    /// [`Visitor::ply`].
    ///
    /// ```
    /// use gamenote::{pylos::{Notation, Pylos}, visit::{visit, Visitor}, ParseError, Ply};
    /// /// Counts the moves that have comments, keeping none.
    /// struct Commented(usize);
    /// impl Visitor<Pylos> for Commented {
    ///     type Output = usize;
    ///     fn ply_in(&mut self, slot: &mut Option<Ply<Notation>>) {
    ///         self.0 += slot.as_ref().map_or(0, |p| usize::from(!p.comments.is_empty()));
    ///     }
    ///     fn end_record(&mut self, _verdict: Result<(), ParseError>) -> usize {
    ///         std::mem::take(&mut self.0)
    ///     }
    /// }
    /// let text = "1b2 {a} 1c3 1c4 {b} {c} *";
    /// assert_eq!(visit::<Pylos, _>(text, Commented(0)).collect::<Vec<_>>(), [2]);
    /// ```
    #[inline]
    fn ply_in(&mut self, slot: &mut Option<Ply<G::Notation>>) {
        if let Some(p) = slot.take() {
            self.ply(p);
        }
    }
    /// The result that ends the movetext.
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, visit::{visit, Visitor}, GameResult, Outcome, ParseError};
    /// use std::ops::Range;
    /// struct End(Option<(GameResult, Range<usize>)>);
    /// impl Visitor<Pylos> for End {
    ///     type Output = Option<(GameResult, Range<usize>)>;
    ///     fn result(&mut self, result: GameResult, span: Range<usize>) {
    ///         self.0 = Some((result, span));
    ///     }
    ///     fn end_record(&mut self, _verdict: Result<(), ParseError>) -> Self::Output {
    ///         self.0.take()
    ///     }
    /// }
    /// let end = visit::<Pylos, _>("1b2 1c3 0-1", End(None)).next().unwrap();
    /// assert_eq!(end, Some((GameResult::Decided(Outcome::Win(1)), 8..11)));
    /// ```
    fn result(&mut self, _result: GameResult, _span: Range<usize>) {}
    /// The record's tags are over (its first move, number or result comes next, or the
    /// record ends): return [`Skip(true)`](Skip) to skip its movetext. The movetext of a
    /// skipped record is still read for its end (the same walk finds the same boundary, and
    /// a record that does not read still fails), but nothing of it reaches the visitor: no
    /// [`Visitor::ply`], [`Visitor::comment`] after the tags or [`Visitor::result`]. A
    /// checker that skips resolves no move. The default reads every record whole.
    ///
    /// ```
    /// use gamenote::{pylos::{Notation, Pylos}, visit::{visit, Skip, Visitor}, ParseError, Ply};
    /// /// The moves of the records whose Event is "final", and no others.
    /// #[derive(Default)]
    /// struct Finals { keep: bool, moves: usize }
    /// impl Visitor<Pylos> for Finals {
    ///     type Output = usize;
    ///     fn begin_record(&mut self) {
    ///         (self.keep, self.moves) = (false, 0);
    ///     }
    ///     fn tag(&mut self, name: &str, value: &str) {
    ///         self.keep |= name == "Event" && value == "final";
    ///     }
    ///     fn end_tags(&mut self) -> Skip {
    ///         Skip(!self.keep)
    ///     }
    ///     fn ply(&mut self, _ply: Ply<Notation>) {
    ///         self.moves += 1;
    ///     }
    ///     fn end_record(&mut self, _verdict: Result<(), ParseError>) -> usize {
    ///         self.moves
    ///     }
    /// }
    /// let text = "[Event \"heat\"]\n1b2 1c3 *\n\n[Event \"final\"]\n1b2 *\n";
    /// assert_eq!(visit::<Pylos, _>(text, Finals::default()).collect::<Vec<_>>(), [0, 1]);
    /// ```
    #[inline]
    fn end_tags(&mut self) -> Skip {
        Skip(false)
    }
    /// Places the errors of a record's output in the input, after [`Visitor::end_record`]
    /// made it from a record that read well: `at` gives the line and column of an offset
    /// and finds tags. [`Checker`](crate::replay::Checker) places its error and warnings
    /// here, so that the [`Error::location`](crate::Error::location) of a verdict read from
    /// a stream is its place in the stream. Called for records that read (a parse error is
    /// placed already); the default does nothing.
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, visit::{visit, Place, Visitor}, ParseError, Ply};
    /// /// The line of each record's last move.
    /// struct LastLine(Option<usize>);
    /// impl Visitor<Pylos> for LastLine {
    ///     type Output = Option<usize>;
    ///     fn ply(&mut self, ply: Ply<gamenote::pylos::Notation>) {
    ///         self.0 = Some(ply.span.start);
    ///     }
    ///     fn end_record(&mut self, _verdict: Result<(), ParseError>) -> Option<usize> {
    ///         self.0.take()
    ///     }
    ///     fn locate(&mut self, output: &mut Option<usize>, at: &mut Place<'_>) {
    ///         *output = output.map(|offset| at.line_col(offset).0);
    ///     }
    /// }
    /// let text = "[Event \"a\"]\n1b2\n1c3 *\n\n[Event \"b\"]\n1b2 *\n";
    /// assert_eq!(visit::<Pylos, _>(text, LastLine(None)).collect::<Vec<_>>(), [Some(3), Some(6)]);
    /// ```
    #[inline]
    fn locate(&mut self, _output: &mut Self::Output, _at: &mut Place<'_>) {}
    /// The record ended: well formed, or with the first error in it.
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, visit::{visit, Visitor}, ParseError};
    /// // Where each record's text stops making sense, if it does.
    /// struct Places;
    /// impl Visitor<Pylos> for Places {
    ///     type Output = Option<(usize, usize)>;
    ///     fn end_record(&mut self, verdict: Result<(), ParseError>) -> Self::Output {
    ///         verdict.err().map(|e| (e.line, e.column))
    ///     }
    /// }
    /// let text = "[Game \"Pylos\"]\n1b2 *\n\n[Game \"Pylos\"]\n1b2 zz *\n";
    /// let places: Vec<_> = visit::<Pylos, _>(text, Places).collect();
    /// assert_eq!(places, [None, Some((5, 5))]);
    /// ```
    fn end_record(&mut self, verdict: Result<(), ParseError>) -> Self::Output;
}

/// What [`Visitor::end_tags`] asks of the reader: `Skip(true)` skips the record's movetext
/// (as pgn-reader's `Skip` does for chess).
///
/// ```
/// use gamenote::visit::Skip;
/// assert_eq!(Skip::default(), Skip(false), "records are read whole unless a visitor asks");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Skip(pub bool);

/// Where a record lies in its input, for [`Visitor::locate`]: lines and columns of its
/// offsets (counted only when asked, so a visitor that asks nothing costs nothing), and the
/// place of its errors.
///
/// ```
/// use gamenote::{pylos::Pylos, replay::Checker, visit::visit, Mode};
/// // The Checker places its errors through a Place: here, at the second record's value.
/// let text = "[Game \"Pylos\"]\n1b2 *\n\n[Game \"Pylos\"]\n[Rules \"chess\"]\n1b2 *\n";
/// let verdicts: Vec<_> = visit::<Pylos, _>(text, Checker::new(Mode::Strict)).collect();
/// assert_eq!(verdicts[1].error.as_ref().unwrap().location().to_string(), "5:9");
/// ```
#[derive(Debug)]
pub struct Place<'a> {
    text: &'a str,
    base: usize,
    record: Range<usize>,
    origin: Lines,
    now: Lines,
}

impl Place<'_> {
    /// The 1-based line and column (in characters) of `offset`, a byte offset of the input
    /// as spans give them.
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, visit::{visit, Place, Visitor}, ParseError};
    /// struct Start(usize);
    /// impl Visitor<Pylos> for Start {
    ///     type Output = (usize, usize);
    ///     fn end_record(&mut self, _verdict: Result<(), ParseError>) -> (usize, usize) {
    ///         (0, 0)
    ///     }
    ///     fn locate(&mut self, output: &mut (usize, usize), at: &mut Place<'_>) {
    ///         *output = at.line_col(at.record().start);
    ///     }
    /// }
    /// let text = "[Game \"Pylos\"]\n1b2 *\n\n  [Game \"Pylos\"]\n1c3 *\n";
    /// assert_eq!(visit::<Pylos, _>(text, Start(0)).collect::<Vec<_>>(), [(1, 1), (4, 3)]);
    /// ```
    pub fn line_col(&mut self, offset: usize) -> (usize, usize) {
        let at = offset.saturating_sub(self.base).min(self.text.len());
        let at = crate::error::floor_char_boundary(self.text, at);
        if at < self.now.pos {
            self.now = self.origin;
        }
        self.now.advance(self.text.as_bytes(), at);
        let column = self.text[self.now.line_start.min(at)..at].chars().count() + 1;
        (self.now.line, column)
    }

    /// The record's byte range in the input (from its first tag to its end).
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, visit::{visit, Place, Visitor}, ParseError};
    /// struct Range(std::ops::Range<usize>);
    /// impl Visitor<Pylos> for Range {
    ///     type Output = std::ops::Range<usize>;
    ///     fn end_record(&mut self, _verdict: Result<(), ParseError>) -> Self::Output {
    ///         0..0
    ///     }
    ///     fn locate(&mut self, output: &mut Self::Output, at: &mut Place<'_>) {
    ///         *output = at.record();
    ///     }
    /// }
    /// let ranges: Vec<_> = visit::<Pylos, _>("1b2 *\n[Game \"Pylos\"]\n1c3 *", Range(0..0)).collect();
    /// assert_eq!(ranges, [0..6, 6..26]);
    /// ```
    pub fn record(&self) -> Range<usize> {
        self.record.start + self.base..self.record.end + self.base
    }

    /// Places `error` (an illegal move at its span, a set-up error at its tag's value, or at
    /// the record's start when the record lacks the tag) if it is not placed yet.
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, visit::{visit, Place, Visitor}, Error, ParseError, ValueError};
    /// struct Blame;
    /// impl Visitor<Pylos> for Blame {
    ///     type Output = Error;
    ///     fn end_record(&mut self, _verdict: Result<(), ParseError>) -> Error {
    ///         Error::Setup(ValueError::new("no").in_tag("Round"))
    ///     }
    ///     fn locate(&mut self, output: &mut Error, at: &mut Place<'_>) {
    ///         at.place(output);
    ///     }
    /// }
    /// let text = "[Event \"x\"]\n[Round \"7\"]\n1b2 *";
    /// let e = visit::<Pylos, _>(text, Blame).next().unwrap();
    /// assert_eq!(e.to_string(), "2:9: no");
    /// ```
    pub fn place(&mut self, error: &mut crate::Error) {
        let (text, base, record) = (self.text, self.base, self.record.clone());
        error.place_in(text, base, record, &mut |at| self.line_col(at + base));
    }

    /// Places an illegal move (a warning of lenient reading, say) as [`Place::place`] does.
    ///
    /// ```
    /// use gamenote::{threeman::ThreeMan, replay::Checker, visit::visit, Mode};
    /// let text = "[Game \"Three-man chess\"]\nWHNa3+ *\n";
    /// let v = visit::<ThreeMan, _>(text, Checker::new(Mode::Lenient)).next().unwrap();
    /// assert_eq!(v.warnings[0].location().to_string(), "2:1");
    /// ```
    pub fn place_illegal(&mut self, error: &mut crate::IllegalMove) {
        let (text, base, record) = (self.text, self.base, self.record.clone());
        error.place_in(text, base, record, &mut |at| self.line_col(at + base));
    }
}

/// What [`Summarize`] tells of a well-formed record.
///
/// ```
/// use gamenote::{pylos::Pylos, visit::{visit, Summarize}, GameResult};
/// let s = visit::<Pylos, _>("[Event \"x\"]\n1b2 1c3 *", Summarize::default()).next().unwrap()?;
/// assert_eq!((s.tags, s.plies, s.result), (1, 2, Some(GameResult::Unfinished)));
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Summary {
    /// Tag pairs read.
    pub tags: usize,
    /// Written moves read.
    pub plies: usize,
    /// The result token, if the movetext had one.
    pub result: Option<GameResult>,
}

/// The visitor of a syntax-only check: counts, keeps nothing, allocates nothing.
///
/// ```
/// use gamenote::{pylos::Pylos, visit::{visit, Summarize}};
/// let text = "[Game \"Pylos\"]\n1b2 1b2 *\n\n[Game \"Pylos\"]\n1b2 zz *\n";
/// let verdicts: Vec<_> = visit::<Pylos, _>(text, Summarize::default()).collect();
/// assert_eq!(verdicts[0].as_ref().map(|s| s.plies), Ok(2), "well written, though illegal");
/// assert!(verdicts[1].is_err());
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Summarize {
    now: Summary,
}

impl<G: Game> Visitor<G> for Summarize {
    type Output = Result<Summary, ParseError>;
    fn keeps_ply_comments(&self) -> bool {
        false
    }
    fn begin_record(&mut self) {
        self.now = Summary::default();
    }
    fn tag(&mut self, _name: &str, _value: &str) {
        self.now.tags += 1;
    }
    fn ply(&mut self, _ply: Ply<G::Notation>) {
        self.now.plies += 1;
    }
    fn result(&mut self, result: GameResult, _span: Range<usize>) {
        self.now.result = Some(result);
    }
    fn end_record(&mut self, verdict: Result<(), ParseError>) -> Self::Output {
        verdict.map(|()| self.now)
    }
}

/// Buffers the grammar reuses from record to record, so that reading allocates only while
/// it warms up.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// The tags of the record being read, for the games whose moves read differently under
    /// some tag (Pylos's `[Style "numeric"]`).
    tags: TagList,
    /// An unescaped tag value.
    value: String,
    /// An unescaped tag name (one written quoted).
    name: String,
    /// What judges the record's tags as they are read, handed in by whoever reads (the
    /// grammar knows no list of games); `None` when the tags were judged before they came
    /// here (`check`'s reader of mixed archives judges each piece's tag section first).
    judge: Option<Box<dyn TagJudge>>,
}

impl Scratch {
    /// Buffers whose records' tags are judged by `judge` (`None`: judged before they come
    /// here, so not judged again).
    pub(crate) fn judged_by(judge: Option<Box<dyn TagJudge>>) -> Self {
        Scratch {
            judge,
            ..Scratch::default()
        }
    }
}

/// The game a record is read as, by the names a `[Game]` tag may give it: what a
/// [`TagJudge`] is told of it.
///
/// ```
/// use gamenote::{pylos::Pylos, visit::ReadAs};
/// let read_as = ReadAs::of::<Pylos>();
/// assert_eq!((read_as.name, read_as.id), ("Pylos", "pylos"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReadAs {
    /// The name in its `[Game]` tag ([`Play::NAME`](crate::game::Play::NAME)).
    pub name: &'static str,
    /// Its `--game` name ([`Play::ID`](crate::game::Play::ID)).
    pub id: &'static str,
}

impl ReadAs {
    /// The names of the game `G`.
    ///
    /// ```
    /// use gamenote::{gipf::Gipf, visit::ReadAs};
    /// assert_eq!(ReadAs::of::<Gipf>().name, "GIPF");
    /// ```
    pub fn of<G: Game>() -> Self {
        ReadAs {
            name: G::NAME,
            id: G::ID,
        }
    }
}

/// What judges a record's tags as the grammar reads them, one call a tag: whether the
/// record says a thing it may say once (its game, a set-up tag) twice, or names another
/// game than the one read. The grammar knows no list of games, so it is handed one of
/// these by whoever reads; the crate's readers hand it the rule of the any-game layer
/// (`any::OnceTags`).
///
/// ```
/// use gamenote::visit::{ReadAs, TagJudge};
/// /// Refuses an `[Event]` tag, whatever it says.
/// #[derive(Debug)]
/// struct NoEvents;
/// impl TagJudge for NoEvents {
///     fn begin_record(&mut self) {}
///     fn tag(&mut self, _game: ReadAs, name: &str, _value: &str) -> Option<String> {
///         name.eq_ignore_ascii_case("Event").then(|| "no [Event] tag".to_string())
///     }
/// }
/// let mut judge = NoEvents;
/// let pylos = ReadAs::of::<gamenote::pylos::Pylos>();
/// assert_eq!(judge.tag(pylos, "Event", "x").as_deref(), Some("no [Event] tag"));
/// ```
pub trait TagJudge: std::fmt::Debug + Send + Sync {
    /// A new record begins: forget what the last one said.
    ///
    /// ```
    /// use gamenote::{any::OnceTags, pylos::Pylos, visit::{ReadAs, TagJudge}};
    /// let (mut judge, pylos) = (OnceTags::default(), ReadAs::of::<Pylos>());
    /// assert_eq!(judge.tag(pylos, "Size", "4"), None);
    /// judge.begin_record();
    /// assert_eq!(judge.tag(pylos, "Size", "5"), None, "a new record says it again");
    /// ```
    fn begin_record(&mut self);
    /// The tag `name` with `value` (both unescaped) of a record read as `game`: what was
    /// expected instead (the error is placed at the value), or `None` when it is fine.
    ///
    /// ```
    /// use gamenote::{any::OnceTags, gipf::Gipf, visit::{ReadAs, TagJudge}};
    /// let (mut judge, gipf) = (OnceTags::default(), ReadAs::of::<Gipf>());
    /// judge.begin_record();
    /// assert_eq!(judge.tag(gipf, "Game", "gipf"), None);
    /// assert_eq!(judge.tag(gipf, "Game", "Go"), None, "no game of the crate's");
    /// assert!(judge.tag(gipf, "Game", "Pylos").is_some());
    /// ```
    fn tag(&mut self, game: ReadAs, name: &str, value: &str) -> Option<String>;
}

/// Tag pairs kept in strings that outlive the record: the first `live` are the record's.
#[derive(Debug, Default)]
struct TagList {
    list: Vec<(String, String)>,
    live: usize,
}

impl TagList {
    /// Keeps a tag the game's tokens read ([`RecordFormat::TOKEN_TAGS`](crate::game::RecordFormat::TOKEN_TAGS)); the first of a name wins,
    /// so the list never holds more than one entry per name.
    fn keep<G: Game>(&mut self, name: &str, value: &str) {
        let wanted = G::TOKEN_TAGS.iter().any(|t| t.eq_ignore_ascii_case(name));
        let seen = || {
            self.live()
                .iter()
                .any(|(n, _)| n.eq_ignore_ascii_case(name))
        };
        if wanted && !seen() {
            self.push(name, value);
        }
    }

    fn push(&mut self, name: &str, value: &str) {
        if self.live == self.list.len() {
            self.list.push((String::new(), String::new()));
        }
        let slot = &mut self.list[self.live];
        slot.0.clear();
        slot.0.push_str(name);
        slot.1.clear();
        slot.1.push_str(value);
        self.live += 1;
    }

    #[inline]
    fn live(&self) -> &[(String, String)] {
        &self.list[..self.live]
    }
}

/// The move read last, not yet handed to the visitor: it waits for the marks and comments
/// that follow it. The slot outlives the move, so that a visitor that leaves the move in it
/// ([`Visitor::ply_in`]) lends its buffers to the next.
struct Pending<N> {
    slot: Option<Ply<N>>,
    /// A move handed out and replaced, whose buffers the next move read may reuse.
    spare: Option<N>,
    /// Whether the slot holds a move not yet handed out.
    live: bool,
}

impl<N> Pending<N> {
    #[inline]
    fn get_mut(&mut self) -> Option<&mut Ply<N>> {
        if self.live { self.slot.as_mut() } else { None }
    }

    /// Hands the waiting move, if any, to `v`.
    #[inline(always)]
    fn flush<G: Game<Notation = N>, V: Visitor<G>>(&mut self, v: &mut V) {
        if self.live {
            self.live = false;
            v.ply_in(&mut self.slot);
        }
    }

    /// Makes `n`, read at `span`, the waiting move (after [`Pending::flush`]); the move it
    /// replaces goes to [`Hooks::recycle`](crate::game::Hooks::recycle).
    #[inline(always)]
    fn start<G: Game<Notation = N>>(&mut self, n: N, span: Range<usize>) {
        debug_assert!(!self.live);
        match &mut self.slot {
            Some(p) => {
                if std::mem::needs_drop::<N>() {
                    G::recycle(&mut self.spare, &mut p.notation, n);
                } else {
                    p.notation = n; // a move that owns no memory has nothing to reuse
                }
                p.span = span;
                // Most moves have neither marks nor comments: nothing to clear.
                if !(p.annotations.is_empty() && p.comments.is_empty()) {
                    p.annotations.clear();
                    p.comments.clear();
                }
                p.annotation_spans.clear();
            }
            None => {
                let mut p = Ply::new(n);
                p.span = span;
                self.slot = Some(p);
            }
        }
        self.live = true;
    }
}

/// Where and why a record failed, before its line and column are counted.
#[derive(Debug)]
pub(crate) struct Failure {
    /// Byte offset in the text given to [`read_record`].
    pub at: usize,
    pub expected: Cow<'static, str>,
    /// The 1-based ply of the written move that failed, when the failure is in one.
    pub ply: Option<usize>,
    /// The failure is a tag's value, starting at `at` (inside the quotes): the error's
    /// span is the value as written, and what it found is the value quoted.
    pub value: bool,
}

impl Failure {
    /// The error this failure is in `text` (the text its offsets index), its lines counted
    /// by `lines`.
    pub(crate) fn error(self, lines: &mut Lines, text: &str) -> ParseError {
        let mut e = lines.error(text, self.at, self.expected);
        e.ply = self.ply;
        // The value's quotes, found again: the failure stays small on the reading path.
        let quoted = (self.value && self.at > 0)
            .then(|| text.get(self.at - 1..))
            .flatten()
            .and_then(|q| crate::text::quoted_len(q).ok());
        if let Some(len) = quoted {
            let v = self.at..self.at + len - 2;
            e.found = format!("{:?}", &text[v.clone()]);
            e.span = v;
        }
        e
    }
}

fn fail_at(input: &str, e: nom::Err<PErr<'_>>) -> Failure {
    match e {
        nom::Err::Error(e) | nom::Err::Failure(e) => Failure {
            at: input.len() - e.at.len(),
            expected: e.expected,
            ply: None,
            value: false,
        },
        nom::Err::Incomplete(_) => Failure {
            at: input.len(),
            expected: "more input".into(),
            ply: None,
            value: false,
        },
    }
}

/// The bytes a written move is read from: [`MAX_TOKEN_BYTES`], and room to see where a
/// move of that length ends.
const TOKEN_WINDOW: usize = MAX_TOKEN_BYTES + 4096;

/// What is expected where a move longer than [`MAX_TOKEN_BYTES`] starts.
const TOO_LONG_MOVE: &str = "a move of at most 1048576 bytes";

/// Counts one more of a record's tag pairs, comments and marks (`items`), the one starting at
/// byte `at`: past [`MAX_RECORD_ITEMS`], the failure there.
#[inline]
fn one_more_item(items: &mut usize, at: usize) -> Result<(), Failure> {
    if *items == MAX_RECORD_ITEMS {
        return Err(Failure {
            at,
            expected: "at most 65536 tag pairs, comments and marks in a record".into(),
            ply: None,
            value: false,
        });
    }
    *items += 1;
    Ok(())
}

/// Fails a tag or comment longer than [`MAX_TOKEN_BYTES`].
fn long_token<'a, T>(at: &'a str, r: text::PResult<'a, T>) -> text::PResult<'a, T> {
    match r {
        Ok((rest, _)) if at.len() - rest.len() > MAX_TOKEN_BYTES => Err(nom::Err::Failure(
            PErr::new(at, "a tag or comment of at most 1048576 bytes"),
        )),
        other => other,
    }
}

/// How a record read by [`read_record`] ended.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ended {
    /// Where the record ends: the next record's first tag, the start of junk after its
    /// result, or the end of `input`.
    pub end: usize,
    /// Text that is neither blank nor a comment follows the result at `end`: junk, not
    /// part of the record (see [`junk_end`]).
    pub junk: bool,
    /// The record's result was read: the record is complete.
    pub complete: bool,
}

/// What a reader expects after a record's result, where junk stands.
pub(crate) const JUNK_EXPECTED: &str = "a tag pair or the end of input";

/// Reads one record starting at byte `from` of `input` and reports it to `v` (not calling
/// `begin_record` or `end_record`). Returns where the record ends: the next record's first
/// tag, the start of text after its result that is no comment (junk, which ends the record
/// and is not part of it), or the end of `input`. Spans reported are shifted by `base`.
pub(crate) fn read_record<G: Game, V: Visitor<G>>(
    input: &str,
    from: usize,
    base: usize,
    scratch: &mut Scratch,
    v: &mut V,
) -> Result<Ended, Failure> {
    scratch.tags.live = 0;
    if let Some(judge) = scratch.judge.as_mut() {
        judge.begin_record();
    }
    // Text that cannot hold a token longer than MAX_TOKEN_BYTES (nearly every record) is
    // read by a loop with no window and no length test: the test, in the loop, cost Pylos
    // about 40 instructions a move. Longer text tests every token's length, so that a move
    // too long is one whatever follows it (a window's worth of text or not).
    if input.len() - from <= MAX_TOKEN_BYTES {
        read_record_in::<G, V, false>(input, from, base, scratch, v, false, 0)
    } else {
        read_record_in::<G, V, true>(input, from, base, scratch, v, false, 0)
    }
}

/// [`read_record`] from `from` on, keeping the tags read so far; `content`: the tags are
/// over (a record's movetext skipped from there, by [`Visitor::end_tags`]); `items`: the
/// record's tag pairs, comments and marks read before `from` (a skipped movetext counts on
/// from the tags, so that the bound fails where it fails for every other visitor). `WINDOWED` is
/// false only when the text from `from` on is at most [`MAX_TOKEN_BYTES`] long, so that no
/// token in it can be too long.
#[inline(always)]
fn read_record_in<G: Game, V: Visitor<G>, const WINDOWED: bool>(
    input: &str,
    from: usize,
    base: usize,
    scratch: &mut Scratch,
    v: &mut V,
    mut content: bool,
    mut items: usize,
) -> Result<Ended, Failure> {
    let err = |e: nom::Err<PErr<'_>>| fail_at(input, e);
    let here = |at: &str, what: &'static str| Failure {
        at: input.len() - at.len(),
        expected: what.into(),
        ply: None,
        value: false,
    };
    let mut s = &input[from..];
    let mut pending: Pending<G::Notation> = Pending {
        slot: None,
        spare: None,
        live: false,
    };
    let mut plies = 0usize;
    // Tag pairs, comments and marks read (`items`): at most MAX_RECORD_ITEMS.
    let mut result = false;
    // Something outside tag pairs and comments has been read (`content`, a parameter):
    // tags are over, and a line starting with `[` ends the record (the rule of
    // `crate::stream`).
    let mut junk = false;
    loop {
        // Most tokens follow one space: that case costs two byte tests.
        let gap = match s.as_bytes() {
            [b' ', next, ..] if !text::is_space(*next) => 1,
            b => b.iter().take_while(|&&b| text::is_space(b)).count(),
        };
        let spaces = &s.as_bytes()[..gap];
        s = &s[gap..];
        let Some(&first) = s.as_bytes().first() else {
            break;
        };
        if first == b'{' {
            let start = input.len() - s.len();
            let (rest, c) = match long_token(s, text::comment(s)) {
                Ok(read) => read,
                // A comment after the result that does not close (or is too long) is
                // junk: the record before it is complete.
                Err(_) if result => {
                    junk = true;
                    break;
                }
                Err(e) => return Err(err(e)),
            };
            s = rest;
            if !result && content {
                let live = scratch.tags.live();
                match G::comment_move(c, plies, pending.get_mut().map(|p| &mut p.notation), live) {
                    CommentMove::Comment => {}
                    CommentMove::Extends => {
                        if let Some(p) = pending.get_mut() {
                            p.span.end = base + input.len() - s.len();
                            if p.span.end - p.span.start > MAX_TOKEN_BYTES {
                                let at = &input[p.span.start - base..];
                                return Err(Failure {
                                    ply: Some(plies),
                                    ..here(at, TOO_LONG_MOVE)
                                });
                            }
                        }
                        continue;
                    }
                    CommentMove::Starts(n) => {
                        pending.flush(v);
                        pending.start::<G>(n, base + start..base + input.len() - s.len());
                        plies += 1;
                        continue;
                    }
                }
            }
            if result && let Some((at, what)) = G::bad_comment_after_result(c) {
                // The comment's text lies in `input` (else: at the comment's brace).
                let at = (c.as_ptr() as usize)
                    .checked_sub(input.as_ptr() as usize)
                    .filter(|&o| o + c.len() <= input.len())
                    .map_or(start, |o| o + at);
                return Err(Failure {
                    at,
                    expected: what.into(),
                    ply: None,
                    value: false,
                });
            }
            // A comment kept (not a part of a move): one more item.
            one_more_item(&mut items, start)?;
            match pending.get_mut() {
                Some(p) if !result => {
                    if v.keeps_ply_comments() {
                        p.comments.push(text::unescape_comment(c).into_owned());
                    }
                }
                _ => v.comment(&text::unescape_comment(c)),
            }
            continue;
        }
        if first == b'[' {
            if content {
                if spaces.iter().any(|&b| b == b'\n' || b == b'\r') {
                    break; // the next record's tags
                }
            } else {
                one_more_item(&mut items, input.len() - s.len())?;
                let (rest, (name, raw)) = long_token(s, text::tag_pair_raw(s)).map_err(err)?;
                let name = text::unescaped(name, &mut scratch.name);
                let value = text::unescaped(raw, &mut scratch.value);
                if let Some(judge) = scratch.judge.as_mut()
                    && let Some(expected) = judge.tag(ReadAs::of::<G>(), name, value)
                {
                    let at = (raw.as_ptr() as usize)
                        .checked_sub(input.as_ptr() as usize)
                        .unwrap_or(input.len() - s.len());
                    return Err(Failure {
                        at,
                        expected: expected.into(),
                        ply: None,
                        value: true,
                    });
                }
                v.tag(name, value);
                if !G::TOKEN_TAGS.is_empty() {
                    scratch.tags.keep::<G>(name, value);
                }
                s = rest;
                continue;
            }
        }
        if !content {
            content = true;
            if v.end_tags().0 {
                let at = input.len() - s.len();
                return read_record_in::<G, Null, WINDOWED>(
                    input, at, base, scratch, &mut Null, true, items,
                );
            }
        }
        if result {
            // Text after the result that is no comment: the record is over, and what
            // follows is junk, reported on its own by the caller.
            junk = true;
            break;
        }
        // An annotation written `${text}` (no game reads `$`).
        if first == b'$'
            && let Some(read) = dollar_annotation(input, s, base, pending.get_mut(), &mut items)
        {
            s = read?;
            continue;
        }
        // A move number is digits and a dot: a digit followed by anything else (Pylos's
        // `1b2`) is not one, and costs no count.
        if first.is_ascii_digit()
            && s.as_bytes()
                .get(1)
                .is_some_and(|c| *c == b'.' || c.is_ascii_digit())
        {
            let n = text::move_number_len(s.as_bytes());
            if n > 0 {
                s = &s[n..];
                continue;
            }
        }
        let start = input.len() - s.len();
        let live = scratch.tags.live();
        let in_ply = |mut f: Failure| {
            f.ply = Some(plies + 1);
            f
        };
        // A token is read from at most MAX_TOKEN_BYTES and some bytes to see its end by, so
        // that one huge written move (a GIPF move of millions of removal groups) costs
        // bounded memory: one that does not end within the bound is an error. The token
        // read flows straight on (only `rest` is mapped back from a window): a token that
        // two paths make goes through memory, about 40 instructions a Pylos move.
        let window = if WINDOWED && s.len() > TOKEN_WINDOW {
            token_window(s)
        } else {
            s
        };
        let read = if std::mem::needs_drop::<G::Notation>() {
            G::parse_token_reusing(window, live, &mut pending.spare)
        } else {
            G::parse_token(window, live)
        };
        let (rest, token) = match read {
            Ok(read) => read,
            // An annotation written `${text}` (no game reads `$`): only a token no game
            // reads is looked at again, so moves cost nothing more.
            Err(e) => return Err(in_ply(token_error(window, start, e))),
        };
        let rest = if WINDOWED {
            match window_rest(s, window, rest) {
                Some(rest) => rest,
                None => return Err(in_ply(here(s, TOO_LONG_MOVE))),
            }
        } else {
            rest
        };
        if rest.len() == s.len() {
            return Err(in_ply(here(s, "a move")));
        }
        let end = input.len() - rest.len();
        match token {
            Token::Move(n) => {
                pending.flush(v);
                pending.start::<G>(n, base + start..base + end);
                plies += 1;
            }
            Token::Result(r) => {
                pending.flush(v);
                result = true;
                v.result(r, base + start..base + end);
            }
            Token::Annotation(a) => match pending.get_mut() {
                Some(p) => {
                    one_more_item(&mut items, start)?;
                    p.annotations.push(a);
                    p.annotation_spans.push(base + start..base + end);
                }
                None => return Err(here(s, "a move before this mark")),
            },
            Token::Skip => {}
        }
        s = rest;
    }
    pending.flush(v);
    if !content {
        v.end_tags(); // a record of tags alone: nothing to skip
    }
    Ok(Ended {
        end: input.len() - s.len(),
        junk,
        complete: result,
    })
}

/// An annotation written `${text}` at the start of `s` (a suffix of `input`), where no game
/// reads a token: added to `ply` (the move before it), and the text after it returned;
/// `None` when `s` does not start with `${`; one more of the record's `items` (at most
/// [`MAX_RECORD_ITEMS`]). Out of the reading loop, so that moves cost nothing more.
#[cold]
#[inline(never)]
fn dollar_annotation<'a, N>(
    input: &'a str,
    s: &'a str,
    base: usize,
    ply: Option<&mut Ply<N>>,
    items: &mut usize,
) -> Option<Result<&'a str, Failure>> {
    if !s.starts_with("${") {
        return None;
    }
    let start = input.len() - s.len();
    if let Err(f) = one_more_item(items, start) {
        return Some(Err(f));
    }
    let (rest, c) = match long_token(&s[1..], text::comment(&s[1..])) {
        Ok(read) => read,
        Err(e) => return Some(Err(fail_at(input, e))),
    };
    let Some(p) = ply else {
        return Some(Err(Failure {
            at: start,
            expected: "a move before this mark".into(),
            ply: None,
            value: false,
        }));
    };
    p.annotations.push(text::unescape_comment(c).into_owned());
    p.annotation_spans
        .push(base + start..base + input.len() - rest.len());
    Some(Ok(rest))
}

/// The first bytes of `s` a token is read from when `s` is longer than [`TOKEN_WINDOW`].
#[cold]
#[inline(never)]
fn token_window(s: &str) -> &str {
    &s[..crate::error::floor_char_boundary(s, TOKEN_WINDOW)]
}

/// Where the text after a token read from `window` (a prefix of `s`) goes on in `s`, or
/// `None` when the token is longer than [`MAX_TOKEN_BYTES`] (`window` may be all of `s`).
#[cold]
#[inline(never)]
fn window_rest<'a>(s: &'a str, window: &str, rest: &str) -> Option<&'a str> {
    let read = window.len() - rest.len();
    (read <= MAX_TOKEN_BYTES).then(|| &s[read..])
}

/// The failure of a token read from `window` (which starts at byte
/// `start` of the text read): a move too long when the grammar ran past
/// [`MAX_TOKEN_BYTES`] into the token, whatever the text after the window.
#[cold]
#[inline(never)]
fn token_error(window: &str, start: usize, e: PErr<'_>) -> Failure {
    if window.len() - e.at.len() > MAX_TOKEN_BYTES {
        return Failure {
            at: start,
            expected: TOO_LONG_MOVE.into(),
            ply: None,
            value: false,
        };
    }
    Failure {
        at: start + window.len() - e.at.len(),
        expected: e.expected,
        ply: None,
        value: false,
    }
}

/// Where junk that starts at `at` in `text` ends: before the next line whose first token is
/// `[` (the next record, by the rule of [`crate::stream`]), or at the end of `text`.
/// Comments in it are skipped whole (an unclosed one runs to the end).
pub(crate) fn junk_end(text: &str, at: usize) -> usize {
    let b = text.as_bytes();
    let mut i = at;
    let mut new_line = false;
    loop {
        while i < b.len() && text::is_space(b[i]) {
            new_line |= b[i] == b'\n' || b[i] == b'\r';
            i += 1;
        }
        let Some(&c) = b.get(i) else {
            return b.len();
        };
        if c == b'[' && new_line {
            // Blanks before it belong to the junk; the next record starts at its line.
            return i;
        }
        new_line = false;
        if c == b'{' {
            match text::comment(&text[i..]) {
                Ok((rest, _)) => i = text.len() - rest.len(),
                Err(_) => return b.len(),
            }
            continue;
        }
        while i < b.len() && !text::is_space(b[i]) && b[i] != b'{' {
            i += 1;
        }
    }
}

/// A visitor that keeps nothing and makes nothing: reading with it tells only where a
/// record ends and whether it is complete.
struct Null;

impl<G: Game> Visitor<G> for Null {
    type Output = ();
    fn keeps_ply_comments(&self) -> bool {
        false
    }
    #[inline]
    fn ply_in(&mut self, _slot: &mut Option<Ply<G::Notation>>) {}
    fn end_record(&mut self, _verdict: Result<(), ParseError>) {}
}

/// Where the walk over a piece stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Next {
    /// A record may start at this offset (after blanks).
    Record(usize),
    /// Junk starts at this offset.
    Junk(usize),
    /// The text is read; the piece's stop, if any, is still to be told.
    End,
    /// Nothing more.
    Done,
}

/// One item of a piece: a record, or junk after one.
#[derive(Debug)]
pub(crate) enum Stepped<O> {
    /// A record, as the visitor made it.
    Record(O),
    /// Junk after a record: the error at its start (spans and lines as the walk counts
    /// them).
    Junk(ParseError),
    /// A record that could not be read as text (bad bytes, too long, an I/O error): the
    /// error in the whole stream. The visitor was not called.
    Bad(crate::stream::BadRecord),
    /// Bad bytes or text over the limit after a complete record: junk, placed in the whole
    /// stream.
    BadJunk(crate::stream::BadRecord),
}

/// A walk over the records and junk of one piece of text: the record grammar's view of
/// what the stream cutter handed out. Every reader (the visitor in place, the CLI's checks,
/// the record builders) walks pieces this way, so they agree on which record or junk
/// fails and where.
#[derive(Debug)]
pub(crate) struct Walk {
    pub next: Next,
    pub lines: Lines,
    /// Spans are shifted by this.
    pub base: usize,
    /// The line of the piece's first byte.
    pub first_line: usize,
    /// Records begun in this piece.
    records: usize,
}

impl Walk {
    /// A walk from the start of a piece; lines count from `first_line`.
    pub fn new(first_line: usize, base: usize) -> Self {
        Walk {
            next: Next::Record(0),
            lines: Lines::new(first_line),
            base,
            first_line,
            records: 0,
        }
    }

    /// A walk with nothing left.
    pub fn done() -> Self {
        Walk {
            next: Next::Done,
            lines: Lines::new(1),
            base: 0,
            first_line: 1,
            records: 0,
        }
    }

    /// The next record or junk of `text` (the piece's text: all of it, or the part before
    /// its `stop`).
    pub fn step<G: Game, V: Visitor<G>>(
        &mut self,
        text: &str,
        stop: Option<&crate::stream::Stop>,
        scratch: &mut Scratch,
        v: &mut V,
    ) -> Option<Stepped<V::Output>> {
        loop {
            match self.next {
                Next::Done => return None,
                Next::End => {
                    self.next = Next::Done;
                    let stop = stop?;
                    return Some(if self.records == 0 {
                        Stepped::Bad(stop.record.clone())
                    } else {
                        Stepped::BadJunk(stop.junk.clone())
                    });
                }
                Next::Junk(at) => {
                    let end = junk_end(text, at);
                    let mut e = self.lines.error(text, at, JUNK_EXPECTED);
                    e.span = e.span.start + self.base..e.span.end + self.base;
                    let rest = text.as_bytes()[end..].iter().any(|&b| !text::is_space(b));
                    // Junk that runs to the stop covers the stop: one junk, not two.
                    self.next = if rest { Next::Record(end) } else { Next::Done };
                    return Some(Stepped::Junk(e));
                }
                Next::Record(at) => {
                    if let Some(stop) = stop {
                        // The record before a stop is read only if it is complete before it.
                        let Some(start) = record_start(text, at) else {
                            self.next = Next::End;
                            continue;
                        };
                        let dry = read_dry::<G>(text, start, scratch);
                        let ends_here = dry.is_some_and(|d| !d.junk && !has_more(text, d.end));
                        if !dry.is_some_and(|d| d.complete) && (ends_here || dry.is_none()) {
                            self.next = Next::Done;
                            self.records += 1;
                            return Some(Stepped::Bad(stop.record.clone()));
                        }
                    }
                    let Some((out, next)) =
                        visit_next::<G, V>(text, at, self.base, &mut self.lines, scratch, v)
                    else {
                        self.next = Next::End;
                        continue;
                    };
                    self.records += 1;
                    self.next = next;
                    return Some(Stepped::Record(out));
                }
            }
        }
    }
}

/// How the record at `start` of `text` ends, read with no visitor (`None` when it fails).
/// Out of line: it is needed only before a piece's stop, and a second copy of the grammar
/// inlined into [`Walk::step`] slows the one every record is read with.
#[inline(never)]
pub(crate) fn read_dry<G: Game>(text: &str, start: usize, scratch: &mut Scratch) -> Option<Ended> {
    read_record::<G, Null>(text, start, 0, scratch, &mut Null).ok()
}

/// Where a record may start at or after `from` in `text` (after blanks and byte-order
/// marks); `None` when only those are left.
pub(crate) fn record_start(text: &str, from: usize) -> Option<usize> {
    let mut i = from;
    let b = text.as_bytes();
    loop {
        while i < b.len() && text::is_space(b[i]) {
            i += 1;
        }
        if b[i..].starts_with(BOM) {
            i += BOM.len();
            continue;
        }
        return (i < b.len()).then_some(i);
    }
}

/// A byte-order mark, skipped where a record may start (two files joined by `cat`).
pub(crate) const BOM: &[u8] = b"\xEF\xBB\xBF";

/// True when `text` holds more than blanks from `at` on.
fn has_more(text: &str, at: usize) -> bool {
    record_start(text, at).is_some()
}

/// Counts lines lazily: a position in a text and its line, moved forward only when an error
/// needs a line number, so reading good records counts nothing.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Lines {
    /// Byte offset reached.
    pub pos: usize,
    /// Line number at `pos`.
    pub line: usize,
    /// Byte offset where that line starts.
    pub line_start: usize,
}

impl Lines {
    pub fn new(line: usize) -> Self {
        Lines {
            pos: 0,
            line,
            line_start: 0,
        }
    }

    /// Moves to `to` (a position at or after `pos`) in `bytes`, counting the line ends
    /// passed: `\n`, `\r\n` and a lone `\r`.
    pub fn advance(&mut self, bytes: &[u8], to: usize) {
        let to = to.min(bytes.len());
        if to <= self.pos {
            return;
        }
        let part = &bytes[self.pos..to];
        if !part.contains(&b'\r') {
            self.line += part.iter().filter(|&&b| b == b'\n').count();
            if let Some(i) = part.iter().rposition(|&b| b == b'\n') {
                self.line_start = self.pos + i + 1;
            }
        } else {
            for (i, &b) in part.iter().enumerate() {
                let at = self.pos + i;
                if b == b'\n' || (b == b'\r' && bytes.get(at + 1) != Some(&b'\n')) {
                    self.line += 1;
                    self.line_start = at + 1;
                }
            }
        }
        self.pos = to;
    }

    /// The error at byte `at` of `text`, its line and column counted from here on.
    pub fn error(&mut self, text: &str, at: usize, expected: impl Into<String>) -> ParseError {
        let at = crate::error::floor_char_boundary(text, at.min(text.len()));
        self.advance(text.as_bytes(), at);
        let column = text[self.line_start.min(at)..at].chars().count() + 1;
        let mut e = ParseError::at(&text[at..], 0, expected);
        e.span = at + e.span.start..at + e.span.end;
        e.line = self.line;
        e.column = column;
        e
    }
}

/// Reads the record of `text` that starts at or after `from` (after blank space and
/// byte-order marks) through `v`: its output, and what follows it. `None` when only blank
/// space is left. Spans and errors are shifted by `base`; `lines` counts lines in `text` and
/// must not be behind an earlier call's errors.
pub(crate) fn visit_next<G: Game, V: Visitor<G>>(
    text: &str,
    from: usize,
    base: usize,
    lines: &mut Lines,
    scratch: &mut Scratch,
    v: &mut V,
) -> Option<(V::Output, Next)> {
    let start = record_start(text, from)?;
    v.begin_record();
    match read_record::<G, V>(text, start, base, scratch, v) {
        Ok(ended) => {
            let next = if ended.junk {
                Next::Junk(ended.end)
            } else if ended.end > start {
                Next::Record(ended.end)
            } else {
                Next::End
            };
            let mut out = v.end_record(Ok(()));
            let mut at = Place {
                text,
                base,
                record: start..ended.end,
                origin: *lines,
                now: *lines,
            };
            v.locate(&mut out, &mut at);
            Some((out, next))
        }
        Err(f) => {
            // The record ends where the stream's rule ends it (the reader's piece), however
            // early its text stopped making sense.
            let mut e = f.error(lines, text);
            e.span = e.span.start + base..e.span.end + base;
            Some((v.end_record(Err(e)), Next::Done))
        }
    }
}
