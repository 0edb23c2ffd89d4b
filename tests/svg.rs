//! Pictures: SVG output is well-formed XML with the expected elements for known positions,
//! and each game's start position matches its golden file (`UPDATE_GOLDEN=1 cargo test
//! --test svg` rewrites them after a deliberate change).

use gamenote::pylos::{Pylos, Rules, Slot};
use gamenote::record::positions;
use gamenote::{Game, Mode, Record};

fn golden(name: &str, svg: &str) {
    let path = format!("{}/tests/golden/{name}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, svg).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(svg, want, "{name} differs from its golden file");
}

#[test]
fn pylos_seed_after_ply_12_draws_exactly_its_balls() {
    let rec: Record<Pylos> = include_str!("../examples/records/pylos-seed.pylos")
        .parse()
        .unwrap();
    let (all, r) = positions(&rec, Mode::Strict);
    let pos = &all[12];
    let svg = Pylos::svg(pos, r.moves.get(11)).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
    let balls: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("data-point").is_some())
        .collect();
    let occupied: Vec<Slot> = Slot::all().filter(|s| pos.at(*s).is_some()).collect();
    assert_eq!(balls.len(), occupied.len());
    assert_eq!(balls.len(), 9); // White placed 5 (ply 7 was a raise), Black 6 less 2 taken back
    for b in &balls {
        let slot: Slot = b.attribute("data-point").unwrap().parse().unwrap();
        let colour = if pos.at(slot) == Some(0) {
            "ball white"
        } else {
            "ball black"
        };
        assert_eq!(b.attribute("class"), Some(colour), "{slot}");
        assert_eq!(
            b.attribute("data-level"),
            Some(slot.level().to_string().as_str())
        );
    }
    // 2c2 (White, level 2) sits half a cell (80 px cells) right of and above 1c2: between 1c2, 1d2, 1c3, 1d3.
    let at = |name: &str| {
        let n = balls
            .iter()
            .find(|b| b.attribute("data-point") == Some(name))
            .unwrap();
        let x: f64 = n.attribute("cx").unwrap().parse().unwrap();
        let y: f64 = n.attribute("cy").unwrap().parse().unwrap();
        (x, y)
    };
    let (x2, y2) = at("2c2");
    let (x1, y1) = at("1c2");
    assert!(
        (x2 - x1 - 40.0).abs() < 0.2 && (y1 - y2 - 40.0).abs() < 0.2,
        "{x1},{y1} {x2},{y2}"
    );
    // The last move (1d1 with take-backs) is ringed, and the reserves are written.
    assert_eq!(
        doc.descendants()
            .filter(|n| n.attribute("class") == Some("last"))
            .count(),
        1
    );
    assert!(svg.contains("reserves: White 10, Black 11"));
}

#[test]
fn pylos_start_golden() {
    let svg = Pylos::svg(&Pylos::start(&Rules::default()), None).unwrap();
    roxmltree::Document::parse(&svg).expect("well-formed XML");
    golden("pylos-start.svg", &svg);
}
