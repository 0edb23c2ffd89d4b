//! The written grammar of GIPF half-moves, as in gipf.com's notation guide.
//!
//! ```text
//! point    = col row ;
//! push     = [ "G" ] point [ "-" point ] ;
//! item     = [ "G" ] point [ "*" ] ;
//! list     = item { "," item } ;
//! line     = "(" point "-" point ")" ;
//! removal  = "x" [ line ] [ list ] | list "x" ;
//! half     = { removal ";" } push { ";" removal } [ ws ] [ reserve ]
//!          | removal ";" { removal ";" } [ ws ] [ reserve ] ;
//! reserve  = "(" digits ")" ;
//! ```
//!
//! A [`Notation`] is what was written, parsed with no position at hand; printing it gives
//! text that parses back to the same value.

use std::fmt;
use std::str::FromStr;

use super::coord::{Line, Point, point};
use crate::error::ParseError;
use crate::text::{self, PErr, PResult};

/// One listed piece of a removal group: `Gf4*`.
///
/// ```
/// use gamenote::gipf::Item;
/// let item: Item = "Gf4*".parse()?;
/// assert!(item.gipf && item.star);
/// assert_eq!(item.point.to_string(), "f4");
/// assert_eq!(item.to_string(), "Gf4*");
/// let err = "Gf4x".parse::<Item>().unwrap_err();
/// assert_eq!((err.column, err.found.as_str()), (4, "\"x\""));
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Item {
    /// Written with `G`: a GIPF-piece.
    pub gipf: bool,
    /// Where the piece stands.
    pub point: Point,
    /// Written with `*`: a piece of the remover's opponent.
    pub star: bool,
}

/// A line named in a removal group, with its end dots in the order written.
///
/// ```
/// use gamenote::gipf::LineNote;
/// let note: LineNote = "(i4-b1)".parse()?;
/// assert_eq!(note.line.to_string(), "b1-i4");
/// assert!(note.reversed);
/// assert_eq!(note.to_string(), "(i4-b1)");
/// let err = "(b1-i5)".parse::<LineNote>().unwrap_err();
/// assert_eq!(err.column, 2);
/// assert_eq!(err.expected, "the two end dots of one line, such as (b1-i4)");
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LineNote {
    /// The line.
    pub line: Line,
    /// True when written last dot first (`i4-b1`).
    pub reversed: bool,
}

/// One removal group: `x`, `x(b1-i4)`, `xGf4,Gg4`, `xc2,d3,e4,f4,g4*` or `c2,d3x`.
///
/// ```
/// use gamenote::gipf::Group;
/// let g: Group = "x(b1-i4)c2,d3,e4,f4".parse()?;
/// assert_eq!(g.line.map(|l| l.line.to_string()), Some("b1-i4".into()));
/// assert_eq!(g.items.len(), 4);
/// assert!(!g.suffix_x);
/// let suffix: Group = "c2,d3x".parse()?;
/// assert!(suffix.suffix_x && suffix.line.is_none());
/// assert_eq!(suffix.to_string(), "c2,d3x");
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Group {
    /// The row's line, when written.
    pub line: Option<LineNote>,
    /// The listed pieces, in the order written.
    pub items: Vec<Item>,
    /// Written as `LISTx` (the guide's diagram 3) rather than `xLIST`.
    pub suffix_x: bool,
}

/// The push of a half-move: `e2`, `Ge2`, `e1-e4`, `Gd1-f2`.
///
/// ```
/// use gamenote::gipf::PushNote;
/// let push: PushNote = "Ge1-e4".parse()?;
/// assert!(push.gipf);
/// assert_eq!(push.from.to_string(), "e1");
/// assert_eq!(push.to.map(|p| p.to_string()), Some("e4".into()));
/// let err = "e2 (3)".parse::<PushNote>().unwrap_err(); // a reserve count is no part of a push
/// assert_eq!(err.expected, "a push such as Ge1-e4, alone");
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PushNote {
    /// Written with `G`: a GIPF-piece is brought in.
    pub gipf: bool,
    /// The first point written: the spot entered (bare form) or the dot.
    pub from: Point,
    /// The point after `-`, if any: the end of the push, or its first spot.
    pub to: Option<Point>,
}

