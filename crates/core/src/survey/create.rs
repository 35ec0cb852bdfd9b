//! New records (SPEC §3 defaults, §4 "Survey creation side effects"): a survey from the
//! new-survey form, a measurement from the capture form and the GPS fix, and the survey's
//! START measurement. The app calls these through wasm, so the defaults and the mirrored
//! aliases are written in one place (docs/record-model.md).
//!
//! - A new survey is active; its three names are trimmed and mirrored
//!   (`surveyTitle`/`name`, ...); project number and addresses are trimmed; description and
//!   notes are kept as typed; `outputFiles` is CSV, JSON, GeoJSON; `checklistCompleted`
//!   false; `cloudUploadStatus` null.
//! - A new measurement's `source` is `manual`; a position, height or size the app does not
//!   know is left out (not written as `null`).
//! - START: POI type `START`, note `SURVEY START`, road 1, POI 1, height 0.

use serde::Deserialize;
use serde_json::Value;

use super::{Measurement, Survey, SurveyFields};

/// SPEC §4: the POI type and note of a survey's first measurement.
pub const START_POI_TYPE: &str = "START";
pub const START_NOTE: &str = "SURVEY START";

/// What the new-survey form gives, with the id and time the app chose.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct NewSurvey {
    pub id: String,
    /// ISO 8601 UTC.
    pub created_at: String,
    pub survey_title: String,
    pub surveyor_name: String,
    pub client_name: String,
    pub project_number: String,
    pub origin_address: String,
    pub destination_address: String,
    pub description: String,
    pub notes: String,
    pub enable_vehicle_trace: bool,
    pub enable_alert_log: bool,
}

/// A new, active survey with the SPEC defaults.
///
/// ```
/// use clearway_core::survey::create::{new_survey, NewSurvey};
/// let s = new_survey(NewSurvey { survey_title: " A20 ".into(), ..Default::default() });
/// assert_eq!(s.survey_title, "A20");
/// assert!(s.fields.active);
/// assert_eq!(serde_json::to_value(&s).unwrap()["name"], "A20");
/// ```
pub fn new_survey(form: NewSurvey) -> Survey {
    let trimmed = |text: String| Some(text.trim().to_owned());
    Survey {
        survey_title: form.survey_title.trim().to_owned(),
        surveyor_name: form.surveyor_name.trim().to_owned(),
        client_name: form.client_name.trim().to_owned(),
        fields: SurveyFields {
            id: form.id,
            created_at: Some(Value::String(form.created_at)),
            active: true,
            project_number: trimmed(form.project_number),
            origin_address: trimmed(form.origin_address),
            destination_address: trimmed(form.destination_address),
            description: Some(form.description),
            notes: Some(form.notes),
            enable_vehicle_trace: form.enable_vehicle_trace,
            enable_alert_log: form.enable_alert_log,
            ..SurveyFields::default()
        },
    }
}

/// What the capture form and the GPS fix give for a new measurement, with the id and
/// times the app chose. Unknown values are absent or `null`.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields = nullable))]
#[serde(rename_all = "camelCase")]
pub struct NewMeasurement {
    pub id: String,
    pub survey_id: String,
    /// ISO 8601 UTC: when it was taken.
    pub created_at: String,
    /// `YYYY-MM-DD` and `hh:mm:ss`, UTC.
    pub utc_date: String,
    pub utc_time: String,
    /// Height in metres.
    #[serde(default)]
    pub rel: Option<f64>,
    #[serde(default)]
    pub road_number: Option<String>,
    #[serde(default)]
    pub poi_number: Option<u32>,
    #[serde(default)]
    pub poi_type: Option<String>,
    #[serde(default)]
    pub note: Option<String>,
    #[serde(default)]
    pub width_measure: Option<f64>,
    #[serde(default)]
    pub length_measure: Option<f64>,
    #[serde(default)]
    pub latitude: Option<f64>,
    #[serde(default)]
    pub longitude: Option<f64>,
    /// GPS altitude in metres.
    #[serde(default)]
    pub altitude: Option<f64>,
    /// km/h.
    #[serde(default)]
    pub speed: Option<f64>,
    /// Course over ground, degrees.
    #[serde(default)]
    pub course: Option<f64>,
}

/// A finite number, else none (`NaN` and infinities are not measurements).
fn finite(x: Option<f64>) -> Option<f64> {
    x.filter(|v| v.is_finite())
}

