//! The fast path of GIPF's `resolve` (a written push checked and played directly, its
//! removal groups matched against the rows the push formed) against the general matcher
//! (`gipf::resolve_by_search`) and against generation: along many generated games, every
//! legal move written in every style resolves back to itself by both, and written moves made
//! slightly wrong (the near-miss generator's mistakes and edits of removal groups) give the
//! same result by both, error kind and reason included.

use gamenote::generate::{Rng, legal_game, near_miss, verify};
use gamenote::gipf::{Gipf, Group, Item, Notation, Position, Rules, Style, resolve_by_search};
use gamenote::{Notate, Play};

const STYLES: [Style; 3] = [Style::Complete, Style::Short, Style::Text];

fn variants() -> Vec<Rules> {
    Gipf::variants()
}

/// Both resolvers on one note: the same move or the same error.
fn agree(pos: &Position, n: &Notation) -> Result<(), String> {
    let fast = Gipf::resolve(pos, n);
    let slow = resolve_by_search(pos, n);
    if fast != slow {
        return Err(format!(
            "{n}: fast {fast:?}, by search {slow:?}\n{}",
            gamenote::gipf::position_string(pos)
        ));
    }
    Ok(())
}

/// Edits of a written move that break (or keep) its removal groups.
fn edits(n: &Notation, rng: &mut Rng) -> Vec<Notation> {
    let mut v = Vec::new();
    for phase in 0..2 {
        let get = |m: &Notation| -> Vec<Group> {
            if phase == 0 {
                m.pre.clone()
            } else {
                m.post.clone()
            }
        };
        let set = |m: &mut Notation, g: Vec<Group>| {
            if phase == 0 {
                m.pre = g;
            } else {
                m.post = g;
            }
        };
        let gs = get(n);
        // A group dropped, doubled, or added where there is none.
        if let Some(last) = gs.last() {
            let mut m = n.clone();
            let mut g = gs.clone();
            g.pop();
            set(&mut m, g);
            v.push(m);
            let mut m = n.clone();
            let mut g = gs.clone();
            g.push(last.clone());
            set(&mut m, g);
            v.push(m);
        } else {
            let mut m = n.clone();
            set(&mut m, vec![Group::default()]);
            v.push(m);
        }
        // One item dropped, one added, the groups emptied of items, their order reversed.
        for (i, g) in gs.iter().enumerate() {
            if !g.items.is_empty() {
                let mut m = n.clone();
                let mut h = gs.clone();
                let k = rng.below(g.items.len());
                h[i].items.remove(k);
                set(&mut m, h);
                v.push(m);
            }
            let mut m = n.clone();
            let mut h = gs.clone();
            if let Some(p) = gamenote::gipf::Point::from_index(rng.below(61) as u8) {
                h[i].items.push(Item {
                    gipf: false,
                    point: p,
                    star: false,
                });
            }
            set(&mut m, h);
            v.push(m);
            let mut m = n.clone();
            let mut h = gs.clone();
            h[i].items.clear();
            h[i].line = None;
            set(&mut m, h);
            v.push(m);
        }
        if gs.len() > 1 {
            let mut m = n.clone();
            let mut h = gs.clone();
            h.reverse();
            set(&mut m, h);
            v.push(m);
        }
    }
    // The groups moved to the other side of the push.
    if !n.pre.is_empty() || !n.post.is_empty() {
        let mut m = n.clone();
        std::mem::swap(&mut m.pre, &mut m.post);
        v.push(m);
    }
    // The push written with another end, or as a placement.
    if let Some(p) = n.push {
        let mut m = n.clone();
        if let (Some(push), Some(to)) = (
            m.push.as_mut(),
            gamenote::gipf::Point::from_index(rng.below(61) as u8),
        ) {
            push.to = Some(to);
        }
        v.push(m);
        let mut m = n.clone();
        if let Some(push) = m.push.as_mut() {
            push.from = p.to.unwrap_or(p.from);
            push.to = None;
        }
        v.push(m);
        let mut m = n.clone();
        if let Some(push) = m.push.as_mut() {
            push.gipf = !push.gipf;
        }
        v.push(m);
    }
    v
}

/// Every legal move of every position along generated games, in every style, resolves to
/// itself by both resolvers; edits of those notes get the same answer from both.
#[test]
fn fast_resolve_agrees_with_generation_and_search() {
    let mut rng = Rng::new(14);
    let mut checked = 0usize;
    let mut with_groups = 0usize;
    for (v, rules) in variants().iter().enumerate() {
        for seed in 0..6u64 {
            let game = legal_game::<Gipf>(rules, 160, seed * 31 + v as u64);
            let mut pos = Gipf::start(rules);
            let mut legal = Vec::new();
            for played in &game.moves {
                legal.clear();
                Gipf::legal_moves(&pos, &mut legal);
                for m in &legal {
                    for style in STYLES {
                        let n = Gipf::notate(&pos, m, style);
                        assert_eq!(Gipf::resolve(&pos, &n), Ok(*m), "{n} ({style})");
                        assert_eq!(resolve_by_search(&pos, &n), Ok(*m), "{n} ({style})");
                        checked += 1;
                        if !n.pre.is_empty() || !n.post.is_empty() {
                            with_groups += 1;
                            for e in edits(&n, &mut rng) {
                                if let Err(why) = agree(&pos, &e) {
                                    panic!("{why}");
                                }
                            }
                        } else if rng.below(8) == 0 {
                            for e in edits(&n, &mut rng) {
                                if let Err(why) = agree(&pos, &e) {
                                    panic!("{why}");
                                }
                            }
                        }
                    }
                }
                Gipf::play(&mut pos, played);
            }
        }
    }
    eprintln!("{checked} notes resolved, {with_groups} with removals");
    assert!(checked > 50_000, "only {checked} notes checked");
    assert!(with_groups > 500, "only {with_groups} notes with removals");
}

/// The near-miss generator's mistakes: both resolvers give the same answer on the changed
/// move, and `check` reports the error the generator expects.
#[test]
fn fast_resolve_agrees_on_near_misses() {
    let mut n = 0;
    for (v, rules) in variants().iter().enumerate() {
        for seed in 0..60u64 {
            let game = legal_game::<Gipf>(rules, 120, seed * 7 + v as u64);
            let Some(miss) = near_miss(&game, seed) else {
                continue;
            };
            verify(&miss).unwrap_or_else(|e| panic!("{e}\n{}", miss.text));
            let (Some(rec), Some(ply)) = (&miss.record, miss.expected.ply) else {
                continue;
            };
            let mut pos = Gipf::start(rules);
            for m in &game.moves[..ply - 1] {
                Gipf::play(&mut pos, m);
            }
            if let Err(why) = agree(&pos, &rec.plies[ply - 1].notation) {
                panic!("{}: {why}", miss.mutation);
            }
            n += 1;
        }
    }
    assert!(n > 100, "only {n} near misses compared");
}
