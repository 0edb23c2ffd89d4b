//! The GIPF position string: the `[Final]` form of the GF1 data, with one more field for
//! the opening of the tournament game.
//!
//! `SPOTS W=n lostW=n B=n lostB=n next=o|x [opening=WB]`: the 37 spots column by column
//! (`a` to `i`, each from its lowest row), `.` empty, `o`/`O` a White basic/GIPF-piece,
//! `x`/`X` Black's; each player's reserve and the pieces he has lost (a GIPF-piece counts
//! 2); the player to move (`o` White, `x` Black). In the tournament game, while a player
//! may still bring in GIPF-pieces, `opening=` gives a letter per player, White first: `n`
//! has not moved yet, `g` has brought in only GIPF-pieces, `b` has played a basic piece.
//! Without it both have played a basic piece, as in the GF1 data.
//!
//! ```
//! use gamenote::{Game, gipf::{fen, Gipf, Rules, Variant}};
//! let start = Gipf::start(&Rules::new(Variant::Tournament));
//! let s = fen::write(&start);
//! assert_eq!(s, format!("{} W=18 lostW=0 B=18 lostB=0 next=o opening=nn", ".".repeat(37)));
//! assert_eq!(fen::parse(&s, Rules::new(Variant::Tournament))?, start);
//! # Ok::<(), gamenote::ParseError>(())
//! ```

use super::coord::Point;
use super::position::{Position, BLACK, WHITE};
use super::rules::{Rules, Variant};
use crate::error::ParseError;
use crate::game::{count_field, fields};

/// Both players have moved and played a basic piece.
const ALL_FLAGS: u8 = 0b1111;

/// The position string of `pos`.
pub fn write(pos: &Position) -> String {
    let mut s = super::position_string(pos);
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
    s
}

/// Reads a position string (the GF1 `[Final]` form, or [`write`]'s) under `rules`.
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
    if let Some(&(at, opening)) = f.get(6) {
        let what = "opening= and a letter n, g or b for each player";
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
        pos.flags = flags;
    }
    if let Some(&(at, _)) = f.get(7) {
        return Err(ParseError::at(text, at, "the end of the position string"));
    }
    Ok(pos)
}
