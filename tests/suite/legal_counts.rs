//! The export's per-ply work against the plain answers (issue 22 §2): at every position of
//! random legal games, under every rules variant of each game, `count_legal` is exactly the
//! number of moves `legal_moves` lists, and `Hooks::write_position_string` appends exactly
//! `position_string` to whatever the buffer held.

use gamenote::generate::legal_game;
use gamenote::record::replay_with;
use gamenote::{Game, Mode, gipf, pylon, pylos, threeman};
use proptest::prelude::*;

fn counts_and_strings_agree<G: Game>(seed: u64, plies: usize) -> Result<(), TestCaseError> {
    let mut moves = Vec::new();
    let mut buf = String::new();
    for (i, rules) in G::variants().into_iter().enumerate() {
        let game = legal_game::<G>(&rules, plies, seed.wrapping_add(i as u64));
        let mut check = |pos: &G::Position| -> Result<(), TestCaseError> {
            moves.clear();
            G::legal_moves(pos, &mut moves);
            let s = G::position_string(pos).expect("every game has a position string");
            prop_assert_eq!(G::count_legal(pos), moves.len() as u64, "{}", s);
            // The kept buffer: what it held stays, the string goes after it.
            buf.clear();
            buf.push_str("kept|");
            prop_assert!(G::write_position_string(pos, &mut buf));
            prop_assert_eq!(buf.strip_prefix("kept|"), Some(s.as_str()));
            Ok(())
        };
        let start = G::setup(&game.record.tags).expect("generated tags set up");
        check(&start)?;
        let mut result = Ok(());
        let mut positions = 1;
        replay_with(&game.record, Mode::Strict, |_, _, _, after| {
            if result.is_ok() {
                positions += 1;
                result = check(after);
            }
        });
        result?;
        prop_assert_eq!(
            positions,
            game.record.plies.len() + 1,
            "every move replayed"
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn pylos_count_legal_equals_legal_moves(seed in any::<u64>(), plies in 0usize..80) {
        counts_and_strings_agree::<pylos::Pylos>(seed, plies)?;
    }

    #[test]
    fn gipf_count_legal_equals_legal_moves(seed in any::<u64>(), plies in 0usize..120) {
        counts_and_strings_agree::<gipf::Gipf>(seed, plies)?;
    }

    #[test]
    fn threeman_count_legal_equals_legal_moves(seed in any::<u64>(), plies in 0usize..120) {
        counts_and_strings_agree::<threeman::ThreeMan>(seed, plies)?;
    }

    #[test]
    fn pylon_count_legal_equals_legal_moves(seed in any::<u64>(), plies in 0usize..120) {
        counts_and_strings_agree::<pylon::Pylon>(seed, plies)?;
    }
}

/// Three-man positions with the fields random play seldom reaches (two en-passant squares,
/// bridged moats, crossed pawns, a player out, a round above 9) write back as read, through
/// the kept buffer as through `position_string`.
#[test]
fn threeman_rare_fields_write_back_as_read() {
    use gamenote::{Hooks, RecordFormat};
    use threeman::ThreeMan;
    let texts = [
        "Black 8/Wn7/5BpBp1/8/BpBpBpBpBp2Bp/BrBnBbBkBqBbBnBr Gray 8/8/4Gp3/Gn7/GpGpGpGp1GpGpGp/Gr1GbGkGqGbGnGr White 8/8/8/8/WpWpWpWpWpWpWpWp/WrWnWbWkWqWb1Wr W KQ/KQ/KQ GRe3,BLf3 - WGB 0 3",
        "Black 8/8/Bp2BpBp2Bp/1BpBp5/8/1Bk4Bn1 Gray 8/6Br1/1Gp2Gp3/8/8/Gr2Gk1Gn2 White Wr7/3Wp4/2WpWk4/1WpWn3Wp1/4Wp1Gn1/8 G -/-/- BLd3 WG,BW WGB 1 59",
        "Black 4Bp2Bp/3Bp4/8/1Bp6/1Bk3Bn2/7Wr Gray 1GpWp'1Gp2Gn/8/8/4Gk3/8/8 White 1Wn6/7Gn/1Wp6/1Wk6/4Wp3/8 G -/-/- - WG,GB,BW WGB 0 86",
        "Black Bp7/7Bp/2GbBp4/1BpBn1Bp1Bp1/2WrBb1Bp2/1Br2Bk2Br Gray 3Gp4/1Gn4Gp1/1BqGp5/4Wn2Gr/8/3WbGk3 White 4Gp'3/1Wp5Bb/Wp1WpWp3Wp/4Wp1Wp1/5Wp2/Wk2Wr2Wn1 B -/-/- - WG,GB WB 3 46",
    ];
    for text in texts {
        let pos = ThreeMan::read_position(text, &Default::default()).expect("a valid position");
        assert_eq!(ThreeMan::position_string(&pos).as_deref(), Some(text));
        let mut buf = String::from("x");
        assert!(ThreeMan::write_position_string(&pos, &mut buf));
        assert_eq!(buf.strip_prefix('x'), Some(text));
    }
}
