//! Hostile input: every reader must end with a value or an error, in time proportional to
//! the input and memory bounded by the limits, and errors must name the right place.
//! Inputs are generated here, not committed.

use std::time::{Duration, Instant};

use gamenote::check::{GameId, check_piece, check_source};
use gamenote::pylos::Pylos;
use gamenote::record::replay;
use gamenote::stream::{Limits, RecordReader, parse_bytes};
use gamenote::{Error, Mode, Record};

const BOUND: Duration = Duration::from_secs(20);

fn timed<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let t = Instant::now();
    let out = f();
    assert!(t.elapsed() < BOUND, "{what} took {:?}", t.elapsed());
    out
}

#[test]
fn a_million_moves() {
    let text = "1a1 ".repeat(1_000_000);
    let rec: Record<Pylos> = timed("parse", || text.parse().unwrap());
    assert_eq!(rec.plies.len(), 1_000_000);
    let r = timed("replay", || replay(&rec, Mode::Strict));
    match r.error {
        Some(Error::Illegal(e)) => {
            assert_eq!(e.ply, 2);
            assert_eq!(e.reason, "1a1 is occupied");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_million_open_braces() {
    let text = "1b2 ".to_string() + &"{".repeat(1_000_000);
    let err = timed("parse", || text.parse::<Record<Pylos>>().unwrap_err());
    assert_eq!((err.line, err.column), (1, 5));
    assert!(err.expected.contains("comment closed by '}'"), "{err}");
    // Nested but closed: one comment whose text is a million braces.
    let text = "{".repeat(1_000_000) + "} 1b2 *";
    let rec: Record<Pylos> = timed("parse", || text.parse().unwrap());
    assert_eq!(rec.comments_before[0].len(), 999_999);
    assert_eq!(rec.plies.len(), 1);
}

#[test]
fn a_million_digit_move_number() {
    let text = "1".repeat(1_000_000) + ". 1b2 *";
    let rec: Record<Pylos> = timed("parse", || text.parse().unwrap());
    assert_eq!(rec.plies.len(), 1);
    let text = "1".repeat(1_000_000) + " 1b2 *";
    let err = timed("parse", || text.parse::<Record<Pylos>>().unwrap_err());
    assert_eq!((err.line, err.column), (1, 1));
    assert!(err.expected.contains("Pylos move"), "{err}");
}

#[test]
fn a_million_character_tag_value() {
    let value = "x".repeat(1_000_000);
    let text = format!("[White \"{value}\"]\n1b2 *");
    let rec: Record<Pylos> = timed("parse", || text.parse().unwrap());
    assert_eq!(rec.tag("White").map(str::len), Some(1_000_000));
    let unterminated = format!("[White \"{value}");
    let err = timed("parse", || {
        unterminated.parse::<Record<Pylos>>().unwrap_err()
    });
    assert_eq!((err.line, err.column), (1, 8));
}

#[test]
fn random_bytes_end_in_errors() {
    let mut rng = gamenote::generate::Rng::new(0x2545_F491_4F6C_DD1D);
    let bytes: Vec<u8> = (0..16 << 20)
        .map(|_| {
            let x = rng.next_u64();
            // Mostly notation characters, some newlines and brackets, some anything.
            const ALPHABET: &[u8] = b"1234abcd-() {}[]\"\n\r\t.*O+Y!?xL";
            if x.is_multiple_of(7) {
                (x >> 24) as u8
            } else {
                ALPHABET[((x >> 32) % ALPHABET.len() as u64) as usize]
            }
        })
        .collect();
    let pieces = timed("stream", || {
        let mut n = 0usize;
        for piece in
            RecordReader::with_limits(&bytes[..], Limits::default().max_record_bytes(1 << 20))
        {
            let reports = check_piece(GameId::Pylos, "random", &piece, &[], Mode::Strict);
            n += reports.len();
        }
        n
    });
    assert!(pieces > 0);
}

#[test]
fn records_longer_than_the_limit_are_skipped() {
    let mut data = b"[Game \"Pylos\"]\n".to_vec();
    data.extend(std::iter::repeat_n(b"1a1 ".as_slice(), 100_000).flatten());
    data.extend_from_slice(b"*\n\n[Game \"Pylos\"]\n1b2 *\n");
    let pieces: Vec<_> =
        RecordReader::with_limits(&data[..], Limits::default().max_record_bytes(1000)).collect();
    assert_eq!(pieces.len(), 2);
    let err = &pieces[0].as_ref().unwrap_err().error;
    assert!(err.expected.contains("at most 1000 bytes"), "{err:?}");
    let good = pieces[1].as_ref().unwrap();
    assert_eq!(good.text, "[Game \"Pylos\"]\n1b2 *\n");
    assert_eq!(good.lines_before, 3);
}

#[test]
fn invalid_utf8_nul_bom_crlf_cr_tabs() {
    // Invalid UTF-8 on line 2, column 5.
    let out = parse_bytes::<Pylos>(b"1b2 1c3\n1c4 \xC3\x28 *\n");
    let e = out[0].as_ref().unwrap_err();
    assert_eq!((e.line, e.column), (2, 5));
    assert!(e.expected.contains("UTF-8"));
    // NUL on line 3, column 2.
    let out = parse_bytes::<Pylos>(b"1b2\n1c3\n1\x00c4 *\n");
    let e = out[0].as_ref().unwrap_err();
    assert_eq!((e.line, e.column), (3, 2));
    assert!(e.found.contains("NUL"));
    // A BOM is skipped.
    let out = parse_bytes::<Pylos>(b"\xEF\xBB\xBF[Game \"Pylos\"]\n1b2 *\n");
    assert_eq!(out[0].as_ref().unwrap().plies.len(), 1);
    // CRLF: the illegal second move is on line 2, column 1.
    for text in ["1b2\r\n1b2 *\r\n", "1b2\r1b2 *\r", "1b2\n1b2 *\n"] {
        let reports = check_source::<Pylos>("f", text, &[], Mode::Strict);
        let p = reports[0].error.as_ref().unwrap();
        assert_eq!((p.line, p.column, p.ply), (2, 1, Some(2)), "{text:?}");
    }
    // Tabs are whitespace and count as one column.
    let reports = check_source::<Pylos>("f", "1b2\t1b2 *", &[], Mode::Strict);
    let p = reports[0].error.as_ref().unwrap();
    assert_eq!((p.line, p.column), (1, 5));
}

#[test]
fn broken_records_in_the_middle_are_all_reported() {
    let mut text = String::new();
    let mut expected = Vec::new();
    for i in 0..30 {
        text.push_str("[Game \"Pylos\"]\n[Round \"");
        text.push_str(&i.to_string());
        text.push_str("\"]\n\n");
        match i % 3 {
            0 => {
                text.push_str("1. 1b2 1c3 2. 1c4 *\n\n");
                expected.push(None);
            }
            1 => {
                text.push_str("1. 1b2 1b2 *\n\n");
                expected.push(Some(("illegal", 2)));
            }
            _ => {
                text.push_str("1. 1b2 zz *\n\n");
                expected.push(Some(("parse", 0)));
            }
        }
    }
    let reports = check_source::<Pylos>("archive", &text, &[], Mode::Strict);
    assert_eq!(reports.len(), 30);
    for (i, (r, want)) in reports.iter().zip(&expected).enumerate() {
        match want {
            None => assert!(r.ok(), "record {i}: {:?}", r.error),
            Some((kind, ply)) => {
                let p = r.error.as_ref().expect("error");
                assert_eq!(p.kind.as_str(), *kind, "record {i}");
                assert_eq!(p.line, i * 5 + 4, "record {i}");
                assert_eq!(p.column, 8, "record {i}");
                if *ply > 0 {
                    assert_eq!(p.ply, Some(*ply));
                }
            }
        }
    }
    // The streaming reader gives the same verdicts.
    let mut streamed = Vec::new();
    for piece in RecordReader::new(text.as_bytes()) {
        streamed.extend(check_piece(
            GameId::Pylos,
            "archive",
            &piece,
            &[],
            Mode::Strict,
        ));
    }
    assert_eq!(streamed.len(), 30);
    for (a, b) in streamed.iter().zip(&reports) {
        assert_eq!(a.error, b.error);
        assert_eq!(a.plies, b.plies);
    }
}

#[test]
fn streaming_a_hundred_thousand_records_matches_reading_each_alone() {
    let mut archive = String::new();
    let mut singles = Vec::new();
    let mut rng = gamenote::generate::Rng::new(88172645463325252);
    for i in 0..100_000 {
        let rec = match rng.below(4) {
            0 => "[Game \"Pylos\"]\n1. 1b2 1c3 2. 1c4 1c2 *\n".to_string(),
            1 => format!("[Game \"Pylos\"]\n[Round \"{i}\"]\n1. 1b2 1b2 *\n"),
            2 => "[Game \"Pylos\"]\n1. 1b2 q *\n".to_string(),
            _ => "[Game \"Pylos\"]\n{a comment\n[that looks like a tag]}\n1. 1a1 1a2 0-1\n"
                .to_string(),
        };
        archive.push_str(&rec);
        archive.push('\n');
        singles.push(rec);
    }
    let mut streamed = Vec::new();
    for piece in RecordReader::new(archive.as_bytes()) {
        streamed.extend(check_piece(GameId::Pylos, "a", &piece, &[], Mode::Strict));
    }
    assert_eq!(streamed.len(), singles.len());
    for (s, single) in streamed.iter().zip(&singles) {
        let alone = &check_source::<Pylos>("a", single, &[], Mode::Strict)[0];
        assert_eq!(s.ok(), alone.ok());
        assert_eq!(s.plies, alone.plies);
        assert_eq!(s.result, alone.result);
        assert_eq!(
            s.error
                .as_ref()
                .map(|e| (e.kind, e.column, e.ply, e.message.clone())),
            alone
                .error
                .as_ref()
                .map(|e| (e.kind, e.column, e.ply, e.message.clone()))
        );
    }
}

#[test]
fn many_broken_records_in_one_string_take_linear_time() {
    let broken = "[Game \"Pylos\"]\n1. 1b2 zz *\n\n".repeat(200_000);
    let verdicts = timed("parse_all", || Record::<Pylos>::parse_all(&broken));
    assert_eq!(verdicts.len(), 200_000);
    let last = verdicts[199_999].as_ref().unwrap_err();
    assert_eq!((last.line, last.column), (199_999 * 3 + 2, 8));
}

#[test]
fn tokens_longer_than_the_limit_are_errors() {
    let value = "x".repeat(2_000_000);
    let text = format!("1b2 {{{value}}} *");
    let err = timed("parse", || text.parse::<Record<Pylos>>().unwrap_err());
    assert_eq!((err.line, err.column), (1, 5));
    assert!(err.expected.contains("at most 1048576 bytes"), "{err}");
    let text = format!("[White \"{value}\"]\n1b2 *");
    let err = text.parse::<Record<Pylos>>().unwrap_err();
    assert_eq!((err.line, err.column), (1, 1));
}

#[test]
fn an_escaped_line_end_in_a_tag_value_is_an_error() {
    // Found by the gipf_record fuzz target: a backslash before a line end used to keep the
    // line end in the value, which then printed as a tag that did not read back.
    for text in ["[White \"a\\\r\"]\n1b2 *", "[White \"a\\\n\"]\n1b2 *"] {
        let err = text.parse::<Record<Pylos>>().unwrap_err();
        assert!(err.expected.contains("on the same line"), "{err}");
    }
}

/// The inputs of point 4 again, through the visitor reader over a byte stream: each ends
/// with a verdict in time, at the right place.
#[test]
fn the_visitor_stream_reader_on_the_hostile_inputs() {
    use gamenote::stream::Reader;
    use gamenote::visit::Summarize;
    fn verdicts(data: &[u8]) -> Vec<Result<gamenote::visit::Summary, gamenote::ParseError>> {
        let mut reader = Reader::new(data);
        let mut check = Summarize::default();
        std::iter::from_fn(|| reader.read_record::<Pylos, _>(&mut check)).collect()
    }
    // A million moves.
    let text = "1a1 ".repeat(1_000_000) + "*";
    let v = timed("moves", || verdicts(text.as_bytes()));
    assert_eq!(v[0].as_ref().unwrap().plies, 1_000_000);
    // A million unclosed braces.
    let text = "1b2 ".to_string() + &"{".repeat(1_000_000);
    let v = timed("braces", || verdicts(text.as_bytes()));
    let e = v[0].as_ref().unwrap_err();
    assert_eq!((e.line, e.column), (1, 5));
    assert!(e.expected.contains("closed by '}'"), "{e}");
    // A million-digit move number, and one that is not followed by a dot.
    let text =
        "1".repeat(1_000_000) + ". 1b2 *\n\n[Game \"Pylos\"]\n" + &"1".repeat(1_000_000) + " *";
    let v = timed("digits", || verdicts(text.as_bytes()));
    assert_eq!(v[0].as_ref().unwrap().plies, 1);
    let e = v[1].as_ref().unwrap_err();
    assert_eq!((e.line, e.column), (4, 1));
    // A tag value of two million characters: over the token limit.
    let text = format!("[White \"{}\"]\n1b2 *", "x".repeat(2_000_000));
    let v = timed("tag", || verdicts(text.as_bytes()));
    let e = v[0].as_ref().unwrap_err();
    assert_eq!((e.line, e.column), (1, 1));
    assert!(e.expected.contains("at most 1048576 bytes"), "{e}");
    // 20 MB of random bytes: some verdicts, no panic, in time.
    let mut rng = gamenote::generate::Rng::new(17);
    let bytes: Vec<u8> = (0..20_000_000).map(|_| rng.next_u64() as u8).collect();
    let v = timed("random", || verdicts(&bytes));
    assert!(!v.is_empty());
}
