//! Pylos moves as people write them: `1b2`, `1d2-2b2` or `1d22b2`, `1d1(1c1,1d1)O`, the
//! compact `d1(c1,d1)` and the numeric `4(3,4)`.

use std::fmt;
use std::str::FromStr;

use super::coord::{Slot, slot_any, slot_numeric};
use crate::ascii::{Out, ToFormatter};
use crate::error::{ParseError, ValueError};
use crate::text::{self, PErr, PResult};

/// The written styles of Pylos moves, optionally with formation markers.
///
/// Written as `canonical`, `compact` or `numeric`, with `+markers` to print `O`, `+`, `Y`:
///
/// ```
/// use gamenote::pylos::{Form, Style};
/// let s: Style = "compact+markers".parse().unwrap();
/// assert_eq!((s.form, s.markers), (Form::Compact, true));
/// assert_eq!(s.to_string(), "compact+markers");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct Style {
    /// How slots are written.
    pub form: Form,
    /// Whether `notate` writes the markers `O`, `+`, `Y`.
    pub markers: bool,
}

impl Style {
    /// The canonical style without markers (the default).
    pub const CANONICAL: Style = Style {
        form: Form::Canonical,
        markers: false,
    };

    /// A style of `form`, with or without markers (the type is non-exhaustive, so this is
    /// how code outside the crate builds one).
    ///
    /// ```
    /// use gamenote::pylos::{Form, Style};
    /// let s = Style::new(Form::Compact, true);
    /// assert_eq!(s.to_string(), "compact+markers");
    /// assert_eq!(s.to_string().parse::<Style>(), Ok(s));
    /// ```
    pub const fn new(form: Form, markers: bool) -> Style {
        Style { form, markers }
    }
}

/// How slots are written.
///
/// ```
/// use gamenote::pylos::{Form, Notation};
/// assert_eq!("1d2-2b2".parse::<Notation>()?.form, Form::Canonical);
/// assert_eq!("d2-2b2".parse::<Notation>()?.form, Form::Compact);
/// assert_eq!(Notation::parse_numeric("8-L5")?.form, Form::Numeric);
/// assert_eq!(Form::default(), Form::Canonical);
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Form {
    /// `1a1`–`4a1`, raises with a dash.
    #[default]
    Canonical,
    /// Level-1 slots without their `1`: `b2`, `d2-2b2`.
    Compact,
    /// `1`–`16`, `L1`–`L9`, `U1`–`U4`, `0`; declared with `[Style "numeric"]`.
    Numeric,
}

impl fmt::Display for Style {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.form {
            Form::Canonical => "canonical",
            Form::Compact => "compact",
            Form::Numeric => "numeric",
        })?;
        if self.markers {
            f.write_str("+markers")?;
        }
        Ok(())
    }
}

impl FromStr for Style {
    type Err = ValueError;
    fn from_str(s: &str) -> Result<Style, ValueError> {
        let (name, markers) = match s.trim().strip_suffix("+markers") {
            Some(n) => (n, true),
            None => (s.trim(), false),
        };
        let form = match name.to_ascii_lowercase().as_str() {
            "canonical" => Form::Canonical,
            "compact" => Form::Compact,
            "numeric" => Form::Numeric,
            _ => {
                return Err(ValueError::new(format!(
                    "unknown Pylos style \"{s}\" (expected canonical, compact or numeric, optionally +markers)"
                )));
            }
        };
        Ok(Style { form, markers })
    }
}

/// Formation markers: `O` a square, `+` a line of 4 on level 1, `Y` a line of 3 on level 2.
///
/// ```
/// use gamenote::pylos::{Markers, Notation};
/// let n: Notation = "1c1-2a2Y".parse()?;
/// assert_eq!(n.markers, Markers { square: false, line4: false, line3: true });
/// assert_eq!(n.markers.to_string(), "Y");
/// let all = Markers { square: true, line4: true, line3: true };
/// assert_eq!(all.to_string(), "O+Y");
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Markers {
    /// `O`
    pub square: bool,
    /// `+`
    pub line4: bool,
    /// `Y`
    pub line3: bool,
}

