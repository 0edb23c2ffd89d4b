//! One test per reason a push or a removal is illegal, and the rules of the end.

use gamenote::gipf::{BLACK, Gipf, LastGipf, Notation, Position, Rules, Style, Variant, WHITE};
use gamenote::{Error, Mode, MoveErrorKind, Outcome, Record, record};
use gamenote::{Notate, Play};

use crate::common::{error, one};
use crate::gipf_board::{board_with, p};

fn board(spec: &str) -> Position {
    board_with(Rules::new(Variant::Basic), spec)
}

/// The reason `note` is illegal in `pos`.
fn why(pos: &Position, note: &str) -> String {
    let n: Notation = note.parse().unwrap();
    let e = Gipf::resolve(pos, &n).expect_err(note);
    assert_eq!(e.kind, MoveErrorKind::Illegal, "{note}: {}", e.reason);
    e.reason
}

fn ok(pos: &Position, note: &str) -> String {
    let n: Notation = note.parse().unwrap();
    let m = Gipf::resolve(pos, &n).unwrap_or_else(|e| panic!("{note}: {e}"));
    Gipf::notate(pos, &m, Style::Text).to_string()
}

// ---------------------------------------------------------------- pushes

#[test]
fn gipf_piece_in_the_standard_game() {
    let pos = Gipf::start(&Rules::new(Variant::Standard));
    assert_eq!(
        why(&pos, "Gc2"),
        "no GIPF-piece can be brought in in the standard game"
    );
}

#[test]
fn gipf_piece_in_the_basic_game() {
    assert_eq!(
        why(&board(""), "Ge2"),
        "no GIPF-piece can be brought in in the basic game"
    );
}

#[test]
fn gipf_piece_after_a_basic_piece() {
    let pos = board_with(Rules::new(Variant::Tournament), "O e5 X e6");
    assert_eq!(
        why(&pos, "Ge2"),
        "no more GIPF-pieces can be brought in after one's first basic piece"
    );
}

#[test]
fn gipf_piece_needs_two_in_reserve() {
    let mut pos = Gipf::start(&Rules::new(Variant::Tournament));
    pos.set_reserve(WHITE, 1);
    assert_eq!(
        why(&pos, "Ge2"),
        "a GIPF-piece needs 2 pieces in reserve, there is 1"
    );
}

#[test]
fn first_tournament_push_is_a_gipf_piece() {
    let pos = Gipf::start(&Rules::new(Variant::Tournament));
    assert_eq!(
        why(&pos, "e2"),
        "the first push of the tournament game must bring in a GIPF-piece (write G)"
    );
    assert_eq!(ok(&pos, "Ge2"), "Ge2");
}

#[test]
fn placement_on_a_dot() {
    assert_eq!(
        why(&board(""), "e1"),
        "e1 is a dot: a push from a dot is written with its end, such as e1-…"
    );
}

#[test]
fn placement_away_from_the_rim() {
    assert_eq!(
        why(&board(""), "e5"),
        "e5 is not next to a dot, so no piece can be placed on it"
    );
}

#[test]
fn placement_on_an_occupied_spot() {
    assert_eq!(
        why(&board("x e2"), "e2"),
        "e2 is occupied: a push onto it is written from its dot, such as d1-…"
    );
}

#[test]
fn push_from_a_spot() {
    assert_eq!(
        why(&board(""), "e2-e3"),
        "e2 is a spot, not a dot: a push starts on a dot"
    );
}

#[test]
fn push_off_its_line() {
    assert_eq!(
        why(&board(""), "e1-f2"),
        "f2 is not a spot on a line from e1 into the board"
    );
    assert_eq!(
        why(&board(""), "e1-e9"),
        "e9 is not a spot on a line from e1 into the board"
    );
}

#[test]
fn push_into_a_full_line() {
    let pos = board("o e2 e4 e6 e8 x e3 e5 e7");
    assert_eq!(
        why(&pos, "e1-e2"),
        "the line from e1 through e8 is full: a piece would be pushed off the board"
    );
}

#[test]
fn push_past_an_empty_first_spot() {
    assert_eq!(
        why(&board(""), "e1-e4"),
        "e2 is empty, so the push from e1 ends there, not on e4"
    );
    // D-s0 onto an empty spot is accepted (GF1 writes Ge9-e8) and means the placement.
    assert_eq!(ok(&board(""), "e1-e2"), "e2");
}

