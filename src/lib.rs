//! # gamenote
//!
//! Reads, checks, writes and converts the written records of four abstract board games:
//! Pylos, GIPF, three-man chess and Pylon.
//!
//! Every game implements one trait, [`Game`]. Its written moves ([`Notate::Notation`]) are
//! parsed with no position at hand; [`Notate::resolve`] checks one against a position and
//! gives the move it means, or the reason it cannot; [`Notate::notate`] writes a move back in
//! any of the game's styles. Records, replay, conversion and perft are written once over the
//! trait.
//!
//! ```
//! use gamenote::{Mode, Record, pylos::{Pylos, Style}};
//!
//! let rec: Record<Pylos> = "1b2 1c3 1c4 1c2 1d2 1b3 1d22b2 *".parse()?;
//! let replay = rec.replay(Mode::Strict);
//! assert!(replay.is_ok());
//! assert_eq!(replay.end.reserve(0), 12); // White placed 3 balls and raised one
//! let canonical = rec.convert(Style::CANONICAL, Mode::Strict)?;
//! assert!(canonical.to_string().contains("4. 1d2-2b2 *"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Features
//!
//! The default build depends on `nom`, `memchr` and `thiserror` only.
//!
//! | feature | what it adds |
//! |---|---|
//! | `serde` | `Serialize`/`Deserialize` for records, moves, positions, errors and reports, and the [`serial`] module |
//! | `proptest` | `generate::strategy`: legal games and near misses as proptest strategies |
//! | `arbitrary` | `generate::fuzz`: the same generators as `arbitrary::Arbitrary` values, for cargo-fuzz |
//!
//! Items that need a feature are marked with it in these docs.
//!
//! ## Guides
//!
//! The rules and grammar of each game ([`guide::pylos`], [`guide::gipf`],
//! [`guide::threeman`], [`guide::pylon`]), the command line's contract ([`guide::cli`]),
//! the fuzzing kit and how the crate is built ([`guide::architecture`]) are in [`guide`].

#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod any;
mod ascii;
pub mod check;
pub mod convert;
pub mod error;
pub mod fuzzing;
pub mod game;
pub mod generate;
mod grammar;
pub mod guide;
pub mod html;
pub mod perft;
pub mod record;
pub mod replay;
mod rng;
#[cfg(feature = "serde")]
pub mod serial;
pub mod sheet;
pub mod stream;
pub mod svg;
pub mod text;
pub mod visit;

pub mod gipf;
pub mod pylon;
pub mod pylos;
pub mod threeman;

pub use error::ValueError;
pub use error::{Error, ErrorKind, IllegalMove, Location, MoveError, MoveErrorKind, ParseError};
/// The traits and types most programs need, to import at once: `use gamenote::prelude::*;`.
///
/// The game traits must be in scope to call a game's functions on its type
/// (`Pylos::start`, `Gipf::resolve`); this brings every layer in.
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::pylos::Pylos;
/// let start = Pylos::start(&Default::default());
/// assert_eq!(Pylos::to_move(&start), 0);
/// ```
pub mod prelude {
    pub use crate::error::{Error, ParseError};
    pub use crate::game::{
        Game, GameResult, Hooks, Mistakes, Mode, Notate, Outcome, Picture, Play, RecordFormat,
    };
    pub use crate::record::Record;
}

pub use any::GameId;
pub use game::{
    Game, GameResult, Hooks, Mistakes, Mode, Notate, Outcome, Picture, Play, PositionString,
    RecordFormat, Token, Written,
};
pub use record::{Ply, Record, Replay};

#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

#[doc = include_str!("../docs/fuzzing.md")]
#[cfg(all(doctest, feature = "proptest"))]
pub struct FuzzingDocDoctests;