impl Markers {
    /// True when no marker is set.
    ///
    /// ```
    /// use gamenote::pylos::{Markers, Notation};
    /// assert!(Markers::default().is_empty());
    /// assert!("1b2".parse::<Notation>()?.markers.is_empty());
    /// assert!(!"1d1(1c1)O".parse::<Notation>()?.markers.is_empty());
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn is_empty(self) -> bool {
        !(self.square || self.line4 || self.line3)
    }
}

impl fmt::Display for Markers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (on, c) in [(self.square, "O"), (self.line4, "+"), (self.line3, "Y")] {
            if on {
                f.write_str(c)?;
            }
        }
        Ok(())
    }
}

/// `!`, `?` and their pairs after a move.
///
/// ```
/// use gamenote::pylos::{Nag, Notation};
/// let n: Notation = "1b2!?".parse()?;
/// assert_eq!(n.nag, Some(Nag::Interesting));
/// assert_eq!(n.to_string(), "1b2!?");
/// assert_eq!("1d1(1c1)O??".parse::<Notation>()?.nag, Some(Nag::Blunder));
/// assert_eq!("1b2".parse::<Notation>()?.nag, None);
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Nag {
    /// `!`
    Good,
    /// `?`
    Mistake,
    /// `!!`
    Brilliant,
    /// `??`
    Blunder,
    /// `!?`
    Interesting,
    /// `?!`
    Dubious,
}

impl Nag {
    const FORMS: [(&'static str, Nag); 6] = [
        ("!!", Nag::Brilliant),
        ("??", Nag::Blunder),
        ("!?", Nag::Interesting),
        ("?!", Nag::Dubious),
        ("!", Nag::Good),
        ("?", Nag::Mistake),
    ];
    fn as_str(self) -> &'static str {
        Nag::FORMS
            .iter()
            .find(|(_, n)| *n == self)
            .map_or("", |(s, _)| s)
    }
}

/// The balls taken back after a move, in the order written: at most two, all different,
/// kept inline so a written move never allocates.
///
/// ```
/// use gamenote::pylos::{Slot, Takebacks};
/// let a: Slot = "1c1".parse().unwrap();
/// let b: Slot = "1d1".parse().unwrap();
/// let t = Takebacks::from_slice(&[a, b]).unwrap();
/// assert_eq!(t.len(), 2);
/// assert_eq!(t[1], b);
/// assert!(Takebacks::from_slice(&[a, a]).is_none());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Takebacks {
    // Unused entries hold `FILLER`, so the derived equality is equality of the lists.
    slots: [Slot; 2],
    len: u8,
}

const FILLER: Slot = super::coord::FIRST;

impl Default for Takebacks {
    fn default() -> Self {
        Takebacks::new()
    }
}

impl Takebacks {
    /// The take-backs `a` and `b` (if any, another slot) in canonical order: higher level
    /// first, then column, then row (what `notate` writes), without `push`'s tests.
    #[inline]
    pub(crate) fn canonical(a: Slot, b: Option<Slot>) -> Self {
        match b {
            None => Takebacks {
                slots: [a, FILLER],
                len: 1,
            },
            Some(b) if b.takeback_key() < a.takeback_key() => Takebacks {
                slots: [b, a],
                len: 2,
            },
            Some(b) => Takebacks {
                slots: [a, b],
                len: 2,
            },
        }
    }

    /// No take-back.
    ///
    /// ```
    /// use gamenote::pylos::Takebacks;
    /// let t = Takebacks::new();
    /// assert!(t.is_empty());
    /// assert_eq!(t, Takebacks::default());
    /// ```
    pub const fn new() -> Self {
        Takebacks {
            slots: [FILLER; 2],
            len: 0,
        }
    }

