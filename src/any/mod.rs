//! Values of any of the four games, for programs that learn the game at run time: a record,
//! a position, a move, a written move and a style, each an enum with one variant a game
//! ([`AnyRecord`], [`AnyPosition`], [`AnyMove`], [`AnyNotation`], [`AnyStyle`]), and
//! [`AnyReader`], which reads a byte stream of records of mixed games, each in the game of
//! its own `[Game]` tag.
//!
//! The module is named `any` because its types say "a value of any game", as
//! [`std::any`] says "a value of any type"; the typed layer (`Record<G>`, `G::Position`)
//! stays the fast and exact one, and each enum hands out its typed value ([`AnyRecord::get`],
//! or a `match`). Errors need no enum: [`Error`], [`ParseError`] and [`MoveError`] are the
//! same for every game; [`AnyError`] adds the one mistake only this layer can make, a value
//! of one game given to another.
//!
//! ```
//! use gamenote::any::{AnyReader, AnyRecord};
//! use gamenote::{GameId, Mode};
//!
//! let archive = "[Game \"Pylos\"]\n\n1b2 1c3 *\n\n[Game \"GIPF\"]\n[Rules \"basic\"]\n\n1.a1-b2 *\n";
//! let mut games = Vec::new();
//! for record in AnyReader::new(archive.as_bytes(), GameId::Pylos) {
//!     let record: AnyRecord = record?;
//!     let replay = record.replay(Mode::Strict);
//!     games.push((record.game(), replay.plies(), replay.end().position_string()));
//! }
//! assert_eq!(games[0].0, GameId::Pylos);
//! assert_eq!(games[1].0, GameId::Gipf);
//! assert_eq!((games[0].1, games[1].1), (2, 1));
//! # Ok::<(), gamenote::any::ReadError>(())
//! ```

use std::fmt;
use std::io::Read;
use std::str::FromStr;

use crate::error::{Error, IllegalMove, MoveError, ParseError, ValueError};
use crate::game::{Game, GameResult, Mode, Notate, Outcome, Picture, Play, RecordFormat};
mod dispatch;
mod id;
mod read;
mod reader;
mod tags;
use crate::gipf::Gipf;
use crate::pylon::Pylon;
use crate::pylos::Pylos;
use crate::record::{Record, RecordBuilder, Replay};
use crate::replay::{Checker, Verdict};
use crate::stream::{Item, Limits, Reader};
use crate::threeman::ThreeMan;
pub use dispatch::{Family, PerGame};
pub use id::{GameId, UnknownGame};
pub(crate) use read::standard_judge;
pub use reader::{AnyReader, Checked, ReadError, parse_bytes};
pub use tags::{DefaultGame, OnceTags, written_tags};

/// Runs `$body` on the value inside any variant of `$enum`, with `$g` the game's type.
macro_rules! each {
    ($enum:ident, $value:expr, $x:ident, $g:ident => $body:expr) => {
        match $value {
            $enum::Pylos($x) => {
                #[allow(dead_code)]
                type $g = Pylos;
                $body
            }
            $enum::Gipf($x) => {
                #[allow(dead_code)]
                type $g = Gipf;
                $body
            }
            $enum::ThreeMan($x) => {
                #[allow(dead_code)]
                type $g = ThreeMan;
                $body
            }
            $enum::Pylon($x) => {
                #[allow(dead_code)]
                type $g = Pylon;
                $body
            }
        }
    };
}

/// Runs `$body` on two values of `$enum` of the same game; a [`AnyError::WrongGame`] when
/// their games differ.
macro_rules! both {
    ($enum1:ident, $a:expr, $enum2:ident, $b:expr, $x:ident, $y:ident, $g:ident => $body:expr) => {
        match ($a, $b) {
            ($enum1::Pylos($x), $enum2::Pylos($y)) => {
                #[allow(dead_code)]
                type $g = Pylos;
                $body
            }
            ($enum1::Gipf($x), $enum2::Gipf($y)) => {
                #[allow(dead_code)]
                type $g = Gipf;
                $body
            }
            ($enum1::ThreeMan($x), $enum2::ThreeMan($y)) => {
                #[allow(dead_code)]
                type $g = ThreeMan;
                $body
            }
            ($enum1::Pylon($x), $enum2::Pylon($y)) => {
                #[allow(dead_code)]
                type $g = Pylon;
                $body
            }
            (a, b) => Err(AnyError::WrongGame {
                expected: a.game(),
                found: b.game(),
            }),
        }
    };
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for crate::pylos::Pylos {}
    impl Sealed for crate::gipf::Gipf {}
    impl Sealed for crate::threeman::ThreeMan {}
    impl Sealed for crate::pylon::Pylon {}
}

/// One of the four games this layer holds, tied to its [`GameId`] and its variant of each
/// enum: what lets generic code move between `Record<G>` and [`AnyRecord`]. Sealed: only
/// the crate's games implement it.
///
/// ```
/// use gamenote::any::{AnyRecord, KnownGame};
/// use gamenote::{pylos::Pylos, GameId, Record};
/// assert_eq!(Pylos::GAME, GameId::Pylos);
/// let rec: Record<Pylos> = "1b2 *".parse()?;
/// let any = AnyRecord::from(rec.clone());
/// assert_eq!(any.get::<Pylos>(), Some(&rec));
/// # Ok::<(), gamenote::ParseError>(())
/// ```
pub trait KnownGame: Game + sealed::Sealed {
    /// The game's id.
    ///
    /// ```
    /// use gamenote::any::KnownGame;
    /// use gamenote::{threeman::ThreeMan, GameId};
    /// assert_eq!(ThreeMan::GAME, GameId::ThreeMan);
    /// ```
    const GAME: GameId;
    #[doc(hidden)]
    fn any_record(r: Record<Self>) -> AnyRecord;
    #[doc(hidden)]
    fn record_of(a: &AnyRecord) -> Option<&Record<Self>>;
    #[doc(hidden)]
    #[allow(clippy::result_large_err)] // the record itself comes back, not an error
    fn into_record_of(a: AnyRecord) -> Result<Record<Self>, AnyRecord>;
    #[doc(hidden)]
    fn any_position(p: Self::Position) -> AnyPosition;
    #[doc(hidden)]
    fn position_of(a: &AnyPosition) -> Option<&Self::Position>;
    #[doc(hidden)]
    fn any_move(m: Self::Move) -> AnyMove;
    #[doc(hidden)]
    fn any_notation(n: Self::Notation) -> AnyNotation;
    #[doc(hidden)]
    fn any_style(s: Self::Style) -> AnyStyle;
    #[doc(hidden)]
    fn any_replay(r: Replay<Self>) -> AnyReplay;
    #[doc(hidden)]
    fn in_per_game<F: Family>(all: &PerGame<F>) -> &F::Of<Self>;
    #[doc(hidden)]
    fn in_per_game_mut<F: Family>(all: &mut PerGame<F>) -> &mut F::Of<Self>;
}

