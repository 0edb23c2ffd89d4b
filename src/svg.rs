//! A small SVG writer of the crate's own (no assets, no fonts to fetch), and the pyramid
//! picture that Pylos and Pylon share: levels seen from above, each offset by half a cell so
//! the balls below show through.

use std::fmt::Write as _;

/// Escapes text for XML content and attribute values.
///
/// ```
/// assert_eq!(gamenote::svg::escape("<a & 'b'>"), "&lt;a &amp; &apos;b&apos;&gt;");
/// ```
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// An SVG document being written.
///
/// ```
/// use gamenote::svg::Svg;
/// let mut s = Svg::new(100.0, 50.0);
/// s.circle(10.0, 10.0, 5.0, "ball white", &[("data-slot", "1a1")]);
/// s.text(50.0, 40.0, "a & b", "label");
/// let doc = s.finish();
/// assert!(doc.starts_with("<svg"));
/// assert!(doc.contains("data-slot=\"1a1\""));
/// assert!(doc.contains("a &amp; b"));
/// ```
#[derive(Debug, Clone)]
pub struct Svg {
    out: String,
}

fn attrs(out: &mut String, extra: &[(&str, &str)]) {
    for (k, v) in extra {
        let _ = write!(out, " {k}=\"{}\"", escape(v));
    }
}

impl Svg {
    /// A document of the given size, with the crate's stylesheet.
    ///
    /// ```
    /// use gamenote::svg::Svg;
    /// let doc = Svg::new(120.0, 80.0).finish();
    /// assert!(doc.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120\" height=\"80\""));
    /// assert!(doc.contains("<style>") && doc.ends_with("</svg>\n"));
    /// ```
    pub fn new(width: f64, height: f64) -> Svg {
        let mut out = String::new();
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"sans-serif\">\n<style>{STYLE}</style>\n<rect class=\"background\" x=\"0\" y=\"0\" width=\"{width:.0}\" height=\"{height:.0}\"/>\n"
        );
        Svg { out }
    }

    /// A circle.
    ///
    /// ```
    /// use gamenote::svg::Svg;
    /// let mut s = Svg::new(20.0, 20.0);
    /// s.circle(10.0, 10.0, 4.5, "ball black", &[("data-point", "1a1")]);
    /// let expected = r#"<circle class="ball black" cx="10.0" cy="10.0" r="4.5" data-point="1a1"/>"#;
    /// assert!(s.finish().contains(expected));
    /// ```
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, class: &str, extra: &[(&str, &str)]) {
        let _ = write!(
            self.out,
            "<circle class=\"{}\" cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{r:.1}\"",
            escape(class)
        );
        attrs(&mut self.out, extra);
        self.out.push_str("/>\n");
    }

    /// A rectangle.
    ///
    /// ```
    /// use gamenote::svg::Svg;
    /// let mut s = Svg::new(50.0, 50.0);
    /// s.rect(5.0, 5.0, 40.0, 20.0, "board");
    /// let expected = r#"<rect class="board" x="5.0" y="5.0" width="40.0" height="20.0"/>"#;
    /// assert!(s.finish().contains(expected));
    /// ```
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, class: &str) {
        let _ = writeln!(
            self.out,
            "<rect class=\"{}\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{h:.1}\"/>",
            escape(class)
        );
    }

    /// A line segment.
    ///
    /// ```
    /// use gamenote::svg::Svg;
    /// let mut s = Svg::new(50.0, 50.0);
    /// s.line(0.0, 0.0, 50.0, 25.0, "grid");
    /// let expected = r#"<line class="grid" x1="0.0" y1="0.0" x2="50.0" y2="25.0"/>"#;
    /// assert!(s.finish().contains(expected));
    /// ```
    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, class: &str) {
        let _ = writeln!(
            self.out,
            "<line class=\"{}\" x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\"/>",
            escape(class)
        );
    }

    /// A closed polygon through `points`.
    ///
    /// ```
    /// use gamenote::svg::Svg;
    /// let mut s = Svg::new(50.0, 50.0);
    /// s.polygon(&[(0.0, 0.0), (10.0, 0.0), (5.0, 8.5)], "zone-GR", &[("id", "t")]);
    /// let expected = r#"<polygon class="zone-GR" points="0.0,0.0 10.0,0.0 5.0,8.5" id="t"/>"#;
    /// assert!(s.finish().contains(expected));
    /// ```
    pub fn polygon(&mut self, points: &[(f64, f64)], class: &str, extra: &[(&str, &str)]) {
        let pts: Vec<String> = points
            .iter()
            .map(|(x, y)| format!("{x:.1},{y:.1}"))
            .collect();
        let _ = write!(
            self.out,
            "<polygon class=\"{}\" points=\"{}\"",
            escape(class),
            pts.join(" ")
        );
        attrs(&mut self.out, extra);
        self.out.push_str("/>\n");
    }

    /// A path with raw path data.
    ///
    /// ```
    /// use gamenote::svg::Svg;
    /// let mut s = Svg::new(50.0, 50.0);
    /// s.path("M 0 0 L 10 10", "moat", &[]);
    /// assert!(s.finish().contains(r#"<path class="moat" d="M 0 0 L 10 10"/>"#));
    /// ```
    pub fn path(&mut self, d: &str, class: &str, extra: &[(&str, &str)]) {
        let _ = write!(
            self.out,
            "<path class=\"{}\" d=\"{}\"",
            escape(class),
            escape(d)
        );
        attrs(&mut self.out, extra);
        self.out.push_str("/>\n");
    }

    /// Centred text.
    ///
    /// ```
    /// use gamenote::svg::Svg;
    /// let mut s = Svg::new(50.0, 50.0);
    /// s.text(25.0, 10.0, "W < B", "title");
    /// let doc = s.finish();
    /// assert!(doc.contains(r#"<text class="title" x="25.0" y="10.0" text-anchor="middle""#));
    /// assert!(doc.contains(">W &lt; B</text>"));
    /// ```
    pub fn text(&mut self, x: f64, y: f64, text: &str, class: &str) {
        let _ = writeln!(
            self.out,
            "<text class=\"{}\" x=\"{x:.1}\" y=\"{y:.1}\" text-anchor=\"middle\" dominant-baseline=\"central\">{}</text>",
            escape(class),
            escape(text)
        );
    }

    /// Opens a group.
    ///
    /// ```
    /// use gamenote::svg::Svg;
    /// let mut s = Svg::new(50.0, 50.0);
    /// s.open_group("level", &[("data-level", "2")]);
    /// s.close_group();
    /// assert!(s.finish().contains("<g class=\"level\" data-level=\"2\">\n</g>\n"));
    /// ```
    pub fn open_group(&mut self, class: &str, extra: &[(&str, &str)]) {
        let _ = write!(self.out, "<g class=\"{}\"", escape(class));
        attrs(&mut self.out, extra);
        self.out.push_str(">\n");
    }

    /// Closes the last group.
    ///
    /// ```
    /// use gamenote::svg::Svg;
    /// let mut s = Svg::new(50.0, 50.0);
    /// s.open_group("pieces", &[]);
    /// s.circle(5.0, 5.0, 2.0, "ball white", &[]);
    /// s.close_group();
    /// assert!(s.finish().ends_with("/>\n</g>\n</svg>\n"));
    /// ```
    pub fn close_group(&mut self) {
        self.out.push_str("</g>\n");
    }

    /// The finished document.
    ///
    /// ```
    /// use gamenote::svg::Svg;
    /// let mut s = Svg::new(10.0, 10.0);
    /// s.rect(0.0, 0.0, 10.0, 10.0, "board");
    /// let doc = s.finish();
    /// assert!(doc.ends_with("height=\"10.0\"/>\n</svg>\n"));
    /// assert_eq!(doc.matches("<svg").count(), 1);
    /// ```
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

