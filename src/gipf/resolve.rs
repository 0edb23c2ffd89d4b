//! From a written half-move to the move it means (`resolve`), and back (`notate`).

use super::Style;
use super::coord::SPOTS;
use super::coord::{Line, Point, entry_ray, ray_to};
use super::notation::{Group, Item, LineNote, Notation, PushNote};
use super::position::{
    ALL_LINES, FIRST_LINE, MAX_GROUPS, Move, NO_REMOVAL, PhaseOption, Position, Push, Removal, Row,
    Seen, ax_run, ax_run_lines, axial,
};
use super::rules::Variant;
use crate::error::MoveError;

fn points(mask: u64) -> String {
    let mut v = Vec::new();
    for p in Point::all() {
        if mask & p.bit() != 0 {
            v.push(p.to_string());
        }
    }
    v.join(",")
}

fn variant_name(v: Variant) -> &'static str {
    match v {
        Variant::Basic => "basic",
        Variant::Standard => "standard",
        Variant::Tournament => "tournament",
    }
}

/// The push a written push means in `pos` (after the pre-move removals).
pub(crate) fn resolve_push(pos: &Position, pn: &PushNote) -> Result<Push, MoveError> {
    resolve_push_end(pos, pn).map(|(push, _)| push)
}

/// [`resolve_push`], with the end of the push: the place on its ray of the spot the last
/// pushed piece comes to (0 for a placement), the ray's first empty spot.
#[inline]
fn resolve_push_end(pos: &Position, pn: &PushNote) -> Result<(Push, usize), MoveError> {
    let c = pos.to_move();
    if pn.gipf {
        if pos.rules().variant != Variant::Tournament {
            return Err(MoveError::illegal(format!(
                "no GIPF-piece can be brought in in the {} game",
                variant_name(pos.rules().variant)
            )));
        }
        if pos.basic_played(c) {
            return Err(MoveError::illegal(
                "no more GIPF-pieces can be brought in after one's first basic piece",
            ));
        }
        if pos.reserve(c) < 2 {
            return Err(MoveError::illegal(format!(
                "a GIPF-piece needs 2 pieces in reserve, there is {}",
                pos.reserve(c)
            )));
        }
    } else {
        if pos.rules().variant == Variant::Tournament && !pos.moved(c) {
            return Err(MoveError::illegal(
                "the first push of the tournament game must bring in a GIPF-piece (write G)",
            ));
        }
        if pos.reserve(c) == 0 {
            return Err(MoveError::illegal("no piece left in reserve"));
        }
    }
    let occ = pos.occ();
    let (ray, j) = match pn.to {
        None => {
            let s = pn.from;
            if s.is_dot() {
                return Err(MoveError::illegal(format!(
                    "{s} is a dot: a push from a dot is written with its end, such as {s}-…"
                )));
            }
            let Some(ray) = entry_ray(s) else {
                return Err(MoveError::illegal(format!(
                    "{s} is not next to a dot, so no piece can be placed on it"
                )));
            };
            if occ & s.bit() != 0 {
                return Err(MoveError::illegal(format!(
                    "{s} is occupied: a push onto it is written from its dot, such as {}-…",
                    ray.dot()
                )));
            }
            (ray, 0)
        }
        Some(to) => {
            let d = pn.from;
            if d.is_spot() {
                return Err(MoveError::illegal(format!(
                    "{d} is a spot, not a dot: a push starts on a dot"
                )));
            }
            let Some(ray) = ray_to(d, to) else {
                return Err(MoveError::illegal(format!(
                    "{to} is not a spot on a line from {d} into the board"
                )));
            };
            // The ray runs over every spot of its line (a unit test holds the two masks
            // equal), so the line is full when the ray has no free spot.
            if ray.raw().mask & !occ == 0 {
                return Err(MoveError::illegal(format!(
                    "the line from {d} through {} is full: a piece would be pushed off the board",
                    ray.spot(ray.len() - 1)
                )));
            }
            let j = ray.end(occ);
            let s0 = ray.spot(0);
            if j == 0 {
                if to != s0 {
                    return Err(MoveError::illegal(format!(
                        "{s0} is empty, so the push from {d} ends there, not on {to}"
                    )));
                }
                (entry_ray(s0).unwrap_or(ray), 0)
            } else {
                if to != s0 && to != ray.spot(j) {
                    return Err(MoveError::illegal(format!(
                        "the push from {d} ends on {} (complete) or is written {d}-{s0} (short), not {d}-{to}",
                        ray.spot(j)
                    )));
                }
                (ray, j)
            }
        }
    };
    Ok((Push { ray, gipf: pn.gipf }, j))
}

/// Checks the items of a group against the board, whatever row they belong to.
fn check_items(pos: &Position, g: &Group) -> Result<(), MoveError> {
    for it in &g.items {
        let p = it.point;
        if p.is_dot() {
            return Err(MoveError::illegal(format!(
                "{p} is a dot: removed pieces stand on spots"
            )));
        }
        if pos.piece(p).is_none() {
            return Err(MoveError::illegal(format!(
                "there is no piece on {p} to remove"
            )));
        }
    }
    Ok(())
}

