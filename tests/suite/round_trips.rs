//! Round trips for every value the public API can build (the project standard: for every
//! value, `parse(print(x)) == x`, and equality means the same as the written form).
//! Outcomes and results are few enough to hold every one of them to it.

use std::collections::HashSet;

use crate::common::error;
use gamenote::GameId;
use gamenote::any::AnyRecord;
use gamenote::game::Written;
use gamenote::generate::legal_game;
use gamenote::gipf::Gipf;
use gamenote::prelude::*;
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

fn each_value_read_back<G: Game>(id: GameId, rules: &[&str], out: &mut Vec<String>) {
    // Pylos numeric moves read with `Notation::parse_numeric` (documented on `FromStr`).
    let sts: Vec<G::Style> = id
        .styles()
        .iter()
        .filter(|s| !s.starts_with("numeric"))
        .map(|s| s.parse().ok().unwrap())
        .collect();
    for r in rules {
        let rules: G::Rules = match r.parse() {
            Ok(x) => x,
            Err(e) => {
                out.push(format!("{} rules {r}: {e}", G::NAME));
                continue;
            }
        };
        let back: Result<G::Rules, _> = rules.to_string().parse();
        if back.as_ref().ok() != Some(&rules) {
            out.push(format!("{} rules {r} -> {} -> {back:?}", G::NAME, rules));
        }
        for seed in 0..6u64 {
            let game = legal_game::<G>(&rules, 400, seed);
            let text = game.record.to_string();
            match text.parse::<Record<G>>() {
                Ok(rec) => {
                    if rec != game.record {
                        out.push(format!("{} record != after print/parse: {text}", G::NAME));
                    }
                    if rec.to_string() != text {
                        out.push(format!("{} record prints differently: {text}", G::NAME));
                    }
                }
                Err(e) => out.push(format!("{} record does not parse: {e}: {text}", G::NAME)),
            }
            match text.parse::<AnyRecord>() {
                Ok(rec) => {
                    if rec.to_string() != text {
                        out.push(format!("{} anyrecord prints differently", G::NAME));
                    }
                }
                Err(e) => out.push(format!("{} anyrecord: {e}", G::NAME)),
            }
            let mut pos = G::start(&rules);
            let mut seen: Vec<(G::Position, String)> = Vec::new();
            for (i, m) in game.moves.iter().enumerate() {
                if let Some(s) = G::position_string(&pos) {
                    match G::read_position(&s, &rules) {
                        Ok(p) => {
                            if p != pos {
                                out.push(format!(
                                    "{} {r} seed {seed} ply {i}: pos != read back: {s}",
                                    G::NAME
                                ));
                            }
                            if G::position_string(&p).as_deref() != Some(&s) {
                                out.push(format!("{} {r} ply {i}: reprint differs {s}", G::NAME));
                            }
                        }
                        Err(e) => {
                            out.push(format!("{} {r} seed {seed} ply {i}: {s}: {e}", G::NAME))
                        }
                    }
                    for (q, t) in &seen {
                        if *q == pos && *t != s {
                            out.push(format!("{} == but print {t} vs {s}", G::NAME));
                        }
                    }
                    if i % 7 == 0 {
                        seen.push((pos.clone(), s.clone()));
                    }
                }
                let mut legal = Vec::new();
                G::legal_moves(&pos, &mut legal);
                for lm in legal.iter().take(40) {
                    for st in &sts {
                        let st = *st;
                        let n = G::notate(&pos, lm, st);
                        let s = n.to_string();
                        match s.parse::<G::Notation>() {
                            Ok(n2) => {
                                if n2 != n {
                                    out.push(format!("{} notation {s} != parsed ({st})", G::NAME));
                                }
                                if n2.to_string() != s {
                                    out.push(format!("{} notation {s} reprints {n2}", G::NAME));
                                }
                            }
                            Err(e) => out.push(format!("{} notation {s} ({st}): {e}", G::NAME)),
                        }
                    }
                }
                G::play(&mut pos, m);
            }
        }
    }
}

