//! The once-tags rule, written once: a record says its game and each tag that decides how
//! it is read or set up at most once. [`DefaultGame::of_record`] judges a whole tag section
//! by it (the mixed-archive readers); [`OnceTags`] judges tags one at a time as the record
//! grammar meets them (the typed readers hand it to the grammar).

use super::GameId;
use super::id::record_start;
use crate::grammar::{ReadAs, TagJudge};
use crate::text::{comment, tag_pair_raw, unescape_tag, ws};

/// The tags that decide how a record is read or set up, besides `[Game]`: a record gives
/// each at most one value (a second tag of the name must repeat the first's value). The
/// games read the first of each, so a second with another value would be silently ignored.
pub(crate) const ONCE_TAGS: [&str; 6] =
    ["Rules", "Size", "Style", "Position", "Variant", "Handicap"];

/// The first tag of `text`'s tag section that gives one of [`ONCE_TAGS`] another value
/// than the first tag of its name did: an error at its value.
pub(super) fn second_value(text: &str) -> Option<crate::ParseError> {
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

/// The once-tags rule as the record grammar meets a record's tags, one at a time: what a
/// record may say only once, its game (`[Game]` tags naming two games) and each of
/// `[Rules]`, `[Size]`, `[Style]`, `[Position]`, `[Variant]` and `[Handicap]` (a second tag
/// of the name with another value, which the games would silently pass over: they read the
/// first). The same rule as
/// [`DefaultGame::of_record`], whose messages these are, so that a record read as one game
/// (`Record<G>`, a typed visitor) is judged as the mixed-archive readers judge it; and a
/// first `[Game]` tag naming a known game other than the one read is an error at its value
/// too. The crate's typed readers hand this judge to the grammar.
///
/// ```
/// use gamenote::{any::OnceTags, pylos::Pylos, visit::{ReadAs, TagJudge}};
/// let mut judge = OnceTags::default();
/// let pylos = ReadAs::of::<Pylos>();
/// judge.begin_record();
/// assert_eq!(judge.tag(pylos, "Rules", "standard"), None);
/// assert_eq!(
///     judge.tag(pylos, "RULES", "basic").as_deref(),
///     Some("the value of the record's first [Rules] tag, \"standard\"")
/// );
/// assert_eq!(judge.tag(pylos, "Game", "GIPF").as_deref(), Some("the game being read, \"Pylos\""));
/// ```
#[derive(Debug, Default)]
pub struct OnceTags {
    /// Which of `ONCE_TAGS` the record has given (bits), and the first value of each.
    seen: u8,
    first: [String; ONCE_TAGS.len()],
    /// The game the record's first `[Game]` tag names, once read.
    game: Option<FirstGame>,
}

/// The game a record's first `[Game]` tag names.
#[derive(Debug, Clone, Copy)]
enum FirstGame {
    /// The game being read.
    Own,
    /// Another game, or (`None`) no known game: the record's game is then the default,
    /// and later `[Game]` tags are not looked at.
    Other(Option<GameId>),
}

impl OnceTags {
    /// What is expected instead of the value of the tag `name` (unescaped, as is `value`),
    /// when the record said otherwise before.
    #[inline]
    fn judge(&mut self, game: ReadAs, name: &str, value: &str) -> Option<String> {
        // Which name it may be, by its length and first letter: most tags cost two tests.
        let i = match (name.len(), name.as_bytes().first().map(|b| b | 0x20)) {
            (4, Some(b'g')) => return self.game_tag(game, name, value),
            (5, Some(b'r')) => 0,
            (4, Some(b's')) => 1,
            (5, Some(b's')) => 2,
            (8, Some(b'p')) => 3,
            (7, Some(b'v')) => 4,
            (8, Some(b'h')) => 5,
            _ => return None,
        };
        self.once(i, name, value)
    }

    /// [`OnceTags::tag`] for a name that may be `ONCE_TAGS[i]`.
    #[inline(never)]
    fn once(&mut self, i: usize, name: &str, value: &str) -> Option<String> {
        let once = &ONCE_TAGS;
        if !once[i].eq_ignore_ascii_case(name) {
            return None;
        }
        let bit = 1u8 << i;
        if self.seen & bit == 0 {
            self.seen |= bit;
            self.first[i].clear();
            self.first[i].push_str(value);
            return None;
        }
        (self.first[i] != value).then(|| {
            format!(
                "the value of the record's first [{}] tag, {:?}",
                once[i], self.first[i]
            )
        })
    }

    #[inline(never)]
    fn game_tag(&mut self, game: ReadAs, name: &str, value: &str) -> Option<String> {
        if name.eq_ignore_ascii_case("Game") {
            self.game(game, value)
        } else {
            None
        }
    }

    fn game(&mut self, game: ReadAs, value: &str) -> Option<String> {
        // The game's own tag name, as every writer here writes it, costs one comparison.
        let own = value == game.name;
        match self.game {
            None if own => {
                self.game = Some(FirstGame::Own);
                None
            }
            None => self.first_game(game, value),
            Some(FirstGame::Own) if own => None,
            Some(first) => Self::second_game(game, first, value),
        }
    }

    #[cold]
    fn first_game(&mut self, game: ReadAs, value: &str) -> Option<String> {
        let id = GameId::from_name(value);
        match id {
            Some(id) if id.name() == game.id => {
                self.game = Some(FirstGame::Own);
                None
            }
            Some(_) => {
                self.game = Some(FirstGame::Other(id));
                Some(format!("the game being read, {:?}", game.name))
            }
            None => {
                self.game = Some(FirstGame::Other(None));
                None
            }
        }
    }

    #[cold]
    fn second_game(game: ReadAs, first: FirstGame, value: &str) -> Option<String> {
        let id = GameId::from_name(value)?;
        let first_name = match first {
            FirstGame::Own if id.name() != game.id => game.name,
            FirstGame::Other(Some(first)) if id != first => first.tag_name(),
            _ => return None,
        };
        Some(format!(
            "the game of the record's first [Game] tag, {first_name:?}"
        ))
    }
}

impl TagJudge for OnceTags {
    fn begin_record(&mut self) {
        self.seen = 0;
        self.game = None;
    }

    #[inline]
    fn tag(&mut self, game: ReadAs, name: &str, value: &str) -> Option<String> {
        self.judge(game, name, value)
    }
}

/// Each `[Game]` tag of `text`'s tag section, in order: the game it names (`None` for
/// a name no game has) and the byte range of its value.
pub(super) fn game_tags(
    text: &str,
) -> impl Iterator<Item = Option<(GameId, std::ops::Range<usize>)>> {
    section_tags(text)
        .filter(|(name, _, _)| named(name, "Game"))
        .map(|(_, raw, span)| {
            let mut value = String::new();
            unescape_tag(raw, &mut value);
            GameId::from_name(&value).map(|id| (id, span))
        })
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

/// Whether a tag name as written is `name`, as `Record::tag` reads names: without case,
/// escapes undone.
pub(super) fn named(raw: &str, name: &str) -> bool {
    crate::text::unescaped(raw, &mut String::new()).eq_ignore_ascii_case(name)
}

/// Each tag of `text`'s tag section, in order: its name and value as written, and the byte
/// range of its value. Only those among the section's first
/// [`MAX_RECORD_ITEMS`](crate::record::MAX_RECORD_ITEMS) tags and comments, as many as a
/// record holds: the record grammar fails at the next one.
pub(super) fn section_tags(
    text: &str,
) -> impl Iterator<Item = (&str, &str, std::ops::Range<usize>)> {
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
            let mut tags = game_tags(text);
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
    let start = crate::grammar::record_start(text, 0)?;
    let mut scratch = crate::grammar::Scratch::default();
    let reads = crate::with_game!(default, G => {
        crate::grammar::read_dry::<G>(text, start, &mut scratch).is_some()
    });
    if reads {
        return None;
    }
    let known: Vec<&str> = GameId::ALL.iter().map(|g| g.tag_name()).collect();
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
/// [`game_tags`]), when the tag section is plain: blank space and `[Name "value"]`
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
            let id = GameId::by_tag_name(value_text).or_else(|| GameId::from_name(value_text));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plain_tag_scan_reads_game_tags_as_the_grammar_does() {
        let grammar = |text: &str| {
            let mut tags = game_tags(text);
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
}
