//! Checking in one pass allocates a bounded number of times, whatever the record's length:
//! no list of plies is kept and nothing is allocated per move (a counting allocator).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use gamenote::replay::Checker;
use gamenote::stream::Reader;
use gamenote::threeman::ThreeMan;
use gamenote::Mode;

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
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// A legal three-man record of `plies` moves: every seat's knight goes out and back.
fn knights(plies: usize) -> String {
    const CYCLE: [&str; 6] = ["WHNa3", "GRNa3", "BLNa3", "WHNb1", "GRNb1", "BLNb1"];
    let mut text = String::from("[Game \"Three-man chess\"]\n");
    for i in 0..plies {
        if i % 3 == 0 {
            text.push_str(&format!("{}. ", i / 3 + 1));
        }
        text.push_str(CYCLE[i % 6]);
        text.push(if i % 18 == 17 { '\n' } else { ' ' });
    }
    text.push_str("*\n");
    text
}

/// Allocations of checking `text` in one pass through the stream reader, and its verdict.
fn check(text: &str) -> (usize, gamenote::replay::Verdict) {
    // The reader's buffer is sized once for the longest record: give each run the same.
    let mut reader = Reader::new(text.as_bytes());
    let mut checker = Checker::<ThreeMan>::new(Mode::Strict);
    count_mine();
    let before = ALLOCS.load(Ordering::Relaxed);
    let verdict = reader
        .read_record::<ThreeMan, _>(&mut checker)
        .expect("one record");
    (ALLOCS.load(Ordering::Relaxed) - before, verdict)
}

#[test]
fn a_ten_thousand_ply_record_allocates_no_more_than_a_short_one() {
    let (short_allocs, short) = check(&knights(600));
    assert!(short.is_ok(), "{short:?}");
    assert_eq!(short.plies, 600);
    let (long_allocs, long) = check(&knights(10_002));
    assert!(long.is_ok(), "{long:?}");
    assert_eq!(long.plies, 10_002);
    eprintln!("allocations: {short_allocs} for 600 plies, {long_allocs} for 10,002");
    // The moves add none; only the buffers could grow with the text.
    assert!(
        long_allocs <= short_allocs + 2,
        "{long_allocs} allocations for 10,002 plies, {short_allocs} for 600"
    );
}
