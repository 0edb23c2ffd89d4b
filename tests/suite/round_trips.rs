//! Round trips for every value the public API can build (the project standard: for every
//! value, `parse(print(x)) == x`, and equality means the same as the written form).
//! Outcomes and results are few enough to hold every one of them to it.

use std::collections::HashSet;

use gamenote::game::Written;
use gamenote::gipf::Gipf;
use gamenote::pylon::Pylon;
use gamenote::pylos::Pylos;
use gamenote::threeman::ThreeMan;
use gamenote::{Game, GameResult, Outcome};

/// All 512 outcomes.
fn outcomes() -> impl Iterator<Item = Outcome> {
    (0..=255u8).flat_map(|n| [Outcome::Win(n), Outcome::Draw(n)])
}

/// All 513 results.
fn results() -> impl Iterator<Item = GameResult> {
    outcomes()
        .map(GameResult::Decided)
        .chain([GameResult::Unfinished])
}

#[test]
fn every_outcome_prints_what_it_reads() {
    let mut printed = HashSet::new();
    for o in outcomes() {
        let text = o.to_string();
        assert_eq!(text.parse::<Outcome>(), Ok(o), "{text}");
        assert!(
            printed.insert(text.clone()),
            "{o:?} prints as another: {text}"
        );
    }
    assert_eq!(printed.len(), 512);
    let mut printed = HashSet::new();
    for r in results() {
        let text = r.to_string();
        assert_eq!(text.parse::<GameResult>(), Ok(r), "{text}");
        assert!(
            printed.insert(text.clone()),
            "{r:?} prints as another: {text}"
        );
    }
    assert_eq!(printed.len(), 513);
}

#[test]
fn outcomes_no_score_list_says_are_written_in_their_rust_form() {
    let cases = [
        (Outcome::Win(0), "1-0"),
        (Outcome::Win(2), "0-0-1"),
        (Outcome::Win(3), "Win(3)"),
        (Outcome::Win(16), "Win(16)"),
        (Outcome::Win(255), "Win(255)"),
        (Outcome::Draw(0b11), "1/2-1/2"),
        (Outcome::Draw(0b110), "0-1/2-1/2"),
        (Outcome::Draw(0b111), "1/3-1/3-1/3"),
        (Outcome::Draw(0), "Draw(0b0)"),
        (Outcome::Draw(0b1), "Draw(0b1)"),
        (Outcome::Draw(0b100), "Draw(0b100)"),
        (Outcome::Draw(0b1001), "Draw(0b1001)"),
        (Outcome::Draw(0b11111), "Draw(0b11111)"),
        (Outcome::Draw(255), "Draw(0b11111111)"),
    ];
    for (o, text) in cases {
        assert_eq!(o.to_string(), text);
    }
    // One written form a value: the Rust form of a value a score list says is refused,
    // and so are leading zeros, other bases and values out of range.
    for bad in [
        "Win(0)",
        "Win(2)",
        "Win(03)",
        "Win(256)",
        "Win(+3)",
        "Win()",
        "Draw(0b11)",
        "Draw(0b101)",
        "Draw(0b01)",
        "Draw(0b)",
        "Draw(1)",
        "Draw(0x1)",
        "Draw(0b100000000)",
        "Win(3",
        "win(3)",
        "1/4-1/4-1/4-1/4",
        "1/1-0",
    ] {
        let e = bad.parse::<Outcome>().unwrap_err();
        assert_eq!((e.line, e.column), (1, 1), "{bad}");
        assert!(bad.parse::<GameResult>().is_err(), "{bad}");
    }
}

/// Every result through `G`'s own words: what it writes reads back as a result it writes
/// the same, so `Written<G>` values print what they read and compare as they print.
fn game_results_round_trip<G: Game>(expected: &[&str]) {
    let mut words = HashSet::new();
    for r in results() {
        let text = G::write_result(r);
        let (rest, back) = G::parse_result(&text)
            .unwrap_or_else(|| panic!("{}: {r:?} writes {text:?}, which does not read", G::NAME));
        assert_eq!(rest, "", "{}: {text}", G::NAME);
        assert_eq!(G::write_result(back), text, "{}: {r:?}", G::NAME);
        let w = Written::<G>::new(r);
        let read: Written<G> = w.to_string().parse().unwrap();
        assert_eq!(read, w, "{}: {r:?}", G::NAME);
        assert_eq!(read.result(), back);
        words.insert(text);
    }
    // Equality is the written form: two results are equal exactly when written the same.
    for a in results().step_by(7) {
        for b in results().step_by(5) {
            let same = G::write_result(a) == G::write_result(b);
            assert_eq!(Written::<G>::new(a) == Written::<G>::new(b), same);
        }
    }
    let expected: HashSet<String> = expected.iter().map(|s| s.to_string()).collect();
    assert_eq!(words, expected, "{}", G::NAME);
}

#[test]
fn every_result_reads_back_in_each_games_words() {
    // Pylos has no draw: a draw is written `*`.
    game_results_round_trip::<Pylos>(&["1-0", "0-1", "*"]);
    game_results_round_trip::<Gipf>(&["1-0", "0-1", "1/2-1/2", "*"]);
    game_results_round_trip::<Pylon>(&["1-0", "0-1", "1/2-1/2", "*"]);
    // Three-man chess writes three scores, and has no draw of all three.
    let three = [
        "1-0-0",
        "0-1-0",
        "0-0-1",
        "1/2-1/2-0",
        "1/2-0-1/2",
        "0-1/2-1/2",
        "*",
    ];
    game_results_round_trip::<ThreeMan>(&three);
}

#[cfg(feature = "serde")]
#[test]
fn every_outcome_serializes_and_reads_back() {
    for r in results() {
        let json = serde_json::to_string(&r).unwrap();
        assert_eq!(
            serde_json::from_str::<GameResult>(&json).unwrap(),
            r,
            "{json}"
        );
    }
    assert_eq!(
        serde_json::to_string(&Outcome::Draw(0b1)).unwrap(),
        "\"Draw(0b1)\""
    );
}
