//! A game defined outside the crate, with only the items a game must say (docs/architecture.md,
//! "Who may implement the traits"): `Play` and `Notate`'s required items and four empty
//! `impl` blocks (`RecordFormat`, `Picture`, `Mistakes`, `Hooks`). Records, replay, the
//! stream reader, conversion and perft work for it unchanged; every `Hooks` default holds.
//!
//! The game: two players take turns saying `a` or `b`; after four words it is over, and White
//! wins with three or four `a`s, Black otherwise.

use std::fmt;
use std::str::FromStr;

use gamenote::error::{MoveError, MoveErrorKind, ValueError};
use gamenote::game::{Hooks, Mistakes, Picture, Play, RecordFormat, Tags};
use gamenote::text::{PErr, Parsed};
use gamenote::{Error, GameResult, Mode, Notate, Outcome, ParseError, Record, record};

struct Ab;

#[derive(Clone, Debug, Default, PartialEq)]
struct Rules;

#[derive(Clone, Debug, PartialEq)]
struct Pos {
    /// One entry a word said, true for `a`.
    said: Vec<bool>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Say(bool);

#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Plain;

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("standard")
    }
}

impl FromStr for Rules {
    type Err = ValueError;
    fn from_str(s: &str) -> Result<Self, ValueError> {
        match s {
            "standard" => Ok(Rules),
            _ => Err(ValueError::new(format!("no rules named {s}"))),
        }
    }
}

impl fmt::Display for Plain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("plain")
    }
}

impl FromStr for Plain {
    type Err = ValueError;
    fn from_str(s: &str) -> Result<Self, ValueError> {
        match s {
            "plain" => Ok(Plain),
            _ => Err(ValueError::new(format!("no style named {s}"))),
        }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.said
            .iter()
            .try_for_each(|&a| f.write_str(if a { "a" } else { "b" }))
    }
}

impl fmt::Display for Say {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0 { "a" } else { "b" })
    }
}

impl FromStr for Say {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, ParseError> {
        match Ab::parse_notation(s, &[]) {
            Ok(("", n)) => Ok(n),
            Ok((rest, _)) => Err(ParseError::at(s, s.len() - rest.len(), "end of input")),
            Err(e) => Err(e.into_parse_error(s)),
        }
    }
}

impl Play for Ab {
    const NAME: &'static str = "Ab";
    const ID: &'static str = "ab";
    const EXTENSION: &'static str = "ab";
    type Rules = Rules;
    type Position = Pos;
    type Move = Say;

    fn start(_rules: &Rules) -> Pos {
        Pos { said: Vec::new() }
    }

    fn legal_moves(pos: &Pos, out: &mut Vec<Say>) {
        if pos.said.len() < 4 {
            out.extend([Say(true), Say(false)]);
        }
    }

    fn play(pos: &mut Pos, m: &Say) {
        pos.said.push(m.0);
    }

    fn outcome(pos: &Pos) -> Option<Outcome> {
        let a = pos.said.iter().filter(|&&a| a).count();
        (pos.said.len() == 4).then_some(Outcome::Win(if a >= 3 { 0 } else { 1 }))
    }

    fn to_move(pos: &Pos) -> usize {
        pos.said.len() % 2
    }
}

impl Notate for Ab {
    type Notation = Say;
    type Style = Plain;

    fn resolve(pos: &Pos, n: &Say) -> Result<Say, MoveError> {
        match pos.said.len() {
            4 => Err(MoveError::illegal("the game is over")),
            _ => Ok(*n),
        }
    }

    fn notate(_pos: &Pos, m: &Say, _style: Plain) -> Say {
        *m
    }

    fn parse_notation<'a>(input: &'a str, _tags: &Tags) -> Parsed<'a, Say> {
        match input.as_bytes().first() {
            Some(b'a') => Ok((&input[1..], Say(true))),
            Some(b'b') => Ok((&input[1..], Say(false))),
            _ => Err(PErr::new(input, "a or b")),
        }
    }
}

