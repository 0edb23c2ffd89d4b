//! Free-text annotations print exactly: any string a program puts into `Ply::annotations`
//! (spaces, braces, line ends, `;`, `]`, `3.`, a move or a result) prints to a record that
//! reads back equal, in all four games, through the record printer, `record::convert` and
//! the streaming `Converter`. An annotation the game reads bare (GIPF's `X`) prints bare;
//! any other prints as `${text}`, escaped as a comment, which every game's reader turns back
//! into the annotation. Comments and tag values of any text go through `convert` too.

use gamenote::check::{Report, check_source};
use gamenote::convert::Converter;
use gamenote::gipf::Gipf;
use gamenote::pylon::Pylon;
use gamenote::pylos::Pylos;
use gamenote::threeman::ThreeMan;
use gamenote::{Game, Mode, Record, record};
use proptest::prelude::*;

/// Text of any kind, with what matters to the grammar made likely.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[ \\[\\]{}\"\\\\\n\r\t\u{0}$;.0-9X*/+#!?-]{0,16}",
        Just(String::new()),
        Just("X".to_string()),
        Just("1c3".to_string()),
        Just("3.".to_string()),
        Just("1-0".to_string()),
        Just("*".to_string()),
        Just("Gd1-f2".to_string()),
        Just("WHNf3".to_string()),
        Just("${x}".to_string()),
        Just("a } b".to_string()),
        "(\\\\u[0-9a-fA-F]{4}){1,2}",
    ]
}

#[derive(Debug, Clone)]
struct Marks {
    annotations: Vec<Vec<String>>,
    comments: Vec<Vec<String>>,
    tag: (String, String),
}

fn marks() -> impl Strategy<Value = Marks> {
    (
        prop::collection::vec(prop::collection::vec(text(), 0..3), 0..6),
        prop::collection::vec(prop::collection::vec(text(), 0..2), 0..6),
        ("[A-Za-z][A-Za-z0-9_]{0,8}", text()),
    )
        .prop_map(|(annotations, comments, tag)| Marks {
            annotations,
            comments,
            tag,
        })
}

fn round_trip<G: Game>(base: &str, m: &Marks) -> Result<(), TestCaseError> {
    let mut rec: Record<G> = base.parse().expect("the base record reads");
    for (ply, a) in rec.plies.iter_mut().zip(&m.annotations) {
        ply.annotations = a.clone();
    }
    for (ply, c) in rec.plies.iter_mut().zip(&m.comments) {
        ply.comments = c.clone();
    }
    if ![
        "Game", "Rules", "Style", "Variant", "Size", "Position", "Result",
    ]
    .iter()
    .any(|t| t.eq_ignore_ascii_case(&m.tag.0))
    {
        rec.tags.push(m.tag.clone());
    }
    let printed = rec.to_string();
    let back = Record::<G>::parse(&printed);
    prop_assert_eq!(back.as_ref(), Ok(&rec), "printed:\n{}", printed);
    let twice = format!("{printed}\n{printed}");
    let all: Vec<_> = Record::<G>::iter(&twice).collect();
    prop_assert_eq!(all.len(), 2);
    for r in &all {
        prop_assert_eq!(r.as_ref(), Ok(&rec), "printed twice:\n{}", twice);
    }
    // Conversion keeps every annotation and comment, and what it writes reads back. A
    // GIPF `X` before the end is an error of the record (strict) or a warning: lenient.
    let style = G::Style::default();
    let Ok(converted) = record::convert(&rec, style, Mode::Lenient) else {
        return Ok(());
    };
    let text = converted.to_string();
    let again = Record::<G>::parse(&text);
    prop_assert_eq!(again.as_ref(), Ok(&converted), "converted:\n{}", text);
    for (a, b) in converted.plies.iter().zip(&rec.plies) {
        prop_assert_eq!(&a.annotations, &b.annotations);
        prop_assert_eq!(&a.comments, &b.comments);
    }
    let mut streamed = Vec::new();
    let verdicts = Converter::<G>::new(style, Mode::Lenient)
        .convert_str(&printed, &mut streamed)
        .expect("a Vec takes every write");
    prop_assert_eq!(verdicts.len(), 1);
    prop_assert_eq!(String::from_utf8(streamed).expect("UTF-8"), text);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn pylos_annotations_print_what_they_read(m in marks()) {
        round_trip::<Pylos>("[Game \"Pylos\"]\n\n1. 1b2 1c3 2. 1c4 1c2 *", &m)?;
    }

    #[test]
    fn gipf_annotations_print_what_they_read(m in marks()) {
        round_trip::<Gipf>("[Game \"GIPF\"]\n\n1. Ge2 Gd1-f2 2. Gd2 i5-g5 *", &m)?;
    }

    #[test]
    fn threeman_annotations_print_what_they_read(m in marks()) {
        round_trip::<ThreeMan>("[Game \"Three-Man Chess\"]\n\n1. WHe4 GRe4 BLe4 2. WHNf3 *", &m)?;
    }

    #[test]
    fn pylon_annotations_print_what_they_read(m in marks()) {
        round_trip::<Pylon>("[Game \"Pylon\"]\n[Size \"3\"]\n\n1b2 1a1 1b1 1c3 1a2 *", &m)?;
    }
}

