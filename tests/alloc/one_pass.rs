//! Checking in one pass allocates a bounded number of times, whatever the record's length:
//! no list of plies is kept and nothing is allocated per move (a counting allocator).

use gamenote::Mode;
use gamenote::replay::Checker;
use gamenote::stream::Reader;
use gamenote::threeman::ThreeMan;

use crate::counting::{allocations, count_mine};

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
    let before = allocations();
    let verdict = reader
        .read_record::<ThreeMan, _>(&mut checker)
        .expect("one record");
    (allocations() - before, verdict)
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
