//! State, move generation and legality: a mailbox of 144 bytes with one 144-bit occupancy
//! bitboard per colour, moves generated from the compile-time tables of [`super::coord`].

#![allow(clippy::needless_range_loop)]

use std::fmt;

use super::Rules;
use super::coord::{
    Bits, Colour, KING, KING_MASK, KNIGHT, KNIGHT_MASK, PAWN_CAP_IN, PAWN_CAP_OUT, RAY_MASK, RAYS,
    REACH_TO, SQUARES, Square, Steps, moat_between, zone_moats,
};
use super::tables::{CLOSE, DIRS_TO, LINES_FREE, LINES_OF, PAWN_FROM, RAY_FREE, RAY_LIMIT};

/// A kind of piece.
///
/// ```
/// use gamenote::threeman::Kind;
/// assert_eq!((Kind::Knight.upper(), Kind::Knight.lower(), Kind::Knight.name()), ('N', 'n', "knight"));
/// assert_eq!(Kind::Queen as u8, 5);
/// assert!(Kind::Pawn < Kind::King);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Kind {
    /// Pawn.
    Pawn = 1,
    /// Knight.
    Knight = 2,
    /// Bishop.
    Bishop = 3,
    /// Rook.
    Rook = 4,
    /// Queen.
    Queen = 5,
    /// King.
    King = 6,
}

impl Kind {
    /// The kind of code 1..=6.
    ///
    /// ```
    /// use gamenote::threeman::Kind;
    /// assert_eq!(Kind::from_code(4), Some(Kind::Rook));
    /// assert_eq!(Kind::from_code(0), None);
    /// ```
    pub const fn from_code(c: u8) -> Option<Kind> {
        Some(match c {
            1 => Kind::Pawn,
            2 => Kind::Knight,
            3 => Kind::Bishop,
            4 => Kind::Rook,
            5 => Kind::Queen,
            6 => Kind::King,
            _ => return None,
        })
    }
    /// Upper-case letter used in moves (`P` for a pawn, which moves never write).
    ///
    /// ```
    /// use gamenote::threeman::Kind;
    /// assert_eq!(Kind::Bishop.upper(), 'B');
    /// assert_eq!(Kind::Pawn.upper(), 'P');
    /// ```
    pub const fn upper(self) -> char {
        ['P', 'N', 'B', 'R', 'Q', 'K'][self as usize - 1]
    }
    /// Lower-case letter used in position strings.
    ///
    /// ```
    /// use gamenote::threeman::Kind;
    /// assert_eq!(Kind::King.lower(), 'k');
    /// ```
    pub const fn lower(self) -> char {
        ['p', 'n', 'b', 'r', 'q', 'k'][self as usize - 1]
    }
    /// English name.
    ///
    /// ```
    /// use gamenote::threeman::Kind;
    /// assert_eq!(Kind::Queen.name(), "queen");
    /// ```
    pub const fn name(self) -> &'static str {
        ["pawn", "knight", "bishop", "rook", "queen", "king"][self as usize - 1]
    }
}

/// Piece byte: kind in bits 0–2, colour in bits 3–4, crossed pawn in bit 5; 0 = empty.
pub(crate) const CROSSED: u8 = 0x20;

pub(crate) const fn kind_of(p: u8) -> u8 {
    p & 7
}
pub(crate) const fn colour_of(p: u8) -> usize {
    ((p >> 3) & 3) as usize
}
pub(crate) const fn piece(kind: Kind, c: usize) -> u8 {
    kind as u8 | ((c as u8) << 3)
}

/// A piece on a square: colour, kind and, for pawns, whether it has crossed the centre.
///
/// ```
/// use gamenote::threeman::{Colour, Kind, Piece, Position, Square};
/// let start = Position::start(Default::default());
/// let queen = Piece { colour: Colour::Gray, kind: Kind::Queen, crossed: false };
/// assert_eq!(start.piece_at("GRe1".parse::<Square>()?), Some(queen));
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// Owner.
    pub colour: Colour,
    /// Kind.
    pub kind: Kind,
    /// A pawn that has crossed the centre (moves outward).
    pub crossed: bool,
}

const NONE: u8 = 255;

/// Move flags.
pub(crate) const F_CAPTURE: u8 = 1;
pub(crate) const F_EP: u8 = 2;
pub(crate) const F_CASTLE: u8 = 4;
pub(crate) const F_DOUBLE: u8 = 8;
pub(crate) const F_CROSSING: u8 = 16;
pub(crate) const F_KINGCAP: u8 = 32;

/// A complete move: origin, destination, promotion and what it does.
///
/// Castling is the king's move (`d1 → b1` or `d1 → f1`) with the castling flag.
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::threeman::{Colour, Notation, Position, ThreeMan};
/// let start = Position::start(Default::default());
/// let m = ThreeMan::resolve(&start, &"WHNa3".parse::<Notation>()?)?;
/// assert_eq!((m.from().to_string(), m.to().to_string()), ("WHb1".into(), "WHa3".into()));
/// assert!(!m.is_capture() && !m.is_castle() && m.promotion().is_none());
/// let mut next = start.clone();
/// next.play(m);
/// assert_eq!(next.side_to_move(), Colour::Gray);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    pub(crate) from: u8,
    pub(crate) to: u8,
    pub(crate) promo: u8,
    pub(crate) flags: u8,
}

impl Move {
    /// Origin square.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::threeman::{Position, ThreeMan};
    /// let start = Position::start(Default::default());
    /// let m = ThreeMan::resolve(&start, &"WHNf3".parse()?)?;
    /// assert_eq!(m.from().to_string(), "WHg1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from(self) -> Square {
        Square(self.from)
    }
    /// Destination square.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::threeman::{Position, ThreeMan};
    /// let start = Position::start(Default::default());
    /// let m = ThreeMan::resolve(&start, &"WHNf3".parse()?)?;
    /// assert_eq!(m.to().to_string(), "WHf3");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to(self) -> Square {
        Square(self.to)
    }
    /// The piece a pawn becomes.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::threeman::{position_string, Kind, ThreeMan};
    /// // a crossed gray pawn (`Gp'`) on WH e2, Gray to move
    /// let kings = "Black 8/8/8/8/8/3Bk4 Gray 8/8/8/8/8/3Gk4";
    /// let pos = position_string::parse(&format!("{kings} White 8/8/8/8/4Gp'3/3Wk4 G -/-/- - - WGB 0 1"), Default::default())?;
    /// let m = ThreeMan::resolve(&pos, &"WHe1=N".parse()?)?;
    /// assert_eq!(m.promotion(), Some(Kind::Knight));
    /// let err = ThreeMan::resolve(&pos, &"WHe1".parse()?).unwrap_err();
    /// assert!(err.reason.contains("must promote"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn promotion(self) -> Option<Kind> {
        Kind::from_code(self.promo)
    }
    /// Takes a piece (en passant included).
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::threeman::{position_string, ThreeMan};
    /// // a black rook on WH d4 faces the white king on WH d1, Black to move
    /// let kings = "Black 8/8/8/8/8/3Bk4 Gray 8/8/8/8/8/3Gk4";
    /// let pos = position_string::parse(&format!("{kings} White 8/8/3Br4/8/8/3Wk4 B -/-/- - - WGB 0 1"), Default::default())?;
    /// assert!(ThreeMan::resolve(&pos, &"WHRxd1".parse()?)?.is_capture());
    /// assert!(!ThreeMan::resolve(&pos, &"WHRd2".parse()?)?.is_capture());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_capture(self) -> bool {
        self.flags & F_CAPTURE != 0
    }
    /// En passant.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::threeman::{position_string, ThreeMan};
    /// // crossed gray and black pawns on WH d4 and f4 beside White's pawn on WH e2
    /// let kings = "Black 8/8/8/8/8/3Bk4 Gray 8/8/8/8/8/3Gk4";
    /// let s = format!("{kings} White 8/8/3Gp'1Bp'2/8/4Wp3/3Wk4 W -/-/- - - WGB 0 1");
    /// let mut pos = position_string::parse(&s, Default::default())?;
    /// let double = ThreeMan::resolve(&pos, &"WHe4".parse()?)?;
    /// assert!(!double.is_en_passant());
    /// pos.play(double);
    /// let m = ThreeMan::resolve(&pos, &"WHxe3".parse()?)?; // Gray takes the pawn passing d4
    /// assert!(m.is_en_passant() && m.is_capture());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_en_passant(self) -> bool {
        self.flags & F_EP != 0
    }
    /// Castling; [`Move::castle_long`] tells which.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::threeman::{position_string, ThreeMan};
    /// let kings = "Black 8/8/8/8/8/3Bk4 Gray 8/8/8/8/8/3Gk4";
    /// let pos = position_string::parse(&format!("{kings} White 8/8/8/8/8/Wr2Wk3Wr W KQ/-/- - - WGB 0 1"), Default::default())?;
    /// let m = ThreeMan::resolve(&pos, &"O-O".parse()?)?;
    /// assert!(m.is_castle());
    /// assert_eq!((m.from().to_string(), m.to().to_string()), ("WHd1".into(), "WHb1".into()));
    /// assert!(!ThreeMan::resolve(&pos, &"WHKe1".parse()?)?.is_castle());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_castle(self) -> bool {
        self.flags & F_CASTLE != 0
    }
    /// Queen-side castling (`O-O-O`, towards the h-file).
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::threeman::{position_string, ThreeMan};
    /// let kings = "Black 8/8/8/8/8/3Bk4 Gray 8/8/8/8/8/3Gk4";
    /// let pos = position_string::parse(&format!("{kings} White 8/8/8/8/8/Wr2Wk3Wr W KQ/-/- - - WGB 0 1"), Default::default())?;
    /// assert!(ThreeMan::resolve(&pos, &"O-O-O".parse()?)?.castle_long());
    /// assert!(!ThreeMan::resolve(&pos, &"O-O".parse()?)?.castle_long());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn castle_long(self) -> bool {
        self.is_castle() && self.to % 8 == (self.from % 8) - 2
    }
    /// A quiet move that crosses a (bridged) moat on every open route.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::threeman::{position_string, ThreeMan};
    /// // the white rook on WH a1 goes along rank 1 over the WG moat to GR h1
    /// let kings = "Black 8/8/8/8/8/3Bk4 Gray 8/8/8/8/8/3Gk4";
    /// let s = format!("{kings} White 8/8/8/8/8/Wr2Wk4 W -/-/- - - WGB 0 1");
    /// let open = position_string::parse(&s, "standard,open-moats".parse()?)?;
    /// assert!(ThreeMan::resolve(&open, &"GRRh1".parse()?)?.crosses_moat());
    /// assert!(!ThreeMan::resolve(&open, &"WHRb1".parse()?)?.crosses_moat());
    /// let standard = position_string::parse(&s, Default::default())?; // the moat is not bridged
    /// let err = ThreeMan::resolve(&standard, &"GRRh1".parse()?).unwrap_err();
    /// assert!(err.reason.contains("would cross the unbridged WG moat"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn crosses_moat(self) -> bool {
        self.flags & F_CROSSING != 0
    }
    /// Takes a king.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::threeman::{position_string, Colour, ThreeMan};
    /// // White's king was left attacked by the black rook on WH d4; Black takes it
    /// let kings = "Black 8/8/8/8/8/3Bk4 Gray 8/8/8/8/8/3Gk4";
    /// let mut pos = position_string::parse(&format!("{kings} White 8/8/3Br4/8/8/3Wk4 B -/-/- - - WGB 0 1"), Default::default())?;
    /// let m = ThreeMan::resolve(&pos, &"WHRxd1".parse()?)?;
    /// assert!(m.takes_king());
    /// pos.play(m);
    /// assert!(!pos.is_alive(Colour::White));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn takes_king(self) -> bool {
        self.flags & F_KINGCAP != 0
    }
}

/// The squares, with one occupancy set per colour and one per kind.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct Board {
    pub(crate) sq: [u8; SQUARES],
    pub(crate) occ: [Bits; 3],
    /// By kind code (index 0 unused).
    pub(crate) kinds: [Bits; 7],
}

impl Board {
    fn empty() -> Board {
        Board {
            sq: [0; SQUARES],
            occ: [Bits::EMPTY; 3],
            kinds: [Bits::EMPTY; 7],
        }
    }
    #[inline]
    fn put(&mut self, s: u8, p: u8) {
        self.sq[s as usize] = p;
        self.occ[colour_of(p)].set(s);
        self.kinds[kind_of(p) as usize].set(s);
    }
    #[inline]
    fn clear(&mut self, s: u8) {
        let p = self.sq[s as usize];
        if p != 0 {
            self.occ[colour_of(p)].unset(s);
            self.kinds[kind_of(p) as usize].unset(s);
            self.sq[s as usize] = 0;
        }
    }
    /// Moves the pieces of `m` (played by `side`); returns the piece taken, if any.
    #[inline(always)]
    fn apply(&mut self, m: Move, side: usize) -> u8 {
        let mut p = self.sq[m.from as usize];
        let mut taken = self.sq[m.to as usize];
        self.clear(m.from);
        self.clear(m.to);
        if kind_of(p) == Kind::Pawn as u8 {
            if m.promo != 0 {
                p = m.promo | ((side as u8) << 3);
            } else if p & CROSSED == 0 && m.from / 24 == 5 && m.to / 24 == 5 {
                p |= CROSSED;
            }
            if m.flags & F_EP != 0 {
                // the pawn that double-stepped stands one rank further in
                let victim = m.to + 24;
                taken = self.sq[victim as usize];
                self.clear(victim);
            }
        }
        if m.flags & F_CASTLE != 0 {
            let base = m.from - m.from % 8;
            let (rf, rt) = if m.to > m.from {
                (base + 7, base + 5)
            } else {
                (base, base + 3)
            };
            let rook = self.sq[rf as usize];
            self.clear(rf);
            self.put(rt, rook);
        }
        self.put(m.to, p);
        taken
    }
}

