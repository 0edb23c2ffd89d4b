//! The generators as proptest strategies (feature `proptest`). Values shrink by seed and
//! length, so a failure shrinks towards a short game.
//!
//! ```
//! use gamenote::generate::strategy::{legal_game, near_miss};
//! use gamenote::pylos::Pylos;
//! use proptest::prelude::*;
//! use proptest::test_runner::TestRunner;
//!
//! let mut runner = TestRunner::default();
//! runner
//!     .run(&legal_game::<Pylos>(40), |game| {
//!         prop_assert!(gamenote::generate::verify_legal(&game).is_ok());
//!         Ok(())
//!     })
//!     .unwrap();
//! runner
//!     .run(&near_miss::<Pylos>(40), |miss| {
//!         prop_assert!(gamenote::generate::verify(&miss).is_ok());
//!         Ok(())
//!     })
//!     .unwrap();
//! ```

use proptest::prelude::*;

use super::{LegalGame, NearMiss, legal_game_in_variant};
use crate::game::Game;
use crate::record::Record;

/// Legal games of at most `max_plies` plies under any of the game's variants.
///
/// ```
/// use gamenote::generate::{strategy::legal_game, verify_legal};
/// use gamenote::pylos::Pylos;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::{Reason, TestRunner};
/// let mut runner = TestRunner::deterministic();
/// let game = legal_game::<Pylos>(20).new_tree(&mut runner)?.current();
/// assert!(game.moves.len() <= 20);
/// assert_eq!(game.record.plies.len(), game.moves.len());
/// assert!(verify_legal(&game).is_ok());
/// # Ok::<(), Reason>(())
/// ```
pub fn legal_game<G: Game>(max_plies: usize) -> impl Strategy<Value = LegalGame<G>> {
    (any::<u64>(), 0..=max_plies, 0usize..16)
        .prop_map(|(seed, len, v)| legal_game_in_variant::<G>(v, len, seed))
}

/// Legal games as record text.
///
/// ```
/// use gamenote::{generate::strategy::legal_record_text, Record, gipf::Gipf};
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::{Reason, TestRunner};
/// let mut runner = TestRunner::deterministic();
/// let text = legal_record_text::<Gipf>(12).new_tree(&mut runner)?.current();
/// assert!(text.starts_with("[Game \"GIPF\"]\n"));
/// let record: Record<Gipf> = text.parse().expect("a generated record reads back");
/// assert!(record.plies.len() <= 12);
/// # Ok::<(), Reason>(())
/// ```
pub fn legal_record_text<G: Game>(max_plies: usize) -> impl Strategy<Value = String> {
    legal_game::<G>(max_plies).prop_map(|g| g.record.to_string())
}

/// Near misses: legal games with one thing made wrong, each with its expected error.
///
/// ```
/// use gamenote::check::ProblemKind;
/// use gamenote::generate::{strategy::near_miss, verify};
/// use gamenote::pylos::Pylos;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::{Reason, TestRunner};
/// let mut runner = TestRunner::deterministic();
/// let miss = near_miss::<Pylos>(20).new_tree(&mut runner)?.current();
/// assert!(ProblemKind::ALL.contains(&miss.expected.kind));
/// assert_eq!(verify(&miss), Ok(())); // a checker reports just the expected error
/// # Ok::<(), Reason>(())
/// ```
pub fn near_miss<G: Game>(max_plies: usize) -> impl Strategy<Value = NearMiss<G>> {
    (any::<u64>(), 1..=max_plies.max(1), 0usize..16)
        .prop_filter_map("the game allows no near miss", |(seed, len, v)| {
            super::near_miss(&legal_game_in_variant::<G>(v, len, seed), seed)
        })
}

/// Positions reached by random legal play.
///
/// ```
/// use gamenote::generate::strategy::position;
/// use gamenote::pylos::Pylos;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::{Reason, TestRunner};
/// let mut runner = TestRunner::deterministic();
/// let pos = position::<Pylos>(30).new_tree(&mut runner)?.current();
/// let balls = pos.balls(0).count_ones() + pos.balls(1).count_ones();
/// assert_eq!(balls + u32::from(pos.reserve(0) + pos.reserve(1)), 30);
/// # Ok::<(), Reason>(())
/// ```
pub fn position<G: Game>(max_plies: usize) -> impl Strategy<Value = G::Position> {
    legal_game::<G>(max_plies).prop_map(|g| g.end)
}

/// Written moves: every move of a random legal game, in the game's default style, and the
/// game's own near misses.
///
/// ```
/// use gamenote::generate::strategy::notation;
/// use gamenote::pylon::{Notation, Pylon};
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::{Reason, TestRunner};
/// let mut runner = TestRunner::deterministic();
/// let n = notation::<Pylon>(20).new_tree(&mut runner)?.current();
/// assert_eq!(n.to_string().parse::<Notation>().ok(), Some(n)); // it prints and reads back
/// # Ok::<(), Reason>(())
/// ```
pub fn notation<G: Game>(max_plies: usize) -> impl Strategy<Value = G::Notation> {
    (legal_game::<G>(max_plies), any::<prop::sample::Index>()).prop_filter_map(
        "an empty game",
        |(g, i)| {
            let mut all: Vec<G::Notation> =
                g.record.plies.iter().map(|p| p.notation.clone()).collect();
            all.extend(G::near_misses(&g.end).into_iter().map(|(_, n)| n));
            (!all.is_empty()).then(|| all[i.index(all.len())].clone())
        },
    )
}

