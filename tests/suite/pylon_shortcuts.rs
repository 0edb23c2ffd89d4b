//! Pylon's shortcuts for the common case read as the general code did: the score comment
//! against the former reader (built on `str::parse`), and the `[Size]` and `[Rules]` values.

use gamenote::pylon::{Rules, parse_size, score_comment};

/// The score comment reader as it was before its byte-by-byte rewrite, with the one change
/// since: a score is any number up to `u32::MAX`, where it stopped at nine digits (issue 20,
/// item 4: a larger number is no score, and the record reader refuses it).
fn former(c: &str) -> Option<(u32, u32)> {
    fn num(s: &str) -> Option<(u32, &str)> {
        let n = s.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return None;
        }
        Some((s[..n].parse().ok()?, &s[n..]))
    }
    fn sp(s: &str) -> &str {
        s.trim_start_matches([' ', '\t'])
    }
    let s = sp(c).strip_prefix('W')?;
    let (w, s) = num(sp(s))?;
    let s = sp(s).strip_prefix('B')?;
    let (b, s) = num(sp(s))?;
    sp(s).is_empty().then_some((w, b))
}

#[test]
fn score_comment_reads_as_before() {
    let parts = [
        "",
        " ",
        "\t",
        "W",
        "B",
        "w",
        "0",
        "7",
        "17",
        "007",
        "123456789",
        "1234567890",
        "4294967295",
        "4294967296",
        "x",
        "é",
        "\n",
        "-1",
        "+2",
    ];
    let mut n = 0;
    for a in parts {
        for b in parts {
            for c in parts {
                for d in parts {
                    for s in [
                        format!("{a}{b}{c}{d}"),
                        format!("W{a}{b}B{c}{d}"),
                        format!("{a}W{b}B{c}{d}"),
                        format!("W {a} B {b}{c}{d}"),
                    ] {
                        assert_eq!(score_comment(&s), former(&s), "{s:?}");
                        n += 1;
                    }
                }
            }
        }
    }
    assert!(n > 300_000);
    assert_eq!(score_comment(" W 17 B 14\t"), Some((17, 14)));
}

#[test]
fn size_and_rules_values_read_as_before() {
    for n in 0..=40u8 {
        for v in [
            n.to_string(),
            format!(" {n}"),
            format!("+{n}"),
            format!("0{n}"),
        ] {
            let want = v
                .trim()
                .parse::<u8>()
                .ok()
                .filter(|n| (2..=26).contains(n) && !v.trim().starts_with('+'));
            assert_eq!(parse_size(&v).ok(), want, "{v:?}");
        }
    }
    assert!(parse_size("").is_err() && parse_size("a").is_err() && parse_size("1").is_err());
    assert_eq!("standard".parse::<Rules>(), Ok(Rules::default()));
}

// ---------------------------------------------------------------------------------------
// Pylon's early refusal under `suicide=piece` (`Stones::legal` in src/pylon/position.rs).

use std::collections::BTreeSet;

use gamenote::Play;
use gamenote::pylon::{Move, Point, Position, Pylon, Suicide};

use crate::pylon_perft::{Naive, P};

/// What the naive rules say of the placements that reach the early refusal, by the answer of
/// its condition ("an empty neighbour can become playable") and the placement's fate.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Tally {
    /// The condition fails: no empty neighbour can become playable (refused early).
    hopeless: usize,
    /// The condition holds and the placement is legal (a covering piece frees a neighbour).
    legal: usize,
    /// The condition holds and the placement is illegal: no freedom after covering.
    no_freedom: usize,
    /// The condition holds and the placement is illegal: its own covering buries it. Never
    /// seen, and it cannot be: the four points between a piece and the point directly above
    /// it all rest on the piece, so only covering pieces of the mover can fill them, and the
    /// point above, resting on no captured piece, is never covered.
    buried: usize,
}

impl Tally {
    fn add(&mut self, o: Tally) {
        self.hopeless += o.hopeless;
        self.legal += o.legal;
        self.no_freedom += o.no_freedom;
        self.buried += o.buried;
    }
}

fn pt(p: P) -> Point {
    Point::new(p.0 as u8, p.1 as u8, p.2 as u8)
}

fn from_pt(p: Point) -> P {
    (i32::from(p.level), i32::from(p.col), i32::from(p.row))
}

/// The four points `p` rests on (none on level 1).
fn supports((l, c, r): P) -> Vec<P> {
    if l == 1 {
        return Vec::new();
    }
    [(0, 0), (1, 0), (0, 1), (1, 1)]
        .iter()
        .map(|&(dc, dr)| (l - 1, c + dc, r + dr))
        .collect()
}

