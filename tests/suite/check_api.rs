//! Issue 21 item 5: the checking API under its own name, `gamenote::check`, with the kind of
//! a problem as an enum and one serde shape for a problem and a report.

use gamenote::any::DefaultGame;
use gamenote::check::{ProblemKind, Report, check_piece, piece_game};
use gamenote::stream::RecordReader;
use gamenote::{GameId, Mode};

/// Four games in one text: a good Pylos record, a GIPF reserve count that disagrees with
/// its push, a taken Pylos square, an unreadable Pylon move, then junk.
const MIXED: &str = "[Game \"Pylos\"]\n1b2 1c3 *\n\n\
                     [Game \"GIPF\"]\n[Rules \"basic\"]\n1.a1-b2 (11) i1-h2 (12) *\n\n\
                     [Game \"Pylos\"]\n1b2 1b2 *\n\n\
                     [Game \"Pylon\"]\n[Size \"3\"]\n\n1b2 zz *\n\n\
                     [Game \"Three-man chess\"]\n*\n\nstray\n";

/// The reports on `MIXED`, each record checked in its own game.
fn mixed_reports() -> Vec<(GameId, Report)> {
    let mut out = Vec::new();
    for piece in RecordReader::new(MIXED.as_bytes()) {
        let id = piece_game(DefaultGame::Detected(GameId::Pylos), "mixed", &piece)
            .expect("every record names a known game");
        for r in check_piece(id, "mixed", &piece, &[], Mode::Strict) {
            out.push((id, r));
        }
    }
    out
}

#[test]
fn a_mixed_text_checks_with_kinds_as_enum_values() {
    let reports = mixed_reports();
    let seen: Vec<_> = reports
        .iter()
        .map(|(id, r)| {
            let e = r.error.as_ref();
            (
                *id,
                r.ok(),
                r.is_junk(),
                e.map(|p| (p.kind, p.line, p.column, p.ply)),
            )
        })
        .collect();
    assert_eq!(
        seen,
        [
            (GameId::Pylos, true, false, None),
            (
                GameId::Gipf,
                false,
                false,
                Some((ProblemKind::Mismatch, 6, 14, Some(2)))
            ),
            (
                GameId::Pylos,
                false,
                false,
                Some((ProblemKind::Illegal, 9, 5, Some(2)))
            ),
            (
                GameId::Pylon,
                false,
                false,
                Some((ProblemKind::Parse, 14, 5, Some(2)))
            ),
            (GameId::ThreeMan, true, false, None),
            (
                GameId::ThreeMan,
                false,
                true,
                Some((ProblemKind::Parse, 19, 1, None))
            ),
        ]
    );
    let kinds: Vec<String> = reports
        .iter()
        .filter_map(|(_, r)| r.error.as_ref().map(|p| p.kind.to_string()))
        .collect();
    assert_eq!(kinds, ["mismatch", "illegal", "parse", "parse"]);
    for kind in ProblemKind::ALL {
        assert_eq!(kind.to_string().parse::<ProblemKind>(), Ok(kind));
    }
    let err = "ambiguous".parse::<ProblemKind>().unwrap_err();
    assert_eq!(
        err.message,
        "unknown error kind \"ambiguous\" (expected parse, illegal, mismatch, setup, limit or io)"
    );
}

