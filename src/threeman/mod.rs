//! Three-man chess on the circular board (3 Man Chess): three players on a ring of 6 ranks
//! × 24 files around an unoccupiable centre.
//!
//! Moves are written in C.S. Graves' notation (2003): zone + file + rank (`WHe4`, `BLBa2`,
//! `GRRcxBLf3`); positions in his Forsyth form, extended with seven fields. The rules and
//! every decision taken where sources differ are in `docs/threeman.md`.
//!
//! ```
//! use gamenote::{record, Mode, Record, threeman::{ThreeMan, Style}};
//! let rec: Record<ThreeMan> = "1. WHe4 GRe4 BLe4 2. WHNf3 *".parse()?;
//! let replay = record::replay(&rec, Mode::Strict);
//! assert!(replay.is_ok());
//! let long = record::convert(&rec, Style::Long, Mode::Strict)?;
//! assert!(long.to_string().contains("1. WHe2-WHe4 GRe2-GRe4 BLe2-BLe4 2. WHNg1-WHf3 *"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod coord;
pub mod notation;
mod picture;
pub mod position;
pub mod position_string;
mod tables;

use std::fmt;
use std::str::FromStr;

use coord::{Bits, ORIGIN_SETS};
pub use coord::{Colour, Square};
pub use notation::{Mark, Notation, Sep, Written};
pub use position::{Kind, Move, Piece, Position};

use crate::error::{MoveError, ParseError, ValueError};
use crate::game::{
    GameResult, Hooks, Mistakes, Notate, Outcome, Picture, Play, RecordFormat, Tags, Token,
};
use crate::text::{self, Parsed};
use position::{Why, kind_of};

/// Rule options (`[Rules "standard,open-moats"]`); the default is the standard game.
///
/// ```
/// use gamenote::threeman::Rules;
/// assert_eq!(Rules::default().to_string(), "standard");
/// let r: Rules = "standard,strict-creeks".parse()?;
/// assert!(r.strict_creeks && !r.open_moats);
/// let err = "standard,fast".parse::<Rules>().unwrap_err();
/// assert!(err.to_string().contains("unknown three-man chess rules \"fast\""));
/// # Ok::<(), gamenote::ValueError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct Rules {
    /// `open-moats`: quiet moves cross any moat, captures never; an eliminated player's
    /// moats vanish; no rule 3.
    pub open_moats: bool,
    /// `dead-moats-open`: captures and checks across an eliminated player's moats count.
    pub dead_moats_open: bool,
    /// `strict-creeks`: an uncrossed pawn on rank 2 or 3 never captures.
    pub strict_creeks: bool,
    /// `ep-next-only`: only the next seat may take en passant.
    pub ep_next_only: bool,
    /// `stalemate-eliminates`: a stalemated player is out even with two alive.
    pub stalemate_eliminates: bool,
}

const OPTIONS: [&str; 5] = [
    "open-moats",
    "dead-moats-open",
    "strict-creeks",
    "ep-next-only",
    "stalemate-eliminates",
];

impl Rules {
    fn flags(&self) -> [bool; 5] {
        [
            self.open_moats,
            self.dead_moats_open,
            self.strict_creeks,
            self.ep_next_only,
            self.stalemate_eliminates,
        ]
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("standard")?;
        for (on, name) in self.flags().iter().zip(OPTIONS) {
            if *on {
                write!(f, ",{name}")?;
            }
        }
        Ok(())
    }
}

impl FromStr for Rules {
    type Err = ValueError;
    /// ```
    /// use gamenote::threeman::Rules;
    /// let r: Rules = "standard,open-moats,ep-next-only".parse().unwrap();
    /// assert!(r.open_moats && r.ep_next_only && !r.strict_creeks);
    /// assert_eq!(r.to_string(), "standard,open-moats,ep-next-only");
    /// assert!("standard,fast".parse::<Rules>().is_err());
    /// assert!("standard,open-moats,open-moats".parse::<Rules>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Self, ValueError> {
        let mut r = Rules::default();
        for (i, part) in s.split(',').map(str::trim).enumerate() {
            if i > 0
                && OPTIONS.contains(&part)
                && s.split(',').map(str::trim).take(i).any(|p| p == part)
            {
                return Err(ValueError::new(format!(
                    "the three-man chess rule option {part} is given twice"
                )));
            }
            match part {
                "standard" if i == 0 => {}
                "open-moats" => r.open_moats = true,
                "dead-moats-open" => r.dead_moats_open = true,
                "strict-creeks" => r.strict_creeks = true,
                "ep-next-only" => r.ep_next_only = true,
                "stalemate-eliminates" => r.stalemate_eliminates = true,
                _ => {
                    return Err(ValueError::new(format!(
                        "unknown three-man chess rules \"{part}\": expected standard, then any of {}",
                        OPTIONS.join(", ")
                    )));
                }
            }
        }
        Ok(r)
    }
}

