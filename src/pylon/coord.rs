//! Pylon geometry: points of the square pyramid of size n (2 ≤ n ≤ 26), written in the Pylos
//! level-column-row style, and one precomputed table per size of what lies around each point
//! (orthogonal neighbours and the links that cross them, the four points below, the points
//! resting on it, the point directly above).

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use crate::error::ParseError;
use crate::text::{self, PResult};

/// The smallest board size.
pub const MIN_SIZE: u8 = 2;
/// The largest board size (columns are single letters).
pub const MAX_SIZE: u8 = 26;
/// The size used when no `[Size]` tag is given (the pbmserv default).
pub const DEFAULT_SIZE: u8 = 6;
/// The number of points of the largest pyramid: 26·27·53/6.
pub const MAX_POINTS: usize = 6201;
/// 64-bit words in a set of points, enough for the largest pyramid.
pub const WORDS: usize = MAX_POINTS.div_ceil(64);
/// "No point" in the index tables.
pub(crate) const NONE: u16 = u16::MAX;

/// A point of the pyramid: level 1 (the board) and up, column and row from 0.
///
/// It is written `<level><column letter><row + 1>`, e.g. `1a1`, `2b3`, `12c10`. A point read
/// from text is checked only for its shape (level and row of one or two digits, a column
/// letter); [`Geometry::index`] says whether it is on a board of a given size.
///
/// Points order by level, then column, then row, comparing numbers (the order covering sets
/// are printed in).
///
/// ```
/// use gamenote::pylon::Point;
/// let p: Point = "12c10".parse()?;
/// assert_eq!((p.level, p.col, p.row), (12, 2, 9));
/// assert_eq!(p.to_string(), "12c10");
/// assert!("1a0".parse::<Point>().is_err());
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Level, from 1 (the board).
    pub level: u8,
    /// Column from 0 (`a`); at most 25.
    pub col: u8,
    /// Row from 0 (written 1); at most 98.
    pub row: u8,
}

impl Point {
    /// The point at `level` (from 1), `col` and `row` (from 0).
    ///
    /// ```
    /// use gamenote::pylon::Point;
    /// let p = Point::new(2, 1, 0);
    /// assert_eq!(p.to_string(), "2b1");
    /// assert_eq!("2b1".parse::<Point>()?, p);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn new(level: u8, col: u8, row: u8) -> Self {
        Point { level, col, row }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let col = if self.col < 26 {
            char::from(b'a' + self.col)
        } else {
            '?'
        };
        write!(f, "{}{}{}", self.level, col, u16::from(self.row) + 1)
    }
}

/// A decimal number of one or two digits with no leading zero.
fn number<'a>(input: &'a str, what: &'static str) -> PResult<'a, u8> {
    let b = input.as_bytes();
    match b.first() {
        Some(d @ b'1'..=b'9') => {
            let first = d - b'0';
            match b.get(1) {
                Some(e @ b'0'..=b'9') => {
                    if b.get(2).is_some_and(u8::is_ascii_digit) {
                        text::fail(&input[2..], "a number of at most two digits")
                    } else {
                        Ok((&input[2..], first * 10 + (e - b'0')))
                    }
                }
                _ => Ok((&input[1..], first)),
            }
        }
        _ => text::fail(input, what),
    }
}

/// Reads a point such as `1a1` or `12c10` (shape only).
pub(crate) fn point(input: &str) -> PResult<'_, Point> {
    const WHAT: &str = "a Pylon point such as 1a1";
    let (rest, level) = text::expect(WHAT, |i| number(i, WHAT))(input)?;
    let col = match rest.as_bytes().first() {
        Some(c @ b'a'..=b'z') => c - b'a',
        _ => return text::fail(rest, "a column letter a-z"),
    };
    let (rest, row) = number(&rest[1..], "a row number from 1")?;
    Ok((rest, Point::new(level, col, row - 1)))
}

impl FromStr for Point {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, ParseError> {
        text::parse_all(s, point)
    }
}

/// Everything known about one point of one pyramid, as indices into the same table.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Info {
    /// The point itself.
    pub point: Point,
    /// Orthogonal neighbours east, north, west, south (NONE off the level).
    pub orth: [u16; 4],
    /// For each orthogonal neighbour, the two ends of the link one level up that crosses the
    /// link to it (NONE when the link is on an outer row or column).
    pub cross: [(u16, u16); 4],
    /// The four points this one rests on (all NONE on level 1).
    pub below: [u16; 4],
    /// The points resting on this one (NONE where there are fewer than four).
    pub above: [u16; 4],
    /// The point directly above, two levels up (NONE on the outer rows and columns).
    pub over: u16,
}

