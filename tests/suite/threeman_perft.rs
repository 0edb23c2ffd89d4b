//! Perft and move lists cross-checked against a second, deliberately naive generator written
//! here from the rules text: a 6 × 24 mailbox of `Option<Man>`, geometry worked out by
//! stepping on every call, attacks found by generating every opponent's captures. It shares
//! nothing with the library but the public `Game` interface it is compared through.

use gamenote::{Notate, Play};
use std::collections::BTreeMap;

use gamenote::threeman::{Rules, Style, ThreeMan, position_string};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Man {
    c: usize,
    k: char, // p n b r q k
    crossed: bool,
}

type Sq = (i32, i32); // (rank 0..=5, file 0..=23)

#[derive(Clone)]
struct Naive {
    b: [[Option<Man>; 24]; 6],
    side: usize,
    castle: [[bool; 2]; 3], // [king side (a), queen side (h)]
    ep: [Option<Sq>; 3],
    bridged: [bool; 3], // moats WG, GB, BW
    alive: [bool; 3],
    draw: bool,
    clock: u32,
    round: u32,
    rules: Rules,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
struct NMove {
    from: Sq,
    to: Sq,
    promo: char,
    castle: bool,
    ep: bool,
    crossing: bool,
}

fn norm(s: Sq) -> Sq {
    (s.0, s.1.rem_euclid(24))
}
fn zone_of(f: i32) -> usize {
    (f.rem_euclid(24) / 8) as usize
}
/// The moat a step crosses: different zones and one square on rank 1.
fn moat(a: Sq, b: Sq) -> Option<usize> {
    let (za, zb) = (zone_of(a.1), zone_of(b.1));
    if za == zb || (a.0 != 0 && b.0 != 0) {
        return None;
    }
    Some(if zb == (za + 1) % 3 { za } else { zb })
}

/// One slide: the squares after each step and the moats crossed so far.
fn slide(from: Sq, kind: &str, d: i32) -> Vec<(Sq, Vec<usize>)> {
    let mut out = Vec::new();
    let mut cur = from;
    let mut moats = Vec::new();
    let mut outward = false;
    loop {
        let next: Sq = match kind {
            "file" => (cur.0, cur.1 + d),
            "in" => {
                if outward {
                    if cur.0 == 0 {
                        break;
                    }
                    (cur.0 - 1, cur.1)
                } else if cur.0 < 5 {
                    (cur.0 + 1, cur.1)
                } else {
                    outward = true;
                    (5, cur.1 + 12)
                }
            }
            "out" => {
                if cur.0 == 0 {
                    break;
                }
                (cur.0 - 1, cur.1)
            }
            "diagin" => {
                if outward {
                    if cur.0 == 0 {
                        break;
                    }
                    (cur.0 - 1, cur.1 + d)
                } else if cur.0 < 5 {
                    (cur.0 + 1, cur.1 + d)
                } else {
                    outward = true;
                    (5, cur.1 - 10 * d)
                }
            }
            _ => {
                if cur.0 == 0 {
                    break;
                }
                (cur.0 - 1, cur.1 + d)
            }
        };
        let next = norm(next);
        if let Some(m) = moat(cur, next) {
            moats.push(m);
        }
        if next == from {
            break;
        }
        out.push((next, moats.clone()));
        cur = next;
    }
    out
}

fn rays(k: char) -> Vec<(&'static str, i32)> {
    let rook = vec![("file", 1), ("file", -1), ("in", 0), ("out", 0)];
    let bishop = vec![
        ("diagin", 1),
        ("diagin", -1),
        ("diagout", 1),
        ("diagout", -1),
    ];
    match k {
        'r' => rook,
        'b' => bishop,
        _ => rook.into_iter().chain(bishop).collect(),
    }
}

fn jumps(from: Sq, k: char) -> Vec<Sq> {
    let mut v = Vec::new();
    if k == 'n' {
        for (dr, df) in [
            (1, 2),
            (1, -2),
            (-1, 2),
            (-1, -2),
            (2, 1),
            (2, -1),
            (-2, 1),
            (-2, -1),
        ] {
            let (mut r, mut f) = (from.0 + dr, from.1 + df);
            if r > 5 {
                r = 11 - r;
                f += 12;
            }
            if r >= 0 {
                v.push(norm((r, f)));
            }
        }
    } else {
        for (kind, d) in rays('q') {
            if let Some((s, _)) = slide(from, kind, d).first() {
                v.push(*s);
            }
        }
    }
    v
}

impl Naive {
    fn start() -> Naive {
        let mut b = [[None; 24]; 6];
        let back = ['r', 'n', 'b', 'k', 'q', 'b', 'n', 'r'];
        for c in 0..3 {
            for (x, k) in back.iter().enumerate() {
                let f = 8 * c + 7 - x;
                b[0][f] = Some(Man {
                    c,
                    k: *k,
                    crossed: false,
                });
                b[1][f] = Some(Man {
                    c,
                    k: 'p',
                    crossed: false,
                });
            }
        }
        Naive {
            b,
            side: 0,
            castle: [[true; 2]; 3],
            ep: [None; 3],
            bridged: [false; 3],
            alive: [true; 3],
            draw: false,
            clock: 0,
            round: 1,
            rules: Rules::default(),
        }
    }
    /// Reads an extended position string (trusting it: test input only).
    fn from_fen(s: &str) -> Naive {
        let f: Vec<&str> = s.split(' ').collect();
        let mut n = Naive::start();
        n.b = [[None; 24]; 6];
        for (zi, z) in [2usize, 1, 0].into_iter().enumerate() {
            let rows: Vec<&str> = f[2 * zi + 1].split('/').collect();
            for (ri, row) in rows.iter().enumerate() {
                let r = 5 - ri as i32;
                let mut x = 0;
                let b = row.as_bytes();
                let mut i = 0;
                while i < b.len() {
                    if b[i].is_ascii_digit() {
                        x += (b[i] - b'0') as i32;
                        i += 1;
                        continue;
                    }
                    let c = "WGB".find(b[i] as char).unwrap();
                    let k = b[i + 1] as char;
                    let crossed = b.get(i + 2) == Some(&b'\'');
                    n.b[r as usize][(8 * z as i32 + 7 - x) as usize] = Some(Man { c, k, crossed });
                    x += 1;
                    i += if crossed { 3 } else { 2 };
                }
            }
        }
        n.side = "WGB".find(f[6]).unwrap();
        for (c, part) in f[7].split('/').enumerate() {
            n.castle[c] = [part.contains('K'), part.contains('Q')];
        }
        n.ep = [None; 3];
        if f[8] != "-" {
            let eps: Vec<&str> = f[8].split(',').collect();
            let seats = if eps.len() == 2 {
                vec![(n.side + 1) % 3, (n.side + 2) % 3]
            } else {
                let z = ["WH", "GR", "BL"]
                    .iter()
                    .position(|c| eps[0].starts_with(c))
                    .unwrap();
                vec![z]
            };
            for (e, seat) in eps.iter().zip(seats) {
                let z = ["WH", "GR", "BL"]
                    .iter()
                    .position(|c| e.starts_with(c))
                    .unwrap() as i32;
                let x = (e.as_bytes()[2] - b'a') as i32;
                let r = (e.as_bytes()[3] - b'1') as i32;
                n.ep[seat] = Some((r, 8 * z + 7 - x));
            }
        }
        n.bridged = [
            f[9].contains("WG"),
            f[9].contains("GB"),
            f[9].contains("BW"),
        ];
        n.alive = [
            f[10].contains('W'),
            f[10].contains('G'),
            f[10].contains('B'),
        ];
        n.clock = f[11].parse().unwrap();
        n.round = f[12].parse().unwrap();
        n
    }
    /// A moat that is a moat: not one of an eliminated player's under the two options
    /// that open those.
    fn counts(&self, m: usize) -> bool {
        let dead = !self.alive[m] || !self.alive[(m + 1) % 3];
        !(dead && (self.rules.open_moats || self.rules.dead_moats_open))
    }
    fn quiet_may_cross(&self, m: usize) -> bool {
        self.rules.open_moats || self.bridged[m]
    }
    fn at(&self, s: Sq) -> Option<Man> {
        self.b[s.0 as usize][s.1 as usize]
    }
    fn set(&mut self, s: Sq, m: Option<Man>) {
        self.b[s.0 as usize][s.1 as usize] = m;
    }
    fn king(&self, c: usize) -> Option<Sq> {
        (0..6)
            .flat_map(|r| (0..24).map(move |f| (r, f)))
            .find(|s| self.at(*s).is_some_and(|m| m.c == c && m.k == 'k'))
    }

