//! Reads a record file many times (for profiling the readers): `MODE=iter` reads the whole
//! string with `Record::iter`, `MODE=stream` cuts it with `RecordReader` first,
//! `MODE=summary` checks syntax only with `visit::Summarize`, `MODE=stream-summary` does so
//! through `stream::Reader`, `MODE=stream-records` builds records through it. `GAME` names
//! the game (pylos, gipf, threeman, pylon; default pylos).
use gamenote::check::GameId;
use gamenote::stream::RecordReader;
use gamenote::visit::Summarize;
use gamenote::{Record, with_game};

fn main() {
    let path = std::env::args().nth(1).unwrap_or_default();
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let reps: usize = std::env::var("REPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    let mode = std::env::var("MODE").unwrap_or_default();
    let game = std::env::var("GAME").unwrap_or_else(|_| "pylos".into());
    let id: GameId = game.parse().unwrap_or(GameId::Pylos);
    let mut plies = 0;
    with_game!(id, G => {
        for _ in 0..reps {
            if mode == "stream-summary" {
                let mut reader = gamenote::stream::Reader::new(text.as_bytes());
                let mut check = Summarize::default();
                while let Some(r) = reader.read_record::<G, _>(&mut check) {
                    plies += r.map_or(0, |s| s.plies);
                }
            } else if mode == "stream-records" {
                for r in gamenote::stream::Reader::new(text.as_bytes()).records::<G>().flatten() {
                    plies += r.plies.len();
                }
            } else if mode == "summary" {
                for r in gamenote::visit::visit::<G, _>(&text, Summarize::default()).flatten() {
                    plies += r.plies;
                }
            } else if mode == "stream" {
                for raw in RecordReader::new(text.as_bytes()).flatten() {
                    for r in Record::<G>::iter(&raw.text).flatten() {
                        plies += r.plies.len();
                    }
                }
            } else {
                for r in Record::<G>::iter(&text).flatten() {
                    plies += r.plies.len();
                }
            }
        }
    });
    println!("{plies}");
}
