//! A counting global allocator for the allocation tests (tests/alloc/, a test binary of
//! their own: a binary has one global allocator). Only threads that ask are counted: the test
//! harness allocates on its own threads too (a slow test's warning, the results channel), at
//! times a busy machine decides.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static MINE: Cell<bool> = const { Cell::new(false) };
    /// The calling thread's count: the tests of the binary run side by side, each on its
    /// own thread, and each reads its own allocations only.
    static ALLOCS: Cell<usize> = const { Cell::new(0) };
}

/// Counts an allocation made on a thread that asked to be counted.
fn count() {
    // `try_with`: a thread being torn down has no thread-local left, and is not ours.
    if MINE.try_with(|m| m.get()).unwrap_or(false) {
        let _ = ALLOCS.try_with(|n| n.set(n.get() + 1));
    }
}

/// Counts the allocations of the calling thread from now on.
pub fn count_mine() {
    MINE.with(|m| m.set(true));
}

/// Allocations (and reallocations) of the calling thread counted so far.
pub fn allocations() -> usize {
    ALLOCS.with(|n| n.get())
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;