/// The `G` and `*` markers of a group, checked against the board they were written for.
fn check_group_markers(pos: &Position, g: &Group) -> Result<(), MoveError> {
    let c = pos.to_move();
    for it in &g.items {
        let p = it.point;
        match pos.piece(p) {
            Some((_, false)) if it.gipf => {
                return Err(MoveError::mismatch(format!(
                    "{p} is marked G but holds a basic piece"
                )));
            }
            Some((col, _)) if it.star && col == c => {
                return Err(MoveError::mismatch(format!(
                    "{p} is marked * but holds the remover's own piece"
                )));
            }
            _ => {}
        }
    }
    Ok(())
}

/// Checks the `G` and `*` markers of a resolved note (a wrong marker is a mismatch: an error
/// when reading strictly, a warning when lenient; a missing one is fine).
pub(crate) fn check_markers(before: &Position, n: &Notation, m: &Move) -> Result<(), MoveError> {
    if n.pre.iter().chain(&n.post).all(|g| g.items.is_empty()) {
        return Ok(());
    }
    if let Some(checked) = check_markers_seen(n, m) {
        return checked;
    }
    for g in &n.pre {
        check_group_markers(before, g)?;
    }
    if n.post.is_empty() {
        return Ok(());
    }
    let mut p = before.clone();
    let c = p.to_move();
    for g in m.pre() {
        p.remove(c, g.mask(), 0);
    }
    if let Some(push) = m.push() {
        p.do_push(push);
        for g in &n.post {
            check_group_markers(&p, g)?;
        }
    }
    Ok(())
}

/// [`check_markers`] from what `resolve` saw of the removed pieces, without the board: the
/// same verdict, or `None` when the move does not say (not resolved) or a listed point is
/// not among the pieces it removes in that phase (never so for a move resolved from `n`).
fn check_markers_seen(n: &Notation, m: &Move) -> Option<Result<(), MoveError>> {
    let seen = &m.seen;
    if !seen.known {
        return None;
    }
    let union = |gs: &[Removal]| gs.iter().fold(0, |a, g| a | g.mask());
    let phases: [(&[Group], u64); 2] = [
        (&n.pre, union(m.pre())),
        (
            if m.push().is_some() { &n.post } else { &[] },
            union(m.post()),
        ),
    ];
    // One pass: any listed point outside the phase's removal says nothing (`None`), wherever
    // it is; otherwise the first wrong marker, in the order written, is the verdict.
    let mut wrong: Option<(Point, bool)> = None;
    for (phase, (groups, removed)) in phases.iter().enumerate() {
        for g in *groups {
            for it in &g.items {
                let b = it.point.bit();
                if removed & b == 0 {
                    return None;
                }
                if wrong.is_none() {
                    if it.gipf && seen.gipf[phase] & b == 0 {
                        wrong = Some((it.point, true));
                    } else if it.star && seen.own[phase] & b != 0 {
                        wrong = Some((it.point, false));
                    }
                }
            }
        }
    }
    Some(match wrong {
        None => Ok(()),
        Some((p, true)) => Err(MoveError::mismatch(format!(
            "{p} is marked G but holds a basic piece"
        ))),
        Some((p, false)) => Err(MoveError::mismatch(format!(
            "{p} is marked * but holds the remover's own piece"
        ))),
    })
}

/// The pieces a written group removes from `row`, or why it does not fit that row.
fn group_mask(pos: &Position, line: Line, set: u64, g: &Group) -> Result<u64, String> {
    if let Some(ln) = g.line
        && ln.line != line
    {
        return Err(format!(
            "the group names {} but the row is on {line}",
            ln.line
        ));
    }
    let gipf = pos.gipf_pieces();
    let basics = set & !gipf;
    let gipfs = set & gipf;
    let mut listed = 0;
    for it in &g.items {
        if set & it.point.bit() == 0 {
            return Err(format!(
                "{} is not in the removal set of the row on {line}",
                it.point
            ));
        }
        listed |= it.point.bit();
    }
    let lb = listed & basics;
    if lb != 0 && lb != basics {
        return Err(format!(
            "the group lists some basic pieces of the row on {line} but not {} (list all or none)",
            points(basics & !lb)
        ));
    }
    let mask = basics | (listed & gipfs);
    if mask == 0 {
        return Err(format!(
            "nothing is taken from the row of GIPF-pieces on {line}"
        ));
    }
    Ok(mask)
}

