//! The streaming readers against plain restatements of what they promise: records are cut
//! where a tag line follows movetext or a whole tag pair starts a line inside a comment, the same however the input arrives, and a visitor
//! over the stream gives the verdicts of reading each record alone.

use std::io::Read;

use gamenote::fuzzing::stream_verdicts;
use gamenote::generate::Rng;
use gamenote::gipf::Gipf;
use gamenote::pylos::Pylos;
use gamenote::stream::{Limits, RawRecord, Reader, RecordReader};
use gamenote::{ParseError, Record};

/// A `Read` that hands out at most a few bytes at a time, so every buffer boundary is met.
struct Trickle<'a> {
    data: &'a [u8],
    rng: Rng,
}

impl Read for Trickle<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = (1 + self.rng.below(7)).min(out.len()).min(self.data.len());
        out[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// The cutting rule, restated line by line: (text, lines before, offset) of each piece.
fn reference_cut(data: &[u8]) -> Vec<(Vec<u8>, usize, u64)> {
    let start = if data.starts_with(b"\xEF\xBB\xBF") {
        3
    } else {
        0
    };
    // Lines with their ends.
    let mut lines = Vec::new();
    let mut i = start;
    while i < data.len() {
        let mut j = i;
        while j < data.len() && data[j] != b'\n' && data[j] != b'\r' {
            j += 1;
        }
        if j < data.len() {
            j += if data[j] == b'\r' && data.get(j + 1) == Some(&b'\n') {
                2
            } else {
                1
            };
        }
        lines.push(i..j);
        i = j;
    }
    let mut pieces = Vec::new();
    let (mut piece_start, mut piece_line) = (start, 0);
    let (mut in_comment, mut has_movetext) = (false, false);
    for (n, line) in lines.iter().enumerate() {
        let bytes = &data[line.clone()];
        let first = bytes.iter().find(|b| !matches!(b, b' ' | b'\t' | 0x0c));
        let starts = if in_comment {
            whole_tag_pair_starts(bytes)
        } else {
            first == Some(&b'[') && has_movetext
        };
        if starts {
            pieces.push((piece_start..line.start, piece_line));
            piece_start = line.start;
            piece_line = n;
            in_comment = false;
            has_movetext = false;
        }
        // Walk the line: a tag pair may open where a token starts before any movetext.
        let (mut token_start, mut tag, mut quote, mut escape) = (true, false, false, false);
        for &b in bytes {
            if b == b'\n' || b == b'\r' {
                break;
            }
            if in_comment {
                if b == b'}' {
                    in_comment = false;
                    token_start = true;
                }
                continue;
            }
            if tag {
                if escape {
                    escape = false;
                } else if quote {
                    match b {
                        b'\\' => escape = true,
                        b'"' => quote = false,
                        _ => {}
                    }
                } else if b == b'"' {
                    quote = true;
                } else if b == b']' {
                    tag = false;
                    token_start = true;
                }
                continue;
            }
            if matches!(b, b' ' | b'\t' | 0x0c) {
                continue;
            }
            match b {
                b'{' => in_comment = true,
                b'[' if token_start && !has_movetext => tag = true,
                _ => has_movetext = true,
            }
            token_start = false;
        }
    }
    pieces.push((piece_start..data.len(), piece_line));
    pieces
        .into_iter()
        .filter(|(r, _)| !data[r.clone()].iter().all(u8::is_ascii_whitespace))
        .map(|(r, line)| (data[r.clone()].to_vec(), line, r.start as u64))
        .collect()
}

/// A line that starts (after blanks) with `[Name "value"]` within its first 1024 bytes.
fn whole_tag_pair_starts(line: &[u8]) -> bool {
    let head = String::from_utf8_lossy(&line[..line.len().min(1024)]);
    let rest = head.trim_start_matches([' ', '\t', '\x0c']);
    let Some(rest) = rest.strip_prefix('[') else {
        return false;
    };
    let rest = rest.trim_start_matches([' ', '\t']);
    let name = rest
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'-')
        .count();
    let Some(mut value) = rest[name..]
        .trim_start_matches([' ', '\t'])
        .strip_prefix('"')
    else {
        return false;
    };
    if name == 0 {
        return false;
    }
    loop {
        let mut chars = value.chars();
        match chars.next() {
            None | Some('\n' | '\r') => return false,
            Some('"') => break,
            Some('\\') => {
                if matches!(chars.next(), None | Some('\n' | '\r')) {
                    return false;
                }
            }
            Some(_) => {}
        }
        value = chars.as_str();
    }
    value[1..].trim_start_matches([' ', '\t']).starts_with(']')
}

