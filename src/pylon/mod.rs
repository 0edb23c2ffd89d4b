//! Pylon: Cameron Browne's Go-like game of stacked marbles (2006), on a square pyramid of any
//! size from 2 to 26, in gamenote's own notation shaped like the Pylos notation.
//!
//! See `docs/pylon.md` for the geometry, the grammar and every rule decision with its reason.
//!
//! ```
//! use gamenote::{record, Game, Mode, Record, pylon::{Pylon, Point}};
//! let rec: Record<Pylon> = "[Size \"3\"]\n\n1b2 1a1 1b1 1c3 1a2 *".parse()?;
//! let r = record::replay(&rec, Mode::Strict);
//! assert!(r.is_ok());
//! // White's 1a2 captured Black's 1a1 and covered it with 2a1.
//! assert_eq!(r.end.piece(Point::new(2, 0, 0)), Some(0));
//! assert_eq!((r.end.score(0), r.end.score(1)), (4, 2));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bits;
mod coord;
mod mistakes;
pub(crate) mod notation;
mod position;
pub mod position_string;
mod rules;

pub use coord::{DEFAULT_SIZE, Geometry, MAX_POINTS, MAX_SIZE, MIN_SIZE, Point, WORDS};
pub(crate) use notation::notation;
pub use notation::{Notation, Score, Style, score_comment, score_out_of_range};
pub use position::{Move, Position};
pub use rules::{Rules, Suicide};

use crate::error::{MoveError, ParseError, ValueError};
use crate::game::{
    GameResult, Hooks, Mistakes, Notate, Outcome, Picture, Play, RecordFormat, Tags, Token,
    WrittenEnding, tag,
};
use crate::text::Parsed;

/// The game of Pylon.
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::pylon::{Pylon, Rules};
/// let start = Pylon::start(&Rules::with_size(3));
/// assert_eq!((Pylon::NAME, Pylon::EXTENSION), ("Pylon", "pylon"));
/// assert_eq!(Pylon::count_legal(&start), 9); // any of the 9 points of level 1
/// assert_eq!(Pylon::to_move(&start), 0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pylon;

const SEAT: [&str; 2] = ["White", "Black"];

/// Reads a `[Size]` value: a number from 2 to 26.
///
/// ```
/// assert_eq!(gamenote::pylon::parse_size(" 10 "), Ok(10));
/// assert!(gamenote::pylon::parse_size("27").is_err());
/// ```
pub fn parse_size(v: &str) -> Result<u8, ValueError> {
    if let &[d @ b'2'..=b'9'] = v.as_bytes() {
        return Ok(d - b'0'); // the common case, at once
    }
    let t = v.trim();
    match t.parse::<u8>() {
        Ok(n) if (MIN_SIZE..=MAX_SIZE).contains(&n) && !t.starts_with('+') => Ok(n),
        _ => Err(ValueError::new(format!(
            "the Size tag \"{v}\" is not a Pylon board size from {MIN_SIZE} to {MAX_SIZE}"
        ))),
    }
}

fn list(points: &[Point]) -> String {
    let v: Vec<String> = points.iter().map(Point::to_string).collect();
    format!("[{}]", v.join(","))
}

fn check_cover(at: Point, written: &Option<Vec<Point>>, made: &[Point]) -> Result<(), MoveError> {
    let Some(w) = written else { return Ok(()) };
    let mut w = w.clone();
    w.sort();
    if w == made {
        return Ok(());
    }
    Err(MoveError::illegal(if made.is_empty() {
        format!("{at} covers nothing, but the move names {}", list(&w))
    } else {
        format!(
            "{at} covers {}, but the move names {}",
            list(made),
            list(&w)
        )
    }))
}

impl Pylon {
    fn outcome_of(pos: &Position) -> Outcome {
        let (w, b) = (pos.score(0), pos.score(1));
        match w.cmp(&b) {
            std::cmp::Ordering::Greater => Outcome::Win(0),
            std::cmp::Ordering::Less => Outcome::Win(1),
            std::cmp::Ordering::Equal => Outcome::Draw(0b11),
        }
    }
}

impl Play for Pylon {
    const NAME: &'static str = "Pylon";

    const ID: &'static str = "pylon";

    const EXTENSION: &'static str = "pylon";

    type Rules = Rules;

    type Position = Position;

    type Move = Move;

    fn start(rules: &Rules) -> Position {
        Position::new(*rules)
    }

    fn legal_moves(pos: &Position, out: &mut Vec<Move>) {
        pos.generate(out);
    }

    fn count_legal(pos: &Position) -> u64 {
        pos.count()
    }

    fn play(pos: &mut Position, m: &Move) {
        pos.play(m);
    }

    fn outcome(pos: &Position) -> Option<Outcome> {
        pos.is_over().then(|| Pylon::outcome_of(pos))
    }

    fn to_move(pos: &Position) -> usize {
        pos.to_move()
    }

