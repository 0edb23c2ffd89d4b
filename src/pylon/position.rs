//! Pylon positions: two point sets over a shared geometry table, and the rules acting on them
//! (playable points, burial, cuts, groups, freedom, in-place capture with covering, no
//! suicide, forced pass, score).

use std::fmt;

use super::coord::{Bits, Geometry, Point, DEFAULT_SIZE, MAX_POINTS, NONE};
use super::rules::{Rules, Suicide};

/// A resolved move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Move {
    /// A piece placed on a point; the covering pieces follow from the rules.
    Place(Point),
    /// A forced pass.
    Pass,
}

/// Why a placement is not legal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Illegal {
    Occupied,
    Unsupported(u16),
    Buried,
    NoFreedom,
}

/// A state of play: the pieces of both colours and the side to move.
#[derive(Clone)]
pub struct Position {
    pub(crate) geo: &'static Geometry,
    pub(crate) rules: Rules,
    pub(crate) stones: [Bits; 2],
    pub(crate) side: u8,
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        let w = self.geo.words();
        self.rules == other.rules
            && self.side == other.side
            && (0..2).all(|s| self.stones[s].0[..w] == other.stones[s].0[..w])
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |s: usize| {
            (0..self.geo.len())
                .filter(|&i| self.stones[s].get(i as u16))
                .map(|i| self.geo.point(i).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        f.debug_struct("Position")
            .field("rules", &self.rules)
            .field("to_move", &self.side)
            .field("white", &list(0))
            .field("black", &list(1))
            .finish()
    }
}

/// Scratch space for one search: visited marks and a queue holding groups.
pub(crate) struct Work {
    seen: Bits,
    buf: [u16; MAX_POINTS],
}

thread_local! {
    /// One scratch space per thread, so that no search zeroes or allocates 13 KB.
    static WORK: std::cell::RefCell<Work> = const {
        std::cell::RefCell::new(Work {
            seen: Bits::EMPTY,
            buf: [0; MAX_POINTS],
        })
    };
}

/// Runs `f` with this thread's scratch space. `f` must not call back into a function that
/// takes the scratch space itself.
fn with_work<T>(f: impl FnOnce(&mut Work) -> T) -> T {
    WORK.with(|w| f(&mut w.borrow_mut()))
}

impl Position {
    /// The empty board of `rules` (a size outside 2–26 is replaced by the default 6).
    pub fn new(rules: Rules) -> Self {
        let (geo, rules) = match Geometry::of(rules.size) {
            Some(g) => (g, rules),
            None => {
                let r = Rules {
                    size: DEFAULT_SIZE,
                    ..rules
                };
                (Geometry::of(DEFAULT_SIZE).expect("size 6 exists"), r)
            }
        };
        Position {
            geo,
            rules,
            stones: [Bits::EMPTY; 2],
            side: 0,
        }
    }

    /// A position with the given pieces and `to_move` (0 = White) to move, for studies and
    /// tests. Every point must be on the board, listed once, and rest on four pieces when it
    /// is above level 1. No capture is applied.
    ///
    /// ```
    /// use gamenote::pylon::{Point, Position, Rules};
    /// let p = |s: &str| s.parse::<Point>().unwrap();
    /// let pos = Position::with_pieces(Rules::with_size(3), &[p("1a1")], &[p("1b1")], 0)?;
    /// assert_eq!(pos.piece(p("1b1")), Some(1));
    /// assert!(Position::with_pieces(Rules::with_size(3), &[p("2a1")], &[], 0).is_err());
    /// # Ok::<(), String>(())
    /// ```
    pub fn with_pieces(
        rules: Rules,
        white: &[Point],
        black: &[Point],
        to_move: usize,
    ) -> Result<Self, String> {
        if Geometry::of(rules.size).is_none() {
            return Err(format!("no Pylon board of size {}", rules.size));
        }
        let mut pos = Position::new(rules);
        pos.side = (to_move & 1) as u8;
        for (seat, list) in [white, black].into_iter().enumerate() {
            for &p in list {
                let Some(i) = pos.geo.index(p) else {
                    return Err(pos.off_board(p));
                };
                if pos.occ(i as u16) {
                    return Err(format!("{p} is listed twice"));
                }
                pos.stones[seat].set(i as u16);
            }
        }
        for i in 0..pos.geo.len() as u16 {
            let info = &pos.geo.info[usize::from(i)];
            if pos.occ(i) {
                if let Some(&b) = info.below.iter().find(|&&b| b != NONE && !pos.occ(b)) {
                    return Err(format!(
                        "{} does not rest on four pieces: {} is empty",
                        info.point,
                        pos.geo.point(usize::from(b))
                    ));
                }
            }
        }
        Ok(pos)
    }

