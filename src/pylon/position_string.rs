//! The Pylon position string: the board size, the levels and the player to move.
//!
//! `SIZE LEVEL1/LEVEL2/…/LEVELn TO-MOVE`: level `l` lists its `(n − l + 1)²` points row by
//! row from row 1, columns `a` first, `.` for an empty point, `w` and `b` for the pieces
//! (buried or not); the player to move is `w` or `b`. The other rule options come from the
//! `[Rules]` tag.
//!
//! It is built only on [`Position::rules`], [`Position::piece`], [`Position::to_move`] and
//! [`Position::with_pieces`], so it does not depend on how the position stores its pieces.
//!
//! ```
//! use gamenote::pylon::{position_string, Rules};
//! let pos = position_string::parse("2 wb../. b", Rules::default())?;
//! assert_eq!(pos.rules().size, 2);
//! assert_eq!(position_string::write(&pos), "2 wb../. b");
//! # Ok::<(), gamenote::ParseError>(())
//! ```

use super::coord::{MAX_SIZE, MIN_SIZE, Point};
use super::position::Position;
use super::rules::Rules;
use crate::error::ParseError;
use crate::game::fields;

/// The position string of `pos`.
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::pylon::{position_string, Pylon, Rules};
/// let mut pos = Pylon::start(&Rules::with_size(2));
/// let m = Pylon::resolve(&pos, &"1b1".parse()?)?;
/// Pylon::play(&mut pos, &m);
/// assert_eq!(position_string::write(&pos), "2 .w../. b");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(pos: &Position) -> String {
    let mut s = String::new();
    write_into(pos, &mut s);
    s
}

/// [`write`] at the end of `s` (the export's kept buffer: no allocation once it is grown).
pub(crate) fn write_into(pos: &Position, s: &mut String) {
    let n = pos.rules().size;
    crate::game::push_count(s, n.into());
    s.push(' ');
    pos.write_points(s);
    s.push_str(if pos.to_move() == 0 { " w" } else { " b" });
}

/// Reads a position string; the size it gives replaces that of `rules`. Every piece above
/// level 1 must rest on four pieces.
///
/// ```
/// use gamenote::pylon::{position_string, Point, Rules};
/// let pos = position_string::parse("3 wb.bw..../w.../. b", Rules::default())?;
/// assert_eq!(pos.rules().size, 3); // the size written, not the default 6
/// assert_eq!(pos.piece(Point::new(2, 0, 0)), Some(0));
/// assert_eq!(pos.to_move(), 1);
/// let err = position_string::parse("3 wb.bw..../w.../. x", Rules::default()).unwrap_err();
/// assert_eq!((err.column, err.expected.as_str()), (20, "the player to move, w or b"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse(text: &str, rules: Rules) -> Result<Position, ParseError> {
    let f = fields(text);
    let field = |i: usize, what: &str| {
        f.get(i)
            .copied()
            .ok_or_else(|| ParseError::at(text, text.len(), what))
    };
    let size_what = format!("the board size from {MIN_SIZE} to {MAX_SIZE}");
    let (at, size) = field(0, &size_what)?;
    let n = match size.parse::<u8>() {
        Ok(n) if (MIN_SIZE..=MAX_SIZE).contains(&n) && !size.starts_with('+') => n,
        _ => return Err(ParseError::at(text, at, size_what)),
    };
    let (at, board) = field(1, "the levels, level 1 first, separated by '/'")?;
    let mut pieces: [Vec<Point>; 2] = [Vec::new(), Vec::new()];
    let mut chars = board.char_indices();
    for level in 1..=n {
        if level > 1 {
            match chars.next() {
                Some((_, '/')) => {}
                Some((i, _)) => return Err(ParseError::at(text, at + i, "'/' after a level")),
                None => {
                    let what = format!("'/' and level {level} of {n}");
                    return Err(ParseError::at(text, at + board.len(), what));
                }
            }
        }
        let w = n + 1 - level;
        for row in 0..w {
            for col in 0..w {
                let p = Point::new(level, col, row);
                match chars.next() {
                    Some((_, '.')) => {}
                    Some((_, 'w')) => pieces[0].push(p),
                    Some((_, 'b')) => pieces[1].push(p),
                    other => {
                        let i = other.map_or(board.len(), |(i, _)| i);
                        let what = format!(
                            "'.', 'w' or 'b' for {p} (level {level} has {} points)",
                            u16::from(w) * u16::from(w)
                        );
                        return Err(ParseError::at(text, at + i, what));
                    }
                }
            }
        }
    }
    if let Some((i, _)) = chars.next() {
        return Err(ParseError::at(text, at + i, "a space after the top level"));
    }
    let (at_side, side) = field(2, "the player to move, w or b")?;
    let to_move = match side {
        "w" => 0,
        "b" => 1,
        _ => return Err(ParseError::at(text, at_side, "the player to move, w or b")),
    };
    if let Some(&(at, _)) = f.get(3) {
        return Err(ParseError::at(text, at, "the end of the position string"));
    }
    let rules = Rules { size: n, ..rules };
    Position::with_pieces(rules, &pieces[0], &pieces[1], to_move)
        .map_err(|why| ParseError::at(text, at, format!("a position the rules allow ({why})")))
}
