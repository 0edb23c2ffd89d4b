//! The reading layer's entry points that judge records' tags by the crate's games: the
//! record grammar knows no list of games, so whoever reads hands it a judge; these
//! constructors hand it [`OnceTags`], the one once-tags rule. They are inherent methods of
//! the reading layer's types ([`Record`], [`Reader`], [`Shard`], [`Converter`]), written
//! here, one layer up, so that the reading layer imports nothing of the any-game layer.

use std::io::{self, Read, Seek};

use super::OnceTags;
use crate::convert::Converter;
use crate::error::ParseError;
use crate::game::{Game, Mode};
use crate::grammar::TagJudge;
use crate::record::{Record, RecordBuilder};
use crate::stream::{Limits, Reader, Shard};
use crate::visit::Records;

/// The judge the crate's typed readers hand the grammar: the once-tags rule, which knows
/// the crate's games.
pub(crate) fn standard_judge() -> Option<Box<dyn TagJudge>> {
    Some(Box::new(OnceTags::default()))
}

impl<G: Game> Record<G> {
    /// Reads the first record of `input`.
    ///
    /// ```
    /// use gamenote::{Record, pylos::Pylos};
    /// assert_eq!(Record::<Pylos>::parse("1b2 1c3 *")?.plies.len(), 2);
    /// let err = Record::<Pylos>::parse("1b2 zz *").unwrap_err();
    /// assert_eq!((err.line, err.column), (1, 5));
    /// // A byte-order mark before the record is passed over.
    /// assert_eq!(Record::<Pylos>::parse("\u{feff}1b2 1c3 *")?.plies.len(), 2);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn parse(input: &str) -> Result<Self, ParseError> {
        Self::parse_judged(input, standard_judge())
    }

    /// Reads every record of `input`, one after the other; each is read or fails on its own.
    /// A broken record ends where any record ends, by the one rule of [`crate::stream`]: at
    /// the next line whose first non-blank byte is `[` once the record has movetext (no blank
    /// line is needed), or at a line holding a whole tag pair inside a comment left open.
    /// Reading goes on from there. See [`Record::iter`] to read them one at a time.
    ///
    /// ```
    /// use gamenote::{Record, pylos::Pylos};
    /// let all = Record::<Pylos>::parse_all("[Game \"Pylos\"]\n1b2 *\n\n[Game \"Pylos\"]\n1c3 1c4 *\n");
    /// assert_eq!(all.len(), 2);
    /// assert_eq!(all[1].as_ref().map(|r| r.plies.len()), Ok(2));
    /// ```
    pub fn parse_all(input: &str) -> Vec<Result<Self, ParseError>> {
        Self::iter(input).collect()
    }

    /// The records of `input`, read lazily one at a time (memory of one record), in time
    /// linear in the input however many records are broken.
    ///
    /// ```
    /// use gamenote::{Record, pylos::Pylos};
    /// let text = "1b2 1c3 *\n\n[Game \"Pylos\"]\n1b2 zz *\n\n[Game \"Pylos\"]\n1a1 *\n";
    /// let verdicts: Vec<_> = Record::<Pylos>::iter(text).map(|r| r.map(|r| r.plies.len())).collect();
    /// assert_eq!(verdicts[0], Ok(2));
    /// assert_eq!(verdicts[1].as_ref().unwrap_err().line, 4);
    /// assert_eq!(verdicts[2], Ok(1));
    /// ```
    pub fn iter(input: &str) -> Records<'_, G> {
        crate::visit::visit(input, RecordBuilder::default())
    }

    /// Reads one record starting at byte `offset` of `input`; returns it and the text after
    /// it. Errors carry positions in the whole `input`.
    ///
    /// ```
    /// use gamenote::{Record, pylos::Pylos};
    /// let text = "[Game \"Pylos\"]\n1b2 *\n\n[Game \"Pylos\"]\n1c3 *\n";
    /// let (first, rest) = Record::<Pylos>::parse_next(text, 0)?;
    /// assert_eq!(first.plies.len(), 1);
    /// assert!(rest.trim_start().starts_with("[Game"));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn parse_next(input: &str, offset: usize) -> Result<(Self, &str), ParseError> {
        Self::parse_next_judged(input, offset, standard_judge())
    }
}

