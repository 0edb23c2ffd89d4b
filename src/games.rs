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
#[non_exhaustive]
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

    fn entry(self) -> &'static Entry {
        &ENTRIES[self as usize]
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

    /// Each `[Game]` tag of `text`'s tag section, in order: the game it names (`None` for
    /// a name no game has) and the byte range of its value.
    fn game_tags(text: &str) -> impl Iterator<Item = Option<(GameId, std::ops::Range<usize>)>> {
        section_tags(text)
            .filter(|(name, _, _)| named(name, "Game"))
            .map(|(_, raw, span)| {
                let mut value = String::new();
                unescape_tag(raw, &mut value);
                GameId::from_name(&value).map(|id| (id, span))
            })
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

/// The game a record is read as when its own `[Game]` tag names none: the one rule every
/// reader of mixed archives follows ([`DefaultGame::of_record`]).
///
/// - A record's own `[Game]` tag (a real tag of its tag section, naming a known game or
///   alias) decides its game.
/// - A record without one is read as the default game.
/// - When the default was **given** (`--game`), a record whose tag names another game is an
///   error placed at the tag's value: the caller said what the records are.
/// - When the default was **detected** (from a file's first record or its extension), the
///   record's own tag wins silently.
///
/// ```
/// use gamenote::any::{DefaultGame, GameId};
/// let gipf = "[Game \"GIPF\"]\n\n1.a1-b2 *\n";
/// assert_eq!(DefaultGame::Detected(GameId::Pylos).of_record(gipf), Ok(GameId::Gipf));
/// assert_eq!(DefaultGame::Detected(GameId::Pylos).of_record("1b2 *"), Ok(GameId::Pylos));
/// let err = DefaultGame::Given(GameId::Pylos).of_record(gipf).unwrap_err();
/// assert_eq!((err.line, err.column, err.span.clone()), (1, 8, 7..11));
/// assert_eq!(err.message(), "expected the game given, \"Pylos\" (--game pylos), found \"GIPF\"");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DefaultGame {
    /// Given by the caller (`--game`): a record tagged with another game is an error.
    Given(GameId),
    /// Told from the input (its first record's tag, or its file name): a record's own tag
    /// wins.
    Detected(GameId),
}

/// Where the record of `text` starts: after the blanks and byte-order marks before it, in
/// any mix, as the record grammar and the stream's cutter pass them over (files joined by
/// `cat`, one indented or saved twice with a mark).
fn record_start(text: &str) -> usize {
    crate::visit::record_start(text, 0).unwrap_or(text.len())
}

/// Whether a tag name as written is `name`, as `Record::tag` reads names: without case,
/// escapes undone.
fn named(raw: &str, name: &str) -> bool {
    crate::text::unescaped(raw, &mut String::new()).eq_ignore_ascii_case(name)
}

/// Each tag of `text`'s tag section, in order: its name and value as written, and the byte
/// range of its value. Only those among the section's first
/// [`MAX_RECORD_ITEMS`](crate::record::MAX_RECORD_ITEMS) tags and comments, as many as a
/// record holds: the record grammar fails at the next one.
fn section_tags(text: &str) -> impl Iterator<Item = (&str, &str, std::ops::Range<usize>)> {
    let mut rest = &text[record_start(text)..];
    let mut items = 0;
    std::iter::from_fn(move || {
        loop {
            rest = ws(rest).map_or(rest, |(r, _)| r);
            if items == crate::record::MAX_RECORD_ITEMS {
                return None;
            }
            items += 1;
            if let Ok((r, _)) = comment(rest) {
                rest = r;
                continue;
            }
            let (r, (name, raw)) = tag_pair_raw(rest).ok()?;
            rest = r;
            let start = raw.as_ptr() as usize - text.as_ptr() as usize;
            return Some((name, raw, start..start + raw.len()));
        }
    })
}

