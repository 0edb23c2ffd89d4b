//! Reading a byte stream of records of mixed games: [`AnyReader`], `stream::Reader` with
//! each piece's game told by its own tags ([`DefaultGame::of_record`]).

use super::*;

/// A record of a stream that could not be read, or junk between records: the error, with
/// its line, column and span in the whole stream, and the game the record was read as.
///
/// ```
/// use gamenote::any::AnyReader;
/// use gamenote::GameId;
/// let text = "[Game \"Pylos\"]\n\n1b2 *\n\n[Game \"GIPF\"]\n\n1.a1-zz *\n";
/// let out: Vec<_> = AnyReader::new(text.as_bytes(), GameId::Pylos).collect();
/// let err = out[1].as_ref().unwrap_err();
/// assert_eq!((err.game, err.junk), (Some(GameId::Gipf), false));
/// assert_eq!((err.error.line, err.error.column), (7, 6));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{error}")]
#[non_exhaustive]
pub struct ReadError {
    /// The game the record was read as; `None` for junk, and for a record whose `[Game]`
    /// tags disagree with each other or with a given default.
    pub game: Option<GameId>,
    /// True for text between records that is no record ([`Item::Junk`]).
    pub junk: bool,
    /// What is wrong, and where in the stream.
    pub error: ParseError,
}

/// Reads the records of a byte stream whose games are not known in advance: each record
/// is read in the game its own `[Game]` tag names, else in the default game
/// ([`DefaultGame::of_record`]). Records are cut, and junk, bad bytes and long records are
/// handled, exactly as by [`Reader`] and every command of the command line (it is that
/// reader, with the game chosen for each piece of the stream); lines, columns and spans
/// count in the whole stream. The game of each record costs a look at its tag section
/// only.
///
/// As an [`Iterator`] it yields whole records; junk comes out as a [`ReadError`] whose
/// `junk` is set. [`AnyReader::check_next`] checks each record in one pass instead.
///
/// ```
/// use gamenote::any::AnyReader;
/// use gamenote::GameId;
/// let archive = "[Game \"Pylon\"]\n\n1. 1a1 1b1 *\n\nstray\n\n[Game \"Three-man chess\"]\n\n1. WHNa3 *\n";
/// let items: Vec<_> = AnyReader::new(archive.as_bytes(), GameId::Pylos)
///     .map(|r| r.map(|rec| rec.game()).map_err(|e| (e.junk, e.error.line)))
///     .collect();
/// assert_eq!(items, [Ok(GameId::Pylon), Err((true, 5)), Ok(GameId::ThreeMan)]);
/// ```
pub struct AnyReader<R> {
    reader: Reader<R>,
    default: DefaultGame,
    /// The game of the piece at hand; `None` before the first piece and after a skipped
    /// one.
    game: Option<GameId>,
    checkers: Checkers,
    /// The text of the piece at hand, shared by the records read from it (which keep it to
    /// place their replay's errors); `None` until a record of the piece is read.
    piece: Option<std::sync::Arc<str>>,
}

/// One checker a game, made when a record of the game is first met.
#[derive(Default)]
struct Checkers {
    mode: Mode,
    pylos: Option<Checker<Pylos>>,
    gipf: Option<Checker<Gipf>>,
    threeman: Option<Checker<ThreeMan>>,
    pylon: Option<Checker<Pylon>>,
}

/// A record of a stream checked in one pass ([`AnyReader::check_next`]).
///
/// ```
/// use gamenote::any::AnyReader;
/// use gamenote::{GameId, Mode};
/// let mut reader = AnyReader::new("[Game \"Pylos\"]\n1b2 1b2 *\n".as_bytes(), GameId::Pylos);
/// let checked = reader.check_next(Mode::Strict).unwrap();
/// assert_eq!((checked.game, checked.junk, checked.verdict.plies), (Some(GameId::Pylos), false, 1));
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Checked {
    /// The game the record was checked as; `None` for junk and for a record whose
    /// `[Game]` tags disagree.
    pub game: Option<GameId>,
    /// True for junk between records (the verdict holds its error).
    pub junk: bool,
    /// What checking found.
    pub verdict: Verdict,
}

