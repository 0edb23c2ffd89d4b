//! The Pylos position string: the four levels, the player to move, both reserves and, once
//! the game is over, its result.
//!
//! `LEVEL1/LEVEL2/LEVEL3/LEVEL4 TO-MOVE WHITE-RESERVE BLACK-RESERVE [RESULT]`: each level
//! lists its slots row by row from row 1, columns `a` first (16, 9, 4 and 1 characters),
//! `.` for an empty slot, `w` and `b` for the balls; the player to move is `w` or `b`; a
//! finished game ends with `1-0` or `0-1`.
//!
//! ```
//! use gamenote::prelude::*;
//! use gamenote::{Game, pylos::{position_string, Pylos, Rules}};
//! let start = Pylos::start(&Rules::default());
//! assert_eq!(position_string::write(&start), "................/........./..../. w 15 15");
//! let pos = position_string::parse("w...b.........../........./..../. w 14 14", Rules::default())?;
//! assert_eq!(pos.reserve(0), 14);
//! # Ok::<(), gamenote::ParseError>(())
//! ```

use super::coord::{SLOTS, SUPPORT, Slot};
use super::position::{Position, Rules};
use crate::error::ParseError;
use crate::game::{count_field, fields, push_count};

const BALLS: u8 = 15;

/// The position string of `pos`.
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::pylos::{position_string, Pylos, Rules};
/// let mut pos = Pylos::start(&Rules::default());
/// let m = Pylos::resolve(&pos, &"1b2".parse()?)?;
/// Pylos::play(&mut pos, &m);
/// assert_eq!(position_string::write(&pos), ".....w........../........./..../. b 14 15");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(pos: &Position) -> String {
    let mut s = String::with_capacity(48);
    write_into(pos, &mut s);
    s
}

/// [`write`] at the end of `s` (the export's kept buffer: no allocation once it is grown).
pub(crate) fn write_into(pos: &Position, s: &mut String) {
    // The 30 slots go level by level (bits 0-15, 16-24, 25-28, 29), written into bytes
    // first and pushed once: the export writes this string for every ply.
    const LEVEL_ENDS: [usize; 3] = [16, 25, 29];
    let (white, black) = (pos.balls(0), pos.balls(1));
    let mut text = [b'/'; SLOTS + 3];
    let mut at = 0;
    for i in 0..SLOTS {
        if LEVEL_ENDS.contains(&i) {
            at += 1;
        }
        let bit = 1u32 << i;
        text[at] = if white & bit != 0 {
            b'w'
        } else if black & bit != 0 {
            b'b'
        } else {
            b'.'
        };
        at += 1;
    }
    // Only ASCII was written.
    s.push_str(std::str::from_utf8(&text).unwrap_or_default());
    s.push_str(if pos.turn() == 0 { " w " } else { " b " });
    push_count(s, pos.reserve(0).into());
    s.push(' ');
    push_count(s, pos.reserve(1).into());
    match pos.winner() {
        Some(0) => s.push_str(" 1-0"),
        Some(_) => s.push_str(" 0-1"),
        None => {}
    }
}

/// Reads a position string under `rules`. Every ball above level 1 must rest on four balls,
/// and each player's balls on the board and in reserve must make 15.
///
/// ```
/// use gamenote::pylos::{position_string, Rules, Slot};
/// let pos = position_string::parse("wb..wb........../w......../..../. b 12 13", Rules::default())?;
/// assert_eq!(pos.at("2a1".parse::<Slot>()?), Some(0));
/// assert_eq!((pos.turn(), pos.reserve(1)), (1, 13));
/// // A ball above level 1 needs four balls under it.
/// let err = position_string::parse("w.............../w......../..../. b 13 15", Rules::default()).unwrap_err();
/// assert_eq!((err.line, err.column), (1, 18));
/// assert_eq!(err.expected, "a ball resting on four balls");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse(text: &str, rules: Rules) -> Result<Position, ParseError> {
    let f = fields(text);
    let field = |i: usize, what: &str| {
        f.get(i)
            .copied()
            .ok_or_else(|| ParseError::at(text, text.len(), what))
    };
    let (at, board) = field(
        0,
        "the four levels, such as ................/........./..../.",
    )?;
    let mut balls = [0u32; 2];
    let mut chars = board.char_indices();
    for level in 1..=4u8 {
        if level > 1 {
            match chars.next() {
                Some((_, '/')) => {}
                Some((i, _)) => return Err(ParseError::at(text, at + i, "'/' after a level")),
                None => {
                    return Err(ParseError::at(
                        text,
                        at + board.len(),
                        "'/' and the next level",
                    ));
                }
            }
        }
        for slot in Slot::all().filter(|x| x.level() == level) {
            let (i, c) = chars.next().unwrap_or((board.len(), ' '));
            match c {
                '.' => {}
                'w' | 'b' => {
                    if level > 1
                        && (balls[0] | balls[1]) & SUPPORT[slot.index()] != SUPPORT[slot.index()]
                    {
                        return Err(ParseError::at(text, at + i, "a ball resting on four balls"));
                    }
                    balls[usize::from(c == 'b')] |= slot.bit();
                }
                _ => {
                    let what = format!(
                        "'.', 'w' or 'b' for slot {slot} (level {level} has {} slots)",
                        (5 - level) * (5 - level)
                    );
                    return Err(ParseError::at(text, at + i, what));
                }
            }
        }
    }
    if let Some((i, _)) = chars.next() {
        return Err(ParseError::at(text, at + i, "a space after the top slot"));
    }
    let (at, side) = field(1, "the player to move, w or b")?;
    let turn = match side {
        "w" => 0,
        "b" => 1,
        _ => return Err(ParseError::at(text, at, "the player to move, w or b")),
    };
    let mut reserve = [0u8; 2];
    for seat in 0..2 {
        let what = ["White's reserve", "Black's reserve"][seat];
        let (at, n) = field(2 + seat, what)?;
        reserve[seat] = count_field(text, at, n, BALLS, what)?;
        if balls[seat].count_ones() + u32::from(reserve[seat]) != u32::from(BALLS) {
            let on_board = balls[seat].count_ones();
            let expected = format!(
                "{what} of {} (15 balls less {on_board} on the board)",
                u32::from(BALLS) - on_board.min(15)
            );
            return Err(ParseError::at(text, at, expected));
        }
    }
    let winner = match f.get(4) {
        None => None,
        Some((_, "1-0")) => Some(0),
        Some((_, "0-1")) => Some(1),
        Some(&(at, _)) => {
            return Err(ParseError::at(
                text,
                at,
                "the result of a finished game, 1-0 or 0-1, or the end",
            ));
        }
    };
    if let Some(&(at, _)) = f.get(5) {
        return Err(ParseError::at(text, at, "the end of the position string"));
    }
    let pos = Position::from_parts(rules, balls, reserve, turn, winner);
    // A written result the rules contradict: the position is decided the other way.
    if let (Some(w), Some(&(at, _))) = (winner, f.get(4))
        && let Some(judged) = pos.judged_winner()
        && judged != w
    {
        let (result, side) = [("1-0", "White"), ("0-1", "Black")][judged & 1];
        return Err(ParseError::at(
            text,
            at,
            format!("{result} (the rules give this position to {side}), or the end"),
        ));
    }
    Ok(pos)
}
