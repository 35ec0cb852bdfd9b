//! The survey report PDF for the app: the core's `survey_report` over the records already
//! inside wasm, the two fonts the app fetched (`web/public/fonts`) and the photos of the
//! Fail/Tight POIs, all crossing as bytes: the ids as one newline-separated string, the
//! photos as one buffer with their lengths.
//!
//! Error codes: `report-failed`, `invalid-records`.

use clearway_core::clearance::UnitSystem;
use clearway_core::clearance::previous::PreviousPoi;
use clearway_core::report::{Photo, ReportFonts, survey_report_with_previous as core_report};
use wasm_bindgen::prelude::*;

use crate::error::js_error;
use crate::export::SurveyRecords;
use crate::records::from_js;

/// The report's PDF bytes. `units` is `metric` or `feetInches`; `photo_ids` holds one
/// measurement id per line, `photo_lengths` the byte length of each photo in `photo_bytes`;
/// `previous` the previous survey's POIs (`readPreviousSurvey`) or `null`.
#[wasm_bindgen(js_name = surveyReport)]
#[allow(clippy::too_many_arguments)] // one crossing, each argument a buffer or a scalar
pub fn survey_report(
    records: &SurveyRecords,
    regular_font: &[u8],
    bold_font: &[u8],
    units: &str,
    photo_ids: &str,
    photo_bytes: &[u8],
    photo_lengths: &[u32],
    previous: JsValue,
) -> Result<Vec<u8>, JsValue> {
    let previous: Vec<PreviousPoi> = if previous.is_null() || previous.is_undefined() {
        Vec::new()
    } else {
        from_js("previous survey", previous)?
    };
    let ids: Vec<&str> = if photo_ids.is_empty() {
        Vec::new()
    } else {
        photo_ids.split('\n').collect()
    };
    if ids.len() != photo_lengths.len() {
        return Err(js_error(
            "invalid-records",
            "report photos: ids and lengths differ in number",
        ));
    }
    let mut photos = Vec::with_capacity(ids.len());
    let mut at = 0usize;
    for (id, len) in ids.iter().zip(photo_lengths) {
        let end = at.saturating_add(*len as usize);
        let bytes = photo_bytes.get(at..end).ok_or_else(|| {
            js_error(
                "invalid-records",
                "report photos: the lengths run past the bytes",
            )
        })?;
        photos.push(Photo {
            measurement_id: (*id).to_owned(),
            jpeg: bytes.to_vec(),
        });
        at = end;
    }
    let fonts = ReportFonts {
        regular: regular_font,
        bold: bold_font,
    };
    core_report(
        &records.data,
        &photos,
        fonts,
        UnitSystem::parse(units),
        &previous,
        &mut |_, _| {},
    )
    .map_err(|e| js_error("report-failed", &e.to_string()))
}