/// The tags of the tag section at the start of `text` (one record, as
/// [`RecordReader`](crate::stream::RecordReader) hands it out), names and values unescaped,
/// in order, read as no game reads them: what a record wrote even when it cannot be read as
/// one game, such as a record whose two `[Game]` tags name two games. Comments between the
/// tags are skipped; the section ends at the first thing that is not a tag, or after the
/// most tags and comments a record holds ([`MAX_RECORD_ITEMS`](crate::record::MAX_RECORD_ITEMS)).
///
/// ```
/// use gamenote::any::written_tags;
/// let text = "[Game \"Pylos\"]\n{a comment}\n[Event \"a \\\"b\\\"\"]\n[Game \"GIPF\"]\n\n1b2 *\n";
/// let tags = written_tags(text);
/// let pairs: Vec<(&str, &str)> = tags.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
/// assert_eq!(pairs, [("Game", "Pylos"), ("Event", "a \"b\""), ("Game", "GIPF")]);
/// assert!(written_tags("1b2 [Game \"Pylos\"] *").is_empty());
/// ```
pub fn written_tags(text: &str) -> Vec<(String, String)> {
    section_tags(text)
        .map(|(name, raw, _)| {
            let mut buf = String::new();
            let name = crate::text::unescaped(name, &mut buf).to_string();
            let mut value = String::new();
            unescape_tag(raw, &mut value);
            (name, value)
        })
        .collect()
}

/// The tags that decide how a record is read or set up, besides `[Game]`: a record gives
/// each at most one value (a second tag of the name must repeat the first's value). The
/// games read the first of each, so a second with another value would be silently ignored.
pub(crate) const ONCE_TAGS: [&str; 6] =
    ["Rules", "Size", "Style", "Position", "Variant", "Handicap"];

/// The first tag of `text`'s tag section that gives one of [`ONCE_TAGS`] another value
/// than the first tag of its name did: an error at its value.
fn second_value(text: &str) -> Option<crate::ParseError> {
    let mut first: [Option<String>; ONCE_TAGS.len()] = Default::default();
    for (name, raw, span) in section_tags(text) {
        let Some(i) = ONCE_TAGS.iter().position(|t| named(name, t)) else {
            continue;
        };
        let mut value = String::new();
        unescape_tag(raw, &mut value);
        match &first[i] {
            None => first[i] = Some(value),
            Some(v) if *v == value => {}
            Some(v) => {
                let mut e = crate::ParseError::at(
                    text,
                    span.start,
                    format!(
                        "the value of the record's first [{}] tag, {v:?}",
                        ONCE_TAGS[i]
                    ),
                );
                e.found = format!("{:?}", &text[span.clone()]);
                e.span = span;
                return Some(e);
            }
        }
    }
    None
}

impl DefaultGame {
    /// The default game itself.
    ///
    /// ```
    /// use gamenote::any::{DefaultGame, GameId};
    /// assert_eq!(DefaultGame::Given(GameId::Pylon).id(), GameId::Pylon);
    /// ```
    pub fn id(self) -> GameId {
        match self {
            DefaultGame::Given(id) | DefaultGame::Detected(id) => id,
        }
    }

