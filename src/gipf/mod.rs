//! GIPF, by Kris Burm: coordinates, the notation of gipf.com's guide, the rules of the basic,
//! standard and tournament games.
//!
//! A written half-move ([`Notation`]) may be short (`e1-e2;x`) or complete
//! (`g1-c3;xc2,d3,e4,f4,g4* (7)`); [`Gipf::resolve`](crate::game::Notate::resolve) finds the one
//! [`Move`] it means, and [`Gipf::notate`](crate::game::Notate::notate) writes a move back in any
//! [`Style`]. A move is a whole turn: the rows removed before the push, the push, the rows
//! removed after it, with every choice of GIPF-pieces kept or taken.
//!
//! ```
//! use gamenote::{record, Game, Mode, Record};
//! use gamenote::gipf::{Gipf, Style};
//!
//! let text = "[Game \"GIPF\"] [Rules \"tournament\"]\n\
//!             1.Ge2/Gd1-f2 2.Gd2/Ge8 3.Gd1-g2/Gg1-e3 4.c1-f3/Ge1-e4 5.f7/Gf1-f4 6.c1-g3/g1-g4 *";
//! let rec: Record<Gipf> = text.parse()?;
//! let replay = record::replay(&rec, Mode::Strict);
//! assert!(replay.is_ok());
//! assert_eq!(replay.end.reserve(1), 7);
//! let complete = record::convert(&rec, Style::Complete, Mode::Strict)?;
//! assert_eq!(complete.plies[11].notation.to_string(), "g1-g4 (7)");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod coord;
mod mistakes;
pub(crate) mod notation;
mod picture;
mod position;
pub mod position_string;
mod resolve;
mod rules;

use std::fmt;
use std::str::FromStr;

pub use coord::{DOTS, Dir, Line, Point, RING, Ray, SPOTS};
pub(crate) use notation::half_move;
pub use notation::{Group, Item, LineNote, Notation, PushNote};
pub use position::{BLACK, MAX_GROUPS, Move, Position, Push, Removal, WHITE};
pub use rules::{LastGipf, Rules, Variant};

use crate::error::{MoveError, ParseError, ValueError};
use crate::game::{
    CommentMove, GameResult, Hooks, Mistakes, Notate, Outcome, Picture, Play, RecordFormat, Tags,
    Token, WrittenEnding, tag,
};
use crate::text::{self, Parsed};

/// The game of GIPF.
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::gipf::{Gipf, Rules, Variant, WHITE};
/// let start = Gipf::start(&Rules::new(Variant::Standard));
/// assert_eq!((Gipf::NAME, Gipf::EXTENSION), ("GIPF", "gipf"));
/// assert_eq!(start.reserve(WHITE), 12);
/// assert_eq!(start.gipf_pieces().count_ones(), 6); // three GIPF-pieces each
/// assert_eq!(Gipf::to_move(&start), WHITE);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Gipf;

/// The written styles: complete notes with reserve counts, short notes, or complete notes
/// without counts (the guide's text format).
///
/// ```
/// use gamenote::gipf::Style;
/// assert_eq!(" Short ".parse::<Style>()?, Style::Short);
/// assert_eq!(Style::default().to_string(), "complete");
/// let err = "long".parse::<Style>().unwrap_err();
/// assert!(err.message.contains("expected complete, short or text"));
/// # Ok::<(), gamenote::ValueError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Style {
    /// Complete notes: every pushed piece's end, every removed piece, `(n)` reserve counts.
    #[default]
    Complete,
    /// Short notes: `x`, `(line)` only where needed, removed GIPF-pieces only; no counts.
    Short,
    /// Complete notes without reserve counts, as in the guide's text format.
    Text,
}

impl fmt::Display for Style {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Style::Complete => "complete",
            Style::Short => "short",
            Style::Text => "text",
        })
    }
}

impl FromStr for Style {
    type Err = ValueError;
    fn from_str(s: &str) -> Result<Self, ValueError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "complete" => Ok(Style::Complete),
            "short" => Ok(Style::Short),
            "text" => Ok(Style::Text),
            other => Err(ValueError::new(format!(
                "unknown GIPF style \"{other}\" (expected complete, short or text)"
            ))),
        }
    }
}

