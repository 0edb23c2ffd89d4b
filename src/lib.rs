//! # gamenote
//!
//! Reads, checks, writes and converts the written records of four abstract board games:
//! Pylos, GIPF, three-man chess and Pylon.
//!
//! Every game implements one trait, [`Game`]. Its written moves ([`Game::Notation`]) are
//! parsed with no position at hand; [`Game::resolve`] checks one against a position and
//! gives the move it means, or the reason it cannot; [`Game::notate`] writes a move back in
//! any of the game's styles. Records, replay, conversion and perft are written once over the
//! trait.
//!
//! ```
//! use gamenote::{record, Mode, Record, pylos::{Pylos, Style}};
//!
//! let rec: Record<Pylos> = "1b2 1c3 1c4 1c2 1d2 1b3 1d22b2 *".parse()?;
//! let replay = record::replay(&rec, Mode::Strict);
//! assert!(replay.is_ok());
//! assert_eq!(replay.end.reserve(0), 12); // White placed 3 balls and raised one
//! let canonical = record::convert(&rec, Style::CANONICAL, Mode::Strict)?;
//! assert!(canonical.to_string().contains("4. 1d2-2b2 *"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod cli;
pub mod error;
pub mod fuzzing;
pub mod game;
pub mod games;
pub mod generate;
pub mod html;
pub mod perft;
pub mod record;
pub mod stream;
pub mod svg;
pub mod text;
pub mod visit;

pub mod gipf;
pub mod pylon;
pub mod pylos;
pub mod threeman;

pub use error::{Error, IllegalMove, MoveError, MoveErrorKind, ParseError};
pub use game::{Game, GameResult, Mode, Outcome, Token};
pub use games::GameId;
pub use record::{Ply, Record, Replay};

#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

#[doc = include_str!("../docs/fuzzing.md")]
#[cfg(all(doctest, feature = "proptest"))]
pub struct FuzzingDocDoctests;
