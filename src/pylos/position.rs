//! Pylos positions as two 30-bit sets, move generation and the legality of written moves.

use std::fmt;
use std::str::FromStr;

use super::coord::{ABOVE, ALL, LEVEL1, LINES, SQUARES, SUPPORT, Slot, TOP, slots};
use super::notation::{Markers, Notation};
use crate::error::{MoveError, ValueError};
use crate::game::Outcome;

/// The rule set: which formations let a player take balls back.
///
/// ```
/// use gamenote::pylos::{Position, RuleSet, Rules, Slot};
/// let rules: Rules = "alignment".parse()?;
/// assert_eq!(rules.set, RuleSet::Alignment);
/// assert_eq!(Rules::default().set, RuleSet::Standard);
/// // White has 1a1, 1b1 and 1c1: 1d1 completes a line of 4, which counts only under alignment.
/// let fen = "www.bbb........./........./..../. w 12 12";
/// let pos = gamenote::pylos::position_string::parse(fen, rules)?;
/// assert!(pos.formations_of(None, "1d1".parse::<Slot>()?).line4);
/// let pos = gamenote::pylos::position_string::parse(fen, Rules::default())?;
/// assert!(pos.formations_of(None, "1d1".parse::<Slot>()?).is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RuleSet {
    /// Squares of one's own colour only.
    #[default]
    Standard,
    /// Squares, and lines of 4 on level 1 or 3 on level 2 (the "mature players" version).
    Alignment,
    /// No take-backs at all.
    Children,
}

/// Whether a formation obliges the player to take balls back.
///
/// ```
/// use gamenote::pylos::{Notation, Rules, Takeback, position_string};
/// assert_eq!(Rules::default().takeback, Takeback::Mandatory);
/// let optional: Rules = "standard,takeback=optional".parse()?;
/// assert_eq!(optional.takeback, Takeback::Optional);
/// // White's 1b2 completes a square; without take-back it is legal only if they are optional.
/// let square = "ww..w...bb..b.../........./..../. w 12 12";
/// let plain: Notation = "1b2".parse()?;
/// assert!(position_string::parse(square, Rules::default())?.resolve(&plain).is_err());
/// assert!(position_string::parse(square, optional)?.resolve(&plain).is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Takeback {
    /// One or two balls (official rules).
    #[default]
    Mandatory,
    /// Zero to two balls.
    Optional,
}

/// When an empty reserve ends the game.
///
/// ```
/// use gamenote::pylos::{ReserveRule, Rules};
/// assert_eq!(Rules::default().reserve, ReserveRule::OnTurn);
/// let r: Rules = "standard,reserve=no_moves".parse()?;
/// assert_eq!(r.reserve, ReserveRule::NoMoves);
/// assert_eq!(r.to_string(), "standard,reserve=no_moves");
/// assert!("standard,reserve=never".parse::<Rules>().is_err());
/// # Ok::<(), gamenote::ValueError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ReserveRule {
    /// The mover wins when the opponent's reserve is empty after his move.
    #[default]
    OnTurn,
    /// A move that leaves the mover's own reserve empty loses (unless it placed `4a1`).
    Immediately,
    /// A player loses only when he has no legal move.
    NoMoves,
}

/// The rules a Pylos game is played with, written as in the `[Rules]` tag:
/// the rule set, then the non-default options.
///
/// ```
/// use gamenote::pylos::{Rules, RuleSet, Takeback};
/// let r: Rules = "alignment,takeback=optional".parse().unwrap();
/// assert_eq!((r.set, r.takeback), (RuleSet::Alignment, Takeback::Optional));
/// assert_eq!(r.to_string(), "alignment,takeback=optional");
/// assert_eq!(Rules::default().to_string(), "standard");
/// assert!("chess".parse::<Rules>().is_err());
/// let twice = "standard,takeback=optional,takeback=mandatory".parse::<Rules>().unwrap_err();
/// assert_eq!(
///     twice.message,
///     "the Pylos rule option takeback is given twice (takeback=optional, then takeback=mandatory)"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct Rules {
    /// Standard, alignment or children.
    pub set: RuleSet,
    /// Mandatory or optional take-back.
    pub takeback: Takeback,
    /// When an empty reserve ends the game.
    pub reserve: ReserveRule,
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.set {
            RuleSet::Standard => "standard",
            RuleSet::Alignment => "alignment",
            RuleSet::Children => "children",
        })?;
        if self.takeback == Takeback::Optional {
            f.write_str(",takeback=optional")?;
        }
        match self.reserve {
            ReserveRule::OnTurn => {}
            ReserveRule::Immediately => f.write_str(",reserve=immediately")?,
            ReserveRule::NoMoves => f.write_str(",reserve=no_moves")?,
        }
        Ok(())
    }
}

