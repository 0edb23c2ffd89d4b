//! The traits every game implements, and the small types shared by all of them.
//!
//! A written move ([`Notate::Notation`]) is not a move ([`Play::Move`]): the first is parsed with
//! no position at hand, the second is checked against one. [`Notate::resolve`] crosses from
//! the first to the second and [`Notate::notate`] crosses back, in the style asked for.
//!
//! What a game must say is in [`Play`] (the rules) and [`Notate`] (written moves); how its
//! records are written ([`RecordFormat`]), its picture ([`Picture`]) and its plausible
//! mistakes ([`Mistakes`]) have defaults for every item. [`Hooks`] holds what the engine may
//! ask a game in order to go faster, or to read an oddity of its records: every default there
//! is correct, so a game author need not read it. [`Game`] is all six together.
//!
//! # Implementing the traits
//!
//! A crate outside this one may implement the traits for a game of its own; records, replay,
//! conversion, the stream readers, perft and the fuzz harnesses then work for it as for the
//! four games here (only `GameId` and `with_game!` of the any-game layer,
//! which choose among the four at run time, do not know it). The semver promise, from 1.0:
//!
//! - A new trait item always comes with a default that keeps every game's behaviour, so
//!   adding one is a minor change. New speed and record-oddity hooks go into [`Hooks`].
//! - Adding a required item, removing an item, changing a signature or an associated type's
//!   bounds, or adding a trait that [`Game`] requires is a major change.
//! - A default's behaviour changes only as a bug fix would change the four games' own.
//!
//! A game may need nothing but the required items (`Play::{NAME, ID, EXTENSION, Rules,
//! Position, Move, start, legal_moves, play, outcome, to_move}` and `Notate::{Notation,
//! Style, resolve, notate, parse_notation}`) and four empty `impl` blocks:
//!
//! ```
//! use gamenote::prelude::*;
//! use gamenote::{error::{MoveError, ValueError}, game::Tags, text::{PErr, Parsed}};
//! use std::{fmt, str::FromStr};
//!
//! /// Two players take turns saying `a` or `b`; after four moves, White wins on more `a`s.
//! struct Ab;
//! #[derive(Clone, Debug, Default, PartialEq)]
//! struct Rules;
//! #[derive(Clone, Debug, PartialEq)]
//! struct Pos { said: Vec<bool> } // true for `a`
//! #[derive(Clone, Copy, Debug, PartialEq)]
//! struct Say(bool);
//! #[derive(Clone, Copy, Debug, Default, PartialEq)]
//! struct Plain;
//!
//! impl fmt::Display for Rules {
//!     fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { f.write_str("standard") }
//! }
//! impl FromStr for Rules {
//!     type Err = ValueError;
//!     fn from_str(s: &str) -> Result<Self, ValueError> {
//!         if s == "standard" { Ok(Rules) } else { Err(ValueError::new("only standard")) }
//!     }
//! }
//! impl fmt::Display for Plain {
//!     fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { f.write_str("plain") }
//! }
//! impl FromStr for Plain {
//!     type Err = ValueError;
//!     fn from_str(s: &str) -> Result<Self, ValueError> {
//!         if s == "plain" { Ok(Plain) } else { Err(ValueError::new("only plain")) }
//!     }
//! }
//! impl fmt::Display for Pos {
//!     fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
//!         self.said.iter().try_for_each(|&a| f.write_str(if a { "a" } else { "b" }))
//!     }
//! }
//! impl fmt::Display for Say {
//!     fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { f.write_str(if self.0 { "a" } else { "b" }) }
//! }
//! impl FromStr for Say {
//!     type Err = ParseError;
//!     fn from_str(s: &str) -> Result<Self, ParseError> {
//!         match Ab::parse_notation(s, &[]) {
//!             Ok(("", n)) => Ok(n),
//!             Ok((rest, _)) => Err(ParseError::at(s, s.len() - rest.len(), "end of input")),
//!             Err(e) => Err(e.into_parse_error(s)),
//!         }
//!     }
//! }
//!
//! impl Play for Ab {
//!     const NAME: &'static str = "Ab";
//!     const ID: &'static str = "ab";
//!     const EXTENSION: &'static str = "ab";
//!     type Rules = Rules;
//!     type Position = Pos;
//!     type Move = Say;
//!     fn start(_: &Rules) -> Pos { Pos { said: Vec::new() } }
//!     fn legal_moves(pos: &Pos, out: &mut Vec<Say>) {
//!         if pos.said.len() < 4 { out.extend([Say(true), Say(false)]) }
//!     }
//!     fn play(pos: &mut Pos, m: &Say) { pos.said.push(m.0) }
//!     fn outcome(pos: &Pos) -> Option<Outcome> {
//!         let a = pos.said.iter().filter(|&&a| a).count();
//!         (pos.said.len() == 4).then(|| if a > 2 { Outcome::Win(0) } else { Outcome::Win(1) })
//!     }
//!     fn to_move(pos: &Pos) -> usize { pos.said.len() % 2 }
//! }
//! impl Notate for Ab {
//!     type Notation = Say;
//!     type Style = Plain;
//!     fn resolve(pos: &Pos, n: &Say) -> Result<Say, MoveError> {
//!         if pos.said.len() < 4 { Ok(*n) } else { Err(MoveError::illegal("the game is over")) }
//!     }
//!     fn notate(_: &Pos, m: &Say, _: Plain) -> Say { *m }
//!     fn parse_notation<'a>(input: &'a str, _: &Tags) -> Parsed<'a, Say> {
//!         match input.as_bytes().first() {
//!             Some(b'a') => Ok((&input[1..], Say(true))),
//!             Some(b'b') => Ok((&input[1..], Say(false))),
//!             _ => Err(PErr::new(input, "a or b")),
//!         }
//!     }
//! }
//! impl RecordFormat for Ab {}
//! impl Picture for Ab {}
//! impl Mistakes for Ab {}
//! impl Hooks for Ab {}
//!
//! let rec: Record<Ab> = "[Game \"Ab\"]\n\n1. a b 2. a a 1-0".parse()?;
//! let end = gamenote::record::replay(&rec, Mode::Strict).into_result()?.end;
//! assert_eq!(end.to_string(), "abaa");
//! let wrong: Record<Ab> = "1. a b 2. b b 1-0".parse()?;
//! assert!(!gamenote::record::replay(&wrong, Mode::Strict).is_ok(), "Black won");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::{self, Debug, Display};
use std::str::FromStr;

use crate::error::{MoveError, ParseError, ValueError};
use crate::text::{self, Parsed};

/// How a game ended: one winner, or a draw shared by some seats.
///
/// Seats are numbered in turn order from 0 (White first). `Display` and `FromStr` use the
/// written scores, one per seat and at least two: `1-0`, `0-1`, `1/2-1/2`, `0-0-1`,
/// `1/2-0-1/2`. Where a game writes its results otherwise (three-man chess always gives
/// three scores), [`Written`] gives its own form. `FromStr` is exact: two or three scores
/// (no game here has more seats), each `0` or the share of the seats that scored, so
/// `1-0-0` is a three-seat win for White but `1-0-0-0` is not a result.
///
/// Every value prints to a text that reads back as that value, and only that value prints
/// to it (`tests/suite/round_trips.rs` holds all 512 to it). The variants' fields are public, so values no score
/// list of two or three seats can say can be built: a win of a seat past the third
/// (`Win(3)` to `Win(255)`), a draw shared by one seat or none, or by a seat past the
/// third. Those are written in their Rust form, `Win(16)` and `Draw(0b1000)` (the mask in
/// binary), which `FromStr` reads back; no record holds that form (each game writes its
/// results in its own words, [`RecordFormat::write_result`]), and no value that a score
/// list says is read from it.
///
/// ```
/// use gamenote::Outcome;
/// assert_eq!(Outcome::Win(1).to_string(), "0-1");
/// assert_eq!(Outcome::Draw(0b101).to_string(), "1/2-0-1/2");
/// assert_eq!("1-0-0".parse::<Outcome>(), Ok(Outcome::Win(0)));
/// assert_eq!("1/2-1/2".parse::<Outcome>(), Ok(Outcome::Draw(0b11)));
/// assert!("1-1".parse::<Outcome>().is_err());
/// assert!("1-0-0-0".parse::<Outcome>().is_err());
/// // Values no score list says, written so that they read back.
/// assert_eq!(Outcome::Win(16).to_string(), "Win(16)");
/// assert_eq!(Outcome::Draw(0b1).to_string(), "Draw(0b1)");
/// assert_eq!("Draw(0b0)".parse::<Outcome>(), Ok(Outcome::Draw(0)));
/// assert!("Win(1)".parse::<Outcome>().is_err(), "0-1 is its one written form");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Outcome {
    /// The seat that won.
    Win(u8),
    /// A draw between the seats whose bits are set (bit 0 is seat 0).
    Draw(u8),
}

/// A result as written at the end of a record: an outcome, or `*` for a game not finished.
///
/// `Display` and `FromStr` write and read the outcome as [`Outcome`] does, and `*`.
///
/// ```
/// use gamenote::{GameResult, Outcome};
/// let r: GameResult = "0-1".parse()?;
/// assert_eq!(r, GameResult::Decided(Outcome::Win(1)));
/// assert_eq!(GameResult::Unfinished.to_string(), "*");
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameResult {
    /// `1-0`, `0-1`, `1/2-1/2`, ...
    Decided(Outcome),
    /// `*`
    Unfinished,
}

