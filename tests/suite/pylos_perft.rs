//! Pylos move generation checked two ways: perft counts from the start, and a second,
//! deliberately naive generator (coordinates and brute force, nothing shared with the
//! bitboard one) compared move for move on positions from random games.

use gamenote::perft::perft;
use gamenote::pylos::{Move, Position, Pylos, Rules, Slot, Style};
use gamenote::{Notate, Play};

const PERFT6: u64 = 5_786_496;

const RULES: [&str; 6] = [
    "standard",
    "standard,takeback=optional",
    "alignment",
    "alignment,takeback=optional",
    "children",
    "standard,reserve=no_moves",
];

type Cell = (usize, usize, usize);

/// The naive model: a board of 30 optional owners addressed by (level, col, row).
struct Naive {
    board: [[[Option<usize>; 4]; 4]; 5],
    reserve: [u8; 2],
    turn: usize,
    rules: Rules,
}

fn size(level: usize) -> usize {
    5 - level
}

impl Naive {
    fn from(pos: &Position) -> Naive {
        let mut board = [[[None; 4]; 4]; 5];
        for s in Slot::all() {
            board[s.level() as usize][s.col() as usize][s.row() as usize] = pos.at(s);
        }
        Naive {
            board,
            reserve: [pos.reserve(0), pos.reserve(1)],
            turn: pos.turn(),
            rules: pos.rules(),
        }
    }

    fn cells() -> Vec<(usize, usize, usize)> {
        let mut v = Vec::new();
        for l in 1..=4 {
            for r in 0..size(l) {
                for c in 0..size(l) {
                    v.push((l, c, r));
                }
            }
        }
        v
    }

    fn below(l: usize, c: usize, r: usize) -> Vec<(usize, usize, usize)> {
        if l == 1 {
            return vec![];
        }
        vec![
            (l - 1, c, r),
            (l - 1, c + 1, r),
            (l - 1, c, r + 1),
            (l - 1, c + 1, r + 1),
        ]
    }

    fn get(&self, (l, c, r): (usize, usize, usize)) -> Option<usize> {
        self.board[l][c][r]
    }

    fn is_free(&self, at: (usize, usize, usize)) -> bool {
        // Nothing occupied rests on it.
        Naive::cells()
            .into_iter()
            .filter(|&(l, c, r)| Naive::below(l, c, r).contains(&at))
            .all(|x| self.get(x).is_none())
    }

    fn supported(&self, (l, c, r): (usize, usize, usize)) -> bool {
        Naive::below(l, c, r)
            .into_iter()
            .all(|x| self.get(x).is_some())
    }

    fn made_formation(&self, at: (usize, usize, usize), me: usize) -> bool {
        let mine = |x: (usize, usize, usize)| self.get(x) == Some(me);
        if self.rules.to_string().starts_with("children") {
            return false;
        }
        let (l, c, r) = at;
        // Squares: any 2x2 block on level l containing (c, r).
        for c0 in c.saturating_sub(1)..=c {
            for r0 in r.saturating_sub(1)..=r {
                if l <= 3 && c0 + 1 < size(l) && r0 + 1 < size(l) {
                    let block = [
                        (l, c0, r0),
                        (l, c0 + 1, r0),
                        (l, c0, r0 + 1),
                        (l, c0 + 1, r0 + 1),
                    ];
                    if block.iter().all(|&x| mine(x)) {
                        return true;
                    }
                }
            }
        }
        if self.rules.to_string().starts_with("alignment") && l <= 2 {
            let n = size(l);
            if (0..n).all(|i| mine((l, i, r))) || (0..n).all(|i| mine((l, c, i))) {
                return true;
            }
        }
        false
    }

    fn slot(x: (usize, usize, usize)) -> Slot {
        Slot::new(x.0 as u8, x.1 as u8, x.2 as u8).unwrap()
    }

    fn moves(&self) -> Vec<(Option<Slot>, Slot, u32)> {
        let me = self.turn;
        let mut out = Vec::new();
        let optional = self.rules.to_string().contains("takeback=optional");
        let cells = Naive::cells();
        let mut tries: Vec<(Option<Cell>, Cell)> = Vec::new();
        for &to in &cells {
            if self.get(to).is_some() || !self.supported(to) {
                continue;
            }
            if self.reserve[me] > 0 {
                tries.push((None, to));
            }
            for &from in &cells {
                if self.get(from) == Some(me)
                    && from.0 < to.0
                    && self.is_free(from)
                    && !Naive::below(to.0, to.1, to.2).contains(&from)
                {
                    tries.push((Some(from), to));
                }
            }
        }
        for (from, to) in tries {
            let mut after = Naive {
                board: self.board,
                reserve: self.reserve,
                turn: me,
                rules: self.rules,
            };
            if let Some(f) = from {
                after.board[f.0][f.1][f.2] = None;
            }
            after.board[to.0][to.1][to.2] = Some(me);
            let f = from.map(Naive::slot);
            let t = Naive::slot(to);
            if !after.made_formation(to, me) {
                out.push((f, t, 0));
                continue;
            }
            if optional {
                out.push((f, t, 0));
            }
            let mine: Vec<_> = cells
                .iter()
                .copied()
                .filter(|&x| after.get(x) == Some(me))
                .collect();
            for (i, &a) in mine.iter().enumerate() {
                if after.is_free(a) {
                    out.push((f, t, Naive::slot(a).bit()));
                }
                for &b in &mine[i + 1..] {
                    let ok = |x: (usize, usize, usize), y: (usize, usize, usize)| {
                        let mut tmp = Naive {
                            board: after.board,
                            reserve: after.reserve,
                            turn: me,
                            rules: after.rules,
                        };
                        if !tmp.is_free(x) {
                            return false;
                        }
                        tmp.board[x.0][x.1][x.2] = None;
                        tmp.is_free(y)
                    };
                    if ok(a, b) || ok(b, a) {
                        out.push((f, t, Naive::slot(a).bit() | Naive::slot(b).bit()));
                    }
                }
            }
        }
        out.sort();
        out
    }
}