/// A new measurement: the form's values and the fix, `source` manual.
pub fn new_measurement(input: NewMeasurement) -> Measurement {
    Measurement {
        id: input.id,
        survey_id: input.survey_id,
        height_m: finite(input.rel),
        alt_gps_m: finite(input.altitude),
        latitude: finite(input.latitude),
        longitude: finite(input.longitude),
        utc_date: Some(input.utc_date),
        utc_time: Some(input.utc_time),
        speed_kmh: finite(input.speed),
        heading_deg: finite(input.course),
        road_number: input.road_number,
        poi_number: input.poi_number,
        poi_type: input.poi_type.unwrap_or_default(),
        note: input.note,
        width_m: finite(input.width_measure),
        length_m: finite(input.length_measure),
        created_at: Some(Value::String(input.created_at)),
        ..Measurement::default()
    }
}

/// The survey's first measurement (SPEC §4): START, 'SURVEY START', road 1, POI 1,
/// height 0, at the fix; the form's values in `input` are replaced.
pub fn start_measurement(input: NewMeasurement) -> Measurement {
    new_measurement(NewMeasurement {
        rel: Some(0.0),
        road_number: Some("1".to_owned()),
        poi_number: Some(1),
        poi_type: Some(START_POI_TYPE.to_owned()),
        note: Some(START_NOTE.to_owned()),
        width_measure: None,
        length_measure: None,
        ..input
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_new_survey_is_active_with_both_names_of_each_pair_and_the_spec_defaults() {
        let form: NewSurvey = serde_json::from_value(json!({
            "id": "s-1", "createdAt": "2026-11-23T10:20:30.456Z", "surveyTitle": " A7 bridges ",
            "surveyorName": "Ana ", "clientName": " Haul Ltd", "projectNumber": " P-9 ",
            "originAddress": "", "destinationAddress": "Depot", "description": " as typed ",
            "notes": "", "enableVehicleTrace": false, "enableAlertLog": true
        }))
        .unwrap();
        let out = serde_json::to_value(new_survey(form)).unwrap();
        assert_eq!(
            out,
            json!({
                "surveyTitle": "A7 bridges", "name": "A7 bridges", "surveyorName": "Ana",
                "surveyor": "Ana", "clientName": "Haul Ltd", "customerName": "Haul Ltd",
                "id": "s-1", "createdAt": "2026-11-23T10:20:30.456Z", "active": true,
                "projectNumber": "P-9", "originAddress": "", "destinationAddress": "Depot",
                "description": " as typed ", "notes": "", "enableVehicleTrace": false,
                "enableAlertLog": true, "outputFiles": ["CSV", "JSON", "GeoJSON"],
                "cloudUploadStatus": null, "checklistCompleted": false
            })
        );
    }

    #[test]
    fn a_new_measurement_leaves_out_what_the_gps_does_not_know() {
        let input: NewMeasurement = serde_json::from_value(json!({
            "id": "m-1", "surveyId": "s-2", "createdAt": "2026-11-23T10:20:30.456Z",
            "utcDate": "2026-11-23", "utcTime": "10:20:30", "rel": 4.25, "roadNumber": "12",
            "poiNumber": 7, "poiType": "bridge", "note": "low", "widthMeasure": 3.5,
            "lengthMeasure": null, "latitude": null, "longitude": null, "altitude": null,
            "speed": null, "course": null
        }))
        .unwrap();
        let out = serde_json::to_value(new_measurement(input)).unwrap();
        assert_eq!(
            out,
            json!({
                "id": "m-1", "user_id": "s-2", "rel": 4.25, "utcDate": "2026-11-23",
                "utcTime": "10:20:30", "roadNumber": "12", "poiNumber": 7, "poi_type": "bridge",
                "note": "low", "source": "manual", "widthMeasure": 3.5,
                "createdAt": "2026-11-23T10:20:30.456Z"
            })
        );
    }

    #[test]
    fn start_is_start_survey_start_road_1_poi_1_height_0_at_the_fix() {
        let input: NewMeasurement = serde_json::from_value(json!({
            "id": "m-0", "surveyId": "s-1", "createdAt": "2026-11-23T10:20:30.456Z",
            "utcDate": "2026-11-22", "utcTime": "23:59:58", "latitude": -33.86882,
            "longitude": 151.20929, "altitude": 58.2, "speed": 42.5, "course": 181.5,
            "poiType": "bridge", "rel": 9
        }))
        .unwrap();
        let out = serde_json::to_value(start_measurement(input)).unwrap();
        assert_eq!(
            out,
            json!({
                "id": "m-0", "user_id": "s-1", "rel": 0.0, "altGPS": 58.2, "latitude": -33.86882,
                "longitude": 151.20929, "utcDate": "2026-11-22", "utcTime": "23:59:58",
                "speed": 42.5, "heading": 181.5, "roadNumber": "1", "poiNumber": 1,
                "poi_type": "START", "note": "SURVEY START", "source": "manual",
                "createdAt": "2026-11-23T10:20:30.456Z"
            })
        );
    }
}
