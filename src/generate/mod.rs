//! Generators for testing code that reads game records: legal games played at random from a
//! seed, and near misses — a legal record with exactly one thing made wrong (an illegal move,
//! a wrong annotation, a wrong result, an unparsable token), each returned with the error a
//! checker must report. Written once over [`Game`]; each game supplies its own kinds of
//! illegal move ([`Mistakes::near_misses`](crate::game::Mistakes::near_misses)) and wrong annotation ([`Mistakes::wrong_annotations`](crate::game::Mistakes::wrong_annotations)).
//!
//! The crate's own tests and fuzz targets use these; the `proptest` and `arbitrary` features
//! wrap them as strategies and `Arbitrary` values (see `docs/fuzzing.md`).
//!
//! ```
//! use gamenote::generate::{legal_game, near_miss};
//! use gamenote::pylos::{Pylos, Rules};
//! let game = legal_game::<Pylos>(&Rules::default(), 30, 7);
//! assert_eq!(game.record.plies.len(), 30);
//! let miss = near_miss(&game, 7).expect("a near miss");
//! let reports = gamenote::check::check_source::<Pylos>("gen", &miss.text, &[], gamenote::Mode::Strict);
//! let problem = reports[0].error.as_ref().expect("fails");
//! assert_eq!(problem.kind, miss.expected.kind);
//! assert_eq!(problem.ply, miss.expected.ply);
//! ```

use crate::check::ProblemKind;
use crate::game::{Game, GameResult, Mode, Outcome};
use crate::record::{Ply, Record, replay};

pub use crate::rng::Rng;

