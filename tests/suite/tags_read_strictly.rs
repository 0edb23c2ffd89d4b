//! The tags the crate reads are read strictly: a `[Style]` tag, a `[Size]` tag on a game
//! without sizes, rule options given twice and a GIPF `[Variant]` tag that disagrees with
//! `[Rules]` are errors at the tag; tags no game reads are kept and written back as they were.

use crate::common::{error, one};
use gamenote::prelude::*;
use gamenote::{gipf::Gipf, pylon::Pylon, pylos::Pylos, threeman::ThreeMan};

#[test]
fn pylos_style_tag_is_read_strictly() {
    let text = "[Game \"Pylos\"]\n[Style \"bogus\"]\n\n1b2 1c3 *\n";
    assert_eq!(
        error::<Pylos>(text),
        (
            "setup",
            2,
            9,
            "unknown Pylos style \"bogus\" (expected canonical, compact or numeric, optionally +markers)"
                .to_string()
        )
    );
    let r = one::<Pylos>(text, Mode::Lenient);
    assert!(r.error.is_none(), "{:?}", r.error);
    assert_eq!((r.plies, r.result.as_deref()), (2, Some("*")));
    let w: Vec<(&str, usize, usize, &str)> = r
        .warnings
        .iter()
        .map(|p| (p.kind.as_str(), p.line, p.column, p.message.as_str()))
        .collect();
    assert_eq!(
        w,
        [(
            "mismatch",
            2,
            1,
            "unknown Pylos style \"bogus\" (expected canonical, compact or numeric, optionally +markers) (the tag is ignored)"
        )]
    );
    // Every real style is accepted.
    for style in ["canonical", "compact", "numeric", "compact+markers"] {
        let t = text.replace("bogus", style);
        let t = if style == "numeric" {
            t.replace("1b2 1c3", "6 11")
        } else {
            t
        };
        assert!(one::<Pylos>(&t, Mode::Strict).ok(), "{style}");
    }
}

#[test]
fn size_tag_on_a_game_without_sizes_is_refused() {
    fn case<G: Game>(head: &str, moves: &str) {
        let text = format!("{head}[Size \"5\"]\n\n{moves}\n");
        let line = head.lines().count() + 1;
        assert_eq!(
            error::<G>(&text),
            ("setup", line, 8, format!("{} has no board sizes", G::NAME))
        );
        let r = one::<G>(&text, Mode::Lenient);
        assert!(r.error.is_none(), "{:?}", r.error);
        assert_eq!(r.warnings.len(), 1);
        assert_eq!(
            (
                r.warnings[0].line,
                r.warnings[0].column,
                r.warnings[0].message.as_str()
            ),
            (
                line,
                1,
                format!("{} has no board sizes (the tag is ignored)", G::NAME).as_str()
            )
        );
    }
    case::<Pylos>("[Game \"Pylos\"]\n", "1b2 *");
    case::<Gipf>("[Game \"GIPF\"]\n[Rules \"basic\"]\n", "a5-c5 *");
    case::<ThreeMan>("[Game \"Three-Man Chess\"]\n", "*");
    // Pylon reads it: a bad size is needed to play, so it is an error even when lenient.
    let text = "[Game \"Pylon\"]\n[Size \"27\"]\n\n*\n";
    for mode in [Mode::Strict, Mode::Lenient] {
        let p = one::<Pylon>(text, mode).error.expect("an error");
        assert_eq!((p.line, p.column), (2, 8));
    }
}

#[test]
fn rule_options_given_twice_are_refused_in_every_game() {
    let cases: [(&str, String); 4] = [
        (
            "standard,takeback=optional,takeback=mandatory",
            "the Pylos rule option takeback is given twice (takeback=optional, then takeback=mandatory)".into(),
        ),
        (
            "standard,reserve=no_moves,reserve=no_moves",
            "the Pylos rule option reserve is given twice (reserve=no_moves, then reserve=no_moves)".into(),
        ),
        (
            "alignment,takeback=optional,reserve=immediately,takeback=optional",
            "the Pylos rule option takeback is given twice (takeback=optional, then takeback=optional)".into(),
        ),
        ("standard,takeback=optional,reserve=immediately", String::new()),
    ];
    for (rules, message) in cases {
        let text = format!("[Game \"Pylos\"]\n[Rules \"{rules}\"]\n\n1b2 *\n");
        for mode in [Mode::Strict, Mode::Lenient] {
            let r = one::<Pylos>(&text, mode);
            match r.error {
                Some(p) => assert_eq!((p.line, p.column, p.message), (2, 9, message.clone())),
                None => assert!(message.is_empty(), "{rules}"),
            }
        }
    }
    let gipf =
        "[Game \"GIPF\"]\n[Rules \"standard,last-gipf=first,last-gipf=white-loses\"]\n\na5-c5 *\n";
    assert_eq!(
        error::<Gipf>(gipf),
        (
            "setup",
            2,
            9,
            "the GIPF rule option last-gipf is given twice (last-gipf=first, then last-gipf=white-loses)"
                .to_string()
        )
    );
    let three = "[Game \"Three-Man Chess\"]\n[Rules \"standard,open-moats,open-moats\"]\n\n*\n";
    assert_eq!(
        error::<ThreeMan>(three),
        (
            "setup",
            2,
            9,
            "the three-man chess rule option open-moats is given twice".to_string()
        )
    );
    let pylon = "[Game \"Pylon\"]\n[Rules \"standard,suicide=piece,suicide=group\"]\n\n*\n";
    assert_eq!(
        error::<Pylon>(pylon),
        (
            "setup",
            2,
            9,
            "the Pylon rule option suicide is given twice in \"standard,suicide=piece,suicide=group\""
                .to_string()
        )
    );
}

#[test]
fn gipf_variant_tag_must_agree_with_the_rules_tag() {
    let text = "[Game \"GIPF\"]\n[Rules \"basic\"]\n[Variant \"tournament\"]\n\na5-c5 *\n";
    assert_eq!(
        error::<Gipf>(text),
        (
            "setup",
            3,
            11,
            "the Variant tag says tournament but the Rules tag says basic".to_string()
        )
    );
    let agree = text.replace("tournament", "Basic");
    assert!(one::<Gipf>(&agree, Mode::Strict).ok());
}

#[test]
fn tags_no_game_reads_round_trip() {
    let text = "[Game \"Pylos\"]\n[Rules \"standard\"]\n[Result \"*\"]\n[Flavour \"bogus\"]\n\n1. 1b2 1c3 *\n";
    let rec: Record<Pylos> = text.parse().expect("reads");
    assert_eq!(rec.to_string(), text);
    assert!(one::<Pylos>(text, Mode::Strict).ok());
}
