//! Choosing a game at run time: [`GameId`] names one of the four games, reads and prints
//! its name, tells the game of a file from its real `[Game]` tag or its extension, and
//! [`with_game!`](crate::with_game) runs generic code for the game it names.
//!
//! ```
//! use gamenote::{any::GameId, with_game, prelude::*};
//!
//! let id: GameId = "GIPF".parse()?;
//! let name = with_game!(id, G => G::NAME);
//! assert_eq!(name, "GIPF");
//! # Ok::<(), gamenote::any::UnknownGame>(())
//! ```

use crate::game::Game;
use crate::text::{comment, tag_pair_raw, unescape_tag, ws};

/// One of the games gamenote knows, by its `--game` name.
///
/// ```
/// use gamenote::any::{GameId, UnknownGame};
/// let id: GameId = "Pylos".parse()?;
/// assert_eq!((id, id.name(), id.extension()), (GameId::Pylos, "pylos", "pylos"));
/// assert_eq!(GameId::ALL.len(), 4);
/// # Ok::<(), UnknownGame>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameId {
    /// `pylos`
    Pylos,
    /// `gipf`
    Gipf,
    /// `threeman`
    ThreeMan,
    /// `pylon`
    Pylon,
}

/// What the run-time choice needs to know of one game.
struct Entry {
    id: GameId,
    name: &'static str,
    tag: &'static str,
    extension: &'static str,
    aliases: &'static [&'static str],
    styles: &'static [&'static str],
}

const fn entry<G: Game>(id: GameId, styles: &'static [&'static str]) -> Entry {
    Entry {
        id,
        name: G::ID,
        tag: G::NAME,
        extension: G::EXTENSION,
        aliases: G::ALIASES,
        styles,
    }
}

const ENTRIES: [Entry; 4] = [
    entry::<crate::pylos::Pylos>(
        GameId::Pylos,
        &[
            "canonical",
            "compact",
            "numeric",
            "canonical+markers",
            "compact+markers",
            "numeric+markers",
        ],
    ),
    entry::<crate::gipf::Gipf>(GameId::Gipf, &["complete", "short", "text"]),
    entry::<crate::threeman::ThreeMan>(GameId::ThreeMan, &["short", "long"]),
    entry::<crate::pylon::Pylon>(GameId::Pylon, &["standard"]),
];

/// How far into a file [`GameId::detect`] looks for the first record's tags.
const HEAD: usize = 64 * 1024;

impl GameId {
    /// Every game, in the order the documentation lists them.
    pub const ALL: [GameId; 4] = [GameId::Pylos, GameId::Gipf, GameId::ThreeMan, GameId::Pylon];

    /// The game whose own `[Game]` tag name is `value`, exactly as written (no case, alias
    /// or blank allowed): the name every writer here writes, found without the search of
    /// [`GameId::from_name`].
    pub(super) fn by_tag_name(value: &str) -> Option<GameId> {
        ENTRIES.iter().find(|e| e.tag == value).map(|e| e.id)
    }