/// Reads the body of a `{w: xGROUP}` / `{b: xGROUP}` comment: the seat and the group.
///
/// ```
/// use gamenote::gipf::{comment_group, BLACK};
/// let (seat, group) = comment_group(" b: xc2,d3,e4,f4 ").unwrap();
/// assert_eq!(seat, BLACK);
/// assert_eq!(group.items.len(), 4);
/// assert_eq!(group.to_string(), "xc2,d3,e4,f4");
/// assert_eq!(comment_group("a fine move"), None);
/// ```
pub fn comment_group(comment: &str) -> Option<(usize, Group)> {
    let c = comment.trim();
    let (seat, body) = if let Some(b) = c.strip_prefix("w:") {
        (WHITE, b)
    } else if let Some(b) = c.strip_prefix("b:") {
        (BLACK, b)
    } else {
        return None;
    };
    let body = body.trim();
    if !body.starts_with('x') {
        return None;
    }
    body.parse::<Group>().ok().map(|g| (seat, g))
}

/// The move a written half-move means, found by the general matcher alone: every removal
/// group matched against every row it could fit, without the direct reading of a push and
/// the groups it lists that [`Notate::resolve`] tries first. The two give the same result
/// (the same move, or the same error); this one is the reference the tests hold the fast
/// path to.
#[doc(hidden)]
pub fn resolve_by_search(pos: &Position, n: &Notation) -> Result<Move, MoveError> {
    resolve::resolve_with(pos, n, false)
}

/// Guesses the rules of a record without a `[Rules]` or `[Variant]` tag: a first push with
/// `G` means the tournament game; otherwise there is no telling basic from standard.
///
/// ```
/// use gamenote::gipf::{infer_rules, Notation, Variant};
/// let gipf_first: Notation = "Gd1-f2".parse()?;
/// assert_eq!(infer_rules(Some(&gipf_first)).map(|r| r.variant), Some(Variant::Tournament));
/// let basic_first: Notation = "e1-e2".parse()?;
/// assert_eq!(infer_rules(Some(&basic_first)), None);
/// assert_eq!(infer_rules(None), None);
/// # Ok::<(), gamenote::ParseError>(())
/// ```
pub fn infer_rules(first: Option<&Notation>) -> Option<Rules> {
    match first?.push {
        Some(p) if p.gipf => Some(Rules::new(Variant::Tournament)),
        _ => None,
    }
}

impl Play for Gipf {
    const NAME: &'static str = "GIPF";

    const ID: &'static str = "gipf";

    const EXTENSION: &'static str = "gipf";

    type Rules = Rules;

    type Position = Position;

    type Move = Move;

    fn start(rules: &Rules) -> Position {
        Position::start(*rules)
    }

    fn legal_moves(pos: &Position, out: &mut Vec<Move>) {
        pos.legal_moves(out)
    }

    fn count_legal(pos: &Position) -> u64 {
        pos.count_moves()
    }

    fn play(pos: &mut Position, m: &Move) {
        pos.play(m)
    }

    fn outcome(pos: &Position) -> Option<Outcome> {
        pos.outcome()
    }

    fn to_move(pos: &Position) -> usize {
        pos.to_move()
    }

    fn variants() -> Vec<Rules> {
        [
            "basic",
            "standard",
            "tournament",
            "standard,last-gipf=white-loses",
            "tournament,last-gipf=to-move-wins",
        ]
        .iter()
        .filter_map(|r| r.parse().ok())
        .collect()
    }
}

impl Notate for Gipf {
    type Notation = Notation;

    type Style = Style;

    fn resolve(pos: &Position, n: &Notation) -> Result<Move, MoveError> {
        resolve::resolve(pos, n)
    }

    fn notate(pos: &Position, m: &Move, style: Style) -> Notation {
        resolve::notate(pos, m, style)
    }

