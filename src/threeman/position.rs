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

mod attacks;
mod legality;
mod movegen;
mod play;

use attacks::{moat_ignore, occ_of, ray_sliders_attack, slider_dirs};

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

/// True when at most one bit of `alive` is set (one player left, or none).
#[inline(always)]
const fn at_most_one(alive: u8) -> bool {
    alive & alive.wrapping_sub(1) == 0
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Play;
    use crate::rng::Rng;
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