/// A written GIPF half-move: removals before, the push, removals after, the reserve count.
///
/// ```
/// use gamenote::gipf::Notation;
/// let n: Notation = "g1-c3;xc2,d3,e4,f4,g4* (7)".parse().unwrap();
/// assert_eq!(n.post.len(), 1);
/// assert_eq!(n.reserve, Some(7));
/// assert_eq!(n.to_string(), "g1-c3;xc2,d3,e4,f4,g4* (7)");
/// let removal_only: Notation = "xc3,d3,e3,f2,Gb3*;".parse().unwrap();
/// assert!(removal_only.push.is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Notation {
    /// Groups removed before the push (written `…;` before it).
    pub pre: Vec<Group>,
    /// The push; `None` for a removal-only half-move.
    pub push: Option<PushNote>,
    /// Groups removed after the push (written `;…` after it).
    pub post: Vec<Group>,
    /// The reserve count `(n)` written after the half-move.
    pub reserve: Option<u16>,
}

use crate::ascii::{Out, ToFormatter};

#[inline(always)]
fn put_point(o: &mut impl Out, p: Point) {
    let [c, r] = p.name();
    o.byte(c);
    o.byte(r);
}

#[inline]
fn put_item(o: &mut impl Out, it: &Item) {
    if it.gipf {
        o.byte(b'G');
    }
    put_point(o, it.point);
    if it.star {
        o.byte(b'*');
    }
}

fn put_line(o: &mut impl Out, l: &LineNote) {
    let (a, b) = (l.line.first(), l.line.last());
    let (a, b) = if l.reversed { (b, a) } else { (a, b) };
    o.byte(b'(');
    put_point(o, a);
    o.byte(b'-');
    put_point(o, b);
    o.byte(b')');
}

fn put_group(o: &mut impl Out, g: &Group) {
    if !g.suffix_x {
        o.byte(b'x');
        if let Some(l) = &g.line {
            put_line(o, l);
        }
    }
    for (i, it) in g.items.iter().enumerate() {
        if i > 0 {
            o.byte(b',');
        }
        put_item(o, it);
    }
    if g.suffix_x {
        o.byte(b'x');
    }
}

#[inline]
fn put_push(o: &mut impl Out, p: &PushNote) {
    if p.gipf {
        o.byte(b'G');
    }
    put_point(o, p.from);
    if let Some(t) = p.to {
        o.byte(b'-');
        put_point(o, t);
    }
}

/// The half-move without its reserve count.
#[inline]
fn put_move(o: &mut impl Out, n: &Notation) {
    for g in &n.pre {
        put_group(o, g);
        o.byte(b';');
    }
    if let Some(p) = &n.push {
        put_push(o, p);
    }
    for g in &n.post {
        o.byte(b';');
        put_group(o, g);
    }
}

/// ` (n)`, the reserve count as written after a half-move.
#[inline]
fn put_count(o: &mut impl Out, n: u16) {
    o.byte(b' ');
    o.byte(b'(');
    o.bytes(crate::game::decimal(u32::from(n), &mut [0; 10]));
    o.byte(b')');
}

/// The whole half-move: [`put_move`], then the reserve count if any.
#[inline]
fn put_notation(o: &mut impl Out, n: &Notation) {
    put_move(o, n);
    if let Some(c) = n.reserve {
        put_count(o, c);
    }
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        ToFormatter::print(f, |o| put_item(o, self))
    }
}

impl fmt::Display for LineNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        ToFormatter::print(f, |o| put_line(o, self))
    }
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        ToFormatter::print(f, |o| put_group(o, self))
    }
}

impl fmt::Display for PushNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        ToFormatter::print(f, |o| put_push(o, self))
    }
}

impl Notation {
    /// The half-move without its reserve count.
    ///
    /// ```
    /// use gamenote::gipf::Notation;
    /// let n: Notation = "g1-c3;xc2,d3,e4,f4,g4* (7)".parse()?;
    /// assert_eq!(n.move_text(), "g1-c3;xc2,d3,e4,f4,g4*");
    /// assert_eq!(n.to_string(), "g1-c3;xc2,d3,e4,f4,g4* (7)");
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn move_text(&self) -> String {
        let mut s = String::new();
        self.write_move_to(&mut s);
        s
    }