    /// Take-backs from a list: `None` if there are more than two or one is repeated.
    ///
    /// ```
    /// use gamenote::pylos::{Slot, Takebacks};
    /// let [a, b, c] = ["1a1", "1b1", "1c1"].map(|s| s.parse::<Slot>().unwrap());
    /// let t = Takebacks::from_slice(&[b, a]).unwrap();
    /// assert_eq!(t.as_slice(), [b, a]); // the written order is kept
    /// assert_eq!(Takebacks::from_slice(&[]), Some(Takebacks::new()));
    /// assert_eq!(Takebacks::from_slice(&[a, b, c]), None);
    /// assert_eq!(Takebacks::from_slice(&[a, a]), None);
    /// ```
    pub fn from_slice(list: &[Slot]) -> Option<Self> {
        let mut t = Takebacks::new();
        for &s in list {
            if !t.push(s) {
                return None;
            }
        }
        Some(t)
    }

    /// Adds a ball; false (and nothing added) when two are already listed or it is listed.
    ///
    /// ```
    /// use gamenote::pylos::{Slot, Takebacks};
    /// let [a, b, c] = ["1a1", "1b1", "1c1"].map(|s| s.parse::<Slot>().unwrap());
    /// let mut t = Takebacks::new();
    /// assert!(t.push(a));
    /// assert!(!t.push(a)); // already listed
    /// assert!(t.push(b));
    /// assert!(!t.push(c)); // two already
    /// assert_eq!(t.as_slice(), [a, b]);
    /// ```
    #[inline]
    pub fn push(&mut self, s: Slot) -> bool {
        if self.contains(&s) || self.len >= 2 {
            return false;
        }
        self.slots[self.len as usize] = s;
        self.len += 1;
        true
    }

    /// The balls in order.
    ///
    /// ```
    /// use gamenote::pylos::Notation;
    /// let n: Notation = "1d1(1d1,1c1)".parse()?;
    /// let names: Vec<String> = n.takebacks.as_slice().iter().map(|s| s.to_string()).collect();
    /// assert_eq!(names, ["1d1", "1c1"]);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    #[inline]
    pub fn as_slice(&self) -> &[Slot] {
        &self.slots[..self.len as usize]
    }
}

impl std::ops::Deref for Takebacks {
    type Target = [Slot];
    #[inline]
    fn deref(&self) -> &[Slot] {
        self.as_slice()
    }
}

/// A Pylos move as written: origin for a raise, destination, take-backs in the written order,
/// markers and a `!`/`?` annotation. It is checked against a position by
/// [`Pylos::resolve`](crate::game::Notate::resolve).
///
/// ```
/// use gamenote::pylos::Notation;
/// let n: Notation = "1d22b2".parse().unwrap();
/// assert_eq!(n.from.unwrap().to_string(), "1d2");
/// assert_eq!(n.to.to_string(), "2b2");
/// assert_eq!(n.to_string(), "1d22b2"); // written form kept
/// let n: Notation = "1d3(1d3,1d2)O".parse().unwrap();
/// assert_eq!(n.takebacks.len(), 2);
/// assert!(n.markers.square);
/// ```
#[derive(Debug, Clone)]
pub struct Notation {
    /// The ball raised, for a raise.
    pub from: Option<Slot>,
    /// Where the ball goes.
    pub to: Slot,
    /// Balls taken back, in the order written (0–2, all different).
    pub takebacks: Takebacks,
    /// Formation markers as written (empty: not written).
    pub markers: Markers,
    /// `!`/`?` annotation.
    pub nag: Option<Nag>,
    /// How the slots were written.
    pub form: Form,
    /// Whether a raise was written with its dash.
    pub dash: bool,
}

impl PartialEq for Notation {
    /// Two notations are equal when they are written the same: the form matters only where
    /// it shows (compact differs from canonical only on a level-1 slot) and the dash only on
    /// a raise outside the numeric style.
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        // Equal fields give equal keys: the common case (a move compared with itself
        // printed back, in `export`) skips working out the visible form. The fields are
        // compared all at once (`&`, no early exit: a dozen byte compares without a branch
        // each, ~55 instructions with them), the visible form only when they differ.
        let same = (self.from == other.from)
            & (self.to == other.to)
            & (self.takebacks == other.takebacks)
            & (self.markers == other.markers)
            & (self.nag == other.nag)
            & (self.form == other.form)
            & (self.dash == other.dash);
        same || self.key_eq(other)
    }
}