macro_rules! known {
    ($g:ty, $v:ident, $field:ident) => {
        impl KnownGame for $g {
            const GAME: GameId = GameId::$v;
            fn any_record(r: Record<Self>) -> AnyRecord {
                AnyRecord::$v(r)
            }
            fn record_of(a: &AnyRecord) -> Option<&Record<Self>> {
                match a {
                    AnyRecord::$v(r) => Some(r),
                    _ => None,
                }
            }
            fn into_record_of(a: AnyRecord) -> Result<Record<Self>, AnyRecord> {
                match a {
                    AnyRecord::$v(r) => Ok(r),
                    other => Err(other),
                }
            }
            fn any_position(p: Self::Position) -> AnyPosition {
                AnyPosition::$v(p)
            }
            fn position_of(a: &AnyPosition) -> Option<&Self::Position> {
                match a {
                    AnyPosition::$v(p) => Some(p),
                    _ => None,
                }
            }
            fn any_move(m: Self::Move) -> AnyMove {
                AnyMove::$v(m)
            }
            fn any_notation(n: Self::Notation) -> AnyNotation {
                AnyNotation::$v(n)
            }
            fn any_style(s: Self::Style) -> AnyStyle {
                AnyStyle::$v(s)
            }
            fn any_replay(r: Replay<Self>) -> AnyReplay {
                AnyReplay::$v(r)
            }
            fn in_per_game<F: Family>(all: &PerGame<F>) -> &F::Of<Self> {
                &all.$field
            }
            fn in_per_game_mut<F: Family>(all: &mut PerGame<F>) -> &mut F::Of<Self> {
                &mut all.$field
            }
        }

        /// Wraps a typed record.
        ///
        /// ```
        /// use gamenote::{any::AnyRecord, gipf::Gipf, GameId, Record};
        /// let rec: Record<Gipf> = "1.a1-b2 *".parse()?;
        /// assert_eq!(AnyRecord::from(rec).game(), GameId::Gipf);
        /// # Ok::<(), gamenote::ParseError>(())
        /// ```
        impl From<Record<$g>> for AnyRecord {
            fn from(r: Record<$g>) -> Self {
                AnyRecord::$v(r)
            }
        }
    };
}

known!(Pylos, Pylos, pylos);
known!(Gipf, Gipf, gipf);
known!(ThreeMan, ThreeMan, threeman);
known!(Pylon, Pylon, pylon);

/// What this layer adds to the crate's errors: a value of one game given where another
/// game's was wanted (a GIPF move to a Pylos position), besides the errors every game
/// shares.
///
/// ```
/// use gamenote::any::{AnyError, AnyPosition, AnyStyle};
/// use gamenote::GameId;
/// let pylos = AnyPosition::start(GameId::Pylos);
/// let gipf_move = AnyPosition::start(GameId::Gipf).legal_moves().remove(0);
/// let err = pylos.notate(&gipf_move, &AnyStyle::default_for(GameId::Pylos)).unwrap_err();
/// assert_eq!(err, AnyError::WrongGame { expected: GameId::Pylos, found: GameId::Gipf });
/// assert_eq!(err.to_string(), "expected a value of pylos, found one of gipf");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AnyError {
    /// A value of game `found` was given where one of game `expected` was wanted.
    #[error("expected a value of {expected}, found one of {found}")]
    WrongGame {
        /// The game of the value acted on (the position, the record).
        expected: GameId,
        /// The game of the value given.
        found: GameId,
    },
    /// A written move that does not resolve in the position.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A parse error, an illegal move in a record, or a set-up or style that is not
    /// understood.
    #[error(transparent)]
    Game(#[from] Error),
}

/// A parse error, as [`AnyError::Game`].
///
/// ```
/// use gamenote::any::AnyError;
/// let e: AnyError = "zz".parse::<gamenote::pylos::Notation>().unwrap_err().into();
/// assert!(matches!(e, AnyError::Game(gamenote::Error::Parse(_))));
/// ```
impl From<ParseError> for AnyError {
    fn from(e: ParseError) -> Self {
        AnyError::Game(Error::Parse(e))
    }
}

/// A set-up or style error, as [`AnyError::Game`].
///
/// ```
/// use gamenote::any::AnyError;
/// let e: AnyError = "nonsense".parse::<gamenote::pylos::Style>().unwrap_err().into();
/// assert!(matches!(e, AnyError::Game(gamenote::Error::Setup(_))));
/// ```
impl From<ValueError> for AnyError {
    fn from(e: ValueError) -> Self {
        AnyError::Game(Error::Setup(e))
    }
}

// ---------------------------------------------------------------------------------------
// Records

/// A record of any of the four games: what a program that reads archives of mixed games
/// holds. Its game comes from its own `[Game]` tag, else from a default the caller gives
/// ([`AnyRecord::parse`]); [`FromStr`] needs the tag. It prints as its game prints it, and
/// serializes (the `serde` feature) tagged by its game's `--game` name:
/// `{"pylos": {...the record...}}`.
///
/// ```
/// use gamenote::any::AnyRecord;
/// use gamenote::{GameId, Mode};
/// let rec: AnyRecord = "[Game \"Three-man chess\"]\n\n1. WHNa3 GRNa3 BLNa3 *\n".parse()?;
/// assert_eq!(rec.game(), GameId::ThreeMan);
/// assert_eq!(rec.ply_count(), 3);
/// assert!(rec.replay(Mode::Strict).is_ok());
/// // No tag: the caller's default.
/// let rec = AnyRecord::parse("1b2 1c3 *", GameId::Pylos)?;
/// assert_eq!((rec.game(), rec.to_string()), (GameId::Pylos, "1. 1b2 1c3 *\n".to_string()));
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum AnyRecord {
    /// A Pylos record.
    Pylos(Record<Pylos>),
    /// A GIPF record.
    Gipf(Record<Gipf>),
    /// A three-man chess record.
    #[cfg_attr(feature = "serde", serde(rename = "threeman"))]
    ThreeMan(Record<ThreeMan>),
    /// A Pylon record.
    Pylon(Record<Pylon>),
}