    /// Appends the half-move as `Display` writes it, reserve count and all, to `out`:
    /// byte by byte, without the formatting machinery (`Display` runs the same printer, so
    /// the two cannot differ). For writers that print many moves, such as the export.
    ///
    /// ```
    /// use gamenote::gipf::Notation;
    /// let n: Notation = "xGb4,c4*;e1-e4;x(i4-b1)d2 (12)".parse()?;
    /// let mut out = String::from("moves: ");
    /// n.write_to(&mut out);
    /// assert_eq!(out, "moves: xGb4,c4*;e1-e4;x(i4-b1)d2 (12)");
    /// assert_eq!(out["moves: ".len()..], n.to_string());
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn write_to(&self, out: &mut String) {
        crate::ascii::ToString::print(out, |o| put_notation(o, self));
    }

    /// Appends the half-move without its reserve count to `out`, as
    /// [`move_text`](Notation::move_text) gives it (the same printer as
    /// [`write_to`](Notation::write_to)).
    ///
    /// ```
    /// use gamenote::gipf::Notation;
    /// let n: Notation = "Ge1-e4 (3)".parse()?;
    /// let mut out = String::new();
    /// n.write_move_to(&mut out);
    /// assert_eq!(out, "Ge1-e4");
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn write_move_to(&self, out: &mut String) {
        put_move(out, self);
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        ToFormatter::print(f, |o| put_notation(o, self))
    }
}

impl FromStr for Notation {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, ParseError> {
        text::parse_all(s, half_move)
    }
}

impl FromStr for Item {
    type Err = ParseError;
    /// Reads one listed piece: `Gf4*`.
    fn from_str(s: &str) -> Result<Self, ParseError> {
        text::parse_all(s, item)
    }
}

impl FromStr for PushNote {
    type Err = ParseError;
    /// Reads a push alone: `Ge1-e4`.
    fn from_str(s: &str) -> Result<Self, ParseError> {
        let n: Notation = s.parse()?;
        match (
            n.push,
            n.pre.is_empty() && n.post.is_empty() && n.reserve.is_none(),
        ) {
            (Some(p), true) => Ok(p),
            _ => Err(ParseError::at(s, 0, "a push such as Ge1-e4, alone")),
        }
    }
}

impl FromStr for LineNote {
    type Err = ParseError;
    /// Reads a line in brackets: `(b1-i4)` or `(i4-b1)`.
    fn from_str(s: &str) -> Result<Self, ParseError> {
        text::parse_all(s, |i| {
            if !i.starts_with('(') {
                return text::fail(i, "a line such as (b1-i4)");
            }
            line_note(i)
        })
    }
}

impl FromStr for Group {
    type Err = ParseError;
    /// Reads one group, `x…` or `LISTx`.
    fn from_str(s: &str) -> Result<Self, ParseError> {
        text::parse_all(s, |i| {
            if i.starts_with('x') {
                x_group(i)
            } else {
                let (rest, items) = list(i)?;
                let (rest, _) = text::byte(b'x', "'x' after the list of removed pieces")(rest)?;
                Ok((
                    rest,
                    Group {
                        line: None,
                        items,
                        suffix_x: true,
                    },
                ))
            }
        })
    }
}

fn failure<'a, T>(at: &'a str, what: &'static str) -> PResult<'a, T> {
    Err(nom::Err::Failure(PErr::new(at, what)))
}

#[inline]
fn item(input: &str) -> PResult<'_, Item> {
    let (rest, gipf) = match input.strip_prefix('G') {
        Some(r) => (r, true),
        None => (input, false),
    };
    let (rest, p) = if gipf {
        match point(rest) {
            Ok(x) => x,
            Err(_) => return failure(rest, "a GIPF point such as e5 after 'G'"),
        }
    } else {
        point(rest)?
    };
    let (rest, star) = match rest.strip_prefix('*') {
        Some(r) => (r, true),
        None => (rest, false),
    };
    Ok((
        rest,
        Item {
            gipf,
            point: p,
            star,
        },
    ))
}

fn list(input: &str) -> PResult<'_, Vec<Item>> {
    let (mut rest, first) = item(input)?;
    let mut v = Vec::with_capacity(8);
    v.push(first);
    while let Some(r) = rest.strip_prefix(',') {
        let (r, it) = match item(r) {
            Ok(x) => x,
            Err(nom::Err::Error(e)) => {
                return Err(nom::Err::Failure(PErr::new(
                    e.at,
                    "a removed piece such as Gf4* after ','",
                )));
            }
            Err(e) => return Err(e),
        };
        v.push(it);
        rest = r;
    }
    Ok((rest, v))
}

