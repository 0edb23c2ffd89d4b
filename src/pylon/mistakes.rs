//! Written moves that are wrong in one way, for the near-miss generator
//! ([`Mistakes::near_misses`](crate::game::Mistakes::near_misses)), and the SVG picture.

use super::{Notation, Point, Position};

fn place(at: Point) -> Notation {
    Notation::Place { at, cover: None }
}

/// Written moves illegal in `pos`, each named by its mistake. None of them is rescued by a
/// forced pass left out, so each is reported as illegal at its own ply.
pub(crate) fn near_misses(pos: &Position) -> Vec<(&'static str, Notation)> {
    let geo = pos.geometry();
    let n = geo.size();
    let side = pos.to_move();
    let can = pos.can_place(side);
    let mut out = vec![("point off the board", place(Point::new(n + 1, 0, 0)))];
    let points = || (0..geo.len()).map(|i| geo.point(i));
    if let Some(p) = points().find(|&p| pos.piece(p).is_some()) {
        out.push(("occupied point", place(p)));
    }
    if let Some(p) = points().find(|&p| pos.piece(p).is_none() && !pos.is_playable(p)) {
        out.push(("point not resting on four pieces", place(p)));
    }
    // A playable point where the piece would have no freedom; when the mover must pass, one
    // the opponent could not play either (else the record only left out the pass).
    if let Some(p) = points().find(|&p| {
        pos.is_playable(p)
            && pos.covering_for(side, p).is_err()
            && (can || pos.covering_for(side ^ 1, p).is_err())
    }) {
        out.push(("placement with no freedom", place(p)));
    }
    if can {
        out.push(("voluntary pass", Notation::Pass));
        if let Some(p) = pos.first_placement(side) {
            let mut cover = pos.covering(p).unwrap_or_default();
            cover.push(p);
            out.push((
                "wrong covering set",
                Notation::Place {
                    at: p,
                    cover: Some(cover),
                },
            ));
        }
    }
    out
}