impl AnyRecord {
    /// The record's game.
    ///
    /// ```
    /// use gamenote::any::AnyRecord;
    /// use gamenote::GameId;
    /// let rec = AnyRecord::parse("[Game \"Pylon\"]\n\n1. 1a1 1b1 *\n", GameId::Pylos)?;
    /// assert_eq!(rec.game(), GameId::Pylon);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn game(&self) -> GameId {
        each!(AnyRecord, self, _r, G => G::GAME)
    }

    /// Reads one record whose game is its own `[Game]` tag's, else `default`. Two `[Game]`
    /// tags naming two games are an error at the second
    /// ([`DefaultGame::of_record`]); the text must hold one record, as for
    /// [`Record::parse`].
    ///
    /// ```
    /// use gamenote::any::AnyRecord;
    /// use gamenote::GameId;
    /// let rec = AnyRecord::parse("[Game \"GIPF\"]\n[Rules \"basic\"]\n\n1.a1-b2 *\n", GameId::Pylos)?;
    /// assert_eq!(rec.game(), GameId::Gipf);
    /// let err = AnyRecord::parse("1b2 zz *", GameId::Pylos).unwrap_err();
    /// assert_eq!((err.line, err.column), (1, 5));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn parse(text: &str, default: GameId) -> Result<AnyRecord, ParseError> {
        let id = DefaultGame::Detected(default).of_record(text)?;
        Self::parse_as(id, text)
    }

    /// Reads one record as game `id`, whatever its tags say.
    ///
    /// ```
    /// use gamenote::any::AnyRecord;
    /// use gamenote::GameId;
    /// let rec = AnyRecord::parse_as(GameId::Pylon, "1. 1a1 1b1 *")?;
    /// assert_eq!(rec.game(), GameId::Pylon);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn parse_as(id: GameId, text: &str) -> Result<AnyRecord, ParseError> {
        crate::with_game!(id, G => Record::<G>::parse(text).map(G::any_record))
    }

    /// The typed record, when it is of game `G`.
    ///
    /// ```
    /// use gamenote::any::AnyRecord;
    /// use gamenote::{gipf::Gipf, pylos::Pylos};
    /// let rec: AnyRecord = "[Game \"Pylos\"]\n1b2 1c3 *".parse()?;
    /// assert_eq!(rec.get::<Pylos>().map(|r| r.plies.len()), Some(2));
    /// assert!(rec.get::<Gipf>().is_none());
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn get<G: KnownGame>(&self) -> Option<&Record<G>> {
        G::record_of(self)
    }

    /// The typed record, when it is of game `G`; else the record itself back.
    ///
    /// ```
    /// use gamenote::any::AnyRecord;
    /// use gamenote::{gipf::Gipf, pylos::Pylos};
    /// let rec: AnyRecord = "[Game \"Pylos\"]\n1b2 1c3 *".parse()?;
    /// let rec = rec.into_record::<Gipf>().unwrap_err();
    /// assert_eq!(rec.into_record::<Pylos>().map(|r| r.plies.len()).ok(), Some(2));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    #[allow(clippy::result_large_err)] // the record itself comes back, not an error
    pub fn into_record<G: KnownGame>(self) -> Result<Record<G>, AnyRecord> {
        G::into_record_of(self)
    }

    /// The tag pairs in the order read.
    ///
    /// ```
    /// use gamenote::any::AnyRecord;
    /// let rec: AnyRecord = "[Game \"Pylos\"]\n[White \"Ann\"]\n1b2 *".parse()?;
    /// assert_eq!(rec.tags()[1], ("White".to_string(), "Ann".to_string()));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn tags(&self) -> &[(String, String)] {
        each!(AnyRecord, self, r, G => &r.tags)
    }

    /// The value of a tag ([`Record::tag`]: names compare without case).
    ///
    /// ```
    /// use gamenote::any::AnyRecord;
    /// let rec: AnyRecord = "[Game \"Pylos\"]\n[White \"Ann\"]\n1b2 *".parse()?;
    /// assert_eq!(rec.tag("white"), Some("Ann"));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn tag(&self, name: &str) -> Option<&str> {
        each!(AnyRecord, self, r, G => r.tag(name))
    }

    /// Sets a tag ([`Record::set_tag`]).
    ///
    /// ```
    /// use gamenote::any::AnyRecord;
    /// let mut rec: AnyRecord = "[Game \"Pylos\"]\n1b2 *".parse()?;
    /// rec.set_tag("Event", "club");
    /// assert_eq!(rec.tag("Event"), Some("club"));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        each!(AnyRecord, self, r, G => r.set_tag(name, value))
    }

    /// The number of written moves.
    ///
    /// ```
    /// use gamenote::any::AnyRecord;
    /// let rec: AnyRecord = "[Game \"GIPF\"]\n[Rules \"basic\"]\n1.a1-b2 i1-h2 *".parse()?;
    /// assert_eq!(rec.ply_count(), 2);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn ply_count(&self) -> usize {
        each!(AnyRecord, self, r, G => r.plies.len())
    }

    /// The written moves, as written.
    ///
    /// ```
    /// use gamenote::any::AnyRecord;
    /// let rec: AnyRecord = "[Game \"Pylos\"]\n1b2 1c3 *".parse()?;
    /// let moves: Vec<String> = rec.notations().iter().map(|n| n.to_string()).collect();
    /// assert_eq!(moves, ["1b2", "1c3"]);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    #[allow(clippy::clone_on_copy)] // Copy for some games only
    pub fn notations(&self) -> Vec<AnyNotation> {
        each!(AnyRecord, self, r, G => r.plies.iter().map(|p| G::any_notation(p.notation.clone())).collect())
    }

    /// The result token ending the movetext, if any.
    ///
    /// ```
    /// use gamenote::any::AnyRecord;
    /// use gamenote::{GameResult, Outcome};
    /// let rec: AnyRecord = "[Game \"Pylos\"]\n1b2 1c3 0-1".parse()?;
    /// assert_eq!(rec.result(), Some(GameResult::Decided(Outcome::Win(1))));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn result(&self) -> Option<GameResult> {
        each!(AnyRecord, self, r, G => r.result)
    }

    /// Replays the record ([`crate::record::replay`]).
    ///
    /// ```
    /// use gamenote::any::AnyRecord;
    /// use gamenote::Mode;
    /// let rec: AnyRecord = "[Game \"Pylos\"]\n1b2 1b2 *".parse()?;
    /// let replay = rec.replay(Mode::Strict);
    /// assert_eq!((replay.is_ok(), replay.plies()), (false, 1));
    /// // Placed in the record's text: line 2, column 5.
    /// assert_eq!(replay.error().unwrap().to_string(), "2:5: ply 2 (1b2): 1b2 is occupied");
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn replay(&self, mode: Mode) -> AnyReplay {
        each!(AnyRecord, self, r, G => G::any_replay(crate::record::replay(r, mode)))
    }

    /// Rewrites every move in `style` ([`crate::record::convert`]); a
    /// [`AnyError::WrongGame`] when the style is another game's.
    ///
    /// ```
    /// use gamenote::any::{AnyRecord, AnyStyle};
    /// use gamenote::{GameId, Mode};
    /// let rec: AnyRecord = "[Game \"Pylos\"]\n1b2 1c3 1c4 1c2 1d2 1b3 1d22b2 *".parse()?;
    /// let style = AnyStyle::parse(GameId::Pylos, "canonical")?;
    /// let out = rec.convert(&style, Mode::Strict)?;
    /// assert!(out.to_string().ends_with("4. 1d2-2b2 *\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn convert(&self, style: &AnyStyle, mode: Mode) -> Result<AnyRecord, AnyError> {
        both!(AnyRecord, self, AnyStyle, style, r, s, G => {
            crate::record::convert(r, *s, mode).map(G::any_record).map_err(AnyError::from)
        })
    }

    /// [`AnyRecord::convert`] to a style named as `--style` names it (one of
    /// [`GameId::styles`] of the record's game).
    ///
    /// ```
    /// use gamenote::any::AnyRecord;
    /// use gamenote::Mode;
    /// let rec: AnyRecord = "[Game \"GIPF\"]\n[Rules \"basic\"]\n1.a1-b2 *".parse()?;
    /// let out = rec.convert_to("complete", Mode::Strict)?;
    /// assert!(out.to_string().contains("1.a1-c3 (11) *"), "{out}");
    /// assert!(rec.convert_to("numeric", Mode::Strict).is_err(), "a Pylos style");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn convert_to(&self, style: &str, mode: Mode) -> Result<AnyRecord, AnyError> {
        let style = AnyStyle::parse(self.game(), style)?;
        self.convert(&style, mode)
    }
}

