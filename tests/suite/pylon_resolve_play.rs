//! Pylon's `resolve_play` (a placement worked out once, then kept) against its definition,
//! `resolve` then `play`: along generated games on every size class, every point of the board
//! written with no covering list, with the right one, with the right one reordered and with
//! wrong ones, a pass, the near-miss generator's mistakes, and the same after the game ends,
//! give the same move or the same error by both, and the same position after (unchanged on
//! an error).

use gamenote::generate::{legal_game, near_miss, verify};
use gamenote::pylon::{Geometry, Notation, Point, Position, Pylon, Rules, Suicide};
use gamenote::{Hooks, Mistakes, Notate, Play};

/// Both ways on one note, from the same position.
fn agree(pos: &Position, n: &Notation) {
    let mut slow = pos.clone();
    let want = Pylon::resolve(&slow, n).inspect(|m| Pylon::play(&mut slow, m));
    let mut fast = pos.clone();
    let got = Pylon::resolve_play(&mut fast, n);
    assert_eq!(got, want, "{n} in {pos:?}");
    assert_eq!(fast, slow, "{n}: the position after, from {pos:?}");
    if got.is_err() {
        assert_eq!(&fast, pos, "{n}: a refused move changed the position");
    }
}

fn place(at: Point, cover: Option<Vec<Point>>) -> Notation {
    Notation::Place { at, cover }
}

/// Every playable point of the board, one in eight of the others and a few points beyond
/// it, each written with several covering lists.
fn notes(pos: &Position, geo: &Geometry, k: usize) -> Vec<Notation> {
    let n = geo.size();
    let mut out = vec![
        Notation::Pass,
        place(Point::new(n + 1, 0, 0), None),
        place(Point::new(1, n, 0), None),
        place(Point::new(1, 0, n), Some(vec![Point::new(2, 0, 0)])),
    ];
    for i in 0..geo.len() {
        let p = geo.point(i);
        if !pos.is_playable(p) && !(i + k).is_multiple_of(8) {
            continue;
        }
        out.push(place(p, None));
        let any = geo.point((i * 7 + k) % geo.len());
        match pos.covering(p) {
            Ok(c) if !c.is_empty() => {
                out.push(place(p, Some(c.clone())));
                let mut r = c.clone();
                r.reverse();
                out.push(place(p, Some(r)));
                let mut doubled = c.clone();
                doubled.push(c[0]);
                out.push(place(p, Some(doubled)));
                let mut extra = c.clone();
                extra.push(any);
                out.push(place(p, Some(extra)));
                let mut off = c.clone();
                off.push(Point::new(n + 1, 0, 0));
                out.push(place(p, Some(off)));
                let mut short = c.clone();
                short.pop();
                out.push(place(p, (!short.is_empty()).then_some(short)));
                let mut swapped = c.clone();
                swapped[0] = any;
                out.push(place(p, Some(swapped)));
            }
            _ => {
                out.push(place(p, Some(vec![any])));
                out.push(place(p, Some(vec![p])));
            }
        }
    }
    out
}

fn variants() -> Vec<Rules> {
    let mut v = Pylon::variants();
    for size in [2, 5, 7, 13] {
        for suicide in [Suicide::Piece, Suicide::Group] {
            v.push(Rules::new(size, suicide));
        }
    }
    v
}

/// Along generated games, to their end and one move beyond.
#[test]
fn resolve_play_agrees_with_resolve_then_play() {
    let mut checked = 0usize;
    let mut covering = 0usize;
    for (v, rules) in variants().iter().enumerate() {
        let geo = Geometry::of(rules.size).expect("a size from 2 to 26");
        let (games, len) = if rules.size > 7 { (2, 80) } else { (4, 400) };
        for seed in 0..games {
            let game = legal_game::<Pylon>(rules, len, seed * 13 + v as u64);
            let mut pos = Pylon::start(rules);
            for (k, played) in game.moves.iter().enumerate() {
                for n in notes(&pos, geo, k) {
                    if matches!(&n, Notation::Place { cover: Some(_), .. }) {
                        covering += 1;
                    }
                    agree(&pos, &n);
                    checked += 1;
                }
                Pylon::play(&mut pos, played);
            }
            for n in notes(&pos, geo, 0) {
                agree(&pos, &n);
            }
        }
    }
    eprintln!("{checked} notes, {covering} with a covering list");
    assert!(checked > 50_000, "only {checked} notes checked");
    assert!(
        covering > 5_000,
        "only {covering} notes with a covering list"
    );
}