#[test]
fn push_written_with_a_wrong_end() {
    let pos = board("o e2 x e3");
    assert_eq!(
        why(&pos, "e1-e3"),
        "the push from e1 ends on e4 (complete) or is written e1-e2 (short), not e1-e3"
    );
    assert_eq!(ok(&pos, "e1-e2"), "e1-e4");
}

#[test]
fn push_after_the_game_ended_in_the_removals() {
    // White's row c3 d3 e3 f2 holds Black's last GIPF-piece on b3: taking it ends the game.
    let pos = board_with(Rules::new(Variant::Standard), "o c3 d3 e3 f2 O h5 X b3");
    assert_eq!(
        why(&pos, "xc3,d3,e3,f2,Gb3*;e2"),
        "after these removals the game is over (White wins): no push may follow"
    );
}

#[test]
fn removal_only_when_the_game_goes_on() {
    let pos = board_with(Rules::new(Variant::Standard), "o c3 d3 e3 f2 O h5 X b3");
    assert_eq!(
        why(&pos, "x;"),
        "a push must follow the removals: the game is not over"
    );
}

// ---------------------------------------------------------------- removals

#[test]
fn removal_of_a_dot() {
    let pos = board("o c2 d3 e4 f4");
    assert_eq!(
        why(&pos, "xc1,d3,e4,f4;e2"),
        "c1 is a dot: removed pieces stand on spots"
    );
}

#[test]
fn removal_of_an_empty_spot() {
    let pos = board("o c2 d3 e4 f4");
    assert_eq!(why(&pos, "xb2;e2"), "there is no piece on b2 to remove");
}

/// The mismatch a note's markers give in `pos` (the move itself resolves).
fn marker_mismatch(pos: &Position, note: &str) -> String {
    let n: Notation = note.parse().unwrap();
    let m = Gipf::resolve(pos, &n).unwrap_or_else(|e| panic!("{note}: {e}"));
    let mut after = pos.clone();
    Gipf::play(&mut after, &m);
    let e = Gipf::check_annotations(pos, &n, &m, &after).expect_err(note);
    assert_eq!(e.kind, MoveErrorKind::Mismatch, "{note}: {}", e.reason);
    e.reason
}

#[test]
fn removal_marked_gipf_on_a_basic_piece() {
    let pos = board("o c2 d3 e4 f4");
    assert_eq!(
        marker_mismatch(&pos, "xGc2,d3,e4,f4;e2"),
        "c2 is marked G but holds a basic piece"
    );
}

#[test]
fn removal_marked_star_on_ones_own_piece() {
    let pos = board("o c2 d3 e4 f4");
    assert_eq!(
        marker_mismatch(&pos, "xc2*,d3,e4,f4;e2"),
        "c2 is marked * but holds the remover's own piece"
    );
    // After the push too; a missing marker is no mismatch.
    let pos = board("o c2 e4 f4 e3 x g4 f2 d3");
    assert_eq!(
        marker_mismatch(&pos, "g1-c3;xc2,d3*,e4,f4,g4*"),
        "d3 is marked * but holds the remover's own piece"
    );
    let n: Notation = "g1-c3;xc2,d3,e4,f4,g4".parse().unwrap();
    let m = Gipf::resolve(&pos, &n).unwrap();
    let mut after = pos.clone();
    Gipf::play(&mut after, &m);
    assert!(Gipf::check_annotations(&pos, &n, &m, &after).is_ok());
}

#[test]
fn wrong_markers_are_warnings_when_lenient() {
    // The guide's opening; White's 7th move removes d2 e3 but marks d2 as a GIPF-piece.
    let rec: Record<Gipf> = "[Rules \"tournament\"] 1.Ge2/Gd1-f2 2.Gd2/Ge8 3.Gd1-g2/Gg1-e3 \
        4.c1-f3/Ge1-e4 5.f7/Gf1-f4 6.c1-g3/g1-g4 7.xGd2,e3;b5 *"
        .parse()
        .unwrap();
    let strict = record::replay(&rec, Mode::Strict);
    let err = strict.error.expect("a mismatch");
    let Error::Illegal(m) = &err else {
        panic!("{err}")
    };
    assert_eq!(m.kind, MoveErrorKind::Mismatch);
    assert!(
        err.to_string()
            .contains("ply 13 (xGd2,e3;b5): d2 is marked G but holds a basic piece"),
        "{err}"
    );
    let lenient = record::replay(&rec, Mode::Lenient);
    assert!(lenient.is_ok(), "{:?}", lenient.error);
    assert_eq!(lenient.moves.len(), 13);
    assert_eq!(lenient.warnings.len(), 1);
}

