//! The board of three-man chess: 6 ranks × 24 files around the centre, the article's
//! zone + file + rank coordinates, and the step and ray tables every move is generated from.
//!
//! Internal square `(r, F)`: `r` = 0..=5 from the outer rank inwards, `F` = 0..=23 around the
//! ring, index `24 * r + F`. Zone `F / 8` (0 White, 1 Gray, 2 Black). In the article's
//! coordinates a zone's files run `a` (F % 8 == 7) to `h` (F % 8 == 0) and ranks `1` (r = 0)
//! to `6` (r = 5).
//!
//! All tables are computed at compile time, so generation never works geometry out again.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;
use crate::text::{self, PResult};

/// Number of squares.
pub const SQUARES: usize = 144;

/// A colour, a seat and a zone are the same number: 0 White, 1 Gray, 2 Black.
///
/// ```
/// use gamenote::threeman::Colour;
/// assert_eq!(Colour::ALL.map(Colour::index), [0, 1, 2]);
/// assert_eq!(Colour::Gray.to_string(), "Gray");
/// assert!(Colour::White < Colour::Black);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Colour {
    /// White, seat 0, zone `WH`.
    White = 0,
    /// Gray, seat 1, zone `GR`.
    Gray = 1,
    /// Black, seat 2, zone `BL`.
    Black = 2,
}

impl Colour {
    /// The three colours in turn order.
    pub const ALL: [Colour; 3] = [Colour::White, Colour::Gray, Colour::Black];