    /// Both suicide options on the default board, on the small boards perft uses, and on a
    /// board large enough for two-digit rows.
    fn variants() -> Vec<Rules> {
        let mut v = Vec::new();
        for size in [DEFAULT_SIZE, 3, 4, 12] {
            for suicide in [Suicide::Piece, Suicide::Group] {
                v.push(Rules { size, suicide });
            }
        }
        v
    }
}

impl Notate for Pylon {
    type Notation = Notation;

    type Style = Style;

    fn resolve(pos: &Position, n: &Notation) -> Result<Move, MoveError> {
        let side = pos.to_move();
        match n {
            Notation::Pass => {
                if let Some(p) = pos.first_placement(side) {
                    Err(MoveError::illegal(format!(
                        "a voluntary pass is illegal: {} can place, e.g. on {p}",
                        SEAT[side]
                    )))
                } else if !pos.can_place(side ^ 1) {
                    Err(MoveError::illegal(
                        "the game is over: neither side can place",
                    ))
                } else {
                    Ok(Move::Pass)
                }
            }
            Notation::Place { at, cover } => {
                if pos.geometry().index(*at).is_none() {
                    return Err(MoveError::illegal(pos.off_board(*at)));
                }
                let made = pos.covering_for(side, *at).map_err(|reason| {
                    if pos.can_place(side) {
                        MoveError::illegal(reason)
                    } else {
                        MoveError::illegal(format!(
                            "{} has no legal placement and must pass ({reason})",
                            SEAT[side]
                        ))
                    }
                })?;
                check_cover(*at, cover, &made)?;
                Ok(Move::Place(*at))
            }
        }
    }

    fn notate(pos: &Position, m: &Move, _style: Style) -> Notation {
        let at = match *m {
            Move::Pass => return Notation::Pass,
            Move::Place(p) => p,
        };
        let cover = pos.covering(at).unwrap_or_default();
        Notation::Place {
            at,
            cover: (!cover.is_empty()).then_some(cover),
        }
    }

    fn parse_notation<'a>(input: &'a str, _tags: &Tags) -> Parsed<'a, Notation> {
        crate::text::parsed(notation(input))
    }
}

impl RecordFormat for Pylon {
    const SPARE_TAGS: &'static [&'static str] = &[];

    fn rules_from_tags(tags: &Tags) -> Result<Rules, ValueError> {
        let mut rules: Rules = match tag(tags, "Rules") {
            Some("standard") | None => Rules::default(),
            Some(v) => v.parse().map_err(|e: ValueError| e.in_tag("Rules"))?,
        };
        if let Some(v) = tag(tags, "Size") {
            rules.size = parse_size(v).map_err(|e| e.in_tag("Size"))?;
        }
        Ok(rules)
    }

    /// `[Size]` then `[Rules]`, in their printing order.
    fn rules_tags(rules: &Rules) -> Vec<(String, String)> {
        vec![
            ("Size".to_string(), rules.size.to_string()),
            ("Rules".to_string(), rules.to_string()),
        ]
    }

    #[inline(always)]
    fn parse_token<'a>(input: &'a str, tags: &Tags) -> Parsed<'a, Token<Notation>> {
        // The common move in registers (see the Pylos reader's note on store forwarding).
        if let Some((rest, n)) = notation::quick(input) {
            return Ok((rest, Token::Move(n)));
        }
        crate::game::result_or_move::<Self>(input, tags)
    }

    fn check_result(
        end: &Position,
        written: GameResult,
        comments_after: &[String],
    ) -> Result<(), MoveError> {
        if end.is_over() {
            let o = Pylon::outcome_of(end);
            if written != GameResult::Decided(o) {
                return Err(MoveError::mismatch(format!(
                    "the record says {} but the game ended {} (W {} B {})",
                    Pylon::write_result(written),
                    Pylon::write_result(GameResult::Decided(o)),
                    end.score(0),
                    end.score(1)
                )));
            }
        }
        if let Some((w, b)) = comments_after.first().and_then(|c| score_comment(c)) {
            let (sw, sb) = (end.score(0), end.score(1));
            if (w, b) != (sw, sb) {
                return Err(MoveError::mismatch(format!(
                    "the score comment says W {w} B {b} but the board has W {sw} B {sb}"
                )));
            }
        }
        Ok(())
    }

    /// A finished game ends with its score comment after the result: `1-0 {W 5 B 3}`.
    fn ending(end: &Position, _result: GameResult) -> WrittenEnding {
        WrittenEnding {
            marks: Vec::new(),
            comments: Pylon::outcome(end)
                .map(|_| Score::of(end).comment())
                .into_iter()
                .collect(),
        }
    }

    fn position_string(pos: &Position) -> Option<String> {
        Some(position_string::write(pos))
    }

    fn read_position(text: &str, rules: &Rules) -> Result<Position, ParseError> {
        position_string::parse(text, *rules)
    }

    fn tag_order() -> &'static [&'static str] {
        &[
            "Size", "Rules", "Event", "Site", "Date", "Round", "White", "Black", "Result",
        ]
    }
}

