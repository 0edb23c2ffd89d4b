//! The visited replay against a slow reference (issue 22 §2, fifth pass): `Checker::play_in`
//! takes the check's fused `Hooks::resolve_play` and keeps the position before each move
//! with `clone_from`; here every (number, before, move, after) it hands out is held to the
//! plain way (the position cloned, the move resolved with `resolve`, played with `play`),
//! `Hooks::notate_played` to `notate`, and its verdicts (error, warnings, plies, result) to
//! those of the quiet check, strict and lenient, over generated legal games and near misses
//! of every game and variant.
use gamenote::generate::{legal_game_in_variant, near_miss};
use gamenote::replay::{Checker, Verdict};
use gamenote::visit::{Visitor, visit};
use gamenote::{Game, gipf::Gipf, pylon::Pylon, pylos::Pylos, threeman::ThreeMan};
use gamenote::{GameResult, Mode, ParseError, Ply, Record};

type Seen<G> = Vec<(
    usize,
    <G as gamenote::Play>::Position,
    <G as gamenote::Play>::Move,
    <G as gamenote::Play>::Position,
)>;

type SeenAfter<G> = Vec<(
    usize,
    <G as gamenote::Play>::Move,
    <G as gamenote::Play>::Position,
)>;

/// The checker fed as the export feeds it, keeping all that `play_in` hands out; beside it
/// a second checker fed the same, keeping all that `play_in_after` hands out.
struct Eyes<G: Game> {
    checker: Checker<G>,
    seen: Seen<G>,
    after_only: Checker<G>,
    seen_after: SeenAfter<G>,
}

impl<G: Game> Visitor<G> for Eyes<G> {
    type Output = (Seen<G>, Verdict, SeenAfter<G>, Verdict);
    fn begin_record(&mut self) {
        self.checker.begin_record();
        self.seen.clear();
        self.after_only.begin_record();
        self.seen_after.clear();
    }
    fn tag(&mut self, name: &str, value: &str) {
        self.checker.tag(name, value);
        self.after_only.tag(name, value);
    }
    fn comment(&mut self, text: &str) {
        self.checker.comment(text);
        self.after_only.comment(text);
    }
    fn ply(&mut self, ply: Ply<G::Notation>) {
        self.ply_in(&mut Some(ply));
    }
    fn ply_in(&mut self, slot: &mut Option<Ply<G::Notation>>) {
        let Some(p) = slot.as_ref() else { return };
        let seen = &mut self.seen;
        self.checker.play_in(p, |n, before, m, after| {
            seen.push((n, before.clone(), m.clone(), after.clone()));
        });
        let seen_after = &mut self.seen_after;
        self.after_only.play_in_after(p, |n, m, after| {
            seen_after.push((n, m.clone(), after.clone()));
        });
    }
    fn result(&mut self, result: GameResult, span: std::ops::Range<usize>) {
        self.checker.result(result, span.clone());
        self.after_only.result(result, span);
    }
    fn locate(&mut self, out: &mut Self::Output, at: &mut gamenote::visit::Place<'_>) {
        self.checker.locate(&mut out.1, at);
        self.after_only.locate(&mut out.3, at);
    }
    fn end_record(&mut self, verdict: Result<(), ParseError>) -> Self::Output {
        let v = self.checker.end_record(verdict.clone());
        let after_v = self.after_only.end_record(verdict);
        (
            std::mem::take(&mut self.seen),
            v,
            std::mem::take(&mut self.seen_after),
            after_v,
        )
    }
}

/// The slow way, strictly: each move resolved in a clone of the position and played there,
/// up to the end of the game, a move that does not resolve, or annotations that disagree.
fn reference<G: Game>(rec: &Record<G>) -> Seen<G> {
    let mut out = Vec::new();
    let Ok(mut pos) = G::setup(&rec.tags) else {
        return out;
    };
    for (i, ply) in rec.plies.iter().enumerate() {
        if G::outcome(&pos).is_some() {
            break;
        }
        let Ok(m) = G::resolve(&pos, &ply.notation) else {
            break;
        };
        let before = pos.clone();
        G::play(&mut pos, &m);
        if G::check_annotations(&before, &ply.notation, &m, &pos).is_err() {
            break;
        }
        out.push((i + 1, before, m, pos.clone()));
    }
    out
}

/// What a verdict says, in words.
fn said(v: &Verdict) -> String {
    let warnings: Vec<String> = v.warnings.iter().map(|w| w.to_string()).collect();
    format!(
        "plies {} result {:?} error {:?} warnings {warnings:?} omitted {}",
        v.plies,
        v.result,
        v.error.as_ref().map(|e| e.to_string()),
        v.warnings_omitted
    )
}

