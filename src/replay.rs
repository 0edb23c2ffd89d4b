//! Replaying written moves one at a time: the rules' side of reading a record.
//!
//! A stepper resolves, plays and checks one written move after another. Replaying a whole
//! [`Record`](crate::Record) ([`crate::record::replay`]) drives it over the record's plies;
//! [`Checker`] drives it from inside the record grammar, so that a record is parsed,
//! resolved and played in one pass, as pgn-reader and shakmaty check chess: no record is
//! built, no list of plies is kept, and memory is one position whatever the record's length.
//! Both give the same verdicts, because both run this one stepper.
//!
//! ```
//! use gamenote::{pylos::Pylos, replay::Checker, visit::visit, Mode};
//! let text = "[Game \"Pylos\"]\n1b2 1c3 1c4 *\n\n[Game \"Pylos\"]\n1b2 1b2 *\n";
//! let verdicts: Vec<_> = visit::<Pylos, _>(text, Checker::new(Mode::Strict)).collect();
//! assert!(verdicts[0].error.is_none());
//! assert_eq!(verdicts[0].plies, 3);
//! let err = verdicts[1].error.as_ref().unwrap();
//! assert!(err.to_string().contains("ply 2"));
//! assert_eq!(verdicts[1].plies, 1);
//! ```

use std::cell::OnceCell;
use std::ops::Range;

use crate::error::{Error, IllegalMove, MoveError, MoveErrorKind, ParseError};
use crate::game::{Game, GameResult, Mode, Outcome};
use crate::grammar::Visitor;
use crate::record::Ply;

/// How a record ends, as far as the rules check it: its result token, `[Result]` tag and
/// the comments after the result.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Ending<'a> {
    pub result: Option<GameResult>,
    pub result_span: Option<&'a Range<usize>>,
    pub result_tag: Option<&'a str>,
    pub comments_after: &'a [String],
}

/// Plays written moves one at a time from a set-up position, up to the first error.
pub(crate) struct Stepper<G: Game> {
    mode: Mode,
    /// The position after the last legal move; unsettled (see
    /// [`Hooks::resolve_play_unsettled`](crate::game::Hooks::resolve_play_unsettled))
    /// between moves, settled by [`Stepper::finish`]. [`Stepper::view`] reads it settled.
    pub pos: G::Position,
    /// `pos` may be unsettled: the last move was played by `resolve_play_unsettled`.
    unsettled: bool,
    /// A settled copy of an unsettled `pos`, made when [`Stepper::view`] is asked for it.
    view: OnceCell<G::Position>,
    /// Moves played (a move the rules forced before a written one counts too).
    pub moves: usize,
    /// Annotation mismatches met in lenient mode, the first [`MAX_WARNINGS`].
    pub warnings: Vec<IllegalMove>,
    /// Mismatches met past the first [`MAX_WARNINGS`]: counted, not kept.
    pub warnings_omitted: usize,
    /// The first error; once set, [`Stepper::step`] plays nothing more.
    pub error: Option<Error>,
    /// The ending mark ([`RecordFormat::ENDING_MARKS`](crate::game::RecordFormat::ENDING_MARKS))
    /// the last move carried, with the move's number and where the mark was read.
    end_mark: Option<EndMark>,
    /// The visitor of [`Stepper::step`] reads nothing of the positions but
    /// [`Hooks::notate_played`](crate::game::Hooks::notate_played) of each move, so it may
    /// be handed unsettled ones ([`Checker::notating_only`]).
    pub notating_only: bool,
}

/// An ending mark met after a move: nothing may follow it but the result.
#[derive(Debug, Clone)]
struct EndMark {
    mark: &'static str,
    ply: usize,
    span: Option<Range<usize>>,
}

impl EndMark {
    fn mismatch(&self, reason: String) -> IllegalMove {
        IllegalMove {
            ply: 0,
            written: self.mark.to_string(),
            kind: MoveErrorKind::Mismatch,
            reason,
            span: self.span.clone(),
            line: 0,
            column: 0,
        }
    }
}

fn illegal_at<N: std::fmt::Display>(ply: usize, p: &Ply<N>, e: MoveError) -> IllegalMove {
    IllegalMove {
        ply,
        written: crate::error::excerpt(&p.notation.to_string()).into_owned(),
        kind: e.kind,
        reason: e.reason,
        span: Some(p.span.clone()),
        line: 0,
        column: 0,
    }
}

impl<G: Game> Stepper<G> {
    pub fn new(pos: G::Position, mode: Mode) -> Self {
        Stepper {
            mode,
            pos,
            unsettled: false,
            view: OnceCell::new(),
            moves: 0,
            warnings: Vec::new(),
            warnings_omitted: 0,
            error: None,
            end_mark: None,
            notating_only: false,
        }
    }

    /// The position after the last legal move, settled: `pos` itself when it is, else a
    /// settled copy.
    pub fn view(&self) -> &G::Position {
        if !self.unsettled {
            return &self.pos;
        }
        self.view.get_or_init(|| {
            let mut p = self.pos.clone();
            G::settle(&mut p);
            p
        })
    }

    /// Settles `pos` (see `unsettled`).
    #[inline(always)]
    fn settle(&mut self) {
        if G::SETTLES_LATER && self.unsettled {
            self.unsettled = false;
            G::settle(&mut self.pos);
        }
    }

    /// A mismatch: the error when strict (true: stop), a warning when lenient.
    fn mismatch(&mut self, e: IllegalMove) -> bool {
        match self.mode {
            Mode::Strict => {
                self.error = Some(Error::Illegal(e));
                true
            }
            Mode::Lenient => {
                self.warn(e);
                false
            }
        }
    }