impl Hooks for Pylon {
    fn write_position_string(pos: &Position, out: &mut String) -> bool {
        position_string::write_into(pos, out);
        true
    }

    /// A placement resolves only when the side to move can place, a pass only when the
    /// other side can: never once the game is over.
    const RESOLVE_REFUSES_AFTER_END: bool = true;

    /// The covering pieces are read off the two positions (those of the mover that
    /// `after` holds and `before` did not), not worked out again as `notate` does.
    fn notate_played(before: &Position, m: &Move, after: &Position, style: Style) -> Notation {
        let Move::Place(at) = *m else {
            return Notation::Pass;
        };
        let Some(cover) = before.covered_in(after, at) else {
            return Self::notate(before, m, style);
        };
        Notation::Place {
            at,
            cover: (!cover.is_empty()).then_some(cover),
        }
    }

    /// A placement written without brackets that covers nothing (most) is its own
    /// canonical notation: found by one test of the mover's new pieces, no notation built.
    #[inline]
    fn notate_played_unless(
        before: &Position,
        m: &Move,
        after: &Position,
        style: Style,
        written: &Notation,
    ) -> Option<Notation> {
        if let (Move::Place(at), Notation::Place { at: w, cover: None }) = (*m, written)
            && at == *w
            && before.covers_nothing_in(after, at)
        {
            return None;
        }
        let n = Self::notate_played(before, m, after, style);
        (n != *written).then_some(n)
    }

    /// Pylon moves carry no marks to check.
    fn annotations_need_before(_n: &Notation) -> bool {
        false
    }

    /// A placement is worked out once, not once to resolve and again to play; a refused
    /// move takes the long way, [`Notate::resolve`], for its reason.
    fn resolve_play(pos: &mut Position, n: &Notation) -> Result<Move, MoveError> {
        if let Notation::Place { at, cover } = n
            && pos.try_place(*at, cover.as_deref())
        {
            return Ok(Move::Place(*at));
        }
        let m = Self::resolve(pos, n)?;
        debug_assert!(
            matches!(m, Move::Pass),
            "a placement refused by try_place resolved"
        );
        pos.play(&m);
        Ok(m)
    }

    /// A record may leave out a forced pass: when the side to move has no legal placement,
    /// the opponent has one and the written move is a placement of the opponent's, the pass
    /// is implied (an error when reading strictly, a warning when reading leniently).
    fn implied_before(pos: &Position, n: &Notation) -> Option<(Move, String)> {
        let Notation::Place { at, .. } = n else {
            return None;
        };
        let side = pos.to_move();
        if pos.can_place(side) || pos.covering_for(side ^ 1, *at).is_err() {
            return None;
        }
        Some((
            Move::Pass,
            format!(
                "a forced pass is missing before {at}: {} has no legal placement",
                SEAT[side]
            ),
        ))
    }

    /// A `pass` after the end of the game is dropped when reading leniently.
    fn droppable_after_end(n: &Notation) -> bool {
        *n == Notation::Pass
    }

    /// A score comment with a number too large to be a score.
    fn bad_comment_after_result(comment: &str) -> Option<(usize, &'static str)> {
        score_out_of_range(comment).map(|at| (at, "a score from 0 to 4294967295"))
    }
}

impl Picture for Pylon {
    /// The pyramid seen from above (upper levels drawn over lower ones, so buried pieces are
    /// hidden), the last placement ringed, the score and the side to move below.
    fn svg(pos: &Position, last: Option<&Move>) -> Option<String> {
        let geo = pos.geometry();
        let balls: Vec<crate::svg::Ball> = (0..geo.len())
            .map(|i| geo.point(i))
            .filter_map(|p| {
                pos.piece(p).map(|seat| crate::svg::Ball {
                    level: usize::from(p.level),
                    col: usize::from(p.col),
                    row: usize::from(p.row),
                    seat,
                    name: p.to_string(),
                })
            })
            .collect();
        let status = match Pylon::outcome(pos) {
            Some(Outcome::Win(w)) => format!("game over: {} wins", SEAT[usize::from(w & 1)]),
            Some(Outcome::Draw(_)) => "game over: a draw".to_string(),
            None => format!("{} to move", SEAT[pos.to_move()]),
        };
        let last_to = match last {
            Some(Move::Place(p)) => {
                Some((usize::from(p.level), usize::from(p.col), usize::from(p.row)))
            }
            _ => None,
        };
        Some(crate::svg::pyramid(
            usize::from(geo.size()),
            &balls,
            last_to,
            None,
            &[
                format!("score: White {}, Black {}", pos.score(0), pos.score(1)),
                status,
            ],
        ))
    }
}

impl Mistakes for Pylon {
    fn near_misses(pos: &Position) -> Vec<(&'static str, Notation)> {
        mistakes::near_misses(pos)
    }
}
