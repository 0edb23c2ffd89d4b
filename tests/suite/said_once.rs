//! A record says its game and its set-up once (issue "each record judged as itself"): a
//! second `[Rules]`, `[Size]`, `[Style]`, `[Position]`, `[Variant]` or `[Handicap]` tag with
//! another value, a second `[Game]` tag naming another game, and a first `[Game]` tag naming
//! a known game other than the one read are errors at that tag's value in the typed readers
//! (`Record<G>`, a typed visitor) as in the readers of mixed archives
//! (`DefaultGame::of_record`): same message, line, column and span. The games read the first
//! of each, so the second was silently passed over.

use gamenote::any::{DefaultGame, GameId};
use gamenote::pylon::Pylon;
use gamenote::pylos::Pylos;
use gamenote::replay::Checker;
use gamenote::threeman::ThreeMan;
use gamenote::visit::visit;
use gamenote::{Mode, ParseError, Record};

/// The error of `Record<Pylos>` on `text`, with what the typed checker says.
fn typed(text: &str) -> ParseError {
    let e = text.parse::<Record<Pylos>>().unwrap_err();
    let v = visit::<Pylos, _>(text, Checker::new(Mode::Strict))
        .next()
        .unwrap();
    let at = v.error.expect("the checker fails it too").location();
    assert_eq!(
        (at.line, at.column, at.span),
        (e.line, e.column, Some(e.span.clone()))
    );
    e
}

#[test]
fn a_second_once_tag_with_another_value_fails_as_of_record_says() {
    for name in [
        "Rules", "Size", "Style", "Position", "Variant", "Handicap", "RULES",
    ] {
        let text = format!(
            "[Game \"Pylos\"]\n[{name} \"a\"]\n[Event \"e\"]\n[{name} \"b\\\"c\"]\n\n1b2 *\n"
        );
        let e = typed(&text);
        let dynamic = DefaultGame::Detected(GameId::Pylos)
            .of_record(&text)
            .unwrap_err();
        assert_eq!(e, dynamic, "{name}");
        assert_eq!((e.line, e.column), (4, name.len() + 4), "{name}");
        assert_eq!(&text[e.span.clone()], "b\\\"c", "{name}");
        assert_eq!(e.found, "\"b\\\\\\\"c\"", "{name}");
        let canonical = if name == "RULES" { "Rules" } else { name };
        assert_eq!(
            e.expected,
            format!("the value of the record's first [{canonical}] tag, \"a\""),
            "{name}"
        );
    }
}

#[test]
fn the_same_value_again_is_read() {
    let text =
        "[Game \"Pylos\"]\n[Rules \"standard\"]\n[rules \"standard\"]\n[Game \"pylos\"]\n1b2 *\n";
    let rec: Record<Pylos> = text.parse().unwrap();
    assert_eq!(rec.tags.len(), 4);
    let v = visit::<Pylos, _>(text, Checker::new(Mode::Strict))
        .next()
        .unwrap();
    assert!(v.is_ok(), "{:?}", v.error);
}

#[test]
fn a_second_game_tag_naming_another_game_fails_at_it() {
    let text = "[Game \"Pylos\"]\n[Game \"Pylon\"]\n\n1b2 *\n";
    let e = typed(text);
    assert_eq!(
        e,
        DefaultGame::Detected(GameId::Pylos)
            .of_record(text)
            .unwrap_err()
    );
    assert_eq!(
        e.to_string(),
        "2:8: expected the game of the record's first [Game] tag, \"Pylos\", found \"Pylon\""
    );
}

#[test]
fn a_first_game_tag_naming_another_game_fails_in_a_typed_reader() {
    let e = typed("[Event \"x\"]\n[Game \"GIPF\"]\n\n1b2 *\n");
    assert_eq!(
        e.to_string(),
        "2:8: expected the game being read, \"Pylos\", found \"GIPF\""
    );
    assert_eq!(e.span, 19..23);
    // An alias of the game read is that game; a name of no game leaves the record the
    // game read, and later [Game] tags are not looked at (as `of_record` reads them).
    let tm: Record<ThreeMan> = "[Game \"3 Man Chess\"]\n*".parse().unwrap();
    assert_eq!(tm.tags.len(), 1);
    let go: Record<Pylos> = "[Game \"Go\"]\n[Game \"GIPF\"]\n1b2 *".parse().unwrap();
    assert_eq!(go.plies.len(), 1);
    let pylon: Record<Pylon> = "[Game \"pylon\"]\n[Size \"6\"]\n1f1 *".parse().unwrap();
    assert_eq!(pylon.plies.len(), 1);
}

#[test]
fn the_record_after_one_that_says_two_things_is_read() {
    let text = "[Game \"Pylos\"]\n[Rules \"standard\"]\n[Rules \"alignment\"]\n1b2 *\n\n\
                [Game \"Pylos\"]\n[Rules \"alignment\"]\n1b2 *\n";
    let verdicts: Vec<_> = visit::<Pylos, _>(text, Checker::new(Mode::Strict))
        .map(|v| v.error.map(|e| e.location().line))
        .collect();
    assert_eq!(verdicts, [Some(3), None]);
    let records: Vec<_> = Record::<Pylos>::iter(text).map(|r| r.is_ok()).collect();
    assert_eq!(records, [false, true]);
}

/// The error `check --game pylos` reports for a record is the first thing in the text that
/// is wrong, as the typed reader's is: a first `[Game]` tag naming another game comes
/// before a later `[Rules]` or `[Game]` tag that disagrees.
#[test]
fn a_first_game_tag_against_the_given_game_is_the_first_error() {
    for text in [
        "[Game \"GIPF\"]\n[Game \"Pylos\"]\n1b2 *\n",
        "[Game \"GIPF\"]\n[Rules \"a\"]\n[Rules \"b\"]\n1b2 *\n",
        "[Rules \"standard\"]\n[Game \"3 Man Chess\"]\n[Rules \"alignment\"]\n1b2 *\n",
        "{c}\n[Rules \"standard\"]\n[Game \"GIPF\"]\n[Rules \"alignment\"]\n1b2 *\n",
    ] {
        let typed = text.parse::<Record<Pylos>>().unwrap_err();
        let checked = visit::<Pylos, _>(text, Checker::new(Mode::Strict))
            .next()
            .unwrap()
            .error
            .unwrap()
            .location();
        let given = DefaultGame::Given(GameId::Pylos)
            .of_record(text)
            .unwrap_err();
        assert_eq!((checked.line, checked.column), (typed.line, typed.column));
        assert_eq!(
            (given.line, given.column, &given.span),
            (typed.line, typed.column, &typed.span),
            "{text:?}: {given} against {typed}"
        );
        assert!(
            given.expected.starts_with("the game given, \"Pylos\""),
            "{given}"
        );
    }
}