    /// Keeps a warning, or only counts it past the first [`MAX_WARNINGS`]: one record with a
    /// mismatch on every move holds a bounded list, whatever its length.
    #[cold]
    fn warn(&mut self, e: IllegalMove) {
        if self.warnings.len() < MAX_WARNINGS {
            self.warnings.push(e);
        } else {
            self.warnings_omitted += 1;
        }
    }

    /// Plays the written move `ply`, the `n`th (1-based), calling `visit(n, before, move,
    /// after)` for each move played. Does nothing after an error.
    ///
    /// `kept` is the caller's room for the position before the move: the stepper copies
    /// `pos` into it with `clone_from` (so a game whose positions are large, Pylon's, copies
    /// only what its board uses), and the caller keeps it from move to move.
    ///
    /// The common move takes the quiet path's fused
    /// [`Hooks::resolve_play`](crate::game::Hooks::resolve_play): the position before it is copied, the move
    /// resolved and played in one call, its annotations checked against the copy, and the
    /// visitor handed (before, move, after). A move that does not resolve leaves `pos` as it
    /// was (the hook's contract) and takes the long way, which reports it; so does a move
    /// after an ending mark, and every move of a game that may resolve after the end once
    /// the game is over. Verdicts, warnings and errors are those of the long way:
    /// `resolve_play` is `resolve` then `play` (`fuzzing::resolve_play_agrees`).
    ///
    /// The positions handed to `visit` are settled, unless [`Stepper::notating_only`] is set
    /// on a game that [settles later](crate::game::Hooks::SETTLES_LATER), refuses moves
    /// after the end and has [`Hooks::resolve_play_notating`](crate::game::Hooks::resolve_play_notating):
    /// then the move is played by that hook, from the position as the last move left it
    /// (maybe unsettled: for three-man chess the seat to move not judged), and `visit` is
    /// handed (before, move, after) as they are, `after` maybe unsettled too. A move that
    /// hook refuses on an unsettled position is tried again as above, settled (its seat may
    /// have had no move at all); on a settled one it takes the long way. Verdicts, warnings
    /// and errors are the same either way.
    pub fn step(
        &mut self,
        n: usize,
        ply: &Ply<G::Notation>,
        kept: &mut Option<G::Position>,
        mut visit: impl FnMut(usize, &G::Position, &G::Move, &G::Position),
    ) {
        if self.error.is_some() {
            return;
        }
        if G::SETTLES_LATER && self.view.get().is_some() {
            self.view = OnceCell::new();
        }
        if self.end_mark.is_none() {
            if G::SETTLES_LATER && G::RESOLVE_REFUSES_AFTER_END && self.notating_only {
                let before: &G::Position = match kept {
                    Some(b) => {
                        b.clone_from(&self.pos);
                        b
                    }
                    None => kept.insert(self.pos.clone()),
                };
                match G::resolve_play_notating(&mut self.pos, &ply.notation) {
                    Some(Ok(m)) => {
                        // played: maybe unsettled
                        self.unsettled = true;
                        let checked = G::check_annotations(before, &ply.notation, &m, &self.pos);
                        if self.annotations_checked(n, ply, checked) {
                            visit(n, before, &m, &self.pos);
                            self.played(n, ply);
                        }
                        return;
                    }
                    // refused by a settled position: the long way reports it
                    Some(Err(_)) if !self.unsettled => {
                        self.step_long(n, ply, Some(visit));
                        return;
                    }
                    // refused by an unsettled one, whose seat may have had no move: settled
                    // below, and tried again
                    Some(Err(_)) | None => {}
                }
            }
            // The visitor sees settled positions, before and after.
            self.settle();
            if G::RESOLVE_REFUSES_AFTER_END || G::outcome(&self.pos).is_none() {
                let before: &G::Position = match kept {
                    Some(b) => {
                        b.clone_from(&self.pos);
                        b
                    }
                    None => kept.insert(self.pos.clone()),
                };
                if let Ok(m) = G::resolve_play(&mut self.pos, &ply.notation) {
                    #[cfg(debug_assertions)]
                    debug_assert!(G::outcome(before).is_none(), "resolved after the end");
                    let checked = G::check_annotations(before, &ply.notation, &m, &self.pos);
                    if self.annotations_checked(n, ply, checked) {
                        visit(n, before, &m, &self.pos);
                        self.played(n, ply);
                    }
                    return;
                }
            }
        }
        self.step_long(n, ply, Some(visit));
    }

    /// [`Stepper::step`] with no one to see the positions go by, so the position before a
    /// move is copied only when the game's annotation check reads it
    /// ([`Hooks::annotations_need_before`](crate::game::Hooks::annotations_need_before)).
    #[inline]
    pub fn step_quietly(&mut self, n: usize, ply: &Ply<G::Notation>) {
        self.step_with(
            n,
            ply,
            None::<fn(usize, &G::Position, &G::Move, &G::Position)>,
            None::<fn(usize, &G::Move, &G::Position)>,
        );
    }

    /// [`Stepper::step`] for a visitor that reads only the move and the position after it,
    /// `visit(n, move, after)`: the quiet path's, with no copy of the position before a move
    /// (but where the annotation check reads it, or on the long way).
    #[inline]
    pub(crate) fn step_after(
        &mut self,
        n: usize,
        ply: &Ply<G::Notation>,
        visit: impl FnMut(usize, &G::Move, &G::Position),
    ) {
        self.step_with(
            n,
            ply,
            None::<fn(usize, &G::Position, &G::Move, &G::Position)>,
            Some(visit),
        );
    }