#[allow(clippy::too_many_arguments)]
fn match_rec(
    pos: &Position,
    lines: u32,
    stamp: u16,
    groups: &[Group],
    phase: &str,
    acc: &mut [Removal; MAX_GROUPS],
    n: usize,
    out: &mut Vec<PhaseOption>,
    err: &mut Option<MoveError>,
    allow_left: bool,
) {
    let c = pos.to_move();
    let mut rows = [super::position::Row {
        line: acc[0].line(),
        set: 0,
    }; super::coord::LINES];
    let k = pos.rows(c, lines, &mut rows);
    let Some(g) = groups.first() else {
        let due = rows[..k].iter().find(|r| r.set & !pos.gipf_pieces() != 0);
        if let (Some(r), false) = (due, allow_left) {
            err.get_or_insert_with(|| {
                MoveError::illegal(format!(
                    "the row on {} ({}) must be removed {phase} (write x)",
                    r.line,
                    points(r.set)
                ))
            });
            return;
        }
        let mut g = *acc;
        super::position::sort_groups(&mut g[..n]);
        if !out.iter().any(|(h, m, _)| *m == n && h[..n] == g[..n]) {
            out.push((g, n, pos.clone()));
        }
        return;
    };
    let which = n + 1;
    if let Err(e) = check_items(pos, g) {
        err.get_or_insert(e);
        return;
    }
    if n == MAX_GROUPS {
        err.get_or_insert_with(|| MoveError::illegal("too many removal groups"));
        return;
    }
    if k == 0 {
        err.get_or_insert_with(|| {
            MoveError::illegal(format!(
                "removal group {which} {phase} ({g}): there is no row of the mover's colour to remove"
            ))
        });
        return;
    }
    let mut reasons = Vec::new();
    for r in &rows[..k] {
        match group_mask(pos, r.line, r.set, g) {
            Ok(mask) => {
                let mut p = pos.clone();
                p.remove(c, mask, stamp);
                acc[n] = Removal::new(r.line, mask);
                match_rec(
                    &p,
                    lines & !(1 << r.line.index()),
                    stamp,
                    &groups[1..],
                    phase,
                    acc,
                    n + 1,
                    out,
                    err,
                    allow_left,
                );
            }
            Err(why) => reasons.push(why),
        }
    }
    if reasons.len() == k {
        err.get_or_insert_with(|| {
            MoveError::illegal(format!(
                "removal group {which} {phase} ({g}) fits no row: {}",
                reasons.join("; ")
            ))
        });
    }
}

fn match_phase(
    pos: &Position,
    lines: u32,
    stamp: u16,
    groups: &[Group],
    phase: &str,
    allow_left: bool,
) -> Result<Vec<PhaseOption>, MoveError> {
    let mut out = Vec::new();
    let mut err = None;
    let mut acc =
        [Removal::new(Line::from_index(0).unwrap_or_else(|| unreachable!()), 0); MAX_GROUPS];
    match_rec(
        pos, lines, stamp, groups, phase, &mut acc, 0, &mut out, &mut err, allow_left,
    );
    if out.is_empty() {
        Err(err.unwrap_or_else(|| MoveError::illegal("the removals do not fit the board")))
    } else {
        Ok(out)
    }
}

/// Candidate moves found while resolving, without allocating for the usual single one.
#[derive(Default)]
struct Cands {
    first: Option<Move>,
    more: Vec<Move>,
}

impl Cands {
    fn add(&mut self, m: Move) {
        match self.first {
            None => self.first = Some(m),
            Some(f) if f == m => {}
            Some(_) => {
                if !self.more.contains(&m) {
                    self.more.push(m)
                }
            }
        }
    }
}

/// The post-move part: resolves the push on `p1` (after `pre`) and matches the groups after.
fn resolve_after(
    p1: &Position,
    pre: &[Removal],
    n: &Notation,
    cands: &mut Cands,
    err: &mut Option<MoveError>,
    allow_left: bool,
) {
    let c = p1.to_move();
    if let Some(end) = p1.end_check() {
        if !pre.is_empty() {
            if n.push.is_some() {
                err.get_or_insert_with(|| {
                    MoveError::illegal(format!(
                        "after these removals the game is over ({}): no push may follow",
                        match end {
                            crate::game::Outcome::Win(0) => "White wins",
                            _ => "Black wins",
                        }
                    ))
                });
            } else if let Some(m) = Move::new(pre, None, &[]) {
                cands.add(m);
            }
        }
        return;
    }
    let Some(pn) = &n.push else {
        err.get_or_insert_with(|| {
            MoveError::illegal("a push must follow the removals: the game is not over")
        });
        return;
    };
    let push = match resolve_push(p1, pn) {
        Ok(p) => p,
        Err(e) => {
            err.get_or_insert(e);
            return;
        }
    };
    let r8 = if p1.rules().variant == Variant::Tournament {
        p1.r8_lines(c)
    } else {
        0
    };
    let mut p2 = p1.clone();
    let j = p2.do_push(push);
    let lines = push.ray.raw().cross[j] | r8;
    if n.post.is_empty() && !p2.has_row(c, lines, true) {
        if let Some(m) = Move::new(pre, Some(push), &[]) {
            cands.add(m);
        }
        return;
    }
    match match_phase(
        &p2,
        lines,
        p2.stamp(true),
        &n.post,
        "after the push",
        allow_left,
    ) {
        Ok(post) => {
            for (h, l, _) in &post {
                if let Some(m) = Move::new(pre, Some(push), &h[..*l]) {
                    cands.add(m);
                }
            }
        }
        Err(e) => {
            err.get_or_insert(e);
        }
    }
}

/// The pieces a written group removes from a row (line and removal set), when it fits that
/// row; the rules of [`group_mask`] without its reasons.
#[inline]
fn group_fit(gipf: u64, row: &Row, g: &Group) -> Option<u64> {
    if g.line.is_some_and(|ln| ln.line != row.line) {
        return None;
    }
    let mut listed = 0;
    for it in &g.items {
        listed |= it.point.bit();
    }
    if listed & !row.set != 0 {
        return None;
    }
    let basics = row.set & !gipf;
    let lb = listed & basics;
    if lb != 0 && lb != basics {
        return None;
    }
    let mask = basics | (listed & row.set & gipf);
    (mask != 0).then_some(mask)
}

