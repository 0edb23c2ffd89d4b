//! The Parquet files read back with the parquet crate's own reader: exact values for records
//! of each game, good and broken, and their plies.

use std::path::{Path, PathBuf};

use arrow::array::{Array, AsArray, RecordBatch};
use arrow::datatypes::{Int32Type, Int64Type};
use gamenote::GameId;
use gamenote_export::{ExportOptions, ParquetSink, export_reader};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gamenote-export-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Exports `text` (named `file`, default game `id`) to Parquet with plies, and reads both
/// tables back.
fn roundtrip(file: &str, id: GameId, text: &str) -> (RecordBatch, RecordBatch) {
    let out = temp(&format!("{file}.parquet"));
    let plies = gamenote_export::plies_path(&out);
    let mut sink = ParquetSink::create(&out, Some(&plies)).unwrap();
    let mut opts = ExportOptions::default();
    opts.plies = true;
    export_reader(file, id, text.as_bytes(), &opts, &mut sink).unwrap();
    sink.finish().unwrap();
    (read(&out), read(&plies))
}

fn read(path: &Path) -> RecordBatch {
    let file = std::fs::File::open(path).unwrap();
    let reader = ParquetRecordBatchReaderBuilder::try_new(file)
        .unwrap()
        .build()
        .unwrap();
    let batches: Vec<RecordBatch> = reader.map(|b| b.unwrap()).collect();
    let schema = batches[0].schema();
    arrow::compute::concat_batches(&schema, &batches).unwrap()
}

fn text(b: &RecordBatch, col: &str, row: usize) -> Option<String> {
    let a = b.column_by_name(col).unwrap().as_string::<i32>();
    a.is_valid(row).then(|| a.value(row).to_string())
}

fn int(b: &RecordBatch, col: &str, row: usize) -> Option<i64> {
    let a = b.column_by_name(col).unwrap().as_primitive::<Int64Type>();
    a.is_valid(row).then(|| a.value(row))
}

fn list(b: &RecordBatch, col: &str, row: usize) -> Vec<String> {
    let a = b.column_by_name(col).unwrap().as_list::<i32>();
    let items = a.value(row);
    let s = items.as_string::<i32>();
    (0..s.len()).map(|i| s.value(i).to_string()).collect()
}

fn tags(b: &RecordBatch, row: usize) -> Vec<(String, String)> {
    let m = b.column_by_name("tags").unwrap().as_map();
    let entries = m.value(row);
    let keys = entries.column(0).as_string::<i32>();
    let values = entries.column(1).as_string::<i32>();
    (0..keys.len())
        .map(|i| (keys.value(i).to_string(), values.value(i).to_string()))
        .collect()
}

fn ok(b: &RecordBatch, row: usize) -> bool {
    b.column_by_name("ok").unwrap().as_boolean().value(row)
}

