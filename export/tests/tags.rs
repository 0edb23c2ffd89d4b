//! Records whose tags say two things are read as `check` reads them (a second `[Game]` or
//! `[Rules]` tag saying otherwise, a record tagged with another game than the one given, a
//! tag section with no movetext), and `--rules` replaces the tags of the input's game only.

use gamenote::GameId;
use gamenote_export::{ExportOptions, JsonlSink, export_reader};
use serde_json::Value;

/// The records rows of `text` exported as JSON lines.
fn rows(file: &str, id: GameId, text: &str, opts: &ExportOptions) -> Vec<Value> {
    let mut out = Vec::new();
    let mut sink = JsonlSink::new(&mut out, None::<Vec<u8>>);
    export_reader(file, id, text.as_bytes(), opts, &mut sink).unwrap();
    sink.finish().unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// `(ok, error_kind, error_line, error_column, error_ply, error_message)` of a row.
fn verdict(r: &Value) -> (bool, Value, Value, Value, Value, Value) {
    (
        r["ok"].as_bool().unwrap(),
        r["error_kind"].clone(),
        r["error_line"].clone(),
        r["error_column"].clone(),
        r["error_ply"].clone(),
        r["error_message"].clone(),
    )
}

fn parse_error(line: u64, column: u64, message: &str) -> (bool, Value, Value, Value, Value, Value) {
    (
        false,
        "parse".into(),
        line.into(),
        column.into(),
        Value::Null,
        message.into(),
    )
}

#[test]
fn a_second_game_tag_naming_another_game_is_the_error_check_reports() {
    let text = "[Game \"Pylos\"]\n[Game \"GIPF\"]\n\n1. 1a4 *\n\n[Game \"Pylos\"]\n\n1. 1a4 *\n";
    let r = rows("two.txt", GameId::Pylos, text, &ExportOptions::default());
    assert_eq!(r.len(), 2);
    assert_eq!(
        verdict(&r[0]),
        parse_error(
            2,
            8,
            "expected the game of the record's first [Game] tag, \"Pylos\", found \"GIPF\""
        )
    );
    assert_eq!(
        (r[0]["record"].as_u64(), r[0]["plies"].as_u64()),
        (Some(1), Some(0))
    );
    assert_eq!(r[0]["moves"], serde_json::json!([]));
    // Its row keeps the tags it wrote, the first of each name.
    assert_eq!(r[0]["tags"], serde_json::json!({"Game": "Pylos"}));
    // The next record is read as before, numbered after it.
    assert_eq!(
        (r[1]["record"].as_u64(), r[1]["ok"].as_bool()),
        (Some(2), Some(true))
    );
    assert_eq!(r[1]["moves_canonical"], serde_json::json!(["1a4"]));
}

#[test]
fn a_tag_section_with_no_movetext_does_not_lend_its_game_to_the_next() {
    // A record of tags only runs into the next record's tags: one record, two games.
    let text =
        "[Game \"Pylon\"]\n[Size \"3\"]\n\n[Game \"Three-man chess\"]\n\n1. WHd3 GRb3 BLe4 *\n";
    let r = rows("t.txt", GameId::Pylon, text, &ExportOptions::default());
    assert_eq!(r.len(), 1);
    assert_eq!(
        verdict(&r[0]),
        parse_error(
            4,
            8,
            "expected the game of the record's first [Game] tag, \"Pylon\", found \"Three-man chess\""
        )
    );
    assert_eq!(
        r[0]["tags"],
        serde_json::json!({"Game": "Pylon", "Size": "3"})
    );
}

#[test]
fn a_record_tagged_with_another_game_than_game_given_is_an_error() {
    let text = "[Game \"Pylos\"]\n\n1. 1a4 *\n\n[Event \"x\"]\n\n1. 1a4 *\n";
    let mut opts = ExportOptions::default();
    opts.game = Some(GameId::Gipf);
    let r = rows("one.txt", GameId::Gipf, text, &opts);
    assert_eq!(r.len(), 2);
    assert_eq!(
        verdict(&r[0]),
        parse_error(
            1,
            8,
            "expected the game given, \"GIPF\" (--game gipf), found \"Pylos\""
        )
    );
    assert_eq!(r[0]["tags"], serde_json::json!({"Game": "Pylos"}));
    // Without a tag the record is read as GIPF, where `1a4` is no move.
    assert_eq!(r[1]["game"], "gipf");
    assert_eq!(
        (
            r[1]["error_kind"].as_str(),
            r[1]["error_line"].as_u64(),
            r[1]["error_column"].as_u64()
        ),
        (Some("parse"), Some(7), Some(4))
    );
    // Without --game the record's own tag wins.
    let r = rows("one.txt", GameId::Gipf, text, &ExportOptions::default());
    assert_eq!(
        (r[0]["game"].as_str(), r[0]["ok"].as_bool()),
        (Some("pylos"), Some(true))
    );
}

#[test]
fn a_second_rules_tag_with_another_value_is_an_error() {
    let text = "[Game \"Pylos\"]\n[Rules \"standard\"]\n[Rules \"alignment\"]\n\n1. 1a4 *\n";
    let r = rows("r.txt", GameId::Pylos, text, &ExportOptions::default());
    assert_eq!(
        verdict(&r[0]),
        parse_error(
            3,
            9,
            "expected the value of the record's first [Rules] tag, \"standard\", found \"alignment\""
        )
    );
}

#[test]
fn rules_given_replace_the_tags_of_the_inputs_game_only() {
    // --rules alignment for a Pylos archive that also holds a GIPF record: the GIPF record
    // keeps its own rules, as `check` reads it.
    let text = "[Game \"Pylos\"]\n\n1. 1a4 1c1 *\n\n[Game \"GIPF\"]\n[Rules \"basic\"]\n\n1.c6 (11) i2-g2 (11) *\n";
    let mut opts = ExportOptions::default();
    opts.overrides = vec![("Rules".into(), "alignment".into())];
    let r = rows("m.txt", GameId::Pylos, text, &opts);
    assert_eq!(r.len(), 2);
    assert_eq!(
        (
            r[0]["game"].as_str(),
            r[0]["rules"].as_str(),
            r[0]["ok"].as_bool()
        ),
        (Some("pylos"), Some("alignment"), Some(true))
    );
    assert_eq!(r[0]["tags"]["Rules"], "alignment");
    assert_eq!(
        (
            r[1]["game"].as_str(),
            r[1]["rules"].as_str(),
            r[1]["ok"].as_bool()
        ),
        (Some("gipf"), Some("basic"), Some(true))
    );
    assert_eq!(r[1]["tags"]["Rules"], "basic");
    assert_eq!(r[1]["plies"].as_u64(), Some(2));
}
