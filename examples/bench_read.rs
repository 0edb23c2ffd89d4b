//! Reads a record file many times with the whole-string reader (for profiling).
use gamenote::pylos::Pylos;
use gamenote::Record;

fn main() {
    let path = std::env::args().nth(1).unwrap_or_default();
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut plies = 0;
    let reps: usize = std::env::var("REPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    for _ in 0..reps {
        for r in Record::<Pylos>::iter(&text).flatten() {
            plies += r.plies.len();
        }
    }
    println!("{plies}");
}
