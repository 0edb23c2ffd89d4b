//! Near misses for the generators: written Pylos moves that break one rule each, and
//! markers that contradict the move.

use super::coord::{ABOVE, SUPPORT, Slot, slots};
use super::notation::{Markers, Notation};
use super::position::{Move, Position, Takeback};

fn raise(from: Slot, to: Slot) -> Notation {
    let mut n = Notation::place(to);
    n.from = Some(from);
    n
}

/// Written moves that are illegal in `pos`, named by the rule they break.
pub fn near_misses(pos: &Position) -> Vec<(&'static str, Notation)> {
    let mut out = Vec::new();
    let me = pos.turn();
    let own = pos.balls(me);
    let theirs = pos.balls(me ^ 1);
    let occ = own | theirs;
    let empty = |s: Slot| occ & s.bit() == 0;
    let supported = |s: Slot| SUPPORT[s.index()] & !occ == 0;
    if let Some(s) = slots(occ).next() {
        out.push(("placement on an occupied slot", Notation::place(s)));
    }
    if let Some(s) = Slot::all().find(|&s| empty(s) && !supported(s)) {
        out.push(("placement on an unsupported slot", Notation::place(s)));
    }
    let targets: Vec<Slot> = Slot::all().filter(|&s| empty(s) && supported(s)).collect();
    for o in slots(own) {
        if ABOVE[o.index()] & occ != 0
            && let Some(&t) = targets.iter().find(|t| t.level() > o.level())
        {
            out.push(("raise of a supporting ball", raise(o, t)));
            break;
        }
    }
    for o in slots(own) {
        if let Some(&t) = targets.iter().find(|t| t.level() <= o.level()) {
            out.push(("raise that does not go up", raise(o, t)));
            break;
        }
    }
    for o in slots(theirs) {
        if let Some(&t) = targets.iter().find(|t| t.level() > o.level()) {
            out.push(("raise of the opponent's ball", raise(o, t)));
            break;
        }
    }
    for o in slots(own) {
        if let Some(t) = slots(ABOVE[o.index()]).find(|&t| empty(t))
            && slots(SUPPORT[t.index()]).all(|s| s == o || !empty(s))
        {
            out.push(("raise onto the ball's own support", raise(o, t)));
            break;
        }
    }
    if pos.reserve(me) > 0 {
        for &t in &targets {
            let f = pos.formations_of(None, t);
            if f.is_empty() {
                let mut n = Notation::place(t);
                n.takebacks.push(t);
                out.push(("take-back without a formation", n));
                break;
            }
        }
        if pos.rules().takeback == Takeback::Mandatory
            && let Some(&t) = targets
                .iter()
                .find(|&&t| !pos.formations_of(None, t).is_empty())
        {
            out.push(("formation without a take-back", Notation::place(t)));
        }
    }
    if pos.outcome().is_some()
        && let Some(&t) = targets.first()
    {
        out.push(("move after the end", Notation::place(t)));
    }
    out
}

/// The written form of `m` with markers that contradict what it made.
pub fn wrong_annotations(
    before: &Position,
    m: &Move,
    n: &Notation,
) -> Vec<(&'static str, Notation)> {
    let made = before.formations_of(m.from, m.to);
    let wrong = if made.is_empty() {
        Markers {
            square: true,
            ..Markers::default()
        }
    } else if made.square {
        Markers {
            square: false,
            line4: true,
            line3: false,
        }
    } else {
        Markers {
            square: true,
            line4: made.line4,
            line3: made.line3,
        }
    };
    let mut w = n.clone();
    w.markers = wrong;
    vec![("formation marker that the move does not make", w)]
}
