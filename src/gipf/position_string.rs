//! The GIPF position string: the `[Final]` form of the GF1 data, with one more field for
//! the opening of the tournament game.
//!
//! `SPOTS W=n lostW=n B=n lostB=n next=o|x [opening=WB]`: the 37 spots column by column
//! (`a` to `i`, each from its lowest row), `.` empty, `o`/`O` a White basic/GIPF-piece,
//! `x`/`X` Black's; each player's reserve and the pieces he has lost (a GIPF-piece counts
//! 2); the player to move (`o` White, `x` Black). In the tournament game, while a player
//! may still bring in GIPF-pieces, `opening=` gives a letter per player, White first: `n`
//! has not moved yet, `g` has brought in only GIPF-pieces, `b` has played a basic piece.
//! Without it both have played a basic piece, as in the GF1 data. Once a player's last
//! GIPF-piece has left the board, `gone=` says whose left first: `o` White's, `x` Black's,
//! `=o` or `=x` both in the same phase, removed by White or by Black (the last-GIPF rule
//! needs it). The number of half-moves played is not kept: a position read counts from 0,
//! or from 1 when `gone=` is given, so that the phase it names comes before any to come.
//! Positions compare equal when their strings are the same (the half-move count is not
//! compared), so every string written reads back to an equal position. `opening=` is read
//! only in the tournament game, and never as `opening=bb` (written as no field at all):
//! each string read is written back the same, up to blanks between fields and leading
//! zeros in counts.
//!
//! ```
//! use gamenote::prelude::*;
//! use gamenote::{Game, gipf::{position_string, Gipf, Rules, Variant}};
//! let start = Gipf::start(&Rules::new(Variant::Tournament));
//! let s = position_string::write(&start);
//! assert_eq!(s, format!("{} W=18 lostW=0 B=18 lostB=0 next=o opening=nn", ".".repeat(37)));
//! assert_eq!(position_string::parse(&s, Rules::new(Variant::Tournament))?, start);
//! # Ok::<(), gamenote::ParseError>(())
//! ```

use super::coord::Point;
use super::position::{BLACK, Position, WHITE};
use super::rules::{Rules, Variant};
use crate::error::ParseError;
use crate::game::{count_field, fields};

/// Both players have moved and played a basic piece.
const ALL_FLAGS: u8 = 0b1111;

/// The position string of `pos`.
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::gipf::{position_string, Gipf, Rules, Variant};
/// let mut pos = Gipf::start(&Rules::new(Variant::Tournament));
/// let m = Gipf::resolve(&pos, &"Ge2".parse()?)?;
/// Gipf::play(&mut pos, &m);
/// // White has brought in a GIPF-piece (two pieces from the reserve); Black has not moved.
/// assert!(position_string::write(&pos).ends_with(" W=16 lostW=0 B=18 lostB=0 next=x opening=gn"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(pos: &Position) -> String {
    let mut s = String::with_capacity(80);
    write_into(pos, &mut s);
    s
}

/// [`write`] at the end of `s` (the export's kept buffer: no allocation once it is grown).
pub(crate) fn write_into(pos: &Position, s: &mut String) {
    super::position_string_into(pos, s);
    if pos.rules().variant == Variant::Tournament && pos.flags != ALL_FLAGS {
        s.push_str(" opening=");
        for seat in [WHITE, BLACK] {
            s.push(match (pos.moved(seat), pos.basic_played(seat)) {
                (false, _) => 'n',
                (true, false) => 'g',
                (true, true) => 'b',
            });
        }
    }
    let (zw, zb) = (pos.zero[WHITE], pos.zero[BLACK]);
    if zw != 0 || zb != 0 {
        s.push_str(" gone=");
        if zw == zb {
            s.push('=');
        }
        let white = if zw == zb {
            pos.zero_by[WHITE] == WHITE as u8
        } else {
            zb == 0 || (zw != 0 && zw < zb)
        };
        s.push(if white { 'o' } else { 'x' });
    }
}

