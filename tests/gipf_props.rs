//! Property tests: every written type prints and parses back to itself; random legal games
//! print, parse and replay to the same end in every style and layout; parsers are total.

use gamenote::gipf::{
    write_text, Gipf, Group, Item, Layout, Line, LineNote, Notation, Point, PushNote, Rules, Style,
    Variant,
};
use gamenote::{record, Game, GameResult, Mode, Outcome, Ply, Record};
use proptest::prelude::*;

fn point() -> impl Strategy<Value = Point> {
    (0u8..61).prop_map(|i| Point::from_index(i).unwrap())
}

fn item() -> impl Strategy<Value = Item> {
    (any::<bool>(), point(), any::<bool>()).prop_map(|(gipf, point, star)| Item {
        gipf,
        point,
        star,
    })
}

fn group() -> impl Strategy<Value = Group> {
    (
        proptest::option::of((0u8..21, any::<bool>())),
        proptest::collection::vec(item(), 0..5),
        any::<bool>(),
    )
        .prop_map(|(line, items, suffix)| {
            let suffix_x = suffix && !items.is_empty() && line.is_none();
            Group {
                line: line.map(|(l, reversed)| LineNote {
                    line: Line::from_index(l).unwrap(),
                    reversed,
                }),
                items,
                suffix_x,
            }
        })
}

fn notation() -> impl Strategy<Value = Notation> {
    (
        proptest::collection::vec(group(), 0..3),
        proptest::option::of((any::<bool>(), point(), proptest::option::of(point()))),
        proptest::collection::vec(group(), 0..3),
        proptest::option::of(0u16..10000),
    )
        .prop_map(|(pre, push, post, reserve)| {
            let push = push.map(|(gipf, from, to)| PushNote { gipf, from, to });
            let mut pre = pre;
            if push.is_none() && pre.is_empty() {
                pre.push(Group::default());
            }
            Notation {
                pre,
                post: if push.is_some() { post } else { Vec::new() },
                push,
                reserve,
            }
        })
}

proptest! {
    #[test]
    fn points_round_trip(p in point()) {
        prop_assert_eq!(p.to_string().parse::<Point>().unwrap(), p);
    }

    #[test]
    fn lines_round_trip(l in 0u8..21) {
        let l = Line::from_index(l).unwrap();
        prop_assert_eq!(l.to_string().parse::<Line>().unwrap(), l);
    }

    #[test]
    fn notations_round_trip(n in notation()) {
        let s = n.to_string();
        let back: Notation = s.parse().map_err(|e| TestCaseError::fail(format!("{s}: {e}")))?;
        prop_assert_eq!(back, n);
    }

    #[test]
    fn groups_round_trip(g in group()) {
        let s = g.to_string();
        let back: Group = s.parse().map_err(|e| TestCaseError::fail(format!("{s}: {e}")))?;
        prop_assert_eq!(back, g);
    }

    #[test]
    fn styles_and_rules_round_trip(k in 0usize..3, v in 0usize..3, o in 0usize..3) {
        let style = [Style::Complete, Style::Short, Style::Text][k];
        prop_assert_eq!(style.to_string().parse::<Style>().unwrap(), style);
        let rules = Rules {
            variant: [Variant::Basic, Variant::Standard, Variant::Tournament][v],
            last_gipf: [
                gamenote::gipf::LastGipf::First,
                gamenote::gipf::LastGipf::WhiteLoses,
                gamenote::gipf::LastGipf::ToMoveWins,
            ][o],
        };
        prop_assert_eq!(rules.to_string().parse::<Rules>().unwrap(), rules);
    }

    #[test]
    fn notation_parser_is_total(s in "[a-iGx0-9;,*()/ X{}:wb.-]{0,40}") {
        let _ = s.parse::<Notation>();
        let _ = Record::<Gipf>::parse(&s);
        let _ = Record::<Gipf>::parse(&format!("[Rules \"standard\"] {s}"));
    }

    #[test]
    fn any_text_is_total(s in "\\PC{0,60}") {
        let _ = s.parse::<Notation>();
        let _ = Record::<Gipf>::parse_all(&s);
    }

    #[test]
    fn random_games_round_trip(seed in any::<u64>(), v in 0usize..3, len in 0usize..80) {
        let variant = [Variant::Basic, Variant::Standard, Variant::Tournament][v];
        random_game(seed | 1, variant, len)?;
    }
}

fn random_game(mut seed: u64, variant: Variant, len: usize) -> Result<(), TestCaseError> {
    let rules = Rules::new(variant);
    let mut pos = Gipf::start(&rules);
    let mut recs: [Record<Gipf>; 3] = Default::default();
    let styles = [Style::Complete, Style::Short, Style::Text];
    let mut moves = Vec::new();
    for _ in 0..len {
        moves.clear();
        Gipf::legal_moves(&pos, &mut moves);
        if moves.is_empty() {
            break;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let m = moves[(seed % moves.len() as u64) as usize];
        for (r, s) in recs.iter_mut().zip(styles) {
            let n = Gipf::notate(&pos, &m, s);
            // Every style resolves back to the same move.
            prop_assert_eq!(Gipf::resolve(&pos, &n), Ok(m), "{}", n);
            r.plies.push(Ply::new(n));
        }
        Gipf::play(&mut pos, &m);
    }
    let result = match Gipf::outcome(&pos) {
        Some(o) => GameResult::Decided(o),
        None => GameResult::Unfinished,
    };
    for r in recs.iter_mut() {
        r.tags.push(("Game".into(), "GIPF".into()));
        r.tags.push(("Rules".into(), rules.to_string()));
        r.result = Some(result);
        if let Some(last) = r.plies.last_mut() {
            if matches!(result, GameResult::Decided(Outcome::Win(_))) {
                last.annotations.push("X".into());
            }
        }
    }
    for r in &recs {
        let mut texts = vec![r.to_string()];
        for layout in [Layout::Reserve, Layout::Slash, Layout::Sheet] {
            texts.push(write_text(r, layout));
        }
        for t in texts {
            let back: Record<Gipf> = t
                .parse()
                .map_err(|e| TestCaseError::fail(format!("{t}\n{e}")))?;
            prop_assert_eq!(&back.plies, &r.plies, "{}", t);
            let rep = record::replay(&back, Mode::Strict);
            prop_assert!(rep.is_ok(), "{:?}\n{}", rep.error, t);
            prop_assert_eq!(&rep.end, &pos);
        }
    }
    // Conversions between the styles give the other records.
    let short = record::convert(&recs[0], Style::Short, Mode::Strict).unwrap();
    prop_assert_eq!(&short.plies, &recs[1].plies);
    let complete = record::convert(&recs[1], Style::Complete, Mode::Strict).unwrap();
    prop_assert_eq!(&complete.plies, &recs[0].plies);
    Ok(())
}