impl<R: Read> AnyReader<R> {
    /// A reader whose records without a `[Game]` tag are read as `default`, and whose other
    /// records are read in their own tag's game
    /// ([`DefaultGame::Detected`]); default [`Limits`].
    ///
    /// ```
    /// use gamenote::any::AnyReader;
    /// use gamenote::GameId;
    /// let mut reader = AnyReader::new("1b2 *\n".as_bytes(), GameId::Pylos);
    /// assert_eq!(reader.next().unwrap()?.game(), GameId::Pylos);
    /// # Ok::<(), gamenote::any::ReadError>(())
    /// ```
    pub fn new(input: R, default: GameId) -> Self {
        Self::with_default(input, DefaultGame::Detected(default), Limits::default())
    }

    /// A reader with the rule for records without a tag (and, for
    /// [`DefaultGame::Given`], against records tagged with another game) and limits.
    ///
    /// ```
    /// use gamenote::any::AnyReader;
    /// use gamenote::any::DefaultGame;
    /// use gamenote::stream::Limits;
    /// use gamenote::GameId;
    /// let text = "[Game \"GIPF\"]\n\n1.a1-b2 *\n";
    /// let given = DefaultGame::Given(GameId::Pylos);
    /// let err = AnyReader::with_default(text.as_bytes(), given, Limits::default())
    ///     .next().unwrap().unwrap_err();
    /// assert_eq!((err.game, err.error.line, err.error.column), (None, 1, 8));
    /// ```
    pub fn with_default(input: R, default: DefaultGame, limits: Limits) -> Self {
        AnyReader {
            reader: Reader::with_limits(input, limits),
            default,
            game: None,
            checkers: Checkers::default(),
            piece: None,
        }
    }

    /// The game of the next piece, loading it; `None` at the end of the stream, and
    /// `Some(Err)` (the piece skipped) when its `[Game]` tags disagree.
    fn next_game(&mut self) -> Option<Result<GameId, ReadError>> {
        let (text, lines_before, offset) = self.reader.load_piece()?;
        self.piece = None;
        Some(match self.default.of_record(text) {
            Ok(id) => {
                self.game = Some(id);
                Ok(id)
            }
            Err(mut error) => {
                // Placed in the piece: move it to the stream.
                error.line += lines_before;
                error.span = error.span.start + offset as usize..error.span.end + offset as usize;
                self.game = None;
                self.reader.skip_piece();
                Err(ReadError {
                    game: None,
                    junk: false,
                    error,
                })
            }
        })
    }

    /// The next record, or the junk after one; `None` at the end of the stream.
    ///
    /// ```
    /// use gamenote::any::AnyReader;
    /// use gamenote::stream::Item;
    /// use gamenote::GameId;
    /// let text = "[Game \"Pylos\"]\n1b2 *\nstray\n";
    /// let mut reader = AnyReader::new(text.as_bytes(), GameId::Pylos);
    /// assert!(matches!(reader.read_item(), Some(Item::Record(Ok(_)))));
    /// let Some(Item::Junk(e)) = reader.read_item() else { panic!() };
    /// assert_eq!((e.line, e.column), (3, 1));
    /// assert!(reader.read_item().is_none());
    /// ```
    pub fn read_item(&mut self) -> Option<Item<Result<AnyRecord, ReadError>>> {
        loop {
            if let Some(id) = self.game {
                let item = crate::with_game!(id, G => {
                    let mut build = RecordBuilder::<G>::default();
                    let piece = &mut self.piece;
                    self.reader.step_placed::<G>(&mut build, piece).map(|item| match item {
                        Item::Record(r) => Item::Record(r.map(G::any_record).map_err(|error| {
                            ReadError { game: Some(id), junk: false, error }
                        })),
                        Item::Junk(e) => Item::Junk(e),
                    })
                });
                if item.is_some() {
                    return item;
                }
            }
            if let Err(e) = self.next_game()? {
                return Some(Item::Record(Err(e)));
            }
        }
    }