/// Which moats count and which may be crossed, derived from the position and its rules.
#[derive(Clone, Copy)]
struct MoatCtx {
    /// Moats that are not moats at all (an eliminated player's, under the options).
    ignore: u8,
    /// Moats a quiet move may cross.
    quiet_ok: u8,
}

/// What a scan from the side to move's king found: in check, and the own pieces pinned to
/// it (see [`Position::king_scan`]).
type Scan = (bool, Bits);

/// The king scan of the side to move, kept from the end of [`Position::settle`] (which needs
/// it to judge the seat) for the generation and resolving that follow in the same position.
/// Derived from the rest of the position, so it never takes part in comparing or hashing;
/// every change of the position clears it.
#[derive(Clone, Copy, Default)]
pub(crate) struct ScanCache(Option<Scan>);

impl PartialEq for ScanCache {
    fn eq(&self, _: &ScanCache) -> bool {
        true
    }
}
impl Eq for ScanCache {}
impl std::hash::Hash for ScanCache {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// What [`Position::play_noting`] learnt about the move it played, kept in the position after it so
/// that the `+`/`#` marks of the move can be checked from that position alone (see
/// [`Position::mark_after`]): the move, its mover, the fields that judging the next seat may
/// change as they stood right after the move, and whether that judging found the first seat
/// judged in check with no legal move. Like [`ScanCache`], derived, never compared or hashed,
/// and cleared by every other change.
#[derive(Clone, Copy, Default)]
pub(crate) struct PlayedCache(Option<Played>);

#[derive(Clone, Copy)]
pub(crate) struct Played {
    m: Move,
    mover: u8,
    alive: u8,
    castling: u8,
    bridged: u8,
    ep: [u8; 3],
    /// `None` when judging passed a seat whose en-passant square the mark's own test keeps,
    /// or when the next seat was not judged ([`Position::play_unsettled_noting`]): the `#`
    /// test then rebuilds the position right after the move (see [`Position::mark_after`]);
    /// else whether the next live seat was mated.
    mated: Option<bool>,
    /// The seats whose kings judging the next seat found attacked by no one (bit `c` for
    /// seat `c`; the first live seat after the mover when it has a legal move and was not in
    /// check): [`Position::mark_after`] needs no attack test of their kings.
    clear: u8,
    /// Set by [`Position::note_alone`]: the move was the only legal move of its piece's kind
    /// to its target, so its short notation names no origin.
    alone: bool,
}

impl PartialEq for PlayedCache {
    fn eq(&self, _: &PlayedCache) -> bool {
        true
    }
}
impl Eq for PlayedCache {}
impl std::hash::Hash for PlayedCache {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// Set when the side to move has not been judged yet (see [`Position::play_unsettled`]).
/// Never compared or hashed: an unsettled position is only held by replay, which settles it
/// before anyone else reads it.
#[derive(Clone, Copy, Default)]
pub(crate) struct Unsettled(pub(crate) bool);

impl PartialEq for Unsettled {
    fn eq(&self, _: &Unsettled) -> bool {
        true
    }
}
impl Eq for Unsettled {}
impl std::hash::Hash for Unsettled {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// A position: pieces, side to move, castling rights, en-passant squares, bridged moats,
/// players alive, clocks, and the rules in force.
///
/// ```
/// use gamenote::threeman::{position_string, Position, Rules};
/// let start = Position::start(Rules::default());
/// let text = position_string::write(&start);
/// assert_eq!(position_string::parse(&text, Rules::default())?, start);
/// assert_eq!(format!("{start:?}"), format!("Position({text})"));
/// # Ok::<(), gamenote::ParseError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) kings: [u8; 3],
    pub(crate) side: u8,
    /// Bit `2c`: king side (`O-O`), bit `2c+1`: queen side.
    pub(crate) castling: u8,
    /// Passed square of the last double step of each seat.
    pub(crate) ep: [u8; 3],
    pub(crate) bridged: u8,
    pub(crate) alive: u8,
    pub(crate) draw: bool,
    pub(crate) clock: u32,
    pub(crate) round: u32,
    pub(crate) rules: Rules,
    /// The king scan of the side to move, when known.
    pub(crate) scan: ScanCache,
    /// The move that made this position, when [`Position::play_noting`] made it.
    pub(crate) played: PlayedCache,
    /// The side to move is still to be judged.
    pub(crate) unsettled: Unsettled,
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", super::position_string::write(self))
    }
}

/// Why a written move is not one of the legal moves of a piece; see [`Position::explain`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Why {
    Legal,
    KingInCheck,
    AttacksAfterCrossing,
    MoatCrossing(u8),
    CaptureAcrossMoat,
    Creek,
    Blocked,
    NothingToTake,
    Unreachable,
    CastlingRights,
    CastlingThroughCheck,
    CastlingInCheck,
}

impl Position {
    /// The start position under `rules`.
    ///
    /// ```
    /// use gamenote::threeman::{Colour, Position};
    /// let start = Position::start(Default::default());
    /// assert_eq!(start.side_to_move(), Colour::White);
    /// assert!(start.is_alive(Colour::Black) && !start.in_check() && !start.is_over());
    /// let mut moves = Vec::new();
    /// start.legal_moves(&mut moves);
    /// assert_eq!(moves.len() as u64, start.count_legal());
    /// assert_eq!((start.clock(), start.round()), (0, 1));
    /// ```
    pub fn start(rules: Rules) -> Position {
        let mut b = Board::empty();
        let back = [
            Kind::Rook,
            Kind::Knight,
            Kind::Bishop,
            Kind::King,
            Kind::Queen,
            Kind::Bishop,
            Kind::Knight,
            Kind::Rook,
        ];
        for c in 0..3 {
            for (x, k) in back.iter().enumerate() {
                let s = Square::from_article(Colour::from_index(c), x as u8, 0);
                b.put(s.0, piece(*k, c));
                let s = Square::from_article(Colour::from_index(c), x as u8, 1);
                b.put(s.0, piece(Kind::Pawn, c));
            }
        }
        Position {
            board: b,
            kings: [4, 12, 20],
            side: 0,
            castling: 0b111111,
            ep: [NONE; 3],
            bridged: 0,
            alive: 0b111,
            draw: false,
            clock: 0,
            round: 1,
            rules,
            scan: ScanCache(None),
            played: PlayedCache(None),
            unsettled: Unsettled(false),
        }
    }

    /// An empty board with White to move and all three players alive (for set-ups).
    pub(crate) fn empty(rules: Rules) -> Position {
        Position {
            board: Board::empty(),
            kings: [NONE; 3],
            side: 0,
            castling: 0,
            ep: [NONE; 3],
            bridged: 0,
            alive: 0b111,
            draw: false,
            clock: 0,
            round: 1,
            rules,
            scan: ScanCache(None),
            played: PlayedCache(None),
            unsettled: Unsettled(false),
        }
    }