/// The written styles.
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::threeman::{Position, Style, ThreeMan};
/// assert_eq!("long".parse::<Style>()?, Style::Long);
/// assert_eq!((Style::default(), Style::Long.to_string()), (Style::Short, "long".into()));
/// let start = Position::start(Default::default());
/// let m = ThreeMan::resolve(&start, &"WHe4".parse()?)?;
/// assert_eq!(ThreeMan::notate(&start, &m, Style::Long).to_string(), "WHe2-WHe4");
/// assert_eq!(ThreeMan::notate(&start, &m, Style::Short).to_string(), "WHe4");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Style {
    /// Minimal disambiguation, like SAN (`WHe4`, `GRRxh3`).
    #[default]
    Short,
    /// Full origin (`WHe2-WHe4`, `WHRh3xGRh3`).
    Long,
}

impl fmt::Display for Style {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Style::Short => "short",
            Style::Long => "long",
        })
    }
}

impl FromStr for Style {
    type Err = ValueError;
    fn from_str(s: &str) -> Result<Self, ValueError> {
        match s {
            "short" => Ok(Style::Short),
            "long" => Ok(Style::Long),
            _ => Err(ValueError::new(format!(
                "unknown three-man chess style \"{s}\": expected short or long"
            ))),
        }
    }
}

/// Three-man chess.
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::threeman::{Colour, ThreeMan};
/// assert_eq!((ThreeMan::NAME, ThreeMan::EXTENSION, ThreeMan::SEATS), ("Three-man chess", "3mc", 3));
/// let mut pos = ThreeMan::start(&Default::default());
/// assert_eq!(ThreeMan::count_legal(&pos), 20);
/// let m = ThreeMan::resolve(&pos, &"WHNf3".parse()?)?;
/// assert_eq!(m.from().to_string(), "WHg1");
/// ThreeMan::play(&mut pos, &m);
/// assert_eq!(ThreeMan::to_move(&pos), Colour::Gray.index());
/// assert!(ThreeMan::outcome(&pos).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThreeMan;

fn matches(w: &Written, m: &Move) -> bool {
    let f = m.from();
    m.to == w.to.0
        && !m.is_castle()
        && w.from_zone.is_none_or(|z| f.zone() == z)
        && w.from_file.is_none_or(|x| f.article_file() == x)
        && w.from_rank.is_none_or(|r| f.rank() == r)
}

/// The squares a written move's origin zone, file and rank allow.
fn origins(w: &Written) -> Bits {
    let mut set = !Bits::EMPTY;
    if let Some(z) = w.from_zone {
        set &= ORIGIN_SETS[z.index()];
    }
    if let Some(x) = w.from_file {
        set &= ORIGIN_SETS[3 + x as usize];
    }
    if let Some(r) = w.from_rank {
        set &= ORIGIN_SETS[11 + r as usize];
    }
    set
}

/// The legal moves of the side to move made by pieces of `kind` to `to`.
fn moves_to(pos: &Position, kind: Kind, to: u8, out: &mut Vec<Move>) {
    pos.each_legal_of_kind(kind, to, |m| {
        out.push(m);
        true
    });
}

fn describe(c: Colour, k: Kind) -> String {
    format!("{} {}", c.name().to_ascii_lowercase(), k.name())
}

