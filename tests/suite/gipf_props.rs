//! Property tests: every written type prints and parses back to itself; random legal games
//! print, parse and replay to the same end in every style and layout; parsers are total.

use gamenote::gipf::{
    Gipf, Group, Item, Line, LineNote, Notation, Point, PushNote, Rules, Style, Variant,
};
use gamenote::sheet::{Layout, write_text};
use gamenote::{GameResult, Mode, Outcome, Ply, Record, record};
use gamenote::{Notate, Play};
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

    /// The byte printer (`write_to`, `write_move_to`, what the export runs) writes what
    /// `Display` writes, after whatever the buffer held.
    #[test]
    fn write_to_is_display(n in notation(), before in "[a-z ;]{0,4}") {
        let mut out = before.clone();
        n.write_to(&mut out);
        prop_assert_eq!(&out[before.len()..], n.to_string());
        let mut bare = String::new();
        n.write_move_to(&mut bare);
        prop_assert_eq!(&bare, &n.move_text());
        prop_assert_eq!(&bare, &reference(&Notation { reserve: None, ..n.clone() }));
        prop_assert_eq!(n.to_string(), reference(&n));
    }

    #[test]
    fn items_pushes_lines_round_trip(it in item(), gipf in any::<bool>(), a in point(), b in proptest::option::of(point()), l in 0u8..21, rev in any::<bool>()) {
        prop_assert_eq!(it.to_string().parse::<Item>().unwrap(), it);
        let p = PushNote { gipf, from: a, to: b };
        prop_assert_eq!(p.to_string().parse::<PushNote>().unwrap(), p);
        let ln = LineNote { line: Line::from_index(l).unwrap(), reversed: rev };
        prop_assert_eq!(ln.to_string().parse::<LineNote>().unwrap(), ln);
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
        let rules = Rules::new([Variant::Basic, Variant::Standard, Variant::Tournament][v])
            .with_last_gipf(
                [
                    gamenote::gipf::LastGipf::First,
                    gamenote::gipf::LastGipf::WhiteLoses,
                    gamenote::gipf::LastGipf::ToMoveWins,
                ][o],
            );
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
    fn resolve_agrees_with_generation(n in notation(), v in 0u8..5, choices in proptest::collection::vec(any::<u8>(), 0..150)) {
        let mut written = n.move_text().into_bytes();
        written.truncate(16);
        written.resize(16, b' ');
        let mut data = vec![v];
        data.extend_from_slice(&written);
        data.extend_from_slice(&choices);
        gamenote::fuzzing::resolve_agrees::<Gipf>(&data);
    }

    #[test]
    fn random_games_round_trip(seed in any::<u64>(), v in 0usize..3, len in 0usize..80) {
        let variant = [Variant::Basic, Variant::Standard, Variant::Tournament][v];
        random_game(seed | 1, variant, len)?;
    }
}

fn random_game(seed: u64, variant: Variant, len: usize) -> Result<(), TestCaseError> {
    let mut rng = gamenote::generate::Rng::new(seed);
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
        let m = moves[rng.below(moves.len())];
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
        if let Some(last) = r.plies.last_mut()
            && matches!(result, GameResult::Decided(Outcome::Win(_)))
        {
            last.annotations.push("X".into());
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

/// The fuzz harnesses, run on random bytes and on bytes that write a plain push, which (when
/// a row is due) resolves to a move that leaves the row: `check_annotations` rejects it, so it
/// is only a lenient reading.
#[test]
fn fuzz_harnesses_hold() {
    let mut rng = gamenote::generate::Rng::new(0x2545_f491_4f6c_dd1d);
    for i in 0..300 {
        let mut data = vec![(i % 5) as u8];
        let note: &[u8] = [b"c2".as_slice(), b"x;c2", b"Ge2", b"e1-e2;x", b"b5"][i % 5];
        let mut written = note.to_vec();
        written.resize(16, b' ');
        data.extend_from_slice(&written);
        for _ in 0..120 {
            data.push(rng.next_u64() as u8);
        }
        gamenote::fuzzing::resolve_agrees::<Gipf>(&data);
        gamenote::fuzzing::notation_roundtrip::<Gipf>(&data[1..17]);
    }
    for text in [
        "[Rules \"tournament\"] 1.Ge2/Gd1-f2 2.Gd2/Ge8 3.Gd1-g2/Gg1-e3 {x} X 0-1",
        "[Variant \"basic\"] 1.c2 (11) a1-c3 (11) *",
    ] {
        gamenote::fuzzing::record_roundtrip::<Gipf>(text.as_bytes());
    }
}

/// A notation printed piece by piece with `format!` as `Display` printed it before the byte
/// printer (points through their own `Display`): the printer must not change a byte.
fn reference(n: &Notation) -> String {
    let item = |it: &Item| {
        format!(
            "{}{}{}",
            if it.gipf { "G" } else { "" },
            it.point,
            if it.star { "*" } else { "" }
        )
    };
    let group = |g: &Group| {
        let items: Vec<String> = g.items.iter().map(item).collect();
        let line = g.line.map_or(String::new(), |l| {
            let (a, b) = (l.line.first(), l.line.last());
            if l.reversed {
                format!("({b}-{a})")
            } else {
                format!("({a}-{b})")
            }
        });
        if g.suffix_x {
            format!("{}x", items.join(","))
        } else {
            format!("x{line}{}", items.join(","))
        }
    };
    let mut s = String::new();
    for g in &n.pre {
        s += &format!("{};", group(g));
    }
    if let Some(p) = &n.push {
        s += &format!("{}{}", if p.gipf { "G" } else { "" }, p.from);
        if let Some(t) = p.to {
            s += &format!("-{t}");
        }
    }
    for g in &n.post {
        s += &format!(";{}", group(g));
    }
    if let Some(r) = n.reserve {
        s += &format!(" ({r})");
    }
    s
}

/// Over generated games of every variant, each move notated in every style: the byte
/// printer writes what `Display` and the reference printer write, for plain pushes,
/// removals before and after the push, GIPF-pieces, lines and reserve counts alike.
#[test]
fn the_byte_printer_prints_generated_games_as_display() {
    let styles = [Style::Complete, Style::Short, Style::Text];
    let (mut moves, mut groups, mut gipf, mut lines, mut counts) = (0, 0, 0, 0, 0);
    let mut legal = Vec::new();
    let mut out = String::new();
    for seed in 0..60u64 {
        let variant = [Variant::Basic, Variant::Standard, Variant::Tournament][seed as usize % 3];
        let mut rng = gamenote::generate::Rng::new(seed + 1);
        let mut pos = Gipf::start(&Rules::new(variant));
        for _ in 0..300 {
            legal.clear();
            Gipf::legal_moves(&pos, &mut legal);
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.below(legal.len())];
            for style in styles {
                let n = Gipf::notate(&pos, &m, style);
                out.clear();
                n.write_to(&mut out);
                assert_eq!(out, n.to_string());
                assert_eq!(out, reference(&n));
                moves += 1;
                let all = n.pre.iter().chain(&n.post);
                groups += all.clone().count();
                lines += all.clone().filter(|g| g.line.is_some()).count();
                gipf += usize::from(
                    n.push.is_some_and(|p| p.gipf) || all.flat_map(|g| &g.items).any(|i| i.gipf),
                );
                counts += usize::from(n.reserve.is_some());
            }
            Gipf::play(&mut pos, &m);
        }
    }
    assert_eq!(
        (moves, groups, gipf, lines, counts),
        (6_363, 681, 444, 7, 2_121)
    );
}