    /// The colour of seat `i` (taken mod 3).
    ///
    /// ```
    /// use gamenote::threeman::Colour;
    /// assert_eq!(Colour::from_index(1), Colour::Gray);
    /// assert_eq!(Colour::from_index(5), Colour::Black);
    /// ```
    pub const fn from_index(i: usize) -> Colour {
        match i % 3 {
            0 => Colour::White,
            1 => Colour::Gray,
            _ => Colour::Black,
        }
    }
    /// Seat number.
    ///
    /// ```
    /// use gamenote::threeman::Colour;
    /// assert_eq!(Colour::Black.index(), 2);
    /// ```
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The zone code `WH`, `GR` or `BL`.
    ///
    /// ```
    /// use gamenote::threeman::Colour;
    /// assert_eq!(Colour::Gray.zone_code(), "GR");
    /// ```
    pub const fn zone_code(self) -> &'static str {
        ["WH", "GR", "BL"][self as usize]
    }
    /// The single letter `W`, `G` or `B`.
    ///
    /// ```
    /// use gamenote::threeman::Colour;
    /// assert_eq!(Colour::Black.letter(), 'B');
    /// ```
    pub const fn letter(self) -> char {
        ['W', 'G', 'B'][self as usize]
    }
    /// The name, `White`, `Gray` or `Black`.
    ///
    /// ```
    /// use gamenote::threeman::Colour;
    /// assert_eq!(Colour::White.name(), "White");
    /// ```
    pub const fn name(self) -> &'static str {
        ["White", "Gray", "Black"][self as usize]
    }
    /// The colour whose letter is `c`.
    ///
    /// ```
    /// use gamenote::threeman::Colour;
    /// assert_eq!(Colour::from_letter(b'G'), Some(Colour::Gray));
    /// assert_eq!(Colour::from_letter(b'g'), None);
    /// ```
    pub fn from_letter(c: u8) -> Option<Colour> {
        match c {
            b'W' => Some(Colour::White),
            b'G' => Some(Colour::Gray),
            b'B' => Some(Colour::Black),
            _ => None,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A square, `24 * r + F`.
///
/// Written and read in the article's form, zone + file + rank:
///
/// ```
/// use gamenote::threeman::coord::Square;
/// let s: Square = "GRc3".parse().unwrap();
/// assert_eq!((s.rank(), s.file()), (2, 13));
/// assert_eq!(s.to_string(), "GRc3");
/// assert_eq!(Square::new(0, 4).to_string(), "WHd1");
/// ```
///
/// Its number is private, so that every `Square` is one of the 144 squares and has a name
/// that reads back to it (`parse(s.to_string()) == s`, the written form serde uses too):
/// [`Square::new`], [`Square::from_index`] and their `try_` twins check the range, and
/// [`Square::index`] gives the number.
///
/// ```
/// use gamenote::threeman::Square;
/// for i in 0..144 {
///     let s = Square::from_index(i);
///     assert_eq!(s.to_string().parse::<Square>()?, s);
/// }
/// assert_eq!(Square::try_from_index(144), None);
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub(crate) u8);

impl Square {
    /// The square on internal rank `r` (0..=5) and ring file `f` (0..=23).
    ///
    /// ```
    /// use gamenote::threeman::Square;
    /// assert_eq!(Square::new(2, 18), Square::from_index(66));
    /// assert_eq!(Square::new(2, 18).to_string(), "BLf3");
    /// ```
    ///
    /// # Panics
    ///
    /// When `r` is above 5 or `f` above 23, in every build; [`Square::try_new`] is the
    /// twin that says `None`.
    pub const fn new(r: u8, f: u8) -> Square {
        match Square::try_new(r, f) {
            Some(s) => s,
            None => panic!("Square::new: rank above 5 or file above 23"),
        }
    }
    /// The square on internal rank `r` (0..=5) and ring file `f` (0..=23), or `None` when
    /// either is out of range.
    ///
    /// ```
    /// use gamenote::threeman::Square;
    /// assert_eq!(Square::try_new(5, 23), Some(Square::from_index(143)));
    /// assert_eq!(Square::try_new(6, 0), None);
    /// assert_eq!(Square::try_new(0, 24), None);
    /// assert_eq!(Square::try_new(255, 255), None);
    /// ```
    pub const fn try_new(r: u8, f: u8) -> Option<Square> {
        if r < 6 && f < 24 {
            Some(Square(r * 24 + f))
        } else {
            None
        }
    }
    /// The square numbered `i` (`24 * rank + file`, 0..=143; [`Square::index`] gives it).
    ///
    /// ```
    /// use gamenote::threeman::Square;
    /// assert_eq!(Square::from_index(66), Square::new(2, 18));
    /// assert_eq!(Square::from_index(143).index(), 143);
    /// ```
    ///
    /// # Panics
    ///
    /// When `i` is above 143, in every build; [`Square::try_from_index`] is the twin that
    /// says `None`.
    pub const fn from_index(i: usize) -> Square {
        match Square::try_from_index(i) {
            Some(s) => s,
            None => panic!("Square::from_index: number above 143"),
        }
    }
    /// The square numbered `i` (0..=143), or `None` when it is out of range.
    ///
    /// ```
    /// use gamenote::threeman::Square;
    /// assert_eq!(Square::try_from_index(32), Some("GRh2".parse()?));
    /// assert_eq!(Square::try_from_index(144), None);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn try_from_index(i: usize) -> Option<Square> {
        if i < SQUARES {
            Some(Square(i as u8))
        } else {
            None
        }
    }
    /// The square of zone `z`, article file `x` (0 = `a` … 7 = `h`) and article rank index
    /// `r` (0 = rank 1 … 5 = rank 6).
    ///
    /// ```
    /// use gamenote::threeman::{Colour, Square};
    /// let s = Square::from_article(Colour::Gray, 2, 2);
    /// assert_eq!(s.to_string(), "GRc3");
    /// assert_eq!(Square::from_article(Colour::White, 0, 0), Square::new(0, 7));
    /// ```
    ///
    /// # Panics
    ///
    /// When `x` is above 7 or `r` above 5, in every build; [`Square::try_from_article`] is
    /// the twin that says `None`.
    pub const fn from_article(z: Colour, x: u8, r: u8) -> Square {
        match Square::try_from_article(z, x, r) {
            Some(s) => s,
            None => panic!("Square::from_article: file above h or rank above 6"),
        }
    }
    /// The square of zone `z`, article file `x` (0..=7) and rank index `r` (0..=5), or
    /// `None` when either is out of range.
    ///
    /// ```
    /// use gamenote::threeman::{Colour, Square};
    /// let s = Square::try_from_article(Colour::Black, 7, 5).unwrap();
    /// assert_eq!(s.to_string(), "BLh6");
    /// assert_eq!(Square::try_from_article(Colour::White, 8, 0), None);
    /// assert_eq!(Square::try_from_article(Colour::White, 0, 6), None);
    /// ```
    pub const fn try_from_article(z: Colour, x: u8, r: u8) -> Option<Square> {
        if x < 8 {
            Square::try_new(r, 8 * z as u8 + 7 - x)
        } else {
            None
        }
    }
    /// Internal rank, 0 (outer) ..= 5 (inner).
    ///
    /// ```
    /// use gamenote::threeman::Square;
    /// assert_eq!("WHe4".parse::<Square>()?.rank(), 3);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn rank(self) -> u8 {
        self.0 / 24
    }
    /// Ring file 0..=23.
    ///
    /// ```
    /// use gamenote::threeman::Square;
    /// assert_eq!("WHh1".parse::<Square>()?.file(), 0);
    /// assert_eq!("BLa6".parse::<Square>()?.file(), 23);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn file(self) -> u8 {
        self.0 % 24
    }
    /// The zone the square lies in.
    ///
    /// ```
    /// use gamenote::threeman::{Colour, Square};
    /// assert_eq!("GRb2".parse::<Square>()?.zone(), Colour::Gray);
    /// assert_eq!(Square::new(0, 16).zone(), Colour::Black);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn zone(self) -> Colour {
        Colour::from_index((self.file() / 8) as usize)
    }
    /// Article file index, 0 = `a` … 7 = `h`.
    ///
    /// ```
    /// use gamenote::threeman::Square;
    /// assert_eq!("BLc5".parse::<Square>()?.article_file(), 2);
    /// assert_eq!(Square::new(0, 0).article_file(), 7); // WHh1
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn article_file(self) -> u8 {
        7 - self.file() % 8
    }
    /// Index into tables.
    ///
    /// ```
    /// use gamenote::threeman::Square;
    /// assert_eq!("GRh2".parse::<Square>()?.index(), 32);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// True for light squares (`d1` is light).
    ///
    /// ```
    /// use gamenote::threeman::Square;
    /// assert!("WHd1".parse::<Square>()?.is_light());
    /// assert!(!"WHe1".parse::<Square>()?.is_light());
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn is_light(self) -> bool {
        (self.rank() + self.file()).is_multiple_of(2)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}{}",
            self.zone().zone_code(),
            (b'a' + self.article_file()) as char,
            self.rank() + 1
        )
    }
}

