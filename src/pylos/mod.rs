//! Pylos: the pyramid of 30 balls, in the notation of Chris Martin's article
//! ("Towards a Pylos notation") and the official Gigamic rules.
//!
//! See `docs/pylos.md` for the grammar, the styles and the rule options.
//!
//! ```
//! use gamenote::prelude::*;
//! use gamenote::{Game, pylos::{Pylos, Notation, Rules}};
//! let mut pos = Pylos::start(&Rules::default());
//! let n: Notation = "1b2".parse()?;
//! let m = Pylos::resolve(&pos, &n)?;
//! Pylos::play(&mut pos, &m);
//! assert_eq!(pos.reserve(0), 14);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod coord;
mod mistakes;
pub(crate) mod notation;
mod position;
pub mod position_string;

pub use coord::{ABOVE, LINES, SQUARES, SUPPORT, Slot, TOP, slots};
pub(crate) use notation::notation;
pub use notation::{Form, Markers, Nag, Notation, Style, Takebacks};
pub use position::{Move, Position, ReserveRule, RuleSet, Rules, Takeback};

use crate::error::{MoveError, ParseError, ValueError};
use crate::game::{
    GameResult, Hooks, Mistakes, Notate, Outcome, Picture, Play, RecordFormat, Tags, Token, tag,
};
use crate::text::{self, Parsed};

/// The game of Pylos.
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::pylos::{Pylos, Rules};
/// let start = Pylos::start(&Rules::default());
/// assert_eq!((Pylos::NAME, Pylos::EXTENSION), ("Pylos", "pylos"));
/// assert_eq!(Pylos::count_legal(&start), 16); // a ball on any of the 16 bottom slots
/// assert_eq!(Pylos::outcome(&start), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pylos;

fn numeric_declared(tags: &Tags) -> bool {
    tag(tags, "Style")
        .and_then(|s| s.parse::<Style>().ok())
        .is_some_and(|s| s.form == Form::Numeric)
}

/// Pylos results: `1-0`, `0-1`, `*`, and the article's `10` and `01` unless `numeric`.
fn pylos_result(input: &str, numeric: bool) -> Option<(&str, GameResult)> {
    let forms: &[(&str, GameResult)] = &[
        ("1-0", GameResult::Decided(Outcome::Win(0))),
        ("0-1", GameResult::Decided(Outcome::Win(1))),
        ("*", GameResult::Unfinished),
        ("10", GameResult::Decided(Outcome::Win(0))),
        ("01", GameResult::Decided(Outcome::Win(1))),
    ];
    let forms = if numeric { &forms[..3] } else { forms };
    forms.iter().find_map(|(s, r)| {
        let rest = input.strip_prefix(s)?;
        text::at_boundary(rest, b"").then_some((rest, *r))
    })
}

impl Play for Pylos {
    const NAME: &'static str = "Pylos";

    const ID: &'static str = "pylos";

    const EXTENSION: &'static str = "pylos";

    type Rules = Rules;

    type Position = Position;

    type Move = Move;

    fn start(rules: &Rules) -> Position {
        Position::new(*rules)
    }

    #[inline]
    fn legal_moves(pos: &Position, out: &mut Vec<Move>) {
        pos.generate(|m| out.push(m));
    }

    #[inline]
    fn count_legal(pos: &Position) -> u64 {
        pos.count_moves()
    }

    #[inline]
    fn play(pos: &mut Position, m: &Move) {
        pos.play(m);
    }

    fn outcome(pos: &Position) -> Option<Outcome> {
        pos.outcome()
    }

    fn to_move(pos: &Position) -> usize {
        pos.turn()
    }

    fn variants() -> Vec<Rules> {
        [
            "standard",
            "standard,takeback=optional",
            "alignment",
            "alignment,takeback=optional",
            "children",
            "standard,reserve=immediately",
            "standard,reserve=no_moves",
        ]
        .iter()
        .filter_map(|r| r.parse().ok())
        .collect()
    }
}

impl Notate for Pylos {
    type Notation = Notation;

    type Style = Style;

    #[inline]
    fn resolve(pos: &Position, n: &Notation) -> Result<Move, MoveError> {
        pos.resolve(n)
    }

