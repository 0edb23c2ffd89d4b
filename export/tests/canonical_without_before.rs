//! The records table is made two ways: with the plies table, each move is handed out with
//! the position before it (`Checker::play_in`); without it, for a game whose canonical
//! notation needs no position before the move (Pylos), with the position after only
//! (`Checker::play_in_after`, no copy a move). The two give the same records rows: moves
//! as written and canonical, verdicts, outcome.

use gamenote::{GameId, Mode};
use gamenote_export::{ExportOptions, JsonlSink, export_reader};
use serde_json::Value;

/// The records rows of `text` exported as JSON lines, with the plies table or without.
fn rows(text: &str, mode: Mode, plies: bool) -> Vec<Value> {
    let (mut out, mut plies_out) = (Vec::new(), Vec::new());
    let mut opts = ExportOptions::default();
    opts.mode = mode;
    opts.plies = plies;
    let mut sink = JsonlSink::new(&mut out, plies.then_some(&mut plies_out));
    export_reader("t.pylos", GameId::Pylos, text.as_bytes(), &opts, &mut sink).unwrap();
    sink.finish().unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn strs(v: &Value) -> Vec<&str> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect()
}

#[test]
fn pylos_rows_without_plies_are_those_with_plies() {
    let text = "[Game \"Pylos\"]\n\n1. 1a1 1c3 2. 1b1 1d4 3. 1a2 1c4 4. 1b2(1b2)O 1d1 \
                5. 1b2(1b2) 1d2+ 6. 1b2(1a1)O *\n\n\
                [Game \"Pylos\"]\n\n1. a1 c3 2. b1 d4 3. a2 c4 4. b2(b2) 1d1!? 5. 1b2(1a2,1b2) *\n\n\
                [Game \"Pylos\"]\n[Style \"numeric\"]\n\n1. 1 11 2. 2 16 3. 5 12 4. 6(6) *\n";
    for mode in [Mode::Strict, Mode::Lenient] {
        let without = rows(text, mode, false);
        assert_eq!(without, rows(text, mode, true), "{mode:?}");
        assert_eq!(without.len(), 3);
        let canonical: Vec<Vec<&str>> = without
            .iter()
            .map(|r| strs(&r["moves_canonical"]))
            .collect();
        let ok: Vec<bool> = without.iter().map(|r| r["ok"].as_bool().unwrap()).collect();
        let first: Vec<&str> = if mode == Mode::Strict {
            // The wrong marker of ply 10 stops the replay: nine moves played.
            vec![
                "1a1", "1c3", "1b1", "1d4", "1a2", "1c4", "1b2(1b2)", "1d1", "1b2(1b2)",
            ]
        } else {
            vec![
                "1a1", "1c3", "1b1", "1d4", "1a2", "1c4", "1b2(1b2)", "1d1", "1b2(1b2)", "1d2",
                "1b2(1a1)",
            ]
        };
        assert_eq!(canonical[0], first, "{mode:?}");
        assert_eq!(
            canonical[1],
            [
                "1a1",
                "1c3",
                "1b1",
                "1d4",
                "1a2",
                "1c4",
                "1b2(1b2)",
                "1d1",
                "1b2(1a2,1b2)"
            ],
            "{mode:?}"
        );
        assert_eq!(
            canonical[2],
            ["1a1", "1c3", "1b1", "1d4", "1a2", "1d3", "1b2(1b2)"],
            "{mode:?}"
        );
        assert_eq!(ok, [mode == Mode::Lenient, true, true], "{mode:?}");
    }
}