    /// The quiet path, and the visited one when the visitor `seen` reads only the move and
    /// the position after it (`visit` is for [`Stepper::step_long`]; one of them at most).
    #[inline(always)]
    fn step_with<F, A>(
        &mut self,
        n: usize,
        ply: &Ply<G::Notation>,
        visit: Option<F>,
        mut seen: Option<A>,
    ) where
        F: FnMut(usize, &G::Position, &G::Move, &G::Position),
        A: FnMut(usize, &G::Move, &G::Position),
    {
        if self.error.is_some() {
            return;
        }
        if G::SETTLES_LATER && self.view.get().is_some() {
            self.view = OnceCell::new();
        }
        // The common case in one call: nothing reads the position before the move, and a move
        // that resolves proves the game goes on (a game whose `resolve` may accept a move
        // after the end is asked its outcome first). A refused move leaves the position as it
        // was (settled) and takes the long way, which reports it.
        if visit.is_none()
            && self.end_mark.is_none()
            && !G::annotations_need_before(&ply.notation)
            && (G::RESOLVE_REFUSES_AFTER_END || {
                self.settle();
                G::outcome(&self.pos).is_none()
            })
        {
            #[cfg(debug_assertions)]
            let live = if G::SETTLES_LATER {
                let mut settled = self.pos.clone();
                G::settle(&mut settled);
                G::outcome(&settled).is_none()
            } else {
                G::outcome(&self.pos).is_none()
            };
            let resolved = if G::SETTLES_LATER {
                let r = G::resolve_play_unsettled(&mut self.pos, &ply.notation);
                // played: maybe unsettled; refused: settled
                self.unsettled = r.is_ok();
                r
            } else {
                G::resolve_play(&mut self.pos, &ply.notation)
            };
            if let Ok(m) = resolved {
                #[cfg(debug_assertions)]
                debug_assert!(live, "resolved after the end");
                let checked = G::check_annotations(&self.pos, &ply.notation, &m, &self.pos);
                if self.annotations_checked(n, ply, checked) {
                    if let Some(seen) = seen.as_mut() {
                        // The visitor sees a settled position.
                        self.settle();
                        seen(n, &m, &self.pos);
                    }
                    self.played(n, ply);
                }
                return;
            }
        }
        match seen {
            Some(mut seen) => self.step_long(
                n,
                ply,
                Some(|n, _: &G::Position, m: &G::Move, after: &G::Position| seen(n, m, after)),
            ),
            None => self.step_long(n, ply, visit),
        }
    }

    /// [`Stepper::step_with`] the long way: a move seen by `visit`, one whose annotations
    /// read the position before it, one after an ending mark, or one refused.
    #[inline(never)]
    fn step_long<F>(&mut self, n: usize, ply: &Ply<G::Notation>, mut visit: Option<F>)
    where
        F: FnMut(usize, &G::Position, &G::Move, &G::Position),
    {
        self.settle();
        let resolved = G::resolve(&self.pos, &ply.notation);
        let over = if G::RESOLVE_REFUSES_AFTER_END && resolved.is_ok() {
            debug_assert!(G::outcome(&self.pos).is_none(), "resolved after the end");
            false
        } else {
            G::outcome(&self.pos).is_some()
        };
        if over {
            let e = illegal_at(n, ply, MoveError::illegal("the game is already over"));
            if self.mode == Mode::Lenient && G::droppable_after_end(&ply.notation) {
                self.warn(e);
            } else {
                self.error = Some(Error::Illegal(e));
            }
            return;
        }
        if let Some(mark) = self.end_mark.take() {
            let e = mark.mismatch(format!(
                "{} after ply {} says the game is over, but ply {n} ({}) follows",
                mark.mark,
                mark.ply,
                crate::error::excerpt(&ply.notation.to_string())
            ));
            if self.mismatch(e) {
                return;
            }
        }
        let m = match resolved {
            Ok(m) => m,
            Err(e) => {
                let Some((forced, why)) = G::implied_before(&self.pos, &ply.notation) else {
                    self.error = Some(Error::Illegal(illegal_at(n, ply, e)));
                    return;
                };
                let w = illegal_at(n, ply, MoveError::mismatch(why));
                if self.mode == Mode::Strict {
                    self.error = Some(Error::Illegal(w));
                    return;
                }
                self.warn(w);
                let before = visit.is_some().then(|| self.pos.clone());
                G::play(&mut self.pos, &forced);
                if let (Some(visit), Some(before)) = (visit.as_mut(), before.as_ref()) {
                    visit(n, before, &forced, &self.pos);
                }
                self.moves += 1;
                match G::resolve(&self.pos, &ply.notation) {
                    Ok(m) => m,
                    Err(e) => {
                        self.error = Some(Error::Illegal(illegal_at(n, ply, e)));
                        return;
                    }
                }
            }
        };
        let keep = visit.is_some() || G::annotations_need_before(&ply.notation);
        let before = keep.then(|| self.pos.clone());
        G::play(&mut self.pos, &m);
        // Without a copy the check does not read `before`: it is handed the position after.
        let before_or_after = before.as_ref().unwrap_or(&self.pos);
        let checked = G::check_annotations(before_or_after, &ply.notation, &m, &self.pos);
        if !self.annotations_checked(n, ply, checked) {
            return;
        }
        if let (Some(visit), Some(before)) = (visit.as_mut(), before.as_ref()) {
            visit(n, before, &m, &self.pos);
        }
        self.played(n, ply);
    }

