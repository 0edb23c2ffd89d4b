//! The sinks called oddly (both tables with no row, a spilling sink into a `Vec`, strings
//! empty, huge, non-ASCII or with control characters, a `MoveList` built by hand), read back
//! exactly; and a Parquet output that fails when the footer is written keeps its error's
//! kind, so `gamenote export -o - | head -c 10` ends quietly with 141 as every other command
//! does, not with exit 2 and "cannot encode the table".

use std::io::{self, Write};

use arrow::array::{Array, AsArray, RecordBatch};
use arrow::datatypes::Int64Type;
use bytes::Bytes;
use gamenote_export::{
    ExportError, JsonlSink, MoveList, ParquetSink, PlyRow, RecordRow, RowError, Sink, plies_schema,
    records_schema,
};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use serde_json::Value;

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

/// A reader that went away: every write fails as a closed pipe does.
struct Closed;

impl Write for Closed {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::ErrorKind::BrokenPipe.into())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn row() -> RecordRow {
    RecordRow {
        file: "a.pylos".into(),
        record: 1,
        game: "pylos",
        ..RecordRow::default()
    }
}

#[test]
fn a_closed_output_at_the_footer_is_an_io_error_of_its_kind() {
    // The writer buffers the whole small table and writes it when it closes: the failure
    // came back from `into_inner` as text ("fail to get inner writer: ..."), an
    // `ExportError::Encode`, and the command said so with exit 2.
    for spill in [false, true] {
        let mut sink = if spill {
            ParquetSink::with_spill(Closed, Some(Closed)).unwrap()
        } else {
            ParquetSink::new(Closed, Some(Closed)).unwrap()
        };
        sink.record(&row(), &[]).unwrap();
        match sink.finish() {
            Err(ExportError::Io(e)) => assert_eq!(e.kind(), io::ErrorKind::BrokenPipe),
            other => panic!("spill {spill}: expected an I/O error, got {other:?}"),
        }
    }
}

#[test]
fn a_full_disk_at_the_footer_keeps_its_message() {
    /// A disk that takes 100 bytes and is then full.
    struct Full(usize);
    impl Write for Full {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            if self.0 >= 100 {
                return Err(io::Error::from_raw_os_error(28));
            }
            let n = b.len().min(100 - self.0);
            self.0 += n;
            Ok(n)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let mut sink = ParquetSink::new(Full(0), None).unwrap();
    sink.record(&row(), &[]).unwrap();
    match sink.into_inner() {
        Err(ExportError::Io(e)) => {
            assert_eq!(e.raw_os_error(), Some(28), "{e}");
        }
        Err(other) => panic!("expected an I/O error, got {other:?}"),
        Ok(_) => panic!("expected an I/O error, got the writers"),
    }
}
