//! A measurement at a point of interest (SPEC §3 "Measurement"), as the app stores it.
//!
//! Field names are the app's, word for word (`user_id` holds the survey id, `rel` the height
//! in metres, `altGPS`, `poi_type`, ...). Numbers are read leniently (a number or a numeric
//! string; `null` or `""` for none) and written as JSON numbers. `source` defaults to
//! `"manual"`. Fields this version does not know are kept in [`Measurement::extra`].

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::lenient;
use crate::clearance::Reading;

/// One measurement.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields))]
#[serde(rename_all = "camelCase")]
pub struct Measurement {
    #[serde(default, deserialize_with = "lenient::id")]
    pub id: String,
    /// The survey this measurement belongs to.
    #[serde(rename = "user_id", default, deserialize_with = "lenient::id")]
    pub survey_id: String,
    /// Height (clearance) in metres.
    #[serde(
        rename = "rel",
        default,
        deserialize_with = "lenient::number",
        skip_serializing_if = "Option::is_none"
    )]
    pub height_m: Option<f64>,
    /// GPS altitude in metres.
    #[serde(
        rename = "altGPS",
        default,
        deserialize_with = "lenient::number",
        skip_serializing_if = "Option::is_none"
    )]
    pub alt_gps_m: Option<f64>,
    #[serde(
        default,
        deserialize_with = "lenient::number",
        skip_serializing_if = "Option::is_none"
    )]
    pub latitude: Option<f64>,
    #[serde(
        default,
        deserialize_with = "lenient::number",
        skip_serializing_if = "Option::is_none"
    )]
    pub longitude: Option<f64>,
    #[serde(
        default,
        deserialize_with = "lenient::text",
        skip_serializing_if = "Option::is_none"
    )]
    pub utc_date: Option<String>,
    #[serde(
        default,
        deserialize_with = "lenient::text",
        skip_serializing_if = "Option::is_none"
    )]
    pub utc_time: Option<String>,
    /// Speed in km/h.
    #[serde(
        rename = "speed",
        default,
        deserialize_with = "lenient::number",
        skip_serializing_if = "Option::is_none"
    )]
    pub speed_kmh: Option<f64>,
    /// Heading in degrees.
    #[serde(
        rename = "heading",
        default,
        deserialize_with = "lenient::number",
        skip_serializing_if = "Option::is_none"
    )]
    pub heading_deg: Option<f64>,
    /// The road, usually a number (`1`, `"12"`); see [`crate::export::naming::road_code`].
    #[serde(
        default,
        deserialize_with = "lenient::text",
        skip_serializing_if = "Option::is_none"
    )]
    pub road_number: Option<String>,
    #[serde(
        default,
        deserialize_with = "lenient::whole",
        skip_serializing_if = "Option::is_none"
    )]
    pub poi_number: Option<u32>,
    /// The stored POI type (see [`crate::poi`]); empty for none.
    #[serde(
        rename = "poi_type",
        default,
        deserialize_with = "lenient::id",
        skip_serializing_if = "String::is_empty"
    )]
    // Omitted when empty, so optional (`#[ts(optional)]` takes only an `Option`).
    #[cfg_attr(test, ts(as = "Option<String>", optional))]
    pub poi_type: String,
    #[serde(
        default,
        deserialize_with = "lenient::text",
        skip_serializing_if = "Option::is_none"
    )]
    pub note: Option<String>,
    /// `manual` (the default) or `slaveApp`.
    #[serde(default = "manual", deserialize_with = "source")]
    pub source: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image_url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub video_url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drawing_url: Option<String>,
    /// Width in metres.
    #[serde(
        rename = "widthMeasure",
        default,
        deserialize_with = "lenient::number",
        skip_serializing_if = "Option::is_none"
    )]
    pub width_m: Option<f64>,
    /// Length in metres.
    #[serde(
        rename = "lengthMeasure",
        default,
        deserialize_with = "lenient::number",
        skip_serializing_if = "Option::is_none"
    )]
    pub length_m: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ground_ref: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_at: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mile_marker: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub add_method: Option<Value>,
    #[serde(
        rename = "generatedByAI",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub generated_by_ai: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_high_pole: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_slave: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cloud_upload_status: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub photo_cloud_link: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub collectable: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slave_device_id: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replay_key: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frame_index: Option<Value>,
    /// Cloud only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_synced_at: Option<Value>,
    /// Readings per lane (issue 15): the height is the lowest; see
    /// [`crate::clearance::readings`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub readings: Option<Vec<Reading>>,
    /// A wire's air temperature when surveyed, °C (for the sag flag).
    #[serde(
        rename = "wireTempC",
        default,
        deserialize_with = "lenient::number",
        skip_serializing_if = "Option::is_none"
    )]
    pub wire_temp_c: Option<f64>,
    /// When a wire was surveyed, ISO 8601 or the time of day as typed.
    #[serde(
        default,
        deserialize_with = "lenient::text",
        skip_serializing_if = "Option::is_none"
    )]
    pub wire_time: Option<String>,
    /// Fields this version does not know, kept as they came.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

fn manual() -> String {
    "manual".to_owned()
}

fn source<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(lenient::text(d)?
        .filter(|s| !s.is_empty())
        .unwrap_or_else(manual))
}

impl Default for Measurement {
    fn default() -> Self {
        serde_json::from_str("{}").unwrap_or_else(|_| unreachable!("every field has a default"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn app_field_names_map_to_unit_named_fields() {
        let m: Measurement = serde_json::from_value(json!({
            "id": "m-1", "user_id": "s-1", "rel": 4.25, "altGPS": "101.5",
            "latitude": -33.8688, "longitude": 151.2093, "speed": 42, "heading": 270.5,
            "roadNumber": 12, "poiNumber": "7", "poi_type": "powerLine",
            "note": "sag, at mid-span", "widthMeasure": 3.5, "lengthMeasure": null
        }))
        .unwrap();
        assert_eq!(m.survey_id, "s-1");
        assert_eq!(m.height_m, Some(4.25));
        assert_eq!(m.alt_gps_m, Some(101.5));
        assert_eq!(m.speed_kmh, Some(42.0));
        assert_eq!(m.road_number.as_deref(), Some("12"));
        assert_eq!(m.poi_number, Some(7));
        assert_eq!(m.poi_type, "powerLine");
        assert_eq!(m.length_m, None);
        assert_eq!(m.source, "manual", "SPEC default");
    }

    #[test]
    fn writing_back_keeps_app_names_and_unknown_fields() {
        let input = json!({
            "id": "m-1", "user_id": "s-1", "rel": 4.25, "altGPS": 101.5, "latitude": 45.5,
            "longitude": -73.6, "poi_type": "bridge", "source": "slaveApp",
            "imageUrl": "blob:abc", "generatedByAI": false, "frameIndex": 3,
            "cameraTilt": {"deg": 2}
        });
        let m: Measurement = serde_json::from_value(input.clone()).unwrap();
        assert_eq!(serde_json::to_value(&m).unwrap(), input);
    }

    #[test]
    fn a_garbled_number_is_an_error_not_a_loss() {
        let err = serde_json::from_value::<Measurement>(json!({"rel": "high"})).unwrap_err();
        assert!(err.to_string().contains("numeric string"), "{err}");
    }
}
