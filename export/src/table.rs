//! The two tables as Arrow record batches, built row by row.

use std::sync::Arc;

use arrow::array::{
    Array, ArrayRef, BooleanBuilder, Int32Builder, Int64Builder, ListArray, ListBuilder,
    MapBuilder, RecordBatch, StringArray, StringBuilder,
};
use arrow::buffer::{Buffer, OffsetBuffer, ScalarBuffer};
use arrow::datatypes::{DataType, Field, Schema, SchemaRef};

use crate::{ExportError, MoveList, PlyRow, RecordRow};

fn encode(e: arrow::error::ArrowError) -> ExportError {
    ExportError::Encode(e.to_string())
}

/// The records table's columns, built row by row: [`RecordsTable::push`] each row, then
/// [`RecordsTable::finish`] for a record batch (the builders start again empty).
///
/// ```
/// use gamenote_export::{RecordRow, RecordsTable};
/// let mut table = RecordsTable::new();
/// let row = RecordRow {
///     file: "a.pylos".into(), record: 1, game: "pylos",
///     tags: vec![("Event".into(), "Club".into())],
///     moves: ["1b2"].into(), moves_canonical: ["1b2"].into(), plies: 1, ok: true,
///     ..RecordRow::default()
/// };
/// table.push(&row);
/// assert_eq!(table.len(), 1);
/// let batch = table.finish()?;
/// assert_eq!(batch.num_rows(), 1);
/// assert_eq!(batch.schema(), gamenote_export::records_schema());
/// # Ok::<(), gamenote_export::ExportError>(())
/// ```
pub struct RecordsTable {
    rows: usize,
    bytes: usize,
    file: StringBuilder,
    record: Int64Builder,
    game: StringBuilder,
    rules: StringBuilder,
    tags: MapBuilder<StringBuilder, StringBuilder>,
    moves: MovesColumn,
    /// Empty while [`RecordsTable::canonical_same`]: the column is then `moves` itself.
    moves_canonical: MovesColumn,
    /// Every row since the last [`RecordsTable::finish`] has its canonical moves equal to
    /// its moves as written (records written in the canonical style): the batch's
    /// `moves_canonical` column is the `moves` array itself, built and checked once.
    canonical_same: bool,
    plies: Int64Builder,
    result: StringBuilder,
    outcome: StringBuilder,
    ok: BooleanBuilder,
    error_kind: StringBuilder,
    error_line: Int64Builder,
    error_column: Int64Builder,
    error_ply: Int64Builder,
    error_message: StringBuilder,
    warnings: Int64Builder,
}

impl Default for RecordsTable {
    fn default() -> Self {
        Self::new()
    }
}

/// A list of strings whose items are never null.
fn string_list() -> ListBuilder<StringBuilder> {
    ListBuilder::new(StringBuilder::new()).with_field(Field::new("item", DataType::Utf8, false))
}

/// A column of move lists (`List<Utf8>`, items never null) built from [`MoveList`]s: each
/// row's text is copied in one piece and its ends shifted, where a `ListBuilder` of a
/// `StringBuilder` appends move by move (its offsets, its validity, a copy each).
#[derive(Clone)]
struct MovesColumn {
    /// The moves' texts one after the other.
    text: Vec<u8>,
    /// The moves' offsets into `text`, from a first 0.
    ends: Vec<i32>,
    /// The rows' offsets into `ends` (a move count), from a first 0.
    rows: Vec<i32>,
    /// A row whose moves would not fit 32-bit offsets (a batch of over 2 GiB of moves).
    overflow: bool,
}

impl Default for MovesColumn {
    fn default() -> Self {
        MovesColumn {
            text: Vec::new(),
            ends: vec![0],
            rows: vec![0],
            overflow: false,
        }
    }
}

impl MovesColumn {
    /// An empty column with room for `like`'s moves (the last batch's), so that a batch
    /// like the last grows no vector.
    fn with_room_of(like: &MovesColumn) -> Self {
        let mut ends = Vec::with_capacity(like.ends.len());
        ends.push(0);
        let mut rows = Vec::with_capacity(like.rows.len());
        rows.push(0);
        MovesColumn {
            text: Vec::with_capacity(like.text.len()),
            ends,
            rows,
            overflow: false,
        }
    }

