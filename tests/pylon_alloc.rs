//! Move generation, counting and play allocate nothing (beyond the caller's move vector),
//! checked with a counting global allocator.

use gamenote::Play;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use gamenote::pylon::{Pylon, Rules, Suicide};

struct Counting;

static ALLOCS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

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
        let before = ALLOCS.load(Ordering::Relaxed);
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
        assert_eq!(ALLOCS.load(Ordering::Relaxed) - before, 0, "size {size}");
    }
}
