//! The article's examples and the spec's worked examples.

use gamenote::perft::perft;
use gamenote::record::replay;
use gamenote::threeman::{fen, Notation, Rules, Style, ThreeMan};
use gamenote::{Game, Mode, MoveErrorKind, Record};

const START: &str = "Black 8/8/8/8/BpBpBpBpBpBpBpBp/BrBnBbBkBqBbBnBr Gray 8/8/8/8/GpGpGpGpGpGpGpGp/GrGnGbGkGqGbGnGr White 8/8/8/8/WpWpWpWpWpWpWpWp/WrWnWbWkWqWbWnWr";

#[test]
fn perft_start_small() {
    let p = ThreeMan::start(&Rules::default());
    assert_eq!(perft::<ThreeMan>(&p, 1), 20);
    println!("{}", perft::<ThreeMan>(&p, 2));
    println!("{}", perft::<ThreeMan>(&p, 3));
}

#[test]
fn start_string() {
    let p = ThreeMan::start(&Rules::default());
    assert_eq!(fen::write(&p), format!("{START} W KQ/KQ/KQ - - WGB 0 1"));
    assert_eq!(fen::parse(START, Rules::default()).unwrap(), p);
}

#[test]
fn short_game() {
    let text = "1. WHh3 GRh3 BLh3 2. WHh4 GRh4 BLh4 3. WHRh3 GRRh3 BLNa3 4. GRRxh3 GRNf3 BLRh3 *";
    let rec: Record<ThreeMan> = text.parse().unwrap();
    let r = replay(&rec, Mode::Strict);
    assert!(r.is_ok(), "{:?}", r.error);
    assert_eq!(fen::write(&r.end), "Black 8/8/7Bp/Bn6Br/BpBpBpBpBpBpBp1/Br1BbBkBqBbBn1 Gray 8/8/7Gp/5Gn1Wr/GpGpGpGpGpGpGp1/GrGnGbGkGqGb2 White 8/8/7Wp/8/WpWpWpWpWpWpWp1/WrWnWbWkWqWbWn1 W K/K/K - - WGB 2 5");
    let n: Notation = "GRRa3".parse().unwrap();
    let e = ThreeMan::resolve(&r.end, &n).unwrap_err();
    println!("{}", e.reason);
    assert_eq!(e.kind, MoveErrorKind::Illegal);
    let long = gamenote::record::convert(&rec, Style::Long, Mode::Strict).unwrap();
    println!("{long}");
}