fn line_note(input: &str) -> PResult<'_, LineNote> {
    let rest = &input[1..];
    let bad = "a line named by its end dots, such as (b1-i4)";
    let Ok((rest, a)) = point(rest) else {
        return failure(rest, bad);
    };
    let Some(rest) = rest.strip_prefix('-') else {
        return failure(rest, bad);
    };
    let Ok((rest, b)) = point(rest) else {
        return failure(rest, bad);
    };
    let Some(rest) = rest.strip_prefix(')') else {
        return failure(rest, "')' closing the line");
    };
    match Line::between(a, b) {
        Some(line) => Ok((
            rest,
            LineNote {
                line,
                reversed: line.first() != a,
            },
        )),
        None => failure(&input[1..], "the two end dots of one line, such as (b1-i4)"),
    }
}

fn x_group(input: &str) -> PResult<'_, Group> {
    let mut rest = &input[1..];
    let mut g = Group::default();
    if rest.starts_with('(') {
        let (r, l) = line_note(rest)?;
        g.line = Some(l);
        rest = r;
    }
    if matches!(rest.as_bytes().first(), Some(b'G' | b'a'..=b'i')) {
        let (r, items) = list(rest)?;
        g.items = items;
        rest = r;
    }
    Ok((rest, g))
}

/// [`text::at_boundary`] with GIPF's separator `/`, inlined: what may follow a reserve count.
#[inline(always)]
fn ends_token(s: &str) -> bool {
    match s.as_bytes().first() {
        None => true,
        Some(b) => b.is_ascii_whitespace() || matches!(b, b'{' | b'/'),
    }
}

/// True when `s` ends a half-move: end, whitespace, `/`, `{`, `(`.
#[inline]
fn at_end(s: &str) -> bool {
    match s.as_bytes().first() {
        None => true,
        Some(b) => b.is_ascii_whitespace() || matches!(b, b'{' | b'/' | b'('),
    }
}

/// After a half-move with no reserve count read: a count opened and never closed
/// (`Gh4 (16`), the text where its `)` is missing.
#[inline]
fn unclosed_reserve(input: &str) -> Option<&str> {
    let t = input.trim_start_matches([' ', '\t', '\n', '\r']);
    let digits = t.strip_prefix('(')?;
    let after = digits.trim_start_matches(|c: char| c.is_ascii_digit());
    (after.len() < digits.len() && !after.starts_with(')')).then_some(after)
}

/// What is expected where a reserve count lacks its `)`.
const CLOSE_RESERVE: &str = "')' to close the reserve count, such as (16)";

#[inline(always)]
fn reserve(input: &str) -> (&str, Option<u16>) {
    let b = input.as_bytes();
    // The common ` (n)` and ` (nn)` in straight lines; the loops below read the same.
    if let [b' ', b'(', d @ b'0'..=b'9', more @ ..] = b {
        let d = u16::from(d - b'0');
        match more {
            [b')', ..] => return (&input[4..], Some(d)),
            [e @ b'0'..=b'9', b')', ..] => {
                return (&input[5..], Some(d * 10 + u16::from(e - b'0')));
            }
            _ => {}
        }
    }
    let mut i = 0;
    while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\n' | b'\r') {
        i += 1;
    }
    if b.get(i) != Some(&b'(') {
        return (input, None);
    }
    i += 1;
    let mut v = 0u16;
    let mut n = 0;
    while let Some(d @ b'0'..=b'9') = b.get(i + n) {
        if n == 4 {
            return (input, None);
        }
        v = v * 10 + u16::from(d - b'0');
        n += 1;
    }
    if n == 0 || b.get(i + n) != Some(&b')') {
        return (input, None);
    }
    (&input[i + n + 1..], Some(v))
}

#[inline]
fn point_at(b: &[u8], i: usize) -> Option<Point> {
    let col = match b.get(i) {
        Some(c @ b'a'..=b'i') => c - b'a',
        _ => return None,
    };
    let row = match b.get(i + 1) {
        Some(d @ b'1'..=b'9') => d - b'0',
        _ => return None,
    };
    if b.get(i + 2).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    Point::new(col, row)
}