impl RecordFormat for Ab {}
impl Picture for Ab {}
impl Mistakes for Ab {}
impl Hooks for Ab {}

#[test]
fn a_record_of_an_outside_game_replays() {
    let text = "[Game \"Ab\"]\n[Rules \"standard\"]\n\n1. a b 2. a a 1-0\n";
    let rec: Record<Ab> = text.parse().expect("reads");
    assert_eq!(rec.plies.len(), 4);
    assert_eq!(rec.result, Some(GameResult::Decided(Outcome::Win(0))));
    let r = record::replay(&rec, Mode::Strict);
    assert!(r.is_ok(), "{:?}", r.error);
    assert_eq!(r.end.to_string(), "abaa");
    assert_eq!(r.outcome, Some(Outcome::Win(0)));
    assert_eq!(r.moves, [Say(true), Say(false), Say(true), Say(true)]);
    // The canonical printer numbers every two moves, as the default says.
    assert_eq!(rec.to_string(), text);
    // No position string, so the default `Hooks::write_position_string` writes nothing.
    let mut buf = String::from("kept");
    assert!(!Ab::write_position_string(&r.end, &mut buf));
    assert_eq!(buf, "kept");
}

#[test]
fn an_outside_game_reports_where_and_why() {
    // Black won with two `a`s, but the record says White.
    let rec: Record<Ab> = "1. a b 2. b a 1-0".parse().expect("reads");
    let Some(Error::Illegal(e)) = record::replay(&rec, Mode::Strict).error else {
        panic!("a mismatch of the result")
    };
    assert_eq!((e.ply, e.kind), (0, MoveErrorKind::Mismatch));
    assert_eq!(e.reason, "the record says 1-0 but the game ended 0-1");
    assert_eq!(e.span, Some(14..17));
    // A fifth word is refused at its ply and place: with the default
    // `Hooks::RESOLVE_REFUSES_AFTER_END` (false), replay asks for the outcome before
    // resolving, so the reason is replay's, not `resolve`'s.
    let rec: Record<Ab> = "1. a b 2. a a 3. b *".parse().expect("reads");
    let Some(Error::Illegal(e)) = record::replay(&rec, Mode::Strict).error else {
        panic!("an illegal move")
    };
    assert_eq!(
        (e.ply, e.kind, e.written.as_str()),
        (5, MoveErrorKind::Illegal, "b")
    );
    assert_eq!(
        (e.reason.as_str(), e.span.clone()),
        ("the game is already over", Some(17..18))
    );
    // A word the grammar does not know is a parse error at its line and column.
    let err = "1. a\n2. c *".parse::<Record<Ab>>().unwrap_err();
    assert_eq!((err.line, err.column), (2, 4));
    assert!(err.expected.contains("a or b"), "{}", err.expected);
}

#[test]
fn an_outside_game_streams_converts_and_counts() {
    let text = "[Game \"Ab\"]\n\n1. a b *\n\n[Game \"Ab\"]\n\n1. b b 2. b b 0-1\n";
    let records: Vec<Record<Ab>> = gamenote::stream::Reader::new(text.as_bytes())
        .records::<Ab>()
        .collect::<Result<_, _>>()
        .expect("both read");
    assert_eq!(records.len(), 2);
    assert_eq!(records[1].plies.len(), 4);
    let again = record::convert(&records[1], Plain, Mode::Strict).expect("converts");
    assert_eq!(
        again.to_string(),
        "[Game \"Ab\"]\n[Rules \"standard\"]\n[Result \"0-1\"]\n\n1. b b 2. b b 0-1\n"
    );
    // Perft: two words a ply until the fourth.
    let start = Ab::start(&Rules);
    assert_eq!(gamenote::perft::perft::<Ab>(&start, 4), 16);
    assert_eq!(gamenote::perft::perft::<Ab>(&start, 5), 0);
}