fn explain_words(pos: &Position, from: u8, to: u8) -> String {
    let sq = Square(from);
    let k = pos.piece_at(sq).map_or(Kind::Pawn, |p| p.kind);
    let what = format!("the {} on {sq}", k.name());
    match pos.explain(from, to) {
        Why::Legal => format!("{what} can go there"),
        Why::KingInCheck => format!("{what} would leave its own king in check"),
        Why::AttacksAfterCrossing => {
            format!("{what} would cross a moat and then attack a king")
        }
        Why::MoatCrossing(m) => {
            let names: Vec<&str> = ["WG", "GB", "BW"]
                .iter()
                .enumerate()
                .filter(|(i, _)| m & (1 << i) != 0)
                .map(|(_, n)| *n)
                .collect();
            if names.is_empty() {
                format!("{what} would cross a moat")
            } else {
                format!(
                    "{what} would cross the unbridged {} moat",
                    names.join(" and ")
                )
            }
        }
        Why::CaptureAcrossMoat => format!("{what} would capture across a moat"),
        Why::Creek => format!("{what} cannot capture across a creek"),
        Why::Blocked => format!("{what} is blocked"),
        Why::NothingToTake => format!(
            "{what} moves diagonally only to take, and there is nothing to take there (an en-passant chance lasts one turn of each of the next two seats)"
        ),
        Why::Unreachable => format!("{what} does not move that way"),
        Why::CastlingRights | Why::CastlingThroughCheck | Why::CastlingInCheck => {
            format!("{what} cannot castle")
        }
    }
}

/// [`Notate::check_annotations`] of a move with a mark to check or a separator to report.
#[cold]
#[inline(never)]
fn annotations_checked(
    before: &Position,
    n: &Notation,
    m: &Move,
    after: &Position,
) -> Result<(), MoveError> {
    if let Notation::Normal(w) = n {
        if w.sep == Sep::Capture && !m.is_capture() {
            return Err(MoveError::mismatch(format!(
                "'x' written but the move to {} takes nothing",
                w.to
            )));
        }
        if w.sep == Sep::Dash && m.is_capture() {
            return Err(MoveError::mismatch(format!(
                "'-' written but the move takes on {}",
                w.to
            )));
        }
        if w.en_passant && !m.is_en_passant() {
            return Err(MoveError::mismatch(
                "'e.p.' written on a move that is not en passant",
            ));
        }
    }
    match n.mark() {
        Mark::None => Ok(()),
        written => {
            let mate = written == Mark::Mate;
            // from the position after when `play` made it (replay may hand `after` as
            // `before`), else by playing the move again
            let actual = after
                .mark_after(*m, mate)
                .unwrap_or_else(|| before.mark_of(*m, mate));
            match (written, actual) {
                (Mark::Mate, 2) | (Mark::Check, 1 | 2) => Ok(()),
                (Mark::Mate, _) => Err(MoveError::mismatch(
                    "'#' written but the next player is not mated",
                )),
                _ => Err(MoveError::mismatch(
                    "'+' written but the move attacks no live opponent's king",
                )),
            }
        }
    }
}

fn long_text(pos: &Position, m: &Move) -> String {
    ThreeMan::notate(pos, m, Style::Long).to_string()
}

impl ThreeMan {
    /// [`Notate::notate`] with the move's mark already known (`2` for `#`, `1` for `+`, as
    /// [`Position::mark_of`] gives it).
    ///
    /// `alone`: the move is known to be the only legal move of its piece's kind to its
    /// target, so the short style names no origin without looking for others.
    fn notate_marked(pos: &Position, m: &Move, style: Style, mark: u8, alone: bool) -> Notation {
        let mark = match mark {
            2 => Mark::Mate,
            1 => Mark::Check,
            _ => Mark::None,
        };
        if m.is_castle() {
            return Notation::Castle {
                long: m.castle_long(),
                mark,
            };
        }
        let from = m.from();
        let kind = Kind::from_code(kind_of(pos.board.sq[m.from as usize])).unwrap_or(Kind::Pawn);
        let piece = (kind != Kind::Pawn).then_some(kind);
        let sep = if m.is_capture() {
            Sep::Capture
        } else if style == Style::Long {
            Sep::Dash
        } else {
            Sep::None
        };
        let mut w = Written {
            from_zone: None,
            piece,
            from_file: None,
            from_rank: None,
            sep,
            to: m.to(),
            promotion: m.promotion(),
            en_passant: false,
            mark,
        };
        match style {
            Style::Long => {
                w.from_zone = Some(from.zone());
                w.from_file = Some(from.article_file());
                w.from_rank = Some(from.rank());
                w.en_passant = m.is_en_passant();
            }
            // only the other pieces that may reach the target are looked at (the mover's own
            // move is not generated again; a lone king finds no other at once)
            Style::Short if alone => {}
            Style::Short => {
                let others = Bits::try_bit(m.from).map_or(!Bits::EMPTY, |b| !b);
                let mut v = Vec::new();
                pos.each_legal_to(kind, others, m.to, |o| {
                    v.push(o);
                    true
                });
                if !v.is_empty() {
                    let z = from.zone();
                    let (x, r) = (from.article_file(), from.rank());
                    let others: Vec<Square> = v.iter().map(|o| o.from()).collect();
                    let excl = |zf: bool, xf: bool, rf: bool| {
                        others.iter().all(|o| {
                            !((o.zone() == z)
                                && (!xf || o.article_file() == x)
                                && (!rf || o.rank() == r))
                        }) && zf
                    };
                    w.from_zone = Some(z);
                    if excl(true, false, false) {
                    } else if excl(true, true, false) {
                        w.from_file = Some(x);
                    } else if excl(true, false, true) {
                        w.from_rank = Some(r);
                    } else {
                        w.from_file = Some(x);
                        w.from_rank = Some(r);
                    }
                }
            }
        }
        Notation::Normal(w)
    }

