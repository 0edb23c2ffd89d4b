//! The written Pylon move: a point with its covering pieces in brackets (`1b2[2a1,2a2]`), or
//! `pass`; and the score comment `{W 3 B 7}` that follows the result of a finished game.

use crate::game::Play;
use std::fmt;

use crate::ascii::{Out, ToFormatter};
use std::str::FromStr;

use super::coord::{Point, point};
use crate::error::{ParseError, ValueError};
use crate::game::{GameResult, Outcome};
use crate::text::{self, PErr, PResult};

/// A move as written.
///
/// ```
/// use gamenote::pylon::{Notation, Point};
/// let n: Notation = "1b2[2a1,2a2]".parse()?;
/// assert_eq!(
///     n,
///     Notation::Place {
///         at: Point::new(1, 1, 1),
///         cover: Some(vec![Point::new(2, 0, 0), Point::new(2, 0, 1)]),
///     }
/// );
/// assert_eq!(n.to_string(), "1b2[2a1,2a2]");
/// assert_eq!("PASS".parse::<Notation>()?, Notation::Pass);
/// assert!("1b2[]".parse::<Notation>().is_err());
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Notation {
    /// A placement; `cover` is the bracketed covering set as written (in written order,
    /// never empty), or `None` when no brackets were written.
    Place {
        /// The point played.
        at: Point,
        /// The covering pieces as written.
        cover: Option<Vec<Point>>,
    },
    /// A forced pass (`pass`, any case on input).
    Pass,
}

/// The only written style: covering sets always printed, sorted.
///
/// ```
/// use gamenote::pylon::Style;
/// assert_eq!("Standard".parse::<Style>()?, Style::Standard);
/// assert_eq!(Style::default().to_string(), "standard");
/// let err = "short".parse::<Style>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown Pylon style \"short\": the only style is standard");
/// # Ok::<(), gamenote::ValueError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Style {
    /// `point[covers]` or `pass`.
    #[default]
    Standard,
}

impl fmt::Display for Style {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("standard")
    }
}

impl FromStr for Style {
    type Err = ValueError;
    fn from_str(s: &str) -> Result<Self, ValueError> {
        if s.trim().eq_ignore_ascii_case("standard") {
            Ok(Style::Standard)
        } else {
            Err(ValueError::new(format!(
                "unknown Pylon style \"{s}\": the only style is standard"
            )))
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        ToFormatter::print(f, |o| put_notation(o, self))
    }
}

/// A point as [`Point`]'s `Display` writes it: level, column letter, row from 1.
#[inline]
fn put_point(o: &mut impl Out, p: Point) {
    o.bytes(crate::game::decimal(u32::from(p.level), &mut [0; 10]));
    o.byte(if p.col < 26 { b'a' + p.col } else { b'?' });
    o.bytes(crate::game::decimal(u32::from(p.row) + 1, &mut [0; 10]));
}

/// The move: `pass`, or the point and its covering list in brackets.
#[inline]
fn put_notation(o: &mut impl Out, n: &Notation) {
    match n {
        Notation::Pass => o.bytes(b"pass"),
        Notation::Place { at, cover } => {
            put_point(o, *at);
            if let Some(c) = cover {
                o.byte(b'[');
                for (k, p) in c.iter().enumerate() {
                    if k > 0 {
                        o.byte(b',');
                    }
                    put_point(o, *p);
                }
                o.byte(b']');
            }
        }
    }
}

impl Notation {
    /// Appends the move as `Display` writes it to `out`, byte by byte without the
    /// formatting machinery (`Display` runs the same printer, so the two cannot differ). For
    /// writers that print many moves, such as the export.
    ///
    /// ```
    /// use gamenote::pylon::Notation;
    /// let mut out = String::from("moves: ");
    /// for m in ["1b2", "3c10[2a1,2b1]", "PASS"] {
    ///     let n: Notation = m.parse()?;
    ///     n.write_to(&mut out);
    ///     out.push(' ');
    /// }
    /// assert_eq!(out, "moves: 1b2 3c10[2a1,2b1] pass ");
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn write_to(&self, out: &mut String) {
        crate::ascii::ToString::print(out, |o| put_notation(o, self));
    }
}

const MOVE: &str = "a Pylon move such as 1b2, 1b2[2a1] or pass";

/// Reads one move: `pass` (any case) or a point with an optional covering list; it must end
/// at a token boundary.
pub(crate) fn notation(input: &str) -> PResult<'_, Notation> {
    if input.len() >= 4 && input.as_bytes()[..4].eq_ignore_ascii_case(b"pass") {
        let rest = &input[4..];
        if text::at_boundary(rest, b"") {
            return Ok((rest, Notation::Pass));
        }
        return text::fail(rest, "the end of the move after pass");
    }
    let (mut rest, at) = text::expect(MOVE, point)(input)?;
    let mut cover = None;
    if let Some(r) = rest.strip_prefix('[') {
        let mut list: Vec<Point> = Vec::new();
        let mut r = r;
        loop {
            let before = r;
            let (r2, p) = text::expect("a covering point such as 2a1", point)(r)?;
            if list.contains(&p) {
                return Err(nom::Err::Failure(PErr::new(
                    before,
                    "a covering point not already listed",
                )));
            }
            list.push(p);
            r = r2;
            if let Some(r2) = r.strip_prefix(',') {
                r = r2;
            } else if let Some(r2) = r.strip_prefix(']') {
                r = r2;
                break;
            } else {
                return text::fail(r, "',' or ']' in the covering list");
            }
        }
        cover = Some(list);
        rest = r;
    }
    if !text::at_boundary(rest, b"") {
        return text::fail(rest, "the end of the move");
    }
    Ok((rest, Notation::Place { at, cover }))
}