/// Whole records (legal games) as values.
///
/// ```
/// use gamenote::{generate::strategy::record, record::replay, Mode, pylon::Pylon};
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::{Reason, TestRunner};
/// let mut runner = TestRunner::deterministic();
/// let rec = record::<Pylon>(30).new_tree(&mut runner)?.current();
/// assert_eq!(rec.tag("Game"), Some("Pylon"));
/// assert!(replay(&rec, Mode::Strict).is_ok());
/// # Ok::<(), Reason>(())
/// ```
pub fn record<G: Game>(max_plies: usize) -> impl Strategy<Value = Record<G>> {
    legal_game::<G>(max_plies).prop_map(|g| g.record)
}

/// Pylos slots, all 30.
///
/// ```
/// use gamenote::generate::strategy::pylos_slot;
/// use gamenote::pylos::Slot;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::{Reason, TestRunner};
/// let mut runner = TestRunner::deterministic();
/// let slot = pylos_slot().new_tree(&mut runner)?.current();
/// assert!((1..=4).contains(&slot.level()));
/// assert_eq!(slot.to_string().parse::<Slot>().ok(), Some(slot));
/// # Ok::<(), Reason>(())
/// ```
pub fn pylos_slot() -> impl Strategy<Value = crate::pylos::Slot> {
    (0usize..30).prop_map(|i| crate::pylos::Slot::from_index(i).unwrap_or(crate::pylos::TOP))
}

/// GIPF points, all 61 (24 dots and 37 spots).
///
/// The coordinate strategies of every game, each printed and read back:
///
/// ```
/// use gamenote::generate::strategy::{gipf_point, pylon_point, pylos_slot, threeman_square};
/// use proptest::prelude::*;
/// use proptest::test_runner::TestRunner;
/// let mut runner = TestRunner::default();
/// runner.run(&pylos_slot(), |s| { prop_assert_eq!(s.to_string().parse().ok(), Some(s)); Ok(()) }).unwrap();
/// runner.run(&gipf_point(), |p| { prop_assert_eq!(p.to_string().parse().ok(), Some(p)); Ok(()) }).unwrap();
/// runner.run(&threeman_square(), |q| { prop_assert_eq!(q.to_string().parse().ok(), Some(q)); Ok(()) }).unwrap();
/// runner.run(&pylon_point(), |(_, p)| { prop_assert_eq!(p.to_string().parse().ok(), Some(p)); Ok(()) }).unwrap();
/// ```
pub fn gipf_point() -> impl Strategy<Value = crate::gipf::Point> {
    let all: Vec<crate::gipf::Point> = crate::gipf::Point::all().collect();
    proptest::sample::select(all)
}

/// Three-man chess squares, all 144.
///
/// ```
/// use gamenote::generate::strategy::threeman_square;
/// use gamenote::threeman::Square;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::{Reason, TestRunner};
/// let mut runner = TestRunner::deterministic();
/// let square = threeman_square().new_tree(&mut runner)?.current();
/// assert_eq!(square.to_string().parse::<Square>().ok(), Some(square));
/// # Ok::<(), Reason>(())
/// ```
pub fn threeman_square() -> impl Strategy<Value = crate::threeman::Square> {
    (0u8..6, 0u8..24).prop_map(|(r, f)| crate::threeman::Square::new(r, f))
}

/// Pylon points of a board of any size from 2 to 26, with the size.
///
/// ```
/// use gamenote::generate::strategy::pylon_point;
/// use gamenote::pylon::Geometry;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::{Reason, TestRunner};
/// let mut runner = TestRunner::deterministic();
/// let (size, point) = pylon_point().new_tree(&mut runner)?.current();
/// assert!((2..=26).contains(&size));
/// let board = Geometry::of(size).unwrap();
/// assert!(board.index(point).is_some()); // the point is on that board
/// # Ok::<(), Reason>(())
/// ```
pub fn pylon_point() -> impl Strategy<Value = (u8, crate::pylon::Point)> {
    (crate::pylon::MIN_SIZE..=crate::pylon::MAX_SIZE).prop_flat_map(|n| {
        let len = crate::pylon::Geometry::of(n).map_or(1, |g| g.len());
        (Just(n), 0..len).prop_map(|(n, i)| {
            let p = crate::pylon::Geometry::of(n)
                .map_or(crate::pylon::Point::new(1, 0, 0), |g| g.point(i));
            (n, p)
        })
    })
}