/// The checker told its visitor only notates (`Checker::notating_only`, the export's
/// records table) against the one that hands out settled positions: the same verdicts, the
/// same moves with the same positions before them, and `notate_played` of what it hands
/// out (maybe unsettled) equal to `notate` from the settled position. Returns (moves handed
/// out, positions after a move that settling changes).
fn notating_agrees<G: Game>(text: &str, mode: Mode) -> (usize, usize) {
    let eyes = |notating| Eyes::<G> {
        checker: Checker::new(mode).notating_only(notating),
        seen: Vec::new(),
        after_only: Checker::new(mode),
        seen_after: Vec::new(),
    };
    let settled: Vec<_> = visit::<G, _>(text, eyes(false)).collect();
    let notating: Vec<_> = visit::<G, _>(text, eyes(true)).collect();
    assert_eq!(settled.len(), notating.len(), "{text}");
    let (mut moves, mut unsettled) = (0, 0);
    for ((s_moves, s, _, _), (n_moves, n, _, _)) in settled.iter().zip(&notating) {
        assert_eq!(
            said(n),
            said(s),
            "{mode:?}: notating and settled verdicts:\n{text}"
        );
        assert_eq!(n_moves.len(), s_moves.len(), "{text}");
        for ((sn, sb, sm, sa), (nn, nb, nm, na)) in s_moves.iter().zip(n_moves) {
            assert!(sn == nn && sb == nb && sm == nm, "{text}");
            let style = Default::default();
            assert_eq!(
                G::notate_played(nb, nm, na, style),
                G::notate(sb, sm, style),
                "{text}"
            );
            let mut settled_after = na.clone();
            G::settle(&mut settled_after);
            assert!(settled_after == *sa, "{text}");
            unsettled += (na != sa) as usize;
            moves += 1;
        }
    }
    (moves, unsettled)
}

/// Holds `rec` to the reference; returns the moves handed out when read strictly.
fn agrees<G: Game>(rec: &Record<G>) -> usize {
    let text = rec.to_string();
    let mut handed = 0;
    for mode in [Mode::Strict, Mode::Lenient] {
        notating_agrees::<G>(&text, mode);
        let eyes = Eyes::<G> {
            checker: Checker::new(mode),
            seen: Vec::new(),
            after_only: Checker::new(mode),
            seen_after: Vec::new(),
        };
        let seen: Vec<_> = visit::<G, _>(&text, eyes).collect();
        let quiet: Vec<_> = visit::<G, _>(&text, Checker::<G>::new(mode)).collect();
        assert_eq!(seen.len(), quiet.len(), "{text}");
        for ((moves, v, moves_after, after_v), q) in seen.iter().zip(&quiet) {
            assert_eq!(
                said(v),
                said(q),
                "{mode:?}: visited and quiet verdicts:\n{text}"
            );
            assert_eq!(
                said(after_v),
                said(q),
                "{mode:?}: visited (after only) and quiet verdicts:\n{text}"
            );
            // `play_in_after` hands out what `play_in` does, but the position before.
            let projected: Vec<_> = moves
                .iter()
                .map(|(n, _, m, after)| (*n, m.clone(), after.clone()))
                .collect();
            assert!(
                projected == *moves_after,
                "{mode:?}: play_in_after and play_in differ:\n{text}"
            );
            let style = Default::default();
            for (_, before, m, after) in moves {
                assert_eq!(
                    G::notate_played(before, m, after, style),
                    G::notate(before, m, style),
                    "{text}"
                );
                if !G::notate_needs_before(style) {
                    assert_eq!(
                        G::notate_played(after, m, after, style),
                        G::notate(before, m, style),
                        "without the position before: {text}"
                    );
                }
            }
            if mode == Mode::Strict {
                let slow = reference(rec);
                assert_eq!(moves.len(), v.plies, "one visit a move played:\n{text}");
                assert!(v.plies <= slow.len(), "{text}");
                assert!(
                    moves[..] == slow[..v.plies],
                    "(before, move, after) differ:\n{text}"
                );
                handed += moves.len();
            }
        }
    }
    handed
}

/// `count` generated legal games (long enough for many to end) and their near misses.
fn over<G: Game>(count: u64) -> (usize, usize) {
    let variants = G::variants().len();
    let (mut moves, mut misses) = (0, 0);
    for seed in 0..count {
        let game = legal_game_in_variant::<G>(seed as usize % variants, 120, seed);
        let n = agrees(&game.record);
        assert_eq!(n, game.record.plies.len(), "{}", game.record);
        moves += n;
        if let Some(rec) = near_miss(&game, seed).and_then(|m| m.record) {
            agrees(&rec);
            misses += 1;
        }
    }
    (moves, misses)
}

