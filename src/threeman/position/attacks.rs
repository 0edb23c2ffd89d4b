//! Attack tests: is a square attacked, is a king in check, and the ray walks they share.

use super::*;

impl Position {
    #[inline]
    pub(super) fn moat_ctx(&self) -> MoatCtx {
        let quiet_ok = if self.rules.open_moats {
            7
        } else {
            self.bridged
        };
        MoatCtx {
            ignore: moat_ignore(self.rules, self.alive),
            quiet_ok,
        }
    }

    /// True when square `t` is attacked, on board `b`, by a piece of a colour in `by`
    /// (a bit mask), counting moat rule 4 and the creeks.
    pub(super) fn attacked(&self, b: &Board, t: u8, by: u8, ignore: u8) -> bool {
        let occ_by = occ_of(b, by);
        if occ_by.is_empty() {
            return false;
        }
        self.attacked_close(b, t, occ_by, ignore) || self.sliders_attack(b, t, occ_by, ignore)
    }

    /// Knight, king and pawn attacks on `t` by the pieces in `occ_by`.
    #[inline(always)]
    pub(super) fn attacked_close(&self, b: &Board, t: u8, occ_by: Bits, ignore: u8) -> bool {
        let ti = t as usize;
        let near = occ_by & CLOSE[ti];
        if near.is_empty() {
            return false;
        }
        // A knight or king attacks along one of its steps that crosses no moat not ignored.
        let steps_hit = |steps: &Steps, pieces: Bits| {
            !pieces.is_empty()
                && (0..steps.len as usize)
                    .any(|i| steps.moat[i] & !ignore == 0 && pieces.has(steps.sq[i]))
        };
        if steps_hit(
            &KNIGHT[ti],
            KNIGHT_MASK[ti] & near & b.kinds[Kind::Knight as usize],
        ) || steps_hit(
            &KING[ti],
            KING_MASK[ti] & near & b.kinds[Kind::King as usize],
        ) {
            return true;
        }
        // pawns: uncrossed ones capture inward (creeks permitting), crossed ones outward
        let pawns = near & b.kinds[Kind::Pawn as usize];
        if pawns.is_empty() {
            return false;
        }
        let mut from = pawns & PAWN_FROM[ti][0];
        while let Some(p) = from.pop() {
            if b.sq[p as usize] & CROSSED == 0 && !self.creek_blocks(p, t) {
                return true;
            }
        }
        let mut from = pawns & PAWN_FROM[ti][1];
        while let Some(p) = from.pop() {
            if b.sq[p as usize] & CROSSED != 0 && moat_between(p, t) & !ignore == 0 {
                return true;
            }
        }
        false
    }

    /// Rook, bishop and queen attacks on `t` by the pieces in `occ_by` (which need not be
    /// the pieces of some colours: see [`Position::piece_attacks`]).
    pub(super) fn sliders_attack(&self, b: &Board, t: u8, occ_by: Bits, ignore: u8) -> bool {
        let ti = t as usize;
        let dirs = slider_dirs(b, ti, occ_by, ignore);
        ray_sliders_attack(b, ti, dirs, ignore, |s, _| occ_by.has(s))
    }

    /// An uncrossed pawn on `from` may not capture onto `to` because of a creek.
    #[inline]
    pub(super) fn creek_blocks(&self, from: u8, to: u8) -> bool {
        let r = from / 24;
        (r == 1 || r == 2) && (self.rules.strict_creeks || (from % 24) / 8 != (to % 24) / 8)
    }

    /// True when colour `c`'s king is attacked by a live opponent.
    pub(crate) fn in_check_on(&self, b: &Board, c: usize, alive: u8, ignore: u8) -> bool {
        let k = self.kings[c];
        k != NONE && self.attacked(b, k, alive & !(1 << c), ignore)
    }