    /// [`Notate::resolve`], also saying whether the move is the only legal move of its
    /// piece's kind to its target (known when the written move names no origin and no
    /// promotion and resolves at once; `false` when not known).
    #[inline(always)]
    fn resolve_noting(pos: &Position, n: &Notation) -> Result<(Move, bool), MoveError> {
        if pos.is_over() {
            return Err(MoveError::illegal("the game is over"));
        }
        let w = match n {
            Notation::Castle { long, .. } => {
                return ThreeMan::resolve_castle(pos, *long).map(|m| (m, false));
            }
            Notation::Normal(w) => w,
        };
        if w.to.index() >= coord::SQUARES {
            return Err(MoveError::illegal(format!(
                "square {} is off the board",
                w.to.0
            )));
        }
        let kind = w.piece.unwrap_or(Kind::Pawn);
        // the usual case without allocating: exactly one origin matches, found by looking
        // only at the pieces that could reach the square from the origins written
        let mut found = [None::<Move>; 2];
        let mut n = 0;
        pos.each_legal_to(kind, origins(w), w.to.0, |m| {
            if w.promotion.is_none() || m.promotion() == w.promotion {
                if n < 2 {
                    found[n] = Some(m);
                }
                n += 1;
            }
            true
        });
        if let (1, Some(m)) = (n, found[0])
            && (m.promotion().is_none() || w.promotion.is_some())
        {
            // with no origin and no promotion written, every legal move of the kind to the
            // target was counted
            let alone = w.promotion.is_none()
                && w.from_zone.is_none()
                && w.from_file.is_none()
                && w.from_rank.is_none();
            return Ok((m, alone));
        }
        ThreeMan::resolve_slow(pos, w, kind).map(|m| (m, false))
    }

    /// [`Notate::resolve`] when the written move is not one legal move found at once: the
    /// ambiguous, the promotions without their piece and the illegal, each with its reason.
    #[cold]
    #[inline(never)]
    fn resolve_slow(pos: &Position, w: &Written, kind: Kind) -> Result<Move, MoveError> {
        let mut v = Vec::new();
        moves_to(pos, kind, w.to.0, &mut v);
        v.retain(|m| matches(w, m));
        let side = pos.side_to_move();
        if v.is_empty() {
            let mut reasons = Vec::new();
            let mut own = pos.board.occ[side.index()];
            while let Some(s) = own.pop() {
                if kind_of(pos.board.sq[s as usize]) != kind as u8 {
                    continue;
                }
                let fake = Move {
                    from: s,
                    to: w.to.0,
                    promo: 0,
                    flags: 0,
                };
                if !matches(w, &fake) {
                    continue;
                }
                reasons.push(explain_words(pos, s, w.to.0));
            }
            let dead: Vec<&str> = Colour::ALL
                .iter()
                .filter(|c| !pos.is_alive(**c))
                .map(|c| c.name())
                .collect();
            let turn = if dead.is_empty() {
                format!("{} is to move", side.name())
            } else {
                format!(
                    "{} is to move; {} {} eliminated",
                    side.name(),
                    dead.join(" and "),
                    if dead.len() > 1 { "are" } else { "is" }
                )
            };
            let head = format!("no {} can go to {} ({turn})", describe(side, kind), w.to);
            return Err(MoveError::illegal(if reasons.is_empty() {
                format!("{head}: there is none that matches")
            } else {
                format!("{head}: {}", reasons.join("; "))
            }));
        }
        let promotes = v[0].promotion().is_some();
        match (w.promotion, promotes) {
            (None, true) => {
                return Err(MoveError::illegal(format!(
                    "the pawn reaching {} must promote: write =Q, =R, =B or =N",
                    w.to
                )));
            }
            (Some(k), false) => {
                return Err(MoveError::illegal(format!(
                    "={} written on a move that does not promote",
                    k.upper()
                )));
            }
            (Some(k), true) => v.retain(|m| m.promotion() == Some(k)),
            (None, false) => {}
        }
        if v.len() > 1 {
            let list: Vec<String> = v.iter().map(|m| long_text(pos, m)).collect();
            return Err(MoveError::ambiguous(format!(
                "{} {} can go to {}: {}",
                v.len(),
                describe(side, kind) + "s",
                w.to,
                list.join(", ")
            )));
        }
        Ok(v[0])
    }

