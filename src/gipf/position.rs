//! GIPF positions as bitboards, rows and removal sets, pushes, move generation and play.

use std::fmt;

use super::coord::{LINES, Line, Point, RAYS, Ray};
use super::rules::{LastGipf, Rules, Variant};
use crate::game::Outcome;

/// White's seat and colour index.
pub const WHITE: usize = 0;
/// Black's seat and colour index.
pub const BLACK: usize = 1;

/// Every line, as a bit set of line indices.
pub(crate) const ALL_LINES: u32 = (1 << LINES) - 1;

/// The most removal groups one move can hold (both phases together).
pub const MAX_GROUPS: usize = 8;

/// One removal group of a move: the row's line and the points whose pieces are removed.
///
/// Packed in one word: the removed points as a bitboard (dots never hold pieces, so the bits
/// of the a-column dots are free) and the line's index in those low 5 bits.
///
/// Groups compare (and hash and sort) by their removed points alone, as the spec's equality
/// of complete notes has it: two or more points fix the line anyway, and a group of one point
/// that could come from either of two crossing rows (a basic piece on their shared spot, the
/// GIPF-pieces kept) is written `xe5` either way and leaves the same board.
///
/// ```
/// use gamenote::gipf::{Point, Removal};
/// let e4: Point = "e4".parse()?;
/// let across = Removal::new("b1-i4".parse()?, e4.bit());
/// let up = Removal::new("e1-e9".parse()?, e4.bit());
/// assert_ne!(across.line(), up.line());
/// assert_eq!(across, up); // the same point removed, so the same group
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Clone, Copy)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Removal(u64);

impl PartialEq for Removal {
    fn eq(&self, other: &Removal) -> bool {
        self.mask() == other.mask()
    }
}

impl Eq for Removal {}

impl std::hash::Hash for Removal {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.mask().hash(state);
    }
}

impl PartialOrd for Removal {
    fn partial_cmp(&self, other: &Removal) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Removal {
    fn cmp(&self, other: &Removal) -> std::cmp::Ordering {
        self.mask().cmp(&other.mask())
    }
}

const LOW: u64 = 0x1f;

impl Removal {
    /// A group removing the pieces of `mask` (spots only) from the row on `line`.
    ///
    /// ```
    /// use gamenote::gipf::{Line, Point, Removal};
    /// let line: Line = "b1-i4".parse()?;
    /// let (b1, c2): (Point, Point) = ("b1".parse()?, "c2".parse()?);
    /// let group = Removal::new(line, b1.bit() | c2.bit());
    /// assert_eq!(group.line(), line);
    /// assert_eq!(group.mask(), c2.bit()); // b1 is a dot: dropped
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn new(line: Line, mask: u64) -> Removal {
        Removal((mask & super::coord::SPOTS & !LOW) | line.index() as u64)
    }
    /// The line of the row.
    ///
    /// ```
    /// use gamenote::gipf::{Line, Removal};
    /// let line: Line = "a5-i1".parse()?;
    /// let group = Removal::new(line, line.mask());
    /// assert_eq!(group.line().to_string(), "a5-i1");
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn line(self) -> Line {
        Line::from_index((self.0 & LOW) as u8).unwrap_or(FIRST_LINE)
    }
    /// The removed pieces (basic pieces of the set and the GIPF-pieces taken).
    ///
    /// ```
    /// use gamenote::gipf::{Line, Removal};
    /// let line: Line = "e1-e9".parse()?;
    /// let four = line.spots().take(4).fold(0, |m, p| m | p.bit());
    /// assert_eq!(Removal::new(line, four).mask(), four);
    /// assert_eq!(Removal::new(line, four).mask().count_ones(), 4);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn mask(self) -> u64 {
        self.0 & !LOW
    }
}

impl fmt::Debug for Removal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Removal({} {:#x})", self.line(), self.mask())
    }
}

pub(crate) const FIRST_LINE: Line = match Line::from_index(0) {
    Some(l) => l,
    None => panic!(),
};

pub(crate) const NO_REMOVAL: Removal = Removal(0);

/// The push of a move: the ray it enters along and whether a GIPF-piece is brought in.
///
/// When the ray's first spot is empty the spot alone identifies the move; the ray is then the
/// first in index order that enters that spot, so equal moves compare equal.
///
/// ```
/// use gamenote::Notate;
/// use gamenote::gipf::{Dir, Gipf, Position, Push, Ray, Rules, Variant};
/// let pos = Position::start(Rules::new(Variant::Tournament));
/// let m = Gipf::resolve(&pos, &"Ge2".parse()?)?;
/// let d1_ne = Ray::new("d1".parse()?, Dir::NE).unwrap();
/// assert_eq!(m.push(), Some(Push { ray: d1_ne, gipf: true }));
/// // e2 is empty, so entering it from e1 is the same move.
/// assert_eq!(Gipf::resolve(&pos, &"Ge1-e2".parse()?)?, m);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Push {
    /// The ray (dot and direction).
    pub ray: Ray,
    /// A GIPF-piece (two stacked pieces) is brought in.
    pub gipf: bool,
}

/// One whole turn: removals before the push, the push (absent in a removal-only move that
/// ends the game), removals after it. Groups are kept in a canonical order, so two moves are
/// equal exactly when they remove the same groups and push the same way.
///
/// ```
/// use gamenote::Notate;
/// use gamenote::gipf::{Dir, Gipf, Move, Position, Push, Ray, Rules, Variant};
/// let pos = Position::start(Rules::new(Variant::Standard));
/// let m = Gipf::resolve(&pos, &"e1-e2".parse()?)?;
/// assert!(m.pre().is_empty() && m.post().is_empty());
/// let ray = Ray::new("e1".parse()?, Dir::N).unwrap();
/// assert_eq!(Move::new(&[], Some(Push { ray, gipf: false }), &[]), Some(m));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    groups: [Removal; MAX_GROUPS],
    n_pre: u8,
    n_post: u8,
    push: Option<Push>,
    left: bool,
    /// What resolving a note saw of the board; no part of the move's identity.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub(crate) seen: Seen,
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.groups == other.groups
            && self.n_pre == other.n_pre
            && self.n_post == other.n_post
            && self.push == other.push
            && self.left == other.left
    }
}

impl Eq for Move {}

impl std::hash::Hash for Move {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.groups.hash(state);
        self.n_pre.hash(state);
        self.n_post.hash(state);
        self.push.hash(state);
        self.left.hash(state);
    }
}

