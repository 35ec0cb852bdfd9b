//! The survey report as a PDF (issue 15 point 5), written by the core so that the app and
//! `clearway report BACKUP -o report.pdf` give the same bytes for the same input.
//!
//! Pages: a cover (survey, client, surveyor, project number, dates, load profile and the
//! count per status), an overview map of the routes, the vehicle trace and the POIs drawn
//! as vector graphics (no tiles), the POI table (identifier, type, road, position,
//! clearance, method, margin, status, note) with Fail and Tight rows marked, a page per Fail
//! or Tight POI with its readings and photos, the alert log summary, the changes against a
//! previous survey when one is given, and "Page n of N" on
//! every page. Fonts are embedded, subset to the glyphs used.
//!
//! **Why pdf-writer.** It is the low-level writer under typst and krilla: pure Rust with no
//! I/O and four small dependencies, so the core still builds for wasm32 without JavaScript
//! glue, and it writes exactly what it is told (no clock, no random ids), which gives the
//! same bytes for the same input. krilla would lay out text for us but brings a font stack
//! (skrifa, …) several times larger into the wasm; printpdf 0.8 pulls an HTML layout engine.
//! The text here is left-aligned runs in one script, which ttf-parser's widths handle.
//!
//! The fonts are passed in (`web/public/fonts`: DejaVu Sans Condensed, Bitstream Vera
//! licence): the CLI compiles them in, the app fetches them when a report is made, so the
//! wasm module does not carry 1.3 MB of font for every page load.

#![allow(clippy::cast_possible_truncation)]
// page geometry: small f64 → f32
// Drawing code names coordinates x, y, w, h, r; PDF names (ToUnicode, DCTDecode) are not code.
#![allow(
    clippy::many_single_char_names,
    clippy::similar_names,
    clippy::doc_markdown
)]

pub mod canvas;
mod detail;
pub mod font;
pub mod jpeg;
pub mod map;
pub mod pages;
pub mod previous;
#[cfg(test)]
mod tests;
pub mod write;

use crate::clearance::UnitSystem;
use crate::clearance::previous::PreviousPoi;
use crate::survey::SurveyData;

/// Why a report could not be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReportError {
    #[error("the report font ({0}) cannot be read: {1}")]
    Font(&'static str, String),
    #[error("a photo is not a JPEG the report can place")]
    Photo,
}

/// The two faces, as TrueType bytes.
#[derive(Clone, Copy)]
pub struct ReportFonts<'a> {
    pub regular: &'a [u8],
    pub bold: &'a [u8],
}

/// A photo of a measurement (JPEG bytes).
#[derive(Debug, Clone)]
pub struct Photo {
    pub measurement_id: String,
    pub jpeg: Vec<u8>,
}

/// Writes the report. `progress(done, total)` is called as the pages are laid out and once
/// more when the file is written.
///
/// ```no_run
/// use clearway_core::{clearance::UnitSystem, report::{survey_report, ReportFonts}, survey::SurveyData};
/// let fonts = ReportFonts { regular: &std::fs::read("web/public/fonts/DejaVuSansCondensed.ttf").unwrap(),
///     bold: &std::fs::read("web/public/fonts/DejaVuSansCondensed-Bold.ttf").unwrap() };
/// let pdf = survey_report(&SurveyData::default(), &[], fonts, UnitSystem::Metric, &mut |_, _| {}).unwrap();
/// assert!(pdf.starts_with(b"%PDF-"));
/// ```
pub fn survey_report(
    data: &SurveyData,
    photos: &[Photo],
    fonts: ReportFonts,
    units: UnitSystem,
    progress: &mut dyn FnMut(u32, u32),
) -> Result<Vec<u8>, ReportError> {
    survey_report_with_previous(data, photos, fonts, units, &[], progress)
}

/// [`survey_report`] with the section "Against the previous survey" when `previous` holds
/// the POIs of an earlier survey of the route ([`crate::clearance::previous_read`]).
pub fn survey_report_with_previous(
    data: &SurveyData,
    photos: &[Photo],
    fonts: ReportFonts,
    units: UnitSystem,
    previous: &[PreviousPoi],
    progress: &mut dyn FnMut(u32, u32),
) -> Result<Vec<u8>, ReportError> {
    let mut regular = font::Font::parse(fonts.regular, "regular")?;
    let mut bold = font::Font::parse(fonts.bold, "bold")?;
    let doc = {
        let mut canvas = canvas::Canvas::new(&mut regular, &mut bold);
        pages::lay_out(&mut canvas, data, photos, units, progress);
        previous::against_previous(&mut canvas, data, previous, units);
        pages::footers(&mut canvas, &data.survey.survey_title);
        canvas.doc
    };
    let info = write::Info {
        title: &data.survey.survey_title,
        author: &data.survey.surveyor_name,
    };
    let pdf = write::write_pdf(&doc, &regular, &bold, &info)?;
    let total = u32::try_from(doc.pages.len()).unwrap_or(u32::MAX);
    progress(total, total);
    Ok(pdf)
}
