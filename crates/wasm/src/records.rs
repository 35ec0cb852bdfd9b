//! Survey records as typed JS objects (the types of `web/src/model`): new records with the
//! SPEC defaults, normalised records, the POI identifier and the running CSV's rows. Small
//! records cross as objects through `serde-wasm-bindgen` (no JSON text); the bulk paths use
//! columns (`SurveyRecords::addMeasurements` in export.rs).
//!
//! Error codes: `invalid-records`, `survey-title-required`, `surveyor-name-required`,
//! `client-name-required`, `export-failed`.

use clearway_core::export::{self, naming};
use clearway_core::survey::create::{self, NewMeasurement, NewSurvey};
use clearway_core::survey::{Measurement, Survey, SurveyError, validate_new_survey};
use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;

use crate::error::js_error;

/// A record from a JS object; the error names what was read.
pub(crate) fn from_js<T: DeserializeOwned>(what: &str, value: JsValue) -> Result<T, JsValue> {
    serde_wasm_bindgen::from_value(value)
        .map_err(|e| js_error("invalid-records", &format!("{what}: {e}")))
}

/// A record as a plain JS object, as JSON would have it (objects, not `Map`s; `null`s kept).
pub(crate) fn to_js<T: Serialize>(record: &T) -> Result<JsValue, JsValue> {
    record
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| js_error("invalid-records", &e.to_string()))
}

/// Checks a survey about to be created (SPEC §5). Throws an `Error` with the SPEC message.
#[wasm_bindgen(js_name = validateNewSurvey)]
pub fn validate_new_survey_js(survey: JsValue) -> Result<(), JsValue> {
    let survey: Survey = from_js("survey", survey)?;
    validate_new_survey(&survey).map_err(|e| {
        let code = match e {
            SurveyError::TitleRequired => "survey-title-required",
            SurveyError::SurveyorRequired => "surveyor-name-required",
            SurveyError::ClientRequired => "client-name-required",
        };
        js_error(code, &e.to_string())
    })
}

/// A new, active survey from the form (`NewSurvey`): aliases mirrored, SPEC defaults.
#[wasm_bindgen(js_name = newSurvey)]
pub fn new_survey(form: JsValue) -> Result<JsValue, JsValue> {
    let form: NewSurvey = from_js("new survey", form)?;
    to_js(&create::new_survey(form))
}

/// A new measurement (`NewMeasurement`): source manual, unknown values left out.
#[wasm_bindgen(js_name = newMeasurement)]
pub fn new_measurement(input: JsValue) -> Result<JsValue, JsValue> {
    let input: NewMeasurement = from_js("new measurement", input)?;
    to_js(&create::new_measurement(input))
}

/// The survey's START measurement (SPEC §4) at the fix in `input`.
#[wasm_bindgen(js_name = startMeasurement)]
pub fn start_measurement(input: JsValue) -> Result<JsValue, JsValue> {
    let input: NewMeasurement = from_js("start measurement", input)?;
    to_js(&create::start_measurement(input))
}

/// A survey as the core writes it: either name of each mirrored pair fills both, the
/// defaults fill what is missing, unknown fields are kept.
#[wasm_bindgen(js_name = normaliseSurvey)]
pub fn normalise_survey(survey: JsValue) -> Result<JsValue, JsValue> {
    to_js(&from_js::<Survey>("survey", survey)?)
}

/// A measurement as the core writes it (numbers read leniently, `source` defaulted).
#[wasm_bindgen(js_name = normaliseMeasurement)]
pub fn normalise_measurement(measurement: JsValue) -> Result<JsValue, JsValue> {
    to_js(&from_js::<Measurement>("measurement", measurement)?)
}

/// The POI identifier (SPEC §9, docs/record-model.md): `R001-POI00002`; `R000` for no road;
/// a road that is not a number as written.
#[wasm_bindgen(js_name = poiIdentifier)]
#[allow(clippy::needless_pass_by_value)] // wasm-bindgen hands an optional JS string over owned
pub fn poi_identifier(road_number: Option<String>, poi_number: Option<u32>) -> String {
    naming::poi_identifier_of(road_number.as_deref(), poi_number)
}

/// The CSV header row (SPEC §9 columns), CRLF-terminated: the start of a survey's running
/// CSV.
#[wasm_bindgen(js_name = csvHeader)]
pub fn csv_header() -> String {
    export::csv::HEADER.to_owned()
}

/// CSV rows (no header) for an array of measurements: what is appended to a survey's
/// running CSV as measurements are saved.
#[wasm_bindgen(js_name = csvRows)]
pub fn csv_rows(measurements: JsValue) -> Result<String, JsValue> {
    let measurements: Vec<Measurement> = from_js("measurements", measurements)?;
    String::from_utf8(export::csv::csv_rows(&measurements))
        .map_err(|e| js_error("export-failed", &e.to_string()))
}