impl<G: Game> std::str::FromStr for Record<G> {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, ParseError> {
        Record::parse(s)
    }
}

impl<R: Read> Reader<R> {
    /// A reader with the default [`Limits`].
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, stream::Reader, visit::Summarize};
    /// let mut reader = Reader::new("[Game \"Pylos\"]\n1b2 1c3 *\n".as_bytes());
    /// let summary = reader.read_record::<Pylos, _>(&mut Summarize::default()).unwrap()?;
    /// assert_eq!((summary.tags, summary.plies), (1, 2));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn new(input: R) -> Self {
        Self::with_limits(input, Limits::default())
    }

    /// A reader with the given limits.
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, stream::{Limits, Reader}, visit::Summarize};
    /// let text = format!("[Game \"Pylos\"]\n{{{}}} 1b2 *\n\n[Game \"Pylos\"]\n1c3 *\n", "x".repeat(100));
    /// let mut reader = Reader::with_limits(text.as_bytes(), Limits::default().max_record_bytes(64));
    /// let mut check = Summarize::default();
    /// let err = reader.read_record::<Pylos, _>(&mut check).unwrap().unwrap_err();
    /// assert_eq!((err.line, err.expected.as_str()), (1, "a record of at most 64 bytes"));
    /// assert_eq!(reader.read_record::<Pylos, _>(&mut check).unwrap()?.plies, 1);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn with_limits(input: R, limits: Limits) -> Self {
        Self::judged(input, limits, standard_judge())
    }
}

impl Shard {
    /// Reads the shard of `input` through visitors as [`Reader`] reads the whole file.
    ///
    /// ```
    /// use gamenote::{pylos::Pylos, stream::{Limits, Shard}, visit::Summarize};
    /// use std::io::Cursor;
    /// let text = "[Game \"Pylos\"]\n1b2 *\n\n[Game \"Pylos\"]\n1c3 zz *\n";
    /// let shard = Shard::new(22, text.len() as u64, 3);
    /// let mut reader = shard.reader(Cursor::new(text), Limits::default())?;
    /// let err = reader.read_record::<Pylos, _>(&mut Summarize::default()).unwrap().unwrap_err();
    /// assert_eq!((err.line, err.column), (5, 5));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn reader<R: Read + Seek>(
        &self,
        input: R,
        limits: Limits,
    ) -> io::Result<Reader<io::Take<R>>> {
        self.reader_judged(input, limits, standard_judge())
    }
}

impl<G: Game> Converter<G> {
    /// A converter to `style`, reading strictly or leniently.
    ///
    /// ```
    /// use gamenote::{convert::Converter, threeman::{Style, ThreeMan}, Mode};
    /// let converter = Converter::<ThreeMan>::new(Style::default(), Mode::Lenient);
    /// assert_eq!(converter.written(), 0);
    /// ```
    pub fn new(style: G::Style, mode: Mode) -> Self {
        Self::with_overrides(style, mode, &[])
    }

    /// The same, with tags that replace (or join) each record's own (the command line's
    /// `--rules`), as [`Checker::with_overrides`](crate::replay::Checker::with_overrides).
    ///
    /// ```
    /// use gamenote::{convert::Converter, gipf::{Gipf, Style}, Mode};
    /// let rules = [("Rules".to_string(), "tournament".to_string())];
    /// let mut converter = Converter::<Gipf>::with_overrides(Style::default(), Mode::Strict, &rules);
    /// let mut out = Vec::new();
    /// converter.convert_str("1.Ge2/Gd1-f2 *", &mut out)?;
    /// assert!(String::from_utf8(out)?.contains("[Rules \"tournament\"]"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_overrides(style: G::Style, mode: Mode, overrides: &[(String, String)]) -> Self {
        Self::judged(style, mode, overrides, standard_judge())
    }
}