    /// The game of the record whose text is `text` (a piece as
    /// [`RecordReader`](crate::stream::RecordReader) cuts it): its own `[Game]` tag, else
    /// the default; an error at the tag's value when the default was given and the tag names
    /// another game. A record says each thing once: a second `[Game]` tag naming another
    /// game, or a second `[Rules]`, `[Size]`, `[Style]`, `[Position]`, `[Variant]` or
    /// `[Handicap]` tag with another value than the first (the games read the first, so
    /// that the second would be silently ignored), is an
    /// error at the second tag's value. A record that says several wrong things fails at the
    /// first in the text (a first `[Game]` tag against a given game comes before a second
    /// tag that disagrees), as a typed reader (`Record<G>`) says. Lines and columns count
    /// from the start of `text`; the record starts after any blanks and byte-order marks.
    ///
    /// ```
    /// use gamenote::any::{DefaultGame, GameId};
    /// let pylon = "{a comment}\n[Event \"x\"]\n[Game \"pylon\"]\n\n1b2 *";
    /// assert_eq!(DefaultGame::Given(GameId::Pylon).of_record(pylon), Ok(GameId::Pylon));
    /// let err = DefaultGame::Given(GameId::Gipf).of_record(pylon).unwrap_err();
    /// assert_eq!((err.line, err.column), (3, 8));
    /// // Two [Game] tags naming two games: an error at the second, whatever the default.
    /// let two = "[Game \"Pylos\"]\n[Game \"Pylon\"]\n\n1b2 *\n";
    /// let err = DefaultGame::Detected(GameId::Pylos).of_record(two).unwrap_err();
    /// assert_eq!((err.line, err.column), (2, 8));
    /// assert_eq!(
    ///     err.message(),
    ///     "expected the game of the record's first [Game] tag, \"Pylos\", found \"Pylon\""
    /// );
    /// // Two [Rules] tags with two values: an error at the second; a repeated value is fine.
    /// let two = "[Game \"Pylos\"]\n[Rules \"standard\"]\n[Rules \"basic\"]\n\n1b2 *\n";
    /// let err = DefaultGame::Detected(GameId::Pylos).of_record(two).unwrap_err();
    /// assert_eq!((err.line, err.column), (3, 9));
    /// assert_eq!(
    ///     err.message(),
    ///     "expected the value of the record's first [Rules] tag, \"standard\", found \"basic\""
    /// );
    /// let same = "[Rules \"basic\"]\n[Rules \"basic\"]\n\n1b2 *\n";
    /// assert_eq!(DefaultGame::Given(GameId::Pylos).of_record(same), Ok(GameId::Pylos));
    /// ```
    pub fn of_record(self, text: &str) -> Result<GameId, crate::ParseError> {
        // Most tag sections are plain (`[Name "value"]` lines, no comments or escapes):
        // they are read by a byte scan, once per record; anything else by the grammar.
        // The byte scan also holds `[Rules]`, `[Size]` and `[Style]` to one value each; it
        // leaves a section that repeats one with another value to the grammar.
        let plain = plain_game_tags(text);
        let once_checked = plain.is_some();
        if plain.is_none()
            && let Some(e) = unknown_game_tag(text, self.id())
        {
            return Err(e);
        }
        let (first, mut other_game) = plain.unwrap_or_else(|| {
            let mut tags = GameId::game_tags(text);
            let first = tags.next().flatten();
            let other = match &first {
                Some((id, _)) => tags.flatten().find(|(other, _)| other != id),
                None => None,
            };
            (first, other)
        });
        // A first `[Game]` tag naming another game than the one given: the first error met
        // when nothing before it is wrong (it comes before any second `[Game]` tag).
        let against_given = match (self, &first) {
            (DefaultGame::Given(given), Some((id, span))) if *id != given => Some(span.start),
            _ => None,
        };
        // A second `[Rules]`, `[Size]` or `[Style]` saying otherwise, before any second
        // `[Game]` that does: the record says two things, and the first one met is the error.
        if !once_checked
            && let Some(e) = second_value(text)
            && against_given.is_none_or(|at| e.span.start < at)
            && other_game
                .as_ref()
                .is_none_or(|(_, span)| e.span.start < span.start)
        {
            return Err(e);
        }
        if against_given.is_some() {
            other_game = None;
        }
        // A later `[Game]` tag naming another game: the record says two things.
        if let Some((id, _)) = &first
            && let Some((_, span)) = other_game
        {
            let mut e = crate::ParseError::at(
                text,
                span.start,
                format!(
                    "the game of the record's first [Game] tag, {:?}",
                    id.tag_name()
                ),
            );
            e.found = format!("{:?}", &text[span.clone()]);
            e.span = span;
            return Err(e);
        }
        match (self, first) {
            (DefaultGame::Given(given), Some((id, span))) if id != given => {
                let mut e = crate::ParseError::at(
                    text,
                    span.start,
                    format!("the game given, {:?} (--game {given})", given.tag_name()),
                );
                e.found = format!("{:?}", &text[span.clone()]);
                e.span = span;
                Err(e)
            }
            (_, Some((id, _))) => Ok(id),
            (d, None) => Ok(d.id()),
        }
    }
}

