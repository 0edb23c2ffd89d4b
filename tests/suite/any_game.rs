//! The dynamic layer (`gamenote::any`): a mixed-game archive with junk between records,
//! read through `AnyReader` record by record and checked in one pass, each record in the
//! game of its own tag, with lines and columns in the whole stream.

use gamenote::any::DefaultGame;
use gamenote::any::{AnyNotation, AnyPosition, AnyReader, AnyRecord, AnyStyle};
use gamenote::stream::{Item, Limits};
use gamenote::{Error, GameId, Mode};

const PYLON_SPEC: &str = include_str!("../../examples/records/pylon-spec.pylon");
const THREEMAN_SHORT: &str = include_str!("../../examples/records/threeman-short-game.3mc");

/// Seven records of four games, junk between the first two, a GIPF record that does not
/// parse, an illegal Pylos record and a record without a `[Game]` tag (the default's).
fn mixed() -> String {
    let mut s = String::new();
    s.push_str("{archive of four games}\n"); // 1
    s.push_str("[Game \"Pylos\"]\n\n1b2 1c3 1c4 1c2 1d2 1b3 1d22b2 *\n\n"); // 2-5
    s.push_str("junk between records\n\n"); // 6-7
    s.push_str(PYLON_SPEC.trim_end()); // 8-15
    s.push_str("\n\n"); // 16
    s.push_str(THREEMAN_SHORT.trim_end()); // 17-25
    s.push_str("\n\n"); // 26
    s.push_str("[Game \"GIPF\"]\n[Rules \"basic\"]\n\n1.a1-b2 i1-h2 2.zz *\n\n"); // 27-31
    s.push_str("[Game \"Pylos\"]\n1b2 1b2 *\n\n"); // 32-34
    s.push_str("[Event \"no game tag\"]\n\n1. 1a1 1b1 *\n"); // 35-37
    s
}

#[test]
fn lines_of_the_mixed_archive_are_where_the_tests_say() {
    let text = mixed();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[7], "[Game \"Pylon\"]");
    assert_eq!(lines[16], "[Game \"Three-man chess\"]");
    assert_eq!(lines[26], "[Game \"GIPF\"]");
    assert_eq!(lines[29], "1.a1-b2 i1-h2 2.zz *");
    assert_eq!(lines[31], "[Game \"Pylos\"]");
    assert_eq!(lines[34], "[Event \"no game tag\"]");
    assert_eq!(lines.len(), 37);
}

#[test]
fn a_mixed_archive_reads_record_by_record_each_in_its_own_game() {
    let text = mixed();
    let out: Vec<_> = AnyReader::new(text.as_bytes(), GameId::Pylon).collect();
    assert_eq!(out.len(), 7);
    let summary: Vec<_> = out
        .iter()
        .map(|r| match r {
            Ok(rec) => Ok((rec.game(), rec.ply_count())),
            Err(e) => Err((e.game, e.junk, e.error.line, e.error.column)),
        })
        .collect();
    assert_eq!(
        summary,
        [
            Ok((GameId::Pylos, 7)),
            Err((None, true, 6, 1)),
            Ok((GameId::Pylon, 10)),
            Ok((GameId::ThreeMan, 12)),
            Err((Some(GameId::Gipf), false, 30, 17)),
            Ok((GameId::Pylos, 2)),
            Ok((GameId::Pylon, 2)),
        ]
    );
    // Spans count in the whole stream.
    let gipf = out[4].as_ref().unwrap_err();
    assert_eq!(&text[gipf.error.span.clone()], "zz");
    // The records replay in their games: the illegal Pylos record at its second move.
    let verdicts: Vec<_> = out
        .iter()
        .flatten()
        .map(|r| r.replay(Mode::Strict))
        .map(|r| (r.game(), r.plies(), r.is_ok()))
        .collect();
    assert_eq!(
        verdicts,
        [
            (GameId::Pylos, 7, true),
            (GameId::Pylon, 10, true),
            (GameId::ThreeMan, 12, true),
            (GameId::Pylos, 1, false),
            (GameId::Pylon, 2, true),
        ]
    );
    let illegal = out[5].as_ref().unwrap().replay(Mode::Strict);
    let Some(Error::Illegal(e)) = illegal.error() else {
        panic!("{:?}", illegal.error())
    };
    let span = e.span.clone().unwrap();
    assert_eq!((e.ply, &text[span.clone()]), (2, "1b2"));
    assert_eq!(text[..span.start].lines().count(), 33, "on line 33");
    // The Pylon record ends in the position its comment scores.
    let pylon = out[2].as_ref().unwrap().replay(Mode::Strict);
    assert_eq!(pylon.end().position_string(), pylon.end().to_string());
    assert_eq!(out[2].as_ref().unwrap().tag("Size"), Some("3"));
}

