//! This session's merged work attacked as a stranger would (session 14): each case found a
//! fault that is fixed, and is held here with its exact output and exit code.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

mod common;
use common::BIN;

const TWO: &[u8] = b"[Game \"Pylos\"]\n\n1b2 1c3 *\n\n[Game \"Pylos\"]\n\n1b2 1b2 *\n";

/// A fresh folder `name` under the tests' temporary directory, with `in.pylos` in it.
fn folder(name: &str) -> PathBuf {
    common::fresh_folder("attack14", name, "in.pylos", TWO)
}

fn export_plies(dir: &PathBuf) -> Output {
    Command::new(BIN)
        .current_dir(dir)
        .args([
            "export",
            "in.pylos",
            "--to",
            "jsonl",
            "--plies",
            "-o",
            "out.jsonl",
        ])
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

const SAME: &str = "export --plies -o out.jsonl: the plies table's name out.plies.jsonl \
                    names the same file as the output's; give -o another name, or leave out \
                    --plies\n";

/// The plies table's name a link to the records table (an existing file): both tables were
/// renamed over the one file, the plies table last, and the records table was lost while
/// the summary named both. Refused now, before anything is written.
#[cfg(unix)]
#[test]
fn a_plies_name_linked_to_the_output_is_refused() {
    let dir = folder("plies_link_to_output");
    std::fs::write(dir.join("out.jsonl"), "old\n").unwrap();
    std::os::unix::fs::symlink("out.jsonl", dir.join("out.plies.jsonl")).unwrap();
    let o = export_plies(&dir);
    assert_eq!(String::from_utf8_lossy(&o.stderr), SAME);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(o.stdout, b"");
    assert_eq!(
        std::fs::read_to_string(dir.join("out.jsonl")).unwrap(),
        "old\n"
    );
}

/// The same with the output not yet there (the link dangling): the plies table was written
/// through the link, then the records table renamed over it.
#[cfg(unix)]
#[test]
fn a_plies_name_linked_to_a_new_output_is_refused() {
    let dir = folder("plies_link_to_new_output");
    std::os::unix::fs::symlink("out.jsonl", dir.join("out.plies.jsonl")).unwrap();
    let o = export_plies(&dir);
    assert_eq!(String::from_utf8_lossy(&o.stderr), SAME);
    assert_eq!(o.status.code(), Some(2));
    assert!(!dir.join("out.jsonl").exists());
}

/// Two hard links, one the output's name and one the plies table's: each name is replaced
/// by its own new table (as any hard-linked output is), nothing lost.
#[cfg(unix)]
#[test]
fn hard_linked_output_and_plies_names_each_get_their_table() {
    let dir = folder("plies_hard_link");
    std::fs::write(dir.join("out.jsonl"), "old\n").unwrap();
    std::fs::hard_link(dir.join("out.jsonl"), dir.join("out.plies.jsonl")).unwrap();
    let o = export_plies(&dir);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "2 records, 1 ok, 1 failed: out.jsonl; 3 plies: out.plies.jsonl\n"
    );
    let records = std::fs::read_to_string(dir.join("out.jsonl")).unwrap();
    assert_eq!(records.lines().count(), 2);
    let plies = std::fs::read_to_string(dir.join("out.plies.jsonl")).unwrap();
    assert_eq!(plies.lines().count(), 3);
    assert!(plies.starts_with("{\"file\":\"in.pylos\",\"record\":1,\"ply\":1,"));
}

/// The plies table's name a link to standard output (a file the shell opened): the link
/// resolved to that file, the plies table was renamed over it and the summary went to the
/// old, unlinked file. Refused as `-o /dev/stdout --plies` is.
#[cfg(target_os = "linux")]
#[test]
fn a_plies_name_linked_to_standard_output_is_refused() {
    let dir = folder("plies_link_to_stdout");
    std::os::unix::fs::symlink("/dev/stdout", dir.join("out.plies.jsonl")).unwrap();
    let log = dir.join("log.txt");
    std::fs::write(&log, "previous line\n").unwrap();
    let append = std::fs::OpenOptions::new().append(true).open(&log).unwrap();
    let o = Command::new(BIN)
        .current_dir(&dir)
        .args([
            "export",
            "in.pylos",
            "--to",
            "jsonl",
            "--plies",
            "-o",
            "out.jsonl",
        ])
        .stdin(Stdio::null())
        .stdout(append)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "export --plies -o out.jsonl: the plies table's name out.plies.jsonl is \
         standard output; give -o another name, or leave out --plies\n"
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&log).unwrap(), "previous line\n");
    assert!(!dir.join("out.jsonl").exists());
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