/// What `resolve` saw of the pieces a move removes, kept with the move so that the written
/// markers (`G`, `*`) and a due row left on the board can be checked without the position
/// before the move: replay then need not copy it, and may resolve and play in one step.
/// Moves built otherwise (generated, [`Move::new`], read back) leave it unknown, and the
/// check reads the position before the move as it always did.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Seen {
    /// The removed pieces that were GIPF-pieces: `[before the push, after it]`.
    pub gipf: [u64; 2],
    /// The removed pieces that were the mover's own: `[before the push, after it]`.
    pub own: [u64; 2],
    /// For a move that leaves a due row: the first such row, as `resolve::left_row` writes
    /// it (0 when none is found).
    pub left: u64,
    /// Filled by `resolve`.
    pub known: bool,
}

impl Move {
    /// A move from its parts; groups are put in canonical order. `None` when there are more
    /// than [`MAX_GROUPS`] groups.
    ///
    /// ```
    /// use gamenote::gipf::{Dir, Line, Move, Push, Ray, Removal, MAX_GROUPS};
    /// let ray = Ray::new("b1".parse()?, Dir::NE).unwrap();
    /// let line: Line = "b1-i4".parse()?;
    /// let row = Removal::new(line, line.spots().take(4).fold(0, |m, p| m | p.bit()));
    /// let m = Move::new(&[], Some(Push { ray, gipf: false }), &[row]).unwrap();
    /// assert_eq!((m.pre(), m.post()), (&[][..], &[row][..]));
    /// assert_eq!(Move::new(&[row; MAX_GROUPS + 1], None, &[]), None);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn new(pre: &[Removal], push: Option<Push>, post: &[Removal]) -> Option<Move> {
        if pre.len() + post.len() > MAX_GROUPS {
            return None;
        }
        if pre.is_empty() && post.is_empty() {
            return Some(Move {
                groups: [NO_REMOVAL; MAX_GROUPS],
                n_pre: 0,
                n_post: 0,
                push,
                left: false,
                seen: Seen::default(),
            });
        }
        let mut groups = [NO_REMOVAL; MAX_GROUPS];
        groups[..pre.len()].copy_from_slice(pre);
        groups[pre.len()..pre.len() + post.len()].copy_from_slice(post);
        sort_groups(&mut groups[..pre.len()]);
        sort_groups(&mut groups[pre.len()..pre.len() + post.len()]);
        Some(Move {
            groups,
            n_pre: pre.len() as u8,
            n_post: post.len() as u8,
            push,
            left: false,
            seen: Seen::default(),
        })
    }
    /// A push without removals, as `resolve` makes it: what it saw is known (nothing).
    #[inline(always)]
    pub(crate) fn plain_seen(push: Push) -> Move {
        Move {
            groups: [NO_REMOVAL; MAX_GROUPS],
            n_pre: 0,
            n_post: 0,
            push: Some(push),
            left: false,
            seen: Seen {
                known: true,
                ..Seen::default()
            },
        }
    }
    /// True when the move, as read leniently, leaves a due row on the board (never for
    /// generated moves; `check_annotations` reports it).
    ///
    /// ```
    /// use gamenote::gipf::{Position, Rules, Variant};
    /// let pos = Position::start(Rules::new(Variant::Standard));
    /// let mut moves = Vec::new();
    /// pos.legal_moves(&mut moves);
    /// assert!(moves.iter().all(|m| !m.leaves_rows()));
    /// ```
    pub fn leaves_rows(&self) -> bool {
        self.left
    }
    pub(crate) fn set_left(&mut self) {
        self.left = true;
    }
    /// Groups removed before the push.
    ///
    /// ```
    /// use gamenote::Notate;
    /// use gamenote::gipf::{Gipf, Position, Rules, Variant, BLACK, WHITE};
    /// // White starts his turn with a row c2, d3, e4, f4 that takes Black's g4 with it.
    /// # let mut pos = Position::empty(Rules::new(Variant::Basic), [5, 5]);
    /// # for s in ["c2", "d3", "e4", "f4"] { pos.set(s.parse()?, Some((WHITE, false))); }
    /// # pos.set("g4".parse()?, Some((BLACK, false)));
    /// # pos.set_to_move(WHITE);
    /// let m = Gipf::resolve(&pos, &"xc2,d3,e4,f4,g4*;b2".parse()?)?;
    /// assert_eq!(m.pre().len(), 1);
    /// assert_eq!(m.pre()[0].line().to_string(), "b1-i4");
    /// assert_eq!(m.pre()[0].mask().count_ones(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pre(&self) -> &[Removal] {
        &self.groups[..self.n_pre as usize]
    }
    /// Groups removed after the push.
    ///
    /// ```
    /// use gamenote::Notate;
    /// use gamenote::gipf::{Gipf, Position, Rules, Variant, WHITE};
    /// // White has d3, e4, f4; entering c2 makes a row of four.
    /// # let mut pos = Position::empty(Rules::new(Variant::Basic), [5, 5]);
    /// # for s in ["d3", "e4", "f4"] { pos.set(s.parse()?, Some((WHITE, false))); }
    /// # pos.set_to_move(WHITE);
    /// let m = Gipf::resolve(&pos, &"b1-c2;x".parse()?)?;
    /// assert!(m.pre().is_empty());
    /// assert_eq!(m.post().len(), 1);
    /// assert_eq!(m.post()[0].line().to_string(), "b1-i4");
    /// assert_eq!(m.post()[0].mask().count_ones(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn post(&self) -> &[Removal] {
        &self.groups[self.n_pre as usize..(self.n_pre + self.n_post) as usize]
    }
    /// The push, or `None` for a removal-only move.
    ///
    /// ```
    /// use gamenote::Notate;
    /// use gamenote::gipf::{Dir, Gipf, Line, Move, Position, Removal, Rules, Variant};
    /// let pos = Position::start(Rules::new(Variant::Standard));
    /// let push = Gipf::resolve(&pos, &"e1-e2".parse()?)?.push().unwrap();
    /// assert_eq!((push.ray.dot().to_string(), push.ray.dir(), push.gipf), ("e1".into(), Dir::N, false));
    /// let line: Line = "e1-e9".parse()?;
    /// let removal_only = Move::new(&[Removal::new(line, line.mask())], None, &[]).unwrap();
    /// assert_eq!(removal_only.push(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn push(&self) -> Option<Push> {
        self.push
    }
}