/// The seed of record `index` of a run started from `seed` (`gamenote generate --seed`):
/// both are mixed (the SplitMix64 finaliser, applied to the seed and again to the sum of
/// that and the index times an odd constant), so the records of one run have distinct
/// seeds, and two runs from different seeds do not share records, as `seed + index` would
/// (seed 1 repeating seed 0 shifted by one, and the largest seed wrapping round to 0).
///
/// ```
/// use gamenote::generate::record_seed;
/// assert_ne!(record_seed(1, 0), record_seed(0, 1));
/// assert_ne!(record_seed(u64::MAX, 1), record_seed(0, 0));
/// let run: Vec<u64> = (0..1000).map(|i| record_seed(7, i)).collect();
/// let mut distinct = run.clone();
/// distinct.sort_unstable();
/// distinct.dedup();
/// assert_eq!(distinct.len(), run.len());
/// assert_eq!(record_seed(7, 3), record_seed(7, 3)); // the same on every machine
/// ```
pub fn record_seed(seed: u64, index: u64) -> u64 {
    /// The SplitMix64 output function: a bijection of 64-bit words that mixes every bit.
    fn mix(mut z: u64) -> u64 {
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    // Both steps are bijections of the index for a given seed, so a run never repeats a
    // record's seed; the seed is mixed first, so neighbouring seeds start far apart.
    mix(mix(seed ^ 0x6A09_E667_F3BC_C909).wrapping_add(index.wrapping_mul(0x9E37_79B9_7F4A_7C15)))
}

/// A legal game: its record (written in the default style), the moves and the final position.
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::{generate::legal_game, pylos::{Pylos, Rules}};
/// let game = legal_game::<Pylos>(&Rules::default(), 10, 5);
/// assert_eq!((game.moves.len(), game.record.plies.len()), (10, 10));
/// assert_eq!(game.record.tag("Game"), Some("Pylos"));
/// assert_eq!(game.record.tag("Result"), Some("*"));
/// assert_eq!(Pylos::outcome(&game.end), None); // so the result is `*`
/// ```
#[non_exhaustive]
pub struct LegalGame<G: Game> {
    /// The record, with `Game`, `Rules` and `Result` tags; a finished game ends as the rules
    /// write it ([`Record::add_ending`]: GIPF's `X`, Pylon's score comment).
    pub record: Record<G>,
    /// The moves played.
    pub moves: Vec<G::Move>,
    /// The position after the last move.
    pub end: G::Position,
}

/// Plays `len` random legal moves (fewer if the game ends) under `rules`, from `seed`.
///
/// ```
/// use gamenote::{generate::legal_game, record, Mode, pylos::Pylos};
/// let game = legal_game::<Pylos>(&Default::default(), 20, 1);
/// assert_eq!(game.record.plies.len(), game.moves.len());
/// let replay = record::replay(&game.record, Mode::Strict);
/// assert!(replay.is_ok());
/// assert_eq!(replay.end, game.end);
/// ```
pub fn legal_game<G: Game>(rules: &G::Rules, len: usize, seed: u64) -> LegalGame<G> {
    let mut rng = Rng::new(seed);
    let mut pos = G::start(rules);
    let mut record = Record::<G>::default();
    record.set_tag("Game", G::NAME);
    for (name, value) in G::rules_tags(rules) {
        record.set_tag(&name, value);
    }
    // `len` may come from a user (`generate --plies`): reserve no more than a game needs.
    let mut moves = Vec::with_capacity(len.min(1024));
    let mut legal = Vec::new();
    for _ in 0..len {
        legal.clear();
        G::legal_moves(&pos, &mut legal);
        if legal.is_empty() {
            break;
        }
        let m = legal.swap_remove(rng.below(legal.len()));
        record
            .plies
            .push(Ply::new(G::notate(&pos, &m, G::Style::default())));
        G::play(&mut pos, &m);
        moves.push(m);
    }
    let result = match G::outcome(&pos) {
        Some(o) => GameResult::Decided(o),
        None => GameResult::Unfinished,
    };
    record.result = Some(result);
    record.set_tag("Result", G::write_result(result));
    record.add_ending(&pos);
    LegalGame {
        record,
        moves,
        end: pos,
    }
}

/// The error a checker must report for a near miss.
///
/// ```
/// use gamenote::check::ProblemKind;
/// use gamenote::generate::{legal_game, mutate, Expected, MutationKind, Rng};
/// use gamenote::pylos::Pylos;
/// let game = legal_game::<Pylos>(&Default::default(), 12, 2);
/// let miss = mutate(&game, MutationKind::Unparsable, &mut Rng::new(1)).unwrap();
/// let Expected { kind, ply, at } = miss.expected;
/// assert_eq!((kind, ply), (ProblemKind::Parse, None));
/// let (line, column) = at.unwrap();
/// let bad_line = miss.text.lines().nth(line - 1).unwrap();
/// assert_eq!(bad_line.chars().skip(column - 1).take(2).collect::<String>(), "#?");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expected {
    /// Parse, illegal or mismatch: the [`Problem::kind`](crate::check::Problem::kind) a
    /// checker must report.
    pub kind: ProblemKind,
    /// The 1-based ply of the offending move (`None` for a wrong result).
    pub ply: Option<usize>,
    /// For a parse error, the line and column of the unparsable token.
    pub at: Option<(usize, usize)>,
}

/// A legal record with one thing made wrong.
///
/// ```
/// use gamenote::check::ProblemKind;
/// use gamenote::generate::{legal_game, mutate, MutationKind, Rng};
/// use gamenote::pylos::Pylos;
/// let game = legal_game::<Pylos>(&Default::default(), 12, 2);
/// let miss = mutate(&game, MutationKind::IllegalMove, &mut Rng::new(4)).unwrap();
/// assert_eq!(miss.expected.kind, ProblemKind::Illegal);
/// let record = miss.record.as_ref().unwrap(); // still a record: one move is wrong
/// assert_eq!(record.plies.len(), 12);
/// assert_eq!(record.to_string(), miss.text);
/// assert_ne!(miss.text, game.record.to_string());
/// ```
pub struct NearMiss<G: Game> {
    /// The mutated record as text (what a checker reads).
    pub text: String,
    /// The mutated record, when it is still a record (not for an unparsable token).
    pub record: Option<Record<G>>,
    /// What was made wrong, e.g. `"raise of a supporting ball"` or `"unparsable token"`.
    pub mutation: String,
    /// The error a checker must report.
    pub expected: Expected,
}

