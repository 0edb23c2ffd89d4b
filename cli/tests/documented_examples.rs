//! What the README and docs/cli.md show is what the command does: the error examples are
//! what `check` prints, the command list names every command, and `export` without an
//! output is the usage error cli.md says.

use std::path::PathBuf;

use crate::common::{run, run_in};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

fn read(doc: &str) -> String {
    std::fs::read_to_string(root().join(doc)).expect("the doc")
}

/// The lines of the fenced block that starts with `first` (the block's first line).
fn block_after(doc: &str, first: &str) -> Vec<String> {
    let text = read(doc);
    let start = text
        .find(first)
        .unwrap_or_else(|| panic!("{doc} shows {first:?}"));
    text[start + first.len()..]
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with("```") && !l.trim_start().starts_with("```"))
        .map(str::to_string)
        .collect()
}

#[test]
fn the_readmes_error_example_is_what_check_prints() {
    // The README showed an echoed line that check never prints ("1b2 1c3 ... 1a3 2b13b2
    // 1c12a2 1c1 ...", the caret elsewhere) and no summary line.
    let shown = block_after(
        "README.md",
        "$ gamenote check --rules alignment examples/records/pylos-seed.pylos",
    );
    let r = run_in(
        &root(),
        &[
            "check",
            "--rules",
            "alignment",
            "examples/records/pylos-seed.pylos",
        ],
    );
    assert_eq!(r.code, 1);
    assert_eq!(r.out.lines().collect::<Vec<_>>(), shown);
    assert_eq!(shown.len(), 4);
    assert_eq!(shown[3], "1 records, 0 ok, 1 failed");
}

#[test]
fn cli_mds_error_example_is_what_check_prints() {
    let shown: Vec<String> = block_after("docs/cli.md", "  game.pylos:1:137: ply 29 (1c12a2)")
        .iter()
        .map(|l| l.strip_prefix("  ").unwrap_or(l).to_string())
        .collect();
    let dir = std::env::temp_dir().join(format!(
        "gamenote-documented-examples-{}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(
        root().join("examples/records/pylos-seed.pylos"),
        dir.join("game.pylos"),
    )
    .unwrap();
    let r = run_in(&dir, &["check", "--rules", "alignment", "game.pylos"]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(r.code, 1);
    let lines: Vec<&str> = r.out.lines().collect();
    assert!(lines[0].starts_with("game.pylos:1:137: ply 29 (1c12a2)"));
    // The block shows the two lines under the message.
    assert_eq!(lines[1..3], shown[..]);
}

#[test]
fn the_readmes_command_list_names_every_command() {
    // `export` was missing from the README's list of commands (docs/cli.md has it).
    let help = run(&["--help"]);
    assert_eq!(help.code, 0);
    let commands: Vec<&str> = help
        .out
        .lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert_eq!(
        commands,
        [
            "check",
            "convert",
            "show",
            "html",
            "generate",
            "moves",
            "export",
            "perft",
            "completions",
            "man"
        ]
    );
    for doc in ["README.md", "docs/cli.md"] {
        let text = read(doc);
        for c in &commands {
            assert!(
                text.lines()
                    .any(|l| l.starts_with(&format!("gamenote {c} "))
                        || l == format!("gamenote {c}")),
                "{doc} lists no `gamenote {c}`"
            );
        }
    }
}

#[test]
fn export_without_an_output_is_a_usage_error_as_cli_md_says() {
    let r = run_in(
        &root(),
        &[
            "export",
            "examples/records/pylos-seed.pylos",
            "--to",
            "jsonl",
        ],
    );
    assert_eq!(r.code, 2);
    assert!(r.err.contains("--output <OUTPUT>"), "{}", r.err);
    assert!(
        read("docs/cli.md").contains("`export` needs `-o` (without it, a usage error, exit 2)")
    );
}