impl Eq for Notation {}

impl std::hash::Hash for Notation {
    /// What equality compares: the written form, as [`PartialEq`] sees it.
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.key().hash(h);
    }
}

impl Notation {
    /// Appends the notation to `out` as [`Display`](fmt::Display) writes it, byte by byte
    /// without the formatting machinery (what `export` prints each new move with: through
    /// `fmt`, a move cost ~630 instructions).
    ///
    /// ```
    /// use gamenote::pylos::Notation;
    /// for text in ["1b2", "b2", "1d2-2b2", "d2-2b2", "2a2(2b1,1c3)O+!?", "1a1Y??"] {
    ///     let n: Notation = text.parse()?;
    ///     let mut out = String::from("x");
    ///     n.write_to(&mut out);
    ///     assert_eq!(out, format!("x{n}"));
    /// }
    /// let n = Notation::parse_numeric("5-L1(L2,16)")?;
    /// let mut out = String::new();
    /// n.write_to(&mut out);
    /// assert_eq!(out, "5-L1(L2,16)");
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn write_to(&self, out: &mut String) {
        self.put(out);
    }

    /// The one printer of a notation, for [`Notation::write_to`] and `Display` alike.
    #[inline]
    fn put(&self, o: &mut impl Out) {
        if let Some(from) = self.from {
            self.put_slot(o, from);
            if self.dash || self.form == Form::Numeric {
                o.byte(b'-');
            }
        }
        self.put_slot(o, self.to);
        if !self.takebacks.is_empty() {
            o.byte(b'(');
            for (i, t) in self.takebacks.iter().enumerate() {
                if i > 0 {
                    o.byte(b',');
                }
                self.put_slot(o, *t);
            }
            o.byte(b')');
        }
        let m = self.markers;
        for (on, c) in [(m.square, b'O'), (m.line4, b'+'), (m.line3, b'Y')] {
            if on {
                o.byte(c);
            }
        }
        if let Some(n) = self.nag {
            o.bytes(n.as_str().as_bytes());
        }
    }

    /// A slot in this notation's form: as [`Slot`]'s `Display`, [`Slot::compact`] or
    /// [`Slot::numeric`] write it.
    #[inline]
    fn put_slot(&self, o: &mut impl Out, s: Slot) {
        let level = s.level();
        match self.form {
            // Rare (declared with `[Style "numeric"]`).
            Form::Numeric => {
                match level {
                    1 => {}
                    2 => o.byte(b'L'),
                    3 => o.byte(b'U'),
                    _ => return o.byte(b'0'),
                }
                let offset = s.offset();
                return o.bytes(crate::game::decimal(u32::from(offset) + 1, &mut [0; 10]));
            }
            Form::Compact if level == 1 => {}
            _ => o.byte(b'0' + level),
        }
        o.byte(b'a' + s.col());
        o.byte(b'1' + s.row());
    }