fn random_input(rng: &mut Rng, len: usize) -> Vec<u8> {
    const ALPHABET: &[u8] = b"[[]]{{}}\"\"\n\n\n\r \t1b2c3-(),*.Game ";
    (0..len)
        .map(|_| match rng.below(40) {
            0 => b"\xEF\xBB\xBF\x00\xFF\xC3"[rng.below(6)],
            _ => ALPHABET[rng.below(ALPHABET.len())],
        })
        .collect()
}

fn pieces<R: Read>(input: R) -> Vec<Result<RawRecord, ParseError>> {
    RecordReader::new(input)
        .map(|p| p.map_err(|b| b.error))
        .collect()
}

#[test]
fn records_are_cut_as_the_rule_says_however_the_input_arrives() {
    let mut rng = Rng::new(7);
    for round in 0..3000 {
        let len = 1 + rng.below(300);
        let mut data = random_input(&mut rng, len);
        if round % 5 == 0 {
            data.splice(0..0, b"\xEF\xBB\xBF".iter().copied());
        }
        let whole = pieces(&data[..]);
        let trickled = pieces(Trickle {
            data: &data,
            rng: Rng::new(round),
        });
        assert_eq!(whole, trickled, "{:?}", String::from_utf8_lossy(&data));
        let reference = reference_cut(&data);
        assert_eq!(whole.len(), reference.len(), "{data:?}");
        for (got, (bytes, lines_before, offset)) in whole.iter().zip(&reference) {
            match (got, std::str::from_utf8(bytes)) {
                (Ok(raw), Ok(text)) if !text.contains('\0') => {
                    assert_eq!(raw.text, text, "{data:?}");
                    assert_eq!((raw.lines_before, raw.offset), (*lines_before, *offset));
                }
                (Err(e), _) => {
                    assert!(
                        e.expected == "UTF-8 text" || e.found == "a NUL byte",
                        "{e:?} in {data:?}"
                    );
                    assert!(e.line > *lines_before, "{e:?}");
                }
                (Ok(raw), _) => panic!("{raw:?} holds bytes that are not text"),
            }
        }
    }
}

#[test]
fn a_record_over_the_limit_is_skipped_even_when_it_arrives_in_drops() {
    let mut data = b"[Game \"Pylos\"]\n{a comment\n[that looks like a tag]}\n".to_vec();
    data.extend(std::iter::repeat_n(b"1a1 ".as_slice(), 5_000).flatten());
    data.extend_from_slice(b"*\n\n[Game \"Pylos\"]\r\n1b2 *\r\n");
    let limits = Limits::default().max_record_bytes(1000);
    for out in [
        RecordReader::with_limits(&data[..], limits).collect::<Vec<_>>(),
        RecordReader::with_limits(
            Trickle {
                data: &data,
                rng: Rng::new(3),
            },
            limits,
        )
        .collect(),
    ] {
        assert_eq!(out.len(), 2);
        let err = &out[0].as_ref().unwrap_err().error;
        assert_eq!(err.expected, "a record of at most 1000 bytes");
        assert_eq!(err.line, 1);
        let good = out[1].as_ref().unwrap();
        assert_eq!(good.text, "[Game \"Pylos\"]\r\n1b2 *\r\n");
        assert_eq!(good.lines_before, 5);
    }
}