/// The common move, a one-digit point such as `1b2` or `pass`, ended by a token boundary
/// and read in registers without the general grammar (which gives the same value for it);
/// `None` for anything else.
#[inline(always)]
pub(crate) fn quick(input: &str) -> Option<(&str, Notation)> {
    let b = input.as_bytes();
    let boundary = |i: usize| {
        b.get(i)
            .is_none_or(|c| c.is_ascii_whitespace() || *c == b'{')
    };
    if b.starts_with(b"pass") && boundary(4) {
        return Some((&input[4..], Notation::Pass));
    }
    match b {
        [l @ b'1'..=b'9', c @ b'a'..=b'z', r @ b'1'..=b'9', ..] if boundary(3) => {
            let at = Point::new(l - b'0', c - b'a', r - b'1');
            Some((&input[3..], Notation::Place { at, cover: None }))
        }
        _ => None,
    }
}

/// Panics unless the shortcut reads `s` as the general grammar does (for the fuzz targets).
pub(crate) fn check_quick(s: &str) {
    if let Some((rest, n)) = quick(s) {
        match notation(s) {
            Ok((rest2, n2)) => assert_eq!((rest, n), (rest2, n2), "{s:?}"),
            Err(e) => panic!("the shortcut reads {s:?} but the grammar does not: {e:?}"),
        }
    }
}

impl FromStr for Notation {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, ParseError> {
        text::parse_all(s, notation)
    }
}

/// Reads a score comment's text (`W 3 B 7`, spaces optional); `None` when the comment is not
/// a score, or when a number in it is above 4,294,967,295 (see [`score_out_of_range`]).
///
/// ```
/// use gamenote::pylon::score_comment;
/// assert_eq!(score_comment(" W 3 B 7 "), Some((3, 7)));
/// assert_eq!(score_comment("a fine game"), None);
/// assert_eq!(score_comment("W 4294967296 B 0"), None);
/// ```
pub fn score_comment(c: &str) -> Option<(u32, u32)> {
    scan_score(c).ok().flatten()
}

/// In a comment that would be a score comment but for the size of a number, the byte
/// offset of the first number above 4,294,967,295 or written with a sign (`-1`, `+3`); `None` for a score that reads and for any
/// other comment.
///
/// ```
/// use gamenote::pylon::score_out_of_range;
/// assert_eq!(score_out_of_range("W 4294967296 B 0"), Some(2));
/// assert_eq!(score_out_of_range("W 4294967295 B 99999999999"), Some(15));
/// assert_eq!(score_out_of_range("W 4294967295 B 0"), None);
/// assert_eq!(score_out_of_range("W 3 B -1"), Some(6), "a sign makes no score");
/// assert_eq!(score_out_of_range("W +3 B 1"), Some(2));
/// assert_eq!(score_out_of_range("W 99999999999 and more"), None, "not a score: a comment");
/// ```
pub fn score_out_of_range(c: &str) -> Option<usize> {
    scan_score(c).err()
}