/// Prints the record as its game prints it ([`Record`]'s `Display`).
///
/// ```
/// use gamenote::any::AnyRecord;
/// let rec: AnyRecord = "[Game \"Pylos\"]\n1b2  1c3 *".parse()?;
/// assert_eq!(rec.to_string(), "[Game \"Pylos\"]\n\n1. 1b2 1c3 *\n");
/// # Ok::<(), gamenote::ParseError>(())
/// ```
impl fmt::Display for AnyRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        each!(AnyRecord, self, r, G => fmt::Display::fmt(r, f))
    }
}

/// Reads a record whose game its own `[Game]` tag names ([`GameId::from_tags`]); a record
/// without one is an error at its start ([`AnyRecord::parse`] takes a default).
///
/// ```
/// use gamenote::any::AnyRecord;
/// use gamenote::GameId;
/// let rec: AnyRecord = "{a note}\n[Game \"pylon\"]\n\n1. 1a1 1b1 *".parse()?;
/// assert_eq!(rec.game(), GameId::Pylon);
/// let err = "1b2 *".parse::<AnyRecord>().unwrap_err();
/// assert_eq!((err.line, err.column), (1, 1));
/// assert_eq!(err.expected, "a [Game] tag naming pylos, gipf, threeman or pylon");
/// # Ok::<(), gamenote::ParseError>(())
/// ```
impl FromStr for AnyRecord {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, ParseError> {
        let Some(id) = GameId::from_tags(s) else {
            return Err(ParseError::at(
                s,
                0,
                "a [Game] tag naming pylos, gipf, threeman or pylon",
            ));
        };
        Self::parse(s, id)
    }
}

// ---------------------------------------------------------------------------------------
// Replays

/// What replaying an [`AnyRecord`] found ([`Replay`] of its game): the moves, the start and
/// end positions, warnings, and the first error.
///
/// ```
/// use gamenote::any::AnyRecord;
/// use gamenote::{GameId, Mode};
/// let rec = AnyRecord::parse("1b2 1c3 *", GameId::Pylos)?;
/// let replay = rec.replay(Mode::Strict);
/// assert_eq!((replay.game(), replay.plies(), replay.outcome()), (GameId::Pylos, 2, None));
/// assert_eq!(replay.end().position_string(), ".....w....b...../........./..../. w 14 14");
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Debug, Clone)]
// Each game's values stay inline, as in the typed layer: boxing would allocate per value.
#[allow(clippy::large_enum_variant)]
pub enum AnyReplay {
    /// A Pylos replay.
    Pylos(Replay<Pylos>),
    /// A GIPF replay.
    Gipf(Replay<Gipf>),
    /// A three-man chess replay.
    ThreeMan(Replay<ThreeMan>),
    /// A Pylon replay.
    Pylon(Replay<Pylon>),
}

