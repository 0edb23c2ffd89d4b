//! Derived compile-time tables for the hot paths of [`super::position`]: how far each ray
//! runs for every set of moats that do not count, the union of the rook and of the bishop
//! rays, and the squares a pawn attacks a square from.

use super::coord::{Bits, KING_MASK, KNIGHT_MASK, RAY_DIRS, RAY_MASK, RAYS, SQUARES};

/// `RAY_LIMIT[s][d][m]`: the number of squares of ray `d` from `s` reached before the first
/// crossing of a moat outside the mask `m`. Walking `RAYS.sq[s][d][..limit]` is walking the
/// ray while `RAYS.moat[s][d][i] & !m == 0`.
pub(crate) static RAY_LIMIT: [[[u8; 8]; RAY_DIRS]; SQUARES] = {
    let mut t = [[[0u8; 8]; RAY_DIRS]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let mut d = 0;
        while d < RAY_DIRS {
            let mut m = 0;
            while m < 8 {
                let len = RAYS.len[s][d] as usize;
                let mut i = 0;
                while i < len && RAYS.moat[s][d][i] & !(m as u8) == 0 {
                    i += 1;
                }
                t[s][d][m] = i as u8;
                m += 1;
            }
            d += 1;
        }
        s += 1;
    }
    t
};

/// `LINES_OF[s][0]`: the squares of the four rook rays from `s`; `[1]`: of the four bishop
/// rays.
pub(crate) static LINES_OF: [[Bits; 2]; SQUARES] = lines(&RAY_MASK);

/// The rook rays' squares (`[0]`) and the bishop rays' (`[1]`) of each square, from a table
/// of the squares of each ray.
const fn lines(rays: &[[Bits; RAY_DIRS]; SQUARES]) -> [[Bits; 2]; SQUARES] {
    let mut t = [[Bits::EMPTY; 2]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let mut d = 0;
        while d < RAY_DIRS {
            let g = d / 4;
            let mut w = 0;
            while w < 3 {
                t[s][g].0[w] |= rays[s][d].0[w];
                w += 1;
            }
            d += 1;
        }
        s += 1;
    }
    t
}

const fn sq(r: usize, f: usize) -> usize {
    r * 24 + f % 24
}

const fn add(b: &mut Bits, s: usize) {
    b.0[s >> 6] |= 1u64 << (s & 63);
}

/// `PAWN_FROM[t][0]`: the squares from which an uncrossed pawn would capture onto `t`
/// (creeks aside); `[1]`: from which a crossed pawn would (moats aside).
pub(crate) static PAWN_FROM: [[Bits; 2]; SQUARES] = {
    let mut t = [[Bits::EMPTY; 2]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let r = s / 24;
        let f = s % 24;
        if r >= 1 {
            add(&mut t[s][0], sq(r - 1, f + 23));
            add(&mut t[s][0], sq(r - 1, f + 1));
        }
        if r == 5 {
            add(&mut t[s][0], sq(5, f + 14));
            add(&mut t[s][0], sq(5, f + 10));
        }
        if r <= 4 {
            add(&mut t[s][1], sq(r + 1, f + 23));
            add(&mut t[s][1], sq(r + 1, f + 1));
        }
        s += 1;
    }
    t
};

/// `CLOSE[t]`: every square a knight, king or pawn could attack `t` from.
pub(crate) static CLOSE: [Bits; SQUARES] = {
    let mut t = [Bits::EMPTY; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let mut w = 0;
        while w < 3 {
            t[s].0[w] = KNIGHT_MASK[s].0[w]
                | KING_MASK[s].0[w]
                | PAWN_FROM[s][0].0[w]
                | PAWN_FROM[s][1].0[w];
            w += 1;
        }
        s += 1;
    }
    t
};

/// `RAY_FREE[s][d]`: the squares of ray `d` from `s` reached without crossing any moat
/// (the part of the ray that counts for attacks while no moat is ignored).
pub(crate) static RAY_FREE: [[Bits; RAY_DIRS]; SQUARES] = {
    let mut t = [[Bits::EMPTY; RAY_DIRS]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let mut d = 0;
        while d < RAY_DIRS {
            let mut i = 0;
            while i < RAY_LIMIT[s][d][0] as usize {
                add(&mut t[s][d], RAYS.sq[s][d][i] as usize);
                i += 1;
            }
            d += 1;
        }
        s += 1;
    }
    t
};

/// `LINES_FREE[s]`: [`LINES_OF`] cut as [`RAY_FREE`] is.
pub(crate) static LINES_FREE: [[Bits; 2]; SQUARES] = lines(&RAY_FREE);

/// `DIRS_TO[s][t]`: bit `d` set when `t` lies on ray `d` from `s` (moats aside).
pub(crate) static DIRS_TO: [[u8; SQUARES]; SQUARES] = {
    let mut t = [[0u8; SQUARES]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let mut d = 0;
        while d < RAY_DIRS {
            let mut i = 0;
            while i < RAYS.len[s][d] as usize {
                t[s][RAYS.sq[s][d][i] as usize] |= 1 << d;
                i += 1;
            }
            d += 1;
        }
        s += 1;
    }
    t
};
