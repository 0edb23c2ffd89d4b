//! Move generation, counting and play allocate nothing (beyond the caller's move vector),
//! checked with a counting global allocator.

use gamenote::Play;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use gamenote::pylon::{Pylon, Rules, Suicide};

struct Counting;

static ALLOCS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// Only this test's own thread counts: the test harness allocates on its threads too
    /// (a slow test's warning, the results channel), at times a busy machine decides.
    static MINE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Counts an allocation made on a thread that asked to be counted.
fn count() {
    // `try_with`: a thread being torn down has no thread-local left, and is not ours.
    if MINE.try_with(|m| m.get()).unwrap_or(false) {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
    }
}

/// Counts the allocations of the calling thread from now on.
fn count_mine() {
    MINE.with(|m| m.set(true));
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
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
        count_mine();
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