/// A score comment read: `Ok(Some(score))`, `Ok(None)` when it is not one, `Err(at)` when it
/// is one but for the number at byte `at`, too large for a `u32`.
fn scan_score(c: &str) -> Result<Option<(u32, u32)>, usize> {
    /// The index of the first byte from `i` that is not a space or a tab.
    fn sp(b: &[u8], mut i: usize) -> usize {
        while matches!(b.get(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        i
    }
    /// `letter`, spaces, then digits, from `i`: the number (`Err` with its start when it
    /// is above `u32::MAX`) and the index after.
    fn item(b: &[u8], i: usize, letter: u8) -> Option<(Result<u32, usize>, usize)> {
        if b.get(i) != Some(&letter) {
            return None;
        }
        let (start, mut i) = (sp(b, i + 1), sp(b, i + 1));
        // A sign makes no score (`W -1`, `W +3`): out of range, like a number too large.
        let signed =
            matches!(b.get(i), Some(b'+' | b'-')) && b.get(i + 1).is_some_and(u8::is_ascii_digit);
        if signed {
            i += 1;
        }
        let mut n = Some(0u32).filter(|_| !signed);
        while let Some(&d) = b.get(i).filter(|d| d.is_ascii_digit()) {
            n = n
                .and_then(|n| n.checked_mul(10))
                .and_then(|n| n.checked_add(u32::from(d - b'0')));
            i += 1;
        }
        (i > start).then_some((n.ok_or(start), i))
    }
    let b = c.as_bytes();
    let Some((w, i)) = item(b, sp(b, 0), b'W') else {
        return Ok(None);
    };
    let Some((k, i)) = item(b, sp(b, i), b'B') else {
        return Ok(None);
    };
    if sp(b, i) != b.len() {
        return Ok(None);
    }
    Ok(Some((w?, k?)))
}

/// Pylon's written result: the result token and the score comment after it, as a record ends
/// (`0-1 {W 3 B 7}`).
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::{pylon::{Pylon, Rules, Score}, Game, GameResult, Outcome};
/// let s: Score = "0-1 {W 3 B 7}".parse()?;
/// assert_eq!(s.result, GameResult::Decided(Outcome::Win(1)));
/// assert_eq!((s.white, s.black), (3, 7));
/// assert_eq!(s.to_string(), "0-1 {W 3 B 7}");
/// assert_eq!(Score::of(&Pylon::start(&Rules::with_size(2))).to_string(), "* {W 0 B 0}");
/// assert!("1-0 {W 3 B 7}".parse::<Score>().is_err()); // the score says Black won
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Score {
    /// The result token.
    pub result: GameResult,
    /// White's score.
    pub white: u32,
    /// Black's score.
    pub black: u32,
}

impl Score {
    /// The score of `pos`, with the result by the rules (`*` while the game goes on).
    ///
    /// ```
    /// use gamenote::{pylon::{Pylon, Score}, record::replay, GameResult, Mode, Outcome, Record};
    /// let rec: Record<Pylon> = "[Size \"3\"]\n\n1b3 1b2 1c1 1a3 1a2[2a2] 1c2 1b1 1-0".parse()?;
    /// let end = replay(&rec, Mode::Strict).into_result()?.end;
    /// let score = Score::of(&end);
    /// assert_eq!(score.result, GameResult::Decided(Outcome::Win(0)));
    /// assert_eq!((score.white, score.black), (5, 3));
    /// assert_eq!(score.to_string(), "1-0 {W 5 B 3}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of(pos: &super::Position) -> Score {
        Score {
            result: super::Pylon::outcome(pos).map_or(GameResult::Unfinished, GameResult::Decided),
            white: pos.score(0),
            black: pos.score(1),
        }
    }

    /// The score comment's text, without its braces: what [`score_comment`] reads.
    ///
    /// ```
    /// use gamenote::{pylon::Score, GameResult, Outcome};
    /// let s = Score { result: GameResult::Decided(Outcome::Win(0)), white: 5, black: 3 };
    /// assert_eq!(s.comment(), "W 5 B 3");
    /// assert_eq!(gamenote::pylon::score_comment(&s.comment()), Some((5, 3)));
    /// ```
    pub fn comment(&self) -> String {
        format!("W {} B {}", self.white, self.black)
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {{{}}}", self.result, self.comment())
    }
}

impl FromStr for Score {
    type Err = ParseError;
    /// Reads a result token, then the score comment; a decided result must agree with the
    /// score (the higher score wins, equal scores draw).
    fn from_str(s: &str) -> Result<Score, ParseError> {
        let at = s.find(|c: char| c.is_ascii_whitespace()).unwrap_or(s.len());
        let result: GameResult = s[..at].parse()?;
        let rest = s[at..].trim_start();
        let comment_at = s.len() - rest.len();
        let score = rest
            .strip_prefix('{')
            .and_then(|r| r.strip_suffix('}'))
            .and_then(score_comment);
        let Some((white, black)) = score else {
            return Err(ParseError::at(
                s,
                comment_at,
                "a score comment such as {W 3 B 7}",
            ));
        };
        let by_score = match white.cmp(&black) {
            std::cmp::Ordering::Greater => Outcome::Win(0),
            std::cmp::Ordering::Less => Outcome::Win(1),
            std::cmp::Ordering::Equal => Outcome::Draw(0b11),
        };
        if !matches!(result, GameResult::Decided(o) if o != by_score) {
            return Ok(Score {
                result,
                white,
                black,
            });
        }
        Err(ParseError::at(
            s,
            0,
            format!("{by_score}, the result the score gives"),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every string the shortcut reads, the general grammar reads the same way.
    #[test]
    fn the_shortcut_agrees_with_the_grammar() {
        let mut count = 0;
        for a in ["0", "1", "9", "p"] {
            for b in ["a", "z", "A", "as"] {
                for c in ["0", "1", "9", "12", "ss"] {
                    for d in ["", " ", "{", "[2a1]", "x", "\n"] {
                        let s = format!("{a}{b}{c}{d}");
                        check_quick(&s);
                        count += usize::from(quick(&s).is_some());
                    }
                }
            }
        }
        assert!(count >= 20, "{count}");
        assert_eq!(quick("pass "), Some((" ", Notation::Pass)));
        check_quick("pass{");
        check_quick("passe");
        assert_eq!(quick("passe"), None);
    }
}
