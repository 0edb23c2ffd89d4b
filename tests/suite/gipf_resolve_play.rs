//! GIPF's `resolve_play` (resolve and play in one step, the push made once) against
//! `resolve` then `play`: along many generated games, for every legal move written in every
//! style, for the near-miss generator's illegal notes and wrong annotations, and for edits of
//! the written moves, both give the same move or the same error; a legal note leaves the same
//! position, a refused one leaves the position as it was. The annotation check, handed the
//! position after the move in place of the one before (as replay does when it does not copy
//! it), gives the verdict it gives with the position before.

use gamenote::generate::{Rng, legal_game, near_miss, verify};
use gamenote::gipf::{Gipf, Item, Notation, Point, Position, Style};
use gamenote::{Hooks, Mistakes, Notate, Play};

const STYLES: [Style; 3] = [Style::Complete, Style::Short, Style::Text];

/// `resolve_play` and `resolve` + `play` on one note; the annotation check without the
/// position before. Returns whether the note resolved.
fn agree(pos: &Position, n: &Notation) -> bool {
    let resolved = Gipf::resolve(pos, n);
    let mut p = pos.clone();
    let played = Gipf::resolve_play(&mut p, n);
    assert_eq!(
        played,
        resolved,
        "{n}\n{}",
        gamenote::gipf::position_string(pos)
    );
    match resolved {
        Ok(m) => {
            let mut after = pos.clone();
            Gipf::play(&mut after, &m);
            assert_eq!(p, after, "{n}: not the position play leaves");
            let with_before = Gipf::check_annotations(pos, n, &m, &after);
            let without = Gipf::check_annotations(&after, n, &m, &after);
            assert_eq!(
                without, with_before,
                "{n}: the check needs the position before"
            );
            true
        }
        Err(_) => {
            assert_eq!(&p, pos, "{n}: refused, yet the position changed");
            false
        }
    }
}

/// Small edits of a written move: markers flipped, the reserve count changed or dropped,
/// one listed piece dropped or added, the groups moved across the push.
fn edits(n: &Notation, rng: &mut Rng) -> Vec<Notation> {
    let mut v = Vec::new();
    let mut m = n.clone();
    m.reserve = match n.reserve {
        Some(r) => Some(r + 1),
        None => Some(rng.below(20) as u16),
    };
    v.push(m);
    if n.reserve.is_some() {
        let mut m = n.clone();
        m.reserve = None;
        v.push(m);
    }
    for phase in 0..2 {
        let groups = if phase == 0 { &n.pre } else { &n.post };
        for (i, g) in groups.iter().enumerate() {
            for k in 0..g.items.len() {
                for flip in 0..2 {
                    let mut m = n.clone();
                    let h = if phase == 0 { &mut m.pre } else { &mut m.post };
                    let it = &mut h[i].items[k];
                    if flip == 0 {
                        it.gipf = !it.gipf;
                    } else {
                        it.star = !it.star;
                    }
                    v.push(m);
                }
            }
            let mut m = n.clone();
            let h = if phase == 0 { &mut m.pre } else { &mut m.post };
            if !h[i].items.is_empty() {
                let k = rng.below(h[i].items.len());
                h[i].items.remove(k);
            } else if let Some(p) = Point::from_index(rng.below(61) as u8) {
                h[i].items.push(Item {
                    gipf: false,
                    point: p,
                    star: rng.below(2) == 0,
                });
            }
            v.push(m);
            let mut m = n.clone();
            let h = if phase == 0 { &mut m.pre } else { &mut m.post };
            h.remove(i);
            v.push(m);
        }
    }
    if !n.pre.is_empty() || !n.post.is_empty() {
        let mut m = n.clone();
        std::mem::swap(&mut m.pre, &mut m.post);
        v.push(m);
    }
    v
}

