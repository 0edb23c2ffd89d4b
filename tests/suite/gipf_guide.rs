//! The examples of gipf.com's notation guide, "Noting down a game GIPF"
//! (<http://www.gipf.com/gipf/notations/notations.html>), read as the guide says, in
//! positions built to match its diagrams.

use gamenote::gipf::{BLACK, Gipf, Notation, Point, Position, Rules, Style, Variant, WHITE};
use gamenote::{Mode, MoveErrorKind, Record, record};
use gamenote::{Notate, Play};

use crate::gipf_board::{board_with, p};

/// A position with White to move built from `spec` (see `crate::gipf_board::board_with`).
fn board(variant: Variant, spec: &str) -> Position {
    board_with(Rules::new(variant), spec)
}

fn note(s: &str) -> Notation {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn complete(pos: &Position, s: &str) -> String {
    let m = Gipf::resolve(pos, &note(s)).unwrap_or_else(|e| panic!("{s}: {e}"));
    Gipf::notate(pos, &m, Style::Text).to_string()
}

/// A note that leaves a due row: it resolves (so a lenient reading can go on) and
/// `check_annotations` gives the mismatch, which strict reading turns into an error.
fn left_row(pos: &Position, s: &str) -> String {
    let n = note(s);
    let m = Gipf::resolve(pos, &n).unwrap_or_else(|e| panic!("{s}: {e}"));
    assert!(m.leaves_rows(), "{s}");
    let mut after = pos.clone();
    Gipf::play(&mut after, &m);
    let e = Gipf::check_annotations(pos, &n, &m, &after).expect_err(s);
    assert_eq!(e.kind, MoveErrorKind::Mismatch);
    e.reason
}

const OPENING_COUNTS: &str = "1.Ge2 (16) Gd1-f2 (16) 2.Gd2 (14) Ge8 (14) 3.Gd1-g2 (12) \
    Gg1-e3 (12) 4.c1-f3 (11) Ge1-e4 (10) 5.f7(10) Gf1-f4 (8) 6.c1-g3 (9) g1-g4 (7) etc.";
const OPENING_SLASH: &str = "1.Ge2/Gd1-f2 2.Gd2/Ge8 3.Gd1-g2/Gg1-e3 4.c1-f3/Ge1-e4 \
    5.f7/Gf1-f4 6.c1-g3/g1-g4 etc.";
const OPENING_SHEET: &str = "  White Black
1. Ge2 Gd1-f2
2. Gd2 Ge8
3. Gd1-g2 Gg1-e3
4. c1-f3 Ge1-e4
5. f7 Gf1-f4
6. c1-g3 h2
7. etc.
";

fn tournament(movetext: &str) -> Record<Gipf> {
    format!("[Rules \"tournament\"]\n\n{movetext}")
        .parse()
        .unwrap_or_else(|e| panic!("{e}"))
}

fn pieces(pos: &Position, seat: usize, gipf: bool) -> String {
    let mut v: Vec<String> = Point::all()
        .filter(|q| pos.piece(*q) == Some((seat, gipf)))
        .map(|q| q.to_string())
        .collect();
    v.sort();
    v.join(" ")
}

#[test]
fn tournament_opening_with_reserve_counts() {
    let rec = tournament(OPENING_COUNTS);
    assert_eq!(rec.plies.len(), 12);
    let r = record::replay(&rec, Mode::Strict);
    assert!(r.is_ok(), "{:?}", r.error);
    // Every count was checked (strict); and every push is written in its complete form,
    // ending where the farthest pushed piece lands.
    let conv = record::convert(&rec, Style::Complete, Mode::Strict).unwrap();
    for (a, b) in rec.plies.iter().zip(&conv.plies) {
        assert_eq!(a.notation, b.notation);
    }
    let end = &r.end;
    assert_eq!(pieces(end, WHITE, true), "e4 f3 g3");
    assert_eq!(pieces(end, WHITE, false), "d2 e3 f7");
    assert_eq!(pieces(end, BLACK, true), "e2 e8 f2 f4 g4");
    assert_eq!(pieces(end, BLACK, false), "g2");
    assert_eq!((end.reserve(WHITE), end.reserve(BLACK)), (9, 7));
    // The table of pushes: which pieces each push moved.
    let pushed: Vec<usize> = r
        .moves
        .iter()
        .zip(gamenote::record::positions(&rec, Mode::Strict).0)
        .map(|(m, before)| {
            let push = m.push().unwrap();
            let ray = push.ray;
            (0..ray.len())
                .take_while(|&i| before.piece(ray.spot(i)).is_some())
                .count()
        })
        .collect();
    assert_eq!(pushed, [0, 1, 0, 0, 2, 1, 2, 2, 0, 2, 3, 2]);
    // A wrong count is a mismatch (error when strict, warning when lenient).
    let wrong = tournament(&OPENING_COUNTS.replace("Ge8 (14)", "Ge8 (15)"));
    let strict = record::replay(&wrong, Mode::Strict);
    let Some(gamenote::Error::Illegal(m)) = strict.error else {
        panic!("{:?}", strict.error)
    };
    assert_eq!((m.kind, m.ply), (MoveErrorKind::Mismatch, 4));
    let lenient = record::replay(&wrong, Mode::Lenient);
    assert!(lenient.is_ok());
    assert_eq!(lenient.warnings.len(), 1);
    assert_eq!(lenient.warnings[0].ply, 4);
}

#[test]
fn slash_text_reaches_the_same_position() {
    let a = record::replay(&tournament(OPENING_COUNTS), Mode::Strict);
    let b = record::replay(&tournament(OPENING_SLASH), Mode::Strict);
    assert!(b.is_ok(), "{:?}", b.error);
    assert_eq!(a.end, b.end);
    // Converting the slash text to complete notes gives the counted text.
    let conv = record::convert(&tournament(OPENING_SLASH), Style::Complete, Mode::Strict).unwrap();
    let text = gamenote::sheet::write_movetext(&conv, gamenote::sheet::Layout::Reserve, false);
    assert_eq!(
        text,
        OPENING_COUNTS
            .replace("5.f7(10)", "5.f7 (10)")
            .replace(" etc.", "")
    );
    // And the counted text printed as the guide's slash text, and as the sheet.
    let plain = record::convert(&tournament(OPENING_COUNTS), Style::Text, Mode::Strict).unwrap();
    assert_eq!(
        gamenote::sheet::write_movetext(&plain, gamenote::sheet::Layout::Slash, false),
        OPENING_SLASH.replace(" etc.", "")
    );
    let sheet = gamenote::sheet::write_movetext(&plain, gamenote::sheet::Layout::Sheet, false);
    assert_eq!(sheet.lines().next(), Some("1. Ge2 Gd1-f2"));
    assert_eq!(sheet.lines().nth(5), Some("6. c1-g3 g1-g4"));
}

#[test]
fn sheet_and_text_disagree_at_blacks_sixth_move() {
    let sheet = record::replay(&tournament(OPENING_SHEET), Mode::Strict);
    assert!(sheet.is_ok(), "{:?}", sheet.error);
    let text = record::replay(&tournament(OPENING_SLASH), Mode::Strict);
    assert_eq!(sheet.moves.len(), 12);
    // Up to White's 6th move the two forms reach the same positions.
    let (sheet_pos, _) = record::positions(&tournament(OPENING_SHEET), Mode::Strict);
    let (text_pos, _) = record::positions(&tournament(OPENING_SLASH), Mode::Strict);
    assert_eq!(sheet_pos[..12], text_pos[..12]);
    assert_ne!(sheet_pos[12], text_pos[12]);
    // Both leave Black 7 in reserve.
    assert_eq!(sheet.end.reserve(BLACK), 7);
    assert_eq!(text.end.reserve(BLACK), 7);
    // The sheet's h2 lands on an empty spot: no row; White's next moves start with a push.
    let mut moves = Vec::new();
    Gipf::legal_moves(&sheet.end, &mut moves);
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| m.pre().is_empty()));
    assert_eq!(sheet.end.piece(p("h2")), Some((BLACK, false)));
    // The text's g1-g4 completes White's row d2 e3 f3 g3 on c1-i3: every White move starts
    // by removing it, with or without the GIPF-pieces on f3 and g3: 4 distinct removals.
    let mut moves = Vec::new();
    Gipf::legal_moves(&text.end, &mut moves);
    assert!(moves.iter().all(|m| m.pre().len() == 1));
    let mut pres: Vec<String> = moves
        .iter()
        .map(|m| {
            let n = Gipf::notate(&text.end, m, Style::Text);
            n.pre[0].to_string()
        })
        .collect();
    pres.sort();
    pres.dedup();
    assert_eq!(
        pres,
        ["xd2,e3", "xd2,e3,Gf3", "xd2,e3,Gf3,Gg3", "xd2,e3,Gg3"]
    );
    // Short `x;` keeps both GIPF-pieces; complete `xd2,e3;`.
    assert_eq!(complete(&text.end, "x;b5"), "xd2,e3;b5");
    assert_eq!(complete(&text.end, "xGg3;b5"), "xd2,e3,Gg3;b5");
    // A push without the removal leaves the row: an error when strict, a warning when lenient.
    assert_eq!(
        left_row(&text.end, "b5"),
        "the row on c1-i3 (d2,e3,f3,g3) must be removed before the push (write x)"
    );
}

