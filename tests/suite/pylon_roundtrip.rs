//! Round trips: points, written moves and records print and parse back to themselves; random
//! legal games (boards up to size 14) print, parse and replay to the same position and score.

use gamenote::pylon::{Notation, Point, Pylon, Rules, Suicide};
use gamenote::record::replay;
use gamenote::{GameResult, Mode, Outcome, Ply, Record};
use gamenote::{Play, RecordFormat};
use proptest::prelude::*;

fn any_point() -> impl Strategy<Value = Point> {
    (1u8..=99, 0u8..26, 0u8..99).prop_map(|(l, c, r)| Point::new(l, c, r))
}

/// A point on a board of size `n`.
fn board_point(n: u8) -> impl Strategy<Value = Point> {
    (1..=n).prop_flat_map(move |l| {
        let w = n + 1 - l;
        (Just(l), 0..w, 0..w).prop_map(|(l, c, r)| Point::new(l, c, r))
    })
}

fn any_notation() -> impl Strategy<Value = Notation> {
    prop_oneof![
        1 => Just(Notation::Pass),
        6 => (any_point(), proptest::option::of(proptest::collection::btree_set(any_point(), 1..6)))
            .prop_map(|(at, cover)| Notation::Place {
                at,
                cover: cover.map(|c| c.into_iter().rev().collect()),
            }),
    ]
}

fn any_result() -> impl Strategy<Value = GameResult> {
    prop_oneof![
        Just(GameResult::Unfinished),
        Just(GameResult::Decided(Outcome::Win(0))),
        Just(GameResult::Decided(Outcome::Win(1))),
        Just(GameResult::Decided(Outcome::Draw(0b11))),
    ]
}

fn comment() -> impl Strategy<Value = String> {
    "[A-Za-z0-9 ,.!?'-]{0,20}"
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn points_round_trip(p in any_point()) {
        let s = p.to_string();
        prop_assert_eq!(s.parse::<Point>().unwrap(), p);
    }

    #[test]
    fn points_of_large_boards_round_trip(n in 10u8..=26, seed in any::<u32>()) {
        let g = gamenote::pylon::Geometry::of(n).unwrap();
        let i = seed as usize % g.len();
        let p = g.point(i);
        let back: Point = p.to_string().parse().unwrap();
        prop_assert_eq!(back, p);
        prop_assert_eq!(g.index(back), Some(i));
    }

    #[test]
    fn board_points_are_on_the_board(p in (10u8..=26).prop_flat_map(board_point)) {
        prop_assert!(p.level >= 1);
        let s = p.to_string();
        prop_assert_eq!(s.parse::<Point>().unwrap(), p);
    }

    #[test]
    fn notations_round_trip(n in any_notation()) {
        let s = n.to_string();
        prop_assert_eq!(s.parse::<Notation>().unwrap(), n);
    }

    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,40}") {
        let _ = s.parse::<Notation>();
        let _ = s.parse::<Point>();
        let _ = s.parse::<Record<Pylon>>();
    }

    #[test]
    fn records_round_trip(
        size in 2u8..=26,
        group in any::<bool>(),
        white in "[A-Za-z .]{0,12}",
        plies in proptest::collection::vec((any_notation(), proptest::collection::vec(comment(), 0..2)), 0..40),
        before in proptest::collection::vec(comment(), 0..2),
        result in proptest::option::of(any_result()),
        score in proptest::option::of((0u32..4000, 0u32..4000)),
    ) {
        let mut rec = Record::<Pylon>::default();
        rec.tags.push(("Game".into(), "Pylon".into()));
        rec.tags.push(("Size".into(), size.to_string()));
        if group {
            rec.tags.push(("Rules".into(), "standard,suicide=group".into()));
        }
        rec.tags.push(("White".into(), white));
        let r = result.unwrap_or(GameResult::Unfinished);
        rec.tags.push(("Result".into(), Pylon::write_result(r)));
        rec.comments_before = before;
        for (n, comments) in plies {
            let mut p = Ply::new(n);
            p.comments = comments;
            rec.plies.push(p);
        }
        rec.result = result;
        if let (Some(_), Some((w, b))) = (result, score) {
            rec.comments_after.push(format!("W {w} B {b}"));
        }
        let text = rec.to_string();
        let back: Record<Pylon> = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
        prop_assert_eq!(back, rec);
    }
}