/// Reads a zone code `WH`, `GR` or `BL`.
pub(crate) fn zone(input: &str) -> PResult<'_, Colour> {
    let z = match input.as_bytes() {
        [b'W', b'H', ..] => Colour::White,
        [b'G', b'R', ..] => Colour::Gray,
        [b'B', b'L', ..] => Colour::Black,
        _ => return text::fail(input, "a zone WH, GR or BL"),
    };
    Ok((&input[2..], z))
}

/// Reads an article file letter `a`..`h` as 0..=7.
///
/// ```
/// use gamenote::threeman::coord::file_letter;
/// assert_eq!(file_letter("c3"), Some(("3", 2)));
/// assert_eq!(file_letter("i3"), None);
/// ```
pub fn file_letter(input: &str) -> Option<(&str, u8)> {
    match input.as_bytes().first() {
        Some(c @ b'a'..=b'h') => Some((&input[1..], c - b'a')),
        _ => None,
    }
}

/// Reads an article rank digit `1`..`6` as 0..=5.
///
/// ```
/// use gamenote::threeman::coord::rank_digit;
/// assert_eq!(rank_digit("6+"), Some(("+", 5)));
/// assert_eq!(rank_digit("7"), None);
/// ```
pub fn rank_digit(input: &str) -> Option<(&str, u8)> {
    match input.as_bytes().first() {
        Some(c @ b'1'..=b'6') => Some((&input[1..], c - b'1')),
        _ => None,
    }
}

/// Reads a square such as `GRc3`.
pub(crate) fn square(input: &str) -> PResult<'_, Square> {
    let (rest, z) = zone(input)?;
    let Some((rest, x)) = file_letter(rest) else {
        return text::fail(rest, "a file a-h");
    };
    let Some((rest, r)) = rank_digit(rest) else {
        return text::fail(rest, "a rank 1-6");
    };
    Ok((rest, Square::from_article(z, x, r)))
}

impl FromStr for Square {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, ParseError> {
        text::parse_all(s, square)
    }
}

/// A set of squares: 144 bits in three words.
///
/// ```
/// use gamenote::threeman::coord::Bits;
/// let mut set = Bits::bit(3) | Bits::bit(140);
/// assert_eq!(set.count(), 2);
/// assert_eq!((set.pop(), set.pop(), set.pop()), (Some(3), Some(140), None));
/// assert!(set.is_empty() && set == Bits::EMPTY);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bits(pub [u64; 3]);