    #[inline]
    fn check_annotations(
        before: &Position,
        n: &Notation,
        m: &Move,
        after: &Position,
    ) -> Result<(), MoveError> {
        if m.leaves_rows() {
            return Err(resolve::rows_left(before, m));
        }
        if !(n.pre.is_empty() && n.post.is_empty()) {
            resolve::check_markers(before, n, m)?;
        }
        if let Some(written) = n.reserve {
            // The mover: the player to move before the move, who stays to move after a
            // removal-only move (the game is over) and not after a push.
            let mover = match m.push() {
                Some(_) => 1 - after.to_move(),
                None => after.to_move(),
            };
            let actual = after.reserve(mover);
            if u16::from(actual) != written {
                return Err(reserve_mismatch(written, actual));
            }
        }
        Ok(())
    }

    fn parse_notation<'a>(input: &'a str, _tags: &Tags) -> Parsed<'a, Notation> {
        text::parsed(half_move(input))
    }
}

#[cold]
fn reserve_mismatch(written: u16, actual: u8) -> MoveError {
    MoveError::mismatch(format!(
        "the record gives ({written}) in reserve but the move leaves {actual}"
    ))
}

impl RecordFormat for Gipf {
    /// `X`: the game is over (by the rules, or by resignation when the board goes on).
    const ENDING_MARKS: &'static [&'static str] = &["X"];

    /// A finished game ends ` X 1-0` or ` X 0-1`: `X` after the last move, then the result.
    fn ending(end: &Position, _result: GameResult) -> WrittenEnding {
        WrittenEnding {
            marks: end.outcome().map(|_| "X".to_string()).into_iter().collect(),
            comments: Vec::new(),
        }
    }

    fn rules_from_tags(tags: &Tags) -> Result<Rules, ValueError> {
        crate::game::no_size::<Self>(tags)?;
        match tag(tags, "Rules") {
            Some(v) => {
                let rules: Rules = v.parse().map_err(|e: ValueError| e.in_tag("Rules"))?;
                // Both tags name the variant: they must name the same one.
                if let Some(w) = tag(tags, "Variant")
                    && let Ok(variant) = w.parse::<Variant>()
                    && variant != rules.variant
                {
                    return Err(ValueError::new(format!(
                        "the Variant tag says {variant} but the Rules tag says {}",
                        rules.variant
                    ))
                    .in_tag("Variant"));
                }
                Ok(rules)
            }
            None => match tag(tags, "Variant") {
                Some(v) => v.parse().map_err(|e: ValueError| e.in_tag("Variant")),
                None => Err(ValueError::new(
                    "a GIPF record needs [Rules \"basic\"], \"standard\" or \"tournament\" (or --rules); \
                     basic and standard records look alike",
                )),
            },
        }
    }

    /// The `[Position]` tag (a position string), else the start position of the rules with
    /// the extra pieces of a `[Handicap "White N"]` tag.
    fn setup(tags: &Tags) -> Result<Position, ValueError> {
        let rules = Self::rules_from_tags(tags)?;
        if let Some(v) = tag(tags, "Position") {
            return position_string::parse(v.trim(), rules)
                .map_err(crate::game::position_tag_error);
        }
        let mut pos = Position::start(rules);
        if let Some(h) = tag(tags, "Handicap") {
            let mut it = h.split_whitespace();
            let seat = match it.next().map(str::to_ascii_lowercase).as_deref() {
                Some("white") => WHITE,
                Some("black") => BLACK,
                _ => {
                    return Err(ValueError::new(format!(
                        "Handicap \"{h}\": expected \"White N\" or \"Black N\""
                    ))
                    .in_tag("Handicap"));
                }
            };
            let n: u8 = it
                .next()
                .and_then(|n| n.parse().ok())
                .filter(|n| (1..=3).contains(n))
                .ok_or_else(|| {
                    ValueError::new(format!("Handicap \"{h}\": expected 1 to 3 extra pieces"))
                        .in_tag("Handicap")
                })?;
            if it.next().is_some() {
                return Err(ValueError::new(format!(
                    "Handicap \"{h}\": expected \"White N\" or \"Black N\""
                )));
            }
            pos.set_reserve(seat, pos.reserve(seat).saturating_add(n));
        }
        Ok(pos)
    }

    #[inline(always)]
    fn parse_token<'a>(input: &'a str, tags: &Tags) -> Parsed<'a, Token<Notation>> {
        Self::parse_token_reusing(input, tags, &mut None)
    }

    fn position_string(pos: &Position) -> Option<String> {
        Some(position_string::write(pos))
    }

    fn read_position(text: &str, rules: &Rules) -> Result<Position, ParseError> {
        position_string::parse(text, *rules)
    }
}

