//! Pylon perft, cross-checked by a deliberately naive generator written here from the rules
//! text (docs/pylon.md §1-§3): a map from (level, column, row) to a colour, every rule
//! recomputed from scratch with plain vectors, covering done round by round.

use gamenote::Play;
use std::collections::{BTreeMap, BTreeSet};

use gamenote::perft::perft;
use gamenote::pylon::{Move, Point, Position, Pylon, Rules, Suicide};

pub(crate) type P = (i32, i32, i32); // level from 1, column, row from 0

/// The naive rules, also used by `pylon_shortcuts.rs` as the judge of the shortcuts.
#[derive(Clone)]
pub(crate) struct Naive {
    n: i32,
    group_rule: bool,
    pub(crate) board: BTreeMap<P, u8>,
    side: u8,
}

impl Naive {
    pub(crate) fn new(n: i32, group_rule: bool) -> Self {
        Naive {
            n,
            group_rule,
            board: BTreeMap::new(),
            side: 0,
        }
    }
    fn on(&self, (l, c, r): P) -> bool {
        l >= 1 && l <= self.n && c >= 0 && r >= 0 && c <= self.n - l && r <= self.n - l
    }
    pub(crate) fn all(&self) -> Vec<P> {
        let mut v = Vec::new();
        for l in 1..=self.n {
            for c in 0..=self.n - l {
                for r in 0..=self.n - l {
                    v.push((l, c, r));
                }
            }
        }
        v
    }
    pub(crate) fn playable(&self, p: P) -> bool {
        let (l, c, r) = p;
        self.on(p)
            && !self.board.contains_key(&p)
            && (l == 1
                || [(c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)]
                    .iter()
                    .all(|&(x, y)| self.board.contains_key(&(l - 1, x, y))))
    }
    pub(crate) fn buried(&self, (l, c, r): P) -> bool {
        self.board.contains_key(&(l + 2, c - 1, r - 1))
    }
    pub(crate) fn colour(&self, p: P) -> Option<u8> {
        self.board.get(&p).copied()
    }
    /// The link one level up that crosses the same-level link a-b, if any.
    fn crossing(&self, a: P, b: P) -> Option<(P, P)> {
        let (l, c1, r1) = a.min(b);
        let (_, c2, r2) = a.max(b);
        let (x, y) = if r1 == r2 {
            // horizontal link (c1,r)-(c1+1,r): crossed by (c1,r-1)-(c1,r)
            ((l + 1, c1, r1 - 1), (l + 1, c1, r1))
        } else {
            let _ = c2;
            // vertical link (c,r1)-(c,r1+1): crossed by (c-1,r1)-(c,r1)
            ((l + 1, c1 - 1, r1), (l + 1, c1, r1))
        };
        (self.on(x) && self.on(y)).then_some((x, y))
    }
    fn linked(&self, a: P, b: P) -> bool {
        let (ca, cb) = match (self.colour(a), self.colour(b)) {
            (Some(x), Some(y)) => (x, y),
            _ => return false,
        };
        if ca != cb || self.buried(a) || self.buried(b) {
            return false;
        }
        let (la, xa, ya) = a;
        let (lb, xb, yb) = b;
        if la == lb && (xa - xb).abs() + (ya - yb).abs() == 1 {
            return match self.crossing(a, b) {
                Some((x, y)) => !(self.colour(x) == Some(1 - ca) && self.colour(y) == Some(1 - ca)),
                None => true,
            };
        }
        // one rests on the other
        let (hi, lo) = if la > lb { (a, b) } else { (b, a) };
        hi.0 == lo.0 + 1
            && (lo.1 - hi.1 == 0 || lo.1 - hi.1 == 1)
            && (lo.2 - hi.2 == 0 || lo.2 - hi.2 == 1)
    }
    fn group(&self, p: P) -> Vec<P> {
        if self.colour(p).is_none() || self.buried(p) {
            return vec![];
        }
        let pieces: Vec<P> = self.board.keys().copied().collect();
        let mut g = vec![p];
        let mut k = 0;
        while k < g.len() {
            let a = g[k];
            k += 1;
            for &b in &pieces {
                if !g.contains(&b) && self.linked(a, b) {
                    g.push(b);
                }
            }
        }
        g
    }
    pub(crate) fn orth(&self, (l, c, r): P) -> Vec<P> {
        [(c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)]
            .iter()
            .map(|&(x, y)| (l, x, y))
            .filter(|&q| self.on(q))
            .collect()
    }
    fn piece_free(&self, p: P) -> bool {
        !self.buried(p) && self.orth(p).iter().any(|&q| self.playable(q))
    }
    fn group_free_at(&self, g: &[P], level: i32) -> bool {
        g.iter().any(|&m| m.0 == level && self.piece_free(m))
    }
    /// Plays `x` for `mover`; the covering set, or None when illegal.
    pub(crate) fn try_place(&self, x: P, mover: u8) -> Option<(Naive, BTreeSet<P>)> {
        if !self.playable(x) {
            return None;
        }
        let (b, cover) = self.captured_and_covered(x, mover);
        let ok = if b.group_rule {
            let g = b.group(x);
            b.group_free_at(&g, x.0)
        } else {
            b.piece_free(x)
        };
        ok.then_some((b, cover))
    }
    /// The board after `mover`'s piece on the playable point `x`, its captures and its
    /// covering (rules 5 and 6), before the suicide rule; and the covering set.
    pub(crate) fn captured_and_covered(&self, x: P, mover: u8) -> (Naive, BTreeSet<P>) {
        let mut b = self.clone();
        b.board.insert(x, mover);
        let mut captured: Vec<P> = Vec::new();
        for q in b.orth(x) {
            if b.colour(q) == Some(1 - mover) && !b.buried(q) {
                let g = b.group(q);
                if !b.group_free_at(&g, x.0) {
                    captured.extend(g);
                }
            }
        }
        let mut cover = BTreeSet::new();
        loop {
            let round: Vec<P> = b
                .all()
                .into_iter()
                .filter(|&t| {
                    b.playable(t)
                        && t.0 >= 2
                        && [(0, 0), (1, 0), (0, 1), (1, 1)]
                            .iter()
                            .any(|&(dc, dr)| captured.contains(&(t.0 - 1, t.1 + dc, t.2 + dr)))
                })
                .collect();
            if round.is_empty() {
                break;
            }
            for t in round {
                b.board.insert(t, mover);
                cover.insert(t);
            }
        }
        (b, cover)
    }
    pub(crate) fn placements(&self, mover: u8) -> Vec<(P, BTreeSet<P>, Naive)> {
        self.all()
            .into_iter()
            .filter_map(|x| {
                self.try_place(x, mover).map(|(mut b, c)| {
                    b.side = 1 - mover;
                    (x, c, b)
                })
            })
            .collect()
    }
    fn children(&self) -> Vec<Naive> {
        let mine = self.placements(self.side);
        if !mine.is_empty() {
            return mine.into_iter().map(|(_, _, b)| b).collect();
        }
        if !self.placements(1 - self.side).is_empty() {
            let mut b = self.clone();
            b.side = 1 - self.side;
            return vec![b];
        }
        vec![]
    }
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.children().iter().map(|c| c.perft(depth - 1)).sum()
    }
}

