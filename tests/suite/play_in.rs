//! `Checker::play_in` (the one checking pass that also hands out positions, what `gamenote
//! export` builds its rows from) hands out exactly the positions of `record::positions` (the
//! whole record replayed), numbered as `record::replay_with` numbers them: the set-up
//! position, then the one after every move played, up to the first error, for generated
//! legal games and near misses of every game and variant.
use gamenote::generate::{legal_game_in_variant, near_miss};
use gamenote::replay::Checker;
use gamenote::visit::{Visitor, visit};
use gamenote::{Game, gipf::Gipf, pylon::Pylon, pylos::Pylos, threeman::ThreeMan};
use gamenote::{GameResult, Mode, ParseError, Ply, Record, record};

/// The checker, fed as the export feeds it, keeping each position `play_in` hands out.
struct Eyes<G: Game> {
    checker: Checker<G>,
    /// The position before the first move, then the one after each move.
    seen: Vec<G::Position>,
    /// Move numbers handed out, in order.
    numbers: Vec<usize>,
}

impl<G: Game> Visitor<G> for Eyes<G> {
    type Output = (Vec<G::Position>, Vec<usize>, bool);
    fn begin_record(&mut self) {
        self.checker.begin_record();
        self.seen.clear();
        self.numbers.clear();
    }
    fn tag(&mut self, name: &str, value: &str) {
        self.checker.tag(name, value);
    }
    fn comment(&mut self, text: &str) {
        self.checker.comment(text);
    }
    fn ply(&mut self, ply: Ply<G::Notation>) {
        self.ply_in(&mut Some(ply));
    }
    fn ply_in(&mut self, slot: &mut Option<Ply<G::Notation>>) {
        let Some(p) = slot.as_ref() else { return };
        let (seen, numbers) = (&mut self.seen, &mut self.numbers);
        self.checker.play_in(p, |n, before, _, after| {
            match seen.last() {
                None => seen.push(before.clone()),
                Some(last) => assert_eq!(last, before, "move {n} starts where the last ended"),
            }
            seen.push(after.clone());
            numbers.push(n);
        });
    }
    fn result(&mut self, result: GameResult, span: std::ops::Range<usize>) {
        self.checker.result(result, span);
    }
    fn end_record(&mut self, verdict: Result<(), ParseError>) -> Self::Output {
        let v = self.checker.end_record(verdict);
        (
            std::mem::take(&mut self.seen),
            std::mem::take(&mut self.numbers),
            v.is_ok(),
        )
    }
}

/// Asserts that the pass over `rec`'s text hands out `record::positions(rec)`; returns
/// how many positions that was.
fn same_positions<G: Game>(rec: &Record<G>) -> usize {
    let text = rec.to_string();
    let eyes = Eyes::<G> {
        checker: Checker::new(Mode::Strict),
        seen: Vec::new(),
        numbers: Vec::new(),
    };
    let mut records = visit::<G, _>(&text, eyes);
    let (mut seen, numbers, ok) = records.next().expect("one record");
    assert!(records.next().is_none(), "{text}");
    let (whole, replay) = record::positions(rec, Mode::Strict);
    assert_eq!(ok, replay.is_ok(), "{text}");
    if seen.is_empty() {
        // No move was played: the set-up position is all there is.
        seen.push(replay.start.clone());
    }
    assert_eq!(seen.len(), whole.len(), "{text}");
    assert!(seen == whole, "positions differ:\n{text}");
    let mut plies = Vec::new();
    record::replay_with(rec, Mode::Strict, |n, _, _, _| plies.push(n));
    assert_eq!(numbers, plies, "{text}");
    whole.len()
}

/// `count` generated legal games and the near misses still readable as records.
fn agree<G: Game>(count: u64) -> (usize, usize) {
    let variants = G::variants().len();
    let (mut positions, mut misses) = (0, 0);
    for seed in 0..count {
        let game = legal_game_in_variant::<G>(seed as usize % variants, 40, seed);
        let n = same_positions(&game.record);
        assert!(n > game.record.plies.len(), "{}", game.record);
        positions += n;
        if let Some(rec) = near_miss(&game, seed).and_then(|m| m.record) {
            same_positions(&rec);
            misses += 1;
        }
    }
    (positions, misses)
}

#[test]
fn play_in_hands_out_the_positions_of_record_positions() {
    let (pylos, pylos_misses) = agree::<Pylos>(300);
    let (gipf, gipf_misses) = agree::<Gipf>(300);
    let (threeman, threeman_misses) = agree::<ThreeMan>(300);
    let (pylon, pylon_misses) = agree::<Pylon>(300);
    for (name, positions, misses) in [
        ("pylos", pylos, pylos_misses),
        ("gipf", gipf, gipf_misses),
        ("threeman", threeman, threeman_misses),
        ("pylon", pylon, pylon_misses),
    ] {
        assert!(positions > 3000, "{name}: {positions} positions");
        assert!(misses > 100, "{name}: {misses} near misses read as records");
    }
}