#[test]
fn resolve_play_agrees_with_resolve_then_play() {
    let mut rng = Rng::new(27);
    let (mut legal_notes, mut refused, mut with_groups) = (0usize, 0usize, 0usize);
    for (v, rules) in Gipf::variants().iter().enumerate() {
        for seed in 0..5u64 {
            let game = legal_game::<Gipf>(rules, 200, seed * 17 + v as u64);
            let mut pos = Gipf::start(rules);
            let mut legal = Vec::new();
            let mut last_notes = Vec::new();
            for played in &game.moves {
                legal.clear();
                Gipf::legal_moves(&pos, &mut legal);
                last_notes.clear();
                for m in &legal {
                    for style in STYLES {
                        let n = Gipf::notate(&pos, m, style);
                        assert!(agree(&pos, &n), "{n} ({style}) is legal");
                        legal_notes += 1;
                        let groups = !n.pre.is_empty() || !n.post.is_empty();
                        with_groups += usize::from(groups);
                        if groups || rng.below(16) == 0 {
                            for e in edits(&n, &mut rng) {
                                refused += usize::from(!agree(&pos, &e));
                            }
                            for (_, e) in Gipf::wrong_annotations(&pos, m, &n) {
                                refused += usize::from(!agree(&pos, &e));
                            }
                        }
                        last_notes.push(n);
                    }
                }
                for (_, e) in Gipf::near_misses(&pos) {
                    refused += usize::from(!agree(&pos, &e));
                }
                Gipf::play(&mut pos, played);
            }
            // A finished game refuses every note, and keeps its position.
            if Gipf::outcome(&pos).is_some() {
                for n in &last_notes {
                    assert!(!agree(&pos, n), "{n} after the end");
                }
            }
        }
    }
    eprintln!("{legal_notes} legal notes, {with_groups} with removals, {refused} refused");
    assert!(legal_notes > 50_000, "only {legal_notes} legal notes");
    assert!(with_groups > 1_000, "only {with_groups} with removals");
    assert!(refused > 5_000, "only {refused} refused");
}

/// The near-miss records: replay (which resolves and plays in one step when no one watches)
/// reports the error the generator expects, and the move at fault agrees both ways.
#[test]
fn resolve_play_agrees_on_near_misses() {
    let mut n = 0;
    for (v, rules) in Gipf::variants().iter().enumerate() {
        for seed in 0..80u64 {
            let game = legal_game::<Gipf>(rules, 150, seed * 5 + v as u64);
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
            agree(&pos, &rec.plies[ply - 1].notation);
            n += 1;
        }
    }
    assert!(n > 100, "only {n} near misses compared");
}

/// `notate_played_unless` (the export's canonical moves) against `notate`: every legal move
/// along generated games, written in each style (and, for a move that removes groups and one
/// in eight of the others, edited as [`edits`] does), asked in each style: `None` exactly when
/// the written note is that style's, else that style's note. A move that removes groups is
/// compared without building its note (`resolve::written_as`) in the complete styles.
#[test]
fn notate_played_unless_agrees_with_notate() {
    let mut rng = Rng::new(31);
    let (mut asked, mut same, mut same_with_groups) = (0usize, 0usize, 0usize);
    for (v, rules) in Gipf::variants().iter().enumerate() {
        for seed in 0..2u64 {
            let game = legal_game::<Gipf>(rules, 200, seed * 13 + v as u64);
            let mut pos = Gipf::start(rules);
            let mut legal = Vec::new();
            for played in &game.moves {
                legal.clear();
                Gipf::legal_moves(&pos, &mut legal);
                for m in &legal {
                    let mut after = pos.clone();
                    Gipf::play(&mut after, m);
                    let notes: Vec<Notation> =
                        STYLES.iter().map(|&s| Gipf::notate(&pos, m, s)).collect();
                    let groups = !notes[0].pre.is_empty() || !notes[0].post.is_empty();
                    let mut written = notes.clone();
                    if groups || rng.below(8) == 0 {
                        for n in &notes {
                            written.extend(edits(n, &mut rng));
                        }
                    }
                    for (s, style) in STYLES.into_iter().enumerate() {
                        let canonical = &notes[s];
                        for w in &written {
                            let got = Gipf::notate_played_unless(&pos, m, &after, style, w);
                            assert_eq!(
                                got.as_ref(),
                                (canonical != w).then_some(canonical),
                                "{w} in {style}"
                            );
                            asked += 1;
                            if got.is_none() {
                                same += 1;
                                same_with_groups += usize::from(groups);
                            }
                        }
                    }
                }
                Gipf::play(&mut pos, played);
            }
        }
    }
    assert_eq!((asked, same, same_with_groups), (253_974, 61_257, 5_755));
}
