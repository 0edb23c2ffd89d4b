//! `export`'s outputs when writing fails: the message names the
//! table that could not be written, an unfinished table never takes an output's place
//! whatever its format (what was there is left as it was), and an output that is not a
//! regular file (a link, a device) is never removed.

use crate::common::{BIN, TWO, fresh_folder};
use std::path::PathBuf;
use std::process::Command;

/// A fresh folder `name` under the tests' temporary directory, with `in.pylos` in it.
fn folder(name: &str) -> PathBuf {
    fresh_folder("export_failures", name, "in.pylos", TWO)
}

/// Runs `gamenote` in `dir` with `TMPDIR` set to `tmp` when given: (status, stdout, stderr).
fn run(dir: &PathBuf, args: &[&str], tmp: Option<&str>) -> (i32, String, String) {
    let mut c = Command::new(BIN);
    c.current_dir(dir).args(args);
    if let Some(t) = tmp {
        c.env("TMPDIR", t);
    }
    let o = c.output().unwrap();
    (
        o.status.code().unwrap(),
        String::from_utf8(o.stdout).unwrap(),
        String::from_utf8(o.stderr).unwrap(),
    )
}

fn names(dir: &PathBuf) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// The plies table could not be made (a folder has its name): the records table, just
/// made, was left empty beside it. Now removed.
#[test]
fn a_plies_table_that_cannot_be_made_leaves_no_records_table() {
    let dir = folder("plies_dir");
    std::fs::create_dir(dir.join("x.plies.jsonl")).unwrap();
    let (code, out, err) = run(
        &dir,
        &[
            "export", "in.pylos", "--to", "jsonl", "--plies", "-o", "x.jsonl",
        ],
        None,
    );
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.starts_with("x.plies.jsonl: cannot write: "), "{err}");
    assert_eq!(names(&dir), ["in.pylos", "x.plies.jsonl"]);
}