/// Whether `seat`'s placement on `x` gets as far as the early refusal, judged from the rules
/// on the naive board, and if so the refusal's condition: `Some(true)` when some empty
/// neighbour of `x` has only empty supports that each rest on an enemy piece (so covering
/// might fill them), `Some(false)` when none has. It gets that far when `x` is playable and
/// has an empty neighbour but no playable one, and a visible enemy neighbour has no playable
/// neighbour besides `x` (so the placement may capture).
fn condition(naive: &Naive, x: P, seat: u8) -> Option<bool> {
    let around = naive.orth(x);
    let empty: Vec<P> = around
        .iter()
        .copied()
        .filter(|q| naive.colour(*q).is_none())
        .collect();
    let may_capture = around.iter().any(|&q| {
        naive.colour(q) == Some(1 - seat)
            && !naive.buried(q)
            && naive.orth(q).iter().all(|&r| r == x || !naive.playable(r))
    });
    if !naive.playable(x)
        || empty.is_empty()
        || empty.iter().any(|&q| naive.playable(q))
        || !may_capture
    {
        return None;
    }
    Some(empty.iter().any(|&y| {
        supports(y)
            .into_iter()
            .filter(|z| naive.colour(*z).is_none())
            .all(|z| {
                supports(z)
                    .into_iter()
                    .any(|u| naive.colour(u) == Some(1 - seat))
            })
    }))
}

/// Checks every answer of the engine that goes through the early refusal (the placements
/// listed, the moves counted, whether a side can place, whether the game is over, and the
/// reason or covering of each placement that reaches the refusal) against the naive rules,
/// for both sides to move, on the size-`n` board with these pieces under `suicide=piece`.
fn judge(n: u8, white: &[P], black: &[P]) -> Tally {
    let mut naive = Naive::new(i32::from(n), false);
    for (colour, list) in [(0u8, white), (1, black)] {
        for &p in list {
            naive.board.insert(p, colour);
        }
    }
    let (w, b): (Vec<Point>, Vec<Point>) = (
        white.iter().map(|&p| pt(p)).collect(),
        black.iter().map(|&p| pt(p)).collect(),
    );
    let rules = Rules::new(n, Suicide::Piece);
    let lists: Vec<BTreeSet<P>> = (0..2u8)
        .map(|seat| {
            naive
                .placements(seat)
                .into_iter()
                .map(|(x, _, _)| x)
                .collect()
        })
        .collect();
    let mut tally = Tally::default();
    for seat in 0..2u8 {
        let pos = Position::with_pieces(rules, &w, &b, usize::from(seat)).unwrap();
        let mine = &lists[usize::from(seat)];
        let listed: BTreeSet<P> = pos
            .placements(usize::from(seat))
            .into_iter()
            .map(from_pt)
            .collect();
        assert_eq!(&listed, mine, "placements of seat {seat} in {pos:?}");
        assert_eq!(
            pos.can_place(usize::from(seat)),
            !mine.is_empty(),
            "{pos:?}"
        );
        let other = !lists[usize::from(1 - seat)].is_empty();
        assert_eq!(pos.is_over(), mine.is_empty() && !other, "{pos:?}");
        let mut moves = Vec::new();
        Pylon::legal_moves(&pos, &mut moves);
        // In index order (level, row, column), a pass only when forced.
        let mut want: Vec<Move> = if mine.is_empty() && other {
            vec![Move::Pass]
        } else {
            mine.iter().map(|&x| Move::Place(pt(x))).collect()
        };
        want.sort_by_key(|m| match m {
            Move::Place(p) => (p.level, p.row, p.col),
            Move::Pass => (0, 0, 0),
        });
        assert_eq!(moves, want, "{pos:?}");
        assert_eq!(
            gamenote::perft::perft::<Pylon>(&pos, 1),
            want.len() as u64,
            "{pos:?}"
        );
        for x in naive.all() {
            let Some(hope) = condition(&naive, x, seat) else {
                continue;
            };
            let (after, cover) = naive.captured_and_covered(x, seat);
            let legal = mine.contains(&x);
            let got = pos.covering(pt(x));
            let what = format!("{} by seat {seat} in {pos:?}", pt(x));
            if !hope {
                // The argument of the refusal, checked on the rules.
                assert!(!legal, "refused early but legal: {what}");
                tally.hopeless += 1;
            } else if legal {
                tally.legal += 1;
            } else if after.buried(x) {
                tally.buried += 1;
            } else {
                tally.no_freedom += 1;
            }
            match got {
                Ok(c) => {
                    assert!(legal, "{what}");
                    let c: BTreeSet<P> = c.into_iter().map(from_pt).collect();
                    assert_eq!(c, cover, "covering of {what}");
                }
                Err(e) => {
                    assert!(!legal, "{what}: {e}");
                    let reason = if after.buried(x) {
                        "would be buried by its own covering pieces"
                    } else {
                        "would have no freedom (suicide=piece: no playable neighbour)"
                    };
                    assert_eq!(e.reason, format!("{} {reason}", pt(x)), "{what}");
                }
            }
        }
    }
    tally
}