const STYLE: &str = ".background{fill:#f3ead8}.board{fill:#d9b98a;stroke:#7a5a32;stroke-width:2}\
.hole{fill:#c29f6c}.label{font-size:13px;fill:#4a3a22}.title{font-size:14px;fill:#222}\
.white{fill:#fbfbf7;stroke:#555;stroke-width:1.5}.black{fill:#2b2b2b;stroke:#000;stroke-width:1.5}\
.gray{fill:#9a9a9a;stroke:#444;stroke-width:1.5}.last{fill:none;stroke:#d22;stroke-width:3}\
.from{fill:none;stroke:#d22;stroke-width:2;stroke-dasharray:4 3}.grid{stroke:#7a5a32;stroke-width:1.2}\
.dot{fill:#7a5a32}.spot{fill:#fff8ea;stroke:#7a5a32}.gipf{stroke-width:4}\
.moat{stroke:#2a6fb0;stroke-width:4}.moat.bridged{stroke:#8fc1ea;stroke-dasharray:6 4}\
.creek{stroke:#2a6fb0;stroke-width:2;stroke-dasharray:2 3}.piece{font-size:16px;font-weight:bold}.letter-dark{fill:#111;stroke:none}.letter-light{fill:#fff;stroke:none}\
.zone-WH{fill:#f5efe2}.zone-GR{fill:#dcdcdc}.zone-BL{fill:#b9a88c}.crossed{stroke:#d22;stroke-width:2}";