    fn resolve_castle(pos: &Position, long: bool) -> Result<Move, MoveError> {
        if let Some(m) = pos.castle_move(long) {
            return Ok(m);
        }
        let side = pos.side_to_move();
        let name = if long { "O-O-O" } else { "O-O" };
        Err(MoveError::illegal(format!(
            "{} cannot castle {name}: {}",
            side.name(),
            pos.explain_castle(long)
        )))
    }
}

impl Play for ThreeMan {
    const NAME: &'static str = "Three-man chess";

    const ID: &'static str = "threeman";

    const EXTENSION: &'static str = "3mc";

    const ALIASES: &'static [&'static str] = &["3 Man Chess", "3-Man Chess", "Three man chess"];

    const SEATS: usize = 3;

    type Rules = Rules;

    type Position = Position;

    type Move = Move;

    fn start(rules: &Rules) -> Position {
        Position::start(*rules)
    }

    fn legal_moves(pos: &Position, out: &mut Vec<Move>) {
        pos.legal_moves(out);
    }

    fn count_legal(pos: &Position) -> u64 {
        pos.count_legal()
    }

    fn play(pos: &mut Position, m: &Move) {
        pos.play(*m);
    }

    fn outcome(pos: &Position) -> Option<Outcome> {
        if pos.draw {
            Some(Outcome::Draw(pos.alive))
        } else if pos.alive.count_ones() == 1 {
            Some(Outcome::Win(pos.alive.trailing_zeros() as u8))
        } else {
            None
        }
    }

    fn to_move(pos: &Position) -> usize {
        pos.side as usize
    }

    fn variants() -> Vec<Rules> {
        let all = |f: fn(&mut Rules)| {
            let mut r = Rules::default();
            f(&mut r);
            r
        };
        vec![
            Rules::default(),
            all(|r| r.open_moats = true),
            all(|r| r.dead_moats_open = true),
            all(|r| r.strict_creeks = true),
            all(|r| r.ep_next_only = true),
            all(|r| r.stalemate_eliminates = true),
        ]
    }
}

impl Notate for ThreeMan {
    type Notation = Notation;

    type Style = Style;

    fn resolve(pos: &Position, n: &Notation) -> Result<Move, MoveError> {
        ThreeMan::resolve_noting(pos, n).map(|(m, _)| m)
    }

    fn notate(pos: &Position, m: &Move, style: Style) -> Notation {
        ThreeMan::notate_marked(pos, m, style, pos.mark_of(*m, true), false)
    }

    fn check_annotations(
        before: &Position,
        n: &Notation,
        m: &Move,
        after: &Position,
    ) -> Result<(), MoveError> {
        // the usual case in a few tests: no mark, and the separators say what the move does
        let plain = match n {
            Notation::Normal(w) => {
                w.mark == Mark::None
                    && match w.sep {
                        Sep::Capture => m.is_capture(),
                        Sep::Dash => !m.is_capture(),
                        Sep::None => true,
                    }
                    && (!w.en_passant || m.is_en_passant())
            }
            Notation::Castle { mark, .. } => *mark == Mark::None,
        };
        if plain {
            return Ok(());
        }
        annotations_checked(before, n, m, after)
    }

    fn parse_notation<'a>(input: &'a str, _tags: &Tags) -> Parsed<'a, Notation> {
        text::parsed(notation::notation(input))
    }
}

impl RecordFormat for ThreeMan {
    fn read_position(text: &str, rules: &Rules) -> Result<Position, ParseError> {
        position_string::parse(text, *rules)
    }