    /// Every target of the piece on `from`: (to, capture, crossing), promotion aside.
    fn targets(&self, from: Sq) -> Vec<(Sq, bool, bool)> {
        let man = self.at(from).unwrap();
        let mut out: BTreeMap<Sq, (bool, bool)> = BTreeMap::new(); // to -> (capture, crossing)
        let mut add = |to: Sq, cap: bool, crossing: bool| {
            let e = out.entry(to).or_insert((cap, crossing));
            e.1 = e.1 && crossing;
        };
        let enemy = |s: Sq| self.at(s).is_some_and(|m| m.c != man.c);
        match man.k {
            'p' => {
                let (r, f) = from;
                if !man.crossed {
                    let fwd = if r < 5 { (r + 1, f) } else { norm((5, f + 12)) };
                    if self.at(fwd).is_none() {
                        add(fwd, false, false);
                        if r == 1 && self.at((3, f)).is_none() {
                            add((3, f), false, false);
                        }
                    }
                    let caps: Vec<Sq> = if r < 5 {
                        vec![norm((r + 1, f + 1)), norm((r + 1, f - 1))]
                    } else {
                        vec![norm((5, f + 10)), norm((5, f - 10))]
                    };
                    for t in caps {
                        let creek = (r == 1 || r == 2)
                            && (self.rules.strict_creeks || zone_of(t.1) != zone_of(f));
                        if enemy(t) && !creek {
                            add(t, true, false);
                        }
                    }
                } else {
                    if self.at((r - 1, f)).is_none() {
                        add((r - 1, f), false, false);
                    }
                    for t in [norm((r - 1, f + 1)), norm((r - 1, f - 1))] {
                        if enemy(t) && moat(from, t).is_none_or(|m| !self.counts(m)) {
                            add(t, true, false);
                        }
                    }
                    if r == 3 {
                        for seat in 0..3 {
                            if seat == self.side
                                || (self.rules.ep_next_only && (seat + 1) % 3 != self.side)
                            {
                                continue;
                            }
                            if let Some(e) = self.ep[seat] {
                                let adjacent =
                                    (e.1 - f).rem_euclid(24) == 1 || (f - e.1).rem_euclid(24) == 1;
                                let victim = self.at((3, e.1));
                                if adjacent
                                    && self.at(e).is_none()
                                    && victim.is_some_and(|v| v.k == 'p' && v.c == seat)
                                    && seat != man.c
                                {
                                    add(e, true, false);
                                }
                            }
                        }
                    }
                }
            }
            'n' | 'k' => {
                for t in jumps(from, man.k) {
                    let m = moat(from, t).filter(|m| self.counts(*m));
                    match self.at(t) {
                        None => match m {
                            None => add(t, false, false),
                            Some(m) if self.quiet_may_cross(m) => add(t, false, true),
                            _ => {}
                        },
                        Some(o) if o.c != man.c && m.is_none() => add(t, true, false),
                        _ => {}
                    }
                }
            }
            k => {
                for (kind, d) in rays(k) {
                    for (t, moats) in slide(from, kind, d) {
                        let moats: Vec<usize> =
                            moats.into_iter().filter(|m| self.counts(*m)).collect();
                        if moats.iter().any(|m| !self.quiet_may_cross(*m)) {
                            break;
                        }
                        match self.at(t) {
                            None => add(t, false, !moats.is_empty()),
                            Some(o) => {
                                if o.c != man.c && moats.is_empty() {
                                    add(t, true, false);
                                }
                                break;
                            }
                        }
                    }
                }
            }
        }
        out.into_iter().map(|(t, (c, x))| (t, c, x)).collect()
    }