fn seat(b: &RecordBatch, row: usize) -> i32 {
    b.column_by_name("seat")
        .unwrap()
        .as_primitive::<Int32Type>()
        .value(row)
}

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn pylos_good_illegal_and_unparsable_records() {
    let input = "[Game \"Pylos\"]\n[Event \"Club\"]\n1b2 1c3 1d22b2 *\n\n\
                 [Game \"Pylos\"]\n1b2 1b2 *\n\n\
                 [Game \"Pylos\"]\n[Event \"Bad\"]\n1b2 zz *\n";
    let (r, p) = roundtrip("mixed.pylos", GameId::Pylos, input);
    assert_eq!(r.num_rows(), 3);
    // Record 1: a compact move written, its canonical form in the canonical list.
    assert_eq!(text(&r, "file", 0).as_deref(), Some("mixed.pylos"));
    assert_eq!(int(&r, "record", 0), Some(1));
    assert_eq!(text(&r, "game", 0).as_deref(), Some("pylos"));
    assert_eq!(text(&r, "rules", 0).as_deref(), Some("standard"));
    assert_eq!(
        tags(&r, 0),
        [
            ("Game".into(), "Pylos".into()),
            ("Event".into(), "Club".into())
        ]
    );
    // 1d22b2 moves a ball that does not exist yet: 1d2 is empty. The third ply is illegal.
    assert_eq!(list(&r, "moves", 0), strs(&["1b2", "1c3", "1d22b2"]));
    assert_eq!(list(&r, "moves_canonical", 0), strs(&["1b2", "1c3"]));
    assert_eq!(int(&r, "plies", 0), Some(2));
    assert!(!ok(&r, 0));
    assert_eq!(text(&r, "error_kind", 0).as_deref(), Some("illegal"));
    assert_eq!(
        (int(&r, "error_line", 0), int(&r, "error_column", 0)),
        (Some(3), Some(9))
    );
    assert_eq!(int(&r, "error_ply", 0), Some(3));
    // Record 2: 1b2 is taken (line 6, column 5, ply 2).
    assert_eq!(int(&r, "record", 1), Some(2));
    assert_eq!(list(&r, "moves_canonical", 1), strs(&["1b2"]));
    assert_eq!(text(&r, "error_kind", 1).as_deref(), Some("illegal"));
    assert_eq!(
        (int(&r, "error_line", 1), int(&r, "error_column", 1)),
        (Some(6), Some(5))
    );
    assert_eq!(int(&r, "error_ply", 1), Some(2));
    assert_eq!(
        text(&r, "error_message", 1).as_deref(),
        Some("ply 2 (1b2): 1b2 is occupied")
    );
    assert_eq!(text(&r, "result", 1).as_deref(), Some("*"));
    assert_eq!(text(&r, "outcome", 1), None);
    // Record 3: does not parse; its tags are kept, no moves, no ply.
    assert_eq!(tags(&r, 2)[1], ("Event".into(), "Bad".into()));
    assert_eq!(list(&r, "moves", 2), Vec::<String>::new());
    assert_eq!(int(&r, "plies", 2), Some(0));
    assert_eq!(text(&r, "error_kind", 2).as_deref(), Some("parse"));
    assert_eq!(
        (int(&r, "error_line", 2), int(&r, "error_column", 2)),
        (Some(10), Some(5))
    );
    assert_eq!(
        int(&r, "error_ply", 2),
        Some(2),
        "the move being read, as check says"
    );
    assert_eq!(text(&r, "rules", 2).as_deref(), Some("standard"));
    // Plies: two of record 1, one of record 2.
    assert_eq!(p.num_rows(), 3);
    assert_eq!(int(&p, "record", 0), Some(1));
    assert_eq!(int(&p, "ply", 1), Some(2));
    assert_eq!(seat(&p, 1), 1);
    assert_eq!(
        text(&p, "position", 0).as_deref(),
        Some("................/........./..../. w 15 15")
    );
    assert_eq!(int(&p, "legal_moves", 0), Some(16));
    assert_eq!(int(&p, "legal_moves", 1), Some(15));
    assert_eq!(text(&p, "move", 1).as_deref(), Some("1c3"));
    assert_eq!(
        (int(&p, "record", 2), int(&p, "ply", 2)),
        (Some(2), Some(1))
    );
}

#[test]
fn pylos_finished_game_has_its_outcome() {
    let input = include_str!("../../examples/records/pylos-seed.pylos");
    let (r, p) = roundtrip("seed.pylos", GameId::Pylos, input);
    assert_eq!(r.num_rows(), 1);
    assert!(ok(&r, 0));
    assert_eq!(int(&r, "plies", 0), Some(40));
    assert_eq!(text(&r, "result", 0).as_deref(), Some("0-1"));
    assert_eq!(text(&r, "outcome", 0).as_deref(), Some("0-1"));
    let canon = list(&r, "moves_canonical", 0);
    assert_eq!(canon[6], "1d2-2b2", "written 1d22b2");
    assert_eq!(list(&r, "moves", 0)[6], "1d22b2");
    assert_eq!(p.num_rows(), 40);
    assert_eq!(text(&p, "outcome", 38), None);
    assert_eq!(text(&p, "outcome", 39).as_deref(), Some("0-1"));
    assert_eq!(text(&p, "move_canonical", 6).as_deref(), Some("1d2-2b2"));
}

#[test]
fn gipf_tournament_opening() {
    let input = include_str!("../../examples/records/guide-tournament-opening.gipf");
    let (r, p) = roundtrip("guide.gipf", GameId::Gipf, input);
    assert_eq!(r.num_rows(), 1);
    assert_eq!(text(&r, "game", 0).as_deref(), Some("gipf"));
    assert_eq!(text(&r, "rules", 0).as_deref(), Some("tournament"));
    assert!(ok(&r, 0));
    assert_eq!(int(&r, "plies", 0), Some(12));
    assert_eq!(text(&r, "result", 0).as_deref(), Some("*"));
    assert_eq!(text(&r, "outcome", 0), None);
    assert_eq!(
        list(&r, "moves_canonical", 0)[..3],
        strs(&["Ge2 (16)", "Gd1-f2 (16)", "Gd2 (14)"])
    );
    assert_eq!(p.num_rows(), 12);
    assert_eq!(
        text(&p, "position", 0).as_deref(),
        Some("..................................... W=18 lostW=0 B=18 lostB=0 next=o opening=nn")
    );
    assert_eq!(int(&p, "legal_moves", 0), Some(18));
    assert_eq!((seat(&p, 1), int(&p, "legal_moves", 1)), (1, Some(20)));
}

