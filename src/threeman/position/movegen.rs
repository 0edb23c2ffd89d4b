//! Pseudo-legal move generation: each piece's moves, slider targets as sets, pawns,
//! castling, and counting the moves of unpinned pieces as sets.

use super::*;

impl Position {
    /// Appends the moves of the piece on `from` (pseudo-legal: moats and creeks obeyed, king
    /// safety not checked) to `out`.
    pub(super) fn piece_moves(&self, from: u8, ctx: MoatCtx, only: u8, out: &mut Buf) {
        let b = &self.board;
        let p = b.sq[from as usize];
        let me = colour_of(p);
        let own = b.occ[me];
        let all = b.occ[0] | b.occ[1] | b.occ[2];
        let kingcap = |t: u8| {
            if kind_of(b.sq[t as usize]) == Kind::King as u8 {
                F_CAPTURE | F_KINGCAP
            } else {
                F_CAPTURE
            }
        };
        let fi = from as usize;
        match kind_of(p) {
            1 => self.pawn_moves(from, p, ctx, out),
            2 | 6 => {
                let st = if kind_of(p) == 2 {
                    &KNIGHT[fi]
                } else {
                    &KING[fi]
                };
                for i in 0..st.len as usize {
                    let t = st.sq[i];
                    let m = st.moat[i] & !ctx.ignore;
                    if !all.has(t) {
                        if m == 0 {
                            out.push(mv(from, t, 0));
                        } else if m & !ctx.quiet_ok == 0 {
                            out.push(mv(from, t, F_CROSSING));
                        }
                    } else if !own.has(t) && m == 0 {
                        out.push(mv(from, t, kingcap(t)));
                    }
                }
            }
            k @ 3..=5 => {
                let dirs = match k {
                    3 => 4..8,
                    4 => 0..4,
                    _ => 0..8,
                };
                let (nc, cr, cap) = self.slider_targets(from, dirs, ctx, only);
                let mut set = nc | cr | cap;
                while let Some(t) = set.pop() {
                    let flags = if cap.has(t) {
                        kingcap(t)
                    } else if nc.has(t) {
                        0
                    } else {
                        F_CROSSING
                    };
                    out.push(mv(from, t, flags));
                }
            }
            _ => {}
        }
    }

    /// The squares the slider on `from` reaches along the rays `dirs` (only those holding
    /// `only`, unless 255): empty without crossing a moat, empty across a moat that quiet
    /// moves may cross, and enemy pieces it captures.
    #[inline]
    pub(super) fn slider_targets(
        &self,
        from: u8,
        dirs: std::ops::Range<usize>,
        ctx: MoatCtx,
        only: u8,
    ) -> (Bits, Bits, Bits) {
        let b = &self.board;
        let fi = from as usize;
        let me = colour_of(b.sq[fi]);
        let all = b.occ[0] | b.occ[1] | b.occ[2];
        let lim = &RAY_LIMIT[fi];
        // squares before `free` cross no moat that counts; from there to `open` only moats
        // quiet moves may cross
        let free = ctx.ignore as usize & 7;
        let open = (ctx.ignore | ctx.quiet_ok) as usize & 7;
        let (mut nc, mut cr, mut cap) = (Bits::EMPTY, Bits::EMPTY, Bits::EMPTY);
        for d in dirs {
            if only != NONE && !RAY_MASK[fi][d].has(only) {
                continue;
            }
            let l1 = lim[d][open] as usize;
            if l1 == 0 {
                continue;
            }
            let l0 = lim[d][free] as usize;
            let sqs = &RAYS.sq[fi][d];
            // the first square taken: nothing further that way
            let p0 = b.sq[sqs[0] as usize];
            if p0 != 0 {
                if l0 > 0 && colour_of(p0) != me {
                    cap.set(sqs[0]);
                }
                continue;
            }
            let len = RAYS.len[fi][d] as usize;
            let mask = RAY_MASK[fi][d];
            if l0 == len && (mask & all).is_empty() {
                nc |= mask;
                continue;
            }
            for (i, &t) in sqs[..l1].iter().enumerate() {
                let p = b.sq[t as usize];
                if p != 0 {
                    if i < l0 && colour_of(p) != me {
                        cap.set(t);
                    }
                    break;
                }
                if i < l0 {
                    nc.set(t);
                } else {
                    cr.set(t);
                }
            }
        }
        (nc, cr, cap)
    }

