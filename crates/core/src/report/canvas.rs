//! The report laid out as a display list: pages of text runs, lines, rectangles, dots and
//! photos, in points from the bottom-left corner (A4: 595 × 842). Laying out first and
//! writing after lets the fonts be subset to exactly the glyphs used and gives every page
//! its "Page n of N".

use super::font::{Font, Weight};

/// A4 in points.
pub const PAGE_W: f32 = 595.0;
pub const PAGE_H: f32 = 842.0;
/// Page margin in points.
pub const MARGIN: f32 = 40.0;

/// An sRGB colour, components 0–1.
pub type Rgb = [f32; 3];
pub const BLACK: Rgb = [0.0, 0.0, 0.0];
pub const GREY: Rgb = [0.45, 0.45, 0.45];
pub const FAIL: Rgb = [0.75, 0.1, 0.1];
pub const TIGHT: Rgb = [0.8, 0.5, 0.0];
pub const PASS: Rgb = [0.1, 0.5, 0.2];
pub const FAIL_FILL: Rgb = [0.99, 0.89, 0.89];
pub const TIGHT_FILL: Rgb = [1.0, 0.95, 0.8];

/// One drawing operation.
#[derive(Debug, Clone, PartialEq)]
pub enum Op {
    Text {
        weight: Weight,
        size: f32,
        x: f32,
        y: f32,
        text: String,
        colour: Rgb,
    },
    Line {
        points: Vec<(f32, f32)>,
        width: f32,
        colour: Rgb,
    },
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        fill: Option<Rgb>,
        stroke: Option<Rgb>,
    },
    Dot {
        x: f32,
        y: f32,
        r: f32,
        fill: Rgb,
    },
    /// Photo `index` (in [`Document::images`]) in a box.
    Image {
        index: usize,
        x: f32,
        y: f32,
        w: f32,
        h: f32,
    },
}

/// The laid-out report.
#[derive(Debug, Default)]
pub struct Document {
    pub pages: Vec<Vec<Op>>,
    /// JPEG bytes of the photos placed.
    pub images: Vec<Vec<u8>>,
}

/// Lays out pages, with the two fonts for measuring text.
pub struct Canvas<'f, 'a> {
    pub regular: &'f mut Font<'a>,
    pub bold: &'f mut Font<'a>,
    pub doc: Document,
    /// The cursor: the top of the next line, in points from the bottom.
    pub y: f32,
}

impl<'f, 'a> Canvas<'f, 'a> {
    pub fn new(regular: &'f mut Font<'a>, bold: &'f mut Font<'a>) -> Self {
        Self {
            regular,
            bold,
            doc: Document::default(),
            y: PAGE_H - MARGIN,
        }
    }

    pub fn font(&self, weight: Weight) -> &Font<'a> {
        match weight {
            Weight::Regular => self.regular,
            Weight::Bold => self.bold,
        }
    }

    /// Starts a new page; the cursor goes to its top.
    pub fn page(&mut self) {
        self.doc.pages.push(Vec::new());
        self.y = PAGE_H - MARGIN;
    }

    /// Starts a new page when less than `needed` points are left above the footer.
    pub fn need(&mut self, needed: f32) -> bool {
        if self.y - needed < MARGIN + 20.0 {
            self.page();
            true
        } else {
            false
        }
    }

    pub fn push(&mut self, op: Op) {
        if self.doc.pages.is_empty() {
            self.page();
        }
        if let Some(page) = self.doc.pages.last_mut() {
            page.push(op);
        }
    }

    /// A text run with its baseline at `y`.
    pub fn text_at(&mut self, weight: Weight, size: f32, x: f32, y: f32, text: &str, colour: Rgb) {
        if text.is_empty() {
            return;
        }
        match weight {
            Weight::Regular => self.regular.mark(text),
            Weight::Bold => self.bold.mark(text),
        }
        self.push(Op::Text {
            weight,
            size,
            x,
            y,
            text: text.to_owned(),
            colour,
        });
    }

    /// A line of text at the cursor, then the cursor moves down by the line height.
    pub fn line(&mut self, weight: Weight, size: f32, text: &str, colour: Rgb) {
        self.need(size * 1.4);
        let y = self.y - size;
        self.text_at(weight, size, MARGIN, y, text, colour);
        self.y -= size * 1.4;
    }

    /// A paragraph wrapped to the text width.
    pub fn paragraph(&mut self, weight: Weight, size: f32, text: &str, colour: Rgb) {
        let lines = super::font::wrap(self.font(weight), text, size, PAGE_W - 2.0 * MARGIN);
        for l in lines {
            self.line(weight, size, &l, colour);
        }
    }

    /// Moves the cursor down.
    pub fn gap(&mut self, points: f32) {
        self.y -= points;
    }
}
