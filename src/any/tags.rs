//! The once-tags rule, written once: a record says its game and each tag that decides how
//! it is read or set up at most once. [`DefaultGame::of_record`](super::DefaultGame::of_record) judges a whole tag section
//! by it (the mixed-archive readers); [`OnceTags`] judges tags one at a time as the record
//! grammar meets them (the typed readers hand it to the grammar).

use super::GameId;
use super::id::{named, section_tags};
use crate::grammar::{ReadAs, TagJudge};
use crate::text::unescape_tag;

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
/// [`ONCE_TAGS`] (a second tag of the name with another value, which the games would
/// silently pass over: they read the first). The same rule as
/// [`DefaultGame::of_record`](super::DefaultGame::of_record), whose messages these are, so that a record read as one game
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
