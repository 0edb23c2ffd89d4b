//! The library attacked as a stranger would (session 15): each case found a fault that is
//! fixed, and is held here with its exact values.

use gamenote::any::AnyPosition;
use gamenote::game::PositionString;
use gamenote::pylos::Pylos;
use gamenote::{GameId, Outcome};

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