#[test]
fn removal_naming_the_wrong_line() {
    let pos = board("o c2 d3 e4 f4");
    assert_eq!(
        why(&pos, "x(a5-i1);e2"),
        "removal group 1 before the push (x(a5-i1)) fits no row: the group names a5-i1 but the row is on b1-i4"
    );
}

#[test]
fn removal_of_a_piece_outside_the_set() {
    let pos = board("o c2 d3 e4 f4 h5");
    assert_eq!(
        why(&pos, "xh5;e2"),
        "removal group 1 before the push (xh5) fits no row: h5 is not in the removal set of the row on b1-i4"
    );
}

#[test]
fn removal_listing_some_basic_pieces() {
    let pos = board("o c2 d3 e4 f4");
    assert_eq!(
        why(&pos, "xc2,d3;e2"),
        "removal group 1 before the push (xc2,d3) fits no row: the group lists some basic pieces of the row on b1-i4 but not e4,f4 (list all or none)"
    );
}

#[test]
fn removal_taking_nothing_from_a_row_of_gipf_pieces() {
    let pos = board_with(Rules::new(Variant::Tournament), "O c2 d3 e4 f4 X h2");
    assert_eq!(
        why(&pos, "x;e2"),
        "removal group 1 before the push (x) fits no row: nothing is taken from the row of GIPF-pieces on b1-i4"
    );
    // Such a row (R8) may stay, or lose any of its GIPF-pieces.
    assert_eq!(ok(&pos, "e2"), "e2");
    assert_eq!(ok(&pos, "xGd3;e2"), "xGd3;e2");
    assert_eq!(ok(&pos, "e2;xGc2,Gf4"), "e2;xGc2,Gf4");
}

#[test]
fn removal_without_a_row() {
    assert_eq!(
        why(&board("o c2"), "x;e2"),
        "removal group 1 before the push (x): there is no row of the mover's colour to remove"
    );
    assert_eq!(
        why(&board("o c2"), "e2;x"),
        "removal group 1 after the push (x): there is no row of the mover's colour to remove"
    );
}

/// A note that leaves a due row resolves (marked), and the mismatch names the row.
fn left(pos: &Position, note: &str) -> String {
    let n: Notation = note.parse().unwrap();
    let m = Gipf::resolve(pos, &n).unwrap_or_else(|e| panic!("{note}: {e}"));
    assert!(m.leaves_rows(), "{note}");
    let mut after = pos.clone();
    Gipf::play(&mut after, &m);
    let e = Gipf::check_annotations(pos, &n, &m, &after).expect_err(note);
    assert_eq!(e.kind, MoveErrorKind::Mismatch, "{note}: {}", e.reason);
    e.reason
}

#[test]
fn row_left_before_the_push() {
    assert_eq!(
        left(&board("o c2 d3 e4 f4"), "e2"),
        "the row on b1-i4 (c2,d3,e4,f4) must be removed before the push (write x)"
    );
}

#[test]
fn row_left_after_the_push() {
    assert_eq!(
        left(&board("o c2 d2 e2"), "a2-b2"),
        "the row on a2-f1 (b2,c2,d2,e2) must be removed after the push (write x)"
    );
    assert_eq!(ok(&board("o c2 d2 e2"), "a2-b2;x"), "b2;xb2,c2,d2,e2");
}

#[test]
fn a_row_left_stays_and_falls_due_again() {
    // Strict: the record stops there. Lenient: a warning, the row stays, and White must
    // remove it at the start of his next turn.
    let rec: Record<Gipf> = "[Rules \"tournament\"] 1.Ge2/Gd1-f2 2.Gd2/Ge8 3.Gd1-g2/Gg1-e3 \
        4.c1-f3/Ge1-e4 5.f7/Gf1-f4 6.c1-g3/g1-g4 7.b5/c6 8.x;c2 *"
        .parse()
        .unwrap();
    let strict = record::replay(&rec, Mode::Strict);
    let e = strict.error.expect("an error");
    let Error::Illegal(m) = &e else { panic!("{e}") };
    assert_eq!(m.kind, MoveErrorKind::Mismatch);
    assert!(
        e.to_string().contains("ply 13 (b5): the row on c1-i3"),
        "{e}"
    );
    let lenient = record::replay(&rec, Mode::Lenient);
    assert!(lenient.is_ok(), "{:?}", lenient.error);
    assert_eq!(lenient.warnings.len(), 1, "{:?}", lenient.warnings);
    assert_eq!(lenient.end.piece(p("d2")), None);
    // Converting the lenient record writes the row's removal where it was made.
    let conv = record::convert(&rec, Style::Text, Mode::Lenient).unwrap();
    assert_eq!(conv.plies[14].notation.to_string(), "xd2,e3;c2");
}

