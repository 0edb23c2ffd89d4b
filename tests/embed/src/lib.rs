//! gamenote as an embedding program uses it, through its public API only: the game chosen
//! from a file's tags, every record of an archive read through the stream reader, replayed
//! with `?`, converted, and a record, a position and an error taken to JSON and back.
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