/// The common case, a push with nothing removed: `[G]P[-P]` followed by the end of the
/// half-move. `None` sends everything else to the full grammar.
/// A push written tight at byte `i` (`Ge2`, `i3-h3`), with the byte after it.
#[inline(always)]
fn push_at(b: &[u8], mut i: usize) -> Option<(PushNote, usize)> {
    let gipf = b.get(i) == Some(&b'G');
    i += usize::from(gipf);
    let from = point_at(b, i)?;
    i += 2;
    let mut to = None;
    if b.get(i) == Some(&b'-') {
        to = Some(point_at(b, i + 1)?);
        i += 3;
    }
    Some((PushNote { gipf, from, to }, i))
}

#[inline(always)]
fn plain_push(input: &str) -> Option<(&str, PushNote)> {
    let b = input.as_bytes();
    let (push, i) = push_at(b, 0)?;
    match b.get(i) {
        None => {}
        Some(c) if c.is_ascii_whitespace() || matches!(c, b'{' | b'/' | b'(') => {}
        _ => return None,
    }
    Some((&input[i..], push))
}

/// The common half-move, a push with or without its reserve count, read in registers
/// without the general grammar (which gives the same value for it); then the common forms
/// with removal groups ([`quick_groups`]), reusing the lists of `spare` when it is given
/// one (taking it) and leaving it alone otherwise. `None` for anything else, errors included.
#[inline(always)]
pub(crate) fn quick<'a>(
    input: &'a str,
    spare: &mut Option<Notation>,
) -> Option<(&'a str, Notation)> {
    // `plain_half_move`, with its errors as `None` (the grammar then reports them).
    let Some((rest, push)) = plain_push(input) else {
        return quick_groups(input, spare);
    };
    let (after, res) = reserve(rest);
    if (res.is_some() && !ends_token(after))
        || (res.is_none() && (after.starts_with('(') || unclosed_reserve(after).is_some()))
    {
        return None;
    }
    Some((
        after,
        Notation {
            pre: Vec::new(),
            push: Some(push),
            post: Vec::new(),
            reserve: res,
        },
    ))
}

/// One listed piece `[G]P[*]` at `b[i..]`: the piece and the index after it.
#[inline(always)]
fn item_at(b: &[u8], i: usize) -> Option<(Item, usize)> {
    let gipf = b.get(i) == Some(&b'G');
    let i = i + usize::from(gipf);
    let point = point_at(b, i)?;
    let star = b.get(i + 2) == Some(&b'*');
    Some((Item { gipf, point, star }, i + 2 + usize::from(star)))
}

/// A group `x[LIST]` whose `x` is at `b[i - 1]`, without a line, read into `groups[k]`
/// (reusing its item list; when `groups` has only `k`, a group is taken from the end of
/// `donor` beyond its first `keep`, or made): the index after it.
#[inline]
fn x_group_at(
    b: &[u8],
    mut i: usize,
    groups: &mut Vec<Group>,
    k: usize,
    donor: &mut Vec<Group>,
    keep: usize,
) -> Option<usize> {
    let more = match b.get(i) {
        Some(b'(') => return None, // a line (or an error): the general grammar reads it
        Some(b'G' | b'a'..=b'i') => true,
        _ => false,
    };
    if k == groups.len() {
        let g = if donor.len() > keep {
            donor.pop().unwrap_or_default()
        } else {
            Group::default()
        };
        groups.push(g);
    }
    let g = &mut groups[k];
    g.line = None;
    g.suffix_x = false;
    g.items.clear();
    if !more {
        return Some(i);
    }
    g.items.reserve(8);
    loop {
        let (it, j) = item_at(b, i)?;
        g.items.push(it);
        i = j;
        if b.get(i) != Some(&b',') {
            break;
        }
        i += 1;
    }
    Some(i)
}