    fn push(&mut self, moves: &MoveList) {
        let base = self.text.len();
        let fits = |n: usize| i32::try_from(n).is_ok();
        if !fits(base + moves.text().len()) || !fits(self.ends.len() + moves.len()) {
            self.overflow = true;
        }
        if self.overflow {
            return;
        }
        self.text.extend_from_slice(moves.text().as_bytes());
        // Each fits: the last, the largest, was checked above.
        self.ends
            .extend(moves.ends().iter().map(|&e| (base + e) as i32));
        self.rows.push((self.ends.len() - 1) as i32);
    }

    /// The rows pushed so far as a list array; the column starts again empty.
    fn finish(&mut self) -> Result<ArrayRef, ExportError> {
        let room = MovesColumn::with_room_of(self);
        let MovesColumn {
            text,
            ends,
            rows,
            overflow,
        } = std::mem::replace(self, room);
        if overflow {
            return Err(ExportError::Encode(
                "a batch of move lists over 2 GiB of text".into(),
            ));
        }
        // The offsets rise from 0 by construction (`OffsetBuffer::new` checks it again);
        // the values are checked to be UTF-8 on move boundaries, as they are (copied from
        // `&str`s).
        let values = StringArray::try_new(
            OffsetBuffer::new(ScalarBuffer::from(ends)),
            Buffer::from_vec(text),
            None,
        )
        .map_err(encode)?;
        let item = Arc::new(Field::new("item", DataType::Utf8, false));
        let list = ListArray::try_new(
            item,
            OffsetBuffer::new(ScalarBuffer::from(rows)),
            Arc::new(values),
            None,
        )
        .map_err(encode)?;
        Ok(Arc::new(list))
    }
}

fn string_map() -> MapBuilder<StringBuilder, StringBuilder> {
    MapBuilder::new(None, StringBuilder::new(), StringBuilder::new()).with_values_field(Field::new(
        "value",
        DataType::Utf8,
        false,
    ))
}

impl RecordsTable {
    /// Empty builders.
    ///
    /// ```
    /// assert!(gamenote_export::RecordsTable::new().is_empty());
    /// ```
    pub fn new() -> Self {
        RecordsTable {
            rows: 0,
            bytes: 0,
            file: StringBuilder::new(),
            record: Int64Builder::new(),
            game: StringBuilder::new(),
            rules: StringBuilder::new(),
            tags: string_map(),
            moves: MovesColumn::default(),
            moves_canonical: MovesColumn::default(),
            canonical_same: true,
            plies: Int64Builder::new(),
            result: StringBuilder::new(),
            outcome: StringBuilder::new(),
            ok: BooleanBuilder::new(),
            error_kind: StringBuilder::new(),
            error_line: Int64Builder::new(),
            error_column: Int64Builder::new(),
            error_ply: Int64Builder::new(),
            error_message: StringBuilder::new(),
            warnings: Int64Builder::new(),
        }
    }

