//! Faults found by attacking the library as a stranger would (issue 20, last part): each
//! test is one case that failed before its fix, with the exact values it must give.

use std::io::Read;

use gamenote::pylos::Pylos;
use gamenote::stream::{Item, Limits, Reader};
use gamenote::visit::Summarize;

/// A `Read` that hands out one byte at a time.
struct OneByte<'a>(&'a [u8]);

impl Read for OneByte<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = 1.min(out.len()).min(self.0.len());
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

/// Each item as (kind, plies or line, column, expected).
fn items<R: Read>(input: R, limits: Limits) -> Vec<(&'static str, usize, usize, String)> {
    let mut reader = Reader::with_limits(input, limits);
    let mut check = Summarize::default();
    let mut out = Vec::new();
    while let Some(item) = reader.read_item::<Pylos, _>(&mut check) {
        out.push(match item {
            Item::Record(Ok(s)) => ("ok", s.plies, 0, String::new()),
            Item::Record(Err(e)) => ("err", e.line, e.column, e.expected),
            Item::Junk(e) => ("junk", e.line, e.column, e.expected),
        });
    }
    out
}

/// A piece under the record limit, followed by a line whose fate (does it start the next
/// record?) is told only some bytes later, was judged too long when the input came in small
/// reads and read as usual when it came at once. The limit counts the bytes known to be in
/// the piece, so the verdicts no longer depend on how the input is chunked.
#[test]
fn record_limit_verdict_does_not_depend_on_read_sizes() {
    let text = "[Game \"Pylos\"]\n1b2 {open\n[Event \"e\"]\n1c3 *\n";
    let limits = Limits::default().max_record_bytes(30);
    let whole = items(text.as_bytes(), limits);
    let drip = items(OneByte(text.as_bytes()), limits);
    let expected = vec![
        (
            "err",
            2,
            5,
            "a comment closed by '}' before the next record".to_string(),
        ),
        ("ok", 1, 0, String::new()),
    ];
    assert_eq!(whole, expected);
    assert_eq!(drip, expected);
}

/// A `[Game]` tag is read without case, and with its name's escapes undone, as the record
/// reader reads every tag (`Record::tag`): `[game "gipf"]` was taken for an untagged record
/// of the default game, which then checked and converted it as that game.
#[test]
fn a_game_tag_is_found_whatever_the_case_of_its_name() {
    use gamenote::any::{DefaultGame, GameId};
    use gamenote::{Record, pylos::Pylos};
    let lower = "[game \"gipf\"]\n\n1. *";
    assert_eq!(GameId::from_tags(lower), Some(GameId::Gipf));
    assert_eq!(GameId::detect("a.pylos", lower), Some(GameId::Gipf));
    assert_eq!(
        DefaultGame::Detected(GameId::Pylos).of_record(lower),
        Ok(GameId::Gipf)
    );
    let err = DefaultGame::Given(GameId::Pylos)
        .of_record(lower)
        .unwrap_err();
    assert_eq!((err.line, err.column, err.span.clone()), (1, 8, 7..11));
    assert_eq!(err.found, "\"gipf\"");
    let escaped = "[\"G\\u0061me\" \"Pylon\"]\n\n1b2 *";
    // Read as Pylos, the escaped name is the record's [Game] tag: it names another game
    // (an error at its value since session 15), and the same tag naming Pylos is read.
    let err = Record::<Pylos>::parse(escaped).unwrap_err();
    assert_eq!(
        err.to_string(),
        "1:15: expected the game being read, \"Pylos\", found \"Pylon\""
    );
    assert_eq!(
        Record::<Pylos>::parse(&escaped.replace("Pylon", "Pylos"))
            .unwrap()
            .tag("Game"),
        Some("Pylos")
    );
    assert_eq!(
        DefaultGame::Detected(GameId::Pylos).of_record(escaped),
        Ok(GameId::Pylon)
    );
    assert_eq!(
        GameId::from_tags("[GAME \"Pylon\"]\n1b2 *"),
        Some(GameId::Pylon)
    );
}

/// A token longer than what an error quotes is quoted with `…`: the quote was cut at 24
/// bytes with nothing to say so, and read as the whole token.
#[test]
fn a_cut_quote_says_it_is_cut() {
    use gamenote::{Record, pylos::Pylos};
    let text = format!("1b2 {} *", "z".repeat(5000));
    let err = Record::<Pylos>::parse(&text).unwrap_err();
    assert_eq!((err.line, err.column, err.span.clone()), (1, 5, 4..28));
    assert_eq!(err.found, format!("\"{}…\"", "z".repeat(24)));
    // A token of exactly 24 bytes is quoted whole.
    let text = format!("1b2 {} *", "z".repeat(24));
    let err = Record::<Pylos>::parse(&text).unwrap_err();
    assert_eq!(err.found, format!("\"{}\"", "z".repeat(24)));
    assert_eq!(err.found_text(), Some("z".repeat(24)));
}

/// `Record::parse` (and `FromStr`) passed over no byte-order mark, where `Record::iter`,
/// `parse_bytes` and the stream readers pass over every one at the start: the same text
/// read one way failed at 1:1 and the other way was a record.
#[test]
fn record_parse_passes_over_a_leading_byte_order_mark() {
    use gamenote::{Record, pylos::Pylos, stream::parse_bytes};
    let text = "\u{feff}\u{feff}[Game \"Pylos\"]\n\n1b2 1c3 *\n";
    let parsed = Record::<Pylos>::parse(text).unwrap();
    assert_eq!(parsed.tag("Game"), Some("Pylos"));
    assert_eq!(parsed.plies.len(), 2);
    assert_eq!(parsed.plies[0].span, 22..25);
    let iterated: Vec<_> = Record::<Pylos>::iter(text).collect();
    assert_eq!(iterated, vec![Ok(parsed.clone())]);
    assert_eq!(
        parse_bytes::<Pylos>(text.as_bytes()),
        vec![Ok(parsed.clone())]
    );
    assert_eq!(text.parse::<Record<Pylos>>(), Ok(parsed));
    // Errors keep their place in the whole text.
    let err = Record::<Pylos>::parse("\u{feff}1b2 zz *").unwrap_err();
    assert_eq!((err.line, err.column, err.span.clone()), (1, 5, 7..9));
}

/// Text after the record, on the line of a byte-order mark, is placed as `iter` places it.
#[test]
fn record_parse_places_text_after_the_record_past_a_byte_order_mark() {
    use gamenote::{Record, pylos::Pylos};
    let err = Record::<Pylos>::parse("\u{feff}1b2 1-0 zz").unwrap_err();
    assert_eq!((err.line, err.column, err.span.clone()), (1, 9, 11..13));
    assert_eq!(err.expected, "the end of the record");
}