/// The plies table fails as it is written (a link to `/dev/full`): the message named the
/// records table (`cannot write x.jsonl`) and the records table was left behind, cut short.
/// Now the plies table is named, the records table removed, and the link kept.
#[cfg(target_os = "linux")]
#[test]
fn a_plies_table_that_fails_is_named_and_the_records_table_removed() {
    let dir = folder("plies_full");
    std::os::unix::fs::symlink("/dev/full", dir.join("x.plies.jsonl")).unwrap();
    let (code, out, err) = run(
        &dir,
        &[
            "export", "in.pylos", "--to", "jsonl", "--plies", "-o", "x.jsonl",
        ],
        None,
    );
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (
            2,
            "",
            "gamenote: cannot write x.plies.jsonl: No space left on device (os error 28)\n"
        )
    );
    assert_eq!(names(&dir), ["in.pylos", "x.plies.jsonl"]);
    assert!(
        std::fs::symlink_metadata(dir.join("x.plies.jsonl"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

/// A records table that fails (`-o` a link to `/dev/full`): the link is not removed (with
/// `-o /dev/full` itself, removing the output would remove the device).
#[cfg(target_os = "linux")]
#[test]
fn an_output_that_is_a_link_is_not_removed_when_the_export_fails() {
    let dir = folder("link_full");
    std::os::unix::fs::symlink("/dev/full", dir.join("x.jsonl")).unwrap();
    let (code, _, err) = run(
        &dir,
        &["export", "in.pylos", "--to", "jsonl", "-o", "x.jsonl"],
        None,
    );
    assert_eq!(
        (code, err.as_str()),
        (
            2,
            "gamenote: cannot write x.jsonl: No space left on device (os error 28)\n"
        )
    );
    assert_eq!(names(&dir), ["in.pylos", "x.jsonl"]);
}

/// A temporary directory that cannot be used stops a Parquet export, whose output is
/// removed; an output that is a link (here to `/dev/null`) was removed too. Now kept.
#[cfg(all(feature = "parquet", target_os = "linux"))]
#[test]
fn a_parquet_output_that_is_a_link_is_kept_when_the_temporary_directory_fails() {
    let dir = folder("link_tmp");
    std::os::unix::fs::symlink("/dev/null", dir.join("o.parquet")).unwrap();
    let (code, out, err) = run(
        &dir,
        &["export", "in.pylos", "--to", "parquet", "-o", "o.parquet"],
        Some("/no/such/gamenote/dir"),
    );
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (
            2,
            "",
            "gamenote: o.parquet: cannot use a temporary file in /no/such/gamenote/dir: \
             No such file or directory (os error 2)\n"
        )
    );
    assert_eq!(names(&dir), ["in.pylos", "o.parquet"]);
    assert!(
        std::fs::symlink_metadata(dir.join("o.parquet"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    // The plies table fails as it is written: it is named, and both tables are removed.
    std::fs::remove_file(dir.join("o.parquet")).unwrap();
    std::os::unix::fs::symlink("/dev/full", dir.join("o.plies.parquet")).unwrap();
    let (code, _, err) = run(
        &dir,
        &[
            "export",
            "in.pylos",
            "--to",
            "parquet",
            "--plies",
            "-o",
            "o.parquet",
        ],
        None,
    );
    assert_eq!(
        (code, err.as_str()),
        (
            2,
            "gamenote: cannot write o.plies.parquet: No space left on device (os error 28)\n"
        )
    );
    assert_eq!(names(&dir), ["in.pylos", "o.plies.parquet"]);
}

/// `-o` a link to a regular file, and the export fails (its plies table is a link to
/// `/dev/full`): the file the link names was left cut short, a table of fewer rows than the
/// input has. Now the tables are written beside their outputs and renamed over them only
/// when whole: the file is as it was, the link still a link, no temporary file left.
#[cfg(target_os = "linux")]
#[test]
fn a_failed_export_leaves_the_file_a_link_names_as_it_was() {
    let dir = folder("link_file");
    std::fs::write(dir.join("real.jsonl"), "old\n").unwrap();
    std::os::unix::fs::symlink("real.jsonl", dir.join("x.jsonl")).unwrap();
    std::os::unix::fs::symlink("/dev/full", dir.join("x.plies.jsonl")).unwrap();
    let (code, _, err) = run(
        &dir,
        &[
            "export", "in.pylos", "--to", "jsonl", "--plies", "-o", "x.jsonl",
        ],
        None,
    );
    assert_eq!(
        (code, err.as_str()),
        (
            2,
            "gamenote: cannot write x.plies.jsonl: No space left on device (os error 28)\n"
        )
    );
    assert_eq!(
        names(&dir),
        ["in.pylos", "real.jsonl", "x.jsonl", "x.plies.jsonl"]
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("real.jsonl")).unwrap(),
        "old\n"
    );
    // A regular file given as -o is kept as it was too.
    std::fs::remove_file(dir.join("x.jsonl")).unwrap();
    std::fs::write(dir.join("x.jsonl"), "older\n").unwrap();
    let (code, _, _) = run(
        &dir,
        &[
            "export", "in.pylos", "--to", "jsonl", "--plies", "-o", "x.jsonl",
        ],
        None,
    );
    assert_eq!(code, 2);
    assert_eq!(
        std::fs::read_to_string(dir.join("x.jsonl")).unwrap(),
        "older\n"
    );
    assert_eq!(
        names(&dir),
        ["in.pylos", "real.jsonl", "x.jsonl", "x.plies.jsonl"]
    );
}

/// A whole export through a link replaces the file the link names, which keeps its mode;
/// the link stays a link.
#[cfg(target_os = "linux")]
#[test]
fn a_whole_export_through_a_link_replaces_the_file_and_keeps_its_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = folder("link_whole");
    std::fs::write(dir.join("real.jsonl"), "old\n").unwrap();
    std::fs::set_permissions(
        dir.join("real.jsonl"),
        std::fs::Permissions::from_mode(0o640),
    )
    .unwrap();
    std::os::unix::fs::symlink("real.jsonl", dir.join("x.jsonl")).unwrap();
    let (code, out, _) = run(
        &dir,
        &["export", "in.pylos", "--to", "jsonl", "-o", "x.jsonl"],
        None,
    );
    assert_eq!(
        (code, out.as_str()),
        (0, "2 records, 1 ok, 1 failed: x.jsonl\n")
    );
    assert_eq!(names(&dir), ["in.pylos", "real.jsonl", "x.jsonl"]);
    let table = std::fs::read_to_string(dir.join("real.jsonl")).unwrap();
    assert_eq!(table.lines().count(), 2);
    assert!(
        table.starts_with("{\"file\":\"in.pylos\",\"record\":1,"),
        "{table}"
    );
    let meta = std::fs::metadata(dir.join("real.jsonl")).unwrap();
    assert_eq!(meta.permissions().mode() & 0o777, 0o640);
    assert!(
        std::fs::symlink_metadata(dir.join("x.jsonl"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
}
