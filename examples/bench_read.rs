//! Reads a record file many times (for profiling the readers): `MODE=iter` reads the whole
//! string with `Record::iter`, `MODE=stream` cuts it with `RecordReader` first.
use gamenote::pylos::Pylos;
use gamenote::stream::RecordReader;
use gamenote::Record;

fn main() {
    let path = std::env::args().nth(1).unwrap_or_default();
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let reps: usize = std::env::var("REPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    let stream = std::env::var("MODE").is_ok_and(|m| m == "stream");
    let mut plies = 0;
    for _ in 0..reps {
        if stream {
            for raw in RecordReader::new(text.as_bytes()).flatten() {
                for r in Record::<Pylos>::iter(&raw.text).flatten() {
                    plies += r.plies.len();
                }
            }
        } else {
            for r in Record::<Pylos>::iter(&text).flatten() {
                plies += r.plies.len();
            }
        }
    }
    println!("{plies}");
}