fn rules(n: u8, s: Suicide) -> Rules {
    Rules::new(n, s)
}

fn to_p(p: Point) -> P {
    (i32::from(p.level), i32::from(p.col), i32::from(p.row))
}

#[test]
fn perft_size_3_matches_the_spec() {
    for s in [Suicide::Piece, Suicide::Group] {
        let start = Pylon::start(&rules(3, s));
        assert_eq!(perft::<Pylon>(&start, 1), 9);
        assert_eq!(perft::<Pylon>(&start, 2), 72);
    }
}

#[test]
fn perft_small_boards_match_the_naive_generator() {
    let cases: &[(u8, u32)] = &[(2, 6), (3, 4), (4, 3)];
    for &(n, depth) in cases {
        for (s, g) in [(Suicide::Piece, false), (Suicide::Group, true)] {
            let fast = Pylon::start(&rules(n, s));
            let naive = Naive::new(i32::from(n), g);
            for d in 1..=depth {
                assert_eq!(
                    perft::<Pylon>(&fast, d),
                    naive.perft(d),
                    "size {n}, {s:?}, depth {d}"
                );
            }
        }
    }
}

/// The fixed counts, for regressions (the naive generator agrees with them at the depths
/// `perft_small_boards_match_the_naive_generator` and `perft_deeper` check).
#[test]
fn perft_fixed_counts() {
    let table: &[(u8, Suicide, &[u64])] = &[
        (2, Suicide::Piece, &[4, 12, 16, 0]),
        (2, Suicide::Group, &[4, 12, 24, 0]),
        (3, Suicide::Piece, &[9, 72, 496, 2808]),
        (3, Suicide::Group, &[9, 72, 504, 2976]),
        (4, Suicide::Piece, &[16, 240, 3352]),
        (4, Suicide::Group, &[16, 240, 3360]),
        (6, Suicide::Piece, &[36, 1260]),
        (6, Suicide::Group, &[36, 1260]),
    ];
    for &(n, s, counts) in table {
        let start = Pylon::start(&rules(n, s));
        for (d, &want) in counts.iter().enumerate() {
            assert_eq!(perft::<Pylon>(&start, d as u32 + 1), want, "size {n} {s:?}");
        }
    }
}

