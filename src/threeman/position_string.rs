//! Position notation: the article's Forsyth form (zones Black, Gray, White; rows rank 6 … 1;
//! files a … h) and the extended position string with seven fields after it.
//!
//! ```
//! use gamenote::threeman::{position_string, Rules};
//! let start = "Black 8/8/8/8/BpBpBpBpBpBpBpBp/BrBnBbBkBqBbBnBr \
//!              Gray 8/8/8/8/GpGpGpGpGpGpGpGp/GrGnGbGkGqGbGnGr \
//!              White 8/8/8/8/WpWpWpWpWpWpWpWp/WrWnWbWkWqWbWnWr";
//! let pos = position_string::parse(start, Rules::default()).unwrap();
//! assert_eq!(position_string::write(&pos), format!("{start} W KQ/KQ/KQ - - WGB 0 1"));
//! ```

use super::Rules;
use super::coord::{Colour, Square, zone_moats};
use super::position::{Kind, Piece, Position};
use crate::error::ParseError;
use crate::text::{self, PErr, PResult};

const NONE: u8 = 255;

fn err<'a, T>(at: &'a str, what: &'static str) -> PResult<'a, T> {
    Err(nom::Err::Failure(PErr::new(at, what)))
}

fn word<'a>(input: &'a str, w: &'static str, what: &'static str) -> PResult<'a, ()> {
    match input.strip_prefix(w) {
        Some(rest) => Ok((rest, ())),
        None => err(input, what),
    }
}

fn spaces<'a>(input: &'a str, what: &'static str) -> PResult<'a, ()> {
    let (rest, s) = text::ws(input)?;
    if s.is_empty() {
        return err(input, what);
    }
    Ok((rest, ()))
}

/// Reads the six rows of one zone into `pos`.
fn rows<'a>(mut input: &'a str, z: Colour, pos: &mut Position) -> PResult<'a, ()> {
    for r in (0..6u8).rev() {
        let mut x = 0u8;
        let mut last_digit = false;
        while x < 8 {
            let b = input.as_bytes();
            match b.first() {
                Some(d @ b'1'..=b'8') if !last_digit => {
                    let n = d - b'0';
                    if x + n > 8 {
                        return err(input, "a row of exactly 8 squares");
                    }
                    x += n;
                    last_digit = true;
                    input = &input[1..];
                }
                Some(c) if Colour::from_letter(*c).is_some() => {
                    let colour = Colour::from_letter(*c).unwrap_or(Colour::White);
                    let kind = match b.get(1) {
                        Some(b'k') => Kind::King,
                        Some(b'q') => Kind::Queen,
                        Some(b'r') => Kind::Rook,
                        Some(b'b') => Kind::Bishop,
                        Some(b'n') => Kind::Knight,
                        Some(b'p') => Kind::Pawn,
                        _ => return err(&input[1..], "a piece letter k, q, r, b, n or p"),
                    };
                    let mut len = 2;
                    let crossed = kind == Kind::Pawn && b.get(2) == Some(&b'\'');
                    if crossed {
                        len = 3;
                    }
                    if kind == Kind::Pawn && r == 0 {
                        return err(input, "a piece other than a pawn on rank 1");
                    }
                    let s = Square::from_article(z, x, r);
                    if kind == Kind::King {
                        if pos.kings[colour.index()] != NONE {
                            return err(input, "one king of each colour at most");
                        }
                        pos.kings[colour.index()] = s.0;
                    }
                    pos.set_piece(
                        s,
                        Some(Piece {
                            colour,
                            kind,
                            crossed,
                        }),
                    );
                    x += 1;
                    last_digit = false;
                    input = &input[len..];
                }
                _ => {
                    return err(
                        input,
                        if last_digit {
                            "a colour letter W, G or B (never two digits in a row)"
                        } else {
                            "a colour letter W, G or B or a digit"
                        },
                    );
                }
            }
        }
        if r > 0 {
            input = word(input, "/", "'/' after a row of 8 squares")?.0;
        }
    }
    Ok((input, ()))
}

/// Reads the board part (article form) into an empty position.
fn board(input: &str, rules: Rules) -> PResult<'_, Position> {
    let mut pos = Position::empty(rules);
    let mut s = input;
    for (i, (z, name)) in [
        (Colour::Black, "Black"),
        (Colour::Gray, "Gray"),
        (Colour::White, "White"),
    ]
    .into_iter()
    .enumerate()
    {
        if i > 0 {
            s = spaces(s, "a space before the next zone")?.0;
        }
        s = word(s, name, ["\"Black\"", "\"Gray\"", "\"White\""][i])?.0;
        s = spaces(s, "a space after the zone name")?.0;
        s = rows(s, z, &mut pos)?.0;
    }
    Ok((s, pos))
}

