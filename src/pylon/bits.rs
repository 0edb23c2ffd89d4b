//! Point sets sized to the board, and the bit layout that makes every relation between
//! points a shift.
//!
//! A point (L, c, r) is bit `off[L] + s·r + c`: one row stride `s` for every level, and each
//! level at its own offset. Moving east is then a shift by 1, moving north a shift by `s`,
//! and going up or down a level a shift by the difference of two level offsets. Each relation
//! is a short list of (source mask, shift) pairs; the masks keep a shift from landing on a
//! point it does not relate to. Boards up to size 6 (91 points) fit in a `u128`; larger ones
//! use a fixed array of words ([`Wide`]).

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

use super::coord::{Geometry, MAX_SIZE, NONE};

/// A set of bits, one per point of a [`Layout`].
pub(crate) trait Set:
    Copy
    + PartialEq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// The empty set.
    const ZERO: Self;
    /// The number of bits.
    const BITS: usize;
    /// The row stride and the two shifts of each level relation (up, down, bury) when every
    /// layout of this set type has them, so that they are constants in the code.
    const FIXED: Option<Fixed> = None;
    /// Bit `i` moved to `i + k` (to `i - |k|` for a negative `k`); bits moved off either end
    /// are lost.
    fn shift(self, k: i32) -> Self;
    /// The set of bit `i` alone.
    fn bit(i: usize) -> Self;
    /// True when bit `i` is set.
    fn has(&self, i: usize) -> bool;
    /// True when no bit is set.
    fn is_zero(&self) -> bool;
    /// The number of bits set.
    fn count(&self) -> u32;
    /// Removes the lowest bit set and returns it.
    fn pop(&mut self) -> Option<usize>;
    /// Sets bit `i`.
    #[inline(always)]
    fn insert(&mut self, i: usize) {
        *self |= Self::bit(i);
    }
    /// Adds `(x & mask).shift(k)`, where `mask` lies in the 64-bit words `words.0` to
    /// `words.1`.
    #[inline(always)]
    fn or_masked_shift(&mut self, x: &Self, mask: &Self, k: i32, words: (usize, usize)) {
        let _ = words;
        *self |= (*x & *mask).shift(k);
    }
}

/// The row stride and level shifts shared by every layout of a set type.
#[derive(Clone, Copy)]
pub(crate) struct Fixed {
    s: i32,
    up: [i32; 2],
    down: [i32; 2],
    bury: [i32; 2],
}

/// The offsets of the levels of size 6 in a `u128` (index 0 unused), found by search: with
/// stride 6, going up a level is a shift by +37 (−45 from level 4 to 5), so that each level
/// relation costs two shifts. Smaller boards use the top levels.
const SIX: [i32; 7] = [0, 0, 37, 74, 111, 66, 103];

