//! Harnesses shared by the fuzz targets and the property tests: each takes arbitrary bytes
//! and panics only when the crate breaks one of its promises (a parse that does not round
//! trip, a printed record that reads back different, `resolve` disagreeing with
//! `legal_moves`). Written once over [`Game`], so every game gets the same checks.

use crate::game::{Game, Mode};
use crate::record::{Record, convert, replay};

/// Bytes as text: invalid UTF-8 is cut at the first bad byte.
fn text(data: &[u8]) -> &str {
    match std::str::from_utf8(data) {
        Ok(s) => s,
        Err(e) => std::str::from_utf8(&data[..e.valid_up_to()]).unwrap_or(""),
    }
}

/// A written move that parses prints back to text that parses to the same value.
///
/// ```
/// gamenote::fuzzing::notation_roundtrip::<gamenote::pylos::Pylos>(b"1d22b2(1a1)O!");
/// ```
pub fn notation_roundtrip<G: Game>(data: &[u8]) {
    let s = text(data);
    if let Ok(n) = s.parse::<G::Notation>() {
        let printed = n.to_string();
        let again: G::Notation = match printed.parse() {
            Ok(a) => a,
            Err(e) => panic!("{printed:?} (printed from {s:?}) does not parse: {e}"),
        };
        assert_eq!(again, n, "{s:?} -> {printed:?}");
    }
}

/// Every record that parses prints back to a record equal to it; replay and conversion to
/// the default style never panic, and a converted record replays to the same moves.
///
/// ```
/// gamenote::fuzzing::record_roundtrip::<gamenote::pylos::Pylos>(b"1b2 1c3 {hi} 1c4 *");
/// ```
pub fn record_roundtrip<G: Game>(data: &[u8]) {
    let s = text(data);
    // The syntax-only visitor gives the verdicts of building the records.
    let built: Vec<_> = Record::<G>::iter(s)
        .map(|r| r.map(|r| r.plies.len()))
        .collect();
    let summed: Vec<_> = crate::visit::visit::<G, _>(s, crate::grammar::Summarize::default())
        .map(|r| r.map(|x| x.plies))
        .collect();
    assert_eq!(built, summed, "{s:?}");
    one_pass_agrees::<G>(data);
    for rec in Record::<G>::parse_all(s).into_iter().flatten() {
        let printed = rec.to_string();
        let again = match Record::<G>::parse(&printed) {
            Ok(a) => a,
            Err(e) => panic!("printed record does not parse: {e}\n{printed}"),
        };
        assert_eq!(again, rec, "printed:\n{printed}");
        let r = replay(&rec, Mode::Lenient);
        let _ = replay(&rec, Mode::Strict);
        if r.error.is_none()
            && let Ok(c) = convert(&rec, G::Style::default(), Mode::Lenient)
        {
            let back = Record::<G>::parse(&c.to_string())
                .unwrap_or_else(|e| panic!("converted record does not parse: {e}\n{c}"));
            let r2 = replay(&back, Mode::Lenient);
            assert_eq!(
                r2.moves, r.moves,
                "converted record replays differently\n{c}"
            );
        }
    }
}