/// The kinds of near miss, tried in turn from a seed-chosen start (from the first, an
/// illegal move, for a game of no moves).
///
/// ```
/// use gamenote::check::ProblemKind;
/// use gamenote::generate::{legal_game, mutate, MutationKind, Rng};
/// use gamenote::pylos::Pylos;
/// assert_eq!(MutationKind::ALL.len(), 4);
/// let game = legal_game::<Pylos>(&Default::default(), 6, 1); // far from finished
/// let wrong_result = mutate(&game, MutationKind::WrongResult, &mut Rng::new(0));
/// assert!(wrong_result.is_none()); // an unfinished game has no winner to change
/// let miss = mutate(&game, MutationKind::WrongAnnotation, &mut Rng::new(0));
/// assert!(miss.is_none_or(|m| m.expected.kind == ProblemKind::Mismatch));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MutationKind {
    /// One move made illegal (the game's own kinds).
    IllegalMove,
    /// One annotation made wrong (markers, reserve counts).
    WrongAnnotation,
    /// The result made to disagree with the end of the game.
    WrongResult,
    /// One move made unparsable.
    Unparsable,
}

impl MutationKind {
    /// Every kind.
    pub const ALL: [MutationKind; 4] = [
        MutationKind::IllegalMove,
        MutationKind::WrongAnnotation,
        MutationKind::WrongResult,
        MutationKind::Unparsable,
    ];
}

/// A near miss of `game`, of a kind and at a place chosen by `seed`; `None` when no kind
/// applies (a game over before its first move). A game of no moves gets an illegal first
/// move, or, when the game has no near miss to offer there, an unparsable one.
///
/// ```
/// use gamenote::generate::{legal_game, near_miss};
/// use gamenote::{pylos::Pylos, replay::Checker, visit::visit, Mode};
/// let game = legal_game::<Pylos>(&Default::default(), 20, 1);
/// let miss = near_miss(&game, 3).expect("a game with moves has near misses");
/// let verdict = visit::<Pylos, _>(&miss.text, Checker::new(Mode::Strict)).next().unwrap();
/// assert!(verdict.error.is_some(), "{}: {}", miss.mutation, miss.text);
/// ```
pub fn near_miss<G: Game>(game: &LegalGame<G>, seed: u64) -> Option<NearMiss<G>> {
    let mut rng = Rng::new(seed ^ 0x5851_F42D_4C95_7F2D);
    // A game of no moves has one kind of near miss worth making, an illegal first move
    // (else an unparsable one): it is tried first.
    let first = if game.record.plies.is_empty() {
        0
    } else {
        rng.below(MutationKind::ALL.len())
    };
    (0..MutationKind::ALL.len())
        .map(|i| MutationKind::ALL[(first + i) % MutationKind::ALL.len()])
        .find_map(|k| mutate(game, k, &mut rng))
}

