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
    // One move list per level, made as the search first goes that deep.
    let mut buffers: Vec<Vec<G::Move>> = Vec::new();
    perft_in::<G>(pos, depth, 0, &mut buffers)
}

fn perft_in<G: Game>(
    pos: &G::Position,
    depth: u32,
    level: usize,
    buffers: &mut Vec<Vec<G::Move>>,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return G::count_legal(pos);
    }
    if buffers.len() <= level {
        buffers.push(Vec::new());
    }
    let mut mine = std::mem::take(&mut buffers[level]);
    mine.clear();
    G::legal_moves(pos, &mut mine);
    let mut total = 0u64;
    for m in &mine {
        let mut next = pos.clone();
        G::play(&mut next, m);
        total = total.saturating_add(perft_in::<G>(&next, depth - 1, level + 1, buffers));
    }
    buffers[level] = mine;
    total
}

/// Perft split by first move: each legal move with the count below it, written in `style`.
/// At depth 0 there is no first move, so the list is empty (and perft is 1).
///
/// ```
/// use gamenote::{perft::divide, prelude::*, pylos::{Pylos, Rules, Style}};
/// let start = Pylos::start(&Rules::default());
/// let split = divide::<Pylos>(&start, 2, Style::default());
/// assert_eq!(split.len(), 16);
/// assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 240);
/// assert!(divide::<Pylos>(&start, 0, Style::default()).is_empty());
/// ```
pub fn divide<G: Game>(pos: &G::Position, depth: u32, style: G::Style) -> Vec<(String, u64)> {
    let mut moves = Vec::new();
    if depth == 0 {
        return Vec::new();
    }
    G::legal_moves(pos, &mut moves);
    moves
        .iter()
        .map(|m| {
            let mut next = pos.clone();
            G::play(&mut next, m);
            let n = if depth == 1 {
                1
            } else {
                perft::<G>(&next, depth - 1)
            };
            (G::notate(pos, m, style).to_string(), n)
        })
        .collect()
}