/// Strict reading turns every annotation that contradicts the rules into an error; lenient
/// reading turns them into warnings. The grammar is the same in both.
///
/// ```
/// use gamenote::{record, Mode, Record, pylos::Pylos};
/// // 1c3+ claims a line of four that the move does not make.
/// let rec: Record<Pylos> = "1b2 1c3+ *".parse()?;
/// assert!(!record::replay(&rec, Mode::Strict).is_ok());
/// let lenient = record::replay(&rec, Mode::Lenient);
/// assert!(lenient.is_ok());
/// assert_eq!(lenient.warnings.len(), 1);
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Mode {
    /// Mismatched annotations are errors (the default).
    #[default]
    Strict,
    /// Mismatched annotations are warnings.
    Lenient,
}

/// One item of movetext as a game's token parser sees it.
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::{gipf::Gipf, Token};
/// let (rest, token) = Gipf::parse_token("X 1-0", &[]).unwrap();
/// assert_eq!((rest, token), (" 1-0", Token::Annotation("X".into())));
/// let (_, token) = Gipf::parse_token("1-0", &[]).unwrap();
/// assert_eq!(token, Token::Result(GameResult::Decided(Outcome::Win(0))));
/// assert_eq!(Gipf::parse_token("/ e2", &[]).unwrap().1, Token::Skip);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum Token<N> {
    /// A written move.
    Move(N),
    /// The result that ends the movetext.
    Result(GameResult),
    /// A mark that belongs to the move before it and is printed back after it (GIPF's `X`).
    Annotation(String),
    /// A separator with no meaning (GIPF's `/`).
    Skip,
}

/// The default [`RecordFormat::parse_token`]: a result, else a move. Games that read their common
/// move first with a shortcut fall back to it.
///
/// ```
/// use gamenote::{game::result_or_move, pylon::Pylon, GameResult, Outcome, Token};
/// let (rest, token) = result_or_move::<Pylon>("0-1 {W 3 B 7}", &[]).unwrap();
/// assert_eq!(token, Token::Result(GameResult::Decided(Outcome::Win(1))));
/// assert_eq!(rest, " {W 3 B 7}");
/// ```
#[inline(always)]
pub fn result_or_move<'a, G: RecordFormat>(
    input: &'a str,
    tags: &Tags,
) -> Parsed<'a, Token<G::Notation>> {
    if let Some((rest, r)) = G::parse_result(input) {
        return Ok((rest, Token::Result(r)));
    }
    let (rest, n) = G::parse_notation(input, tags)?;
    Ok((rest, Token::Move(n)))
}

/// What a game makes of a movetext comment: see [`Hooks::comment_move`].
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::{game::CommentMove, gipf::Gipf};
/// // GIPF records may write a removal at the end of the game as a comment.
/// let CommentMove::Starts(n) = Gipf::comment_move("w: xa1", 0, None, &[]) else { panic!() };
/// assert_eq!(n.to_string(), "xa1;");
/// assert_eq!(Gipf::comment_move("a fine move", 0, None, &[]), CommentMove::Comment);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum CommentMove<N> {
    /// A plain comment.
    Comment,
    /// More of the last move, which the game has extended.
    Extends,
    /// A new written move.
    Starts(N),
}

/// How a record of a finished game writes its end, around its result: what
/// [`RecordFormat::ending`] gives and `Record::add_ending` writes
/// (GIPF's `X` before the result, Pylon's score comment after it).
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::{game::WrittenEnding, pylon::Pylon};
/// let text = "[Size \"3\"] [Rules \"standard,suicide=group\"]\n\n\
///             1. 1a1 1b1 2. 1a2 1c2 3. 1a3 1b3 4. pass 1b2[2a1,2a2] 5. pass 1c1 0-1";
/// let rec: Record<Pylon> = text.parse()?;
/// let end = gamenote::record::replay(&rec, Mode::Strict).into_result()?.end;
/// let ending = Pylon::ending(&end, GameResult::Decided(Outcome::Win(1)));
/// assert_eq!(ending, WrittenEnding { marks: vec![], comments: vec!["W 3 B 7".into()] });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct WrittenEnding {
    /// Marks written after the last move, before the result (GIPF's `X`); they are kept as
    /// the last ply's annotations.
    pub marks: Vec<String>,
    /// Comments written right after the result (Pylon's score `W 5 B 3`), the text inside
    /// the braces; they are kept first in the record's comments after the result.
    pub comments: Vec<String>,
}

impl WrittenEnding {
    /// True when the ending writes nothing.
    ///
    /// ```
    /// assert!(gamenote::game::WrittenEnding::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.marks.is_empty() && self.comments.is_empty()
    }
}

/// What a record's tags say the game is played with: the text is kept in the tags themselves.
pub type Tags = [(String, String)];

/// The rules of a game, the core every game implements: its names, positions and moves,
/// what may be played and how a game ends. Perft and the generators need nothing more.
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::gipf::{Gipf, Rules};
/// let rules: Rules = "basic".parse()?;
/// let start = Gipf::start(&rules);
/// let mut moves = Vec::new();
/// Gipf::legal_moves(&start, &mut moves);
/// assert_eq!(moves.len(), Gipf::count_legal(&start) as usize);
/// let mut next = start.clone();
/// Gipf::play(&mut next, &moves[0]);
/// assert_eq!(Gipf::to_move(&next), 1);
/// assert_eq!(Gipf::outcome(&next), None);
/// # Ok::<(), gamenote::ValueError>(())
/// ```
pub trait Play: Sized + 'static {
    /// The name used in `[Game "..."]` tags, e.g. `Pylos`.
    const NAME: &'static str;

    /// The short name used on the command line, e.g. `pylos`.
    const ID: &'static str;

    /// The file extension, without the dot, e.g. `pylos`.
    const EXTENSION: &'static str;

    /// Other names the `[Game]` tag may give (compared without case), e.g. `3 Man Chess`.
    const ALIASES: &'static [&'static str] = &[];

    /// Moves per move number: 2, or 3 for three-man chess.
    const SEATS: usize = 2;

    /// Rule set and options, written as in the `[Rules]` tag (`alignment,takeback=optional`).
    type Rules: Clone + Debug + Default + PartialEq + Display + FromStr<Err = ValueError>;

    /// A full state of play; cheap to clone.
    type Position: Clone + Debug + PartialEq + Display;

    /// A complete move, checked against a position.
    type Move: Clone + Debug + PartialEq;

    /// The start position under `rules`.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::pylos::{Pylos, Rules};
    /// let start = Pylos::start(&Rules::default());
    /// assert_eq!((start.reserve(0), start.reserve(1)), (15, 15));
    /// assert_eq!(Pylos::to_move(&start), 0);
    /// ```
    fn start(rules: &Self::Rules) -> Self::Position;

    /// Appends every legal move of `pos` to `out` (nothing when the game is over).
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::pylos::{Pylos, Style};
    /// let start = Pylos::start(&Default::default());
    /// let mut moves = Vec::new();
    /// Pylos::legal_moves(&start, &mut moves);
    /// assert_eq!(moves.len(), 16, "one placement on each slot of the bottom level");
    /// assert_eq!(Pylos::notate(&start, &moves[0], Style::CANONICAL).to_string(), "1a1");
    /// ```
    fn legal_moves(pos: &Self::Position, out: &mut Vec<Self::Move>);

    /// The number of legal moves of `pos`; perft calls it at the last ply. Override it when
    /// counting is cheaper than generating.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::gipf::{Gipf, Rules};
    /// let start = Gipf::start(&"basic".parse::<Rules>()?);
    /// let mut moves = Vec::new();
    /// Gipf::legal_moves(&start, &mut moves);
    /// assert_eq!(Gipf::count_legal(&start), moves.len() as u64);
    /// # Ok::<(), gamenote::ValueError>(())
    /// ```
    fn count_legal(pos: &Self::Position) -> u64 {
        let mut out = Vec::new();
        Self::legal_moves(pos, &mut out);
        out.len() as u64
    }

    /// Plays a legal move.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::pylos::{Notation, Pylos};
    /// let mut pos = Pylos::start(&Default::default());
    /// let m = Pylos::resolve(&pos, &"1b2".parse::<Notation>()?)?;
    /// Pylos::play(&mut pos, &m);
    /// assert_eq!((pos.reserve(0), Pylos::to_move(&pos)), (14, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn play(pos: &mut Self::Position, m: &Self::Move);

    /// The result when the game is over by the rules.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::pylon::Pylon;
    /// let text = "[Size \"3\"] [Rules \"standard,suicide=group\"]\n\n\
    ///             1. 1a1 1b1 2. 1a2 1c2 3. 1a3 1b3 4. pass 1b2[2a1,2a2] 5. pass 1c1 0-1";
    /// let rec: Record<Pylon> = text.parse()?;
    /// let end = gamenote::record::replay(&rec, Mode::Strict).into_result()?.end;
    /// assert_eq!(Pylon::outcome(&end), Some(Outcome::Win(1)));
    /// assert_eq!(Pylon::outcome(&Pylon::start(&Default::default())), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn outcome(pos: &Self::Position) -> Option<Outcome>;

    /// The seat to move (0 = White).
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::threeman::{Notation, ThreeMan};
    /// let mut pos = ThreeMan::start(&Default::default());
    /// assert_eq!(ThreeMan::to_move(&pos), 0);
    /// let m = ThreeMan::resolve(&pos, &"WHNa3".parse::<Notation>()?)?;
    /// ThreeMan::play(&mut pos, &m);
    /// assert_eq!(ThreeMan::to_move(&pos), 1, "Gray moves next");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn to_move(pos: &Self::Position) -> usize;

    /// The rule sets worth testing (perft, fuzzing, generators): at least the default.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::gipf::Gipf;
    /// let names: Vec<String> = Gipf::variants().iter().map(|r| r.to_string()).collect();
    /// assert_eq!(names[..3], ["basic", "standard", "tournament"]);
    /// assert!(Gipf::variants().contains(&Default::default()));
    /// ```
    fn variants() -> Vec<Self::Rules> {
        vec![Self::Rules::default()]
    }
}

