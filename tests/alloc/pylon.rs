//! Move generation, counting and play allocate nothing (beyond the caller's move vector),
//! checked with a counting global allocator.

use gamenote::Play;

use gamenote::pylon::{Pylon, Rules, Suicide};

use crate::counting::{allocations, count_mine};

#[test]
fn generating_counting_and_playing_do_not_allocate() {
    for (size, suicide) in [
        (6u8, Suicide::Piece),
        (6, Suicide::Group),
        (26, Suicide::Piece),
    ] {
        let mut pos = Pylon::start(&Rules::new(size, suicide));
        let mut moves = Vec::with_capacity(4096);
        // Warm up: the geometry table and the thread's scratch space.
        Pylon::legal_moves(&pos, &mut moves);
        let mut rng = gamenote::generate::Rng::new(99);
        count_mine();
        let before = allocations();
        for _ in 0..60 {
            moves.clear();
            Pylon::legal_moves(&pos, &mut moves);
            let _ = Pylon::count_legal(&pos);
            let _ = Pylon::outcome(&pos);
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let mut next = pos.clone();
            Pylon::play(&mut next, &m);
            pos = next;
        }
        assert_eq!(allocations() - before, 0, "size {size}");
    }
}
