//! JSON export: the survey and every record of it, as the app stores them (camelCase, the
//! app's field names, unknown fields kept), in one object:
//!
//! ```json
//! {"survey": {...}, "measurements": [...], "routes": [...], "vehicleTraces": [...], "alerts": [...]}
//! ```
//!
//! Records are written one at a time, so the document is never held whole in memory.

use std::io::Write;

use serde::Serialize;

use super::ExportError;
use crate::survey::SurveyData;

/// Writes the survey and its records as one JSON object.
///
/// ```
/// use clearway_core::{export::json::write_json, survey::SurveyData};
/// let mut out = Vec::new();
/// write_json(&mut out, &SurveyData::default()).unwrap();
/// let doc: serde_json::Value = serde_json::from_slice(&out).unwrap();
/// assert_eq!(doc["measurements"], serde_json::json!([]));
/// assert_eq!(doc["survey"]["enableVehicleTrace"], true);
/// ```
pub fn write_json(mut out: impl Write, data: &SurveyData) -> Result<(), ExportError> {
    out.write_all(b"{\"survey\":")?;
    serde_json::to_writer(&mut out, &data.survey)?;
    write_array(&mut out, "measurements", &data.measurements)?;
    write_array(&mut out, "routes", &data.routes)?;
    write_array(&mut out, "vehicleTraces", &data.traces)?;
    write_array(&mut out, "alerts", &data.alerts)?;
    out.write_all(b"}\n")?;
    out.flush()?;
    Ok(())
}

/// Writes `,"key":[item,item,...]`, an item at a time.
fn write_array<T: Serialize>(
    out: &mut impl Write,
    key: &str,
    items: &[T],
) -> Result<(), ExportError> {
    write!(out, ",\"{key}\":[")?;
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        serde_json::to_writer(&mut *out, item)?;
    }
    out.write_all(b"]")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn records_come_back_equal_through_the_model() {
        let data = SurveyData {
            survey: serde_json::from_value(json!({"id": "s1", "name": "A20", "x-app": 3})).unwrap(),
            measurements: serde_json::from_value(json!([
                {"id": "m1", "user_id": "s1", "rel": 4.25, "note": "a \"quoted\" note"},
                {"id": "m2", "user_id": "s1", "latitude": -33.9, "longitude": 151.2}
            ]))
            .unwrap(),
            routes: serde_json::from_value(json!([{"id": "r1", "routeGeometry": [[1, 2]]}]))
                .unwrap(),
            traces: serde_json::from_value(json!([{"latitude": 1, "longitude": 2}])).unwrap(),
            alerts: serde_json::from_value(json!([{"id": "a1", "kind": "overheight"}])).unwrap(),
        };
        let mut out = Vec::new();
        write_json(&mut out, &data).unwrap();
        let doc: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(doc["survey"]["surveyTitle"], "A20");
        assert_eq!(doc["survey"]["x-app"], 3);
        let back = SurveyData {
            survey: serde_json::from_value(doc["survey"].clone()).unwrap(),
            measurements: serde_json::from_value(doc["measurements"].clone()).unwrap(),
            routes: serde_json::from_value(doc["routes"].clone()).unwrap(),
            traces: serde_json::from_value(doc["vehicleTraces"].clone()).unwrap(),
            alerts: serde_json::from_value(doc["alerts"].clone()).unwrap(),
        };
        assert_eq!(back, data);
    }
}