/// Written moves: parsed with no position at hand, resolved against one, written back in a
/// style. With [`Play`], this is all a new game must write; the other layers have defaults.
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::threeman::{Notation, Style, ThreeMan};
/// let start = ThreeMan::start(&Default::default());
/// let written: Notation = "WHNa3".parse()?;
/// let m = ThreeMan::resolve(&start, &written)?;
/// assert_eq!(ThreeMan::notate(&start, &m, Style::default()), written);
/// let nowhere: Notation = "WHNa5".parse()?;
/// assert!(ThreeMan::resolve(&start, &nowhere).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Notate: Play {
    /// A move as a person wrote it; `parse(print(n)) == n` (a Pylos move in the numeric
    /// style reads back with `pylos::Notation::parse_numeric`: `10` alone is also a result).
    type Notation: Clone + Debug + PartialEq + Display + FromStr<Err = ParseError>;

    /// The written styles the game offers.
    type Style: Copy + Debug + Default + PartialEq + Display + FromStr<Err = ValueError>;

    /// Turns a written move into the one legal move it means, or says why it cannot.
    /// Annotations that only describe the move's effect are checked by
    /// [`Notate::check_annotations`], not here.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::{pylos::{Notation, Pylos}, MoveErrorKind};
    /// let mut pos = Pylos::start(&Default::default());
    /// let m = Pylos::resolve(&pos, &"1b2".parse::<Notation>()?)?;
    /// Pylos::play(&mut pos, &m);
    /// let err = Pylos::resolve(&pos, &"1b2".parse::<Notation>()?).unwrap_err();
    /// assert_eq!((err.kind, err.reason.as_str()), (MoveErrorKind::Illegal, "1b2 is occupied"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn resolve(pos: &Self::Position, n: &Self::Notation) -> Result<Self::Move, MoveError>;

    /// Writes `m` (legal in `pos`) in `style`.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::gipf::{Gipf, Rules, Style};
    /// let start = Gipf::start(&"tournament".parse::<Rules>()?);
    /// let m = Gipf::resolve(&start, &"Ge2".parse()?)?;
    /// assert_eq!(Gipf::notate(&start, &m, Style::Short).to_string(), "Ge2");
    /// // The complete style adds what is left in reserve: a GIPF-piece counts two.
    /// assert_eq!(Gipf::notate(&start, &m, Style::Complete).to_string(), "Ge2 (16)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn notate(pos: &Self::Position, m: &Self::Move, style: Self::Style) -> Self::Notation;

    /// Checks what a written move says about its own effect (markers, reserve counts) against
    /// what the move did; `Err` is a mismatch.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::{pylos::{Notation, Pylos}, MoveErrorKind};
    /// let mut before = Pylos::start(&Default::default());
    /// let first = Pylos::resolve(&before, &"1b2".parse()?)?;
    /// Pylos::play(&mut before, &first);
    /// // `+` claims a line of four that 1c3 does not make.
    /// let n: Notation = "1c3+".parse()?;
    /// let m = Pylos::resolve(&before, &n)?;
    /// let mut after = before.clone();
    /// Pylos::play(&mut after, &m);
    /// let err = Pylos::check_annotations(&before, &n, &m, &after).unwrap_err();
    /// assert_eq!(err.kind, MoveErrorKind::Mismatch);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn check_annotations(
        _before: &Self::Position,
        _n: &Self::Notation,
        _m: &Self::Move,
        _after: &Self::Position,
    ) -> Result<(), MoveError> {
        Ok(())
    }

    /// Reads one written move at the start of `input` (the nom parser behind `FromStr`).
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::pylos::Pylos;
    /// let (rest, n) = Pylos::parse_notation("1b2 1c3", &[]).unwrap();
    /// assert_eq!((rest, n.to_string().as_str()), (" 1c3", "1b2"));
    /// let err = Pylos::parse_notation("zz", &[]).unwrap_err();
    /// assert_eq!(err.at, "zz");
    /// assert!(err.expected.starts_with("a Pylos move"));
    /// ```
    fn parse_notation<'a>(input: &'a str, tags: &Tags) -> Parsed<'a, Self::Notation>;
}