/// Plays a random legal game and writes it as a record (`generate::legal_game`), with the
/// score after the result when the game ended.
fn random_game(
    rules: Rules,
    seed: u64,
    max_plies: usize,
) -> (Record<Pylon>, gamenote::pylon::Position) {
    let game = gamenote::generate::legal_game::<Pylon>(&rules, max_plies, seed);
    let mut rec = game.record;
    if Pylon::outcome(&game.end).is_some() {
        rec.comments_after
            .push(format!("W {} B {}", game.end.score(0), game.end.score(1)));
    }
    (rec, game.end)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_games_print_parse_and_replay(
        size in prop_oneof![2u8..=6, 10u8..=14],
        group in any::<bool>(),
        seed in 1u64..u64::MAX,
    ) {
        let rules = Rules::new(size, if group { Suicide::Group } else { Suicide::Piece });
        let max = if size >= 10 { 120 } else { 400 };
        let (rec, end) = random_game(rules, seed, max);
        let text = rec.to_string();
        let back: Record<Pylon> = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
        prop_assert_eq!(&back, &rec);
        let r = replay(&back, Mode::Strict);
        prop_assert!(r.is_ok(), "{:?}\n{}", r.error, text);
        prop_assert_eq!(&r.end, &end);
        prop_assert_eq!((r.end.score(0), r.end.score(1)), (end.score(0), end.score(1)));
        prop_assert_eq!(r.outcome, Pylon::outcome(&end));
        // Without the covering brackets the record means the same game.
        let mut bare = back.clone();
        for p in &mut bare.plies {
            if let Notation::Place { cover, .. } = &mut p.notation {
                *cover = None;
            }
        }
        let r2 = replay(&bare, Mode::Strict);
        prop_assert!(r2.is_ok());
        prop_assert_eq!(r2.moves, r.moves);
    }
}

#[test]
fn a_finished_game_on_size_5_ends_with_its_score() {
    let (rec, end) = random_game(Rules::with_size(5), 7, 10_000);
    assert!(Pylon::outcome(&end).is_some());
    let text = rec.to_string();
    assert!(
        text.trim_end()
            .ends_with(&format!("{{W {} B {}}}", end.score(0), end.score(1))),
        "{text}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// The crate's shared fuzz harnesses, run on Pylon with random bytes.
    #[test]
    fn fuzz_harnesses_hold(data in proptest::collection::vec(any::<u8>(), 0..120)) {
        gamenote::fuzzing::notation_roundtrip::<Pylon>(&data);
        gamenote::fuzzing::record_roundtrip::<Pylon>(&data);
        gamenote::fuzzing::resolve_agrees::<Pylon>(&data);
    }

    /// The same harnesses on text made of Pylon tokens, which reaches deeper. Tags
    /// come once, first, in their printing order: `record_roundtrip` compares tag lists in
    /// order, and printing puts them in canonical order (`[Rules] [Size]` comes back as
    /// `[Size] [Rules]`, and a repeated tag moves, for any game).
    #[test]
    fn fuzz_harnesses_hold_on_pylon_like_text(
        tokens in proptest::collection::vec(
            prop_oneof![
                Just("1a1"), Just("1b2"), Just("1c3"), Just("1b1"), Just("1a2"), Just("2a1"),
                Just("1a2[2a1]"), Just("pass"), Just("PASS"), Just("{W 3 B 7}"), Just("0-1"),
                Just("*"), Just("1."),
                Just("1c1"), Just("1a3"), Just("1b3"), Just("1c2"), Just("2a2"), Just("\n\n"),
            ],
            0..30,
        ),
        tags in prop_oneof![
            Just(""),
            Just("[Size \"3\"]\n\n"),
            Just("[Size \"3\"]\n[Rules \"suicide=group\"]\n\n"),
        ],
    ) {
        let text = format!("{tags}{}", tokens.join(" "));
        gamenote::fuzzing::notation_roundtrip::<Pylon>(text.as_bytes());
        gamenote::fuzzing::record_roundtrip::<Pylon>(text.as_bytes());
    }
}

/// A record that leaves out a forced pass converts (leniently) to one that has it, ending with
/// the finished game's score comment.
#[test]
fn lenient_conversion_writes_the_missing_pass() {
    let text = "[Size \"3\"]\n[Rules \"suicide=group\"]\n\n1a1 1b1 1a2 1c2 1a3 1b3 1b2 1c1 0-1";
    let rec: Record<Pylon> = text.parse().unwrap();
    assert!(gamenote::record::convert(&rec, Default::default(), Mode::Strict).is_err());
    let out = gamenote::record::convert(&rec, Default::default(), Mode::Lenient).unwrap();
    let printed = out.to_string();
    assert!(
        printed.ends_with(
            "1. 1a1 1b1 2. 1a2 1c2 3. 1a3 1b3 4. pass 1b2[2a1,2a2] 5. pass 1c1 0-1 {W 3 B 7}\n"
        ),
        "{printed}"
    );
    assert!(replay(&out, Mode::Strict).is_ok());
}
