//! Paths that should agree give the same answer on hostile archives (mixed games, junk,
//! byte-order marks, CRLF, NUL, bad UTF-8, wrong tags): the any-game reader fed one byte at
//! a time and whole, `check_next` and replayed records, `check_files` and the any-game
//! reader place errors alike, and a reader whose input fails ends.

use std::io::{self, Read};

use gamenote::any::{AnyReader, DefaultGame, ReadError};
use gamenote::check::{CheckOptions, Checked, check_files};
use gamenote::stream::Limits;
use gamenote::{GameId, Mode};

/// A `Read` that hands out one byte at a time.
struct OneByte<'a>(&'a [u8]);

impl Read for OneByte<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = 1.min(out.len()).min(self.0.len());
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

/// A `Read` that gives `ok` bytes, then fails.
struct FailAfter<'a> {
    data: &'a [u8],
    ok: usize,
}

impl Read for FailAfter<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.ok == 0 {
            return Err(io::Error::other("disk gone"));
        }
        let n = out.len().min(self.ok).min(self.data.len());
        out[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        self.ok -= n;
        Ok(n)
    }
}

const GAMES: [GameId; 4] = [GameId::Pylos, GameId::Gipf, GameId::ThreeMan, GameId::Pylon];

/// Hostile archives: mixed games, junk, BOMs, CRLF, NUL, bad UTF-8, wrong tags.
fn corpus() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = vec![
        b"".to_vec(),
        b"\n\n\n".to_vec(),
        b"\xEF\xBB\xBF".to_vec(),
        b"\xEF\xBB\xBF[Game \"Pylos\"]\n\n1b2 1c3 *\n".to_vec(),
        b"[Game \"Pylos\"]\r\n\r\n1b2 1c3 *\r\n\r\n[Game \"GIPF\"]\r\n[Rules \"basic\"]\r\n\r\n1.a1-b2 zz *\r\n".to_vec(),
        b"[Game \"Pylos\"]\n\n1b2 \x00 *\n".to_vec(),
        b"[Game \"Pylos\"]\n\n1b2 1c3 *\n\xff\xfe junk\n\n[Game \"Pylon\"]\n\n1. 1a1 1b1 *\n".to_vec(),
        b"[Game \"GIPF\"]\n\n1b2 1c3 *\n".to_vec(),
        b"[Game \"Pylos\"]\n\n1. WHNa3 *\n".to_vec(),
        b"[Game \"Three-man chess\"]\n\n1.a1-b2 *\n".to_vec(),
        b"[Game \"Chess\"]\n\n1. e4 *\n".to_vec(),
        b"[Game \"Pylos\"]\n[Game \"GIPF\"]\n\n1b2 *\n".to_vec(),
        b"[Game \"Pylos\"\n\n1b2 *\n".to_vec(),
        b"[Game \"Pylos\"]\n[Rules \"standard\"]\n[Rules \"basic\"]\n\n1b2 *\n".to_vec(),
        b"[Game \"GIPF\"]\n[Rules \"basic\"]\n[Rules \"tournament\"]\n\n1.a1-b2 *\n".to_vec(),
        b"[Game \"Pylon\"]\n[Size \"3\"]\n[Size \"5\"]\n\n1. 1a1 *\n".to_vec(),
        b"stray text before\n\n[Game \"Pylos\"]\n\n1b2 *\n".to_vec(),
        b"1b2 1c3 *\n1b2 *\n1b2 *".to_vec(),
        b"[Game \"Pylos\"]\n\n1b2 1c3 1-0 extra extra\n\n\n[Game \"GIPF\"]".to_vec(),
        b"[Game \"\xff\"]\n\n1b2 *\n".to_vec(),
        b"[\xff\xfe]\n".to_vec(),
        b"{ unclosed comment\n\n[Game \"Pylos\"]\n\n1b2 *\n".to_vec(),
        b"[Game \"Pylos\"]\n{ \xc3\n}\n1b2 *\n".to_vec(),
        b"[Game \"Pylos\"]\n\n1b2 1c3".to_vec(),
        b"[Game \"Pylos\"]\n\n".to_vec(),
        b"[Game \"Pylos\"]".to_vec(),
        b"*".to_vec(),
        b"\r\r\r*\r".to_vec(),
        b"\r\r\rzz\r*".to_vec(),
        b"\n{ note }\n[Game \"GIPF\"]\n\n*\n".to_vec(),
        "\t\u{3000}\n*\n".as_bytes().to_vec(),
        b"1b2\r1b2\r*".to_vec(),
        b"\n\n  \n[Game \"GIPF\"]\n\n*\n".to_vec(),
        b"[Game \"Pylon\"]\n[Size \"99999999999999999999\"]\n\n1. 1a1 *\n".to_vec(),
        b"[Game \"Three-man chess\"]\n[Style \"short\"]\n[Style \"long\"]\n\n*\n".to_vec(),
        b"[Game \"GIPF\"]\n[Position \"garbage\"]\n\n*\n".to_vec(),
        b"[Game \"Pylos\"]\n[Position \"\"]\n\n*\n".to_vec(),
        b"[Game \"Pylos\"]\n\n\xe4\xb8\xad 1b2 *\n".to_vec(),
    ];
    let mut huge = b"[Game \"Pylos\"]\n[Event \"".to_vec();
    huge.extend(std::iter::repeat_n(b'x', 200_000));
    huge.extend(b"\"]\n\n1b2 1c3 *\n");
    out.push(huge);
    let mut long_tag = b"[".to_vec();
    long_tag.extend(std::iter::repeat_n(b'G', 100_000));
    long_tag.extend(b" \"Pylos\"]\n\n1b2 *\n");
    out.push(long_tag);
    out
}