/// How a record of the game is written: movetext tokens, results, tags and numbering. Every
/// item has a default that fits a two-player game with PGN-like records.
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::{pylos::Pylos, threeman::ThreeMan};
/// let tags = [("Position".to_string(), "w.............../........./..../. b 14 15".to_string())];
/// let pos = Pylos::setup(&tags)?;
/// assert_eq!(Pylos::to_move(&pos), 1);
/// assert_eq!(Pylos::position_string(&pos).as_deref(), Some(tags[0].1.as_str()));
/// // Three-man chess writes a score for each of its three seats.
/// assert_eq!(ThreeMan::write_result(GameResult::Decided(Outcome::Win(2))), "0-0-1");
/// # Ok::<(), gamenote::ValueError>(())
/// ```
pub trait RecordFormat: Notate {
    /// The tags [`RecordFormat::parse_token`] and [`Hooks::comment_move`] look at (Pylos reads its
    /// numeric style under `[Style "numeric"]`). The record reader hands them only these,
    /// the first of each name, so a record with many tags costs nothing per move; with
    /// none (the default) it keeps no copy of the tags at all.
    const TOKEN_TAGS: &'static [&'static str] = &[];

    /// The tags [`RecordFormat::setup`] reads but the game can do without. A value it cannot
    /// use in one of them is an error at the tag when reading strictly, and a warning under
    /// [`Mode::Lenient`], the record then being read as if the tag were absent. Every other
    /// set-up tag (`[Rules]`, `[Position]`, …) is needed to play, and its error is an error
    /// in both modes. The default: `[Size]`, which the default [`RecordFormat::rules_from_tags`]
    /// refuses (only Pylon has board sizes).
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::{pylon::Pylon, pylos::Pylos};
    /// assert_eq!(Pylos::SPARE_TAGS, ["Size", "Style"]);
    /// assert!(Pylon::SPARE_TAGS.is_empty(), "a Pylon record's size is needed to play it");
    /// let err = Pylos::setup(&[("Size".into(), "5".into())]).unwrap_err();
    /// assert_eq!((err.tag.as_deref(), err.message.as_str()), (Some("Size"), "Pylos has no board sizes"));
    /// ```
    const SPARE_TAGS: &'static [&'static str] = &["Size"];

    /// The marks after a move that say the game is over ([`WrittenEnding::marks`]: GIPF's
    /// `X`). Reading checks them against the record: a move carrying one must be the last,
    /// and a result that is not `*` must follow it (a mismatch otherwise, an error when strict
    /// and a warning when lenient, placed at the mark). The default: none.
    const ENDING_MARKS: &'static [&'static str] = &[];

    /// The tags that name `rules`, the inverse of [`RecordFormat::rules_from_tags`]: `[Rules]` by
    /// default; Pylon adds `[Size]`. Record generators write these.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::{pylon::Pylon, pylos::Pylos};
    /// let tags = Pylos::rules_tags(&"alignment".parse()?);
    /// assert_eq!(tags, [("Rules".to_string(), "alignment".to_string())]);
    /// let mut rules = <Pylon as Play>::Rules::default();
    /// rules.size = 5;
    /// let tags = Pylon::rules_tags(&rules);
    /// assert_eq!(tags, [("Size".into(), "5".into()), ("Rules".into(), "standard".into())]);
    /// # Ok::<(), gamenote::ValueError>(())
    /// ```
    fn rules_tags(rules: &Self::Rules) -> Vec<(String, String)> {
        vec![("Rules".to_string(), rules.to_string())]
    }

    /// The rules named by the tags (`[Rules]`, and any other the game reads).
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::pylon::Pylon;
    /// let rules = Pylon::rules_from_tags(&[("Size".into(), "5".into())])?;
    /// assert_eq!(rules.size, 5);
    /// let err = Pylon::rules_from_tags(&[("Size".into(), "27".into())]).unwrap_err();
    /// assert_eq!(err.tag.as_deref(), Some("Size"));
    /// # Ok::<(), gamenote::ValueError>(())
    /// ```
    fn rules_from_tags(tags: &Tags) -> Result<Self::Rules, ValueError> {
        no_size::<Self>(tags)?;
        match tag(tags, "Rules") {
            Some(v) => v.parse().map_err(|e: ValueError| e.in_tag("Rules")),
            None => Ok(Self::Rules::default()),
        }
    }

    /// The position a record starts from: the position string of its `[Position]` tag read
    /// under its rules (see [`RecordFormat::read_position`]), else the start position of its rules.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::gipf::Gipf;
    /// let tags = [("Rules".to_string(), "standard".to_string())];
    /// assert_eq!(Gipf::setup(&tags)?.reserve(0), 12);
    /// let handicap = [tags[0].clone(), ("Handicap".into(), "White 2".into())];
    /// assert_eq!(Gipf::setup(&handicap)?.reserve(0), 14);
    /// // Basic and standard records look alike, so a GIPF record must name its rules.
    /// assert!(Gipf::setup(&[]).is_err());
    /// # Ok::<(), gamenote::ValueError>(())
    /// ```
    fn setup(tags: &Tags) -> Result<Self::Position, ValueError> {
        let rules = Self::rules_from_tags(tags)?;
        match tag(tags, "Position") {
            None => Ok(Self::start(&rules)),
            Some(v) => Self::read_position(v.trim(), &rules).map_err(position_tag_error),
        }
    }

    /// Reads a position string (the game's compact written position, the inverse of
    /// [`RecordFormat::position_string`]) under `rules`. The default: the game has none.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::pylos::Pylos;
    /// let pos = Pylos::read_position("w.............../........./..../. b 14 15", &Default::default())?;
    /// assert_eq!((pos.reserve(0), pos.reserve(1)), (14, 15));
    /// let err = Pylos::read_position("w.. b 14 15", &Default::default()).unwrap_err();
    /// assert_eq!(err.column, 4);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    fn read_position(text: &str, _rules: &Self::Rules) -> Result<Self::Position, ParseError> {
        Err(ParseError::at(
            text,
            0,
            format!("no position string: {} has none", Self::NAME),
        ))
    }

    /// Reads one movetext token. The default reads a result, else a move; the record reader
    /// has already skipped whitespace, comments and move numbers.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::{pylos::Pylos, GameResult, Outcome, Token};
    /// let (rest, token) = Pylos::parse_token("1b2 1c3", &[]).unwrap();
    /// assert_eq!((rest, token), (" 1c3", Token::Move("1b2".parse()?)));
    /// // Pylos also reads the article's results `10` and `01`.
    /// let (_, token) = Pylos::parse_token("01", &[]).unwrap();
    /// assert_eq!(token, Token::Result(GameResult::Decided(Outcome::Win(1))));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    #[inline(always)]
    fn parse_token<'a>(input: &'a str, tags: &Tags) -> Parsed<'a, Token<Self::Notation>> {
        result_or_move::<Self>(input, tags)
    }

    /// Reads a result token at the start of `input` when there is one, followed by a token
    /// boundary. The default knows `1-0`, `0-1`, `1/2-1/2` and `*`.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::{pylos::Pylos, threeman::ThreeMan};
    /// let win = GameResult::Decided(Outcome::Win(0));
    /// assert_eq!(Pylos::parse_result("10 {resigns}"), Some((" {resigns}", win)));
    /// assert_eq!(Pylos::parse_result("1b2"), None);
    /// assert_eq!(ThreeMan::parse_result("1-0-0"), Some(("", win)));
    /// assert_eq!(ThreeMan::parse_result("1-0"), None);
    /// ```
    fn parse_result(input: &str) -> Option<(&str, GameResult)> {
        two_player_result(input)
    }

    /// Writes a result. The default writes `1-0`, `0-1`, `1/2-1/2` and `*`.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::{gipf::Gipf, threeman::ThreeMan};
    /// let draw = GameResult::Decided(Outcome::Draw(0b11));
    /// assert_eq!(Gipf::write_result(draw), "1/2-1/2");
    /// assert_eq!(ThreeMan::write_result(draw), "1/2-1/2-0");
    /// assert_eq!(ThreeMan::write_result(GameResult::Unfinished), "*");
    /// ```
    fn write_result(r: GameResult) -> String {
        match r {
            GameResult::Unfinished => "*".into(),
            GameResult::Decided(Outcome::Win(0)) => "1-0".into(),
            GameResult::Decided(Outcome::Win(_)) => "0-1".into(),
            GameResult::Decided(Outcome::Draw(_)) => "1/2-1/2".into(),
        }
    }

    /// Checks the result a record gives (token or `[Result]` tag) against the final position
    /// and the comments after the result; `Err` (a mismatch) says why they disagree; replay
    /// reports it at ply 0 with the result's span. The default accepts
    /// any result on a game the rules have not ended, and only the rules' result otherwise.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::pylon::Pylon;
    /// let text = "[Size \"3\"] [Rules \"standard,suicide=group\"]\n\n\
    ///             1. 1a1 1b1 2. 1a2 1c2 3. 1a3 1b3 4. pass 1b2[2a1,2a2] 5. pass 1c1 0-1";
    /// let rec: Record<Pylon> = text.parse()?;
    /// let end = gamenote::record::replay(&rec, Mode::Strict).into_result()?.end;
    /// let black = GameResult::Decided(Outcome::Win(1));
    /// assert!(Pylon::check_result(&end, black, &["W 3 B 7".into()]).is_ok());
    /// let err = Pylon::check_result(&end, GameResult::Decided(Outcome::Win(0)), &[]).unwrap_err();
    /// assert_eq!(err.reason, "the record says 1-0 but the game ended 0-1 (W 3 B 7)");
    /// let err = Pylon::check_result(&end, black, &["W 4 B 7".into()]).unwrap_err();
    /// assert_eq!(err.reason, "the score comment says W 4 B 7 but the board has W 3 B 7");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn check_result(
        end: &Self::Position,
        written: GameResult,
        _comments_after: &[String],
    ) -> Result<(), MoveError> {
        match Self::outcome(end) {
            Some(o) if written != GameResult::Decided(o) => Err(MoveError::mismatch(format!(
                "the record says {} but the game ended {}",
                Self::write_result(written),
                Self::write_result(GameResult::Decided(o))
            ))),
            _ => Ok(()),
        }
    }

    /// What a record of a game that ended in `end` writes around its `result`: marks after
    /// the last move, comments after the result. Every writer of records asks for it
    /// (`Record::add_ending`, `record::convert`,
    /// `generate::legal_game` and so `gamenote generate` and `convert`). The default
    /// writes nothing; GIPF writes `X` and Pylon the score comment once the game is over.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::gipf::{Gipf, Rules, Variant};
    /// let start = Gipf::start(&Rules::new(Variant::Basic));
    /// // A game still going on has no written ending.
    /// assert!(Gipf::ending(&start, GameResult::Unfinished).is_empty());
    /// ```
    fn ending(_end: &Self::Position, _result: GameResult) -> WrittenEnding {
        WrittenEnding::default()
    }

    /// The position as a one-line string (its position string), for games that have such a
    /// notation (`show --format position`); [`RecordFormat::read_position`] reads it back.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::pylos::Pylos;
    /// let start = Pylos::start(&Default::default());
    /// assert_eq!(
    ///     Pylos::position_string(&start).as_deref(),
    ///     Some("................/........./..../. w 15 15")
    /// );
    /// ```
    fn position_string(_pos: &Self::Position) -> Option<String> {
        None
    }

    /// The printing order of the well-known tags (after `Game`, and after `Rules` unless the
    /// list places `Rules` itself, as Pylon does to print `Size` before it).
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::{pylon::Pylon, pylos::Pylos, threeman::ThreeMan};
    /// assert_eq!(Pylos::tag_order(), ["Event", "Site", "Date", "Round", "White", "Black", "Result"]);
    /// assert_eq!(Pylon::tag_order()[..2], ["Size", "Rules"]);
    /// assert!(ThreeMan::tag_order().contains(&"Gray"));
    /// ```
    fn tag_order() -> &'static [&'static str] {
        &["Event", "Site", "Date", "Round", "White", "Black", "Result"]
    }
}