/// One removal phase of colour to move on `lines` (those where he has four in a run, as
/// `ax_run_lines` finds them) when the written groups fix it without a search: every row
/// there holds a basic piece (no R8 row), the rows' removal sets are
/// disjoint (so removing one changes no other), and each group fits exactly one row, a
/// different one each, all rows covered. The groups go to `out`, their pieces are removed
/// from `p`, and their number is returned. `None` sends the note to the general matcher,
/// which then finds the same move (or the reason there is none).
fn fast_phase(
    p: &mut Position,
    lines: u32,
    notes: &[Group],
    stamp: u16,
    out: &mut [Removal],
) -> Option<usize> {
    let c = p.to_move();
    let mut rows = [Row {
        line: FIRST_LINE,
        set: 0,
    }; super::coord::LINES];
    let k = p.rows_on(c, lines, &mut rows);
    if k != notes.len() || k > out.len() {
        return None;
    }
    let gipf = p.gipf_pieces();
    let mut union = 0;
    for r in &rows[..k] {
        if r.set & !gipf == 0 || r.set & union != 0 {
            return None;
        }
        union |= r.set;
    }
    let mut used = 0u32;
    for (g, slot) in notes.iter().zip(out.iter_mut()) {
        let mut found = None;
        for (i, r) in rows[..k].iter().enumerate() {
            if let Some(mask) = group_fit(gipf, r, g) {
                if found.is_some() {
                    return None;
                }
                found = Some((i, mask));
            }
        }
        let (i, mask) = found?;
        if used & (1 << i) != 0 {
            return None;
        }
        used |= 1 << i;
        *slot = Removal::new(rows[i].line, mask);
    }
    for r in &out[..k] {
        p.remove(c, r.mask(), stamp);
    }
    Some(k)
}

/// The fast path of [`resolve`]: a note with a push whose removal groups (if any) are fixed
/// by what they list. The written push is checked directly, played, and the groups matched
/// against the rows the push formed, found only on the lines through the spots it changed.
/// `None` when the note needs the general matcher: an error, a row left unwritten, crossing
/// rows, R8 rows, a group that fits several rows, a removal-only move.
///
/// `p` is the board before the move on the way in; when a move is found it is the board the
/// move leaves, all but the turn's end ([`Position::pass_turn`]), and the move keeps what it
/// saw of the removed pieces ([`Seen`]). On `None`, `p` is spoilt. `due`: the mover has a
/// due row on `p` (`amine`, `any_row`: his pieces in the axial layout, whether they hold a
/// run of four).
fn resolve_fast(
    p: &mut Position,
    n: &Notation,
    amine: u64,
    any_row: bool,
    due: bool,
) -> Option<Move> {
    let c = p.to_move();
    let pn = n.push.as_ref()?;
    let (gipf_pre, own_pre) = (p.gipf_pieces(), p.pieces(c));
    let mut groups = [NO_REMOVAL; MAX_GROUPS];
    let mut amine = amine;
    let n_pre = if n.pre.is_empty() {
        // `resolve` has run the end check on this board already: the game goes on.
        if due {
            return None;
        }
        0
    } else {
        if !any_row {
            return None;
        }
        let st = p.stamp(false);
        let k = fast_phase(p, ax_run_lines(amine), &n.pre, st, &mut groups)?;
        if p.end_check().is_some() {
            return None;
        }
        amine = axial(p.pieces(c));
        k
    };
    let (push, j) = resolve_push_end(p, pn).ok()?;
    if p.rules().variant == Variant::Tournament && p.r8_lines(c) != 0 {
        return None;
    }
    p.push_to(push, j);
    let lines = pushed_run_lines(amine, push, j);
    fast_post(p, n, push, lines, groups, n_pre, [gipf_pre, own_pre])
}

/// [`resolve_fast`] of a note without removals before its push that forms rows (`lines`):
/// `p`, the board after the push (all but the turn's end). Out of line, so that
/// `resolve_play`'s common case keeps a small frame.
#[inline(never)]
fn fast_rows(p: &mut Position, n: &Notation, push: Push, lines: u32) -> Option<Move> {
    fast_post(p, n, push, lines, [NO_REMOVAL; MAX_GROUPS], 0, [0, 0])
}

/// The end of [`resolve_fast`], after the push (`p`, the board it leaves): the removals after
/// it (`lines`, the lines on which the mover has four in a row), and the move. `groups`:
/// the `n_pre` removals before the push; `before`: the GIPF-pieces and the mover's pieces
/// before the push (after those removals).
#[inline(always)]
fn fast_post(
    p: &mut Position,
    n: &Notation,
    push: Push,
    lines: u32,
    mut groups: [Removal; MAX_GROUPS],
    n_pre: usize,
    before: [u64; 2],
) -> Option<Move> {
    let c = p.to_move();
    let [gipf_pre, own_pre] = before;
    let (gipf_post, own_post) = (p.gipf_pieces(), p.pieces(c));
    let n_post = if lines == 0 {
        if !n.post.is_empty() {
            return None;
        }
        0
    } else {
        let st = p.stamp(true);
        fast_phase(p, lines, &n.post, st, &mut groups[n_pre..])?
    };
    let mut m = Move::new(&groups[..n_pre], Some(push), &groups[n_pre..n_pre + n_post])?;
    let pre = union(&groups[..n_pre]);
    let post = union(&groups[n_pre..n_pre + n_post]);
    m.seen = Seen {
        gipf: [pre & gipf_pre, post & gipf_post],
        own: [pre & own_pre, post & own_post],
        left: 0,
        known: true,
    };
    Some(m)
}