/// The verdicts of checking every record of `text` two ways: in one pass, with the
/// [`Checker`](crate::replay::Checker) visitor (each move resolved and played as it is
/// read), and by parsing each [`Record`] whole and replaying it. The one-pass promise is
/// that the two are equal, field by field.
///
/// ```
/// use gamenote::{fuzzing::one_pass_verdicts, pylos::Pylos, Mode};
/// let text = "[Game \"Pylos\"]\n1b2 1b2 *\n\n[Game \"Pylos\"]\n1b2 zz *\n";
/// let (one_pass, whole) = one_pass_verdicts::<Pylos>(text, Mode::Strict);
/// assert_eq!(one_pass, whole);
/// assert_eq!(one_pass.len(), 2);
/// ```
pub fn one_pass_verdicts<G: Game>(
    text: &str,
    mode: Mode,
) -> (Vec<crate::replay::Verdict>, Vec<crate::replay::Verdict>) {
    use crate::error::Error;
    use crate::game::GameResult;
    use crate::replay::{Checker, Verdict};
    let one_pass: Vec<Verdict> = crate::visit::visit::<G, _>(text, Checker::new(mode)).collect();
    let whole = Record::<G>::parse_all(text)
        .into_iter()
        .map(|parsed| match parsed {
            Err(e) => Verdict {
                plies: 0,
                result: None,
                error: Some(Error::Parse(e)),
                warnings: Vec::new(),
                warnings_omitted: 0,
            },
            Ok(rec) => {
                let r = replay(&rec, mode);
                Verdict {
                    plies: r.moves.len(),
                    result: match (&r.error, r.outcome) {
                        (_, Some(o)) => Some(GameResult::Decided(o)),
                        (None, None) => rec.result,
                        (Some(_), None) => None,
                    },
                    error: r.error,
                    warnings: r.warnings,
                    warnings_omitted: r.warnings_omitted,
                }
            }
        })
        .map(|v| same_places(v, text))
        .collect();
    let one_pass = one_pass.into_iter().map(|v| same_places(v, text)).collect();
    (one_pass, whole)
}

/// `v` with its errors placed as the one-pass reader places them, where that needs only
/// the whole text (an illegal move's span indexes it), and unplaced where it needs the
/// record's own range (a set-up error's tag, an error of the record as a whole): the
/// places of those are held by `tests/suite/locate.rs`.
fn same_places(mut v: crate::replay::Verdict, text: &str) -> crate::replay::Verdict {
    use crate::error::{Error, IllegalMove};
    let place = |m: &mut IllegalMove| {
        if m.span.is_some() {
            let (line, column) =
                crate::error::line_col(text, m.span.as_ref().map_or(0, |s| s.start));
            (m.line, m.column) = (line, column);
        } else {
            (m.line, m.column) = (0, 0);
        }
    };
    v.warnings.iter_mut().for_each(place);
    match &mut v.error {
        Some(Error::Illegal(m)) => place(m),
        Some(Error::Setup(e)) => (e.line, e.column, e.span) = (0, 0, None),
        _ => {}
    }
    v
}

/// [`one_pass_verdicts`] agree, strictly and leniently.
///
/// ```
/// gamenote::fuzzing::one_pass_agrees::<gamenote::pylos::Pylos>(b"1b2 1c3+ {x} 1b2 *");
/// ```
pub fn one_pass_agrees<G: Game>(data: &[u8]) {
    let s = text(data);
    for mode in [Mode::Strict, Mode::Lenient] {
        let (one_pass, whole) = one_pass_verdicts::<G>(s, mode);
        assert_eq!(one_pass, whole, "{mode:?} {s:?}");
    }
}

/// Plays a game chosen by the bytes; in every position reached, every legal move written in
/// the default style resolves to itself, and the bytes read as a written move resolve only to
/// a legal move, or to one that `check_annotations` rejects (a lenient reading).
/// [`Hooks::resolve_play`](crate::game::Hooks::resolve_play) agrees with `resolve`
/// then `play` on every one of them, and leaves the position as it was when it refuses.
///
/// ```
/// gamenote::fuzzing::resolve_agrees::<gamenote::pylos::Pylos>(&[3, 1, 4, 1, 5, 9, 2, 6]);
/// ```
pub fn resolve_agrees<G: Game>(data: &[u8]) {
    let (rules_byte, rest) = match data.split_first() {
        Some((b, r)) => (*b, r),
        None => return,
    };
    let variants = G::variants();
    let rules = &variants[rules_byte as usize % variants.len().max(1)];
    let split = rest.len().min(16);
    let (written, choices) = rest.split_at(split);
    let written = text(written).trim().to_string();
    let mut pos = G::start(rules);
    let mut moves = Vec::new();
    for &c in choices.iter().take(200) {
        moves.clear();
        G::legal_moves(&pos, &mut moves);
        for m in &moves {
            let n = G::notate(&pos, m, G::Style::default());
            match G::resolve(&pos, &n) {
                Ok(back) => assert_eq!(&back, m, "{n} resolves to another move"),
                Err(e) => panic!("{n}, a legal move written by notate, does not resolve: {e}"),
            }
            resolve_play_agrees::<G>(&pos, &n);
        }
        let n = written.parse::<G::Notation>();
        if let Ok(n) = &n {
            resolve_play_agrees::<G>(&pos, n);
        }
        if let Ok(n) = n
            && let Ok(m) = G::resolve(&pos, &n)
        {
            // A move that `check_annotations` rejects is only a lenient reading (GIPF: a
            // due row left on the board); every other resolved move must be legal.
            let mut after = pos.clone();
            G::play(&mut after, &m);
            if G::check_annotations(&pos, &n, &m, &after).is_ok() {
                assert!(
                    moves.contains(&m),
                    "{n} resolves to a move legal_moves lacks"
                );
            }
        }
        if moves.is_empty() {
            break;
        }
        let m = moves[c as usize % moves.len()].clone();
        G::play(&mut pos, &m);
    }
}

