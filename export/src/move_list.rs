//! A list of moves as one text buffer and the end of each move in it.

use std::fmt;

use serde::ser::{Serialize, SerializeSeq, Serializer};

/// The moves of a row (as written, or canonical): their texts one after the other in one
/// buffer, with the end of each. A record's moves cost two growing buffers instead of a
/// `String` each, and a sink reads each move as a `&str` ([`MoveList::iter`]). Serialized
/// (serde) as a list of strings; `Debug` shows that list, `Display` the moves separated by
/// spaces.
///
/// ```
/// use gamenote_export::MoveList;
/// let mut moves = MoveList::new();
/// moves.push("1b2");
/// moves.push("1c3");
/// assert_eq!(moves.len(), 2);
/// assert_eq!(moves.get(1), Some("1c3"));
/// assert_eq!(moves.iter().collect::<Vec<_>>(), ["1b2", "1c3"]);
/// assert_eq!(moves, ["1b2", "1c3"]);
/// assert_eq!(moves.to_string(), "1b2 1c3");
/// assert_eq!(format!("{moves:?}"), r#"["1b2", "1c3"]"#);
/// assert_eq!(serde_json::to_string(&moves).unwrap(), r#"["1b2","1c3"]"#);
/// moves.clear();
/// assert!(moves.is_empty());
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct MoveList {
    text: String,
    ends: Vec<usize>,
}

impl MoveList {
    /// An empty list.
    ///
    /// ```
    /// assert!(gamenote_export::MoveList::new().is_empty());
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// The number of moves.
    ///
    /// ```
    /// let moves = gamenote_export::MoveList::from(["1b2", "1c3"]);
    /// assert_eq!(moves.len(), 2);
    /// ```
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// True when there is no move.
    ///
    /// ```
    /// assert!(gamenote_export::MoveList::from([""; 0]).is_empty());
    /// assert!(!gamenote_export::MoveList::from([""]).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Adds a move at the end.
    ///
    /// ```
    /// let mut moves = gamenote_export::MoveList::new();
    /// moves.push("e4");
    /// assert_eq!(moves, ["e4"]);
    /// ```
    pub fn push(&mut self, m: &str) {
        self.text.push_str(m);
        self.ends.push(self.text.len());
    }

    /// Removes every move, keeping the room.
    ///
    /// ```
    /// let mut moves = gamenote_export::MoveList::from(["1b2"]);
    /// moves.clear();
    /// assert_eq!(moves.len(), 0);
    /// ```
    pub fn clear(&mut self) {
        self.text.clear();
        self.ends.clear();
    }

    /// The `i`th move (from 0), if there is one.
    ///
    /// ```
    /// let moves = gamenote_export::MoveList::from(["1b2", "1c3"]);
    /// assert_eq!((moves.get(0), moves.get(2)), (Some("1b2"), None));
    /// ```
    pub fn get(&self, i: usize) -> Option<&str> {
        let end = *self.ends.get(i)?;
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        self.text.get(start..end)
    }

    /// The last move, if any.
    ///
    /// ```
    /// let moves = gamenote_export::MoveList::from(["1b2", "1c3"]);
    /// assert_eq!(moves.last(), Some("1c3"));
    /// ```
    pub fn last(&self) -> Option<&str> {
        self.get(self.len().checked_sub(1)?)
    }

    /// The moves in order.
    ///
    /// ```
    /// let moves = gamenote_export::MoveList::from(["1b2", "1c3"]);
    /// assert_eq!(moves.iter().rev().collect::<Vec<_>>(), ["1c3", "1b2"]);
    /// ```
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            text: &self.text,
            ends: &self.ends,
            start: 0,
        }
    }

    /// The moves' texts one after the other (what [`MoveList::iter`] cuts).
    ///
    /// ```
    /// let moves = gamenote_export::MoveList::from(["1b2", "1c3"]);
    /// assert_eq!(moves.text(), "1b21c3");
    /// ```
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The end of each move in [`MoveList::text`].
    pub(crate) fn ends(&self) -> &[usize] {
        &self.ends
    }

    /// Makes this list the first `k` moves of `other` (all of them if it has fewer), copied
    /// at once.
    pub(crate) fn set_prefix_of(&mut self, other: &MoveList, k: usize) {
        let k = k.min(other.len());
        let end = k.checked_sub(1).map_or(0, |i| other.ends[i]);
        self.clear();
        self.text
            .push_str(other.text.get(..end).unwrap_or_default());
        self.ends.extend_from_slice(&other.ends[..k]);
    }

    /// Appends a move written by `write` into the buffer (its text: what `write` appends).
    #[inline(always)]
    pub(crate) fn push_with<T>(&mut self, write: impl FnOnce(&mut String) -> T) -> T {
        let t = write(&mut self.text);
        self.ends.push(self.text.len());
        t
    }
}