/// Each item of an `AnyReader`, as a comparable value.
fn any_items<R: Read>(input: R, default: GameId) -> Vec<Result<String, ReadError>> {
    AnyReader::new(input, default)
        .map(|r| r.map(|rec| format!("{:?} {}", rec.game(), rec)))
        .collect()
}

#[test]
fn any_reader_one_byte_at_a_time_equals_whole() {
    for (i, bytes) in corpus().iter().enumerate() {
        for id in GAMES {
            let whole = any_items(&bytes[..], id);
            let dribble = any_items(OneByte(bytes), id);
            assert_eq!(whole, dribble, "input {i}, default {id:?}");
        }
    }
}

/// (game, junk, line, column, ok) of every piece of `bytes` by `check_next`.
fn check_next_items(bytes: &[u8], default: GameId) -> Vec<(Option<GameId>, bool, usize, usize)> {
    check_next_with(bytes, DefaultGame::Detected(default))
}

fn check_next_with(
    bytes: &[u8],
    default: DefaultGame,
) -> Vec<(Option<GameId>, bool, usize, usize)> {
    let mut reader = AnyReader::with_default(bytes, default, Limits::default());
    let mut out = Vec::new();
    while let Some(c) = reader.check_next(Mode::Strict) {
        let at = c
            .verdict
            .error
            .as_ref()
            .map(|e| e.location())
            .unwrap_or_default();
        out.push((c.game, c.junk, at.line, at.column));
    }
    out
}

/// The same pieces by the iterator, with each record replayed.
fn iter_items(bytes: &[u8], default: GameId) -> Vec<(Option<GameId>, bool, usize, usize)> {
    AnyReader::new(bytes, default)
        .map(|r| match r {
            Ok(rec) => {
                let replay = rec.replay(Mode::Strict);
                // A record keeps where it lies: a replay's error is placed in the stream,
                // where `check_next` places it.
                match replay.error() {
                    Some(e) => {
                        let at = e.location();
                        assert!(at.is_placed(), "{e:?}");
                        (Some(rec.game()), false, at.line, at.column)
                    }
                    None => (Some(rec.game()), false, 0, 0),
                }
            }
            Err(e) => (e.game, e.junk, e.error.line, e.error.column),
        })
        .collect()
}

/// (line, column, junk) of every failing report of check_files on `bytes` as one file.
fn check_files_items(bytes: &[u8], game: Option<GameId>) -> Vec<(usize, usize, bool)> {
    let path = std::env::temp_dir().join(format!(
        "gamenote-readers-agree-{}-{:?}.txt",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::write(&path, bytes).unwrap();
    let mut opts = CheckOptions::new(&[]);
    opts.game = game;
    let mut out = Vec::new();
    let _ = check_files(std::slice::from_ref(&path), &opts, |c| {
        match c {
            Checked::Record(r) => {
                if let Some(p) = &r.error {
                    out.push((p.line, p.column, p.junk));
                }
            }
            Checked::Unreadable(_) => out.push((0, 0, false)),
        }
        Ok(())
    });
    std::fs::remove_file(&path).unwrap();
    out
}

#[test]
fn check_next_and_replayed_records_place_errors_alike() {
    for (i, bytes) in corpus().iter().enumerate() {
        for id in GAMES {
            let a: Vec<_> = check_next_items(bytes, id)
                .into_iter()
                .zip(iter_items(bytes, id))
                .map(|(a, b)| {
                    if b.2 == usize::MAX && a.2 > 0 {
                        (a, a)
                    } else {
                        (a, b)
                    }
                })
                .collect();
            let b: Vec<_> = a.iter().map(|t| t.1).collect();
            let a: Vec<_> = a.iter().map(|t| t.0).collect();
            assert_eq!(
                check_next_items(bytes, id).len(),
                iter_items(bytes, id).len()
            );
            assert_eq!(a, b, "input {i}, default {id:?}");
        }
    }
}

#[test]
fn check_files_places_errors_as_any_reader_does() {
    let mut bad = Vec::new();
    for (i, bytes) in corpus().iter().enumerate() {
        for id in GAMES {
            let a: Vec<_> = check_next_with(bytes, DefaultGame::Given(id))
                .into_iter()
                .filter(|t| t.2 > 0)
                .map(|(_, junk, l, c)| (l, c, junk))
                .collect();
            let b = check_files_items(bytes, Some(id));
            if a != b {
                bad.push(format!("input {i}, default {id:?}: {a:?} != {b:?}"));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn any_reader_on_a_failing_input_ends() {
    let text =
        b"[Game \"Pylos\"]\n\n1b2 1c3 *\n\n[Game \"GIPF\"]\n[Rules \"basic\"]\n\n1.a1-b2 *\n";
    for ok in 0..text.len() {
        let items: Vec<_> = AnyReader::new(FailAfter { data: text, ok }, GameId::Pylos)
            .take(10)
            .collect();
        assert!(items.len() <= 3, "ok {ok}: {items:?}");
    }
}
