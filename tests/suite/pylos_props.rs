//! Property tests for Pylos: every slot, notation and record prints and reads back to
//! itself, and random legal games survive printing, parsing and replay in every style.

use gamenote::Play;
use gamenote::pylos::{Form, Markers, Nag, Notation, Pylos, Rules, Slot, Style};
use gamenote::record::{convert, replay};
use gamenote::{GameResult, Mode, Outcome, Ply, Record};
use proptest::prelude::*;

fn slot() -> impl Strategy<Value = Slot> {
    (0usize..30).prop_map(|i| Slot::from_index(i).unwrap())
}

fn nag() -> impl Strategy<Value = Option<Nag>> {
    prop_oneof![
        Just(None),
        Just(Some(Nag::Good)),
        Just(Some(Nag::Mistake)),
        Just(Some(Nag::Brilliant)),
        Just(Some(Nag::Blunder)),
        Just(Some(Nag::Interesting)),
        Just(Some(Nag::Dubious)),
    ]
}

fn notation(forms: &'static [Form]) -> impl Strategy<Value = Notation> {
    (
        proptest::option::of(slot()),
        slot(),
        proptest::collection::vec(slot(), 0..=2),
        any::<(bool, bool, bool)>(),
        nag(),
        proptest::sample::select(forms),
        any::<bool>(),
    )
        .prop_map(
            |(from, to, mut takebacks, (square, line4, line3), nag, form, dash)| {
                takebacks.dedup();
                let takebacks = gamenote::pylos::Takebacks::from_slice(&takebacks).unwrap();
                Notation {
                    from,
                    to,
                    takebacks,
                    markers: Markers {
                        square,
                        line4,
                        line3,
                    },
                    nag,
                    form,
                    dash,
                }
            },
        )
}

fn result() -> impl Strategy<Value = Option<GameResult>> {
    prop_oneof![
        Just(None),
        Just(Some(GameResult::Unfinished)),
        Just(Some(GameResult::Decided(Outcome::Win(0)))),
        Just(Some(GameResult::Decided(Outcome::Win(1)))),
    ]
}

fn comment() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9 ,.!?()\\[\\]-]{0,20}".prop_map(|s| s.trim().to_string())
}

fn record() -> impl Strategy<Value = Record<Pylos>> {
    (
        proptest::collection::vec(("[A-Z][A-Za-z0-9_]{0,8}", "[ -~]{0,30}"), 0..5),
        proptest::collection::vec(
            (
                notation(&[Form::Canonical, Form::Compact]),
                proptest::collection::vec(comment(), 0..2),
            ),
            0..30,
        ),
        result(),
        proptest::collection::vec(comment(), 0..2),
    )
        .prop_map(|(tags, plies, result, after)| {
            let mut rec = Record::<Pylos>::default();
            for (n, v) in tags {
                if n.eq_ignore_ascii_case("Style") || rec.tag(&n).is_some() {
                    continue;
                }
                rec.tags.push((n, v));
            }
            rec.plies = plies
                .into_iter()
                .map(|(n, comments)| {
                    let mut p = Ply::new(n);
                    p.comments = comments;
                    p
                })
                .collect();
            rec.result = result;
            if result.is_some() {
                rec.comments_after = after;
            }
            rec
        })
}

proptest! {
    #[test]
    fn slots_round_trip(s in slot()) {
        prop_assert_eq!(s.to_string().parse::<Slot>().unwrap(), s);
    }

    #[test]
    fn notations_round_trip(n in notation(&[Form::Canonical, Form::Compact])) {
        let printed = n.to_string();
        prop_assert_eq!(printed.parse::<Notation>().unwrap(), n);
    }

    #[test]
    fn numeric_notations_round_trip(n in notation(&[Form::Numeric])) {
        let printed = n.to_string();
        prop_assert_eq!(Notation::parse_numeric(&printed).unwrap(), n);
    }

    #[test]
    fn records_round_trip(rec in record()) {
        let printed = rec.to_string();
        let back: Record<Pylos> = printed.parse().unwrap();
        prop_assert_eq!(&back, &rec);
        prop_assert_eq!(back.to_string(), printed);
    }

    #[test]
    fn counting_agrees_with_listing_along_random_games(seed in any::<u64>(), variant in 0usize..7, len in 0usize..80) {
        // Perft counts the last ply without listing it (`count_legal`): at every position of
        // a random game and at each of its children, the count is the number of moves listed.
        let rules: Rules = Pylos::variants()[variant];
        let mut rng = gamenote::generate::Rng::new(seed);
        let mut pos = Pylos::start(&rules);
        let (mut moves, mut after) = (Vec::new(), Vec::new());
        for _ in 0..len {
            moves.clear();
            Pylos::legal_moves(&pos, &mut moves);
            prop_assert_eq!(Pylos::count_legal(&pos), moves.len() as u64, "{}", pos);
            for m in &moves {
                let mut next = pos.clone();
                Pylos::play(&mut next, m);
                after.clear();
                Pylos::legal_moves(&next, &mut after);
                prop_assert_eq!(Pylos::count_legal(&next), after.len() as u64, "{}", next);
            }
            if moves.is_empty() {
                break;
            }
            let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
            Pylos::play(&mut pos, &m);
        }
    }

    #[test]
    fn random_legal_games_survive_every_style(seed in any::<u64>(), variant in 0usize..7, len in 0usize..60) {
        let rules: Rules = Pylos::variants()[variant];
        let game = gamenote::generate::legal_game::<Pylos>(&rules, len, seed);
        let (rec, pos) = (game.record, game.end);
        for style in ["canonical", "compact", "numeric", "canonical+markers", "compact+markers"] {
            let style: Style = style.parse().unwrap();
            let out = convert(&rec, style, Mode::Strict).unwrap();
            let back: Record<Pylos> = out.to_string().parse().unwrap();
            let r = replay(&back, Mode::Strict);
            prop_assert!(r.error.is_none(), "{:?}\n{}", r.error, out);
            prop_assert_eq!(&r.end, &pos);
        }
    }
}