fn colour_field(input: &str) -> PResult<'_, Colour> {
    match input
        .as_bytes()
        .first()
        .and_then(|c| Colour::from_letter(*c))
    {
        Some(c) => Ok((&input[1..], c)),
        None => err(input, "the side to move W, G or B"),
    }
}

fn castling_field(mut input: &str) -> PResult<'_, u8> {
    let mut rights = 0u8;
    for c in 0..3 {
        if c > 0 {
            input = word(input, "/", "'/' between castling rights")?.0;
        }
        let (rest, bits) = if let Some(r) = input.strip_prefix("KQ") {
            (r, 3)
        } else if let Some(r) = input.strip_prefix('K') {
            (r, 1)
        } else if let Some(r) = input.strip_prefix('Q') {
            (r, 2)
        } else if let Some(r) = input.strip_prefix('-') {
            (r, 0)
        } else {
            return err(input, "castling rights KQ, K, Q or -");
        };
        rights |= bits << (2 * c);
        input = rest;
    }
    Ok((input, rights))
}

/// The largest clock and round a position string may give: far beyond any real game, and
/// far enough below `u32::MAX` that playing on from it can never overflow the counters.
pub const MAX_COUNTER: u32 = 1_000_000_000;

fn digits<'a>(input: &'a str, what: &'static str) -> PResult<'a, u32> {
    let n = input.bytes().take_while(u8::is_ascii_digit).count();
    if n == 0 {
        return err(input, what);
    }
    match input[..n].parse::<u32>() {
        Ok(v) if v <= MAX_COUNTER => Ok((&input[n..], v)),
        _ => err(input, "a number of at most 1000000000"),
    }
}

/// Reads a position: the article's form alone, or followed by the seven fields of the
/// extended string.
pub(crate) fn position(input: &str, rules: Rules) -> PResult<'_, Position> {
    let (rest, mut pos) = board(input, rules)?;
    for c in 0..3 {
        if pos.kings[c] == NONE {
            pos.alive &= !(1 << c);
        }
    }
    let (after_ws, gap) = text::sp(rest)?;
    let extended =
        !gap.is_empty() && matches!(after_ws.as_bytes().first(), Some(b'W' | b'G' | b'B'));
    let rest = if extended {
        fields(after_ws, &mut pos)?.0
    } else {
        // the bare form: rights where king and rook are at home, bridges where rank 1 is empty
        let mut rights = 0;
        for c in 0..3u8 {
            let home = |x: u8, k: Kind| {
                pos.piece_at(Square::from_article(Colour::from_index(c as usize), x, 0))
                    == Some(Piece {
                        colour: Colour::from_index(c as usize),
                        kind: k,
                        crossed: false,
                    })
            };
            if home(3, Kind::King) {
                if home(0, Kind::Rook) {
                    rights |= 1 << (2 * c);
                }
                if home(7, Kind::Rook) {
                    rights |= 2 << (2 * c);
                }
            }
        }
        pos.castling = rights;
        for c in 0..3 {
            if pos.alive & (1 << c) == 0 {
                pos.bridged |= zone_moats(c);
            }
        }
        pos.bridge_vacated();
        rest
    };
    if pos.alive == 0 {
        return err(input, "a position with a king");
    }
    pos.settle(false);
    Ok((rest, pos))
}