/// [`Hooks::resolve_play`](crate::game::Hooks::resolve_play) gives what `resolve` then
/// `play` give, and changes nothing when it refuses: the promise replay relies on when it
/// takes the one-call path; so does
/// [`Hooks::resolve_play_unsettled`](crate::game::Hooks::resolve_play_unsettled) once
/// settled, and [`Hooks::resolve_play_notating`](crate::game::Hooks::resolve_play_notating)
/// (with [`Hooks::notate_played`](crate::game::Hooks::notate_played) from the position it
/// leaves) when the game has it. Panics when they disagree.
///
/// ```
/// use gamenote::prelude::*;
/// use gamenote::pylos::{Notation, Pylos};
/// let start = Pylos::start(&Default::default());
/// gamenote::fuzzing::resolve_play_agrees::<Pylos>(&start, &"1b2".parse::<Notation>()?);
/// gamenote::fuzzing::resolve_play_agrees::<Pylos>(&start, &"4a1".parse::<Notation>()?);
/// # Ok::<(), gamenote::ParseError>(())
/// ```
pub fn resolve_play_agrees<G: Game>(pos: &G::Position, n: &G::Notation) {
    let mut played = pos.clone();
    let one_call = G::resolve_play(&mut played, n);
    // replay's way: the same answer, and once settled the same position
    let mut unsettled = pos.clone();
    let replayed = G::resolve_play_unsettled(&mut unsettled, n);
    G::settle(&mut unsettled);
    assert_eq!(
        replayed, one_call,
        "{n}: resolve_play_unsettled and resolve_play disagree"
    );
    assert_eq!(
        unsettled, played,
        "{n}: resolve_play_unsettled, settled, leaves another position than resolve_play"
    );
    // the notating replay's way: the same answer, `notate_played` from the positions it
    // leaves, and once settled the same position
    let mut notating = pos.clone();
    let notated = G::resolve_play_notating(&mut notating, n);
    if let Some(notated) = &notated {
        assert_eq!(
            notated, &one_call,
            "{n}: resolve_play_notating and resolve_play disagree"
        );
        if let Ok(m) = notated {
            let style = Default::default();
            assert_eq!(
                G::notate_played(pos, m, &notating, style),
                G::notate(pos, m, style),
                "{n}: notate_played after resolve_play_notating and notate disagree"
            );
        }
        G::settle(&mut notating);
        assert_eq!(
            notating, played,
            "{n}: resolve_play_notating, settled, leaves another position than resolve_play"
        );
    }
    match G::resolve(pos, n) {
        Ok(m) => {
            assert_eq!(
                one_call.as_ref(),
                Ok(&m),
                "{n}: resolve_play and resolve disagree"
            );
            let mut after = pos.clone();
            G::play(&mut after, &m);
            assert_eq!(
                played, after,
                "{n}: resolve_play leaves another position than play"
            );
            let style = Default::default();
            assert_eq!(
                G::notate_played(pos, &m, &after, style),
                G::notate(pos, &m, style),
                "{n}: notate_played and notate disagree"
            );
            // As written, and written canonically: `None` exactly when they are equal.
            let canonical = G::notate(pos, &m, style);
            for written in [n.clone(), canonical.clone()] {
                assert_eq!(
                    G::notate_played_unless(pos, &m, &after, style, &written),
                    (canonical != written).then(|| canonical.clone()),
                    "{n}: notate_played_unless and notate disagree (written {written})"
                );
            }
            if !G::notate_needs_before(style) {
                assert_eq!(
                    G::notate_played(&after, &m, &after, style),
                    G::notate(pos, &m, style),
                    "{n}: notate_played without the position before and notate disagree"
                );
            }
        }
        Err(e) => {
            assert_eq!(one_call, Err(e), "{n}: resolve_play and resolve disagree");
            assert_eq!(
                &played, pos,
                "{n}: a refused resolve_play changed the position"
            );
        }
    }
}