#[test]
fn intersecting_rows_one_written_is_not_enough() {
    // Two rows after the push, one group written that fits either: no single move, so the
    // note stays an error even when lenient.
    let pos = board("o f3 f6 c5 d6 e7 e4 g4 h4 x f2 f4 f5 b4 c2 d3");
    assert_eq!(
        why(&pos, "f1-f7;x"),
        "the row on b1-i4 (c2,d3,e4,f4,g4,h4) must be removed after the push (write x)"
    );
}

#[test]
fn a_move_after_the_end() {
    let mut pos = board("");
    pos.set_reserve(WHITE, 0);
    assert_eq!(Gipf::outcome(&pos), Some(Outcome::Win(1)));
    assert_eq!(why(&pos, "e2"), "the game is already over");
}

#[test]
fn rows_made_for_the_opponent_wait_for_his_turn() {
    // White's a2-c2 pushes Black's b2 onto c2, completing Black's c2 c3 c4 c5.
    let pos = board("x b2 c3 c4 c5");
    assert_eq!(ok(&pos, "a2-c2"), "a2-c2");
    let m = Gipf::resolve(&pos, &"a2-c2".parse().unwrap()).unwrap();
    let mut after = pos.clone();
    Gipf::play(&mut after, &m);
    assert_eq!(after.to_move(), BLACK);
    let mut moves = Vec::new();
    Gipf::legal_moves(&after, &mut moves);
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| m.pre().len() == 1));
    assert_eq!(ok(&after, "x;e2"), "xc2,c3,c4,c5;e2");
}

// ---------------------------------------------------------------- the end

#[test]
fn reserve_loss() {
    let mut pos = board("o e5 x e6");
    pos.set_reserve(WHITE, 1);
    let m = Gipf::resolve(&pos, &"e2".parse().unwrap()).unwrap();
    Gipf::play(&mut pos, &m);
    // An empty reserve after one's own push is not yet a loss.
    assert_eq!(Gipf::outcome(&pos), None);
    let m = Gipf::resolve(&pos, &"b2".parse().unwrap()).unwrap();
    Gipf::play(&mut pos, &m);
    assert_eq!(Gipf::outcome(&pos), Some(Outcome::Win(BLACK as u8)));
}

#[test]
fn an_empty_reserve_refilled_by_a_row() {
    // White has no reserve but a row to take back: he removes it and plays on.
    let mut pos = board("o c2 d3 e4 f4");
    pos.set_reserve(WHITE, 0);
    assert_eq!(Gipf::outcome(&pos), None);
    assert_eq!(ok(&pos, "x;e2"), "xc2,d3,e4,f4;e2");
}

#[test]
fn gipf_loss_and_removal_only_moves() {
    let pos = board_with(Rules::new(Variant::Standard), "o c3 d3 e3 f2 O h5 X b3");
    let mut moves = Vec::new();
    Gipf::legal_moves(&pos, &mut moves);
    let only: Vec<_> = moves.iter().filter(|m| m.push().is_none()).collect();
    assert_eq!(only.len(), 1);
    assert_eq!(
        Gipf::notate(&pos, only[0], Style::Complete).to_string(),
        "xc3,d3,e3,f2,Gb3*; (14)"
    );
    let mut after = pos.clone();
    Gipf::play(&mut after, only[0]);
    assert_eq!(Gipf::outcome(&after), Some(Outcome::Win(WHITE as u8)));
    // Keeping the GIPF-piece, White must push.
    assert_eq!(ok(&pos, "x;e2"), "xc3,d3,e3,f2;e2");
}

fn both_last_gipf(rule: LastGipf) -> Option<Outcome> {
    // White's placement on f2 makes c3 d3 e3 f2 with his last GIPF-piece d3 and Black's
    // last one b3 in the set; he takes both.
    let rules = Rules::new(Variant::Standard).with_last_gipf(rule);
    let mut pos = board_with(rules, "o c3 e3 O d3 X b3 x h2");
    let m = Gipf::resolve(&pos, &"f2;xGb3,Gd3".parse().unwrap()).unwrap();
    Gipf::play(&mut pos, &m);
    Gipf::outcome(&pos)
}