    /// Rows pushed since the last [`RecordsTable::finish`].
    ///
    /// ```
    /// assert_eq!(gamenote_export::RecordsTable::new().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.rows
    }

    /// True when no row was pushed since the last [`RecordsTable::finish`].
    ///
    /// ```
    /// assert!(gamenote_export::RecordsTable::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.rows == 0
    }

    /// Bytes of text held so far (to cut batches by size).
    ///
    /// ```
    /// assert_eq!(gamenote_export::RecordsTable::new().text_bytes(), 0);
    /// ```
    pub fn text_bytes(&self) -> usize {
        self.bytes
    }

    /// Adds a row.
    ///
    /// ```
    /// use gamenote_export::{RecordRow, RecordsTable};
    /// let mut t = RecordsTable::new();
    /// t.push(&RecordRow::default());
    /// assert_eq!(t.len(), 1);
    /// ```
    pub fn push(&mut self, r: &RecordRow) {
        self.rows += 1;
        self.bytes += r.file.len()
            + r.tags.iter().map(|(n, v)| n.len() + v.len()).sum::<usize>()
            + r.moves.text().len()
            + r.moves_canonical.text().len()
            + r.error.as_ref().map_or(0, |e| e.message.len());
        self.file.append_value(&r.file);
        self.record.append_value(r.record as i64);
        self.game.append_value(r.game);
        self.rules.append_option(r.rules.as_deref());
        for (n, v) in &r.tags {
            self.tags.keys().append_value(n);
            self.tags.values().append_value(v);
        }
        // Appending a valid entry never fails: keys and values were pushed in pairs.
        let _ = self.tags.append(true);
        if self.canonical_same && r.moves_canonical != r.moves {
            // the first row that differs: the batch's canonical column so far is `moves`
            self.canonical_same = false;
            self.moves_canonical.clone_from(&self.moves);
        }
        self.moves.push(&r.moves);
        if !self.canonical_same {
            self.moves_canonical.push(&r.moves_canonical);
        }
        self.plies.append_value(r.plies as i64);
        self.result.append_option(r.result.as_deref());
        self.outcome.append_option(r.outcome.as_deref());
        self.ok.append_value(r.ok);
        let e = r.error.as_ref();
        self.error_kind.append_option(e.map(|e| e.kind));
        self.error_line.append_option(e.map(|e| e.line as i64));
        self.error_column.append_option(e.map(|e| e.column as i64));
        self.error_ply
            .append_option(e.and_then(|e| e.ply).map(|n| n as i64));
        self.error_message
            .append_option(e.map(|e| e.message.as_str()));
        self.warnings.append_value(r.warnings as i64);
    }

    /// The rows pushed so far as a record batch of [`records_schema`]; the builders start
    /// again empty.
    ///
    /// ```
    /// let batch = gamenote_export::RecordsTable::new().finish()?;
    /// assert_eq!((batch.num_rows(), batch.num_columns()), (0, 17));
    /// # Ok::<(), gamenote_export::ExportError>(())
    /// ```
    pub fn finish(&mut self) -> Result<RecordBatch, ExportError> {
        self.rows = 0;
        self.bytes = 0;
        let moves = self.moves.finish()?;
        let moves_canonical = if std::mem::replace(&mut self.canonical_same, true) {
            Arc::clone(&moves)
        } else {
            self.moves_canonical.finish()?
        };
        let columns: Vec<ArrayRef> = vec![
            Arc::new(self.file.finish()),
            Arc::new(self.record.finish()),
            Arc::new(self.game.finish()),
            Arc::new(self.rules.finish()),
            Arc::new(self.tags.finish()),
            moves,
            moves_canonical,
            Arc::new(self.plies.finish()),
            Arc::new(self.result.finish()),
            Arc::new(self.outcome.finish()),
            Arc::new(self.ok.finish()),
            Arc::new(self.error_kind.finish()),
            Arc::new(self.error_line.finish()),
            Arc::new(self.error_column.finish()),
            Arc::new(self.error_ply.finish()),
            Arc::new(self.error_message.finish()),
            Arc::new(self.warnings.finish()),
        ];
        RecordBatch::try_new(records_schema(), columns).map_err(encode)
    }
}

/// The schema of the records table (`docs/export.md`).
///
/// ```
/// let schema = gamenote_export::records_schema();
/// assert_eq!(schema.field(0).name(), "file");
/// assert_eq!(schema.fields().len(), 17);
/// ```
pub fn records_schema() -> SchemaRef {
    let text = |name: &str, nullable: bool| Field::new(name, DataType::Utf8, nullable);
    let int = |name: &str, nullable: bool| Field::new(name, DataType::Int64, nullable);
    let list = || string_list().finish().data_type().clone();
    let map = string_map().finish().data_type().clone();
    Arc::new(Schema::new(vec![
        text("file", false),
        int("record", false),
        text("game", false),
        text("rules", true),
        Field::new("tags", map, false),
        Field::new("moves", list(), false),
        Field::new("moves_canonical", list(), false),
        int("plies", false),
        text("result", true),
        text("outcome", true),
        Field::new("ok", DataType::Boolean, false),
        text("error_kind", true),
        int("error_line", true),
        int("error_column", true),
        int("error_ply", true),
        text("error_message", true),
        int("warnings", false),
    ]))
}