    /// The piece on a square.
    ///
    /// ```
    /// use gamenote::threeman::{Colour, Position, Square};
    /// let start = Position::start(Default::default());
    /// let king = start.piece_at("WHd1".parse::<Square>()?).expect("a piece on d1");
    /// assert_eq!(king.colour, Colour::White);
    /// assert_eq!(start.piece_at("WHd4".parse()?), None);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn piece_at(&self, s: Square) -> Option<Piece> {
        let p = *self.board.sq.get(s.index())?;
        Some(Piece {
            colour: Colour::from_index(colour_of(p)),
            kind: Kind::from_code(kind_of(p))?,
            crossed: p & CROSSED != 0,
        })
    }
    pub(crate) fn set_piece(&mut self, s: Square, p: Option<Piece>) {
        self.scan = ScanCache(None);
        self.played = PlayedCache(None);
        self.board.clear(s.0);
        if let Some(p) = p {
            let mut b = piece(p.kind, p.colour.index());
            if p.crossed {
                b |= CROSSED;
            }
            self.board.put(s.0, b);
        }
    }
    /// The colour to move.
    ///
    /// ```
    /// use gamenote::{record, Mode, Record, threeman::{Colour, ThreeMan}};
    /// let rec: Record<ThreeMan> = "1. WHNf3 GRNf3 BLNf3 2. WHNg1 *".parse()?;
    /// let end = record::replay(&rec, Mode::Strict).end;
    /// assert_eq!(end.side_to_move(), Colour::Gray);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn side_to_move(&self) -> Colour {
        Colour::from_index(self.side as usize)
    }
    /// True while `c` is in the game.
    ///
    /// ```
    /// use gamenote::threeman::{position_string, Colour, Position};
    /// assert!(Position::start(Default::default()).is_alive(Colour::Gray));
    /// // without a gray king Gray is out
    /// let s = "Black 8/8/8/8/8/3Bk4 Gray 8/8/8/8/8/8 White 8/8/8/8/8/3Wk4";
    /// let pos = position_string::parse(s, Default::default())?;
    /// assert!(!pos.is_alive(Colour::Gray) && pos.is_alive(Colour::Black));
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn is_alive(&self, c: Colour) -> bool {
        self.alive & (1 << c as u8) != 0
    }
    /// The rules in force.
    ///
    /// ```
    /// use gamenote::threeman::{Position, Rules};
    /// let rules: Rules = "standard,ep-next-only".parse()?;
    /// let start = Position::start(rules);
    /// assert!(start.rules().ep_next_only);
    /// assert_eq!(start.rules(), rules);
    /// # Ok::<(), gamenote::ValueError>(())
    /// ```
    pub fn rules(&self) -> Rules {
        self.rules
    }
    /// Bridged moats (bits `WG`, `GB`, `BW`).
    ///
    /// ```
    /// use gamenote::threeman::{coord::{MOAT_GB, MOAT_WG}, position_string, Position};
    /// assert_eq!(Position::start(Default::default()).bridged_moats(), 0);
    /// // Gray's rank 1 is empty (its king stands on GR d2): both of Gray's moats are bridged
    /// let s = "Black 8/8/8/8/8/3Bk4 Gray 8/8/8/8/3Gk4/8 White 8/8/8/8/8/3Wk4";
    /// assert_eq!(position_string::parse(s, Default::default())?.bridged_moats(), MOAT_WG | MOAT_GB);
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn bridged_moats(&self) -> u8 {
        self.bridged
    }
    /// Moves since the last capture or pawn move.
    ///
    /// ```
    /// use gamenote::{record, Mode, Record, threeman::{Colour, ThreeMan}};
    /// let rec: Record<ThreeMan> = "1. WHNf3 GRNf3 BLNf3 2. WHNg1 *".parse()?;
    /// let end = record::replay(&rec, Mode::Strict).end;
    /// assert_eq!(end.clock(), 4); // four knight moves
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn clock(&self) -> u32 {
        self.clock
    }
    /// The round (move number), from 1.
    ///
    /// ```
    /// use gamenote::{record, Mode, Record, threeman::{Colour, ThreeMan}};
    /// let rec: Record<ThreeMan> = "1. WHNf3 GRNf3 BLNf3 2. WHNg1 *".parse()?;
    /// let end = record::replay(&rec, Mode::Strict).end;
    /// assert_eq!(end.round(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn round(&self) -> u32 {
        self.round
    }
    /// True after a two-player stalemate.
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::threeman::{position_string, ThreeMan};
    /// // White and Black are left; White's king step leaves the black king on BL h1 no move
    /// let s = "Black 8/8/6Wr1/8/4Wq3/7Bk Gray 8/8/8/8/Gp7/Gn7 White 8/8/8/8/8/3Wk4 W -/-/- - - WB 0 1";
    /// let mut pos = position_string::parse(s, Default::default())?;
    /// assert!(!pos.is_draw());
    /// pos.play(ThreeMan::resolve(&pos, &"WHKe1".parse()?)?);
    /// assert!(pos.is_draw());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_draw(&self) -> bool {
        self.draw
    }
    /// True when the game is over (one player left, or drawn).
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::threeman::{position_string, ThreeMan};
    /// // White and Black are left; White's king step leaves the black king on BL h1 no move
    /// let s = "Black 8/8/6Wr1/8/4Wq3/7Bk Gray 8/8/8/8/Gp7/Gn7 White 8/8/8/8/8/3Wk4 W -/-/- - - WB 0 1";
    /// let mut pos = position_string::parse(s, Default::default())?;
    /// assert!(!pos.is_over());
    /// pos.play(ThreeMan::resolve(&pos, &"WHKe1".parse()?)?);
    /// assert!(pos.is_over());
    /// assert_eq!(ThreeMan::outcome(&pos), Some(Outcome::Draw(0b101)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_over(&self) -> bool {
        self.draw || at_most_one(self.alive)
    }

    #[inline]
    fn moat_ctx(&self) -> MoatCtx {
        let quiet_ok = if self.rules.open_moats {
            7
        } else {
            self.bridged
        };
        MoatCtx {
            ignore: moat_ignore(self.rules, self.alive),
            quiet_ok,
        }
    }

    /// True when square `t` is attacked, on board `b`, by a piece of a colour in `by`
    /// (a bit mask), counting moat rule 4 and the creeks.
    fn attacked(&self, b: &Board, t: u8, by: u8, ignore: u8) -> bool {
        let occ_by = occ_of(b, by);
        if occ_by.is_empty() {
            return false;
        }
        self.attacked_close(b, t, occ_by, ignore) || self.sliders_attack(b, t, occ_by, ignore)
    }

    /// Knight, king and pawn attacks on `t` by the pieces in `occ_by`.
    #[inline(always)]
    fn attacked_close(&self, b: &Board, t: u8, occ_by: Bits, ignore: u8) -> bool {
        let ti = t as usize;
        let near = occ_by & CLOSE[ti];
        if near.is_empty() {
            return false;
        }
        // A knight or king attacks along one of its steps that crosses no moat not ignored.
        let steps_hit = |steps: &Steps, pieces: Bits| {
            !pieces.is_empty()
                && (0..steps.len as usize)
                    .any(|i| steps.moat[i] & !ignore == 0 && pieces.has(steps.sq[i]))
        };
        if steps_hit(
            &KNIGHT[ti],
            KNIGHT_MASK[ti] & near & b.kinds[Kind::Knight as usize],
        ) || steps_hit(
            &KING[ti],
            KING_MASK[ti] & near & b.kinds[Kind::King as usize],
        ) {
            return true;
        }
        // pawns: uncrossed ones capture inward (creeks permitting), crossed ones outward
        let pawns = near & b.kinds[Kind::Pawn as usize];
        if pawns.is_empty() {
            return false;
        }
        let mut from = pawns & PAWN_FROM[ti][0];
        while let Some(p) = from.pop() {
            if b.sq[p as usize] & CROSSED == 0 && !self.creek_blocks(p, t) {
                return true;
            }
        }
        let mut from = pawns & PAWN_FROM[ti][1];
        while let Some(p) = from.pop() {
            if b.sq[p as usize] & CROSSED != 0 && moat_between(p, t) & !ignore == 0 {
                return true;
            }
        }
        false
    }

    /// Rook, bishop and queen attacks on `t` by the pieces in `occ_by` (which need not be
    /// the pieces of some colours: see [`Position::piece_attacks`]).
    fn sliders_attack(&self, b: &Board, t: u8, occ_by: Bits, ignore: u8) -> bool {
        let ti = t as usize;
        let dirs = slider_dirs(b, ti, occ_by, ignore);
        ray_sliders_attack(b, ti, dirs, ignore, |s, _| occ_by.has(s))
    }

    /// An uncrossed pawn on `from` may not capture onto `to` because of a creek.
    #[inline]
    fn creek_blocks(&self, from: u8, to: u8) -> bool {
        let r = from / 24;
        (r == 1 || r == 2) && (self.rules.strict_creeks || (from % 24) / 8 != (to % 24) / 8)
    }

    /// True when colour `c`'s king is attacked by a live opponent.
    pub(crate) fn in_check_on(&self, b: &Board, c: usize, alive: u8, ignore: u8) -> bool {
        let k = self.kings[c];
        k != NONE && self.attacked(b, k, alive & !(1 << c), ignore)
    }

    /// True when the side to move is in check.
    ///
    /// ```
    /// use gamenote::threeman::{position_string, Position};
    /// assert!(!Position::start(Default::default()).in_check());
    /// // the black rook on WH d4 attacks the white king on WH d1
    /// let s = "Black 8/8/8/8/8/3Bk4 Gray 8/8/8/8/8/3Gk4 White 8/8/3Br4/8/8/3Wk4 W -/-/- - - WGB 0 1";
    /// assert!(position_string::parse(s, Default::default())?.in_check());
    /// # Ok::<(), gamenote::ParseError>(())
    /// ```
    pub fn in_check(&self) -> bool {
        if let Some((check, _)) = self.scan.0 {
            return check;
        }
        let ctx = self.moat_ctx();
        self.in_check_on(&self.board, self.side as usize, self.alive, ctx.ignore)
    }

    /// Appends the moves of the piece on `from` (pseudo-legal: moats and creeks obeyed, king
    /// safety not checked) to `out`.
    fn piece_moves(&self, from: u8, ctx: MoatCtx, only: u8, out: &mut Buf) {
        let b = &self.board;
        let p = b.sq[from as usize];
        let me = colour_of(p);
        let own = b.occ[me];
        let all = b.occ[0] | b.occ[1] | b.occ[2];
        let kingcap = |t: u8| {
            if kind_of(b.sq[t as usize]) == Kind::King as u8 {
                F_CAPTURE | F_KINGCAP
            } else {
                F_CAPTURE
            }
        };
        let fi = from as usize;
        match kind_of(p) {
            1 => self.pawn_moves(from, p, ctx, out),
            2 | 6 => {
                let st = if kind_of(p) == 2 {
                    &KNIGHT[fi]
                } else {
                    &KING[fi]
                };
                for i in 0..st.len as usize {
                    let t = st.sq[i];
                    let m = st.moat[i] & !ctx.ignore;
                    if !all.has(t) {
                        if m == 0 {
                            out.push(mv(from, t, 0));
                        } else if m & !ctx.quiet_ok == 0 {
                            out.push(mv(from, t, F_CROSSING));
                        }
                    } else if !own.has(t) && m == 0 {
                        out.push(mv(from, t, kingcap(t)));
                    }
                }
            }
            k @ 3..=5 => {
                let dirs = match k {
                    3 => 4..8,
                    4 => 0..4,
                    _ => 0..8,
                };
                let (nc, cr, cap) = self.slider_targets(from, dirs, ctx, only);
                let mut set = nc | cr | cap;
                while let Some(t) = set.pop() {
                    let flags = if cap.has(t) {
                        kingcap(t)
                    } else if nc.has(t) {
                        0
                    } else {
                        F_CROSSING
                    };
                    out.push(mv(from, t, flags));
                }
            }
            _ => {}
        }
    }

    /// The squares the slider on `from` reaches along the rays `dirs` (only those holding
    /// `only`, unless 255): empty without crossing a moat, empty across a moat that quiet
    /// moves may cross, and enemy pieces it captures.
    #[inline]
    fn slider_targets(
        &self,
        from: u8,
        dirs: std::ops::Range<usize>,
        ctx: MoatCtx,
        only: u8,
    ) -> (Bits, Bits, Bits) {
        let b = &self.board;
        let fi = from as usize;
        let me = colour_of(b.sq[fi]);
        let all = b.occ[0] | b.occ[1] | b.occ[2];
        let lim = &RAY_LIMIT[fi];
        // squares before `free` cross no moat that counts; from there to `open` only moats
        // quiet moves may cross
        let free = ctx.ignore as usize & 7;
        let open = (ctx.ignore | ctx.quiet_ok) as usize & 7;
        let (mut nc, mut cr, mut cap) = (Bits::EMPTY, Bits::EMPTY, Bits::EMPTY);
        for d in dirs {
            if only != NONE && !RAY_MASK[fi][d].has(only) {
                continue;
            }
            let l1 = lim[d][open] as usize;
            if l1 == 0 {
                continue;
            }
            let l0 = lim[d][free] as usize;
            let sqs = &RAYS.sq[fi][d];
            // the first square taken: nothing further that way
            let p0 = b.sq[sqs[0] as usize];
            if p0 != 0 {
                if l0 > 0 && colour_of(p0) != me {
                    cap.set(sqs[0]);
                }
                continue;
            }
            let len = RAYS.len[fi][d] as usize;
            let mask = RAY_MASK[fi][d];
            if l0 == len && (mask & all).is_empty() {
                nc |= mask;
                continue;
            }
            for (i, &t) in sqs[..l1].iter().enumerate() {
                let p = b.sq[t as usize];
                if p != 0 {
                    if i < l0 && colour_of(p) != me {
                        cap.set(t);
                    }
                    break;
                }
                if i < l0 {
                    nc.set(t);
                } else {
                    cr.set(t);
                }
            }
        }
        (nc, cr, cap)
    }

    /// [`Position::count_legal`] out of check: the moves of a piece that is neither the king
    /// nor pinned are counted as sets, and only those that cross a moat, take a king or take
    /// en passant are tried on a copy of the board.
    fn count_free(&self, pinned: Bits) -> u64 {
        let ctx = self.moat_ctx();
        let s = self.side as usize;
        let b = &self.board;
        let own = b.occ[s];
        let all = b.occ[0] | b.occ[1] | b.occ[2];
        let kings_on = b.kinds[Kind::King as usize];
        let king = self.kings[s];
        let mut tried = own & pinned;
        if king != NONE {
            tried.set(king);
        }
        let mut n = 0u64;
        let mut buf = Buf::new();
        let mut free = own & !tried;
        while let Some(from) = free.pop() {
            let fi = from as usize;
            match kind_of(b.sq[fi]) {
                1 => {
                    let p = b.sq[fi];
                    if p & CROSSED == 0 && from < 120 {
                        // uncrossed, below rank 6: the common case, counted here (see
                        // `pawn_moves`)
                        let fwd = from + 24;
                        if !all.has(fwd) {
                            n += 1;
                            if from / 24 == 1 && !all.has(from + 48) {
                                n += 1;
                            }
                        }
                        for t in PAWN_CAP_IN[fi] {
                            if all.has(t)
                                && !own.has(t)
                                && !self.creek_blocks(from, t)
                                && (!kings_on.has(t)
                                    || self.legal_after(mv(from, t, F_CAPTURE | F_KINGCAP), ctx))
                            {
                                n += 1;
                            }
                        }
                        continue;
                    }
                    buf.n = 0;
                    self.pawn_moves(from, p, ctx, &mut buf);
                    for &m in buf.iter() {
                        if m.flags & (F_EP | F_KINGCAP | F_CROSSING) == 0
                            || self.legal_after(m, ctx)
                        {
                            n += 1;
                        }
                    }
                }
                k @ (2 | 6) => {
                    let st = if k == 2 { &KNIGHT[fi] } else { &KING[fi] };
                    for i in 0..st.len as usize {
                        let t = st.sq[i];
                        let m = st.moat[i] & !ctx.ignore;
                        let legal = if !all.has(t) {
                            m == 0
                                || (m & !ctx.quiet_ok == 0
                                    && self.legal_after(mv(from, t, F_CROSSING), ctx))
                        } else {
                            !own.has(t)
                                && m == 0
                                && (!kings_on.has(t)
                                    || self.legal_after(mv(from, t, F_CAPTURE | F_KINGCAP), ctx))
                        };
                        n += legal as u64;
                    }
                }
                k @ 3..=5 => {
                    let dirs = match k {
                        3 => 4..8,
                        4 => 0..4,
                        _ => 0..8,
                    };
                    let (nc, cr, cap) = self.slider_targets(from, dirs, ctx, NONE);
                    let crossing = cr & !nc;
                    let kingcap = cap & kings_on;
                    n += ((nc | cap) & !kingcap).count() as u64;
                    let mut risky = crossing | kingcap;
                    while let Some(t) = risky.pop() {
                        let flags = if cap.has(t) {
                            F_CAPTURE | F_KINGCAP
                        } else {
                            F_CROSSING
                        };
                        if self.legal_after(mv(from, t, flags), ctx) {
                            n += 1;
                        }
                    }
                }
                _ => {}
            }
        }
        while let Some(from) = tried.pop() {
            let fi = from as usize;
            if let k @ (2 | 6) = kind_of(b.sq[fi]) {
                // the steps of `piece_moves`, each tried
                let st = if k == 2 { &KNIGHT[fi] } else { &KING[fi] };
                for i in 0..st.len as usize {
                    let t = st.sq[i];
                    let m = st.moat[i] & !ctx.ignore;
                    let flags = if !all.has(t) {
                        if m == 0 {
                            0
                        } else if m & !ctx.quiet_ok == 0 {
                            F_CROSSING
                        } else {
                            continue;
                        }
                    } else if !own.has(t) && m == 0 {
                        if kings_on.has(t) {
                            F_CAPTURE | F_KINGCAP
                        } else {
                            F_CAPTURE
                        }
                    } else {
                        continue;
                    };
                    n += self.legal_after(mv(from, t, flags), ctx) as u64;
                }
                continue;
            }
            buf.n = 0;
            self.piece_moves(from, ctx, NONE, &mut buf);
            n += buf.iter().filter(|&&m| self.legal_after(m, ctx)).count() as u64;
        }
        buf.n = 0;
        self.castling_moves(false, ctx, &mut buf);
        n += buf.iter().filter(|&&m| self.legal_after(m, ctx)).count() as u64;
        n
    }

    fn pawn_moves(&self, from: u8, p: u8, ctx: MoatCtx, out: &mut Buf) {
        let b = &self.board;
        let me = colour_of(p);
        let all = b.occ[0] | b.occ[1] | b.occ[2];
        let enemy = all & !b.occ[me];
        let r = from / 24;
        let f = from % 24;
        let kingcap = |t: u8| {
            if kind_of(b.sq[t as usize]) == Kind::King as u8 {
                F_CAPTURE | F_KINGCAP
            } else {
                F_CAPTURE
            }
        };
        if p & CROSSED == 0 {
            let fwd = if r < 5 {
                from + 24
            } else {
                120 + (f + 12) % 24
            };
            if !all.has(fwd) {
                out.push(mv(from, fwd, 0));
                if r == 1 && !all.has(from + 48) {
                    out.push(mv(from, from + 48, F_DOUBLE));
                }
            }
            for t in PAWN_CAP_IN[from as usize] {
                if enemy.has(t) && !self.creek_blocks(from, t) {
                    out.push(mv(from, t, kingcap(t)));
                }
            }
        } else {
            let promo = r == 1;
            let push = |out: &mut Buf, t: u8, flags: u8| {
                if promo {
                    for k in [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight] {
                        out.push(Move {
                            from,
                            to: t,
                            promo: k as u8,
                            flags,
                        });
                    }
                } else {
                    out.push(mv(from, t, flags));
                }
            };
            let fwd = from - 24;
            if !all.has(fwd) {
                push(out, fwd, 0);
            }
            for t in PAWN_CAP_OUT[from as usize] {
                if enemy.has(t) && moat_between(from, t) & !ctx.ignore == 0 {
                    push(out, t, kingcap(t));
                }
            }
            // en passant: onto a passed square of another seat's double step
            if r == 3 {
                for (seat, &e) in self.ep.iter().enumerate() {
                    if e == NONE || !self.ep_usable(seat) {
                        continue;
                    }
                    let ef = e % 24;
                    let victim = e + 24;
                    let vp = b.sq[victim as usize];
                    if ((ef + 1) % 24 == f || (f + 1) % 24 == ef)
                        && !all.has(e)
                        && kind_of(vp) == Kind::Pawn as u8
                        && colour_of(vp) == seat
                        && seat != me
                    {
                        out.push(mv(from, e, F_CAPTURE | F_EP));
                    }
                }
            }
        }
    }

    /// True when the side to move may still take en passant on the square of `seat`'s last
    /// double step.
    fn ep_usable(&self, seat: usize) -> bool {
        let s = self.side as usize;
        if seat == s {
            return false;
        }
        !self.rules.ep_next_only || (seat + 1) % 3 == s
    }

    fn castling_moves(&self, in_check: bool, ctx: MoatCtx, out: &mut Buf) {
        let s = self.side as usize;
        if in_check || self.castling >> (2 * s) & 3 == 0 {
            return;
        }
        let base = 8 * s as u8;
        let king = base + 4;
        if self.board.sq[king as usize] != piece(Kind::King, s) {
            return;
        }
        let all = self.board.occ[0] | self.board.occ[1] | self.board.occ[2];
        let by = self.alive & !(1 << s);
        // king side: rook a1 (base+7) → c1, king d1 → b1
        for (bit, rook, empty, pass, to) in [
            (
                0,
                base + 7,
                &[base + 5, base + 6][..],
                &[base + 5, base + 6][..],
                base + 6,
            ),
            (
                1,
                base,
                &[base + 1, base + 2, base + 3][..],
                &[base + 3, base + 2][..],
                base + 2,
            ),
        ] {
            if self.castling & (1 << (2 * s + bit)) == 0
                || self.board.sq[rook as usize] != piece(Kind::Rook, s)
                || empty.iter().any(|&e| all.has(e))
                || pass
                    .iter()
                    .any(|&e| self.attacked(&self.board, e, by, ctx.ignore))
            {
                continue;
            }
            out.push(mv(king, to, F_CASTLE));
        }
    }

    /// True when `m` (pseudo-legal for the side to move) leaves the mover's king safe and,
    /// after a moat crossing, the moved piece attacks no live opponent's king.
    fn legal_after(&self, m: Move, ctx: MoatCtx) -> bool {
        let s = self.side as usize;
        if m.flags & (F_EP | F_KINGCAP | F_CROSSING | F_CASTLE) == 0 {
            // one piece moves (maybe taking one that is not a king): no copy of the board
            let k = if kind_of(self.board.sq[m.from as usize]) == Kind::King as u8 {
                m.to
            } else {
                self.kings[s]
            };
            return k == NONE || !self.attacked_moved(k, self.alive & !(1 << s), ctx.ignore, m);
        }
        let mut b = self.board.clone();
        let taken = b.apply(m, s);
        let mut alive = self.alive;
        let mut ignore = ctx.ignore;
        let mut kings = self.kings;
        if kind_of(self.board.sq[m.from as usize]) == Kind::King as u8 {
            kings[s] = m.to;
        }
        if m.flags & F_KINGCAP != 0 {
            let c = colour_of(taken);
            alive &= !(1 << c);
            if self.rules.open_moats || self.rules.dead_moats_open {
                ignore |= zone_moats(c);
            }
        }
        let k = kings[s];
        if k != NONE && self.attacked(&b, k, alive & !(1 << s), ignore) {
            return false;
        }
        if m.flags & F_CROSSING != 0 && !self.rules.open_moats {
            for c in 0..3 {
                if c != s
                    && alive & (1 << c) != 0
                    && kings[c] != NONE
                    && self.piece_attacks(&b, m.to, kings[c], ignore)
                {
                    return false;
                }
            }
        }
        true
    }

    /// [`Position::attacked`] on the board after `m`, a move of one piece of the side to
    /// move from `m.from` to `m.to` (taking whatever stands there), without making it: the
    /// piece taken attacks nothing, `m.from` is empty and `m.to` blocks.
    fn attacked_moved(&self, t: u8, by: u8, ignore: u8, m: Move) -> bool {
        let b = &self.board;
        let mut occ_by = occ_of(b, by);
        occ_by.unset(m.to);
        if occ_by.is_empty() {
            return false;
        }
        if self.attacked_close(b, t, occ_by, ignore) {
            return true;
        }
        let ti = t as usize;
        let mut dirs = slider_dirs(b, ti, occ_by, ignore);
        let lim = &RAY_LIMIT[ti];
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let slider = if d < 4 {
                Kind::Rook as u8
            } else {
                Kind::Bishop as u8
            };
            for &s in &RAYS.sq[ti][d][..lim[d][ignore as usize & 7] as usize] {
                if s == m.to {
                    break;
                }
                let p = b.sq[s as usize];
                if p != 0 && s != m.from {
                    let k = kind_of(p);
                    if (k == slider || k == Kind::Queen as u8) && occ_by.has(s) {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }

    /// True when the piece on `from` attacks `t` on board `b`.
    fn piece_attacks(&self, b: &Board, from: u8, t: u8, ignore: u8) -> bool {
        let c = colour_of(b.sq[from as usize]);
        let mut only = b.clone();
        // keep the piece but make it the only attacker of its colour
        only.occ[c] = Bits::bit(from);
        let all_c = b.occ[c];
        // other pieces of colour c must still block: give them to no attacker by moving them
        // to a colour that does not attack here (blocking only needs occupancy)
        let other = (c + 1) % 3;
        let mut rest = all_c & !Bits::bit(from);
        while let Some(s) = rest.pop() {
            only.occ[other].set(s);
        }
        self.attacked(&only, t, 1 << c, ignore)
    }

    /// Appends every legal move of the side to move.
    ///
    /// ```
    /// use gamenote::threeman::Position;
    /// let start = Position::start(Default::default());
    /// let mut moves = Vec::new();
    /// start.legal_moves(&mut moves);
    /// assert_eq!(moves.len(), 20); // 8 pawns with one or two steps, 2 knights with two jumps
    /// assert_eq!(moves.iter().filter(|m| m.from().rank() == 1).count(), 16);
    /// ```
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        self.legal_gen(0, NONE, |m| {
            out.push(m);
            true
        });
    }

    /// The number of legal moves of the side to move.
    ///
    /// ```
    /// use gamenote::threeman::Position;
    /// assert_eq!(Position::start(Default::default()).count_legal(), 20);
    /// ```
    pub fn count_legal(&self) -> u64 {
        if self.is_over() {
            return 0;
        }
        let scan = self.scan_now();
        if !scan.0 {
            return self.count_free(scan.1);
        }
        let mut n = 0;
        self.gen_with(scan, 0, NONE, |_| {
            n += 1;
            true
        });
        n
    }

    /// Calls `f` with each legal move of the side to move made by pieces of `kind` to `to`
    /// (any destination when `to` is 255) until it returns false; castling is a king move.
    pub(crate) fn each_legal_of_kind(&self, kind: Kind, to: u8, f: impl FnMut(Move) -> bool) {
        self.legal_gen(kind as u8, to, f);
    }

    /// Calls `f` with each legal move of the side to move made by a piece of `kind` standing
    /// in `origins` to `to`, castling aside, until it returns false.
    ///
    /// Only the pieces that could reach `to` at all are looked at (a reverse lookup from
    /// `to`), and of each only the way to `to`: no other move is generated. Same moves, with
    /// the same flags, as [`Position::each_legal_of_kind`] filtered by origin.
    #[inline(always)]
    pub(crate) fn each_legal_to(
        &self,
        kind: Kind,
        origins: Bits,
        to: u8,
        mut f: impl FnMut(Move) -> bool,
    ) {
        if self.is_over() || to as usize >= SQUARES {
            return;
        }
        let s = self.side as usize;
        let b = &self.board;
        let mut cands =
            b.occ[s] & b.kinds[kind as usize] & origins & REACH_TO[to as usize][kind as usize];
        if cands.is_empty() {
            return;
        }
        let ctx = self.moat_ctx();
        let king = self.kings[s];
        let all = b.occ[0] | b.occ[1] | b.occ[2];
        let own = b.occ[s];
        let capture = if kind_of(b.sq[to as usize]) == Kind::King as u8 {
            F_CAPTURE | F_KINGCAP
        } else {
            F_CAPTURE
        };
        // With the king scan kept (made by `settle`), only the risky moves are tried. Without
        // it, each candidate is tried alone: one attack test on the king as after the move
        // costs less than scanning every line from the king for checks and pins, since one
        // piece, sometimes two, could make the written move.
        let scan = self.scan.0;
        let legal = |m: Move| match scan {
            Some((in_check, pinned)) => {
                let risky = in_check
                    || m.from == king
                    || m.flags & (F_EP | F_KINGCAP | F_CROSSING) != 0
                    || pinned.has(m.from);
                !risky || self.legal_after(m, ctx)
            }
            None => self.legal_after(m, ctx),
        };
        while let Some(from) = cands.pop() {
            let fi = from as usize;
            match kind {
                Kind::Pawn => {
                    let p = b.sq[fi];
                    if p & CROSSED == 0 && from < 120 {
                        // uncrossed below rank 6: at most one of its moves (step, double
                        // step, capture; see `pawn_moves`) goes to `to`
                        let flags = if to == from + 24 {
                            if all.has(to) {
                                continue;
                            }
                            0
                        } else if to == from + 48 {
                            if from / 24 != 1 || all.has(from + 24) || all.has(to) {
                                continue;
                            }
                            F_DOUBLE
                        } else {
                            if !PAWN_CAP_IN[fi].contains(&to)
                                || !all.has(to)
                                || own.has(to)
                                || self.creek_blocks(from, to)
                            {
                                continue;
                            }
                            capture
                        };
                        let mv = mv(from, to, flags);
                        if legal(mv) && !f(mv) {
                            return;
                        }
                        continue;
                    }
                    let mut buf = Buf::new();
                    self.pawn_moves(from, p, ctx, &mut buf);
                    for &m in buf.iter() {
                        if m.to == to && legal(m) && !f(m) {
                            return;
                        }
                    }
                }
                Kind::Knight | Kind::King => {
                    let st = if kind == Kind::Knight {
                        &KNIGHT[fi]
                    } else {
                        &KING[fi]
                    };
                    for i in 0..st.len as usize {
                        if st.sq[i] != to {
                            continue;
                        }
                        let m = st.moat[i] & !ctx.ignore;
                        let flags = if !all.has(to) {
                            if m == 0 {
                                0
                            } else if m & !ctx.quiet_ok == 0 {
                                F_CROSSING
                            } else {
                                continue;
                            }
                        } else if !own.has(to) && m == 0 {
                            capture
                        } else {
                            continue;
                        };
                        let mv = mv(from, to, flags);
                        if legal(mv) && !f(mv) {
                            return;
                        }
                    }
                }
                _ => {
                    let dirs: u8 = match kind {
                        Kind::Bishop => 0xf0,
                        Kind::Rook => 0x0f,
                        _ => 0xff,
                    };
                    // over every route: open without a moat, open only across one, a capture
                    let (mut nc, mut cr, mut cap) = (false, false, false);
                    let lim = &RAY_LIMIT[fi];
                    let free = ctx.ignore as usize & 7;
                    let open = (ctx.ignore | ctx.quiet_ok) as usize & 7;
                    let taken = b.sq[to as usize] != 0;
                    let mut on = DIRS_TO[fi][to as usize] & dirs;
                    while on != 0 {
                        let d = on.trailing_zeros() as usize;
                        on &= on - 1;
                        // squares before `l0` cross no moat that counts, up to `open` only
                        // moats quiet moves may cross
                        let l0 = lim[d][free] as usize;
                        let sqs = &RAYS.sq[fi][d][..lim[d][open] as usize];
                        for (i, &t) in sqs.iter().enumerate() {
                            if t == to {
                                if taken {
                                    cap |= i < l0 && !own.has(t);
                                } else if i < l0 {
                                    nc = true;
                                } else {
                                    cr = true;
                                }
                                break;
                            }
                            if b.sq[t as usize] != 0 {
                                break;
                            }
                        }
                    }
                    let flags = if cap {
                        capture
                    } else if nc {
                        0
                    } else if cr {
                        F_CROSSING
                    } else {
                        continue;
                    };
                    let mv = mv(from, to, flags);
                    if legal(mv) && !f(mv) {
                        return;
                    }
                }
            }
        }
    }

    /// The side to move's castling move that way (`long`: queen side), when legal.
    pub(crate) fn castle_move(&self, long: bool) -> Option<Move> {
        if self.is_over() {
            return None;
        }
        let ctx = self.moat_ctx();
        let (in_check, _) = self.scan_now();
        let mut buf = Buf::new();
        self.castling_moves(in_check, ctx, &mut buf);
        let m = buf.iter().copied().find(|m| m.castle_long() == long)?;
        self.legal_after(m, ctx).then_some(m)
    }

    /// True when the side to move has a legal move.
    ///
    /// ```
    /// use gamenote::threeman::Position;
    /// let start = Position::start(Default::default());
    /// assert!(start.has_legal_move());
    /// ```
    pub fn has_legal_move(&self) -> bool {
        self.first_legal(self.scan_now()).is_some()
    }

    /// The first legal move of the side to move found, cheap kinds first, with `scan` the
    /// king scan of the position.
    fn first_legal(&self, scan: Scan) -> Option<Move> {
        if let Some(m) = self.quiet_step(scan) {
            return Some(m);
        }
        self.first_legal_generated(scan)
    }

    /// [`Position::first_legal`] when [`Position::quiet_step`] found nothing.
    #[inline(never)]
    fn first_legal_generated(&self, scan: Scan) -> Option<Move> {
        let mut found = None;
        // in check every move is tried on a copy of the board, and the king's own steps are
        // the likeliest way out; else pawns come first (see `gen_with`)
        if scan.0 {
            self.gen_with(scan, Kind::King as u8, NONE, |m| {
                found = Some(m);
                false
            });
            if found.is_some() {
                return found;
            }
        }
        // the king could not move: in check by one piece, only taking it or stepping between
        // can help, which needs no test of the board after the move (see `gen_evading`)
        let evade = if scan.0 { self.evasion_squares() } else { None };
        self.gen_evading(scan, 0, NONE, evade, |m| {
            found = Some(m);
            false
        });
        found
    }

    /// In check by one piece, the squares that end the check when a piece that is not the
    /// king and not pinned moves there (without crossing a moat, en passant or taking a
    /// king): the checking piece's, and for a rook, bishop or queen the squares between it
    /// and the king. `None` when not in check, or in check by more than one piece (or by one
    /// reached two ways).
    fn evasion_squares(&self) -> Option<Bits> {
        let s = self.side as usize;
        let k = self.kings[s];
        if k == NONE {
            return None;
        }
        let ignore = self.moat_ctx().ignore;
        let by = self.alive & !(1 << s);
        let b = &self.board;
        let enemy = occ_of(b, by);
        let ki = k as usize;
        let mut set = Bits::EMPTY;
        let mut checkers = 0;
        // knights and kings: along a step that crosses no moat that counts
        for (steps, kind) in [(&KNIGHT[ki], Kind::Knight), (&KING[ki], Kind::King)] {
            let pieces = enemy & b.kinds[kind as usize];
            for i in 0..steps.len as usize {
                if steps.moat[i] & !ignore == 0 && pieces.has(steps.sq[i]) {
                    set.set(steps.sq[i]);
                    checkers += 1;
                }
            }
        }
        // pawns, as in `attacked_close`
        let pawns = enemy & b.kinds[Kind::Pawn as usize];
        let mut from = pawns & PAWN_FROM[ki][0];
        while let Some(p) = from.pop() {
            if b.sq[p as usize] & CROSSED == 0 && !self.creek_blocks(p, k) {
                set.set(p);
                checkers += 1;
            }
        }
        let mut from = pawns & PAWN_FROM[ki][1];
        while let Some(p) = from.pop() {
            if b.sq[p as usize] & CROSSED != 0 && moat_between(p, k) & !ignore == 0 {
                set.set(p);
                checkers += 1;
            }
        }
        // rooks, bishops and queens: the first piece on a ray, as in `king_scan`
        let mut dirs = slider_dirs(b, ki, enemy, ignore);
        let lim = &RAY_LIMIT[ki];
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let slider = if d < 4 {
                Kind::Rook as u8
            } else {
                Kind::Bishop as u8
            };
            let ray = &RAYS.sq[ki][d][..lim[d][ignore as usize & 7] as usize];
            for (i, &t) in ray.iter().enumerate() {
                let p = b.sq[t as usize];
                if p == 0 {
                    continue;
                }
                let kk = kind_of(p);
                if by & (1 << colour_of(p)) != 0 && (kk == slider || kk == Kind::Queen as u8) {
                    for &u in &ray[..=i] {
                        set.set(u);
                    }
                    checkers += 1;
                }
                break;
            }
        }
        (checkers == 1).then_some(set)
    }

    /// A legal move found with a few set operations, when there is one of the cheapest
    /// kind: out of check, a pawn's step or a knight's jump onto an empty square, crossing no
    /// moat, by a piece that is not pinned (such a move is legal as it stands).
    #[inline(always)]
    fn quiet_step(&self, (in_check, pinned): Scan) -> Option<Move> {
        if in_check || self.is_over() {
            return None;
        }
        let s = self.side as usize;
        let b = &self.board;
        let all = b.occ[0] | b.occ[1] | b.occ[2];
        let mut pawns = b.occ[s] & b.kinds[Kind::Pawn as usize] & !pinned;
        while let Some(from) = pawns.pop() {
            let p = b.sq[from as usize];
            let r = from / 24;
            let to = if p & CROSSED == 0 {
                if r == 5 {
                    continue;
                }
                from + 24
            } else {
                if r <= 1 {
                    continue;
                }
                from - 24
            };
            if !all.has(to) {
                return Some(mv(from, to, 0));
            }
        }
        let mut knights = b.occ[s] & b.kinds[Kind::Knight as usize] & !pinned;
        while let Some(from) = knights.pop() {
            let st = &KNIGHT[from as usize];
            for i in 0..st.len as usize {
                if st.moat[i] == 0 && !all.has(st.sq[i]) {
                    return Some(mv(from, st.sq[i], 0));
                }
            }
        }
        None
    }

    /// The king scan of the side to move: kept, or made now.
    #[inline(always)]
    pub(crate) fn scan_now(&self) -> Scan {
        match self.scan.0 {
            Some(scan) => scan,
            None => self.scan_made(),
        }
    }

    /// The king scan of the side to move, made now.
    #[inline(never)]
    fn scan_made(&self) -> Scan {
        self.king_scan(self.moat_ctx())
    }

    /// The side to move's king: whether it is in check, and which own pieces stand first on a
    /// line from it with an enemy slider of the right kind, live and not beyond a moat, behind.
    #[inline(always)]
    fn king_scan(&self, ctx: MoatCtx) -> (bool, Bits) {
        let s = self.side as usize;
        let k = self.kings[s];
        if k == NONE {
            return (false, Bits::EMPTY);
        }
        let by = self.alive & !(1 << s);
        let b = &self.board;
        let enemy = occ_of(b, by);
        let mut in_check = self.attacked_close(b, k, enemy, ctx.ignore);
        let ki = k as usize;
        let mut pinned = Bits::EMPTY;
        let mut dirs = slider_dirs(b, ki, enemy, ctx.ignore);
        let lim = &RAY_LIMIT[ki];
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let slider = if d < 4 {
                Kind::Rook as u8
            } else {
                Kind::Bishop as u8
            };
            let mut first = NONE;
            for &t in &RAYS.sq[ki][d][..lim[d][ctx.ignore as usize & 7] as usize] {
                let p = b.sq[t as usize];
                if p == 0 {
                    continue;
                }
                let c = colour_of(p);
                let kk = kind_of(p);
                let hit = by & (1 << c) != 0 && (kk == slider || kk == Kind::Queen as u8);
                if first == NONE {
                    if c != s {
                        in_check |= hit;
                        break;
                    }
                    first = t;
                    continue;
                }
                if hit {
                    pinned.set(first);
                }
                break;
            }
        }
        (in_check, pinned)
    }

    /// Generates the legal moves of the side to move (of `kind` unless 0, to `to` unless
    /// 255) and hands each to `emit` until it returns false. No allocation.
    fn legal_gen(&self, kind: u8, to: u8, emit: impl FnMut(Move) -> bool) {
        if self.is_over() {
            return;
        }
        self.gen_with(self.scan_now(), kind, to, emit);
    }

    /// [`Position::gen`] with the king scan `(in_check, pinned)` of the position given.
    #[inline(always)]
    fn gen_with(&self, scan: Scan, kind: u8, to: u8, emit: impl FnMut(Move) -> bool) {
        self.gen_evading(scan, kind, to, None, emit);
    }

    /// [`Position::gen_with`]; with `evade` (kind 0 only) the [`Position::evasion_squares`]
    /// of the position, in check by one piece: the king's moves are left out (the caller
    /// has tried them) and a move of a piece that is neither the king nor pinned, and not a
    /// moat crossing, en passant or a king capture, is legal exactly when it goes to one of
    /// those squares, with no test of the board after it.
    fn gen_evading(
        &self,
        scan: Scan,
        kind: u8,
        to: u8,
        evade: Option<Bits>,
        mut emit: impl FnMut(Move) -> bool,
    ) {
        if self.is_over() {
            return;
        }
        let ctx = self.moat_ctx();
        let s = self.side as usize;
        let (in_check, pinned) = scan;
        let king = self.kings[s];
        // pawns first, then knights, king, bishops, rooks, queens: a first legal move (all
        // that `has_legal_move` wants) usually comes cheap
        const ORDER: [u8; 6] = [1, 2, 6, 3, 4, 5];
        let mut next_kind = 0;
        let mut own = Bits::EMPTY;
        let mut castled = !(kind == 0 || kind == Kind::King as u8);
        let mut buf = Buf::new();
        loop {
            buf.n = 0;
            while own.is_empty() && next_kind < ORDER.len() {
                let k = ORDER[next_kind];
                next_kind += 1;
                if (kind == 0 || kind == k) && (evade.is_none() || k != Kind::King as u8) {
                    own = self.board.occ[s] & self.board.kinds[k as usize];
                }
            }
            if let Some(from) = own.pop() {
                let k = kind_of(self.board.sq[from as usize]);
                if to != NONE && !could_reach(k, from, to) {
                    continue;
                }
                self.piece_moves(from, ctx, to, &mut buf);
            } else if !castled {
                castled = true;
                self.castling_moves(in_check, ctx, &mut buf);
            } else {
                return;
            }
            for &m in &buf.m[..buf.n] {
                if to != NONE && m.to != to {
                    continue;
                }
                let risky = m.from == king
                    || m.flags & (F_EP | F_KINGCAP | F_CROSSING) != 0
                    || pinned.has(m.from);
                let legal = if risky {
                    self.legal_after(m, ctx)
                } else if !in_check {
                    true
                } else if let Some(e) = evade {
                    e.has(m.to)
                } else {
                    self.legal_after(m, ctx)
                };
                if legal && !emit(m) {
                    return;
                }
            }
        }
    }

    /// Why the side to move cannot castle (`long`: queen side), in words.
    pub(crate) fn explain_castle(&self, long: bool) -> String {
        let s = self.side as usize;
        let bit = if long { 1 } else { 0 };
        let base = 8 * s as u8;
        if self.castling & (1 << (2 * s + bit)) == 0 {
            return "the right to castle that way is gone".into();
        }
        let all = self.board.occ[0] | self.board.occ[1] | self.board.occ[2];
        let between: &[u8] = if long {
            &[base + 1, base + 2, base + 3]
        } else {
            &[base + 5, base + 6]
        };
        if between.iter().any(|&e| all.has(e)) {
            return "a piece stands between king and rook".into();
        }
        if self.in_check() {
            return "the king is in check".into();
        }
        "the king would pass or land on an attacked square".into()
    }

    /// Plays a legal move, then moves the turn on, judging each player at the start of its
    /// turn (mate and stalemate).
    ///
    /// ```
    /// use gamenote::prelude::*;
    /// use gamenote::threeman::{Colour, Kind, Position, Square, ThreeMan};
    /// let mut pos = Position::start(Default::default());
    /// let m = ThreeMan::resolve(&pos, &"WHe4".parse()?)?;
    /// pos.play(m);
    /// assert_eq!(pos.side_to_move(), Colour::Gray);
    /// assert_eq!(pos.piece_at("WHe4".parse::<Square>()?).map(|p| p.kind), Some(Kind::Pawn));
    /// assert_eq!(pos.piece_at("WHe2".parse::<Square>()?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, m: Move) {
        self.play_raw(m);
        self.settle(true);
    }

    /// [`Position::play`], keeping in the position after what the move's `+`/`#` check needs
    /// (see [`Position::mark_after`]).
    pub(crate) fn play_noting(&mut self, m: Move) {
        let mover = self.side;
        self.play_raw(m);
        let (alive, castling, bridged, ep) = (self.alive, self.castling, self.bridged, self.ep);
        let mated = self.settle(true);
        // `settle` keeps the king scan of the seat it left to move when that seat has a legal
        // move; with no one eliminated since the move, that seat is the first live one after
        // the mover, judged on the board and moats right after the move
        let clear = match self.scan.0 {
            Some((false, _)) if self.alive == alive => 1 << self.side,
            _ => 0,
        };
        self.played = PlayedCache(Some(Played {
            m,
            mover,
            alive,
            castling,
            bridged,
            ep,
            mated,
            clear,
            alone: false,
        }));
    }

    /// Notes, after [`Position::play_noting`] of `m`, that `m` was the only legal move of
    /// its piece's kind to its target (what resolving a move written with no origin found).
    pub(crate) fn note_alone(&mut self) {
        if let Some(p) = self.played.0.as_mut() {
            p.alone = true;
        }
    }

    /// Whether [`Position::note_alone`] was told so of `m`, the move that made this position.
    pub(crate) fn played_alone(&self, m: Move) -> bool {
        self.played.0.is_some_and(|p| p.alone && p.m == m)
    }

    /// [`Position::play`] without judging the next seat: the turn moves on to the next live
    /// seat (or the game ends), and that seat is left [unsettled](Unsettled) until
    /// [`Position::settle_pending`]. A written move of that seat that resolves proves it has
    /// a legal move, and judging would then change nothing.
    pub(crate) fn play_unsettled(&mut self, m: Move) {
        self.play_raw(m);
        self.advance_unsettled();
    }

    /// `settle` up to the judging: the turn moves on to the next live seat, left unsettled,
    /// unless the game is over.
    #[inline(always)]
    fn advance_unsettled(&mut self) {
        loop {
            if at_most_one(self.alive) || self.draw {
                self.settle(false);
                return;
            }
            self.side += 1;
            if self.side == 3 {
                self.side = 0;
                self.round += 1;
            }
            let t = self.side as usize;
            self.ep[t] = NONE;
            if self.alive & (1 << t) != 0 {
                self.unsettled = Unsettled(true);
                return;
            }
        }
    }

    /// [`Position::play_unsettled`], keeping in the position after what the move's `+` check
    /// needs, as [`Position::play_noting`] does; a `#` check rebuilds the position right
    /// after the move (the next seat is not judged).
    pub(crate) fn play_unsettled_noting(&mut self, m: Move) {
        let mover = self.side;
        self.play_raw(m);
        let (alive, castling, bridged, ep) = (self.alive, self.castling, self.bridged, self.ep);
        self.advance_unsettled();
        self.played = PlayedCache(Some(Played {
            m,
            mover,
            alive,
            castling,
            bridged,
            ep,
            mated: None,
            clear: 0,
            alone: false,
        }));
    }

    /// [`Position::play_unsettled_noting`] for a replay whose visitor only notates the move
    /// (`ThreeMan::resolve_play_notating`): the seat left to move is not judged (whether it
    /// has a legal move), but its king scan, which [`Position::settle`] would make and
    /// resolving its move needs, is made now and kept. A king it finds attacked by no one
    /// is not attacked by the mover, and a seat not in check is not mated:
    /// [`Position::mark_after`] then skips that king's attack test and needs no judging.
    /// Only a seat left in check is judged (has it a legal move?), and that, as
    /// [`Position::mark_of`] judges it, unless the turn passed an eliminated seat whose
    /// en-passant square was still set (`mark_after` then rebuilds the position right after
    /// the move, as for [`Position::play_unsettled_noting`]).
    pub(crate) fn play_unsettled_scanned(&mut self, m: Move) {
        self.play_unsettled_noting(m);
        if !self.unsettled.0 {
            return;
        }
        let scan = self.king_scan(self.moat_ctx());
        self.scan = ScanCache(Some(scan));
        let t = self.side as usize;
        let Some(mut p) = self.played.0 else {
            return;
        };
        if !scan.0 {
            p.clear = 1 << t;
            p.mated = Some(false);
        } else if (0..3).all(|c| c == t || self.ep[c] == p.ep[c]) {
            // no seat passed whose en-passant square `mark_of` would keep: this is the
            // position it judges
            p.mated = Some(!self.has_legal_move());
        }
        self.played = PlayedCache(Some(p));
    }

    /// Judges the side to move when [`Position::play_unsettled`] left it unsettled, as
    /// [`Position::play`] would have.
    pub(crate) fn settle_pending(&mut self) {
        if self.unsettled.0 {
            self.unsettled = Unsettled(false);
            self.settle(false);
        }
    }

    /// Plays a move without moving the turn on.
    #[inline(always)]
    pub(crate) fn play_raw(&mut self, m: Move) {
        self.scan = ScanCache(None);
        self.played = PlayedCache(None);
        let s = self.side as usize;
        let moved = self.board.sq[m.from as usize];
        let taken = self.board.apply(m, s);
        if kind_of(moved) == Kind::King as u8 {
            self.kings[s] = m.to;
            self.castling &= !(3 << (2 * s));
        }
        for sq in [m.from, m.to] {
            if sq < 24 {
                let z = sq / 8;
                match sq % 8 {
                    7 => self.castling &= !(1 << (2 * z)),
                    0 => self.castling &= !(1 << (2 * z + 1)),
                    _ => {}
                }
            }
        }
        if taken != 0 && kind_of(taken) == Kind::King as u8 {
            let c = colour_of(taken);
            self.kings[c] = NONE;
            self.eliminate(c);
        }
        self.ep[s] = if m.flags & F_DOUBLE != 0 {
            m.from + 24
        } else {
            NONE
        };
        if taken != 0 || kind_of(moved) == Kind::Pawn as u8 {
            self.clock = 0;
        } else {
            self.clock += 1;
        }
        self.bridge_vacated();
    }

    pub(crate) fn bridge_vacated(&mut self) {
        // every zone's rank 1 lies in the first word of the sets
        for c in 0..3 {
            if self.alive & (1 << c) != 0 && self.board.occ[c].0[0] & (0xff << (8 * c)) == 0 {
                self.bridged |= zone_moats(c);
            }
        }
    }

    fn eliminate(&mut self, c: usize) {
        self.alive &= !(1 << c);
        self.castling &= !(3 << (2 * c));
        self.bridged |= zone_moats(c);
    }

    /// Moves the turn on (when `advance`) and judges the player whose turn it is: no legal
    /// move and in check (or three alive) eliminates; with two alive a stalemate draws.
    ///
    /// Returns whether the first seat judged was in check with no legal move (`Some(false)`
    /// when no seat was judged), or `None` when the turn passed, before that seat, an
    /// eliminated seat whose en-passant square was still set (which [`Position::mark_of`]
    /// keeps: see [`Position::mark_after`]).
    pub(crate) fn settle(&mut self, mut advance: bool) -> Option<bool> {
        let mut first = Some(false);
        let mut judged = false;
        for _ in 0..8 {
            if at_most_one(self.alive) {
                // the game is over: the winner is "to move", so the side is always alive
                if self.alive != 0 {
                    self.side = self.alive.trailing_zeros() as u8;
                }
                return first;
            }
            if self.draw {
                return first;
            }
            if advance {
                self.side += 1;
                if self.side == 3 {
                    self.side = 0;
                    self.round += 1;
                }
            }
            let t = self.side as usize;
            if advance {
                if !judged && self.alive & (1 << t) == 0 && self.ep[t] != NONE {
                    first = None;
                }
                // a seat's own double step has expired when its turn comes round again
                self.ep[t] = NONE;
            }
            advance = true;
            if self.alive & (1 << t) == 0 {
                continue;
            }
            let scan = self.king_scan(self.moat_ctx());
            if self.quiet_step(scan).is_some() || self.first_legal_generated(scan).is_some() {
                // nothing changes from here on: keep the scan for what comes next
                self.scan = ScanCache(Some(scan));
                return first;
            }
            let in_check = self.in_check();
            if !judged {
                judged = true;
                first = first.map(|_| in_check);
            }
            if in_check || self.alive & 7 == 7 || self.rules.stalemate_eliminates {
                self.eliminate(t);
                continue;
            }
            self.draw = true;
            return first;
        }
        first
    }

    /// The mark a move earns: 2 for `#` (the next player is then in check with no legal
    /// move), 1 for `+` (a piece of the mover attacks a live opponent's king), else 0. Without
    /// `mate` the `#` test is skipped when the move earns `+`.
    pub(crate) fn mark_of(&self, m: Move, mate: bool) -> u8 {
        let mut after = self.clone();
        after.play_raw(m);
        after.mark_raw(self.side as usize, mate)
    }

    /// [`Position::mark_of`] of `m` from the position after it, when [`Position::play_noting`]
    /// (or [`Position::play_unsettled_noting`]) made that position by playing `m`; `None`
    /// otherwise. Same answer, without replaying the
    /// move: the judging of the next seat in `play` already says whether it is mated.
    pub(crate) fn mark_after(&self, m: Move, mate: bool) -> Option<u8> {
        self.mark_after_fresh(m, mate, 0)
    }

    /// [`Position::mark_after`] of `m`, played from `before`: when `before` was made by
    /// another seat's legal move ([`Position::play_noting`] or
    /// [`Position::play_unsettled_noting`] kept it there) and no one was eliminated since,
    /// that seat's king was attacked by no one before `m`, so it is tested only for what `m`
    /// changed ([`Position::attacked_since`]). Same answer as `mark_after`.
    pub(crate) fn mark_played(&self, before: &Position, m: Move) -> Option<u8> {
        self.mark_after_fresh(m, true, self.fresh_since(before))
    }

    /// The seat whose king `before` shows attacked by no one, as a bit: the seat whose
    /// legal move made `before` (kept by [`Position::play_noting`] or
    /// [`Position::play_unsettled_noting`]), when this position was made from `before` by
    /// another seat's move and no one was eliminated since; else 0.
    #[inline(always)]
    fn fresh_since(&self, before: &Position) -> u8 {
        match (before.played.0, self.played.0) {
            (Some(q), Some(p))
                if q.alive == p.alive && q.mover != p.mover && p.mover == before.side =>
            {
                1 << q.mover
            }
            _ => 0,
        }
    }

    /// [`Position::mark_after`], with `fresh` the seats whose kings were attacked by no one
    /// before the move on the same moats (bit `c` for seat `c`).
    #[inline(always)]
    fn mark_after_fresh(&self, m: Move, mate: bool, fresh: u8) -> Option<u8> {
        let p = self.played.0.filter(|p| p.m == m)?;
        let s = p.mover as usize;
        let ignore = moat_ignore(self.rules, p.alive);
        // a king attacked by no one is not attacked by the mover; one attacked by no one
        // before the move is tested only for what the move changed
        let mut tested = p.alive & !p.clear & !(1 << s) & 7;
        let mut check = false;
        while tested != 0 {
            let c = tested.trailing_zeros() as usize;
            tested &= tested - 1;
            let k = self.kings[c];
            if k != NONE
                && if fresh & (1 << c) != 0 {
                    self.attacked_since(k, s, m, ignore)
                } else {
                    self.attacked(&self.board, k, 1 << s, ignore)
                }
            {
                check = true;
                break;
            }
        }
        if !mate {
            return Some(check as u8);
        }
        let mated = match p.mated {
            Some(mated) => mated,
            None => {
                // the position right after the move, as `mark_of` sees it
                let mut raw = self.clone();
                raw.scan = ScanCache(None);
                raw.side = p.mover;
                raw.alive = p.alive;
                raw.castling = p.castling;
                raw.bridged = p.bridged;
                raw.ep = p.ep;
                raw.draw = false;
                return Some(raw.mark_raw(s, true));
            }
        };
        Some(if mated { 2 } else { check as u8 })
    }

    /// Whether seat `s` attacks the king on `k` on this board, right after its move `m`,
    /// when before the move that king was attacked by no one on the same moats (`ignore`):
    /// the same answer as [`Position::attacked`] then, testing only what the move changed.
    /// A piece of `s` that stayed put attacked nothing there before; a knight, king or pawn
    /// attacks the same squares wherever the others stand, so only a slider can have come
    /// to attack it, through a square the move emptied (the origin, the pawn taken en
    /// passant, the castling rook's square). The pieces the move placed are tested too: the
    /// one on the target (a close attack, or along its rays when a slider), and a castling
    /// rook along its rays. Kept out of line: inlined into `mark_after` it made that
    /// function dearer for every move (docs/performance.md, "Export, the tenth pass").
    #[inline(never)]
    fn attacked_since(&self, k: u8, s: usize, m: Move, ignore: u8) -> bool {
        let b = &self.board;
        let ki = k as usize;
        let to = &DIRS_TO[ki];
        // the rays through the target count only for a slider placed there (a piece placed
        // on a ray only blocks it), those through the origin for what stood behind it
        let placed = b.sq[m.to as usize];
        let along = match kind_of(placed) {
            3 => 0xf0,
            4 => 0x0f,
            5 => 0xff,
            _ => 0,
        };
        let mut dirs = (to[m.to as usize] & along) | to[m.from as usize];
        if m.flags & (F_EP | F_CASTLE) != 0 {
            if m.flags & F_EP != 0 {
                // the pawn taken stands one rank further in (see `Board::apply`)
                dirs |= to[m.to as usize + 24];
            } else {
                // the rook: its square emptied, the square it lands on (a rook's rays)
                let base = m.from - m.from % 8;
                let (rf, rt) = if m.to > m.from {
                    (base + 7, base + 5)
                } else {
                    (base, base + 3)
                };
                dirs |= to[rf as usize] | (to[rt as usize] & 0x0f);
            }
        }
        if CLOSE[ki].has(m.to) && self.attacked_close(b, k, Bits::bit(m.to), ignore) {
            return true;
        }
        // each of those rays: its first piece, when a slider of `s` that moves along it,
        // attacks the king
        ray_sliders_attack(b, ki, dirs as u32, ignore, |_, p| colour_of(p) == s)
    }

    /// [`Position::mark_of`] on the position right after the move of seat `s`, before the
    /// turn moves on.
    fn mark_raw(mut self, s: usize, mate: bool) -> u8 {
        let ctx = self.moat_ctx();
        let mut check = false;
        for c in 0..3 {
            if c != s && self.alive & (1 << c) != 0 {
                let k = self.kings[c];
                if k != NONE && self.attacked(&self.board, k, 1 << s, ctx.ignore) {
                    check = true;
                }
            }
        }
        if !mate {
            return check as u8;
        }
        // the next live player: in check (by anyone) with no legal move
        for i in 1..3 {
            let c = (s + i) % 3;
            if self.alive & (1 << c) != 0 {
                self.side = c as u8;
                self.ep[c] = NONE;
                return if self.in_check() && !self.has_legal_move() {
                    2
                } else {
                    check as u8
                };
            }
        }
        check as u8
    }

    /// The squares the piece on `from` would reach alone on the board, moats ignored.
    pub(crate) fn geometric_targets(&self, from: u8) -> Vec<u8> {
        let p = self.board.sq[from as usize];
        let mut e = Position::empty(self.rules);
        e.board.put(from, p);
        let mut v = Buf::new();
        let open = MoatCtx {
            ignore: 7,
            quiet_ok: 7,
        };
        e.piece_moves(from, open, NONE, &mut v);
        let mut t: Vec<u8> = v.iter().map(|m| m.to).collect();
        t.dedup();
        t
    }

    /// Explains why the piece on `from` cannot play to `to` (promotion set aside).
    pub(crate) fn explain(&self, from: u8, to: u8) -> Why {
        let ctx = self.moat_ctx();
        let s = self.side as usize;
        let is_king = kind_of(self.board.sq[from as usize]) == Kind::King as u8;
        if is_king && from == 8 * s as u8 + 4 && (to == from + 2 || to + 2 == from) {
            let bit = if to > from { 0 } else { 1 };
            if self.castling & (1 << (2 * s + bit)) == 0 {
                return Why::CastlingRights;
            }
        }
        let in_check = self.in_check();
        let mut v = Buf::new();
        self.piece_moves(from, ctx, NONE, &mut v);
        if is_king {
            self.castling_moves(in_check, ctx, &mut v);
            if v.iter().all(|m| m.to != to) && (to == from + 2 || to + 2 == from) && from < 24 {
                if in_check {
                    return Why::CastlingInCheck;
                }
                return Why::CastlingThroughCheck;
            }
        }
        if let Some(m) = v.iter().find(|m| m.to == to) {
            if self.legal_after(*m, ctx) {
                return Why::Legal;
            }
            let mut b = self.board.clone();
            b.apply(*m, s);
            let k = if is_king { m.to } else { self.kings[s] };
            if k != NONE && self.attacked(&b, k, self.alive & !(1 << s), ctx.ignore) {
                return Why::KingInCheck;
            }
            return Why::AttacksAfterCrossing;
        }
        let p = self.board.sq[from as usize];
        // without moats
        let ctx_open = MoatCtx {
            ignore: 7,
            quiet_ok: 7,
        };
        let mut v = Buf::new();
        self.piece_moves(from, ctx_open, NONE, &mut v);
        if let Some(m) = v.iter().find(|m| m.to == to) {
            if m.is_capture() {
                return Why::CaptureAcrossMoat;
            }
            // name the moats of the route that needs the fewest
            let mut best = moat_between(from, to) & !ctx.quiet_ok;
            if !matches!(kind_of(p), 2 | 6) {
                best = 7;
                for d in 0..8 {
                    for i in 0..RAYS.len[from as usize][d] as usize {
                        let m = RAYS.moat[from as usize][d][i] & !ctx.quiet_ok;
                        if RAYS.sq[from as usize][d][i] == to && m.count_ones() < best.count_ones()
                        {
                            best = m;
                        }
                    }
                }
            }
            return Why::MoatCrossing(best);
        }
        // without creeks
        if kind_of(p) == Kind::Pawn as u8 && p & CROSSED == 0 {
            let enemy = (self.board.occ[0] | self.board.occ[1] | self.board.occ[2])
                & !self.board.occ[colour_of(p)];
            if PAWN_CAP_IN[from as usize].contains(&to)
                && enemy.has(to)
                && self.creek_blocks(from, to)
            {
                return Why::Creek;
            }
        }
        // a pawn's diagonal step onto an empty square: nothing to take (or e.p. expired)
        if kind_of(p) == Kind::Pawn as u8 {
            let diag = if p & CROSSED == 0 {
                PAWN_CAP_IN[from as usize].contains(&to)
            } else {
                PAWN_CAP_OUT[from as usize].contains(&to) && from >= 24
            };
            let all = self.board.occ[0] | self.board.occ[1] | self.board.occ[2];
            if diag && !all.has(to) {
                return Why::NothingToTake;
            }
        }
        // geometry alone: the piece on an otherwise empty board
        let mut e = Position::empty(self.rules);
        e.board.put(from, p);
        let mut v = Buf::new();
        e.piece_moves(from, ctx_open, NONE, &mut v);
        if v.iter().any(|m| m.to == to) {
            return Why::Blocked;
        }
        Why::Unreachable
    }
}