impl Bits {
    /// No squares.
    pub const EMPTY: Bits = Bits([0; 3]);
    /// The set of one square.
    ///
    /// ```
    /// use gamenote::threeman::coord::Bits;
    /// assert_eq!(Bits::bit(65), Bits([0, 2, 0]));
    /// ```
    ///
    /// # Panics
    ///
    /// When `s` is 192 or more (past the three words), in every build: [`Bits::try_bit`] is the twin that says `None`.
    #[inline]
    pub const fn bit(s: u8) -> Bits {
        let mut b = [0; 3];
        b[(s >> 6) as usize] = 1 << (s & 63);
        Bits(b)
    }
    /// The set of one square, or `None` when `s` is 192 or more.
    ///
    /// ```
    /// use gamenote::threeman::coord::Bits;
    /// assert_eq!(Bits::try_bit(191), Some(Bits([0, 0, 1 << 63])));
    /// assert_eq!(Bits::try_bit(192), None);
    /// ```
    #[inline]
    pub const fn try_bit(s: u8) -> Option<Bits> {
        if s < 192 { Some(Bits::bit(s)) } else { None }
    }
    /// True when `s` is in the set.
    ///
    /// ```
    /// use gamenote::threeman::coord::Bits;
    /// let set = Bits::bit(7) | Bits::bit(100);
    /// assert!(set.has(100) && !set.has(8));
    /// ```
    ///
    /// # Panics
    ///
    /// When `s` is 192 or more (past the three words), in every build; squares are below 144.
    #[inline]
    pub const fn has(self, s: u8) -> bool {
        (self.0[(s >> 6) as usize] >> (s & 63)) & 1 != 0
    }
    /// Adds `s`.
    ///
    /// ```
    /// use gamenote::threeman::coord::Bits;
    /// let mut set = Bits::EMPTY;
    /// set.set(143);
    /// assert!(set.has(143));
    /// assert_eq!(set, Bits::bit(143));
    /// ```
    ///
    /// # Panics
    ///
    /// When `s` is 192 or more (past the three words), in every build; squares are below 144.
    #[inline]
    pub fn set(&mut self, s: u8) {
        self.0[(s >> 6) as usize] |= 1 << (s & 63);
    }
    /// Removes `s`.
    ///
    /// ```
    /// use gamenote::threeman::coord::Bits;
    /// let mut set = Bits::bit(5) | Bits::bit(6);
    /// set.unset(5);
    /// assert_eq!(set, Bits::bit(6));
    /// ```
    ///
    /// # Panics
    ///
    /// When `s` is 192 or more (past the three words), in every build; squares are below 144.
    #[inline]
    pub fn unset(&mut self, s: u8) {
        self.0[(s >> 6) as usize] &= !(1 << (s & 63));
    }
    /// True when empty.
    ///
    /// ```
    /// use gamenote::threeman::coord::Bits;
    /// assert!(Bits::EMPTY.is_empty());
    /// assert!(!Bits::bit(0).is_empty());
    /// ```
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0[0] | self.0[1] | self.0[2] == 0
    }
    /// Number of squares.
    ///
    /// ```
    /// use gamenote::threeman::coord::Bits;
    /// assert_eq!((Bits::bit(1) | Bits::bit(70) | Bits::bit(130)).count(), 3);
    /// assert_eq!((!Bits::EMPTY).count(), 192); // every bit of the three words
    /// ```
    pub const fn count(self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()
    }
    /// Removes and returns the lowest square.
    ///
    /// ```
    /// use gamenote::threeman::coord::Bits;
    /// let mut set = Bits::bit(90) | Bits::bit(12);
    /// assert_eq!(set.pop(), Some(12));
    /// assert_eq!(set, Bits::bit(90));
    /// ```
    #[inline]
    pub fn pop(&mut self) -> Option<u8> {
        for i in 0..3 {
            let w = self.0[i];
            if w != 0 {
                self.0[i] = w & (w - 1);
                return Some((i as u32 * 64 + w.trailing_zeros()) as u8);
            }
        }
        None
    }
}

