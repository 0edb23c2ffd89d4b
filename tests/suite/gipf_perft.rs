//! Perft from each variant's start, cross-checked by a second, deliberately naive generator
//! written here (coordinates as (column, row) with the spec's step table, a map for the
//! board, every line scanned after every push), and random games compared move by move.

use gamenote::Play;
use std::collections::{BTreeMap, BTreeSet};

use gamenote::gipf::{Gipf, Position, Rules, Variant, position_string};
use gamenote::perft::perft;

// ---------------------------------------------------------------- the naive model

const LEN: [i32; 9] = [5, 6, 7, 8, 9, 8, 7, 6, 5];
type Pt = (i32, i32); // (column 0..9, row 1..)

fn on_board(p: Pt) -> bool {
    (0..9).contains(&p.0) && p.1 >= 1 && p.1 <= LEN[p.0 as usize]
}
fn is_dot(p: Pt) -> bool {
    p.0 == 0 || p.0 == 8 || p.1 == 1 || p.1 == LEN[p.0 as usize]
}
/// The spec's table: N, NE, SE, S, SW, NW as (Δcol, Δrow) by the column left.
fn step(p: Pt, d: usize) -> Option<Pt> {
    let (c, _) = p;
    let delta = match d {
        0 => (0, 1),
        3 => (0, -1),
        1 => (1, if c <= 3 { 1 } else { 0 }),
        4 => (-1, if c <= 4 { -1 } else { 0 }),
        2 => (1, if c <= 3 { 0 } else { -1 }),
        _ => (-1, if c <= 4 { 0 } else { 1 }),
    };
    let q = (p.0 + delta.0, p.1 + delta.1);
    on_board(q).then_some(q)
}
fn all_points() -> Vec<Pt> {
    (0..9)
        .flat_map(|c| (1..=LEN[c as usize]).map(move |r| (c, r)))
        .collect()
}
/// Every line as its spots in order, found by walking from every dot.
fn lines() -> Vec<Vec<Pt>> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for p in all_points().into_iter().filter(|p| is_dot(*p)) {
        for d in 0..6 {
            let mut v = Vec::new();
            let mut q = p;
            while let Some(n) = step(q, d) {
                if is_dot(n) {
                    break;
                }
                v.push(n);
                q = n;
            }
            if v.is_empty() {
                continue;
            }
            let key: BTreeSet<Pt> = v.iter().copied().collect();
            if seen.insert(key) {
                out.push(v);
            }
        }
    }
    out
}

#[derive(Clone, PartialEq, Eq, Debug)]
struct N {
    board: BTreeMap<Pt, (usize, bool)>,
    reserve: [i32; 2],
    lost: [i32; 2],
    to_move: usize,
    moved: [bool; 2],
    basic: [bool; 2],
    variant: Variant,
    /// (ply*2 + phase, remover) when each player's last GIPF-piece left the board.
    zero: [Option<(i32, usize)>; 2],
    ply: i32,
}

fn n_start(v: Variant) -> N {
    let mut board = BTreeMap::new();
    if v != Variant::Tournament {
        let g = v == Variant::Standard;
        for p in [(4, 2), (1, 5), (7, 5)] {
            board.insert(p, (0, g));
        }
        for p in [(1, 2), (4, 8), (7, 2)] {
            board.insert(p, (1, g));
        }
    }
    let r = if v == Variant::Tournament { 18 } else { 12 };
    N {
        board,
        reserve: [r, r],
        lost: [0, 0],
        to_move: 0,
        moved: [false; 2],
        basic: [false; 2],
        variant: v,
        zero: [None; 2],
        ply: 0,
    }
}

fn has_gipf(n: &N, c: usize) -> bool {
    n.board.values().any(|&(col, g)| col == c && g)
}

/// Rows of colour c: (line index, removal set).
fn n_rows(n: &N, c: usize, lines: &[Vec<Pt>], skip: &BTreeSet<usize>) -> Vec<(usize, Vec<Pt>)> {
    let mut out = Vec::new();
    for (li, l) in lines.iter().enumerate() {
        if skip.contains(&li) {
            continue;
        }
        let mut i = 0;
        while i < l.len() {
            let mut j = i;
            while j < l.len() && n.board.get(&l[j]).map(|x| x.0) == Some(c) {
                j += 1;
            }
            if j - i >= 4 {
                let mut a = i;
                while a > 0 && n.board.contains_key(&l[a - 1]) {
                    a -= 1;
                }
                let mut b = j;
                while b < l.len() && n.board.contains_key(&l[b]) {
                    b += 1;
                }
                out.push((li, l[a..b].to_vec()));
                break;
            }
            i = j.max(i + 1);
        }
    }
    out
}