    /// [`PartialEq`] when the fields differ: the written forms compared.
    #[inline(never)]
    fn key_eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }

    fn visible_form(&self) -> Form {
        let level1 = std::iter::once(self.to)
            .chain(self.from)
            .chain(self.takebacks.iter().copied())
            .any(|s| s.level() == 1);
        match self.form {
            Form::Compact if !level1 => Form::Canonical,
            f => f,
        }
    }

    #[allow(clippy::type_complexity)]
    fn key(
        &self,
    ) -> (
        Option<Slot>,
        Slot,
        &[Slot],
        Markers,
        Option<Nag>,
        Form,
        bool,
    ) {
        let dash = self.from.is_none() || self.form == Form::Numeric || self.dash;
        (
            self.from,
            self.to,
            self.takebacks.as_slice(),
            self.markers,
            self.nag,
            self.visible_form(),
            dash,
        )
    }

    /// A placement on `to` with nothing else, in canonical form.
    ///
    /// ```
    /// use gamenote::pylos::{Form, Notation};
    /// let n = Notation::place("1b2".parse()?);
    /// assert_eq!(n.to_string(), "1b2");
    /// assert_eq!(n, "1b2".parse::<Notation>()?);
    /// assert!(n.from.is_none() && n.takebacks.is_empty() && n.nag.is_none());
    /// assert_eq!(n.form, Form::Canonical);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn place(to: Slot) -> Notation {
        Notation {
            from: None,
            to,
            takebacks: Takebacks::new(),
            markers: Markers::default(),
            nag: None,
            form: Form::Canonical,
            dash: true,
        }
    }

    /// Reads a numeric-style move (`8-L5`, `4(3,4)`), for records declared `[Style "numeric"]`.
    ///
    /// ```
    /// use gamenote::pylos::{Notation, Slot};
    /// let m = Notation::parse_numeric("8-L5")?;
    /// assert_eq!(m.from, Some("1d2".parse::<Slot>()?));
    /// assert_eq!(m.to, "2b2".parse::<Slot>()?);
    /// assert_eq!(Notation::parse_numeric("4(3,4)")?.to_string(), "4(3,4)");
    /// // Level 1 has 16 slots.
    /// let err = Notation::parse_numeric("17").unwrap_err();
    /// assert_eq!((err.line, err.column), (1, 1));
    /// assert!(err.expected.starts_with("a Pylos move"));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn parse_numeric(s: &str) -> Result<Notation, ParseError> {
        text::parse_all(s, |i| notation(i, true))
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        ToFormatter::print(f, |o| self.put(o))
    }
}

impl FromStr for Notation {
    type Err = ParseError;
    /// Reads the canonical and compact forms; numeric moves need
    /// [`Notation::parse_numeric`], since `10` would otherwise be read as a result.
    fn from_str(s: &str) -> Result<Notation, ParseError> {
        text::parse_all(s, |i| notation(i, false))
    }
}

const EXPECT_MOVE: &str = "a Pylos move such as 1b2, 1d2-2b2 or 1d1(1c1,1d1)";
/// What a draw's result (`1/2-1/2`) is told: a Pylos game has a winner.
const NO_DRAWS: &str =
    "a Pylos move or result (1-0, 0-1 or *): Pylos has no draws, a game always has a winner";

fn any_slot(input: &str, numeric: bool) -> PResult<'_, (Slot, Form)> {
    if numeric {
        slot_numeric(input).map(|(r, s)| (r, (s, Form::Numeric)))
    } else {
        slot_any(input).map(|(r, (s, compact))| {
            (
                r,
                (
                    s,
                    if compact {
                        Form::Compact
                    } else {
                        Form::Canonical
                    },
                ),
            )
        })
    }
}

