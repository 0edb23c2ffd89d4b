//! The record printer writes only what the record reader reads (issue 20, item 7): tag
//! names, tag values and comments of any text print to a record that reads back equal,
//! alone (`Record::parse`) and in a stream of records (`Record::iter`), for all four games;
//! so do records with any result built through the public API, none included, with
//! comments after it (issue 21).

use gamenote::gipf::Gipf;
use gamenote::pylon::Pylon;
use gamenote::pylos::Pylos;
use gamenote::threeman::ThreeMan;
use gamenote::{Game, GameResult, Outcome, Record};
use proptest::prelude::*;

/// Tags some game reads while reading moves or setting up: left to the tests of those tags.
const READ_TAGS: &[&str] = &[
    "Game", "Rules", "Style", "Variant", "Size", "Position", "Result", "Handicap",
];

/// Text of any kind, with the characters that matter to the grammar made likely.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[ \\[\\]{}\"\\\\\n\r\t\u{0}\u{c}u0-9a-fA-FDd:wbx,;X*-]{0,24}",
        "( ?[wb]: ?x[a-i][1-9](,[a-i][1-9]){0,3})",
        "(\\\\u[0-9a-fA-FdD]{4}){1,3}[ -~]{0,4}",
    ]
}

fn name() -> impl Strategy<Value = String> {
    text().prop_filter("a tag the games read", |n| {
        !READ_TAGS.iter().any(|t| t.eq_ignore_ascii_case(n))
    })
}

/// What the test writes into a record: tags, comments before, on each ply and after.
#[derive(Debug, Clone)]
struct Extra {
    tags: Vec<(String, String)>,
    before: Vec<String>,
    on_ply: Vec<Vec<String>>,
    after: Vec<String>,
    /// The record's result, built through the public API: none, `*`, or any outcome, the
    /// seats out of the game's range included.
    result: Option<GameResult>,
}

fn result() -> impl Strategy<Value = Option<GameResult>> {
    prop_oneof![
        Just(None),
        Just(Some(GameResult::Unfinished)),
        any::<u8>().prop_map(|s| Some(GameResult::Decided(Outcome::Win(s)))),
        (0u8..4).prop_map(|s| Some(GameResult::Decided(Outcome::Win(s)))),
        any::<u8>().prop_map(|m| Some(GameResult::Decided(Outcome::Draw(m)))),
    ]
}

fn extra() -> impl Strategy<Value = Extra> {
    (
        prop::collection::vec((name(), text()), 0..4),
        prop::collection::vec(text(), 0..3),
        prop::collection::vec(prop::collection::vec(text(), 0..3), 0..6),
        prop::collection::vec(text(), 0..3),
        result(),
    )
        .prop_map(|(tags, before, on_ply, after, result)| Extra {
            tags,
            before,
            on_ply,
            after,
            result,
        })
}

/// Prints `base` with `extra` written into it, reads it back both ways, and compares.
fn round_trip<G: Game>(base: &str, extra: &Extra) -> Result<(), TestCaseError> {
    let mut rec: Record<G> = base.parse().expect("the base record reads");
    for (n, v) in &extra.tags {
        rec.tags.push((n.clone(), v.clone()));
    }
    rec.comments_before = extra.before.clone();
    for (ply, comments) in rec.plies.iter_mut().zip(&extra.on_ply) {
        ply.comments = comments.clone();
    }
    rec.comments_after = extra.after.clone();
    rec.result = extra.result;
    let printed = rec.to_string();
    let back = Record::<G>::parse(&printed);
    prop_assert_eq!(back.as_ref(), Ok(&rec), "printed:\n{}", printed);
    let twice = format!("{printed}\n{printed}");
    let all: Vec<_> = Record::<G>::iter(&twice).collect();
    prop_assert_eq!(all.len(), 2, "printed twice:\n{}", twice);
    for r in &all {
        prop_assert_eq!(r.as_ref(), Ok(&rec), "printed twice:\n{}", twice);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn pylos_records_print_what_they_read(e in extra()) {
        round_trip::<Pylos>("[Game \"Pylos\"]\n\n1. 1b2 1c3 2. 1c4 1c2 1-0", &e)?;
    }

    #[test]
    fn gipf_records_print_what_they_read(e in extra()) {
        round_trip::<Gipf>("[Game \"GIPF\"]\n\n1. Ge2 Gd1-f2 2. Gd2 i5-g5 *", &e)?;
    }

    #[test]
    fn threeman_records_print_what_they_read(e in extra()) {
        round_trip::<ThreeMan>("[Game \"Three-Man Chess\"]\n\n1. WHe4 GRe4 BLe4 2. WHNf3 *", &e)?;
    }

    #[test]
    fn pylon_records_print_what_they_read(e in extra()) {
        round_trip::<Pylon>("[Game \"Pylon\"]\n[Size \"3\"]\n\n1b2 1a1 1b1 1c3 1a2 0-1", &e)?;
    }
}

/// The cases the issue names, with the exact printed text.
#[test]
fn printed_escapes_are_exact() {
    let mut rec: Record<Pylos> = "1b2 1c3 *".parse().unwrap();
    rec.tags.push(("Note".into(), "two\nlines".into()));
    rec.tags.push(("a\"b]".into(), "x".into()));
    rec.tags.push((String::new(), "empty name".into()));
    rec.plies[0].comments.push("a } b".into());
    let printed = rec.to_string();
    assert_eq!(
        printed,
        "[Note \"two\\u000alines\"]\n[\"a\\\"b]\" \"x\"]\n[\"\" \"empty name\"]\n\n1. 1b2 {a \\u007d b} 1c3 *\n"
    );
    assert_eq!(Record::<Pylos>::parse(&printed).unwrap(), rec);
}

/// A GIPF comment that reads as a removal is printed so that it stays a comment.
#[test]
fn gipf_comment_like_a_removal_stays_a_comment() {
    let mut rec: Record<Gipf> = "1. Ge2 Gd1-f2 *".parse().unwrap();
    rec.plies[1].comments.push("w: xe3".into());
    let printed = rec.to_string();
    assert!(printed.contains("{\\u0077: xe3}"), "{printed}");
    let back = Record::<Gipf>::parse(&printed).unwrap();
    assert_eq!(back.plies.len(), 2);
    assert_eq!(back, rec);
}

/// Text written by people reads as before: a backslash that starts no escape is kept.
#[test]
fn hand_written_backslashes_read_as_before() {
    let rec: Record<Pylos> = "[Site \"C:\\new\\dir\"]\n\n1b2 {see \\n and \\\\} *"
        .parse()
        .unwrap();
    assert_eq!(rec.tag("Site"), Some("C:\\new\\dir"));
    assert_eq!(rec.plies[0].comments, ["see \\n and \\\\"]);
}
