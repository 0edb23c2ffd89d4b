//! A stranger's attack on the export: records whose tags say two things read as `check`
//! reads them, `--rules` for the input's game only, and odd calls of the sinks (both tables
//! with no row, a spilling sink into a `Vec`, strings empty, huge, non-ASCII or with control
//! characters, a `MoveList` built by hand), read back exactly.

use arrow::array::{Array, AsArray, RecordBatch};
use arrow::datatypes::Int64Type;
use bytes::Bytes;
use gamenote::GameId;
use gamenote_export::{
    ExportOptions, JsonlSink, MoveList, ParquetSink, PlyRow, RecordRow, RowError, Sink,
    export_reader, plies_schema, records_schema,
};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
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

fn read(bytes: Vec<u8>) -> (arrow::datatypes::SchemaRef, Vec<RecordBatch>) {
    let b = ParquetRecordBatchReaderBuilder::try_new(Bytes::from(bytes)).unwrap();
    let schema = b.schema().clone();
    let batches = b.build().unwrap().map(|b| b.unwrap()).collect();
    (schema, batches)
}

#[test]
fn both_tables_with_no_row_are_valid_files_of_the_schemas() {
    for spill in [false, true] {
        let sink = if spill {
            ParquetSink::with_spill(Vec::new(), Some(Vec::new())).unwrap()
        } else {
            ParquetSink::new(Vec::new(), Some(Vec::new())).unwrap()
        };
        let (records, plies) = sink.into_inner().unwrap();
        let (schema, batches) = read(records);
        assert_eq!(schema.fields(), records_schema().fields());
        assert_eq!(batches.iter().map(|b| b.num_rows()).sum::<usize>(), 0);
        let (schema, batches) = read(plies.unwrap());
        assert_eq!(schema.fields(), plies_schema().fields());
        assert_eq!(batches.iter().map(|b| b.num_rows()).sum::<usize>(), 0);
    }
}

/// Strings no record of ours has: empty, 3 MB (over a batch's 2 MB of text and a page's
/// 256 KiB), non-ASCII, control characters, quotes and backslashes.
fn odd_row() -> (RecordRow, Vec<PlyRow>) {
    let huge = "é".repeat(1_500_000) + "\u{0}";
    let moves = MoveList::from(["", "1b2", "\"q\"\\", "漢字\u{1}\n", huge.as_str(), "x"]);
    let row = RecordRow {
        file: "dir/ünï\tcode.pylos".into(),
        record: 7,
        game: "pylos",
        rules: Some(String::new()),
        tags: vec![
            (String::new(), String::new()),
            ("Event".into(), "a\u{0}b\u{1f}c\u{7f}\"\\".into()),
            ("Huge".into(), huge.clone()),
        ],
        moves: moves.clone(),
        moves_canonical: MoveList::new(),
        plies: 0,
        result: Some(String::new()),
        outcome: None,
        ok: false,
        error: Some(RowError {
            kind: "parse",
            line: u64::MAX >> 1,
            column: 1,
            ply: Some(0),
            message: "found \"\u{0}\"".into(),
        }),
        warnings: 3,
    };
    let ply = PlyRow {
        ply: 1,
        seat: 2,
        position: Some(huge),
        move_written: None,
        move_canonical: String::new(),
        legal_moves: 0,
        outcome: Some("1-0".into()),
    };
    (
        row,
        vec![
            ply.clone(),
            PlyRow {
                position: None,
                ..ply
            },
        ],
    )
}

fn text(b: &RecordBatch, col: &str, row: usize) -> Option<String> {
    let a = b.column_by_name(col).unwrap().as_string::<i32>();
    a.is_valid(row).then(|| a.value(row).to_string())
}

