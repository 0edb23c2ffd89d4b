//! The generators of `gamenote::generate`, for every game and rule set: legal games check
//! legal, near misses fail exactly where and how they say, and everything is reproducible
//! from the seed.

use gamenote::generate::{MutationKind, legal_game, near_miss, verify, verify_legal};
use gamenote::{Game, gipf::Gipf, pylon::Pylon, pylos::Pylos, threeman::ThreeMan};

const RECORDS: u64 = 1000;

fn check_game<G: Game>(len: usize) {
    for (v, rules) in G::variants().iter().enumerate() {
        let mut kinds = std::collections::BTreeMap::<String, usize>::new();
        for seed in 0..RECORDS {
            let seed = seed * 7919 + v as u64;
            let game = legal_game::<G>(rules, 1 + (seed as usize % len), seed);
            if let Err(e) = verify_legal(&game) {
                panic!("{} {rules}: legal game {seed} fails: {e}", G::NAME);
            }
            // Every near miss the game offers really is illegal where it is offered.
            let mut pos = G::start(rules);
            for m in &game.moves {
                for (name, n) in G::near_misses(&pos) {
                    assert!(
                        G::resolve(&pos, &n).is_err(),
                        "{} {rules}: near miss \"{name}\" {n} resolves",
                        G::NAME
                    );
                }
                G::play(&mut pos, m);
            }
            let Some(miss) = near_miss(&game, seed) else {
                continue;
            };
            *kinds.entry(miss.mutation.clone()).or_default() += 1;
            if let Err(e) = verify(&miss) {
                panic!("{} {rules}: seed {seed}: {e}\n{}", G::NAME, miss.text);
            }
        }
        println!("{} {rules}: {kinds:?}", G::NAME);
    }
}

fn reproducible<G: Game>() {
    let rules = G::Rules::default();
    let a = legal_game::<G>(&rules, 40, 12345);
    let b = legal_game::<G>(&rules, 40, 12345);
    assert_eq!(a.record.to_string(), b.record.to_string());
    let ma = near_miss(&a, 99).map(|m| m.text);
    let mb = near_miss(&b, 99).map(|m| m.text);
    assert_eq!(ma, mb);
}

#[test]
fn pylos_generators() {
    check_game::<Pylos>(70);
    reproducible::<Pylos>();
    // Pylos offers its own kinds of illegal move and wrong marker.
    let game = legal_game::<Pylos>(&Default::default(), 30, 1);
    let mut rng = gamenote::generate::Rng::new(3);
    let m = gamenote::generate::mutate(&game, MutationKind::IllegalMove, &mut rng).unwrap();
    assert_eq!(m.expected.kind, gamenote::check::ProblemKind::Illegal);
    let m = gamenote::generate::mutate(&game, MutationKind::WrongAnnotation, &mut rng).unwrap();
    assert_eq!(m.expected.kind, gamenote::check::ProblemKind::Mismatch);
}

#[test]
fn gipf_generators() {
    check_game::<Gipf>(60);
    reproducible::<Gipf>();
}

#[test]
fn threeman_generators() {
    check_game::<ThreeMan>(60);
    reproducible::<ThreeMan>();
}

#[test]
fn pylon_generators() {
    check_game::<Pylon>(60);
    reproducible::<Pylon>();
}