/// Along random games, the two generators agree on every legal point, every covering set and
/// every resulting board, and on passes and the end.
#[test]
fn random_games_match_the_naive_generator() {
    games_agree(&[3, 4, 5, 6], 64, 200, 0x5eed_1234);
}

/// The same on boards whose positions use wider sets than a `u128` (sizes 7–12 and 13–26).
#[test]
fn random_games_on_larger_boards_match_the_naive_generator() {
    games_agree(&[7, 9, 15], 8, 40, 0x5eed_4321);
}

/// `games` random games of at most `plies` plies, on `sizes` in turn, under both options.
fn games_agree(sizes: &[u8], games: usize, plies: usize, seed: u64) {
    let mut seed = gamenote::generate::Rng::new(seed);
    for game in 0..games {
        let n = sizes[game % sizes.len()];
        let (s, g) = if game % 8 < 4 {
            (Suicide::Piece, false)
        } else {
            (Suicide::Group, true)
        };
        let mut pos: Position = Pylon::start(&rules(n, s));
        let mut naive = Naive::new(i32::from(n), g);
        for _ply in 0..plies {
            let mut moves = Vec::new();
            Pylon::legal_moves(&pos, &mut moves);
            let mine = naive.placements(naive.side);
            let fast_points: BTreeSet<P> = moves
                .iter()
                .filter_map(|m| match m {
                    Move::Place(p) => Some(to_p(*p)),
                    _ => None,
                })
                .collect();
            let naive_points: BTreeSet<P> = mine.iter().map(|(x, _, _)| *x).collect();
            assert_eq!(fast_points, naive_points, "game {game}: {pos:?}");
            for (x, cover, _) in &mine {
                let p = Point::new(x.0 as u8, x.1 as u8, x.2 as u8);
                let c: BTreeSet<P> = pos.covering(p).unwrap().into_iter().map(to_p).collect();
                assert_eq!(&c, cover, "game {game}: covering of {p}");
            }
            let naive_children = naive.children();
            assert_eq!(moves.len(), naive_children.len());
            if moves.is_empty() {
                assert!(Pylon::outcome(&pos).is_some());
                break;
            }
            let k = (seed.next_u64() % moves.len() as u64) as usize;
            Pylon::play(&mut pos, &moves[k]);
            naive = match moves[k] {
                Move::Place(p) => mine
                    .iter()
                    .find(|(x, _, _)| *x == to_p(p))
                    .map(|(_, _, b)| b.clone())
                    .unwrap(),
                _ => naive_children[0].clone(),
            };
            for l in 1..=n {
                for c in 0..=(n - l) {
                    for r in 0..=(n - l) {
                        let p = Point::new(l, c, r);
                        assert_eq!(
                            pos.piece(p).map(|s| s as u8),
                            naive.colour(to_p(p)),
                            "game {game}: {p}"
                        );
                    }
                }
            }
            assert_eq!(pos.to_move() as u8, naive.side);
        }
    }
}