impl std::ops::BitOr for Bits {
    type Output = Bits;
    #[inline]
    fn bitor(self, o: Bits) -> Bits {
        Bits([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2]])
    }
}
impl std::ops::BitAnd for Bits {
    type Output = Bits;
    #[inline]
    fn bitand(self, o: Bits) -> Bits {
        Bits([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2]])
    }
}
impl std::ops::Not for Bits {
    type Output = Bits;
    #[inline]
    fn not(self) -> Bits {
        Bits([!self.0[0], !self.0[1], !self.0[2]])
    }
}
impl std::ops::BitOrAssign for Bits {
    #[inline]
    fn bitor_assign(&mut self, o: Bits) {
        *self = *self | o;
    }
}
impl std::ops::BitAndAssign for Bits {
    #[inline]
    fn bitand_assign(&mut self, o: Bits) {
        *self = *self & o;
    }
}

// ---------------------------------------------------------------------------------------
// Tables

/// Moat bits: `WG` (between White and Gray), `GB`, `BW`.
pub const MOAT_WG: u8 = 1;
/// The moat between Gray and Black.
pub const MOAT_GB: u8 = 2;
/// The moat between Black and White.
pub const MOAT_BW: u8 = 4;

/// The two moats of zone `z`.
///
/// ```
/// use gamenote::threeman::coord::{zone_moats, MOAT_BW, MOAT_GB, MOAT_WG};
/// assert_eq!(zone_moats(0), MOAT_WG | MOAT_BW); // White's zone
/// assert_eq!(zone_moats(1), MOAT_WG | MOAT_GB); // Gray's zone
/// ```
pub const fn zone_moats(z: usize) -> u8 {
    (1 << z) | (1 << ((z + 2) % 3))
}

/// Ray directions: file up (`F+1`), file down, rank inward, rank outward, then the four
/// diagonals (inward `+1`, inward `−1`, outward `+1`, outward `−1`). Rook rays are 0..4,
/// bishop rays 4..8.
pub const RAY_DIRS: usize = 8;
/// Longest ray (a file ray: 23 squares).
pub const RAY_MAX: usize = 23;

const fn sq(r: i32, f: i32) -> u8 {
    (r * 24 + f.rem_euclid(24)) as u8
}

/// The moat crossed by a step between ring files `a` and `b` when one of the squares is on
/// rank 1 (0 when both files lie in the same zone).
const fn boundary(a: i32, b: i32) -> u8 {
    let za = (a.rem_euclid(24) / 8) as u8;
    let zb = (b.rem_euclid(24) / 8) as u8;
    if za == zb {
        0
    } else if zb == (za + 1) % 3 {
        1 << za
    } else {
        1 << zb
    }
}

const fn step_moat(r1: i32, f1: i32, r2: i32, f2: i32) -> u8 {
    if r1 == 0 || r2 == 0 {
        boundary(f1, f2)
    } else {
        0
    }
}

/// Squares and cumulative moat masks of every ray.
///
/// ```
/// use gamenote::threeman::{coord::{MOAT_WG, RAYS}, Square};
/// let s: Square = "WHa1".parse()?;
/// // ray 0 goes up the ring files along rank 1: all 23 other squares of the ring
/// assert_eq!(RAYS.len[s.index()][0], 23);
/// assert_eq!(Square::from_index(RAYS.sq[s.index()][0][0].into()).to_string(), "GRh1");
/// assert_eq!(RAYS.moat[s.index()][0][0], MOAT_WG);
/// # Ok::<(), gamenote::ParseError>(())
/// ```
pub struct Rays {
    /// `len[s][d]`: squares on ray `d` from `s`.
    pub len: [[u8; RAY_DIRS]; SQUARES],
    /// `sq[s][d][i]`: the `i`-th square.
    pub sq: [[[u8; RAY_MAX]; RAY_DIRS]; SQUARES],
    /// `moat[s][d][i]`: moats crossed on the way from `s` to the `i`-th square, inclusive.
    pub moat: [[[u8; RAY_MAX]; RAY_DIRS]; SQUARES],
}