#[test]
fn play_in_hands_out_what_resolve_clone_play_gives() {
    // (moves handed out over the legal games, near misses read as records)
    assert_eq!(over::<Pylos>(120), (6798, 76), "pylos");
    assert_eq!(over::<Gipf>(120), (4621, 82), "gipf");
    assert_eq!(over::<ThreeMan>(60), (7200, 26), "threeman");
    assert_eq!(over::<Pylon>(120), (5497, 51), "pylon");
}

/// Finished games with moves written after the end (the first and the last move again,
/// after the ending marks and before the result), and the position at the end set up by a
/// `[Position]` tag with the same moves after it: the visited replay and the quiet check say
/// the same (error at the same ply, kind and place, strict and lenient), and hand out only
/// moves the slow way plays. Returns (records over, records set up at their end).
fn after_the_end<G: Game>(count: u64, plies: usize) -> (usize, usize) {
    let variants = G::variants().len();
    let (mut over, mut set_up) = (0, 0);
    for seed in 0..count {
        let game = legal_game_in_variant::<G>(seed as usize % variants, plies, seed);
        if G::outcome(&game.end).is_none() {
            continue;
        }
        over += 1;
        let mut rec = game.record.clone();
        let first = rec.plies[0].clone();
        let last = rec.plies[rec.plies.len() - 1].clone();
        rec.plies.push(first.clone());
        rec.plies.push(last.clone());
        agrees(&rec);
        if let Some(s) = G::position_string(&game.end) {
            let mut rec = game.record.clone();
            rec.set_tag("Position", s);
            rec.plies = vec![first, last];
            agrees(&rec);
            rec.plies.clear();
            agrees(&rec);
            set_up += 1;
        }
    }
    (over, set_up)
}

#[test]
fn play_in_agrees_after_the_end_and_on_decided_set_ups() {
    let got = [
        after_the_end::<Pylos>(40, 200),
        after_the_end::<Gipf>(40, 200),
        after_the_end::<ThreeMan>(20, 2000),
        after_the_end::<Pylon>(40, 200),
    ];
    assert_eq!(
        got,
        [(38, 38), (40, 40), (0, 0), (35, 35)],
        "pylos, gipf, threeman, pylon"
    );
}

/// Pylos moves with markers (right and wrong: their check reads the position before the
/// move, so `play_in_after` takes the long way for them), take-backs and compact slots:
/// the after-only visit hands out what `play_in` does, strict and lenient.
#[test]
fn play_in_after_on_pylos_markers_and_takebacks() {
    let texts = [
        "1. 1a1 1c3 2. 1b1 1d4 3. 1a2 1c4 4. 1b2(1b2)O 1d1 5. 1b2(1b2) 1d2+ 6. 1b2(1a1)O *",
        "1. 1a1 1c3 2. 1b1 1d4 3. 1a2 1c4 4. 1b2(1b2)O 1d1+ 5. 1b2(1b2)O *",
        "1. a1 c3 2. b1 d4 3. a2 c4 4. b2(b2) d1 5. 1d1-2a1 *",
    ];
    let handed: Vec<usize> = texts
        .iter()
        .map(|t| agrees(&t.parse::<Record<Pylos>>().unwrap()))
        .collect();
    // strictly: the wrong markers stop the first two records at their ply 10 and 8, and
    // the third stops at its ply 9 (1d1 is Black's ball)
    assert_eq!(handed, [9, 7, 8]);
}

/// The notating replay on three-man games long enough to reach checks, mates and
/// eliminations, and their near misses (wrong `+` and `#` among them), strict and lenient:
/// (moves handed out, positions after a move that settling changes).
#[test]
fn notating_replay_agrees_with_the_settled_one_on_three_man_chess() {
    let variants = <ThreeMan as gamenote::Play>::variants().len();
    let (mut moves, mut unsettled, mut misses) = (0, 0, 0);
    for seed in 0..40u64 {
        let game = legal_game_in_variant::<ThreeMan>(seed as usize % variants, 600, seed);
        for mode in [Mode::Strict, Mode::Lenient] {
            let (m, u) = notating_agrees::<ThreeMan>(&game.record.to_string(), mode);
            moves += m;
            unsettled += u;
        }
        if let Some(rec) = near_miss(&game, seed).and_then(|m| m.record) {
            for mode in [Mode::Strict, Mode::Lenient] {
                notating_agrees::<ThreeMan>(&rec.to_string(), mode);
            }
            misses += 1;
        }
    }
    assert_eq!((moves, unsettled, misses), (48_000, 2, 16));
}