    #[inline(always)]
    fn parse_token<'a>(input: &'a str, _tags: &Tags) -> Parsed<'a, Token<Notation>> {
        // The common move in registers (see the Pylos reader's note on store forwarding).
        if let Some((rest, n)) = notation::quick(input) {
            return Ok((rest, Token::Move(n)));
        }
        if let Some(rest) = input.strip_prefix("--")
            && text::at_boundary(rest, b"")
        {
            return Ok((rest, Token::Skip));
        }
        if let Some((rest, r)) = Self::parse_result(input) {
            return Ok((rest, Token::Result(r)));
        }
        let (rest, n) = text::parsed(notation::token(input))?;
        Ok((rest, Token::Move(n)))
    }

    fn parse_result(input: &str) -> Option<(&str, GameResult)> {
        RESULTS.iter().find_map(|(s, r)| {
            let rest = input.strip_prefix(s)?;
            text::at_boundary(rest, b"").then_some((rest, *r))
        })
    }

    fn write_result(r: GameResult) -> String {
        RESULTS
            .iter()
            .find(|(_, x)| *x == r)
            .map_or_else(|| "*".to_string(), |(s, _)| s.to_string())
    }

    fn check_result(end: &Position, written: GameResult, _c: &[String]) -> Result<(), MoveError> {
        let by_rules = Self::outcome(end);
        match (by_rules, written) {
            (_, GameResult::Decided(o)) if !RESULTS.iter().any(|(_, r)| *r == written) => Err(
                MoveError::mismatch(format!("{o} is not a three-man chess result")),
            ),
            (Some(o), w) if w != GameResult::Decided(o) => Err(MoveError::mismatch(format!(
                "the record says {} but the game ended {}",
                Self::write_result(w),
                Self::write_result(GameResult::Decided(o))
            ))),
            (None, GameResult::Decided(o)) => {
                let winners = match o {
                    Outcome::Win(s) => 1u8 << s,
                    Outcome::Draw(m) => m,
                };
                if winners & !end.alive != 0 {
                    Err(MoveError::mismatch(format!(
                        "the record gives {} a score but that player is eliminated",
                        Colour::from_index((winners & !end.alive).trailing_zeros() as usize)
                    )))
                } else {
                    Ok(())
                }
            }
            _ => Ok(()),
        }
    }

    fn position_string(pos: &Position) -> Option<String> {
        Some(position_string::write(pos))
    }

    fn tag_order() -> &'static [&'static str] {
        &[
            "Event", "Site", "Date", "Round", "White", "Gray", "Black", "Result", "Position",
        ]
    }
}

impl Hooks for ThreeMan {
    fn write_position_string(pos: &Position, out: &mut String) -> bool {
        position_string::write_into(pos, out);
        true
    }

    /// Resolve begins by refusing every move once the game is over.
    const RESOLVE_REFUSES_AFTER_END: bool = true;

    /// Resolves, then plays, keeping in the position after what checking a `+` or `#` needs
    /// (so [`Notate::check_annotations`] does not play the move again), whatever was
    /// written: [`Hooks::notate_played`] of the visited replay (the export's canonical
    /// moves) reads the mark there too. A few stores a move; the quiet check plays by
    /// [`Hooks::resolve_play_unsettled`].
    fn resolve_play(pos: &mut Position, n: &Notation) -> Result<Move, MoveError> {
        let (m, alone) = Self::resolve_noting(pos, n)?;
        pos.play_noting(m);
        if alone {
            pos.note_alone();
        }
        Ok(m)
    }

    /// The mark (`+`, `#`) is read off the position after when [`Hooks::resolve_play`]
    /// made it (`Position::mark_after`: judging the next seat already found whether it is
    /// mated), instead of playing the move again on a copy of the position before.
    fn notate_played(before: &Position, m: &Move, after: &Position, style: Style) -> Notation {
        let mark = after
            .mark_played(before, *m)
            .unwrap_or_else(|| before.mark_of(*m, true));
        ThreeMan::notate_marked(before, m, style, mark, after.played_alone(*m))
    }

    /// Replay leaves the next seat unjudged after a move not written with `#` (see
    /// [`Hooks::resolve_play_unsettled`]).
    const SETTLES_LATER: bool = true;

    /// [`ThreeMan::resolve_play`], leaving the next seat unjudged unless the move is
    /// written with `#` (which is checked from what judging found).
    fn resolve_play_unsettled(pos: &mut Position, n: &Notation) -> Result<Move, MoveError> {
        match Self::resolve(pos, n) {
            Ok(m) => {
                // a legal move of the side to move: judging it would have changed nothing
                pos.unsettled.0 = false;
                match n.mark() {
                    Mark::None => pos.play_unsettled(m),
                    // `+` is checked from the position right after the move, `#` from what
                    // judging the next seat found
                    Mark::Check => pos.play_unsettled_noting(m),
                    Mark::Mate => pos.play_noting(m),
                }
                Ok(m)
            }
            Err(e) if !pos.unsettled.0 => Err(e),
            Err(_) => {
                // the side to move may have had no move at all: judge it, then try again
                pos.settle_pending();
                Self::resolve_play(pos, n)
            }
        }
    }