/// The lines on which the mover holds four in a row after `push` (ending at `j` on its ray),
/// among those it can make: `amine`, his pieces before the push in the axial layout.
///
/// New rows of the mover can only be on the lines through the spots the push changed
/// (s0 … sj): his pieces there in the axial layout, the segment moved one step, say which of
/// those lines hold four in a row.
#[inline(always)]
fn pushed_run_lines(amine: u64, push: Push, j: usize) -> u32 {
    let info = push.ray.raw();
    let seg = amine & info.axseg[j];
    let moved = if info.axstep > 0 {
        seg << info.axstep
    } else {
        seg >> -info.axstep
    };
    let after = (amine & !info.axseg[j + 1]) | moved | info.axseg[1];
    ax_run_lines(after) & info.cross[j]
}

/// The points a list of groups removes.
#[inline]
fn union(groups: &[Removal]) -> u64 {
    groups.iter().fold(0, |a, g| a | g.mask())
}

/// What a move resolved by the general matcher removes, seen on the board `pos` before it
/// (the fast path sees it in passing).
fn see(pos: &Position, m: &mut Move) {
    let c = pos.to_move();
    let pre = union(m.pre());
    let mut seen = Seen {
        gipf: [pre & pos.gipf_pieces(), 0],
        own: [pre & pos.pieces(c), 0],
        left: 0,
        known: true,
    };
    if let Some(push) = m.push()
        && !m.post().is_empty()
    {
        let mut p = pos.clone();
        for g in m.pre() {
            p.remove(c, g.mask(), 0);
        }
        p.do_push(push);
        let post = union(m.post());
        seen.gipf[1] = post & p.gipf_pieces();
        seen.own[1] = post & p.pieces(c);
    }
    if m.leaves_rows() {
        seen.left = left_row(pos, m);
    }
    m.seen = seen;
}

/// Every move the note fits; with `allow_left`, also those that leave a due row.
fn resolve_pass(
    pos: &Position,
    n: &Notation,
    any_row: bool,
    allow_left: bool,
) -> (Cands, Option<MoveError>) {
    let c = pos.to_move();
    let mut cands = Cands::default();
    let mut err: Option<MoveError> = None;
    if n.pre.is_empty() && (!any_row || !pos.has_row(c, ALL_LINES, true)) {
        resolve_after(pos, &[], n, &mut cands, &mut err, allow_left);
    } else {
        match match_phase(
            pos,
            ALL_LINES,
            pos.stamp(false),
            &n.pre,
            "before the push",
            allow_left,
        ) {
            Ok(pre) => {
                for (g, k, p1) in &pre {
                    resolve_after(p1, &g[..*k], n, &mut cands, &mut err, allow_left);
                }
            }
            Err(e) => err = Some(e),
        }
    }
    (cands, err)
}

/// The move a written half-move means in `pos`.
///
/// A note that leaves a due row on the board (no `x` for it) resolves, when it fits exactly one
/// such move, to a move marked [`Move::leaves_rows`]; `check_annotations` then reports it, so
/// it is an error when reading strictly and a warning when lenient (the row stays).
pub(crate) fn resolve(pos: &Position, n: &Notation) -> Result<Move, MoveError> {
    resolve_with(pos, n, true)
}

/// [`resolve`], with or without its fast path (without: every note goes through the general
/// matcher, the reference the fast path is tested against).
pub(crate) fn resolve_with(pos: &Position, n: &Notation, fast: bool) -> Result<Move, MoveError> {
    let (amine, any_row, due) = game_goes_on(pos)?;
    if fast && let Some(m) = resolve_fast(&mut pos.clone(), n, amine, any_row, due) {
        return Ok(m);
    }
    resolve_slow(pos, n, any_row)
}

/// [`resolve`], and the move played on `pos` when it is legal; `pos` is left as it was when
/// it is not. The fast path's board is the board after the move, so the push is made once.
#[inline]
pub(crate) fn resolve_play(pos: &mut Position, n: &Notation) -> Result<Move, MoveError> {
    let (amine, any_row, due) = game_goes_on(pos)?;
    // The common case first: a plain push that forms no row of the mover's, seen before the
    // board changes (so nothing need be kept to restore it), and the move built without the
    // groups of the general fast path.
    // A note without removals before its push (and no due row) is settled here as
    // `resolve_fast` would settle it, without making the push again when it forms rows.
    if n.pre.is_empty()
        && !due
        && let Some(pn) = &n.push
    {
        if let Ok((push, j)) = resolve_push_end(pos, pn)
            && (pos.rules().variant != Variant::Tournament || pos.r8_lines(pos.to_move()) == 0)
        {
            let lines = pushed_run_lines(amine, push, j);
            if lines == 0 {
                if n.post.is_empty() {
                    pos.push_to(push, j);
                    pos.pass_turn();
                    return Ok(Move::plain_seen(push));
                }
            } else {
                let before = pos.clone();
                pos.push_to(push, j);
                if let Some(m) = fast_rows(pos, n, push, lines) {
                    pos.pass_turn();
                    return Ok(m);
                }
                *pos = before;
            }
        }
        return play_slow(pos, n, any_row);
    }
    let before = pos.clone();
    if let Some(m) = resolve_fast(pos, n, amine, any_row, due) {
        pos.pass_turn();
        return Ok(m);
    }
    *pos = before;
    play_slow(pos, n, any_row)
}