    /// Most moves take nothing back and are written without markers: a few stores, inlined
    /// where the export notates every move; the rest out of line.
    #[inline(always)]
    fn notate(pos: &Position, m: &Move, style: Style) -> Notation {
        if m.takebacks == 0 && !style.markers {
            return Notation {
                from: m.from,
                to: m.to,
                takebacks: Takebacks::new(),
                markers: Markers::default(),
                nag: None,
                form: style.form,
                dash: true,
            };
        }
        notate_full(pos, m, style)
    }

    #[inline(always)]
    fn check_annotations(
        before: &Position,
        n: &Notation,
        m: &Move,
        _after: &Position,
    ) -> Result<(), MoveError> {
        // Most moves carry no marker: that test is all they cost.
        if n.markers.is_empty() {
            return Ok(());
        }
        check_markers(before, n, m)
    }

    fn parse_notation<'a>(input: &'a str, tags: &Tags) -> Parsed<'a, Notation> {
        text::parsed(notation(input, numeric_declared(tags)))
    }
}

/// [`Notate::notate`] of a move that takes back or a style with markers.
#[inline(never)]
fn notate_full(pos: &Position, m: &Move, style: Style) -> Notation {
    // At most two take-backs (a move's set of them).
    let mut it = slots(m.takebacks);
    let takebacks = match it.next() {
        Some(a) => Takebacks::canonical(a, it.next()),
        None => Takebacks::new(),
    };
    let markers = if style.markers {
        pos.formations_of(m.from, m.to)
    } else {
        Markers::default()
    };
    Notation {
        from: m.from,
        to: m.to,
        takebacks,
        markers,
        nag: None,
        form: style.form,
        dash: true,
    }
}

/// The markers written on `n` against the formations `m` makes from `before`.
#[inline(never)]
fn check_markers(before: &Position, n: &Notation, m: &Move) -> Result<(), MoveError> {
    let made = before.formations_of(m.from, m.to);
    if made == n.markers {
        return Ok(());
    }
    let made_text = if made.is_empty() {
        "no formation that counts under these rules".to_string()
    } else {
        format!("the formations {made}")
    };
    Err(MoveError::mismatch(format!(
        "the markers say {} but the move makes {made_text}",
        n.markers
    )))
}

impl RecordFormat for Pylos {
    const TOKEN_TAGS: &'static [&'static str] = &["Style"];
    const SPARE_TAGS: &'static [&'static str] = &["Size", "Style"];

    #[inline(always)]
    fn parse_token<'a>(input: &'a str, tags: &Tags) -> Parsed<'a, Token<Notation>> {
        // The common move, read in registers: a call that returns it through memory costs
        // a store-forwarding stall per move (docs/performance.md).
        if let Some((rest, n)) = notation::quick(input) {
            return Ok((rest, Token::Move(n)));
        }
        // Canonical and compact moves start with a letter or a digit and a letter; only other
        // tokens need to know whether the record declared the numeric style.
        let b = input.as_bytes();
        let plain = match b.first() {
            Some(b'a'..=b'd') => true,
            Some(b'1'..=b'4') => b.get(1).is_some_and(u8::is_ascii_lowercase),
            _ => false,
        };
        if plain {
            return text::parsed(notation(input, false)).map(|(r, n)| (r, Token::Move(n)));
        }
        let numeric = numeric_declared(tags);
        if let Some((rest, r)) = pylos_result(input, numeric) {
            return Ok((rest, Token::Result(r)));
        }
        text::parsed(notation(input, numeric)).map(|(r, n)| (r, Token::Move(n)))
    }

    fn position_string(pos: &Position) -> Option<String> {
        Some(position_string::write(pos))
    }

    /// Judged as a record's `[Position]` is ([`Position::judged_winner`]): a position
    /// string whose player to move is stuck, or out of balls, reads as the game it already
    /// decides, so that no position is read that has no legal move and no outcome.
    fn read_position(text: &str, rules: &Rules) -> Result<Position, ParseError> {
        let mut pos = position_string::parse(text, *rules)?;
        pos.judge_setup();
        Ok(pos)
    }

    /// As the default, and strict about `[Style]` (a style the record reads, since a
    /// numeric record reads otherwise), and a `[Position]` is judged as the position after a
    /// move is: a player to move who is stuck, or out of balls, has already lost.
    fn setup(tags: &Tags) -> Result<Position, ValueError> {
        // GIPF's set-up tags: on a Pylos record they would be silently meaningless (a GIPF
        // record mislabelled?), so they are an error at the tag, as an unknown rule set is.
        for name in ["Variant", "Handicap"] {
            if let Some(v) = tag(tags, name) {
                return Err(ValueError::new(format!(
                    "Pylos has no {}s: [{name} {v:?}] sets up a GIPF game",
                    name.to_lowercase()
                ))
                .in_tag(name));
            }
        }
        if let Some(v) = tag(tags, "Style") {
            v.parse::<Style>().map_err(|e| e.in_tag("Style"))?;
        }
        let rules = Self::rules_from_tags(tags)?;
        match tag(tags, "Position") {
            None => Ok(Position::new(rules)),
            Some(v) => {
                let mut pos = position_string::parse(v.trim(), rules)
                    .map_err(crate::game::position_tag_error)?;
                pos.judge_setup();
                Ok(pos)
            }
        }
    }

    fn parse_result(input: &str) -> Option<(&str, GameResult)> {
        pylos_result(input, false)
    }

    /// `1-0`, `0-1` and `*`: a Pylos game has no draw, and a draw (which a record's public
    /// `result` can hold) is written `*`, the one Pylos word for a game with no winner, so
    /// that what is printed reads back.
    fn write_result(r: GameResult) -> String {
        match r {
            GameResult::Decided(Outcome::Win(0)) => "1-0".into(),
            GameResult::Decided(Outcome::Win(_)) => "0-1".into(),
            GameResult::Decided(Outcome::Draw(_)) | GameResult::Unfinished => "*".into(),
        }
    }
}