/// The engine's hooks: what replay, the record reader and the printers may ask a game in
/// order to go faster, or to read and write an oddity of its records. None of it is
/// something a game must say: every item has a default, and **the default is always
/// correct**, so a new game writes `impl Hooks for MyGame {}` and may stop there.
///
/// The hooks are of two kinds:
///
/// - **Speed** ([`Hooks::RESOLVE_REFUSES_AFTER_END`], [`Hooks::resolve_play`],
///   [`Hooks::SETTLES_LATER`], [`Hooks::resolve_play_unsettled`], [`Hooks::settle`],
///   [`Hooks::resolve_play_notating`], [`Hooks::annotations_need_before`],
///   [`Hooks::notate_played`], [`Hooks::notate_needs_before`],
///   [`Hooks::parse_token_reusing`], [`Hooks::recycle`]). With the defaults the crate gives the same answers, only slower
///   for the game that needed the hook. An override must give exactly the default's
///   answers; `fuzzing::resolve_play_agrees` and the fuzz targets hold every game
///   here to that.
/// - **Oddities of written records** ([`Hooks::implied_before`],
///   [`Hooks::droppable_after_end`], [`Hooks::carry_remarks`], [`Hooks::comment_move`],
///   [`Hooks::rules_from_first_move`], [`Hooks::bad_comment_after_result`],
///   [`Hooks::movetext_marks`], [`Hooks::movetext_mark`]). The defaults read and write plain
///   PGN-like records, numbered `N.` every [`Play::SEATS`] moves; a game overrides one when
///   its records in the wild write something else (Pylon's forced pass left out, GIPF's
///   removals written as comments, three-man chess's skipped seats).
///
/// New hooks come with defaults that keep every game's behaviour, so adding one is a minor
/// change (see "Implementing the traits" in the [module docs](crate::game)).
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::{game::Hooks, pylos::{Notation, Pylos}, threeman::ThreeMan};
/// // A hook's answer is the default's answer, reached another way.
/// let start = Pylos::start(&Default::default());
/// let n: Notation = "1b2".parse()?;
/// let mut fast = start.clone();
/// let m = Pylos::resolve_play(&mut fast, &n)?;
/// let mut plain = start.clone();
/// Pylos::play(&mut plain, &Pylos::resolve(&start, &n)?);
/// assert_eq!((fast, m), (plain, Pylos::resolve(&start, &n)?));
/// assert!(<ThreeMan as Hooks>::SETTLES_LATER && !<Pylos as Hooks>::SETTLES_LATER);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Hooks: RecordFormat {
    // Speed: the default gives the same answers, only slower where a game needs the hook.

    /// True when [`Notate::resolve`] refuses every written move once the game is over, so
    /// that a move that resolves proves the game goes on. Replay then asks for the
    /// [`Play::outcome`] only when a move does not resolve, which saves a test per move
    /// where the outcome is dear to find (Pylon's: can anyone still place?). The default,
    /// false, makes replay ask before every move.
    ///
    /// ```
    /// use gamenote::{pylon::Pylon, pylos::Pylos, Hooks};
    /// assert!(<Pylon as Hooks>::RESOLVE_REFUSES_AFTER_END);
    /// assert!(!<Pylos as Hooks>::RESOLVE_REFUSES_AFTER_END, "its outcome is one field");
    /// ```
    const RESOLVE_REFUSES_AFTER_END: bool = false;

    /// Resolves `n` in `pos` and, when it is legal, plays it there, returning the move; when
    /// it is not, `pos` is left as it was. Replay calls this when nothing reads the position
    /// before the move, so a game whose `resolve` already works out the position after the
    /// move (GIPF's push) can keep that work instead of doing it again in
    /// [`Play::play`]. The default resolves, then plays.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::pylos::{Notation, Pylos};
    /// let mut pos = Pylos::start(&Default::default());
    /// let m = Pylos::resolve_play(&mut pos, &"1b2".parse::<Notation>()?)?;
    /// assert_eq!(Pylos::notate(&Pylos::start(&Default::default()), &m, Default::default()).to_string(), "1b2");
    /// let before = pos.clone();
    /// let occupied = Pylos::resolve_play(&mut pos, &"1b2".parse::<Notation>()?);
    /// assert!(occupied.is_err());
    /// assert_eq!(pos, before, "the refused move left the position as it was");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn resolve_play(pos: &mut Self::Position, n: &Self::Notation) -> Result<Self::Move, MoveError> {
        let m = Self::resolve(pos, n)?;
        Self::play(pos, &m);
        Ok(m)
    }

    /// True when replay plays its moves with [`Hooks::resolve_play_unsettled`] (and
    /// settles the position with [`Hooks::settle`] before anything else reads it); false,
    /// the default, when it calls [`Hooks::resolve_play`] and never settles.
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, threeman::ThreeMan, Hooks};
    /// assert!(<ThreeMan as Hooks>::SETTLES_LATER);
    /// assert!(!<Pylos as Hooks>::SETTLES_LATER);
    /// ```
    const SETTLES_LATER: bool = false;

    /// [`Hooks::resolve_play`] as replay calls it when [`Hooks::SETTLES_LATER`], which
    /// may leave `pos` *unsettled*: the move played, but some work that follows from it
    /// deferred (three-man chess leaves the next player unjudged: whether it has a legal
    /// move at all, which a written move of that player that resolves proves). Replay calls
    /// [`Hooks::settle`] before anything but this method, or [`Notate::check_annotations`]
    /// of the move just played, reads `pos`. Same answer as `resolve_play`, and after
    /// `settle` the same position; a refused move leaves `pos` settled and as it was. The
    /// default is `resolve_play`.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::threeman::{Notation, ThreeMan};
    /// let start = ThreeMan::start(&Default::default());
    /// let mut pos = start.clone();
    /// let m = ThreeMan::resolve_play_unsettled(&mut pos, &"WHe4".parse::<Notation>()?)?;
    /// ThreeMan::settle(&mut pos);
    /// let mut eager = start.clone();
    /// assert_eq!(ThreeMan::resolve_play(&mut eager, &"WHe4".parse::<Notation>()?)?, m);
    /// assert_eq!(pos, eager);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn resolve_play_unsettled(
        pos: &mut Self::Position,
        n: &Self::Notation,
    ) -> Result<Self::Move, MoveError> {
        Self::resolve_play(pos, n)
    }

    /// [`Hooks::resolve_play`] for a visited replay whose visitor reads nothing of the
    /// positions but [`Hooks::notate_played`] of each move (the export's records table:
    /// `replay::Checker::notating_only`), on a game that
    /// [`Hooks::SETTLES_LATER`] and whose `resolve` refuses every move after the end
    /// ([`Hooks::RESOLVE_REFUSES_AFTER_END`]): replay calls it only then.
    ///
    /// `None`, the default: the game has no such way, `pos` is untouched, and replay settles
    /// the position and calls `resolve_play`. `Some` of `resolve_play`'s answer otherwise,
    /// as [`Hooks::resolve_play_unsettled`] gives it, on a position that may be unsettled
    /// and leaving it so: played, `pos` may be unsettled; refused, `pos` as it was (replay
    /// then settles it, when it was unsettled, and tries `resolve_play`). A game that answers
    /// `Some` promises that `notate_played(before, m, after, style)` and
    /// [`Notate::check_annotations`] give their answers from the positions as they are:
    /// `before` as this method found it, `after` as it left it. Three-man chess leaves the
    /// next seat unjudged (whether it is mated or stalemated) and judges it for a `#` only
    /// when its king is in check.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::pylos::{Notation as PylosNotation, Pylos};
    /// use gamenote::threeman::{Notation, Style, ThreeMan};
    /// let start = ThreeMan::start(&Default::default());
    /// let mut pos = start.clone();
    /// let m = ThreeMan::resolve_play_notating(&mut pos, &"WHe4".parse::<Notation>()?).unwrap()?;
    /// assert_eq!(ThreeMan::notate_played(&start, &m, &pos, Style::Short).to_string(), "WHe4");
    /// ThreeMan::settle(&mut pos);
    /// let mut eager = start.clone();
    /// ThreeMan::resolve_play(&mut eager, &"WHe4".parse::<Notation>()?)?;
    /// assert_eq!(pos, eager);
    /// let mut pylos = Pylos::start(&Default::default());
    /// assert!(Pylos::resolve_play_notating(&mut pylos, &"1b2".parse::<PylosNotation>()?).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn resolve_play_notating(
        pos: &mut Self::Position,
        n: &Self::Notation,
    ) -> Option<Result<Self::Move, MoveError>> {
        let _ = (pos, n);
        None
    }

    /// Does the work [`Hooks::resolve_play_unsettled`] left for later; nothing on a
    /// settled position. The default does nothing.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::pylos::{Notation, Pylos};
    /// let mut pos = Pylos::start(&Default::default());
    /// Pylos::resolve_play_unsettled(&mut pos, &"1b2".parse::<Notation>()?)?;
    /// let before = pos.clone();
    /// Pylos::settle(&mut pos);
    /// assert_eq!(pos, before);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline(always)]
    fn settle(_pos: &mut Self::Position) {}

    /// [`Notate::notate`] of a move just played: `m` written in `style` for the position
    /// `before`, where `after` is `before` with `m` played (what a replay visitor is handed).
    /// A game may read the notation off the two positions instead of working the move out
    /// again (Pylon: the covering pieces are those `after` holds and `before` did not). The
    /// answer is always `notate(before, m, style)`, which is the default.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::pylon::{Pylon, Rules};
    /// let mut pos = Pylon::start(&Rules::with_size(3));
    /// for w in ["1b3", "1b2", "1c1", "1a3"] {
    ///     let m = Pylon::resolve(&pos, &w.parse()?)?;
    ///     Pylon::play(&mut pos, &m);
    /// }
    /// // White's 1a2 captures Black's 1a3, and 2a2 covers it.
    /// let before = pos.clone();
    /// let m = Pylon::resolve_play(&mut pos, &"1a2".parse()?)?;
    /// let n = Pylon::notate_played(&before, &m, &pos, Default::default());
    /// assert_eq!(n.to_string(), "1a2[2a2]");
    /// assert_eq!(n, Pylon::notate(&before, &m, Default::default()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline(always)]
    fn notate_played(
        before: &Self::Position,
        m: &Self::Move,
        after: &Self::Position,
        style: Self::Style,
    ) -> Self::Notation {
        let _ = after;
        Self::notate(before, m, style)
    }

    /// [`Hooks::notate_played`] when it differs from `written`, the notation the move was
    /// resolved from; `None` when the two are equal (the record wrote the move in `style`
    /// already). A game may answer without building the notation (GIPF: a push that removes
    /// no group, Pylon: a placement that covers nothing, compared field by field), which is
    /// what the export's canonical moves need of most moves. The answer is always that of
    /// the default: `notate_played`, compared with `written`.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::gipf::{Gipf, Notation, Rules, Style};
    /// let mut pos = Gipf::start(&"basic".parse::<Rules>()?);
    /// let before = pos.clone();
    /// let written: Notation = "a2-c2 (11)".parse()?;
    /// let m = Gipf::resolve_play(&mut pos, &written)?;
    /// assert_eq!(Gipf::notate_played_unless(&before, &m, &pos, Style::Complete, &written), None);
    /// let short: Notation = "a2-c2".parse()?;
    /// let n = Gipf::notate_played_unless(&before, &m, &pos, Style::Complete, &short);
    /// assert_eq!(n.map(|n| n.to_string()).as_deref(), Some("a2-c2 (11)"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline(always)]
    fn notate_played_unless(
        before: &Self::Position,
        m: &Self::Move,
        after: &Self::Position,
        style: Self::Style,
        written: &Self::Notation,
    ) -> Option<Self::Notation> {
        let n = Self::notate_played(before, m, after, style);
        (n != *written).then_some(n)
    }

    /// False when [`Hooks::notate_played`] of moves in `style` does not read the position
    /// before the move, so that a visitor that only notates the moves it is handed (the
    /// export without its plies table) need not have that position copied
    /// (`replay::Checker::play_in_after`): it hands `after`
    /// in place of `before`, and the answer is still `notate(before, m, style)`. The default:
    /// true.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::{Hooks, pylos::{Form, Pylos, Style}};
    /// assert!(!Pylos::notate_needs_before(Style::default()));
    /// assert!(Pylos::notate_needs_before(Style::new(Form::Canonical, true)), "markers");
    /// let mut pos = Pylos::start(&Default::default());
    /// let before = pos.clone();
    /// let m = Pylos::resolve_play(&mut pos, &"b2".parse()?)?;
    /// let n = Pylos::notate_played(&pos, &m, &pos, Style::default());
    /// assert_eq!(n, Pylos::notate(&before, &m, Style::default()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn notate_needs_before(_style: Self::Style) -> bool {
        true
    }

    /// False when [`Notate::check_annotations`] of `n` does not read the position before the
    /// move, so that replay, when no one else needs that position, skips copying it (and
    /// hands the check the position after in its place). The default: true.
    ///
    /// ```
    /// use gamenote::{Hooks, pylos::{Notation, Pylos}};
    /// assert!(!Pylos::annotations_need_before(&"1b2".parse::<Notation>()?));
    /// assert!(Pylos::annotations_need_before(&"1b2+".parse::<Notation>()?), "a marker to check");
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    fn annotations_need_before(_n: &Self::Notation) -> bool {
        true
    }

    /// Reads one movetext token as [`RecordFormat::parse_token`] does, given `spare`: a move
    /// read earlier that nothing needs any more (left there by [`Hooks::recycle`]),
    /// whose buffers the game may take and reuse, so that reading record after record need
    /// not allocate. The token is the same with or without a spare. The default ignores it.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::{gipf::{Gipf, Notation}, Token};
    /// let old: Notation = "a1-b2;xc3,d4 (5)".parse()?;
    /// let mut spare = Some(old);
    /// let (rest, token) = Gipf::parse_token_reusing("b1-c2;xd4,e5 (4) 2.", &[], &mut spare).unwrap();
    /// assert_eq!((rest, token), (" 2.", Token::Move("b1-c2;xd4,e5 (4)".parse()?)));
    /// assert!(spare.is_none(), "its lists were reused");
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    #[inline(always)]
    fn parse_token_reusing<'a>(
        input: &'a str,
        tags: &Tags,
        spare: &mut Option<Self::Notation>,
    ) -> Parsed<'a, Token<Self::Notation>> {
        let _ = spare;
        Self::parse_token(input, tags)
    }

    /// Puts `new` in `slot` in place of a move the reader no longer needs, which the game may
    /// keep in `spare` for [`Hooks::parse_token_reusing`] to reuse. The default drops
    /// it. The record reader calls it only when a move owns memory
    /// ([`std::mem::needs_drop`]): other moves have no buffers to lend.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::{gipf::{Gipf, Notation}, pylon::Pylon};
    /// let mut spare = None;
    /// let mut slot: Notation = "e2".parse()?;
    /// Gipf::recycle(&mut spare, &mut slot, "a1-b2;xc3,d4".parse()?);
    /// assert!(spare.is_none(), "nothing worth keeping: no removal groups");
    /// Gipf::recycle(&mut spare, &mut slot, "f1".parse()?);
    /// assert_eq!((slot.to_string(), spare.is_some()), ("f1".into(), true));
    /// let (mut none, mut slot) = (None, "1a1".parse()?);
    /// Pylon::recycle(&mut none, &mut slot, "1b2".parse()?);
    /// assert_eq!((slot.to_string(), none.is_none()), ("1b2".into(), true));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    #[inline(always)]
    fn recycle(spare: &mut Option<Self::Notation>, slot: &mut Self::Notation, new: Self::Notation) {
        let _ = spare;
        *slot = new;
    }

    /// Writes the position string of `pos` ([`RecordFormat::position_string`]) at the end
    /// of `out` and returns true, or returns false with `out` untouched for a game without
    /// one. The export writes a position for every ply through it into one kept buffer. The
    /// default calls `position_string` (a fresh `String` each time); the four games write
    /// straight into `out`.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::pylos::Pylos;
    /// let start = Pylos::start(&Default::default());
    /// let mut out = String::from("before: ");
    /// assert!(Pylos::write_position_string(&start, &mut out));
    /// assert_eq!(out, "before: ................/........./..../. w 15 15");
    /// assert_eq!(Pylos::position_string(&start).as_deref(), out.strip_prefix("before: "));
    /// ```
    fn write_position_string(pos: &Self::Position, out: &mut String) -> bool {
        match Self::position_string(pos) {
            Some(s) => {
                out.push_str(&s);
                true
            }
            None => false,
        }
    }

    // Oddities of written records: the default reads and writes plain PGN-like records.

    /// A move the rules force before the written move `n` when a record leaves it out
    /// (Pylon's forced pass), with the reason, asked only when `n` does not resolve. Replay
    /// reports the reason as a mismatch in strict reading; in lenient reading it plays the
    /// forced move with a warning (calling `visit` for it with the same ply number) and then
    /// resolves `n`. The default: none.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::pylon::{Move, Pylon};
    /// let text = "[Size \"3\"] [Rules \"standard,suicide=group\"]\n\n\
    ///             1. 1a1 1b1 2. 1a2 1c2 3. 1a3 1b3 *";
    /// let rec: Record<Pylon> = text.parse()?;
    /// let end = gamenote::record::replay(&rec, Mode::Strict).into_result()?.end;
    /// // White cannot place, so Black's next placement implies White's pass.
    /// let (m, why) = Pylon::implied_before(&end, &"1b2[2a1,2a2]".parse()?).unwrap();
    /// assert_eq!(m, Move::Pass);
    /// assert_eq!(why, "a forced pass is missing before 1b2: White has no legal placement");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn implied_before(_pos: &Self::Position, _n: &Self::Notation) -> Option<(Self::Move, String)> {
        None
    }

    /// True when the written move `n`, met after the game is over, may be dropped with a
    /// warning in lenient reading (Pylon's `pass`); in strict reading it is an error. The
    /// default: never.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::{pylon::{self, Pylon}, pylos::{self, Pylos}};
    /// assert!(Pylon::droppable_after_end(&"pass".parse::<pylon::Notation>()?));
    /// assert!(!Pylon::droppable_after_end(&"1a1".parse::<pylon::Notation>()?));
    /// assert!(!Pylos::droppable_after_end(&"1a1".parse::<pylos::Notation>()?));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    fn droppable_after_end(_n: &Self::Notation) -> bool {
        false
    }

    /// Carries what a writer said about a move, beside the move itself (Pylos's `!` and `?`),
    /// from the move as written to its restatement by [`Notate::notate`], so that converting
    /// a record to another style loses no remark. The default: nothing to carry.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::pylos::{Notation, Pylos, Style};
    /// let start = Pylos::start(&Default::default());
    /// let written: Notation = "1b2!?".parse()?;
    /// let m = Pylos::resolve(&start, &written)?;
    /// let mut restated = Pylos::notate(&start, &m, Style::CANONICAL);
    /// Pylos::carry_remarks(&written, &mut restated);
    /// assert_eq!(restated.to_string(), "1b2!?");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn carry_remarks(_written: &Self::Notation, _restated: &mut Self::Notation) {}

    /// Reads a movetext comment as (part of) a written move, for games whose records write
    /// some moves as comments (GIPF's `{w: x…}` endings). `plies` counts the moves read so
    /// far and `last` is the last of them, which the game may extend. The default takes no
    /// comment as a move, so comments stay comments.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::{game::CommentMove, gipf::Gipf, pylos::Pylos};
    /// assert_eq!(Pylos::comment_move("w: xa1", 0, None, &[]), CommentMove::Comment);
    /// let CommentMove::Starts(n) = Gipf::comment_move("w: xa1", 0, None, &[]) else { panic!() };
    /// assert_eq!(n.to_string(), "xa1;");
    /// // Black's removal is not White's move: after no ply, it stays a comment.
    /// assert_eq!(Gipf::comment_move("b: xa1", 0, None, &[]), CommentMove::Comment);
    /// ```
    fn comment_move(
        _comment: &str,
        _plies: usize,
        _last: Option<&mut Self::Notation>,
        _tags: &Tags,
    ) -> CommentMove<Self::Notation> {
        CommentMove::Comment
    }

    /// The rules a record's first written move implies when its tags (`tags`, with the
    /// command line's overrides) name none: a GIPF record whose first push brings in a
    /// GIPF-piece can only be a tournament game. Replay, conversion and the viewer set such
    /// a record up under these rules. The default: none.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::gipf::{Gipf, Variant};
    /// let first = "Gd1-f2".parse()?;
    /// assert_eq!(Gipf::rules_from_first_move(&[], &first).map(|r| r.variant), Some(Variant::Tournament));
    /// let named = [("Rules".to_string(), "standard".to_string())];
    /// assert_eq!(Gipf::rules_from_first_move(&named, &first), None, "the tag decides");
    /// assert_eq!(Gipf::rules_from_first_move(&[], &"d1-e2".parse()?), None);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    fn rules_from_first_move(_tags: &Tags, _first: &Self::Notation) -> Option<Self::Rules> {
        None
    }

    /// Where a comment after the result, which the game reads (Pylon's score comment), holds
    /// a value it cannot be: the byte offset in `comment` and what was expected there. The
    /// record reader makes it a parse error at that place. The default: `None`.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::{pylon::Pylon, pylos::Pylos};
    /// assert_eq!(Pylon::bad_comment_after_result("W 5000000000 B 3"), Some((2, "a score from 0 to 4294967295")));
    /// assert_eq!(Pylon::bad_comment_after_result("W 5 B 3"), None);
    /// assert_eq!(Pylos::bad_comment_after_result("W 5000000000 B 3"), None);
    /// ```
    fn bad_comment_after_result(_comment: &str) -> Option<(usize, &'static str)> {
        None
    }

    /// What the record printer writes before each of `moves` (a record's written moves, in
    /// order, read under `tags`) instead of the default
    /// `N. ` every [`Play::SEATS`] moves, with one more entry written after the last move;
    /// `None` (the default) keeps the default. A game whose seats can be skipped uses it to
    /// number moves by seat and to write its skipped seats (three-man chess's `--`).
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::{gipf::Gipf, pylos::Pylos};
    /// let rec: Record<Gipf> = "[Rules \"tournament\"]\n1.Ge2/Gd1-f2 2.Gd2 *".parse()?;
    /// let moves = rec.plies.iter().map(|p| &p.notation);
    /// assert_eq!(Gipf::movetext_marks(&rec.tags, moves), Some(vec!["1.".into(), "".into(), "2.".into(), "".into()]));
    /// let rec: Record<Pylos> = "1b2 *".parse()?;
    /// assert_eq!(Pylos::movetext_marks(&rec.tags, rec.plies.iter().map(|p| &p.notation)), None);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    fn movetext_marks<'a>(
        _tags: &Tags,
        _moves: impl ExactSizeIterator<Item = &'a Self::Notation>,
    ) -> Option<Vec<String>>
    where
        Self::Notation: 'a,
    {
        None
    }

    /// [`Hooks::movetext_marks`] one move at a time, for a printer that does not hold
    /// the record (the `convert` module): the text written before move `i` (0-based), given
    /// `pos`, the position before it, and `prev`, the position before move `i - 1` (`None`
    /// for the first move). Asked with `i` equal to the number of moves, it gives the text
    /// after the last move, which the printer trims of trailing move numbers. `None` (the
    /// default) keeps the default numbering; a game that overrides
    /// [`Hooks::movetext_marks`] overrides this to agree with it.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::{gipf::Gipf, pylos::Pylos};
    /// let start = Gipf::start(&"tournament".parse()?);
    /// assert_eq!(Gipf::movetext_mark(0, None, &start).as_deref(), Some("1."));
    /// assert_eq!(Gipf::movetext_mark(1, Some(&start), &start).as_deref(), Some(""));
    /// assert_eq!(Pylos::movetext_mark(0, None, &Pylos::start(&Default::default())), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn movetext_mark(
        _i: usize,
        _prev: Option<&Self::Position>,
        _pos: &Self::Position,
    ) -> Option<String> {
        None
    }
}