/// [`resolve_slow`], and the move played on `pos` when it is legal.
fn play_slow(pos: &mut Position, n: &Notation, any_row: bool) -> Result<Move, MoveError> {
    let m = resolve_slow(pos, n, any_row)?;
    pos.play(&m);
    Ok(m)
}

/// The first step of [`resolve`]: every note is refused once the game is over. Gives the
/// mover's pieces in the axial layout, whether they hold a run of four, and whether he has
/// a due row (so the game goes on).
#[inline(always)]
fn game_goes_on(pos: &Position) -> Result<(u64, bool, bool), MoveError> {
    let amine = axial(pos.pieces(pos.to_move()));
    let any_row = ax_run(amine);
    let due = any_row && pos.has_row(pos.to_move(), ALL_LINES, true);
    // `Position::outcome`, with what is known already.
    if !due && !pos.surely_goes_on() && pos.end_check().is_some() {
        return Err(MoveError::illegal("the game is already over"));
    }
    Ok((amine, any_row, due))
}

/// [`resolve`] by the general matcher, after its first step.
fn resolve_slow(pos: &Position, n: &Notation, any_row: bool) -> Result<Move, MoveError> {
    let (cands, err) = resolve_pass(pos, n, any_row, false);
    match cands.first {
        None => {
            let (loose, _) = resolve_pass(pos, n, any_row, true);
            if let (Some(mut m), true) = (loose.first, loose.more.is_empty()) {
                m.set_left();
                see(pos, &mut m);
                return Ok(m);
            }
            Err(err.unwrap_or_else(|| MoveError::illegal("no legal move fits the note")))
        }
        Some(mut m) if cands.more.is_empty() => {
            see(pos, &mut m);
            Ok(m)
        }
        Some(m) => {
            let list: Vec<String> = std::iter::once(m)
                .chain(cands.more)
                .map(|m| write(pos, &m, Style::Complete).0.move_text())
                .collect();
            Err(MoveError::ambiguous(format!(
                "the note fits {} moves: {}",
                list.len(),
                list.join(" | ")
            )))
        }
    }
}

/// Why a move marked [`Move::leaves_rows`] is wrong: the first due row it leaves. The move's
/// own record of it when `resolve` made the move, else found on the board before it.
pub(crate) fn rows_left(before: &Position, m: &Move) -> MoveError {
    let code = if m.seen.known {
        m.seen.left
    } else {
        left_row(before, m)
    };
    let line = Line::from_index((code & 0x1f) as u8);
    match line {
        Some(line) if code & SPOTS != 0 => MoveError::mismatch(format!(
            "the row on {line} ({}) must be removed {} (write x)",
            points(code & SPOTS),
            if code & AFTER_PUSH != 0 {
                "after the push"
            } else {
                "before the push"
            }
        )),
        _ => MoveError::mismatch("a due row is left on the board"),
    }
}

/// In [`left_row`]'s word: the row is left after the push.
const AFTER_PUSH: u64 = 1 << 63;

// The line's index shares the word with spots and the flag: a1–a5 are dots, bit 63 no point.
const _: () = assert!(SPOTS & (0x1f | AFTER_PUSH) == 0);

/// The first due row a move marked [`Move::leaves_rows`] leaves, in one word: the row's
/// removal set (spots), its line's index in the low five bits (dots a1–a5, never a spot),
/// [`AFTER_PUSH`] for a row left after the push; 0 when there is none.
pub(crate) fn left_row(before: &Position, m: &Move) -> u64 {
    let c = before.to_move();
    let describe = |p: &Position| -> Option<u64> {
        let mut rows = [Row {
            line: FIRST_LINE,
            set: 0,
        }; super::coord::LINES];
        let k = p.rows(c, ALL_LINES, &mut rows);
        rows[..k]
            .iter()
            .find(|r| r.set & !p.gipf_pieces() != 0)
            .map(|r| (r.set & SPOTS) | r.line.index() as u64)
    };
    let mut p = before.clone();
    for g in m.pre() {
        p.remove(c, g.mask(), 0);
    }
    if let Some(code) = describe(&p) {
        return code;
    }
    if let Some(push) = m.push() {
        p.do_push(push);
        for g in m.post() {
            p.remove(c, g.mask(), 0);
        }
        if let Some(code) = describe(&p) {
            return code | AFTER_PUSH;
        }
    }
    0
}

