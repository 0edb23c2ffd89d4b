//! The record grammar, written once, reporting what it reads to a [`Visitor`].
//!
//! Building a [`Record`](crate::Record) is one visitor; checking syntax alone ([`Summarize`])
//! is another that keeps nothing, so a reader that only wants verdicts does not pay for
//! strings and vectors it would throw away. [`visit`] runs a visitor over every record of a
//! string; [`crate::stream::Reader`] does the same over any byte stream.
//!
//! ```
//! use gamenote::pylos::Pylos;
//! use gamenote::visit::{visit, Summarize};
//! let text = "[Game \"Pylos\"]\n1b2 1c3 *\n\n[Game \"Pylos\"]\n1b2 zz *\n";
//! let verdicts: Vec<_> = visit::<Pylos, _>(text, Summarize::default()).collect();
//! assert_eq!(verdicts[0].as_ref().unwrap().plies, 2);
//! let err = verdicts[1].as_ref().unwrap_err();
//! assert_eq!((err.line, err.column), (5, 5));
//! ```
//!
//! This module is the front of the reading layer's grammar: the visitor traits and types
//! are the grammar's own, and [`visit`] hands the grammar the crate's tag judge
//! ([`OnceTags`](crate::any::OnceTags)), so that a record read as one game is judged as the
//! mixed-archive readers judge it.

use crate::game::Game;
use crate::record::RecordBuilder;

pub use crate::grammar::{Place, ReadAs, Skip, Summarize, Summary, TagJudge, Visitor};

/// The records of a string, read one at a time: what [`Record::iter`](crate::Record::iter)
/// gives.
///
/// ```
/// use gamenote::{Record, pylos::Pylos, visit::Records};
/// let records: Records<'_, Pylos> = Record::iter("1b2 *\n\n1c3 *\n");
/// assert_eq!(records.count(), 2);
/// ```
pub type Records<'a, G> = Visits<'a, G, RecordBuilder<G>>;

/// Runs a visitor over every record of a string: see [`visit`].
///
/// ```
/// use gamenote::{pylos::Pylos, visit::{visit, Summarize, Visits}};
/// let text = "[Game \"Pylos\"]\n1b2 *\n\n[Game \"Pylos\"]\n1c3 *\n";
/// let records: Visits<'_, Pylos, Summarize> = visit(text, Summarize::default());
/// assert_eq!(records.filter(|r| r.is_ok()).count(), 2);
/// ```
pub struct Visits<'a, G: Game, V> {
    reader: crate::stream::Reader<&'a [u8]>,
    visitor: V,
    game: std::marker::PhantomData<G>,
}

/// Reads every record of `input` through `visitor`, one at a time, yielding what the
/// visitor makes of each. Records are cut by the one rule of [`crate::stream`], the same as
/// for any byte stream: a broken record is reported (its `end_record` gets the error) and
/// reading goes on with the next record. Time is linear in the input however many records
/// are broken.
///
/// ```
/// use gamenote::{pylos::Pylos, visit::{visit, Summarize}};
/// // A broken record costs itself only: reading goes on with the next.
/// let text = "[Game \"Pylos\"]\n1b2 {never closed\n\n[Game \"Pylos\"]\n1b2 1c3 *\n";
/// let plies: Vec<_> = visit::<Pylos, _>(text, Summarize::default())
///     .map(|r| r.map(|s| s.plies).ok())
///     .collect();
/// assert_eq!(plies, [None, Some(2)]);
/// ```
pub fn visit<G: Game, V: Visitor<G>>(input: &str, visitor: V) -> Visits<'_, G, V> {
    Visits {
        reader: crate::stream::Reader::new(input.as_bytes()),
        visitor,
        game: std::marker::PhantomData,
    }
}

impl<G: Game, V> Visits<'_, G, V> {
    /// The visitor, as the records read so far left it.
    ///
    /// ```
    /// use gamenote::{pylos::{Notation, Pylos}, visit::{visit, Visitor}, ParseError, Ply};
    /// // Counts the moves of every record read.
    /// struct Total(usize);
    /// impl Visitor<Pylos> for Total {
    ///     type Output = ();
    ///     fn ply(&mut self, _ply: Ply<Notation>) {
    ///         self.0 += 1;
    ///     }
    ///     fn end_record(&mut self, _verdict: Result<(), ParseError>) {}
    /// }
    /// let text = "[Game \"Pylos\"]\n1b2 *\n\n[Game \"Pylos\"]\n1b2 1c3 *\n";
    /// let mut records = visit::<Pylos, _>(text, Total(0));
    /// records.by_ref().for_each(drop);
    /// assert_eq!(records.visitor().0, 3);
    /// ```
    pub fn visitor(&mut self) -> &mut V {
        &mut self.visitor
    }
}

impl<G: Game, V: Visitor<G>> Iterator for Visits<'_, G, V> {
    type Item = V::Output;

    fn next(&mut self) -> Option<V::Output> {
        self.reader.read_record::<G, V>(&mut self.visitor)
    }
}