#[test]
fn a_visitor_over_the_stream_gives_the_verdicts_of_each_record_alone() {
    let mut rng = Rng::new(99);
    let forms = [
        "[Game \"Pylos\"]\n1. 1b2 1c3 2. 1c4 1c2 *\n",
        "[Game \"Pylos\"]\r\n[Round \"7\"]\r\n1. 1b2 q *\r\n",
        "{before}\n[Game \"Pylos\"]\n{a comment\n[that looks like a tag]}\n1. 1a1 1a2 0-1\n",
        "[Event \"a {brace} in a value\"]\n1b2 1c3 *\n",
        "[Game \"Pylos\"]\n1b2 \u{e9}t\u{e9} *\n",
        "[Game \"Pylos\"]\n1a1 1a2 1a3 0-1 {after}\n",
        "[Game \"Pylos\"]\n1b2 \u{0}1c3 *\n",
    ];
    let mut data = Vec::new();
    for _ in 0..2000 {
        data.extend_from_slice(forms[rng.below(forms.len())].as_bytes());
        data.push(b'\n');
    }
    let (streamed, alone) = stream_verdicts::<Pylos>(&data, Limits::default());
    assert_eq!(streamed.len(), 2000);
    assert_eq!(streamed, alone);
    assert!(streamed.iter().any(|v| v.is_ok()));
    assert!(streamed.iter().any(|v| v.is_err()));
    // The GIPF data, whose endings are written as comments, reads the same both ways.
    let gipf = include_bytes!("../data/gipf/bench.gipf");
    let (streamed, alone) = stream_verdicts::<Gipf>(gipf, Limits::default());
    assert_eq!(streamed.len(), 75);
    assert!(streamed.iter().all(|v| v.is_ok()), "{streamed:?}");
    assert_eq!(streamed, alone);
}

#[test]
fn records_from_the_stream_equal_records_from_the_string() {
    let text = include_str!("../data/gipf/bench.gipf");
    let from_stream: Vec<_> = Reader::new(text.as_bytes()).records::<Gipf>().collect();
    let from_string: Vec<_> = Record::<Gipf>::iter(text).collect();
    assert_eq!(from_stream.len(), 75);
    assert_eq!(from_stream, from_string);
    // Spans count in the whole stream: each one holds the move as written, or the
    // `{w: x…}` comment an ending was written as.
    let mut moves = 0;
    for rec in &from_stream {
        for ply in &rec.as_ref().unwrap().plies {
            let written = &text[ply.span.clone()];
            if written.starts_with('{') {
                assert!(written.ends_with('}'), "{written:?}");
            } else {
                assert_eq!(written, ply.notation.to_string());
                moves += 1;
            }
        }
    }
    assert!(moves > 1000, "{moves}");
}

#[test]
fn stream_errors_name_the_place_in_the_stream() {
    let data = b"\xEF\xBB\xBF[Game \"Pylos\"]\r\n1b2 1c3 *\r\n\r\n[Game \"Pylos\"]\r\n1a1\t\xFF *\r\n\r\n[Game \"Pylos\"]\r1c1 zz *\r";
    let out: Vec<_> = Reader::new(&data[..]).records::<Pylos>().collect();
    assert_eq!(out.len(), 3);
    assert_eq!(out[0].as_ref().unwrap().plies.len(), 2);
    let e = out[1].as_ref().unwrap_err();
    assert_eq!(
        (e.line, e.column, e.expected.as_str()),
        (5, 5, "UTF-8 text")
    );
    assert_eq!(e.found, "the byte 0xff");
    let e = out[2].as_ref().unwrap_err();
    assert_eq!((e.line, e.column), (8, 5));
    assert_eq!(&data[e.span.clone()], b"zz");
}

