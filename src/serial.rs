//! serde through the written forms (the `serde` feature): a written move, a coordinate, a
//! rule set, a style and a result serialize as their text; a position as the pair of its
//! rules and its position string; errors as readable objects with a `kind`.
//!
//! ```
//! use gamenote::prelude::*;
//! use gamenote::{pylos::{Notation, Pylos, Rules}, Game, GameResult, Outcome};
//! let n: Notation = "1d2-2b2".parse()?;
//! assert_eq!(serde_json::to_string(&n)?, "\"1d2-2b2\"");
//! let r = GameResult::Decided(Outcome::Win(0));
//! assert_eq!(serde_json::to_string(&r)?, "\"1-0\"");
//! let start = Pylos::start(&Rules::default());
//! assert_eq!(
//!     serde_json::to_string(&start)?,
//!     r#"["standard","................/........./..../. w 15 15"]"#
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::ops::Range;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::{Error, IllegalMove, MoveErrorKind, ParseError, ValueError};

/// Serializes and deserializes a type as its `Display` text, read back with `FromStr`.
macro_rules! via_text {
    ($($t:ty),* $(,)?) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = std::borrow::Cow::<'de, str>::deserialize(d)?;
                text.parse().map_err(D::Error::custom)
            }
        }
    )*};
}

via_text!(
    crate::Outcome,
    crate::GameResult,
    crate::pylos::Notation,
    crate::pylos::Style,
    crate::pylos::Rules,
    crate::pylos::Slot,
    crate::gipf::Notation,
    crate::gipf::Style,
    crate::gipf::Rules,
    crate::gipf::Point,
    crate::threeman::Notation,
    crate::threeman::Style,
    crate::threeman::Rules,
    crate::threeman::Square,
    crate::pylon::Notation,
    crate::pylon::Style,
    crate::pylon::Rules,
    crate::pylon::Point,
    crate::pylon::Score,
);

impl<G: crate::Game> Serialize for crate::game::PositionString<G> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de, G: crate::Game> Deserialize<'de> for crate::game::PositionString<G> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = std::borrow::Cow::<'de, str>::deserialize(d)?;
        text.parse().map_err(D::Error::custom)
    }
}

impl<G: crate::Game> Serialize for crate::game::Written<G> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de, G: crate::Game> Deserialize<'de> for crate::game::Written<G> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = std::borrow::Cow::<'de, str>::deserialize(d)?;
        text.parse().map_err(D::Error::custom)
    }
}

/// Serializes and deserializes a position as `[rules, position string]`.
macro_rules! via_position_string {
    ($($pos:ty: $rules:ty, $game:ident;)*) => {$(
        impl Serialize for $pos {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                (self.rules().to_string(), crate::$game::position_string::write(self)).serialize(s)
            }
        }
        impl<'de> Deserialize<'de> for $pos {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let (rules, pos) = <(String, String)>::deserialize(d)?;
                let rules: $rules = rules.parse().map_err(D::Error::custom)?;
                crate::$game::position_string::parse(&pos, rules).map_err(D::Error::custom)
            }
        }
    )*};
}

via_position_string! {
    crate::pylos::Position: crate::pylos::Rules, pylos;
    crate::gipf::Position: crate::gipf::Rules, gipf;
    crate::pylon::Position: crate::pylon::Rules, pylon;
}

/// The one kind of a [`ParseError`] and of a [`ValueError`] as serialized.
#[derive(Serialize, Deserialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum Kind {
    Parse,
    Setup,
}

/// A [`ParseError`] as data: `found` holds the text found without the quotes of `Display`
/// (`quoted` says it was text of the input), `message` the whole message.
#[derive(Serialize, Deserialize)]
struct ParseData {
    kind: Kind,
    line: usize,
    column: usize,
    span: Range<usize>,
    expected: String,
    found: String,
    quoted: bool,
    #[serde(default)]
    ply: Option<usize>,
    #[serde(default, skip_deserializing)]
    message: String,
}

