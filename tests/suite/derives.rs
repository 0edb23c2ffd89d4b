//! Every game's corresponding types offer the same traits (issue 21, item 2): a program that
//! handles all four games can put any of them in a `HashSet`, sort results, clone replays,
//! and print and read back what has a written form. Each bound below is checked at compile
//! time; the test fails to build when a game's type loses one.

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use gamenote::prelude::*;
use gamenote::{gipf::Gipf, pylon::Pylon, pylos::Pylos, threeman::ThreeMan};

fn value<T: Debug + Clone + PartialEq + Eq + Hash + Send + Sync + 'static>() {}
fn written<T: Display + FromStr>() {}
fn copy<T: Copy>() {}

fn game<G: Game>()
where
    G::Position: Debug + Clone + Eq + Hash + Send + Sync + 'static,
    G::Move: Debug + Clone + Eq + Hash + Send + Sync + 'static,
    G::Notation: Debug + Clone + Eq + Hash + Display + FromStr + Send + Sync + 'static,
    G::Rules: Debug + Clone + Eq + Hash + Display + FromStr + Default,
    G::Style: Debug + Copy + Eq + Hash + Display + FromStr + Default,
{
    value::<G::Position>();
    value::<G::Move>();
    value::<G::Notation>();
    written::<G::Notation>();
    written::<G::Rules>();
    written::<G::Style>();
    copy::<G::Style>();
    fn clone<T: Clone>() {}
    clone::<gamenote::Replay<G>>();
    clone::<Record<G>>();
}

#[test]
fn every_game_has_the_same_derives() {
    game::<Pylos>();
    game::<Gipf>();
    game::<ThreeMan>();
    game::<Pylon>();
    fn ordered<T: Ord + Copy + Hash + Display + FromStr>() {}
    ordered::<GameResult>();
    fn ord<T: Ord + Copy + Hash>() {}
    ord::<Outcome>();
    // The same trait checked on values: a sorted list of results, a set of positions.
    let mut results: Vec<GameResult> = ["0-1", "1-0", "1/2-1/2", "*"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    results.sort();
    assert_eq!(results.len(), 4);
    let start = Pylon::start(&Default::default());
    // Pylon's position caches whether the game is over in an atomic, which clippy sees as
    // interior mutability; the cache takes no part in `Eq` or `Hash`.
    #[allow(clippy::mutable_key_type)]
    let set: std::collections::HashSet<_> = [start.clone(), start].into_iter().collect();
    assert_eq!(set.len(), 1);
}

#[cfg(feature = "serde")]
#[test]
fn verdicts_go_through_serde() {
    use gamenote::{replay::Checker, visit::visit};
    let v = visit::<Pylos, _>("1b2 1b2 *", Checker::new(Mode::Strict))
        .next()
        .unwrap();
    let json = serde_json::to_string(&v).unwrap();
    let back: gamenote::replay::Verdict = serde_json::from_str(&json).unwrap();
    assert_eq!(back, v);
}