    fn settle(pos: &mut Position) {
        pos.settle_pending();
    }

    /// [`ThreeMan::resolve_play`] without judging the next seat (a move written with `#`
    /// excepted), as [`Hooks::resolve_play_unsettled`], but keeping what
    /// [`Hooks::notate_played`] reads: the move, whether it was alone of its kind to its
    /// target, and the next seat's king scan (also what resolving its move needs). The
    /// canonical mark then needs no judging unless the next seat is in check
    /// (`Position::mark_after`).
    fn resolve_play_notating(pos: &mut Position, n: &Notation) -> Option<Result<Move, MoveError>> {
        Some(Self::resolve_noting(pos, n).map(|(m, alone)| {
            // a legal move of the side to move: judging it would have changed nothing
            pos.unsettled.0 = false;
            match n.mark() {
                Mark::Mate => pos.play_noting(m),
                _ => pos.play_unsettled_scanned(m),
            }
            if alone {
                pos.note_alone();
            }
            m
        }))
    }

    /// Never: a written `+` or `#` is checked from the position after the move, which
    /// [`Hooks::resolve_play`] leaves with what judging the next seat found out (else the
    /// move is played again from the position before).
    fn annotations_need_before(_n: &Notation) -> bool {
        false
    }

    /// Numbers moves by seat (`N.` before White's seat, `N...` to resume) and writes `--` for
    /// every skipped seat, by replaying the record; `None` when it does not replay.
    fn movetext_marks<'a>(
        tags: &Tags,
        moves: impl ExactSizeIterator<Item = &'a Notation>,
    ) -> Option<Vec<String>> {
        let mut pos = Self::setup(tags).ok()?;
        let no_moves = moves.len() == 0;
        let mut marks = Vec::with_capacity(moves.len() + 1);
        marks.push(Self::movetext_mark(0, None, &pos)?);
        for (i, notation) in moves.enumerate() {
            let m = Self::resolve(&pos, notation).ok()?;
            let prev = pos.clone();
            pos.play(m);
            marks.push(Self::movetext_mark(i + 1, Some(&prev), &pos)?);
        }
        // after the last move: the skipped seats only, no number for a move not written
        if let Some(last) = marks.last_mut() {
            if no_moves {
                last.clear();
            }
            let mut tokens: Vec<&str> = last.split_whitespace().collect();
            while tokens.last().is_some_and(|t| t.ends_with('.')) {
                tokens.pop();
            }
            *last = tokens.join(" ");
        }
        Some(marks)
    }

    /// Before the first move, its number (`N.`, or `N...` when a set-up position gives the
    /// move to another seat); after a move, the number of each round begun and `--` for each
    /// seat skipped up to the seat to move (nothing once the game is over).
    fn movetext_mark(_i: usize, prev: Option<&Position>, pos: &Position) -> Option<String> {
        let Some(prev) = prev else {
            return Some(if pos.side as usize == 0 {
                format!("{}. ", pos.round)
            } else {
                format!("{}... ", pos.round)
            });
        };
        let (mut seat, mut round) = (prev.side as usize, prev.round);
        let mut next = String::new();
        if !pos.is_over() {
            loop {
                seat = (seat + 1) % 3;
                if seat == 0 {
                    round += 1;
                    next.push_str(&format!("{round}. "));
                }
                if seat == pos.side as usize {
                    break;
                }
                next.push_str("-- ");
            }
        }
        Some(next)
    }
}

impl Picture for ThreeMan {
    fn svg(pos: &Position, last: Option<&Move>) -> Option<String> {
        Some(picture::svg(pos, last))
    }
}