const fn build_rays() -> Rays {
    let mut t = Rays {
        len: [[0; RAY_DIRS]; SQUARES],
        sq: [[[0; RAY_MAX]; RAY_DIRS]; SQUARES],
        moat: [[[0; RAY_MAX]; RAY_DIRS]; SQUARES],
    };
    let mut s = 0;
    while s < SQUARES {
        let r0 = (s / 24) as i32;
        let f0 = (s % 24) as i32;
        let mut d = 0;
        while d < RAY_DIRS {
            let mut n = 0usize;
            let mut m = 0u8;
            let (mut r, mut f) = (r0, f0);
            match d {
                0 | 1 => {
                    let step = if d == 0 { 1 } else { -1 };
                    while n < 23 {
                        m |= step_moat(r, f, r, f + step);
                        f = (f + step).rem_euclid(24);
                        t.sq[s][d][n] = sq(r, f);
                        t.moat[s][d][n] = m;
                        n += 1;
                    }
                }
                2 => {
                    let mut outward = false;
                    loop {
                        if !outward {
                            if r < 5 {
                                r += 1;
                            } else {
                                f = (f + 12).rem_euclid(24);
                                outward = true;
                            }
                        } else if r > 0 {
                            r -= 1;
                        } else {
                            break;
                        }
                        t.sq[s][d][n] = sq(r, f);
                        n += 1;
                    }
                }
                3 => {
                    while r > 0 {
                        r -= 1;
                        t.sq[s][d][n] = sq(r, f);
                        n += 1;
                    }
                }
                4 | 5 => {
                    let dd = if d == 4 { 1 } else { -1 };
                    let mut outward = false;
                    loop {
                        let (nr, nf);
                        if !outward {
                            if r < 5 {
                                nr = r + 1;
                                nf = f + dd;
                            } else {
                                nr = 5;
                                nf = f - 10 * dd;
                                outward = true;
                            }
                        } else if r > 0 {
                            nr = r - 1;
                            nf = f + dd;
                        } else {
                            break;
                        }
                        m |= step_moat(r, f, nr, nf);
                        r = nr;
                        f = nf.rem_euclid(24);
                        if r == r0 && f == f0 {
                            break;
                        }
                        t.sq[s][d][n] = sq(r, f);
                        t.moat[s][d][n] = m;
                        n += 1;
                    }
                }
                _ => {
                    let dd = if d == 6 { 1 } else { -1 };
                    while r > 0 {
                        m |= step_moat(r, f, r - 1, f + dd);
                        r -= 1;
                        f = (f + dd).rem_euclid(24);
                        t.sq[s][d][n] = sq(r, f);
                        t.moat[s][d][n] = m;
                        n += 1;
                    }
                }
            }
            t.len[s][d] = n as u8;
            d += 1;
        }
        s += 1;
    }
    t
}

/// The ray tables.
pub static RAYS: Rays = build_rays();

/// A short list of target squares with the moat each jump or step crosses.
///
/// ```
/// use gamenote::threeman::{coord::KING, Square};
/// let steps = &KING["WHh1".parse::<Square>()?.index()];
/// assert_eq!(steps.len, 5);
/// let to: Vec<String> = steps.sq[..5].iter().map(|&s| Square::from_index(s.into()).to_string()).collect();
/// assert_eq!(to, ["WHg1", "BLa1", "WHh2", "WHg2", "BLa2"]);
/// assert_eq!(steps.moat[..5], [0, 4, 0, 0, 4]); // to BLa1 and BLa2 across the BW moat
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Steps {
    /// Number of targets.
    pub len: u8,
    /// Target squares.
    pub sq: [u8; 8],
    /// Moat bit crossed by each (0 for none).
    pub moat: [u8; 8],
}

const EMPTY_STEPS: Steps = Steps {
    len: 0,
    sq: [0; 8],
    moat: [0; 8],
};

const fn push(st: &mut Steps, r1: i32, f1: i32, r2: i32, f2: i32) {
    st.sq[st.len as usize] = sq(r2, f2);
    st.moat[st.len as usize] = step_moat(r1, f1, r2, f2);
    st.len += 1;
}

const fn build_knights() -> [Steps; SQUARES] {
    let mut t = [EMPTY_STEPS; SQUARES];
    let jumps: [(i32, i32); 8] = [
        (1, 2),
        (1, -2),
        (-1, 2),
        (-1, -2),
        (2, 1),
        (2, -1),
        (-2, 1),
        (-2, -1),
    ];
    let mut s = 0;
    while s < SQUARES {
        let r = (s / 24) as i32;
        let f = (s % 24) as i32;
        let mut j = 0;
        while j < 8 {
            let (dr, df) = jumps[j];
            let (mut r2, mut f2) = (r + dr, f + df);
            if r2 > 5 {
                r2 = 11 - r2;
                f2 += 12;
            }
            if r2 >= 0 {
                push(&mut t[s], r, f, r2, f2);
            }
            j += 1;
        }
        s += 1;
    }
    t
}

