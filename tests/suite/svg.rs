//! Pictures: SVG output is well-formed XML with the expected elements for known positions,
//! and each game's start position matches its golden file (`UPDATE_GOLDEN=1 cargo test
//! --test svg` rewrites them after a deliberate change).

use gamenote::pylos::{Pylos, Rules, Slot};
use gamenote::record::positions;
use gamenote::{Mode, Record};
use gamenote::{Picture, Play};

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
    let rec: Record<Pylos> = include_str!("../../examples/records/pylos-seed.pylos")
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

fn circles_with_class_prefix(svg: &str, prefix: &str) -> Vec<(String, String)> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
    doc.descendants()
        .filter(|n| n.has_tag_name("circle"))
        .filter_map(|n| {
            let class = n.attribute("class")?;
            class.starts_with(prefix).then(|| {
                let at = n
                    .attribute("data-square")
                    .or(n.attribute("data-point"))
                    .unwrap_or("")
                    .to_string();
                (class.to_string(), at)
            })
        })
        .collect()
}

#[test]
fn threeman_start_draws_48_pieces_and_matches_golden() {
    use gamenote::threeman::ThreeMan;
    let start = ThreeMan::start(&Default::default());
    let svg = ThreeMan::svg(&start, None).unwrap();
    let pieces = circles_with_class_prefix(&svg, "piece ");
    assert_eq!(pieces.len(), 48);
    for colour in ["white", "gray", "black"] {
        assert_eq!(
            pieces
                .iter()
                .filter(|(c, _)| c == &format!("piece {colour}"))
                .count(),
            16,
            "{colour}"
        );
    }
    // The white king stands on WH d1 and the black queen on BL e1, as the article sets up.
    assert!(pieces.contains(&("piece white".into(), "WHd1".into())));
    assert!(pieces.contains(&("piece black".into(), "BLe1".into())));
    golden("threeman-start.svg", &svg);
}

/// The fill and stroke an element gets from the picture's style sheet (single-class rules
/// only, later rules winning, as CSS does for selectors of equal weight).
fn css_paint(css: &str, classes: &str) -> (Option<String>, Option<String>) {
    let mut fill = None;
    let mut stroke = None;
    for rule in css.split('}') {
        let Some((selector, body)) = rule.split_once('{') else {
            continue;
        };
        let selector = selector.trim();
        let Some(name) = selector.strip_prefix('.') else {
            continue;
        };
        if name.contains('.') || !classes.split(' ').any(|c| c == name) {
            continue;
        }
        for decl in body.split(';') {
            match decl.split_once(':') {
                Some(("fill", v)) => fill = Some(v.to_string()),
                Some(("stroke", v)) => stroke = Some(v.to_string()),
                _ => {}
            }
        }
    }
    (fill, stroke)
}

/// WCAG 2 relative luminance of `#rgb` or `#rrggbb`.
fn luminance(hex: &str) -> f64 {
    let hex = hex.trim_start_matches('#');
    let hex: String = match hex.len() {
        3 => hex.chars().flat_map(|c| [c, c]).collect(),
        6 => hex.to_string(),
        _ => panic!("not a colour: {hex}"),
    };
    let channel = |i: usize| {
        let c = f64::from(u8::from_str_radix(&hex[i..i + 2], 16).unwrap()) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4)
}

