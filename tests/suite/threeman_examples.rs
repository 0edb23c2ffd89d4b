//! The article's examples and the spec's worked examples (docs/threeman.md, §7 of the rules).

use gamenote::perft::perft;
use gamenote::record::{convert, replay};
use gamenote::threeman::position::empty_board_reach;
use gamenote::threeman::{
    Colour, Kind, Mark, Notation, Rules, Sep, Square, Style, ThreeMan, Written, position_string,
};
use gamenote::{GameResult, Mode, MoveErrorKind, Outcome, Record};
use gamenote::{Notate, Picture, Play, RecordFormat};

const START: &str = "Black 8/8/8/8/BpBpBpBpBpBpBpBp/BrBnBbBkBqBbBnBr Gray 8/8/8/8/GpGpGpGpGpGpGpGp/GrGnGbGkGqGbGnGr White 8/8/8/8/WpWpWpWpWpWpWpWp/WrWnWbWkWqWbWnWr";
const ARTICLE_START: &str = "Black 8/8/8/8/BpBpBpBpBpBpBpBp/BrBnBbBkBqBbBnBr Gray 8/8/8/8/GpGpGpGpGpGpGpGp/GrGnGbGkGqGbGnGr White 8/8/8/8/WpWpWpWpWpWpWpWp/WrWnWbWkWqWbWnR";

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

#[test]
fn article_moves_parse_into_parts() {
    let n: Notation = "WHe4".parse().unwrap();
    assert_eq!(
        n,
        Notation::Normal(Written {
            from_zone: None,
            piece: None,
            from_file: None,
            from_rank: None,
            sep: Sep::None,
            to: Square::new(3, 3),
            promotion: None,
            en_passant: false,
            mark: Mark::None,
        })
    );
    let n: Notation = "BLBa2".parse().unwrap();
    let Notation::Normal(w) = n else { panic!() };
    assert_eq!(
        (w.piece, w.from_zone, w.to),
        (Some(Kind::Bishop), None, Square::new(1, 23))
    );
    let n: Notation = "GRRcxBLf3".parse().unwrap();
    let Notation::Normal(w) = n else { panic!() };
    assert_eq!(w.piece, Some(Kind::Rook));
    assert_eq!(w.from_zone, Some(Colour::Gray));
    assert_eq!(w.from_file, Some(2));
    assert_eq!(w.from_rank, None);
    assert_eq!(w.sep, Sep::Capture);
    assert_eq!(w.to, Square::new(2, 18));
    for s in ["WHe4", "BLBa2", "GRRcxBLf3"] {
        assert_eq!(s.parse::<Notation>().unwrap().to_string(), s);
    }
}

#[test]
fn article_start_position() {
    let p = position_string::parse(START, Rules::default()).unwrap();
    assert_eq!(p, ThreeMan::start(&Rules::default()));
    assert_eq!(position_string::write_board(&p), START);
    assert_eq!(
        position_string::write(&p),
        format!("{START} W KQ/KQ/KQ - - WGB 0 1")
    );
    assert_eq!(
        position_string::parse(&position_string::write(&p), Rules::default()).unwrap(),
        p
    );
}

#[test]
fn article_typo_rejected_at_column_141() {
    let e = position_string::parse(ARTICLE_START, Rules::default()).unwrap_err();
    assert_eq!((e.line, e.column), (1, 141));
    assert!(
        e.expected.contains("a colour letter W, G or B or a digit"),
        "{e}"
    );
    assert!(e.found.starts_with("\"R"), "{e}");
}

#[test]
fn first_move_resolves_to_double_step() {
    let p = ThreeMan::start(&Rules::default());
    let m = ThreeMan::resolve(&p, &"WHe4".parse().unwrap()).unwrap();
    assert_eq!(
        ThreeMan::notate(&p, &m, Style::Long).to_string(),
        "WHe2-WHe4"
    );
    assert_eq!(ThreeMan::notate(&p, &m, Style::Short).to_string(), "WHe4");
}

