//! Position builders shared by the GIPF test files.

use gamenote::gipf::{BLACK, Point, Position, Rules, WHITE};

/// A point from its name.
pub fn p(s: &str) -> Point {
    s.parse().unwrap()
}

/// A position with White to move and reserves 10/10: `spec` lists `o`/`O`/`x`/`X` (White,
/// White GIPF-piece, Black, Black GIPF-piece) then points, e.g. `"o c2 e4 O d3 x g4"`.
pub fn board_with(rules: Rules, spec: &str) -> Position {
    let mut pos = Position::empty(rules, [10, 10]);
    let mut piece = None;
    for w in spec.split_whitespace() {
        match w {
            "o" => piece = Some((WHITE, false)),
            "O" => piece = Some((WHITE, true)),
            "x" => piece = Some((BLACK, false)),
            "X" => piece = Some((BLACK, true)),
            pt => pos.set(p(pt), piece),
        }
    }
    pos.set_to_move(WHITE);
    pos
}
