//! The library's layers import only downward (docs/architecture.md): the ground names no
//! game and no record reader, a game folder imports only the ground, and the reading layer
//! knows no list of games. Read from the source files, imports and doc links alike.

use std::fs;
use std::path::{Path, PathBuf};

/// The `crate::` paths each file names: `crate::record::Record` gives `record`.
fn modules_named(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        out.push(name);
    }
    out
}

/// The Rust files under `dir`, in its subfolders too.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

fn src(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(path)
}

/// Every file of `files` names only `allowed` modules after `crate::`.
fn names_only(files: &[PathBuf], allowed: &[&str]) {
    for file in files {
        let text = fs::read_to_string(file).unwrap();
        for name in modules_named(&text) {
            assert!(
                allowed.contains(&name.as_str()),
                "{} names crate::{name}, a layer above it",
                file.display()
            );
        }
    }
}

const GROUND: [&str; 6] = ["game", "error", "text", "ascii", "svg", "rng"];

/// What the ground and the game folders may name: the ground's modules, and the ground's
/// items re-exported at the root (`ValueError`, `ParseError`, the traits).
fn ground_names() -> Vec<&'static str> {
    let mut names = GROUND.to_vec();
    names.extend([
        "ValueError",
        "ParseError",
        "Play",
        "Notate",
        "RecordFormat",
        "Hooks",
    ]);
    names
}

#[test]
fn the_ground_names_no_game_and_no_record_reader() {
    let files: Vec<PathBuf> = GROUND.iter().map(|m| src(&format!("{m}.rs"))).collect();
    names_only(&files, &ground_names());
}

#[test]
fn each_game_folder_imports_only_the_ground_and_itself() {
    for game in ["pylos", "gipf", "threeman", "pylon"] {
        let mut allowed = ground_names();
        allowed.push(game);
        names_only(&rust_files(&src(game)), &allowed);
    }
}

#[test]
fn the_reading_layer_knows_no_list_of_games() {
    let files: Vec<PathBuf> = ["grammar", "stream", "record", "replay", "convert"]
        .iter()
        .map(|m| src(&format!("{m}.rs")))
        .collect();
    for file in &files {
        let text = fs::read_to_string(file).unwrap();
        for name in modules_named(&text) {
            assert!(
                ![
                    "any",
                    "GameId",
                    "with_game",
                    "pylos",
                    "gipf",
                    "threeman",
                    "pylon",
                    "visit",
                    "check",
                    "fuzzing",
                    "generate",
                    "html",
                    "sheet",
                ]
                .contains(&name.as_str()),
                "{} names crate::{name}",
                file.display()
            );
        }
    }
}