/// Three-man chess position strings (the article's form and the extended string): any that
/// parses prints back to a string that parses to the same position.
///
/// ```
/// gamenote::fuzzing::threeman_position(b"8/8/8/8/pppppppp/rnbkqbnr 8/8/8/8/pppppppp/rnbkqbnr 8/8/8/8/pppppppp/rnbkqbnr");
/// ```
pub fn threeman_position(data: &[u8]) {
    use crate::threeman::position_string;
    let s = text(data);
    let rules = Default::default();
    if let Ok(pos) = position_string::parse(s, rules) {
        let printed = position_string::write(&pos);
        let again = position_string::parse(&printed, rules)
            .unwrap_or_else(|e| panic!("{printed:?} (printed from {s:?}) does not parse: {e}"));
        assert_eq!(position_string::write(&again), printed, "{s:?}");
    }
}

/// The streaming readers over arbitrary bytes, checking each piece as every game: they never
/// panic, every record cut out is checked the same as when read alone, and the visitor
/// reader, fed a few bytes at a time, gives the same verdicts.
///
/// ```
/// gamenote::fuzzing::stream_reader(b"[Game \"Pylos\"]\n1b2 *\n\n[Game \"GIPF\"]\n\xff");
/// ```
pub fn stream_reader(data: &[u8]) {
    use crate::check::{GameId, check_piece, check_text};
    use crate::stream::{Limits, RecordReader};
    let limits = Limits::default().max_record_bytes(1 << 16);
    for piece in RecordReader::with_limits(data, limits) {
        for id in GameId::ALL {
            let reports = check_piece(id, "fuzz", &piece, &[], Mode::Lenient);
            if let Ok(raw) = &piece {
                let alone = crate::with_game!(id, G => check_text::<G>("fuzz", &raw.text, raw.lines_before, &[], Mode::Lenient));
                assert_eq!(reports, alone);
            }
        }
    }
    // The visitor reader, fed a few bytes at a time, gives the verdicts of reading each cut
    // record alone.
    for id in GameId::ALL {
        crate::with_game!(id, G => stream_agrees::<G>(data, limits));
    }
}

/// The stream cutter and the record grammar agree on where every record starts and ends,
/// for every game, however the input arrives (the first byte chooses how many bytes each
/// read hands out): a record the grammar reads from a piece ends at the piece's end, and
/// read with the next piece behind it, stops where the next piece begins.
///
/// ```
/// gamenote::fuzzing::record_boundaries(b"\x03[Game \"Pylos\"]\n1b2 {open\n[Game \"Pylos\"]\n1c3 *\n");
/// ```
pub fn record_boundaries(data: &[u8]) {
    use crate::stream::RecordReader;
    let (step, data) = match data.split_first() {
        Some((b, rest)) => (usize::from(*b % 16) + 1, rest),
        None => (1, data),
    };
    let whole: Vec<_> = RecordReader::new(data).collect();
    let chunked: Vec<_> = RecordReader::new(Chunks { data, step }).collect();
    assert_eq!(whole, chunked, "the cut depends on how the input arrives");
    for id in crate::check::GameId::ALL {
        crate::with_game!(id, G => grammar_follows_the_cut::<G>(&whole));
    }
}

