//! What a position's `==` and `Hash` compare is what its position string and its serde form
//! carry (issue 21, item 1), for all four games under every rules variant: a position read
//! back from its string (or its JSON) is equal to it and hashes the same, and two positions
//! are equal exactly when their rules and strings are.

use std::collections::HashMap;
use std::collections::hash_map::DefaultHasher;
use std::fmt::Debug;
use std::hash::{Hash, Hasher};

use gamenote::gipf::Gipf;
use gamenote::prelude::*;
use gamenote::pylon::Pylon;
use gamenote::pylos::Pylos;
use gamenote::threeman::ThreeMan;
use proptest::prelude::*;

fn hash_of<T: Hash>(value: &T) -> u64 {
    let mut h = DefaultHasher::new();
    value.hash(&mut h);
    h.finish()
}

/// One position checked alone: through its string and through serde JSON.
fn read_back<G: Game>(pos: &G::Position, rules: &G::Rules) -> Result<String, TestCaseError>
where
    G::Position: Eq + Hash,
{
    let text = G::position_string(pos).expect("every game writes its positions");
    let back = G::read_position(&text, rules);
    prop_assert!(back.is_ok(), "{}: {:?}", text, back.err());
    let back = back.unwrap();
    prop_assert_eq!(&back, pos, "{}", text);
    prop_assert_eq!(hash_of(&back), hash_of(pos), "{}", text);
    serde_back::<G>(pos)?;
    Ok(text)
}

#[cfg(feature = "serde")]
fn serde_back<G: Game>(pos: &G::Position) -> Result<(), TestCaseError>
where
    G::Position: Eq + Hash,
{
    // The serde form of every game's position; each game's position type names itself here,
    // as `Game::Position` does not ask for serde.
    fn json<P: serde::Serialize + serde::de::DeserializeOwned + Eq + Hash + Debug>(
        pos: &P,
    ) -> Result<(), TestCaseError> {
        let text = serde_json::to_string(pos).unwrap();
        let back: Result<P, _> = serde_json::from_str(&text);
        prop_assert!(back.is_ok(), "{}: {:?}", text, back.err());
        let back = back.unwrap();
        prop_assert_eq!(&back, pos, "{}", text);
        prop_assert_eq!(hash_of(&back), hash_of(pos), "{}", text);
        Ok(())
    }
    let any: &dyn std::any::Any = pos;
    if let Some(p) = any.downcast_ref::<gamenote::pylos::Position>() {
        json(p)
    } else if let Some(p) = any.downcast_ref::<gamenote::gipf::Position>() {
        json(p)
    } else if let Some(p) = any.downcast_ref::<gamenote::threeman::Position>() {
        json(p)
    } else if let Some(p) = any.downcast_ref::<gamenote::pylon::Position>() {
        json(p)
    } else {
        prop_assert!(false, "a position of no known game");
        Ok(())
    }
}

#[cfg(not(feature = "serde"))]
fn serde_back<G: Game>(_pos: &G::Position) -> Result<(), TestCaseError> {
    Ok(())
}