impl FromStr for Rules {
    type Err = ValueError;
    fn from_str(s: &str) -> Result<Rules, ValueError> {
        let mut rules = Rules::default();
        // The common tag, read for every record checked, with no splitting.
        if s == "standard" {
            return Ok(rules);
        }
        // Each option once: `takeback=optional,takeback=mandatory` says two things.
        let mut seen: [Option<&str>; 2] = [None, None];
        for (i, part) in s.split(',').map(str::trim).enumerate() {
            if let Some((key, _)) = part.split_once('=')
                && let Some(k) = ["takeback", "reserve"].iter().position(|o| *o == key)
            {
                if let Some(first) = seen[k] {
                    return Err(ValueError::new(format!(
                        "the Pylos rule option {key} is given twice ({first}, then {part})"
                    )));
                }
                seen[k] = Some(part);
            }
            match (i, part.split_once('=')) {
                (0, None) => {
                    rules.set = match part {
                        "standard" => RuleSet::Standard,
                        "alignment" => RuleSet::Alignment,
                        "children" => RuleSet::Children,
                        _ => {
                            return Err(ValueError::new(format!(
                                "unknown Pylos rule set \"{part}\" (expected standard, alignment or children)"
                            )));
                        }
                    }
                }
                (_, Some(("takeback", v))) => {
                    rules.takeback = match v {
                        "mandatory" => Takeback::Mandatory,
                        "optional" => Takeback::Optional,
                        _ => {
                            return Err(ValueError::new(format!(
                                "unknown takeback option \"{v}\" (expected mandatory or optional)"
                            )));
                        }
                    }
                }
                (_, Some(("reserve", v))) => {
                    rules.reserve = match v {
                        "on_turn" => ReserveRule::OnTurn,
                        "immediately" => ReserveRule::Immediately,
                        "no_moves" => ReserveRule::NoMoves,
                        _ => {
                            return Err(ValueError::new(format!(
                                "unknown reserve option \"{v}\" (expected on_turn, immediately or no_moves)"
                            )));
                        }
                    }
                }
                _ => {
                    return Err(ValueError::new(format!(
                        "unknown Pylos rule option \"{part}\""
                    )));
                }
            }
        }
        Ok(rules)
    }
}

/// A Pylos move: a placement (no origin) or a raise, and the unordered set of balls taken
/// back (bits of slots).
///
/// ```
/// use gamenote::pylos::{Move, Position, Rules, Slot, position_string};
/// let pos = Position::new(Rules::default());
/// let m = pos.resolve(&"1b2".parse()?)?;
/// assert_eq!(m, Move { from: None, to: "1b2".parse()?, takebacks: 0 });
/// // White's 1b2 completes a square and takes back 1a1.
/// let pos = position_string::parse("ww..w...bb..b.../........./..../. w 12 12", Rules::default())?;
/// let m = pos.resolve(&"1b2(1a1)".parse()?)?;
/// assert_eq!(m.takebacks, "1a1".parse::<Slot>()?.bit());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    /// The ball raised, for a raise.
    pub from: Option<Slot>,
    /// Where the ball goes.
    pub to: Slot,
    /// The balls taken back, as a set of slot bits.
    pub takebacks: u32,
}

/// A Pylos position: the balls of each colour as 30-bit sets, the reserves, the player to
/// move, the rules and the winner once the game is over.
///
/// ```
/// use gamenote::pylos::{Position, Rules, Slot};
/// let mut pos = Position::new(Rules::default());
/// let m = pos.resolve(&"1b2".parse()?)?;
/// pos.play(&m);
/// assert_eq!(pos.at("1b2".parse::<Slot>()?), Some(0));
/// assert_eq!((pos.turn(), pos.reserve(0), pos.reserve(1)), (1, 14, 15));
/// assert!(pos.to_string().ends_with("reserves: White 14, Black 15; Black to move\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    balls: [u32; 2],
    reserve: [u8; 2],
    turn: u8,
    rules: Rules,
    winner: Option<u8>,
}

const NAMES: [&str; 2] = ["White", "Black"];

/// For each slot, the squares containing it (0 = none).
const SQUARES_OF: [[u32; 4]; 30] = {
    let mut t = [[0u32; 4]; 30];
    let mut s = 0;
    while s < 30 {
        let mut k = 0;
        let mut q = 0;
        while q < 14 {
            if SQUARES[q] & (1 << s) != 0 {
                t[s][k] = SQUARES[q];
                k += 1;
            }
            q += 1;
        }
        s += 1;
    }
    t
};

/// For each slot, the squares containing it, unused entries all ones (bit 31 is no slot, so
/// no set of balls holds them): a square is full when `q & !own == 0`.
const SQUARES_THROUGH: [[u32; 4]; 30] = {
    let mut t = [[u32::MAX; 4]; 30];
    let mut s = 0;
    while s < 30 {
        let mut k = 0;
        while k < 4 {
            if SQUARES_OF[s][k] != 0 {
                t[s][k] = SQUARES_OF[s][k];
            }
            k += 1;
        }
        s += 1;
    }
    t
};

/// For each slot, the lines containing it (0 = none).
const LINES_OF: [[u32; 2]; 30] = {
    let mut t = [[0u32; 2]; 30];
    let mut s = 0;
    while s < 30 {
        let mut k = 0;
        let mut q = 0;
        while q < 14 {
            if LINES[q] & (1 << s) != 0 {
                t[s][k] = LINES[q];
                k += 1;
            }
            q += 1;
        }
        s += 1;
    }
    t
};

/// Slots on a level strictly above level `l` (index `l`, 1–4).
const HIGHER: [u32; 5] = [ALL, ALL & !LEVEL1, ALL & !((1 << 25) - 1), TOP.bit(), 0];

/// Slots that rest on something.
const UPPER: u32 = ALL & !LEVEL1;