    /// [`Position::count_legal`] out of check: the moves of a piece that is neither the king
    /// nor pinned are counted as sets, and only those that cross a moat, take a king or take
    /// en passant are tried on a copy of the board.
    pub(super) fn count_free(&self, pinned: Bits) -> u64 {
        let ctx = self.moat_ctx();
        let s = self.side as usize;
        let b = &self.board;
        let own = b.occ[s];
        let all = b.occ[0] | b.occ[1] | b.occ[2];
        let kings_on = b.kinds[Kind::King as usize];
        let king = self.kings[s];
        let mut tried = own & pinned;
        if king != NONE {
            tried.set(king);
        }
        let mut n = 0u64;
        let mut buf = Buf::new();
        let mut free = own & !tried;
        while let Some(from) = free.pop() {
            let fi = from as usize;
            match kind_of(b.sq[fi]) {
                1 => {
                    let p = b.sq[fi];
                    if p & CROSSED == 0 && from < 120 {
                        // uncrossed, below rank 6: the common case, counted here (see
                        // `pawn_moves`)
                        let fwd = from + 24;
                        if !all.has(fwd) {
                            n += 1;
                            if from / 24 == 1 && !all.has(from + 48) {
                                n += 1;
                            }
                        }
                        for t in PAWN_CAP_IN[fi] {
                            if all.has(t)
                                && !own.has(t)
                                && !self.creek_blocks(from, t)
                                && (!kings_on.has(t)
                                    || self.legal_after(mv(from, t, F_CAPTURE | F_KINGCAP), ctx))
                            {
                                n += 1;
                            }
                        }
                        continue;
                    }
                    buf.n = 0;
                    self.pawn_moves(from, p, ctx, &mut buf);
                    for &m in buf.iter() {
                        if m.flags & (F_EP | F_KINGCAP | F_CROSSING) == 0
                            || self.legal_after(m, ctx)
                        {
                            n += 1;
                        }
                    }
                }
                k @ (2 | 6) => {
                    let st = if k == 2 { &KNIGHT[fi] } else { &KING[fi] };
                    for i in 0..st.len as usize {
                        let t = st.sq[i];
                        let m = st.moat[i] & !ctx.ignore;
                        let legal = if !all.has(t) {
                            m == 0
                                || (m & !ctx.quiet_ok == 0
                                    && self.legal_after(mv(from, t, F_CROSSING), ctx))
                        } else {
                            !own.has(t)
                                && m == 0
                                && (!kings_on.has(t)
                                    || self.legal_after(mv(from, t, F_CAPTURE | F_KINGCAP), ctx))
                        };
                        n += legal as u64;
                    }
                }
                k @ 3..=5 => {
                    let dirs = match k {
                        3 => 4..8,
                        4 => 0..4,
                        _ => 0..8,
                    };
                    let (nc, cr, cap) = self.slider_targets(from, dirs, ctx, NONE);
                    let crossing = cr & !nc;
                    let kingcap = cap & kings_on;
                    n += ((nc | cap) & !kingcap).count() as u64;
                    let mut risky = crossing | kingcap;
                    while let Some(t) = risky.pop() {
                        let flags = if cap.has(t) {
                            F_CAPTURE | F_KINGCAP
                        } else {
                            F_CROSSING
                        };
                        if self.legal_after(mv(from, t, flags), ctx) {
                            n += 1;
                        }
                    }
                }
                _ => {}
            }
        }
        while let Some(from) = tried.pop() {
            let fi = from as usize;
            if let k @ (2 | 6) = kind_of(b.sq[fi]) {
                // the steps of `piece_moves`, each tried
                let st = if k == 2 { &KNIGHT[fi] } else { &KING[fi] };
                for i in 0..st.len as usize {
                    let t = st.sq[i];
                    let m = st.moat[i] & !ctx.ignore;
                    let flags = if !all.has(t) {
                        if m == 0 {
                            0
                        } else if m & !ctx.quiet_ok == 0 {
                            F_CROSSING
                        } else {
                            continue;
                        }
                    } else if !own.has(t) && m == 0 {
                        if kings_on.has(t) {
                            F_CAPTURE | F_KINGCAP
                        } else {
                            F_CAPTURE
                        }
                    } else {
                        continue;
                    };
                    n += self.legal_after(mv(from, t, flags), ctx) as u64;
                }
                continue;
            }
            buf.n = 0;
            self.piece_moves(from, ctx, NONE, &mut buf);
            n += buf.iter().filter(|&&m| self.legal_after(m, ctx)).count() as u64;
        }
        buf.n = 0;
        self.castling_moves(false, ctx, &mut buf);
        n += buf.iter().filter(|&&m| self.legal_after(m, ctx)).count() as u64;
        n
    }