    /// True when the side to move is in check.
    ///
    /// ```
    /// use gamenote::threeman::{position_string, Position};
    /// assert!(!Position::start(Default::default()).in_check());
    /// // the black rook on WH d4 attacks the white king on WH d1
    /// let s = "Black 8/8/8/8/8/3Bk4 Gray 8/8/8/8/8/3Gk4 White 8/8/3Br4/8/8/3Wk4 W -/-/- - - WGB 0 1";
    /// assert!(position_string::parse(s, Default::default())?.in_check());
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn in_check(&self) -> bool {
        if let Some((check, _)) = self.scan.0 {
            return check;
        }
        let ctx = self.moat_ctx();
        self.in_check_on(&self.board, self.side as usize, self.alive, ctx.ignore)
    }
}

/// The rays from `k` (bit `d` for ray `d`) that hold a rook or queen of `by` (rook rays) or a
/// bishop or queen (bishop rays), moats aside.
#[inline(always)]
pub(super) fn slider_dirs(b: &Board, k: usize, by: Bits, ignore: u8) -> u32 {
    // with no moat ignored, only the part of each ray before the first moat counts
    let (lines, rays) = if ignore == 0 {
        (&LINES_FREE[k], &RAY_FREE[k])
    } else {
        (&LINES_OF[k], &RAY_MASK[k])
    };
    let queens = b.kinds[Kind::Queen as usize];
    let rq = by & (b.kinds[Kind::Rook as usize] | queens) & lines[0];
    let bq = by & (b.kinds[Kind::Bishop as usize] | queens) & lines[1];
    let mut dirs = 0;
    if !rq.is_empty() {
        for d in 0..4 {
            let x = rays[d] & rq;
            dirs |= (((x.0[0] | x.0[1] | x.0[2]) != 0) as u32) << d;
        }
    }
    if !bq.is_empty() {
        for d in 4..8 {
            let x = rays[d] & bq;
            dirs |= (((x.0[0] | x.0[1] | x.0[2]) != 0) as u32) << d;
        }
    }
    dirs
}

/// The moats that are not moats at all under `rules` with the players in `alive` alive.
#[inline]
pub(super) fn moat_ignore(rules: Rules, alive: u8) -> u8 {
    // the moats of the eliminated players, by the set of players alive
    const DEAD: [u8; 8] = {
        let mut t = [0u8; 8];
        let mut alive = 0;
        while alive < 8 {
            let mut c = 0;
            while c < 3 {
                if alive & (1 << c) == 0 {
                    t[alive] |= zone_moats(c);
                }
                c += 1;
            }
            alive += 1;
        }
        t
    };
    if rules.open_moats || rules.dead_moats_open {
        DEAD[(alive & 7) as usize]
    } else {
        0
    }
}

/// The pieces of the colours in the mask `by`.
#[inline]
pub(super) fn occ_of(b: &Board, by: u8) -> Bits {
    let mut o = Bits::EMPTY;
    for c in 0..3 {
        if by & (1 << c) != 0 {
            o |= b.occ[c];
        }
    }
    o
}

/// Whether, along each direction `d` in `dirs` from square `t`, the first piece is a slider
/// that moves along it (rook or queen on files and ranks, bishop or queen on diagonals) and
/// is one of `ours(square, piece)`; rays are cut as [`RAY_LIMIT`] cuts them past `ignore`.
/// The one ray walk of [`Position::sliders_attack`] and `Position::attacked_since`.
#[inline(always)]
pub(super) fn ray_sliders_attack(
    b: &Board,
    t: usize,
    mut dirs: u32,
    ignore: u8,
    ours: impl Fn(u8, u8) -> bool,
) -> bool {
    let lim = &RAY_LIMIT[t];
    while dirs != 0 {
        let d = dirs.trailing_zeros() as usize;
        dirs &= dirs - 1;
        let slider = if d < 4 {
            Kind::Rook as u8
        } else {
            Kind::Bishop as u8
        };
        for &sq in &RAYS.sq[t][d][..lim[d][ignore as usize & 7] as usize] {
            let p = b.sq[sq as usize];
            if p != 0 {
                let k = kind_of(p);
                if (k == slider || k == Kind::Queen as u8) && ours(sq, p) {
                    return true;
                }
                break;
            }
        }
    }
    false
}