/// A near miss of the given kind, if the game allows one.
///
/// ```
/// use gamenote::check::ProblemKind;
/// use gamenote::generate::{legal_game, mutate, verify, MutationKind, Rng};
/// use gamenote::pylos::Pylos;
/// let game = legal_game::<Pylos>(&Default::default(), 16, 8);
/// let miss = mutate(&game, MutationKind::IllegalMove, &mut Rng::new(3)).unwrap();
/// assert_eq!(miss.expected.kind, ProblemKind::Illegal);
/// assert!(miss.expected.ply.is_some_and(|k| (1..=16).contains(&k)));
/// assert_eq!(verify(&miss), Ok(())); // the checker reports exactly that
/// // A game of no moves gets a first move that is illegal, or one that does not parse.
/// let empty = legal_game::<Pylos>(&Default::default(), 0, 8);
/// let miss = mutate(&empty, MutationKind::IllegalMove, &mut Rng::new(3)).unwrap();
/// assert_eq!((miss.expected.kind, miss.expected.ply), (ProblemKind::Illegal, Some(1)));
/// assert_eq!(verify(&miss), Ok(()));
/// let miss = mutate(&empty, MutationKind::Unparsable, &mut Rng::new(3)).unwrap();
/// assert_eq!(miss.expected.kind, ProblemKind::Parse);
/// assert!(mutate(&empty, MutationKind::WrongAnnotation, &mut Rng::new(3)).is_none());
/// ```
pub fn mutate<G: Game>(
    game: &LegalGame<G>,
    kind: MutationKind,
    rng: &mut Rng,
) -> Option<NearMiss<G>> {
    let n = game.record.plies.len();
    match kind {
        MutationKind::IllegalMove if n == 0 => {
            // No move to spoil: an illegal first move is added, if the game is not over.
            let start = G::setup(&game.record.tags).ok()?;
            if G::outcome(&start).is_some() {
                return None;
            }
            let options = G::near_misses(&start);
            if options.is_empty() {
                return None;
            }
            let (name, notation) = options[rng.below(options.len())].clone();
            let mut record = game.record.clone();
            record.plies.push(Ply::new(notation));
            Some(NearMiss {
                text: record.to_string(),
                record: Some(record),
                mutation: name.to_string(),
                expected: Expected {
                    kind: ProblemKind::Illegal,
                    ply: Some(1),
                    at: None,
                },
            })
        }
        MutationKind::IllegalMove | MutationKind::WrongAnnotation => {
            if n == 0 {
                return None;
            }
            let start = rng.below(n);
            // Positions before each ply, computed once.
            let mut before = Vec::with_capacity(n);
            let mut pos = G::setup(&game.record.tags).ok()?;
            for m in &game.moves {
                before.push(pos.clone());
                G::play(&mut pos, m);
            }
            for k in (0..n).map(|i| (start + i) % n) {
                let options = if kind == MutationKind::IllegalMove {
                    G::near_misses(&before[k])
                } else {
                    G::wrong_annotations(&before[k], &game.moves[k], &game.record.plies[k].notation)
                };
                if options.is_empty() {
                    continue;
                }
                let (name, notation) = options[rng.below(options.len())].clone();
                let mut record = game.record.clone();
                record.plies[k].notation = notation;
                let text = record.to_string();
                return Some(NearMiss {
                    text,
                    record: Some(record),
                    mutation: name.to_string(),
                    expected: Expected {
                        kind: if kind == MutationKind::IllegalMove {
                            ProblemKind::Illegal
                        } else {
                            ProblemKind::Mismatch
                        },
                        ply: Some(k + 1),
                        at: None,
                    },
                });
            }
            None
        }
        MutationKind::WrongResult => {
            let Some(Outcome::Win(w)) = G::outcome(&game.end) else {
                return None;
            };
            let wrong = GameResult::Decided(Outcome::Win(((w as usize + 1) % G::SEATS) as u8));
            let mut record = game.record.clone();
            record.result = Some(wrong);
            record.set_tag("Result", G::write_result(wrong));
            Some(NearMiss {
                text: record.to_string(),
                record: Some(record),
                mutation: "wrong result".into(),
                expected: Expected {
                    kind: ProblemKind::Mismatch,
                    ply: None,
                    at: None,
                },
            })
        }
        MutationKind::Unparsable => {
            // A game of no moves gets an unparsable first move, if it has a legal one.
            let mut first = game.record.clone();
            if n == 0 {
                let start = G::setup(&game.record.tags).ok()?;
                let mut legal = Vec::new();
                if G::outcome(&start).is_none() {
                    G::legal_moves(&start, &mut legal);
                }
                let m = legal.first()?;
                first
                    .plies
                    .push(Ply::new(G::notate(&start, m, G::Style::default())));
            }
            let k = rng.below(first.plies.len());
            let text = first.to_string();
            let reread = Record::<G>::parse(&text).ok()?;
            let span = reread.plies.get(k)?.span.clone();
            let mut out = String::with_capacity(text.len() + 2);
            out.push_str(&text[..span.start]);
            out.push_str("#?");
            out.push_str(&text[span.end..]);
            let at = crate::error::line_col(&out, span.start);
            Some(NearMiss {
                text: out,
                record: None,
                mutation: "unparsable token".into(),
                expected: Expected {
                    kind: ProblemKind::Parse,
                    ply: None,
                    at: Some(at),
                },
            })
        }
    }
}

/// How a checker's verdict differs from what a generator promised: the answer of [`verify`]
/// and [`verify_legal`] when they disagree, in words.
///
/// ```
/// use gamenote::generate::Disagreement;
/// let d = Disagreement("the record checked legal".into());
/// assert_eq!(d.to_string(), "the record checked legal");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Disagreement(pub String);

