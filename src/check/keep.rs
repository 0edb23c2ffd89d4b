//! What `show` and `moves` need of one record, read in one pass: the position after a
//! chosen ply and at the end, never the list of plies, so a record of any length costs one
//! position.

use std::ops::Range;

use crate::error::ParseError;
use crate::game::{Game, GameResult, Mode};
use crate::grammar::Visitor;
use crate::record::Ply;
use crate::replay::{Checker, Verdict};

/// Positions kept from the chosen record.
///
/// ```
/// use gamenote::check::{check_record, Keep};
/// use gamenote::pylon::{Move, Point, Pylon};
/// use gamenote::Mode;
/// let text = "[Game \"Pylon\"]\n[Size \"3\"]\n\n1b2 1a1 1b1 *\n";
/// let mut keep = Keep::<Pylon>::new(Mode::Strict, &[], 1, Some(1));
/// check_record::<Pylon, _>("a.pylon", text, 0, &mut keep);
/// let kept = keep.into_kept().expect("record 1 was read");
/// assert_eq!((kept.start.score(0), kept.start.geometry().size()), (0, 3));
/// let (after, first) = kept.at.expect("ply 1 was played");
/// assert_eq!((first, after.score(0)), (Move::Place(Point::new(1, 1, 1)), 1));
/// assert_eq!(kept.last, Some(Move::Place(Point::new(1, 1, 0))));
/// assert_eq!((kept.end.score(0), kept.end.score(1)), (2, 1));
/// assert!(!kept.setup_failed);
/// ```
#[derive(Debug, Clone)]
pub struct Kept<G: Game> {
    /// The set-up position, before the first move.
    pub start: G::Position,
    /// The position after the ply asked for, with the move that led there.
    pub at: Option<(G::Position, G::Move)>,
    /// The position after the last legal move.
    pub end: G::Position,
    /// The last legal move.
    pub last: Option<G::Move>,
    /// True when the record's set-up tags are in error (the positions are then the
    /// default game's).
    pub setup_failed: bool,
}

/// A [`Checker`] that also keeps, from the `record`th record it reads (1-based), the
/// position after ply `ply` and the final position.
///
/// ```
/// use gamenote::check::{check_record, Keep};
/// use gamenote::pylos::Pylos;
/// use gamenote::Mode;
/// let text = "[Game \"Pylos\"]\n1b2 1c3 1c4 *\n";
/// let mut keep = Keep::<Pylos>::new(Mode::Strict, &[], 1, Some(2));
/// let reports = check_record::<Pylos, _>("f", text, 0, &mut keep);
/// assert!(reports[0].ok());
/// let kept = keep.kept().expect("record 1 was read");
/// assert_eq!(kept.at.as_ref().map(|(p, _)| p.reserve(0)), Some(14));
/// assert_eq!(kept.end.reserve(0), 13);
/// ```
#[derive(Debug)]
pub struct Keep<G: Game> {
    checker: Checker<G>,
    record: usize,
    ply: Option<usize>,
    seen: usize,
    start: Option<G::Position>,
    at: Option<(G::Position, G::Move)>,
    last: Option<G::Move>,
    kept: Option<Kept<G>>,
}

impl<G: Game> Keep<G> {
    /// Checks in `mode` with the tags `overrides`, keeping positions of record `record`.
    ///
    /// ```
    /// use gamenote::check::{check_record, Keep};
    /// use gamenote::pylon::Pylon;
    /// use gamenote::Mode;
    /// // `--size 4` overrides the record's own [Size] tag; record 2 is the one kept.
    /// let size = [("Size".to_string(), "4".to_string())];
    /// let mut keep = Keep::<Pylon>::new(Mode::Strict, &size, 2, None);
    /// let text = "[Game \"Pylon\"]\n[Size \"3\"]\n\n1a1 *\n\n[Game \"Pylon\"]\n\n1b2 1d4 *\n";
    /// let reports = check_record::<Pylon, _>("a.pylon", text, 0, &mut keep);
    /// assert!(reports.iter().all(|r| r.ok()));
    /// let kept = keep.kept().expect("record 2 was read");
    /// assert_eq!((kept.end.geometry().size(), kept.end.score(1)), (4, 1));
    /// assert!(kept.at.is_none()); // no ply asked for
    /// ```
    pub fn new(
        mode: Mode,
        overrides: &[(String, String)],
        record: usize,
        ply: Option<usize>,
    ) -> Self {
        Keep {
            checker: Checker::with_overrides(mode, overrides),
            record,
            ply,
            seen: 0,
            start: None,
            at: None,
            last: None,
            kept: None,
        }
    }