fn group_note(pos: &Position, r: &Removal, complete: bool) -> Group {
    let c = pos.to_move();
    let gipf = pos.gipf_pieces();
    let theirs = pos.pc[usize::from(c == super::position::WHITE)];
    let mask = r.mask();
    let listed = if complete { mask } else { mask & gipf };
    // One allocation of the size the list needs (the export notates every move that
    // removes a group).
    let mut items = Vec::with_capacity(listed.count_ones() as usize);
    if complete && mask & !gipf != 0 {
        for p in r.line().spots() {
            if mask & !gipf & p.bit() != 0 {
                items.push(Item {
                    gipf: false,
                    point: p,
                    star: theirs & p.bit() != 0,
                });
            }
        }
    }
    if mask & gipf != 0 {
        for p in r.line().spots() {
            if mask & gipf & p.bit() != 0 {
                items.push(Item {
                    gipf: true,
                    point: p,
                    star: complete && theirs & p.bit() != 0,
                });
            }
        }
    }
    Group {
        line: None,
        items,
        suffix_x: false,
    }
}

/// Writes a legal move in `style`.
pub(crate) fn notate(pos: &Position, m: &Move, style: Style) -> Notation {
    let (mut n, gipf_only) = write(pos, m, style);
    let groups = !(m.pre().is_empty() && m.post().is_empty());
    if (style == Style::Short && groups) || (style != Style::Short && gipf_only) {
        disambiguate(pos, m, &mut n);
    }
    n
}

/// [`notate`] of a move just played, `after` being `before` with `m` played: a push that
/// removes no group (most moves) is written from the board before it and the mover's
/// reserve after it, without copying the board and making the push again; any other move
/// is notated as [`notate`] does.
#[inline]
pub(crate) fn notate_played(
    before: &Position,
    m: &Move,
    after: &Position,
    style: Style,
) -> Notation {
    match m.push() {
        Some(push) if m.pre().is_empty() && m.post().is_empty() => Notation {
            pre: Vec::new(),
            push: Some(push_note(before, push)),
            post: Vec::new(),
            reserve: (style == Style::Complete).then(|| u16::from(after.reserve(before.to_move()))),
        },
        _ => notate(before, m, style),
    }
}

/// [`notate_played`] unless it equals `written` (`None` then): a push that removes no
/// group, written with no group, is compared with its note and reserve count as
/// [`notate_played`] writes them, without building them.
#[inline]
pub(crate) fn notate_played_unless(
    before: &Position,
    m: &Move,
    after: &Position,
    style: Style,
    written: &Notation,
) -> Option<Notation> {
    if let Some(push) = m.push()
        && m.pre().is_empty()
        && m.post().is_empty()
        && written.pre.is_empty()
        && written.post.is_empty()
        && written.push == Some(push_note(before, push))
        && written.reserve
            == (style == Style::Complete).then(|| u16::from(after.reserve(before.to_move())))
    {
        return None;
    }
    if style != Style::Short && written_as(before, m, style, written) {
        return None;
    }
    let n = notate_played(before, m, after, style);
    (n != *written).then_some(n)
}

/// True when `written` is [`notate`]`(pos, m, style)` for a complete `style` (not
/// [`Style::Short`]): [`write`] made step by step on a copy of the board, each group and the
/// push compared with the written ones as they come instead of built (no list allocated).
/// False when they differ, and when `notate` would look for `(line)`s to add (a group that
/// removes GIPF-pieces only): the caller then builds the notation.
fn written_as(pos: &Position, m: &Move, style: Style, written: &Notation) -> bool {
    if written.pre.len() != m.pre().len()
        || written.post.len() != m.post().len()
        || written.push.is_some() != m.push().is_some()
    {
        return false;
    }
    let c = pos.to_move();
    let mut p = pos.clone();
    let st = p.stamp(false);
    for (g, w) in print_order(&p, m.pre()).iter().zip(&written.pre) {
        if g.mask() & !p.gipf_pieces() == 0 || !group_is(&p, g, w) {
            return false;
        }
        p.remove(c, g.mask(), st);
    }
    if let (Some(push), Some(w)) = (m.push(), &written.push) {
        if push_note(&p, push) != *w {
            return false;
        }
        p.do_push(push);
        let st = p.stamp(true);
        for (g, w) in print_order(&p, m.post()).iter().zip(&written.post) {
            if g.mask() & !p.gipf_pieces() == 0 || !group_is(&p, g, w) {
                return false;
            }
            p.remove(c, g.mask(), st);
        }
    }
    written.reserve == (style == Style::Complete).then(|| u16::from(p.reserve(c)))
}

/// True when `w` is [`group_note`]`(pos, r, true)`: its items compared one by one as
/// `group_note` would list them.
fn group_is(pos: &Position, r: &Removal, w: &Group) -> bool {
    if w.line.is_some() || w.suffix_x {
        return false;
    }
    let c = pos.to_move();
    let gipf = pos.gipf_pieces();
    let theirs = pos.pc[usize::from(c == super::position::WHITE)];
    let mask = r.mask();
    let mut items = w.items.iter();
    for want_gipf in [false, true] {
        let set = if want_gipf { mask & gipf } else { mask & !gipf };
        if set == 0 {
            continue;
        }
        for p in r.line().spots() {
            if set & p.bit() != 0 {
                let item = Item {
                    gipf: want_gipf,
                    point: p,
                    star: theirs & p.bit() != 0,
                };
                if items.next() != Some(&item) {
                    return false;
                }
            }
        }
    }
    items.next().is_none()
}