#[test]
fn diagram_1_and_2_pushes() {
    let pos = board(Variant::Basic, "");
    assert_eq!(complete(&pos, "e2"), "e2");
    // The three dots entering e2 give one move.
    let a = Gipf::resolve(&pos, &note("e2")).unwrap();
    assert_eq!(Gipf::resolve(&pos, &note("d1-e2")).unwrap(), a);
    assert_eq!(Gipf::resolve(&pos, &note("f1-e2")).unwrap(), a);
    assert_eq!(Gipf::resolve(&pos, &note("e1-e2")).unwrap(), a);
    // Diagram 2: a black and a white piece pushed one spot further.
    let pos = board(Variant::Basic, "x e2 o e3");
    assert_eq!(complete(&pos, "e1-e4"), "e1-e4");
    assert_eq!(complete(&pos, "e1-e2"), "e1-e4");
    let m = Gipf::resolve(&pos, &note("e1-e4")).unwrap();
    let mut after = pos.clone();
    Gipf::play(&mut after, &m);
    assert_eq!(after.piece(p("e2")), Some((WHITE, false)));
    assert_eq!(after.piece(p("e3")), Some((BLACK, false)));
    assert_eq!(after.piece(p("e4")), Some((WHITE, false)));
    // e1-e3 is neither form.
    let e = Gipf::resolve(&pos, &note("e1-e3")).unwrap_err();
    assert!(e.reason.contains("ends on e4"), "{}", e.reason);
}

