//! gamenote as an embedding program uses it, through its public API only: the game chosen
//! from a file's tags, every record of an archive read through the stream reader, replayed
//! with `?`, converted, and a record, a position and an error taken to JSON and back; and
//! through `gamenote::any`, for games not known in advance: a file of unknown game checked
//! record by record, a mixed-game archive, positions of any game played and read back, and
//! any-game records through JSON; every error placed in the file by `location()`, and a
//! visitor that skips movetext.
//! Its `cargo tree` is the proof that embedding gamenote builds no command-line parser.

use std::io::Read;

use gamenote::prelude::*;
use gamenote::stream::Reader;
use gamenote::{GameId, PositionString, record, with_game};

/// The embedding program's own error: every gamenote error converts into it with `?`.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The file names no game we know.
    #[error("cannot tell the game of {0}")]
    UnknownGame(String),
    /// Anything gamenote reports: a parse error, an illegal move, a set-up error.
    #[error(transparent)]
    Game(#[from] gamenote::Error),
    /// A parse error on its own.
    #[error(transparent)]
    Parse(#[from] gamenote::ParseError),
    /// A rule set or style that does not exist.
    #[error(transparent)]
    Value(#[from] gamenote::ValueError),
    /// JSON.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
}

/// What the program learns of one archive.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Archive {
    /// The game the archive holds.
    pub game: String,
    /// Records read.
    pub records: usize,
    /// Moves replayed in all of them.
    pub plies: usize,
    /// Records that came back the same from a conversion to every style and back.
    pub converted: usize,
}

/// Reads every record of `bytes` (named `name`) with the game its tags or name tell, replays
/// each one (any error stops the program, through `?`), and converts it to every style.
pub fn check_archive(name: &str, bytes: &[u8]) -> Result<Archive, AppError> {
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]);
    let id = GameId::detect(name, &head).ok_or_else(|| AppError::UnknownGame(name.into()))?;
    with_game!(id, G => archive::<G>(bytes))
}

fn archive<G: Game>(bytes: impl Read) -> Result<Archive, AppError> {
    let mut out = Archive {
        game: G::NAME.to_string(),
        ..Archive::default()
    };
    for rec in Reader::new(bytes).records::<G>() {
        let rec = rec?;
        let replay = record::replay(&rec, Mode::Strict).into_result()?;
        out.records += 1;
        out.plies += replay.moves.len();
        let id: GameId = G::NAME
            .parse()
            .map_err(|_| AppError::UnknownGame(G::NAME.into()))?;
        let mut same = true;
        for style in id.styles() {
            let style: G::Style = style.parse()?;
            let there = record::convert(&rec, style, Mode::Strict)?;
            let back = record::convert(&there, G::Style::default(), Mode::Strict)?;
            let direct = record::convert(&rec, G::Style::default(), Mode::Strict)?;
            same &= back.plies == direct.plies;
        }
        out.converted += usize::from(same);
    }
    Ok(out)
}

/// A record, the position it ends in and the error of a broken copy, as JSON and back:
/// the three texts, after checking that each reads back equal.
pub fn to_json_and_back<G>(text: &str) -> Result<[String; 3], AppError>
where
    G: Game,
    G::Notation: serde::Serialize + serde::de::DeserializeOwned,
{
    let rec: Record<G> = text.parse()?;
    let rec_json = serde_json::to_string(&rec)?;
    let rec_back: Record<G> = serde_json::from_str(&rec_json)?;
    assert_eq!(rec_back.to_string(), rec.to_string());

    let end = record::replay(&rec, Mode::Strict).into_result()?.end;
    let pos_json = serde_json::to_string(&PositionString::<G>(end.clone()))?;
    let pos_back: PositionString<G> = serde_json::from_str(&pos_json)?;
    // The string is the position as written: a GIPF string carries no variant and no move
    // count (a record gives them with its [Rules] tag), so it is the text that comes back.
    assert_eq!(pos_back.to_string(), PositionString::<G>(end).to_string());

    let broken = format!("{} zz9 *", text.trim_end().trim_end_matches('*'));
    let err = broken
        .parse::<Record<G>>()
        .map(|_| ())
        .map_err(gamenote::Error::Parse)
        .expect_err("zz9 is no move");
    let err_json = serde_json::to_string(&err)?;
    let err_back: gamenote::Error = serde_json::from_str(&err_json)?;
    assert_eq!(err_back.to_string(), err.to_string());
    Ok([rec_json, pos_json, err_json])
}

/// One record of a file of unknown game, as the checking program reports it.
#[derive(Debug, PartialEq, Eq)]
pub struct Line {
    /// The game the record was read as (`None` for junk).
    pub game: Option<GameId>,
    /// `ok`, or `line:col: message` placed in the whole file.
    pub report: String,
}

