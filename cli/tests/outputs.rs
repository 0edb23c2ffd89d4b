//! `export`'s outputs attacked once more (session 13's staged outputs): each case found a
//! fault that is fixed, and is held here with its exact output and exit code.

use std::path::PathBuf;
use std::process::{Command, Stdio};

mod common;
use common::BIN;

const TWO: &[u8] = b"[Game \"Pylos\"]\n\n1b2 1c3 *\n\n[Game \"Pylos\"]\n\n1b2 1b2 *\n";

/// A fresh folder `name` under the tests' temporary directory, with `in.pylos` in it.
fn folder(name: &str) -> PathBuf {
    common::fresh_folder("attack13", name, "in.pylos", TWO)
}

/// `-o /dev/stdout` with standard output appending to a file: the table was renamed over
/// the file (what it held was lost) and the summary went to the file's old, unlinked
/// inode. Now the table is appended through standard output and the summary is on
/// standard error, as with `-o -`.
#[cfg(target_os = "linux")]
#[test]
fn dev_stdout_appending_to_a_file_keeps_the_file_and_the_summary_is_on_stderr() {
    let dir = folder("dev_stdout");
    let log = dir.join("log.txt");
    std::fs::write(&log, "previous line\n").unwrap();
    let out = std::fs::OpenOptions::new().append(true).open(&log).unwrap();
    let o = Command::new(BIN)
        .current_dir(&dir)
        .args(["export", "in.pylos", "--to", "jsonl", "-o", "/dev/stdout"])
        .stdin(Stdio::null())
        .stdout(out)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "2 records, 1 ok, 1 failed: /dev/stdout\n"
    );
    let text = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(lines[0], "previous line");
    assert!(lines[1].starts_with("{\"file\":\"in.pylos\",\"record\":1,"));
    assert!(lines[2].starts_with("{\"file\":\"in.pylos\",\"record\":2,"));
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".part"))
        .collect();
    assert!(names.is_empty(), "{names:?}");
}

/// `-o /dev/stdout` into a pipe: the summary line was written into the table.
#[cfg(target_os = "linux")]
#[test]
fn dev_stdout_into_a_pipe_has_no_summary_in_the_table() {
    let dir = folder("dev_stdout_pipe");
    let o = Command::new(BIN)
        .current_dir(&dir)
        .args(["export", "in.pylos", "--to", "jsonl", "-o", "/dev/stdout"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(text.lines().count(), 2, "{text}");
    assert!(
        text.lines()
            .all(|l| l.starts_with("{\"file\":\"in.pylos\""))
    );
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "2 records, 1 ok, 1 failed: /dev/stdout\n"
    );
}

/// `-o /dev/stdout --plies`: the plies table's name was made from the device's
/// (`/dev/stdout.plies.jsonl`, a file created in `/dev` when run as root). Now refused as
/// `-o - --plies` is, before anything is written.
#[cfg(target_os = "linux")]
#[test]
fn dev_stdout_with_plies_is_refused_as_output_dash_is() {
    let dir = folder("dev_stdout_plies");
    let o = Command::new(BIN)
        .current_dir(&dir)
        .args([
            "export",
            "in.pylos",
            "--to",
            "jsonl",
            "--plies",
            "-o",
            "/dev/stdout",
        ])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&o.stdout), "");
    assert!(
        String::from_utf8_lossy(&o.stderr).contains(
            "export --plies -o /dev/stdout: that is standard output, and the plies table is \
             written to a file named after the output's; give -o a file name, or leave out --plies"
        ),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(!std::path::Path::new("/dev/stdout.plies.jsonl").exists());
}

/// Root exporting over a user's file: the renamed temporary file was root's, so the user
/// could no longer read their own table (mode 0640). The output now keeps its owner and
/// group. (Run as root only: no one else can give a file to another user.)
#[cfg(target_os = "linux")]
#[test]
fn an_output_owned_by_another_user_keeps_its_owner() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = folder("owner");
    let out = dir.join("x.jsonl");
    std::fs::write(&out, "old\n").unwrap();
    if std::fs::metadata(&out).unwrap().uid() != 0 {
        return;
    }
    std::os::unix::fs::chown(&out, Some(65534), Some(65534)).unwrap();
    std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o640)).unwrap();
    let o = Command::new(BIN)
        .current_dir(&dir)
        .args(["export", "in.pylos", "--to", "jsonl", "-o", "x.jsonl"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "2 records, 1 ok, 1 failed: x.jsonl\n"
    );
    let meta = std::fs::metadata(&out).unwrap();
    assert_eq!((meta.uid(), meta.gid()), (65534, 65534));
    assert_eq!(meta.permissions().mode() & 0o777, 0o640);
    assert_eq!(std::fs::read_to_string(&out).unwrap().lines().count(), 2);
}

/// `-o /dev/null --plies`: the plies table's name is made from the output's, so run as root
/// it made `/dev/null.plies` in /dev. An output that exists and is not a regular file
/// (a device, a pipe) is now refused with `--plies`, as standard output is.
#[cfg(unix)]
#[test]
fn dev_null_with_plies_is_refused() {
    let dir = folder("dev_null_plies");
    let o = Command::new(BIN)
        .current_dir(&dir)
        .args([
            "export",
            "in.pylos",
            "--to",
            "jsonl",
            "--plies",
            "-o",
            "/dev/null",
        ])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&o.stdout), "");
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "export --plies -o /dev/null: that is not a regular file, and the plies table is \
         written to a file named after the output's (/dev/null.plies); give -o a file name, \
         or leave out --plies\n"
    );
    // Without --plies a device is still an output.
    let o = Command::new(BIN)
        .current_dir(&dir)
        .args(["export", "in.pylos", "--to", "jsonl", "-o", "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
}

/// An output with a second hard link is replaced by a new file, as `sed -i` and `rsync`
/// replace theirs: the name given to `-o` holds the new table, the other name keeps the old
/// one whole (never a table cut short). docs/export.md says so.
#[cfg(unix)]
#[test]
fn a_hard_linked_output_is_replaced_and_its_other_name_keeps_the_old_table() {
    let dir = folder("hard_link");
    std::fs::write(dir.join("out.jsonl"), "old\n").unwrap();
    std::fs::hard_link(dir.join("out.jsonl"), dir.join("other.jsonl")).unwrap();
    let o = Command::new(BIN)
        .current_dir(&dir)
        .args(["export", "in.pylos", "--to", "jsonl", "-o", "out.jsonl"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    let new = std::fs::read_to_string(dir.join("out.jsonl")).unwrap();
    assert_eq!(new.lines().count(), 2);
    assert_eq!(
        std::fs::read_to_string(dir.join("other.jsonl")).unwrap(),
        "old\n"
    );
}

/// A link to /dev/null is taken with `--plies`: the plies table goes beside the link, where
/// its user put it (a way to time an export without keeping its tables).
#[cfg(unix)]
#[test]
fn a_link_to_dev_null_with_plies_is_taken() {
    let dir = folder("link_dev_null_plies");
    std::os::unix::fs::symlink("/dev/null", dir.join("out.jsonl")).unwrap();
    std::os::unix::fs::symlink("/dev/null", dir.join("out.plies.jsonl")).unwrap();
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
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        std::fs::symlink_metadata(dir.join("out.plies.jsonl"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
}