impl Set for u128 {
    const ZERO: Self = 0;
    const BITS: usize = 128;
    const FIXED: Option<Fixed> = Some(Fixed {
        s: 6,
        up: [37, -45],
        down: [-37, 45],
        bury: [-67, 15],
    });
    #[inline(always)]
    fn shift(self, k: i32) -> Self {
        if k >= 0 {
            self.checked_shl(k as u32).unwrap_or(0)
        } else {
            self.checked_shr(k.unsigned_abs()).unwrap_or(0)
        }
    }
    #[inline(always)]
    fn bit(i: usize) -> Self {
        1u128 << i
    }
    #[inline(always)]
    fn has(&self, i: usize) -> bool {
        self >> i & 1 != 0
    }
    #[inline(always)]
    fn is_zero(&self) -> bool {
        *self == 0
    }
    #[inline(always)]
    fn count(&self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn pop(&mut self) -> Option<usize> {
        if *self == 0 {
            return None;
        }
        let i = self.trailing_zeros() as usize;
        *self &= *self - 1;
        Some(i)
    }
}

/// A set of `64·N` bits in a fixed array, for boards larger than a `u128` holds.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Wide<const N: usize>([u64; N]);

impl<const N: usize> BitAnd for Wide<N> {
    type Output = Self;
    #[inline]
    fn bitand(mut self, o: Self) -> Self {
        self &= o;
        self
    }
}

impl<const N: usize> BitOr for Wide<N> {
    type Output = Self;
    #[inline]
    fn bitor(mut self, o: Self) -> Self {
        self |= o;
        self
    }
}

impl<const N: usize> Not for Wide<N> {
    type Output = Self;
    #[inline]
    fn not(mut self) -> Self {
        for w in &mut self.0 {
            *w = !*w;
        }
        self
    }
}

impl<const N: usize> BitAndAssign for Wide<N> {
    #[inline]
    fn bitand_assign(&mut self, o: Self) {
        for (a, b) in self.0.iter_mut().zip(o.0) {
            *a &= b;
        }
    }
}

impl<const N: usize> BitOrAssign for Wide<N> {
    #[inline]
    fn bitor_assign(&mut self, o: Self) {
        for (a, b) in self.0.iter_mut().zip(o.0) {
            *a |= b;
        }
    }
}

impl<const N: usize> Set for Wide<N> {
    const ZERO: Self = Wide([0; N]);
    const BITS: usize = 64 * N;
    /// Only the words of `mask`, each moved to its one or two destination words.
    fn or_masked_shift(&mut self, x: &Self, mask: &Self, k: i32, words: (usize, usize)) {
        let q = (k.unsigned_abs() / 64) as usize;
        let r = k.unsigned_abs() % 64;
        for i in words.0..=words.1.min(N - 1) {
            let v = x.0[i] & mask.0[i];
            if v == 0 {
                continue;
            }
            if k >= 0 {
                let j = i + q;
                if j < N {
                    self.0[j] |= v << r;
                }
                if r > 0 && j + 1 < N {
                    self.0[j + 1] |= v >> (64 - r);
                }
            } else if i >= q {
                let j = i - q;
                self.0[j] |= v >> r;
                if r > 0 && j > 0 {
                    self.0[j - 1] |= v << (64 - r);
                }
            }
        }
    }
    #[inline]
    fn shift(self, k: i32) -> Self {
        let q = (k.unsigned_abs() / 64) as usize;
        let r = k.unsigned_abs() % 64;
        let a = &self.0;
        let mut out = [0u64; N];
        if q >= N {
            return Wide(out);
        }
        if r == 0 {
            if k >= 0 {
                out[q..].copy_from_slice(&a[..N - q]);
            } else {
                out[..N - q].copy_from_slice(&a[q..]);
            }
        } else if k >= 0 {
            out[q] = a[0] << r;
            for (o, w) in out[q + 1..].iter_mut().zip(a.windows(2)) {
                *o = (w[1] << r) | (w[0] >> (64 - r));
            }
        } else {
            for (o, w) in out.iter_mut().zip(a[q..].windows(2)) {
                *o = (w[0] >> r) | (w[1] << (64 - r));
            }
            out[N - 1 - q] = a[N - 1] >> r;
        }
        Wide(out)
    }
    #[inline]
    fn bit(i: usize) -> Self {
        let mut w = [0; N];
        w[i >> 6] = 1 << (i & 63);
        Wide(w)
    }
    #[inline]
    fn has(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }
    #[inline]
    fn insert(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }
    #[inline]
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn pop(&mut self) -> Option<usize> {
        for (k, w) in self.0.iter_mut().enumerate() {
            if *w != 0 {
                let b = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(k * 64 + b);
            }
        }
        None
    }
}

/// One part of a relation between points: the source points, the shift, and the first and
/// last 64-bit words the source points lie in.
#[derive(Clone, Copy)]
struct Move<B> {
    mask: B,
    k: i32,
    words: (usize, usize),
}

/// A relation between points, as the parts that share one shift.
type Moves<B> = Vec<Move<B>>;

/// Where each point of one board size lives in a set of type `B`, and the masks and shifts
/// of every relation the rules use.
pub(crate) struct Layout<B> {
    /// The row stride (use [`Layout::s`]).
    s: i32,
    /// Every point.
    pub valid: B,
    /// The points of each level (index 0 unused).
    pub levels: Vec<B>,
    /// Points with a neighbour to the west (c ≥ 1): where a shift by +1 may land.
    pub has_w: B,
    /// Points with a neighbour to the east: where a shift by −1 may land.
    pub has_e: B,
    /// Points with a neighbour to the south (r ≥ 1): where a shift by +s may land.
    pub has_s: B,
    /// Points with a neighbour to the north: where a shift by −s may land.
    pub has_n: B,
    /// (L, c, r) → (L+1, c, r), from the points with c, r ≤ n − L − 1.
    up: Moves<B>,
    /// (L, c, r) → (L−1, c, r), from every point above level 1.
    down: Moves<B>,
    /// (L, c, r) → (L−2, c+1, r+1), the point it buries, from every point above level 2.
    bury: Moves<B>,
    /// The orthogonal neighbours of each bit, for set types with [`Set::FIXED`] (empty for
    /// the others, which shift instead).
    orth_of: Vec<B>,
    /// The points each bit rests on, likewise.
    below_of: Vec<B>,
    /// The bits of the orthogonal neighbours and of the points below of each bit
    /// (`u16::MAX` for none), for the other set types.
    near_bits: Vec<[[u16; 4]; 2]>,
    /// The level of each bit (0 for bits that are no point).
    pub level_of: Vec<u8>,
    /// The geometry index of each bit (`u16::MAX` for bits that are no point).
    pub index: Vec<u16>,
    /// The bit of each geometry index.
    pub bit: Vec<u16>,
}

impl<B: Set> Layout<B> {
    /// The layout of size `n` with row stride `s` and level offsets `off[1..=n]`.
    fn build(geo: &Geometry, s: i32, off: &[i32]) -> Self {
        let n = geo.size();
        let fixed = |k: Option<[i32; 2]>| match k {
            Some(shifts) => shifts
                .map(|k| Move {
                    mask: B::ZERO,
                    k,
                    words: (usize::MAX, 0),
                })
                .to_vec(),
            None => Vec::new(),
        };
        let mut lay = Layout {
            s,
            valid: B::ZERO,
            levels: vec![B::ZERO; usize::from(n) + 1],
            has_w: B::ZERO,
            has_e: B::ZERO,
            has_s: B::ZERO,
            has_n: B::ZERO,
            up: fixed(B::FIXED.map(|f| f.up)),
            down: fixed(B::FIXED.map(|f| f.down)),
            bury: fixed(B::FIXED.map(|f| f.bury)),
            orth_of: Vec::new(),
            below_of: Vec::new(),
            near_bits: Vec::new(),
            level_of: vec![0; B::BITS],
            index: vec![u16::MAX; B::BITS],
            bit: vec![0; geo.len()],
        };
        let bit_of =
            |l: u8, c: u8, r: u8| (off[usize::from(l)] + s * i32::from(r) + i32::from(c)) as usize;
        let add = |moves: &mut Moves<B>, b: usize, k: i32| match moves.iter_mut().find(|m| m.k == k)
        {
            Some(m) => {
                m.mask |= B::bit(b);
                m.words = (m.words.0.min(b / 64), m.words.1.max(b / 64));
            }
            None => moves.push(Move {
                mask: B::bit(b),
                k,
                words: (b / 64, b / 64),
            }),
        };
        for i in 0..geo.len() {
            let p = geo.point(i);
            let (l, c, r) = (p.level, p.col, p.row);
            let w = geo.width(l);
            let b = bit_of(l, c, r);
            assert!(b < B::BITS && lay.index[b] == u16::MAX, "Pylon bit layout");
            lay.index[b] = i as u16;
            lay.bit[i] = b as u16;
            lay.level_of[b] = l;
            let one = B::bit(b);
            lay.valid |= one;
            lay.levels[usize::from(l)] |= one;
            if c > 0 {
                lay.has_w |= one;
            }
            if c + 1 < w {
                lay.has_e |= one;
            }
            if r > 0 {
                lay.has_s |= one;
            }
            if r + 1 < w {
                lay.has_n |= one;
            }
            if l < n && c + 1 < w && r + 1 < w {
                add(
                    &mut lay.up,
                    b,
                    off[usize::from(l) + 1] - off[usize::from(l)],
                );
            }
            if l > 1 {
                add(
                    &mut lay.down,
                    b,
                    off[usize::from(l) - 1] - off[usize::from(l)],
                );
            }
            if l > 2 {
                let k = bit_of(l - 2, c + 1, r + 1) as i32 - b as i32;
                add(&mut lay.bury, b, k);
            }
        }
        if B::FIXED.is_none() {
            lay.near_bits = vec![[[u16::MAX; 4]; 2]; B::BITS];
            for (i, info) in geo.info.iter().enumerate() {
                let to_bit = |k: u16| {
                    if k == NONE {
                        u16::MAX
                    } else {
                        lay.bit[usize::from(k)]
                    }
                };
                lay.near_bits[usize::from(lay.bit[i])] =
                    [info.orth.map(to_bit), info.below.map(to_bit)];
            }
        }
        if B::FIXED.is_some() {
            lay.orth_of = (0..B::BITS)
                .map(|b| lay.orth(B::bit(b)) & lay.valid)
                .collect();
            lay.below_of = (0..B::BITS)
                .map(|b| lay.below(B::bit(b)) & lay.valid)
                .collect();
        }
        if let Some(f) = B::FIXED {
            assert!(f.s == s && [&lay.up, &lay.down, &lay.bury].iter().all(|m| m.len() == 2));
        }
        if cfg!(debug_assertions) && B::FIXED.is_some() {
            lay.check(geo); // the wider layouts are checked by a unit test, once each
        }
        lay
    }