/// Checks a near miss the way `gamenote check` does and says whether the first error is the
/// expected one; `Err` describes the difference.
///
/// ```
/// use gamenote::generate::{legal_game, near_miss, verify};
/// use gamenote::gipf::Gipf;
/// let game = legal_game::<Gipf>(&"basic".parse()?, 30, 4);
/// let miss = near_miss(&game, 9).expect("a game with moves has near misses");
/// assert_eq!(verify(&miss), Ok(()));
/// # Ok::<(), gamenote::ValueError>(())
/// ```
pub fn verify<G: Game>(miss: &NearMiss<G>) -> Result<(), Disagreement> {
    verify_miss(miss).map_err(Disagreement)
}

fn verify_miss<G: Game>(miss: &NearMiss<G>) -> Result<(), String> {
    let reports = crate::check::check_source::<G>("near-miss", &miss.text, &[], Mode::Strict);
    let Some(report) = reports.first() else {
        return Err("no record read".into());
    };
    let Some(p) = &report.error else {
        return Err(format!("{}: the record checked legal", miss.mutation));
    };
    let e = &miss.expected;
    if p.kind != e.kind || (e.kind != ProblemKind::Parse && p.ply != e.ply) {
        return Err(format!(
            "{}: expected {} at ply {:?}, got {} at ply {:?}: {}",
            miss.mutation, e.kind, e.ply, p.kind, p.ply, p.message
        ));
    }
    if let Some(at) = e.at
        && (p.line, p.column) != at
    {
        return Err(format!(
            "{}: expected the parse error at {at:?}, got {:?}: {}",
            miss.mutation,
            (p.line, p.column),
            p.message
        ));
    }
    Ok(())
}

/// Replays a legal game's record and says whether it is legal and ends in `end`.
///
/// ```
/// use gamenote::generate::{legal_game, verify_legal};
/// use gamenote::pylon::Pylon;
/// assert!(verify_legal(&legal_game::<Pylon>(&Default::default(), 40, 2)).is_ok());
/// ```
pub fn verify_legal<G: Game>(game: &LegalGame<G>) -> Result<(), Disagreement> {
    verify_game(game).map_err(Disagreement)
}

fn verify_game<G: Game>(game: &LegalGame<G>) -> Result<(), String> {
    let text = game.record.to_string();
    let rec = Record::<G>::parse(&text).map_err(|e| format!("{e}\n{text}"))?;
    let r = replay(&rec, Mode::Strict);
    if let Some(e) = r.error {
        return Err(format!("{e}\n{text}"));
    }
    if r.end != game.end {
        return Err(format!("replay ends elsewhere\n{text}"));
    }
    Ok(())
}

impl<G: Game> std::fmt::Debug for LegalGame<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "LegalGame {{\n{}}}", self.record)
    }
}

impl<G: Game> Clone for LegalGame<G> {
    fn clone(&self) -> Self {
        LegalGame {
            record: self.record.clone(),
            moves: self.moves.clone(),
            end: self.end.clone(),
        }
    }
}

impl<G: Game> std::fmt::Debug for NearMiss<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "NearMiss {{ {}: {:?}\n{}}}",
            self.mutation, self.expected, self.text
        )
    }
}

impl<G: Game> Clone for NearMiss<G> {
    fn clone(&self) -> Self {
        NearMiss {
            text: self.text.clone(),
            record: self.record.clone(),
            mutation: self.mutation.clone(),
            expected: self.expected.clone(),
        }
    }
}

/// A legal game under the `index`-th of the game's variants (wrapping around).
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::generate::legal_game_in_variant;
/// use gamenote::pylos::Pylos;
/// let variants = Pylos::variants();
/// let game = legal_game_in_variant::<Pylos>(1, 8, 3);
/// assert_eq!(game.record.tag("Rules"), Some(variants[1].to_string().as_str()));
/// let wrapped = legal_game_in_variant::<Pylos>(1 + variants.len(), 8, 3);
/// assert_eq!(wrapped.record.to_string(), game.record.to_string());
/// ```
pub fn legal_game_in_variant<G: Game>(index: usize, len: usize, seed: u64) -> LegalGame<G> {
    let variants = G::variants();
    let rules = variants
        .get(index % variants.len().max(1))
        .cloned()
        .unwrap_or_default();
    legal_game::<G>(&rules, len, seed)
}

#[cfg(feature = "proptest")]
pub mod strategy;

#[cfg(feature = "arbitrary")]
pub mod fuzz;