#[test]
fn threeman_letters_contrast_with_their_pieces() {
    use gamenote::threeman::ThreeMan;
    let svg = ThreeMan::svg(&ThreeMan::start(&Default::default()), None).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
    let css = doc
        .descendants()
        .find(|n| n.has_tag_name("style"))
        .and_then(|n| n.text())
        .expect("a style sheet");
    let nodes: Vec<_> = doc.descendants().filter(|n| n.is_element()).collect();
    let mut seen = [0usize; 3];
    for (i, circle) in nodes.iter().enumerate() {
        let class = circle.attribute("class").unwrap_or("");
        if !circle.has_tag_name("circle") || !class.starts_with("piece ") {
            continue;
        }
        // The piece's letter is the text drawn next, at its centre.
        let text = nodes[i + 1..]
            .iter()
            .find(|n| n.has_tag_name("text"))
            .expect("a letter after each piece");
        assert_eq!(text.attribute("x"), circle.attribute("cx"));
        assert_eq!(text.attribute("y"), circle.attribute("cy"));
        let (piece, _) = css_paint(css, class);
        let (letter, letter_stroke) = css_paint(css, text.attribute("class").unwrap());
        let (piece, letter) = (piece.expect("piece fill"), letter.expect("letter fill"));
        assert_eq!(
            letter_stroke.as_deref(),
            Some("none"),
            "an outline greys the letter"
        );
        let (a, b) = (luminance(&piece), luminance(&letter));
        let ratio = (a.max(b) + 0.05) / (a.min(b) + 0.05);
        assert!(ratio >= 4.5, "{class}: {letter} on {piece} is {ratio:.2}:1");
        for (k, colour) in ["white", "gray", "black"].iter().enumerate() {
            seen[k] += usize::from(class.split(' ').any(|c| c == *colour));
        }
    }
    assert_eq!(seen, [16, 16, 16]);
}

#[test]
fn pylon_record_draws_its_balls_and_start_matches_golden() {
    use gamenote::pylon::Pylon;
    let rec: Record<Pylon> = include_str!("../../examples/records/pylon-spec.pylon")
        .parse()
        .unwrap();
    let (all, r) = positions(&rec, Mode::Strict);
    assert!(r.error.is_none(), "{:?}", r.error);
    let end = all.last().unwrap();
    let svg = Pylon::svg(end, r.moves.last()).unwrap();
    let balls = circles_with_class_prefix(&svg, "ball ");
    // The spec's game ends 3 to 7 with ten pieces showing or buried.
    assert_eq!(balls.len(), 10);
    assert_eq!(balls.iter().filter(|(c, _)| c == "ball white").count(), 3);
    let start = Pylon::start(&Default::default());
    let svg = Pylon::svg(&start, None).unwrap();
    assert!(circles_with_class_prefix(&svg, "ball ").is_empty());
    golden("pylon-start.svg", &svg);
}

#[test]
fn gipf_opening_draws_its_pieces_and_start_matches_golden() {
    use gamenote::gipf::Gipf;
    let rec: Record<Gipf> = include_str!("../../examples/records/guide-tournament-opening.gipf")
        .parse()
        .unwrap();
    let (all, r) = positions(&rec, Mode::Strict);
    assert!(r.error.is_none(), "{:?}", r.error);
    let end = all.last().unwrap();
    let svg = Gipf::svg(end, r.moves.last()).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
    // 24 dots and 37 spots, each named; the 21 lines drawn.
    let named = |class: &str| {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(class) && n.attribute("data-point").is_some())
            .count()
    };
    assert_eq!(named("dot"), 24);
    assert_eq!(named("spot"), 37);
    assert_eq!(
        doc.descendants()
            .filter(|n| n.attribute("class") == Some("grid"))
            .count(),
        21
    );
    // Pieces: one named circle per piece on the board; GIPF-pieces drawn double.
    let pieces: Vec<_> = doc
        .descendants()
        .filter(|n| {
            n.attribute("data-point").is_some()
                && matches!(
                    n.attribute("class"),
                    Some("white" | "black" | "white gipf" | "black gipf")
                )
        })
        .collect();
    let on_board = gamenote::gipf::Point::all()
        .filter(|p| end.piece(*p).is_some())
        .count();
    assert_eq!(pieces.len(), on_board);
    // Coordinates a-i and 1-9 are written on the edges.
    let labels: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("label"))
        .filter_map(|n| n.text())
        .collect();
    for l in ["a", "e", "i", "1", "5", "9"] {
        assert!(labels.contains(&l), "label {l}");
    }
    let start = Gipf::start(&"standard".parse().unwrap());
    golden("gipf-start.svg", &Gipf::svg(&start, None).unwrap());
}