impl AnyReplay {
    /// The game replayed.
    ///
    /// ```
    /// use gamenote::any::AnyRecord;
    /// use gamenote::{GameId, Mode};
    /// let rec = AnyRecord::parse("1. 1a1 1b1 *", GameId::Pylon)?;
    /// assert_eq!(rec.replay(Mode::Strict).game(), GameId::Pylon);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn game(&self) -> GameId {
        each!(AnyReplay, self, _r, G => G::GAME)
    }

    /// True when the record replayed without error.
    ///
    /// ```
    /// use gamenote::any::AnyRecord;
    /// use gamenote::{GameId, Mode};
    /// let rec = AnyRecord::parse("1b2 1b2 *", GameId::Pylos)?;
    /// assert!(!rec.replay(Mode::Strict).is_ok());
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn is_ok(&self) -> bool {
        self.error().is_none()
    }

    /// The first error, if any.
    ///
    /// ```
    /// use gamenote::any::AnyRecord;
    /// use gamenote::{Error, GameId, Mode};
    /// let rec = AnyRecord::parse("1b2 1b2 *", GameId::Pylos)?;
    /// let replay = rec.replay(Mode::Strict);
    /// let Some(Error::Illegal(e)) = replay.error() else { panic!() };
    /// assert_eq!((e.ply, e.written.as_str(), e.span.clone()), (2, "1b2", Some(4..7)));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn error(&self) -> Option<&Error> {
        each!(AnyReplay, self, r, G => r.error.as_ref())
    }

    /// The replay when the record is legal, or its first error (for `?`).
    ///
    /// ```
    /// use gamenote::any::AnyRecord;
    /// use gamenote::{GameId, Mode};
    /// let rec = AnyRecord::parse("1b2 1c3 *", GameId::Pylos)?;
    /// assert_eq!(rec.replay(Mode::Strict).into_result()?.plies(), 2);
    /// # Ok::<(), gamenote::Error>(())
    /// ```
    pub fn into_result(self) -> Result<AnyReplay, Error> {
        each!(AnyReplay, self, r, G => r.into_result().map(G::any_replay))
    }

    /// Moves replayed legally.
    ///
    /// ```
    /// use gamenote::any::AnyRecord;
    /// use gamenote::{GameId, Mode};
    /// let rec = AnyRecord::parse("1b2 1c3 1b2 *", GameId::Pylos)?;
    /// assert_eq!(rec.replay(Mode::Strict).plies(), 2);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn plies(&self) -> usize {
        each!(AnyReplay, self, r, G => r.moves.len())
    }

    /// The moves replayed legally, in order.
    ///
    /// ```
    /// use gamenote::any::{AnyPosition, AnyRecord};
    /// use gamenote::{GameId, Mode};
    /// let rec = AnyRecord::parse("1b2 *", GameId::Pylos)?;
    /// let replay = rec.replay(Mode::Strict);
    /// let mut pos = replay.start();
    /// pos.play(&replay.moves()[0])?;
    /// assert_eq!(pos, replay.end());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn moves(&self) -> Vec<AnyMove> {
        each!(AnyReplay, self, r, G => r.moves.iter().cloned().map(G::any_move).collect())
    }

    /// The position before the first move.
    ///
    /// ```
    /// use gamenote::any::{AnyPosition, AnyRecord};
    /// use gamenote::{GameId, Mode};
    /// let rec = AnyRecord::parse("1b2 *", GameId::Pylos)?;
    /// assert_eq!(rec.replay(Mode::Strict).start(), AnyPosition::start(GameId::Pylos));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn start(&self) -> AnyPosition {
        each!(AnyReplay, self, r, G => G::any_position(r.start.clone()))
    }

    /// The position after the last legal move.
    ///
    /// ```
    /// use gamenote::any::AnyRecord;
    /// use gamenote::{GameId, Mode};
    /// let rec = AnyRecord::parse("1. WHNa3 GRNa3 *", GameId::ThreeMan)?;
    /// assert_eq!(rec.replay(Mode::Strict).end().to_move(), 2);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn end(&self) -> AnyPosition {
        each!(AnyReplay, self, r, G => G::any_position(r.end.clone()))
    }

    /// The result by the rules at the end, if the game is over.
    ///
    /// ```
    /// use gamenote::any::AnyRecord;
    /// use gamenote::{GameId, Mode};
    /// let rec = AnyRecord::parse("1b2 *", GameId::Pylos)?;
    /// assert_eq!(rec.replay(Mode::Strict).outcome(), None);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        each!(AnyReplay, self, r, G => r.outcome)
    }

    /// Annotation mismatches met in lenient mode (the first
    /// [`MAX_WARNINGS`](crate::replay::MAX_WARNINGS)).
    ///
    /// ```
    /// use gamenote::any::AnyRecord;
    /// use gamenote::{GameId, Mode};
    /// let rec = AnyRecord::parse("1b2 1c3+ *", GameId::Pylos)?;
    /// assert_eq!(rec.replay(Mode::Lenient).warnings().len(), 1);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn warnings(&self) -> &[IllegalMove] {
        each!(AnyReplay, self, r, G => &r.warnings)
    }

    /// The result the replay reached: the rules' outcome, else `record`'s own result
    /// ([`Replay::result`]); `None` when `record` is of another game.
    ///
    /// ```
    /// use gamenote::any::AnyRecord;
    /// use gamenote::{GameId, GameResult, Mode, Outcome};
    /// let rec = AnyRecord::parse("1b2 1c3 1-0", GameId::Pylos)?;
    /// let replay = rec.replay(Mode::Strict);
    /// assert_eq!(replay.result(&rec), Some(GameResult::Decided(Outcome::Win(0))));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn result(&self, record: &AnyRecord) -> Option<GameResult> {
        let r: Result<Option<GameResult>, AnyError> =
            both!(AnyReplay, self, AnyRecord, record, r, rec, G => Ok(r.result(rec)));
        r.ok().flatten()
    }
}

// ---------------------------------------------------------------------------------------
// Positions and moves

/// A position of any of the four games. It prints as its position string and serializes
/// (the `serde` feature) tagged by its game: `{"pylos": ["standard", "…"]}`.
///
/// ```
/// use gamenote::any::AnyPosition;
/// use gamenote::GameId;
/// let mut pos = AnyPosition::start(GameId::ThreeMan);
/// assert_eq!(pos.legal_moves().len(), 20);
/// pos.play_str("WHNa3")?;
/// assert_eq!(pos.to_move(), 1);
/// let back = AnyPosition::read(GameId::ThreeMan, &pos.position_string())?;
/// assert_eq!(back.position_string(), pos.position_string());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
// Each game's position stays inline, as in the typed layer: boxing would allocate per value.
#[allow(clippy::large_enum_variant)]
pub enum AnyPosition {
    /// A Pylos position.
    Pylos(<Pylos as Play>::Position),
    /// A GIPF position.
    Gipf(<Gipf as Play>::Position),
    /// A three-man chess position.
    #[cfg_attr(feature = "serde", serde(rename = "threeman"))]
    ThreeMan(<ThreeMan as Play>::Position),
    /// A Pylon position.
    Pylon(<Pylon as Play>::Position),
}

