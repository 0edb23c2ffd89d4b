//! The 30 slots of the Pylos pyramid, their written forms and the tables the rules use
//! (support, squares, lines), all computed at compile time.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;
use crate::text::{self, PErr, PResult};

/// One slot of the pyramid: level 1 (4×4) to level 4 (the top), indexed row-major within a
/// level, level 1 first (`1a1` = 0, `1b1` = 1, `1a2` = 4, `2a1` = 16, `3a1` = 25, `4a1` = 29).
///
/// ```
/// use gamenote::pylos::Slot;
/// let s: Slot = "2b3".parse().unwrap();
/// assert_eq!((s.level(), s.col(), s.row()), (2, 1, 2));
/// assert_eq!(s.index(), 23);
/// assert_eq!(s.to_string(), "2b3");
/// assert!("1e1".parse::<Slot>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slot(u8);

/// Number of slots.
pub const SLOTS: usize = 30;
/// First index of each level (1-based level `l` starts at `LEVEL_START[l - 1]`).
const LEVEL_START: [u8; 5] = [0, 16, 25, 29, 30];

/// The first slot `1a1`.
pub(crate) const FIRST: Slot = Slot(0);

/// The top slot `4a1`.
pub const TOP: Slot = Slot(29);

impl Slot {
    /// The slot with index `i` (0–29).
    ///
    /// ```
    /// use gamenote::pylos::{Slot, TOP};
    /// assert_eq!(Slot::from_index(23), Some("2b3".parse()?));
    /// assert_eq!(Slot::from_index(29), Some(TOP));
    /// assert_eq!(Slot::from_index(30), None);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn from_index(i: usize) -> Option<Slot> {
        if i < SLOTS { Some(Slot(i as u8)) } else { None }
    }

    /// The slot at level `level` (1–4), column `col` and row `row` (0-based).
    ///
    /// ```
    /// use gamenote::pylos::{Slot, TOP};
    /// assert_eq!(Slot::new(2, 1, 2), Some("2b3".parse()?));
    /// assert_eq!(Slot::new(4, 0, 0), Some(TOP));
    /// assert_eq!(Slot::new(3, 2, 0), None); // level 3 is 2×2
    /// assert_eq!(Slot::new(5, 0, 0), None);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn new(level: u8, col: u8, row: u8) -> Option<Slot> {
        if level == 0 || level > 4 {
            return None;
        }
        let size = 5 - level;
        if col >= size || row >= size {
            return None;
        }
        Some(Slot(LEVEL_START[(level - 1) as usize] + row * size + col))
    }

    /// Index 0–29.
    ///
    /// ```
    /// use gamenote::pylos::{Slot, TOP};
    /// assert_eq!("1a2".parse::<Slot>()?.index(), 4);
    /// assert_eq!("3a1".parse::<Slot>()?.index(), 25);
    /// assert_eq!(TOP.index(), 29);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The bit of this slot in a 30-bit set.
    ///
    /// ```
    /// use gamenote::pylos::{Slot, TOP};
    /// assert_eq!("1b1".parse::<Slot>()?.bit(), 0b10);
    /// assert_eq!(TOP.bit(), 1 << 29);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn bit(self) -> u32 {
        1 << self.0
    }

    /// The slot of bit `i` of a 30-bit set (`i` < 30), for loops over set bits.
    #[inline(always)]
    pub(crate) const fn of_bit(i: u32) -> Slot {
        debug_assert!(i < SLOTS as u32);
        Slot(i as u8)
    }

    /// Level 1–4.
    ///
    /// ```
    /// use gamenote::pylos::{Slot, TOP};
    /// assert_eq!("1d4".parse::<Slot>()?.level(), 1);
    /// assert_eq!("3b2".parse::<Slot>()?.level(), 3);
    /// assert_eq!(TOP.level(), 4);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn level(self) -> u8 {
        if self.0 < 16 {
            1
        } else if self.0 < 25 {
            2
        } else if self.0 < 29 {
            3
        } else {
            4
        }
    }

    const fn size(self) -> u8 {
        5 - self.level()
    }

    /// The slot's index within its level (0-based; [`Slot::numeric`] numbers from 1).
    pub(crate) const fn offset(self) -> u8 {
        self.0 - LEVEL_START[(self.level() - 1) as usize]
    }

    /// Column, 0-based (`a` = 0), from White's left.
    ///
    /// ```
    /// use gamenote::pylos::Slot;
    /// assert_eq!("1a4".parse::<Slot>()?.col(), 0);
    /// assert_eq!("2c1".parse::<Slot>()?.col(), 2);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn col(self) -> u8 {
        self.offset() % self.size()
    }

    /// Row, 0-based (row 1 = 0), nearest White first.
    ///
    /// ```
    /// use gamenote::pylos::Slot;
    /// assert_eq!("1d1".parse::<Slot>()?.row(), 0);
    /// assert_eq!("2c3".parse::<Slot>()?.row(), 2);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn row(self) -> u8 {
        self.offset() / self.size()
    }

    /// Every slot in index order.
    ///
    /// ```
    /// use gamenote::pylos::{Slot, TOP};
    /// assert_eq!(Slot::all().count(), 30);
    /// assert_eq!(Slot::all().next(), Some("1a1".parse()?));
    /// assert_eq!(Slot::all().last(), Some(TOP));
    /// assert_eq!(Slot::all().filter(|s| s.level() == 2).count(), 9);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn all() -> impl Iterator<Item = Slot> {
        (0..SLOTS as u8).map(Slot)
    }

    /// The numeric-style name: `1`–`16` on level 1, `L1`–`L9`, `U1`–`U4`, `0` for the top.
    ///
    /// ```
    /// use gamenote::pylos::{Slot, TOP};
    /// assert_eq!("1d2".parse::<Slot>()?.numeric(), "8");
    /// assert_eq!("2b2".parse::<Slot>()?.numeric(), "L5");
    /// assert_eq!("3a2".parse::<Slot>()?.numeric(), "U3");
    /// assert_eq!(TOP.numeric(), "0");
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn numeric(self) -> String {
        let n = self.offset() + 1;
        match self.level() {
            1 => n.to_string(),
            2 => format!("L{n}"),
            3 => format!("U{n}"),
            _ => "0".to_string(),
        }
    }

    /// The compact name: level-1 slots without their `1` (`b2`), others as usual.
    ///
    /// ```
    /// use gamenote::pylos::Slot;
    /// assert_eq!("1b2".parse::<Slot>()?.compact(), "b2");
    /// assert_eq!("2b2".parse::<Slot>()?.compact(), "2b2");
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn compact(self) -> String {
        if self.level() == 1 {
            format!("{}{}", (b'a' + self.col()) as char, self.row() + 1)
        } else {
            self.to_string()
        }
    }

    /// Order of canonical take-backs: higher level first, then column, then row.
    #[inline]
    pub(crate) fn takeback_key(self) -> (u8, u8, u8) {
        (4 - self.level(), self.col(), self.row())
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Level 1-4, column a-d, row 1-4: three ASCII bytes, written at once (the
        // formatting machinery per part cost more than the rest of `export`'s row).
        let text = [b'0' + self.level(), b'a' + self.col(), b'1' + self.row()];
        match std::str::from_utf8(&text) {
            Ok(s) => f.write_str(s),
            Err(_) => Err(fmt::Error),
        }
    }
}