#[test]
fn the_stream_fuzz_harness_holds_on_its_seeds_and_random_bytes() {
    for entry in std::fs::read_dir("fuzz/seeds/stream").expect("seeds") {
        let data = std::fs::read(entry.expect("entry").path()).expect("seed");
        gamenote::fuzzing::stream_reader(&data);
    }
    let mut rng = Rng::new(5);
    for _ in 0..300 {
        let len = rng.below(400);
        gamenote::fuzzing::stream_reader(&random_input(&mut rng, len));
    }
}

/// Found by the `stream_reader` fuzz target: a file that starts with two byte-order marks.
/// The stream reader skips the first; the piece it hands out starts with the second, and
/// checking that piece gives what reading it alone gives (the mark skipped again).
#[test]
fn a_piece_that_starts_with_a_byte_order_mark_checks_as_when_read_alone() {
    let data = include_bytes!("../data/stream-two-boms.bin");
    gamenote::fuzzing::stream_reader(data);
    let reports = gamenote::check::check_source::<gamenote::pylos::Pylos>(
        "f",
        "\u{feff}\u{feff}{before}\n1b2 *\n",
        &[],
        gamenote::Mode::Strict,
    );
    assert!(reports[0].ok(), "{:?}", reports[0].error);
}

/// Found by the `stream_reader` fuzz target: a byte-order mark at the start of a line in
/// the middle of a file (two files joined by `cat`) opens a record. The mark is not part of
/// the piece handed out, as the mark at the file's start is not, so an error on that line
/// has the same column whether the piece is read in the stream or alone.
#[test]
fn a_byte_order_mark_in_mid_file_is_not_part_of_the_piece_it_opens() {
    gamenote::fuzzing::stream_reader(include_bytes!("../data/stream-bom-mid-file.bin"));
    let text = "[Game \"Pylos\"]\n1b2 *\n\n\u{feff}[Game \"GIPF\"]\n1. Ge2 *\n";
    let pieces: Vec<_> = gamenote::stream::RecordReader::new(text.as_bytes())
        .map(|p| p.expect("a good piece"))
        .collect();
    assert_eq!(pieces[1].text, "[Game \"GIPF\"]\n1. Ge2 *\n");
    assert_eq!((pieces[1].offset, pieces[1].lines_before), (25, 3));
    let reports = gamenote::check::check_source::<gamenote::pylos::Pylos>(
        "f",
        text,
        &[],
        gamenote::Mode::Strict,
    );
    let error = reports[1]
        .error
        .as_ref()
        .expect("a GIPF record read as Pylos fails");
    assert_eq!((error.line, error.column), (4, 8), "{error:?}");
    assert_eq!(
        error.message,
        "expected the game being read, \"Pylos\", found \"GIPF\""
    );
}

/// Issue 20 item 2: random bytes after a complete, legal record (of every game) never change
/// its verdict, in any reader (the `junk_after_record` fuzz target's harness).
#[test]
fn junk_after_a_record_never_changes_its_verdict() {
    for entry in std::fs::read_dir("fuzz/seeds/junk").expect("seeds") {
        let data = std::fs::read(entry.expect("entry").path()).expect("seed");
        gamenote::fuzzing::junk_after_record(&data);
    }
    let mut rng = Rng::new(20);
    for _ in 0..300 {
        let len = rng.below(300);
        gamenote::fuzzing::junk_after_record(&random_input(&mut rng, len));
    }
}