#[test]
fn diagram_3_removal_before_the_move() {
    // Black's push left a White row on b1-i4.
    let pos = board(Variant::Basic, "o c2 d3 e4 f4 x h4");
    let short = Gipf::resolve(&pos, &note("x;e2")).unwrap();
    let listx = Gipf::resolve(&pos, &note("c2,d3,e4,f4x;e2")).unwrap();
    let complete_x = Gipf::resolve(&pos, &note("xc2,d3,e4,f4;e2")).unwrap();
    assert_eq!(short, listx);
    assert_eq!(short, complete_x);
    assert_eq!(
        Gipf::notate(&pos, &short, Style::Text).to_string(),
        "xc2,d3,e4,f4;e2"
    );
    assert_eq!(Gipf::notate(&pos, &short, Style::Short).to_string(), "x;e2");
    // The row goes back to White's reserve.
    let mut after = pos.clone();
    Gipf::play(&mut after, &short);
    assert_eq!(after.reserve(WHITE), 10 + 4 - 1);
}

fn diagram_4() -> Position {
    board(Variant::Basic, "o c2 e4 f4 e3 x g4 f2 d3")
}

#[test]
fn diagram_4_capture_after_the_move() {
    let pos = diagram_4();
    assert_eq!(complete(&pos, "g1-c3;x"), "g1-c3;xc2,d3,e4,f4,g4*");
    assert_eq!(complete(&pos, "g1-f2;x"), "g1-c3;xc2,d3,e4,f4,g4*");
    assert_eq!(
        complete(&pos, "g1-c3;xc2,d3,e4,f4,g4*"),
        "g1-c3;xc2,d3,e4,f4,g4*"
    );
    let m = Gipf::resolve(&pos, &note("g1-f2;x")).unwrap();
    let mut after = pos.clone();
    Gipf::play(&mut after, &m);
    // The new piece sits on f2 and the piece from e3 moved onto d3 before the removal.
    assert_eq!(after.piece(p("f2")), Some((WHITE, false)));
    assert_eq!(after.lost(BLACK), 1);
    assert_eq!(after.reserve(WHITE), 10 - 1 + 4);
    // Forgetting the removal leaves the row (error when strict, warning when lenient).
    assert_eq!(
        left_row(&pos, "g1-c3"),
        "the row on b1-i4 (c2,d3,e4,f4,g4) must be removed after the push (write x)"
    );
}