/// The error of a record whose first `[Game]` tag names no known game (`[Game "Chess"]`)
/// and that does not read as the `default` game either: at the tag's value, naming the
/// value and the known games, rather than the default game's grammar error on its first
/// move ("expected a Pylos move, found e4"). A record that reads as the default game keeps
/// its tag as a title (GF1 writes `[Game "GF1 random basic 2"]` on its GIPF records).
fn unknown_game_tag(text: &str, default: GameId) -> Option<crate::ParseError> {
    let (_, raw, span) = section_tags(text).find(|(name, _, _)| named(name, "Game"))?;
    let mut value = String::new();
    unescape_tag(raw, &mut value);
    if GameId::from_name(&value).is_some() {
        return None;
    }
    let start = crate::visit::record_start(text, 0)?;
    let mut scratch = crate::visit::Scratch::default();
    let reads = crate::with_game!(default, G => {
        crate::visit::read_dry::<G>(text, start, &mut scratch).is_some()
    });
    if reads {
        return None;
    }
    let known: Vec<&str> = ENTRIES.iter().map(|e| e.tag).collect();
    let mut e = crate::ParseError::at(
        text,
        span.start,
        format!("the name of a known game ({})", known.join(", ")),
    );
    e.found = format!("{:?}", crate::error::excerpt(&value));
    e.span = span;
    Some(e)
}

/// The first `[Game]` tag of `text`'s tag section naming a known game and the first later
/// one naming another (as [`DefaultGame::of_record`] reads them through
/// [`GameId::game_tags`]), when the tag section is plain: blank space and `[Name "value"]`
/// pairs whose names are letters, digits, `_` and `-` and whose values hold no escape and
/// no line end. `None` for anything else (comments, escapes, quoted names, a `[` that is
/// no such pair), which the grammar reads.
type GameTag = (GameId, std::ops::Range<usize>);

/// The bytes of a tag name written unquoted: letters, digits, `_` and `-`.
static NAME_BYTE: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'_' || b == b'-';
        c += 1;
    }
    t
};