    /// The game's entry: a `match` with an arm for each game, so that a fifth variant is a
    /// compile error here until it has its entry (an index by `self as usize` was not).
    fn entry(self) -> &'static Entry {
        &ENTRIES[match self {
            GameId::Pylos => 0,
            GameId::Gipf => 1,
            GameId::ThreeMan => 2,
            GameId::Pylon => 3,
        }]
    }

    /// The `--game` name: `pylos`, `gipf`, `threeman`, `pylon` ([`Play::ID`](crate::Play::ID)).
    ///
    /// ```
    /// use gamenote::any::GameId;
    /// assert_eq!(GameId::ThreeMan.name(), "threeman");
    /// assert_eq!(GameId::ThreeMan.to_string(), "threeman");
    /// ```
    pub fn name(self) -> &'static str {
        self.entry().name
    }

    /// The name in a `[Game]` tag ([`Play::NAME`](crate::Play::NAME)), e.g. `Three-man chess`.
    ///
    /// ```
    /// use gamenote::any::GameId;
    /// assert_eq!(GameId::ThreeMan.tag_name(), "Three-man chess");
    /// ```
    pub fn tag_name(self) -> &'static str {
        self.entry().tag
    }

    /// The file extension without the dot ([`Play::EXTENSION`](crate::Play::EXTENSION)), e.g. `3mc`.
    ///
    /// ```
    /// use gamenote::any::GameId;
    /// assert_eq!(GameId::Pylon.extension(), "pylon");
    /// ```
    pub fn extension(self) -> &'static str {
        self.entry().extension
    }

    /// The other names a `[Game]` tag may give ([`Play::ALIASES`](crate::Play::ALIASES)).
    ///
    /// ```
    /// use gamenote::any::GameId;
    /// assert!(GameId::ThreeMan.aliases().contains(&"3 Man Chess"));
    /// assert!(GameId::Pylos.aliases().is_empty());
    /// ```
    pub fn aliases(self) -> &'static [&'static str] {
        self.entry().aliases
    }

    /// The names of the styles the game's moves can be written in (each reads as the
    /// game's [`Notate::Style`](crate::Notate::Style)).
    ///
    /// ```
    /// use gamenote::any::GameId;
    /// assert_eq!(GameId::ThreeMan.styles(), ["short", "long"]);
    /// ```
    pub fn styles(self) -> &'static [&'static str] {
        self.entry().styles
    }

    /// True when the game's records have a `[Size]` tag (Pylon).
    ///
    /// ```
    /// use gamenote::any::GameId;
    /// assert!(GameId::Pylon.has_size() && !GameId::Gipf.has_size());
    /// ```
    pub fn has_size(self) -> bool {
        self == GameId::Pylon
    }

    /// The game with this `--game` name, `[Game]` tag name or alias, any case.
    ///
    /// ```
    /// use gamenote::any::GameId;
    /// assert_eq!(GameId::from_name("3 Man Chess"), Some(GameId::ThreeMan));
    /// assert_eq!(GameId::from_name("chess"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<GameId> {
        let name = name.trim();
        ENTRIES
            .iter()
            .find(|e| {
                name.eq_ignore_ascii_case(e.name)
                    || name.eq_ignore_ascii_case(e.tag)
                    || e.aliases.iter().any(|a| name.eq_ignore_ascii_case(a))
            })
            .map(|e| e.id)
    }

    /// The game of a file name's extension: `x.pylos`, also `x.pylos.txt`, any case.
    ///
    /// ```
    /// use gamenote::any::GameId;
    /// assert_eq!(GameId::from_extension("games/a.3MC.txt"), Some(GameId::ThreeMan));
    /// assert_eq!(GameId::from_extension("a.txt"), None);
    /// ```
    pub fn from_extension(path: &str) -> Option<GameId> {
        let lower = path.to_ascii_lowercase();
        let stem = lower.strip_suffix(".txt").unwrap_or(&lower);
        let (_, ext) = stem.rsplit_once('.')?;
        ENTRIES.iter().find(|e| e.extension == ext).map(|e| e.id)
    }

    /// The game named by the `[Game]` tag of the first record of `text`: only a real tag
    /// in the tag section counts, not the same letters in a comment or in another tag
    /// such as `[GameType]`. Comments and blank lines before the tags are skipped, and a
    /// byte-order mark. `None` when the first record has no `[Game]` tag naming a known
    /// game.
    ///
    /// ```
    /// use gamenote::any::GameId;
    /// let text = "{[Game \"Pylos\"]}\n[GameType \"Pylos\"]\n[Game \"GIPF\"]\n\n1. *";
    /// assert_eq!(GameId::from_tags(text), Some(GameId::Gipf));
    /// assert_eq!(GameId::from_tags("1b2 {[Game \"GIPF\"]} *"), None);
    /// ```
    pub fn from_tags(text: &str) -> Option<GameId> {
        let mut rest = &text[record_start(text)..];
        loop {
            rest = ws(rest).map_or(rest, |(r, _)| r);
            if let Ok((r, _)) = comment(rest) {
                rest = r;
                continue;
            }
            let (r, (name, raw)) = tag_pair_raw(rest).ok()?;
            if crate::text::unescaped(name, &mut String::new()).eq_ignore_ascii_case("Game") {
                let mut value = String::new();
                unescape_tag(raw, &mut value);
                return GameId::from_name(&value);
            }
            rest = r;
        }
    }

    /// The game of a file: from the first record's `[Game]` tag ([`GameId::from_tags`],
    /// looking at the first 64 KiB of `head`), else from the extension of `path`
    /// ([`GameId::from_extension`]).
    ///
    /// ```
    /// use gamenote::any::GameId;
    /// assert_eq!(GameId::detect("a.pylos", "[Game \"Pylon\"]\n\n1b2 *"), Some(GameId::Pylon));
    /// assert_eq!(GameId::detect("a.pylos", "1b2 {[Game \"Pylon\"]} *"), Some(GameId::Pylos));
    /// ```
    ///
    /// ```
    /// use gamenote::any::GameId;
    /// assert_eq!(GameId::detect("x.txt", "[Game \"GIPF\"]\n"), Some(GameId::Gipf));
    /// assert_eq!(GameId::detect("x.pylos", "1b2 *"), Some(GameId::Pylos));
    /// assert_eq!(GameId::detect("x.txt", "1b2 *"), None);
    /// ```
    pub fn detect(path: &str, head: &str) -> Option<GameId> {
        let cut = crate::error::floor_char_boundary(head, head.len().min(HEAD));
        Self::from_tags(&head[..cut]).or_else(|| Self::from_extension(path))
    }

    /// The game named by the first record's `[Game]` tag in the first 64 KiB of `bytes` (a
    /// file's contents, or its head): [`GameId::from_tags`] on the text before the first
    /// byte that is not UTF-8. No file name is at hand, so no extension is looked at.
    ///
    /// ```
    /// use gamenote::any::GameId;
    /// assert_eq!(GameId::detect_bytes(b"\xEF\xBB\xBF[Game \"GIPF\"]\r\n1.a1-b2 *"), Some(GameId::Gipf));
    /// assert_eq!(GameId::detect_bytes(b"[Game \"Pylon\"]\n1. 1a1 \xFF *"), Some(GameId::Pylon));
    /// assert_eq!(GameId::detect_bytes(b"1b2 *"), None);
    /// ```
    pub fn detect_bytes(bytes: &[u8]) -> Option<GameId> {
        let head = &bytes[..bytes.len().min(HEAD)];
        let text = match std::str::from_utf8(head) {
            Ok(t) => t,
            // The valid part: a character cut at the 64 KiB mark, or a bad byte.
            Err(e) => std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or_default(),
        };
        Self::from_tags(text)
    }

    /// The game named by the first record's `[Game]` tag in what `input` holds buffered
    /// ([`BufRead::fill_buf`](std::io::BufRead::fill_buf)), consuming nothing: the same
    /// reader then reads the whole input. A `BufReader` holds 8 KiB by default; give it
    /// more (`BufReader::with_capacity`) for tag sections longer than that.
    ///
    /// ```
    /// use gamenote::{any::AnyReader, any::GameId};
    /// use std::io::BufReader;
    /// let file = "[Game \"Three-man chess\"]\n\n1. WHNa3 *\n";
    /// let mut input = BufReader::new(file.as_bytes());
    /// let id = GameId::detect_reader(&mut input)?.unwrap_or(GameId::Pylos);
    /// assert_eq!(id, GameId::ThreeMan);
    /// let records: Vec<_> = AnyReader::new(input, id).collect();
    /// assert_eq!(records.len(), 1, "nothing was consumed");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn detect_reader(input: &mut impl std::io::BufRead) -> std::io::Result<Option<GameId>> {
        loop {
            match input.fill_buf() {
                Ok(buf) => return Ok(Self::detect_bytes(buf)),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
    }
}