/// The plies table's columns, built row by row, each ply with its record's key.
///
/// ```
/// use gamenote_export::{PlyRow, PliesTable, RecordRow};
/// let mut table = PliesTable::new();
/// let record = RecordRow { file: "a.pylos".into(), record: 1, ..RecordRow::default() };
/// let ply = PlyRow { ply: 1, move_written: Some("1b2".into()), move_canonical: "1b2".into(), legal_moves: 16, ..PlyRow::default() };
/// table.push(&record, &ply);
/// let batch = table.finish()?;
/// assert_eq!((batch.num_rows(), batch.num_columns()), (1, 9));
/// # Ok::<(), gamenote_export::ExportError>(())
/// ```
pub struct PliesTable {
    rows: usize,
    bytes: usize,
    file: StringBuilder,
    record: Int64Builder,
    ply: Int64Builder,
    seat: Int32Builder,
    position: StringBuilder,
    move_written: StringBuilder,
    move_canonical: StringBuilder,
    legal_moves: Int64Builder,
    outcome: StringBuilder,
}

impl Default for PliesTable {
    fn default() -> Self {
        Self::new()
    }
}

impl PliesTable {
    /// Empty builders.
    ///
    /// ```
    /// assert!(gamenote_export::PliesTable::new().is_empty());
    /// ```
    pub fn new() -> Self {
        PliesTable {
            rows: 0,
            bytes: 0,
            file: StringBuilder::new(),
            record: Int64Builder::new(),
            ply: Int64Builder::new(),
            seat: Int32Builder::new(),
            position: StringBuilder::new(),
            move_written: StringBuilder::new(),
            move_canonical: StringBuilder::new(),
            legal_moves: Int64Builder::new(),
            outcome: StringBuilder::new(),
        }
    }

    /// Rows pushed since the last [`PliesTable::finish`].
    ///
    /// ```
    /// assert_eq!(gamenote_export::PliesTable::new().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.rows
    }

    /// True when no row was pushed since the last [`PliesTable::finish`].
    ///
    /// ```
    /// assert!(gamenote_export::PliesTable::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.rows == 0
    }

    /// Bytes of text held so far (to cut batches by size).
    ///
    /// ```
    /// assert_eq!(gamenote_export::PliesTable::new().text_bytes(), 0);
    /// ```
    pub fn text_bytes(&self) -> usize {
        self.bytes
    }

    /// Adds the row of `ply`, a move of `record`.
    ///
    /// ```
    /// use gamenote_export::{PlyRow, PliesTable, RecordRow};
    /// let mut t = PliesTable::new();
    /// t.push(&RecordRow::default(), &PlyRow::default());
    /// assert_eq!(t.len(), 1);
    /// ```
    pub fn push(&mut self, record: &RecordRow, p: &PlyRow) {
        self.rows += 1;
        self.bytes += record.file.len()
            + p.position.as_ref().map_or(0, String::len)
            + p.move_written.as_ref().map_or(0, String::len)
            + p.move_canonical.len();
        self.file.append_value(&record.file);
        self.record.append_value(record.record as i64);
        self.ply.append_value(p.ply as i64);
        self.seat.append_value(p.seat as i32);
        self.position.append_option(p.position.as_deref());
        self.move_written.append_option(p.move_written.as_deref());
        self.move_canonical.append_value(&p.move_canonical);
        self.legal_moves.append_value(p.legal_moves as i64);
        self.outcome.append_option(p.outcome.as_deref());
    }

    /// The rows pushed so far as a record batch of [`plies_schema`]; the builders start
    /// again empty.
    ///
    /// ```
    /// let batch = gamenote_export::PliesTable::new().finish()?;
    /// assert_eq!(batch.schema(), gamenote_export::plies_schema());
    /// # Ok::<(), gamenote_export::ExportError>(())
    /// ```
    pub fn finish(&mut self) -> Result<RecordBatch, ExportError> {
        self.rows = 0;
        self.bytes = 0;
        let columns: Vec<ArrayRef> = vec![
            Arc::new(self.file.finish()),
            Arc::new(self.record.finish()),
            Arc::new(self.ply.finish()),
            Arc::new(self.seat.finish()),
            Arc::new(self.position.finish()),
            Arc::new(self.move_written.finish()),
            Arc::new(self.move_canonical.finish()),
            Arc::new(self.legal_moves.finish()),
            Arc::new(self.outcome.finish()),
        ];
        RecordBatch::try_new(plies_schema(), columns).map_err(encode)
    }
}