/// The near-miss generator's mistakes, at the ply the generator changed, and the games they
/// come from still check as the generator expects.
#[test]
fn resolve_play_agrees_on_near_misses() {
    let mut n = 0;
    for (v, rules) in variants().iter().enumerate() {
        for seed in 0..20u64 {
            let game = legal_game::<Pylon>(rules, 120, seed * 7 + v as u64);
            let mut pos = Pylon::start(rules);
            for m in &game.moves {
                for (_, miss) in Pylon::near_misses(&pos) {
                    agree(&pos, &miss);
                    n += 1;
                }
                Pylon::play(&mut pos, m);
            }
            let Some(miss) = near_miss(&game, seed) else {
                continue;
            };
            verify(&miss).unwrap_or_else(|e| panic!("{e}\n{}", miss.text));
        }
    }
    assert!(n > 2_500, "only {n} near misses");
}

/// The quick tests that list and count moves (a placement that captures nothing, a
/// placement under `suicide=piece` whose empty neighbours cannot become playable) agree with
/// resolving each point in full, along generated games to their end.
#[test]
fn listed_placements_are_those_that_resolve() {
    let mut checked = 0usize;
    for (v, rules) in variants().iter().enumerate() {
        let geo = Geometry::of(rules.size).expect("a size from 2 to 26");
        let (games, len) = if rules.size > 7 { (1, 80) } else { (8, 400) };
        for seed in 0..games {
            let game = legal_game::<Pylon>(rules, len, seed * 17 + v as u64 + 5);
            let mut pos = Pylon::start(rules);
            for played in game.moves.iter().map(Some).chain([None]) {
                let side = pos.to_move();
                let resolved: Vec<Point> = (0..geo.len())
                    .map(|i| geo.point(i))
                    .filter(|&p| Pylon::resolve(&pos, &place(p, None)).is_ok())
                    .collect();
                assert_eq!(pos.placements(side), resolved, "{pos:?}");
                assert_eq!(pos.can_place(side), !resolved.is_empty(), "{pos:?}");
                let count = Pylon::count_legal(&pos);
                let pass = u64::from(resolved.is_empty() && pos.can_place(side ^ 1));
                assert_eq!(count, resolved.len() as u64 + pass, "{pos:?}");
                checked += 1;
                if let Some(m) = played {
                    Pylon::play(&mut pos, m);
                }
            }
            assert!(pos.is_over() || game.moves.len() == len, "{pos:?}");
        }
    }
    assert!(checked > 2_000, "only {checked} positions");
}

/// `notate_played_unless` (the export's canonical moves) against `notate`: every note of
/// [`notes`] that resolves, asked with the positions before and after it: `None` exactly
/// when the note is the canonical one (a placement that covers nothing written without
/// brackets, or its covering list written sorted), else the canonical notation.
#[test]
fn notate_played_unless_agrees_with_notate() {
    let (mut asked, mut same, mut covering_same) = (0usize, 0usize, 0usize);
    for (v, rules) in variants().iter().enumerate() {
        let geo = Geometry::of(rules.size).expect("a size from 2 to 26");
        let game = legal_game::<Pylon>(rules, 120, v as u64 * 7 + 1);
        let mut pos = Pylon::start(rules);
        for (k, played) in game.moves.iter().enumerate() {
            for n in notes(&pos, geo, k) {
                let mut after = pos.clone();
                let Ok(m) = Pylon::resolve_play(&mut after, &n) else {
                    continue;
                };
                let canonical = Pylon::notate(&pos, &m, Default::default());
                let got = Pylon::notate_played_unless(&pos, &m, &after, Default::default(), &n);
                assert_eq!(got, (canonical != n).then(|| canonical.clone()), "{n}");
                asked += 1;
                if got.is_none() {
                    same += 1;
                    covering_same +=
                        usize::from(matches!(&n, Notation::Place { cover: Some(_), .. }));
                }
            }
            Pylon::play(&mut pos, played);
        }
    }
    assert_eq!((asked, same, covering_same), (53_731, 52_289, 1_010));
}
