//! The guides, as they stand in the repository's `docs/` folder: each game's rules and
//! grammar, the command line's contract, the fuzzing kit and how the crate is built. They
//! are here so that they can be read where the API is read.
//!
//! ```
//! // The guides hold no code; the games' modules do.
//! use gamenote::pylos::Pylos;
//! use gamenote::Play;
//! assert_eq!(Pylos::NAME, "Pylos");
//! ```

#[doc = include_str!("../docs/pylos.md")]
pub mod pylos {}

#[doc = include_str!("../docs/gipf.md")]
pub mod gipf {}

#[doc = include_str!("../docs/threeman.md")]
pub mod threeman {}

#[doc = include_str!("../docs/pylon.md")]
pub mod pylon {}

#[doc = include_str!("../docs/cli.md")]
pub mod cli {}

/// (The fuzzing guide's example needs the `proptest` feature, which docs.rs turns on.)
#[doc = include_str!("../docs/fuzzing.md")]
#[cfg(feature = "proptest")]
pub mod fuzzing {}

#[doc = include_str!("../docs/architecture.md")]
pub mod architecture {}