fn plain_game_tags(text: &str) -> Option<(Option<GameTag>, Option<GameTag>)> {
    let b = text.as_bytes();
    let mut i = record_start(text);
    let mut first: Option<Option<GameTag>> = None;
    // The first value of each of `ONCE_TAGS`: a second tag of the name with another value
    // sends the section to the grammar, which says where it is.
    let mut once: [Option<&[u8]>; ONCE_TAGS.len()] = [None; ONCE_TAGS.len()];
    // Tags past the most a record holds are not judged: the grammar fails at the first.
    let mut items = 0;
    let sp = |i: &mut usize| {
        while b.get(*i).is_some_and(|&c| c == b' ' || c == b'\t') {
            *i += 1;
        }
    };
    loop {
        while b.get(i).is_some_and(|&c| crate::text::is_space(c)) {
            i += 1;
        }
        match b.get(i) {
            Some(b'[') if items < crate::record::MAX_RECORD_ITEMS => items += 1,
            Some(b'{') => return None,
            // The tags are over.
            _ => return Some((first.flatten(), None)),
        }
        i += 1;
        sp(&mut i);
        let name_start = i;
        i += b[i..]
            .iter()
            .take_while(|&&c| NAME_BYTE[usize::from(c)])
            .count();
        let name = &b[name_start..i];
        if name.is_empty() {
            return None;
        }
        sp(&mut i);
        if b.get(i) != Some(&b'"') {
            return None;
        }
        i += 1;
        let value_start = i;
        let len = b[i..]
            .iter()
            .position(|&c| matches!(c, b'"' | b'\\' | b'\n' | b'\r'))?;
        i += len;
        if b[i] != b'"' {
            return None;
        }
        let value = value_start..i;
        i += 1;
        sp(&mut i);
        if b.get(i) != Some(&b']') {
            return None;
        }
        i += 1;
        if let Some(k) = ONCE_TAGS
            .iter()
            .position(|t| name.eq_ignore_ascii_case(t.as_bytes()))
        {
            match once[k] {
                None => once[k] = Some(&b[value.clone()]),
                Some(v) if v == &b[value.clone()] => {}
                Some(_) => return None,
            }
        }
        if name.eq_ignore_ascii_case(b"Game") {
            // The value is whole characters: it lies between two ASCII quotes.
            let value_text = &text[value.clone()];
            // The game's own tag name, as written by every writer here, is found without
            // the case-blind search over every name and alias (the same game: a test holds
            // `from_name` to it).
            let id = match ENTRIES.iter().find(|e| e.tag == value_text) {
                Some(e) => Some(e.id),
                None => GameId::from_name(value_text),
            };
            match (&first, id) {
                (None, id) => {
                    // A first `[Game]` tag naming no game: the record's game is the default.
                    // The scan stops here, so the rest of the section (a second `[Rules]`
                    // among it) is left to the grammar.
                    id?;
                    first = Some(id.map(|id| (id, value)));
                }
                (Some(Some((known, _))), Some(id)) if id != *known => {
                    return Some((first.flatten(), Some((id, value))));
                }
                _ => {}
            }
        }
    }
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

/// Runs `$body` with the type `$g` bound to the game a [`GameId`](crate::any::GameId)
/// names: the one place where a run-time choice becomes a type.
///
/// ```
/// use gamenote::{any::GameId, with_game, prelude::*};
/// let extensions: Vec<&str> = GameId::ALL
///     .iter()
///     .map(|&id| with_game!(id, G => G::EXTENSION))
///     .collect();
/// assert_eq!(extensions, ["pylos", "gipf", "3mc", "pylon"]);
/// ```
#[macro_export]
macro_rules! with_game {
    ($id:expr, $g:ident => $body:expr) => {
        match $id {
            $crate::any::GameId::Pylos => {
                type $g = $crate::pylos::Pylos;
                $body
            }
            $crate::any::GameId::Gipf => {
                type $g = $crate::gipf::Gipf;
                $body
            }
            $crate::any::GameId::ThreeMan => {
                type $g = $crate::threeman::ThreeMan;
                $body
            }
            $crate::any::GameId::Pylon => {
                type $g = $crate::pylon::Pylon;
                $body
            }
            // `GameId` is non-exhaustive outside this crate; this macro names every game of
            // the same version, so a fifth game comes with a fifth arm here.
            #[allow(unreachable_patterns)]
            _ => unreachable!("every GameId has an arm in with_game!"),
        }
    };
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
    fn the_plain_tag_scan_reads_game_tags_as_the_grammar_does() {
        let grammar = |text: &str| {
            let mut tags = GameId::game_tags(text);
            let first = tags.next().flatten();
            let other = match &first {
                Some((id, _)) => tags.flatten().find(|(other, _)| other != id),
                None => None,
            };
            (first, other)
        };
        let texts = [
            "[Game \"Pylos\"]\n[Result \"*\"]\n\n1b2 *",
            "\u{feff}[Game \"GIPF\"]\n1.c2 *",
            "[Event \"x\"]\n[ game  \"pylon\" ]\n[Game \"Pylos\"]\n1b2 *",
            "[Game \"Pylos\"]\n[Rules \"standard\"]\n[rules \"standard\"]\n1b2 *",
            "[Game \"Pylos\"]\n[Game \"Chess\"]\n[Game \"pylos\"]\n[Game \"3 Man Chess\"]\n*",
            "[Game \"Pylos\"][Game \"GIPF\"] *",
            "[Game-x \"GIPF\"]\n*",
            "[Game \" Pylon \"]\n*",
            "[Game \"Pylos\"]\n1b2 [Game \"GIPF\"] *",
            "1b2 *",
            "",
            "  \n\t",
        ];
        for text in texts {
            let plain = plain_game_tags(text).unwrap_or_else(|| panic!("plain: {text:?}"));
            assert_eq!(plain, grammar(text), "{text:?}");
        }
        // What the scan leaves to the grammar.
        for text in [
            "{c}[Game \"GIPF\"]\n*",
            "[Game \"GI\\u0050F\"]\n*",
            "[\"Game\" \"GIPF\"]\n*",
            "[Game GIPF]\n*",
            "[Game \"Pylos\"]\n[Game \"GIPF\"\n*",
            // A first [Game] naming no game: the rest of the section is the grammar's.
            "[Game \"Go\"]\n[Game \"GIPF\"]\n*",
            // A second [Rules], [Size] or [Style] with another value: the grammar says where.
            "[Rules \"standard\"]\n[Game \"Pylos\"]\n[RULES \"basic\"]\n*",
            "[Size \"7\"]\n[Size \"8\"]\n*",
        ] {
            assert_eq!(plain_game_tags(text), None, "{text:?}");
        }
        assert_eq!(
            grammar("[Game \"Pylos\"]\n[Event \"a\\\"b\"]\n[Game \"GIPF\"]\n*").1,
            Some((GameId::Gipf, 37..41))
        );
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