    /// Checks the next record in one pass (as `gamenote check` does: each move resolved
    /// and played as it is read, nothing kept), in its own game; junk comes out with its
    /// error in the verdict. `None` at the end of the stream.
    ///
    /// ```
    /// use gamenote::any::AnyReader;
    /// use gamenote::{Error, GameId, Mode};
    /// let text = "[Game \"Pylos\"]\n1b2 1c3 *\n\n[Game \"GIPF\"]\n[Rules \"basic\"]\n1.a1-b2 zz *\n";
    /// let mut reader = AnyReader::new(text.as_bytes(), GameId::Pylos);
    /// let first = reader.check_next(Mode::Strict).unwrap();
    /// assert_eq!((first.game, first.verdict.is_ok(), first.verdict.plies), (Some(GameId::Pylos), true, 2));
    /// let second = reader.check_next(Mode::Strict).unwrap();
    /// let Some(Error::Parse(e)) = &second.verdict.error else { panic!() };
    /// assert_eq!((second.game, e.line, e.column), (Some(GameId::Gipf), 6, 9));
    /// assert!(reader.check_next(Mode::Strict).is_none());
    /// ```
    pub fn check_next(&mut self, mode: Mode) -> Option<Checked> {
        if self.checkers.mode != mode {
            self.checkers = Checkers {
                mode,
                ..Checkers::default()
            };
        }
        loop {
            if let Some(id) = self.game {
                let item = match id {
                    GameId::Pylos => self.check_in::<Pylos>(id, mode, |c| &mut c.pylos),
                    GameId::Gipf => self.check_in::<Gipf>(id, mode, |c| &mut c.gipf),
                    GameId::ThreeMan => self.check_in::<ThreeMan>(id, mode, |c| &mut c.threeman),
                    GameId::Pylon => self.check_in::<Pylon>(id, mode, |c| &mut c.pylon),
                };
                if item.is_some() {
                    return item;
                }
            }
            if let Err(e) = self.next_game()? {
                return Some(Checked {
                    game: None,
                    junk: false,
                    verdict: failed(e.error),
                });
            }
        }
    }

    fn check_in<G: Game>(
        &mut self,
        id: GameId,
        mode: Mode,
        slot: impl FnOnce(&mut Checkers) -> &mut Option<Checker<G>>,
    ) -> Option<Checked> {
        let checker = slot(&mut self.checkers).get_or_insert_with(|| Checker::new(mode));
        Some(match self.reader.step_piece::<G, _>(checker)? {
            Item::Record(verdict) => Checked {
                game: Some(id),
                junk: false,
                verdict,
            },
            Item::Junk(e) => Checked {
                game: None,
                junk: true,
                verdict: failed(e),
            },
        })
    }
}

/// The verdict of a record that failed before any move: `error`.
fn failed(error: ParseError) -> Verdict {
    Verdict {
        plies: 0,
        result: None,
        error: Some(Error::Parse(error)),
        warnings: Vec::new(),
        warnings_omitted: 0,
    }
}

/// Whole records, in order; junk as a [`ReadError`] whose `junk` is set.
///
/// ```
/// use gamenote::{any::AnyReader, GameId};
/// let mut reader = AnyReader::new("[Game \"Pylos\"]\n1b2 *\nstray\n".as_bytes(), GameId::Pylos);
/// assert!(reader.next().unwrap().is_ok());
/// assert!(reader.next().unwrap().unwrap_err().junk);
/// assert!(reader.next().is_none());
/// ```
impl<R: Read> Iterator for AnyReader<R> {
    type Item = Result<AnyRecord, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        Some(match self.read_item()? {
            Item::Record(r) => r,
            Item::Junk(error) => Err(ReadError {
                game: None,
                junk: true,
                error,
            }),
        })
    }
}

/// The default game and the game of the piece at hand.
///
/// ```
/// use gamenote::{any::AnyReader, GameId};
/// let reader = AnyReader::new(&b""[..], GameId::Gipf);
/// assert!(format!("{reader:?}").contains("Detected(Gipf)"));
/// ```
impl<R> fmt::Debug for AnyReader<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AnyReader")
            .field("default", &self.default)
            .field("game", &self.game)
            .finish_non_exhaustive()
    }
}

/// Every record of `bytes` (a file's contents), each in its own game (`default` for a
/// record without a `[Game]` tag), junk as errors: [`AnyReader`] over a slice.
///
/// ```
/// use gamenote::any::parse_bytes;
/// use gamenote::GameId;
/// let out = parse_bytes(b"[Game \"GIPF\"]\n[Rules \"basic\"]\n1.a1-b2 *\n\n[Game \"Pylos\"]\n1b2 *\n", GameId::Pylos);
/// let games: Vec<_> = out.iter().map(|r| r.as_ref().map(|r| r.game()).ok()).collect();
/// assert_eq!(games, [Some(GameId::Gipf), Some(GameId::Pylos)]);
/// ```
pub fn parse_bytes(bytes: &[u8], default: GameId) -> Vec<Result<AnyRecord, ReadError>> {
    AnyReader::new(bytes, default).collect()
}