/// A picture of a position, for `show --format svg` and the HTML viewer. Optional: the
/// default draws nothing.
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::pylos::Pylos;
/// fn picture<G: Picture>(pos: &G::Position) -> String {
///     G::svg(pos, None).unwrap_or_default()
/// }
/// assert!(picture::<Pylos>(&Pylos::start(&Default::default())).starts_with("<svg"));
/// ```
pub trait Picture: Play {
    /// A picture of `pos` as a standalone SVG document, with `last` (the move that led to
    /// it) marked; `None` when the game has no picture yet.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::pylos::Pylos;
    /// let mut pos = Pylos::start(&Default::default());
    /// let m = Pylos::resolve(&pos, &"1b2".parse()?)?;
    /// Pylos::play(&mut pos, &m);
    /// let svg = Pylos::svg(&pos, Some(&m)).unwrap();
    /// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    /// assert!(svg.contains("reserves: White 14, Black 15"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn svg(_pos: &Self::Position, _last: Option<&Self::Move>) -> Option<String> {
        None
    }
}

/// Plausible mistakes, for the near-miss generators and fuzz targets. Optional: the default
/// knows none.
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::gipf::{Gipf, Rules};
/// let start = Gipf::start(&"basic".parse::<Rules>()?);
/// for (mistake, n) in Gipf::near_misses(&start) {
///     assert!(Gipf::resolve(&start, &n).is_err(), "{mistake}: {n}");
/// }
/// # Ok::<(), gamenote::ValueError>(())
/// ```
pub trait Mistakes: Notate {
    /// Written moves that are illegal in `pos`, each named by the mistake it makes (e.g.
    /// `"raise of a supporting ball"`), for the near-miss generator: each must fail
    /// [`Notate::resolve`] in `pos`. The default offers none.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::pylos::Pylos;
    /// let mut pos = Pylos::start(&Default::default());
    /// let first = Pylos::resolve(&pos, &"1b2".parse()?)?;
    /// Pylos::play(&mut pos, &first);
    /// let misses = Pylos::near_misses(&pos);
    /// let (mistake, n) = &misses[0];
    /// assert_eq!((*mistake, n.to_string().as_str()), ("placement on an occupied slot", "1b2"));
    /// assert!(Pylos::resolve(&pos, n).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn near_misses(_pos: &Self::Position) -> Vec<(&'static str, Self::Notation)> {
        Vec::new()
    }

    /// The written form `n` of the legal move `m` made wrong in what it says about the move's
    /// effect (markers, reserve counts), each named by the mistake: each must resolve to `m`
    /// and fail [`Notate::check_annotations`]. The default offers none.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::pylos::{Notation, Pylos};
    /// let mut before = Pylos::start(&Default::default());
    /// let first = Pylos::resolve(&before, &"1b2".parse()?)?;
    /// Pylos::play(&mut before, &first);
    /// let n: Notation = "1c3".parse()?;
    /// let m = Pylos::resolve(&before, &n)?;
    /// let wrong = Pylos::wrong_annotations(&before, &m, &n);
    /// assert_eq!(wrong[0].0, "formation marker that the move does not make");
    /// assert_eq!(wrong[0].1.to_string(), "1c3O");
    /// assert_eq!(Pylos::resolve(&before, &wrong[0].1)?, m);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn wrong_annotations(
        _before: &Self::Position,
        _m: &Self::Move,
        _n: &Self::Notation,
    ) -> Vec<(&'static str, Self::Notation)> {
        Vec::new()
    }
}