impl Mistakes for ThreeMan {
    /// Illegal written moves of the side to move, one of each kind found among the first
    /// few candidates: castling that is not allowed, a promotion without its piece, and
    /// moves that are blocked, cross an unbridged moat, capture across a moat or a creek,
    /// leave the king in check, attack a king right after crossing, or take nothing
    /// diagonally with a pawn.
    fn near_misses(pos: &Position) -> Vec<(&'static str, Notation)> {
        let mut out: Vec<(&'static str, Notation)> = Vec::new();
        if pos.is_over() {
            return out;
        }
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        for long in [false, true] {
            if !legal
                .iter()
                .any(|m| m.is_castle() && m.castle_long() == long)
            {
                out.push((
                    "castling not allowed",
                    Notation::Castle {
                        long,
                        mark: Mark::None,
                    },
                ));
                break;
            }
        }
        if let Some(m) = legal.iter().find(|m| m.promotion().is_some())
            && let Notation::Normal(mut w) = ThreeMan::notate(pos, m, Style::Long)
        {
            w.promotion = None;
            w.mark = Mark::None;
            out.push(("promotion without its piece", Notation::Normal(w)));
        }
        let side = pos.side as usize;
        let mut own = pos.board.occ[side];
        let mut budget = 8;
        while let Some(from) = own.pop() {
            let Some(piece) = pos.piece_at(Square(from)) else {
                continue;
            };
            for to in pos.geometric_targets(from) {
                if budget == 0 {
                    return out;
                }
                let target = pos.piece_at(Square(to));
                if target.is_some_and(|t| t.colour.index() == side)
                    || legal.iter().any(|m| m.from == from && m.to == to)
                {
                    continue;
                }
                budget -= 1;
                let name = match pos.explain(from, to) {
                    Why::Blocked => "blocked move",
                    Why::MoatCrossing(_) => "crossing an unbridged moat",
                    Why::CaptureAcrossMoat => "capture across a moat",
                    Why::Creek => "capture across a creek",
                    Why::KingInCheck => "own king left in check",
                    Why::AttacksAfterCrossing => "attack right after crossing a moat",
                    Why::NothingToTake => "pawn diagonal with nothing to take",
                    _ => continue,
                };
                if out.iter().any(|(n, _)| *n == name) {
                    continue;
                }
                let promotes = piece.kind == Kind::Pawn && piece.crossed && to < 24;
                let w = Written {
                    from_zone: Some(Square(from).zone()),
                    piece: (piece.kind != Kind::Pawn).then_some(piece.kind),
                    from_file: Some(Square(from).article_file()),
                    from_rank: Some(Square(from).rank()),
                    sep: if target.is_some() {
                        Sep::Capture
                    } else {
                        Sep::Dash
                    },
                    to: Square(to),
                    promotion: promotes.then_some(Kind::Queen),
                    en_passant: false,
                    mark: Mark::None,
                };
                out.push((name, Notation::Normal(w)));
            }
        }
        out
    }

    /// The written move made wrong in its marks: `x` on a quiet move, `-` on a capture,
    /// `e.p.` on a move that is not en passant, `+` on a move that attacks no king, `#` on
    /// one that does not mate.
    fn wrong_annotations(
        before: &Position,
        m: &Move,
        n: &Notation,
    ) -> Vec<(&'static str, Notation)> {
        let mut out = Vec::new();
        let mark = before.mark_of(*m, true);
        let with_mark = |k: Mark| match *n {
            Notation::Castle { long, .. } => Notation::Castle { long, mark: k },
            Notation::Normal(mut w) => {
                w.mark = k;
                Notation::Normal(w)
            }
        };
        if mark == 0 {
            out.push(("false check mark", with_mark(Mark::Check)));
        }
        if mark != 2 {
            out.push(("false mate mark", with_mark(Mark::Mate)));
        }
        if let Notation::Normal(w) = n {
            if !m.is_capture() {
                let mut x = *w;
                x.sep = Sep::Capture;
                out.push(("false capture mark", Notation::Normal(x)));
            }
            if !m.is_en_passant() {
                let mut x = *w;
                x.en_passant = true;
                out.push(("false en passant mark", Notation::Normal(x)));
            }
        }
        out
    }
}

const RESULTS: [(&str, GameResult); 7] = [
    ("1/2-1/2-0", GameResult::Decided(Outcome::Draw(0b011))),
    ("1/2-0-1/2", GameResult::Decided(Outcome::Draw(0b101))),
    ("0-1/2-1/2", GameResult::Decided(Outcome::Draw(0b110))),
    ("1-0-0", GameResult::Decided(Outcome::Win(0))),
    ("0-1-0", GameResult::Decided(Outcome::Win(1))),
    ("0-0-1", GameResult::Decided(Outcome::Win(2))),
    ("*", GameResult::Unfinished),
];