impl FromStr for Slot {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Slot, ParseError> {
        text::parse_all(s, slot)
    }
}

const EXPECT_SLOT: &str = "a Pylos slot such as 1a1, 2b3 or 4a1";

/// A canonical slot: level digit, column letter, row digit (`1a1`–`4a1`).
pub(crate) fn slot(input: &str) -> PResult<'_, Slot> {
    let b = input.as_bytes();
    if b.len() >= 3 && (b'1'..=b'4').contains(&b[0]) && b[1].is_ascii_lowercase() {
        let level = b[0] - b'0';
        if let Some(s) = Slot::new(level, b[1] - b'a', b[2].wrapping_sub(b'1')) {
            return Ok((&input[3..], s));
        }
    }
    text::fail(input, EXPECT_SLOT)
}

/// A compact level-1 slot (`a1`–`d4`) or a canonical slot.
pub(crate) fn slot_any(input: &str) -> PResult<'_, (Slot, bool)> {
    let b = input.as_bytes();
    if b.len() >= 2 && (b'a'..=b'd').contains(&b[0]) {
        if let Some(s) = Slot::new(1, b[0] - b'a', b[1].wrapping_sub(b'1')) {
            return Ok((&input[2..], (s, true)));
        }
        return text::fail(input, EXPECT_SLOT);
    }
    slot(input).map(|(r, s)| (r, (s, false)))
}

/// A numeric-style slot: `1`–`16`, `L1`–`L9`, `U1`–`U4` or `0`.
pub(crate) fn slot_numeric(input: &str) -> PResult<'_, Slot> {
    let b = input.as_bytes();
    let (level, digits_from) = match b.first() {
        Some(b'L') => (2, 1),
        Some(b'U') => (3, 1),
        Some(b'0') => return Ok((&input[1..], TOP)),
        Some(b'1'..=b'9') => (1, 0),
        _ => {
            return Err(nom::Err::Error(PErr::new(
                input,
                "a numeric Pylos slot such as 7, L5, U2 or 0",
            )));
        }
    };
    let digits = b[digits_from..]
        .iter()
        .take(2)
        .take_while(|c| c.is_ascii_digit())
        .count();
    let mut n: u8 = 0;
    for d in &b[digits_from..digits_from + digits] {
        n = n * 10 + (d - b'0');
    }
    let size: u8 = 5 - level;
    if digits == 0 || n == 0 || n > size * size {
        return text::fail(input, "a numeric Pylos slot such as 7, L5, U2 or 0");
    }
    let i = n - 1;
    match Slot::new(level, i % size, i / size) {
        Some(s) => Ok((&input[digits_from + digits..], s)),
        None => text::fail(input, "a numeric Pylos slot such as 7, L5, U2 or 0"),
    }
}

