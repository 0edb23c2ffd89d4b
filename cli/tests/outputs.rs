//! Where the commands write: an output that is one of the inputs (by name or through a
//! link) is refused and the input kept; `-o -`, `-o /dev/stdout` and `-o /dev/null` are
//! standard output and the null device, with or without `--plies`; a plies table's name
//! linked to the output is refused; an output owned by another user, or hard-linked, is
//! replaced as a file would be.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use crate::common::{self, BIN, TWO, fresh_folder, output_in, run, run_in, text};

/// A fresh folder `name` under the tests' temporary directory, with `in.pylos` in it.
fn folder(name: &str) -> PathBuf {
    fresh_folder("outputs", name, "in.pylos", TWO)
}

/// A file with these bytes in this file's own folder of the tests' temporary directory.
fn file(name: &str, bytes: &[u8]) -> String {
    common::file_in(&["outputs"], name, bytes)
}

const SAME: &str = "export --plies -o out.jsonl: the plies table's name out.plies.jsonl \
                    names the same file as the output's; give -o another name, or leave out \
                    --plies\n";

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

/// `-o` naming an input truncated it before it was read: the archive was lost and the
/// export said `0 records`. Now a usage error, before anything is created or truncated;
/// the plies table's name is held to the same, and `convert -o` too.
#[test]
fn an_output_that_is_an_input_is_refused_and_the_input_kept() {
    let input = file("self.pylos", TWO);
    let r = run(&["export", &input, "--to", "jsonl", "-o", &input]);
    assert_eq!(r.code, 2);
    assert_eq!(r.out, "");
    assert_eq!(
        r.err.trim_end(),
        format!("{input}: the output is the input {input}; write it elsewhere")
    );
    assert_eq!(std::fs::read(&input).expect("kept"), TWO);

    // The plies table beside `x.jsonl` is `x.plies.jsonl`: an input of that name is kept.
    let plies_input = file("x.plies.jsonl", TWO);
    let out = plies_input.replace("x.plies.jsonl", "x.jsonl");
    let r = run(&[
        "export",
        &plies_input,
        "--game",
        "pylos",
        "--to",
        "jsonl",
        "--plies",
        "-o",
        &out,
    ]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.err.trim_end(),
        format!("{plies_input}: the output is the input {plies_input}; write it elsewhere")
    );
    assert_eq!(std::fs::read(&plies_input).expect("kept"), TWO);

    let r = run(&["convert", &input, "--style", "numeric", "-o", &input]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.err.trim_end(),
        format!("{input}: the output is the input; write it elsewhere")
    );
    assert_eq!(std::fs::read(&input).expect("kept"), TWO);

    // Another output is still written.
    let other = file("self.jsonl", b"");
    let r = run(&["export", &input, "--to", "jsonl", "-o", &other]);
    assert_eq!((r.code, r.err.as_str()), (0, ""));
    assert_eq!(r.out, format!("2 records, 1 ok, 1 failed: {other}\n"));
}

/// `-o -` wrote a file literally named `-`. Now it is standard output, as `-` is standard
/// input: JSON lines stream to it with the summary on standard error; `--plies` needs a
/// file name for its second table, so `--plies -o -` is a usage error; `convert -o -`
/// writes to standard output too. No file named `-` is made.
#[test]
fn output_dash_is_standard_output() {
    let input = file("dash.pylos", TWO);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("outputs_dash");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let _ = std::fs::remove_file(dir.join("-"));
    let in_dir = |args: &[&str]| run_in(&dir, args);

    let r = in_dir(&["export", &input, "--to", "jsonl", "-o", "-"]);
    assert_eq!(r.code, 0);
    assert_eq!(r.err, "2 records, 1 ok, 1 failed: standard output\n");
    let to_file = file("dash.jsonl", b"");
    assert_eq!(
        run(&["export", &input, "--to", "jsonl", "-o", &to_file]).code,
        0
    );
    let written = std::fs::read_to_string(&to_file).expect("written");
    assert_eq!(r.out, written);
    assert_eq!(r.out.lines().count(), 2);
    assert!(
        r.out
            .starts_with(&format!("{{\"file\":\"{input}\",\"record\":1,"))
    );

    let r = in_dir(&["export", &input, "--to", "jsonl", "--plies", "-o", "-"]);
    assert_eq!((r.code, r.out.as_str()), (2, ""));
    assert_eq!(
        r.err.trim_end(),
        "export --plies -o -: the plies table is written to a file named after the output's; \
         give -o a file name, or leave out --plies"
    );

    let one = file("dash-one.pylos", b"[Game \"Pylos\"]\n\n1b2 1c3 *\n");
    let r = in_dir(&["convert", &one, "--style", "numeric", "-o", "-"]);
    assert_eq!((r.code, r.err.as_str()), (0, ""));
    assert_eq!(
        r.out,
        "[Game \"Pylos\"]\n[Rules \"standard\"]\n[Result \"*\"]\n[Style \"numeric\"]\n\n1. 6 11 *\n"
    );

    // Without the feature, Parquet is refused before standard output is touched; with it,
    // the file's bytes go there (export/tests/test_export.py reads them back).
    let r = in_dir(&["export", &input, "--to", "parquet", "-o", "-"]);
    if cfg!(feature = "parquet") {
        assert_eq!(r.code, 0);
        assert!(r.out.starts_with("PAR1") && r.out.ends_with("PAR1"));
        assert_eq!(r.err, "2 records, 1 ok, 1 failed: standard output\n");
    } else {
        assert_eq!((r.code, r.out.as_str()), (2, ""));
        assert!(r.err.contains("built without Parquet"), "{}", r.err);
    }
    assert!(!dir.join("-").exists());
}

/// `html -o` naming its own input replaced the archive with the page (exit 0): `convert`
/// and `export` refuse it. `html` now refuses it too, with exit 2, and the input is kept.
#[test]
fn html_refuses_to_write_over_its_input() {
    let archive: &[u8] = b"[Game \"Pylos\"]\n\n1b2 1c3 *\n\n[Game \"Pylos\"]\n\n1b2 *\n";
    let dir = fresh_folder("outputs", "html_over_input", "in.pylos", archive);
    let out = output_in(&dir, &["html", "in.pylos", "-o", "in.pylos"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "in.pylos: the output is the input; write it elsewhere\n"
    );
    assert_eq!(std::fs::read(dir.join("in.pylos")).unwrap(), archive);
    // Through a link too.
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("in.pylos", dir.join("page.html")).unwrap();
        let out = output_in(&dir, &["html", "in.pylos", "-o", "page.html"]);
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(std::fs::read(dir.join("in.pylos")).unwrap(), archive);
    }
}