/// Issue 20 item 2 through the library: junk after a record is an item of its own, with its
/// line and column; bad bytes and a byte-order mark after a result cost only themselves.
#[test]
fn junk_items_are_placed_and_the_records_around_them_read() {
    use gamenote::stream::{Item, Reader};
    use gamenote::visit::Summarize;
    type Case<'a> = (&'a [u8], &'a [(usize, usize)]);
    let cases: [Case<'_>; 4] = [
        (
            b"[Game \"Pylos\"]\n\n1b2 1c3 *\n\nstray line\n\n[Game \"Pylos\"]\n\n1b2 1c3 *\n",
            &[(5, 1)],
        ),
        (
            b"[Game \"Pylos\"]\n\n1b2 1c3 * {ok} x\xff\n\n[Game \"Pylos\"]\n\n1b2 1c3 *\n",
            &[(3, 16)],
        ),
        (
            b"[Game \"Pylos\"]\n\n1b2 1c3 *\n\xff\n[Game \"Pylos\"]\n\n1b2 1c3 *\n",
            &[(4, 1)],
        ),
        (
            b"[Game \"Pylos\"]\n\n1b2 1c3 *\n\xEF\xBB\xBF[Game \"Pylos\"]\n\n1b2 1c3 *\n",
            &[],
        ),
    ];
    for (data, junk) in cases {
        let mut reader = Reader::new(data);
        let mut check = Summarize::default();
        let (mut records, mut places) = (0, Vec::new());
        while let Some(item) = reader.read_item::<gamenote::pylos::Pylos, _>(&mut check) {
            match item {
                Item::Record(r) => {
                    assert_eq!(r.expect("the record reads").plies, 2);
                    records += 1;
                }
                Item::Junk(e) => places.push((e.line, e.column)),
            }
        }
        assert_eq!(
            (records, places.as_slice()),
            (2, junk),
            "{:?}",
            String::from_utf8_lossy(data)
        );
    }
}

/// What the visitor reader makes of `data` read whole and a few bytes at a time under
/// `limits`: each record's plies or error, each junk's place.
fn items_under(data: &[u8], limits: Limits) -> Vec<String> {
    use gamenote::stream::Item;
    use gamenote::visit::Summarize;
    let describe = |item: Item<Result<gamenote::visit::Summary, ParseError>>| match item {
        Item::Record(Ok(s)) => format!("record of {} plies", s.plies),
        Item::Record(Err(e)) => format!("record error {}:{} {}", e.line, e.column, e.expected),
        Item::Junk(e) => format!("junk {}:{} {}", e.line, e.column, e.found),
    };
    let mut whole = Vec::new();
    let mut reader = Reader::with_limits(data, limits);
    while let Some(item) = reader.read_item::<Pylos, _>(&mut Summarize::default()) {
        whole.push(describe(item));
    }
    let mut trickled = Vec::new();
    let trickle = Trickle {
        data,
        rng: Rng::new(data.len() as u64),
    };
    let mut reader = Reader::with_limits(trickle, limits);
    while let Some(item) = reader.read_item::<Pylos, _>(&mut Summarize::default()) {
        trickled.push(describe(item));
    }
    assert_eq!(whole, trickled, "{:?}", String::from_utf8_lossy(data));
    whole
}

/// Blanks after a record's last text (spaces, tabs, line ends of any kind) count neither
/// toward the record limit nor as junk, however many lines of them there are and wherever
/// the limit falls among them; the record after them is placed as in the stream.
#[test]
fn blank_lines_after_a_record_near_the_limit() {
    let record = "[Game \"Pylos\"]\n\n1b2 1c3 *";
    let next = "[Game \"Pylos\"]\n1b2 zz *\n";
    const ZZ: &str = "a Pylos move such as 1b2, 1d2-2b2 or 1d1(1c1,1d1)";
    let tails = [
        "\n".to_string(),
        "\n\n".to_string(),
        " \t \r\n\r\n".to_string(),
        "\r".repeat(3),
        "\n".repeat(5_000),
        (" ".repeat(1_000) + "\n").repeat(5),
        "\r\n \t\x0c".repeat(3_000),
    ];
    for tail in &tails {
        let lines = gamenote::stream::count_lines(format!("{record}{tail}").as_bytes()).unwrap();
        for slack in [0, 1, 2, 7] {
            let limits = Limits::default().max_record_bytes(record.len() + slack);
            let alone = format!("{record}{tail}");
            assert_eq!(
                items_under(alone.as_bytes(), limits),
                ["record of 2 plies"],
                "{tail:?}, slack {slack}"
            );
            let data = format!("{record}{tail}{next}");
            assert_eq!(
                items_under(data.as_bytes(), limits),
                [
                    "record of 2 plies".to_string(),
                    format!("record error {}:5 {ZZ}", lines + 2)
                ],
                "{tail:?}, slack {slack}"
            );
            let pieces: Vec<_> = RecordReader::with_limits(data.as_bytes(), limits)
                .map(|p| p.expect("no piece is over the limit"))
                .collect();
            assert_eq!(pieces.len(), 2, "{tail:?}, slack {slack}");
            assert!(
                pieces[0].text.starts_with(record) && pieces[0].text.len() <= record.len() + slack
            );
            assert_eq!(pieces[0].text.trim_end(), record);
            // The blanks that open the next record's line are its own.
            let own = tail.len() - tail.rfind(['\n', '\r']).map_or(0, |i| i + 1);
            let next_text = format!("{}{next}", &tail[tail.len() - own..]);
            assert_eq!(
                (pieces[1].text.trim_end(), pieces[1].lines_before),
                (next_text.trim_end(), lines)
            );
            assert_eq!(pieces[1].offset, (record.len() + tail.len() - own) as u64);
        }
    }
}