const fn build_kings() -> [Steps; SQUARES] {
    let mut t = [EMPTY_STEPS; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let r = (s / 24) as i32;
        let f = (s % 24) as i32;
        let st = &mut t[s];
        push(st, r, f, r, f + 1);
        push(st, r, f, r, f - 1);
        if r > 0 {
            push(st, r, f, r - 1, f);
            push(st, r, f, r - 1, f + 1);
            push(st, r, f, r - 1, f - 1);
        }
        if r < 5 {
            push(st, r, f, r + 1, f);
            push(st, r, f, r + 1, f + 1);
            push(st, r, f, r + 1, f - 1);
        } else {
            push(st, r, f, 5, f + 12);
            push(st, r, f, 5, f - 10);
            push(st, r, f, 5, f + 10);
        }
        s += 1;
    }
    t
}

/// Knight jumps from every square.
pub static KNIGHT: [Steps; SQUARES] = build_knights();
/// King steps from every square.
pub static KING: [Steps; SQUARES] = build_kings();

/// Squares an uncrossed pawn on the square captures onto: `(r+1, F±1)`, or `(5, F±10)` from
/// rank 6 (these also cross the centre and make the pawn crossed).
pub static PAWN_CAP_IN: [[u8; 2]; SQUARES] = {
    let mut t = [[0u8; 2]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let r = (s / 24) as i32;
        let f = (s % 24) as i32;
        t[s] = if r < 5 {
            [sq(r + 1, f + 1), sq(r + 1, f - 1)]
        } else {
            [sq(5, f + 10), sq(5, f - 10)]
        };
        s += 1;
    }
    t
};

/// Squares a crossed pawn captures onto: `(r−1, F±1)` (unused on rank 1).
pub static PAWN_CAP_OUT: [[u8; 2]; SQUARES] = {
    let mut t = [[0u8; 2]; SQUARES];
    let mut s = 24;
    while s < SQUARES {
        let r = (s / 24) as i32;
        let f = (s % 24) as i32;
        t[s] = [sq(r - 1, f + 1), sq(r - 1, f - 1)];
        s += 1;
    }
    t
};

/// The moat a step between two squares crosses (0 for none): different zones and one of the
/// squares on rank 1.
///
/// ```
/// use gamenote::threeman::{coord::{moat_between, MOAT_BW}, Square};
/// let (wh, bl) = ("WHh1".parse::<Square>()?, "BLa1".parse::<Square>()?);
/// let n = |s: Square| s.index() as u8;
/// assert_eq!(moat_between(n(wh), n(bl)), MOAT_BW);
/// let (wh, bl) = ("WHh3".parse::<Square>()?, "BLa3".parse::<Square>()?);
/// assert_eq!(moat_between(n(wh), n(bl)), 0); // off rank 1
/// # Ok::<(), gamenote::ParseError>(())
/// ```
pub const fn moat_between(a: u8, b: u8) -> u8 {
    step_moat(
        (a / 24) as i32,
        (a % 24) as i32,
        (b / 24) as i32,
        (b % 24) as i32,
    )
}

/// The squares of each ray, as a set.
pub static RAY_MASK: [[Bits; RAY_DIRS]; SQUARES] = {
    let mut t = [[Bits::EMPTY; RAY_DIRS]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let mut d = 0;
        while d < RAY_DIRS {
            let mut i = 0;
            while i < RAYS.len[s][d] as usize {
                let b = RAYS.sq[s][d][i];
                t[s][d].0[(b >> 6) as usize] |= 1u64 << (b & 63);
                i += 1;
            }
            d += 1;
        }
        s += 1;
    }
    t
};

const fn step_masks(st: &[Steps; SQUARES]) -> [Bits; SQUARES] {
    let mut t = [Bits::EMPTY; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let mut i = 0;
        while i < st[s].len as usize {
            let b = st[s].sq[i];
            t[s].0[(b >> 6) as usize] |= 1u64 << (b & 63);
            i += 1;
        }
        s += 1;
    }
    t
}

/// Knight targets of each square, as a set.
pub static KNIGHT_MASK: [Bits; SQUARES] = step_masks(&build_knights());
/// King targets of each square, as a set.
pub static KING_MASK: [Bits; SQUARES] = step_masks(&build_kings());

