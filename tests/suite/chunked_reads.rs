//! Cutting with byte-order marks, blanks, line ends, bad bytes and a small record limit
//! anywhere: the pieces of a stream are the same however its reads are chunked and however
//! it is cut into shards (reads of 1 to 5 bytes are how the cutter's panic held by
//! `record_limit::a_piece_skipped_from_mid_line_does_not_panic` shows).

use gamenote::stream::{Limits, RecordReader, shards};
use std::io::Cursor;

fn describe(r: Result<gamenote::stream::RawRecord, gamenote::stream::BadRecord>) -> String {
    match r {
        Ok(raw) => format!("ok {} {} {:?}", raw.offset, raw.lines_before, raw.text),
        Err(bad) => format!(
            "bad {}:{} {:?} {:?} partial={:?}",
            bad.error.line,
            bad.error.column,
            bad.error.expected,
            bad.error.found,
            bad.partial.as_ref().map(|p| (
                p.record.offset,
                p.record.lines_before,
                p.record.text.clone(),
                p.junk.error.line,
                p.junk.error.column
            ))
        ),
    }
}

#[test]
fn pieces_agree_whatever_the_reads_and_shards() {
    let parts: [&[u8]; 14] = [
        b"\xEF\xBB\xBF",
        b"  ",
        b"\n",
        b"\r\n",
        b"\r",
        b"[Game \"Pylos\"]",
        b"1b2 1c3 *",
        b"{c ",
        b"}",
        b"zz",
        b"\0",
        b"\xFF",
        b"[Rules \"x\"]",
        b"\xEF\xBB",
    ];
    let mut seed: u64 = 12345;
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize
    };
    let mut fails = 0;
    for case in 0..3000 {
        let mut text = Vec::new();
        let n = 20 + next() % 200;
        for _ in 0..n {
            text.extend_from_slice(parts[next() % parts.len()]);
        }
        let limit = 8 + next() % 80;
        let limits = Limits::default().max_record_bytes(limit);
        let whole: Vec<String> = RecordReader::with_limits(&text[..], limits)
            .map(describe)
            .collect();
        for chunk in [1, 2, 3, 5] {
            let r = Trickle {
                data: &text[..],
                chunk,
            };
            let got = match std::panic::catch_unwind(|| {
                RecordReader::with_limits(r, limits)
                    .map(describe)
                    .collect::<Vec<String>>()
            }) {
                Ok(g) => g,
                Err(_) => panic!(
                    "PANIC limit {limit} chunk {chunk} text {:?}",
                    text.iter().map(|b| format!("{b:02x}")).collect::<String>()
                ),
            };
            if got != whole {
                fails += 1;
                if fails < 3 {
                    eprintln!(
                        "case {case} limit {limit} chunk {chunk}\n text {:?}\n whole {whole:#?}\n chunks {got:#?}",
                        String::from_utf8_lossy(&text)
                    );
                }
            }
        }
        for count in [2, 3, 7] {
            let mut cur = Cursor::new(&text[..]);
            let sh = shards(&mut cur, count).unwrap();
            let mut got = Vec::new();
            for s in sh {
                got.extend(
                    s.record_reader(Cursor::new(&text[..]), limits)
                        .unwrap()
                        .map(describe),
                );
            }
            if got != whole {
                fails += 1;
                if fails < 3 {
                    eprintln!(
                        "case {case} limit {limit} count {count}\n text {:?}\n whole {whole:#?}\n shards {got:#?}",
                        String::from_utf8_lossy(&text)
                    );
                }
            }
        }
    }
    assert_eq!(fails, 0);
}

struct Trickle<'a> {
    data: &'a [u8],
    chunk: usize,
}

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.chunk.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}
