//! serde through the written forms: JSON text and round trips for every type holding game data.
#![cfg(feature = "serde")]

use gamenote::{Notate, Play};
use std::fmt::Debug;

use gamenote::generate::legal_game;
use gamenote::record::replay;
use gamenote::{Error, Game, GameResult, Mode, MoveError, Outcome, ParseError, Record};
use gamenote::{gipf, pylon, pylos, threeman};
use serde::{Serialize, de::DeserializeOwned};

/// Serializes `value`, checks the JSON text, reads it back and checks it is equal.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T, json: &str) {
    let text = serde_json::to_string(value).unwrap();
    assert_eq!(text, json);
    let back: T = serde_json::from_str(&text).unwrap();
    assert_eq!(&back, value);
}

/// Reads `text` back and checks it serializes to the same text.
fn same_text<T: Serialize + DeserializeOwned>(text: &str) -> T {
    let value: T = serde_json::from_str(text).unwrap();
    assert_eq!(serde_json::to_string(&value).unwrap(), text);
    value
}

#[test]
fn results_serialize_as_written() {
    round_trip(&GameResult::Decided(Outcome::Win(0)), "\"1-0\"");
    round_trip(&GameResult::Decided(Outcome::Draw(0b11)), "\"1/2-1/2\"");
    round_trip(&GameResult::Unfinished, "\"*\"");
    round_trip(&Outcome::Draw(0b110), "\"0-1/2-1/2\"");
    round_trip(&Mode::Lenient, "\"Lenient\"");
    let three =
        gamenote::game::Written::<threeman::ThreeMan>::new(GameResult::Decided(Outcome::Win(2)));
    round_trip(&three, "\"0-0-1\"");
    let score: pylon::Score = "1/2-1/2 {W 4 B 4}".parse().unwrap();
    round_trip(&score, "\"1/2-1/2 {W 4 B 4}\"");
    let e = serde_json::from_str::<GameResult>("\"2-0\"").unwrap_err();
    assert!(e.to_string().starts_with("1:1: expected a result"), "{e}");
}

#[test]
fn notations_rules_and_styles_serialize_as_text() {
    let n: pylos::Notation = "1d22b2(1a1)".parse().unwrap();
    round_trip(&n, "\"1d22b2(1a1)\"");
    let n: gipf::Notation = "g1-c3;xc2,d3,e4,f4,g4* (7)".parse().unwrap();
    round_trip(&n, "\"g1-c3;xc2,d3,e4,f4,g4* (7)\"");
    let n: threeman::Notation = "WHRh3xGRh3".parse().unwrap();
    round_trip(&n, "\"WHRh3xGRh3\"");
    let n: pylon::Notation = "1b2[2a1,2a2]".parse().unwrap();
    round_trip(&n, "\"1b2[2a1,2a2]\"");
    round_trip(&pylos::Rules::default(), "\"standard\"");
    round_trip(
        &"tournament,last-gipf=white-loses"
            .parse::<gipf::Rules>()
            .unwrap(),
        "\"tournament,last-gipf=white-loses\"",
    );
    round_trip(&threeman::Rules::default(), "\"standard\"");
    round_trip(&pylon::Rules::default(), "\"standard\"");
    round_trip(&pylos::Style::CANONICAL, "\"canonical\"");
    round_trip(&gipf::Style::Short, "\"short\"");
    round_trip(&threeman::Style::Long, "\"long\"");
    round_trip(&pylon::Style::Standard, "\"standard\"");
    let e = serde_json::from_str::<pylos::Notation>("\"zz\"").unwrap_err();
    assert!(
        e.to_string().starts_with("1:1: expected a Pylos move"),
        "{e}"
    );
}