    /// Checks every relation against the geometry table, point by point.
    pub fn check(&self, geo: &Geometry) {
        let set = |list: &[u16]| {
            list.iter()
                .filter(|&&k| k != NONE)
                .fold(B::ZERO, |acc, &k| {
                    acc | B::bit(usize::from(self.bit[usize::from(k)]))
                })
        };
        for (i, info) in geo.info.iter().enumerate() {
            let one = B::bit(usize::from(self.bit[i]));
            let (p, b) = (info.point, usize::from(self.bit[i]));
            assert!(self.orth(one) == set(&info.orth), "orth of {p}");
            assert!(self.orth_of(b) == set(&info.orth), "orth of {p}");
            assert!(self.below(one) == set(&info.below), "below of {p}");
            assert!(self.below_of(b) == set(&info.below), "below of {p}");
            assert!(self.above(one) == set(&info.above), "above of {p}");
            let buried = if info.over == NONE { B::ZERO } else { one };
            assert!(self.buried(set(&[info.over])) == buried, "over of {p}");
            // The link to each neighbour is the east or north link of this point or of the
            // neighbour (west, south).
            let owner = [i as u16, i as u16, info.orth[2], info.orth[3]];
            for (d, &(x, y)) in info.cross.iter().enumerate() {
                let cut = if x == NONE { B::ZERO } else { set(&[owner[d]]) };
                let want = if d % 2 == 0 {
                    (cut, B::ZERO)
                } else {
                    (B::ZERO, cut)
                };
                assert!(self.cuts(set(&[x, y])) == want, "link {d} of {p}");
            }
        }
    }

