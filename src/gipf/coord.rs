//! GIPF geometry: the 61 points (24 dots, 37 spots) in the guide's coordinates, the six
//! directions, the 42 push rays and the 21 lines, all as tables built at compile time.
//!
//! A point's index is its place in column order (`a1` = 0, `a2` = 1, …, `i5` = 60), so a set
//! of points is a `u64` bitboard.
//!
//! Internally a point also has axial coordinates `x` (the column, `a` = 0) and
//! `y = row − 1 + max(0, x − 4)`, in which every step is a constant vector.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;
use crate::text::{self, PResult};

/// Number of points (dots and spots).
pub const POINTS: usize = 61;
/// Number of lines that hold spots.
pub const LINES: usize = 21;
/// Number of (dot, direction) push rays.
pub const RAYS: usize = 42;

const COL_LEN: [u8; 9] = [5, 6, 7, 8, 9, 8, 7, 6, 5];
const COL_START: [u8; 9] = [0, 5, 11, 18, 26, 35, 43, 50, 56];

/// A point of the board, dot or spot: `e5`, `a1`, ….
///
/// ```
/// use gamenote::gipf::Point;
/// let p: Point = "e5".parse().unwrap();
/// assert!(p.is_spot());
/// assert_eq!(p.to_string(), "e5");
/// assert!("a6".parse::<Point>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point(u8);

impl Point {
    /// The point at `col` (0 = a) and 1-based `row`, if it is on the board.
    ///
    /// ```
    /// use gamenote::gipf::Point;
    /// assert_eq!(Point::new(4, 5), Some("e5".parse()?));
    /// assert_eq!(Point::new(0, 6), None); // column a has rows 1 to 5
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn new(col: u8, row: u8) -> Option<Point> {
        if col >= 9 || row == 0 || row > COL_LEN[col as usize] {
            return None;
        }
        Some(Point(COL_START[col as usize] + row - 1))
    }
    /// The point with this index (0..61).
    ///
    /// ```
    /// use gamenote::gipf::Point;
    /// assert_eq!(Point::from_index(30), Some("e5".parse()?));
    /// assert_eq!(Point::from_index(60).map(|p| p.to_string()), Some("i5".into()));
    /// assert_eq!(Point::from_index(61), None);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn from_index(i: u8) -> Option<Point> {
        if (i as usize) < POINTS {
            Some(Point(i))
        } else {
            None
        }
    }
    /// The index 0..61 (column order).
    ///
    /// ```
    /// use gamenote::gipf::Point;
    /// assert_eq!("a1".parse::<Point>()?.index(), 0);
    /// assert_eq!("b1".parse::<Point>()?.index(), 5); // after a1 … a5
    /// assert_eq!("e5".parse::<Point>()?.index(), 30);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The bit of this point in a bitboard.
    ///
    /// ```
    /// use gamenote::gipf::Point;
    /// let e5: Point = "e5".parse()?;
    /// assert_eq!(e5.bit(), 1 << 30);
    /// assert_eq!(e5.bit(), 1 << e5.index());
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }
    /// Column, 0 = `a`.
    ///
    /// ```
    /// use gamenote::gipf::Point;
    /// assert_eq!("a3".parse::<Point>()?.col(), 0);
    /// assert_eq!("e5".parse::<Point>()?.col(), 4);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn col(self) -> u8 {
        TABLES.xy[self.0 as usize].0
    }
    /// Row as written, from 1.
    ///
    /// ```
    /// use gamenote::gipf::Point;
    /// assert_eq!("e5".parse::<Point>()?.row(), 5);
    /// assert_eq!("h6".parse::<Point>()?.row(), 6);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn row(self) -> u8 {
        let (x, y) = TABLES.xy[self.0 as usize];
        y - x.saturating_sub(4) + 1
    }
    /// True for the 24 dots on the rim.
    ///
    /// ```
    /// use gamenote::gipf::Point;
    /// assert!("a1".parse::<Point>()?.is_dot());
    /// assert!(!"e5".parse::<Point>()?.is_dot());
    /// assert_eq!(Point::all().filter(|p| p.is_dot()).count(), 24);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn is_dot(self) -> bool {
        DOTS & self.bit() != 0
    }
    /// True for the 37 spots where pieces stand.
    ///
    /// ```
    /// use gamenote::gipf::Point;
    /// assert!("e2".parse::<Point>()?.is_spot());
    /// assert!(!"e1".parse::<Point>()?.is_spot());
    /// assert_eq!(Point::all().filter(|p| p.is_spot()).count(), 37);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn is_spot(self) -> bool {
        !self.is_dot()
    }
    /// The neighbour in direction `d`, if on the board.
    ///
    /// ```
    /// use gamenote::gipf::{Dir, Point};
    /// let e5: Point = "e5".parse()?;
    /// assert_eq!(e5.step(Dir::N), Some("e6".parse()?));
    /// assert_eq!(e5.step(Dir::SE), Some("f4".parse()?));
    /// assert_eq!("e1".parse::<Point>()?.step(Dir::S), None);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn step(self, d: Dir) -> Option<Point> {
        let n = TABLES.step[self.0 as usize][d as usize];
        if n == NONE { None } else { Some(Point(n)) }
    }
    /// The push directions of a dot (empty for a spot).
    ///
    /// ```
    /// use gamenote::gipf::{Dir, Point};
    /// let c1: Point = "c1".parse()?;
    /// assert_eq!(c1.push_dirs().collect::<Vec<_>>(), [Dir::N, Dir::NE]);
    /// assert_eq!("e5".parse::<Point>()?.push_dirs().count(), 0);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn push_dirs(self) -> impl Iterator<Item = Dir> {
        Dir::ALL
            .into_iter()
            .filter(move |d| TABLES.ray_of[self.0 as usize][*d as usize] != NONE)
    }
    /// Every point, in index order.
    ///
    /// ```
    /// use gamenote::gipf::Point;
    /// let all: Vec<Point> = Point::all().collect();
    /// assert_eq!(all.len(), 61);
    /// assert_eq!((all[0].to_string(), all[60].to_string()), ("a1".into(), "i5".into()));
    /// assert!(all.iter().enumerate().all(|(i, p)| p.index() == i));
    /// ```
    pub fn all() -> impl Iterator<Item = Point> {
        (0..POINTS as u8).map(Point)
    }
}