#[test]
fn a_mixed_archive_checks_in_one_pass_with_the_same_verdicts() {
    let text = mixed();
    let mut reader = AnyReader::new(text.as_bytes(), GameId::Pylon);
    let mut checked = Vec::new();
    while let Some(c) = reader.check_next(Mode::Strict) {
        let place = match &c.verdict.error {
            Some(Error::Parse(e)) => Some((e.line, e.column)),
            Some(Error::Illegal(e)) => e.span.as_ref().map(|s| (s.start, s.end)),
            _ => None,
        };
        checked.push((c.game, c.junk, c.verdict.plies, place));
    }
    let pylos_illegal = text.find("1b2 1b2 *").unwrap() + 4;
    assert_eq!(
        checked,
        [
            (Some(GameId::Pylos), false, 7, None),
            (None, true, 0, Some((6, 1))),
            (Some(GameId::Pylon), false, 10, None),
            (Some(GameId::ThreeMan), false, 12, None),
            (Some(GameId::Gipf), false, 0, Some((30, 17))),
            (
                Some(GameId::Pylos),
                false,
                1,
                Some((pylos_illegal, pylos_illegal + 3))
            ),
            (Some(GameId::Pylon), false, 2, None),
        ]
    );
}

#[test]
fn a_given_default_refuses_records_of_another_game_at_their_tag() {
    let text = mixed();
    let given = DefaultGame::Given(GameId::Pylos);
    let mut reader = AnyReader::with_default(text.as_bytes(), given, Limits::default());
    let mut items = Vec::new();
    while let Some(item) = reader.read_item() {
        items.push(match item {
            Item::Record(Ok(r)) => format!("{} record", r.game()),
            Item::Record(Err(e)) => format!("error {}:{}", e.error.line, e.error.column),
            Item::Junk(e) => format!("junk {}:{}", e.line, e.column),
        });
    }
    assert_eq!(
        items,
        [
            "pylos record",
            "junk 6:1",
            "error 8:8",
            "error 17:8",
            "error 27:8",
            "pylos record",
            // No tag: read as the given game (Pylos reads "1. 1a1 1b1" too).
            "pylos record",
        ]
    );
}

#[test]
fn game_detection_from_bytes_and_from_a_reader() {
    let text = mixed();
    assert_eq!(GameId::detect_bytes(text.as_bytes()), Some(GameId::Pylos));
    let three = THREEMAN_SHORT.as_bytes();
    let mut input = std::io::BufReader::new(three);
    assert_eq!(
        GameId::detect_reader(&mut input).unwrap(),
        Some(GameId::ThreeMan)
    );
    let records: Vec<_> = AnyReader::new(input, GameId::Pylos).collect();
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].as_ref().unwrap().game(), GameId::ThreeMan);
    assert_eq!(GameId::detect_bytes(b"\xff[Game \"GIPF\"]"), None);
}

#[test]
fn any_record_parses_prints_and_converts_in_its_game() {
    let rec: AnyRecord = PYLON_SPEC.parse().unwrap();
    assert_eq!(rec.game(), GameId::Pylon);
    assert_eq!(
        AnyRecord::parse(&rec.to_string(), GameId::Pylos).unwrap(),
        rec
    );
    let gipf = AnyRecord::parse("[Rules \"basic\"]\n1.a1-b2 *", GameId::Gipf).unwrap();
    let complete = gipf.convert_to("complete", Mode::Strict).unwrap();
    assert_eq!(complete.notations()[0].to_string(), "a1-c3 (11)");
    let pylos_style = AnyStyle::default_for(GameId::Pylos);
    let err = gipf.convert(&pylos_style, Mode::Strict).unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected a value of gipf, found one of pylos"
    );
    // Two [Game] tags that disagree: an error at the second, whatever the default.
    let err =
        AnyRecord::parse("[Game \"Pylos\"]\n[Game \"GIPF\"]\n1b2 *", GameId::Pylos).unwrap_err();
    assert_eq!((err.line, err.column), (2, 8));
}

