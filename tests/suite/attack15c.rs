//! A stranger's round on the documented value types (session 15, third helper).

use gamenote::any::AnyRecord;
use gamenote::generate::legal_game;
use gamenote::prelude::*;
use gamenote::{GameId, gipf::Gipf, pylon::Pylon, pylos::Pylos, threeman::ThreeMan};

fn explore<G: Game>(id: GameId, rules: &[&str], out: &mut Vec<String>) {
    // Pylos numeric moves read with `Notation::parse_numeric` (documented on `FromStr`).
    let sts: Vec<G::Style> = id
        .styles()
        .iter()
        .filter(|s| !s.starts_with("numeric"))
        .map(|s| s.parse().ok().unwrap())
        .collect();
    for r in rules {
        let rules: G::Rules = match r.parse() {
            Ok(x) => x,
            Err(e) => {
                out.push(format!("{} rules {r}: {e}", G::NAME));
                continue;
            }
        };
        let back: Result<G::Rules, _> = rules.to_string().parse();
        if back.as_ref().ok() != Some(&rules) {
            out.push(format!("{} rules {r} -> {} -> {back:?}", G::NAME, rules));
        }
        for seed in 0..6u64 {
            let game = legal_game::<G>(&rules, 400, seed);
            let text = game.record.to_string();
            match text.parse::<Record<G>>() {
                Ok(rec) => {
                    if rec != game.record {
                        out.push(format!("{} record != after print/parse: {text}", G::NAME));
                    }
                    if rec.to_string() != text {
                        out.push(format!("{} record prints differently: {text}", G::NAME));
                    }
                }
                Err(e) => out.push(format!("{} record does not parse: {e}: {text}", G::NAME)),
            }
            match text.parse::<AnyRecord>() {
                Ok(rec) => {
                    if rec.to_string() != text {
                        out.push(format!("{} anyrecord prints differently", G::NAME));
                    }
                }
                Err(e) => out.push(format!("{} anyrecord: {e}", G::NAME)),
            }
            let mut pos = G::start(&rules);
            let mut seen: Vec<(G::Position, String)> = Vec::new();
            for (i, m) in game.moves.iter().enumerate() {
                if let Some(s) = G::position_string(&pos) {
                    match G::read_position(&s, &rules) {
                        Ok(p) => {
                            if p != pos {
                                out.push(format!(
                                    "{} {r} seed {seed} ply {i}: pos != read back: {s}",
                                    G::NAME
                                ));
                            }
                            if G::position_string(&p).as_deref() != Some(&s) {
                                out.push(format!("{} {r} ply {i}: reprint differs {s}", G::NAME));
                            }
                        }
                        Err(e) => {
                            out.push(format!("{} {r} seed {seed} ply {i}: {s}: {e}", G::NAME))
                        }
                    }
                    for (q, t) in &seen {
                        if *q == pos && *t != s {
                            out.push(format!("{} == but print {t} vs {s}", G::NAME));
                        }
                    }
                    if i % 7 == 0 {
                        seen.push((pos.clone(), s.clone()));
                    }
                }
                let mut legal = Vec::new();
                G::legal_moves(&pos, &mut legal);
                for lm in legal.iter().take(40) {
                    for st in &sts {
                        let st = *st;
                        let n = G::notate(&pos, lm, st);
                        let s = n.to_string();
                        match s.parse::<G::Notation>() {
                            Ok(n2) => {
                                if n2 != n {
                                    out.push(format!("{} notation {s} != parsed ({st})", G::NAME));
                                }
                                if n2.to_string() != s {
                                    out.push(format!("{} notation {s} reprints {n2}", G::NAME));
                                }
                            }
                            Err(e) => out.push(format!("{} notation {s} ({st}): {e}", G::NAME)),
                        }
                    }
                }
                G::play(&mut pos, m);
            }
        }
    }
}

fn outcomes(out: &mut Vec<String>) {
    for s in 0..8u8 {
        let o = Outcome::Win(s);
        let t = o.to_string();
        if t.parse::<Outcome>().ok() != Some(o) {
            out.push(format!("{o:?} -> {t}"));
        }
    }
    for m in 0..=255u8 {
        let o = Outcome::Draw(m);
        let t = o.to_string();
        if t.parse::<Outcome>().ok() != Some(o) {
            out.push(format!("{o:?} -> {t} -> {:?}", t.parse::<Outcome>()));
        }
        let g = GameResult::Decided(o);
        if g.to_string().parse::<GameResult>().ok() != Some(g) {
            out.push(format!("{g:?} -> {g}"));
        }
    }
}

#[test]
fn values_print_and_read_back_as_equal_values() {
    let mut out = Vec::new();
    outcomes(&mut out);
    explore::<Pylos>(
        GameId::Pylos,
        &[
            "standard",
            "standard,takeback=optional",
            "alignment",
            "alignment,takeback=optional,reserve=immediately",
            "children",
            "children,reserve=no_moves",
            "standard,reserve=no_moves,takeback=optional",
        ],
        &mut out,
    );
    explore::<Gipf>(
        GameId::Gipf,
        &[
            "basic",
            "standard",
            "tournament",
            "standard,last-gipf=white-loses",
            "tournament,last-gipf=to-move-wins",
            "basic,last-gipf=white-loses",
        ],
        &mut out,
    );
    explore::<ThreeMan>(GameId::ThreeMan, &["standard"], &mut out);
    explore::<Pylon>(
        GameId::Pylon,
        &["standard", "standard,suicide=group"],
        &mut out,
    );
    out.dedup();
    for l in out.iter().take(60) {
        println!("{}", &l[..l.len().min(300)]);
    }
    assert!(out.is_empty(), "{} findings", out.len());
}