/// Each point's name (`a1` … `i5`) as its two ASCII bytes, by index: every row is 1-9.
const NAMES: [[u8; 2]; POINTS] = {
    let mut names = [[0u8; 2]; POINTS];
    let mut i = 0;
    while i < POINTS {
        let p = Point(i as u8);
        names[i] = [b'a' + p.col(), b'0' + p.row()];
        i += 1;
    }
    names
};

impl Point {
    /// The point's name as two ASCII bytes (`*b"e5"`), for printers that write bytes
    /// (the notation's printer): no formatting, no UTF-8 check.
    #[inline(always)]
    pub(crate) const fn name(self) -> [u8; 2] {
        NAMES[self.0 as usize]
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Written into a small buffer, not through `write!`: the export prints a point
        // for every piece a move names.
        let (col, row) = (b'a' + self.col(), self.row());
        let mut buf = [col, 0, 0, 0];
        let len = match row {
            0..=9 => {
                buf[1] = b'0' + row;
                2
            }
            10..=99 => {
                buf[1] = b'0' + row / 10;
                buf[2] = b'0' + row % 10;
                3
            }
            _ => {
                buf[1] = b'0' + row / 100;
                buf[2] = b'0' + row / 10 % 10;
                buf[3] = b'0' + row % 10;
                4
            }
        };
        // ASCII letters and digits only.
        f.write_str(std::str::from_utf8(&buf[..len]).unwrap_or_default())
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Reads a point: a column letter `a`–`i` and a row within the column.
#[inline]
pub(crate) fn point(input: &str) -> PResult<'_, Point> {
    let b = input.as_bytes();
    let col = match b.first() {
        Some(c @ b'a'..=b'i') => c - b'a',
        _ => return text::fail(input, "a GIPF point such as e5"),
    };
    let row = match b.get(1) {
        Some(d @ b'1'..=b'9') => d - b'0',
        _ => return text::fail(input, "a GIPF point such as e5"),
    };
    if b.get(2).is_some_and(u8::is_ascii_digit) {
        return text::fail(input, "a GIPF point such as e5 (rows have one digit)");
    }
    match Point::new(col, row) {
        Some(p) => Ok((&input[2..], p)),
        None => text::fail(
            input,
            "a GIPF point within its column (a1-a5, b1-b6, …, e1-e9, …)",
        ),
    }
}

impl FromStr for Point {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, ParseError> {
        text::parse_all(s, point)
    }
}

/// One of the six directions; N points towards Black.
///
/// ```
/// use gamenote::gipf::{Dir, Point};
/// assert_eq!(Dir::ALL.len(), 6);
/// assert_eq!(Dir::NE.to_string(), "NE");
/// let e2: Point = "e2".parse()?;
/// assert_eq!(e2.step(Dir::N), Some("e3".parse()?)); // north, towards Black
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Dir {
    /// Towards Black: (0, +1).
    N = 0,
    /// Axial (+1, +1).
    NE = 1,
    /// Axial (+1, 0).
    SE = 2,
    /// Towards White: (0, −1).
    S = 3,
    /// Axial (−1, −1).
    SW = 4,
    /// Axial (−1, 0).
    NW = 5,
}

impl Dir {
    /// The six directions.
    pub const ALL: [Dir; 6] = [Dir::N, Dir::NE, Dir::SE, Dir::S, Dir::SW, Dir::NW];
    const fn delta(self) -> (i8, i8) {
        match self {
            Dir::N => (0, 1),
            Dir::NE => (1, 1),
            Dir::SE => (1, 0),
            Dir::S => (0, -1),
            Dir::SW => (-1, -1),
            Dir::NW => (-1, 0),
        }
    }
    /// The axis (0 = N–S, 1 = NE–SW, 2 = SE–NW).
    ///
    /// ```
    /// use gamenote::gipf::Dir;
    /// assert_eq!((Dir::N.axis(), Dir::S.axis()), (0, 0));
    /// assert_eq!((Dir::NE.axis(), Dir::SW.axis()), (1, 1));
    /// assert_eq!((Dir::SE.axis(), Dir::NW.axis()), (2, 2));
    /// ```
    pub const fn axis(self) -> usize {
        self as usize % 3
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// One of the 21 lines that hold spots, named by its end dots (`b1-i4`).
///
/// ```
/// use gamenote::gipf::Line;
/// let line: Line = "i4-b1".parse()?; // either end first
/// assert_eq!(line.to_string(), "b1-i4");
/// assert_eq!(line.spots().count(), 6);
/// let err = "a1-a2".parse::<Line>().unwrap_err();
/// assert_eq!((err.line, err.column), (1, 1));
/// assert_eq!(err.expected, "two end dots of one line, such as b1-i4");
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Line(u8);

impl Line {
    /// The line with this index (0..21).
    ///
    /// ```
    /// use gamenote::gipf::Line;
    /// assert_eq!(Line::from_index(0).map(|l| l.to_string()), Some("a1-i5".into()));
    /// assert_eq!(Line::from_index(20).map(|l| l.to_string()), Some("h1-h6".into()));
    /// assert_eq!(Line::from_index(21), None);
    /// ```
    pub const fn from_index(i: u8) -> Option<Line> {
        if (i as usize) < LINES {
            Some(Line(i))
        } else {
            None
        }
    }
    /// Index 0..21 (lines sorted by name).
    ///
    /// ```
    /// use gamenote::gipf::Line;
    /// assert_eq!("a1-i5".parse::<Line>()?.index(), 0);
    /// assert_eq!("a2-f1".parse::<Line>()?.index(), 1);
    /// assert_eq!("h1-h6".parse::<Line>()?.index(), 20);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The end dot named first (earlier by column, then row).
    ///
    /// ```
    /// use gamenote::gipf::Line;
    /// let line: Line = "i4-b1".parse()?;
    /// assert_eq!(line.first().to_string(), "b1");
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn first(self) -> Point {
        Point(TABLES.lines[self.0 as usize].first)
    }
    /// The end dot named second.
    ///
    /// ```
    /// use gamenote::gipf::Line;
    /// let line: Line = "i4-b1".parse()?;
    /// assert_eq!(line.last().to_string(), "i4");
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn last(self) -> Point {
        Point(TABLES.lines[self.0 as usize].last)
    }
    /// The spots from the first dot.
    ///
    /// ```
    /// use gamenote::gipf::Line;
    /// let line: Line = "b1-i4".parse()?;
    /// let spots: Vec<String> = line.spots().map(|p| p.to_string()).collect();
    /// assert_eq!(spots, ["c2", "d3", "e4", "f4", "g4", "h4"]);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn spots(self) -> impl Iterator<Item = Point> {
        let l = &TABLES.lines[self.0 as usize];
        l.spots[..l.len as usize].iter().map(|&i| Point(i))
    }
    /// The spots as a bitboard.
    ///
    /// ```
    /// use gamenote::gipf::Line;
    /// let line: Line = "b1-i4".parse()?;
    /// assert_eq!(line.mask().count_ones(), 6);
    /// assert_eq!(line.mask(), line.spots().fold(0, |m, p| m | p.bit()));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn mask(self) -> u64 {
        TABLES.lines[self.0 as usize].mask
    }
    /// The line through two end dots given in either order.
    ///
    /// ```
    /// use gamenote::gipf::{Line, Point};
    /// let (b1, i4): (Point, Point) = ("b1".parse()?, "i4".parse()?);
    /// assert_eq!(Line::between(i4, b1), Some("b1-i4".parse()?));
    /// assert_eq!(Line::between(b1, b1), None);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn between(a: Point, b: Point) -> Option<Line> {
        (0..LINES as u8)
            .map(Line)
            .find(|l| (l.first() == a && l.last() == b) || (l.first() == b && l.last() == a))
    }
    /// The line through spot `p` along `axis` (0..3); `None` for dots.
    ///
    /// ```
    /// use gamenote::gipf::{Line, Point};
    /// let e5: Point = "e5".parse()?;
    /// assert_eq!(Line::through(e5, 0), Some("e1-e9".parse()?)); // N–S
    /// assert_eq!(Line::through(e5, 1), Some("a1-i5".parse()?)); // NE–SW
    /// assert_eq!(Line::through(e5, 2), Some("a5-i1".parse()?)); // SE–NW
    /// assert_eq!(Line::through("e1".parse()?, 0), None);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn through(p: Point, axis: usize) -> Option<Line> {
        let l = TABLES.line_of[p.0 as usize][axis];
        if l == NONE { None } else { Some(Line(l)) }
    }
    /// Every line.
    ///
    /// ```
    /// use gamenote::gipf::Line;
    /// let names: Vec<String> = Line::all().map(|l| l.to_string()).collect();
    /// assert_eq!(names.len(), 21);
    /// assert_eq!(names[0], "a1-i5");
    /// assert!(names.contains(&"e1-e9".to_string()));
    /// ```
    pub fn all() -> impl Iterator<Item = Line> {
        (0..LINES as u8).map(Line)
    }
    pub(crate) fn raw(self) -> &'static LineInfo {
        &TABLES.lines[self.0 as usize]
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.first(), self.last())
    }
}

