//! Survey records, exports, the export archive and the survey backup behind handles.
//!
//! Records cross once, as JSON text (`SurveyRecords`); documents come back as `Uint8Array`s.
//! Archives are built inside wasm and drained chunk by chunk (`takeChunk()`), so the app can
//! stream them to a file with memory bounded by the largest single medium. Free handles with
//! `free()` (or `finish()`, which consumes an archive).
//!
//! Error codes: `invalid-records`, `survey-title-required`, `surveyor-name-required`,
//! `client-name-required`, `unsupported-format`, `unknown-measurement`, `unknown-media-kind`,
//! `export-failed`.

use std::collections::HashMap;

use clearway_core::backup::write::BackupWriter;
use clearway_core::export::archive::ExportArchive as CoreArchive;
use clearway_core::export::{self, ExportError, ExportFormat, MediaKind};
use clearway_core::survey::{Measurement, SurveyData, SurveyError, validate_new_survey};
use wasm_bindgen::prelude::*;

use crate::error::js_error;

/// Checks a survey about to be created (SPEC §5). Throws an `Error` with the SPEC message.
#[wasm_bindgen(js_name = validateNewSurvey)]
pub fn validate_new_survey_js(survey_json: &str) -> Result<(), JsValue> {
    let data = SurveyData::from_json_parts(survey_json, "", "", "", "")
        .map_err(|e| js_error("invalid-records", &e))?;
    validate_new_survey(&data.survey).map_err(|e| {
        let code = match e {
            SurveyError::TitleRequired => "survey-title-required",
            SurveyError::SurveyorRequired => "surveyor-name-required",
            SurveyError::ClientRequired => "client-name-required",
        };
        js_error(code, &e.to_string())
    })
}

/// The CSV header row (SPEC §9 columns), CRLF-terminated: the start of a survey's running
/// CSV.
#[wasm_bindgen(js_name = csvHeader)]
pub fn csv_header() -> String {
    export::csv::HEADER.to_owned()
}

/// CSV rows (no header) for a JSON array of measurements: what is appended to a survey's
/// running CSV as measurements are saved.
#[wasm_bindgen(js_name = csvRows)]
pub fn csv_rows(measurements_json: &str) -> Result<String, JsValue> {
    let data = SurveyData::from_json_parts("", measurements_json, "", "", "")
        .map_err(|e| js_error("invalid-records", &e))?;
    String::from_utf8(export::csv::csv_rows(&data.measurements))
        .map_err(|e| js_error("export-failed", &e.to_string()))
}

/// One survey's records, parsed once.
#[wasm_bindgen]
pub struct SurveyRecords {
    data: SurveyData,
}

#[wasm_bindgen]
impl SurveyRecords {
    /// From the app's JSON: the survey object and arrays of measurements, routes, trace
    /// points and alerts (empty strings count as none).
    #[wasm_bindgen(constructor)]
    pub fn new(
        survey: &str,
        measurements: &str,
        routes: &str,
        traces: &str,
        alerts: &str,
    ) -> Result<SurveyRecords, JsValue> {
        SurveyData::from_json_parts(survey, measurements, routes, traces, alerts)
            .map(|data| Self { data })
            .map_err(|e| js_error("invalid-records", &e))
    }

    #[wasm_bindgen(js_name = measurementCount)]
    pub fn measurement_count(&self) -> usize {
        self.data.measurements.len()
    }

    /// One document: `csv`, `json`, `geojson`, `gpx` or `kml` (any letter case).
    pub fn export(&self, format: &str) -> Result<Vec<u8>, JsValue> {
        let format = ExportFormat::parse(format).map_err(|e| error(&e))?;
        let mut out = Vec::new();
        export::write_document(&mut out, &self.data, format).map_err(|e| error(&e))?;
        Ok(out)
    }

    /// The CSV document (SPEC §9 columns and number formats).
    pub fn csv(&self) -> Vec<u8> {
        export::csv::csv_document(&self.data.measurements)
    }
}

fn error(e: &ExportError) -> JsValue {
    let code = match e {
        ExportError::UnsupportedFormat(_) => "unsupported-format",
        ExportError::NoActiveSurvey => "no-active-survey",
        _ => "export-failed",
    };
    js_error(code, &e.to_string())
}

/// The measurements of a survey by id, for media lookups.
struct MeasurementIndex {
    measurements: Vec<Measurement>,
    by_id: HashMap<String, usize>,
}