#[test]
fn after_three_double_steps() {
    let rec: Record<ThreeMan> = "1. WHe4 GRe4 BLe4 *".parse().unwrap();
    let r = replay(&rec, Mode::Strict);
    assert!(r.is_ok());
    assert_eq!(
        position_string::write(&r.end),
        "Black 8/8/4Bp3/8/BpBpBpBp1BpBpBp/BrBnBbBkBqBbBnBr Gray 8/8/4Gp3/8/GpGpGpGp1GpGpGp/GrGnGbGkGqGbGnGr White 8/8/4Wp3/8/WpWpWpWp1WpWpWp/WrWnWbWkWqWbWnWr W KQ/KQ/KQ GRe3,BLe3 - WGB 0 2"
    );
    let back = position_string::parse(&position_string::write(&r.end), Rules::default()).unwrap();
    assert_eq!(back, r.end);
}

const SHORT_GAME: &str =
    "1. WHh3 GRh3 BLh3 2. WHh4 GRh4 BLh4 3. WHRh3 GRRh3 BLNa3 4. GRRxh3 GRNf3 BLRh3";
const LONG_GAME: &str = "1. WHh2-WHh3 GRh2-GRh3 BLh2-BLh3 2. WHh3-WHh4 GRh3-GRh4 BLh3-BLh4
3. WHRh1-WHh3 GRRh1-GRh3 BLNb1-BLa3 4. WHRh3xGRh3 GRNg1-GRf3 BLRh1-BLh3";
const AFTER_SHORT_GAME: &str = "Black 8/8/7Bp/Bn6Br/BpBpBpBpBpBpBp1/Br1BbBkBqBbBn1 Gray 8/8/7Gp/5Gn1Wr/GpGpGpGpGpGpGp1/GrGnGbGkGqGb2 White 8/8/7Wp/8/WpWpWpWpWpWpWp1/WrWnWbWkWqWbWn1 W K/K/K - - WGB 2 5";

#[test]
fn short_game_and_illegal_thirteenth_ply() {
    let rec: Record<ThreeMan> = format!("{SHORT_GAME} *").parse().unwrap();
    let r = replay(&rec, Mode::Strict);
    assert!(r.is_ok(), "{:?}", r.error);
    assert_eq!(r.moves.len(), 12);
    assert_eq!(position_string::write(&r.end), AFTER_SHORT_GAME);
    // the long form replays to the same position and is what convert prints
    let long: Record<ThreeMan> = format!("{LONG_GAME} *").parse().unwrap();
    let rl = replay(&long, Mode::Strict);
    assert!(rl.is_ok(), "{:?}", rl.error);
    assert_eq!(rl.end, r.end);
    let conv = convert(&rec, Style::Long, Mode::Strict).unwrap();
    let moves: Vec<String> = conv.plies.iter().map(|p| p.notation.to_string()).collect();
    let want: Vec<&str> = LONG_GAME
        .split_whitespace()
        .filter(|t| !t.ends_with('.'))
        .collect();
    assert_eq!(moves, want);
    // ply 13
    let rec13: Record<ThreeMan> = format!("{SHORT_GAME} 5. GRRa3 *").parse().unwrap();
    let r13 = replay(&rec13, Mode::Strict);
    let Some(gamenote::Error::Illegal(e)) = r13.error else {
        panic!("ply 13 should be illegal")
    };
    assert_eq!(e.ply, 13);
    assert_eq!(e.kind, MoveErrorKind::Illegal);
    assert!(
        e.reason.contains("no white rook can go to GRa3"),
        "{}",
        e.reason
    );
    assert!(
        e.reason.contains("the rook on GRh3 is blocked"),
        "{}",
        e.reason
    );
    // from the same position the long form of that rook move is refused the same way
    let n: Notation = "GRRh3-GRa3".parse().unwrap();
    let err = ThreeMan::resolve(&r.end, &n).unwrap_err();
    assert!(err.reason.contains("blocked"), "{}", err.reason);
}