fn n_remove(n: &mut N, c: usize, pts: &[Pt], stamp: i32) {
    let had = [has_gipf(n, 0), has_gipf(n, 1)];
    for p in pts {
        if let Some((col, g)) = n.board.remove(p) {
            let w = if g { 2 } else { 1 };
            if col == c {
                n.reserve[c] += w;
            } else {
                n.lost[col] += w;
            }
        }
    }
    for (s, had) in had.into_iter().enumerate() {
        if had && !has_gipf(n, s) && n.zero[s].is_none() {
            n.zero[s] = Some((stamp, c));
        }
    }
}

/// Every distinct way to carry out a removal phase: (groups as sorted sets, position after).
fn n_phase(n: &N, c: usize, lines: &[Vec<Pt>], stamp: i32) -> Vec<(Vec<Vec<Pt>>, N)> {
    let mut out: Vec<(Vec<Vec<Pt>>, N)> = Vec::new();
    fn rec(
        n: &N,
        c: usize,
        lines: &[Vec<Pt>],
        stamp: i32,
        done: &BTreeSet<usize>,
        groups: &mut Vec<Vec<Pt>>,
        out: &mut Vec<(Vec<Vec<Pt>>, N)>,
    ) {
        let rows = n_rows(n, c, lines, done);
        let due = rows
            .iter()
            .any(|(_, set)| set.iter().any(|p| !n.board[p].1));
        if !due {
            let mut g = groups.clone();
            g.sort();
            if !out.iter().any(|(h, _)| *h == g) {
                out.push((g, n.clone()));
            }
        }
        for (li, set) in rows {
            let gipfs: Vec<Pt> = set.iter().copied().filter(|p| n.board[p].1).collect();
            let basics: Vec<Pt> = set.iter().copied().filter(|p| !n.board[p].1).collect();
            for bits in 0..(1u32 << gipfs.len()) {
                let mut rm = basics.clone();
                for (k, g) in gipfs.iter().enumerate() {
                    if bits & (1 << k) != 0 {
                        rm.push(*g);
                    }
                }
                if rm.is_empty() {
                    continue;
                }
                rm.sort();
                let mut m = n.clone();
                n_remove(&mut m, c, &rm, stamp);
                let mut d = done.clone();
                d.insert(li);
                groups.push(rm);
                rec(&m, c, lines, stamp, &d, groups, out);
                groups.pop();
            }
        }
    }
    rec(
        n,
        c,
        lines,
        stamp,
        &BTreeSet::new(),
        &mut Vec::new(),
        &mut out,
    );
    out
}

fn n_end(n: &N) -> bool {
    let p = n.to_move;
    if n.variant != Variant::Basic {
        let lacks = |c: usize| !has_gipf(n, c) && (n.variant == Variant::Standard || n.moved[c]);
        if lacks(0) || lacks(1) {
            return true;
        }
    }
    n.reserve[p] == 0
}

fn n_over(n: &N, lines: &[Vec<Pt>]) -> bool {
    let due = n_rows(n, n.to_move, lines, &BTreeSet::new())
        .iter()
        .any(|(_, set)| set.iter().any(|p| !n.board[p].1));
    !due && n_end(n)
}

/// The positions after every legal move.
fn n_moves(n: &N, lines: &[Vec<Pt>]) -> Vec<N> {
    let mut out = Vec::new();
    if n_over(n, lines) {
        return out;
    }
    let c = n.to_move;
    for (pre, p1) in n_phase(n, c, lines, n.ply * 2 + 1) {
        let ended = n_end(&p1);
        if ended {
            if !pre.is_empty() {
                out.push(p1);
            }
            continue;
        }
        let mut kinds = Vec::new();
        if p1.reserve[c] >= 1 && (p1.variant != Variant::Tournament || p1.moved[c]) {
            kinds.push(false);
        }
        if p1.variant == Variant::Tournament && !p1.basic[c] && p1.reserve[c] >= 2 {
            kinds.push(true);
        }
        let mut seen = BTreeSet::new();
        for d0 in all_points().into_iter().filter(|p| is_dot(*p)) {
            for dir in 0..6 {
                let mut ray = Vec::new();
                let mut q = d0;
                while let Some(s) = step(q, dir) {
                    if is_dot(s) {
                        break;
                    }
                    ray.push(s);
                    q = s;
                }
                if ray.is_empty() {
                    continue;
                }
                let Some(j) = ray.iter().position(|s| !p1.board.contains_key(s)) else {
                    continue;
                };
                for &g in &kinds {
                    let key = if j == 0 {
                        (ray[0], (-1, -1), g)
                    } else {
                        (ray[0], d0, g)
                    };
                    if !seen.insert(key) {
                        continue;
                    }
                    let mut p2 = p1.clone();
                    for k in (1..=j).rev() {
                        let v = p2.board.remove(&ray[k - 1]).unwrap();
                        p2.board.insert(ray[k], v);
                    }
                    p2.board.insert(ray[0], (c, g));
                    p2.reserve[c] -= if g { 2 } else { 1 };
                    p2.moved[c] = true;
                    if !g {
                        p2.basic[c] = true;
                    }
                    for (_, mut p3) in n_phase(&p2, c, lines, p2.ply * 2 + 2) {
                        p3.to_move = 1 - c;
                        p3.ply += 1;
                        out.push(p3);
                    }
                }
            }
        }
    }
    out
}