/// The precomputed table of one board size; get it with [`Geometry::of`].
///
/// Its indices run level by level from level 1, each level row by row from row 1.
///
/// ```
/// use gamenote::pylon::{Geometry, Point};
/// let g = Geometry::of(3).unwrap();
/// assert_eq!((g.size(), g.len(), g.width(2)), (3, 14, 2));
/// let i = g.index("2a1".parse()?).unwrap();
/// assert_eq!((i, g.point(i)), (9, Point::new(2, 0, 0)));
/// # Ok::<(), gamenote::ParseError>(())
/// ```
pub struct Geometry {
    size: u8,
    start: [u16; MAX_SIZE as usize + 2],
    pub(crate) info: Vec<Info>,
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Geometry({})", self.size)
    }
}

impl PartialEq for Geometry {
    fn eq(&self, other: &Self) -> bool {
        self.size == other.size
    }
}

static TABLES: [OnceLock<Geometry>; (MAX_SIZE - MIN_SIZE + 1) as usize] =
    [const { OnceLock::new() }; (MAX_SIZE - MIN_SIZE + 1) as usize];

impl Geometry {
    /// The table for size `n`, built once and shared; `None` outside 2–26.
    ///
    /// ```
    /// use gamenote::pylon::{Geometry, Point};
    /// let g = Geometry::of(6).unwrap();
    /// assert_eq!(g.len(), 91);
    /// assert_eq!(g.index(Point::new(1, 6, 0)), None); // 1g1 is off the size-6 board
    /// assert!(Geometry::of(27).is_none());
    /// ```
    pub fn of(n: u8) -> Option<&'static Geometry> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
            return None;
        }
        Some(TABLES[usize::from(n - MIN_SIZE)].get_or_init(|| Geometry::build(n)))
    }

    /// The board size n.
    ///
    /// ```
    /// use gamenote::pylon::Geometry;
    /// assert_eq!(Geometry::of(12).unwrap().size(), 12);
    /// ```
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The number of points, n(n+1)(2n+1)/6.
    ///
    /// ```
    /// use gamenote::pylon::{Geometry, MAX_POINTS};
    /// assert_eq!(Geometry::of(2).unwrap().len(), 5); // 4 + 1
    /// assert_eq!(Geometry::of(26).unwrap().len(), MAX_POINTS);
    /// ```
    pub fn len(&self) -> usize {
        self.info.len()
    }

    /// Always false: every pyramid has points.
    ///
    /// ```
    /// use gamenote::pylon::Geometry;
    /// assert!(!Geometry::of(2).unwrap().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.info.is_empty()
    }

    /// The width of level `level` (n − level + 1).
    ///
    /// ```
    /// use gamenote::pylon::Geometry;
    /// let g = Geometry::of(6).unwrap();
    /// assert_eq!((g.width(1), g.width(3), g.width(6)), (6, 4, 1));
    /// ```
    pub fn width(&self, level: u8) -> u8 {
        self.size + 1 - level
    }

    /// The index of `p` in the table, or `None` when it is not on this board.
    ///
    /// ```
    /// use gamenote::pylon::{Geometry, Point};
    /// let g = Geometry::of(3).unwrap();
    /// assert_eq!(g.index(Point::new(1, 0, 0)), Some(0)); // 1a1
    /// assert_eq!(g.index(Point::new(1, 1, 1)), Some(4)); // 1b2
    /// assert_eq!(g.index(Point::new(3, 0, 0)), Some(13)); // 3a1, the top
    /// assert_eq!(g.index(Point::new(2, 2, 0)), None); // 2c1: level 2 has columns a-b
    /// assert_eq!(g.index(Point::new(4, 0, 0)), None); // no level 4
    /// ```
    pub fn index(&self, p: Point) -> Option<usize> {
        if p.level == 0 || p.level > self.size {
            return None;
        }
        let w = self.width(p.level);
        if p.col >= w || p.row >= w {
            return None;
        }
        Some(
            usize::from(self.start[usize::from(p.level)])
                + usize::from(p.row) * usize::from(w)
                + usize::from(p.col),
        )
    }

    /// The point at index `i` (which must be below [`Geometry::len`]).
    ///
    /// # Panics
    ///
    /// When `i` is not below [`Geometry::len`], in every build; [`Geometry::get`] is the
    /// twin that says `None`.
    ///
    /// ```
    /// use gamenote::pylon::{Geometry, Point};
    /// let g = Geometry::of(3).unwrap();
    /// assert_eq!(g.point(4), Point::new(1, 1, 1));
    /// assert_eq!(g.point(g.len() - 1).to_string(), "3a1");
    /// ```
    pub fn point(&self, i: usize) -> Point {
        self.info[i].point
    }

    /// The point at index `i`, or `None` when `i` is not below [`Geometry::len`].
    ///
    /// ```
    /// use gamenote::pylon::{Geometry, Point};
    /// let g = Geometry::of(3).unwrap();
    /// assert_eq!(g.get(13), Some(Point::new(3, 0, 0)));
    /// assert_eq!(g.get(14), None);
    /// ```
    pub fn get(&self, i: usize) -> Option<Point> {
        self.info.get(i).map(|p| p.point)
    }

    /// Indices of level `level`'s points.
    ///
    /// ```
    /// use gamenote::pylon::Geometry;
    /// let g = Geometry::of(3).unwrap();
    /// assert_eq!(g.level_range(1), 0..9);
    /// assert_eq!(g.level_range(2), 9..13);
    /// assert_eq!(g.level_range(3), 13..14);
    /// let level2: Vec<String> = g.level_range(2).map(|i| g.point(i).to_string()).collect();
    /// assert_eq!(level2, ["2a1", "2b1", "2a2", "2b2"]);
    /// ```
    pub fn level_range(&self, level: u8) -> std::ops::Range<usize> {
        let l = usize::from(level);
        usize::from(self.start[l])..usize::from(self.start[l + 1])
    }

    fn build(n: u8) -> Geometry {
        let mut start = [0u16; MAX_SIZE as usize + 2];
        let mut total = 0u16;
        for level in 1..=n {
            start[usize::from(level)] = total;
            let w = u16::from(n + 1 - level);
            total += w * w;
        }
        for s in start.iter_mut().skip(usize::from(n) + 1) {
            *s = total;
        }
        let mut g = Geometry {
            size: n,
            start,
            info: Vec::with_capacity(usize::from(total)),
        };
        let at = |g: &Geometry, l: i32, c: i32, r: i32| -> u16 {
            if l < 1 || c < 0 || r < 0 || l > 255 || c > 255 || r > 255 {
                return NONE;
            }
            g.index(Point::new(l as u8, c as u8, r as u8))
                .map_or(NONE, |i| i as u16)
        };
        for level in 1..=n {
            let w = n + 1 - level;
            for row in 0..w {
                for col in 0..w {
                    let (l, c, r) = (i32::from(level), i32::from(col), i32::from(row));
                    let orth = [
                        at(&g, l, c + 1, r),
                        at(&g, l, c, r + 1),
                        at(&g, l, c - 1, r),
                        at(&g, l, c, r - 1),
                    ];
                    // The east link (c,r)-(c+1,r) is crossed by (L+1: c,r-1)-(c,r); the
                    // north link (c,r)-(c,r+1) by (L+1: c-1,r)-(c,r).
                    let pair = |a: u16, b: u16| {
                        if a == NONE || b == NONE {
                            (NONE, NONE)
                        } else {
                            (a, b)
                        }
                    };
                    let east = |g: &Geometry, c: i32, r: i32| {
                        pair(at(g, l + 1, c, r - 1), at(g, l + 1, c, r))
                    };
                    let north = |g: &Geometry, c: i32, r: i32| {
                        pair(at(g, l + 1, c - 1, r), at(g, l + 1, c, r))
                    };
                    let mut cross = [
                        east(&g, c, r),
                        north(&g, c, r),
                        east(&g, c - 1, r),
                        north(&g, c, r - 1),
                    ];
                    for (d, x) in cross.iter_mut().enumerate() {
                        if orth[d] == NONE {
                            *x = (NONE, NONE);
                        }
                    }
                    let below = if level == 1 {
                        [NONE; 4]
                    } else {
                        [
                            at(&g, l - 1, c, r),
                            at(&g, l - 1, c + 1, r),
                            at(&g, l - 1, c, r + 1),
                            at(&g, l - 1, c + 1, r + 1),
                        ]
                    };
                    let mut above = [NONE; 4];
                    let mut k = 0;
                    for (dc, dr) in [(-1, -1), (0, -1), (-1, 0), (0, 0)] {
                        let a = at(&g, l + 1, c + dc, r + dr);
                        if a != NONE {
                            above[k] = a;
                            k += 1;
                        }
                    }
                    g.info.push(Info {
                        point: Point::new(level, col, row),
                        orth,
                        cross,
                        below,
                        above,
                        over: at(&g, l + 2, c - 1, r - 1),
                    });
                }
            }
        }
        g
    }
}
