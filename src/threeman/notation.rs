//! The written move: the article's zone + file + rank moves (`WHe4`, `BLBa2`, `GRRcxBLf3`),
//! castling, promotion, en passant and check marks, read and printed back exactly.
//!
//! ```
//! use gamenote::threeman::Notation;
//! for s in ["WHe4", "BLBa2", "GRRcxBLf3", "WH3WHe4", "WHe2-WHe4", "O-O-O+", "GRe2=Q#"] {
//!     let n: Notation = s.parse().unwrap();
//!     assert_eq!(n.to_string(), s);
//! }
//! let err = "WHe7".parse::<Notation>().unwrap_err();
//! assert!(err.to_string().contains("a rank 1-6"));
//! ```

use std::fmt;
use std::str::FromStr;

use super::coord::{Colour, Square, file_letter, rank_digit, zone};
use super::position::Kind;
use crate::error::ParseError;
use crate::text::{self, PErr, PResult};

/// A check mark: none, `+` or `#`.
///
/// ```
/// use gamenote::threeman::{Mark, Notation};
/// assert_eq!("WHe4+".parse::<Notation>()?.mark(), Mark::Check);
/// assert_eq!("O-O#".parse::<Notation>()?.mark(), Mark::Mate);
/// assert_eq!(Mark::default(), Mark::None);
/// assert_eq!((Mark::None.to_string(), Mark::Check.to_string()), (String::new(), "+".into()));
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Mark {
    /// No mark.
    #[default]
    None,
    /// `+`: a piece of the mover attacks a live opponent's king.
    Check,
    /// `#`: the next player is in check with no legal move.
    Mate,
}

/// What stands between origin and destination: nothing, `x` or `-`.
///
/// ```
/// use gamenote::threeman::{Notation, Sep};
/// let Notation::Normal(w) = "WHe2-WHe4".parse::<Notation>()? else { unreachable!() };
/// assert_eq!(w.sep, Sep::Dash);
/// let Notation::Normal(w) = "GRRxh3".parse::<Notation>()? else { unreachable!() };
/// assert_eq!(w.sep, Sep::Capture);
/// // `-` belongs to the long form only, with both squares written in full
/// let err = "WHe2-e4".parse::<Notation>().unwrap_err();
/// assert_eq!((err.column, err.expected.as_str()), (5, "'-' only in the long form such as WHe2-WHe4"));
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Sep {
    /// Nothing written.
    #[default]
    None,
    /// `x`: a capture.
    Capture,
    /// `-`: a quiet move in the long form.
    Dash,
}

/// A normal (non-castling) move as written.
///
/// ```
/// use gamenote::threeman::{Colour, Kind, Mark, Notation, Sep, Square};
/// let Notation::Normal(w) = "GRRcxBLf3+".parse::<Notation>()? else { unreachable!() };
/// assert_eq!((w.from_zone, w.piece), (Some(Colour::Gray), Some(Kind::Rook)));
/// assert_eq!((w.from_file, w.from_rank), (Some(2), None)); // file c, no rank
/// assert_eq!((w.sep, w.to), (Sep::Capture, "BLf3".parse::<Square>()?));
/// assert_eq!((w.promotion, w.en_passant, w.mark), (None, false, Mark::Check));
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Written {
    /// The origin's zone, when two zones are written.
    pub from_zone: Option<Colour>,
    /// The piece letter; `None` for a pawn.
    pub piece: Option<Kind>,
    /// Origin file filter, 0 = `a` … 7 = `h`.
    pub from_file: Option<u8>,
    /// Origin rank filter, 0 = rank 1 … 5 = rank 6.
    pub from_rank: Option<u8>,
    /// `x`, `-` or nothing.
    pub sep: Sep,
    /// Destination.
    pub to: Square,
    /// `=Q` and the like.
    pub promotion: Option<Kind>,
    /// `e.p.` written.
    pub en_passant: bool,
    /// `+` or `#`.
    pub mark: Mark,
}

/// A move as written: castling or a normal move.
///
/// ```
/// use gamenote::threeman::{Mark, Notation};
/// let n: Notation = "O-O-O+".parse()?;
/// assert_eq!(n, Notation::Castle { long: true, mark: Mark::Check });
/// assert!(matches!("WHNf3".parse::<Notation>()?, Notation::Normal(_)));
/// let err = "WHe7".parse::<Notation>().unwrap_err();
/// assert_eq!((err.line, err.column, err.expected.as_str()), (1, 4, "a rank 1-6"));
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notation {
    /// `O-O` (king side, towards the a-file) or `O-O-O` (queen side).
    Castle {
        /// `O-O-O`.
        long: bool,
        /// `+` or `#`.
        mark: Mark,
    },
    /// Every other move.
    Normal(Written),
}

