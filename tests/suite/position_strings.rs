//! Position strings read back to what was written (issue 20, item 9), for all four games:
//! every string written of a position reached by play reads back to an equal position and
//! is written again the same; strings built from the grammar read and write back the same.

use gamenote::Game;
use gamenote::gipf::{Gipf, Rules as GipfRules, Variant, position_string as gipf_fen};
use gamenote::pylon::Pylon;
use gamenote::pylos::Pylos;
use gamenote::threeman::ThreeMan;
use proptest::prelude::*;

/// Plays `choices` (each picks a legal move) from the start under every variant, checking
/// the position string of every position met.
fn reachable<G: Game>(choices: &[u32]) -> Result<(), TestCaseError> {
    for rules in G::variants() {
        let mut pos = G::start(&rules);
        let mut moves = Vec::new();
        for &c in choices {
            let text = G::position_string(&pos).expect("every game writes its positions");
            let back = G::read_position(&text, &rules);
            prop_assert!(back.is_ok(), "{text}: {:?}", back.err());
            let back = back.unwrap();
            prop_assert_eq!(&back, &pos, "{}", text);
            prop_assert_eq!(G::position_string(&back).unwrap(), text);
            if G::outcome(&pos).is_some() {
                break;
            }
            moves.clear();
            G::legal_moves(&pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            let m = moves[c as usize % moves.len()].clone();
            G::play(&mut pos, &m);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn pylos_positions_read_back(c in prop::collection::vec(any::<u32>(), 0..40)) {
        reachable::<Pylos>(&c)?;
    }

    #[test]
    fn gipf_positions_read_back(c in prop::collection::vec(any::<u32>(), 0..80)) {
        reachable::<Gipf>(&c)?;
    }

    #[test]
    fn threeman_positions_read_back(c in prop::collection::vec(any::<u32>(), 0..80)) {
        reachable::<ThreeMan>(&c)?;
    }

    #[test]
    fn pylon_positions_read_back(c in prop::collection::vec(any::<u32>(), 0..60)) {
        reachable::<Pylon>(&c)?;
    }

    /// GIPF strings from the grammar, every optional field included: each one read is
    /// written back the same, or refused.
    #[test]
    fn gipf_grammar_strings_write_back_the_same(
        spots in "[.oOxX]{37}",
        counts in prop::array::uniform4(0u8..20),
        next in "[ox]",
        opening in prop::option::of("[ngb]{2}"),
        gone in prop::option::of("(=)?[ox]"),
        variant in 0usize..3,
    ) {
        let rules = GipfRules::new([Variant::Basic, Variant::Standard, Variant::Tournament][variant]);
        let mut text = format!(
            "{spots} W={} lostW={} B={} lostB={} next={next}",
            counts[0], counts[1], counts[2], counts[3]
        );
        if let Some(o) = &opening {
            text.push_str(&format!(" opening={o}"));
        }
        if let Some(g) = &gone {
            text.push_str(&format!(" gone={g}"));
        }
        if let Ok(pos) = gipf_fen::parse(&text, rules) {
            prop_assert_eq!(gipf_fen::write(&pos), text.clone());
            prop_assert_eq!(gipf_fen::parse(&text, rules).unwrap(), pos);
        }
        let tournament = rules.variant == Variant::Tournament;
        let readable = opening.as_deref().is_none_or(|o| tournament && o != "bb");
        prop_assert_eq!(gipf_fen::parse(&text, rules).is_ok(), readable, "{}", text);
    }
}

/// The case of the issue: `opening=` under rules without an opening is refused at the field.
#[test]
fn gipf_opening_outside_the_tournament_game_is_refused() {
    let text = format!(
        "{} W=12 lostW=0 B=12 lostB=0 next=o opening=nn",
        ".".repeat(37)
    );
    let err = gipf_fen::parse(&text, GipfRules::new(Variant::Basic)).unwrap_err();
    assert_eq!((err.line, err.column), (1, 72));
    assert_eq!(
        err.expected,
        "the end of the position string (opening= is for the tournament game)"
    );
    let both = text.replace("nn", "bb");
    let err = gipf_fen::parse(&both, GipfRules::new(Variant::Tournament)).unwrap_err();
    assert_eq!(err.column, 72);
    let ok = gipf_fen::parse(&text, GipfRules::new(Variant::Tournament)).unwrap();
    assert_eq!(gipf_fen::write(&ok), text);
}