const MID_GAME: &str = "Black 3Wq4/Bk7/8/8/BpBpBp1BpBpBpBp/BrBnBb1BqBb1Br Gray 7Gp/Bn7/5Gr2/8/1GpGpGpGpGpGp1/GrGnGbGkGqGbGn1 White 7Wb/8/8/3Gp'4/1WpWp1WpWpWpWp/WrWn1WkWqWbWnWr G KQ/K/- - - WGB 8 13";

#[test]
fn mid_game_rook_move_mates_black() {
    let p = position_string::parse(MID_GAME, Rules::default()).unwrap();
    assert_eq!(position_string::write(&p), MID_GAME);
    assert_eq!(
        p.piece_at(sq("WHd3"))
            .map(|x| (x.colour, x.kind, x.crossed)),
        Some((Colour::Gray, Kind::Pawn, true))
    );
    let n: Notation = "GRRxa5#".parse().unwrap();
    let m = ThreeMan::resolve(&p, &n).unwrap();
    assert_eq!((m.from(), m.to()), (sq("GRa1"), sq("GRa5")));
    assert_eq!(
        ThreeMan::notate(&p, &m, Style::Short).to_string(),
        "GRRxa5#"
    );
    assert_eq!(
        ThreeMan::notate(&p, &m, Style::Long).to_string(),
        "GRRa1xGRa5#"
    );
    let mut after = p.clone();
    ThreeMan::play(&mut after, &m);
    assert!(ThreeMan::check_annotations(&p, &n, &m, &after).is_ok());
    assert!(!after.is_alive(Colour::Black));
    assert_eq!(after.side_to_move(), Colour::White);
    assert_eq!(ThreeMan::outcome(&after), None);
    // the same move in a record
    let text = format!("[Position \"{MID_GAME}\"]\n\n13... GRRxa5# -- *");
    let rec: Record<ThreeMan> = text.parse().unwrap();
    let r = replay(&rec, Mode::Strict);
    assert!(r.is_ok(), "{:?}", r.error);
    assert_eq!(r.end, after);
    // '+' alone is also true; '#' on a move that does not mate is a mismatch
    let plus: Notation = "GRRxa5+".parse().unwrap();
    assert!(ThreeMan::check_annotations(&p, &plus, &m, &after).is_ok());
}

fn total(kind: Kind, ranks: std::ops::Range<u8>, moats: bool) -> (Vec<usize>, usize) {
    let mut per_rank = Vec::new();
    let mut sum = 0;
    for r in ranks {
        let mut counts = Vec::new();
        for f in 0..24 {
            let n = empty_board_reach(kind, Colour::White, Square::new(r, f), moats).len();
            counts.push(n);
            sum += n;
        }
        counts.dedup();
        assert_eq!(
            counts.len(),
            1,
            "{kind:?} on rank {} varies: {counts:?}",
            r + 1
        );
        per_rank.push(counts[0]);
    }
    (per_rank, sum)
}

#[test]
fn empty_board_reach_matches_the_table() {
    let table = [
        (Kind::Rook, [33, 33, 33, 33, 33, 33], 4752),
        (Kind::Bishop, [10, 20, 20, 20, 20, 20], 2640),
        (Kind::Queen, [43, 51, 51, 51, 51, 51], 7152),
        (Kind::Knight, [4, 6, 8, 8, 8, 8], 1008),
        (Kind::King, [5, 8, 8, 8, 8, 8], 1080),
    ];
    for (kind, ranks, sum) in table {
        let (per, s) = total(kind, 0..6, false);
        assert_eq!(per, ranks, "{kind:?}");
        assert_eq!(s, sum, "{kind:?}");
    }
}

fn names(v: Vec<Square>) -> Vec<String> {
    let mut n: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    n.sort();
    n
}