impl Hooks for Pylos {
    fn write_position_string(pos: &Position, out: &mut String) -> bool {
        position_string::write_into(pos, out);
        true
    }

    #[inline(always)]
    fn resolve_play(pos: &mut Position, n: &Notation) -> Result<Move, MoveError> {
        let m = match pos.resolve_legal(n) {
            Some(m) => m,
            None => pos.resolve_refused(n)?,
        };
        pos.play(&m);
        Ok(m)
    }

    fn carry_remarks(written: &Notation, restated: &mut Notation) {
        restated.nag = written.nag;
    }

    /// Only markers are checked against the position before the move.
    fn annotations_need_before(n: &Notation) -> bool {
        !n.markers.is_empty()
    }

    /// Only markers are worked out from the position before the move (`notate` reads it
    /// for nothing else).
    fn notate_needs_before(style: Style) -> bool {
        style.markers
    }
}

impl Picture for Pylos {
    fn svg(pos: &Position, last: Option<&Move>) -> Option<String> {
        let balls: Vec<crate::svg::Ball> = Slot::all()
            .filter_map(|s| {
                pos.at(s).map(|seat| crate::svg::Ball {
                    level: s.level() as usize,
                    col: s.col() as usize,
                    row: s.row() as usize,
                    seat,
                    name: s.to_string(),
                })
            })
            .collect();
        let point = |s: Slot| (s.level() as usize, s.col() as usize, s.row() as usize);
        let status = match pos.winner() {
            Some(w) => format!("{} has won", ["White", "Black"][w]),
            None => format!("{} to move", ["White", "Black"][pos.turn()]),
        };
        Some(crate::svg::pyramid(
            4,
            &balls,
            last.map(|m| point(m.to)),
            last.and_then(|m| m.from).map(point),
            &[
                format!(
                    "reserves: White {}, Black {}",
                    pos.reserve(0),
                    pos.reserve(1)
                ),
                status,
            ],
        ))
    }
}

impl Mistakes for Pylos {
    fn near_misses(pos: &Position) -> Vec<(&'static str, Notation)> {
        mistakes::near_misses(pos)
    }

    fn wrong_annotations(
        before: &Position,
        m: &Move,
        n: &Notation,
    ) -> Vec<(&'static str, Notation)> {
        mistakes::wrong_annotations(before, m, n)
    }
}