/// For each slot, the four slots it rests on (0 on level 1).
pub const SUPPORT: [u32; SLOTS] = {
    let mut t = [0u32; SLOTS];
    let mut i = 16;
    while i < SLOTS {
        let s = Slot(i as u8);
        let (l, c, r) = (s.level(), s.col(), s.row());
        let mut m = 0u32;
        let corners = [(c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)];
        let mut k = 0;
        while k < 4 {
            if let Some(below) = Slot::new(l - 1, corners[k].0, corners[k].1) {
                m |= below.bit();
            }
            k += 1;
        }
        t[i] = m;
        i += 1;
    }
    t
};

/// For each slot, the slots that rest on it.
pub const ABOVE: [u32; SLOTS] = {
    let mut t = [0u32; SLOTS];
    let mut i = 0;
    while i < SLOTS {
        let mut j = 0;
        while j < SLOTS {
            if SUPPORT[j] & (1 << i) != 0 {
                t[i] |= 1 << j;
            }
            j += 1;
        }
        i += 1;
    }
    t
};

/// The 14 squares (2×2 blocks): 9 on level 1, 4 on level 2, 1 on level 3. The slots of the
/// level above rest exactly on these, so the square under slot `s` is `SUPPORT[s]`.
pub const SQUARES: [u32; 14] = {
    let mut t = [0u32; 14];
    let mut i = 0;
    while i < 14 {
        t[i] = SUPPORT[16 + i];
        i += 1;
    }
    t
};

/// The 14 lines of the alignment rules: rows and columns of level 1 (4 slots) and level 2
/// (3 slots). The first 8 are on level 1.
pub const LINES: [u32; 14] = {
    let mut t = [0u32; 14];
    let mut k = 0;
    let mut level = 1;
    while level <= 2 {
        let size = 5 - level;
        let mut i = 0;
        while i < size {
            let mut row = 0u32;
            let mut col = 0u32;
            let mut j = 0;
            while j < size {
                if let Some(s) = Slot::new(level, j, i) {
                    row |= s.bit();
                }
                if let Some(s) = Slot::new(level, i, j) {
                    col |= s.bit();
                }
                j += 1;
            }
            t[k] = row;
            t[k + 1] = col;
            k += 2;
            i += 1;
        }
        level += 1;
    }
    t
};

/// Bits of every level-1 slot (always supported).
pub const LEVEL1: u32 = (1 << 16) - 1;
/// Bits of every slot.
pub const ALL: u32 = (1 << SLOTS) - 1;

/// Iterates over the slots of a bit set, lowest index first.
///
/// ```
/// use gamenote::pylos::{SUPPORT, TOP, slots};
/// let names = |set| slots(set).map(|s| s.to_string()).collect::<Vec<_>>();
/// assert_eq!(names(0b101), ["1a1", "1c1"]);
/// assert_eq!(names(SUPPORT[TOP.index()]), ["3a1", "3b1", "3a2", "3b2"]);
/// assert_eq!(slots(0).count(), 0);
/// ```
pub fn slots(mut set: u32) -> impl Iterator<Item = Slot> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let i = set.trailing_zeros();
            set &= set - 1;
            Some(Slot(i as u8))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(set: u32) -> Vec<String> {
        slots(set).map(|s| s.to_string()).collect()
    }

    #[test]
    fn support_matches_the_spec() {
        let s = |t: &str| t.parse::<Slot>().unwrap();
        assert_eq!(
            names(SUPPORT[s("2b2").index()]),
            ["1b2", "1c2", "1b3", "1c3"]
        );
        assert_eq!(
            names(SUPPORT[s("3a1").index()]),
            ["2a1", "2b1", "2a2", "2b2"]
        );
        assert_eq!(names(SUPPORT[TOP.index()]), ["3a1", "3b1", "3a2", "3b2"]);
        assert_eq!(names(ABOVE[s("1b2").index()]), ["2a1", "2b1", "2a2", "2b2"]);
        assert_eq!(names(ABOVE[s("1a1").index()]), ["2a1"]);
    }

    #[test]
    fn bad_slots_do_not_parse() {
        for bad in ["1e1", "1a5", "1a0", "2d1", "3a3", "4b1", "5a1"] {
            assert!(bad.parse::<Slot>().is_err(), "{bad}");
        }
        assert_eq!(Slot::all().count(), 30);
        for s in Slot::all() {
            assert_eq!(s.to_string().parse::<Slot>().unwrap(), s);
        }
    }

    #[test]
    fn lines_and_numeric() {
        assert_eq!(LINES.iter().filter(|l| l.count_ones() == 4).count(), 8);
        assert_eq!(LINES.iter().filter(|l| l.count_ones() == 3).count(), 6);
        let s: Slot = "1d2".parse().unwrap();
        assert_eq!(s.numeric(), "8");
        assert_eq!("2b2".parse::<Slot>().unwrap().numeric(), "L5");
        assert_eq!(TOP.numeric(), "0");
        for s in Slot::all() {
            let n = s.numeric();
            assert_eq!(slot_numeric(&n).unwrap(), ("", s));
        }
    }
}
