//! Legality: a move tried alone, the king scan (check and pins), resolving a written
//! move by reverse lookup, the first legal move, and legal generation.

use super::*;

impl Position {
    /// True when `m` (pseudo-legal for the side to move) leaves the mover's king safe and,
    /// after a moat crossing, the moved piece attacks no live opponent's king.
    pub(super) fn legal_after(&self, m: Move, ctx: MoatCtx) -> bool {
        let s = self.side as usize;
        if m.flags & (F_EP | F_KINGCAP | F_CROSSING | F_CASTLE) == 0 {
            // one piece moves (maybe taking one that is not a king): no copy of the board
            let k = if kind_of(self.board.sq[m.from as usize]) == Kind::King as u8 {
                m.to
            } else {
                self.kings[s]
            };
            return k == NONE || !self.attacked_moved(k, self.alive & !(1 << s), ctx.ignore, m);
        }
        let mut b = self.board.clone();
        let taken = b.apply(m, s);
        let mut alive = self.alive;
        let mut ignore = ctx.ignore;
        let mut kings = self.kings;
        if kind_of(self.board.sq[m.from as usize]) == Kind::King as u8 {
            kings[s] = m.to;
        }
        if m.flags & F_KINGCAP != 0 {
            let c = colour_of(taken);
            alive &= !(1 << c);
            if self.rules.open_moats || self.rules.dead_moats_open {
                ignore |= zone_moats(c);
            }
        }
        let k = kings[s];
        if k != NONE && self.attacked(&b, k, alive & !(1 << s), ignore) {
            return false;
        }
        if m.flags & F_CROSSING != 0 && !self.rules.open_moats {
            for c in 0..3 {
                if c != s
                    && alive & (1 << c) != 0
                    && kings[c] != NONE
                    && self.piece_attacks(&b, m.to, kings[c], ignore)
                {
                    return false;
                }
            }
        }
        true
    }