impl Hooks for Gipf {
    fn write_position_string(pos: &Position, out: &mut String) -> bool {
        position_string::write_into(pos, out);
        true
    }

    /// Resolve begins by refusing every note once the game is over.
    const RESOLVE_REFUSES_AFTER_END: bool = true;

    // The fast path of `resolve` plays the push to read the rows it forms: its board is the
    // board after the move, kept instead of playing the move again.
    fn resolve_play(pos: &mut Position, n: &Notation) -> Result<Move, MoveError> {
        resolve::resolve_play(pos, n)
    }

    /// A push that removes no group is written from the board before it and the reserve
    /// after it, not by copying the board and pushing again.
    fn notate_played(before: &Position, m: &Move, after: &Position, style: Style) -> Notation {
        resolve::notate_played(before, m, after, style)
    }

    /// A push that removes no group, written as such, is compared field by field with how
    /// `notate_played` would write it: no notation is built.
    #[inline]
    fn notate_played_unless(
        before: &Position,
        m: &Move,
        after: &Position,
        style: Style,
        written: &Notation,
    ) -> Option<Notation> {
        resolve::notate_played_unless(before, m, after, style, written)
    }

    // False: a move made by `resolve` keeps what the check of its markers and of a row it
    // leaves needs to know of the board before it, and the mover's reserve count is read on
    // the board after it.
    fn annotations_need_before(_n: &Notation) -> bool {
        false
    }

    /// No `[Rules]` and no `[Variant]`: a first push that brings in a GIPF-piece (`G`) is
    /// the tournament game's ([`infer_rules`]).
    fn rules_from_first_move(tags: &Tags, first: &Notation) -> Option<Rules> {
        if tag(tags, "Rules").is_some() || tag(tags, "Variant").is_some() {
            return None;
        }
        infer_rules(Some(first))
    }