    /// Records a failed annotation check; false when it ends the replay (strict reading).
    #[inline(always)]
    fn annotations_checked(
        &mut self,
        n: usize,
        ply: &Ply<G::Notation>,
        checked: Result<(), MoveError>,
    ) -> bool {
        match checked {
            Ok(()) => true,
            Err(e) => self.annotations_failed(n, ply, e),
        }
    }

    #[cold]
    #[inline(never)]
    fn annotations_failed(&mut self, n: usize, ply: &Ply<G::Notation>, e: MoveError) -> bool {
        !self.mismatch(illegal_at(n, ply, e))
    }

    /// Counts the move just played and notes an ending mark written on it.
    #[inline(always)]
    fn played(&mut self, n: usize, ply: &Ply<G::Notation>) {
        self.moves += 1;
        if G::ENDING_MARKS.is_empty() {
            return;
        }
        self.end_mark = ply.annotations.iter().enumerate().find_map(|(i, a)| {
            let mark = G::ENDING_MARKS.iter().find(|m| **m == a.as_str())?;
            Some(EndMark {
                mark,
                ply: n,
                span: ply.annotation_spans.get(i).cloned(),
            })
        });
    }

    /// Checks how the record ends against the final position, when no error came before.
    pub fn finish(&mut self, ending: Ending<'_>) {
        self.settle();
        if self.error.is_some() {
            return;
        }
        if let Some(e) = check_ending::<G>(&self.pos, ending)
            && self.mismatch(e)
        {
            return;
        }
        let Some(mark) = self.end_mark.take() else {
            return;
        };
        let tag_result = ending
            .result_tag
            .and_then(|v| G::parse_result(v.trim()))
            .and_then(|(rest, r)| rest.is_empty().then_some(r));
        let over = G::outcome(&self.pos);
        let reason = match (ending.result.or(tag_result), over) {
            (None, Some(o)) => format!(
                "{} says the game is over, but no result follows (the game ended {})",
                mark.mark,
                G::write_result(GameResult::Decided(o))
            ),
            // The rules have not ended the game: say whose turn it was, so that the reader
            // knows which result to write (the player to move resigned, or lost otherwise).
            (None, None) => format!(
                "{} says the game is over, but no result follows ({} to move)",
                mark.mark,
                seat_name::<G>(G::to_move(&self.pos))
            ),
            // A finished game's `*` is the result's own mismatch, reported above.
            (Some(GameResult::Unfinished), None) => format!(
                "{} says the game is over, but the result is {}",
                mark.mark,
                G::write_result(GameResult::Unfinished)
            ),
            _ => return,
        };
        self.mismatch(mark.mismatch(reason));
    }
}

/// A seat's name in messages: White and Black in two-player games, else its number.
fn seat_name<G: Game>(seat: usize) -> String {
    match (G::SEATS, seat) {
        (2, 0) => "White".into(),
        (2, _) => "Black".into(),
        _ => format!("seat {}", seat + 1),
    }
}

fn check_ending<G: Game>(end: &G::Position, ending: Ending<'_>) -> Option<IllegalMove> {
    let mismatch = |reason: String| IllegalMove {
        ply: 0,
        written: ending.result.map(G::write_result).unwrap_or_default(),
        kind: MoveErrorKind::Mismatch,
        reason,
        span: ending.result_span.cloned(),
        line: 0,
        column: 0,
    };
    let tag_result = match ending.result_tag {
        Some(v) => match G::parse_result(v.trim()) {
            Some(("", r)) => Some(r),
            _ => return Some(mismatch(format!("the Result tag \"{v}\" is not a result"))),
        },
        None => None,
    };
    if let (Some(t), Some(r)) = (tag_result, ending.result)
        && t != r
    {
        return Some(mismatch(format!(
            "the Result tag says {} but the movetext ends with {}",
            G::write_result(t),
            G::write_result(r)
        )));
    }
    let written = ending.result.or(tag_result)?;
    G::check_result(end, written, ending.comments_after)
        .err()
        .map(|e| mismatch(e.reason))
}

/// What checking one record found: the verdict `gamenote check` reports.
///
/// ```
/// use gamenote::{pylos::Pylos, replay::Checker, visit::visit, Mode};
/// let v = visit::<Pylos, _>("1b2 1c3 *", Checker::new(Mode::Strict)).next().unwrap();
/// assert!(v.is_ok());
/// assert_eq!((v.plies, v.result.map(|r| r.to_string())), (2, Some("*".into())));
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Verdict {
    /// Moves replayed legally (0 when the record does not parse).
    pub plies: usize,
    /// The result the replay reached: the rules' outcome, else the record's own result
    /// when it replayed without error.
    pub result: Option<GameResult>,
    /// The first error: a parse error anywhere in the record comes before a move that
    /// breaks the rules, as when the record is parsed whole first.
    pub error: Option<Error>,
    /// Mismatches accepted in lenient reading, the first [`MAX_WARNINGS`].
    pub warnings: Vec<IllegalMove>,
    /// Mismatches accepted past the first [`MAX_WARNINGS`]: counted, not kept.
    pub warnings_omitted: usize,
}