/// Plays each game of `games` (choices picking legal moves) from the start under every
/// variant, checking every position met alone and against every other position met:
/// equal positions have equal rules and strings, and equal rules and strings are equal
/// positions (with equal hashes).
fn reachable<G: Game>(games: &[Vec<u32>]) -> Result<(), TestCaseError>
where
    G::Position: Eq + Hash + 'static,
{
    for rules in G::variants() {
        let rules_text = rules.to_string();
        let mut by_text: HashMap<(String, String), G::Position> = HashMap::new();
        let mut by_value: HashMap<G::Position, (String, String)> = HashMap::new();
        for choices in games {
            let mut pos = G::start(&rules);
            let mut moves = Vec::new();
            for &c in choices.iter().chain(std::iter::once(&0)) {
                let key = (rules_text.clone(), read_back::<G>(&pos, &rules)?);
                if let Some(seen) = by_text.get(&key) {
                    prop_assert_eq!(seen, &pos, "same string {}", key.1);
                    prop_assert_eq!(hash_of(seen), hash_of(&pos));
                }
                if let Some(seen) = by_value.get(&pos) {
                    prop_assert_eq!(seen, &key, "equal positions, other strings");
                }
                by_text.insert(key.clone(), pos.clone());
                by_value.insert(pos.clone(), key);
                if G::outcome(&pos).is_some() {
                    break;
                }
                moves.clear();
                G::legal_moves(&pos, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let m = moves[c as usize % moves.len()].clone();
                G::play(&mut pos, &m);
            }
        }
    }
    Ok(())
}

/// Short games with few choices, so that different games meet the same positions.
fn games(plies: usize) -> impl Strategy<Value = Vec<Vec<u32>>> {
    prop::collection::vec(
        prop::collection::vec(prop_oneof![0u32..3, any::<u32>()], 0..plies),
        1..5,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn pylos_positions_agree_with_their_strings(g in games(40)) {
        reachable::<Pylos>(&g)?;
    }

    #[test]
    fn gipf_positions_agree_with_their_strings(g in games(80)) {
        reachable::<Gipf>(&g)?;
    }

    #[test]
    fn threeman_positions_agree_with_their_strings(g in games(60)) {
        reachable::<ThreeMan>(&g)?;
    }

    #[test]
    fn pylon_positions_agree_with_their_strings(g in games(40)) {
        reachable::<Pylon>(&g)?;
    }
}

/// Positions met by different move orders are equal and hash the same (the ply count is
/// not part of a position): two GIPF games reaching the same board by different orders.
#[test]
fn gipf_transposed_positions_are_equal() {
    let rules = gamenote::gipf::Rules::default();
    let play = |moves: &[&str]| {
        let mut pos = Gipf::start(&rules);
        for m in moves {
            let mv = Gipf::resolve(&pos, &m.parse().unwrap()).unwrap();
            Gipf::play(&mut pos, &mv);
        }
        pos
    };
    let a = play(&["e1-e2", "a5-b5", "i5-h5", "e9-e8"]);
    let b = play(&["i5-h5", "e9-e8", "e1-e2", "a5-b5"]);
    assert_eq!(a, b);
    assert_eq!(hash_of(&a), hash_of(&b));
    assert_eq!(Gipf::position_string(&a), Gipf::position_string(&b));
}

/// Pylon positions of every size, cloned with `clone` and with `clone_from` over a position
/// of every other size (another board variant or the same one), compare and hash as the
/// source, and play on as it does.
#[test]
fn pylon_clone_from_between_every_size() {
    use gamenote::Play;
    use gamenote::pylon::{Position, Rules};
    use std::hash::{BuildHasher, RandomState};
    let h = RandomState::new();
    let positions: Vec<Position> = (2u8..=26)
        .map(|n| {
            let mut pos = Position::new(Rules::with_size(n));
            let mut moves = Vec::new();
            for i in 0..(n as usize % 5 + 1) {
                moves.clear();
                Pylon::legal_moves(&pos, &mut moves);
                let Some(m) = moves.get(i * 7 % moves.len().max(1)) else {
                    break;
                };
                Pylon::play(&mut pos, m);
            }
            // Work the outcome out, so that its kept answer is part of what is copied.
            let _ = Pylon::outcome(&pos);
            pos
        })
        .collect();
    let mut compared = 0;
    for a in &positions {
        let fresh = a.clone();
        assert_eq!(&fresh, a);
        assert_eq!(h.hash_one(&fresh), h.hash_one(a));
        for b in &positions {
            let mut x = a.clone();
            x.clone_from(b);
            assert_eq!(&x, b);
            assert_eq!(h.hash_one(&x), h.hash_one(b));
            assert_eq!(Pylon::outcome(&x), Pylon::outcome(b));
            assert_eq!(format!("{x:?}"), format!("{b:?}"));
            assert_eq!(x == *a, std::ptr::eq(a, b) || a == b);
            let (mut mx, mut mb) = (Vec::new(), Vec::new());
            Pylon::legal_moves(&x, &mut mx);
            Pylon::legal_moves(b, &mut mb);
            assert_eq!(mx, mb);
            if let Some(m) = mb.last() {
                let mut y = b.clone();
                Pylon::play(&mut x, m);
                Pylon::play(&mut y, m);
                assert_eq!(x, y);
                assert_eq!(Pylon::outcome(&x), Pylon::outcome(&y));
            }
            compared += 1;
        }
    }
    assert_eq!(compared, 25 * 25);
}