/// Canonical group order within a phase: by the highest point removed, then by mask.
pub(crate) fn sort_groups(g: &mut [Removal]) {
    g.sort_unstable_by_key(|r| (63 - r.mask().leading_zeros(), r.mask()));
}

/// A row found on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Row {
    pub line: Line,
    /// The removal set: the unbroken run of occupied spots holding the row.
    pub set: u64,
}

/// A GIPF position: pieces, reserves, captures, the player to move and the state the rules
/// remember (who has moved, who has played a basic piece, when each lost his last GIPF-piece).
///
/// ```
/// use gamenote::gipf::{Position, Rules, Variant, BLACK, WHITE};
/// let pos = Position::start(Rules::new(Variant::Standard));
/// assert_eq!(pos.piece("e2".parse()?), Some((WHITE, true)));
/// assert_eq!(pos.piece("e8".parse()?), Some((BLACK, true)));
/// assert_eq!((pos.reserve(WHITE), pos.reserve(BLACK)), (12, 12));
/// assert!(pos.to_string().ends_with("White to move (standard)"));
/// # Ok::<(), gamenote::ParseError>(())
/// ```
///
/// Two positions are equal when their position strings ([`super::position_string`](mod@super::position_string)) are: the number
/// of half-moves played ([`Position::ply`]) is not compared, nor when each player lost his
/// last GIPF-piece beyond which lost it first (all the rules ask), nor who has moved
/// outside the tournament game.
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::gipf::{position_string, Gipf, Rules};
/// let mut pos = Gipf::start(&Rules::default());
/// let m = Gipf::resolve(&pos, &"e1-e2".parse()?)?;
/// Gipf::play(&mut pos, &m);
/// let back = position_string::parse(&position_string::write(&pos), Rules::default())?;
/// assert_eq!((back.ply(), pos.ply()), (0, 1));
/// assert_eq!(back, pos);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) pc: [u64; 2],
    pub(crate) gipf: u64,
    pub(crate) reserve: [u8; 2],
    pub(crate) lost: [u8; 2],
    pub(crate) to_move: u8,
    /// bit 0/1: White/Black has moved; bit 2/3: White/Black has played a basic piece.
    pub(crate) flags: u8,
    pub(crate) ply: u16,
    /// Phase stamp (1-based) at which each player's last GIPF-piece left the board; 0 = not.
    pub(crate) zero: [u16; 2],
    pub(crate) zero_by: [u8; 2],
    pub(crate) rules: Rules,
}

impl Position {
    /// What equality compares: what the position string says.
    fn key(&self) -> impl PartialEq + std::hash::Hash {
        let flags = if self.rules.variant == Variant::Tournament {
            self.flags
        } else {
            ALL_MOVED
        };
        let (zw, zb) = (self.zero[WHITE], self.zero[BLACK]);
        // As `position_string::write` writes `gone=`: none, or whose left first, or both at once and by whom.
        let gone = if zw == 0 && zb == 0 {
            0u8
        } else if zw == zb {
            2 + u8::from(self.zero_by[WHITE] == WHITE as u8)
        } else {
            4 + u8::from(zb == 0 || (zw != 0 && zw < zb))
        };
        (
            self.pc,
            self.gipf,
            self.reserve,
            self.lost,
            self.to_move,
            flags,
            gone,
            self.rules,
        )
    }
}

/// Every player has moved and played a basic piece.
const ALL_MOVED: u8 = 0b1111;

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.key() == other.key()
    }
}

impl Eq for Position {}

impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

/// The bit of the point at `col` (0 = a) and `row`, in a constant.
const fn bit_at(col: u8, row: u8) -> u64 {
    match Point::new(col, row) {
        Some(p) => p.bit(),
        None => 0,
    }
}

/// The pieces of the basic and standard start: White on e2, b5, h5, Black on b2, e8, h2.
const START_PIECES: [u64; 2] = [
    bit_at(4, 2) | bit_at(1, 5) | bit_at(7, 5),
    bit_at(1, 2) | bit_at(4, 8) | bit_at(7, 2),
];

/// The number of ones in `x`, one step per one: removals take a few pieces of one line, and
/// this beats `count_ones` where the build has no population-count instruction.
#[inline(always)]
fn few_ones(mut x: u64) -> u32 {
    let mut n = 0;
    while x != 0 {
        x &= x - 1;
        n += 1;
    }
    n
}

/// Moves the piece on each of `spots[0..j]` one spot on along the ray, from the far end (the
/// spot it moves to is empty by then), in each of the `sets` at once, without branches.
#[inline(always)]
fn slide<const N: usize>(mut sets: [u64; N], spots: &[u8], j: usize) -> [u64; N] {
    let mut k = j;
    while k > 0 {
        let (from, to) = (spots[k - 1], spots[k]);
        let clear = !(1u64 << from);
        for set in &mut sets {
            *set = (*set & clear) | (((*set >> from) & 1) << to);
        }
        k -= 1;
    }
    sets
}