/// How `push` is written on the board `p` it is made on: the spot it enters when that is
/// empty, else the dot and the first empty spot of its ray.
#[inline]
fn push_note(p: &Position, push: Push) -> PushNote {
    let (from, to) = push.ray.written(p.occ());
    PushNote {
        gipf: push.gipf,
        from,
        to,
    }
}

/// `m` in `style` without any `(line)`, and whether a group takes GIPF-pieces only (so that
/// even a complete note may need a line).
fn write(pos: &Position, m: &Move, style: Style) -> (Notation, bool) {
    let c = pos.to_move();
    let complete = style != Style::Short;
    let mut n = Notation {
        pre: Vec::with_capacity(m.pre().len()),
        push: None,
        post: Vec::with_capacity(m.post().len()),
        reserve: None,
    };
    let mut p = pos.clone();
    let st = p.stamp(false);
    // A group that removes no basic piece (GIPF-pieces taken from an R8 row) reads, unlisted
    // basic pieces and all, like the short note of a due row through those GIPF-pieces: such
    // a complete note may need its `(line)` too.
    let mut gipf_only = false;
    for &g in print_order(&p, m.pre()).iter() {
        gipf_only |= g.mask() & !p.gipf_pieces() == 0;
        n.pre.push(group_note(&p, &g, complete));
        p.remove(c, g.mask(), st);
    }
    if let Some(push) = m.push() {
        n.push = Some(push_note(&p, push));
        p.do_push(push);
        let st = p.stamp(true);
        for &g in print_order(&p, m.post()).iter() {
            gipf_only |= g.mask() & !p.gipf_pieces() == 0;
            n.post.push(group_note(&p, &g, complete));
            p.remove(c, g.mask(), st);
        }
    }
    if style == Style::Complete {
        n.reserve = Some(u16::from(p.reserve(c)));
    }
    (n, gipf_only)
}

/// The groups of a phase in an order in which they can be removed one after the other: the
/// canonical order when it works, else the first that does (intersecting rows). One group
/// (most phases) or none is its own order, not copied.
fn print_order<'a>(pos: &Position, groups: &'a [Removal]) -> std::borrow::Cow<'a, [Removal]> {
    fn fits(p: &Position, g: Removal) -> bool {
        match p.row_on(p.to_move(), g.line()) {
            Some(row) => {
                let basics = row.set & !p.gipf_pieces();
                g.mask() & basics == basics && g.mask() & !row.set == 0
            }
            None => false,
        }
    }
    fn dfs(p: &Position, left: &mut Vec<Removal>, acc: &mut Vec<Removal>) -> bool {
        if left.is_empty() {
            return true;
        }
        for i in 0..left.len() {
            let g = left[i];
            if !fits(p, g) {
                continue;
            }
            let mut q = p.clone();
            q.remove(p.to_move(), g.mask(), 0);
            left.remove(i);
            acc.push(g);
            if dfs(&q, left, acc) {
                return true;
            }
            acc.pop();
            left.insert(i, g);
        }
        false
    }
    if groups.len() < 2 {
        return groups.into();
    }
    let mut left = groups.to_vec();
    let mut acc = Vec::new();
    if dfs(pos, &mut left, &mut acc) {
        acc.into()
    } else {
        groups.into()
    }
}

/// The lines of a move's groups in print order.
fn group_lines(pos: &Position, m: &Move) -> Vec<Line> {
    let c = pos.to_move();
    let mut p = pos.clone();
    let pre = print_order(&p, m.pre());
    for g in pre.iter() {
        p.remove(c, g.mask(), 0);
    }
    let mut out: Vec<Line> = pre.iter().map(|g| g.line()).collect();
    if let Some(push) = m.push() {
        p.do_push(push);
        out.extend(print_order(&p, m.post()).iter().map(|g| g.line()));
    }
    out
}

/// Adds `(line)` to groups until the note resolves to `m` alone, then drops each line that
/// is not needed.
fn disambiguate(pos: &Position, m: &Move, n: &mut Notation) {
    if resolve(pos, n).as_ref() == Ok(m) {
        return;
    }
    let lines: Vec<Line> = group_lines(pos, m);
    let total = n.pre.len() + n.post.len();
    for (i, line) in lines.iter().enumerate().take(total) {
        let note = Some(LineNote {
            line: *line,
            reversed: false,
        });
        if i < n.pre.len() {
            n.pre[i].line = note;
        } else {
            n.post[i - n.pre.len()].line = note;
        }
    }
    // Drop the lines not needed, one at a time.
    for i in 0..total {
        let slot = if i < n.pre.len() {
            &mut n.pre[i].line
        } else {
            let k = i - n.pre.len();
            &mut n.post[k].line
        };
        let keep = slot.take();
        if resolve(pos, n).as_ref() != Ok(m) {
            let slot = if i < n.pre.len() {
                &mut n.pre[i].line
            } else {
                let k = i - n.pre.len();
                &mut n.post[k].line
            };
            *slot = keep;
        }
    }
}