fn fields<'a>(input: &'a str, pos: &mut Position) -> PResult<'a, ()> {
    let (s, side) = colour_field(input)?;
    let s = spaces(s, "a space before the castling rights")?.0;
    let at = s;
    let (s, rights) = castling_field(s)?;
    for c in 0..3u8 {
        let z = Colour::from_index(c as usize);
        let at_home = |x: u8, k: Kind| {
            pos.piece_at(Square::from_article(z, x, 0))
                == Some(Piece {
                    colour: z,
                    kind: k,
                    crossed: false,
                })
        };
        if rights & (1 << (2 * c)) != 0 && !(at_home(3, Kind::King) && at_home(0, Kind::Rook))
            || rights & (2 << (2 * c)) != 0 && !(at_home(3, Kind::King) && at_home(7, Kind::Rook))
        {
            return err(at, "castling rights only where king and rook stand at home");
        }
    }
    pos.castling = rights;
    let s = spaces(s, "a space before the en-passant squares")?.0;
    let ep_at = s;
    let mut eps: Vec<Square> = Vec::new();
    let mut s = if let Some(r) = s.strip_prefix('-') {
        r
    } else {
        let mut s = s;
        loop {
            let (r, sq) = match super::coord::square(s) {
                Ok(x) => x,
                Err(_) => return err(s, "an en-passant square such as GRe3, or -"),
            };
            if sq.rank() != 2 {
                return err(s, "an en-passant square on rank 3");
            }
            eps.push(sq);
            s = r;
            if eps.len() < 2
                && let Some(r) = s.strip_prefix(',')
            {
                s = r;
                continue;
            }
            break;
        }
        s
    };
    let s2 = spaces(s, "a space before the bridged moats")?.0;
    s = s2;
    let mut bridged = 0u8;
    if let Some(r) = s.strip_prefix('-') {
        s = r;
    } else {
        let names = ["WG", "GB", "BW"];
        let mut next = 0;
        loop {
            let Some(i) = (next..3).find(|i| s.starts_with(names[*i])) else {
                return err(s, "bridged moats WG, GB, BW (in that order) or -");
            };
            bridged |= 1 << i;
            next = i + 1;
            s = &s[2..];
            if next < 3
                && let Some(r) = s.strip_prefix(',')
            {
                s = r;
                continue;
            }
            break;
        }
    }
    s = spaces(s, "a space before the players alive")?.0;
    let alive_at = s;
    let mut alive = 0u8;
    let mut next = 0;
    while let Some(c) = s.as_bytes().first().and_then(|b| Colour::from_letter(*b)) {
        if c.index() < next {
            return err(s, "the players alive in the order W, G, B");
        }
        alive |= 1 << c.index();
        next = c.index() + 1;
        s = &s[1..];
    }
    if alive == 0 {
        return err(s, "the players alive, such as WGB");
    }
    for c in 0..3 {
        if alive & (1 << c) != 0 && pos.kings[c] == NONE {
            return err(alive_at, "players alive that have a king");
        }
    }
    if alive & (1 << side.index()) == 0 {
        return err(alive_at, "players alive including the side to move");
    }
    s = spaces(s, "a space before the clock")?.0;
    let (r, clock) = digits(s, "the clock (moves since a capture or pawn move)")?;
    s = spaces(r, "a space before the round")?.0;
    let round_at = s;
    let (r, round) = digits(s, "the round number")?;
    if round == 0 {
        return err(round_at, "a round number from 1");
    }
    pos.side = side.index() as u8;
    pos.alive = alive;
    for c in 0..3 {
        if alive & (1 << c) == 0 {
            bridged |= zone_moats(c);
        }
    }
    pos.bridged = bridged;
    pos.clock = clock;
    pos.round = round;
    // en passant: older first, from the seats two and one before the side to move
    let older = (side.index() + 1) % 3;
    let newer = (side.index() + 2) % 3;
    match eps.as_slice() {
        [] => {}
        [a, b] => {
            pos.ep[older] = a.0;
            pos.ep[newer] = b.0;
        }
        [a] => {
            // The passed square lies in the zone of the seat that double-stepped; the pawn
            // beyond it may since have been taken, even by another seat's pawn.
            let owner = a.zone().index();
            if owner == side.index() {
                return err(
                    ep_at,
                    "en-passant squares of the two seats before the side to move",
                );
            }
            pos.ep[owner] = a.0;
        }
        _ => {}
    }
    Ok((r, ()))
}

/// Reads a whole position string (article form or extended).
///
/// ```
/// use gamenote::threeman::{position_string, Colour, Rules};
/// let kings = "Black 8/8/8/8/8/3Bk4 Gray 8/8/8/8/8/3Gk4 White 8/8/8/8/8/3Wk4";
/// let pos = position_string::parse(&format!("{kings} G -/-/- - - WGB 7 12"), Rules::default())?;
/// assert_eq!((pos.side_to_move(), pos.clock(), pos.round()), (Colour::Gray, 7, 12));
/// let err = position_string::parse(&format!("{kings} W -/-/- - - WGB 0 0"), Rules::default()).unwrap_err();
/// assert_eq!((err.column, err.expected.as_str()), (81, "a round number from 1"));
/// # Ok::<(), gamenote::ParseError>(())
/// ```
pub fn parse(input: &str, rules: Rules) -> Result<Position, ParseError> {
    text::parse_all(input, |i| position(i, rules))
}

/// Writes the board in the article's form.
///
/// ```
/// use gamenote::threeman::{position_string, Position, Rules};
/// let start = Position::start(Rules::default());
/// assert!(position_string::write_board(&start).ends_with("White 8/8/8/8/WpWpWpWpWpWpWpWp/WrWnWbWkWqWbWnWr"));
/// let kings = "Black 8/8/8/8/8/3Bk4 Gray 8/8/8/8/8/3Gk4 White 8/8/8/8/8/3Wk4";
/// assert_eq!(position_string::write_board(&position_string::parse(kings, Rules::default())?), kings);
/// # Ok::<(), gamenote::ParseError>(())
/// ```
pub fn write_board(pos: &Position) -> String {
    let mut out = String::with_capacity(200);
    write_board_into(pos, &mut out);
    out
}