/// Reads a position string (the GF1 `[Final]` form, or [`write()`]'s) under `rules`.
///
/// ```
/// use gamenote::gipf::{position_string, Point, Rules, BLACK, WHITE};
/// let text = "X..O...........O.....X...........X..O W=12 lostW=0 B=11 lostB=1 next=x";
/// let pos = position_string::parse(text, Rules::default())?;
/// assert_eq!(pos.piece("e2".parse::<Point>()?), Some((WHITE, true)));
/// assert_eq!((pos.reserve(BLACK), pos.lost(BLACK), pos.to_move()), (11, 1, BLACK));
/// let err = position_string::parse(&text.replace("next=x", "next=z"), Rules::default()).unwrap_err();
/// assert_eq!((err.column, err.expected.as_str()), (65, "next=o or next=x"));
/// // A full board: the players' pieces can never fill it.
/// let full = format!("{} W=5 lostW=0 B=5 lostB=0 next=x", "o".repeat(37));
/// assert_eq!(position_string::parse(&full, Rules::default()).unwrap_err().found, "37");
/// # Ok::<(), gamenote::ParseError>(())
/// ```
pub fn parse(text: &str, rules: Rules) -> Result<Position, ParseError> {
    let f = fields(text);
    let field = |i: usize, what: &str| {
        f.get(i)
            .copied()
            .ok_or_else(|| ParseError::at(text, text.len(), what))
    };
    let (at, board) = field(0, "the 37 spots, column a first")?;
    let mut pos = Position::empty(rules, [0, 0]);
    let mut chars = board.char_indices();
    for p in Point::all().filter(|p| p.is_spot()) {
        let piece = match chars.next() {
            Some((_, '.')) => None,
            Some((_, 'o')) => Some((WHITE, false)),
            Some((_, 'O')) => Some((WHITE, true)),
            Some((_, 'x')) => Some((BLACK, false)),
            Some((_, 'X')) => Some((BLACK, true)),
            other => {
                let i = other.map_or(board.len(), |(i, _)| i);
                let what = format!("'.', 'o', 'O', 'x' or 'X' for spot {p}");
                return Err(ParseError::at(text, at + i, what));
            }
        };
        pos.set(p, piece);
    }
    if let Some((i, _)) = chars.next() {
        return Err(ParseError::at(text, at + i, "a space after the 37 spots"));
    }
    // The players' 36 pieces (a GIPF-piece is two) can never fill all 37 spots: on a full
    // board no push is legal, and the game would be neither over nor playable.
    if !board.contains('.') {
        let what =
            "at most 36 pieces on the board (the players' pieces can never fill all 37 spots)";
        let mut e = ParseError::at(text, at, what);
        e.found = "37".to_string();
        return Err(e);
    }
    let names = ["W=", "lostW=", "B=", "lostB="];
    let mut counts = [0u8; 4];
    for (k, name) in names.iter().enumerate() {
        let (at, v) = field(1 + k, name)?;
        let Some(n) = v.strip_prefix(name) else {
            return Err(ParseError::at(text, at, format!("{name} and a number")));
        };
        counts[k] = count_field(text, at + name.len(), n, u8::MAX, "a number")?;
    }
    pos.set_reserve(WHITE, counts[0]);
    pos.lost[WHITE] = counts[1];
    pos.set_reserve(BLACK, counts[2]);
    pos.lost[BLACK] = counts[3];
    let (at, next) = field(5, "next=o or next=x")?;
    match next {
        "next=o" => pos.set_to_move(WHITE),
        "next=x" => pos.set_to_move(BLACK),
        _ => return Err(ParseError::at(text, at, "next=o or next=x")),
    }
    let mut extra = f.iter().skip(6).peekable();
    if let Some(&(at, opening)) = extra.next_if(|(_, x)| x.starts_with("opening=")) {
        if rules.variant != Variant::Tournament {
            // Only the tournament game has an opening: the string would not read back.
            let what = "the end of the position string (opening= is for the tournament game)";
            return Err(ParseError::at(text, at, what));
        }
        let what = "opening= and a letter n, g or b for each player, not both b";
        let letters = opening.strip_prefix("opening=").map(str::as_bytes);
        let Some(&[w, b]) = letters else {
            return Err(ParseError::at(text, at, what));
        };
        let mut flags = 0;
        for (seat, c) in [(WHITE, w), (BLACK, b)] {
            flags |= match c {
                b'n' => 0,
                b'g' => 1 << seat,
                b'b' => 5 << seat,
                _ => return Err(ParseError::at(text, at, what)),
            };
        }
        if flags == ALL_FLAGS {
            // Both have played a basic piece: written without `opening=`, so read without.
            return Err(ParseError::at(text, at, what));
        }
        pos.flags = flags;
    }
    if let Some(&(at, gone)) = extra.next_if(|(_, x)| x.starts_with("gone=")) {
        let (zero, by) = match gone {
            "gone=o" => ([1, 2], WHITE),
            "gone=x" => ([2, 1], WHITE),
            "gone==o" => ([1, 1], WHITE),
            "gone==x" => ([1, 1], BLACK),
            _ => {
                return Err(ParseError::at(
                    text,
                    at,
                    "gone=o, gone=x, gone==o or gone==x",
                ));
            }
        };
        pos.zero = zero;
        pos.zero_by = [by as u8; 2];
        pos.ply = 1;
    }
    if let Some(&(at, _)) = extra.next() {
        return Err(ParseError::at(text, at, "the end of the position string"));
    }
    Ok(pos)
}