impl Position {
    /// The start position of `rules`.
    ///
    /// ```
    /// use gamenote::gipf::{Position, Rules, Variant, BLACK, WHITE};
    /// let standard = Position::start(Rules::new(Variant::Standard));
    /// assert_eq!(standard.gipf_pieces().count_ones(), 6);
    /// let at = [("e2", WHITE), ("b5", WHITE), ("h5", WHITE), ("b2", BLACK), ("e8", BLACK), ("h2", BLACK)];
    /// for (point, seat) in at {
    ///     assert_eq!(standard.piece(point.parse()?), Some((seat, true)));
    /// }
    /// let basic = Position::start(Rules::new(Variant::Basic));
    /// assert_eq!((basic.pieces(WHITE).count_ones(), basic.gipf_pieces()), (3, 0));
    /// let tournament = Position::start(Rules::new(Variant::Tournament));
    /// assert_eq!((tournament.pieces(WHITE), tournament.reserve(WHITE)), (0, 18));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn start(rules: Rules) -> Position {
        let mut p = Position {
            pc: [0; 2],
            gipf: 0,
            reserve: [18, 18],
            lost: [0; 2],
            to_move: 0,
            flags: 0,
            ply: 0,
            zero: [0; 2],
            zero_by: [0; 2],
            rules,
        };
        if rules.variant != Variant::Tournament {
            p.pc = START_PIECES;
            if rules.variant == Variant::Standard {
                p.gipf = p.pc[0] | p.pc[1];
                p.reserve = [12, 12];
            } else {
                p.reserve = [12, 12];
            }
        }
        p
    }

    /// An empty board with the given reserves (for set-ups and tests).
    ///
    /// ```
    /// use gamenote::gipf::{Position, Rules, Variant, BLACK, WHITE};
    /// let pos = Position::empty(Rules::new(Variant::Standard), [5, 7]);
    /// assert_eq!(pos.pieces(WHITE) | pos.pieces(BLACK), 0);
    /// assert_eq!((pos.reserve(WHITE), pos.reserve(BLACK)), (5, 7));
    /// assert_eq!((pos.rules().variant, pos.to_move()), (Variant::Standard, WHITE));
    /// ```
    pub fn empty(rules: Rules, reserve: [u8; 2]) -> Position {
        let mut p = Position::start(Rules::new(Variant::Tournament));
        p.rules = rules;
        p.reserve = reserve;
        p
    }

    /// Puts a piece on a spot (for set-ups and tests); `None` empties it.
    ///
    /// ```
    /// use gamenote::gipf::{Position, Rules, Variant, BLACK};
    /// let mut pos = Position::empty(Rules::new(Variant::Standard), [12, 12]);
    /// pos.set("e5".parse()?, Some((BLACK, true)));
    /// assert_eq!(pos.piece("e5".parse()?), Some((BLACK, true)));
    /// pos.set("e5".parse()?, None);
    /// assert_eq!(pos.piece("e5".parse()?), None);
    /// pos.set("e1".parse()?, Some((BLACK, false))); // a dot: nothing stands there
    /// assert_eq!(pos.piece("e1".parse()?), None);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn set(&mut self, p: Point, piece: Option<(usize, bool)>) {
        let b = p.bit();
        self.pc[0] &= !b;
        self.pc[1] &= !b;
        self.gipf &= !b;
        if let Some((c, g)) = piece
            && p.is_spot()
        {
            self.pc[c & 1] |= b;
            if g {
                self.gipf |= b;
            }
        }
    }

    /// Sets the player to move and marks both players as having moved and played a basic
    /// piece (for set-ups in the middle of a game).
    ///
    /// ```
    /// use gamenote::gipf::{Position, Rules, Variant, BLACK, WHITE};
    /// let mut pos = Position::empty(Rules::new(Variant::Tournament), [10, 10]);
    /// pos.set("e5".parse()?, Some((WHITE, true)));
    /// pos.set("e6".parse()?, Some((BLACK, true)));
    /// pos.set_to_move(BLACK);
    /// assert_eq!(pos.to_move(), BLACK);
    /// let mut moves = Vec::new();
    /// pos.legal_moves(&mut moves);
    /// // Black has played a basic piece already, so he may bring in no more GIPF-pieces.
    /// assert!(!moves.is_empty() && moves.iter().all(|m| m.push().is_some_and(|p| !p.gipf)));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn set_to_move(&mut self, seat: usize) {
        self.to_move = (seat & 1) as u8;
        self.flags = 0b1111;
    }

    /// Sets a player's reserve.
    ///
    /// ```
    /// use gamenote::gipf::{Position, Rules, Variant, BLACK, WHITE};
    /// let mut pos = Position::start(Rules::new(Variant::Standard));
    /// pos.set_reserve(BLACK, 3);
    /// assert_eq!((pos.reserve(WHITE), pos.reserve(BLACK)), (12, 3));
    /// ```
    pub fn set_reserve(&mut self, seat: usize, n: u8) {
        self.reserve[seat & 1] = n;
    }

    /// The rules.
    ///
    /// ```
    /// use gamenote::gipf::{LastGipf, Position, Rules, Variant};
    /// let rules: Rules = "basic,last-gipf=white-loses".parse()?;
    /// let pos = Position::start(rules);
    /// assert_eq!(pos.rules(), rules);
    /// assert_eq!((pos.rules().variant, pos.rules().last_gipf), (Variant::Basic, LastGipf::WhiteLoses));
    /// # Ok::<(), gamenote::ValueError>(())
    /// ```
    pub fn rules(&self) -> Rules {
        self.rules
    }
    /// The seat to move.
    ///
    /// ```
    /// use gamenote::Notate;
    /// use gamenote::gipf::{Gipf, Position, Rules, Variant, BLACK, WHITE};
    /// let mut pos = Position::start(Rules::new(Variant::Standard));
    /// assert_eq!(pos.to_move(), WHITE);
    /// pos.play(&Gipf::resolve(&pos, &"e1-e2".parse()?)?);
    /// assert_eq!(pos.to_move(), BLACK);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_move(&self) -> usize {
        self.to_move as usize
    }
    /// Pieces in a player's reserve.
    ///
    /// ```
    /// use gamenote::Notate;
    /// use gamenote::gipf::{Gipf, Position, Rules, Variant, BLACK, WHITE};
    /// let mut pos = Position::start(Rules::new(Variant::Standard));
    /// pos.play(&Gipf::resolve(&pos, &"e1-e2".parse()?)?);
    /// assert_eq!((pos.reserve(WHITE), pos.reserve(BLACK)), (11, 12));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reserve(&self, seat: usize) -> u8 {
        self.reserve[seat & 1]
    }
    /// A player's pieces captured by the opponent (a GIPF-piece counts 2).
    ///
    /// ```
    /// use gamenote::Notate;
    /// use gamenote::gipf::{Gipf, Position, Rules, Variant, BLACK, WHITE};
    /// // White's row c2, d3, e4, f4 takes Black's g4 with it.
    /// # let mut pos = Position::empty(Rules::new(Variant::Basic), [5, 5]);
    /// # for s in ["c2", "d3", "e4", "f4"] { pos.set(s.parse()?, Some((WHITE, false))); }
    /// # pos.set("g4".parse()?, Some((BLACK, false)));
    /// # pos.set_to_move(WHITE);
    /// pos.play(&Gipf::resolve(&pos, &"xc2,d3,e4,f4,g4*;b2".parse()?)?);
    /// assert_eq!((pos.lost(WHITE), pos.lost(BLACK)), (0, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn lost(&self, seat: usize) -> u8 {
        self.lost[seat & 1]
    }
    /// The piece on `p`: colour and whether it is a GIPF-piece.
    ///
    /// ```
    /// use gamenote::gipf::{Position, Rules, Variant, BLACK, WHITE};
    /// let pos = Position::start(Rules::new(Variant::Basic));
    /// assert_eq!(pos.piece("e2".parse()?), Some((WHITE, false)));
    /// assert_eq!(pos.piece("b2".parse()?), Some((BLACK, false)));
    /// assert_eq!(pos.piece("e5".parse()?), None);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn piece(&self, p: Point) -> Option<(usize, bool)> {
        let b = p.bit();
        let g = self.gipf & b != 0;
        if self.pc[WHITE] & b != 0 {
            Some((WHITE, g))
        } else if self.pc[BLACK] & b != 0 {
            Some((BLACK, g))
        } else {
            None
        }
    }
    /// A player's pieces as a bitboard.
    ///
    /// ```
    /// use gamenote::gipf::{Point, Position, Rules, Variant, BLACK, WHITE};
    /// let pos = Position::start(Rules::new(Variant::Standard));
    /// let white = pos.pieces(WHITE);
    /// assert_eq!(white.count_ones(), 3);
    /// assert_ne!(white & "e2".parse::<Point>()?.bit(), 0);
    /// assert_eq!(white & pos.pieces(BLACK), 0);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn pieces(&self, seat: usize) -> u64 {
        self.pc[seat & 1]
    }
    /// The GIPF-pieces of both colours as a bitboard.
    ///
    /// ```
    /// use gamenote::gipf::{Position, Rules, Variant, BLACK, WHITE};
    /// let pos = Position::start(Rules::new(Variant::Standard));
    /// assert_eq!(pos.gipf_pieces(), pos.pieces(WHITE) | pos.pieces(BLACK));
    /// assert_eq!(Position::start(Rules::new(Variant::Basic)).gipf_pieces(), 0);
    /// ```
    pub fn gipf_pieces(&self) -> u64 {
        self.gipf
    }
    /// Number of half-moves played.
    ///
    /// ```
    /// use gamenote::Notate;
    /// use gamenote::gipf::{Gipf, Position, Rules, Variant};
    /// let mut pos = Position::start(Rules::new(Variant::Standard));
    /// assert_eq!(pos.ply(), 0);
    /// pos.play(&Gipf::resolve(&pos, &"e1-e2".parse()?)?);
    /// assert_eq!(pos.ply(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ply(&self) -> u16 {
        self.ply
    }
    pub(crate) fn occ(&self) -> u64 {
        self.pc[0] | self.pc[1]
    }
    pub(crate) fn moved(&self, c: usize) -> bool {
        self.flags & (1 << c) != 0
    }
    pub(crate) fn basic_played(&self, c: usize) -> bool {
        self.flags & (4 << c) != 0
    }

    /// Whether `c` may bring in a GIPF-piece now (tournament, before his first basic piece,
    /// with 2 in reserve).
    pub(crate) fn may_gipf(&self, c: usize) -> bool {
        self.rules.variant == Variant::Tournament && !self.basic_played(c) && self.reserve[c] >= 2
    }
    /// Whether `c` may bring in a basic piece now.
    pub(crate) fn may_basic(&self, c: usize) -> bool {
        self.reserve[c] >= 1 && (self.rules.variant != Variant::Tournament || self.moved(c))
    }

    /// The row of colour `c` on `line`, if any: the line's windows of four spots say
    /// whether there is one (a line of at most 7 spots holds at most one run of four), then
    /// the run is extended over the occupied spots next to it.
    #[inline]
    pub(crate) fn row_on(&self, c: usize, line: Line) -> Option<Row> {
        let l = line.raw();
        let mine = self.pc[c];
        if mine & l.mask == 0 {
            return None;
        }
        let mut first = usize::MAX;
        let mut last = 0;
        for (a, &w) in l.win.iter().enumerate() {
            if w != 0 && mine & w == w {
                if first == usize::MAX {
                    first = a;
                }
                last = a;
            }
        }
        if first == usize::MAX {
            return None;
        }
        let len = l.len as usize;
        let occ = self.occ();
        let mut start = first;
        let mut end = last + 4;
        while start > 0 && occ & (1u64 << l.spots[start - 1]) != 0 {
            start -= 1;
        }
        while end < len && occ & (1u64 << l.spots[end]) != 0 {
            end += 1;
        }
        Some(Row {
            line,
            set: l.prefix[end] & !l.prefix[start],
        })
    }

    /// Rows of colour `c` on the lines of `lines`.
    pub(crate) fn rows(&self, c: usize, lines: u32, out: &mut [Row; LINES]) -> usize {
        self.rows_on(c, lines & run_lines(self.pc[c]), out)
    }

    /// [`Position::rows`] on `lines` known to hold four of `c`'s pieces in a run each
    /// (`run_lines`, worked out already).
    #[inline]
    pub(crate) fn rows_on(&self, c: usize, lines: u32, out: &mut [Row; LINES]) -> usize {
        let mut n = 0;
        let mut lines = lines;
        while lines != 0 {
            let i = lines.trailing_zeros();
            lines &= lines - 1;
            if let Some(line) = Line::from_index(i as u8)
                && let Some(r) = self.row_on(c, line)
            {
                out[n] = r;
                n += 1;
            }
        }
        n
    }

    /// True when colour `c` has a row on one of `lines`; with `due_only`, a row whose set
    /// holds a basic piece.
    pub(crate) fn has_row(&self, c: usize, lines: u32, due_only: bool) -> bool {
        let mut lines = lines & run_lines(self.pc[c]);
        if !due_only || lines == 0 {
            return lines != 0;
        }
        while lines != 0 {
            let i = lines.trailing_zeros();
            lines &= lines - 1;
            if let Some(line) = Line::from_index(i as u8)
                && let Some(r) = self.row_on(c, line)
                && r.set & !self.gipf != 0
            {
                return true;
            }
        }
        false
    }

    /// Lines where colour `c` has a row of GIPF-pieces only (R8).
    pub(crate) fn r8_lines(&self, c: usize) -> u32 {
        let mut m = 0;
        let own = self.pc[c] & self.gipf;
        if own == 0 {
            return 0;
        }
        // Such a row is four of his GIPF-pieces in a row.
        let mut lines = run_lines(own);
        while lines != 0 {
            let i = lines.trailing_zeros();
            lines &= lines - 1;
            if let Some(line) = Line::from_index(i as u8)
                && let Some(r) = self.row_on(c, line)
                && r.set & !self.gipf == 0
            {
                m |= 1 << i;
            }
        }
        m
    }

    /// Removes the pieces of `mask` for remover `c`: his own go back to his reserve, the
    /// opponent's are captured. `stamp` dates the phase for the last-GIPF rule.
    pub(crate) fn remove(&mut self, c: usize, mask: u64, stamp: u16) {
        let o = 1 - c;
        let own = mask & self.pc[c];
        let opp = mask & self.pc[o];
        if mask & self.gipf == 0 {
            // No GIPF-piece goes (the common case): counts of basic pieces only, and no
            // player's GIPF-pieces can run out.
            self.reserve[c] = self.reserve[c].saturating_add(few_ones(own) as u8);
            self.lost[o] = self.lost[o].saturating_add(few_ones(opp) as u8);
            self.pc[c] &= !mask;
            self.pc[o] &= !mask;
            return;
        }
        let had = [self.pc[0] & self.gipf != 0, self.pc[1] & self.gipf != 0];
        let back = (few_ones(own) + few_ones(own & self.gipf)) as u8;
        let taken = (few_ones(opp) + few_ones(opp & self.gipf)) as u8;
        self.reserve[c] = self.reserve[c].saturating_add(back);
        self.lost[o] = self.lost[o].saturating_add(taken);
        self.pc[c] &= !mask;
        self.pc[o] &= !mask;
        self.gipf &= !mask;
        for (s, had) in had.into_iter().enumerate() {
            if had && self.pc[s] & self.gipf == 0 && self.zero[s] == 0 {
                self.zero[s] = stamp;
                self.zero_by[s] = c as u8;
            }
        }
    }

    pub(crate) fn stamp(&self, post: bool) -> u16 {
        self.ply.saturating_mul(2).saturating_add(1 + post as u16)
    }

    /// Plays a push for the player to move; returns the index of the end spot on the ray.
    #[inline]
    pub(crate) fn do_push(&mut self, push: Push) -> usize {
        let r = push.ray.raw();
        let occ = self.occ();
        if r.mask & !occ == 0 {
            // A full line (never a legal push): the pieces move on and the last is lost.
            let j = r.len as usize - 1;
            let [w, b, g] = slide([self.pc[WHITE], self.pc[BLACK], self.gipf], &r.spots, j);
            self.pc = [w, b];
            self.gipf = g;
            self.bring_in(push);
            j
        } else {
            let j = push.ray.end(occ);
            self.push_to(push, j);
            j
        }
    }

    /// [`Position::do_push`] of a push into a line that is not full, whose end `j` (the
    /// place on the ray of its first empty spot) is known.
    #[inline(always)]
    pub(crate) fn push_to(&mut self, push: Push, j: usize) {
        let r = push.ray.raw();
        let occ = self.occ();
        let end = r.spots[j];
        // Each piece of s0 … s(j−1) moves one spot on, from the far end (the spot it moves
        // to is empty by then), without branches; Black's pieces are then the occupied spots
        // that are not White's.
        let [w, g] = slide([self.pc[WHITE], self.gipf], &r.spots, j);
        let s0 = 1u64 << r.spots[0];
        let occ = (occ | (1u64 << end)) & !s0;
        self.pc = [w, occ & !w];
        self.gipf = g;
        self.bring_in(push);
    }

    /// The new piece on the push's first spot, out of the mover's reserve.
    #[inline(always)]
    fn bring_in(&mut self, push: Push) {
        let c = self.to_move as usize;
        let s0 = 1u64 << push.ray.raw().spots[0];
        self.pc[c] |= s0;
        if push.gipf {
            self.gipf |= s0;
            self.reserve[c] = self.reserve[c].saturating_sub(2);
        } else {
            self.reserve[c] = self.reserve[c].saturating_sub(1);
            self.flags |= 4 << c;
        }
        self.flags |= 1 << c;
        // A GIPF-piece count back from zero (cannot happen by the rules, kept consistent).
        if self.pc[c] & self.gipf != 0 {
            self.zero[c] = 0;
        }
    }

    /// Plays a legal move.
    ///
    /// ```
    /// use gamenote::Notate;
    /// use gamenote::gipf::{Gipf, Position, Rules, Variant, BLACK, WHITE};
    /// let mut pos = Position::start(Rules::new(Variant::Standard));
    /// let m = Gipf::resolve(&pos, &"e1-e2".parse()?)?;
    /// pos.play(&m);
    /// assert_eq!(pos.piece("e2".parse()?), Some((WHITE, false))); // the new basic piece
    /// assert_eq!(pos.piece("e3".parse()?), Some((WHITE, true))); // the GIPF-piece pushed on
    /// assert_eq!((pos.reserve(WHITE), pos.to_move()), (11, BLACK));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, m: &Move) {
        let c = self.to_move as usize;
        let st = self.stamp(false);
        for g in m.pre() {
            self.remove(c, g.mask(), st);
        }
        let Some(push) = m.push else {
            return; // removal-only: the game is over, the same player stays to move
        };
        self.do_push(push);
        let st = self.stamp(true);
        for g in m.post() {
            self.remove(c, g.mask(), st);
        }
        self.pass_turn();
    }

    /// Ends a turn with a push: the other player is to move, one more half-move played.
    #[inline]
    pub(crate) fn pass_turn(&mut self) {
        self.to_move ^= 1;
        self.ply = self.ply.saturating_add(1);
    }

    /// True when [`Position::end_check`] surely finds the game going on: the player to move
    /// has a piece in reserve, and both players have a GIPF-piece on the board (or the game
    /// is the basic one). False says nothing.
    #[inline(always)]
    pub(crate) fn surely_goes_on(&self) -> bool {
        self.reserve[self.to_move as usize & 1] != 0
            && (self.rules.variant == Variant::Basic
                || (self.pc[WHITE] & self.gipf != 0 && self.pc[BLACK] & self.gipf != 0))
    }

    /// R10's end check for the player to move, on the board as it stands.
    pub(crate) fn end_check(&self) -> Option<Outcome> {
        let p = self.to_move as usize;
        if self.rules.variant != Variant::Basic {
            let lacks = |c: usize| {
                self.pc[c] & self.gipf == 0
                    && (self.rules.variant == Variant::Standard || self.moved(c))
            };
            match (lacks(WHITE), lacks(BLACK)) {
                (true, false) => return Some(Outcome::Win(BLACK as u8)),
                (false, true) => return Some(Outcome::Win(WHITE as u8)),
                (true, true) => {
                    let w = match self.rules.last_gipf {
                        LastGipf::WhiteLoses => BLACK,
                        LastGipf::ToMoveWins => p,
                        LastGipf::First => {
                            let (zw, zb) = (self.zero[WHITE], self.zero[BLACK]);
                            if zw == zb {
                                if zw == 0 {
                                    1 - p
                                } else {
                                    self.zero_by[WHITE] as usize
                                }
                            } else if zw == 0 || (zb != 0 && zb < zw) {
                                WHITE
                            } else {
                                BLACK
                            }
                        }
                    };
                    return Some(Outcome::Win(w as u8));
                }
                (false, false) => {}
            }
        }
        if self.reserve[p] == 0 {
            return Some(Outcome::Win((1 - p) as u8));
        }
        None
    }

    /// The result when the game is over: the player to move has no row to remove and the end
    /// check ends the game.
    ///
    /// ```
    /// use gamenote::Outcome;
    /// use gamenote::gipf::{Position, Rules, Variant, BLACK};
    /// assert_eq!(Position::start(Rules::new(Variant::Standard)).outcome(), None);
    /// // White to move with an empty reserve: Black wins.
    /// let pos = Position::empty(Rules::new(Variant::Basic), [0, 5]);
    /// assert_eq!(pos.outcome(), Some(Outcome::Win(BLACK as u8)));
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        if self.has_row(self.to_move as usize, ALL_LINES, true) {
            return None;
        }
        self.end_check()
    }

    /// Every legal move, appended to `out`.
    ///
    /// ```
    /// use gamenote::gipf::{Position, Rules, Variant};
    /// let pos = Position::start(Rules::new(Variant::Standard));
    /// let mut moves = Vec::new();
    /// pos.legal_moves(&mut moves);
    /// assert_eq!(moves.len(), 30);
    /// // Standard GIPF brings in basic pieces only, and nothing is removed yet.
    /// assert!(moves.iter().all(|m| m.push().is_some_and(|p| !p.gipf) && m.post().is_empty()));
    /// ```
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        let mut n = 0;
        self.moves::<false>(out, &mut n);
    }

    /// The number of legal moves, without building them.
    ///
    /// ```
    /// use gamenote::gipf::{Position, Rules, Variant};
    /// assert_eq!(Position::start(Rules::new(Variant::Standard)).count_moves(), 30);
    /// // The tournament game starts with a GIPF-piece entering one of the 18 outer spots.
    /// assert_eq!(Position::start(Rules::new(Variant::Tournament)).count_moves(), 18);
    /// ```
    pub fn count_moves(&self) -> u64 {
        let mut n = 0;
        self.moves::<true>(&mut Vec::new(), &mut n);
        n
    }

    fn moves<const COUNT: bool>(&self, out: &mut Vec<Move>, count: &mut u64) {
        let c = self.to_move as usize;
        if !has_run(self.pc[c], ALL_LINES) {
            if self.end_check().is_none() {
                self.gen_pushes::<COUNT>(&[], out, count);
            }
            return;
        }
        if self.outcome().is_some() {
            return;
        }
        let mut opts = Vec::new();
        phase_options(self, c, ALL_LINES, self.stamp(false), &mut opts);
        for (groups, n, p1) in &opts {
            let pre = &groups[..*n];
            if p1.end_check().is_some() {
                if !pre.is_empty()
                    && let Some(m) = Move::new(pre, None, &[])
                {
                    if COUNT {
                        *count += 1;
                    } else {
                        out.push(m);
                    }
                }
                continue;
            }
            p1.gen_pushes::<COUNT>(pre, out, count);
        }
    }

    /// The pushes open to the player to move (after his pre-move groups `pre`), each with
    /// every choice of post-move removals.
    fn gen_pushes<const COUNT: bool>(&self, pre: &[Removal], out: &mut Vec<Move>, count: &mut u64) {
        let c = self.to_move as usize;
        let kinds: [(bool, bool); 2] = [(false, self.may_basic(c)), (true, self.may_gipf(c))];
        // The moves a push with nothing to remove counts for: one per kind of piece open.
        let kinds_open = u64::from(kinds[0].1) + u64::from(kinds[1].1);
        let r8 = if self.rules.variant == Variant::Tournament {
            self.r8_lines(c)
        } else {
            0
        };
        let occ = self.occ();
        let mine = self.pc[c];
        let amine = axial(mine);
        let tables = &super::coord::TABLES;
        for r in 0..RAYS {
            let info = &tables.rays[r];
            let s0 = 1u64 << info.spots[0];
            let a0 = 1u64 << info.ax[0];
            let (j, new_ax) = if occ & s0 == 0 {
                if tables.entry[info.spots[0] as usize] as usize != r {
                    continue;
                }
                (0, amine | a0)
            } else {
                let lm = tables.lines[info.line as usize].mask;
                if occ & lm == lm {
                    continue;
                }
                let mut j = 1;
                while occ & (1u64 << info.spots[j]) != 0 {
                    j += 1;
                }
                // The mover's pieces on s0 … s(j−1) move one step on: in the axial layout
                // that is one shift of the segment.
                let seg = amine & info.axseg[j];
                let moved = if info.axstep > 0 {
                    seg << info.axstep
                } else {
                    seg >> -info.axstep
                };
                (j, (amine & !info.axseg[j + 1]) | moved | a0)
            };
            let Some(ray) = Ray::from_index(r as u8) else {
                continue;
            };
            let lines = info.cross[j] | r8;
            let plain = !ax_run(new_ax) || ax_run_lines(new_ax) & lines == 0;
            if COUNT && plain {
                *count += kinds_open;
                continue;
            }
            for (gipf, ok) in kinds {
                if !ok {
                    continue;
                }
                let push = Push { ray, gipf };
                if plain {
                    if COUNT {
                        *count += 1;
                    } else if pre.is_empty() {
                        out.push(Move {
                            groups: [NO_REMOVAL; MAX_GROUPS],
                            n_pre: 0,
                            n_post: 0,
                            push: Some(push),
                            left: false,
                            seen: Seen::default(),
                        });
                    } else if let Some(m) = Move::new(pre, Some(push), &[]) {
                        out.push(m);
                    }
                    continue;
                }
                let mut p2 = self.clone();
                p2.do_push(push);
                let mut opts = Vec::new();
                phase_options(&p2, c, lines, p2.stamp(true), &mut opts);
                for (groups, n, _) in &opts {
                    if let Some(m) = Move::new(pre, Some(push), &groups[..*n]) {
                        if COUNT {
                            *count += 1;
                        } else {
                            out.push(m);
                        }
                    }
                }
            }
        }
    }
}