/// The most warnings one record keeps ([`Verdict::warnings`],
/// [`crate::Replay::warnings`]); the others are only counted (`warnings_omitted`), so that
/// a record with a mismatch on every move costs bounded memory.
///
/// ```
/// use gamenote::{threeman::ThreeMan, replay::{Checker, MAX_WARNINGS}, visit::visit, Mode};
/// // Every knight move claims a check it does not give: one warning a move.
/// let text = "WHNa3+ GRNa3+ BLNa3+ WHNb1+ GRNb1+ BLNb1+ ".repeat(50) + "*";
/// let v = visit::<ThreeMan, _>(&text, Checker::new(Mode::Lenient)).next().unwrap();
/// assert_eq!((v.plies, v.warnings.len(), v.warnings_omitted), (300, MAX_WARNINGS, 200));
/// ```
pub const MAX_WARNINGS: usize = 100;

impl Verdict {
    /// True when the record parsed and replayed without error.
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, replay::Checker, visit::visit, Error, Mode};
    /// let v = visit::<Pylos, _>("1b2 1b2 *", Checker::new(Mode::Strict)).next().unwrap();
    /// assert!(!v.is_ok());
    /// assert!(matches!(v.error, Some(Error::Illegal(_))));
    /// ```
    pub fn is_ok(&self) -> bool {
        self.error.is_none()
    }
}

/// The visitor of a one-pass check: each written move is resolved and played as it is read.
///
/// It keeps the position, the tags that set it up and the comments after the result; a
/// move's comments and marks are dropped as soon as the move is played. Tags given with
/// [`Checker::with_overrides`] replace the record's own (the command line's `--rules`).
///
/// ```
/// use gamenote::{pylos::Pylos, replay::Checker, visit::visit, Mode};
/// // 1c3+ claims a line of four that the move does not make.
/// let strict = visit::<Pylos, _>("1b2 1c3+ *", Checker::new(Mode::Strict)).next().unwrap();
/// assert_eq!((strict.is_ok(), strict.plies), (false, 1));
/// let lenient = visit::<Pylos, _>("1b2 1c3+ *", Checker::new(Mode::Lenient)).next().unwrap();
/// assert_eq!((lenient.is_ok(), lenient.plies, lenient.warnings.len()), (true, 2, 1));
/// ```
#[derive(Debug)]
pub struct Checker<G: Game> {
    mode: Mode,
    overrides: Vec<(String, String)>,
    tags: Vec<(String, String)>,
    live_tags: usize,
    stepper: Option<Stepper<G>>,
    plies: usize,
    result: Option<GameResult>,
    result_span: Option<Range<usize>>,
    comments_after: Vec<String>,
    /// Where the record's first move starts, and where its last token ends.
    first_ply: Option<usize>,
    last_end: Option<usize>,
    /// Read only: no move is resolved or played (`check --syntax-only`).
    syntax_only: bool,
    /// The position before the move being played, for the visitor of [`Checker::play`]
    /// and [`Checker::play_in`]: kept from move to move and record to record, so that it
    /// is copied into with `clone_from`, not made afresh.
    kept: Option<G::Position>,
    /// The visitor of [`Checker::play_in`] only notates: see [`Checker::notating_only`].
    notating_only: bool,
}

impl<G: Game> std::fmt::Debug for Stepper<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Stepper")
            .field("pos", self.view())
            .field("moves", &self.moves)
            .field("error", &self.error)
            .finish_non_exhaustive()
    }
}