/// The common case, a canonical placement or dashed raise followed by whitespace or the end,
/// read without the general grammar.
#[inline(always)]
pub(crate) fn quick(input: &str) -> Option<(&str, Notation)> {
    let b = input.as_bytes();
    let slot_at = |i: usize| -> Option<Slot> {
        let l = *b.get(i)?;
        if !(b'1'..=b'4').contains(&l) {
            return None;
        }
        Slot::new(
            l - b'0',
            b.get(i + 1)?.wrapping_sub(b'a'),
            b.get(i + 2)?.wrapping_sub(b'1'),
        )
    };
    // The move ends here unless take-backs follow after spaces (`1d1 (1c1,1d1)`).
    let ends = |i: usize| match b.get(i) {
        None => true,
        Some(c) if c.is_ascii_whitespace() => {
            let gap = b[i..]
                .iter()
                .take_while(|&&c| c == b' ' || c == b'\t')
                .count();
            b.get(i + gap) != Some(&b'(')
        }
        Some(_) => false,
    };
    let first = slot_at(0)?;
    if ends(3) {
        return Some((&input[3..], Notation::place(first)));
    }
    let (mut n, at) = if b.get(3) == Some(&b'-') {
        let to = slot_at(4)?;
        let mut n = Notation::place(to);
        n.from = Some(first);
        if ends(7) {
            return Some((&input[7..], n));
        }
        (n, 7)
    } else {
        (Notation::place(first), 3)
    };
    // Take-backs written tight, `(2a1)` or `(2a1,1b1)`, then whitespace or the end.
    if b.get(at) != Some(&b'(') {
        return None;
    }
    n.takebacks.push(slot_at(at + 1)?);
    let end = match b.get(at + 4)? {
        b')' => at + 5,
        b',' => {
            if !n.takebacks.push(slot_at(at + 5)?) || b.get(at + 8) != Some(&b')') {
                return None;
            }
            at + 9
        }
        _ => return None,
    };
    match b.get(end) {
        None => {}
        Some(c) if c.is_ascii_whitespace() => {}
        Some(_) => return None,
    }
    Some((&input[end..], n))
}

/// Panics unless the shortcut reads `s` as the general grammar does (for the fuzz targets).
pub(crate) fn check_quick(s: &str) {
    if let Some((rest, n)) = quick(s) {
        match general(s, false) {
            Ok((rest2, n2)) => assert_eq!((rest, n.to_string()), (rest2, n2.to_string()), "{s:?}"),
            Err(e) => panic!("the shortcut reads {s:?} but the grammar does not: {e:?}"),
        }
    }
}

/// One written move; `numeric` selects the numeric style.
pub(crate) fn notation(input: &str, numeric: bool) -> PResult<'_, Notation> {
    if !numeric && let Some(done) = quick(input) {
        return Ok(done);
    }
    general(input, numeric)
}

/// [`notation`] without the shortcut for the common move.
fn general(input: &str, numeric: bool) -> PResult<'_, Notation> {
    let mut compact = false;
    let (mut rest, (first, f)) = match any_slot(input, numeric) {
        Ok(x) => x,
        // A draw's result, as other games write it: Pylos has none, say so at it.
        Err(_) if input.starts_with("1/2") => {
            return Err(nom::Err::Failure(PErr::new(input, NO_DRAWS)));
        }
        Err(_) => return text::fail(input, EXPECT_MOVE),
    };
    compact |= f == Form::Compact;
    let mut from = None;
    let mut to = first;
    let mut dash = true;
    if let Some(after) = rest.strip_prefix('-') {
        let (r, (s, f)) = any_slot(after, numeric)
            .map_err(|_| nom::Err::Failure(PErr::new(after, "the slot a raise goes to")))?;
        compact |= f == Form::Compact;
        from = Some(first);
        to = s;
        rest = r;
    } else if !numeric && let Ok((r, (s, f))) = any_slot(rest, false) {
        compact |= f == Form::Compact;
        from = Some(first);
        to = s;
        dash = false;
        rest = r;
    }
    let (r, _) = text::sp(rest)?;
    let mut takebacks = Takebacks::new();
    if let Some(mut inner) = r.strip_prefix('(') {
        loop {
            inner = text::sp(inner)?.0;
            let (after, (s, f)) = any_slot(inner, numeric)
                .map_err(|_| nom::Err::Failure(PErr::new(inner, "a slot to take back")))?;
            compact |= f == Form::Compact;
            if takebacks.contains(&s) {
                return Err(nom::Err::Failure(PErr::new(
                    inner,
                    "a slot not already taken back",
                )));
            }
            takebacks.push(s);
            inner = text::sp(after)?.0;
            if let Some(a) = inner.strip_prefix(',') {
                if takebacks.len() == 2 {
                    return Err(nom::Err::Failure(PErr::new(
                        inner,
                        "')' (at most two balls are taken back)",
                    )));
                }
                inner = a;
            } else if let Some(a) = inner.strip_prefix(')') {
                rest = a;
                break;
            } else {
                return Err(nom::Err::Failure(PErr::new(inner, "',' or ')'")));
            }
        }
    }
    let mut markers = Markers::default();
    loop {
        let flag = match rest.as_bytes().first() {
            Some(b'O') => &mut markers.square,
            Some(b'+') => &mut markers.line4,
            Some(b'Y') => &mut markers.line3,
            _ => break,
        };
        if *flag {
            return Err(nom::Err::Failure(PErr::new(
                rest,
                "each marker at most once",
            )));
        }
        *flag = true;
        rest = &rest[1..];
    }
    let nag = Nag::FORMS.iter().find_map(|(s, n)| {
        let r = rest.strip_prefix(s)?;
        Some((r, *n))
    });
    let nag = match nag {
        Some((r, n)) => {
            rest = r;
            Some(n)
        }
        None => None,
    };
    let form = if numeric {
        Form::Numeric
    } else if compact {
        Form::Compact
    } else {
        Form::Canonical
    };
    Ok((
        rest,
        Notation {
            from,
            to,
            takebacks,
            markers,
            nag,
            form,
            dash,
        },
    ))
}

