//! A stranger's attack on this session's work: `${…}` annotations, `Win(n)` outcomes,
//! Pylon's clone of the variant in use, and the visited replay against the quiet check.

use gamenote::check::{Report, check_source};
use gamenote::gipf::Gipf;
use gamenote::pylon::Pylon;
use gamenote::pylos::Pylos;
use gamenote::threeman::ThreeMan;
use gamenote::{Game, Mode};

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

/// Pylon positions of every size, cloned with `clone` and with `clone_from` over a position
/// of every other size (another board variant or the same one), compare and hash as the
/// source, and play on as it does.
#[test]
fn pylon_clone_from_between_every_size() {
    use gamenote::Play;
    use gamenote::pylon::{Position, Rules};
    use std::hash::{BuildHasher, RandomState};
    let h = RandomState::new();
    let positions: Vec<Position> = (2u8..=26)
        .map(|n| {
            let mut pos = Position::new(Rules::with_size(n));
            let mut moves = Vec::new();
            for i in 0..(n as usize % 5 + 1) {
                moves.clear();
                Pylon::legal_moves(&pos, &mut moves);
                let Some(m) = moves.get(i * 7 % moves.len().max(1)) else {
                    break;
                };
                Pylon::play(&mut pos, m);
            }
            // Work the outcome out, so that its kept answer is part of what is copied.
            let _ = Pylon::outcome(&pos);
            pos
        })
        .collect();
    let mut compared = 0;
    for a in &positions {
        let fresh = a.clone();
        assert_eq!(&fresh, a);
        assert_eq!(h.hash_one(&fresh), h.hash_one(a));
        for b in &positions {
            let mut x = a.clone();
            x.clone_from(b);
            assert_eq!(&x, b);
            assert_eq!(h.hash_one(&x), h.hash_one(b));
            assert_eq!(Pylon::outcome(&x), Pylon::outcome(b));
            assert_eq!(format!("{x:?}"), format!("{b:?}"));
            assert_eq!(x == *a, std::ptr::eq(a, b) || a == b);
            let (mut mx, mut mb) = (Vec::new(), Vec::new());
            Pylon::legal_moves(&x, &mut mx);
            Pylon::legal_moves(b, &mut mb);
            assert_eq!(mx, mb);
            if let Some(m) = mb.last() {
                let mut y = b.clone();
                Pylon::play(&mut x, m);
                Pylon::play(&mut y, m);
                assert_eq!(x, y);
                assert_eq!(Pylon::outcome(&x), Pylon::outcome(&y));
            }
            compared += 1;
        }
    }
    assert_eq!(compared, 25 * 25);
}