/// Bit layout with a constant step per direction (`coord::ax_bit`): the spots of column `x`
/// (b = 1 … h = 7) at bits `8(x − 1) + y − 1` of a `u64`, `y` the axial row; N is +1, SE +8,
/// NE +9. The spots of a column are contiguous in both layouts, so the change of layout is
/// one shift per column.
#[inline]
pub(crate) fn axial(m: u64) -> u64 {
    // (index of the column's lowest spot, number of spots, axial bit of the lowest spot)
    const COLS: [(u32, u32, u32); 7] = [
        (6, 4, 0),
        (12, 5, 8),
        (19, 6, 16),
        (27, 7, 24),
        (36, 6, 33),
        (44, 5, 42),
        (51, 4, 51),
    ];
    let mut a = 0;
    let mut x = 0;
    while x < 7 {
        let (start, len, at) = COLS[x];
        a |= ((m >> start) & ((1u64 << len) - 1)) << at;
        x += 1;
    }
    a
}

/// True when the axial board `a` holds 4 consecutive points in a line.
#[inline(always)]
pub(crate) fn ax_run(a: u64) -> bool {
    for d in [1u32, 8, 9] {
        let two = a & (a >> d);
        if two & (two >> (2 * d)) != 0 {
            return true;
        }
    }
    false
}

