//! Near misses for the generators and fuzzing: written moves that are illegal in a position,
//! and written forms of a legal move whose annotations are wrong.

use super::coord::{Point, RING, Ray};
use super::notation::{Notation, PushNote};
use super::position::{ALL_LINES, Move, Position, has_run};
use super::rules::Variant;

fn pt(s: &str) -> Option<Point> {
    s.parse().ok()
}

fn push(gipf: bool, from: Point, to: Option<Point>) -> Notation {
    Notation {
        push: Some(PushNote { gipf, from, to }),
        ..Notation::default()
    }
}

/// Written moves that `resolve` must reject in `pos`, each named by its mistake.
pub(crate) fn near_misses(pos: &Position) -> Vec<(&'static str, Notation)> {
    let mut v = Vec::new();
    if pos.outcome().is_some() {
        return v;
    }
    let c = pos.to_move();
    let occ = pos.occ();
    if let (Some(a), Some(b)) = (pt("e2"), pt("e3")) {
        v.push(("push from a spot", push(false, a, Some(b))));
    }
    if let Some(e5) = pt("e5") {
        v.push(("placement away from the rim", push(false, e5, None)));
    }
    let empty_ring = Point::all().find(|p| RING & p.bit() != 0 && occ & p.bit() == 0);
    let any_ring = Point::all().find(|p| RING & p.bit() != 0);
    if !pos.may_gipf(c)
        && let Some(s) = empty_ring.or(any_ring)
    {
        v.push(("GIPF-piece not allowed", push(true, s, None)));
    }
    if pos.rules().variant == Variant::Tournament
        && !pos.moved(c)
        && let Some(s) = empty_ring
    {
        v.push(("first push not a GIPF-piece", push(false, s, None)));
    }
    if let Some(s) = Point::all().find(|p| RING & p.bit() != 0 && occ & p.bit() != 0) {
        v.push(("placement on an occupied spot", push(false, s, None)));
    }
    for r in Ray::all() {
        let line = r.line().mask();
        if occ & line == line {
            v.push((
                "push into a full line",
                push(false, r.dot(), Some(r.spot(0))),
            ));
            break;
        }
    }
    for r in Ray::all() {
        let j = (0..r.len()).find(|&i| occ & r.spot(i).bit() == 0);
        if let Some(j) = j.filter(|&j| j >= 2) {
            v.push((
                "push written with a wrong end",
                push(false, r.dot(), Some(r.spot(j - 1))),
            ));
            break;
        }
    }
    if !has_run(pos.pieces(c), ALL_LINES) {
        if let Some(s) = empty_ring {
            let mut n = push(false, s, None);
            n.pre.push(super::notation::Group::default());
            v.push(("removal without a row", n));
        }
    } else if let (Some(c1), Some(s)) = (pt("c1"), empty_ring) {
        let mut n = push(false, s, None);
        n.pre.push(super::notation::Group {
            line: None,
            items: vec![super::notation::Item {
                gipf: false,
                point: c1,
                star: false,
            }],
            suffix_x: false,
        });
        v.push(("removal of a dot", n));
    }
    v
}

/// The written form `n` of the legal move `m` with a wrong reserve count, a `G` on a basic
/// piece or a `*` on the remover's own piece; each resolves to `m` and fails
/// `check_annotations`.
pub(crate) fn wrong_annotations(
    before: &Position,
    m: &Move,
    n: &Notation,
) -> Vec<(&'static str, Notation)> {
    let mut v = Vec::new();
    let c = before.to_move();
    let mut after = before.clone();
    after.play(m);
    let mut w = n.clone();
    w.reserve = Some(u16::from(after.reserve(c)) + 1);
    v.push(("wrong reserve count", w));
    // Positions the groups were written for: `before` for the pre-move groups, after the
    // pre-move removals and the push for the others.
    let mut mid = before.clone();
    for g in m.pre() {
        mid.remove(c, g.mask(), 0);
    }
    if let Some(p) = m.push() {
        mid.do_push(p);
    }
    let mut marked_g = false;
    let mut marked_star = false;
    for (phase, board) in [(0, before), (1, &mid)] {
        let groups = if phase == 0 { &n.pre } else { &n.post };
        for (gi, g) in groups.iter().enumerate() {
            for (ii, it) in g.items.iter().enumerate() {
                let piece = board.piece(it.point);
                if !marked_g && !it.gipf && piece.is_some_and(|(_, gp)| !gp) {
                    let mut w = n.clone();
                    let list = if phase == 0 { &mut w.pre } else { &mut w.post };
                    list[gi].items[ii].gipf = true;
                    v.push(("G on a basic piece", w));
                    marked_g = true;
                }
                if !marked_star && !it.star && piece.is_some_and(|(col, _)| col == c) {
                    let mut w = n.clone();
                    let list = if phase == 0 { &mut w.pre } else { &mut w.post };
                    list[gi].items[ii].star = true;
                    v.push(("* on one's own piece", w));
                    marked_star = true;
                }
            }
        }
    }
    v
}
