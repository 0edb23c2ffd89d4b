//! Position strings read back to what was written (issue 20, item 9), for all four games:
//! every string written of a position reached by play reads back to an equal position and
//! is written again the same; strings built from the grammar read and write back the same.

use gamenote::Game;
use gamenote::any::AnyPosition;
use gamenote::game::PositionString;
use gamenote::gipf::{Gipf, Rules as GipfRules, Variant, position_string as gipf_fen};
use gamenote::pylon::Pylon;
use gamenote::pylos::Pylos;
use gamenote::threeman::ThreeMan;
use gamenote::{GameId, Outcome};
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

/// White to move, no ball in reserve, his only free ball holding up every level-3 slot: a
/// record's `[Position]` of it has been won by Black (docs/pylos.md §5). Read as a position
/// string (`AnyPosition::read`, `PositionString`, Python's `Position(...)`), it had no
/// legal move and no outcome: a game neither over nor playable.
const STUCK: &str = "bwwwwwwwwwwwwwwb/bbbbwbbbb/..../. w 0 5";

#[test]
fn a_pylos_position_string_that_decides_the_game_reads_as_decided() {
    let pos = AnyPosition::read(GameId::Pylos, STUCK).unwrap();
    assert_eq!(pos.outcome(), Some(Outcome::Win(1)));
    assert!(pos.legal_moves().is_empty());
    // Written with the result it has, and read back the same.
    assert_eq!(pos.position_string(), format!("{STUCK} 0-1"));
    let back = AnyPosition::read(GameId::Pylos, &pos.position_string()).unwrap();
    assert_eq!(back, pos);
    let typed: PositionString<Pylos> = STUCK.parse().unwrap();
    assert_eq!(typed.0.winner(), Some(1));
    // A position the game goes on from is read as before.
    let open =
        AnyPosition::read(GameId::Pylos, "w...b.........../........./..../. w 14 14").unwrap();
    assert_eq!(open.outcome(), None);
    assert_eq!(open.legal_moves().len(), 14);
}