impl AnyPosition {
    /// The start position of game `id` under its default rules.
    ///
    /// ```
    /// use gamenote::any::AnyPosition;
    /// use gamenote::GameId;
    /// let pos = AnyPosition::start(GameId::Pylos);
    /// assert_eq!(pos.position_string(), "................/........./..../. w 15 15");
    /// ```
    pub fn start(id: GameId) -> AnyPosition {
        crate::with_game!(id, G => G::any_position(G::start(&Default::default())))
    }

    /// The start position of game `id` under the rules named `rules` (as `--rules` and the
    /// `[Rules]` tag name them).
    ///
    /// ```
    /// use gamenote::any::AnyPosition;
    /// use gamenote::GameId;
    /// let basic = AnyPosition::start_with(GameId::Gipf, "basic")?;
    /// assert_eq!(basic.game(), GameId::Gipf);
    /// assert!(AnyPosition::start_with(GameId::Gipf, "nonsense").is_err());
    /// # Ok::<(), gamenote::ValueError>(())
    /// ```
    pub fn start_with(id: GameId, rules: &str) -> Result<AnyPosition, ValueError> {
        crate::with_game!(id, G => {
            let rules: <G as Play>::Rules = rules.parse()?;
            Ok(G::any_position(G::start(&rules)))
        })
    }

    /// Reads a position string of game `id` under its default rules (a Pylon string gives
    /// its own size; [`RecordFormat::read_position`] takes other rules).
    ///
    /// ```
    /// use gamenote::any::AnyPosition;
    /// use gamenote::GameId;
    /// let pos = AnyPosition::read(GameId::Pylos, "w.............../........./..../. b 14 15")?;
    /// assert_eq!(pos.to_move(), 1);
    /// let err = AnyPosition::read(GameId::Pylos, "w.. b 14 15").unwrap_err();
    /// assert_eq!(err.column, 4);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn read(id: GameId, text: &str) -> Result<AnyPosition, ParseError> {
        crate::with_game!(id, G => G::read_position(text, &Default::default()).map(G::any_position))
    }

    /// The position's game.
    ///
    /// ```
    /// use gamenote::any::AnyPosition;
    /// use gamenote::GameId;
    /// assert_eq!(AnyPosition::start(GameId::Pylon).game(), GameId::Pylon);
    /// ```
    pub fn game(&self) -> GameId {
        each!(AnyPosition, self, _p, G => G::GAME)
    }

    /// The typed position, when it is of game `G`.
    ///
    /// ```
    /// use gamenote::any::AnyPosition;
    /// use gamenote::{pylos::Pylos, GameId};
    /// let pos = AnyPosition::start(GameId::Pylos);
    /// assert_eq!(pos.get::<Pylos>().map(|p| p.reserve(0)), Some(15));
    /// ```
    pub fn get<G: KnownGame>(&self) -> Option<&G::Position> {
        G::position_of(self)
    }

    /// The seat to move (0 = White).
    ///
    /// ```
    /// use gamenote::any::AnyPosition;
    /// use gamenote::GameId;
    /// assert_eq!(AnyPosition::start(GameId::Gipf).to_move(), 0);
    /// ```
    pub fn to_move(&self) -> usize {
        each!(AnyPosition, self, p, G => G::to_move(p))
    }

    /// Every legal move.
    ///
    /// ```
    /// use gamenote::any::AnyPosition;
    /// use gamenote::GameId;
    /// assert_eq!(AnyPosition::start(GameId::Pylos).legal_moves().len(), 16);
    /// ```
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        each!(AnyPosition, self, p, G => {
            let mut out = Vec::new();
            G::legal_moves(p, &mut out);
            out.into_iter().map(G::any_move).collect()
        })
    }

    /// Plays a move of the same game (one of [`AnyPosition::legal_moves`], or resolved by
    /// [`AnyPosition::resolve`]). A move that is not legal here (one of another position,
    /// or any move once the game is over) is an [`AnyError::Move`] saying why, and the
    /// position is left as it was.
    ///
    /// ```
    /// use gamenote::any::AnyPosition;
    /// use gamenote::GameId;
    /// let mut pos = AnyPosition::start(GameId::Pylon);
    /// let first = pos.legal_moves().remove(0);
    /// pos.play(&first)?;
    /// assert_eq!(pos.to_move(), 1);
    /// assert!(pos.play(&AnyPosition::start(GameId::Pylos).legal_moves()[0]).is_err());
    /// let before = pos.clone();
    /// assert!(pos.play(&first).is_err(), "its square is taken now");
    /// assert_eq!(pos, before);
    /// # Ok::<(), gamenote::any::AnyError>(())
    /// ```
    pub fn play(&mut self, m: &AnyMove) -> Result<(), AnyError> {
        both!(AnyPosition, self, AnyMove, m, p, m, G => {
            if G::outcome(p).is_some() {
                return Err(MoveError::illegal("the game is over: no move can be played").into());
            }
            let mut legal = Vec::new();
            G::legal_moves(p, &mut legal);
            if !legal.contains(m) {
                return Err(MoveError::illegal(format!(
                    "{m:?} is not one of the {} legal moves of the position",
                    legal.len()
                ))
                .into());
            }
            G::play(p, m);
            Ok(())
        })
    }

    /// The move a written move means here, or why there is none.
    ///
    /// ```
    /// use gamenote::any::{AnyNotation, AnyPosition};
    /// use gamenote::GameId;
    /// let pos = AnyPosition::start(GameId::Pylos);
    /// let n = AnyNotation::parse(GameId::Pylos, "1b2")?;
    /// assert!(pos.resolve(&n).is_ok());
    /// let taken = AnyNotation::parse(GameId::Pylos, "2a1")?;
    /// assert!(pos.resolve(&taken).is_err());
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn resolve(&self, n: &AnyNotation) -> Result<AnyMove, AnyError> {
        both!(AnyPosition, self, AnyNotation, n, p, n, G => {
            G::resolve(p, n).map(G::any_move).map_err(AnyError::from)
        })
    }

    /// Reads `text` as a written move of the position's game, resolves it and plays it:
    /// the move played.
    ///
    /// ```
    /// use gamenote::any::AnyPosition;
    /// use gamenote::GameId;
    /// let mut pos = AnyPosition::start(GameId::Gipf);
    /// pos.play_str("a1-b2")?;
    /// assert_eq!(pos.to_move(), 1);
    /// assert!(pos.play_str("zz").is_err());
    /// # Ok::<(), gamenote::any::AnyError>(())
    /// ```
    pub fn play_str(&mut self, text: &str) -> Result<AnyMove, AnyError> {
        let n = AnyNotation::parse(self.game(), text)?;
        let m = self.resolve(&n)?;
        self.play(&m)?;
        Ok(m)
    }

    /// Writes a move of the position's game in `style`.
    ///
    /// ```
    /// use gamenote::any::{AnyPosition, AnyStyle};
    /// use gamenote::GameId;
    /// let pos = AnyPosition::start(GameId::Gipf);
    /// let m = pos.legal_moves().remove(0);
    /// let style = AnyStyle::parse(GameId::Gipf, "complete")?;
    /// let written = pos.notate(&m, &style)?;
    /// assert_eq!(written.to_string(), "a1-c3 (11)");
    /// assert_eq!(pos.resolve(&written)?, m);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn notate(&self, m: &AnyMove, style: &AnyStyle) -> Result<AnyNotation, AnyError> {
        both!(AnyPosition, self, AnyStyle, style, p, s, G => {
            let m = G::move_of(m).ok_or(AnyError::WrongGame { expected: G::GAME, found: m.game() })?;
            Ok(G::any_notation(G::notate(p, m, *s)))
        })
    }

    /// The position string ([`RecordFormat::position_string`]).
    ///
    /// ```
    /// use gamenote::any::AnyPosition;
    /// use gamenote::GameId;
    /// let s = AnyPosition::start(GameId::Pylon).position_string();
    /// assert_eq!(AnyPosition::read(GameId::Pylon, &s)?.position_string(), s);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn position_string(&self) -> String {
        each!(AnyPosition, self, p, G => G::position_string(p).unwrap_or_else(|| format!("{p:?}")))
    }

    /// The result by the rules, if the game is over.
    ///
    /// ```
    /// use gamenote::any::AnyPosition;
    /// use gamenote::GameId;
    /// assert_eq!(AnyPosition::start(GameId::ThreeMan).outcome(), None);
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        each!(AnyPosition, self, p, G => G::outcome(p))
    }

    /// An SVG picture of the position, `last` (a move of the same game) marked.
    ///
    /// ```
    /// use gamenote::any::AnyPosition;
    /// use gamenote::GameId;
    /// let mut pos = AnyPosition::start(GameId::Pylos);
    /// let m = pos.play_str("1b2")?;
    /// assert!(pos.svg(Some(&m)).unwrap().starts_with("<svg"));
    /// # Ok::<(), gamenote::any::AnyError>(())
    /// ```
    pub fn svg(&self, last: Option<&AnyMove>) -> Option<String> {
        each!(AnyPosition, self, p, G => {
            let last = match last {
                Some(m) => Some(G::move_of(m)?),
                None => None,
            };
            G::svg(p, last)
        })
    }
}