#[test]
fn threeman_short_game() {
    let input = include_str!("../../examples/records/threeman-short-game.3mc");
    let (r, p) = roundtrip("short.3mc", GameId::ThreeMan, input);
    assert_eq!(r.num_rows(), 1);
    assert_eq!(text(&r, "game", 0).as_deref(), Some("threeman"));
    assert!(ok(&r, 0));
    assert_eq!(int(&r, "plies", 0), Some(12));
    assert_eq!(tags(&r, 0)[3], ("White".into(), "?".into()));
    assert_eq!(p.num_rows(), 12);
    assert_eq!((seat(&p, 0), seat(&p, 1), seat(&p, 2)), (0, 1, 2));
    assert_eq!(int(&p, "legal_moves", 0), Some(20));
    assert_eq!(text(&p, "move_canonical", 9).as_deref(), Some("GRRxh3"));
}

#[test]
fn pylon_spec_game_and_a_record_of_another_game_in_the_same_file() {
    let spec = include_str!("../../examples/records/pylon-spec.pylon");
    // A Pylos record without a [Game] tag after a Pylon one is read as the default game.
    let input = format!("{spec}\n[Game \"Pylos\"]\n1b2 *\n");
    let (r, p) = roundtrip("spec.pylon", GameId::Pylon, &input);
    assert_eq!(r.num_rows(), 2);
    assert_eq!(
        text(&r, "rules", 0).as_deref(),
        Some("standard,suicide=group")
    );
    assert_eq!(int(&r, "plies", 0), Some(10));
    assert_eq!(text(&r, "outcome", 0).as_deref(), Some("0-1"));
    assert_eq!(list(&r, "moves_canonical", 0)[7], "1b2[2a1,2a2]");
    assert_eq!(text(&r, "game", 1).as_deref(), Some("pylos"));
    assert!(ok(&r, 1));
    assert_eq!(p.num_rows(), 11);
    assert_eq!(
        text(&p, "position", 0).as_deref(),
        Some("3 ........./..../. w")
    );
    assert_eq!(int(&p, "legal_moves", 0), Some(9));
    assert_eq!(text(&p, "outcome", 9).as_deref(), Some("0-1"));
    assert_eq!(
        (int(&p, "record", 10), int(&p, "legal_moves", 10)),
        (Some(2), Some(16))
    );
}

#[test]
fn many_row_groups_read_back_in_order() {
    // 20,000 records: more than two batches and row groups of the plies table.
    let mut input = String::new();
    for _ in 0..20_000 {
        input.push_str("[Game \"Pylos\"]\n1b2 1c3 1c4 *\n\n");
    }
    let (r, p) = roundtrip("many.pylos", GameId::Pylos, &input);
    assert_eq!((r.num_rows(), p.num_rows()), (20_000, 60_000));
    assert_eq!(int(&r, "record", 19_999), Some(20_000));
    assert_eq!(int(&p, "record", 59_999), Some(20_000));
    assert_eq!(int(&p, "ply", 59_999), Some(3));
}

/// `writer_properties()` is what the sink writes with: the batches of a `RecordsTable`
/// written through arrow-rs's `ArrowWriter` with them give the sink's file byte for byte
/// (what `examples/writer_floor.rs` relies on to measure the writer alone).
#[test]
fn writer_properties_are_the_sinks() {
    use gamenote_export::{
        PlyRow, RecordRow, RecordsTable, Sink, records_schema, writer_properties,
    };
    use parquet::arrow::ArrowWriter;
    struct Collect(RecordsTable);
    impl Sink for Collect {
        fn record(
            &mut self,
            row: &RecordRow,
            _: &[PlyRow],
        ) -> Result<(), gamenote_export::ExportError> {
            self.0.push(row);
            Ok(())
        }
    }
    let text = "[Game \"Pylos\"]\n1b2 1c3 1a1 *\n\n[Game \"Pylos\"]\n1b2 1b2 *\n\n".repeat(40);
    let opts = ExportOptions::default();
    let mut sink = ParquetSink::new(Vec::new(), None).unwrap();
    let counts =
        export_reader("a.pylos", GameId::Pylos, text.as_bytes(), &opts, &mut sink).unwrap();
    let (from_sink, _) = sink.into_inner().unwrap();
    let mut collect = Collect(RecordsTable::new());
    export_reader(
        "a.pylos",
        GameId::Pylos,
        text.as_bytes(),
        &opts,
        &mut collect,
    )
    .unwrap();
    let batch = collect.0.finish().unwrap();
    assert_eq!((counts.records, counts.ok, batch.num_rows()), (80, 40, 80));
    let mut writer =
        ArrowWriter::try_new(Vec::new(), records_schema(), Some(writer_properties())).unwrap();
    writer.write(&batch).unwrap();
    let alone = writer.into_inner().unwrap();
    assert_eq!(alone.len(), from_sink.len());
    assert!(alone == from_sink, "the same bytes");
}