/// A game, as the rest of the crate sees it: every layer together. Records, replay,
/// conversion, the CLI, property tests and fuzz targets are written once over `G: Game`;
/// perft asks only for [`Play`].
///
/// It is implemented for every type that implements the layers, so a game opts in with
/// six `impl` blocks, four of which may be empty:
///
/// ```
/// use gamenote::game::{Game, Hooks, Mistakes, Picture, Play, RecordFormat};
/// fn is_game<G: Game>() -> &'static str { G::NAME }
/// assert_eq!(is_game::<gamenote::pylon::Pylon>(), "Pylon");
/// ```
pub trait Game: RecordFormat + Picture + Mistakes + Hooks {}

impl<T: RecordFormat + Picture + Mistakes + Hooks> Game for T {}

/// The value of tag `name`, if present.
///
/// ```
/// use gamenote::game::tag;
/// let tags = [("Event".to_string(), "Club".to_string())];
/// assert_eq!(tag(&tags, "event"), Some("Club"));
/// assert_eq!(tag(&tags, "Site"), None);
/// ```
pub fn tag<'t>(tags: &'t Tags, name: &str) -> Option<&'t str> {
    tags.iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

/// Refuses a `[Size]` tag on a game without board sizes (every game but Pylon).
pub(crate) fn no_size<G: Play>(tags: &Tags) -> Result<(), ValueError> {
    match tag(tags, "Size") {
        Some(_) => Err(ValueError::new(format!("{} has no board sizes", G::NAME)).in_tag("Size")),
        None => Ok(()),
    }
}

/// `tags` with the `[Rules]` tag that the first move `first` implies
/// ([`Hooks::rules_from_first_move`]), when it implies one.
pub(crate) fn implied_tags<G: Hooks>(
    tags: &Tags,
    first: Option<&G::Notation>,
) -> Option<Vec<(String, String)>> {
    let rules = G::rules_from_first_move(tags, first?)?;
    let mut out = tags.to_vec();
    out.push(("Rules".to_string(), rules.to_string()));
    Some(out)
}

/// [`RecordFormat::setup`] in `mode`: when lenient, a spare tag
/// ([`RecordFormat::SPARE_TAGS`]) whose value the game cannot use is left out and becomes
/// a warning (ply 0, no span, the tag as written in `written`), each such tag once.
pub(crate) fn setup_in<G: RecordFormat>(
    tags: &Tags,
    mode: Mode,
    warnings: &mut Vec<crate::error::IllegalMove>,
) -> Result<G::Position, ValueError> {
    let mut kept: Option<Vec<(String, String)>> = None;
    loop {
        let now = kept.as_deref().unwrap_or(tags);
        let err = match G::setup(now) {
            Ok(pos) => return Ok(pos),
            Err(e) => e,
        };
        let spare = err
            .tag
            .as_deref()
            .and_then(|t| G::SPARE_TAGS.iter().find(|s| s.eq_ignore_ascii_case(t)));
        let (Mode::Lenient, Some(spare)) = (mode, spare) else {
            return Err(err);
        };
        let Some((name, value)) = now.iter().find(|(n, _)| n.eq_ignore_ascii_case(spare)) else {
            return Err(err);
        };
        warnings.push(crate::error::IllegalMove {
            ply: 0,
            written: format!("[{name} \"{value}\"]"),
            kind: crate::error::MoveErrorKind::Mismatch,
            reason: format!("{} (the tag is ignored)", err.message),
            span: None,
            line: 0,
            column: 0,
        });
        kept = Some(
            now.iter()
                .filter(|(n, _)| !n.eq_ignore_ascii_case(spare))
                .cloned()
                .collect(),
        );
    }
}

/// Reads `1-0`, `0-1`, `1/2-1/2` or `*` when followed by a token boundary.
///
/// ```
/// use gamenote::{game::two_player_result, GameResult, Outcome};
/// let draw = GameResult::Decided(Outcome::Draw(0b11));
/// assert_eq!(two_player_result("1/2-1/2 {agreed}"), Some((" {agreed}", draw)));
/// assert_eq!(two_player_result("*"), Some(("", GameResult::Unfinished)));
/// assert_eq!(two_player_result("1-0x"), None, "no token boundary after the result");
/// ```
pub fn two_player_result(input: &str) -> Option<(&str, GameResult)> {
    const FORMS: [(&str, GameResult); 4] = [
        ("1/2-1/2", GameResult::Decided(Outcome::Draw(0b11))),
        ("1-0", GameResult::Decided(Outcome::Win(0))),
        ("0-1", GameResult::Decided(Outcome::Win(1))),
        ("*", GameResult::Unfinished),
    ];
    FORMS.iter().find_map(|(s, r)| {
        let rest = input.strip_prefix(s)?;
        text::at_boundary(rest, b"").then_some((rest, *r))
    })
}

