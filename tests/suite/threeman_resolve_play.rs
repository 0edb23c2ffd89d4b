//! `ThreeMan::resolve_play` against `resolve`, then `play`: the same move or the same error,
//! the same position after (a refused move leaves it as it was), and the same verdict of
//! `check_annotations` whether it is handed the position after alone (as replay does after
//! `resolve_play`) or the position before and the position after. Checked along generated
//! games under every rule option, for every legal move written with and without its marks,
//! the wrong marks of each, and the near misses of each position.

use gamenote::generate::{Rng, legal_game};
use gamenote::replay::Checker;
use gamenote::threeman::{Mark, Move, Notation, Position, Rules, Style, ThreeMan, position_string};
use gamenote::visit::Visitor;
use gamenote::{Hooks, Mistakes, Notate, Play, Ply};

/// `n` with the mark `k`.
fn with_mark(n: &Notation, k: Mark) -> Notation {
    match *n {
        Notation::Castle { long, .. } => Notation::Castle { long, mark: k },
        Notation::Normal(mut w) => {
            w.mark = k;
            Notation::Normal(w)
        }
    }
}

/// Both ways agree on `n` in `pos`; returns 1.
fn agree(pos: &Position, n: &Notation) -> u64 {
    let mut one = pos.clone();
    let got = ThreeMan::resolve_play(&mut one, n);
    let mut two = pos.clone();
    let want = ThreeMan::resolve(&two, n);
    if let Ok(m) = want {
        ThreeMan::play(&mut two, &m);
    }
    let at = || format!("{n} in {}", position_string::write(pos));
    assert_eq!(got, want, "{}", at());
    assert_eq!(one, two, "{}", at());
    assert_eq!(
        position_string::write(&one),
        position_string::write(&two),
        "{}",
        at()
    );
    if let Ok(m) = got {
        assert_eq!(
            ThreeMan::check_annotations(&one, n, &m, &one),
            ThreeMan::check_annotations(pos, n, &m, &two),
            "{}",
            at()
        );
    } else {
        assert_eq!(&one, pos, "a refused {} changed the position", at());
    }
    1
}

/// Every legal move of `pos` in both styles, with each mark, and the near misses.
fn check_position(pos: &Position) -> u64 {
    let mut legal: Vec<Move> = Vec::new();
    ThreeMan::legal_moves(pos, &mut legal);
    let mut tried = 0;
    for m in &legal {
        for style in [Style::Short, Style::Long] {
            let n = ThreeMan::notate(pos, m, style);
            for k in [Mark::None, Mark::Check, Mark::Mate] {
                tried += agree(pos, &with_mark(&n, k));
            }
        }
        let n = ThreeMan::notate(pos, m, Style::Short);
        for (_, wrong) in ThreeMan::wrong_annotations(pos, m, &n) {
            tried += agree(pos, &wrong);
        }
    }
    for (_, miss) in ThreeMan::near_misses(pos) {
        tried += agree(pos, &miss);
    }
    tried
}

#[test]
fn resolve_play_agrees_with_resolve_then_play() {
    let mut rng = Rng::new(41);
    let mut tried = 0;
    for (i, rules) in ThreeMan::variants().iter().enumerate() {
        // a game as `gamenote generate` plays it
        let game = legal_game::<ThreeMan>(rules, 150, 77 + i as u64);
        let mut pos = ThreeMan::start(rules);
        for m in &game.moves {
            tried += check_position(&pos);
            ThreeMan::play(&mut pos, m);
        }
        tried += check_position(&pos);
        // a capture-heavy game, to reach eliminations, mates and the end
        let mut pos = ThreeMan::start(rules);
        for _ in 0..300 {
            tried += check_position(&pos);
            let mut v = Vec::new();
            ThreeMan::legal_moves(&pos, &mut v);
            if v.is_empty() {
                break;
            }
            let caps: Vec<Move> = v.iter().copied().filter(|m| m.is_capture()).collect();
            let m = if !caps.is_empty() && rng.below(3) != 0 {
                caps[rng.below(caps.len())]
            } else {
                v[rng.below(v.len())]
            };
            ThreeMan::play(&mut pos, &m);
        }
    }
    assert!(tried > 100_000, "{tried}");
}