/// Checks a file whose game is not known in advance record by record: the game of each
/// record from its own `[Game]` tag (else the file's first tag, else its extension), every
/// error placed by line and column in the whole file.
pub fn check_unknown(name: &str, bytes: &[u8]) -> Result<Vec<Line>, AppError> {
    let default = GameId::detect_bytes(bytes)
        .or_else(|| GameId::from_extension(name))
        .ok_or_else(|| AppError::UnknownGame(name.into()))?;
    let mut out = Vec::new();
    let mut reader = gamenote::any::AnyReader::new(bytes, default);
    while let Some(checked) = reader.check_next(Mode::Strict) {
        // Every error says where it is, placed in the whole file by the reader.
        let report = match &checked.verdict.error {
            None => "ok".to_string(),
            Some(e) => format!("{}: {}", e.location(), e.message()),
        };
        out.push(Line {
            game: checked.game,
            report,
        });
    }
    Ok(out)
}

/// Reads a mixed-game archive through the any-game stream reader: the game and move count
/// of each record, in order (junk and broken records left out).
pub fn mixed_archive(bytes: impl Read, default: GameId) -> Vec<(GameId, usize)> {
    gamenote::any::AnyReader::new(bytes, default)
        .flatten()
        .map(|rec| (rec.game(), rec.ply_count()))
        .collect()
}

/// The `[Event]` of every record of a Pylos archive, reading no movetext (as pgn-reader's
/// `Skip`): a visitor that keeps tags and skips the rest, and an I/O error of the input
/// handed back as the `io::Error` it is.
pub fn events(bytes: impl Read) -> Result<Vec<String>, std::io::Error> {
    use gamenote::pylos::{Notation, Pylos};
    use gamenote::visit::{Skip, Visitor};
    use gamenote::{ParseError, Ply};
    #[derive(Default)]
    struct Events {
        event: Option<String>,
        moves: usize,
    }
    impl Visitor<Pylos> for Events {
        type Output = (Option<String>, usize);
        fn begin_record(&mut self) {
            self.event = None;
            self.moves = 0;
        }
        fn tag(&mut self, name: &str, value: &str) {
            if name == "Event" {
                self.event = Some(value.to_string());
            }
        }
        fn end_tags(&mut self) -> Skip {
            Skip(true)
        }
        fn ply(&mut self, _ply: Ply<Notation>) {
            self.moves += 1;
        }
        fn end_record(&mut self, _verdict: Result<(), ParseError>) -> Self::Output {
            (self.event.take(), self.moves)
        }
    }
    let mut reader = gamenote::stream::Reader::new(bytes);
    let mut visitor = Events::default();
    let mut out = Vec::new();
    while let Some((event, moves)) = reader.try_read_record::<Pylos, _>(&mut visitor)? {
        assert_eq!(moves, 0, "a skipped movetext reaches no visitor");
        out.extend(event);
    }
    Ok(out)
}

/// From a position string of game `id`: its legal moves, the first played, the position
/// string after it, read back. Returns the count of legal moves and the new string.
pub fn play_first(id: GameId, position: &str) -> Result<(usize, String), AppError> {
    use gamenote::any::AnyPosition;
    let mut pos = AnyPosition::read(id, position)?;
    let moves = pos.legal_moves();
    let first = moves
        .first()
        .ok_or_else(|| AppError::UnknownGame(format!("{id}: no legal move")))?;
    pos.play(first)
        .map_err(|e| AppError::UnknownGame(e.to_string()))?;
    let after = pos.position_string();
    let back = AnyPosition::read(id, &after)?;
    assert_eq!(back.position_string(), after);
    Ok((moves.len(), after))
}