/// The slots that some occupied slot rests on.
#[inline]
fn covered(occ: u32) -> u32 {
    // Each level's balls as the top-left corners of the blocks they rest on, one level down,
    // spread to the four corners: a shift per corner instead of a table look-up per ball.
    let l2 = (occ >> 16) & 0x1FF;
    let t1 = (l2 & 0x7) | ((l2 & 0x38) << 1) | ((l2 & 0x1C0) << 2);
    let c1 = t1 | (t1 << 1) | (t1 << 4) | (t1 << 5);
    let l3 = (occ >> 25) & 0xF;
    let t2 = (l3 & 0x3) | ((l3 & 0xC) << 1);
    let c2 = t2 | (t2 << 1) | (t2 << 3) | (t2 << 4);
    let c3 = if occ & (1 << 29) != 0 { 0xF } else { 0 };
    c1 | (c2 << 16) | (c3 << 25)
}

/// The upper slots whose supports are all occupied: on each level, the 2×2 blocks that are
/// full, found for every block at once by shifting, then packed to the level above.
#[inline]
fn supported(occ: u32) -> u32 {
    let l1 = occ & 0xFFFF;
    let b1 = l1 & (l1 >> 1) & (l1 >> 4) & (l1 >> 5) & 0x777;
    let s2 = (b1 & 0x7) | ((b1 >> 1) & 0x38) | ((b1 >> 2) & 0x1C0);
    if occ >> 16 == 0 {
        // Nothing above level 1, as in most positions of a search from the start.
        return s2 << 16;
    }
    let l2 = (occ >> 16) & 0x1FF;
    let b2 = l2 & (l2 >> 1) & (l2 >> 3) & (l2 >> 4) & 0x1B;
    let s3 = (b2 & 0x3) | ((b2 >> 1) & 0xC);
    let s4 = u32::from((occ >> 25) & 0xF == 0xF);
    (s2 << 16) | (s3 << 25) | (s4 << 29)
}

/// The slots of `targets` that would complete a square of `own`. Targets are empty, so a
/// target that is a corner of a 2×2 block holding three or four of `own`'s balls is the
/// block's missing corner: the blocks with at least three, found for every block of a level
/// at once by shifts (as in `supported`), spread to their corners and met with `targets`.
#[inline(always)]
fn square_completions(own: u32, targets: u32) -> u32 {
    // Level 1 (4×4): a block's corners are its top-left slot +0, +1, +4, +5.
    let o = own & 0xFFFF;
    let (b, c, d) = (o >> 1, o >> 4, o >> 5);
    let three = ((o & b & (c | d)) | (c & d & (o | b))) & 0x777;
    let mut spread = three | (three << 1) | (three << 4) | (three << 5);
    if own >> 16 != 0 {
        // Level 2 (3×3): corners +0, +1, +3, +4; level 3 (2×2): its one block.
        let o = (own >> 16) & 0x1FF;
        let (b, c, d) = (o >> 1, o >> 3, o >> 4);
        let three = ((o & b & (c | d)) | (c & d & (o | b))) & 0x1B;
        let s2 = three | (three << 1) | (three << 3) | (three << 4);
        let o = (own >> 25) & 0xF;
        // Bit `o` of 0xE880 is set for the 4-bit values with three or four bits: 7, 11, 13,
        // 14 and 15.
        let s3 = 0xF * ((0xE880 >> o) & 1);
        spread |= (s2 << 16) | (s3 << 25);
    }
    spread & targets
}

/// Slots on a level strictly below the level of the slot with this index's level (index
/// `l`, 1–4): where a ball raised to level `l` may come from.
const LOWER: [u32; 5] = [0, 0, LEVEL1, (1 << 25) - 1, (1 << 29) - 1];

/// The level (1–4) of the slot with index `i`.
#[inline]
fn slot_level(i: usize) -> usize {
    1 + usize::from(i >= 16) + usize::from(i >= 25) + usize::from(i >= 29)
}

/// The number of moves of `own` to the upper targets `up`, none of them completing a
/// formation: for each target, a placement if `placing`, and a raise of each free ball on
/// a lower level but those it rests on.
#[inline]
fn raises(own: u32, occ: u32, up: u32, placing: bool) -> u64 {
    let free = own & !covered(occ);
    let mut n = 0;
    let mut ts = up;
    while ts != 0 {
        let i = ts.trailing_zeros() as usize;
        ts &= ts - 1;
        n += u64::from(placing)
            + u64::from((free & LOWER[slot_level(i)] & !SUPPORT[i]).count_ones());
    }
    n
}

/// Whether `own` (holding `d`) has a formation through `d` that triggers take-backs under
/// `set`: [`formations`] not empty, without telling which.
#[inline(always)]
fn forms_through(set: RuleSet, d: Slot, own: u32) -> bool {
    let [a, b, c, e] = SQUARES_THROUGH[d.index()];
    let square = (a & !own == 0) | (b & !own == 0) | (c & !own == 0) | (e & !own == 0);
    match set {
        RuleSet::Children => false,
        RuleSet::Standard => square,
        RuleSet::Alignment => square || !formations(set, d, own).is_empty(),
    }
}

/// The formations of `own` through slot `d` that trigger take-backs under `set`.
#[inline]
fn formations(set: RuleSet, d: Slot, own: u32) -> Markers {
    let mut f = Markers::default();
    if set == RuleSet::Children {
        return f;
    }
    for &q in &SQUARES_OF[d.index()] {
        if q != 0 && q & own == q {
            f.square = true;
        }
    }
    if set == RuleSet::Alignment {
        for &l in &LINES_OF[d.index()] {
            if l != 0 && l & own == l {
                if l.count_ones() == 4 {
                    f.line4 = true;
                } else {
                    f.line3 = true;
                }
            }
        }
    }
    f
}

