//! Perft and divide over any [`Game`]: the number of move sequences of a given length, the
//! strongest test a move generator has.

use crate::game::Game;

/// Counts the leaves of the move tree `depth` plies deep. At the last ply the moves are
/// counted, not played.
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::{perft::perft, Game, pylos::{Pylos, Rules}};
/// let start = Pylos::start(&Rules::default());
/// assert_eq!(perft::<Pylos>(&start, 2), 240);
/// ```
pub fn perft<G: Game>(pos: &G::Position, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<G::Move>> = (0..depth).map(|_| Vec::new()).collect();
    perft_in::<G>(pos, depth, &mut buffers)
}

fn perft_in<G: Game>(pos: &G::Position, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return G::count_legal(pos);
    }
    let (mine, deeper) = match buffers.split_first_mut() {
        Some(x) => x,
        None => return 1,
    };
    mine.clear();
    G::legal_moves(pos, mine);
    let mut total = 0;
    for m in mine.iter() {
        let mut next = pos.clone();
        G::play(&mut next, m);
        total += perft_in::<G>(&next, depth - 1, deeper);
    }
    total
}

/// Perft split by first move: each legal move with the count below it, written in `style`.
pub fn divide<G: Game>(pos: &G::Position, depth: u32, style: G::Style) -> Vec<(String, u64)> {
    let mut moves = Vec::new();
    G::legal_moves(pos, &mut moves);
    moves
        .iter()
        .map(|m| {
            let mut next = pos.clone();
            G::play(&mut next, m);
            let n = if depth <= 1 {
                1
            } else {
                perft::<G>(&next, depth - 1)
            };
            (G::notate(pos, m, style).to_string(), n)
        })
        .collect()
}
