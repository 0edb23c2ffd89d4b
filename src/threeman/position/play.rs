//! Making moves: playing, moving the turn on and judging the next seat, and the `+`/`#`
//! marks of a move played.

use super::*;

impl Position {
    /// Plays a legal move, then moves the turn on, judging each player at the start of its
    /// turn (mate and stalemate).
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::threeman::{Colour, Kind, Position, Square, ThreeMan};
    /// let mut pos = Position::start(Default::default());
    /// let m = ThreeMan::resolve(&pos, &"WHe4".parse()?)?;
    /// pos.play(m);
    /// assert_eq!(pos.side_to_move(), Colour::Gray);
    /// assert_eq!(pos.piece_at("WHe4".parse::<Square>()?).map(|p| p.kind), Some(Kind::Pawn));
    /// assert_eq!(pos.piece_at("WHe2".parse::<Square>()?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, m: Move) {
        self.play_raw(m);
        self.settle(true);
    }

    /// [`Position::play`], keeping in the position after what the move's `+`/`#` check needs
    /// (see [`Position::mark_after`]).
    pub(crate) fn play_noting(&mut self, m: Move) {
        let mover = self.side;
        self.play_raw(m);
        let (alive, castling, bridged, ep) = (self.alive, self.castling, self.bridged, self.ep);
        let mated = self.settle(true);
        // `settle` keeps the king scan of the seat it left to move when that seat has a legal
        // move; with no one eliminated since the move, that seat is the first live one after
        // the mover, judged on the board and moats right after the move
        let clear = match self.scan.0 {
            Some((false, _)) if self.alive == alive => 1 << self.side,
            _ => 0,
        };
        self.played = PlayedCache(Some(Played {
            m,
            mover,
            alive,
            castling,
            bridged,
            ep,
            mated,
            clear,
            alone: false,
        }));
    }

    /// Notes, after [`Position::play_noting`] of `m`, that `m` was the only legal move of
    /// its piece's kind to its target (what resolving a move written with no origin found).
    pub(crate) fn note_alone(&mut self) {
        if let Some(p) = self.played.0.as_mut() {
            p.alone = true;
        }
    }

    /// Whether [`Position::note_alone`] was told so of `m`, the move that made this position.
    pub(crate) fn played_alone(&self, m: Move) -> bool {
        self.played.0.is_some_and(|p| p.alone && p.m == m)
    }

    /// [`Position::play`] without judging the next seat: the turn moves on to the next live
    /// seat (or the game ends), and that seat is left [unsettled](Unsettled) until
    /// [`Position::settle_pending`]. A written move of that seat that resolves proves it has
    /// a legal move, and judging would then change nothing.
    pub(crate) fn play_unsettled(&mut self, m: Move) {
        self.play_raw(m);
        self.advance_unsettled();
    }

    /// `settle` up to the judging: the turn moves on to the next live seat, left unsettled,
    /// unless the game is over.
    #[inline(always)]
    pub(super) fn advance_unsettled(&mut self) {
        loop {
            if at_most_one(self.alive) || self.draw {
                self.settle(false);
                return;
            }
            self.side += 1;
            if self.side == 3 {
                self.side = 0;
                self.round += 1;
            }
            let t = self.side as usize;
            self.ep[t] = NONE;
            if self.alive & (1 << t) != 0 {
                self.unsettled = Unsettled(true);
                return;
            }
        }
    }

    /// [`Position::play_unsettled`], keeping in the position after what the move's `+` check
    /// needs, as [`Position::play_noting`] does; a `#` check rebuilds the position right
    /// after the move (the next seat is not judged).
    pub(crate) fn play_unsettled_noting(&mut self, m: Move) {
        let mover = self.side;
        self.play_raw(m);
        let (alive, castling, bridged, ep) = (self.alive, self.castling, self.bridged, self.ep);
        self.advance_unsettled();
        self.played = PlayedCache(Some(Played {
            m,
            mover,
            alive,
            castling,
            bridged,
            ep,
            mated: None,
            clear: 0,
            alone: false,
        }));
    }

    /// [`Position::play_unsettled_noting`] for a replay whose visitor only notates the move
    /// (`ThreeMan::resolve_play_notating`): the seat left to move is not judged (whether it
    /// has a legal move), but its king scan, which [`Position::settle`] would make and
    /// resolving its move needs, is made now and kept. A king it finds attacked by no one
    /// is not attacked by the mover, and a seat not in check is not mated:
    /// [`Position::mark_after`] then skips that king's attack test and needs no judging.
    /// Only a seat left in check is judged (has it a legal move?), and that, as
    /// [`Position::mark_of`] judges it, unless the turn passed an eliminated seat whose
    /// en-passant square was still set (`mark_after` then rebuilds the position right after
    /// the move, as for [`Position::play_unsettled_noting`]).
    pub(crate) fn play_unsettled_scanned(&mut self, m: Move) {
        self.play_unsettled_noting(m);
        if !self.unsettled.0 {
            return;
        }
        let scan = self.king_scan(self.moat_ctx());
        self.scan = ScanCache(Some(scan));
        let t = self.side as usize;
        let Some(mut p) = self.played.0 else {
            return;
        };
        if !scan.0 {
            p.clear = 1 << t;
            p.mated = Some(false);
        } else if (0..3).all(|c| c == t || self.ep[c] == p.ep[c]) {
            // no seat passed whose en-passant square `mark_of` would keep: this is the
            // position it judges
            p.mated = Some(!self.has_legal_move());
        }
        self.played = PlayedCache(Some(p));
    }

    /// Judges the side to move when [`Position::play_unsettled`] left it unsettled, as
    /// [`Position::play`] would have.
    pub(crate) fn settle_pending(&mut self) {
        if self.unsettled.0 {
            self.unsettled = Unsettled(false);
            self.settle(false);
        }
    }

    /// Plays a move without moving the turn on.
    #[inline(always)]
    pub(crate) fn play_raw(&mut self, m: Move) {
        self.scan = ScanCache(None);
        self.played = PlayedCache(None);
        let s = self.side as usize;
        let moved = self.board.sq[m.from as usize];
        let taken = self.board.apply(m, s);
        if kind_of(moved) == Kind::King as u8 {
            self.kings[s] = m.to;
            self.castling &= !(3 << (2 * s));
        }
        for sq in [m.from, m.to] {
            if sq < 24 {
                let z = sq / 8;
                match sq % 8 {
                    7 => self.castling &= !(1 << (2 * z)),
                    0 => self.castling &= !(1 << (2 * z + 1)),
                    _ => {}
                }
            }
        }
        if taken != 0 && kind_of(taken) == Kind::King as u8 {
            let c = colour_of(taken);
            self.kings[c] = NONE;
            self.eliminate(c);
        }
        self.ep[s] = if m.flags & F_DOUBLE != 0 {
            m.from + 24
        } else {
            NONE
        };
        if taken != 0 || kind_of(moved) == Kind::Pawn as u8 {
            self.clock = 0;
        } else {
            self.clock += 1;
        }
        self.bridge_vacated();
    }

    pub(crate) fn bridge_vacated(&mut self) {
        // every zone's rank 1 lies in the first word of the sets
        for c in 0..3 {
            if self.alive & (1 << c) != 0 && self.board.occ[c].0[0] & (0xff << (8 * c)) == 0 {
                self.bridged |= zone_moats(c);
            }
        }
    }

    pub(super) fn eliminate(&mut self, c: usize) {
        self.alive &= !(1 << c);
        self.castling &= !(3 << (2 * c));
        self.bridged |= zone_moats(c);
    }

    /// Moves the turn on (when `advance`) and judges the player whose turn it is: no legal
    /// move and in check (or three alive) eliminates; with two alive a stalemate draws.
    ///
    /// Returns whether the first seat judged was in check with no legal move (`Some(false)`
    /// when no seat was judged), or `None` when the turn passed, before that seat, an
    /// eliminated seat whose en-passant square was still set (which [`Position::mark_of`]
    /// keeps: see [`Position::mark_after`]).
    pub(crate) fn settle(&mut self, mut advance: bool) -> Option<bool> {
        let mut first = Some(false);
        let mut judged = false;
        for _ in 0..8 {
            if at_most_one(self.alive) {
                // the game is over: the winner is "to move", so the side is always alive
                if self.alive != 0 {
                    self.side = self.alive.trailing_zeros() as u8;
                }
                return first;
            }
            if self.draw {
                return first;
            }
            if advance {
                self.side += 1;
                if self.side == 3 {
                    self.side = 0;
                    self.round += 1;
                }
            }
            let t = self.side as usize;
            if advance {
                if !judged && self.alive & (1 << t) == 0 && self.ep[t] != NONE {
                    first = None;
                }
                // a seat's own double step has expired when its turn comes round again
                self.ep[t] = NONE;
            }
            advance = true;
            if self.alive & (1 << t) == 0 {
                continue;
            }
            let scan = self.king_scan(self.moat_ctx());
            if self.quiet_step(scan).is_some() || self.first_legal_generated(scan).is_some() {
                // nothing changes from here on: keep the scan for what comes next
                self.scan = ScanCache(Some(scan));
                return first;
            }
            let in_check = self.in_check();
            if !judged {
                judged = true;
                first = first.map(|_| in_check);
            }
            if in_check || self.alive & 7 == 7 || self.rules.stalemate_eliminates {
                self.eliminate(t);
                continue;
            }
            self.draw = true;
            return first;
        }
        first
    }

    /// The mark a move earns: 2 for `#` (the next player is then in check with no legal
    /// move), 1 for `+` (a piece of the mover attacks a live opponent's king), else 0. Without
    /// `mate` the `#` test is skipped when the move earns `+`.
    pub(crate) fn mark_of(&self, m: Move, mate: bool) -> u8 {
        let mut after = self.clone();
        after.play_raw(m);
        after.mark_raw(self.side as usize, mate)
    }

    /// [`Position::mark_of`] of `m` from the position after it, when [`Position::play_noting`]
    /// (or [`Position::play_unsettled_noting`]) made that position by playing `m`; `None`
    /// otherwise. Same answer, without replaying the
    /// move: the judging of the next seat in `play` already says whether it is mated.
    pub(crate) fn mark_after(&self, m: Move, mate: bool) -> Option<u8> {
        self.mark_after_fresh(m, mate, 0)
    }

    /// [`Position::mark_after`] of `m`, played from `before`: when `before` was made by
    /// another seat's legal move ([`Position::play_noting`] or
    /// [`Position::play_unsettled_noting`] kept it there) and no one was eliminated since,
    /// that seat's king was attacked by no one before `m`, so it is tested only for what `m`
    /// changed ([`Position::attacked_since`]). Same answer as `mark_after`.
    pub(crate) fn mark_played(&self, before: &Position, m: Move) -> Option<u8> {
        self.mark_after_fresh(m, true, self.fresh_since(before))
    }

    /// The seat whose king `before` shows attacked by no one, as a bit: the seat whose
    /// legal move made `before` (kept by [`Position::play_noting`] or
    /// [`Position::play_unsettled_noting`]), when this position was made from `before` by
    /// another seat's move and no one was eliminated since; else 0.
    #[inline(always)]
    pub(super) fn fresh_since(&self, before: &Position) -> u8 {
        match (before.played.0, self.played.0) {
            (Some(q), Some(p))
                if q.alive == p.alive && q.mover != p.mover && p.mover == before.side =>
            {
                1 << q.mover
            }
            _ => 0,
        }
    }

    /// [`Position::mark_after`], with `fresh` the seats whose kings were attacked by no one
    /// before the move on the same moats (bit `c` for seat `c`).
    #[inline(always)]
    pub(super) fn mark_after_fresh(&self, m: Move, mate: bool, fresh: u8) -> Option<u8> {
        let p = self.played.0.filter(|p| p.m == m)?;
        let s = p.mover as usize;
        let ignore = moat_ignore(self.rules, p.alive);
        // a king attacked by no one is not attacked by the mover; one attacked by no one
        // before the move is tested only for what the move changed
        let mut tested = p.alive & !p.clear & !(1 << s) & 7;
        let mut check = false;
        while tested != 0 {
            let c = tested.trailing_zeros() as usize;
            tested &= tested - 1;
            let k = self.kings[c];
            if k != NONE
                && if fresh & (1 << c) != 0 {
                    self.attacked_since(k, s, m, ignore)
                } else {
                    self.attacked(&self.board, k, 1 << s, ignore)
                }
            {
                check = true;
                break;
            }
        }
        if !mate {
            return Some(check as u8);
        }
        let mated = match p.mated {
            Some(mated) => mated,
            None => {
                // the position right after the move, as `mark_of` sees it
                let mut raw = self.clone();
                raw.scan = ScanCache(None);
                raw.side = p.mover;
                raw.alive = p.alive;
                raw.castling = p.castling;
                raw.bridged = p.bridged;
                raw.ep = p.ep;
                raw.draw = false;
                return Some(raw.mark_raw(s, true));
            }
        };
        Some(if mated { 2 } else { check as u8 })
    }

    /// Whether seat `s` attacks the king on `k` on this board, right after its move `m`,
    /// when before the move that king was attacked by no one on the same moats (`ignore`):
    /// the same answer as [`Position::attacked`] then, testing only what the move changed.
    /// A piece of `s` that stayed put attacked nothing there before; a knight, king or pawn
    /// attacks the same squares wherever the others stand, so only a slider can have come
    /// to attack it, through a square the move emptied (the origin, the pawn taken en
    /// passant, the castling rook's square). The pieces the move placed are tested too: the
    /// one on the target (a close attack, or along its rays when a slider), and a castling
    /// rook along its rays. Kept out of line: inlined into `mark_after` it made that
    /// function dearer for every move (docs/performance.md, "Export, the tenth pass").
    #[inline(never)]
    pub(super) fn attacked_since(&self, k: u8, s: usize, m: Move, ignore: u8) -> bool {
        let b = &self.board;
        let ki = k as usize;
        let to = &DIRS_TO[ki];
        // the rays through the target count only for a slider placed there (a piece placed
        // on a ray only blocks it), those through the origin for what stood behind it
        let placed = b.sq[m.to as usize];
        let along = match kind_of(placed) {
            3 => 0xf0,
            4 => 0x0f,
            5 => 0xff,
            _ => 0,
        };
        let mut dirs = (to[m.to as usize] & along) | to[m.from as usize];
        if m.flags & (F_EP | F_CASTLE) != 0 {
            if m.flags & F_EP != 0 {
                // the pawn taken stands one rank further in (see `Board::apply`)
                dirs |= to[m.to as usize + 24];
            } else {
                // the rook: its square emptied, the square it lands on (a rook's rays)
                let base = m.from - m.from % 8;
                let (rf, rt) = if m.to > m.from {
                    (base + 7, base + 5)
                } else {
                    (base, base + 3)
                };
                dirs |= to[rf as usize] | (to[rt as usize] & 0x0f);
            }
        }
        if CLOSE[ki].has(m.to) && self.attacked_close(b, k, Bits::bit(m.to), ignore) {
            return true;
        }
        // each of those rays: its first piece, when a slider of `s` that moves along it,
        // attacks the king
        ray_sliders_attack(b, ki, dirs as u32, ignore, |_, p| colour_of(p) == s)
    }

    /// [`Position::mark_of`] on the position right after the move of seat `s`, before the
    /// turn moves on.
    pub(super) fn mark_raw(mut self, s: usize, mate: bool) -> u8 {
        let ctx = self.moat_ctx();
        let mut check = false;
        for c in 0..3 {
            if c != s && self.alive & (1 << c) != 0 {
                let k = self.kings[c];
                if k != NONE && self.attacked(&self.board, k, 1 << s, ctx.ignore) {
                    check = true;
                }
            }
        }
        if !mate {
            return check as u8;
        }
        // the next live player: in check (by anyone) with no legal move
        for i in 1..3 {
            let c = (s + i) % 3;
            if self.alive & (1 << c) != 0 {
                self.side = c as u8;
                self.ep[c] = NONE;
                return if self.in_check() && !self.has_legal_move() {
                    2
                } else {
                    check as u8
                };
            }
        }
        check as u8
    }
}