#[test]
fn moves_and_coordinates_serialize() {
    let pos = pylos::Pylos::start(&pylos::Rules::default());
    let m = pylos::Pylos::resolve(&pos, &"1b2".parse().unwrap()).unwrap();
    round_trip(&m, r#"{"from":null,"to":"1b2","takebacks":0}"#);
    let pos = pylon::Pylon::start(&pylon::Rules::default());
    let m = pylon::Pylon::resolve(&pos, &"1a1".parse().unwrap()).unwrap();
    round_trip(&m, r#"{"Place":"1a1"}"#);
    round_trip(&pylon::Move::Pass, r#""Pass""#);
    round_trip(&"e5".parse::<gipf::Point>().unwrap(), "\"e5\"");
    let sq: threeman::Square = "WHe4".parse().unwrap();
    let json = serde_json::to_string(&sq).unwrap();
    assert_eq!(serde_json::from_str::<threeman::Square>(&json).unwrap(), sq);
    for seed in 0..4 {
        let g = legal_game::<gipf::Gipf>(&gipf::Rules::new(gipf::Variant::Tournament), 30, seed);
        for m in &g.moves {
            let back: gipf::Move =
                serde_json::from_str(&serde_json::to_string(m).unwrap()).unwrap();
            assert_eq!(&back, m);
        }
        let g = legal_game::<threeman::ThreeMan>(&threeman::Rules::default(), 30, seed);
        for m in &g.moves {
            let back: threeman::Move =
                serde_json::from_str(&serde_json::to_string(m).unwrap()).unwrap();
            assert_eq!(&back, m);
        }
    }
}

#[test]
fn positions_serialize_as_rules_and_position_string() {
    round_trip(
        &pylos::Pylos::start(&pylos::Rules::default()),
        r#"["standard","................/........./..../. w 15 15"]"#,
    );
    // A GIPF position keeps neither the half-moves played nor, outside the tournament game,
    // who has moved: what reads back is the same position string, which plays the same.
    same_text::<gipf::Position>(
        r#"["standard","X..O...........O.....X...........X..O W=12 lostW=0 B=12 lostB=0 next=o"]"#,
    );
    let start = gipf::Gipf::start(&gipf::Rules::new(gipf::Variant::Tournament));
    round_trip(
        &start,
        r#"["tournament","..................................... W=18 lostW=0 B=18 lostB=0 next=o opening=nn"]"#,
    );
    round_trip(
        &pylon::Pylon::start(&pylon::Rules::with_size(2)),
        r#"["standard","2 ..../. w"]"#,
    );
    let start = threeman::ThreeMan::start(&threeman::Rules::default());
    let json = serde_json::to_string(&start).unwrap();
    assert!(
        json.starts_with(r#"["standard","Black 8/8/8/8/BpBpBpBpBpBpBpBp/"#),
        "{json}"
    );
    assert_eq!(
        serde_json::from_str::<threeman::Position>(&json).unwrap(),
        start
    );
    for seed in 0..8 {
        let g = legal_game::<pylos::Pylos>(&pylos::Rules::default(), 30, seed);
        let back: pylos::Position =
            serde_json::from_str(&serde_json::to_string(&g.end).unwrap()).unwrap();
        assert_eq!(back, g.end);
        let g = legal_game::<pylon::Pylon>(&pylon::Rules::default(), 40, seed);
        let back: pylon::Position =
            serde_json::from_str(&serde_json::to_string(&g.end).unwrap()).unwrap();
        assert_eq!(back, g.end);
        let rules = gipf::Rules::new(gipf::Variant::Tournament);
        let g = legal_game::<gipf::Gipf>(&rules, 40, seed);
        let json = serde_json::to_string(&g.end).unwrap();
        let back: gipf::Position = serde_json::from_str(&json).unwrap();
        assert_eq!(serde_json::to_string(&back).unwrap(), json);
    }
    let s = gamenote::game::PositionString::<pylon::Pylon>(pylon::Pylon::start(
        &pylon::Rules::with_size(2),
    ));
    round_trip(&s, r#""2 ..../. w""#);
    let e = serde_json::from_str::<pylos::Position>(r#"["standard","w"]"#).unwrap_err();
    assert!(
        e.to_string().starts_with(
            "1:2: expected '.', 'w' or 'b' for slot 1b1 (level 1 has 16 slots), found end of input"
        ),
        "{e}"
    );
}

#[test]
fn records_serialize_with_written_moves() {
    let text = "[Game \"Pylos\"]\n[Result \"*\"]\n\n1. 1b2 {fine} 1c3 *\n";
    let rec: Record<pylos::Pylos> = text.parse().unwrap();
    let json = serde_json::to_string(&rec).unwrap();
    assert_eq!(
        json,
        r#"{"tags":[["Game","Pylos"],["Result","*"]],"comments_before":[],"plies":[{"notation":"1b2","annotations":[],"comments":["fine"],"span":{"start":32,"end":35}},{"notation":"1c3","annotations":[],"comments":[],"span":{"start":43,"end":46}}],"result":"*","comments_after":[]}"#
    );
    let back: Record<pylos::Pylos> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, rec);
    assert_eq!(back.to_string(), text);
    for path in [
        "examples/records/gf1-tournament-0.gipf",
        "examples/records/threeman-short-game.3mc",
        "examples/records/pylon-spec.pylon",
    ] {
        let text = std::fs::read_to_string(path).unwrap();
        match path.rsplit('.').next() {
            Some("gipf") => json_record::<gipf::Gipf>(&text),
            Some("3mc") => json_record::<threeman::ThreeMan>(&text),
            _ => json_record::<pylon::Pylon>(&text),
        }
    }
}

fn json_record<G: Game>(text: &str)
where
    G::Notation: Serialize + DeserializeOwned,
{
    let rec: Record<G> = text.parse().unwrap();
    let json = serde_json::to_string(&rec).unwrap();
    let back: Record<G> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, rec);
    assert_eq!(back.to_string(), rec.to_string());
}

#[test]
fn parse_errors_serialize_without_double_quotes() {
    let e = "1b2 zz *".parse::<Record<pylos::Pylos>>().unwrap_err();
    assert_eq!(e.found, "\"zz\"");
    assert_eq!(e.ply, Some(2));
    let json = serde_json::to_string(&e).unwrap();
    assert_eq!(
        json,
        format!(
            r#"{{"kind":"parse","line":1,"column":5,"span":{{"start":4,"end":6}},"expected":{},"found":"zz","quoted":true,"ply":2,"message":{}}}"#,
            serde_json::to_string(&e.expected).unwrap(),
            serde_json::to_string(&e.to_string()).unwrap()
        )
    );
    assert_eq!(serde_json::from_str::<ParseError>(&json).unwrap(), e);
    let end = "1b2 (".parse::<pylos::Notation>().unwrap_err();
    let json = serde_json::to_string(&end).unwrap();
    assert!(
        json.contains(r#""found":"end of input","quoted":false"#),
        "{json}"
    );
    assert_eq!(serde_json::from_str::<ParseError>(&json).unwrap(), end);
    let odd = "\"é\\\"\"".parse::<pylos::Notation>().unwrap_err();
    assert_eq!(odd.found_text().as_deref(), Some("\"é\\\"\""));
    same_text::<ParseError>(&serde_json::to_string(&odd).unwrap());
}

#[test]
fn move_and_set_up_errors_serialize_as_objects() {
    let rec: Record<pylos::Pylos> = "1b2 1c3 1b2 *".parse().unwrap();
    let e = replay(&rec, Mode::Strict).into_result().unwrap_err();
    let json = r#"{"kind":"illegal","ply":3,"written":"1b2","reason":"1b2 is occupied","span":{"start":8,"end":11},"line":1,"column":9,"message":"ply 3 (1b2): 1b2 is occupied"}"#;
    round_trip(&e, json);
    let Error::Illegal(ref illegal) = e else {
        panic!("{e:?}")
    };
    round_trip(illegal, json);
    round_trip(
        &MoveError::ambiguous("1a1 or 1a2"),
        r#"{"kind":"ambiguous","reason":"1a1 or 1a2"}"#,
    );
    let rec: Record<pylon::Pylon> = "[Size \"27\"]\n\n1a1 *".parse().unwrap();
    let e = replay(&rec, Mode::Strict).into_result().unwrap_err();
    round_trip(
        &e,
        r#"{"kind":"setup","tag":"Size","message":"the Size tag \"27\" is not a Pylon board size from 2 to 26","span":{"start":7,"end":9},"line":1,"column":8}"#,
    );
    let e = Error::from("1b2 zz *".parse::<Record<pylos::Pylos>>().unwrap_err());
    let json = serde_json::to_string(&e).unwrap();
    assert!(
        json.starts_with(r#"{"kind":"parse","line":1,"column":5,"#),
        "{json}"
    );
    assert_eq!(serde_json::from_str::<Error>(&json).unwrap(), e);
}