impl fmt::Debug for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Line {
    type Err = ParseError;
    /// Reads `b1-i4` or `i4-b1`.
    fn from_str(s: &str) -> Result<Self, ParseError> {
        let (a, b) = text::parse_all(s, |i| {
            let (i, a) = point(i)?;
            let (i, _) = text::byte(b'-', "'-'")(i)?;
            let (i, b) = point(i)?;
            Ok((i, (a, b)))
        })?;
        Line::between(a, b)
            .ok_or_else(|| ParseError::at(s, 0, "two end dots of one line, such as b1-i4"))
    }
}

/// A push ray: a dot, a direction, and the spots it runs over.
///
/// ```
/// use gamenote::gipf::{Dir, Ray};
/// let ray = Ray::new("e1".parse()?, Dir::N).unwrap();
/// assert_eq!((ray.len(), ray.spot(0).to_string()), (7, "e2".into()));
/// assert_eq!(ray.line().to_string(), "e1-e9");
/// assert_eq!(Ray::all().count(), 42);
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ray(u8);

impl Ray {
    /// The ray from dot `d` in direction `dir`, if `dir` is one of its push directions.
    ///
    /// ```
    /// use gamenote::gipf::{Dir, Ray};
    /// let ray = Ray::new("e1".parse()?, Dir::N);
    /// assert_eq!(ray.map(|r| r.dir()), Some(Dir::N));
    /// assert_eq!(Ray::new("e1".parse()?, Dir::NE), None); // e1 pushes north only
    /// assert_eq!(Ray::new("e5".parse()?, Dir::N), None); // a spot, not a dot
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn new(d: Point, dir: Dir) -> Option<Ray> {
        let r = TABLES.ray_of[d.0 as usize][dir as usize];
        if r == NONE { None } else { Some(Ray(r)) }
    }
    /// Index 0..42.
    ///
    /// ```
    /// use gamenote::gipf::{Dir, Ray};
    /// let ray = Ray::new("e1".parse()?, Dir::N).unwrap();
    /// assert_eq!(ray.index(), 20);
    /// assert_eq!(Ray::from_index(ray.index() as u8), Some(ray));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The ray with this index.
    ///
    /// ```
    /// use gamenote::gipf::{Dir, Ray};
    /// let first = Ray::from_index(0).unwrap();
    /// assert_eq!((first.dot().to_string(), first.dir()), ("a1".into(), Dir::NE));
    /// assert_eq!(Ray::from_index(42), None);
    /// ```
    pub const fn from_index(i: u8) -> Option<Ray> {
        if (i as usize) < RAYS {
            Some(Ray(i))
        } else {
            None
        }
    }
    /// The dot the piece enters from.
    ///
    /// ```
    /// use gamenote::gipf::{Dir, Ray};
    /// let ray = Ray::new("c1".parse()?, Dir::NE).unwrap();
    /// assert_eq!(ray.dot().to_string(), "c1");
    /// assert!(ray.dot().is_dot());
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn dot(self) -> Point {
        Point(TABLES.rays[self.0 as usize].dot)
    }
    /// The direction of the push.
    ///
    /// ```
    /// use gamenote::gipf::{Dir, Ray};
    /// let ray = Ray::new("c1".parse()?, Dir::NE).unwrap();
    /// assert_eq!(ray.dir(), Dir::NE);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn dir(self) -> Dir {
        Dir::ALL[TABLES.rays[self.0 as usize].dir as usize]
    }
    /// Number of spots on the ray.
    ///
    /// ```
    /// use gamenote::gipf::{Dir, Ray};
    /// assert_eq!(Ray::new("e1".parse()?, Dir::N).map(|r| r.len()), Some(7));
    /// assert_eq!(Ray::new("b1".parse()?, Dir::N).map(|r| r.len()), Some(4));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn len(self) -> usize {
        TABLES.rays[self.0 as usize].len as usize
    }
    /// Never true: every ray has at least 4 spots.
    ///
    /// ```
    /// use gamenote::gipf::Ray;
    /// assert!(Ray::all().all(|r| !r.is_empty() && r.len() >= 4));
    /// ```
    pub const fn is_empty(self) -> bool {
        false
    }
    /// The `i`-th spot from the dot.
    ///
    /// # Panics
    ///
    /// When `i` is not below [`Ray::len`]; [`Ray::get`] is the twin that says `None`.
    ///
    /// ```
    /// use gamenote::gipf::{Dir, Ray};
    /// let ray = Ray::new("e1".parse()?, Dir::N).unwrap();
    /// assert_eq!(ray.spot(0).to_string(), "e2"); // where the pushed piece lands
    /// assert_eq!(ray.spot(ray.len() - 1).to_string(), "e8");
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn spot(self, i: usize) -> Point {
        assert!(i < self.len(), "Ray::spot: index past the ray's last spot");
        Point(TABLES.rays[self.0 as usize].spots[i])
    }
    /// The `i`-th spot from the dot, or `None` past the ray's last spot.
    ///
    /// ```
    /// use gamenote::gipf::{Dir, Ray};
    /// let ray = Ray::new("e1".parse()?, Dir::N).unwrap();
    /// assert_eq!(ray.get(6).map(|p| p.to_string()).as_deref(), Some("e8"));
    /// assert_eq!(ray.get(7), None);
    /// assert_eq!(ray.get(99), None);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn get(self, i: usize) -> Option<Point> {
        if i < self.len() {
            Some(Point(TABLES.rays[self.0 as usize].spots[i]))
        } else {
            None
        }
    }
    /// The line the ray runs along.
    ///
    /// ```
    /// use gamenote::gipf::{Dir, Ray};
    /// let ray = Ray::new("i4".parse()?, Dir::SW).unwrap();
    /// assert_eq!(ray.line().to_string(), "b1-i4");
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub const fn line(self) -> Line {
        Line(TABLES.rays[self.0 as usize].line)
    }
    /// Every ray.
    ///
    /// ```
    /// use gamenote::gipf::{Point, Ray};
    /// assert_eq!(Ray::all().count(), 42);
    /// // One ray for each push direction of each dot.
    /// assert_eq!(Ray::all().count(), Point::all().map(|p| p.push_dirs().count()).sum::<usize>());
    /// ```
    pub fn all() -> impl Iterator<Item = Ray> {
        (0..RAYS as u8).map(Ray)
    }
    pub(crate) fn raw(self) -> &'static RayInfo {
        &TABLES.rays[self.0 as usize]
    }
    /// How a push along the ray is written on a board whose pieces are `occ`: the spot it
    /// enters when that is empty (`None` after), else the dot and the first empty spot (the
    /// first spot when none is). One table read for both.
    #[inline]
    pub(crate) fn written(self, occ: u64) -> (Point, Option<Point>) {
        let r = self.raw();
        let s0 = r.spots[0];
        if occ & (1u64 << (s0 & 63)) == 0 {
            return (Point(s0), None);
        }
        let free = r.mask & !occ;
        let to = if free == 0 {
            s0
        } else if r.up {
            free.trailing_zeros() as u8
        } else {
            (63 - free.leading_zeros()) as u8
        };
        (Point(r.dot), Some(Point(to)))
    }
    /// The place on the ray of its first spot not in `occ` (0 when every spot is in it):
    /// the ray's spot indices are monotonic, so that spot is its lowest or highest free bit.
    #[inline]
    pub(crate) fn end(self, occ: u64) -> usize {
        let r = self.raw();
        let free = r.mask & !occ;
        if free == 0 {
            return 0;
        }
        let end = if r.up {
            free.trailing_zeros()
        } else {
            63 - free.leading_zeros()
        };
        r.rank[end as usize & 63] as usize
    }
}