    pub(super) fn pawn_moves(&self, from: u8, p: u8, ctx: MoatCtx, out: &mut Buf) {
        let b = &self.board;
        let me = colour_of(p);
        let all = b.occ[0] | b.occ[1] | b.occ[2];
        let enemy = all & !b.occ[me];
        let r = from / 24;
        let f = from % 24;
        let kingcap = |t: u8| {
            if kind_of(b.sq[t as usize]) == Kind::King as u8 {
                F_CAPTURE | F_KINGCAP
            } else {
                F_CAPTURE
            }
        };
        if p & CROSSED == 0 {
            let fwd = if r < 5 {
                from + 24
            } else {
                120 + (f + 12) % 24
            };
            if !all.has(fwd) {
                out.push(mv(from, fwd, 0));
                if r == 1 && !all.has(from + 48) {
                    out.push(mv(from, from + 48, F_DOUBLE));
                }
            }
            for t in PAWN_CAP_IN[from as usize] {
                if enemy.has(t) && !self.creek_blocks(from, t) {
                    out.push(mv(from, t, kingcap(t)));
                }
            }
        } else {
            let promo = r == 1;
            let push = |out: &mut Buf, t: u8, flags: u8| {
                if promo {
                    for k in [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight] {
                        out.push(Move {
                            from,
                            to: t,
                            promo: k as u8,
                            flags,
                        });
                    }
                } else {
                    out.push(mv(from, t, flags));
                }
            };
            let fwd = from - 24;
            if !all.has(fwd) {
                push(out, fwd, 0);
            }
            for t in PAWN_CAP_OUT[from as usize] {
                if enemy.has(t) && moat_between(from, t) & !ctx.ignore == 0 {
                    push(out, t, kingcap(t));
                }
            }
            // en passant: onto a passed square of another seat's double step
            if r == 3 {
                for (seat, &e) in self.ep.iter().enumerate() {
                    if e == NONE || !self.ep_usable(seat) {
                        continue;
                    }
                    let ef = e % 24;
                    let victim = e + 24;
                    let vp = b.sq[victim as usize];
                    if ((ef + 1) % 24 == f || (f + 1) % 24 == ef)
                        && !all.has(e)
                        && kind_of(vp) == Kind::Pawn as u8
                        && colour_of(vp) == seat
                        && seat != me
                    {
                        out.push(mv(from, e, F_CAPTURE | F_EP));
                    }
                }
            }
        }
    }

    /// True when the side to move may still take en passant on the square of `seat`'s last
    /// double step.
    pub(super) fn ep_usable(&self, seat: usize) -> bool {
        let s = self.side as usize;
        if seat == s {
            return false;
        }
        !self.rules.ep_next_only || (seat + 1) % 3 == s
    }

    pub(super) fn castling_moves(&self, in_check: bool, ctx: MoatCtx, out: &mut Buf) {
        let s = self.side as usize;
        if in_check || self.castling >> (2 * s) & 3 == 0 {
            return;
        }
        let base = 8 * s as u8;
        let king = base + 4;
        if self.board.sq[king as usize] != piece(Kind::King, s) {
            return;
        }
        let all = self.board.occ[0] | self.board.occ[1] | self.board.occ[2];
        let by = self.alive & !(1 << s);
        // king side: rook a1 (base+7) → c1, king d1 → b1
        for (bit, rook, empty, pass, to) in [
            (
                0,
                base + 7,
                &[base + 5, base + 6][..],
                &[base + 5, base + 6][..],
                base + 6,
            ),
            (
                1,
                base,
                &[base + 1, base + 2, base + 3][..],
                &[base + 3, base + 2][..],
                base + 2,
            ),
        ] {
            if self.castling & (1 << (2 * s + bit)) == 0
                || self.board.sq[rook as usize] != piece(Kind::Rook, s)
                || empty.iter().any(|&e| all.has(e))
                || pass
                    .iter()
                    .any(|&e| self.attacked(&self.board, e, by, ctx.ignore))
            {
                continue;
            }
            out.push(mv(king, to, F_CASTLE));
        }
    }
}