    /// True when a piece of colour `by` could capture on `t` (creeks and moats obeyed).
    fn attacks(&self, by: usize, t: Sq) -> bool {
        let mut probe = self.clone();
        // make sure the target is an enemy of `by` for capture generation
        let victim = (by + 1) % 3;
        probe.set(
            t,
            Some(Man {
                c: victim,
                k: 'k',
                crossed: false,
            }),
        );
        probe.ep = [None; 3];
        for r in 0..6 {
            for f in 0..24 {
                if let Some(m) = probe.at((r, f))
                    && m.c == by
                    && probe
                        .targets((r, f))
                        .iter()
                        .any(|(s, cap, _)| *s == t && *cap)
                {
                    return true;
                }
            }
        }
        false
    }

    fn in_check(&self, c: usize) -> bool {
        let Some(k) = self.king(c) else { return false };
        (0..3).any(|o| o != c && self.alive[o] && self.attacks(o, k))
    }

    fn apply(&mut self, m: &NMove) {
        let s = self.side;
        let mut man = self.at(m.from).unwrap();
        let mut taken = self.at(m.to);
        self.set(m.from, None);
        if man.k == 'p' {
            if m.promo != ' ' {
                man.k = m.promo;
                man.crossed = false;
            } else if !man.crossed && m.from.0 == 5 && m.to.0 == 5 {
                man.crossed = true;
            }
            if m.ep {
                taken = self.at((3, m.to.1));
                self.set((3, m.to.1), None);
            }
        }
        if m.castle {
            let base = 8 * s as i32;
            let (rf, rt) = if m.to.1 > m.from.1 {
                (base + 7, base + 5)
            } else {
                (base, base + 3)
            };
            let rook = self.at((0, rf));
            self.set((0, rf), None);
            self.set((0, rt), rook);
        }
        self.set(m.to, Some(man));
        if man.k == 'k' {
            self.castle[s] = [false, false];
        }
        for sq in [m.from, m.to] {
            if sq.0 == 0 {
                let z = (sq.1 / 8) as usize;
                if sq.1 % 8 == 7 {
                    self.castle[z][0] = false;
                }
                if sq.1 % 8 == 0 {
                    self.castle[z][1] = false;
                }
            }
        }
        if let Some(t) = taken
            && t.k == 'k'
        {
            self.eliminate(t.c);
        }
        self.ep[s] = if man.k == 'p' && m.to.0 - m.from.0 == 2 {
            Some((2, m.from.1))
        } else {
            None
        };
        if taken.is_some() || man.k == 'p' || m.promo != ' ' {
            self.clock = 0;
        } else {
            self.clock += 1;
        }
        for c in 0..3 {
            if self.alive[c]
                && (0..8).all(|x| self.at((0, 8 * c as i32 + x)).is_none_or(|m| m.c != c))
            {
                self.bridge_zone(c);
            }
        }
    }
    fn bridge_zone(&mut self, c: usize) {
        self.bridged[c] = true;
        self.bridged[(c + 2) % 3] = true;
    }
    fn eliminate(&mut self, c: usize) {
        self.alive[c] = false;
        self.castle[c] = [false, false];
        self.bridge_zone(c);
    }