const NONE: u8 = u8::MAX;

/// Bitboard of the 24 dots.
pub const DOTS: u64 = build_dots();
/// Bitboard of the 37 spots.
pub const SPOTS: u64 = ((1u64 << POINTS) - 1) & !DOTS;
/// Bitboard of the 18 spots next to a dot (the outer ring of spots).
pub const RING: u64 = build_ring();

#[derive(Clone, Copy)]
pub(crate) struct LineInfo {
    pub first: u8,
    pub last: u8,
    pub spots: [u8; 7],
    pub len: u8,
    pub mask: u64,
    /// The windows of four consecutive spots (`len − 3` of them), as bitboards: a colour
    /// has a row on the line exactly when it fills one of them.
    pub win: [u64; 4],
    /// `prefix[k]`: the first `k` spots as a bitboard (so spots `a..b` are
    /// `prefix[b] & !prefix[a]`).
    pub prefix: [u64; 8],
}

#[derive(Clone, Copy)]
pub(crate) struct RayInfo {
    pub dot: u8,
    pub dir: u8,
    pub spots: [u8; 7],
    pub len: u8,
    pub line: u8,
    /// Lines crossing the ray at its first `i+1` spots (all three axes), as a bit set.
    pub cross: [u32; 7],
    /// The spots' bit positions in the axial layout ([`ax_bit`]).
    pub ax: [u8; 7],
    /// `axseg[k]`: the first `k` spots in the axial layout.
    pub axseg: [u64; 8],
    /// One step along the ray in the axial layout (±1, ±8, ±9).
    pub axstep: i8,
    /// The spots' indices grow along the ray (N, NE, SE); they fall along the others.
    pub up: bool,
    /// The spots of the ray as a bitboard.
    pub mask: u64,
    /// `rank[i]`: the place on the ray of the spot with index `i` (0 for points off it).
    pub rank: [u8; 64],
}