    /// The rules (and size) of the game.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The geometry table of the board.
    pub fn geometry(&self) -> &'static Geometry {
        self.geo
    }

    /// The seat to move (0 = White).
    pub fn to_move(&self) -> usize {
        usize::from(self.side)
    }

    /// The seat whose piece is on `p`, if any.
    pub fn piece(&self, p: Point) -> Option<usize> {
        let i = self.geo.index(p)? as u16;
        (0..2).find(|&s| self.stones[s].get(i))
    }

    /// True when `p` is on the board, empty, and on level 1 or resting on four pieces.
    pub fn is_playable(&self, p: Point) -> bool {
        self.geo.index(p).is_some_and(|i| self.playable(i as u16))
    }

    /// True when the point directly above `p` (two levels up) holds a piece.
    pub fn is_buried(&self, p: Point) -> bool {
        self.geo
            .index(p)
            .is_some_and(|i| self.occ(i as u16) && !self.visible(i as u16))
    }

    /// The number of pieces of `seat` on the board, buried ones included.
    pub fn score(&self, seat: usize) -> u32 {
        self.stones[seat & 1].count(self.geo.words())
    }

    /// The group of the visible piece on `p`, sorted; empty when there is none.
    pub fn group(&self, p: Point) -> Vec<Point> {
        let Some(i) = self.geo.index(p) else {
            return Vec::new();
        };
        let i = i as u16;
        let Some(colour) = (0..2).find(|&s| self.stones[s].get(i)) else {
            return Vec::new();
        };
        if !self.visible(i) {
            return Vec::new();
        }
        let mut out: Vec<Point> = with_work(|work| {
            work.seen.clear_words(self.geo.words());
            let (end, _) = self.flood(i, colour, work, 0, None);
            work.buf[..end]
                .iter()
                .map(|&k| self.geo.point(usize::from(k)))
                .collect()
        });
        out.sort();
        out
    }

    /// The points where `seat` could legally place now (whoever is to move), in index order
    /// (level, then row, then column).
    pub fn placements(&self, seat: usize) -> Vec<Point> {
        let mut out = Vec::new();
        self.each_placement(seat & 1, false, |i| {
            out.push(self.geo.point(usize::from(i)))
        });
        out
    }

    /// The covering pieces that placing on `p` would add for the side to move, sorted; or why
    /// the placement is illegal.
    pub fn covering(&self, p: Point) -> Result<Vec<Point>, String> {
        self.covering_for(self.to_move(), p)
    }

    pub(crate) fn covering_for(&self, seat: usize, p: Point) -> Result<Vec<Point>, String> {
        let Some(i) = self.geo.index(p) else {
            return Err(self.off_board(p));
        };
        let mut after = self.clone();
        with_work(|work| after.place(i as u16, seat & 1, work)).map_err(|e| self.reason(p, e))?;
        let w = self.geo.words();
        let mut out: Vec<Point> = after.stones[seat & 1]
            .minus(&self.stones[seat & 1], w)
            .filter(|&k| usize::from(k) != i)
            .map(|k| self.geo.point(usize::from(k)))
            .collect();
        out.sort();
        Ok(out)
    }

    pub(crate) fn off_board(&self, p: Point) -> String {
        let n = self.geo.size();
        if p.level == 0 || p.level > n {
            format!("{p} is not on the board: a size-{n} board has levels 1 to {n}")
        } else {
            let w = self.geo.width(p.level);
            format!(
                "{p} is not on the board: level {} of a size-{n} board has columns a to {} \
                 and rows 1 to {w}",
                p.level,
                char::from(b'a' + w - 1)
            )
        }
    }

    pub(crate) fn reason(&self, p: Point, e: Illegal) -> String {
        match e {
            Illegal::Occupied => format!("{p} is occupied"),
            Illegal::Unsupported(k) => format!(
                "{p} is not playable: {} below it is empty",
                self.geo.point(usize::from(k))
            ),
            Illegal::Buried => format!("{p} would be buried by its own covering pieces"),
            Illegal::NoFreedom => match self.rules.suicide {
                Suicide::Piece => {
                    format!("{p} would have no freedom (suicide=piece: no playable neighbour)")
                }
                Suicide::Group => format!(
                    "{p} would have no freedom (suicide=group: its group has no playable \
                     point next to it on level {})",
                    p.level
                ),
            },
        }
    }

    // ----- the rules on indices -----

    #[inline]
    fn occ(&self, i: u16) -> bool {
        self.stones[0].get(i) || self.stones[1].get(i)
    }

    #[inline]
    fn visible(&self, i: u16) -> bool {
        let o = self.geo.info[usize::from(i)].over;
        o == NONE || !self.occ(o)
    }