/// Where the record of `text` starts: after the blanks and byte-order marks before it, in
/// any mix, as the record grammar and the stream's cutter pass them over (files joined by
/// `cat`, one indented or saved twice with a mark).
pub(super) fn record_start(text: &str) -> usize {
    crate::grammar::record_start(text, 0).unwrap_or(text.len())
}

/// Prints the `--game` name (`pylos`, `gipf`, `threeman`, `pylon`).
///
/// ```
/// use gamenote::any::GameId;
/// assert_eq!(GameId::ThreeMan.to_string(), "threeman");
/// assert_eq!("Three-man chess".parse::<GameId>(), Ok(GameId::ThreeMan));
/// assert!("chess".parse::<GameId>().is_err());
/// ```
impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of reading a [`GameId`]: the name given, which no game has.
///
/// ```
/// use gamenote::any::{GameId, UnknownGame};
/// let err: UnknownGame = "chess".parse::<GameId>().unwrap_err();
/// assert_eq!(err.0, "chess");
/// assert_eq!(err.to_string(), "unknown game \"chess\": expected one of pylos, gipf, threeman, pylon");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game {0:?}: expected one of pylos, gipf, threeman, pylon")]
#[non_exhaustive]
pub struct UnknownGame(pub String);

/// Reads any name [`GameId::from_name`] knows.
impl std::str::FromStr for GameId {
    type Err = UnknownGame;
    fn from_str(s: &str) -> Result<Self, UnknownGame> {
        Self::from_name(s).ok_or_else(|| UnknownGame(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_style_name_reads_as_its_games_style() {
        for id in GameId::ALL {
            for s in id.styles() {
                let ok = crate::with_game!(id, G => s.parse::<<G as crate::game::Notate>::Style>().is_ok());
                assert!(ok, "{id} {s}");
            }
            assert_eq!(GameId::from_name(id.name()), Some(id));
            assert_eq!(GameId::from_name(id.tag_name()), Some(id));
        }
    }

    #[test]
    fn every_game_has_its_own_entry_and_is_listed_once() {
        for (i, id) in GameId::ALL.into_iter().enumerate() {
            assert_eq!(id.entry().id, id);
            assert_eq!(
                ENTRIES[i].id, id,
                "ALL and ENTRIES list the games in one order"
            );
        }
        assert_eq!(ENTRIES.len(), GameId::ALL.len());
    }

    #[test]
    fn tags_after_movetext_or_in_comments_do_not_count() {
        assert_eq!(
            GameId::from_tags("\u{feff}[Game \"Pylon\"]"),
            Some(GameId::Pylon)
        );
        assert_eq!(GameId::from_tags("[Event \"[Game \\\"GIPF\\\"]\"]"), None);
        assert_eq!(GameId::from_tags("[Game \"Go\"]"), None);
        assert_eq!(GameId::from_tags("{unclosed [Game \"GIPF\"]"), None);
    }
}
