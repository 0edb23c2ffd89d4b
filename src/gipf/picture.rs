//! The GIPF board as an SVG picture (`gamenote show --format svg`).

use super::coord::{Line, Point};
use super::position::{Move, Position, WHITE};
use crate::svg::Svg;

const STEP: f64 = 40.0;
const MARGIN: f64 = 40.0;

/// Where a point is drawn: columns left to right, Black's side at the top.
fn at(p: Point) -> (f64, f64) {
    let col = f64::from(p.col());
    let h = 2.0 * f64::from(p.row() - 1) + (f64::from(p.col()) - 4.0).abs();
    (
        MARGIN + col * STEP * 0.866_025_4,
        MARGIN + (16.0 - h) * STEP / 2.0,
    )
}

/// The picture of `pos`, with the spot entered by `last` ringed and its dot marked.
pub(crate) fn svg(pos: &Position, last: Option<&Move>) -> String {
    let width = 2.0 * MARGIN + 8.0 * STEP * 0.866_025_4;
    let height = 2.0 * MARGIN + 8.0 * STEP + 94.0;
    let mut s = Svg::new(width, height);
    for l in Line::all() {
        let (a, b) = (at(l.first()), at(l.last()));
        s.line(a.0, a.1, b.0, b.1, "grid");
    }
    for p in Point::all() {
        let (x, y) = at(p);
        let name = p.to_string();
        if p.is_dot() {
            s.circle(x, y, 4.0, "dot", &[("data-point", &name)]);
        } else {
            s.circle(x, y, 5.0, "spot", &[("data-point", &name)]);
        }
    }
    // Coordinates: each column's letter under its lowest point, each row's number left of
    // its first point.
    for p in Point::all() {
        let (x, y) = at(p);
        if p.row() == 1 {
            s.text(x, y + 16.0, &p.to_string()[..1], "label");
        }
        if !Point::all().any(|q| q.row() == p.row() && q.col() < p.col()) {
            s.text(x - 16.0, y, &p.row().to_string(), "label");
        }
    }
    for p in Point::all() {
        if let Some((seat, gipf)) = pos.piece(p) {
            let (x, y) = at(p);
            let colour = if seat == WHITE { "white" } else { "black" };
            let class = if gipf {
                format!("{colour} gipf")
            } else {
                colour.to_string()
            };
            s.circle(x, y, 15.0, &class, &[("data-point", &p.to_string())]);
            if gipf {
                s.circle(x, y, 8.0, &class, &[]);
            }
        }
    }
    if let Some(push) = last.and_then(|m| m.push()) {
        let (x, y) = at(push.ray.spot(0));
        s.circle(x, y, 19.0, "last", &[]);
        let (x, y) = at(push.ray.dot());
        s.circle(x, y, 9.0, "from", &[]);
    }
    let status = match pos.outcome() {
        Some(crate::game::Outcome::Win(w)) => {
            format!("{} has won", ["White", "Black"][usize::from(w & 1)])
        }
        _ => format!("{} to move", ["White", "Black"][pos.to_move()]),
    };
    let base = MARGIN + 8.0 * STEP + 44.0;
    let lines = [
        format!(
            "reserves: White {}, Black {}",
            pos.reserve(0),
            pos.reserve(1)
        ),
        format!("lost: White {}, Black {}", pos.lost(0), pos.lost(1)),
        status,
    ];
    for (i, t) in lines.iter().enumerate() {
        s.text(width / 2.0, base + 18.0 * i as f64, t, "label");
    }
    s.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::game::Play;
    use crate::gipf::{Gipf, Rules, Variant};

    #[test]
    fn picture_of_the_start() {
        let pos = Gipf::start(&Rules::new(Variant::Standard));
        let doc = svg(&pos, None);
        assert!(doc.starts_with("<svg"));
        assert_eq!(doc.matches("class=\"dot\"").count(), 24);
        assert_eq!(doc.matches("class=\"spot\"").count(), 37);
        assert_eq!(doc.matches("<line").count(), 21);
        assert_eq!(doc.matches("class=\"white gipf\" cx").count(), 6);
        assert!(doc.contains("White to move"));
        let mut moves = Vec::new();
        Gipf::legal_moves(&pos, &mut moves);
        let mut after = pos.clone();
        Gipf::play(&mut after, &moves[0]);
        assert!(svg(&after, Some(&moves[0])).contains("class=\"last\""));
    }
}