fn list(set: u32) -> String {
    slots(set)
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

impl Position {
    /// The empty board with 15 balls each, White to move.
    ///
    /// ```
    /// use gamenote::pylos::{Position, Rules};
    /// let pos = Position::new(Rules::default());
    /// assert_eq!((pos.reserve(0), pos.reserve(1), pos.turn()), (15, 15, 0));
    /// assert_eq!(pos.balls(0) | pos.balls(1), 0);
    /// assert_eq!(pos.count_moves(), 16);
    /// assert_eq!(pos.winner(), None);
    /// ```
    pub fn new(rules: Rules) -> Position {
        Position {
            balls: [0, 0],
            reserve: [15, 15],
            turn: 0,
            rules,
            winner: None,
        }
    }

    /// A position from its parts, as a position string gives them (no check made).
    pub(crate) fn from_parts(
        rules: Rules,
        balls: [u32; 2],
        reserve: [u8; 2],
        turn: usize,
        winner: Option<usize>,
    ) -> Position {
        Position {
            balls,
            reserve,
            turn: (turn & 1) as u8,
            rules,
            winner: winner.map(|w| (w & 1) as u8),
        }
    }

    /// The rules in force.
    ///
    /// ```
    /// use gamenote::pylos::{Position, RuleSet, Rules};
    /// let rules: Rules = "alignment,takeback=optional".parse()?;
    /// let pos = Position::new(rules);
    /// assert_eq!(pos.rules(), rules);
    /// assert_eq!(pos.rules().set, RuleSet::Alignment);
    /// # Ok::<(), gamenote::ValueError>(())
    /// ```
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Balls left in `seat`'s reserve (0 = White, 1 = Black).
    ///
    /// ```
    /// use gamenote::pylos::{Rules, position_string};
    /// let pos = position_string::parse("wb..wb........../w......../..../. b 12 13", Rules::default())?;
    /// assert_eq!((pos.reserve(0), pos.reserve(1)), (12, 13));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn reserve(&self, seat: usize) -> u8 {
        self.reserve[seat & 1]
    }

    /// The balls of `seat` as a set of slot bits.
    ///
    /// ```
    /// use gamenote::pylos::{Rules, Slot, position_string, slots};
    /// let pos = position_string::parse("wb..wb........../w......../..../. b 12 13", Rules::default())?;
    /// let names = |set| slots(set).map(|s| s.to_string()).collect::<Vec<_>>();
    /// assert_eq!(names(pos.balls(0)), ["1a1", "1a2", "2a1"]);
    /// assert_eq!(names(pos.balls(1)), ["1b1", "1b2"]);
    /// assert_ne!(pos.balls(1) & "1b1".parse::<Slot>()?.bit(), 0);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn balls(&self, seat: usize) -> u32 {
        self.balls[seat & 1]
    }

    /// The seat of the ball on `s`, if any.
    ///
    /// ```
    /// use gamenote::pylos::{Rules, Slot, position_string};
    /// let pos = position_string::parse("wb..wb........../w......../..../. b 12 13", Rules::default())?;
    /// assert_eq!(pos.at("2a1".parse::<Slot>()?), Some(0));
    /// assert_eq!(pos.at("1b1".parse::<Slot>()?), Some(1));
    /// assert_eq!(pos.at("1c1".parse::<Slot>()?), None);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn at(&self, s: Slot) -> Option<usize> {
        (0..2).find(|&i| self.balls[i] & s.bit() != 0)
    }

    /// The seat to move.
    ///
    /// ```
    /// use gamenote::pylos::{Position, Rules};
    /// let mut pos = Position::new(Rules::default());
    /// assert_eq!(pos.turn(), 0);
    /// pos.play(&pos.resolve(&"1b2".parse()?)?);
    /// assert_eq!(pos.turn(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn turn(&self) -> usize {
        self.turn as usize
    }

    /// The winner, once the game is over.
    ///
    /// ```
    /// use gamenote::pylos::{Rules, position_string};
    /// // Three full levels, Black to move with one ball left: it goes on top and wins.
    /// let mut pos = position_string::parse("wbwbwbwbwbwbwbwb/wbwbwbwbw/wbwb/. b 0 1", Rules::default())?;
    /// assert_eq!(pos.winner(), None);
    /// pos.play(&pos.resolve(&"4a1".parse()?)?);
    /// assert_eq!(pos.winner(), Some(1));
    /// assert_eq!(pos.count_moves(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn winner(&self) -> Option<usize> {
        self.winner.map(usize::from)
    }

    /// The winner the rules give a set-up position, judged as [`Position::play`] judges the
    /// position after a move (the player not to move having made it): `4a1` filled (its
    /// ball's owner), the reserve rule in force, and a player to move who has no legal move
    /// (he loses: passing is not allowed). `None` while the game goes on. The stored winner
    /// is not read.
    ///
    /// ```
    /// use gamenote::pylos::{Rules, position_string};
    /// // White to move, no ball in reserve, and 2b2 (his only free ball) holds up every
    /// // level-3 slot: White is stuck and Black has won.
    /// let pos = position_string::parse("bwwwwwwwwwwwwwwb/bbbbwbbbb/..../. w 0 5", Rules::default())?;
    /// assert_eq!((pos.winner(), pos.judged_winner()), (None, Some(1)));
    /// assert_eq!(position_string::parse("w...b.........../........./..../. w 14 14", Rules::default())?.judged_winner(), None);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn judged_winner(&self) -> Option<usize> {
        let to = self.turn as usize;
        let last = to ^ 1;
        if (self.balls[0] | self.balls[1]) & TOP.bit() != 0 {
            return Some(usize::from(self.balls[0] & TOP.bit() == 0));
        }
        let by_reserve = match self.rules.reserve {
            ReserveRule::OnTurn => (self.reserve[to] == 0).then_some(last),
            ReserveRule::Immediately => (self.reserve[last] == 0).then_some(to),
            ReserveRule::NoMoves => None,
        };
        by_reserve.or_else(|| {
            let mut open = self.clone();
            open.winner = None;
            let mut any = false;
            open.generate(|_| any = true);
            (!any).then_some(last)
        })
    }

    /// Stores [`Position::judged_winner`] when no winner is stored: what a set-up position
    /// (`[Position]`) already decides.
    pub(crate) fn judge_setup(&mut self) {
        if self.winner.is_none() {
            self.winner = self.judged_winner().map(|w| w as u8);
        }
    }

    /// The game's outcome, once it is over.
    ///
    /// ```
    /// use gamenote::Outcome;
    /// use gamenote::pylos::{Position, Rules, position_string};
    /// assert_eq!(Position::new(Rules::default()).outcome(), None);
    /// let pos = position_string::parse("wbwbwbwbwbwbwbwb/wbwbwbwbw/wbwb/b w 0 0 0-1", Rules::default())?;
    /// assert_eq!(pos.outcome(), Some(Outcome::Win(1)));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        self.winner.map(Outcome::Win)
    }

    /// Slots that would complete a formation for `own` if `own` moved there: squares (and
    /// lines, under the alignment rules) holding all but one of `own`'s balls, the missing
    /// slot being in `targets`. A raise never takes its ball from a formation through its
    /// destination, since they are on different levels, so this serves raises too.
    #[inline(always)]
    fn forming(&self, own: u32, targets: u32) -> u32 {
        match self.rules.set {
            RuleSet::Standard => square_completions(own, targets),
            RuleSet::Children => 0,
            RuleSet::Alignment => {
                let mut f = square_completions(own, targets);
                for l in LINES {
                    let missing = l & !own;
                    if missing.count_ones() == 1 {
                        f |= missing & targets;
                    }
                }
                f
            }
        }
    }

    /// Calls `emit` with every legal move. Nothing when the game is over.
    ///
    /// ```
    /// use gamenote::pylos::{Position, Rules, Slot};
    /// let pos = Position::new(Rules::default());
    /// let mut moves = Vec::new();
    /// pos.generate(|m| moves.push(m));
    /// assert_eq!(moves.len(), 16); // a ball on any slot of level 1
    /// assert!(moves.iter().all(|m| m.from.is_none() && m.takebacks == 0));
    /// assert_eq!(moves[0].to, "1a1".parse::<Slot>()?);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    #[inline]
    pub fn generate(&self, mut emit: impl FnMut(Move)) {
        if self.winner.is_some() {
            return;
        }
        let me = self.turn as usize;
        let own = self.balls[me];
        let occ = self.balls[0] | self.balls[1];
        let up = supported(occ) & !occ;
        let targets = (LEVEL1 & !occ) | up;
        let forming = self.forming(own, targets);
        if self.reserve[me] > 0 {
            self.moves_to(None, targets, forming, own, occ, &mut emit);
        }
        // Raises go to upper slots only: none while no upper slot is playable.
        if up != 0 {
            let mut free = own & !covered(occ);
            while free != 0 {
                let o = Slot::of_bit(free.trailing_zeros());
                free &= free - 1;
                let t = up & HIGHER[o.level() as usize] & !ABOVE[o.index()];
                self.moves_to(
                    Some(o),
                    t,
                    forming,
                    own & !o.bit(),
                    occ & !o.bit(),
                    &mut emit,
                );
            }
        }
    }

    /// Emits the moves from `from` (a raise) or the reserve to each slot of `targets`, given
    /// the slots that complete a formation and the mover's balls and the occupied slots
    /// without the raised ball.
    #[inline(always)]
    fn moves_to(
        &self,
        from: Option<Slot>,
        mut targets: u32,
        forming: u32,
        own: u32,
        occ: u32,
        emit: &mut impl FnMut(Move),
    ) {
        while targets != 0 {
            let to = Slot::of_bit(targets.trailing_zeros());
            targets &= targets - 1;
            if forming & to.bit() == 0 {
                emit(Move {
                    from,
                    to,
                    takebacks: 0,
                });
            } else {
                self.formed(from, to, own, occ, emit);
            }
        }
    }

    /// Emits a move that completes a formation with each of its take-back sets: the rare
    /// case, kept out of line.
    #[inline(never)]
    fn formed(
        &self,
        from: Option<Slot>,
        to: Slot,
        own: u32,
        occ: u32,
        emit: &mut impl FnMut(Move),
    ) {
        self.takebacks(own | to.bit(), occ | to.bit(), |takebacks| {
            emit(Move {
                from,
                to,
                takebacks,
            })
        });
    }

    /// Calls `emit` with every set of take-backs after a formation, given the mover's balls
    /// and the occupied slots after the move.
    #[inline]
    fn takebacks(&self, own: u32, occ: u32, mut emit: impl FnMut(u32)) {
        if self.rules.takeback == Takeback::Optional {
            emit(0);
        }
        let free = own & !covered(occ);
        let mut xs = free;
        while xs != 0 {
            let x = xs.trailing_zeros();
            xs &= xs - 1;
            let xb = 1u32 << x;
            emit(xb);
            let mut ys = own & !xb & !covered(occ & !xb);
            while ys != 0 {
                let y = ys.trailing_zeros();
                ys &= ys - 1;
                let yb = 1u32 << y;
                if free & yb != 0 && y < x {
                    continue;
                }
                emit(xb | yb);
            }
        }
    }

    /// The number of take-back sets after a formation, counted without listing them: the
    /// empty set if optional, each free ball, each pair of free balls, and each pair of a
    /// free ball with a ball it alone was keeping from being free.
    #[inline]
    fn count_takebacks(&self, own: u32, occ: u32) -> u64 {
        let free = own & !covered(occ);
        let f = u64::from(free.count_ones());
        let mut n = f + f * f.saturating_sub(1) / 2;
        if self.rules.takeback == Takeback::Optional {
            n += 1;
        }
        let mut xs = free & UPPER;
        while xs != 0 {
            let xb = 1u32 << xs.trailing_zeros();
            xs &= xs - 1;
            n += u64::from((own & !free & !covered(occ & !xb)).count_ones());
        }
        n
    }

    /// The number of legal moves, counted without building them: a placement per target, a
    /// raise per free ball below each upper target (less those it rests on), and, where a
    /// move completes a formation, its take-back sets instead of one.
    ///
    /// ```
    /// use gamenote::pylos::{Position, Rules, position_string};
    /// assert_eq!(Position::new(Rules::default()).count_moves(), 16);
    /// // 9 plain placements, and 1b2 completing a square with 10 ways to take back one or two balls.
    /// let pos = position_string::parse("ww..w...bb..b.../........./..../. w 12 12", Rules::default())?;
    /// assert_eq!(pos.count_moves(), 19);
    /// let mut n = 0;
    /// pos.generate(|_| n += 1);
    /// assert_eq!(n, 19);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    #[inline]
    pub fn count_moves(&self) -> u64 {
        if self.winner.is_some() {
            return 0;
        }
        let me = self.turn as usize;
        let own = self.balls[me];
        let occ = self.balls[0] | self.balls[1];
        let up = supported(occ) & !occ;
        let targets = (LEVEL1 & !occ) | up;
        let forming = self.forming(own, targets);
        let placing = self.reserve[me] > 0;
        if forming != 0 {
            return self.count_forming(own, occ, up, targets, forming, placing);
        }
        let mut n = 0;
        if placing {
            n += if occ & UPPER == 0 {
                // Every ball not in a reserve is on the board (`new`, `play` and the
                // position string keep 15 a colour), here all on level 1: no popcount.
                let on_board = 30 - u32::from(self.reserve[0]) - u32::from(self.reserve[1]);
                debug_assert_eq!(on_board, occ.count_ones());
                u64::from(16 - on_board)
            } else {
                u64::from((LEVEL1 & !occ).count_ones())
            };
        }
        if up != 0 {
            n += raises(own, occ, up, placing);
        }
        n
    }

    /// `count_moves` when some move completes a formation: the rare case, kept out of line.
    #[inline(never)]
    fn count_forming(
        &self,
        own: u32,
        occ: u32,
        up: u32,
        targets: u32,
        forming: u32,
        placing: bool,
    ) -> u64 {
        let mut n = 0;
        if placing {
            n += u64::from((targets & !forming).count_ones());
            let mut f = forming;
            while f != 0 {
                let d = f & f.wrapping_neg();
                f &= f - 1;
                n += self.count_takebacks(own | d, occ | d);
            }
        }
        if up != 0 {
            n += raises(own, occ, up & !forming, false);
            let free = own & !covered(occ);
            let mut ts = up & forming;
            while ts != 0 {
                let i = ts.trailing_zeros() as usize;
                let d = 1u32 << i;
                ts &= ts - 1;
                let mut from = free & LOWER[slot_level(i)] & !SUPPORT[i];
                while from != 0 {
                    let o = from & from.wrapping_neg();
                    from &= from - 1;
                    n += self.count_takebacks((own & !o) | d, (occ & !o) | d);
                }
            }
        }
        n
    }

    /// Plays a legal move.
    ///
    /// ```
    /// use gamenote::pylos::{Rules, Slot, position_string};
    /// let mut pos = position_string::parse("ww..w...bb..b.../........./..../. w 12 12", Rules::default())?;
    /// let m = pos.resolve(&"1b2(1a1,1b1)".parse()?)?;
    /// pos.play(&m);
    /// assert_eq!(position_string::write(&pos), "....ww..bb..b.../........./..../. b 13 12");
    /// assert_eq!(pos.at("1a1".parse::<Slot>()?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline(always)]
    pub fn play(&mut self, m: &Move) {
        let me = self.turn as usize;
        let opp = me ^ 1;
        let mut own = self.balls[me];
        match m.from {
            Some(o) => own &= !o.bit(),
            None => self.reserve[me] = self.reserve[me].saturating_sub(1),
        }
        own |= m.to.bit();
        if m.takebacks != 0 {
            own &= !m.takebacks;
            self.reserve[me] += m.takebacks.count_ones() as u8;
        }
        self.balls[me] = own;
        self.turn = opp as u8;
        self.winner = if m.to == TOP {
            Some(me as u8)
        } else {
            match self.rules.reserve {
                ReserveRule::OnTurn => (self.reserve[opp] == 0).then_some(me as u8),
                ReserveRule::Immediately => (self.reserve[me] == 0).then_some(opp as u8),
                ReserveRule::NoMoves => {
                    if self.reserve[opp] == 0 {
                        self.stuck_loses(me)
                    } else {
                        None
                    }
                }
            }
        };
    }

    /// Under `reserve=no_moves`, with the player to move out of balls: `me` wins if that
    /// player has no legal move.
    #[cold]
    #[inline(never)]
    fn stuck_loses(&self, me: usize) -> Option<u8> {
        let mut any = false;
        self.generate(|_| any = true);
        (!any).then_some(me as u8)
    }

    /// The formations that moving to `to` (from `from`) would make for the player to move.
    ///
    /// ```
    /// use gamenote::pylos::{Markers, Rules, Slot, position_string};
    /// let pos = position_string::parse("ww..w...bb..b.../........./..../. w 12 12", Rules::default())?;
    /// let square = Markers { square: true, ..Markers::default() };
    /// assert_eq!(pos.formations_of(None, "1b2".parse::<Slot>()?), square);
    /// assert!(pos.formations_of(None, "1c1".parse::<Slot>()?).is_empty());
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn formations_of(&self, from: Option<Slot>, to: Slot) -> Markers {
        let mut own = self.balls[self.turn as usize];
        if let Some(o) = from {
            own &= !o.bit();
        }
        formations(self.rules.set, to, own | to.bit())
    }

    /// Checks a written move against the position and returns the move it means, or the
    /// broken rule in words. Markers are not checked here (see `check_annotations`).
    ///
    /// ```
    /// use gamenote::MoveErrorKind;
    /// use gamenote::pylos::{Position, Rules, Slot};
    /// let pos = Position::new(Rules::default());
    /// let m = pos.resolve(&"1b2".parse()?)?;
    /// assert_eq!((m.from, m.to), (None, "1b2".parse::<Slot>()?));
    /// let err = pos.resolve(&"2a1".parse()?).unwrap_err();
    /// assert_eq!(err.kind, MoveErrorKind::Illegal);
    /// assert_eq!(err.reason, "2a1 is not supported: 1a1 1b1 1a2 1b2 empty");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn resolve(&self, n: &Notation) -> Result<Move, MoveError> {
        match self.resolve_legal(n) {
            Some(m) => Ok(m),
            None => self.resolve_refused(n),
        }
    }

    /// [`Position::resolve`] of a legal move, in registers: `None` when the move is refused
    /// (the reason is then found by the long way, [`Position::resolve_refused`]).
    #[inline(always)]
    pub(crate) fn resolve_legal(&self, n: &Notation) -> Option<Move> {
        if self.winner.is_some() {
            return None;
        }
        let me = self.turn as usize;
        let own = self.balls[me];
        let occ = self.balls[0] | self.balls[1];
        let d = n.to;
        let mut own2 = own | d.bit();
        let mut occ2 = occ | d.bit();
        if occ & d.bit() != 0 {
            return None;
        }
        match n.from {
            Some(o) => {
                let ok = own & o.bit() != 0
                    && d.level() > o.level()
                    && ABOVE[o.index()] & occ == 0
                    && SUPPORT[d.index()] & o.bit() == 0;
                if !ok {
                    return None;
                }
                own2 &= !o.bit();
                occ2 &= !o.bit();
            }
            None if self.reserve[me] == 0 => return None,
            None => {}
        }
        if SUPPORT[d.index()] & !occ2 != 0 {
            return None;
        }
        let forms = forms_through(self.rules.set, d, own2);
        if n.takebacks.is_empty() {
            if forms && self.rules.takeback == Takeback::Mandatory {
                return None;
            }
        } else if !forms {
            return None;
        }
        let mut taken = 0u32;
        for &t in n.takebacks.iter() {
            if own2 & t.bit() == 0 || ABOVE[t.index()] & occ2 != 0 {
                return None;
            }
            own2 &= !t.bit();
            occ2 &= !t.bit();
            taken |= t.bit();
        }
        Some(Move {
            from: n.from,
            to: d,
            takebacks: taken,
        })
    }

    /// [`Position::resolve`] the long way, which says why a move is refused.
    #[cold]
    #[inline(never)]
    pub(crate) fn resolve_refused(&self, n: &Notation) -> Result<Move, MoveError> {
        if self.winner.is_some() {
            return Err(MoveError::illegal("the game is already over"));
        }
        let me = self.turn as usize;
        let (mine, theirs) = (NAMES[me], NAMES[me ^ 1]);
        let own = self.balls[me];
        let occ = self.balls[0] | self.balls[1];
        let d = n.to;
        let occ_now = match n.from {
            Some(o) => occ & !o.bit(),
            None => occ,
        };
        if occ & d.bit() != 0 {
            return Err(MoveError::illegal(format!("{d} is occupied")));
        }
        if let Some(o) = n.from {
            if occ & o.bit() == 0 {
                return Err(MoveError::illegal(format!(
                    "there is no ball on {o} to raise"
                )));
            }
            if own & o.bit() == 0 {
                return Err(MoveError::illegal(format!(
                    "{o} is {theirs}'s ball; {mine} can raise only his own"
                )));
            }
            if d.level() <= o.level() {
                return Err(MoveError::illegal(format!(
                    "a raise goes to a higher level, and {d} is not above {o}"
                )));
            }
            let above = ABOVE[o.index()] & occ;
            if above != 0 {
                return Err(MoveError::illegal(format!(
                    "{o} supports {} and cannot be raised",
                    list(above)
                )));
            }
            if SUPPORT[d.index()] & o.bit() != 0 {
                return Err(MoveError::illegal(format!(
                    "{o} is under {d} and cannot hold up its own destination"
                )));
            }
        } else if self.reserve[me] == 0 {
            return Err(MoveError::illegal(format!(
                "{mine} has no ball in reserve to place"
            )));
        }
        let missing = SUPPORT[d.index()] & !occ_now;
        if missing != 0 {
            return Err(MoveError::illegal(format!(
                "{d} is not supported: {} empty",
                list(missing)
            )));
        }
        let mut own2 = own | d.bit();
        let mut occ2 = occ_now | d.bit();
        if let Some(o) = n.from {
            own2 &= !o.bit();
        }
        let f = formations(self.rules.set, d, own2);
        if f.is_empty() {
            if !n.takebacks.is_empty() {
                let why = if self.rules.set == RuleSet::Children {
                    "the children's rules have no take-backs".to_string()
                } else {
                    format!(
                        "{d} makes no square{}",
                        if self.rules.set == RuleSet::Alignment {
                            " or line"
                        } else {
                            ""
                        }
                    )
                };
                return Err(MoveError::illegal(format!(
                    "take-back without a formation: {why}"
                )));
            }
        } else if n.takebacks.is_empty() && self.rules.takeback == Takeback::Mandatory {
            let what = match (f.square, f.line4 || f.line3) {
                (true, true) => "a square and a line",
                (true, false) => "a square",
                _ => "a line",
            };
            return Err(MoveError::illegal(format!(
                "{d} makes {what} of {mine}'s, so one or two balls must be taken back"
            )));
        }
        let mut taken = 0u32;
        for (i, &t) in n.takebacks.iter().enumerate() {
            let k = i + 1;
            if own2 & t.bit() == 0 {
                let whose = if occ2 & t.bit() == 0 {
                    "empty".to_string()
                } else {
                    format!("{theirs}'s ball")
                };
                return Err(MoveError::illegal(format!("take-back {k}: {t} is {whose}")));
            }
            let above = ABOVE[t.index()] & occ2;
            if above != 0 {
                return Err(MoveError::illegal(format!(
                    "take-back {k}: {t} supports {}",
                    list(above)
                )));
            }
            own2 &= !t.bit();
            occ2 &= !t.bit();
            taken |= t.bit();
        }
        Ok(Move {
            from: n.from,
            to: d,
            takebacks: taken,
        })
    }
}