    #[inline]
    fn playable(&self, i: u16) -> bool {
        !self.occ(i)
            && self.geo.info[usize::from(i)]
                .below
                .iter()
                .all(|&b| b == NONE || self.occ(b))
    }

    /// A piece is free when one of its orthogonal neighbours is playable.
    #[inline]
    fn free(&self, i: u16) -> bool {
        self.geo.info[usize::from(i)]
            .orth
            .iter()
            .any(|&n| n != NONE && self.playable(n))
    }

    /// Collects the group of the visible `colour` piece on `start` into `work.buf[from..end]`,
    /// marking it in `work.seen`; returns `end` and whether it found a free member on
    /// `free_at`. With `free_at` set it stops at the first such member, leaving the group
    /// partly collected (and partly marked: marks still only ever cover that group).
    fn flood(
        &self,
        start: u16,
        colour: usize,
        work: &mut Work,
        from: usize,
        free_at: Option<u8>,
    ) -> (usize, bool) {
        let mine = &self.stones[colour];
        let theirs = &self.stones[colour ^ 1];
        work.buf[from] = start;
        work.seen.set(start);
        let (mut head, mut end) = (from, from + 1);
        while head < end {
            let m = work.buf[head];
            head += 1;
            let info = &self.geo.info[usize::from(m)];
            if free_at == Some(info.point.level) && self.free(m) {
                return (end, true);
            }
            for d in 0..4 {
                let n = info.orth[d];
                if n == NONE || !mine.get(n) || work.seen.get(n) || !self.visible(n) {
                    continue;
                }
                let (a, b) = info.cross[d];
                if a != NONE && theirs.get(a) && theirs.get(b) {
                    continue; // cut by an enemy link one level up
                }
                work.seen.set(n);
                work.buf[end] = n;
                end += 1;
            }
            for &n in info.below.iter().chain(info.above.iter()) {
                if n != NONE && mine.get(n) && !work.seen.get(n) && self.visible(n) {
                    work.seen.set(n);
                    work.buf[end] = n;
                    end += 1;
                }
            }
        }
        (end, false)
    }

    /// Places `mover`'s piece on `x` with captures and covering; on error the board may be
    /// changed and the caller restores it.
    pub(crate) fn place(&mut self, x: u16, mover: usize, work: &mut Work) -> Result<(), Illegal> {
        let info = self.geo.info[usize::from(x)];
        if self.occ(x) {
            return Err(Illegal::Occupied);
        }
        if let Some(&b) = info.below.iter().find(|&&b| b != NONE && !self.occ(b)) {
            return Err(Illegal::Unsupported(b));
        }
        self.stones[mover].set(x);
        let level = info.point.level;
        let words = self.geo.words();
        let enemy = mover ^ 1;
        // Captures: enemy groups next to x with no free member on x's level.
        let mut captured = 0;
        let mut marked = false;
        for &q in &info.orth {
            if q == NONE || !self.stones[enemy].get(q) || !self.visible(q) {
                continue;
            }
            if !marked {
                work.seen.clear_words(words);
                marked = true;
            }
            if work.seen.get(q) {
                continue;
            }
            // A seen neighbour belongs to a group already captured. A free group may be only
            // partly collected; its marks are taken back so that another neighbour in it is
            // judged afresh rather than from a fragment.
            let (end, free) = self.flood(q, enemy, work, captured, Some(level));
            if free {
                for k in captured..end {
                    work.seen.unset(work.buf[k]);
                }
            } else {
                captured = end;
            }
        }
        // Covering, until nothing changes. Placing a piece only ever makes more points
        // playable, so the result is the same as placing round by round.
        if captured > 0 {
            loop {
                let mut changed = false;
                for k in 0..captured {
                    let c = work.buf[k];
                    for &t in &self.geo.info[usize::from(c)].above {
                        if t != NONE && self.playable(t) {
                            self.stones[mover].set(t);
                            changed = true;
                        }
                    }
                }
                if !changed {
                    break;
                }
            }
        }
        // No suicide.
        if !self.visible(x) {
            return Err(Illegal::Buried);
        }
        let ok = match self.rules.suicide {
            Suicide::Piece => self.free(x),
            Suicide::Group => {
                work.seen.clear_words(words);
                self.flood(x, mover, work, 0, Some(level)).1
            }
        };
        if ok {
            Ok(())
        } else {
            Err(Illegal::NoFreedom)
        }
    }