/// Every square on some queen ray from the square, moats ignored: the only squares whose
/// vacating can expose a king there to a slider.
pub static LINES: [Bits; SQUARES] = {
    let mut t = [Bits::EMPTY; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let mut d = 0;
        while d < RAY_DIRS {
            let mut i = 0;
            while i < RAYS.len[s][d] as usize {
                let b = RAYS.sq[s][d][i];
                t[s].0[(b >> 6) as usize] |= 1u64 << (b & 63);
                i += 1;
            }
            d += 1;
        }
        s += 1;
    }
    t
};

/// `REACH_TO[t][k]`: the squares from which a piece of kind code `k` (1 pawn … 6 king) could
/// reach `t` in one move on some board, moats ignored (pawns crossed or not, every step,
/// double step and capture). The reverse lookup behind resolving a written move.
pub(crate) static REACH_TO: [[Bits; 7]; SQUARES] = {
    let mut t = [[Bits::EMPTY; 7]; SQUARES];
    const fn add(t: &mut [[Bits; 7]; SQUARES], to: u8, k: usize, from: usize) {
        t[to as usize][k].0[from >> 6] |= 1u64 << (from & 63);
    }
    let mut s = 0;
    while s < SQUARES {
        let r = s / 24;
        let f = s % 24;
        // pawns, uncrossed: step in (across the centre from rank 6), double step, captures
        if r < 5 {
            add(&mut t, (s + 24) as u8, 1, s);
        } else {
            add(&mut t, (120 + (f + 12) % 24) as u8, 1, s);
        }
        if r == 1 {
            add(&mut t, (s + 48) as u8, 1, s);
        }
        add(&mut t, PAWN_CAP_IN[s][0], 1, s);
        add(&mut t, PAWN_CAP_IN[s][1], 1, s);
        // crossed: step out, captures out (en passant included)
        if r >= 1 {
            add(&mut t, (s - 24) as u8, 1, s);
            add(&mut t, PAWN_CAP_OUT[s][0], 1, s);
            add(&mut t, PAWN_CAP_OUT[s][1], 1, s);
        }
        let mut i = 0;
        while i < KNIGHT[s].len as usize {
            add(&mut t, KNIGHT[s].sq[i], 2, s);
            i += 1;
        }
        let mut i = 0;
        while i < KING[s].len as usize {
            add(&mut t, KING[s].sq[i], 6, s);
            i += 1;
        }
        let mut d = 0;
        while d < RAY_DIRS {
            let k = if d < 4 { 4 } else { 3 };
            let mut i = 0;
            while i < RAYS.len[s][d] as usize {
                add(&mut t, RAYS.sq[s][d][i], k, s);
                add(&mut t, RAYS.sq[s][d][i], 5, s);
                i += 1;
            }
            d += 1;
        }
        s += 1;
    }
    t
};

/// The squares of each zone (`[zone]`), article file (`[3 + x]`, `x` = 0 for `a`) and rank
/// (`[11 + r]`): the origins a written move's zone, file and rank allow.
pub(crate) static ORIGIN_SETS: [Bits; 17] = {
    let mut t = [Bits::EMPTY; 17];
    let mut s = 0;
    while s < SQUARES {
        let f = s % 24;
        let bit = 1u64 << (s & 63);
        t[f / 8].0[s >> 6] |= bit;
        t[3 + 7 - f % 8].0[s >> 6] |= bit;
        t[11 + s / 24].0[s >> 6] |= bit;
        s += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn article_mapping() {
        assert_eq!(Square::from_article(Colour::White, 0, 0), Square::new(0, 7));
        assert_eq!(Square::from_article(Colour::Gray, 7, 0), Square::new(0, 8));
        assert_eq!(
            Square::from_article(Colour::Black, 0, 5),
            Square::new(5, 23)
        );
        assert_eq!("BLf3".parse::<Square>().unwrap(), Square::new(2, 18));
        assert!(Square::new(0, 4).is_light());
        assert!(!Square::new(0, 7).is_light());
    }

    #[test]
    fn teardrop_from_e1() {
        let s = Square::new(0, 3).index();
        let names: Vec<String> = (0..RAYS.len[s][4] as usize)
            .map(|i| Square(RAYS.sq[s][4][i]).to_string())
            .collect();
        assert_eq!(
            names.join(" "),
            "WHd2 WHc3 WHb4 WHa5 GRh6 BLb6 BLa5 WHh4 WHg3 WHf2"
        );
    }
}