    /// [`Position::attacked`] on the board after `m`, a move of one piece of the side to
    /// move from `m.from` to `m.to` (taking whatever stands there), without making it: the
    /// piece taken attacks nothing, `m.from` is empty and `m.to` blocks.
    pub(super) fn attacked_moved(&self, t: u8, by: u8, ignore: u8, m: Move) -> bool {
        let b = &self.board;
        let mut occ_by = occ_of(b, by);
        occ_by.unset(m.to);
        if occ_by.is_empty() {
            return false;
        }
        if self.attacked_close(b, t, occ_by, ignore) {
            return true;
        }
        let ti = t as usize;
        let mut dirs = slider_dirs(b, ti, occ_by, ignore);
        let lim = &RAY_LIMIT[ti];
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let slider = if d < 4 {
                Kind::Rook as u8
            } else {
                Kind::Bishop as u8
            };
            for &s in &RAYS.sq[ti][d][..lim[d][ignore as usize & 7] as usize] {
                if s == m.to {
                    break;
                }
                let p = b.sq[s as usize];
                if p != 0 && s != m.from {
                    let k = kind_of(p);
                    if (k == slider || k == Kind::Queen as u8) && occ_by.has(s) {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }

    /// True when the piece on `from` attacks `t` on board `b`.
    pub(super) fn piece_attacks(&self, b: &Board, from: u8, t: u8, ignore: u8) -> bool {
        let c = colour_of(b.sq[from as usize]);
        let mut only = b.clone();
        // keep the piece but make it the only attacker of its colour
        only.occ[c] = Bits::bit(from);
        let all_c = b.occ[c];
        // other pieces of colour c must still block: give them to no attacker by moving them
        // to a colour that does not attack here (blocking only needs occupancy)
        let other = (c + 1) % 3;
        let mut rest = all_c & !Bits::bit(from);
        while let Some(s) = rest.pop() {
            only.occ[other].set(s);
        }
        self.attacked(&only, t, 1 << c, ignore)
    }

    /// Appends every legal move of the side to move.
    ///
    /// ```
    /// use gamenote::threeman::Position;
    /// let start = Position::start(Default::default());
    /// let mut moves = Vec::new();
    /// start.legal_moves(&mut moves);
    /// assert_eq!(moves.len(), 20); // 8 pawns with one or two steps, 2 knights with two jumps
    /// assert_eq!(moves.iter().filter(|m| m.from().rank() == 1).count(), 16);
    /// ```
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        self.legal_gen(0, NONE, |m| {
            out.push(m);
            true
        });
    }

    /// The number of legal moves of the side to move.
    ///
    /// ```
    /// use gamenote::threeman::Position;
    /// assert_eq!(Position::start(Default::default()).count_legal(), 20);
    /// ```
    pub fn count_legal(&self) -> u64 {
        if self.is_over() {
            return 0;
        }
        let scan = self.scan_now();
        if !scan.0 {
            return self.count_free(scan.1);
        }
        let mut n = 0;
        self.gen_with(scan, 0, NONE, |_| {
            n += 1;
            true
        });
        n
    }

    /// Calls `f` with each legal move of the side to move made by pieces of `kind` to `to`
    /// (any destination when `to` is 255) until it returns false; castling is a king move.
    pub(crate) fn each_legal_of_kind(&self, kind: Kind, to: u8, f: impl FnMut(Move) -> bool) {
        self.legal_gen(kind as u8, to, f);
    }

    /// Calls `f` with each legal move of the side to move made by a piece of `kind` standing
    /// in `origins` to `to`, castling aside, until it returns false.
    ///
    /// Only the pieces that could reach `to` at all are looked at (a reverse lookup from
    /// `to`), and of each only the way to `to`: no other move is generated. Same moves, with
    /// the same flags, as [`Position::each_legal_of_kind`] filtered by origin.
    #[inline(always)]
    pub(crate) fn each_legal_to(
        &self,
        kind: Kind,
        origins: Bits,
        to: u8,
        mut f: impl FnMut(Move) -> bool,
    ) {
        if self.is_over() || to as usize >= SQUARES {
            return;
        }
        let s = self.side as usize;
        let b = &self.board;
        let mut cands =
            b.occ[s] & b.kinds[kind as usize] & origins & REACH_TO[to as usize][kind as usize];
        if cands.is_empty() {
            return;
        }
        let ctx = self.moat_ctx();
        let king = self.kings[s];
        let all = b.occ[0] | b.occ[1] | b.occ[2];
        let own = b.occ[s];
        let capture = if kind_of(b.sq[to as usize]) == Kind::King as u8 {
            F_CAPTURE | F_KINGCAP
        } else {
            F_CAPTURE
        };
        // With the king scan kept (made by `settle`), only the risky moves are tried. Without
        // it, each candidate is tried alone: one attack test on the king as after the move
        // costs less than scanning every line from the king for checks and pins, since one
        // piece, sometimes two, could make the written move.
        let scan = self.scan.0;
        let legal = |m: Move| match scan {
            Some((in_check, pinned)) => {
                let risky = in_check
                    || m.from == king
                    || m.flags & (F_EP | F_KINGCAP | F_CROSSING) != 0
                    || pinned.has(m.from);
                !risky || self.legal_after(m, ctx)
            }
            None => self.legal_after(m, ctx),
        };
        while let Some(from) = cands.pop() {
            let fi = from as usize;
            match kind {
                Kind::Pawn => {
                    let p = b.sq[fi];
                    if p & CROSSED == 0 && from < 120 {
                        // uncrossed below rank 6: at most one of its moves (step, double
                        // step, capture; see `pawn_moves`) goes to `to`
                        let flags = if to == from + 24 {
                            if all.has(to) {
                                continue;
                            }
                            0
                        } else if to == from + 48 {
                            if from / 24 != 1 || all.has(from + 24) || all.has(to) {
                                continue;
                            }
                            F_DOUBLE
                        } else {
                            if !PAWN_CAP_IN[fi].contains(&to)
                                || !all.has(to)
                                || own.has(to)
                                || self.creek_blocks(from, to)
                            {
                                continue;
                            }
                            capture
                        };
                        let mv = mv(from, to, flags);
                        if legal(mv) && !f(mv) {
                            return;
                        }
                        continue;
                    }
                    let mut buf = Buf::new();
                    self.pawn_moves(from, p, ctx, &mut buf);
                    for &m in buf.iter() {
                        if m.to == to && legal(m) && !f(m) {
                            return;
                        }
                    }
                }
                Kind::Knight | Kind::King => {
                    let st = if kind == Kind::Knight {
                        &KNIGHT[fi]
                    } else {
                        &KING[fi]
                    };
                    for i in 0..st.len as usize {
                        if st.sq[i] != to {
                            continue;
                        }
                        let m = st.moat[i] & !ctx.ignore;
                        let flags = if !all.has(to) {
                            if m == 0 {
                                0
                            } else if m & !ctx.quiet_ok == 0 {
                                F_CROSSING
                            } else {
                                continue;
                            }
                        } else if !own.has(to) && m == 0 {
                            capture
                        } else {
                            continue;
                        };
                        let mv = mv(from, to, flags);
                        if legal(mv) && !f(mv) {
                            return;
                        }
                    }
                }
                _ => {
                    let dirs: u8 = match kind {
                        Kind::Bishop => 0xf0,
                        Kind::Rook => 0x0f,
                        _ => 0xff,
                    };
                    // over every route: open without a moat, open only across one, a capture
                    let (mut nc, mut cr, mut cap) = (false, false, false);
                    let lim = &RAY_LIMIT[fi];
                    let free = ctx.ignore as usize & 7;
                    let open = (ctx.ignore | ctx.quiet_ok) as usize & 7;
                    let taken = b.sq[to as usize] != 0;
                    let mut on = DIRS_TO[fi][to as usize] & dirs;
                    while on != 0 {
                        let d = on.trailing_zeros() as usize;
                        on &= on - 1;
                        // squares before `l0` cross no moat that counts, up to `open` only
                        // moats quiet moves may cross
                        let l0 = lim[d][free] as usize;
                        let sqs = &RAYS.sq[fi][d][..lim[d][open] as usize];
                        for (i, &t) in sqs.iter().enumerate() {
                            if t == to {
                                if taken {
                                    cap |= i < l0 && !own.has(t);
                                } else if i < l0 {
                                    nc = true;
                                } else {
                                    cr = true;
                                }
                                break;
                            }
                            if b.sq[t as usize] != 0 {
                                break;
                            }
                        }
                    }
                    let flags = if cap {
                        capture
                    } else if nc {
                        0
                    } else if cr {
                        F_CROSSING
                    } else {
                        continue;
                    };
                    let mv = mv(from, to, flags);
                    if legal(mv) && !f(mv) {
                        return;
                    }
                }
            }
        }
    }

    /// The side to move's castling move that way (`long`: queen side), when legal.
    pub(crate) fn castle_move(&self, long: bool) -> Option<Move> {
        if self.is_over() {
            return None;
        }
        let ctx = self.moat_ctx();
        let (in_check, _) = self.scan_now();
        let mut buf = Buf::new();
        self.castling_moves(in_check, ctx, &mut buf);
        let m = buf.iter().copied().find(|m| m.castle_long() == long)?;
        self.legal_after(m, ctx).then_some(m)
    }

    /// True when the side to move has a legal move.
    ///
    /// ```
    /// use gamenote::threeman::Position;
    /// let start = Position::start(Default::default());
    /// assert!(start.has_legal_move());
    /// ```
    pub fn has_legal_move(&self) -> bool {
        self.first_legal(self.scan_now()).is_some()
    }

    /// The first legal move of the side to move found, cheap kinds first, with `scan` the
    /// king scan of the position.
    pub(super) fn first_legal(&self, scan: Scan) -> Option<Move> {
        if let Some(m) = self.quiet_step(scan) {
            return Some(m);
        }
        self.first_legal_generated(scan)
    }

    /// [`Position::first_legal`] when [`Position::quiet_step`] found nothing.
    #[inline(never)]
    pub(super) fn first_legal_generated(&self, scan: Scan) -> Option<Move> {
        let mut found = None;
        // in check every move is tried on a copy of the board, and the king's own steps are
        // the likeliest way out; else pawns come first (see `gen_with`)
        if scan.0 {
            self.gen_with(scan, Kind::King as u8, NONE, |m| {
                found = Some(m);
                false
            });
            if found.is_some() {
                return found;
            }
        }
        // the king could not move: in check by one piece, only taking it or stepping between
        // can help, which needs no test of the board after the move (see `gen_evading`)
        let evade = if scan.0 { self.evasion_squares() } else { None };
        self.gen_evading(scan, 0, NONE, evade, |m| {
            found = Some(m);
            false
        });
        found
    }

    /// In check by one piece, the squares that end the check when a piece that is not the
    /// king and not pinned moves there (without crossing a moat, en passant or taking a
    /// king): the checking piece's, and for a rook, bishop or queen the squares between it
    /// and the king. `None` when not in check, or in check by more than one piece (or by one
    /// reached two ways).
    pub(super) fn evasion_squares(&self) -> Option<Bits> {
        let s = self.side as usize;
        let k = self.kings[s];
        if k == NONE {
            return None;
        }
        let ignore = self.moat_ctx().ignore;
        let by = self.alive & !(1 << s);
        let b = &self.board;
        let enemy = occ_of(b, by);
        let ki = k as usize;
        let mut set = Bits::EMPTY;
        let mut checkers = 0;
        // knights and kings: along a step that crosses no moat that counts
        for (steps, kind) in [(&KNIGHT[ki], Kind::Knight), (&KING[ki], Kind::King)] {
            let pieces = enemy & b.kinds[kind as usize];
            for i in 0..steps.len as usize {
                if steps.moat[i] & !ignore == 0 && pieces.has(steps.sq[i]) {
                    set.set(steps.sq[i]);
                    checkers += 1;
                }
            }
        }
        // pawns, as in `attacked_close`
        let pawns = enemy & b.kinds[Kind::Pawn as usize];
        let mut from = pawns & PAWN_FROM[ki][0];
        while let Some(p) = from.pop() {
            if b.sq[p as usize] & CROSSED == 0 && !self.creek_blocks(p, k) {
                set.set(p);
                checkers += 1;
            }
        }
        let mut from = pawns & PAWN_FROM[ki][1];
        while let Some(p) = from.pop() {
            if b.sq[p as usize] & CROSSED != 0 && moat_between(p, k) & !ignore == 0 {
                set.set(p);
                checkers += 1;
            }
        }
        // rooks, bishops and queens: the first piece on a ray, as in `king_scan`
        let mut dirs = slider_dirs(b, ki, enemy, ignore);
        let lim = &RAY_LIMIT[ki];
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let slider = if d < 4 {
                Kind::Rook as u8
            } else {
                Kind::Bishop as u8
            };
            let ray = &RAYS.sq[ki][d][..lim[d][ignore as usize & 7] as usize];
            for (i, &t) in ray.iter().enumerate() {
                let p = b.sq[t as usize];
                if p == 0 {
                    continue;
                }
                let kk = kind_of(p);
                if by & (1 << colour_of(p)) != 0 && (kk == slider || kk == Kind::Queen as u8) {
                    for &u in &ray[..=i] {
                        set.set(u);
                    }
                    checkers += 1;
                }
                break;
            }
        }
        (checkers == 1).then_some(set)
    }

    /// A legal move found with a few set operations, when there is one of the cheapest
    /// kind: out of check, a pawn's step or a knight's jump onto an empty square, crossing no
    /// moat, by a piece that is not pinned (such a move is legal as it stands).
    #[inline(always)]
    pub(super) fn quiet_step(&self, (in_check, pinned): Scan) -> Option<Move> {
        if in_check || self.is_over() {
            return None;
        }
        let s = self.side as usize;
        let b = &self.board;
        let all = b.occ[0] | b.occ[1] | b.occ[2];
        let mut pawns = b.occ[s] & b.kinds[Kind::Pawn as usize] & !pinned;
        while let Some(from) = pawns.pop() {
            let p = b.sq[from as usize];
            let r = from / 24;
            let to = if p & CROSSED == 0 {
                if r == 5 {
                    continue;
                }
                from + 24
            } else {
                if r <= 1 {
                    continue;
                }
                from - 24
            };
            if !all.has(to) {
                return Some(mv(from, to, 0));
            }
        }
        let mut knights = b.occ[s] & b.kinds[Kind::Knight as usize] & !pinned;
        while let Some(from) = knights.pop() {
            let st = &KNIGHT[from as usize];
            for i in 0..st.len as usize {
                if st.moat[i] == 0 && !all.has(st.sq[i]) {
                    return Some(mv(from, st.sq[i], 0));
                }
            }
        }
        None
    }

    /// The king scan of the side to move: kept, or made now.
    #[inline(always)]
    pub(crate) fn scan_now(&self) -> Scan {
        match self.scan.0 {
            Some(scan) => scan,
            None => self.scan_made(),
        }
    }

    /// The king scan of the side to move, made now.
    #[inline(never)]
    pub(super) fn scan_made(&self) -> Scan {
        self.king_scan(self.moat_ctx())
    }

    /// The side to move's king: whether it is in check, and which own pieces stand first on a
    /// line from it with an enemy slider of the right kind, live and not beyond a moat, behind.
    #[inline(always)]
    pub(super) fn king_scan(&self, ctx: MoatCtx) -> (bool, Bits) {
        let s = self.side as usize;
        let k = self.kings[s];
        if k == NONE {
            return (false, Bits::EMPTY);
        }
        let by = self.alive & !(1 << s);
        let b = &self.board;
        let enemy = occ_of(b, by);
        let mut in_check = self.attacked_close(b, k, enemy, ctx.ignore);
        let ki = k as usize;
        let mut pinned = Bits::EMPTY;
        let mut dirs = slider_dirs(b, ki, enemy, ctx.ignore);
        let lim = &RAY_LIMIT[ki];
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let slider = if d < 4 {
                Kind::Rook as u8
            } else {
                Kind::Bishop as u8
            };
            let mut first = NONE;
            for &t in &RAYS.sq[ki][d][..lim[d][ctx.ignore as usize & 7] as usize] {
                let p = b.sq[t as usize];
                if p == 0 {
                    continue;
                }
                let c = colour_of(p);
                let kk = kind_of(p);
                let hit = by & (1 << c) != 0 && (kk == slider || kk == Kind::Queen as u8);
                if first == NONE {
                    if c != s {
                        in_check |= hit;
                        break;
                    }
                    first = t;
                    continue;
                }
                if hit {
                    pinned.set(first);
                }
                break;
            }
        }
        (in_check, pinned)
    }