/// The lines on which the axial board `a` holds 4 consecutive points, as a bit set of line
/// indices: the run tests of [`ax_run`], each run start looked up in a table.
#[inline]
pub(crate) fn ax_run_lines(a: u64) -> u32 {
    let tables = &super::coord::TABLES;
    let mut m = 0;
    for (axis, d) in [(0, 1u32), (1, 9), (2, 8)] {
        let two = a & (a >> d);
        let mut four = two & (two >> (2 * d));
        while four != 0 {
            let b = four.trailing_zeros() as usize;
            four &= four - 1;
            let l = tables.ax_line[axis][b & 63];
            if (l as usize) < LINES {
                m |= 1 << l;
            }
        }
    }
    m
}

/// The lines on which `mine` holds 4 consecutive spots, as a bit set of line indices.
#[inline]
pub(crate) fn run_lines(mine: u64) -> u32 {
    ax_run_lines(axial(mine))
}

/// True when `mine` holds 4 consecutive spots on one of `lines`.
#[inline]
pub(crate) fn has_run(mine: u64, lines: u32) -> bool {
    run_lines(mine) & lines != 0
}

/// A phase's choices: its groups (canonical order), their number, and the position after.
pub(crate) type PhaseOption = ([Removal; MAX_GROUPS], usize, Position);