/// The common half-moves with removal groups, read byte by byte without the general grammar
/// (which gives the same value for them): `xLIST;` groups before a push, `;xLIST` groups
/// after it, each list of `[G]P[*]` pieces (or none), then the end of the half-move and the
/// reserve count. `None` for anything else (a line in a group, a list before its `x`, a
/// removal-only half-move, any error), which the general grammar then reads. The lists of
/// `spare` are reused when it is given one and the note is read; it is left alone otherwise.
#[inline(never)]
fn quick_groups<'a>(input: &'a str, spare: &mut Option<Notation>) -> Option<(&'a str, Notation)> {
    let b = input.as_bytes();
    // Neither groups first nor a push then ';': not a note this reads (results and marks).
    if b.first() != Some(&b'x') && b.get(push_at(b, 0)?.1) != Some(&b';') {
        return None;
    }
    let mut n = spare.take().unwrap_or_default();
    match groups_into(input, &mut n) {
        Some(after) => Some((after, n)),
        None => {
            *spare = Some(n);
            None
        }
    }
}

/// The body of [`quick_groups`], reading into `n` (whatever it held).
#[inline(always)]
fn groups_into<'a>(input: &'a str, n: &mut Notation) -> Option<&'a str> {
    let b = input.as_bytes();
    let mut i = 0;
    let mut pre = 0;
    while b.get(i) == Some(&b'x') {
        let j = x_group_at(b, i + 1, &mut n.pre, pre, &mut n.post, 0)?;
        pre += 1;
        if b.get(j) != Some(&b';') {
            return None;
        }
        i = j + 1;
    }
    let (push, j) = push_at(b, i)?;
    i = j;
    n.push = Some(push);
    if pre == 0 && n.post.capacity() == 0 {
        // The lists of a spare that removed before its push serve after this one.
        std::mem::swap(&mut n.pre, &mut n.post);
    }
    let mut post = 0;
    while b.get(i) == Some(&b';') {
        if b.get(i + 1) != Some(&b'x') {
            return None;
        }
        i = x_group_at(b, i + 2, &mut n.post, post, &mut n.pre, pre)?;
        post += 1;
    }
    n.pre.truncate(pre);
    n.post.truncate(post);
    if pre == 0 && post == 0 {
        return None; // a plain push, or an error after one
    }
    let rest = input.get(i..)?;
    if !at_end(rest) {
        return None;
    }
    let (after, res) = reserve(rest);
    if (res.is_some() && !ends_token(after))
        || (res.is_none() && (after.starts_with('(') || unclosed_reserve(after).is_some()))
    {
        return None;
    }
    n.reserve = res;
    Some(after)
}

/// A half-move that starts with a plain push: the push with its reserve count, or the error
/// after it; `None` when the input does not start with a plain push.
#[inline(always)]
fn plain_half_move(input: &str) -> Option<PResult<'_, Notation>> {
    let (rest, push) = plain_push(input)?;
    let (after, res) = reserve(rest);
    if res.is_some() && !ends_token(after) {
        return Some(failure(
            after,
            "the end of the half-move after the reserve count",
        ));
    }
    if res.is_none() && after.starts_with('(') {
        return Some(failure(after, "a reserve count such as (16)"));
    }
    if res.is_none()
        && let Some(at) = unclosed_reserve(after)
    {
        return Some(failure(at, CLOSE_RESERVE));
    }
    Some(Ok((
        after,
        Notation {
            pre: Vec::new(),
            push: Some(push),
            post: Vec::new(),
            reserve: res,
        },
    )))
}

/// Panics unless the shortcut reads `s` as the general grammar does (for the fuzz targets),
/// with no spare and with spares holding more and fewer groups and items than `s` has.
pub(crate) fn check_quick(s: &str) {
    let read = quick(s, &mut None);
    if let Some((rest, n)) = &read {
        match half_move(s) {
            Ok((rest2, n2)) => assert_eq!((*rest, n), (rest2, &n2), "{s:?}"),
            Err(e) => panic!("the shortcut reads {s:?} but the grammar does not: {e:?}"),
        }
    }
    for old in [
        "e2",
        "xa1;xb2,c3,d4,e5,f6,g7,h8;d1-d2;xd3;xd4,Gd5*,d6 (3)",
        "xa1;b1",
    ] {
        let mut spare = Some(old.parse::<Notation>().unwrap_or_default());
        let again = quick(s, &mut spare);
        assert_eq!(again, read, "{s:?} with the spare {old:?}");
        // Taken when read with groups; left as it was otherwise.
        match &again {
            Some((_, n)) if !n.pre.is_empty() || !n.post.is_empty() => {
                assert!(spare.is_none(), "{s:?}")
            }
            _ => assert!(spare.is_some(), "{s:?}"),
        }
    }
}