pub(crate) struct Tables {
    pub xy: [(u8, u8); POINTS],
    pub step: [[u8; 6]; POINTS],
    pub ray_of: [[u8; 6]; POINTS],
    pub rays: [RayInfo; RAYS],
    pub lines: [LineInfo; LINES],
    pub line_of: [[u8; 3]; POINTS],
    /// For each spot of the ring, one ray whose first spot it is (`NONE` elsewhere).
    pub entry: [u8; POINTS],
    /// `to_ray[dot][spot]`: the ray from `dot` that runs over `spot` (`NONE` if none).
    pub to_ray: [[u8; POINTS]; POINTS],
    /// `ax_line[axis][b]`: the line along `axis` through the spot at axial bit `b`
    /// ([`ax_bit`]; `NONE` for bits that are no spot).
    pub ax_line: [[u8; 64]; 3],
}

pub(crate) static TABLES: Tables = build_tables();

const fn idx_of(x: i8, y: i8) -> u8 {
    if x < 0 || x > 8 || y < 0 || y > 8 {
        return NONE;
    }
    let lo = if x > 4 { x - 4 } else { 0 };
    let hi = if x + 4 < 8 { x + 4 } else { 8 };
    if y < lo || y > hi {
        return NONE;
    }
    COL_START[x as usize] + (y - lo) as u8
}

const fn xy_of(i: u8) -> (u8, u8) {
    let mut x = 0;
    while x < 8 && COL_START[x + 1] <= i {
        x += 1;
    }
    let r = i - COL_START[x];
    (x as u8, r + (x as u8).saturating_sub(4))
}