/// The squares in the order the board part of the position string lists them: zones
/// Black, Gray, White; in each, ranks 6 down to 1; in each rank, files a to h.
const BOARD_ORDER: [Square; 144] = {
    let zones = [Colour::Black, Colour::Gray, Colour::White];
    let mut order = [Square(0); 144];
    let mut k = 0;
    let mut z = 0;
    while z < 3 {
        let mut r = 6;
        while r > 0 {
            r -= 1;
            let mut x = 0;
            while x < 8 {
                order[k] = Square::from_article(zones[z], x, r);
                k += 1;
                x += 1;
            }
        }
        z += 1;
    }
    order
};

/// [`write_board`] at the end of `out`: written into bytes first and pushed once (the
/// export writes this for every ply).
fn write_board_into(pos: &Position, out: &mut String) {
    // At most 3 bytes a square (`Wp'`), a zone's name, a space and 5 `/` a zone.
    let mut text = [0u8; 3 * (144 / 3 * 3 + 5 + 1 + 5) + 2];
    let mut at = 0;
    let mut push = |b: u8| {
        if let Some(t) = text.get_mut(at) {
            *t = b;
        }
        at += 1;
    };
    for (i, z) in [Colour::Black, Colour::Gray, Colour::White]
        .into_iter()
        .enumerate()
    {
        if i > 0 {
            push(b' ');
        }
        for &b in z.name().as_bytes() {
            push(b);
        }
        push(b' ');
        for r in 0..6 {
            let mut empty = 0;
            for &sq in &BOARD_ORDER[i * 48 + r * 8..i * 48 + r * 8 + 8] {
                match pos.piece_at(sq) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            push(b'0' + empty);
                            empty = 0;
                        }
                        push(p.colour.letter() as u8);
                        push(p.kind.lower() as u8);
                        if p.crossed {
                            push(b'\'');
                        }
                    }
                }
            }
            if empty > 0 {
                push(b'0' + empty);
            }
            if r < 5 {
                push(b'/');
            }
        }
    }
    // Only ASCII was written, and never past the end.
    out.push_str(std::str::from_utf8(text.get(..at).unwrap_or_default()).unwrap_or_default());
}

/// Writes the extended position string.
///
/// ```
/// use gamenote::{record, Mode, Record, threeman::{position_string, ThreeMan}};
/// let rec: Record<ThreeMan> = "1. WHe4 *".parse()?;
/// let end = record::replay(&rec, Mode::Strict).end;
/// // Gray to move; White's double step passed WH e3; no moat bridged; all alive; clock, round
/// assert!(position_string::write(&end).ends_with("White 8/8/4Wp3/8/WpWpWpWp1WpWpWp/WrWnWbWkWqWbWnWr G KQ/KQ/KQ WHe3 - WGB 0 1"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(pos: &Position) -> String {
    let mut out = String::with_capacity(200);
    write_into(pos, &mut out);
    out
}

/// [`write`] at the end of `out` (the export's kept buffer: no allocation once it is grown).
pub(crate) fn write_into(pos: &Position, out: &mut String) {
    use std::fmt::Write as _;
    write_board_into(pos, out);
    let side = pos.side as usize;
    out.push(' ');
    out.push(Colour::from_index(side).letter());
    out.push(' ');
    for c in 0..3 {
        if c > 0 {
            out.push('/');
        }
        out.push_str(match (pos.castling >> (2 * c)) & 3 {
            3 => "KQ",
            1 => "K",
            2 => "Q",
            _ => "-",
        });
    }
    out.push(' ');
    let mut any = false;
    for s in [(side + 1) % 3, (side + 2) % 3] {
        if pos.ep[s] != NONE {
            if any {
                out.push(',');
            }
            any = true;
            let _ = write!(out, "{}", Square(pos.ep[s]));
        }
    }
    if !any {
        out.push('-');
    }
    out.push(' ');
    let mut any = false;
    for (i, name) in ["WG", "GB", "BW"].iter().enumerate() {
        if pos.bridged & (1 << i) != 0 {
            if any {
                out.push(',');
            }
            any = true;
            out.push_str(name);
        }
    }
    if !any {
        out.push('-');
    }
    out.push(' ');
    for c in Colour::ALL {
        if pos.is_alive(c) {
            out.push(c.letter());
        }
    }
    out.push(' ');
    crate::game::push_count(out, pos.clock);
    out.push(' ');
    crate::game::push_count(out, pos.round);
}