fn diagram_5() -> Position {
    board(Variant::Standard, "o c2 O c3 e4 f4 x b3 d3 e3 X g4 b2 h2")
}

#[test]
fn diagram_5_gipf_pieces() {
    let pos = diagram_5();
    let want = "a3-f2;xc2,Gf4,Gg4*";
    assert_eq!(complete(&pos, "a3-f2;xg4,f4"), want);
    assert_eq!(complete(&pos, "a3-b3;xg4,f4"), want);
    assert_eq!(complete(&pos, "a3-f2;xGf4,Gg4"), want);
    assert_eq!(complete(&pos, want), want);
    // The guide's complete note names the dot c1: an error, not a guess.
    let e = Gipf::resolve(&pos, &note("a3-f2;xc1,Gf4,Gg4*")).unwrap_err();
    assert_eq!(e.kind, MoveErrorKind::Illegal);
    assert_eq!(e.reason, "c1 is a dot: removed pieces stand on spots");
    // Unlisted GIPF-pieces stay: d3 and e4 remain White's.
    let m = Gipf::resolve(&pos, &note(want)).unwrap();
    let mut after = pos.clone();
    Gipf::play(&mut after, &m);
    assert_eq!(after.piece(p("d3")), Some((WHITE, true)));
    assert_eq!(after.piece(p("e4")), Some((WHITE, true)));
    assert_eq!(after.piece(p("f4")), None);
    assert_eq!(after.lost(BLACK), 2);
    assert_eq!(after.reserve(WHITE), 10 - 1 + 1 + 2);
    // Short output names the GIPF-pieces only.
    assert_eq!(
        Gipf::notate(&pos, &m, Style::Short).to_string(),
        "a3-f2;xGf4,Gg4"
    );
}

#[test]
fn diagram_6_intersecting_rows() {
    // As described, the b1-i4 row (c2 d3 black, e4 f4 g4 h4 white) would already stand
    // before f1-f5, since f4 is White's both before and after the push: White must remove
    // it first.
    let pos = board(Variant::Basic, "o f2 f3 f4 e4 g4 h4 x c2 d3");
    assert_eq!(
        left_row(&pos, "f1-f5;x(b1-i4)"),
        "the row on b1-i4 (c2,d3,e4,f4,g4,h4) must be removed before the push (write x)"
    );
    // The same choice where the push does make both rows: they cross at f5 on a1-i5.
    let pos = board(Variant::Basic, "o f2 f3 f4 d4 e5 g5 x c3");
    let e = Gipf::resolve(&pos, &note("f1-f5;x")).unwrap_err();
    assert_eq!(e.kind, MoveErrorKind::Ambiguous, "{}", e.reason);
    assert!(e.reason.contains("f1-f5;xf2,f3,f4,f5"), "{}", e.reason);
    assert!(e.reason.contains("f1-f5;xc3*,d4,e5,f5,g5"), "{}", e.reason);
    let a = complete(&pos, "f1-f5;x(a1-i5)");
    assert_eq!(a, "f1-f5;xc3*,d4,e5,f5,g5");
    assert_eq!(complete(&pos, "f1-f2;x(i5-a1)"), a);
    assert_eq!(complete(&pos, "f1-f5;x(f1-f8)"), "f1-f5;xf2,f3,f4,f5");
    // Either removal breaks the other row, so one group is all.
    let e = Gipf::resolve(&pos, &note("f1-f5;x;x")).unwrap_err();
    assert!(e.reason.contains("no row"), "{}", e.reason);
    let m = Gipf::resolve(&pos, &note("f1-f5;x(a1-i5)")).unwrap();
    assert_eq!(
        Gipf::notate(&pos, &m, Style::Short).to_string(),
        "f1-f5;x(a1-i5)"
    );
}

