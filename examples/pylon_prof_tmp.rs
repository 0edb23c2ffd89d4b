use gamenote::pylon::{Pylon, Rules};
use gamenote::{Game, GameResult, Mode, Ply, Record};
fn main() {
    let size = 6u8;
    let mut seed = 0x1234_5678u64 + 6;
    let rules = Rules::with_size(size);
    let mut pos = Pylon::start(&rules);
    let mut rec = Record::<Pylon>::default();
    rec.tags.push(("Size".into(), size.to_string()));
    let mut moves = Vec::new();
    loop {
        moves.clear();
        Pylon::legal_moves(&pos, &mut moves);
        if moves.is_empty() {
            break;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let m = moves[(seed % moves.len() as u64) as usize];
        rec.plies
            .push(Ply::new(Pylon::notate(&pos, &m, Default::default())));
        Pylon::play(&mut pos, &m);
    }
    rec.result = Some(GameResult::Decided(Pylon::outcome(&pos).unwrap()));
    let mut n = 0;
    for _ in 0..50000 {
        n += gamenote::record::replay(&rec, Mode::Strict).moves.len();
    }
    println!("{n}");
}