    fn pseudo(&self) -> Vec<NMove> {
        let mut out = Vec::new();
        let s = self.side;
        for r in 0..6 {
            for f in 0..24 {
                let Some(man) = self.at((r, f)) else { continue };
                if man.c != s {
                    continue;
                }
                for (to, _cap, crossing) in self.targets((r, f)) {
                    let ep = man.k == 'p' && man.crossed && to.1 != f && self.at(to).is_none();
                    let promos: Vec<char> = if man.k == 'p' && man.crossed && to.0 == 0 {
                        vec!['q', 'r', 'b', 'n']
                    } else {
                        vec![' ']
                    };
                    for promo in promos {
                        out.push(NMove {
                            from: (r, f),
                            to,
                            promo,
                            castle: false,
                            ep,
                            crossing,
                        });
                    }
                }
            }
        }
        // castling
        let base = 8 * s as i32;
        if self.at((0, base + 4))
            == Some(Man {
                c: s,
                k: 'k',
                crossed: false,
            })
            && !self.in_check(s)
        {
            let attacked = |t: Sq| (0..3).any(|o| o != s && self.alive[o] && self.attacks(o, t));
            let rook = |f: i32| {
                self.at((0, f))
                    == Some(Man {
                        c: s,
                        k: 'r',
                        crossed: false,
                    })
            };
            if self.castle[s][0]
                && rook(base + 7)
                && [5, 6].iter().all(|x| self.at((0, base + x)).is_none())
                && [5, 6].iter().all(|x| !attacked((0, base + x)))
            {
                out.push(NMove {
                    from: (0, base + 4),
                    to: (0, base + 6),
                    promo: ' ',
                    castle: true,
                    ep: false,
                    crossing: false,
                });
            }
            if self.castle[s][1]
                && rook(base)
                && [1, 2, 3].iter().all(|x| self.at((0, base + x)).is_none())
                && [3, 2].iter().all(|x| !attacked((0, base + x)))
            {
                out.push(NMove {
                    from: (0, base + 4),
                    to: (0, base + 2),
                    promo: ' ',
                    castle: true,
                    ep: false,
                    crossing: false,
                });
            }
        }
        out
    }

