use gamenote::any::{AnyReader, DefaultGame};
use gamenote::check::{check_piece, check_source};
use gamenote::pylos::Pylos;
use gamenote::stream::{RecordReader, Reader};
use gamenote::{record, GameId, Mode, Record};

const CASES: &[(&str, &str)] = &[
    ("setup2", "[Game \"Pylos\"]\n[Rules \"standard\"]\n1b2 *\n\n[Game \"Pylos\"]\n[Rules \"chess\"]\n1b2 *\n"),
    ("illegal", "[Game \"Pylos\"]\n1b2 *\n\n[Game \"Pylos\"]\n1b2 1b2 *\n"),
    ("chess", "[Game \"Chess\"]\n\n1. e4 e5 *\n"),
    ("draw", "[Game \"Pylos\"]\n\n1b2 1c3 1/2-1/2\n"),
    ("variant", "[Game \"Pylos\"]\n[Variant \"standard\"]\n[Handicap \"1\"]\n\n1b2 1c3 *\n"),
    ("junk", "[Game \"Pylos\"]\n1b2 *\n\nstray words\n\n[Game \"Pylos\"]\n1c3 *\n"),
    ("comment", "[Game \"Pylos\"]\n1b2 {never closed *\n"),
    ("badresult", "[Game \"Pylos\"]\n[Result \"1-0\"]\n1b2 0-1\n"),
];

#[test]
fn probe() {
    for (name, text) in CASES {
        println!("== {name}");
        for r in Reader::new(text.as_bytes()).records::<Pylos>() {
            match r {
                Ok(rec) => {
                    let e = record::replay(&rec, Mode::Strict).error;
                    println!("  Record: {:?}", e.as_ref().map(|e| (e.location(), e.to_string())));
                    if let Some(e) = e {
                        println!("  render: {}", e.render("f", text).lines().next().unwrap());
                        println!("  locate: {}", e.clone().locate(text).location());
                    }
                }
                Err(e) => println!("  Record parse: {e}"),
            }
        }
        for r in AnyReader::new(text.as_bytes(), GameId::Pylos) {
            match r {
                Ok(rec) => {
                    let e = rec.replay(Mode::Strict).error().cloned();
                    println!("  Any: {:?}", e.map(|e| (e.location(), e.to_string())));
                }
                Err(e) => println!("  Any err: junk={} {}", e.junk, e.error),
            }
        }
        let mut n = 0;
        for piece in RecordReader::new(text.as_bytes()) {
            n += 1;
            for r in check_piece(GameId::Pylos, "f", &piece, &[], Mode::Strict) {
                println!("  piece#{n}: rec {} {:?}", r.record, r.error.map(|p| p.to_json()));
            }
        }
        for r in check_source::<Pylos>("f", text, &[], Mode::Strict) {
            println!("  source: rec {} {:?}", r.record, r.error.map(|p| p.to_json()));
        }
        let _ = DefaultGame::Detected(GameId::Pylos);
        let _: Option<Record<Pylos>> = None;
    }
}