/// The forms, exactly: bare where the game reads the mark, `${…}` elsewhere.
#[test]
fn annotations_print_bare_or_in_their_comment_form() {
    let mut rec: Record<Pylos> = "1b2 1c3 *".parse().unwrap();
    rec.plies[0].annotations = vec!["1c4".into(), "a } b".into(), String::new()];
    let printed = rec.to_string();
    assert_eq!(printed, "1. 1b2 ${1c4} ${a \\u007d b} ${} 1c3 *\n");
    assert_eq!(Record::<Pylos>::parse(&printed).unwrap(), rec);
    let mut rec: Record<Gipf> = "1. Ge2 Gd1-f2 2. Gd2 *".parse().unwrap();
    rec.plies[0].annotations = vec!["X".into(), "Y".into()];
    let printed = rec.to_string();
    assert_eq!(printed, "1.Ge2 X ${Y} Gd1-f2 2.Gd2 *\n");
    let back = Record::<Gipf>::parse(&printed).unwrap();
    assert_eq!(back, rec);
    assert_eq!(back.plies[0].annotation_spans, [6..7, 8..12]);
}

/// `${` before any move is a mark with no move: an error at it, with line and column.
#[test]
fn an_annotation_before_any_move_is_an_error_at_it() {
    let e = Record::<Pylos>::parse("[Game \"Pylos\"]\n\n${x} 1b2 *").unwrap_err();
    assert_eq!((e.line, e.column), (3, 1));
    assert_eq!(e.expected, "a move before this mark");
    let e = Record::<Pylos>::parse("1b2 ${x 1c3 *").unwrap_err();
    assert_eq!((e.line, e.column), (1, 6));
    // A lone `$` is what it was: no token.
    let e = Record::<Pylos>::parse("1b2 $ *").unwrap_err();
    assert_eq!((e.line, e.column), (1, 5));
}

/// A comment holding `}` written by `gamenote convert` (the streaming converter) reads back:
/// it was written raw, `{a } b}`, before.
#[test]
fn streamed_conversion_escapes_comments() {
    let text = "[Game \"Pylos\"]\n\n1. 1b2 {a \\u007d b} 1c3 {c} *\n";
    let mut out = Vec::new();
    let v = Converter::<Pylos>::new(Default::default(), Mode::Strict)
        .convert_str(text, &mut out)
        .unwrap();
    assert!(v[0].is_ok());
    let out = String::from_utf8(out).unwrap();
    assert!(out.ends_with("1. 1b2 {a \\u007d b} 1c3 {c} *\n"), "{out}");
    let back: Record<Pylos> = out.parse().unwrap();
    assert_eq!(back.plies[0].comments, ["a } b"]);
}

/// A game's name, a record's head ending in one move, and its checker.
type Case = (&'static str, &'static str, fn(&str) -> Vec<String>);

fn said(r: &Report) -> String {
    match &r.error {
        None => format!(
            "ok plies {} result {:?} warnings {}",
            r.plies,
            r.result,
            r.warnings.len()
        ),
        Some(e) => format!(
            "{:?} {}:{} ply {:?} plies {}: {}",
            e.kind, e.line, e.column, e.ply, r.plies, e.message
        ),
    }
}

fn all<G: Game>(text: &str) -> Vec<String> {
    check_source::<G>("f", text, &[], Mode::Strict)
        .iter()
        .map(said)
        .collect()
}

