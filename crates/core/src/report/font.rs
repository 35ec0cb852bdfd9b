//! The report's fonts: glyph ids and advance widths from the TrueType file (ttf-parser),
//! and the glyphs each font actually used, so that only those are embedded (subsetter).

use std::collections::BTreeMap;

use super::ReportError;

/// Which of the two faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Weight {
    Regular,
    Bold,
}

/// A parsed face and the glyphs used so far.
pub struct Font<'a> {
    pub data: &'a [u8],
    face: ttf_parser::Face<'a>,
    units_per_em: f32,
    /// Original glyph id → the character it was used for (for the ToUnicode map).
    pub used: BTreeMap<u16, char>,
}

impl<'a> Font<'a> {
    pub fn parse(data: &'a [u8], which: &'static str) -> Result<Self, ReportError> {
        let face = ttf_parser::Face::parse(data, 0)
            .map_err(|e| ReportError::Font(which, e.to_string()))?;
        let units_per_em = f32::from(face.units_per_em());
        Ok(Self {
            data,
            face,
            units_per_em,
            used: BTreeMap::new(),
        })
    }

    /// The glyph for a character: the font's, else `?`'s, else .notdef (0).
    pub fn glyph(&self, c: char) -> u16 {
        self.face
            .glyph_index(c)
            .or_else(|| self.face.glyph_index('?'))
            .map_or(0, |g| g.0)
    }

    /// The advance of a glyph in thousandths of an em (PDF glyph space).
    pub fn advance(&self, glyph: u16) -> f32 {
        let units = self
            .face
            .glyph_hor_advance(ttf_parser::GlyphId(glyph))
            .unwrap_or(0);
        f32::from(units) * 1000.0 / self.units_per_em
    }

    /// The width of a text at a size, in points.
    pub fn width(&self, text: &str, size: f32) -> f32 {
        text.chars()
            .map(|c| self.advance(self.glyph(c)))
            .sum::<f32>()
            * size
            / 1000.0
    }

    /// Records the glyphs of a text as used.
    pub fn mark(&mut self, text: &str) {
        for c in text.chars() {
            let g = self.glyph(c);
            self.used.entry(g).or_insert(c);
        }
    }

    /// Ascender, descender and cap height in glyph space, and the bounding box.
    pub fn metrics(&self) -> (f32, f32, f32, [f32; 4]) {
        let scale = |v: i16| f32::from(v) * 1000.0 / self.units_per_em;
        let bb = self.face.global_bounding_box();
        (
            scale(self.face.ascender()),
            scale(self.face.descender()),
            scale(self.face.capital_height().unwrap_or(self.face.ascender())),
            [
                scale(bb.x_min),
                scale(bb.y_min),
                scale(bb.x_max),
                scale(bb.y_max),
            ],
        )
    }
}

/// Cuts a text to fit a width, ending it with `…` when it was cut.
pub fn fit(font: &Font, text: &str, size: f32, width: f32) -> String {
    if font.width(text, size) <= width {
        return text.to_owned();
    }
    let mut out = String::new();
    let ellipsis = font.width("…", size);
    let mut used = 0.0;
    for c in text.chars() {
        let w = font.advance(font.glyph(c)) * size / 1000.0;
        if used + w + ellipsis > width {
            break;
        }
        used += w;
        out.push(c);
    }
    out.push('…');
    out
}

/// Breaks a text into lines no wider than `width` (at spaces; a long word is cut).
pub fn wrap(font: &Font, text: &str, size: f32, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.lines() {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            let candidate = if line.is_empty() {
                word.to_owned()
            } else {
                format!("{line} {word}")
            };
            if font.width(&candidate, size) <= width || line.is_empty() {
                line = fit(font, &candidate, size, width);
            } else {
                lines.push(std::mem::take(&mut line));
                line = fit(font, word, size, width);
            }
        }
        lines.push(line);
    }
    lines
}