/// The squares a lone `kind` of colour `c` reaches from `s` on an otherwise empty board
/// (no captures), in square order. With `moats` false every moat is ignored; with `moats`
/// true the three moats are unbridged. A pawn counts as uncrossed.
///
/// ```
/// use gamenote::threeman::{position::empty_board_reach, Colour, Kind, Square};
/// let from: Square = "WHh6".parse().unwrap();
/// assert_eq!(empty_board_reach(Kind::Knight, Colour::White, from, false).len(), 8);
/// ```
pub fn empty_board_reach(kind: Kind, c: Colour, s: Square, moats: bool) -> Vec<Square> {
    let mut pos = Position::empty(Rules {
        open_moats: !moats,
        ..Rules::default()
    });
    pos.board.put(s.0, piece(kind, c.index()));
    pos.side = c.index() as u8;
    let ctx = pos.moat_ctx();
    let mut v = Buf::new();
    pos.piece_moves(s.0, ctx, NONE, &mut v);
    let mut out: Vec<Square> = v.iter().map(|m| m.to()).collect();
    out.dedup();
    out
}

/// The rays from `k` (bit `d` for ray `d`) that hold a rook or queen of `by` (rook rays) or a
/// bishop or queen (bishop rays), moats aside.
#[inline(always)]
fn slider_dirs(b: &Board, k: usize, by: Bits, ignore: u8) -> u32 {
    // with no moat ignored, only the part of each ray before the first moat counts
    let (lines, rays) = if ignore == 0 {
        (&LINES_FREE[k], &RAY_FREE[k])
    } else {
        (&LINES_OF[k], &RAY_MASK[k])
    };
    let queens = b.kinds[Kind::Queen as usize];
    let rq = by & (b.kinds[Kind::Rook as usize] | queens) & lines[0];
    let bq = by & (b.kinds[Kind::Bishop as usize] | queens) & lines[1];
    let mut dirs = 0;
    if !rq.is_empty() {
        for d in 0..4 {
            let x = rays[d] & rq;
            dirs |= (((x.0[0] | x.0[1] | x.0[2]) != 0) as u32) << d;
        }
    }
    if !bq.is_empty() {
        for d in 4..8 {
            let x = rays[d] & bq;
            dirs |= (((x.0[0] | x.0[1] | x.0[2]) != 0) as u32) << d;
        }
    }
    dirs
}