/// The moves of a [`MoveList`], in order ([`MoveList::iter`]).
///
/// ```
/// let moves = gamenote_export::MoveList::from(["1b2", "1c3", "2a1"]);
/// let mut it = moves.iter();
/// assert_eq!(it.len(), 3);
/// assert_eq!((it.next(), it.next_back()), (Some("1b2"), Some("2a1")));
/// assert_eq!((it.next(), it.next()), (Some("1c3"), None));
/// ```
#[derive(Clone, Debug)]
pub struct Iter<'a> {
    text: &'a str,
    /// The ends of the moves not yet handed out.
    ends: &'a [usize],
    /// Where the first of them starts.
    start: usize,
}

impl<'a> Iterator for Iter<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let (&end, rest) = self.ends.split_first()?;
        let m = self.text.get(self.start..end).unwrap_or_default();
        self.start = end;
        self.ends = rest;
        Some(m)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.ends.len(), Some(self.ends.len()))
    }
}

impl<'a> DoubleEndedIterator for Iter<'a> {
    fn next_back(&mut self) -> Option<&'a str> {
        let (&end, rest) = self.ends.split_last()?;
        let start = rest.last().copied().unwrap_or(self.start);
        self.ends = rest;
        Some(self.text.get(start..end).unwrap_or_default())
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a str;
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl<S: AsRef<str>> FromIterator<S> for MoveList {
    fn from_iter<I: IntoIterator<Item = S>>(iter: I) -> Self {
        let mut moves = MoveList::new();
        moves.extend(iter);
        moves
    }
}

impl<S: AsRef<str>> Extend<S> for MoveList {
    fn extend<I: IntoIterator<Item = S>>(&mut self, iter: I) {
        for m in iter {
            self.push(m.as_ref());
        }
    }
}

impl<S: AsRef<str>, const N: usize> From<[S; N]> for MoveList {
    fn from(moves: [S; N]) -> Self {
        moves.into_iter().collect()
    }
}

impl<S: AsRef<str>> From<Vec<S>> for MoveList {
    fn from(moves: Vec<S>) -> Self {
        moves.into_iter().collect()
    }
}

impl<S: AsRef<str>> PartialEq<[S]> for MoveList {
    fn eq(&self, other: &[S]) -> bool {
        self.len() == other.len() && self.iter().zip(other).all(|(a, b)| a == b.as_ref())
    }
}

impl<S: AsRef<str>, const N: usize> PartialEq<[S; N]> for MoveList {
    fn eq(&self, other: &[S; N]) -> bool {
        *self == other[..]
    }
}

impl<S: AsRef<str>> PartialEq<Vec<S>> for MoveList {
    fn eq(&self, other: &Vec<S>) -> bool {
        *self == other[..]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl fmt::Display for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, m) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(m)?;
        }
        Ok(())
    }
}

impl Serialize for MoveList {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.len()))?;
        for m in self {
            seq.serialize_element(m)?;
        }
        seq.end()
    }
}

impl<'de> serde::Deserialize<'de> for MoveList {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Vec::<String>::deserialize(d).map(MoveList::from)
    }
}

#[cfg(test)]
mod tests {
    use super::MoveList;

    #[test]
    fn moves_round_trip_through_the_buffer_empty_ones_included() {
        let items = ["1b2", "", "2a1[1c3]", "é", ""];
        let moves = MoveList::from(items);
        assert_eq!(moves.len(), 5);
        assert_eq!(moves.iter().collect::<Vec<_>>(), items);
        assert_eq!(
            moves.iter().rev().collect::<Vec<_>>(),
            ["", "é", "2a1[1c3]", "", "1b2"]
        );
        assert_eq!(
            (0..6).map(|i| moves.get(i)).collect::<Vec<_>>(),
            [
                Some("1b2"),
                Some(""),
                Some("2a1[1c3]"),
                Some("é"),
                Some(""),
                None
            ]
        );
        let back: MoveList = serde_json::from_str(&serde_json::to_string(&moves).unwrap()).unwrap();
        assert_eq!(back, moves);
        assert_ne!(moves, ["1b2"]);
        assert_eq!(MoveList::new().last(), None);
    }
}