    fn legal(&self) -> Vec<NMove> {
        if self.draw || self.alive.iter().filter(|a| **a).count() <= 1 {
            return Vec::new();
        }
        let s = self.side;
        self.pseudo()
            .into_iter()
            .filter(|m| {
                let mut after = self.clone();
                after.apply(m);
                if after.in_check(s) {
                    return false;
                }
                if m.crossing && !self.rules.open_moats {
                    // rule 3: the moved piece must not attack a live opponent's king
                    let mut only = after.clone();
                    for r in 0..6 {
                        for f in 0..24 {
                            if (r, f) != m.to && only.at((r, f)).is_some_and(|x| x.c == s) {
                                // still blocks, but cannot attack: hand it to a dead colour
                                let mut x = only.at((r, f)).unwrap();
                                x.c = 3;
                                only.set((r, f), Some(x));
                            }
                        }
                    }
                    for o in 0..3 {
                        if o != s
                            && after.alive[o]
                            && let Some(k) = after.king(o)
                            && only.attacks(s, k)
                        {
                            return false;
                        }
                    }
                }
                true
            })
            .collect()
    }

    fn play(&mut self, m: &NMove) {
        self.apply(m);
        for _ in 0..6 {
            if self.alive.iter().filter(|a| **a).count() <= 1 {
                // game over: the winner's side
                if let Some(w) = (0..3).find(|c| self.alive[*c]) {
                    self.side = w;
                }
                return;
            }
            self.side = (self.side + 1) % 3;
            if self.side == 0 {
                self.round += 1;
            }
            let t = self.side;
            self.ep[t] = None;
            if !self.alive[t] {
                continue;
            }
            if !self.legal().is_empty() {
                return;
            }
            let alive = self.alive.iter().filter(|a| **a).count();
            if self.in_check(t) || alive == 3 || self.rules.stalemate_eliminates {
                self.eliminate(t);
                continue;
            }
            self.draw = true;
            return;
        }
    }

    fn fen(&self) -> String {
        let mut out = String::new();
        for (i, z) in [2usize, 1, 0].into_iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(["White", "Gray", "Black"][z]);
            out.push(' ');
            for r in (0..6).rev() {
                let mut empty = 0;
                for x in 0..8 {
                    match self.at((r, 8 * z as i32 + 7 - x)) {
                        None => empty += 1,
                        Some(m) => {
                            if empty > 0 {
                                out.push_str(&empty.to_string());
                                empty = 0;
                            }
                            out.push(['W', 'G', 'B'][m.c]);
                            out.push(m.k);
                            if m.crossed {
                                out.push('\'');
                            }
                        }
                    }
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                }
                if r > 0 {
                    out.push('/');
                }
            }
        }
        out.push(' ');
        out.push(['W', 'G', 'B'][self.side]);
        out.push(' ');
        let rights: Vec<String> = (0..3)
            .map(|c| match self.castle[c] {
                [true, true] => "KQ".to_string(),
                [true, false] => "K".to_string(),
                [false, true] => "Q".to_string(),
                _ => "-".to_string(),
            })
            .collect();
        out.push_str(&rights.join("/"));
        let eps: Vec<String> = [(self.side + 1) % 3, (self.side + 2) % 3]
            .iter()
            .filter_map(|s| self.ep[*s])
            .map(|(r, f)| {
                let z = ["WH", "GR", "BL"][(f / 8) as usize];
                format!("{z}{}{}", (b'a' + (7 - f % 8) as u8) as char, r + 1)
            })
            .collect();
        out.push(' ');
        out.push_str(if eps.is_empty() { "-" } else { "" });
        out.push_str(&eps.join(","));
        let moats: Vec<&str> = (0..3)
            .filter(|m| self.bridged[*m])
            .map(|m| ["WG", "GB", "BW"][m])
            .collect();
        out.push(' ');
        out.push_str(if moats.is_empty() { "-" } else { "" });
        out.push_str(&moats.join(","));
        out.push(' ');
        for c in 0..3 {
            if self.alive[c] {
                out.push(['W', 'G', 'B'][c]);
            }
        }
        out.push_str(&format!(" {} {}", self.clock, self.round));
        out
    }
}