impl Notation {
    /// The check mark written.
    ///
    /// ```
    /// use gamenote::threeman::{Mark, Notation};
    /// assert_eq!("GRe2=Q#".parse::<Notation>()?.mark(), Mark::Mate);
    /// assert_eq!("O-O".parse::<Notation>()?.mark(), Mark::None);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn mark(&self) -> Mark {
        match self {
            Notation::Castle { mark, .. } => *mark,
            Notation::Normal(w) => w.mark,
        }
    }
}

fn mark(input: &str) -> (&str, Mark) {
    match input.as_bytes().first() {
        Some(b'+') => (&input[1..], Mark::Check),
        Some(b'#') => (&input[1..], Mark::Mate),
        _ => (input, Mark::None),
    }
}

fn piece_letter(input: &str) -> Option<(&str, Kind)> {
    let k = match input.as_bytes().first()? {
        b'K' => Kind::King,
        b'Q' => Kind::Queen,
        b'R' => Kind::Rook,
        b'B' => Kind::Bishop,
        b'N' => Kind::Knight,
        _ => return None,
    };
    Some((&input[1..], k))
}

fn starts_zone(input: &str) -> bool {
    matches!(
        input.as_bytes(),
        [b'W', b'H', ..] | [b'G', b'R', ..] | [b'B', b'L', ..]
    )
}

/// Reads one written move.
pub(crate) fn notation(input: &str) -> PResult<'_, Notation> {
    if input.starts_with('O') {
        let (rest, long) = if let Some(r) = input.strip_prefix("O-O-O") {
            (r, true)
        } else if let Some(r) = input.strip_prefix("O-O") {
            (r, false)
        } else {
            return text::fail(input, "castling O-O or O-O-O");
        };
        let (rest, mark) = mark(rest);
        return Ok((rest, Notation::Castle { long, mark }));
    }
    let (s, z1) = text::expect("a three-man chess move such as WHe4 or O-O", zone)(input)?;
    // a zone code is matched before a piece letter: BLBa2 = BL, B, a2
    let (s, piece) = match piece_letter(s) {
        Some((r, k)) if !starts_zone(s) => (r, Some(k)),
        _ => (s, None),
    };
    let (s, f1) = match file_letter(s) {
        Some((r, f)) => (r, Some(f)),
        None => (s, None),
    };
    let (s, r1) = match rank_digit(s) {
        Some((r, x)) => (r, Some(x)),
        None => (s, None),
    };
    let sep_at = s;
    let (s, sep) = match s.as_bytes().first() {
        Some(b'x') => (&s[1..], Sep::Capture),
        Some(b'-') => (&s[1..], Sep::Dash),
        _ => (s, Sep::None),
    };
    let (s, z2) = if starts_zone(s) {
        let (r, z) = zone(s)?;
        (r, Some(z))
    } else {
        (s, None)
    };
    // the destination's file and rank (a file alone here is not one: `WHe4e.p.`)
    let (s, f2, r2) = match file_letter(s).and_then(|(r, f)| Some((f, rank_digit(r)?))) {
        Some((f, (r, x))) => (r, Some(f), Some(x)),
        None => (s, None, None),
    };
    let (s, from_file, from_rank, to) = match (f2, r2) {
        (Some(f), Some(r)) => (s, f1, r1, Square::from_article(z2.unwrap_or(z1), f, r)),
        (Some(_), None) => return text::fail(s, "a rank 1-6"),
        (None, _) if z2.is_some() && file_letter(s).is_some() => {
            return text::fail(&s[1..], "a rank 1-6");
        }
        (None, _) if z2.is_some() || sep != Sep::None => return text::fail(s, "a file a-h"),
        (None, _) => match (f1, r1) {
            (Some(f), Some(r)) => (s, None, None, Square::from_article(z1, f, r)),
            (Some(_), None) => return text::fail(s, "a rank 1-6"),
            _ => return text::fail(s, "a file a-h"),
        },
    };
    if sep == Sep::Dash && (z2.is_none() || from_file.is_none() || from_rank.is_none()) {
        return text::fail(sep_at, "'-' only in the long form such as WHe2-WHe4");
    }
    let (s, promotion) = if let Some(r) = s.strip_prefix('=') {
        match piece_letter(r) {
            Some((r, k)) if k != Kind::King => (r, Some(k)),
            _ => return text::fail(r, "a promotion piece Q, R, B or N"),
        }
    } else {
        (s, None)
    };
    let (s, en_passant) = match s.strip_prefix("e.p.") {
        Some(r) => (r, true),
        None => (s, false),
    };
    let (s, mark) = mark(s);
    Ok((
        s,
        Notation::Normal(Written {
            from_zone: z2.map(|_| z1),
            piece,
            from_file,
            from_rank,
            sep,
            to,
            promotion,
            en_passant,
            mark,
        }),
    ))
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mark::None => "",
            Mark::Check => "+",
            Mark::Mate => "#",
        })
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Notation::Castle { long, mark } => {
                write!(f, "{}{mark}", if *long { "O-O-O" } else { "O-O" })
            }
            Notation::Normal(w) => {
                let to_zone = w.to.zone();
                f.write_str(w.from_zone.unwrap_or(to_zone).zone_code())?;
                if let Some(k) = w.piece {
                    write!(f, "{}", k.upper())?;
                }
                if let Some(x) = w.from_file {
                    write!(f, "{}", (b'a' + x) as char)?;
                }
                if let Some(r) = w.from_rank {
                    write!(f, "{}", r + 1)?;
                }
                match w.sep {
                    Sep::None => {}
                    Sep::Capture => f.write_str("x")?,
                    Sep::Dash => f.write_str("-")?,
                }
                if w.from_zone.is_some() {
                    f.write_str(to_zone.zone_code())?;
                }
                write!(
                    f,
                    "{}{}",
                    (b'a' + w.to.article_file()) as char,
                    w.to.rank() + 1
                )?;
                if let Some(k) = w.promotion {
                    write!(f, "={}", k.upper())?;
                }
                if w.en_passant {
                    f.write_str("e.p.")?;
                }
                write!(f, "{}", w.mark)
            }
        }
    }
}