/// The moats that are not moats at all under `rules` with the players in `alive` alive.
#[inline]
fn moat_ignore(rules: Rules, alive: u8) -> u8 {
    // the moats of the eliminated players, by the set of players alive
    const DEAD: [u8; 8] = {
        let mut t = [0u8; 8];
        let mut alive = 0;
        while alive < 8 {
            let mut c = 0;
            while c < 3 {
                if alive & (1 << c) == 0 {
                    t[alive] |= zone_moats(c);
                }
                c += 1;
            }
            alive += 1;
        }
        t
    };
    if rules.open_moats || rules.dead_moats_open {
        DEAD[(alive & 7) as usize]
    } else {
        0
    }
}

/// True when at most one bit of `alive` is set (one player left, or none).
#[inline(always)]
const fn at_most_one(alive: u8) -> bool {
    alive & alive.wrapping_sub(1) == 0
}

/// The pieces of the colours in the mask `by`.
#[inline]
fn occ_of(b: &Board, by: u8) -> Bits {
    let mut o = Bits::EMPTY;
    for c in 0..3 {
        if by & (1 << c) != 0 {
            o |= b.occ[c];
        }
    }
    o
}

/// True when a piece of kind `k` on `from` might reach `to` on some board.
#[inline]
fn could_reach(k: u8, from: u8, to: u8) -> bool {
    let f = from as usize;
    let ray = |d: std::ops::Range<usize>| d.into_iter().any(|d| RAY_MASK[f][d].has(to));
    match k {
        2 => KNIGHT_MASK[f].has(to),
        3 => ray(4..8),
        4 => ray(0..4),
        5 => ray(0..8),
        _ => true,
    }
}

