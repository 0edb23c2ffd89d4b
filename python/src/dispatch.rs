//! The one place where a game chosen at run time meets the library's generic code: a value
//! of each game in an enum, and a checker per game. Issue 21 adds a dynamic layer to the
//! library itself; this file is what it replaces.

use gamenote::check::PieceChecker;
use gamenote::games::GameId;
use gamenote::gipf::Gipf;
use gamenote::pylon::Pylon;
use gamenote::pylos::Pylos;
use gamenote::replay::Checker;
use gamenote::threeman::ThreeMan;
use gamenote::{Game, Mode, Play, Record};

/// A position of one of the four games. (Pylon's large board is inline: a position is
/// made once per Python `Position`, which already lives on the heap.)
#[derive(Clone, PartialEq)]
#[allow(clippy::large_enum_variant)]
pub enum AnyPosition {
    Pylos(<Pylos as Play>::Position),
    Gipf(<Gipf as Play>::Position),
    ThreeMan(<ThreeMan as Play>::Position),
    Pylon(<Pylon as Play>::Position),
}

/// A parsed record of one of the four games.
pub enum AnyRecord {
    Pylos(Record<Pylos>),
    Gipf(Record<Gipf>),
    ThreeMan(Record<ThreeMan>),
    Pylon(Record<Pylon>),
}

/// One [`PieceChecker`] per game (its checker, scratch space and report), made when a record
/// of that game first comes and kept for every record after it, as `gamenote check` keeps
/// them.
#[derive(Default)]
pub struct PieceCheckers {
    pylos: Option<PieceChecker<Pylos>>,
    gipf: Option<PieceChecker<Gipf>>,
    threeman: Option<PieceChecker<ThreeMan>>,
    pylon: Option<PieceChecker<Pylon>>,
}

/// What the bindings need of a game beyond [`Game`]: its id, and its room in the enums.
pub trait Pick: Game {
    /// The game's run-time id.
    const GAME: GameId;
    /// The game's piece checker in `c`, made for `file` and `mode` if there is none yet.
    fn pieces<'a>(c: &'a mut PieceCheckers, file: &str, mode: Mode) -> &'a mut PieceChecker<Self>;
    fn wrap_position(p: Self::Position) -> AnyPosition;
    fn position(p: &AnyPosition) -> Option<&Self::Position>;
    fn wrap_record(r: Record<Self>) -> AnyRecord;
    fn record(r: &AnyRecord) -> Option<&Record<Self>>;
}

macro_rules! pick {
    ($g:ty, $variant:ident, $field:ident) => {
        impl Pick for $g {
            const GAME: GameId = GameId::$variant;
            fn pieces<'a>(
                c: &'a mut PieceCheckers,
                file: &str,
                mode: Mode,
            ) -> &'a mut PieceChecker<Self> {
                c.$field
                    .get_or_insert_with(|| PieceChecker::new(file, Checker::new(mode)))
            }
            fn wrap_position(p: Self::Position) -> AnyPosition {
                AnyPosition::$variant(p)
            }
            fn position(p: &AnyPosition) -> Option<&Self::Position> {
                match p {
                    AnyPosition::$variant(p) => Some(p),
                    _ => None,
                }
            }
            fn wrap_record(r: Record<Self>) -> AnyRecord {
                AnyRecord::$variant(r)
            }
            fn record(r: &AnyRecord) -> Option<&Record<Self>> {
                match r {
                    AnyRecord::$variant(r) => Some(r),
                    _ => None,
                }
            }
        }
    };
}

pick!(Pylos, Pylos, pylos);
pick!(Gipf, Gipf, gipf);
pick!(ThreeMan, ThreeMan, threeman);
pick!(Pylon, Pylon, pylon);

/// Runs `$body` with `$g` the game type of `$id` (the library's `with_game!`).
macro_rules! dispatch {
    ($id:expr, $g:ident => $body:expr) => {
        gamenote::with_game!($id, $g => $body)
    };
}
pub(crate) use dispatch;

/// The game of a record's text: its own `[Game]` tag, else `default`.
// TODO: use the library's function that tells a piece's game from its text and a default
// once it lands (issue 22 helper); this is GameId::from_tags with the fallback.
pub fn game_of(text: &str, default: Option<GameId>) -> Option<GameId> {
    GameId::from_tags(text).or(default)
}
