//! Survey records, exports, the export archive and the survey backup behind handles.
//!
//! Records cross once, typed: the survey, routes, trace points and alerts as JS objects (the
//! types of `web/src/model`), the measurements as columns (`addMeasurements`: numbers in a
//! `Float64Array`, text as one UTF-8 `Uint8Array` with `Int32Array` lengths; the layout is
//! `clearway_core::survey::columns`), so 100,000 measurements are never a JSON text.
//! Documents come back as `Uint8Array`s. Archives are built inside wasm and drained chunk by
//! chunk (`takeChunk()`), so the app can stream them to a file with memory bounded by the
//! largest single medium. Free handles with `free()` (or `finish()`, which consumes an
//! archive; an archive consumes the records it is made from).
//!
//! Error codes: `invalid-records`, `unsupported-format`, `no-active-survey`,
//! `unknown-archive-kind`, `unknown-measurement`, `unknown-media-kind`, `export-failed`.

use std::collections::HashMap;

use clearway_core::backup::write::BackupWriter;
use clearway_core::export::archive::ExportArchive as CoreArchive;
use clearway_core::export::{self, ExportError, ExportFormat, MediaKind};
use clearway_core::survey::columns::{self, measurements_from_columns};
use clearway_core::survey::{Measurement, SurveyData};
use wasm_bindgen::prelude::*;

use crate::error::js_error;
use crate::records::from_js;

/// The column names of `addMeasurements`, numbers then text, each list comma-separated and
/// the two joined by `|`: the app's column writer checks its layout against them.
#[wasm_bindgen(js_name = measurementColumns)]
pub fn measurement_columns() -> String {
    format!(
        "{}|{}",
        columns::NUMBER_COLUMNS.join(","),
        columns::TEXT_COLUMNS.join(",")
    )
}

/// One survey's records, read once.
#[wasm_bindgen]
pub struct SurveyRecords {
    pub(crate) data: SurveyData,
}

#[wasm_bindgen]
impl SurveyRecords {
    /// From the survey object (`Survey`); measurements, routes, traces and alerts are added
    /// after.
    #[wasm_bindgen(constructor)]
    pub fn new(survey: JsValue) -> Result<SurveyRecords, JsValue> {
        Ok(Self {
            data: SurveyData {
                survey: from_js("survey", survey)?,
                ..SurveyData::default()
            },
        })
    }

    /// Appends measurements given as columns (see the module documentation); may be called
    /// once per batch.
    #[wasm_bindgen(js_name = addMeasurements)]
    pub fn add_measurements(
        &mut self,
        numbers: &[f64],
        text: &[u8],
        text_lengths: &[i32],
    ) -> Result<(), JsValue> {
        let text = std::str::from_utf8(text)
            .map_err(|e| js_error("invalid-records", &format!("measurement columns: {e}")))?;
        let batch = measurements_from_columns(numbers, text, text_lengths)
            .map_err(|e| js_error("invalid-records", &e.to_string()))?;
        self.data.measurements.extend(batch);
        Ok(())
    }

    /// The survey's routes (`Route[]`).
    #[wasm_bindgen(js_name = setRoutes)]
    pub fn set_routes(&mut self, routes: JsValue) -> Result<(), JsValue> {
        self.data.routes = from_js("routes", routes)?;
        Ok(())
    }

    /// The survey's vehicle trace (`VehicleTracePoint[]`).
    #[wasm_bindgen(js_name = setTraces)]
    pub fn set_traces(&mut self, traces: JsValue) -> Result<(), JsValue> {
        self.data.traces = from_js("traces", traces)?;
        Ok(())
    }

    /// The survey's alert log (`Alert[]`).
    #[wasm_bindgen(js_name = setAlerts)]
    pub fn set_alerts(&mut self, alerts: JsValue) -> Result<(), JsValue> {
        self.data.alerts = from_js("alerts", alerts)?;
        Ok(())
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

    /// The CSV document (SPEC §9 columns and number formats, then the clearance columns
    /// when the survey carries clearance data).
    pub fn csv(&self) -> Vec<u8> {
        export::csv::survey_csv_document(&self.data)
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

/// The archive being written: the SPEC §9 zip or the survey backup.
enum Writer {
    Zip(CoreArchive<Vec<u8>>),
    Backup(BackupWriter<Vec<u8>>),
}

/// An export zip (SPEC §9) or a survey backup (docs/backup-format.md) being built: records
/// at creation, then media one at a time.
#[wasm_bindgen]
pub struct SurveyArchive {
    writer: Writer,
    /// The survey's measurements (moved from the records, not copied), by id for media.
    measurements: Vec<Measurement>,
    by_id: HashMap<String, usize>,
}

#[wasm_bindgen]
impl SurveyArchive {
    /// Starts a `zip` or a `backup` of `records` (which it consumes); `created` is the time,
    /// ISO 8601 UTC.
    #[wasm_bindgen(constructor)]
    pub fn new(
        records: SurveyRecords,
        kind: &str,
        created: &str,
    ) -> Result<SurveyArchive, JsValue> {
        let data = records.data;
        let writer = match kind {
            "zip" => Writer::Zip(
                CoreArchive::new(Vec::new(), &data, Some(created)).map_err(|e| error(&e))?,
            ),
            "backup" => Writer::Backup(
                BackupWriter::new(Vec::new(), &data, created)
                    .map_err(|e| js_error("export-failed", &e.to_string()))?,
            ),
            _ => {
                return Err(js_error(
                    "unknown-archive-kind",
                    &format!("archive kind must be zip or backup, not {kind:?}"),
                ));
            }
        };
        let measurements = data.measurements;
        let by_id = measurements
            .iter()
            .enumerate()
            .map(|(i, m)| (m.id.clone(), i))
            .collect();
        Ok(Self {
            writer,
            measurements,
            by_id,
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
        let kind = MediaKind::parse(kind).ok_or_else(|| {
            js_error(
                "unknown-media-kind",
                &format!("media kind must be image, video or drawing, not {kind:?}"),
            )
        })?;
        let m = self
            .by_id
            .get(measurement_id)
            .map(|&i| &self.measurements[i])
            .ok_or_else(|| {
                js_error(
                    "unknown-measurement",
                    &format!("no measurement {measurement_id:?}"),
                )
            })?;
        match &mut self.writer {
            Writer::Zip(zip) => zip.add_media(m, kind, bytes).map_err(|e| error(&e)),
            Writer::Backup(backup) => backup
                .add_media(m, kind, bytes)
                .map_err(|e| js_error("export-failed", &e.to_string())),
        }
    }

    /// The bytes written since the last call.
    #[wasm_bindgen(js_name = takeChunk)]
    pub fn take_chunk(&mut self) -> Vec<u8> {
        std::mem::take(match &mut self.writer {
            Writer::Zip(zip) => zip.get_mut(),
            Writer::Backup(backup) => backup.get_mut(),
        })
    }

    /// Ends the archive: the last bytes (the backup's manifest and the central directory).
    pub fn finish(self) -> Result<Vec<u8>, JsValue> {
        match self.writer {
            Writer::Zip(zip) => zip.finish().map_err(|e| error(&e)),
            Writer::Backup(backup) => backup
                .finish()
                .map_err(|e| js_error("export-failed", &e.to_string())),
        }
    }
}
