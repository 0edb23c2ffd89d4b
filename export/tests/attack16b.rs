//! A second stranger's round (session 16): a Parquet output that fails when the footer is
//! written keeps its error's kind, so `gamenote export -o - | head -c 10` ends quietly
//! with 141 as every other command does, not with exit 2 and "cannot encode the table".

use std::io::{self, Write};

use gamenote_export::{ExportError, ParquetSink, RecordRow, Sink};

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
