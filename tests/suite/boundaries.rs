//! Where a record ends: one rule for the stream cutter and the record grammar, so that one
//! broken record costs one error and never the records after it (issue 12, items 1, 10, 13).

use gamenote::Record;
use gamenote::fuzzing::record_boundaries;
use gamenote::generate::Rng;
use gamenote::pylos::Pylos;
use gamenote::stream::{Reader, RecordReader};
use gamenote::visit::Summarize;

const GOOD: &str = "[Game \"Pylos\"]\n1b2 1c3 *\n\n";

/// A record's verdict: its plies, or the error's (line, column, ply).
type Verdict = Result<usize, (usize, usize, Option<usize>)>;

/// Verdicts of every reader of the crate on `text`, one per record.
fn verdicts(text: &str) -> Vec<Verdict> {
    let as_key = |r: Result<usize, gamenote::ParseError>| r.map_err(|e| (e.line, e.column, e.ply));
    let records: Vec<_> = Record::<Pylos>::parse_all(text)
        .into_iter()
        .map(|r| as_key(r.map(|r| r.plies.len())))
        .collect();
    let mut reader = Reader::new(text.as_bytes());
    let mut summary = Summarize::default();
    let mut streamed = Vec::new();
    while let Some(v) = reader.read_record::<Pylos, _>(&mut summary) {
        streamed.push(as_key(v.map(|s| s.plies)));
    }
    assert_eq!(records, streamed, "the string and stream readers disagree");
    let pieces = RecordReader::new(text.as_bytes()).count();
    assert_eq!(pieces, records.len(), "the cutter and the grammar disagree");
    records
}

#[test]
fn an_unclosed_comment_costs_its_own_record_only() {
    let text = format!(
        "{}[Game \"Pylos\"]\n1b2 {{oops 1c3 *\n\n{}",
        GOOD.repeat(1000),
        GOOD.repeat(2000)
    );
    let v = verdicts(&text);
    assert_eq!(v.len(), 3001);
    assert_eq!(v[1000], Err((3002, 5, None)));
    assert!(v.iter().enumerate().all(|(i, r)| i == 1000 || *r == Ok(2)));
}

#[test]
fn an_unclosed_comment_stops_at_tags_on_the_next_line_too() {
    let text = "[Game \"Pylos\"]\n1b2 {oops\n[Game \"Pylos\"]\n1b2 1c3 *\n";
    assert_eq!(verdicts(text), [Err((2, 5, None)), Ok(2)]);
}

#[test]
fn a_comment_may_hold_lines_that_are_not_tag_pairs() {
    let text = "[Game \"Pylos\"]\n1b2 {see\n[this]\n[Note no quotes]} 1c3 *\n";
    assert_eq!(verdicts(text), [Ok(2)]);
}

#[test]
fn escaped_quotes_and_braces_in_a_tag_value_open_no_comment() {
    let text = format!(
        "{}[Event \"a\\\"{{\"]\n[Game \"Pylos\"]\n1b2 1c3 *\n\n{}",
        GOOD.repeat(3),
        GOOD.repeat(3)
    );
    let v = verdicts(&text);
    assert_eq!(v, vec![Ok(2); 7]);
    let rec = Record::<Pylos>::parse_all(&text).remove(3).unwrap();
    assert_eq!(rec.tag("Event"), Some("a\"{"));
}

#[test]
fn tags_after_any_movetext_begin_a_new_record() {
    let text = "[Game \"Pylos\"]\n1.\n[Event \"x\"]\n1b2 1c3 *";
    assert_eq!(verdicts(text), [Ok(0), Ok(2)]);
    let second = Record::<Pylos>::parse_all(text).remove(1).unwrap();
    assert_eq!(second.tag("Event"), Some("x"));
}

#[test]
fn a_broken_tag_section_ends_where_the_cut_ends_it() {
    // The error is in the first tag; the blank line and the tag after it are still the
    // same record, as the cutter sees it (tags before any movetext).
    let text = "[Game \"Pylos\"\n\n[Event \"x\"]\n1b2 *\n\n[Game \"Pylos\"]\n1a1 *\n";
    assert_eq!(verdicts(text), [Err((1, 14, None)), Ok(1)]);
}

#[test]
fn a_parse_error_in_movetext_names_its_ply() {
    // A third take-back is a parse error by the grammar; it belongs to the second move.
    let text = "[Game \"Pylos\"]\n1a1 1b2 (1c1,1d1,1a1) 1c3 *\n";
    let v = verdicts(text);
    assert_eq!(v, [Err((2, 17, Some(2)))]);
    let text = "[Game \"Pylos\"]\n1. 1a1 1b2 2. 1c3 zz *\n";
    assert_eq!(verdicts(text), [Err((2, 19, Some(4)))]);
}

#[test]
fn many_tags_before_the_numeric_style_read_every_move() {
    let mut text = String::from("[Game \"Pylos\"]\n");
    for i in 0..20_000 {
        text.push_str(&format!("[Note{i} \"x\"]\n"));
    }
    text.push_str("[Style \"numeric\"]\n[style \"numeric\"]\n1. 6 11 *\n");
    let rec = Record::<Pylos>::parse(&text).unwrap();
    assert_eq!(rec.plies.len(), 2);
    assert_eq!(rec.tags.len(), 20_003);
    // The `[Style]` tag counts: the moves are numeric.
    let six = gamenote::pylos::Notation::parse_numeric("6").unwrap();
    assert_eq!(rec.plies[0].notation, six);
    // A second `[Style]` saying otherwise is an error at its value (the first
    // does not count silently), as `check` of the mixed-archive reader says it.
    let other = text.replace("[style \"numeric\"]", "[Style \"canonical\"]");
    let e = Record::<Pylos>::parse(&other).unwrap_err();
    assert_eq!((e.line, e.column), (20_003, 9));
    assert_eq!(
        e.expected,
        "the value of the record's first [Style] tag, \"numeric\""
    );
}

#[test]
fn cutter_and_grammar_agree_on_random_inputs_arriving_in_pieces() {
    const ALPHABET: &[u8] = b"[[]]{{}}\"\"\\\n\n\n\r \t1b2c3a-(),*.Game Pylos";
    let mut rng = Rng::new(2024);
    for _ in 0..3000 {
        let len = rng.below(200);
        let data: Vec<u8> = (0..len)
            .map(|_| ALPHABET[rng.below(ALPHABET.len())])
            .collect();
        record_boundaries(&data);
    }
    for seed in std::fs::read_dir("fuzz/seeds/record").expect("fuzz/seeds/record") {
        let data = std::fs::read(seed.unwrap().path()).unwrap();
        record_boundaries(&data);
    }
}
