//! The generators as `arbitrary::Arbitrary` values (feature `arbitrary`), for cargo-fuzz
//! targets that want structured records rather than raw bytes.
//!
//! ```
//! use arbitrary::{Arbitrary, Unstructured};
//! use gamenote::generate::fuzz::{Legal, Miss};
//! use gamenote::pylos::Pylos;
//! let bytes = [7u8; 64];
//! let game = Legal::<Pylos>::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
//! assert!(gamenote::generate::verify_legal(&game.0).is_ok());
//! if let Ok(Miss(Some(miss))) = Miss::<Pylos>::arbitrary(&mut Unstructured::new(&bytes)) {
//!     assert!(gamenote::generate::verify(&miss).is_ok());
//! }
//! ```

use arbitrary::{Arbitrary, Result, Unstructured};

use super::{LegalGame, NearMiss, legal_game_in_variant};
use crate::game::Game;

/// A legal game chosen by the fuzzer's bytes (seed, length up to 200 plies, variant).
///
/// ```
/// use arbitrary::{Arbitrary, Unstructured};
/// use gamenote::generate::{fuzz::Legal, verify_legal};
/// use gamenote::pylos::Pylos;
/// let bytes = [3u8; 32];
/// let Legal(game) = Legal::<Pylos>::arbitrary(&mut Unstructured::new(&bytes))?;
/// assert!(game.moves.len() <= 200);
/// assert!(verify_legal(&game).is_ok());
/// let Legal(again) = Legal::<Pylos>::arbitrary(&mut Unstructured::new(&bytes))?;
/// assert_eq!(again.record.to_string(), game.record.to_string()); // same bytes, same game
/// # Ok::<(), arbitrary::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Legal<G: Game>(pub LegalGame<G>);

/// A near miss chosen by the fuzzer's bytes, or `None` when that game allows none.
///
/// ```
/// use arbitrary::{Arbitrary, Unstructured};
/// use gamenote::generate::{fuzz::Miss, verify};
/// use gamenote::gipf::Gipf;
/// let bytes = [7u8; 64];
/// let Miss(miss) = Miss::<Gipf>::arbitrary(&mut Unstructured::new(&bytes))?;
/// let miss = miss.expect("a game with moves has a near miss");
/// assert_eq!(verify(&miss), Ok(()));
/// # Ok::<(), arbitrary::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Miss<G: Game>(pub Option<NearMiss<G>>);

fn pick<G: Game>(u: &mut Unstructured<'_>) -> Result<(LegalGame<G>, u64)> {
    let seed = u64::arbitrary(u)?;
    let len = u.int_in_range(0..=200usize)?;
    let variant = usize::from(u8::arbitrary(u)?);
    Ok((legal_game_in_variant::<G>(variant, len, seed), seed))
}

impl<'a, G: Game> Arbitrary<'a> for Legal<G> {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(Legal(pick::<G>(u)?.0))
    }
}

impl<'a, G: Game> Arbitrary<'a> for Miss<G> {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let (game, seed) = pick::<G>(u)?;
        Ok(Miss(super::near_miss(&game, seed)))
    }
}

impl<'a> Arbitrary<'a> for crate::pylos::Slot {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let i = u.int_in_range(0..=29usize)?;
        Ok(crate::pylos::Slot::from_index(i).unwrap_or(crate::pylos::TOP))
    }
}

impl<'a> Arbitrary<'a> for crate::gipf::Point {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let i = u.int_in_range(0..=60usize)?;
        Ok(crate::gipf::Point::all()
            .nth(i)
            .unwrap_or_else(|| crate::gipf::Point::all().next().expect("61 points")))
    }
}

impl<'a> Arbitrary<'a> for crate::threeman::Square {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(crate::threeman::Square::new(
            u.int_in_range(0..=5u8)?,
            u.int_in_range(0..=23u8)?,
        ))
    }
}

/// A Pylon point on a board of the given size (2 to 26), chosen by the fuzzer's bytes.
///
/// ```
/// use arbitrary::{Arbitrary, Unstructured};
/// use gamenote::generate::fuzz::PylonPoint;
/// use gamenote::pylon::Geometry;
/// let p = PylonPoint::arbitrary(&mut Unstructured::new(&[5, 200, 17, 99]))?;
/// assert!((2..=26).contains(&p.size));
/// assert!(Geometry::of(p.size).unwrap().index(p.point).is_some());
/// # Ok::<(), arbitrary::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PylonPoint {
    /// Board size.
    pub size: u8,
    /// A point of that board.
    pub point: crate::pylon::Point,
}

impl<'a> Arbitrary<'a> for PylonPoint {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let size = u.int_in_range(crate::pylon::MIN_SIZE..=crate::pylon::MAX_SIZE)?;
        let g = crate::pylon::Geometry::of(size).ok_or(arbitrary::Error::IncorrectFormat)?;
        let i = u.int_in_range(0..=g.len().saturating_sub(1))?;
        Ok(PylonPoint {
            size,
            point: g.point(i),
        })
    }
}