    /// Calls `f` with every legal placement of `seat`; stops at the first when `first_only`.
    /// Returns whether there was one.
    pub(crate) fn each_placement(
        &self,
        seat: usize,
        first_only: bool,
        mut f: impl FnMut(u16),
    ) -> bool {
        let words = self.geo.words();
        let enemy = &self.stones[seat ^ 1];
        let mut scratch: Option<Position> = None;
        let mut any = false;
        for i in 0..self.geo.len() as u16 {
            if !self.playable(i) {
                continue;
            }
            // Fast path: with no visible enemy next to it the piece captures nothing, so
            // nothing else changes; if it has a playable neighbour it is free, and so is its
            // group, under either option.
            let info = &self.geo.info[usize::from(i)];
            let quiet = info
                .orth
                .iter()
                .all(|&q| q == NONE || !enemy.get(q) || !self.visible(q));
            let ok = if quiet && self.free(i) {
                true
            } else {
                let s = scratch.get_or_insert_with(|| self.clone());
                let ok = with_work(|work| s.place(i, seat, work).is_ok());
                s.stones[seat].copy_words(&self.stones[seat], words);
                ok
            };
            if ok {
                any = true;
                f(i);
                if first_only {
                    break;
                }
            }
        }
        any
    }

    /// The first legal placement of `seat` in index order (level, row, column), if any.
    pub fn first_placement(&self, seat: usize) -> Option<Point> {
        let mut first = None;
        self.each_placement(seat & 1, true, |i| {
            first = Some(self.geo.point(usize::from(i)))
        });
        first
    }

    /// True when `seat` has a legal placement.
    pub fn can_place(&self, seat: usize) -> bool {
        self.each_placement(seat & 1, true, |_| {})
    }

    /// Appends every legal move: the placements of the side to move, or a forced pass when it
    /// has none and the opponent has one; nothing when the game is over.
    pub(crate) fn generate(&self, out: &mut Vec<Move>) {
        let side = self.to_move();
        let any = self.each_placement(side, false, |i| {
            out.push(Move::Place(self.geo.point(usize::from(i))))
        });
        if !any && self.can_place(side ^ 1) {
            out.push(Move::Pass);
        }
    }

    /// The number of legal moves.
    pub(crate) fn count(&self) -> u64 {
        let side = self.to_move();
        let mut n = 0u64;
        self.each_placement(side, false, |_| n += 1);
        if n == 0 && self.can_place(side ^ 1) {
            1
        } else {
            n
        }
    }

    /// True when neither side can place.
    pub fn is_over(&self) -> bool {
        !self.can_place(self.to_move()) && !self.can_place(self.to_move() ^ 1)
    }

    /// Plays a legal move (an illegal placement is played as far as the rules allow).
    pub(crate) fn play(&mut self, m: &Move) {
        match *m {
            Move::Pass => self.side ^= 1,
            Move::Place(p) => self.play_place(p),
        }
    }

    fn play_place(&mut self, p: Point) {
        if let Some(i) = self.geo.index(p) {
            let before = self.stones[self.to_move()];
            let side = self.to_move();
            if with_work(|work| self.place(i as u16, side, work)).is_err() {
                self.stones[self.to_move()] = before;
            }
        }
        self.side ^= 1;
    }
}

impl fmt::Display for Position {
    /// Each level from the top down, rows from the highest; `W`/`B` visible pieces, `w`/`b`
    /// buried pieces, `.` a playable point, `-` a point not yet supported.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.geo.size();
        writeln!(
            f,
            "Pylon size {n}, {}; {}; score W {} B {}",
            self.rules,
            if self.is_over() {
                "game over"
            } else if self.side == 0 {
                "White to move"
            } else {
                "Black to move"
            },
            self.score(0),
            self.score(1)
        )?;
        for level in (1..=n).rev() {
            let w = self.geo.width(level);
            let range = self.geo.level_range(level);
            if level > 1 && range.clone().all(|i| !self.occ(i as u16)) {
                let any_playable = range.clone().any(|i| self.playable(i as u16));
                if !any_playable {
                    continue;
                }
            }
            writeln!(f, "level {level}")?;
            for row in (0..w).rev() {
                write!(f, "{:>3} ", u16::from(row) + 1)?;
                for col in 0..w {
                    let i = range.start + usize::from(row) * usize::from(w) + usize::from(col);
                    let i = i as u16;
                    let c = if self.stones[0].get(i) {
                        if self.visible(i) {
                            'W'
                        } else {
                            'w'
                        }
                    } else if self.stones[1].get(i) {
                        if self.visible(i) {
                            'B'
                        } else {
                            'b'
                        }
                    } else if self.playable(i) {
                        '.'
                    } else {
                        '-'
                    };
                    write!(f, " {c}")?;
                }
                writeln!(f)?;
            }
            write!(f, "    ")?;
            for col in 0..w {
                write!(f, " {}", char::from(b'a' + col))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