#[test]
fn empty_board_named_squares() {
    let h6 = sq("WHh6");
    assert_eq!(
        names(empty_board_reach(Kind::Knight, Colour::White, h6, false)),
        [
            "BLa4", "BLb5", "GRb6", "GRc5", "GRe5", "GRf6", "WHf5", "WHg4"
        ]
    );
    assert_eq!(
        names(empty_board_reach(Kind::King, Colour::White, h6, false)),
        [
            "BLa5", "BLa6", "GRb6", "GRd6", "GRf6", "WHg5", "WHg6", "WHh5"
        ]
    );
    // moats unbridged
    for f in 0..24 {
        let rook = empty_board_reach(Kind::Rook, Colour::White, Square::new(0, f), true);
        assert_eq!(rook.len(), 18, "rook on {}", Square::new(0, f));
    }
    let n = |s: &str| empty_board_reach(Kind::Knight, Colour::White, sq(s), true).len();
    assert_eq!((n("WHh1"), n("WHa1"), n("WHg1"), n("WHb1")), (2, 2, 3, 3));
    assert_eq!(
        empty_board_reach(Kind::King, Colour::White, sq("WHa1"), true).len(),
        3
    );
    let b = empty_board_reach(Kind::Bishop, Colour::White, sq("WHa1"), true);
    assert_eq!(b.len(), 10);
    assert!(b.contains(&sq("GRh2")));
}

#[test]
fn perft_known_values() {
    // depths 1-4 agree with the naive generator of tests/threeman_perft.rs
    let p = ThreeMan::start(&Rules::default());
    assert_eq!(perft::<ThreeMan>(&p, 2), 400);
    assert_eq!(perft::<ThreeMan>(&p, 3), 8000);
    assert_eq!(perft::<ThreeMan>(&p, 4), 206_240);
}

#[test]
#[ignore = "slow: cargo test --release -- --ignored"]
fn perft_depth_five() {
    let p = ThreeMan::start(&Rules::default());
    assert_eq!(perft::<ThreeMan>(&p, 5), 5_294_048);
    let mid = position_string::parse(MID_GAME, Rules::default()).unwrap();
    assert_eq!(perft::<ThreeMan>(&mid, 4), 928_573);
}

#[test]
fn perft_depth_one_is_twenty() {
    let p = ThreeMan::start(&Rules::default());
    assert_eq!(perft::<ThreeMan>(&p, 1), 20);
    let mut v = Vec::new();
    ThreeMan::legal_moves(&p, &mut v);
    // the two knight jumps across moats are not there
    let texts: Vec<String> = v
        .iter()
        .map(|m| ThreeMan::notate(&p, m, Style::Long).to_string())
        .collect();
    assert!(
        !texts
            .iter()
            .any(|t| t.contains("BLa2") || t.contains("GRh2")),
        "{texts:?}"
    );
}

#[test]
fn results() {
    for (s, r) in [
        ("1-0-0", GameResult::Decided(Outcome::Win(0))),
        ("0-1-0", GameResult::Decided(Outcome::Win(1))),
        ("0-0-1", GameResult::Decided(Outcome::Win(2))),
        ("1/2-1/2-0", GameResult::Decided(Outcome::Draw(3))),
        ("1/2-0-1/2", GameResult::Decided(Outcome::Draw(5))),
        ("0-1/2-1/2", GameResult::Decided(Outcome::Draw(6))),
        ("*", GameResult::Unfinished),
    ] {
        assert_eq!(ThreeMan::parse_result(s), Some(("", r)));
        assert_eq!(ThreeMan::write_result(r), s);
    }
    assert_eq!(ThreeMan::parse_result("1-0"), None);
}

#[test]
fn example_records_replay_and_print_back() {
    for (name, text) in [
        (
            "threeman-short-game.3mc",
            include_str!("../../examples/records/threeman-short-game.3mc"),
        ),
        (
            "threeman-random-game.3mc",
            include_str!("../../examples/records/threeman-random-game.3mc"),
        ),
    ] {
        let rec: Record<ThreeMan> = text.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
        let r = replay(&rec, Mode::Strict);
        assert!(r.is_ok(), "{name}: {:?}", r.error);
        assert_eq!(rec.to_string(), text, "{name} is in canonical layout");
    }
}