impl<G: Game> Checker<G> {
    /// A checker reading strictly or leniently.
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, replay::Checker, stream::Reader, Mode};
    /// let mut checker = Checker::<Pylos>::new(Mode::Strict);
    /// let mut reader = Reader::new("[Game \"Pylos\"]\n1b2 1c3 1c4 *\n".as_bytes());
    /// let verdict = reader.read_record(&mut checker).unwrap();
    /// assert_eq!((verdict.is_ok(), verdict.plies), (true, 3));
    /// ```
    pub fn new(mode: Mode) -> Self {
        Checker {
            mode,
            overrides: Vec::new(),
            tags: Vec::new(),
            live_tags: 0,
            stepper: None,
            plies: 0,
            result: None,
            result_span: None,
            comments_after: Vec::new(),
            first_ply: None,
            last_end: None,
            syntax_only: false,
            kept: None,
            notating_only: false,
        }
    }

    /// The same checker reading syntax only: records are parsed, and no move is resolved or
    /// played, so the verdict's `plies` counts the moves read and its `result` is the
    /// record's own result token. Set-up tags are not checked either.
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, replay::Checker, visit::visit, Mode};
    /// let text = "[Game \"Pylos\"]\n1b2 1b2 0-1\n";
    /// let checker = Checker::new(Mode::Strict).syntax_only(true);
    /// let verdicts: Vec<_> = visit::<Pylos, _>(text, checker).collect();
    /// assert!(verdicts[0].is_ok(), "the second 1b2 is illegal, but well written");
    /// assert_eq!(verdicts[0].plies, 2);
    /// ```
    pub fn syntax_only(mut self, yes: bool) -> Self {
        self.syntax_only = yes;
        self
    }

    /// The same checker, told whether the visitor of [`Checker::play_in`] (and
    /// [`Checker::play`]) reads nothing of the positions it is handed but
    /// [`Hooks::notate_played`](crate::game::Hooks::notate_played) of each move (the
    /// canonical moves of `gamenote export`'s records table): no position string, seat,
    /// legal moves or outcome. Then a game that settles later and has
    /// [`Hooks::resolve_play_notating`](crate::game::Hooks::resolve_play_notating) (three-man
    /// chess) plays each move by that hook and may hand the visitor unsettled positions, so
    /// the next seat is not judged (mated, stalemated) after every move only to be seen. The
    /// verdicts and [`Checker::position`] (settled) are the same either way. Default: false.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::{replay::Checker, threeman::{Notation, Style, ThreeMan}, visit::Visitor, Mode, Ply};
    /// let mut canonical = Vec::new();
    /// for notating in [false, true] {
    ///     let mut checker = Checker::<ThreeMan>::new(Mode::Strict).notating_only(notating);
    ///     checker.begin_record();
    ///     for m in ["WHe4", "GRe4", "BLe4"] {
    ///         let ply = Ply::new(m.parse::<Notation>()?);
    ///         checker.play_in(&ply, |_, before, mv, after| {
    ///             canonical.push(ThreeMan::notate_played(before, mv, after, Style::Short).to_string());
    ///         });
    ///     }
    ///     let verdict = checker.end_record(Ok(()));
    ///     assert_eq!((verdict.is_ok(), verdict.plies), (true, 3));
    /// }
    /// assert_eq!(canonical[..3], canonical[3..]);
    /// assert_eq!(canonical[..3], ["WHe4", "GRe4", "BLe4"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn notating_only(mut self, yes: bool) -> Self {
        self.notating_only = yes;
        self
    }

    /// The tags of the record last read, with the overrides applied once it was set up.
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, replay::Checker, visit::visit, Mode};
    /// let overrides = [("Rules".to_string(), "alignment".to_string())];
    /// let mut records = visit::<Pylos, _>(
    ///     "[Event \"x\"]\n1b2 *",
    ///     Checker::with_overrides(Mode::Strict, &overrides),
    /// );
    /// assert!(records.next().unwrap().is_ok());
    /// let tags = records.visitor().tags();
    /// assert_eq!(tags[1], ("Rules".to_string(), "alignment".to_string()));
    /// ```
    pub fn tags(&self) -> &[(String, String)] {
        self.live()
    }

    /// Where the first move of the record last read starts, when it has one.
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, replay::Checker, visit::visit, Mode};
    /// let text = "[Event \"x\"]\n1b2 1c3 *";
    /// let mut records = visit::<Pylos, _>(text, Checker::new(Mode::Strict));
    /// records.next();
    /// assert_eq!(records.visitor().first_ply_start(), Some(12));
    /// assert_eq!(&text[12..15], "1b2");
    /// ```
    pub fn first_ply_start(&self) -> Option<usize> {
        self.first_ply
    }

    /// Where the last move or result of the record last read ends, when it has one.
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, replay::Checker, visit::visit, Mode};
    /// let text = "[Event \"x\"]\n1b2 1c3 * {after the result}";
    /// let mut records = visit::<Pylos, _>(text, Checker::new(Mode::Strict));
    /// records.next();
    /// assert_eq!(records.visitor().last_end(), Some(21));
    /// assert_eq!(&text[..21], "[Event \"x\"]\n1b2 1c3 *");
    /// ```
    pub fn last_end(&self) -> Option<usize> {
        self.last_end
    }

    /// The position after the last legal move of the record being read (the set-up position
    /// before its first move), once the record has a move or has ended.
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, replay::Checker, visit::visit, Mode};
    /// let mut records = visit::<Pylos, _>("1b2 1c3 *", Checker::new(Mode::Strict));
    /// records.next();
    /// let end = records.visitor().position().unwrap();
    /// assert_eq!((end.reserve(0), end.reserve(1)), (14, 14));
    /// ```
    pub fn position(&self) -> Option<&G::Position> {
        self.stepper.as_ref().map(|s| s.view())
    }

    /// Plays one written move as [`Visitor::ply`] does, calling `visit(n, before, move,
    /// after)` for each move played: how a caller sees positions go by without keeping them.
    ///
    /// ```
    /// use gamenote::{pylos::{Notation, Pylos}, replay::Checker, visit::Visitor, Mode, Ply};
    /// let mut checker = Checker::<Pylos>::new(Mode::Strict);
    /// checker.begin_record();
    /// let mut seen = Vec::new();
    /// for m in ["1b2", "1c3"] {
    ///     let ply = Ply::new(m.parse::<Notation>()?);
    ///     checker.play(ply, |n, _, _, after| seen.push((n, after.reserve(0))));
    /// }
    /// assert_eq!(seen, [(1, 14), (2, 14)]);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn play(
        &mut self,
        ply: Ply<G::Notation>,
        visit: impl FnMut(usize, &G::Position, &G::Move, &G::Position),
    ) {
        if self.stepper.is_none() && !self.syntax_only {
            self.set_up(Some(&ply.notation));
        }
        if self.count(&ply) {
            let n = self.plies;
            self.step_seen(n, &ply, visit);
        }
    }

    /// [`Visitor::ply_in`] with eyes: plays the written move `ply`, which the caller keeps,
    /// exactly as the one-pass check does (the same set-up, numbering and verdict), and
    /// calls `visit(n, before, move, after)` for each move played, so that one pass both
    /// checks a record and sees its positions (what `gamenote export` builds its rows from).
    /// Checking alone never calls it: [`Visitor::ply_in`] takes the quiet path.
    ///
    /// ```
    /// use gamenote::{pylos::{Notation, Pylos, Style}, replay::Checker, visit::Visitor, Mode, Ply};
    /// use gamenote::game::Notate;
    /// let mut checker = Checker::<Pylos>::new(Mode::Strict);
    /// checker.begin_record();
    /// let mut canonical = Vec::new();
    /// for m in ["1b2", "1c3", "1c3"] {
    ///     let ply = Ply::new(m.parse::<Notation>()?);
    ///     checker.play_in(&ply, |n, before, mv, _| {
    ///         canonical.push((n, Pylos::notate(before, mv, Style::default()).to_string()));
    ///     });
    /// }
    /// assert_eq!(canonical, [(1, "1b2".to_string()), (2, "1c3".to_string())]);
    /// let verdict = checker.end_record(Ok(()));
    /// assert_eq!((verdict.is_ok(), verdict.plies), (false, 2));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn play_in(
        &mut self,
        ply: &Ply<G::Notation>,
        visit: impl FnMut(usize, &G::Position, &G::Move, &G::Position),
    ) {
        if self.count(ply) {
            if self.stepper.is_none() {
                self.set_up(Some(&ply.notation));
            }
            let n = self.plies;
            self.step_seen(n, ply, visit);
        }
    }

    /// [`Checker::play_in`] for a visitor that reads only the move and the position after
    /// it, `visit(n, move, after)`: the position before a move is not copied (but where the
    /// annotation check reads it, or on the long way), so this costs little more than
    /// checking (what `gamenote export` plays with when it writes no plies table and the
    /// game notates a move without the position before it,
    /// [`Hooks::notate_needs_before`](crate::game::Hooks::notate_needs_before)). The same
    /// moves are handed out, with the same positions after them, and the verdict is the
    /// same.
    ///
    /// ```
    /// use gamenote::{pylos::{Notation, Pylos, Style}, replay::Checker, visit::Visitor, Mode, Ply};
    /// use gamenote::game::{Hooks, Notate};
    /// let style = Style::default();
    /// assert!(!Pylos::notate_needs_before(style));
    /// let mut checker = Checker::<Pylos>::new(Mode::Strict);
    /// checker.begin_record();
    /// let mut canonical = Vec::new();
    /// for m in ["b2", "1c3", "1c3"] {
    ///     let ply = Ply::new(m.parse::<Notation>()?);
    ///     checker.play_in_after(&ply, |n, mv, after| {
    ///         let written = Pylos::notate_played(after, mv, after, style).to_string();
    ///         canonical.push((n, written, after.reserve(0)));
    ///     });
    /// }
    /// assert_eq!(canonical, [(1, "1b2".to_string(), 14), (2, "1c3".to_string(), 14)]);
    /// let verdict = checker.end_record(Ok(()));
    /// assert_eq!((verdict.is_ok(), verdict.plies), (false, 2));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn play_in_after(
        &mut self,
        ply: &Ply<G::Notation>,
        visit: impl FnMut(usize, &G::Move, &G::Position),
    ) {
        if self.count(ply) {
            if self.stepper.is_none() {
                self.set_up(Some(&ply.notation));
            }
            let n = self.plies;
            self.stepper();
            if let Some(s) = self.stepper.as_mut() {
                s.step_after(n, ply, visit);
            }
        }
    }

    /// [`Checker::play`] on a move the caller keeps (the reader's slot).
    pub(crate) fn play_ref(
        &mut self,
        ply: &Ply<G::Notation>,
        visit: impl FnMut(usize, &G::Position, &G::Move, &G::Position),
    ) {
        if self.count(ply) {
            let n = self.plies;
            self.step_seen(n, ply, visit);
        }
    }

    /// Plays `ply` with the stepper, the position before each move kept in `kept`.
    #[inline]
    fn step_seen(
        &mut self,
        n: usize,
        ply: &Ply<G::Notation>,
        visit: impl FnMut(usize, &G::Position, &G::Move, &G::Position),
    ) {
        self.stepper();
        if let Some(s) = self.stepper.as_mut() {
            s.step(n, ply, &mut self.kept, visit);
        }
    }

    /// Counts a move read; true when it is to be played (not reading syntax only).
    #[inline]
    fn count(&mut self, ply: &Ply<G::Notation>) -> bool {
        self.first_ply.get_or_insert(ply.span.start);
        self.last_end = Some(ply.span.end);
        self.plies += 1;
        !self.syntax_only
    }

    /// The same, with tags that replace (or join) each record's own before it is set up.
    ///
    /// ```
    /// use gamenote::{gipf::Gipf, replay::Checker, visit::visit, Error, Mode};
    /// // A GIPF record must name its rules (unless its first push is a G: the tournament
    /// // game's); the command line's `--rules` can name them instead.
    /// let text = "1.a5-c5/i5-g5 *";
    /// let v = visit::<Gipf, _>(text, Checker::new(Mode::Strict)).next().unwrap();
    /// assert!(matches!(v.error, Some(Error::Setup(_))));
    /// let rules = [("Rules".to_string(), "basic".to_string())];
    /// let v = visit::<Gipf, _>(text, Checker::with_overrides(Mode::Strict, &rules)).next().unwrap();
    /// assert_eq!((v.is_ok(), v.plies), (true, 2));
    /// ```
    pub fn with_overrides(mode: Mode, overrides: &[(String, String)]) -> Self {
        let mut c = Self::new(mode);
        c.overrides = overrides.to_vec();
        c
    }

    fn live(&self) -> &[(String, String)] {
        &self.tags[..self.live_tags]
    }

    /// Sets `name` as [`crate::Record::set_tag`] does: the first of that name is replaced,
    /// else the tag is added.
    fn set_tag(&mut self, name: &str, value: &str) {
        let live = self.live_tags;
        match self.tags[..live]
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some(slot) => {
                slot.1.clear();
                slot.1.push_str(value);
            }
            None => self.push_tag(name, value),
        }
    }

    fn push_tag(&mut self, name: &str, value: &str) {
        if self.live_tags == self.tags.len() {
            self.tags.push((String::new(), String::new()));
        }
        let slot = &mut self.tags[self.live_tags];
        slot.0.clear();
        slot.0.push_str(name);
        slot.1.clear();
        slot.1.push_str(value);
        self.live_tags += 1;
    }

    /// The stepper, set up from the tags the first time it is needed.
    #[inline]
    fn stepper(&mut self) -> &mut Stepper<G> {
        if self.stepper.is_none() {
            self.set_up(None);
        }
        match &mut self.stepper {
            Some(s) => s,
            None => unreachable!("set up just above"),
        }
    }

    /// Sets the stepper up from the record's tags and the overrides.
    #[cold]
    fn set_up(&mut self, first: Option<&G::Notation>) {
        for i in 0..self.overrides.len() {
            let (n, v) = std::mem::take(&mut self.overrides[i]);
            self.set_tag(&n, &v);
            self.overrides[i] = (n, v);
        }
        // Rules the first move implies when no tag names them (GIPF's `G` first).
        if let Some(rules) = first.and_then(|n| G::rules_from_first_move(self.live(), n)) {
            self.set_tag("Rules", &rules.to_string());
        }
        let mut warnings = Vec::new();
        let mut stepper = match crate::game::setup_in::<G>(self.live(), self.mode, &mut warnings) {
            Ok(pos) => Stepper::new(pos, self.mode),
            Err(msg) => {
                let mut s = Stepper::new(G::start(&G::Rules::default()), self.mode);
                s.error = Some(Error::Setup(msg));
                s
            }
        };
        stepper.warnings = warnings;
        stepper.notating_only = self.notating_only;
        self.stepper = Some(stepper);
    }
}

