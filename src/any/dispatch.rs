//! The one place where the crate's games are listed for the run-time choice: one holder
//! with a value for each game ([`PerGame`]) and one dispatch from a [`GameId`](super::GameId) to a game's
//! type ([`with_game!`](crate::with_game)). Both name every game, with no catch-all arm, so
//! that a fifth `GameId` variant is a compile error wherever it is not handled.

use super::KnownGame;
use crate::gipf::Gipf;
use crate::pylon::Pylon;
use crate::pylos::Pylos;
use crate::threeman::ThreeMan;

/// A kind of value that has one type for each game: `Of<G>` is game `G`'s (a checker of
/// `G`, a reader of `G`, ...). [`PerGame`] holds one of each.
///
/// ```
/// use gamenote::any::{Family, KnownGame, PerGame};
/// use gamenote::{pylos::Pylos, Record};
/// /// The last record read of each game.
/// struct Last;
/// impl Family for Last {
///     type Of<G: KnownGame> = Option<Record<G>>;
/// }
/// let mut last = PerGame::<Last>::default();
/// *last.get_mut::<Pylos>() = Some("1b2 *".parse()?);
/// assert_eq!(last.get::<Pylos>().as_ref().map(|r| r.plies.len()), Some(1));
/// assert!(last.gipf.is_none());
/// # Ok::<(), gamenote::ParseError>(())
/// ```
pub trait Family {
    /// The value of game `G`.
    type Of<G: KnownGame>;
}

/// One value of the family `F` for each game the crate knows, each of its game's own type:
/// the one per-game holder (the checkers of a mixed archive, kept while it is read, in
/// `check`, the export and the Python package). [`PerGame::get_mut`] picks a game's value
/// by its type; a generic caller reaches it from a [`GameId`](super::GameId) through
/// [`with_game!`](crate::with_game).
///
/// ```
/// use gamenote::any::{Family, GameId, KnownGame, PerGame};
/// use gamenote::{replay::Checker, with_game, Mode};
/// struct Checkers;
/// impl Family for Checkers {
///     type Of<G: KnownGame> = Option<Checker<G>>;
/// }
/// let mut checkers = PerGame::<Checkers>::default();
/// for id in [GameId::Gipf, GameId::Gipf, GameId::Pylon] {
///     with_game!(id, G => {
///         checkers.get_mut::<G>().get_or_insert_with(|| Checker::new(Mode::Strict));
///     });
/// }
/// assert!(checkers.gipf.is_some() && checkers.pylon.is_some() && checkers.pylos.is_none());
/// ```
#[non_exhaustive]
pub struct PerGame<F: Family> {
    /// Pylos's value.
    pub pylos: F::Of<Pylos>,
    /// GIPF's value.
    pub gipf: F::Of<Gipf>,
    /// Three-man chess's value.
    pub threeman: F::Of<ThreeMan>,
    /// Pylon's value.
    pub pylon: F::Of<Pylon>,
}

impl<F: Family> PerGame<F> {
    /// The value of game `G`.
    ///
    /// ```
    /// use gamenote::any::{Family, KnownGame, PerGame};
    /// use gamenote::gipf::Gipf;
    /// struct Names;
    /// impl Family for Names {
    ///     type Of<G: KnownGame> = &'static str;
    /// }
    /// let names = PerGame::<Names>::default();
    /// assert_eq!(*names.get::<Gipf>(), "");
    /// ```
    pub fn get<G: KnownGame>(&self) -> &F::Of<G> {
        G::in_per_game(self)
    }

    /// The value of game `G`, to change.
    ///
    /// ```
    /// use gamenote::any::{Family, KnownGame, PerGame};
    /// use gamenote::pylon::Pylon;
    /// struct Counts;
    /// impl Family for Counts {
    ///     type Of<G: KnownGame> = usize;
    /// }
    /// let mut counts = PerGame::<Counts>::default();
    /// *counts.get_mut::<Pylon>() += 2;
    /// assert_eq!((counts.pylon, counts.pylos), (2, 0));
    /// ```
    pub fn get_mut<G: KnownGame>(&mut self) -> &mut F::Of<G> {
        G::in_per_game_mut(self)
    }
}

/// Every game's default value.
///
/// ```
/// use gamenote::any::{Family, KnownGame, PerGame};
/// struct Counts;
/// impl Family for Counts {
///     type Of<G: KnownGame> = u32;
/// }
/// assert_eq!(PerGame::<Counts>::default().threeman, 0);
/// ```
impl<F: Family> Default for PerGame<F>
where
    F::Of<Pylos>: Default,
    F::Of<Gipf>: Default,
    F::Of<ThreeMan>: Default,
    F::Of<Pylon>: Default,
{
    fn default() -> Self {
        PerGame {
            pylos: Default::default(),
            gipf: Default::default(),
            threeman: Default::default(),
            pylon: Default::default(),
        }
    }
}

/// Shows every game's value.
///
/// ```
/// use gamenote::any::{Family, KnownGame, PerGame};
/// struct Counts;
/// impl Family for Counts {
///     type Of<G: KnownGame> = u8;
/// }
/// assert!(format!("{:?}", PerGame::<Counts>::default()).starts_with("PerGame { pylos: 0"));
/// ```
impl<F: Family> std::fmt::Debug for PerGame<F>
where
    F::Of<Pylos>: std::fmt::Debug,
    F::Of<Gipf>: std::fmt::Debug,
    F::Of<ThreeMan>: std::fmt::Debug,
    F::Of<Pylon>: std::fmt::Debug,
{
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PerGame")
            .field("pylos", &self.pylos)
            .field("gipf", &self.gipf)
            .field("threeman", &self.threeman)
            .field("pylon", &self.pylon)
            .finish()
    }
}

/// Runs `$body` with the type `$g` bound to the game a [`GameId`](super::GameId)(crate::any::GameId)
/// names (`$g: KnownGame`): the one place where a run-time choice becomes a type. Every
/// game has its arm and there is no catch-all, so a fifth game is a compile error here
/// until it has one.
///
/// ```
/// use gamenote::{any::GameId, with_game, prelude::*};
/// let extensions: Vec<&str> = GameId::ALL
///     .iter()
///     .map(|&id| with_game!(id, G => G::EXTENSION))
///     .collect();
/// assert_eq!(extensions, ["pylos", "gipf", "3mc", "pylon"]);
/// ```
#[macro_export]
macro_rules! with_game {
    ($id:expr, $g:ident => $body:expr) => {
        match $id {
            $crate::any::GameId::Pylos => {
                #[allow(dead_code)]
                type $g = $crate::pylos::Pylos;
                $body
            }
            $crate::any::GameId::Gipf => {
                #[allow(dead_code)]
                type $g = $crate::gipf::Gipf;
                $body
            }
            $crate::any::GameId::ThreeMan => {
                #[allow(dead_code)]
                type $g = $crate::threeman::ThreeMan;
                $body
            }
            $crate::any::GameId::Pylon => {
                #[allow(dead_code)]
                type $g = $crate::pylon::Pylon;
                $body
            }
        }
    };
}

/// The game of each [`GameId`](super::GameId), as the type `with_game!` binds: a test holds the two lists
/// of games to each other.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::any::GameId;

    #[test]
    fn with_game_binds_the_game_each_id_names() {
        for id in GameId::ALL {
            assert_eq!(crate::with_game!(id, G => <G as KnownGame>::GAME), id);
        }
    }
}