/// The schema of the plies table (`docs/export.md`).
///
/// ```
/// let schema = gamenote_export::plies_schema();
/// let names: Vec<&str> = schema.fields().iter().map(|f| f.name().as_str()).collect();
/// assert_eq!(names, ["file", "record", "ply", "seat", "position", "move", "move_canonical", "legal_moves", "outcome"]);
/// ```
pub fn plies_schema() -> SchemaRef {
    Arc::new(Schema::new(vec![
        Field::new("file", DataType::Utf8, false),
        Field::new("record", DataType::Int64, false),
        Field::new("ply", DataType::Int64, false),
        Field::new("seat", DataType::Int32, false),
        Field::new("position", DataType::Utf8, true),
        Field::new("move", DataType::Utf8, true),
        Field::new("move_canonical", DataType::Utf8, false),
        Field::new("legal_moves", DataType::Int64, false),
        Field::new("outcome", DataType::Utf8, true),
    ]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow::array::AsArray;

    fn row(moves: &[&str], canonical: &[&str]) -> RecordRow {
        RecordRow {
            file: "f.threeman".into(),
            game: "threeman",
            moves: moves.iter().copied().collect(),
            moves_canonical: canonical.iter().copied().collect(),
            ..RecordRow::default()
        }
    }

    fn lists(batch: &RecordBatch, col: &str) -> Vec<Vec<String>> {
        let list = batch.column_by_name(col).expect("column").as_list::<i32>();
        (0..list.len())
            .map(|i| {
                let v = list.value(i);
                let s = v.as_string::<i32>();
                (0..s.len()).map(|j| s.value(j).to_string()).collect()
            })
            .collect()
    }

    /// A batch whose rows are all written canonically shares one array for both move
    /// columns; one row that differs makes the canonical column its own, from the first
    /// row of the batch; the next batch shares again. The values are those pushed.
    #[test]
    fn canonical_column_is_the_moves_array_while_rows_agree() {
        let mut t = RecordsTable::new();
        t.push(&row(&["WHe4", "GRe5"], &["WHe4", "GRe5"]));
        t.push(&row(&[], &[]));
        let b = t.finish().expect("batch");
        let (m, c) = (b.column(5), b.column(6));
        assert!(Arc::ptr_eq(m, c), "one array for both");
        assert_eq!(lists(&b, "moves_canonical"), [vec!["WHe4", "GRe5"], vec![]]);

        t.push(&row(&["WHe4"], &["WHe4"]));
        t.push(&row(&["WHe2-e4", "GRe5"], &["WHe4", "GRe5"]));
        t.push(&row(&["BLb5"], &["BLb5"]));
        let b = t.finish().expect("batch");
        assert!(!Arc::ptr_eq(b.column(5), b.column(6)));
        assert_eq!(
            lists(&b, "moves"),
            [vec!["WHe4"], vec!["WHe2-e4", "GRe5"], vec!["BLb5"]]
        );
        assert_eq!(
            lists(&b, "moves_canonical"),
            [vec!["WHe4"], vec!["WHe4", "GRe5"], vec!["BLb5"]]
        );

        t.push(&row(&["GRe5"], &["GRe5"]));
        let b = t.finish().expect("batch");
        assert!(Arc::ptr_eq(b.column(5), b.column(6)));
        assert_eq!(lists(&b, "moves_canonical"), [vec!["GRe5"]]);
    }
}