/// Parses a list of points.
fn pts(s: &str) -> Vec<P> {
    s.split_whitespace()
        .map(|w| from_pt(w.parse().unwrap()))
        .collect()
}

/// The early refusal of a placement with no playable neighbour under `suicide=piece`, held to
/// the rules on both answers of its condition.
///
/// Hand-built positions on n = 4 where White's `3a1` reaches the refusal (no playable
/// neighbour, next to Black's `3a2`, whose group has no other freedom on level 3) and its
/// empty neighbour `3b1` lacks only `2c1`:
///
/// - `2c1` rests on Black's `1d2`, in the captured group, so covering fills it and frees
///   `3b1`: `3a1[2c1]` is legal, and White's only placement;
/// - the same with Black on `2c2`: `3b1` rests on a captured piece and is covered in turn,
///   so `3a1` has no freedom;
/// - the same with White on `1d2`: nothing under `2c1` is Black's, so the condition fails
///   and `3a1` is refused early (the naive rules agree that it is illegal).
///
/// Then three searches, each placement that reaches the refusal sorted by the naive rules
/// (`pylon_perft::Naive`, which shares no code with the crate) and every answer compared:
/// random stacked positions on n = 4 to 6, positions near the first hand-built case (turned,
/// mirrored, moved into larger boards, a few pieces changing colour), and random legal
/// games. The counts are asserted, so the test fails if a kind of case stops being reached.
///
/// Mutations of the refusal in `Stones::legal` that this test catches (each tried and found
/// failing, while every other Pylon test of the suite, `pylon_perft` and
/// `pylon_resolve_play` included, passed):
///
/// - always refusing there (`if !hope` made `if true`): the legal `3a1[2c1]` of the first
///   hand-built case is not listed;
/// - refusing exactly when the condition holds (`if hope`): the same;
/// - leaving out `coverable` (a neighbour has hope only when all its supports are
///   occupied, which never happens to an unplayable one): the same;
/// - judging the supports by the mover's pieces (`lay.above(self.c[mover])`): a turned
///   position near the first case, whose empty support rests on Black's pieces only, loses
///   its legal placement.
///
/// Never refusing (the code before the shortcut) gives the same answers, only slower, so no
/// test of answers can tell it apart. The unit test
/// `early_refusal_is_taken_exactly_when_no_neighbour_can_become_playable` in
/// `src/pylon/position.rs` counts the placements worked out in full and catches it (and the
/// four above); here `assert!(!legal)` on every `hopeless` case checks the refusal's
/// argument (`docs/perf-pylon.md`) on the rules.
#[test]
fn early_refusal_without_a_playable_neighbour_agrees_with_the_rules() {
    // Level 1: all but 1d4; White's but for Black's chain 1c3 1d3 1d2.
    let level1_w = "1a1 1b1 1c1 1d1 1a2 1b2 1c2 1a3 1b3 1a4 1b4 1c4";
    let level2_w = "2a1 2b1 2a2 2b2 2a3";
    let base_w = format!("{level1_w} {level2_w}");
    let cases = [
        // (white, black, tally of the refusal's cases over both seats)
        (
            format!("{base_w} 2c2"),
            "1c3 1d3 1d2 2b3 3a2".to_string(),
            Tally {
                legal: 1,
                ..Tally::default()
            },
        ),
        (
            base_w.clone(),
            "1c3 1d3 1d2 2b3 2c2 3a2".to_string(),
            Tally {
                no_freedom: 1,
                ..Tally::default()
            },
        ),
        (
            format!("{base_w} 1d2 2c2"),
            "1c3 1d3 2b3 3a2".to_string(),
            Tally {
                hopeless: 1,
                ..Tally::default()
            },
        ),
    ];
    for (k, (white, black, want)) in cases.iter().enumerate() {
        let got = judge(4, &pts(white), &pts(black));
        assert_eq!(got, *want, "hand-built case {k}");
    }
    // White's only placement in the first case is 3a1, which covers 2c1.
    let w = pts(&cases[0].0).into_iter().map(pt).collect::<Vec<_>>();
    let b = pts(&cases[0].1).into_iter().map(pt).collect::<Vec<_>>();
    let pos = Position::with_pieces(Rules::new(4, Suicide::Piece), &w, &b, 0).unwrap();
    let names: Vec<String> = pos.placements(0).iter().map(Point::to_string).collect();
    assert_eq!(names, ["3a1"]);
    assert_eq!(
        pos.covering("3a1".parse().unwrap()).unwrap(),
        [pt((2, 2, 0))]
    );
    assert!(!pos.can_place(1) && !pos.is_over());

    // Random stacked positions reach the refusal often, but seldom a legal placement.
    let random = random_positions(&[4, 5, 6], 1500, 0x5ca1_ab1e);
    let want = Tally {
        hopeless: 579,
        legal: 1,
        no_freedom: 176,
        buried: 0,
    };
    assert_eq!(random, want, "random stacked positions");
    // Positions near the first hand-built one reach all three answers.
    let (w, b) = (pts(&cases[0].0), pts(&cases[0].1));
    let near = near_the_first_case(&w, &b, 1500, 0xf1_1bed);
    let want = Tally {
        hopeless: 1063,
        legal: 623,
        no_freedom: 808,
        buried: 0,
    };
    assert_eq!(near, want, "positions near the first hand-built case");
    // Random games reach the refusal only with its condition failing (a neighbour made
    // playable by covering needs a captured group reaching two levels below the point).
    let games = random_games(&[4, 5, 6], 200, 0x0ddba11);
    let want = Tally {
        hopeless: 520,
        ..Tally::default()
    };
    assert_eq!(games, want, "random legal games");
}