impl FromStr for Notation {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, ParseError> {
        text::parse_all(s, notation)
    }
}

/// The common move, `zone [piece] [x] file rank [+#]` ended by a token boundary, read in
/// registers without the general grammar (which gives the same value for it); `None` for
/// anything else.
#[inline(always)]
pub(crate) fn quick(input: &str) -> Option<(&str, Notation)> {
    let b = input.as_bytes();
    let z = match b.get(..2)? {
        b"WH" => Colour::White,
        b"GR" => Colour::Gray,
        b"BL" => Colour::Black,
        _ => return None,
    };
    let mut i = 2;
    let piece = match b.get(i) {
        Some(b'K') => Some(Kind::King),
        Some(b'Q') => Some(Kind::Queen),
        Some(b'R') => Some(Kind::Rook),
        Some(b'B') => Some(Kind::Bishop),
        Some(b'N') => Some(Kind::Knight),
        _ => None,
    };
    i += usize::from(piece.is_some());
    let sep = if b.get(i) == Some(&b'x') {
        i += 1;
        Sep::Capture
    } else {
        Sep::None
    };
    let f = b.get(i).filter(|c| (b'a'..=b'h').contains(c))? - b'a';
    let r = b.get(i + 1).filter(|c| (b'1'..=b'6').contains(c))? - b'1';
    i += 2;
    let mark = match b.get(i) {
        Some(b'+') => Mark::Check,
        Some(b'#') => Mark::Mate,
        _ => Mark::None,
    };
    i += usize::from(mark != Mark::None);
    if !b
        .get(i)
        .is_none_or(|c| c.is_ascii_whitespace() || *c == b'{')
    {
        return None;
    }
    let w = Written {
        from_zone: None,
        piece,
        from_file: None,
        from_rank: None,
        sep,
        to: Square::from_article(z, f, r),
        promotion: None,
        en_passant: false,
        mark,
    };
    Some((&input[i..], Notation::Normal(w)))
}

/// Panics unless the shortcut reads `s` as the general grammar does (for the fuzz targets).
pub(crate) fn check_quick(s: &str) {
    if let Some((rest, n)) = quick(s) {
        match token(s) {
            Ok((rest2, n2)) => assert_eq!((rest, n), (rest2, n2), "{s:?}"),
            Err(e) => panic!("the shortcut reads {s:?} but the grammar does not: {e:?}"),
        }
    }
}

/// Reads a move that must end at a token boundary (whitespace, `{`, end).
pub(crate) fn token(input: &str) -> PResult<'_, Notation> {
    let (rest, n) = notation(input)?;
    if !text::at_boundary(rest, b"") {
        return Err(nom::Err::Error(PErr::new(
            rest,
            "the end of the move (a space, a comment or the end)",
        )));
    }
    Ok((rest, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every string the shortcut reads, the general grammar reads the same way.
    #[test]
    fn the_shortcut_agrees_with_the_grammar() {
        let parts: &[&[&str]] = &[
            &["WH", "GR", "BL", "WB", "O-"],
            &["", "K", "Q", "R", "B", "N", "P", "L", "BL"],
            &["", "x", "-", "e"],
            &["a", "d", "h", "i", "2"],
            &["1", "6", "7", "x"],
            &["", "+", "#", "="],
            &["", " ", "{", "e.p.", "a", "\t1"],
        ];
        let mut count = 0;
        crate::text::each_combination(parts, |s| {
            if let Some((rest, n)) = quick(s) {
                count += 1;
                let (rest2, n2) = token(s).expect("the grammar reads it");
                assert_eq!((rest, n), (rest2, n2), "{s:?}");
            }
        });
        assert!(count > 500, "{count}");
    }
}