#[test]
fn every_game_plays_from_position_strings_and_back() {
    for id in GameId::ALL {
        let mut pos = AnyPosition::start(id);
        for _ in 0..6 {
            let moves = pos.legal_moves();
            let Some(m) = moves.get(moves.len() / 2) else {
                break;
            };
            let style = AnyStyle::default_for(id);
            let written = pos.notate(m, &style).unwrap();
            assert_eq!(written.game(), id);
            let again = AnyNotation::parse(id, &written.to_string()).unwrap();
            assert_eq!(pos.resolve(&again).unwrap(), *m, "{id} {written}");
            pos.play(m).unwrap();
            let back = AnyPosition::read(id, &pos.position_string()).unwrap();
            assert_eq!(back.position_string(), pos.position_string(), "{id}");
            assert_eq!(back.legal_moves().len(), pos.legal_moves().len(), "{id}");
        }
        assert!(pos.svg(None).is_some_and(|s| s.starts_with("<svg")), "{id}");
    }
}

#[cfg(feature = "serde")]
#[test]
fn any_values_round_trip_through_serde_tagged_by_game() {
    let text = mixed();
    for rec in AnyReader::new(text.as_bytes(), GameId::Pylon).flatten() {
        let json = serde_json::to_string(&rec).unwrap();
        assert!(
            json.starts_with(&format!("{{\"{}\":", rec.game())),
            "{json}"
        );
        let back: AnyRecord = serde_json::from_str(&json).unwrap();
        assert_eq!(back, rec);
        let end = rec.replay(Mode::Strict).end();
        let json = serde_json::to_string(&end).unwrap();
        let back: AnyPosition = serde_json::from_str(&json).unwrap();
        assert_eq!(back.position_string(), end.position_string());
    }
    let n = AnyNotation::parse(GameId::Gipf, "a1-b2").unwrap();
    assert_eq!(serde_json::to_string(&n).unwrap(), "{\"gipf\":\"a1-b2\"}");
    let s = AnyStyle::parse(GameId::ThreeMan, "long").unwrap();
    assert_eq!(
        serde_json::to_string(&s).unwrap(),
        "{\"threeman\":\"long\"}"
    );
}

#[test]
fn an_unknown_game_tag_is_an_error_at_its_value() {
    let text = "[Event \"x\"]\n[Game \"Chess\"]\n\n1. e4 e5 *\n";
    let err = AnyReader::new(text.as_bytes(), GameId::Pylos)
        .next()
        .expect("one item")
        .expect_err("Chess is no game here");
    assert_eq!((err.error.line, err.error.column), (2, 8));
    let message = err.error.to_string();
    assert!(message.contains("\"Chess\""), "{message}");
    for known in ["Pylos", "GIPF", "Three-man chess", "Pylon"] {
        assert!(message.contains(known), "{message}");
    }
    // The same from the checking door.
    let checked = AnyReader::new(text.as_bytes(), GameId::Pylos)
        .check_next(Mode::Strict)
        .expect("one item");
    let at = checked.verdict.error.expect("fails").location();
    assert_eq!((at.line, at.column), (2, 8));
}

#[test]
fn any_position_refuses_an_illegal_move_of_its_own_game() {
    let mut pos = AnyPosition::start(GameId::Pylos);
    let first = pos.legal_moves().remove(0);
    pos.play(&first).expect("legal");
    let before = pos.clone();
    let err = pos.play(&first).expect_err("its square is taken");
    assert!(err.to_string().contains("not one of the"), "{err}");
    assert_eq!(pos, before, "the position is left as it was");
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
    // (an error at its value), and the same tag naming Pylos is read.
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

#[test]
fn any_position_play_str_garbage_never_panics() {
    let junk = [
        "",
        " ",
        "\0",
        "\u{feff}",
        "zz",
        "1b2 1c3",
        "a1-b2",
        "WHNa3",
        "1a1",
        "-",
        "x",
        "(((",
        "1.",
        "99",
        "9z9",
        "🙂",
        "a1-a1",
        "Pa1-a2",
        "1b2!",
        "1b2?",
        "\n",
        "i1-h2 (12)",
    ];
    for id in GameId::ALL {
        for s in junk {
            let mut p = AnyPosition::start(id);
            let before = p.clone();
            if p.play_str(s).is_err() {
                assert_eq!(
                    p, before,
                    "{id:?} {s:?}: a refused move changed the position"
                );
            }
        }
    }
}

#[test]
fn convert_to_unknown_styles_is_an_error() {
    for id in GameId::ALL {
        let rec = AnyRecord::parse("*", id).unwrap();
        for style in ["", "nope", "\0", "SHORT ", "🙂"] {
            assert!(
                rec.convert_to(style, Mode::Strict).is_err(),
                "{id:?} {style:?}"
            );
        }
    }
}