/// `cases` positions near the hand-built one (`white`, `black` on n = 4): turned or mirrored
/// (the rules do not change under the square's symmetries), moved into a board of size 4 to
/// 6, and with a few pieces changing colour.
fn near_the_first_case(white: &[P], black: &[P], cases: usize, seed: u64) -> Tally {
    let mut rng = gamenote::generate::Rng::new(seed);
    let mut tally = Tally::default();
    for case in 0..cases {
        let n = 4 + (case % 3) as u8;
        let sym = rng.below(8);
        let (dc, dr) = (
            rng.below(usize::from(n) - 3) as i32,
            rng.below(usize::from(n) - 3) as i32,
        );
        let flips = rng.below(30) as u64;
        let place = |(l, c, r): P| {
            let w = 4 - l; // the largest column on level l of n = 4
            let (c, r) = if sym & 4 != 0 { (r, c) } else { (c, r) };
            let c = if sym & 1 != 0 { w - c } else { c };
            let r = if sym & 2 != 0 { w - r } else { r };
            (l, c + dc, r + dr)
        };
        let (mut w, mut b) = (Vec::new(), Vec::new());
        for (colour, list) in [(0, white), (1, black)] {
            for &p in list {
                let colour = colour ^ u8::from(rng.next_u64() % 100 < flips);
                [&mut w, &mut b][usize::from(colour)].push(place(p));
            }
        }
        tally.add(judge(n, &w, &b));
    }
    tally
}

/// `cases` random stacked positions on `sizes` in turn: each level filled densely where
/// supported, colours at random.
fn random_positions(sizes: &[u8], cases: usize, seed: u64) -> Tally {
    let mut rng = gamenote::generate::Rng::new(seed);
    let mut tally = Tally::default();
    for case in 0..cases {
        let n = sizes[case % sizes.len()];
        let mut naive = Naive::new(i32::from(n), false);
        let density = 85 + rng.next_u64() % 15;
        let black_share = 20 + rng.next_u64() % 60;
        for p in naive.all() {
            if naive.playable(p) && rng.next_u64() % 100 < density {
                let colour = u8::from(rng.next_u64() % 100 < black_share);
                naive.board.insert(p, colour);
            }
        }
        let side = |c: u8| -> Vec<P> {
            naive
                .board
                .iter()
                .filter(|(_, v)| **v == c)
                .map(|(p, _)| *p)
                .collect()
        };
        tally.add(judge(n, &side(0), &side(1)));
    }
    tally
}

/// `games` random legal games on `sizes` in turn under `suicide=piece`, every position
/// judged.
fn random_games(sizes: &[u8], games: usize, seed: u64) -> Tally {
    let mut tally = Tally::default();
    for g in 0..games {
        let n = sizes[g % sizes.len()];
        let rules = Rules::new(n, Suicide::Piece);
        let game = gamenote::generate::legal_game::<Pylon>(&rules, 400, seed + g as u64);
        let mut pos = Position::new(rules);
        for m in game.moves.iter().map(Some).chain([None]) {
            let geo = pos.geometry();
            let (mut w, mut b) = (Vec::new(), Vec::new());
            for i in 0..geo.len() {
                match pos.piece(geo.point(i)) {
                    Some(0) => w.push(from_pt(geo.point(i))),
                    Some(_) => b.push(from_pt(geo.point(i))),
                    None => {}
                }
            }
            tally.add(judge(n, &w, &b));
            match m {
                Some(m) => Pylon::play(&mut pos, m),
                None => break,
            }
        }
    }
    tally
}