/// `${…}` and `Win(n)` where a stranger would write them, in every game's movetext and
/// Result tag: each reads as an annotation, or fails with one error at the exact place
/// (never a panic, never a second record made of the rest).
#[test]
fn dollar_annotations_and_rust_outcomes_in_every_game() {
    let games: [Case; 4] = [
        ("pylos", "[Game \"Pylos\"]\n1b2", all::<Pylos>),
        (
            "gipf",
            "[Game \"GIPF\"]\n[Rules \"basic\"]\n1. a1-b2",
            all::<Gipf>,
        ),
        (
            "threeman",
            "[Game \"Three-man chess\"]\n1. WHe4",
            all::<ThreeMan>,
        ),
        ("pylon", "[Game \"Pylon\"]\n[Size \"4\"]\n1b2", all::<Pylon>),
    ];
    for (name, head, f) in games {
        let line = head.lines().count();
        // The column of the first character after the move and one blank.
        let c = head.lines().last().map_or(0, |l| l.chars().count()) + 2;
        let what = match name {
            "pylos" => "a Pylos move such as 1b2, 1d2-2b2 or 1d1(1c1,1d1)",
            "gipf" => "a GIPF half-move such as e2, Ge1-e4 or x;e1-e2;x",
            "threeman" => "a three-man chess move such as WHe4 or O-O",
            _ => "a Pylon move such as 1b2, 1b2[2a1] or pass",
        };
        let unclosed = |found: &str| {
            format!(
                "Parse {line}:{} ply None plies 0: expected a comment closed by '}}' before the \
                 next record, found \"{found}\"",
                c + 1
            )
        };
        let no_move = |col: usize, found: &str| {
            format!("Parse {line}:{col} ply Some(2) plies 0: expected {what}, found \"{found}\"")
        };
        let ok = |result: &str| format!("ok plies 1 result {result} warnings 0");
        let cases: Vec<(&str, Vec<String>)> = vec![
            ("MOVE ${", vec![unclosed("{")]),
            ("MOVE ${a", vec![unclosed("{a")]),
            ("MOVE ${}", vec![ok("None")]),
            ("MOVE ${a}", vec![ok("None")]),
            ("MOVE ${a}\n", vec![ok("None")]),
            ("MOVE ${a}${b}", vec![ok("None")]),
            ("MOVE ${\\u007d} *", vec![ok("Some(\"*\")")]),
            ("MOVE ${\\ud800} *", vec![ok("Some(\"*\")")]),
            ("MOVE $", vec![no_move(c, "$")]),
            ("MOVE $ {x}", vec![no_move(c, "$")]),
            ("MOVE $x", vec![no_move(c, "$x")]),
            // Comments do not nest: `${a {b}` is the annotation, `c}` no move.
            ("MOVE ${a {b} c}", vec![no_move(c + 8, "c}")]),
            ("MOVE {x ${y} z} *", vec![no_move(c + 8, "z}")]),
            ("MOVE Win(16)", vec![no_move(c, "Win(16)")]),
            ("MOVE Win(1)", vec![no_move(c, "Win(1)")]),
            ("MOVE Draw(0b1)", vec![no_move(c, "Draw(0b1)")]),
            (
                "MOVE * ${a}",
                vec![
                    ok("Some(\"*\")"),
                    format!(
                        "Parse {line}:{} ply None plies 0: expected a tag \
                         pair or the end of input, found \"${{a}}\"",
                        c + 2
                    ),
                ],
            ),
        ];
        for (body, want) in cases {
            let text = body.replace("MOVE", head);
            assert_eq!(f(&text), want, "{name} {body:?}");
        }
        let first = format!("{head} ${{a}}");
        let text = first.replacen(head.lines().last().unwrap_or(""), "${a} 1b2", 1);
        if name == "pylos" || name == "pylon" {
            let at = format!(
                "Parse {line}:1 ply None plies 0: expected a move before this mark, found \"${{a}}\""
            );
            assert_eq!(f(&text), vec![at], "{name} {text:?}");
        }
        for tag in ["Win(16)", "Win(1)", "Draw(0b1)", "${x}"] {
            let text = format!("[Result \"{tag}\"]\n{head} *");
            let want = format!(
                "Mismatch {}:{c} ply None plies 1: the Result tag \"{tag}\" is not a result",
                line + 1
            );
            assert_eq!(f(&text), vec![want], "{name} tag {tag:?}");
        }
    }
}
