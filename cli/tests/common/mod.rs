//! What the command-line tests share: running the built binary and writing their input
//! files. Each test file takes it with `mod common;` and uses only part of it, hence the
//! `dead_code` allowance.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The built binary.
pub const BIN: &str = env!("CARGO_BIN_EXE_gamenote");

/// What a run gave: exit code (-1 when ended by a signal), standard output, standard error.
pub struct Run {
    pub code: i32,
    pub out: String,
    pub err: String,
}

/// Runs the binary with these arguments and this standard input.
pub fn run_with(args: &[&str], stdin: &[u8]) -> Run {
    run_at(args, stdin, None)
}

/// Runs the binary with these arguments and an empty standard input in the directory `dir`
/// (for outputs named relative to it, such as a file called `-`).
pub fn run_in(dir: &Path, args: &[&str]) -> Run {
    run_at(args, b"", Some(dir))
}

fn run_at(args: &[&str], stdin: &[u8], dir: Option<&Path>) -> Run {
    let mut command = Command::new(BIN);
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let mut child = command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    if let Some(mut s) = child.stdin.take() {
        // A command that does not read its input may have closed it already.
        let _ = s.write_all(stdin);
    }
    let o = child.wait_with_output().expect("the binary ends");
    Run {
        code: o.status.code().unwrap_or(-1),
        out: String::from_utf8_lossy(&o.stdout).into_owned(),
        err: String::from_utf8_lossy(&o.stderr).into_owned(),
    }
}

/// Runs the binary with these arguments and an empty standard input.
pub fn run(args: &[&str]) -> Run {
    run_with(args, b"")
}

/// A file with these bytes, in the folder `folders` (joined) under the tests' temporary
/// directory; gives its path.
pub fn file_in(folders: &[&str], name: &str, bytes: &[u8]) -> String {
    let mut dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    dir.extend(folders);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let p = dir.join(name);
    std::fs::write(&p, bytes).expect("temp file");
    p.to_string_lossy().into_owned()
}

/// A fresh, empty folder `group/name` under the tests' temporary directory (what an earlier
/// run left there is removed), with `file` holding `bytes` in it.
pub fn fresh_folder(group: &str, name: &str, file: &str, bytes: &[u8]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(group)
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join(file), bytes).expect("temp file");
    dir
}

/// Two Pylos records, the first legal and the second not (`1b2` played twice).
pub const TWO: &[u8] = b"[Game \"Pylos\"]\n\n1b2 1c3 *\n\n[Game \"Pylos\"]\n\n1b2 1b2 *\n";

/// Runs the binary with these arguments in the directory `dir`, standard input closed, and
/// gives what it left: exit status, standard output and standard error as bytes.
pub fn output_in(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new(BIN)
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

/// Bytes as text, invalid UTF-8 replaced.
pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The first line of the output (standard output, then standard error) naming `name`.
pub fn first_line<'a>(o: &'a Run, name: &str) -> &'a str {
    o.out
        .lines()
        .chain(o.err.lines())
        .find(|l| l.contains(name))
        .unwrap_or("")
}