#[test]
fn diagram_6_remark_a_gipf_piece_names_the_row() {
    // When the other row holds a GIPF-piece, naming it is enough to choose that row.
    let pos = board(Variant::Standard, "o f2 f3 f4 d4 g5 O e5 x c3 X h2");
    let e = Gipf::resolve(&pos, &note("f1-f5;x")).unwrap_err();
    assert_eq!(e.kind, MoveErrorKind::Ambiguous, "{}", e.reason);
    assert_eq!(complete(&pos, "f1-f5;xGe5"), "f1-f5;xc3*,d4,f5,g5,Ge5");
    let m = Gipf::resolve(&pos, &note("f1-f5;xGe5")).unwrap();
    assert_eq!(
        Gipf::notate(&pos, &m, Style::Short).to_string(),
        "f1-f5;xGe5"
    );
}

#[test]
fn diagram_7_two_rows() {
    // c5 d6 e7 are White GIPF-pieces, left on the board as the guide assumes.
    let pos = board(
        Variant::Standard,
        "o f3 f6 e4 g4 h4 O c5 d6 e7 x f2 f4 f5 b4 c2 d3 X h2",
    );
    let want = "f1-f7;xb4*,f7;xc2*,d3*,e4,f4,g4,h4";
    assert_eq!(complete(&pos, "f1-f7;x;x"), want);
    assert_eq!(complete(&pos, "f1-f2;x;x"), want);
    assert_eq!(complete(&pos, want), want);
    // Listing only some basic pieces of a row is an error.
    let e = Gipf::resolve(&pos, &note("f1-f7;xb4*;xc2*,d3*,e4,f4,g4,h4")).unwrap_err();
    assert!(e.reason.contains("list all or none"), "{}", e.reason);
    // One `x` is not enough.
    let e = Gipf::resolve(&pos, &note("f1-f7;x")).unwrap_err();
    assert!(e.reason.contains("must be removed"), "{}", e.reason);
    let m = Gipf::resolve(&pos, &note("f1-f7;x;x")).unwrap();
    assert_eq!(
        Gipf::notate(&pos, &m, Style::Short).to_string(),
        "f1-f7;x;x"
    );
}

#[test]
fn the_board_as_text() {
    let pos = Gipf::start(&Rules::new(Variant::Standard));
    let text = pos.to_string();
    let lines: Vec<&str> = text.lines().collect();
    // 17 rows of points, the column letters, two reserve lines, the player to move.
    assert_eq!(lines.len(), 21, "{text}");
    assert_eq!(lines[0].trim(), "+"); // e9
    assert_eq!(lines[16].trim(), "+"); // e1
    // e8 (Black GIPF) is the second point of column e from the top.
    assert_eq!(lines[2].trim(), "+       X       +");
    // e2 (White GIPF) near the bottom, between d1 and f1.
    assert_eq!(lines[14].trim(), "+       O       +");
    assert_eq!(lines[17].trim(), "a   b   c   d   e   f   g   h   i");
    assert!(lines[18].contains("reserve 12, lost 0"));
    assert_eq!(lines[20], "White to move (standard)");
    // Every point is drawn once: 24 dots, 37 spots.
    let board = lines[..17].join("\n");
    assert_eq!(board.matches('+').count(), 24);
    assert_eq!(board.matches(['.', 'o', 'O', 'x', 'X']).count(), 37);
    assert_eq!(board.matches('O').count(), 3);
    assert_eq!(board.matches('X').count(), 3);
}