impl MeasurementIndex {
    fn new(data: &SurveyData) -> Self {
        let measurements = data.measurements.clone();
        let by_id = measurements
            .iter()
            .enumerate()
            .map(|(i, m)| (m.id.clone(), i))
            .collect();
        Self {
            measurements,
            by_id,
        }
    }

    fn get(&self, id: &str, kind: &str) -> Result<(&Measurement, MediaKind), JsValue> {
        let kind = MediaKind::parse(kind).ok_or_else(|| {
            js_error(
                "unknown-media-kind",
                &format!("media kind must be image, video or drawing, not {kind:?}"),
            )
        })?;
        let m = self
            .by_id
            .get(id)
            .map(|&i| &self.measurements[i])
            .ok_or_else(|| js_error("unknown-measurement", &format!("no measurement {id:?}")))?;
        Ok((m, kind))
    }
}

/// The export zip (SPEC §9) being built: documents at creation, then media one at a time.
#[wasm_bindgen]
pub struct ExportArchive {
    inner: CoreArchive<Vec<u8>>,
    index: MeasurementIndex,
}

#[wasm_bindgen]
impl ExportArchive {
    /// Starts the archive; `created` is the export time, ISO 8601 UTC.
    #[wasm_bindgen(constructor)]
    #[allow(clippy::needless_pass_by_value)] // wasm-bindgen hands an optional JS string over owned
    pub fn new(records: &SurveyRecords, created: Option<String>) -> Result<ExportArchive, JsValue> {
        let inner = CoreArchive::new(Vec::new(), &records.data, created.as_deref())
            .map_err(|e| error(&e))?;
        Ok(Self {
            inner,
            index: MeasurementIndex::new(&records.data),
        })
    }

    /// Adds a measurement's `image`, `video` or `drawing`; returns its path in the archive.
    #[wasm_bindgen(js_name = addMedia)]
    pub fn add_media(
        &mut self,
        measurement_id: &str,
        kind: &str,
        bytes: &[u8],
    ) -> Result<String, JsValue> {
        let (m, kind) = self.index.get(measurement_id, kind)?;
        self.inner.add_media(m, kind, bytes).map_err(|e| error(&e))
    }

    /// The bytes written since the last call.
    #[wasm_bindgen(js_name = takeChunk)]
    pub fn take_chunk(&mut self) -> Vec<u8> {
        std::mem::take(self.inner.get_mut())
    }

    /// Ends the archive: the last bytes (the zip's central directory).
    pub fn finish(self) -> Result<Vec<u8>, JsValue> {
        self.inner.finish().map_err(|e| error(&e))
    }
}

/// A survey backup (docs/backup-format.md) being built: records at creation, then media.
#[wasm_bindgen]
pub struct BackupArchive {
    inner: BackupWriter<Vec<u8>>,
    index: MeasurementIndex,
}

#[wasm_bindgen]
impl BackupArchive {
    /// Starts the backup; `created` is the backup time, ISO 8601 UTC.
    #[wasm_bindgen(constructor)]
    pub fn new(records: &SurveyRecords, created: &str) -> Result<BackupArchive, JsValue> {
        let inner = BackupWriter::new(Vec::new(), &records.data, created)
            .map_err(|e| js_error("export-failed", &e.to_string()))?;
        Ok(Self {
            inner,
            index: MeasurementIndex::new(&records.data),
        })
    }

    /// Adds a measurement's `image`, `video` or `drawing`; returns its path in the backup.
    #[wasm_bindgen(js_name = addMedia)]
    pub fn add_media(
        &mut self,
        measurement_id: &str,
        kind: &str,
        bytes: &[u8],
    ) -> Result<String, JsValue> {
        let (m, kind) = self.index.get(measurement_id, kind)?;
        self.inner
            .add_media(m, kind, bytes)
            .map_err(|e| js_error("export-failed", &e.to_string()))
    }

    /// The bytes written since the last call.
    #[wasm_bindgen(js_name = takeChunk)]
    pub fn take_chunk(&mut self) -> Vec<u8> {
        std::mem::take(self.inner.get_mut())
    }

    /// Ends the backup: the last bytes (manifest and central directory).
    pub fn finish(self) -> Result<Vec<u8>, JsValue> {
        self.inner
            .finish()
            .map_err(|e| js_error("export-failed", &e.to_string()))
    }
}