fn naive_perft(p: &Naive, depth: u32) -> u64 {
    let moves = p.legal();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut q = p.clone();
            q.play(m);
            naive_perft(&q, depth - 1)
        })
        .sum()
}

/// The fast generator's moves of a position as (from, to, promotion letter) on (r, F).
fn fast_keys(p: &<ThreeMan as Play>::Position) -> Vec<(Sq, Sq, char)> {
    let mut v = Vec::new();
    ThreeMan::legal_moves(p, &mut v);
    let mut k: Vec<(Sq, Sq, char)> = v
        .iter()
        .map(|m| {
            let f = m.from();
            let t = m.to();
            let promo = m.promotion().map_or(' ', |k| k.lower());
            (
                (f.rank() as i32, f.file() as i32),
                (t.rank() as i32, t.file() as i32),
                promo,
            )
        })
        .collect();
    k.sort();
    k
}

fn naive_keys(p: &Naive) -> Vec<(Sq, Sq, char)> {
    let mut k: Vec<(Sq, Sq, char)> = p.legal().iter().map(|m| (m.from, m.to, m.promo)).collect();
    k.sort();
    k
}

#[test]
fn naive_start_matches() {
    let fast = ThreeMan::start(&Rules::default());
    let naive = Naive::start();
    assert_eq!(naive.fen(), position_string::write(&fast));
    assert_eq!(naive_perft(&naive, 1), 20);
}

#[test]
fn perft_three_cross_checked() {
    let fast = ThreeMan::start(&Rules::default());
    let naive = Naive::start();
    for d in 1..=3 {
        let f = gamenote::perft::perft::<ThreeMan>(&fast, d);
        let n = naive_perft(&naive, d);
        assert_eq!(f, n, "depth {d}");
    }
    assert_eq!(gamenote::perft::perft::<ThreeMan>(&fast, 3), 8000);
}

const POSITIONS: [&str; 3] = [
    // the spec's mid-game position: Gray to move, Black in check
    "Black 3Wq4/Bk7/8/8/BpBpBp1BpBpBpBp/BrBnBb1BqBb1Br Gray 7Gp/Bn7/5Gr2/8/1GpGpGpGpGpGp1/GrGnGbGkGqGbGn1 White 7Wb/8/8/3Gp'4/1WpWp1WpWpWpWp/WrWn1WkWqWbWnWr G KQ/K/- - - WGB 8 13",
    // after the spec's short game
    "Black 8/8/7Bp/Bn6Br/BpBpBpBpBpBpBp1/Br1BbBkBqBbBn1 Gray 8/8/7Gp/5Gn1Wr/GpGpGpGpGpGpGp1/GrGnGbGkGqGb2 White 8/8/7Wp/8/WpWpWpWpWpWpWp1/WrWnWbWkWqWbWn1 W K/K/K - - WGB 2 5",
    // e.p. chances for two seats, a bridged moat, crossed pawns near promotion
    "Black 8/8/8/8/BpBpBpBpBpGp'BpBp/BrBnBbBkBqBbBnBr Gray 8/Gp'1Wp'5/8/8/GpGpGpGp1GpGpGp/GrGnGbGkGqGbGnGr White 8/8/3Gp'WpBp'2/8/WpWpWpWp1WpWpWp/WrWnWbWkWqWbWnWr G -/Q/KQ WHe3 WG,GB WGB 0 9",
];

