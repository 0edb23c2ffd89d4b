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

use super::{legal_game_in_variant, LegalGame, NearMiss};
use crate::game::Game;

/// A legal game chosen by the fuzzer's bytes (seed, length up to 200 plies, variant).
#[derive(Debug, Clone)]
pub struct Legal<G: Game>(pub LegalGame<G>);

/// A near miss chosen by the fuzzer's bytes, or `None` when that game allows none.
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
