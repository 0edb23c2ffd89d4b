//! `resolve` against the plain meaning of a written move: generate every legal move, keep
//! those the notation describes (piece kind, destination, the origin's zone, file and rank,
//! the promotion), and expect the one left, or the error that kind of list means. Checked in
//! positions along generated games under every rule option, for both written forms of every
//! legal move and for written moves that are ambiguous, illegal or wrong in their promotion.

use gamenote::generate::{Rng, legal_game};
use gamenote::threeman::{
    Kind, Move, Notation, Position, Square, Style, ThreeMan, Written, position_string,
};
use gamenote::{MoveErrorKind, Notate, Play};

/// What the notation means, found by filtering all the legal moves.
fn by_filtering(pos: &Position, legal: &[Move], n: &Notation) -> Result<Move, MoveErrorKind> {
    if pos.is_over() {
        return Err(MoveErrorKind::Illegal);
    }
    let w = match n {
        Notation::Castle { long, .. } => {
            return legal
                .iter()
                .copied()
                .find(|m| m.is_castle() && m.castle_long() == *long)
                .ok_or(MoveErrorKind::Illegal);
        }
        Notation::Normal(w) => w,
    };
    let kind = w.piece.unwrap_or(Kind::Pawn);
    let mut v: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| {
            let f = m.from();
            !m.is_castle()
                && m.to() == w.to
                && pos.piece_at(f).map(|p| p.kind) == Some(kind)
                && w.from_zone.is_none_or(|z| f.zone() == z)
                && w.from_file.is_none_or(|x| f.article_file() == x)
                && w.from_rank.is_none_or(|r| f.rank() == r)
        })
        .collect();
    if v.is_empty() {
        return Err(MoveErrorKind::Illegal);
    }
    match (w.promotion, v[0].promotion().is_some()) {
        (None, true) | (Some(_), false) => return Err(MoveErrorKind::Illegal),
        (Some(k), true) => v.retain(|m| m.promotion() == Some(k)),
        (None, false) => {}
    }
    match v.len() {
        1 => Ok(v[0]),
        _ => Err(MoveErrorKind::Ambiguous),
    }
}

fn agree(pos: &Position, legal: &[Move], n: &Notation, what: &str) -> u64 {
    let got = ThreeMan::resolve(pos, n).map_err(|e| e.kind);
    let want = by_filtering(pos, legal, n);
    assert_eq!(got, want, "{what} {n} in {}", position_string::write(pos));
    1
}

/// Every written move tried in `pos`; returns how many.
fn check_position(pos: &Position, rng: &mut Rng) -> u64 {
    let mut legal = Vec::new();
    ThreeMan::legal_moves(pos, &mut legal);
    let mut tried = 0;
    for m in &legal {
        for style in [Style::Short, Style::Long] {
            let n = ThreeMan::notate(pos, m, style);
            assert_eq!(
                ThreeMan::resolve(pos, &n),
                Ok(*m),
                "{n} in {}",
                position_string::write(pos)
            );
            tried += agree(pos, &legal, &n, "legal");
        }
        let Notation::Normal(long) = ThreeMan::notate(pos, m, Style::Long) else {
            continue;
        };
        // less of the origin: each part left out, then all of it (ambiguous moves)
        for drop in 0..4 {
            let mut w = long;
            match drop {
                0 => w.from_zone = None,
                1 => w.from_file = None,
                2 => w.from_rank = None,
                _ => (w.from_zone, w.from_file, w.from_rank) = (None, None, None),
            }
            tried += agree(pos, &legal, &Notation::Normal(w), "partial origin");
        }
        // the promotion left out, or another written
        let mut w = long;
        w.promotion = match m.promotion() {
            Some(_) => None,
            None => Some(Kind::Queen),
        };
        tried += agree(pos, &legal, &Notation::Normal(w), "promotion");
        // another piece kind, another destination, another origin
        let mut w = long;
        w.piece = [None, Some(Kind::Knight), Some(Kind::Rook), Some(Kind::King)][rng.below(4)];
        tried += agree(pos, &legal, &Notation::Normal(w), "kind");
        let mut w = long;
        w.to = Square::from_index(rng.below(144));
        tried += agree(pos, &legal, &Notation::Normal(w), "destination");
        let mut w = long;
        w.from_rank = Some(rng.below(6) as u8);
        w.from_file = Some(rng.below(8) as u8);
        tried += agree(pos, &legal, &Notation::Normal(w), "origin");
    }
    // random written moves, mostly illegal
    let kinds = [
        None,
        Some(Kind::Knight),
        Some(Kind::Bishop),
        Some(Kind::Rook),
        Some(Kind::Queen),
        Some(Kind::King),
    ];
    for _ in 0..12 {
        let mut w: Written = match legal
            .first()
            .map(|m| ThreeMan::notate(pos, m, Style::Short))
        {
            Some(Notation::Normal(w)) => w,
            _ => continue,
        };
        w.piece = kinds[rng.below(6)];
        w.to = Square::from_index(rng.below(144));
        w.from_zone = None;
        w.from_file = None;
        w.from_rank = None;
        w.promotion = None;
        tried += agree(pos, &legal, &Notation::Normal(w), "random");
    }
    for long in [false, true] {
        let n = Notation::Castle {
            long,
            mark: gamenote::threeman::Mark::None,
        };
        tried += agree(pos, &legal, &n, "castling");
    }
    tried
}

#[test]
fn resolve_agrees_with_filtering_the_legal_moves() {
    let mut rng = Rng::new(14);
    let mut tried = 0;
    let mut positions = 0;
    for (i, rules) in ThreeMan::variants().iter().enumerate() {
        // games as `gamenote generate` plays them
        for seed in 0..2 {
            let game = legal_game::<ThreeMan>(rules, 200, 1000 * i as u64 + seed);
            let mut pos = ThreeMan::start(rules);
            for m in &game.moves {
                tried += check_position(&pos, &mut rng);
                positions += 1;
                ThreeMan::play(&mut pos, m);
            }
            tried += check_position(&pos, &mut rng);
        }
        // capture-heavy games, to reach moats, promotions, eliminations and the end
        for _ in 0..2 {
            let mut pos = ThreeMan::start(rules);
            for _ in 0..400 {
                tried += check_position(&pos, &mut rng);
                positions += 1;
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
    }
    assert!(positions > 3000 && tried > 300_000, "{positions} {tried}");
}
