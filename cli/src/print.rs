//! How `gamenote` writes what the library hands it: the verdicts of `check` as lines of text
//! or as JSON lines (the serde form of `gamenote::check::Report`, docs/cli.md), and JSON
//! strings with invisible characters escaped so a terminal shows a line as it is.

use std::io::{self, Write};

use gamenote::check::{Checked, Report};
use serde::Serialize;

/// Writes a verdict as `check` prints it: one JSON line, or the verdict line (or the error
/// with its caret) on `out`, warnings and unreadable inputs on `err`.
pub fn print_checked(
    c: Checked<'_>,
    json: bool,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<()> {
    // Only standard output's failures stop the run: the verdicts are what it is for.
    let r = match c {
        Checked::Unreadable(e) => {
            let _ = writeln!(err, "{e}");
            return Ok(());
        }
        Checked::Record(r) => r,
    };
    if json {
        return write_report(out, r);
    }
    for w in &r.warnings {
        let _ = writeln!(err, "warning: {}", w.rendered);
    }
    if r.warnings_omitted > 0 {
        let _ = writeln!(
            err,
            "warning: {} record {}: and {} more warnings",
            r.file, r.record, r.warnings_omitted
        );
    }
    match &r.error {
        None => {
            // One line per record: written piece by piece, as `format_args!` costs more
            // than the rules of a short game.
            out.write_all(r.file.as_bytes())?;
            out.write_all(b" record ")?;
            write_number(out, r.record)?;
            out.write_all(b": ok, ")?;
            write_number(out, r.plies)?;
            out.write_all(b" plies, result ")?;
            out.write_all(r.result.as_deref().unwrap_or("none").as_bytes())?;
            out.write_all(b"\n")
        }
        Some(p) => writeln!(out, "{}", p.rendered),
    }
}

/// Writes `r` as one line of `check --json`: its serde form, without the problems'
/// drawings (`rendered`), which only the text output shows.
fn write_report(out: &mut impl Write, r: &Report) -> io::Result<()> {
    let drawn = r
        .error
        .iter()
        .chain(&r.warnings)
        .any(|p| !p.rendered.is_empty());
    if drawn {
        // Only failed and warned records hold drawings: the copy is theirs alone.
        let mut bare = r.clone();
        for p in bare.error.iter_mut().chain(bare.warnings.iter_mut()) {
            p.rendered.clear();
        }
        write_json(out, &bare)?;
    } else {
        write_json(out, r)?;
    }
    out.write_all(b"\n")
}

/// Writes `value` as JSON with [`Escaping`].
pub fn write_json<T: Serialize + ?Sized>(out: &mut impl Write, value: &T) -> io::Result<()> {
    let mut ser = serde_json::Serializer::with_formatter(out, Escaping);
    // serde_json gives back the writer's own error (a closed pipe stays one).
    value.serialize(&mut ser).map_err(io::Error::from)
}

/// `s` as a JSON string literal, escaped as [`Escaping`] escapes it.
pub fn json_str(s: &str) -> String {
    let mut out = Vec::with_capacity(s.len() + 2);
    // Writing to memory fails only when out of memory, which aborts first.
    let _ = write_json(&mut out, s);
    String::from_utf8(out).unwrap_or_default()
}

/// serde_json's compact form, with every control character written `\uXXXX` (also those
/// it would write `\b` and `\f`), and the invisible characters an echoed line shows escaped
/// (`gamenote::error::escape_invisible`: a right-to-left override would reorder a
/// terminal's line) written `\uXXXX` too, as UTF-16 units.
pub struct Escaping;

impl serde_json::ser::Formatter for Escaping {
    fn write_string_fragment<W>(&mut self, writer: &mut W, fragment: &str) -> io::Result<()>
    where
        W: ?Sized + Write,
    {
        let mut plain = 0;
        for (i, c) in fragment.char_indices() {
            if c.is_ascii() && c != '\u{7f}' || !invisible(c) {
                continue;
            }
            writer.write_all(&fragment.as_bytes()[plain..i])?;
            for unit in c.encode_utf16(&mut [0; 2]) {
                write!(writer, "\\u{unit:04x}")?;
            }
            plain = i + c.len_utf8();
        }
        writer.write_all(&fragment.as_bytes()[plain..])
    }

    fn write_char_escape<W>(
        &mut self,
        writer: &mut W,
        escape: serde_json::ser::CharEscape,
    ) -> io::Result<()>
    where
        W: ?Sized + Write,
    {
        use serde_json::ser::CharEscape;
        let s: &[u8] = match escape {
            CharEscape::Quote => b"\\\"",
            CharEscape::ReverseSolidus => b"\\\\",
            CharEscape::Solidus => b"\\/",
            CharEscape::LineFeed => b"\\n",
            CharEscape::CarriageReturn => b"\\r",
            CharEscape::Tab => b"\\t",
            CharEscape::Backspace => b"\\u0008",
            CharEscape::FormFeed => b"\\u000c",
            CharEscape::AsciiControl(byte) => return write!(writer, "\\u{byte:04x}"),
        };
        writer.write_all(s)
    }
}

/// True for a character that echoed lines show escaped (the library's own list).
fn invisible(c: char) -> bool {
    let mut buf = [0; 4];
    matches!(
        gamenote::error::escape_invisible(c.encode_utf8(&mut buf)),
        std::borrow::Cow::Owned(_)
    ) && c != '\t'
}

/// Writes `n` in decimal.
fn write_number(out: &mut impl Write, mut n: usize) -> io::Result<()> {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.write_all(&digits[at..])
}

#[cfg(test)]
mod tests {
    use super::{json_str, print_checked};
    use gamenote::check::{Checked, InputError, check_source};
    use gamenote::{Mode, pylos::Pylos};

    #[test]
    fn json_strings_escape_as_the_library_did() {
        assert_eq!(json_str("a\"b\n\\/"), r#""a\"b\n\\/""#);
        assert_eq!(
            json_str("\u{8}\u{c}\u{1}\u{7f}\u{85}"),
            r#""\u0008\u000c\u0001\u007f\u0085""#
        );
        assert_eq!(json_str("x\u{202e}y\u{e0041}"), r#""x\u202ey\udb40\udc41""#);
        assert_eq!(json_str("é 中\t"), "\"é 中\\t\"");
    }

    #[test]
    fn verdicts_print_as_text_and_as_json_lines() {
        let reports = check_source::<Pylos>("a.pylos", "1b2 1b2 *", &[], Mode::Strict);
        let (mut out, mut err) = (Vec::new(), Vec::new());
        print_checked(Checked::Record(&reports[0]), true, &mut out, &mut err).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out),
            "{\"file\":\"a.pylos\",\"record\":1,\"ok\":false,\"plies\":1,\"result\":null,\
             \"error\":{\"kind\":\"illegal\",\"line\":1,\"column\":5,\"ply\":2,\
             \"message\":\"ply 2 (1b2): 1b2 is occupied\"},\"warnings\":[]}\n"
        );
        assert_eq!(
            String::from_utf8_lossy(&out).trim_end(),
            reports[0].to_json()
        );
        let good = &check_source::<Pylos>("a.pylos", "1b2 *", &[], Mode::Strict)[0];
        let unknown = InputError::UnknownGame("notes.txt".into());
        let (mut out, mut err) = (Vec::new(), Vec::new());
        for c in [Checked::Record(good), Checked::Unreadable(&unknown)] {
            print_checked(c, false, &mut out, &mut err).unwrap();
        }
        assert_eq!(
            String::from_utf8_lossy(&out),
            "a.pylos record 1: ok, 1 plies, result *\n"
        );
        assert!(String::from_utf8_lossy(&err).starts_with("notes.txt: cannot tell the game"));
    }
}