/// The moves of one piece: at most 51 targets for a queen, 16 for a promoting pawn.
pub(crate) struct Buf {
    n: usize,
    m: [Move; 64],
}

impl Buf {
    #[inline]
    fn new() -> Buf {
        Buf {
            n: 0,
            m: [mv(0, 0, 0); 64],
        }
    }
    #[inline]
    fn push(&mut self, m: Move) {
        if let Some(slot) = self.m.get_mut(self.n) {
            *slot = m;
            self.n += 1;
        }
    }
    fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.m[..self.n].iter()
    }
}

#[inline]
const fn mv(from: u8, to: u8, flags: u8) -> Move {
    Move {
        from,
        to,
        promo: 0,
        flags,
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Position {
    /// As the pair (rules, extended position string).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeTuple;
        let mut t = s.serialize_tuple(2)?;
        t.serialize_element(&self.rules.to_string())?;
        t.serialize_element(&super::position_string::write(self))?;
        t.end()
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let (rules, pos): (String, String) = serde::Deserialize::deserialize(d)?;
        let rules: Rules = rules.parse().map_err(D::Error::custom)?;
        super::position_string::parse(&pos, rules).map_err(D::Error::custom)
    }
}

impl fmt::Display for Position {
    /// The three zones as text: rank 6 at the top of each zone, files `a`–`h` left to right,
    /// `Wk` a white king, `Gp'` a crossed gray pawn, `.` an empty square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for z in [Colour::Black, Colour::Gray, Colour::White] {
            writeln!(f, "{} zone ({})", z.name(), z.zone_code())?;
            for r in (0..6u8).rev() {
                let mut line = format!("  {} ", r + 1);
                for x in 0..8u8 {
                    let s = Square::from_article(z, x, r);
                    match self.piece_at(s) {
                        Some(p) => {
                            let cell = format!(
                                "{}{}{}",
                                p.colour.letter(),
                                p.kind.lower(),
                                if p.crossed { "'" } else { "" }
                            );
                            line.push_str(&format!(" {cell:<3}"));
                        }
                        None => line.push_str(" .  "),
                    }
                }
                writeln!(f, "{}", line.trim_end())?;
            }
            writeln!(f, "     a   b   c   d   e   f   g   h")?;
        }
        let alive: Vec<&str> = Colour::ALL
            .iter()
            .filter(|c| self.is_alive(**c))
            .map(|c| c.name())
            .collect();
        if self.draw {
            write!(f, "drawn between {}", alive.join(" and "))
        } else if self.alive.count_ones() == 1 {
            write!(f, "{} has won", alive.join(""))
        } else {
            write!(
                f,
                "{} to move; alive: {}; round {}",
                self.side_to_move(),
                alive.join(", "),
                self.round
            )
        }
    }
}