/// An any-game record to JSON and back, equal.
pub fn any_record_json(text: &str) -> Result<String, AppError> {
    let rec: gamenote::any::AnyRecord = text.parse()?;
    let json = serde_json::to_string(&rec)?;
    let back: gamenote::any::AnyRecord = serde_json::from_str(&json)?;
    assert_eq!(back, rec);
    Ok(json)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped(path: &str) -> Vec<u8> {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
        std::fs::read(format!("{root}/{path}")).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    #[test]
    fn every_shipped_archive_checks_and_converts() -> Result<(), AppError> {
        let gf1 = check_archive("bench.gipf", &shipped("tests/data/gipf/bench.gipf"))?;
        assert_eq!(
            (gf1.game.as_str(), gf1.records, gf1.converted),
            ("GIPF", 75, 75)
        );
        let pylos = check_archive(
            "pylos-seed.pylos",
            &shipped("examples/records/pylos-seed.pylos"),
        )?;
        assert_eq!((pylos.records, pylos.plies), (1, 40));
        let pylon = check_archive(
            "w.pylon",
            &shipped("examples/records/pylon-worked-examples.pylon"),
        )?;
        assert_eq!(pylon.records, pylon.converted);
        let threeman = check_archive(
            "g.3mc",
            &shipped("examples/records/threeman-short-game.3mc"),
        )?;
        assert_eq!(
            (threeman.game.as_str(), threeman.records),
            ("Three-man chess", 1)
        );
        Ok(())
    }

    #[test]
    fn a_file_of_unknown_game_checks_record_by_record_with_line_and_column() -> Result<(), AppError>
    {
        let file = b"[Game \"Pylos\"]\n\n1b2 1c3 *\n\nstray\n\n[Game \"GIPF\"]\n[Rules \"basic\"]\n\n1.a1-b2 zz *\n\n1b2 *\n\n[Event \"x\"]\n1b2 1b2 *\n";
        let lines = check_unknown("archive.txt", file)?;
        let games: Vec<_> = lines.iter().map(|l| l.game).collect();
        assert_eq!(
            games,
            [
                Some(GameId::Pylos),
                None,
                Some(GameId::Gipf),
                Some(GameId::Pylos)
            ]
        );
        assert_eq!(lines[0].report, "ok");
        assert!(
            lines[1].report.starts_with("5:1: expected a tag pair"),
            "{}",
            lines[1].report
        );
        // "1b2 *" after the GIPF record has no tags: it belongs to that record's piece.
        assert!(lines[2].report.starts_with("10:9: "), "{}", lines[2].report);
        assert_eq!(lines[3].report, "15:5: ply 2 (1b2): 1b2 is occupied");
        Ok(())
    }

    #[test]
    fn events_are_read_without_the_movetext_and_io_errors_come_back() {
        let text = "[Event \"heat\"]\n1b2 1c3 *\n\n[Event \"final\"]\n1b2 zz *\n";
        assert_eq!(events(text.as_bytes()).unwrap(), ["heat", "final"]);
        struct Failing(&'static [u8]);
        impl std::io::Read for Failing {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                if self.0.is_empty() {
                    return Err(std::io::Error::other("disk gone"));
                }
                let n = self.0.len().min(buf.len());
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let err = events(Failing(b"[Event \"a\"]\n1b2 *\n")).unwrap_err();
        assert_eq!(err.to_string(), "disk gone");
    }

    #[test]
    fn a_mixed_archive_reads_each_record_in_its_own_game() {
        // The Pylos record has no tags: only the first record of a stream may (later, it
        // would be junk after the record before it), and it is read as the default game.
        let archive = shipped("examples/records/pylos-seed.pylos")
            .into_iter()
            .chain(b"\n".iter().copied())
            .chain(shipped("examples/records/pylon-spec.pylon"))
            .chain(b"\n".iter().copied())
            .chain(shipped("examples/records/threeman-short-game.3mc"))
            .collect::<Vec<u8>>();
        assert_eq!(
            mixed_archive(&archive[..], GameId::Pylos),
            [
                (GameId::Pylos, 40),
                (GameId::Pylon, 10),
                (GameId::ThreeMan, 12)
            ]
        );
    }

    #[test]
    fn an_any_game_position_plays_and_reads_back() -> Result<(), AppError> {
        for id in GameId::ALL {
            let start = gamenote::any::AnyPosition::start(id).position_string();
            let (n, after) = play_first(id, &start)?;
            assert!(n > 0 && after != start, "{id}");
        }
        let (n, after) = play_first(GameId::Pylos, "................/........./..../. w 15 15")?;
        assert_eq!(
            (n, after.as_str()),
            (16, "w.............../........./..../. b 14 15")
        );
        Ok(())
    }

    #[test]
    fn an_any_record_goes_to_json_and_back() -> Result<(), AppError> {
        let json = any_record_json("[Game \"Pylos\"]\n1b2 1c3 *\n")?;
        assert!(json.starts_with("{\"pylos\":{\"tags\":"), "{json}");
        let json = any_record_json(&String::from_utf8_lossy(&shipped(
            "examples/records/threeman-short-game.3mc",
        )))?;
        assert!(json.starts_with("{\"threeman\":"), "{json}");
        Ok(())
    }

    #[test]
    fn an_illegal_move_comes_through_question_mark() {
        let bytes = b"[Game \"Pylos\"]\n1b2 1b2 *\n";
        let err = check_archive("x", bytes).expect_err("1b2 is taken");
        let AppError::Game(gamenote::Error::Illegal(e)) = err else {
            panic!("{err:?}")
        };
        assert_eq!((e.ply, e.written.as_str()), (2, "1b2"));
    }

    #[test]
    fn records_positions_and_errors_go_to_json_and_back() -> Result<(), AppError> {
        let [rec, pos, err] =
            to_json_and_back::<gamenote::pylos::Pylos>("[Game \"Pylos\"]\n1b2 1c3 *\n")?;
        assert!(rec.contains("\"1b2\""), "{rec}");
        assert_eq!(pos, "\".....w....b...../........./..../. w 14 14\"");
        assert!(err.contains("\"kind\":\"parse\""), "{err}");
        to_json_and_back::<gamenote::gipf::Gipf>(
            "[Game \"GIPF\"]\n[Rules \"basic\"]\n1.a1-b2 (11) i1-h2 (11) *\n",
        )?;
        to_json_and_back::<gamenote::threeman::ThreeMan>(
            "[Game \"Three-man chess\"]\n1. WHNa3 GRNa3 BLNa3 *\n",
        )?;
        to_json_and_back::<gamenote::pylon::Pylon>("[Game \"Pylon\"]\n1. 1a1 1b1 *\n")?;
        Ok(())
    }
}