    /// Generates the legal moves of the side to move (of `kind` unless 0, to `to` unless
    /// 255) and hands each to `emit` until it returns false. No allocation.
    pub(super) fn legal_gen(&self, kind: u8, to: u8, emit: impl FnMut(Move) -> bool) {
        if self.is_over() {
            return;
        }
        self.gen_with(self.scan_now(), kind, to, emit);
    }

    /// [`Position::gen`] with the king scan `(in_check, pinned)` of the position given.
    #[inline(always)]
    pub(super) fn gen_with(&self, scan: Scan, kind: u8, to: u8, emit: impl FnMut(Move) -> bool) {
        self.gen_evading(scan, kind, to, None, emit);
    }

    /// [`Position::gen_with`]; with `evade` (kind 0 only) the [`Position::evasion_squares`]
    /// of the position, in check by one piece: the king's moves are left out (the caller
    /// has tried them) and a move of a piece that is neither the king nor pinned, and not a
    /// moat crossing, en passant or a king capture, is legal exactly when it goes to one of
    /// those squares, with no test of the board after it.
    pub(super) fn gen_evading(
        &self,
        scan: Scan,
        kind: u8,
        to: u8,
        evade: Option<Bits>,
        mut emit: impl FnMut(Move) -> bool,
    ) {
        if self.is_over() {
            return;
        }
        let ctx = self.moat_ctx();
        let s = self.side as usize;
        let (in_check, pinned) = scan;
        let king = self.kings[s];
        // pawns first, then knights, king, bishops, rooks, queens: a first legal move (all
        // that `has_legal_move` wants) usually comes cheap
        const ORDER: [u8; 6] = [1, 2, 6, 3, 4, 5];
        let mut next_kind = 0;
        let mut own = Bits::EMPTY;
        let mut castled = !(kind == 0 || kind == Kind::King as u8);
        let mut buf = Buf::new();
        loop {
            buf.n = 0;
            while own.is_empty() && next_kind < ORDER.len() {
                let k = ORDER[next_kind];
                next_kind += 1;
                if (kind == 0 || kind == k) && (evade.is_none() || k != Kind::King as u8) {
                    own = self.board.occ[s] & self.board.kinds[k as usize];
                }
            }
            if let Some(from) = own.pop() {
                let k = kind_of(self.board.sq[from as usize]);
                if to != NONE && !could_reach(k, from, to) {
                    continue;
                }
                self.piece_moves(from, ctx, to, &mut buf);
            } else if !castled {
                castled = true;
                self.castling_moves(in_check, ctx, &mut buf);
            } else {
                return;
            }
            for &m in &buf.m[..buf.n] {
                if to != NONE && m.to != to {
                    continue;
                }
                let risky = m.from == king
                    || m.flags & (F_EP | F_KINGCAP | F_CROSSING) != 0
                    || pinned.has(m.from);
                let legal = if risky {
                    self.legal_after(m, ctx)
                } else if !in_check {
                    true
                } else if let Some(e) = evade {
                    e.has(m.to)
                } else {
                    self.legal_after(m, ctx)
                };
                if legal && !emit(m) {
                    return;
                }
            }
        }
    }

    /// Why the side to move cannot castle (`long`: queen side), in words.
    pub(crate) fn explain_castle(&self, long: bool) -> String {
        let s = self.side as usize;
        let bit = if long { 1 } else { 0 };
        let base = 8 * s as u8;
        if self.castling & (1 << (2 * s + bit)) == 0 {
            return "the right to castle that way is gone".into();
        }
        let all = self.board.occ[0] | self.board.occ[1] | self.board.occ[2];
        let between: &[u8] = if long {
            &[base + 1, base + 2, base + 3]
        } else {
            &[base + 5, base + 6]
        };
        if between.iter().any(|&e| all.has(e)) {
            return "a piece stands between king and rook".into();
        }
        if self.in_check() {
            return "the king is in check".into();
        }
        "the king would pass or land on an attacked square".into()
    }
}