const fn is_dot_xy(x: u8, y: u8) -> bool {
    x == 0 || x == 8 || y == 0 || y == 8 || (x as i8 - y as i8) == 4 || (y as i8 - x as i8) == 4
}

const fn build_dots() -> u64 {
    let mut m = 0u64;
    let mut i = 0u8;
    while (i as usize) < POINTS {
        let (x, y) = xy_of(i);
        if is_dot_xy(x, y) {
            m |= 1u64 << i;
        }
        i += 1;
    }
    m
}

const fn build_ring() -> u64 {
    let t = build_tables();
    let mut m = 0u64;
    let mut r = 0;
    while r < RAYS {
        m |= 1u64 << t.rays[r].spots[0];
        r += 1;
    }
    m
}

/// A spot's bit in the axial layout: `8(x − 1) + (y − 1)` for the spots' columns `x` = 1..=7
/// (b–h) and rows `y` = 1..=7, so that every direction is one constant shift (N +1, SE +8,
/// NE +9) and the 37 spots fit a `u64`; the eighth bit of each column is never a spot, so no
/// run of four wraps from one column into the next.
pub(crate) const fn ax_bit(x: u8, y: u8) -> u8 {
    8 * (x - 1) + (y - 1)
}

const fn step_xy(i: u8, d: usize) -> u8 {
    let (x, y) = xy_of(i);
    let (dx, dy) = Dir::ALL[d].delta();
    idx_of(x as i8 + dx, y as i8 + dy)
}

const fn build_tables() -> Tables {
    let dots = build_dots();
    let mut xy = [(0u8, 0u8); POINTS];
    let mut step = [[NONE; 6]; POINTS];
    let mut i = 0u8;
    while (i as usize) < POINTS {
        xy[i as usize] = xy_of(i);
        let mut d = 0;
        while d < 6 {
            step[i as usize][d] = step_xy(i, d);
            d += 1;
        }
        i += 1;
    }
    // Lines: walk every spot's three axes; a line is recorded once, from its first dot.
    let mut lines = [LineInfo {
        first: 0,
        last: 0,
        spots: [NONE; 7],
        len: 0,
        mask: 0,
        win: [0; 4],
        prefix: [0; 8],
    }; LINES];
    let mut nlines = 0;
    // Enumerate candidate lines by their first dot in index order, so lines come sorted by name.
    let mut dot = 0u8;
    while (dot as usize) < POINTS {
        if dots & (1u64 << dot) != 0 {
            // Positive directions (N, NE, SE) from this dot into a spot.
            let mut d = 0;
            while d < 3 {
                let s = step[dot as usize][d];
                if s != NONE && dots & (1u64 << s) == 0 {
                    let mut l = LineInfo {
                        first: dot,
                        last: 0,
                        spots: [NONE; 7],
                        len: 0,
                        mask: 0,
                        win: [0; 4],
                        prefix: [0; 8],
                    };
                    let mut p = s;
                    while dots & (1u64 << p) == 0 {
                        l.spots[l.len as usize] = p;
                        l.len += 1;
                        l.mask |= 1u64 << p;
                        l.prefix[l.len as usize] = l.mask;
                        p = step[p as usize][d];
                    }
                    let mut k = l.len as usize;
                    while k < 7 {
                        l.prefix[k + 1] = l.mask;
                        k += 1;
                    }
                    let mut a = 0;
                    while a + 4 <= l.len as usize {
                        l.win[a] = l.prefix[a + 4] & !l.prefix[a];
                        a += 1;
                    }
                    l.last = p;
                    // Reversed walk also starts at a dot; keep only walks whose start dot is
                    // the earlier end (always true for positive directions, since x or y grows).
                    lines[nlines] = l;
                    nlines += 1;
                }
                d += 1;
            }
        }
        dot += 1;
    }
    // Sort lines by (first, last) (insertion sort).
    let mut a = 1;
    while a < nlines {
        let mut b = a;
        while b > 0
            && (lines[b - 1].first > lines[b].first
                || (lines[b - 1].first == lines[b].first && lines[b - 1].last > lines[b].last))
        {
            let t = lines[b - 1];
            lines[b - 1] = lines[b];
            lines[b] = t;
            b -= 1;
        }
        a += 1;
    }
    let mut line_of = [[NONE; 3]; POINTS];
    let mut l = 0;
    while l < LINES {
        let s0 = lines[l].spots[0];
        let s1 = lines[l].spots[1];
        // Axis from the step between the first two spots.
        let mut axis = 0;
        while axis < 3 {
            if step[s0 as usize][axis] == s1 {
                break;
            }
            axis += 1;
        }
        let mut k = 0;
        while k < lines[l].len as usize {
            line_of[lines[l].spots[k] as usize][axis] = l as u8;
            k += 1;
        }
        l += 1;
    }
    // Rays: every dot and direction whose first step is a spot.
    let mut rays = [RayInfo {
        dot: 0,
        dir: 0,
        spots: [NONE; 7],
        len: 0,
        line: 0,
        cross: [0; 7],
        ax: [0; 7],
        axseg: [0; 8],
        axstep: 0,
        up: false,
        mask: 0,
        rank: [0; 64],
    }; RAYS];
    let mut ray_of = [[NONE; 6]; POINTS];
    let mut entry = [NONE; POINTS];
    let mut to_ray = [[NONE; POINTS]; POINTS];
    let mut nrays = 0;
    let mut dot = 0u8;
    while (dot as usize) < POINTS {
        if dots & (1u64 << dot) != 0 {
            let mut d = 0;
            while d < 6 {
                let s = step[dot as usize][d];
                if s != NONE && dots & (1u64 << s) == 0 {
                    let mut r = RayInfo {
                        dot,
                        dir: d as u8,
                        spots: [NONE; 7],
                        len: 0,
                        line: line_of[s as usize][d % 3],
                        cross: [0; 7],
                        ax: [0; 7],
                        axseg: [0; 8],
                        axstep: {
                            let (dx, dy) = Dir::ALL[d].delta();
                            8 * dx + dy
                        },
                        up: d < 3,
                        mask: 0,
                        rank: [0; 64],
                    };
                    let mut p = s;
                    let mut acc = 0u32;
                    while dots & (1u64 << p) == 0 {
                        r.spots[r.len as usize] = p;
                        let mut ax = 0;
                        while ax < 3 {
                            acc |= 1u32 << line_of[p as usize][ax];
                            ax += 1;
                        }
                        r.cross[r.len as usize] = acc;
                        r.ax[r.len as usize] = ax_bit(xy[p as usize].0, xy[p as usize].1);
                        r.axseg[r.len as usize + 1] =
                            r.axseg[r.len as usize] | (1u64 << r.ax[r.len as usize]);
                        to_ray[dot as usize][p as usize] = nrays as u8;
                        r.mask |= 1u64 << p;
                        r.rank[p as usize] = r.len;
                        r.len += 1;
                        p = step[p as usize][d];
                    }
                    ray_of[dot as usize][d] = nrays as u8;
                    if entry[s as usize] == NONE {
                        entry[s as usize] = nrays as u8;
                    }
                    rays[nrays] = r;
                    nrays += 1;
                }
                d += 1;
            }
        }
        dot += 1;
    }
    let mut ax_line = [[NONE; 64]; 3];
    let mut i = 0;
    while i < POINTS {
        let mut axis = 0;
        while axis < 3 && dots & (1u64 << i) == 0 {
            let a = ax_bit(xy[i].0, xy[i].1) as usize;
            ax_line[axis][a] = line_of[i][axis];
            axis += 1;
        }
        i += 1;
    }
    Tables {
        ax_line,
        xy,
        step,
        ray_of,
        rays,
        lines,
        line_of,
        entry,
        to_ray,
    }
}