fn n_string(n: &N) -> String {
    let mut s = String::new();
    for p in all_points().into_iter().filter(|p| !is_dot(*p)) {
        s.push(match n.board.get(&p) {
            None => '.',
            Some((0, false)) => 'o',
            Some((0, true)) => 'O',
            Some((_, false)) => 'x',
            Some((_, true)) => 'X',
        });
    }
    format!(
        "{s} W={} lostW={} B={} lostB={} next={}",
        n.reserve[0],
        n.lost[0],
        n.reserve[1],
        n.lost[1],
        if n.to_move == 0 { 'o' } else { 'x' }
    )
}

fn n_perft(n: &N, lines: &[Vec<Pt>], depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = n_moves(n, lines);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| n_perft(m, lines, depth - 1)).sum()
}

// ---------------------------------------------------------------- the checks

fn start(v: Variant) -> Position {
    Gipf::start(&Rules::new(v))
}

#[test]
fn naive_model_geometry() {
    assert_eq!(all_points().len(), 61);
    assert_eq!(all_points().iter().filter(|p| is_dot(**p)).count(), 24);
    assert_eq!(lines().len(), 21);
}

#[test]
fn perft_basic() {
    let lines = lines();
    let counts: Vec<u64> = (1..=3)
        .map(|d| perft::<Gipf>(&start(Variant::Basic), d))
        .collect();
    let naive: Vec<u64> = (1..=3)
        .map(|d| n_perft(&n_start(Variant::Basic), &lines, d))
        .collect();
    assert_eq!(counts, naive);
    // 12 empty ring spots, and 3 rays into each of the 6 occupied corner spots.
    assert_eq!(counts[0], 12 + 6 * 3);
}

#[test]
fn perft_standard() {
    let lines = lines();
    let counts: Vec<u64> = (1..=3)
        .map(|d| perft::<Gipf>(&start(Variant::Standard), d))
        .collect();
    let naive: Vec<u64> = (1..=3)
        .map(|d| n_perft(&n_start(Variant::Standard), &lines, d))
        .collect();
    assert_eq!(counts, naive);
}

#[test]
fn perft_tournament() {
    let lines = lines();
    let counts: Vec<u64> = (1..=3)
        .map(|d| perft::<Gipf>(&start(Variant::Tournament), d))
        .collect();
    let naive: Vec<u64> = (1..=3)
        .map(|d| n_perft(&n_start(Variant::Tournament), &lines, d))
        .collect();
    assert_eq!(counts, naive);
    assert_eq!(counts[0], 18);
}

#[test]
#[ignore = "slow (depth 5 of three variants): cargo test --release --test suite gipf_perft -- --ignored"]
fn perft_deeper() {
    for v in [Variant::Basic, Variant::Standard, Variant::Tournament] {
        for d in 1..=5 {
            println!("{v} perft({d}) = {}", perft::<Gipf>(&start(v), d));
        }
    }
}

use gamenote::generate::Rng;

/// Random games: at every position the two generators give the same multiset of positions
/// after a move, and the game goes on along one of them.
#[test]
fn random_games_agree_with_the_naive_generator() {
    let lines = lines();
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let mut plies = 0;
    let mut removals = 0;
    for game in 0..30 {
        let v = [Variant::Basic, Variant::Standard, Variant::Tournament][game % 3];
        let mut fast = start(v);
        let mut naive = n_start(v);
        loop {
            assert_eq!(position_string(&fast), n_string(&naive));
            let mut moves = Vec::new();
            Gipf::legal_moves(&fast, &mut moves);
            let mut fast_after: Vec<(String, Position)> = moves
                .iter()
                .map(|m| {
                    let mut p = fast.clone();
                    Gipf::play(&mut p, m);
                    (position_string(&p), p)
                })
                .collect();
            let mut naive_after: Vec<(String, N)> = n_moves(&naive, &lines)
                .into_iter()
                .map(|n| (n_string(&n), n))
                .collect();
            fast_after.sort_by(|a, b| a.0.cmp(&b.0));
            naive_after.sort_by(|a, b| a.0.cmp(&b.0));
            let fa: Vec<&String> = fast_after.iter().map(|x| &x.0).collect();
            let na: Vec<&String> = naive_after.iter().map(|x| &x.0).collect();
            assert_eq!(fa, na, "game {game}, ply {}", fast.ply());
            assert_eq!(Gipf::outcome(&fast).is_some(), fa.is_empty());
            assert_eq!(Gipf::count_legal(&fast), moves.len() as u64);
            if fa.is_empty() {
                break;
            }
            if moves
                .iter()
                .any(|m| !m.pre().is_empty() || !m.post().is_empty())
            {
                removals += 1;
            }
            let k = (rng.next_u64() % fa.len() as u64) as usize;
            fast = fast_after[k].1.clone();
            naive = naive_after[k].1.clone();
            plies += 1;
        }
    }
    assert!(plies > 500, "{plies}");
    assert!(removals > 20, "{removals}");
}

