//! The circular board as SVG: six rings of 24 squares around the centre, White's zone at the
//! bottom, Gray's clockwise from it, moats and creeks drawn, the last move marked.

use std::f64::consts::PI;

use super::coord::{Colour, Square};
use super::position::{Kind, Move, Position};
use crate::svg::Svg;

const SIZE: f64 = 560.0;
const CX: f64 = 280.0;
const CY: f64 = 280.0;
const HOLE: f64 = 56.0;
const RING: f64 = 33.0;

/// Angle of ring position `u` (0..24 in file units), White's d/e boundary straight down.
fn angle(u: f64) -> f64 {
    PI / 2.0 + (u - 4.0) * PI / 12.0
}

fn point(radius: f64, u: f64) -> (f64, f64) {
    let a = angle(u);
    (CX + radius * a.cos(), CY + radius * a.sin())
}

/// Inner and outer radius of internal rank `r` (0 outside).
fn radii(r: u8) -> (f64, f64) {
    let inner = HOLE + f64::from(5 - r) * RING;
    (inner, inner + RING)
}

fn centre(s: Square) -> (f64, f64) {
    let (ri, ro) = radii(s.rank());
    point((ri + ro) / 2.0, f64::from(s.file()) + 0.5)
}

fn sector(s: Square) -> String {
    let (ri, ro) = radii(s.rank());
    let u0 = f64::from(s.file());
    let (a, b, c, d) = (
        point(ro, u0),
        point(ro, u0 + 1.0),
        point(ri, u0 + 1.0),
        point(ri, u0),
    );
    format!(
        "M{:.1} {:.1} A{ro:.1} {ro:.1} 0 0 1 {:.1} {:.1} L{:.1} {:.1} A{ri:.1} {ri:.1} 0 0 0 {:.1} {:.1} Z",
        a.0, a.1, b.0, b.1, c.0, c.1, d.0, d.1
    )
}

/// The picture of `pos`, with `last` marked.
pub fn svg(pos: &Position, last: Option<&Move>) -> String {
    let mut s = Svg::new(SIZE, SIZE + 50.0);
    s.open_group("board", &[]);
    for i in 0..144u8 {
        let sq = Square(i);
        let class = if sq.is_light() { "spot" } else { "hole" };
        let name = sq.to_string();
        s.path(&sector(sq), class, &[("data-square", &name)]);
    }
    s.close_group();
    s.circle(CX, CY, HOLE, "board", &[]);
    // moats on rank 1 at the three zone boundaries; creeks on ranks 2-3
    for (i, u) in [8.0, 16.0, 0.0].into_iter().enumerate() {
        let bridged = pos.bridged_moats() & (1 << i) != 0;
        let (ri, ro) = radii(0);
        let (a, b) = (point(ri, u), point(ro, u));
        s.line(
            a.0,
            a.1,
            b.0,
            b.1,
            if bridged { "moat bridged" } else { "moat" },
        );
        let (ri, _) = radii(2);
        let (_, ro) = radii(1);
        let (a, b) = (point(ri, u), point(ro, u));
        s.line(a.0, a.1, b.0, b.1, "creek");
    }
    // file letters and zone names around the outside
    for z in Colour::ALL {
        for x in 0..8u8 {
            let sq = Square::from_article(z, x, 0);
            let p = point(HOLE + 6.0 * RING + 10.0, f64::from(sq.file()) + 0.5);
            s.text(p.0, p.1, &((b'a' + x) as char).to_string(), "label");
        }
        let p = point(HOLE + 6.0 * RING + 24.0, 8.0 * z as u8 as f64 + 4.0);
        s.text(p.0, p.1, z.zone_code(), "title");
    }
    if let Some(m) = last {
        let (x, y) = centre(m.from());
        s.circle(x, y, RING * 0.45, "from", &[]);
    }
    for i in 0..144u8 {
        let sq = Square(i);
        let Some(p) = pos.piece_at(sq) else { continue };
        let (x, y) = centre(sq);
        let colour = ["white", "gray", "black"][p.colour.index()];
        let name = sq.to_string();
        let crossed = if p.crossed { " crossed" } else { "" };
        s.circle(
            x,
            y,
            RING * 0.36,
            &format!("piece {colour}{crossed}"),
            &[("data-square", &name)],
        );
        let letter = if p.kind == Kind::Pawn {
            "P".to_string()
        } else {
            p.kind.upper().to_string()
        };
        // A letter colour for each piece colour with a WCAG AA contrast (at least 4.5:1,
        // held by the golden-image test): near-black on the white and gray pieces, white on
        // the black ones, never outlined (a stroke would grey the letter).
        let text_class = match p.colour {
            Colour::Black => "piece letter-light",
            _ => "piece letter-dark",
        };
        s.text(x, y, &letter, text_class);
    }
    if let Some(m) = last {
        let (x, y) = centre(m.to());
        s.circle(x, y, RING * 0.45, "last", &[]);
    }
    let alive: Vec<&str> = Colour::ALL
        .iter()
        .filter(|c| pos.is_alive(**c))
        .map(|c| c.name())
        .collect();
    let status = if pos.is_over() {
        if pos.is_draw() {
            format!("drawn between {}", alive.join(" and "))
        } else {
            format!("{} has won", alive.join(""))
        }
    } else {
        format!(
            "round {}, {} to move; alive: {}",
            pos.round(),
            pos.side_to_move(),
            alive.join(", ")
        )
    };
    s.text(CX, SIZE + 25.0, &status, "title");
    s.finish()
}