    /// The layout for size `n`: the top `n` levels of the size-6 layout [`SIX`] up to size
    /// 6, else stride n and each level at the first offset where it fits.
    pub fn new(geo: &Geometry) -> Self {
        let n = i32::from(geo.size());
        let mut off = vec![0i32; geo.size() as usize + 1];
        if n <= 6 {
            for l in 1..=n {
                off[l as usize] = SIX[(l + 6 - n) as usize];
            }
            return Layout::build(geo, 6, &off);
        }
        let mut used = vec![false; B::BITS + (n * n) as usize * 2];
        for l in 1..=n {
            let w = n + 1 - l;
            let fits = |o: i32, used: &[bool]| {
                (0..w).all(|r| (0..w).all(|c| !used[(o + n * r + c) as usize]))
            };
            let mut o = 0;
            while !fits(o, &used) {
                o += 1;
            }
            for r in 0..w {
                for c in 0..w {
                    used[(o + n * r + c) as usize] = true;
                }
            }
            off[l as usize] = o;
        }
        Layout::build(geo, n, &off)
    }

    /// The row stride.
    #[inline(always)]
    pub fn s(&self) -> i32 {
        match B::FIXED {
            Some(f) => f.s,
            None => self.s,
        }
    }

    /// `x` moved by the (mask, shift) pairs of a level relation; `fixed` gives the shifts
    /// when they are constants.
    #[inline(always)]
    fn apply(moves: &Moves<B>, fixed: Option<[i32; 2]>, x: B) -> B {
        if let (Some(k), [a, b]) = (fixed, moves.as_slice()) {
            return (x & a.mask).shift(k[0]) | (x & b.mask).shift(k[1]);
        }
        let mut out = B::ZERO;
        for m in moves {
            out.or_masked_shift(&x, &m.mask, m.k, m.words);
        }
        out
    }