/// Reads one half-move, with its reserve count when one follows.
pub(crate) fn half_move(input: &str) -> PResult<'_, Notation> {
    if let Some(done) = plain_half_move(input) {
        return done;
    }
    let mut n = Notation::default();
    let mut rest = input;
    // Groups before the push, each closed by ';'.
    loop {
        if rest.starts_with('x') {
            let (r, g) = x_group(rest)?;
            let Some(r) = r.strip_prefix(';') else {
                if n.pre.is_empty() && at_end(r) {
                    return failure(r, "';' after a removal group (\"x;\" before a push)");
                }
                return failure(r, "';' after the removal group");
            };
            n.pre.push(g);
            rest = r;
            if at_end(rest) {
                break; // removal-only half-move
            }
            continue;
        }
        let (r, first) = match item(rest) {
            Ok(x) => x,
            Err(nom::Err::Error(_)) if n.pre.is_empty() => {
                return text::fail(rest, "a GIPF half-move such as e2, Ge1-e4 or x;e1-e2;x");
            }
            Err(nom::Err::Error(_)) => {
                return failure(rest, "a push such as e1-e4, or a removal group");
            }
            Err(e) => return Err(e),
        };
        let (r, items) = if matches!(r.as_bytes().first(), Some(b',' | b'x')) {
            let (r, items) = list(rest)?;
            (r, items)
        } else {
            (r, Vec::new())
        };
        if let Some(r2) = r.strip_prefix('x') {
            // LISTx form.
            let Some(r3) = r2.strip_prefix(';') else {
                return failure(r2, "';' after the removal group");
            };
            n.pre.push(Group {
                line: None,
                items,
                suffix_x: true,
            });
            rest = r3;
            if at_end(rest) {
                break;
            }
            continue;
        }
        if !items.is_empty() || first.star {
            return failure(rest, "a push such as e1-e4 (a list of pieces needs 'x')");
        }
        let it = first;
        let mut push = PushNote {
            gipf: it.gipf,
            from: it.point,
            to: None,
        };
        rest = r;
        if let Some(r) = rest.strip_prefix('-') {
            let Ok((r, to)) = point(r) else {
                return failure(r, "the end of the push, a GIPF point such as e4");
            };
            push.to = Some(to);
            rest = r;
        }
        n.push = Some(push);
        break;
    }
    // Groups after the push.
    if n.push.is_some() {
        while let Some(r) = rest.strip_prefix(';') {
            if r.starts_with('x') {
                let (r, g) = x_group(r)?;
                n.post.push(g);
                rest = r;
            } else {
                let (r, items) = match list(r) {
                    Ok(x) => x,
                    Err(nom::Err::Error(_)) => {
                        return failure(r, "a removal group such as x or xc2,d3,e4,f4 after ';'");
                    }
                    Err(e) => return Err(e),
                };
                let Some(r) = r.strip_prefix('x') else {
                    return failure(r, "'x' after the list of removed pieces");
                };
                n.post.push(Group {
                    line: None,
                    items,
                    suffix_x: true,
                });
                rest = r;
            }
        }
    }
    if !at_end(rest) {
        return failure(rest, "the end of the half-move");
    }
    let (rest, res) = reserve(rest);
    n.reserve = res;
    if res.is_some() && !text::at_boundary(rest, b"/") {
        return failure(rest, "the end of the half-move after the reserve count");
    }
    if res.is_none() && rest.starts_with('(') {
        return failure(rest, "a reserve count such as (16)");
    }
    if res.is_none()
        && let Some(at) = unclosed_reserve(rest)
    {
        return failure(at, CLOSE_RESERVE);
    }
    Ok((rest, n))
}

#[cfg(test)]
mod tests {

    /// Removal groups for the shortcut test: before a push (`…;`) and after one (`;…`).
    const GROUPS: [&str; 14] = [
        "x;",
        "xc2,d3,e4,f4;",
        "xGb4,c4*,d4;",
        "x(b1-i4);",
        "c2,d3x;",
        "x;x;",
        "xe5*;xGf4;",
        "xa1;",
        "xj2;",
        "xe5,;",
        "xG;",
        "xe5**;",
        "xb4",
        "xe10;",
    ];