impl fmt::Display for Position {
    /// The four levels seen from above (row 1 at the bottom, `W`/`B` for the balls), then
    /// the reserves and the player to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "level 1     level 2   level 3  level 4")?;
        for line in 0..4u8 {
            let mut out = String::new();
            for level in 1..=4u8 {
                let size = 5 - level;
                let width = [12, 10, 9, 0][(level - 1) as usize];
                let mut cell = String::new();
                if line < size {
                    let row = size - 1 - line;
                    cell.push_str(&format!("{} ", row + 1));
                    for col in 0..size {
                        let c = match Slot::new(level, col, row).and_then(|s| self.at(s)) {
                            Some(0) => 'W',
                            Some(_) => 'B',
                            None => '.',
                        };
                        cell.push(c);
                        cell.push(' ');
                    }
                }
                out.push_str(&format!("{cell:width$}"));
            }
            writeln!(f, "{}", out.trim_end())?;
        }
        writeln!(f, "  a b c d     a b c     a b      a")?;
        write!(
            f,
            "reserves: White {}, Black {}; ",
            self.reserve[0], self.reserve[1]
        )?;
        match self.winner {
            Some(w) => writeln!(f, "{} has won", NAMES[w as usize]),
            None => writeln!(f, "{} to move", NAMES[self.turn as usize]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table definitions the shifts replace: a ball covers its supports; an empty upper
    /// slot is playable when its supports are all occupied.
    #[test]
    fn shifts_agree_with_the_support_table() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = (x as u32) & ALL;
            let mut cov = 0;
            let mut sup = 0;
            for (s, &below) in SUPPORT.iter().enumerate().skip(16) {
                if occ & (1 << s) != 0 {
                    cov |= below;
                }
                if below & !occ == 0 {
                    sup |= 1 << s;
                }
            }
            assert_eq!(covered(occ), cov, "{occ:#x}");
            assert_eq!(supported(occ), sup, "{occ:#x}");
        }
    }

    /// The table definition `square_completions` replaces: a square with all but one slot
    /// of `own`, that slot among `targets`.
    #[test]
    fn square_completions_agree_with_the_square_table() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..300_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let own = (x as u32) & ALL;
            let targets = ((x >> 32) as u32) & ALL & !own;
            let mut want = 0;
            for q in SQUARES {
                let missing = q & !own;
                if missing.count_ones() == 1 {
                    want |= missing & targets;
                }
            }
            assert_eq!(
                square_completions(own, targets),
                want,
                "{own:#x} {targets:#x}"
            );
        }
    }
}