#[cfg(test)]
mod tests {
    /// `Takebacks::canonical` of any one or two slots, in either order: the slots pushed
    /// in canonical order (higher level first, then column, then row).
    #[test]
    fn canonical_takebacks_of_every_pair() {
        use super::{Slot, Takebacks};
        let mut pairs = 0;
        for a in Slot::all() {
            let mut one = Takebacks::new();
            one.push(a);
            assert_eq!(Takebacks::canonical(a, None), one);
            for b in Slot::all().filter(|&b| b != a) {
                let mut sorted = [a, b];
                sorted.sort_by_key(|s| s.takeback_key());
                let mut two = Takebacks::new();
                two.push(sorted[0]);
                two.push(sorted[1]);
                assert_eq!(Takebacks::canonical(a, Some(b)), two, "{a} {b}");
                pairs += 1;
            }
        }
        assert_eq!(pairs, 30 * 29);
    }

    /// A printer built from the slots' own printers (`Slot`'s `Display`, `compact`,
    /// `numeric`) and `format!`, apart from the byte printer both `write_to` and `Display`
    /// run.
    fn reference(n: &super::Notation) -> String {
        use super::Form;
        let slot = |s: super::Slot| match n.form {
            Form::Canonical => s.to_string(),
            Form::Compact => s.compact(),
            Form::Numeric => s.numeric(),
        };
        let mut out = String::new();
        if let Some(from) = n.from {
            out += &slot(from);
            if n.dash || n.form == Form::Numeric {
                out += "-";
            }
        }
        out += &slot(n.to);
        if !n.takebacks.is_empty() {
            let t: Vec<String> = n.takebacks.iter().map(|&t| slot(t)).collect();
            out += &format!("({})", t.join(","));
        }
        out += &n.markers.to_string();
        out += n.nag.map_or("", |g| g.as_str());
        out
    }