/// Text after blanks that pass the limit is past the limit: the record before is read, and
/// the text is junk, once; a record one byte over the limit still fails.
#[test]
fn text_after_blanks_past_the_limit_is_junk_and_a_longer_record_fails() {
    let record = "[Game \"Pylos\"]\n\n1b2 1c3 *";
    let limits = Limits::default().max_record_bytes(record.len() + 3);
    for tail in ["\n".repeat(20), "\n".repeat(300_000), " ".repeat(600_000)] {
        let data = format!("{record}{tail}stray\n\n[Game \"Pylos\"]\n1b2 *\n");
        let items = items_under(data.as_bytes(), limits);
        assert_eq!(items.len(), 3, "{items:?}");
        assert_eq!(items[0], "record of 2 plies");
        // Placed after the record's text, the last text within the limit.
        assert_eq!(items[1], "junk 3:10 text past the record limit of 28 bytes");
        assert_eq!(items[2], "record of 1 plies");
    }
    let limits = Limits::default().max_record_bytes(record.len() - 1);
    let data = format!("{record}\n\n\n");
    assert_eq!(
        items_under(data.as_bytes(), limits),
        ["record error 1:1 a record of at most 24 bytes"]
    );
}

/// Blank lines before the first record, more of them than the limit, are passed over.
#[test]
fn blank_lines_past_the_limit_before_a_record_are_passed_over() {
    let limits = Limits::default().max_record_bytes(100);
    for blanks in [
        "\n".repeat(1_000),
        "\r\n".repeat(200_000),
        (" \t".repeat(500) + "\r").repeat(300),
    ] {
        let data = format!("{blanks}[Game \"Pylos\"]\n\n1b2 zz *\n");
        let lines = gamenote::stream::count_lines(blanks.as_bytes()).unwrap();
        let items = items_under(data.as_bytes(), limits);
        assert_eq!(items.len(), 1, "{items:?}");
        assert!(
            items[0].starts_with(&format!("record error {}:", lines + 3)),
            "{items:?}"
        );
    }
}

/// The largest limit a caller can ask for reads records as the default does: the
/// arithmetic on it saturates (it overflowed in debug builds).
#[test]
fn a_limit_of_usize_max_reads_as_no_limit() {
    let limits = Limits::default().max_record_bytes(usize::MAX);
    let data = format!("[Game \"Pylos\"]\n\n1b2 1c3 *\n\n{}", "\n".repeat(300_000));
    assert_eq!(items_under(data.as_bytes(), limits), ["record of 2 plies"]);
    let data = b"[Game \"Pylos\"]\n{an open comment\n".repeat(10_000);
    // Each tag line after an open comment starts a record.
    assert_eq!(items_under(&data, limits).len(), 10_000);
}