/// A `Read` that hands out `step` bytes at a time.
struct Chunks<'a> {
    data: &'a [u8],
    step: usize,
}

impl std::io::Read for Chunks<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = self.step.min(out.len()).min(self.data.len());
        out[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

fn grammar_follows_the_cut<G: Game>(
    pieces: &[Result<crate::stream::RawRecord, crate::stream::BadRecord>],
) {
    for (i, piece) in pieces.iter().enumerate() {
        let Ok(raw) = piece else { continue };
        let Ok((_, rest)) = Record::<G>::parse_next(&raw.text, 0) else {
            continue; // a broken record ends where the cut ends it
        };
        if !rest.trim().is_empty() {
            // Junk after the record's result: it runs to the cut.
            let at = raw.text.len() - rest.len();
            assert_eq!(
                crate::grammar::junk_end(&raw.text, at),
                raw.text.len(),
                "the grammar ends a record before the cut: {:?} left of {:?}",
                rest,
                raw.text
            );
            continue;
        }
        let Some(Ok(next)) = pieces.get(i + 1) else {
            continue;
        };
        if next.offset != raw.offset + raw.text.len() as u64 {
            continue; // blank or undecodable bytes between the two
        }
        let joined = format!("{}{}", raw.text, next.text);
        match Record::<G>::parse_next(&joined, 0) {
            Ok((_, rest)) => assert_eq!(
                rest.trim_start(),
                next.text.trim_start(),
                "the grammar reads past the cut in {joined:?}"
            ),
            Err(e) => panic!("the grammar reads past the cut in {joined:?}: {e}"),
        }
    }
}

/// A `Read` that hands out 1 to 7 bytes at a time.
struct Trickle<'a> {
    data: &'a [u8],
    step: usize,
}

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        self.step = self.step % 7 + 1;
        let n = self.step.min(out.len()).min(self.data.len());
        out[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

fn stream_agrees<G: Game>(data: &[u8], limits: crate::stream::Limits) {
    let (streamed, alone) = stream_verdicts::<G>(data, limits);
    assert_eq!(streamed, alone);
}

/// The syntax-only verdicts on `data` two ways: through the visitor stream reader fed 1 to
/// 7 bytes at a time, and by reading each record the cutter hands out alone (errors moved
/// to their place in the stream). The streaming promise is that the two are equal.
///
/// ```
/// use gamenote::{fuzzing::stream_verdicts, pylos::Pylos, stream::Limits};
/// let data = b"[Game \"Pylos\"]\n1b2 *\n\n[Game \"Pylos\"]\n1b2 zz *\n";
/// let (streamed, alone) = stream_verdicts::<Pylos>(data, Limits::default());
/// assert_eq!(streamed, alone);
/// assert_eq!(streamed[1].as_ref().unwrap_err().line, 5);
/// ```
pub fn stream_verdicts<G: Game>(
    data: &[u8],
    limits: crate::stream::Limits,
) -> (Vec<SyntaxVerdict>, Vec<SyntaxVerdict>) {
    use crate::grammar::Summarize;
    let mut streamed = Vec::new();
    let mut reader = crate::stream::Reader::with_limits(Trickle { data, step: 0 }, limits);
    let mut check = Summarize::default();
    while let Some(v) = reader.read_record::<G, _>(&mut check) {
        streamed.push(v);
    }
    let mut alone = Vec::new();
    for piece in crate::stream::RecordReader::with_limits(data, limits) {
        use crate::grammar::Stepped;
        let (text, lines_before, stop) = crate::stream::piece_parts(&piece);
        let offset = match &piece {
            Ok(raw) => raw.offset,
            Err(bad) => bad.partial.as_ref().map_or(0, |p| p.record.offset),
        };
        let mut walk = crate::grammar::Walk::new(lines_before + 1, offset as usize);
        let mut scratch = crate::grammar::Scratch::judged_by(crate::any::standard_judge());
        let mut check = Summarize::default();
        while let Some(step) = walk.step::<G, _>(text, stop.as_ref(), &mut scratch, &mut check) {
            alone.push(match step {
                Stepped::Record(v) => v,
                Stepped::Junk(e) => Err(e),
                Stepped::Bad(bad) | Stepped::BadJunk(bad) => Err(bad.error),
            });
        }
    }
    (streamed, alone)
}

/// What a syntax-only reading says of one record.
pub type SyntaxVerdict = Result<crate::grammar::Summary, crate::error::ParseError>;

/// The readers' shortcuts for the common move (every game's) read what the
/// general grammar reads, whenever they read anything.
///
/// ```
/// gamenote::fuzzing::shortcuts_agree(b"GRBxc2+ {");
/// gamenote::fuzzing::shortcuts_agree(b"1d2-2b2 ");
/// ```
pub fn shortcuts_agree(data: &[u8]) {
    let s = text(data);
    crate::pylos::notation::check_quick(s);
    crate::threeman::notation::check_quick(s);
    crate::pylon::notation::check_quick(s);
    crate::gipf::notation::check_quick(s);
}

/// Random bytes after a complete, legal record never change that record's verdict: the
/// first byte picks a game and a generated game, the second a record limit just above the
/// record's length, and the rest is appended after a line end (with a word before it when
/// it would start with a comment, which would belong to the record). The visitor reader,
/// the CLI's piece check and the syntax-only reading all judge the record as when it is
/// alone, with the default limits and with the small one.
///
/// ```
/// gamenote::fuzzing::junk_after_record(b"\x05\x10stray line\n\0\xEF\xBB\xBF[Game \"GIPF\"]");
/// gamenote::fuzzing::junk_after_record(b"\x02\x00{never closed\n\xff");
/// ```
pub fn junk_after_record(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let (extra, tail) = match rest.split_first() {
        Some((&e, tail)) => (usize::from(e), tail),
        None => (0, rest),
    };
    let all = crate::any::GameId::ALL;
    let id = all[usize::from(pick) % all.len()];
    crate::with_game!(id, G => junk_after::<G>(u64::from(pick / 4), extra, tail));
}

fn junk_after<G: Game>(seed: u64, extra: usize, tail: &[u8]) {
    use crate::replay::Checker;
    use crate::stream::{Item, Limits, Reader, RecordReader};
    let rules = G::variants().into_iter().next().unwrap_or_default();
    let game = crate::generate::legal_game::<G>(&rules, 12, seed);
    let text = game.record.to_string();
    let mut joined = text.clone().into_bytes();
    joined.push(b'\n');
    if tail.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{') {
        joined.push(b'x');
    }
    joined.extend_from_slice(tail);
    let small = Limits::default().max_record_bytes(text.len() + 1 + extra);
    let first = |data: &[u8], limits: Limits| {
        let mut checker = Checker::<G>::new(Mode::Strict);
        let full = match Reader::with_limits(data, limits).read_item::<G, _>(&mut checker) {
            Some(Item::Record(v)) => v,
            other => panic!("no record first: {other:?}"),
        };
        let mut summarize = crate::grammar::Summarize::default();
        let syntax = match Reader::with_limits(data, limits).read_item::<G, _>(&mut summarize) {
            Some(Item::Record(v)) => v,
            other => panic!("no record first: {other:?}"),
        };
        let piece = RecordReader::with_limits(data, limits).next();
        let report = piece.map(|p| {
            let mut checker = Checker::<G>::new(Mode::Strict);
            crate::check::check_piece_with::<G, _>("f", &p, &mut checker).remove(0)
        });
        (full, syntax, report)
    };
    let alone = first(text.as_bytes(), Limits::default());
    assert!(alone.0.error.is_none(), "a generated game is legal: {text}");
    assert!(alone.1.is_ok(), "a generated game is well written: {text}");
    for limits in [Limits::default(), small] {
        let (full, syntax, report) = first(&joined, limits);
        assert_eq!(
            full, alone.0,
            "the verdict changed with junk after {text:?}"
        );
        assert_eq!(
            syntax, alone.1,
            "the syntax verdict changed with junk after {text:?}"
        );
        assert_eq!(
            report, alone.2,
            "the report changed with junk after {text:?}"
        );
    }
}