    #[inline(always)]
    fn parse_token_reusing<'a>(
        input: &'a str,
        tags: &Tags,
        spare: &mut Option<Notation>,
    ) -> Parsed<'a, Token<Notation>> {
        // The common half-move in registers (see the Pylos reader's note on store
        // forwarding); no result, mark or word starts with a point letter.
        if let Some((rest, n)) = notation::quick(input, spare) {
            return Ok((rest, Token::Move(n)));
        }
        if let Some((rest, r)) = Self::parse_result(input) {
            return Ok((rest, Token::Result(r)));
        }
        if let Some(rest) = input.strip_prefix('/') {
            return Ok((rest, Token::Skip));
        }
        if let Some(rest) = input.strip_prefix('X')
            && text::at_boundary(rest, b"/")
        {
            return Ok((rest, Token::Annotation("X".into())));
        }
        for word in ["White", "Black", "etc."] {
            if let Some(rest) = input.strip_prefix(word)
                && text::at_boundary(rest, b"")
            {
                return Ok((rest, Token::Skip));
            }
        }
        let (rest, n) = Self::parse_notation(input, tags)?;
        Ok((rest, Token::Move(n)))
    }

    #[inline(always)]
    fn recycle(spare: &mut Option<Notation>, slot: &mut Notation, new: Notation) {
        let old = std::mem::replace(slot, new);
        // Only the lists of removal notes are worth keeping; a note without them owns no
        // memory, so forgetting it frees nothing and skips its drop.
        if old.pre.capacity() != 0 || old.post.capacity() != 0 {
            *spare = Some(old);
        } else {
            std::mem::forget(old);
        }
    }

    fn comment_move(
        comment: &str,
        plies: usize,
        last: Option<&mut Notation>,
        _tags: &Tags,
    ) -> CommentMove<Notation> {
        let Some((seat, group)) = comment_group(comment) else {
            return CommentMove::Comment;
        };
        if let Some(last) = last
            && last.push.is_none()
        {
            // A removal-only half-move ends the game: only more groups of it may follow.
            if (plies + 1) % 2 == seat {
                last.pre.push(group);
                return CommentMove::Extends;
            }
            return CommentMove::Comment;
        }
        if plies % 2 != seat {
            return CommentMove::Comment;
        }
        CommentMove::Starts(Notation {
            pre: vec![group],
            ..Notation::default()
        })
    }

    /// The guide's reserve text: `1.Ge2 (16) Gd1-f2 (16) 2.Gd2 (14)`, the number glued to
    /// White's move.
    fn movetext_marks<'a>(
        _tags: &Tags,
        moves: impl ExactSizeIterator<Item = &'a Notation>,
    ) -> Option<Vec<String>> {
        let n = moves.len();
        Some(
            (0..=n)
                .map(|i| {
                    if i < n && i % 2 == 0 {
                        format!("{}.", i / 2 + 1)
                    } else {
                        String::new()
                    }
                })
                .collect(),
        )
    }

    fn movetext_mark(i: usize, _prev: Option<&Position>, _pos: &Position) -> Option<String> {
        Some(if i.is_multiple_of(2) {
            format!("{}.", i / 2 + 1)
        } else {
            String::new()
        })
    }
}

impl Picture for Gipf {
    fn svg(pos: &Position, last: Option<&Move>) -> Option<String> {
        Some(picture::svg(pos, last))
    }
}

impl Mistakes for Gipf {
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

/// The position in the `[Final]` format of the test data: the 37 spots column by column
/// (`.` empty, `o`/`O` White basic/GIPF, `x`/`X` Black), then the counters.
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::{Game, gipf::{Gipf, Rules, Variant, position_string}};
/// let start = Gipf::start(&Rules::new(Variant::Standard));
/// assert_eq!(
///     position_string(&start),
///     "X..O...........O.....X...........X..O W=12 lostW=0 B=12 lostB=0 next=o"
/// );
/// ```
pub fn position_string(pos: &Position) -> String {
    let mut s = String::with_capacity(80);
    position_string_into(pos, &mut s);
    s
}

/// [`position_string()`] at the end of `s` (the export's kept buffer).
pub(crate) fn position_string_into(pos: &Position, s: &mut String) {
    use crate::game::push_count;
    // The 37 spots in point order (bit order), written into bytes first and pushed once:
    // the export writes this string for every ply.
    let (white, gipf) = (pos.pc[WHITE], pos.gipf);
    let mut text = [b'.'; 37];
    let mut spots = coord::SPOTS;
    let mut at = 0;
    while spots != 0 && at < text.len() {
        let bit = spots & spots.wrapping_neg();
        spots &= spots - 1;
        if pos.pc[WHITE] & bit != 0 || pos.pc[BLACK] & bit != 0 {
            text[at] = match (white & bit != 0, gipf & bit != 0) {
                (true, false) => b'o',
                (true, true) => b'O',
                (false, false) => b'x',
                (false, true) => b'X',
            };
        }
        at += 1;
    }
    // Only ASCII was written.
    s.push_str(std::str::from_utf8(&text).unwrap_or_default());
    s.push_str(" W=");
    push_count(s, pos.reserve(WHITE).into());
    s.push_str(" lostW=");
    push_count(s, pos.lost(WHITE).into());
    s.push_str(" B=");
    push_count(s, pos.reserve(BLACK).into());
    s.push_str(" lostB=");
    push_count(s, pos.lost(BLACK).into());
    s.push_str(if pos.to_move() == WHITE {
        " next=o"
    } else {
        " next=x"
    });
}