/// `resolve_play_unsettled` (which replay calls, leaving the next seat unjudged) along a
/// game, against `resolve_play`: the same answers, and once settled the same positions,
/// for every written move of the game (with and without its mark) and, in each position
/// reached without settling, for the near misses of the position and the moves of the
/// players not to move. Capture-heavy games under every rule option, so that seats are
/// mated, stalemated and eliminated, and games end.
#[test]
fn unsettled_replay_agrees_with_resolve_play() {
    let mut rng = Rng::new(43);
    let (mut tried, mut judged_out) = (0u64, 0u64);
    for rules in ThreeMan::variants() {
        for game in 0..10 {
            let mut eager = ThreeMan::start(&rules);
            let mut lazy = eager.clone();
            // replay as `check` does it, under the default rules (a record without tags)
            let mut checker = (rules == Rules::default()).then(|| {
                let mut c = Checker::<ThreeMan>::new(gamenote::Mode::Strict);
                c.begin_record();
                c
            });
            for ply in 0..500 {
                let mut v = Vec::new();
                ThreeMan::legal_moves(&eager, &mut v);
                // what a record might hold here: misses, and moves of the seats not to move
                let mut written: Vec<Notation> = ThreeMan::near_misses(&eager)
                    .into_iter()
                    .map(|(_, n)| n)
                    .collect();
                let mut next = eager.clone();
                for _ in 0..2 {
                    let mut w = Vec::new();
                    ThreeMan::legal_moves(&next, &mut w);
                    let Some(m) = w.first() else { break };
                    ThreeMan::play(&mut next, m);
                    let mut w = Vec::new();
                    ThreeMan::legal_moves(&next, &mut w);
                    if let Some(m) = w.last() {
                        written.push(ThreeMan::notate(&next, m, Style::Short));
                    }
                }
                for n in &written {
                    let mut l = lazy.clone();
                    let mut e = eager.clone();
                    let got = ThreeMan::resolve_play_unsettled(&mut l, n);
                    assert_eq!(got, ThreeMan::resolve_play(&mut e, n), "{n} at ply {ply}");
                    ThreeMan::settle(&mut l);
                    assert_eq!(l, e, "{n} at ply {ply}");
                    assert_eq!(
                        position_string::write(&l),
                        position_string::write(&e),
                        "{n} at ply {ply}"
                    );
                    tried += 1;
                }
                if v.is_empty() {
                    break;
                }
                // a mate when there is one (so that judging takes the next seat out), else
                // mostly captures
                let mates: Vec<Move> = v
                    .iter()
                    .copied()
                    .filter(|m| ThreeMan::notate(&eager, m, Style::Short).mark() == Mark::Mate)
                    .collect();
                let caps: Vec<Move> = v.iter().copied().filter(|m| m.is_capture()).collect();
                let m = if !mates.is_empty() {
                    mates[rng.below(mates.len())]
                } else if !caps.is_empty() && rng.below(3) != 0 {
                    caps[rng.below(caps.len())]
                } else {
                    v[rng.below(v.len())]
                };
                let n = ThreeMan::notate(&eager, &m, Style::Short);
                let n = if (ply + game) % 2 == 0 {
                    n
                } else {
                    with_mark(&n, Mark::None)
                };
                // the mark checks, as replay makes them (from the position after alone),
                // against the check from both positions, for each mark
                for k in [Mark::None, Mark::Check, Mark::Mate] {
                    let w = with_mark(&n, k);
                    let mut l = lazy.clone();
                    let m = ThreeMan::resolve_play_unsettled(&mut l, &w).expect("legal");
                    let mut before = lazy.clone();
                    ThreeMan::settle(&mut before);
                    let mut after = before.clone();
                    ThreeMan::play(&mut after, &m);
                    assert_eq!(
                        ThreeMan::check_annotations(&l, &w, &m, &l),
                        ThreeMan::check_annotations(&before, &w, &m, &after),
                        "{w} at ply {ply}"
                    );
                    tried += 1;
                }
                let got = ThreeMan::resolve_play_unsettled(&mut lazy, &n);
                assert_eq!(
                    got,
                    ThreeMan::resolve_play(&mut eager, &n),
                    "{n} at ply {ply}"
                );
                let mut settled = lazy.clone();
                ThreeMan::settle(&mut settled);
                assert_eq!(settled, eager, "{n} at ply {ply}");
                assert_eq!(
                    position_string::write(&settled),
                    position_string::write(&eager),
                    "{n} at ply {ply}"
                );
                if let Some(c) = checker.as_mut() {
                    c.ply(Ply::new(n));
                    assert_eq!(c.position(), Some(&eager), "{n} at ply {ply}");
                }
                if settled != lazy {
                    // judging the seat left unsettled took it out, or drew the game
                    judged_out += 1;
                }
                tried += 1;
            }
        }
    }
    assert!(tried > 20_000, "{tried}");
    assert!(judged_out >= 15, "{judged_out} seats judged out");
}