    /// `write_to` and `Display` write what the reference printer writes, for every slot in
    /// every form, raised or not, dashed or not, with 0–2 takebacks, every marker set and
    /// every annotation.
    #[test]
    fn write_to_is_display() {
        use super::{Form, Markers, Nag, Notation, Slot, Takebacks};
        let slots: Vec<Slot> = Slot::all().collect();
        let mut count = 0;
        for form in [Form::Canonical, Form::Compact, Form::Numeric] {
            for (i, &to) in slots.iter().enumerate() {
                let from = [None, Some(slots[(i + 7) % slots.len()])];
                for (k, from) in from.into_iter().enumerate() {
                    let mut takebacks = Takebacks::new();
                    for t in 0..(i + k) % 3 {
                        takebacks.push(slots[(i * 5 + t * 11) % slots.len()]);
                    }
                    let markers = Markers {
                        square: i % 2 == 0,
                        line4: i % 3 == 0,
                        line3: i % 5 == 0,
                    };
                    let nags = Nag::FORMS.iter().map(|(_, n)| Some(*n));
                    for nag in nags.chain([None]) {
                        for dash in [false, true] {
                            let n = Notation {
                                from,
                                to,
                                takebacks,
                                markers,
                                nag,
                                form,
                                dash,
                            };
                            let mut out = String::from("x");
                            n.write_to(&mut out);
                            assert_eq!(out, format!("x{}", reference(&n)), "{n:?}");
                            assert_eq!(n.to_string(), reference(&n), "{n:?}");
                            count += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(count, 3 * 30 * 2 * 7 * 2);
    }

    /// Every string the shortcut reads, the general grammar reads the same way.
    #[test]
    fn the_shortcut_agrees_with_the_grammar() {
        let parts: &[&[&str]] = &[
            &["1", "2", "3", "4", "5", "0", "a"],
            &["a", "b", "c", "d", "e", "1"],
            &["1", "2", "3", "4", "5", "x"],
            &["", "-", "1", "("],
            &["", "2a1", "3b2", "4a1", "2c3"],
            &[
                "",
                "(1a1)",
                "(2b2,1a1)",
                "(1a1,1a1)",
                "(1a1",
                "(1a1,",
                "(a1)",
                "(1e1)",
                "( 1a1)",
            ],
            &[
                "", " ", "{", "x", "(", ")", "\n", " 1b2", "  (1a1)", "\t(", " \n(1a1)", "O", "!",
            ],
        ];
        let mut count = 0;
        crate::text::each_combination(parts, |s| {
            if let Some((rest, n)) = quick(s) {
                count += 1;
                let (rest2, n2) = general(s, false).expect("the grammar reads it");
                assert_eq!(
                    (rest, n.to_string(), n),
                    (rest2, n2.to_string(), n2),
                    "{s:?}"
                );
            }
        });
        assert!(count > 200, "{count}");
    }

    use super::*;

    fn n(s: &str) -> Notation {
        s.parse().unwrap()
    }

    #[test]
    fn forms_of_the_article() {
        let a = n("1d22b2");
        let b = n("1d2-2b2");
        assert_eq!((a.from, a.to), (b.from, b.to));
        assert!(!a.dash && b.dash);
        let t = n("1d1(1c1,1d1)");
        assert_eq!(t.to.to_string(), "1d1");
        assert_eq!(
            t.takebacks
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>(),
            ["1c1", "1d1"]
        );
        let m = n("1c1-2a2Y!?");
        assert!(m.markers.line3 && !m.markers.square);
        assert_eq!(m.nag, Some(Nag::Interesting));
        assert_eq!(m.to_string(), "1c1-2a2Y!?");
        let c = n("d2-2b2");
        assert_eq!(c.form, Form::Compact);
        assert_eq!(c.from.unwrap().to_string(), "1d2");
        assert_eq!(n("d1(c1,d1)").to_string(), "d1(c1,d1)");
    }

    #[test]
    fn parse_errors() {
        for bad in [
            "1b2()",
            "1b2(1a1,1b1,1c1)",
            "1b2(1a1,1a1)",
            "1b2OO",
            "1b2++",
            "1e1",
            "d5",
        ] {
            assert!(bad.parse::<Notation>().is_err(), "{bad}");
        }
        let e = "1b2(1a1,1a1)".parse::<Notation>().unwrap_err();
        assert_eq!(e.column, 9);
        assert!(e.expected.contains("not already taken back"));
    }

    #[test]
    fn numeric() {
        let m = Notation::parse_numeric("8-L5").unwrap();
        assert_eq!(
            (m.from.unwrap().to_string(), m.to.to_string()),
            ("1d2".into(), "2b2".into())
        );
        let t = Notation::parse_numeric("4(3,4)").unwrap();
        assert_eq!(t.to_string(), "4(3,4)");
        assert_eq!(t.takebacks[0].to_string(), "1c1");
    }
}