fn fast_moves(pos: &Position) -> Vec<(Option<Slot>, Slot, u32)> {
    let mut v = Vec::new();
    Pylos::legal_moves(pos, &mut v);
    let mut out: Vec<_> = v.iter().map(|m| (m.from, m.to, m.takebacks)).collect();
    out.sort();
    out
}

fn naive_perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if Pylos::outcome(pos).is_some() {
        return 0;
    }
    let moves = Naive::from(pos).moves();
    let mut n = 0;
    for (from, to, takebacks) in moves {
        let mut next = pos.clone();
        Pylos::play(
            &mut next,
            &Move {
                from,
                to,
                takebacks,
            },
        );
        n += naive_perft(&next, depth - 1);
    }
    n
}

#[test]
fn perft_from_the_start_for_every_rule_set() {
    // Depths 1-3 are 16·15·14 (spec); from ply 5 on, four balls may form a square and
    // make a level-2 slot playable, so depth 5 exceeds 16·15·14·13·12. The counts agree for
    // every rule set because no square of one colour is possible before ply 7.
    let expected = [16, 240, 3360, 43680, 524376, PERFT6];
    for rules in RULES {
        let start = Pylos::start(&rules.parse().unwrap());
        for (d, want) in expected.iter().enumerate() {
            assert_eq!(
                perft::<Pylos>(&start, d as u32 + 1),
                *want,
                "{rules} depth {}",
                d + 1
            );
        }
    }
}

#[test]
fn naive_perft_agrees_at_depth_4() {
    for rules in RULES {
        let start = Pylos::start(&rules.parse().unwrap());
        assert_eq!(naive_perft(&start, 4), perft::<Pylos>(&start, 4), "{rules}");
    }
}

#[test]
fn naive_perft_agrees_at_depths_5_and_6() {
    let start = Pylos::start(&Rules::default());
    assert_eq!(naive_perft(&start, 5), 524376);
    assert_eq!(naive_perft(&start, 6), PERFT6);
}

use gamenote::generate::Rng;

#[test]
fn naive_and_fast_generators_agree_on_random_games() {
    let mut checked = 0;
    let mut with_takebacks = 0;
    let mut with_raises = 0;
    for rules in RULES {
        let rules: Rules = rules.parse().unwrap();
        for seed in 1..=40u64 {
            let mut rng = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let mut pos = Pylos::start(&rules);
            loop {
                let fast = fast_moves(&pos);
                let naive = if Pylos::outcome(&pos).is_some() {
                    vec![]
                } else {
                    Naive::from(&pos).moves()
                };
                assert_eq!(fast, naive, "{rules} seed {seed}\n{pos}");
                assert_eq!(
                    Pylos::count_legal(&pos),
                    fast.len() as u64,
                    "count_legal\n{pos}"
                );
                checked += 1;
                with_takebacks += fast.iter().any(|m| m.2 != 0) as usize;
                with_raises += fast.iter().any(|m| m.0.is_some()) as usize;
                if fast.is_empty() {
                    break;
                }
                let (from, to, takebacks) = fast[(rng.next_u64() % fast.len() as u64) as usize];
                let m = Move {
                    from,
                    to,
                    takebacks,
                };
                // resolve agrees with legal_moves: the notated move resolves to itself.
                let n = Pylos::notate(&pos, &m, Style::CANONICAL);
                assert_eq!(Pylos::resolve(&pos, &n), Ok(m), "{n}");
                Pylos::play(&mut pos, &m);
            }
        }
    }
    assert!(checked > 5000, "{checked}");
    assert!(
        with_takebacks > 100 && with_raises > 100,
        "{with_takebacks} {with_raises}"
    );
}

#[test]
#[ignore = "deep perft: cargo test --release -- --ignored"]
fn deep_perft() {
    for rules in RULES {
        let start = Pylos::start(&rules.parse().unwrap());
        let n7 = perft::<Pylos>(&start, 7);
        let n8 = perft::<Pylos>(&start, 8);
        println!("{rules}: perft 7 = {n7}, perft 8 = {n8}");
        assert!(n7 > 5765760 * 10);
    }
}