#[cfg(feature = "serde")]
#[test]
fn problems_and_reports_round_trip_through_one_serde_shape() {
    use gamenote::check::Problem;
    let reports: Vec<Report> = mixed_reports().into_iter().map(|(_, r)| r).collect();
    let illegal = reports[2].error.clone().expect("1b2 is taken");
    // A problem as read: every field, the drawing included, comes back equal.
    let json = serde_json::to_string(&illegal).unwrap();
    assert_eq!(
        json,
        format!(
            r#"{{"kind":"illegal","line":9,"column":5,"ply":2,"message":"ply 2 (1b2): 1b2 is occupied","rendered":{}}}"#,
            serde_json::to_string(&illegal.rendered).unwrap()
        )
    );
    assert!(
        illegal
            .rendered
            .starts_with("mixed:9:5: ply 2 (1b2): 1b2 is occupied\n")
    );
    assert_eq!(serde_json::from_str::<Problem>(&json).unwrap(), illegal);
    // Junk says so (numbered in its piece, as `check_piece` numbers); a problem without a
    // drawing leaves the field out.
    let mut junk = reports[5].error.clone().expect("junk");
    junk.rendered.clear();
    let json = serde_json::to_string(&junk).unwrap();
    assert_eq!(
        json,
        r#"{"kind":"parse","line":19,"column":1,"ply":null,"message":"expected a tag pair or the end of input, found \"stray\"","junk":true}"#
    );
    assert_eq!(serde_json::from_str::<Problem>(&json).unwrap(), junk);
    assert!(
        serde_json::from_str::<Problem>(
            r#"{"kind":"odd","line":1,"column":1,"ply":null,"message":""}"#
        )
        .is_err()
    );
    // A report is a line of `check --json`: without drawings, what `to_json` writes.
    for r in &reports {
        assert_eq!(
            serde_json::from_str::<Report>(&serde_json::to_string(r).unwrap()).unwrap(),
            *r
        );
        let mut bare = r.clone();
        for p in bare.error.iter_mut().chain(bare.warnings.iter_mut()) {
            p.rendered.clear();
        }
        let line = serde_json::to_string(&bare).unwrap();
        assert_eq!(line, r.to_json());
        assert_eq!(serde_json::from_str::<Report>(&line).unwrap(), bare);
    }
    assert_eq!(
        reports[5].to_json(),
        format!(
            r#"{{"file":"mixed","record":1,"junk":true,"ok":false,"plies":0,"result":null,"error":{},"warnings":[]}}"#,
            serde_json::to_string(&junk).unwrap()
        )
    );
    // A line written before problems said `junk` reads as junk; `ok` must agree.
    let old = r#"{"file":"f","record":1,"junk":true,"ok":false,"plies":0,"result":null,"error":{"kind":"parse","line":3,"column":1,"ply":null,"message":"m"},"warnings":[]}"#;
    assert!(serde_json::from_str::<Report>(old).unwrap().is_junk());
    let liar = old.replace(r#""ok":false"#, r#""ok":true"#);
    assert!(serde_json::from_str::<Report>(&liar).is_err());
}

/// The serde form of an `Error` and of the `Problem` made of it name the same facts alike.
#[cfg(feature = "serde")]
#[test]
fn an_error_and_its_problem_agree_in_serde() {
    use gamenote::pylos::Pylos;
    use gamenote::{Error, Record, record::replay};
    let field = |v: &serde_json::Value, name: &str| v.get(name).cloned();
    let check = |text: &str, error: Error, same: &[&str]| {
        let p = gamenote::check::check_source::<Pylos>("f", text, &[], Mode::Strict)[0]
            .error
            .clone()
            .expect("fails");
        let of_error = serde_json::to_value(&error).unwrap();
        let of_problem = serde_json::to_value(&p).unwrap();
        for name in same {
            assert_eq!(
                field(&of_error, name),
                field(&of_problem, name),
                "{name} of {text}"
            );
            assert!(field(&of_problem, name).is_some(), "{name}");
        }
        assert_eq!(ProblemKind::of(&error), p.kind);
    };
    let text = "1b2 1c3 1b2 *";
    let rec: Record<Pylos> = text.parse().unwrap();
    let illegal = replay(&rec, Mode::Strict).error.expect("1b2 is taken");
    check(text, illegal, &["kind", "ply", "message"]);
    let text = "1b2 zz *";
    let parse = Error::from(text.parse::<Record<Pylos>>().unwrap_err());
    check(text, parse, &["kind", "line", "column", "ply"]);
    // A move of no ply (a tag left out when lenient) has a null ply, as its problem has.
    let json = r#"{"kind":"mismatch","ply":null,"written":"[Style","reason":"r","span":null,"message":"r"}"#;
    let no_ply: gamenote::IllegalMove = serde_json::from_str(json).unwrap();
    assert_eq!(no_ply.ply, 0);
    assert_eq!(serde_json::to_string(&no_ply).unwrap(), json);
    let old: gamenote::IllegalMove =
        serde_json::from_str(&json.replace("null,\"written", "0,\"written")).unwrap();
    assert_eq!(old, no_ply);
}

/// Junk past the record-length limit (64 bytes here), in the four places it can stand.
const PAST_LIMIT: [&str; 4] = [
    // A record, then junk that takes its piece past the limit.
    "[Game \"Pylos\"]\n\n1b2 *\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n",
    // Junk past the limit before the first record.
    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n[Game \"Pylos\"]\n\n1b2 *\n",
    // Between two records.
    "[Game \"Pylos\"]\n\n1b2 *\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n\
     [Game \"Pylos\"]\n\n1c3 *\n",
    // A record itself past the limit, between two records.
    "[Game \"Pylos\"]\n\n1b2 *\n[Game \"Pylos\"]\n\n{yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy} 1b2 *\n\
     [Game \"Pylos\"]\n\n1c3 *\n",
];

/// `(record, ok, junk, line, column)` of each report `PieceChecker::check_piece` gives on the
/// pieces of `text`, records numbered in the whole text as `check` numbers them.
fn past_limit_reports(text: &str) -> Vec<(usize, bool, bool, usize, usize)> {
    use gamenote::check::{PartKind, PieceChecker, piece_spans_of};
    use gamenote::{pylos::Pylos, replay::Checker, stream::Limits};
    let limits = Limits::default().max_record_bytes(64);
    let mut pieces = PieceChecker::<Pylos>::new("f", Checker::new(Mode::Strict));
    let (mut out, mut before) = (Vec::new(), 0);
    for piece in RecordReader::with_limits(text.as_bytes(), limits) {
        let mut here = Vec::new();
        pieces.check_piece(&piece, |r| {
            let e = r.error.as_ref();
            here.push((
                before + r.record,
                r.ok(),
                r.is_junk(),
                e.map_or(0, |e| e.line),
                e.map_or(0, |e| e.column),
            ));
        });
        // One part a report, of the kind the report says.
        let kinds: Vec<PartKind> = piece_spans_of::<Pylos>(&piece)
            .iter()
            .map(|p| p.1)
            .collect();
        let want: Vec<PartKind> = here
            .iter()
            .map(|r| match r {
                (_, true, _, _, _) => PartKind::Record,
                (_, _, true, _, _) => PartKind::Junk,
                _ => PartKind::Unreadable,
            })
            .collect();
        assert_eq!(kinds, want, "{text:?}");
        before += here.iter().filter(|r| !r.2).count();
        out.extend(here);
    }
    out
}

#[test]
fn a_record_before_junk_past_the_limit_is_kept() {
    // As `gamenote check` reports them: the record kept, the junk after it (not numbered).
    assert_eq!(
        past_limit_reports(PAST_LIMIT[0]),
        [(1, true, false, 0, 0), (1, false, true, 4, 1)]
    );
    assert_eq!(
        past_limit_reports(PAST_LIMIT[1]),
        [(1, false, false, 1, 1), (2, true, false, 0, 0)]
    );
    assert_eq!(
        past_limit_reports(PAST_LIMIT[2]),
        [
            (1, true, false, 0, 0),
            (1, false, true, 4, 1),
            (2, true, false, 0, 0)
        ]
    );
    assert_eq!(
        past_limit_reports(PAST_LIMIT[3]),
        [
            (1, true, false, 0, 0),
            (2, false, false, 4, 1),
            (3, true, false, 0, 0)
        ]
    );
}

#[test]
fn check_piece_of_a_whole_piece_is_check_of_its_text() {
    use gamenote::check::PieceChecker;
    use gamenote::{pylos::Pylos, replay::Checker};
    let text = "[Game \"Pylos\"]\n1b2 1c3 *\n\nstray\n\n[Game \"Pylos\"]\n1b2 1b2 *\n";
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let mut one = PieceChecker::<Pylos>::new("f", Checker::new(Mode::Strict));
    let mut two = PieceChecker::<Pylos>::new("f", Checker::new(Mode::Strict));
    for piece in RecordReader::new(text.as_bytes()) {
        let raw = piece.as_ref().unwrap();
        one.check_piece(&piece, |r| a.push(r.clone()));
        two.check(&raw.text, raw.lines_before, |r| b.push(r.clone()));
    }
    assert_eq!(a, b);
    assert_eq!(a.len(), 3);
}

#[test]
fn check_piece_leaves_numbering_to_the_caller_and_keeps_numbers_out_of_messages() {
    let text = "[Game \"Pylos\"]\n1b2 *\n\nstray words\n\n[Game \"Pylos\"]\n1c3 1c3 *\n";
    let mut record = 0;
    let mut seen = Vec::new();
    for piece in RecordReader::new(text.as_bytes()) {
        for mut r in check_piece(GameId::Pylos, "f", &piece, &[], Mode::Strict) {
            record += usize::from(!r.is_junk());
            r.record = record;
            let e = r.error.as_ref().map(|p| (p.junk, p.message.clone()));
            seen.push((r.record, e));
        }
    }
    assert_eq!(
        seen,
        [
            (1, None),
            (
                1,
                Some((
                    true,
                    "expected a tag pair or the end of input, found \"stray\"".into()
                ))
            ),
            (2, Some((false, "ply 2 (1c3): 1c3 is occupied".into()))),
        ]
    );
}

#[test]
fn a_set_up_error_has_one_kind_in_every_form() {
    let text = "[Game \"Pylos\"]\n[Rules \"chess\"]\n1b2 *\n";
    let reports =
        gamenote::check::check_source::<gamenote::pylos::Pylos>("f", text, &[], Mode::Strict);
    let p = reports[0].error.as_ref().expect("fails");
    assert_eq!(p.kind, ProblemKind::Setup);
    assert!(reports[0].to_json().contains("\"kind\":\"setup\""));
    let rec: gamenote::Record<gamenote::pylos::Pylos> = text.parse().expect("reads");
    let e = rec.replay(Mode::Strict).error.expect("fails");
    assert_eq!(e.kind(), p.kind);
    // A result the record contradicts is a mismatch everywhere.
    let text = "[Game \"Pylos\"]\n[Result \"1-0\"]\n1b2 0-1\n";
    let reports =
        gamenote::check::check_source::<gamenote::pylos::Pylos>("f", text, &[], Mode::Strict);
    let rec: gamenote::Record<gamenote::pylos::Pylos> = text.parse().expect("reads");
    let e = rec.replay(Mode::Strict).error.expect("fails");
    assert_eq!(
        (e.kind(), reports[0].error.as_ref().map(|p| p.kind)),
        (ProblemKind::Mismatch, Some(ProblemKind::Mismatch))
    );
}

#[test]
fn gipf_set_up_tags_on_a_pylos_record_are_an_error_at_the_tag() {
    for (tag, column) in [("Variant", 11), ("Handicap", 12)] {
        let text = format!("[Game \"Pylos\"]\n[{tag} \"standard\"]\n\n1b2 1c3 *\n");
        let reports =
            gamenote::check::check_source::<gamenote::pylos::Pylos>("f", &text, &[], Mode::Strict);
        let p = reports[0].error.as_ref().expect("GIPF's tag");
        assert_eq!(
            (p.kind, p.line, p.column),
            (ProblemKind::Setup, 2, column),
            "{tag}"
        );
        assert!(
            p.message
                .contains(&format!("Pylos has no {}s", tag.to_lowercase())),
            "{}",
            p.message
        );
        let rec: gamenote::Record<gamenote::pylos::Pylos> = text.parse().expect("reads");
        let at = rec.replay(Mode::Strict).error.expect("fails").location();
        assert_eq!((at.line, at.column), (2, column));
    }
}
