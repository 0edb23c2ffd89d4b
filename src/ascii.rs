//! Printers of written forms that write ASCII bytes one at a time, without the formatting
//! machinery: one printer serves a `String` (the export's path, which prints each move it
//! has not met before) and a `Formatter` (`Display`), so the two cannot differ. GIPF's and
//! Pylos's notations print through it.

use std::fmt;

/// Where a printer writes: ASCII bytes, one at a time. A `String` takes them straight, a
/// `Formatter` through [`ToFormatter`].
pub(crate) trait Out {
    /// Appends one ASCII byte.
    fn byte(&mut self, b: u8);

    /// Appends ASCII bytes.
    #[inline]
    fn bytes(&mut self, bs: &[u8]) {
        for &b in bs {
            self.byte(b);
        }
    }
}

impl Out for String {
    #[inline(always)]
    fn byte(&mut self, b: u8) {
        self.push(char::from(b));
    }
}

/// `Display`'s end of a printer: the bytes gathered on the stack and handed to the
/// formatter a buffer at a time (one `write_str` for most notes).
pub(crate) struct ToFormatter<'a, 'b> {
    f: &'a mut fmt::Formatter<'b>,
    buf: [u8; 64],
    len: usize,
    res: fmt::Result,
}

impl<'a, 'b> ToFormatter<'a, 'b> {
    fn new(f: &'a mut fmt::Formatter<'b>) -> Self {
        ToFormatter {
            f,
            buf: [0; 64],
            len: 0,
            res: Ok(()),
        }
    }

    fn flush(&mut self) {
        if self.res.is_ok() && self.len > 0 {
            // The printers write ASCII only, so the bytes are always UTF-8.
            let text = std::str::from_utf8(&self.buf[..self.len]).unwrap_or_default();
            self.res = self.f.write_str(text);
        }
        self.len = 0;
    }

    /// Prints with `print` and hands the rest of the bytes over.
    pub(crate) fn print(
        f: &'a mut fmt::Formatter<'b>,
        print: impl FnOnce(&mut Self),
    ) -> fmt::Result {
        let mut out = ToFormatter::new(f);
        print(&mut out);
        out.flush();
        out.res
    }
}

impl Out for ToFormatter<'_, '_> {
    #[inline]
    fn byte(&mut self, b: u8) {
        if self.len == self.buf.len() {
            self.flush();
        }
        self.buf[self.len] = b;
        self.len += 1;
    }
}

/// A `String`'s end of a printer that gathers the bytes on the stack and appends them a
/// buffer at a time (one append for most notes, where [`Out`] for `String` pushes each byte
/// with its own room check).
pub(crate) struct ToString<'a> {
    out: &'a mut String,
    buf: [u8; 32],
    len: usize,
}

impl<'a> ToString<'a> {
    fn flush(&mut self) {
        // The printers write ASCII only, so the bytes are always UTF-8.
        self.out
            .push_str(std::str::from_utf8(&self.buf[..self.len]).unwrap_or_default());
        self.len = 0;
    }

    /// Prints with `print` onto the end of `out`.
    #[inline]
    pub(crate) fn print(out: &'a mut String, print: impl FnOnce(&mut Self)) {
        let mut o = ToString {
            out,
            buf: [0; 32],
            len: 0,
        };
        print(&mut o);
        o.flush();
    }
}

impl Out for ToString<'_> {
    #[inline(always)]
    fn byte(&mut self, b: u8) {
        if self.len == self.buf.len() {
            self.flush();
        }
        self.buf[self.len] = b;
        self.len += 1;
    }
}