/// One ball of a pyramid picture: level (1 = bottom), column and row (0-based), the seat
/// that owns it (0 = White), and its written name.
///
/// ```
/// use gamenote::svg::{pyramid, Ball};
/// let ball = Ball { level: 2, col: 1, row: 0, seat: 1, name: "2b1".into() };
/// let doc = pyramid(3, &[ball], None, None, &[]);
/// assert!(doc.contains(r#"class="ball black""#));
/// assert!(doc.contains(r#"data-point="2b1" data-level="2""#));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ball {
    /// Level, 1 at the bottom.
    pub level: usize,
    /// Column, 0-based from White's left.
    pub col: usize,
    /// Row, 0-based from White's side.
    pub row: usize,
    /// 0 = White, 1 = Black.
    pub seat: usize,
    /// The written name of the point, e.g. `2b2`.
    pub name: String,
}

/// A pyramid of `size`×`size` at the bottom seen from above: the balls (any order; drawn
/// bottom level first), the points of the last move (`to` ringed, `from` dashed), and lines
/// of text under the board (reserves, scores, side to move).
///
/// ```
/// use gamenote::svg::{pyramid, Ball};
/// let balls = [Ball { level: 1, col: 0, row: 0, seat: 0, name: "1a1".into() }];
/// let doc = pyramid(2, &balls, Some((1, 0, 0)), None, &["Black to move".to_string()]);
/// assert!(doc.contains(r#"data-point="1a1" data-level="1""#));
/// assert_eq!(doc.matches(r#"class="hole""#).count(), 4); // the 2×2 bottom level
/// assert_eq!(doc.matches(r#"class="last""#).count(), 1);
/// assert!(doc.contains(">Black to move</text>"));
/// ```
pub fn pyramid(
    size: usize,
    balls: &[Ball],
    last_to: Option<(usize, usize, usize)>,
    last_from: Option<(usize, usize, usize)>,
    footer: &[String],
) -> String {
    let cell = (360.0 / size.max(1) as f64).clamp(14.0, 80.0);
    let margin = 30.0;
    let board = cell * size as f64;
    let width = board + 2.0 * margin;
    let height = board + 2.0 * margin + 22.0 * footer.len() as f64 + 8.0;
    let mut s = Svg::new(width, height);
    s.rect(
        margin - 6.0,
        margin - 6.0,
        board + 12.0,
        board + 12.0,
        "board",
    );
    // Centre of point (level, col, row): level L is offset by (L-1)/2 cells; row 1 at the
    // bottom, nearest White.
    let centre = |level: usize, col: usize, row: usize| {
        let off = (level.saturating_sub(1)) as f64 * cell / 2.0;
        let x = margin + off + (col as f64 + 0.5) * cell;
        let y = margin + board - off - (row as f64 + 0.5) * cell;
        (x, y)
    };
    for r in 0..size {
        for c in 0..size {
            let (x, y) = centre(1, c, r);
            s.circle(x, y, cell * 0.18, "hole", &[]);
        }
    }
    for c in 0..size {
        let (x, _) = centre(1, c, 0);
        s.text(x, margin + board + 16.0, &col_name(c), "label");
    }
    for r in 0..size {
        let (_, y) = centre(1, 0, r);
        s.text(margin - 16.0, y, &(r + 1).to_string(), "label");
    }
    let mut sorted: Vec<&Ball> = balls.iter().collect();
    sorted.sort_by_key(|b| (b.level, b.row, b.col));
    for b in sorted {
        let (x, y) = centre(b.level, b.col, b.row);
        let class = if b.seat == 0 {
            "ball white"
        } else {
            "ball black"
        };
        let level = b.level.to_string();
        s.circle(
            x,
            y,
            cell * 0.46,
            class,
            &[("data-point", &b.name), ("data-level", &level)],
        );
    }
    if let Some((l, c, r)) = last_from {
        let (x, y) = centre(l, c, r);
        s.circle(x, y, cell * 0.5, "from", &[]);
    }
    if let Some((l, c, r)) = last_to {
        let (x, y) = centre(l, c, r);
        s.circle(x, y, cell * 0.5, "last", &[]);
    }
    for (i, line) in footer.iter().enumerate() {
        s.text(
            width / 2.0,
            margin + board + 40.0 + 22.0 * i as f64,
            line,
            "title",
        );
    }
    s.finish()
}

/// Column letters: `a`–`z`.
fn col_name(c: usize) -> String {
    ((b'a' + (c % 26) as u8) as char).to_string()
}