#[test]
fn positions_cross_checked() {
    for s in POSITIONS {
        let fast = position_string::parse(s, Rules::default()).unwrap();
        let naive = Naive::from_fen(s);
        assert_eq!(position_string::write(&fast), s);
        assert_eq!(naive.fen(), s);
        assert_eq!(fast_keys(&fast), naive_keys(&naive), "{s}");
        for d in 1..=2 {
            let f = gamenote::perft::perft::<ThreeMan>(&fast, d);
            assert_eq!(f, naive_perft(&naive, d), "depth {d} from {s}");
        }
    }
}

#[test]
#[ignore = "slow: cargo test --release -- --ignored"]
fn positions_cross_checked_deeper() {
    for s in POSITIONS {
        let fast = position_string::parse(s, Rules::default()).unwrap();
        let naive = Naive::from_fen(s);
        assert_eq!(
            gamenote::perft::perft::<ThreeMan>(&fast, 3),
            naive_perft(&naive, 3),
            "{s}"
        );
    }
}

#[test]
#[ignore = "slow: cargo test --release -- --ignored"]
fn perft_four_cross_checked() {
    let fast = ThreeMan::start(&Rules::default());
    let naive = Naive::start();
    let f = gamenote::perft::perft::<ThreeMan>(&fast, 4);
    let n = naive_perft(&naive, 4);
    assert_eq!(f, n);
}

use gamenote::generate::Rng;

/// Random games: at every ply both generators give the same moves and, after each move, the
/// same position string. Captures are preferred so games reach moats, eliminations, promotions.
fn random_games(games: u64, plies: usize, rules: Rules) {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    for g in 0..games {
        let mut fast = ThreeMan::start(&rules);
        let mut naive = Naive::start();
        naive.rules = rules;
        for ply in 0..plies {
            let fk = fast_keys(&fast);
            let nk = naive_keys(&naive);
            assert_eq!(
                fk,
                nk,
                "game {g} ply {ply} at {}",
                position_string::write(&fast)
            );
            if fk.is_empty() {
                break;
            }
            let mut v = Vec::new();
            ThreeMan::legal_moves(&fast, &mut v);
            let caps: Vec<usize> = (0..v.len()).filter(|i| v[*i].is_capture()).collect();
            let i = if !caps.is_empty() && !rng.next_u64().is_multiple_of(3) {
                caps[(rng.next_u64() % caps.len() as u64) as usize]
            } else {
                (rng.next_u64() % v.len() as u64) as usize
            };
            let m = v[i];
            let key = fk
                .iter()
                .position(|k| {
                    k.0 == (m.from().rank() as i32, m.from().file() as i32)
                        && k.1 == (m.to().rank() as i32, m.to().file() as i32)
                        && k.2 == m.promotion().map_or(' ', |k| k.lower())
                })
                .unwrap();
            let nm = naive
                .legal()
                .into_iter()
                .find(|x| (x.from, x.to, x.promo) == nk[key])
                .unwrap();
            // the written form resolves back to the same move
            let n = ThreeMan::notate(&fast, &m, Style::Short);
            assert_eq!(ThreeMan::resolve(&fast, &n), Ok(m), "{n}");
            ThreeMan::play(&mut fast, &m);
            naive.play(&nm);
            assert_eq!(
                position_string::write(&fast),
                naive.fen(),
                "game {g} after ply {ply} ({n})"
            );
        }
    }
}

#[test]
fn random_games_cross_checked() {
    random_games(6, 150, Rules::default());
}

#[test]
fn random_games_cross_checked_under_every_option() {
    for rules in ThreeMan::variants() {
        random_games(2, 150, rules);
    }
}

#[test]
#[ignore = "slow: cargo test --release -- --ignored"]
fn many_random_games_cross_checked() {
    random_games(300, 400, Rules::default());
}

#[test]
#[ignore = "slow: cargo test --release -- --ignored"]
fn many_random_games_cross_checked_under_every_option() {
    for rules in ThreeMan::variants() {
        random_games(60, 400, rules);
    }
}