/// Whether, along each direction `d` in `dirs` from square `t`, the first piece is a slider
/// that moves along it (rook or queen on files and ranks, bishop or queen on diagonals) and
/// is one of `ours(square, piece)`; rays are cut as [`RAY_LIMIT`] cuts them past `ignore`.
/// The one ray walk of [`Position::sliders_attack`] and `Position::attacked_since`.
#[inline(always)]
fn ray_sliders_attack(
    b: &Board,
    t: usize,
    mut dirs: u32,
    ignore: u8,
    ours: impl Fn(u8, u8) -> bool,
) -> bool {
    let lim = &RAY_LIMIT[t];
    while dirs != 0 {
        let d = dirs.trailing_zeros() as usize;
        dirs &= dirs - 1;
        let slider = if d < 4 {
            Kind::Rook as u8
        } else {
            Kind::Bishop as u8
        };
        for &sq in &RAYS.sq[t][d][..lim[d][ignore as usize & 7] as usize] {
            let p = b.sq[sq as usize];
            if p != 0 {
                let k = kind_of(p);
                if (k == slider || k == Kind::Queen as u8) && ours(sq, p) {
                    return true;
                }
                break;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Play;
    use crate::generate::Rng;
    use crate::threeman::ThreeMan;

    /// In `q` (the side to move maybe with no legal move at all): when in check by one
    /// piece, the squares of `evasion_squares` decide the legality of every move of a piece
    /// that is neither the king nor pinned (not crossing a moat, en passant or taking a
    /// king) as trying the move on the board does; and the search for a first legal move
    /// that uses them finds one exactly when there is one. Returns 1 when `q` was in check.
    fn check_evasions(q: &Position) -> u64 {
        if q.is_over() {
            return 0;
        }
        let ctx = q.moat_ctx();
        let scan = q.king_scan(ctx);
        if !scan.0 {
            return 0;
        }
        let s = q.side as usize;
        if let Some(e) = q.evasion_squares() {
            let mut own = q.board.occ[s] & !scan.1;
            while let Some(from) = own.pop() {
                if from == q.kings[s] {
                    continue;
                }
                let mut buf = Buf::new();
                q.piece_moves(from, ctx, NONE, &mut buf);
                for &m in buf.iter() {
                    if m.flags & (F_EP | F_KINGCAP | F_CROSSING | F_CASTLE) == 0 {
                        assert_eq!(e.has(m.to), q.legal_after(m, ctx), "{m:?} in {q:?}");
                    }
                }
            }
        }
        assert_eq!(
            q.first_legal_generated(scan).is_some(),
            q.count_legal() > 0,
            "{q:?}"
        );
        1
    }

    /// One of the legal moves `v` of `pos`, steered to reach checks and mates: a checking
    /// move half the time there is one, else a capture half the time, else any.
    fn steered(pos: &Position, v: &[Move], rng: &mut Rng) -> Move {
        let checks: Vec<Move> = v
            .iter()
            .copied()
            .filter(|&m| pos.mark_of(m, false) != 0)
            .collect();
        let caps: Vec<Move> = v.iter().copied().filter(|m| m.is_capture()).collect();
        if !checks.is_empty() && rng.below(2) == 0 {
            checks[rng.below(checks.len())]
        } else if !caps.is_empty() && rng.below(2) == 0 {
            caps[rng.below(caps.len())]
        } else {
            v[rng.below(v.len())]
        }
    }

    #[test]
    fn evasion_squares_agree_with_trying_each_move() {
        let mut rng = Rng::new(47);
        let mut in_check = 0;
        for rules in ThreeMan::variants() {
            for _ in 0..3 {
                let mut pos = Position::start(rules);
                for _ in 0..300 {
                    let mut v = Vec::new();
                    pos.legal_moves(&mut v);
                    if v.is_empty() {
                        break;
                    }
                    // every position right after a move, before the next seat is judged
                    for &m in &v {
                        let mut q = pos.clone();
                        q.play_raw(m);
                        q.advance_unsettled();
                        in_check += check_evasions(&q);
                    }
                    pos.play(steered(&pos, &v, &mut rng));
                }
            }
        }
        assert!(in_check > 1000, "{in_check}");
    }

    /// `mark_after` (the mark read off the position `play_noting` made, which skips the
    /// attack test of a king that judging the next seat found attacked by no one) gives
    /// what `mark_of` (the move played again on a copy, every king tested) gives, for every
    /// legal move along games steered to checks and captures, in every variant; and each
    /// king it skips is attacked by no one. The counts pin down that the games reach the
    /// cases: skipped kings, `+`, `#`, and moves that attack both other kings.
    #[test]
    fn mark_after_agrees_with_mark_of() {
        let mut rng = Rng::new(22);
        let (mut moves, mut skipped, mut checks, mut mates, mut both) =
            (0u64, 0u64, 0u64, 0u64, 0u64);
        for rules in ThreeMan::variants() {
            for _ in 0..3 {
                let mut pos = Position::start(rules);
                for _ in 0..300 {
                    let mut v = Vec::new();
                    pos.legal_moves(&mut v);
                    if v.is_empty() {
                        break;
                    }
                    let s = pos.side as usize;
                    for &m in &v {
                        let mut after = pos.clone();
                        after.play_noting(m);
                        let p = after.played.0.expect("play_noting keeps the move");
                        let ignore = moat_ignore(rules, p.alive);
                        let mut clear = p.clear;
                        while clear != 0 {
                            let c = clear.trailing_zeros() as usize;
                            clear &= clear - 1;
                            assert!(p.alive & (1 << c) != 0 && c != s);
                            assert!(!after.in_check_on(&after.board, c, p.alive, ignore));
                            skipped += 1;
                        }
                        let full = pos.mark_of(m, true);
                        assert_eq!(after.mark_after(m, true), Some(full), "{pos:?} {m:?}");
                        assert_eq!(after.mark_after(m, false), Some(pos.mark_of(m, false)));
                        moves += 1;
                        checks += (full == 1) as u64;
                        mates += (full == 2) as u64;
                        let attacked = (0..3)
                            .filter(|&c| {
                                c != s
                                    && p.alive & (1 << c) != 0
                                    && after.kings[c] != NONE
                                    && after.attacked(&after.board, after.kings[c], 1 << s, ignore)
                            })
                            .count();
                        both += (attacked == 2) as u64;
                    }
                    pos.play(steered(&pos, &v, &mut rng));
                }
            }
        }
        assert_eq!(
            (moves, skipped, checks, mates, both),
            (92_580, 83_964, 4_078, 104, 80)
        );
    }

    /// `mark_after` of the position `play_unsettled_scanned` makes (the next seat not
    /// judged, its king scan made: the export's records table) gives what `mark_of` gives,
    /// for every legal move along steered games in every variant, played the way the
    /// notating replay plays them (from the unsettled position the last move left, settled
    /// only when its seat has no move); each king it skips is attacked by no one. The counts
    /// pin down the cases: moves, kings skipped, seats left in check and judged there, seats
    /// rebuilt for judging (an eliminated seat's en-passant square passed: none here; that
    /// rebuilding is `play_noting`'s, tested above), `+`, `#`, unsettled positions that
    /// settling changed (a seat with no move), and the moves whose previous mover's king
    /// `mark_played` (the export's canonical mark) tests only for what the move changed
    /// (`attacked_since`, checked against the full `attacked`), with how many of those
    /// kings the move attacks.
    #[test]
    fn mark_after_agrees_with_mark_of_unsettled() {
        let mut rng = Rng::new(22);
        let mut n = [0u64; 9];
        for rules in ThreeMan::variants() {
            for _ in 0..3 {
                let mut pos = Position::start(rules);
                for _ in 0..300 {
                    let mut settled = pos.clone();
                    settled.settle_pending();
                    let mut v = Vec::new();
                    settled.legal_moves(&mut v);
                    if v.is_empty() {
                        break;
                    }
                    // the seat to move has a move: its unsettled position is the one played from
                    let before = if settled == pos && settled.side == pos.side {
                        pos.clone()
                    } else {
                        n[6] += 1;
                        settled.clone()
                    };
                    let s = before.side as usize;
                    for &m in &v {
                        let mut after = before.clone();
                        after.unsettled.0 = false;
                        after.play_unsettled_scanned(m);
                        let p = after.played.0.expect("the move is kept");
                        let ignore = moat_ignore(rules, p.alive);
                        if p.clear != 0 {
                            let c = p.clear.trailing_zeros() as usize;
                            assert!(p.alive & (1 << c) != 0 && c != s);
                            assert!(!after.in_check_on(&after.board, c, p.alive, ignore));
                            n[1] += 1;
                        } else if after.unsettled.0 {
                            match p.mated {
                                Some(_) => n[2] += 1,
                                None => n[3] += 1,
                            }
                        }
                        let full = settled.mark_of(m, true);
                        assert_eq!(after.mark_after(m, true), Some(full), "{pos:?} {m:?}");
                        assert_eq!(after.mark_after(m, false), Some(settled.mark_of(m, false)));
                        // the export's way: a king attacked by no one before the move is
                        // tested only for what the move changed
                        assert_eq!(after.mark_played(&before, m), Some(full), "{pos:?} {m:?}");
                        let fresh = after.fresh_since(&before);
                        if fresh != 0 {
                            let c = fresh.trailing_zeros() as usize;
                            let k = after.kings[c];
                            assert!(c != s && p.alive & fresh != 0 && k != NONE);
                            let since = after.attacked_since(k, s, m, ignore);
                            assert_eq!(since, after.attacked(&after.board, k, 1 << s, ignore));
                            n[7] += 1;
                            n[8] += since as u64;
                        }
                        n[0] += 1;
                        n[4] += (full == 1) as u64;
                        n[5] += (full == 2) as u64;
                    }
                    let m = steered(&settled, &v, &mut rng);
                    pos = before;
                    pos.unsettled.0 = false;
                    pos.play_unsettled_scanned(m);
                }
            }
        }
        assert_eq!(n, [92_580, 83_964, 8_616, 0, 4_078, 104, 4, 92_036, 2_476]);
    }

    /// A move resolved from its short notation is noted as the only legal move of its
    /// kind to its target exactly when it is, when that notation names no origin; and the
    /// canonical notation `notate_played` builds from that note is `notate`'s, in both
    /// styles, for every legal move along steered games in every variant.
    #[test]
    fn alone_moves_are_the_only_ones_of_their_kind_to_their_target() {
        use crate::game::{Hooks, Notate};
        use crate::threeman::{Notation, Style};
        let mut rng = Rng::new(23);
        let (mut moves, mut alone, mut named) = (0u64, 0u64, 0u64);
        for rules in ThreeMan::variants() {
            for _ in 0..2 {
                let mut pos = Position::start(rules);
                for _ in 0..250 {
                    let mut v = Vec::new();
                    pos.legal_moves(&mut v);
                    if v.is_empty() {
                        break;
                    }
                    for &m in &v {
                        let short = ThreeMan::notate(&pos, &m, Style::Short);
                        let mut after = pos.clone();
                        let r = <ThreeMan as Hooks>::resolve_play(&mut after, &short);
                        assert_eq!(r, Ok(m), "{pos:?} {short}");
                        let kind = kind_of(pos.board.sq[m.from as usize]);
                        let others = v
                            .iter()
                            .filter(|o| {
                                o.to == m.to
                                    && o.from != m.from
                                    && !o.is_castle()
                                    && kind_of(pos.board.sq[o.from as usize]) == kind
                            })
                            .count();
                        let no_origin = matches!(&short, Notation::Normal(w)
                            if w.from_zone.is_none() && w.promotion.is_none());
                        let castle = m.is_castle();
                        assert_eq!(
                            after.played_alone(m),
                            no_origin && !castle && others == 0,
                            "{pos:?} {short}"
                        );
                        for style in [Style::Short, Style::Long] {
                            assert_eq!(
                                <ThreeMan as Hooks>::notate_played(&pos, &m, &after, style),
                                ThreeMan::notate(&pos, &m, style)
                            );
                        }
                        moves += 1;
                        alone += after.played_alone(m) as u64;
                        named += (others != 0) as u64;
                    }
                    let caps: Vec<Move> = v.iter().copied().filter(|m| m.is_capture()).collect();
                    let m = if !caps.is_empty() && rng.below(2) == 0 {
                        caps[rng.below(caps.len())]
                    } else {
                        v[rng.below(v.len())]
                    };
                    pos.play_noting(m);
                }
            }
        }
        assert_eq!((moves, alone, named), (73_231, 71_901, 1_276));
    }
}