impl<G: Game> AsRef<Checker<G>> for Checker<G> {
    fn as_ref(&self) -> &Checker<G> {
        self
    }
}

impl<G: Game> Visitor<G> for Checker<G> {
    type Output = Verdict;
    fn keeps_ply_comments(&self) -> bool {
        false
    }

    fn begin_record(&mut self) {
        self.live_tags = 0;
        self.stepper = None;
        self.plies = 0;
        self.result = None;
        self.result_span = None;
        self.comments_after.clear();
        self.first_ply = None;
        self.last_end = None;
    }

    fn tag(&mut self, name: &str, value: &str) {
        self.push_tag(name, value);
    }

    fn comment(&mut self, text: &str) {
        // Only the first comment after the result is kept: it is the one a game reads
        // (Pylon's score), and a record may hold millions more.
        if self.result.is_some() && self.comments_after.is_empty() {
            self.comments_after.push(text.to_string());
        }
    }

    fn ply(&mut self, ply: Ply<G::Notation>) {
        if self.stepper.is_none() && !self.syntax_only {
            self.set_up(Some(&ply.notation));
        }
        if self.count(&ply) {
            let n = self.plies;
            self.stepper().step_quietly(n, &ply);
        }
    }

    /// The move is only read: it stays in the reader's slot, whose buffers serve the next.
    #[inline]
    fn ply_in(&mut self, slot: &mut Option<Ply<G::Notation>>) {
        if let Some(ply) = slot.as_ref()
            && self.count(ply)
        {
            if self.stepper.is_none() {
                self.set_up(Some(&ply.notation));
            }
            let n = self.plies;
            self.stepper().step_quietly(n, ply);
        }
    }

