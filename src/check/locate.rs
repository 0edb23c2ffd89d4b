//! Lines, columns and caret drawings for many errors of one text in one pass: a cursor
//! that only moves forward, so that a record with a warning on every ply costs time
//! linear in its length, and a window of bounded width around each error.

use std::ops::Range;

use crate::error::{ECHO_BEFORE as BEFORE, echo, escape_invisible, floor_char_boundary};
use crate::text::tag_pair_raw;

/// A forward-moving cursor over `source` that knows the line and column where it stands.
pub(crate) struct Locator<'a> {
    source: &'a str,
    /// Byte offset of the cursor (a char boundary).
    pos: usize,
    /// 1-based line of `pos`.
    line: usize,
    /// Byte offset where that line starts.
    line_start: usize,
    /// Characters from `line_start` to `pos`.
    chars: usize,
}

impl<'a> Locator<'a> {
    pub(crate) fn new(source: &'a str) -> Self {
        Locator {
            source,
            pos: 0,
            line: 1,
            line_start: 0,
            chars: 0,
        }
    }

    /// Moves to byte `offset` (back to the start first when it lies behind the cursor) and
    /// gives its 1-based line and character column.
    pub(crate) fn seek(&mut self, offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(self.source, offset);
        if offset < self.pos {
            *self = Locator::new(self.source);
        }
        let bytes = self.source.as_bytes();
        for i in self.pos..offset {
            match bytes[i] {
                b'\n' => self.new_line(i + 1),
                b'\r' if bytes.get(i + 1) != Some(&b'\n') => self.new_line(i + 1),
                b if (b & 0xC0) != 0x80 => self.chars += 1,
                _ => {}
            }
        }
        self.pos = offset;
        (self.line, self.chars + 1)
    }

    fn new_line(&mut self, start: usize) {
        self.line += 1;
        self.line_start = start;
        self.chars = 0;
    }

    /// The error drawn as `file:line:column: message`, the source line (a window of at most
    /// 100 characters) and carets under `span`; with its line and column. Lines count
    /// from `lines_before` lines into the file.
    pub(crate) fn render(
        &mut self,
        file: &str,
        span: Range<usize>,
        message: &str,
        lines_before: usize,
    ) -> (usize, usize, String) {
        let (line, column) = self.seek(span.start);
        let start = self.pos;
        let src = self.source;
        // At most BEFORE characters back, not past the line start.
        let mut from = start;
        let mut back = 0;
        while back < BEFORE && from > self.line_start {
            from -= 1;
            while !src.is_char_boundary(from) {
                from -= 1;
            }
            back += 1;
        }
        let (shown, under) = echo(&src[from..], start - from, span.end.saturating_sub(from));
        let rendered = format!(
            "{file}:{}:{column}: {}\n  {shown}\n  {under}",
            line + lines_before,
            escape_invisible(message)
        );
        (line + lines_before, column, rendered)
    }
}

/// Where the tag `name` of the record starting at `from` lies in `source`: the span of its
/// first `[name "..."]` line before `until`.
pub(crate) fn tag_span(
    source: &str,
    from: usize,
    until: usize,
    name: &str,
) -> Option<Range<usize>> {
    let from = floor_char_boundary(source, from);
    let until = floor_char_boundary(source, until.max(from));
    let region = &source[from..until];
    let mut at = 0;
    loop {
        let line = &region[at..];
        let lead = line.len() - line.trim_start_matches([' ', '\t']).len();
        if let Ok((rest, (n, _))) = tag_pair_raw(&line[lead..])
            && n.eq_ignore_ascii_case(name)
        {
            let start = from + at + lead;
            return Some(start..start + (line.len() - lead - rest.len()));
        }
        // A lone CR ends a line too (a CR LF's LF then starts an empty line).
        at += memchr::memchr2(b'\n', b'\r', line.as_bytes())? + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_as_the_error_module_does() {
        let src = "[Game \"Pylos\"]\r\n\r\n1b2 1c3\r1zz *\n";
        let mut loc = Locator::new(src);
        for (span, message) in [(0..1, "a"), (20..23, "b"), (26..29, "c"), (3..5, "d")] {
            let want = crate::error::render_at_line("f", src, span.clone(), message, 2);
            let (line, column, got) = loc.render("f", span.clone(), message, 2);
            assert_eq!(got, want);
            let (l, c) = crate::error::line_col(src, span.start);
            assert_eq!((line, column), (l + 2, c));
        }
    }

    #[test]
    fn escapes_as_the_error_module_does() {
        let src = "[Game \"Py\u{202e}los\"]\n\n1b2 {\t\u{1b}\u{2066}} z\u{200b}z 1b2 *\n";
        let mut loc = Locator::new(src);
        let zz = src.find('z').unwrap_or(0);
        for (span, message) in [
            (0..20, "a\u{202e}"),
            (zz..zz + 5, "b"),
            (zz + 6..zz + 9, "c"),
        ] {
            let want = crate::error::render_at_line("f", src, span.clone(), message, 0);
            let (_, _, got) = loc.render("f", span.clone(), message, 0);
            assert_eq!(got, want);
            assert!(
                !got.lines()
                    .flat_map(str::chars)
                    .any(crate::error::invisible),
                "{got}"
            );
        }
        let (_, _, got) = Locator::new(src).render("f", zz..zz + 5, "b", 0);
        assert_eq!(
            got,
            "f:3:11: b\n  1b2 {    \\u{1b}\\u{2066}} z\\u{200b}z 1b2 *\n                           ^^^^^^^^^^"
        );
    }

    #[test]
    fn long_lines_show_a_window() {
        let src = format!("{}é zz {}", "x ".repeat(200), "y ".repeat(200));
        let at = src.find("zz").unwrap_or(0);
        let want = crate::error::render_at_line("f", &src, at..at + 2, "m", 0);
        assert_eq!(Locator::new(&src).render("f", at..at + 2, "m", 0).2, want);
    }

    #[test]
    fn finds_the_tag_line() {
        let src = "[Game \"Pylon\"]\n  [Size \"99\"]\n\n1a1 *\n";
        assert_eq!(tag_span(src, 0, src.len(), "Size"), Some(17..28));
        assert_eq!(tag_span(src, 0, src.len(), "Rules"), None);
    }
}