/// Every distinct way colour `c` can carry out a removal phase on `lines`.
pub(crate) fn phase_options(
    pos: &Position,
    c: usize,
    lines: u32,
    stamp: u16,
    out: &mut Vec<PhaseOption>,
) {
    let mut acc = [NO_REMOVAL; MAX_GROUPS];
    phase_rec(pos, c, lines, stamp, &mut acc, 0, out);
}

fn phase_rec(
    pos: &Position,
    c: usize,
    lines: u32,
    stamp: u16,
    acc: &mut [Removal; MAX_GROUPS],
    n: usize,
    out: &mut Vec<PhaseOption>,
) {
    let mut rows = [Row {
        line: FIRST_LINE,
        set: 0,
    }; LINES];
    let k = pos.rows(c, lines, &mut rows);
    let due = rows[..k].iter().any(|r| r.set & !pos.gipf != 0);
    if !due {
        let mut g = *acc;
        sort_groups(&mut g[..n]);
        if !out.iter().any(|(h, m, _)| *m == n && h[..n] == g[..n]) {
            out.push((g, n, pos.clone()));
        }
    }
    if n == MAX_GROUPS {
        return;
    }
    for r in &rows[..k] {
        let basics = r.set & !pos.gipf;
        let gipfs = r.set & pos.gipf;
        // Every subset of the set's GIPF-pieces (non-empty for a row of GIPF-pieces only).
        let mut sub = gipfs;
        loop {
            let mask = basics | sub;
            if mask != 0 {
                let mut p = pos.clone();
                p.remove(c, mask, stamp);
                acc[n] = Removal::new(r.line, mask);
                phase_rec(
                    &p,
                    c,
                    lines & !(1 << r.line.index()),
                    stamp,
                    acc,
                    n + 1,
                    out,
                );
            }
            if sub == 0 {
                break;
            }
            sub = (sub - 1) & gipfs;
        }
    }
}