    /// The points orthogonally next to a point of `x`.
    #[inline(always)]
    pub fn orth(&self, x: B) -> B {
        (x.shift(1) & self.has_w)
            | (x.shift(-1) & self.has_e)
            | (x.shift(self.s()) & self.has_s)
            | (x.shift(-self.s()) & self.has_n)
    }

    /// The orthogonal neighbours of bit `b`.
    #[inline(always)]
    pub fn orth_of(&self, b: usize) -> B {
        match B::FIXED {
            Some(_) => self.orth_of[b],
            None => self.near(b, 0),
        }
    }

    /// The set of the neighbours (`kind` 0) or the points below (`kind` 1) of bit `b`.
    fn near(&self, b: usize, kind: usize) -> B {
        let mut out = B::ZERO;
        for &k in &self.near_bits[b][kind] {
            if k != u16::MAX {
                out.insert(usize::from(k));
            }
        }
        out
    }

    /// The points that bit `b` rests on.
    #[inline(always)]
    pub fn below_of(&self, b: usize) -> B {
        match B::FIXED {
            Some(_) => self.below_of[b],
            None => self.near(b, 1),
        }
    }

    /// The points resting on at least one point of `x`.
    #[inline(always)]
    pub fn above(&self, x: B) -> B {
        let s = self.s();
        Self::apply(
            &self.up,
            B::FIXED.map(|f| f.up),
            x | x.shift(-1) | x.shift(-s) | x.shift(-s - 1),
        )
    }

    /// The points that a point of `x` rests on.
    #[inline(always)]
    pub fn below(&self, x: B) -> B {
        let s = self.s();
        let y = Self::apply(&self.down, B::FIXED.map(|f| f.down), x);
        y | y.shift(1) | y.shift(s) | y.shift(s + 1)
    }

    /// (L, c, r) → (L−1, c, r).
    #[inline(always)]
    pub fn down(&self, x: B) -> B {
        Self::apply(&self.down, B::FIXED.map(|f| f.down), x)
    }

    /// The empty points that are on level 1 or rest on four occupied points.
    #[inline(always)]
    pub fn playable(&self, occ: B) -> B {
        let s = self.s();
        let full = occ & occ.shift(-1) & occ.shift(-s) & occ.shift(-s - 1);
        (self.levels[1] | Self::apply(&self.up, B::FIXED.map(|f| f.up), full)) & !occ
    }

    /// The points whose east link and whose north link a link of `theirs` one level up
    /// crosses: the east link of (L, c, r) is crossed by (L+1: c, r−1)–(c, r), its north link
    /// by (L+1: c−1, r)–(c, r).
    #[inline(always)]
    pub fn cuts(&self, theirs: B) -> (B, B) {
        (
            self.down(theirs & theirs.shift(self.s()) & self.has_s),
            self.down(theirs & theirs.shift(1) & self.has_w),
        )
    }

    /// The points whose point directly above (two levels up) is in `occ`.
    #[inline(always)]
    pub fn buried(&self, occ: B) -> B {
        Self::apply(&self.bury, B::FIXED.map(|f| f.bury), occ)
    }
}

/// Size-indexed layout tables, built on first use.
pub(crate) struct Tables<B: 'static>(pub [std::sync::OnceLock<Layout<B>>; MAX_SIZE as usize + 1]);

impl<B: Set + Send + Sync> Tables<B> {
    /// The layout of the board `geo`.
    pub fn get(&'static self, geo: &Geometry) -> &'static Layout<B> {
        self.0[usize::from(geo.size())].get_or_init(|| Layout::new(geo))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A two-word set shifts as a `u128` does, by every amount either way.
    #[test]
    fn wide_sets_shift_as_a_u128() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..50 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let v = u128::from(x) << 64 | u128::from(x.rotate_left(29));
            let w = Wide::<2>([v as u64, (v >> 64) as u64]);
            for k in -130..=130 {
                let (a, b) = (v.shift(k), w.shift(k));
                assert!(b == Wide([a as u64, (a >> 64) as u64]), "{v:#x} by {k}");
                let mut c = Wide::<2>::ZERO;
                c.or_masked_shift(&w, &Wide([u64::MAX; 2]), k, (0, 1));
                assert!(c == b, "{v:#x} by {k}, word by word");
            }
        }
    }
}