/// The ray that canonically enters the ring spot `s` (the first in index order).
pub(crate) fn entry_ray(s: Point) -> Option<Ray> {
    let r = TABLES.entry[s.index()];
    if r == NONE { None } else { Some(Ray(r)) }
}

/// The ray from dot `d` that runs over spot `to`, if any.
#[inline]
pub(crate) fn ray_to(d: Point, to: Point) -> Option<Ray> {
    let r = TABLES.to_ray[d.index()][to.index()];
    if r == NONE { None } else { Some(Ray(r)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `written` is the push written as the notation guide says, found spot by spot: the
    /// first spot when empty, else the dot and the first empty spot (the first spot when
    /// none is), on every ray and every set of its spots taken.
    #[test]
    fn a_push_is_written_at_the_first_free_spot() {
        let (mut n, mut bare) = (0, 0);
        for ray in Ray::all() {
            let spots: Vec<Point> = (0..ray.len()).map(|i| ray.spot(i)).collect();
            for set in 0u32..1 << spots.len() {
                let occ = spots
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| set & (1 << i) != 0)
                    .fold(!ray.raw().mask, |m, (_, p)| m | p.bit());
                let want = if occ & spots[0].bit() == 0 {
                    bare += 1;
                    (spots[0], None)
                } else {
                    let free = spots.iter().copied().find(|p| occ & p.bit() == 0);
                    (ray.dot(), Some(free.unwrap_or(spots[0])))
                };
                assert_eq!(ray.written(occ), want, "{ray:?} {set:b}");
                n += 1;
            }
        }
        assert_eq!((n, bare), (2_112, 1_056));
    }

    /// The printer's names are what `Display` writes, for all 61 points.
    #[test]
    fn names_are_display() {
        let mut n = 0;
        for p in Point::all() {
            let name = p.name();
            assert_eq!(
                std::str::from_utf8(&name).ok(),
                Some(p.to_string().as_str())
            );
            n += 1;
        }
        assert_eq!(n, 61);
        assert_eq!(Point::all().last().map(Point::name), Some(*b"i5"));
    }

    /// `resolve_push_end` reads a full line off the ray's mask.
    #[test]
    fn ray_covers_its_line() {
        for d in Point::all().filter(|p| p.is_dot()) {
            for to in Point::all() {
                if let Some(ray) = ray_to(d, to) {
                    assert_eq!(ray.raw().mask, ray.line().mask(), "{d}-{to}");
                }
            }
        }
    }

    #[test]
    fn counts() {
        assert_eq!(DOTS.count_ones(), 24);
        assert_eq!(SPOTS.count_ones(), 37);
        assert_eq!(RING.count_ones(), 18);
        let mut n = 0;
        for p in Point::all() {
            n += p.push_dirs().count();
        }
        assert_eq!(n, 42);
    }

    #[test]
    fn lines_match_the_spec() {
        let names: Vec<String> = Line::all().map(|l| l.to_string()).collect();
        assert_eq!(names.len(), 21);
        let spots = |s: &str| -> String {
            let l: Line = s.parse().unwrap();
            l.spots()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(spots("b1-i4"), "c2 d3 e4 f4 g4 h4");
        assert_eq!(spots("i4-b1"), "c2 d3 e4 f4 g4 h4");
        assert_eq!(spots("a3-g1"), "b3 c3 d3 e3 f2");
        assert_eq!(spots("a5-i1"), "b5 c5 d5 e5 f4 g3 h2");
        assert_eq!(spots("d8-i4"), "e8 f7 g6 h5");
        assert_eq!(spots("c7-i3"), "d7 e7 f6 g5 h4");
        assert_eq!(spots("e1-e9"), "e2 e3 e4 e5 e6 e7 e8");
        for n in [
            "a2-f1", "a4-f8", "b1-b6", "d1-i2", "d8-i4", "h1-h6", "a3-g1", "a3-g7", "c1-c7",
            "c1-i3", "c7-i3", "g1-g7", "a2-h6", "a4-h1", "b1-i4", "b6-i2", "d1-d8", "f1-f8",
            "a1-i5", "a5-i1", "e1-e9",
        ] {
            assert!(names.contains(&n.to_string()), "{n}");
        }
    }

    #[test]
    fn push_directions() {
        let dirs = |s: &str| -> Vec<Dir> { s.parse::<Point>().unwrap().push_dirs().collect() };
        assert_eq!(dirs("a1"), vec![Dir::NE]);
        assert_eq!(dirs("a5"), vec![Dir::SE]);
        assert_eq!(dirs("e1"), vec![Dir::N]);
        assert_eq!(dirs("e9"), vec![Dir::S]);
        assert_eq!(dirs("i1"), vec![Dir::NW]);
        assert_eq!(dirs("i5"), vec![Dir::SW]);
        assert_eq!(dirs("a3"), vec![Dir::NE, Dir::SE]);
        assert_eq!(dirs("c1"), vec![Dir::N, Dir::NE]);
        assert_eq!(dirs("g1"), vec![Dir::N, Dir::NW]);
        assert_eq!(dirs("c7"), vec![Dir::SE, Dir::S]);
        assert_eq!(dirs("h6"), vec![Dir::S, Dir::SW]);
        assert_eq!(dirs("i3"), vec![Dir::SW, Dir::NW]);
        assert_eq!(dirs("e5"), vec![]);
    }

    #[test]
    fn steps_follow_the_table() {
        let walk = |from: &str, d: Dir| -> String {
            let mut p: Point = from.parse().unwrap();
            let mut v = vec![p.to_string()];
            while let Some(q) = p.step(d) {
                p = q;
                v.push(p.to_string());
            }
            v.join(" ")
        };
        assert_eq!(walk("b1", Dir::NE), "b1 c2 d3 e4 f4 g4 h4 i4");
        assert_eq!(walk("a5", Dir::SE), "a5 b5 c5 d5 e5 f4 g3 h2 i1");
        assert_eq!(walk("g1", Dir::NW), "g1 f2 e3 d3 c3 b3 a3");
    }

    #[test]
    fn ray_tables_agree_with_the_rays() {
        for r in Ray::all() {
            let d = r.dot();
            for i in 0..r.len() {
                assert_eq!(ray_to(d, r.spot(i)), Some(r));
                // The end with the first i spots occupied is spot i.
                let occ = (0..i).fold(0, |m, k| m | r.spot(k).bit());
                assert_eq!(r.end(occ), i, "{r:?} {i}");
            }
            let spots: Vec<usize> = (0..r.len()).map(|i| r.spot(i).index()).collect();
            let up = spots.windows(2).all(|w| w[0] < w[1]);
            let down = spots.windows(2).all(|w| w[0] > w[1]);
            assert!(up || down, "{r:?}: spot indices not monotonic");
            assert_eq!(r.raw().up, up);
        }
        for d in Point::all() {
            for to in Point::all() {
                let expected = d
                    .push_dirs()
                    .filter_map(|dir| Ray::new(d, dir))
                    .find(|r| (0..r.len()).any(|i| r.spot(i) == to));
                assert_eq!(ray_to(d, to), expected, "{d} {to}");
            }
        }
        // Each line's windows are its runs of four spots.
        for l in Line::all() {
            let spots: Vec<Point> = l.spots().collect();
            let raw = l.raw();
            for (a, w) in raw.win.iter().enumerate() {
                let expected = if a + 4 <= spots.len() {
                    spots[a..a + 4].iter().fold(0, |m, p| m | p.bit())
                } else {
                    0
                };
                assert_eq!(*w, expected, "{l} window {a}");
            }
        }
    }

    #[test]
    fn points_parse() {
        for p in Point::all() {
            assert_eq!(p.to_string().parse::<Point>().unwrap(), p);
        }
        assert!("a6".parse::<Point>().is_err());
        assert!("b7".parse::<Point>().is_err());
        assert!("j1".parse::<Point>().is_err());
        assert!("e10".parse::<Point>().is_err());
        assert_eq!("e5".parse::<Point>().unwrap().index(), 30);
    }
}