#[test]
fn odd_strings_come_back_exactly_from_every_writer() {
    let (row, plies) = odd_row();
    let expected_moves: Vec<String> = row.moves.iter().map(str::to_string).collect();
    assert_eq!(expected_moves.len(), 6);
    for spill in [false, true] {
        let mut sink = if spill {
            ParquetSink::with_spill(Vec::new(), Some(Vec::new())).unwrap()
        } else {
            ParquetSink::new(Vec::new(), Some(Vec::new())).unwrap()
        };
        sink.record(&row, &plies).unwrap();
        sink.record(&RecordRow::default(), &[]).unwrap();
        let (records, p) = sink.into_inner().unwrap();
        let (_, batches) = read(records);
        let b = arrow::compute::concat_batches(&records_schema(), &batches).unwrap();
        assert_eq!(b.num_rows(), 2);
        assert_eq!(text(&b, "file", 0).as_deref(), Some("dir/ünï\tcode.pylos"));
        assert_eq!(text(&b, "rules", 0).as_deref(), Some(""));
        assert_eq!(text(&b, "result", 0).as_deref(), Some(""));
        assert_eq!(text(&b, "outcome", 0), None);
        assert_eq!(
            text(&b, "error_message", 0).as_deref(),
            Some("found \"\u{0}\"")
        );
        let line = b
            .column_by_name("error_line")
            .unwrap()
            .as_primitive::<Int64Type>();
        assert_eq!(line.value(0), i64::MAX);
        let m = b.column_by_name("tags").unwrap().as_map().value(0);
        let (k, v) = (
            m.column(0).as_string::<i32>(),
            m.column(1).as_string::<i32>(),
        );
        let tags: Vec<(String, String)> = (0..k.len())
            .map(|i| (k.value(i).to_string(), v.value(i).to_string()))
            .collect();
        assert_eq!(tags, row.tags);
        let l = b.column_by_name("moves").unwrap().as_list::<i32>().value(0);
        let l = l.as_string::<i32>();
        let got: Vec<String> = (0..l.len()).map(|i| l.value(i).to_string()).collect();
        assert_eq!(got, expected_moves);
        let (_, batches) = read(p.unwrap());
        let b = arrow::compute::concat_batches(&plies_schema(), &batches).unwrap();
        assert_eq!(b.num_rows(), 2);
        assert_eq!(text(&b, "position", 0), plies[0].position);
        assert_eq!(text(&b, "position", 1), None);
        assert_eq!(text(&b, "move", 0), None);
        assert_eq!(text(&b, "move_canonical", 0).as_deref(), Some(""));
        assert_eq!(text(&b, "file", 1).as_deref(), Some("dir/ünï\tcode.pylos"));
    }
    // JSON lines: the same values.
    let (mut r, mut p) = (Vec::new(), Vec::new());
    let mut sink = JsonlSink::new(&mut r, Some(&mut p));
    sink.record(&row, &plies).unwrap();
    sink.finish().unwrap();
    let r: Value = serde_json::from_slice(r.strip_suffix(b"\n").unwrap()).unwrap();
    assert_eq!(r["moves"], serde_json::json!(expected_moves));
    assert_eq!(r["tags"][""], "");
    assert_eq!(r["tags"]["Event"], "a\u{0}b\u{1f}c\u{7f}\"\\");
    assert_eq!(r["tags"]["Huge"].as_str(), Some(row.tags[2].1.as_str()));
    assert_eq!(r["error_line"].as_u64(), Some(u64::MAX >> 1));
    let lines: Vec<Value> = String::from_utf8(p)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["position"].as_str(), plies[0].position.as_deref());
    assert_eq!(
        (lines[0]["move"].clone(), lines[1]["position"].clone()),
        (Value::Null, Value::Null)
    );
}

#[test]
fn a_move_list_built_by_hand_cuts_where_it_was_pushed() {
    let mut m = MoveList::new();
    for s in ["", "", "ab", "", "ü"] {
        m.push(s);
    }
    assert_eq!(m.len(), 5);
    assert_eq!(m.iter().collect::<Vec<_>>(), ["", "", "ab", "", "ü"]);
    assert_eq!(
        (m.get(2), m.get(3), m.get(5), m.last()),
        (Some("ab"), Some(""), None, Some("ü"))
    );
    assert_eq!(m.text(), "abü");
    assert_eq!(serde_json::to_string(&m).unwrap(), r#"["","","ab","","ü"]"#);
    let back: MoveList = serde_json::from_str(r#"["","","ab","","ü"]"#).unwrap();
    assert_eq!(back, m);
    // Two lists of the same text cut differently are different lists.
    assert_ne!(MoveList::from(["ab", ""]), MoveList::from(["a", "b"]));
}
