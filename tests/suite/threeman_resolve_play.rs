//! `ThreeMan::resolve_play` against `resolve`, then `play`: the same move or the same error,
//! the same position after (a refused move leaves it as it was), and the same verdict of
//! `check_annotations` whether it is handed the position after alone (as replay does after
//! `resolve_play`) or the position before and the position after. Checked along generated
//! games under every rule option, for every legal move written with and without its marks,
//! the wrong marks of each, and the near misses of each position.

use gamenote::generate::{Rng, legal_game};
use gamenote::threeman::{Mark, Move, Notation, Position, Style, ThreeMan, fen};
use gamenote::{Mistakes, Notate, Play};

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
    let at = || format!("{n} in {}", fen::write(pos));
    assert_eq!(got, want, "{}", at());
    assert_eq!(one, two, "{}", at());
    assert_eq!(fen::write(&one), fen::write(&two), "{}", at());
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