impl Outcome {
    /// Whether a score list of two or three seats says this outcome (`1-0`, `0-0-1`,
    /// `1/2-0-1/2`): a win of seat 0 to 2, or a draw shared by two or three of them.
    fn has_scores(self) -> bool {
        match self {
            Outcome::Win(s) => s < 3,
            Outcome::Draw(m) => m & !0b111 == 0 && m.count_ones() >= 2,
        }
    }

    /// Reads the Rust form `Win(n)` or `Draw(0bMASK)` of an outcome no score list says,
    /// digits with no leading zero, or `None`.
    fn from_rust_form(s: &str) -> Option<Outcome> {
        let canonical = |d: &str, radix: u32| {
            !d.is_empty()
                && d.chars().all(|c| c.is_digit(radix))
                && (d == "0" || !d.starts_with('0'))
        };
        let o = if let Some(n) = s.strip_prefix("Win(").and_then(|r| r.strip_suffix(')')) {
            canonical(n, 10).then_some(())?;
            Outcome::Win(n.parse().ok()?)
        } else {
            let m = s.strip_prefix("Draw(0b")?.strip_suffix(')')?;
            canonical(m, 2).then_some(())?;
            Outcome::Draw(u8::from_str_radix(m, 2).ok()?)
        };
        (!o.has_scores()).then_some(o)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.has_scores() {
            return match *self {
                Outcome::Win(s) => write!(f, "Win({s})"),
                Outcome::Draw(m) => write!(f, "Draw({m:#b})"),
            };
        }
        let (set, share) = match *self {
            Outcome::Win(s) => (1u8 << s, "1"),
            Outcome::Draw(m) => (m, ["1", "1", "1/2", "1/3"][m.count_ones() as usize]),
        };
        let seats = (8 - set.leading_zeros()).max(2);
        for seat in 0..seats {
            if seat > 0 {
                f.write_str("-")?;
            }
            let won = set & (1 << seat) != 0;
            f.write_str(if won { share } else { "0" })?;
        }
        Ok(())
    }
}

impl FromStr for Outcome {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, ParseError> {
        let expected = "a result: one score per seat such as 1-0, 0-1 or 1/2-1/2";
        let bad = || ParseError::at(s, 0, expected);
        if s.ends_with(')') {
            return Outcome::from_rust_form(s).ok_or_else(bad);
        }
        let scores: Vec<&str> = s.split('-').take(4).collect();
        // Two or three scores: one per seat of a two- or three-player game (issue 20, 8).
        if scores.len() < 2 || scores.len() > 3 {
            return Err(bad());
        }
        let mut set = 0u8;
        let mut share = None;
        for (seat, score) in scores.iter().enumerate() {
            if *score == "0" {
                continue;
            }
            if share.is_some_and(|x| x != *score) || !["1", "1/2", "1/3"].contains(score) {
                return Err(bad());
            }
            share = Some(*score);
            set |= 1 << seat;
        }
        let expected_share = ["0", "1", "1/2", "1/3"].get(set.count_ones() as usize);
        match (share, set.count_ones()) {
            (Some("1"), 1) => Ok(Outcome::Win(set.trailing_zeros() as u8)),
            (Some(x), n) if n > 1 && expected_share == Some(&x) => Ok(Outcome::Draw(set)),
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Decided(o) => Display::fmt(o, f),
            GameResult::Unfinished => f.write_str("*"),
        }
    }
}

impl FromStr for GameResult {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, ParseError> {
        match s {
            "*" => Ok(GameResult::Unfinished),
            _ => s.parse().map(GameResult::Decided),
        }
    }
}

/// A result in the written form of game `G` ([`RecordFormat::write_result`], [`RecordFormat::parse_result`]):
/// three-man chess writes `1-0-0` where the generic form is `1-0`.
///
/// ```
/// use gamenote::{game::Written, threeman::ThreeMan, GameResult, Outcome};
/// let r = GameResult::Decided(Outcome::Win(0));
/// assert_eq!(Written::<ThreeMan>::new(r).to_string(), "1-0-0");
/// assert_eq!(r.to_string(), "1-0");
/// let back: Written<ThreeMan> = "0-1/2-1/2".parse()?;
/// assert_eq!(back.result(), GameResult::Decided(Outcome::Draw(0b110)));
/// # Ok::<(), gamenote::ParseError>(())
/// ```
pub struct Written<G: Game> {
    result: GameResult,
    game: std::marker::PhantomData<fn() -> G>,
}

impl<G: Game> Written<G> {
    /// `result`, to be written as `G` writes it.
    ///
    /// ```
    /// use gamenote::{game::Written, threeman::ThreeMan, GameResult, Outcome};
    /// let w = Written::<ThreeMan>::new(GameResult::Decided(Outcome::Win(1)));
    /// assert_eq!(w.to_string(), "0-1-0");
    /// ```
    pub fn new(result: GameResult) -> Self {
        Written {
            result,
            game: std::marker::PhantomData,
        }
    }
    /// The result.
    ///
    /// ```
    /// use gamenote::{game::Written, pylos::Pylos, GameResult, Outcome};
    /// let w: Written<Pylos> = "10".parse()?;
    /// assert_eq!(w.result(), GameResult::Decided(Outcome::Win(0)));
    /// assert_eq!(w.to_string(), "1-0");
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn result(&self) -> GameResult {
        self.result
    }
}

impl<G: Game> Clone for Written<G> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<G: Game> Copy for Written<G> {}
impl<G: Game> PartialEq for Written<G> {
    /// Two are equal when `G` writes them the same, as they read back: Pylos writes
    /// `Outcome::Win(5)` as the `0-1` of `Outcome::Win(1)`, and a draw as `*`.
    ///
    /// ```
    /// use gamenote::{game::Written, pylos::Pylos, GameResult, Outcome};
    /// let five = Written::<Pylos>::new(GameResult::Decided(Outcome::Win(5)));
    /// assert_eq!(five.to_string().parse::<Written<Pylos>>()?, five);
    /// assert_eq!(five, Written::new(GameResult::Decided(Outcome::Win(1))));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    fn eq(&self, other: &Self) -> bool {
        self.result == other.result || G::write_result(self.result) == G::write_result(other.result)
    }
}
impl<G: Game> Debug for Written<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Written<{}>({:?})", G::NAME, self.result)
    }
}

impl<G: Game> Display for Written<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&G::write_result(self.result))
    }
}

impl<G: Game> FromStr for Written<G> {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, ParseError> {
        match G::parse_result(s) {
            Some(("", r)) => Ok(Written::new(r)),
            Some((rest, _)) => Err(ParseError::at(s, s.len() - rest.len(), "end of input")),
            None => Err(ParseError::at(s, 0, format!("a {} result", G::NAME))),
        }
    }
}

/// A position written and read as its position string ([`RecordFormat::position_string`],
/// [`RecordFormat::read_position`]), for `Display`, `FromStr` and serde. `FromStr` reads under the
/// game's default rules (Pylon's string gives its own size); call [`RecordFormat::read_position`]
/// for others.
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::{game::PositionString, pylos::Pylos, Game};
/// let s: PositionString<Pylos> = "w.............../........./..../. b 14 15".parse()?;
/// assert_eq!(s.0.reserve(0), 14);
/// assert_eq!(s.to_string(), "w.............../........./..../. b 14 15");
/// assert_eq!(Pylos::to_move(&s.0), 1);
/// # Ok::<(), gamenote::ParseError>(())
/// ```
pub struct PositionString<G: Game>(pub G::Position);

impl<G: Game> Clone for PositionString<G> {
    fn clone(&self) -> Self {
        PositionString(self.0.clone())
    }
}
impl<G: Game> PartialEq for PositionString<G> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}
impl<G: Game> Debug for PositionString<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("PositionString").field(&self.0).finish()
    }
}

impl<G: Game> Display for PositionString<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match G::position_string(&self.0) {
            Some(s) => f.write_str(&s),
            None => Debug::fmt(&self.0, f),
        }
    }
}

impl<G: Game> FromStr for PositionString<G> {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, ParseError> {
        G::read_position(s, &G::Rules::default()).map(PositionString)
    }
}

/// Writes `n` in decimal at the end of `s`, as `write!` would, without the formatting
/// machinery (the position strings' counts, written for every ply by the export).
pub(crate) fn push_count(s: &mut String, n: u32) {
    for &d in decimal(n, &mut [0; 10]) {
        s.push(char::from(d));
    }
}

/// The decimal digits of `n`, written at the end of `buf` (the printers that write numbers
/// byte by byte, without the formatting machinery: position strings, GIPF reserve counts).
pub(crate) fn decimal(mut n: u32, buf: &mut [u8; 10]) -> &[u8] {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    &buf[i..]
}

/// The whitespace-separated fields of a position string, each with its byte offset in `text`.
pub(crate) fn fields(text: &str) -> Vec<(usize, &str)> {
    text.split_ascii_whitespace()
        .map(|f| (f.as_ptr() as usize - text.as_ptr() as usize, f))
        .collect()
}

/// Reads a count field of a position string (`15`) at byte `at` of `text`, at most `max`.
pub(crate) fn count_field(
    text: &str,
    at: usize,
    field: &str,
    max: u8,
    what: &str,
) -> Result<u8, ParseError> {
    match field.parse::<u8>() {
        Ok(n) if n <= max && !field.starts_with('+') => Ok(n),
        _ => Err(ParseError::at(text, at, format!("{what} from 0 to {max}"))),
    }
}

/// The set-up error for a `[Position]` tag whose (trimmed) value does not read.
pub(crate) fn position_tag_error(e: ParseError) -> ValueError {
    let message = format!("the Position tag, column {}: {}", e.column, e.message());
    ValueError::new(message).in_tag("Position")
}
