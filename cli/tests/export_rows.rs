//! What `export` says of an archive: its summary counts junk as `check` does, and a failed
//! record's row names the game its first `[Game]` tag names.

use std::process::{Command, Stdio};

use crate::common::{BIN, TWO, fresh_folder, output_in, text};

/// A fresh folder `name` under the tests' temporary directory, with `in.pylos` in it.
fn folder(name: &str) -> std::path::PathBuf {
    fresh_folder("export_rows", name, "in.pylos", TWO)
}

/// Two records with junk after the first (a stray line) and after the second (a NUL byte).
const JUNK: &[u8] =
    b"[Game \"Pylos\"]\n\n1b2 1c3 *\nstray line\n\n[Game \"Pylos\"]\n\n1b2 1b2 *\n\0\n";

/// `export` passed over junk between records without a word: its summary said
/// `2 records, 1 ok, 1 failed` while `check` said `, 2 junk` (and exits 1), so an archive
/// with stray text exported as clean. The summary now counts the junk as `check` does.
#[test]
fn export_counts_junk_in_its_summary() {
    let dir = fresh_folder("export_rows", "export_junk", "in.pylos", JUNK);
    let out = output_in(&dir, &["check", "in.pylos"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).ends_with("2 records, 1 ok, 1 failed, 2 junk\n"),
        "{}",
        text(&out.stdout)
    );
    let out = output_in(
        &dir,
        &["export", "in.pylos", "--to", "jsonl", "-o", "out.jsonl"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "2 records, 1 ok, 1 failed, 2 junk: out.jsonl\n"
    );
    // The rows are the records' only: junk takes no row and no number.
    let rows = std::fs::read_to_string(dir.join("out.jsonl")).unwrap();
    assert_eq!(rows.lines().count(), 2);
    assert!(rows.lines().nth(1).unwrap().contains("\"record\":2,"));
    // A clean archive's summary is unchanged.
    let dir = fresh_folder("export_rows", "export_no_junk", "in.pylos", b"1b2 1c3 *\n");
    let out = output_in(
        &dir,
        &["export", "in.pylos", "--to", "jsonl", "-o", "out.jsonl"],
    );
    assert_eq!(text(&out.stdout), "1 records, 1 ok, 0 failed: out.jsonl\n");
}

/// A record whose tags disagree fails, as `check` fails it; its row's `game` was the file's
/// default game (`pylos` for a GIPF record in a .pylos file), so rows grouped by game
/// counted it under the wrong one. It is now the game its first `[Game]` tag names.
#[test]
fn a_failed_row_whose_tags_disagree_has_its_first_game_tags_game() {
    let dir = folder("failed_row_game");
    std::fs::write(
        dir.join("mix.pylos"),
        "[Game \"Pylos\"]\n\n1b2 *\n\n[Game \"GIPF\"]\n[Rules \"basic\"]\n[Rules \"standard\"]\n\n*\n\n[Game \"GIPF\"]\n[Game \"Pylon\"]\n\n*\n",
    )
    .unwrap();
    let o = Command::new(BIN)
        .current_dir(&dir)
        .args(["export", "mix.pylos", "--to", "jsonl", "-o", "-"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    let games: Vec<String> = String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            format!("{} {}", v["game"], v["ok"])
        })
        .collect();
    assert_eq!(
        games,
        ["\"pylos\" true", "\"gipf\" false", "\"gipf\" false"]
    );
}