/// The naive model of a set-up position (both players have moved and played a basic piece).
fn n_from(fast: &Position, variant: Variant) -> N {
    let mut board = BTreeMap::new();
    for p in all_points() {
        let s = format!("{}{}", (b'a' + p.0 as u8) as char, p.1);
        let pt: gamenote::gipf::Point = s.parse().unwrap();
        if let Some(piece) = fast.piece(pt) {
            board.insert(p, piece);
        }
    }
    N {
        board,
        reserve: [i32::from(fast.reserve(0)), i32::from(fast.reserve(1))],
        lost: [i32::from(fast.lost(0)), i32::from(fast.lost(1))],
        to_move: fast.to_move(),
        moved: [true; 2],
        basic: [true; 2],
        variant,
        zero: [None; 2],
        ply: 0,
    }
}

fn setup(variant: Variant, spec: &str) -> Position {
    let mut pos = Position::empty(Rules::new(variant), [10, 10]);
    let mut piece = None;
    for w in spec.split_whitespace() {
        match w {
            "o" => piece = Some((0, false)),
            "O" => piece = Some((0, true)),
            "x" => piece = Some((1, false)),
            "X" => piece = Some((1, true)),
            pt => pos.set(pt.parse().unwrap(), piece),
        }
    }
    pos.set_to_move(0);
    pos
}

/// Positions with rows of every kind: the two generators agree move for move, two plies deep.
#[test]
fn row_positions_agree_with_the_naive_generator() {
    let lines = lines();
    let cases = [
        // a row of GIPF-pieces only (R8), kept or taken in either phase
        (Variant::Tournament, "O c2 d3 e4 f4 X h2 x h3"),
        // a pre-move row whose removal can end the game (removal-only moves)
        (Variant::Standard, "o c3 d3 e3 f2 O h5 X b3"),
        // a push that makes two rows crossing at f5
        (Variant::Basic, "o f2 f3 f4 d4 e5 g5 x c3"),
        (Variant::Standard, "o f2 f3 f4 d4 g5 O e5 x c3 X h2"),
        // two rows that do not cross (diagram 7)
        (
            Variant::Standard,
            "o f3 f6 e4 g4 h4 O c5 d6 e7 x f2 f4 f5 b4 c2 d3 X h2",
        ),
        // both last GIPF-pieces in one set
        (Variant::Standard, "o c3 e3 O d3 X b3 x h2"),
        // two pre-move rows crossing at a GIPF-piece
        (Variant::Tournament, "o c2 d3 f4 e2 e3 e5 O e4 X h2"),
        // a black row made by White's push
        (Variant::Basic, "x b2 c3 c4 c5"),
    ];
    for (v, spec) in cases {
        let fast = setup(v, spec);
        let naive = n_from(&fast, v);
        assert_eq!(position_string(&fast), n_string(&naive), "{spec}");
        let mut moves = Vec::new();
        Gipf::legal_moves(&fast, &mut moves);
        let mut fa: Vec<String> = moves
            .iter()
            .map(|m| {
                let mut p = fast.clone();
                Gipf::play(&mut p, m);
                position_string(&p)
            })
            .collect();
        let mut na: Vec<String> = n_moves(&naive, &lines).iter().map(n_string).collect();
        fa.sort();
        na.sort();
        assert_eq!(fa, na, "{spec}");
        assert!(moves.len() > 10, "{spec}");
        assert_eq!(
            perft::<Gipf>(&fast, 2),
            n_perft(&naive, &lines, 2),
            "{spec}"
        );
    }
}

/// Depth 4 with the fast generator only (a regression guard: the naive one takes minutes
/// there). Basic and standard still agree at depth 4; they part at depth 5, where rows with
/// GIPF-pieces in them first offer a choice.
#[test]
fn perft_depth_4() {
    assert_eq!(perft::<Gipf>(&start(Variant::Basic), 4), 924_432);
    assert_eq!(perft::<Gipf>(&start(Variant::Standard), 4), 924_432);
    assert_eq!(perft::<Gipf>(&start(Variant::Tournament), 4), 620_352);
}