impl Serialize for ParseError {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let text = self.found_text();
        ParseData {
            kind: Kind::Parse,
            line: self.line,
            column: self.column,
            span: self.span.clone(),
            expected: self.expected.clone(),
            quoted: text.is_some(),
            found: text.unwrap_or_else(|| self.found.clone()),
            ply: self.ply,
            message: self.to_string(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for ParseError {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let p = ParseData::deserialize(d)?;
        if !matches!(p.kind, Kind::Parse) {
            return Err(D::Error::custom("expected kind \"parse\""));
        }
        Ok(ParseError {
            span: p.span,
            line: p.line,
            column: p.column,
            expected: p.expected,
            found: if p.quoted {
                format!("{:?}", p.found)
            } else {
                p.found
            },
            ply: p.ply,
        })
    }
}

/// An [`IllegalMove`] as data. `ply` is null for a move of no ply (a tag left out under
/// `--lenient`), as in a `check::Problem`; 0 reads as null.
#[derive(Serialize, Deserialize)]
struct IllegalData {
    /// The [`crate::ErrorKind`] word, `illegal` or `mismatch` (`ambiguous`, the word of
    /// older versions, still reads).
    kind: IllegalKind,
    /// True for an ambiguous move (an `illegal` one that more than one move matches).
    #[serde(default, skip_serializing_if = "is_false")]
    ambiguous: bool,
    #[serde(default)]
    ply: Option<usize>,
    written: String,
    reason: String,
    span: Option<Range<usize>>,
    #[serde(default, skip_serializing_if = "is_zero")]
    line: usize,
    #[serde(default, skip_serializing_if = "is_zero")]
    column: usize,
    #[serde(default, skip_deserializing)]
    message: String,
}

/// The kind of an [`IllegalMove`] as serialized: the [`crate::ErrorKind`] word.
#[derive(Serialize, Deserialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum IllegalKind {
    Illegal,
    Mismatch,
    Ambiguous,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// Whether a line or column is 0: the error is not placed, and the field is left out.
fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl Serialize for IllegalMove {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        IllegalData {
            kind: match self.kind {
                MoveErrorKind::Mismatch => IllegalKind::Mismatch,
                _ => IllegalKind::Illegal,
            },
            ambiguous: self.kind == MoveErrorKind::Ambiguous,
            ply: (self.ply > 0).then_some(self.ply),
            written: self.written.clone(),
            reason: self.reason.clone(),
            span: self.span.clone(),
            line: self.line,
            column: self.column,
            message: self.message(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for IllegalMove {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let i = IllegalData::deserialize(d)?;
        Ok(IllegalMove {
            ply: i.ply.unwrap_or(0),
            written: i.written,
            kind: match (i.kind, i.ambiguous) {
                (IllegalKind::Mismatch, _) => MoveErrorKind::Mismatch,
                (IllegalKind::Ambiguous, _) | (IllegalKind::Illegal, true) => {
                    MoveErrorKind::Ambiguous
                }
                (IllegalKind::Illegal, false) => MoveErrorKind::Illegal,
            },
            reason: i.reason,
            span: i.span,
            line: i.line,
            column: i.column,
        })
    }
}

/// A [`ValueError`] as data.
#[derive(Serialize, Deserialize)]
struct ValueData {
    kind: Kind,
    tag: Option<String>,
    message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    span: Option<Range<usize>>,
    #[serde(default, skip_serializing_if = "is_zero")]
    line: usize,
    #[serde(default, skip_serializing_if = "is_zero")]
    column: usize,
}

impl Serialize for ValueError {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        ValueData {
            kind: Kind::Setup,
            tag: self.tag.clone(),
            message: self.message.clone(),
            span: self.span.clone(),
            line: self.line,
            column: self.column,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for ValueError {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = ValueData::deserialize(d)?;
        if !matches!(v.kind, Kind::Setup) {
            return Err(D::Error::custom("expected kind \"setup\""));
        }
        Ok(ValueError {
            tag: v.tag,
            message: v.message,
            span: v.span,
            line: v.line,
            column: v.column,
        })
    }
}

/// The crate's [`Error`] as the object of the error it holds, told apart by `kind`.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum ErrorData {
    Parse(ParseError),
    Illegal(IllegalMove),
    Setup(ValueError),
}

impl Serialize for Error {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Error::Parse(e) => e.serialize(s),
            Error::Illegal(e) => e.serialize(s),
            Error::Setup(e) => e.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for Error {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(match ErrorData::deserialize(d)? {
            ErrorData::Parse(e) => Error::Parse(e),
            ErrorData::Illegal(e) => Error::Illegal(e),
            ErrorData::Setup(e) => Error::Setup(e),
        })
    }
}