    /// Every string the shortcut reads, the general grammar reads the same way.
    #[test]
    fn the_shortcut_agrees_with_the_grammar() {
        let mut count = 0;
        for g in ["", "G", "x"] {
            for from in ["a1", "e5", "i4", "j1", "a0"] {
                for to in ["", "-b2", "-z9", "-"] {
                    for tail in [
                        "", " ", " (11)", "(3) ", " (12345)", "(7)x", "/", "(", "{c}", ";xe4",
                        ",b3",
                    ] {
                        let s = format!("{g}{from}{to}{tail}");
                        check_quick(&s);
                        count += usize::from(quick(&s, &mut None).is_some());
                    }
                    for (pre, other) in GROUPS.iter().zip(GROUPS.iter().rev()) {
                        let post = format!(";{}", other.trim_end_matches(';'));
                        for tail in ["", " (7)", "(12)/", "x", "(", " (1", ";", ",", "{c}"] {
                            for s in [
                                format!("{pre}{g}{from}{to}{tail}"),
                                format!("{g}{from}{to}{post}{tail}"),
                                format!("{pre}{g}{from}{to}{post}{tail}"),
                            ] {
                                check_quick(&s);
                                count += usize::from(quick(&s, &mut None).is_some());
                            }
                        }
                    }
                }
            }
        }
        assert!(count > 50, "{count}");
    }

    /// The shortcut and the grammar on strings strung together from pieces of notes.
    #[test]
    fn the_shortcut_agrees_on_random_strings() {
        const PIECES: [&str; 18] = [
            "x", ";", "e5", "Gb4", "*", ",", "(", "b1-i4)", "e1-e2", " (7)", "G", ")", "a1", "-",
            "c3", "x;", ";x", "f4*",
        ];
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut read = 0;
        for _ in 0..200_000 {
            let mut s = String::new();
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let len = 1 + (state % 9) as usize;
            let mut r = state;
            for _ in 0..len {
                s.push_str(PIECES[(r % PIECES.len() as u64) as usize]);
                r /= PIECES.len() as u64;
                if r == 0 {
                    r = state.rotate_left(29);
                }
            }
            check_quick(&s);
            read += usize::from(
                quick(&s, &mut None).is_some_and(|(_, n)| !n.pre.is_empty() || !n.post.is_empty()),
            );
        }
        assert!(read > 200, "{read}");
    }

    use super::*;

    fn rt(s: &str) -> Notation {
        let n: Notation = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(n.to_string().parse::<Notation>().unwrap(), n, "{s}");
        n
    }

    #[test]
    fn forms() {
        let n = rt("e2");
        assert_eq!(n.push.unwrap().from.to_string(), "e2");
        let n = rt("Gd1-f2");
        assert!(n.push.unwrap().gipf);
        let n = rt("x;e1-e2");
        assert_eq!(n.pre.len(), 1);
        let n = rt("c2,d3,e4,f4x;e2");
        assert!(n.pre[0].suffix_x);
        assert_eq!(n.pre[0].items.len(), 4);
        assert_eq!(n.to_string(), "c2,d3,e4,f4x;e2");
        let n = rt("f1-f5;x(b1-i4)");
        assert_eq!(n.post[0].line.unwrap().line.to_string(), "b1-i4");
        let n = rt("f1-f5;x(i4-b1)");
        assert!(n.post[0].line.unwrap().reversed);
        let n = rt("f1-f7;x;x");
        assert_eq!(n.post.len(), 2);
        let n = rt("f7(10)");
        assert_eq!(n.reserve, Some(10));
        rt("a3-f2;xg4,f4");
        rt("a3-f2;xGf4,Gg4");
        rt("f1-f7;xb4*,f7;xc2*,d3*,e4,f4,g4,h4");
        rt("xc3,d3,e3,f2,Gb3*;");
        rt("x;x;");
        rt("xd2,e3;c1-g3;xGe4 (3)");
    }

    #[test]
    fn errors() {
        for bad in [
            "",
            "a6",
            "e2-",
            "x",
            "xe2",
            "e2;",
            "e2,e3",
            "e2*",
            "x(b1-i5);e2",
            "e2 (",
            "j1",
            "Gx",
            "e2x",
            "e1-e2;xc2,",
            "(16)",
        ] {
            assert!(bad.parse::<Notation>().is_err(), "{bad:?} should fail");
        }
    }
}