#[test]
#[ignore = "deeper perft; run with --ignored --release"]
fn perft_deeper() {
    for s in [Suicide::Piece, Suicide::Group] {
        let start = Pylon::start(&rules(4, s));
        let naive = Naive::new(4, s == Suicide::Group);
        assert_eq!(perft::<Pylon>(&start, 4), naive.perft(4));
        let start = Pylon::start(&rules(6, s));
        println!("{s:?} size 6 depth 3: {}", perft::<Pylon>(&start, 3));
    }
}

#[test]
#[ignore = "prints the counts"]
fn print_counts() {
    for n in [2u8, 3, 4, 5, 6] {
        for s in [Suicide::Piece, Suicide::Group] {
            let start = Pylon::start(&rules(n, s));
            let v: Vec<u64> = (1..=4).map(|d| perft::<Pylon>(&start, d)).collect();
            println!("n={n} {s:?} {v:?}");
        }
    }
}

/// Random stacked positions (not reachable by play, so denser and stranger than games): the
/// two generators agree on every group, every legal point of both sides and every covering
/// set.
#[test]
fn random_positions_match_the_naive_generator() {
    positions_agree(&[3, 4, 5, 6], 300, 0xfeed_beef);
}

/// The same on boards whose positions use wider sets than a `u128` (sizes 7–12 and 13–26).
#[test]
fn random_positions_on_larger_boards_match_the_naive_generator() {
    positions_agree(&[7, 8, 9, 15], 48, 0xbeef_feed);
}

/// `cases` random positions, on `sizes` in turn.
fn positions_agree(sizes: &[u8], cases: usize, seed: u64) {
    let mut seed = gamenote::generate::Rng::new(seed);
    for case in 0..cases {
        let n = sizes[case % sizes.len()];
        let (s, g) = if case % 2 == 0 {
            (Suicide::Piece, false)
        } else {
            (Suicide::Group, true)
        };
        let mut naive = Naive::new(i32::from(n), g);
        // Fill level by level: each supported point is taken with some probability.
        let density = 35 + seed.next_u64() % 50; // percent
        for p in naive.all() {
            if naive.playable(p) && seed.next_u64() % 100 < density {
                let colour = (seed.next_u64() % 2) as u8;
                naive.board.insert(p, colour);
            }
        }
        let white: Vec<Point> = naive
            .board
            .iter()
            .filter(|(_, c)| **c == 0)
            .map(|(p, _)| Point::new(p.0 as u8, p.1 as u8, p.2 as u8))
            .collect();
        let black: Vec<Point> = naive
            .board
            .iter()
            .filter(|(_, c)| **c == 1)
            .map(|(p, _)| Point::new(p.0 as u8, p.1 as u8, p.2 as u8))
            .collect();
        let pos = Position::with_pieces(rules(n, s), &white, &black, 0).unwrap();
        for p in naive.board.keys() {
            let fast: BTreeSet<P> = pos
                .group(Point::new(p.0 as u8, p.1 as u8, p.2 as u8))
                .into_iter()
                .map(to_p)
                .collect();
            let slow: BTreeSet<P> = naive.group(*p).into_iter().collect();
            assert_eq!(fast, slow, "case {case}: group of {p:?}");
        }
        for seat in 0..2u8 {
            let slow = naive.placements(seat);
            let fast: BTreeSet<P> = pos
                .placements(usize::from(seat))
                .into_iter()
                .map(to_p)
                .collect();
            let slow_points: BTreeSet<P> = slow.iter().map(|(x, _, _)| *x).collect();
            assert_eq!(fast, slow_points, "case {case}: placements of seat {seat}");
            let as_mover =
                Position::with_pieces(rules(n, s), &white, &black, usize::from(seat)).unwrap();
            for (x, cover, _) in &slow {
                let p = Point::new(x.0 as u8, x.1 as u8, x.2 as u8);
                let c: BTreeSet<P> = as_mover
                    .covering(p)
                    .unwrap()
                    .into_iter()
                    .map(to_p)
                    .collect();
                assert_eq!(&c, cover, "case {case}: covering of {p} by seat {seat}");
            }
        }
    }
}