impl fmt::Display for Position {
    /// The board as text, north (Black's side) at the top, columns a–i left to right;
    /// `o`/`O` White basic/GIPF, `x`/`X` Black, `.` an empty spot, `+` a dot.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Height of (col, row): 2*(row-1) + |col-4|; top line is height 16.
        let mut grid = vec![vec![b' '; 9 * 4 + 1]; 17];
        for p in Point::all() {
            let col = p.col() as usize;
            let h = 2 * (p.row() as usize - 1) + col.abs_diff(4);
            let ch = match self.piece(p) {
                _ if p.is_dot() => b'+',
                None => b'.',
                Some((WHITE, false)) => b'o',
                Some((WHITE, true)) => b'O',
                Some((_, false)) => b'x',
                Some((_, true)) => b'X',
            };
            if let Some(line) = grid.get_mut(16 - h)
                && let Some(cell) = line.get_mut(4 + col * 4)
            {
                *cell = ch;
            }
        }
        for line in &grid {
            let s = String::from_utf8_lossy(line);
            writeln!(f, "{}", s.trim_end())?;
        }
        writeln!(f, "    a   b   c   d   e   f   g   h   i")?;
        writeln!(
            f,
            "White (o, O=GIPF): reserve {}, lost {}",
            self.reserve[0], self.lost[0]
        )?;
        writeln!(
            f,
            "Black (x, X=GIPF): reserve {}, lost {}",
            self.reserve[1], self.lost[1]
        )?;
        write!(
            f,
            "{} to move ({})",
            if self.to_move == 0 { "White" } else { "Black" },
            self.rules
        )
    }
}