/// Prints the position string.
///
/// ```
/// use gamenote::any::AnyPosition;
/// use gamenote::GameId;
/// let pos = AnyPosition::start(GameId::Pylos);
/// assert_eq!(pos.to_string(), pos.position_string());
/// ```
impl fmt::Display for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.position_string())
    }
}

/// A move of any of the four games, complete and checked against a position
/// ([`AnyPosition::legal_moves`], [`AnyPosition::resolve`]).
///
/// ```
/// use gamenote::any::AnyPosition;
/// use gamenote::GameId;
/// let moves = AnyPosition::start(GameId::Gipf).legal_moves();
/// assert!(moves.iter().all(|m| m.game() == GameId::Gipf));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum AnyMove {
    /// A Pylos move.
    Pylos(<Pylos as Play>::Move),
    /// A GIPF move.
    Gipf(<Gipf as Play>::Move),
    /// A three-man chess move.
    ThreeMan(<ThreeMan as Play>::Move),
    /// A Pylon move.
    Pylon(<Pylon as Play>::Move),
}

impl AnyMove {
    /// The move's game.
    ///
    /// ```
    /// use gamenote::any::AnyPosition;
    /// use gamenote::GameId;
    /// let m = AnyPosition::start(GameId::Pylon).legal_moves().remove(0);
    /// assert_eq!(m.game(), GameId::Pylon);
    /// ```
    pub fn game(&self) -> GameId {
        each!(AnyMove, self, _m, G => G::GAME)
    }
}

/// The typed move of a [`KnownGame`] inside an [`AnyMove`].
trait MoveOf: KnownGame {
    fn move_of(m: &AnyMove) -> Option<&Self::Move>;
}

macro_rules! move_of {
    ($g:ty, $v:ident) => {
        impl MoveOf for $g {
            fn move_of(m: &AnyMove) -> Option<&Self::Move> {
                match m {
                    AnyMove::$v(m) => Some(m),
                    _ => None,
                }
            }
        }
    };
}
move_of!(Pylos, Pylos);
move_of!(Gipf, Gipf);
move_of!(ThreeMan, ThreeMan);
move_of!(Pylon, Pylon);

/// A written move of any of the four games, as a person wrote it: read with no position
/// at hand ([`AnyNotation::parse`]), printed back as written, serialized (the `serde`
/// feature) tagged by its game: `{"gipf": "a1-b2"}`.
///
/// ```
/// use gamenote::any::AnyNotation;
/// use gamenote::GameId;
/// let n = AnyNotation::parse(GameId::ThreeMan, "WHNa3")?;
/// assert_eq!((n.game(), n.to_string()), (GameId::ThreeMan, "WHNa3".to_string()));
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum AnyNotation {
    /// A Pylos written move.
    Pylos(<Pylos as Notate>::Notation),
    /// A GIPF written move.
    Gipf(<Gipf as Notate>::Notation),
    /// A three-man chess written move.
    #[cfg_attr(feature = "serde", serde(rename = "threeman"))]
    ThreeMan(<ThreeMan as Notate>::Notation),
    /// A Pylon written move.
    Pylon(<Pylon as Notate>::Notation),
}