#[test]
fn both_last_gipf_pieces_removed_at_once() {
    assert_eq!(both_last_gipf(LastGipf::First), Some(Outcome::Win(0)));
    assert_eq!(both_last_gipf(LastGipf::WhiteLoses), Some(Outcome::Win(1)));
    assert_eq!(both_last_gipf(LastGipf::ToMoveWins), Some(Outcome::Win(1)));
}

#[test]
fn tournament_gipf_loss_only_after_the_first_move() {
    let mut pos = Gipf::start(&Rules::new(Variant::Tournament));
    let m = Gipf::resolve(&pos, &"Ge2".parse().unwrap()).unwrap();
    Gipf::play(&mut pos, &m);
    // Black has no GIPF-piece yet and has not moved: the game goes on.
    assert_eq!(Gipf::outcome(&pos), None);
}

#[test]
fn rules_and_handicap_tags() {
    let rec: Record<Gipf> = "[Variant \"basic\"] [Handicap \"Black 2\"] 1.c2 (11) a1-c3 (13) *"
        .parse()
        .unwrap();
    let r = record::replay(&rec, Mode::Strict);
    assert!(r.is_ok(), "{:?}", r.error);
    assert_eq!(r.end.reserve(BLACK), 13);
    let rec: Record<Gipf> = "1.e2 *".parse().unwrap();
    assert!(record::replay(&rec, Mode::Strict).error.is_some());
    assert_eq!(
        "standard,last-gipf=white-loses".parse::<Rules>().unwrap(),
        Rules::new(Variant::Standard).with_last_gipf(LastGipf::WhiteLoses)
    );
}

#[test]
fn results_must_agree_with_the_replay() {
    // A finished game must name the winner; an unfinished one is read as a resignation.
    let text = "[Rules \"basic\"] 1.c2 (11) X 0-1";
    let rec: Record<Gipf> = text.parse().unwrap();
    assert!(record::replay(&rec, Mode::Strict).is_ok());
    let mut pos = board("o e5 x e6");
    pos.set_reserve(WHITE, 0);
    assert_eq!(Gipf::outcome(&pos), Some(Outcome::Win(1)));
}

#[test]
fn tagless_gipf_record_with_g_first_is_the_tournament_game() {
    let text = "1.Ge2 (16) Gd1-f2 (16) 2.Gd2 (14) Ge8 (14) *\n";
    let r = one::<Gipf>(text, Mode::Strict);
    assert_eq!(
        (r.error.map(|p| p.message), r.plies, r.result.as_deref()),
        (None, 4, Some("*"))
    );
    let rec: Record<Gipf> = text.parse().expect("reads");
    let replay = gamenote::record::replay(&rec, Mode::Strict);
    assert!(replay.is_ok(), "{:?}", replay.error);
    let out = gamenote::record::convert(&rec, Default::default(), Mode::Strict).expect("converts");
    assert_eq!(out.tag("Rules"), Some("tournament"));
    // Without G first there is no telling basic from standard.
    let (kind, line, column, message) = error::<Gipf>("1.e2 *\n");
    assert_eq!(
        (kind, line, column),
        ("setup", 1, 1),
        "at the record's start: there is no tag (as Error::location places it)"
    );
    assert!(
        message.starts_with("a GIPF record needs [Rules"),
        "{message}"
    );
    // A tag names the rules: the first move does not change them.
    let named = format!("[Rules \"standard\"]\n\n{text}");
    assert_eq!(error::<Gipf>(&named).1, 3);
}

#[test]
fn gipf_unclosed_reserve_count_names_the_missing_parenthesis() {
    for (moves, column, found) in [
        ("1.Gh4 (16", 10, "\\n"),
        ("1.Gh4 (16 Gd1-f2 *", 10, " "),
        ("1.Ge2 (16) Gd1-f2 (1x *", 21, "x"),
    ] {
        let text = format!("[Game \"GIPF\"]\n[Rules \"tournament\"]\n\n{moves}\n");
        let (kind, line, col, message) = error::<Gipf>(&text);
        assert_eq!(
            (kind, line, col),
            ("parse", 4, column),
            "{moves}: {message}"
        );
        assert!(
            message.starts_with("expected ')' to close the reserve count, such as (16), found \""),
            "{message}"
        );
        assert!(message.contains(found), "{message}");
    }
}