    /// Counts a record read by other means (a piece the stream reader could not read).
    ///
    /// ```
    /// use gamenote::check::{check_record, Keep};
    /// use gamenote::pylos::Pylos;
    /// use gamenote::Mode;
    /// let mut keep = Keep::<Pylos>::new(Mode::Strict, &[], 2, None);
    /// keep.skip_record(); // record 1 could not be read
    /// assert_eq!(keep.seen(), 1);
    /// check_record::<Pylos, _>("a.pylos", "1b2 1c3 *\n", 0, &mut keep);
    /// assert_eq!(keep.kept().map(|k| k.end.reserve(1)), Some(14));
    /// ```
    pub fn skip_record(&mut self) {
        self.seen += 1;
    }

    /// Records begun so far.
    ///
    /// ```
    /// use gamenote::check::{check_record, Keep};
    /// use gamenote::pylos::Pylos;
    /// use gamenote::Mode;
    /// let mut keep = Keep::<Pylos>::new(Mode::Strict, &[], 1, None);
    /// assert_eq!(keep.seen(), 0);
    /// let text = "[Game \"Pylos\"]\n1b2 *\n\n[Game \"Pylos\"]\n1c3 *\n";
    /// check_record::<Pylos, _>("a.pylos", text, 0, &mut keep);
    /// assert_eq!(keep.seen(), 2);
    /// ```
    pub fn seen(&self) -> usize {
        self.seen
    }

    /// What was kept, once the chosen record has ended.
    ///
    /// ```
    /// use gamenote::check::{check_record, Keep};
    /// use gamenote::pylos::Pylos;
    /// use gamenote::Mode;
    /// let mut keep = Keep::<Pylos>::new(Mode::Strict, &[], 2, None);
    /// check_record::<Pylos, _>("a.pylos", "1b2 *\n", 0, &mut keep);
    /// assert!(keep.kept().is_none(), "record 2 has not been read");
    /// check_record::<Pylos, _>("a.pylos", "1b2 1c3 *\n", 0, &mut keep);
    /// assert_eq!(keep.kept().map(|k| k.end.reserve(1)), Some(14));
    /// ```
    pub fn kept(&self) -> Option<&Kept<G>> {
        self.kept.as_ref()
    }

    /// What was kept, taken out.
    ///
    /// ```
    /// use gamenote::check::{check_record, Keep};
    /// use gamenote::pylon::Pylon;
    /// use gamenote::Mode;
    /// let mut keep = Keep::<Pylon>::new(Mode::Strict, &[], 1, None);
    /// check_record::<Pylon, _>("a.pylon", "[Size \"99\"]\n\n1a1 *\n", 0, &mut keep);
    /// let kept = keep.into_kept().expect("record 1 was read");
    /// assert!(kept.setup_failed); // there is no board of size 99
    /// assert_eq!(kept.end.geometry().size(), 6); // so the default board stands in
    /// ```
    pub fn into_kept(self) -> Option<Kept<G>> {
        self.kept
    }

    fn chosen(&self) -> bool {
        self.seen == self.record
    }
}

impl<G: Game> AsRef<Checker<G>> for Keep<G> {
    fn as_ref(&self) -> &Checker<G> {
        &self.checker
    }
}

impl<G: Game> Visitor<G> for Keep<G> {
    type Output = Verdict;
    fn keeps_ply_comments(&self) -> bool {
        false
    }

    fn begin_record(&mut self) {
        self.seen += 1;
        self.checker.begin_record();
    }

    fn tag(&mut self, name: &str, value: &str) {
        self.checker.tag(name, value);
    }

    fn comment(&mut self, text: &str) {
        self.checker.comment(text);
    }

    fn ply(&mut self, ply: Ply<G::Notation>) {
        if !self.chosen() {
            return self.checker.ply(ply);
        }
        let (want, at, last, start) = (self.ply, &mut self.at, &mut self.last, &mut self.start);
        self.checker.play(ply, |i, before, m, after| {
            if start.is_none() {
                *start = Some(before.clone());
            }
            if Some(i) == want {
                *at = Some((after.clone(), m.clone()));
            }
            *last = Some(m.clone());
        });
    }

    fn result(&mut self, result: GameResult, span: Range<usize>) {
        self.checker.result(result, span);
    }

    fn end_record(&mut self, verdict: Result<(), ParseError>) -> Verdict {
        let v = self.checker.end_record(verdict);
        if self.chosen()
            && self.kept.is_none()
            && let Some(end) = self.checker.position()
        {
            self.kept = Some(Kept {
                start: self.start.take().unwrap_or_else(|| end.clone()),
                at: self.at.take(),
                end: end.clone(),
                last: self.last.take(),
                setup_failed: matches!(v.error, Some(crate::Error::Setup(_))),
            });
        }
        v
    }
}
