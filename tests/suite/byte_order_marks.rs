//! Byte-order marks and blanks before a record, in any mix (files joined by `cat`, a file
//! saved twice, an indented record): every reader passes over them as it passes over blanks,
//! reads the record's `[Game]` tag after them, and places what follows the record alike.

use gamenote::any::{AnyReader, DefaultGame, GameId};
use gamenote::pylos::Pylos;
use gamenote::{Mode, Record};

/// A record line that starts with blanks and a byte-order mark (files joined by `cat`, the
/// second indented) starts a record in the cutter and in the typed grammar, which pass the
/// mark over like a blank; the readers of a record's `[Game]` tag passed over one mark at
/// the very start only, so the record was read in the default game.
#[test]
fn a_game_tag_after_blanks_and_a_mark_decides_the_game() {
    let piece = "  \u{feff}[Game \"GIPF\"]\n[Rules \"basic\"]\n1.a1-b2 *\n";
    assert_eq!(
        DefaultGame::Detected(GameId::Pylos).of_record(piece),
        Ok(GameId::Gipf)
    );
    let e = DefaultGame::Given(GameId::Pylos)
        .of_record(piece)
        .unwrap_err();
    assert_eq!((e.line, e.column), (1, 11));
    // Two marks, as a file saved twice has them, and blank lines between.
    let two = "\u{feff}\u{feff}\n \u{feff} [Game \"GIPF\"]\n[Rules \"basic\"]\n1.a1-b2 *\n";
    assert_eq!(
        DefaultGame::Detected(GameId::Pylos).of_record(two),
        Ok(GameId::Gipf)
    );
    assert_eq!(GameId::from_tags(two), Some(GameId::Gipf));
    assert_eq!(GameId::detect_bytes(two.as_bytes()), Some(GameId::Gipf));
    // The typed reader of the record sees the tag there too.
    let e = Record::<Pylos>::iter(piece).next().unwrap().unwrap_err();
    assert_eq!((e.line, e.column), (1, 11));
    // In a stream: the second record is GIPF, as it is without the blanks.
    let joined =
        "[Game \"Pylos\"]\n1b2 *\n  \u{feff}[Game \"GIPF\"]\n[Rules \"basic\"]\n1.a1-b2 *\n";
    let games: Vec<_> = AnyReader::new(joined.as_bytes(), GameId::Pylos)
        .map(|r| r.map(|r| (r.game(), r.replay(Mode::Strict).plies())))
        .collect();
    assert_eq!(games, [Ok((GameId::Pylos, 1)), Ok((GameId::Gipf, 1))]);
}

/// `Record::parse` reads what `Record::iter` and the stream readers read as the first record:
/// blanks and byte-order marks before it in any mix (an indented file joined by `cat`). It
/// passed over marks at the very start only, and then failed at the next mark (`expected a
/// Pylos move ..., found "\u{feff}1b2"`).
#[test]
fn parse_passes_over_blanks_and_marks_as_iter_does() {
    for text in [
        "  \u{feff}1b2 1c3 *",
        "\u{feff}\n \u{feff}\u{feff} 1b2 1c3 *\n",
        "\u{feff}  \u{feff}[Game \"Pylos\"]\n1b2 1c3 *",
    ] {
        let parsed = Record::<Pylos>::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        let iterated = Record::<Pylos>::iter(text).next().unwrap().unwrap();
        assert_eq!(parsed, iterated);
        assert_eq!(parsed.plies.len(), 2);
        let broken = text.replace("1c3", "zz");
        let a = Record::<Pylos>::parse(&broken).unwrap_err();
        let b = Record::<Pylos>::iter(&broken).next().unwrap().unwrap_err();
        let c = gamenote::stream::Reader::new(broken.as_bytes())
            .records::<Pylos>()
            .next()
            .unwrap()
            .unwrap_err();
        assert_eq!((a.line, a.column), (b.line, b.column), "{broken:?}");
        assert_eq!((a.line, a.column), (c.line, c.column), "{broken:?}");
    }
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