impl AnyNotation {
    /// Reads a written move of game `id`.
    ///
    /// ```
    /// use gamenote::any::AnyNotation;
    /// use gamenote::GameId;
    /// assert_eq!(AnyNotation::parse(GameId::Pylos, "1d22b2")?.to_string(), "1d22b2");
    /// let err = AnyNotation::parse(GameId::Pylos, "zz").unwrap_err();
    /// assert_eq!(err.column, 1);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn parse(id: GameId, text: &str) -> Result<AnyNotation, ParseError> {
        crate::with_game!(id, G => text.parse::<<G as Notate>::Notation>().map(G::any_notation))
    }

    /// The written move's game.
    ///
    /// ```
    /// use gamenote::any::AnyNotation;
    /// use gamenote::GameId;
    /// assert_eq!(AnyNotation::parse(GameId::Pylon, "1a1")?.game(), GameId::Pylon);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn game(&self) -> GameId {
        each!(AnyNotation, self, _n, G => G::GAME)
    }
}

/// Prints the move as written.
///
/// ```
/// use gamenote::any::AnyNotation;
/// use gamenote::GameId;
/// assert_eq!(AnyNotation::parse(GameId::Gipf, "a1-b2")?.to_string(), "a1-b2");
/// # Ok::<(), gamenote::ParseError>(())
/// ```
impl fmt::Display for AnyNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        each!(AnyNotation, self, n, G => fmt::Display::fmt(n, f))
    }
}

/// A style of any of the four games: how moves are written ([`Notate::Style`]). It prints
/// as `--style` names it and serializes (the `serde` feature) tagged by its game.
///
/// ```
/// use gamenote::any::AnyStyle;
/// use gamenote::GameId;
/// let s = AnyStyle::parse(GameId::Pylos, "numeric+markers")?;
/// assert_eq!((s.game(), s.to_string()), (GameId::Pylos, "numeric+markers".to_string()));
/// assert_eq!(AnyStyle::default_for(GameId::Gipf).to_string(), "complete");
/// # Ok::<(), gamenote::ValueError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum AnyStyle {
    /// A Pylos style.
    Pylos(<Pylos as Notate>::Style),
    /// A GIPF style.
    Gipf(<Gipf as Notate>::Style),
    /// A three-man chess style.
    #[cfg_attr(feature = "serde", serde(rename = "threeman"))]
    ThreeMan(<ThreeMan as Notate>::Style),
    /// A Pylon style.
    Pylon(<Pylon as Notate>::Style),
}

impl AnyStyle {
    /// Reads a style of game `id`, named as `--style` names it ([`GameId::styles`]).
    ///
    /// ```
    /// use gamenote::any::AnyStyle;
    /// use gamenote::GameId;
    /// assert!(AnyStyle::parse(GameId::ThreeMan, "long").is_ok());
    /// assert!(AnyStyle::parse(GameId::ThreeMan, "numeric").is_err());
    /// ```
    pub fn parse(id: GameId, text: &str) -> Result<AnyStyle, ValueError> {
        crate::with_game!(id, G => text.parse::<<G as Notate>::Style>().map(G::any_style))
    }

    /// The default style of game `id`.
    ///
    /// ```
    /// use gamenote::any::AnyStyle;
    /// use gamenote::GameId;
    /// assert_eq!(AnyStyle::default_for(GameId::Pylon).to_string(), "standard");
    /// ```
    pub fn default_for(id: GameId) -> AnyStyle {
        crate::with_game!(id, G => G::any_style(Default::default()))
    }

    /// The style's game.
    ///
    /// ```
    /// use gamenote::any::AnyStyle;
    /// use gamenote::GameId;
    /// assert_eq!(AnyStyle::default_for(GameId::ThreeMan).game(), GameId::ThreeMan);
    /// ```
    pub fn game(&self) -> GameId {
        each!(AnyStyle, self, _s, G => G::GAME)
    }
}

/// Prints the style as `--style` names it.
///
/// ```
/// use gamenote::any::AnyStyle;
/// use gamenote::GameId;
/// assert_eq!(AnyStyle::default_for(GameId::Pylos).to_string(), "canonical");
/// ```
impl fmt::Display for AnyStyle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        each!(AnyStyle, self, s, G => fmt::Display::fmt(s, f))
    }
}

macro_rules! style_from {
    ($g:ty, $v:ident) => {
        /// Wraps a typed style.
        ///
        /// ```
        /// use gamenote::{any::AnyStyle, pylon::Style, GameId};
        /// assert_eq!(AnyStyle::from(Style::default()).game(), GameId::Pylon);
        /// ```
        impl From<<$g as Notate>::Style> for AnyStyle {
            fn from(s: <$g as Notate>::Style) -> Self {
                AnyStyle::$v(s)
            }
        }
    };
}
style_from!(Pylos, Pylos);
style_from!(Gipf, Gipf);
style_from!(ThreeMan, ThreeMan);
style_from!(Pylon, Pylon);

macro_rules! value_from {
    ($g:ty, $v:ident, $m:ident, $n:literal) => {
        /// Wraps a typed position.
        ///
        /// ```
        #[doc = concat!("use gamenote::{any::AnyPosition, ", stringify!($m), "::", stringify!($v), ", GameId, Play};")]
        #[doc = concat!("let pos = ", stringify!($v), "::start(&Default::default());")]
        #[doc = concat!("assert_eq!(AnyPosition::from(pos), AnyPosition::start(GameId::", stringify!($v), "));")]
        /// ```
        impl From<<$g as Play>::Position> for AnyPosition {
            fn from(p: <$g as Play>::Position) -> Self {
                AnyPosition::$v(p)
            }
        }

        /// Wraps a typed written move.
        ///
        /// ```
        #[doc = concat!("use gamenote::{any::AnyNotation, ", stringify!($m), "::Notation, GameId};")]
        #[doc = concat!("let any = AnyNotation::parse(GameId::", stringify!($v), ", \"", $n, "\")?;")]
        #[doc = concat!("let typed: Notation = \"", $n, "\".parse()?;")]
        /// assert_eq!(AnyNotation::from(typed), any);
        /// # Ok::<(), gamenote::ParseError>(())
        /// ```
        impl From<<$g as Notate>::Notation> for AnyNotation {
            fn from(n: <$g as Notate>::Notation) -> Self {
                AnyNotation::$v(n)
            }
        }
    };
}
value_from!(Pylos, Pylos, pylos, "1b2");
value_from!(Gipf, Gipf, gipf, "a1-b2");
value_from!(ThreeMan, ThreeMan, threeman, "WHNa3");
value_from!(Pylon, Pylon, pylon, "1a1");
