//! Prints the position at the end of a GIPF record: `cargo run --example gipf_show FILE`.
use gamenote::{Mode, Record, gipf::Gipf, record};

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "examples/records/gf1-tournament-0.gipf".into());
    let text = std::fs::read_to_string(&path).expect("readable file");
    for rec in Record::<Gipf>::parse_all(&text) {
        match rec {
            Ok(rec) => {
                let r = record::replay(&rec, Mode::Strict);
                println!("{}", r.end);
                if let Some(e) = r.error {
                    println!("error: {e}");
                }
            }
            Err(e) => println!("{path}: {e}"),
        }
    }
}