#[test]
fn skipped_seats_are_written_and_numbered() {
    let text = format!("[Position \"{MID_GAME}\"]\n\n13... GRRxa5# -- *");
    let rec: Record<ThreeMan> = text.parse().unwrap();
    assert_eq!(rec.plies.len(), 1);
    assert_eq!(
        rec.to_string(),
        format!("[Position \"{MID_GAME}\"]\n\n13... GRRxa5# -- *\n")
    );
    let more = format!("[Position \"{MID_GAME}\"]\n\n13... GRRxa5# 14. BLBxa5 GRg3 *");
    let rec: Record<ThreeMan> = more.parse().unwrap();
    let r = replay(&rec, Mode::Strict);
    assert!(r.is_ok(), "{:?}", r.error);
    assert!(
        rec.to_string()
            .contains("13... GRRxa5# -- 14. BLBxa5 GRg3 -- *")
    );
}

#[test]
fn svg_picture_has_every_square_and_piece() {
    let rec: Record<ThreeMan> = "1. WHe4 GRe4 BLe4 *".parse().unwrap();
    let r = replay(&rec, Mode::Strict);
    let svg = ThreeMan::svg(&r.end, r.moves.last()).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
    let squares = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "path" && n.attribute("data-square").is_some())
        .count();
    assert_eq!(squares, 144);
    let pieces: Vec<_> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "circle" && n.attribute("data-square").is_some())
        .collect();
    assert_eq!(pieces.len(), 48);
    let e4 = pieces
        .iter()
        .find(|n| n.attribute("data-square") == Some("BLe4"))
        .expect("black pawn on BL e4");
    assert_eq!(e4.attribute("class"), Some("piece black"));
    assert!(svg.contains("round 2, White to move"));
}

#[test]
fn notation_errors_say_what_and_where() {
    for (text, column, expected) in [
        ("WHe7", 4, "a rank 1-6"),
        ("XXe4", 1, "a three-man chess move"),
        ("WHe-e4", 4, "'-' only in the long form"),
        ("WHRe2-WH", 9, "a file a-h"),
        ("WHe1=K", 6, "a promotion piece"),
        ("O-X", 1, "castling"),
        ("WHe4 ", 5, "end of input"),
    ] {
        let e = text.parse::<Notation>().unwrap_err();
        assert_eq!(e.column, column, "{text}: {e}");
        assert!(e.expected.contains(expected), "{text}: {e}");
    }
    // the zone code wins over a piece letter; two zones read as origin and destination
    let n: Notation = "WHBLa2".parse().unwrap();
    let Notation::Normal(w) = n else { panic!() };
    assert_eq!(
        (w.from_zone, w.piece, w.to.to_string().as_str()),
        (Some(Colour::White), None, "BLa2")
    );
    let n: Notation = "WHRce4".parse().unwrap();
    let Notation::Normal(w) = n else { panic!() };
    assert_eq!(
        (w.from_zone, w.from_file, w.to.to_string().as_str()),
        (None, Some(2), "WHe4")
    );
}

#[test]
fn finished_games_have_position_strings_that_read_back() {
    let rec: Record<ThreeMan> = include_str!("../../examples/records/threeman-random-game.3mc")
        .parse()
        .unwrap();
    let r = replay(&rec, Mode::Strict);
    assert_eq!(ThreeMan::outcome(&r.end), Some(Outcome::Win(2)));
    let s = position_string::write(&r.end);
    assert!(s.contains(" B "), "the winner is the side: {s}");
    let back = position_string::parse(&s, Rules::default()).unwrap();
    assert_eq!(back, r.end);
    // a bare board with one king: that colour has won
    let one = "Black 8/8/8/8/8/3Bk4 Gray 8/8/8/8/8/8 White 8/8/8/8/8/8";
    let p = position_string::parse(one, Rules::default()).unwrap();
    assert_eq!(ThreeMan::outcome(&p), Some(Outcome::Win(2)));
    assert_eq!(
        position_string::parse(&position_string::write(&p), Rules::default()).unwrap(),
        p
    );
}