    fn result(&mut self, result: GameResult, span: Range<usize>) {
        self.last_end = Some(span.end);
        self.result = Some(result);
        self.result_span = Some(span);
    }

    fn locate(&mut self, verdict: &mut Verdict, at: &mut crate::grammar::Place<'_>) {
        // Warnings first: they lie before the error, and lines are counted forward.
        for w in &mut verdict.warnings {
            at.place_illegal(w);
        }
        if let Some(e) = &mut verdict.error {
            at.place(e);
        }
    }

    fn end_record(&mut self, verdict: Result<(), ParseError>) -> Verdict {
        if let Err(e) = verdict {
            return Verdict {
                plies: 0,
                result: None,
                error: Some(Error::Parse(e)),
                warnings: Vec::new(),
                warnings_omitted: 0,
            };
        }
        if self.syntax_only {
            return Verdict {
                plies: self.plies,
                result: self.result,
                error: None,
                warnings: Vec::new(),
                warnings_omitted: 0,
            };
        }
        self.stepper();
        // The tags and the stepper are borrowed apart: the tag's value is not copied.
        let result_tag = self.tags[..self.live_tags]
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case("Result"))
            .map(|(_, v)| v.as_str());
        let ending = Ending {
            result: self.result,
            result_span: self.result_span.as_ref(),
            result_tag,
            comments_after: &self.comments_after,
        };
        let Some(stepper) = self.stepper.as_mut() else {
            unreachable!("set up above")
        };
        stepper.finish(ending);
        let outcome: Option<Outcome> = G::outcome(&stepper.pos);
        let result = match (&stepper.error, outcome) {
            (_, Some(o)) => Some(GameResult::Decided(o)),
            (None, None) => self.result,
            (Some(_), None) => None,
        };
        Verdict {
            plies: stepper.moves,
            result,
            error: stepper.error.take(),
            warnings: std::mem::take(&mut stepper.warnings),
            warnings_omitted: std::mem::take(&mut stepper.warnings_omitted),
        }
    }
}