fn outcomes_read_back(out: &mut Vec<String>) {
    for s in 0..8u8 {
        let o = Outcome::Win(s);
        let t = o.to_string();
        if t.parse::<Outcome>().ok() != Some(o) {
            out.push(format!("{o:?} -> {t}"));
        }
    }
    for m in 0..=255u8 {
        let o = Outcome::Draw(m);
        let t = o.to_string();
        if t.parse::<Outcome>().ok() != Some(o) {
            out.push(format!("{o:?} -> {t} -> {:?}", t.parse::<Outcome>()));
        }
        let g = GameResult::Decided(o);
        if g.to_string().parse::<GameResult>().ok() != Some(g) {
            out.push(format!("{g:?} -> {g}"));
        }
    }
}

#[test]
fn values_print_and_read_back_as_equal_values() {
    let mut out = Vec::new();
    outcomes_read_back(&mut out);
    each_value_read_back::<Pylos>(
        GameId::Pylos,
        &[
            "standard",
            "standard,takeback=optional",
            "alignment",
            "alignment,takeback=optional,reserve=immediately",
            "children",
            "children,reserve=no_moves",
            "standard,reserve=no_moves,takeback=optional",
        ],
        &mut out,
    );
    each_value_read_back::<Gipf>(
        GameId::Gipf,
        &[
            "basic",
            "standard",
            "tournament",
            "standard,last-gipf=white-loses",
            "tournament,last-gipf=to-move-wins",
            "basic,last-gipf=white-loses",
        ],
        &mut out,
    );
    each_value_read_back::<ThreeMan>(GameId::ThreeMan, &["standard"], &mut out);
    each_value_read_back::<Pylon>(
        GameId::Pylon,
        &["standard", "standard,suicide=group"],
        &mut out,
    );
    out.dedup();
    for l in out.iter().take(60) {
        println!("{}", &l[..l.len().min(300)]);
    }
    assert!(out.is_empty(), "{} findings", out.len());
}

#[test]
fn results_are_exact() {
    for bad in [
        "1-0-0-0",
        "0-0-0-1",
        "1/2-1/2-0-0",
        "1-0-0-0-0-0-0-0",
        "0-1-",
        "-1-0",
    ] {
        assert!(bad.parse::<GameResult>().is_err(), "{bad}");
        assert!(bad.parse::<Outcome>().is_err(), "{bad}");
    }
    assert_eq!("1-0-0".parse::<Outcome>(), Ok(Outcome::Win(0)));
    assert_eq!("0-0-1".parse::<Outcome>(), Ok(Outcome::Win(2)));
    // Each game's own reader takes its own forms only.
    for g in ["1-0-0-0", "1-0-0", "0-1-0", "1/2-1/2-0"] {
        assert_eq!(
            Pylos::parse_result(g).map(|(r, _)| r.is_empty()),
            None,
            "{g}"
        );
        assert_eq!(Gipf::parse_result(g), None, "{g}");
        assert_eq!(Pylon::parse_result(g), None, "{g}");
    }
    for g in ["1-0-0-0", "1-0", "0-1", "1/2-1/2", "1-0-0-", "0-0-1-0"] {
        assert_eq!(ThreeMan::parse_result(g), None, "{g}");
    }
    assert_eq!(
        ThreeMan::parse_result("0-0-1"),
        Some(("", GameResult::Decided(Outcome::Win(2))))
    );
    // In a record: a parse error at the token, and a Result tag that is no result.
    let p = error::<ThreeMan>("[Game \"Three-Man Chess\"]\n\n1-0-0-0\n");
    assert_eq!((p.0, p.1, p.2), ("parse", 3, 1));
    let p = error::<Pylos>("[Game \"Pylos\"]\n[Result \"1-0-0-0\"]\n\n1b2 *\n");
    assert_eq!(
        p,
        (
            "mismatch",
            4,
            5,
            "the Result tag \"1-0-0-0\" is not a result".to_string()
        )
    );
}
