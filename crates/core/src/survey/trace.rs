//! Vehicle trace points and alerts (SPEC §3).
//!
//! A trace point's `timestamp` is kept as the app wrote it (an ISO 8601 string or epoch
//! milliseconds); [`VehicleTracePoint::iso_time`] gives it as ISO 8601 UTC for GPX and KML.
//! An alert is an id, a survey id, a creation time and whatever fields the caller supplied.
//!
//! Where the fix was lost or the app was suspended, the app marks the next point with
//! `gapBefore: true`; [`trace_segments`] splits the trace there, so the exports draw a gap
//! instead of a straight line across it.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::lenient;

/// One recorded position of the survey vehicle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields))]
#[serde(rename_all = "camelCase")]
pub struct VehicleTracePoint {
    #[serde(default, deserialize_with = "lenient::id")]
    pub id: String,
    #[serde(default, deserialize_with = "lenient::id")]
    pub survey_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub route_id: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<Value>,
    #[serde(deserialize_with = "required_number")]
    pub latitude: f64,
    #[serde(deserialize_with = "required_number")]
    pub longitude: f64,
    /// km/h.
    #[serde(
        rename = "speed",
        default,
        deserialize_with = "lenient::number",
        skip_serializing_if = "Option::is_none"
    )]
    pub speed_kmh: Option<f64>,
    /// Degrees.
    #[serde(
        rename = "heading",
        default,
        deserialize_with = "lenient::number",
        skip_serializing_if = "Option::is_none"
    )]
    pub heading_deg: Option<f64>,
    /// The fix was lost (or the app suspended) before this point: it starts a new segment,
    /// and no line joins it to the point before. `None` (not written) reads as `false`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gap_before: Option<bool>,
    /// Cloud only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_synced_at: Option<Value>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

fn required_number<'de, D: serde::Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    lenient::number(d)?.ok_or_else(|| serde::de::Error::custom("a trace point needs a position"))
}

impl VehicleTracePoint {
    /// Whether this point starts a new segment of the trace (`gapBefore: true`).
    pub fn starts_segment(&self) -> bool {
        self.gap_before == Some(true)
    }

    /// The timestamp as ISO 8601 UTC: a string is taken as written, a number as epoch
    /// milliseconds.
    ///
    /// ```
    /// use clearway_core::survey::VehicleTracePoint;
    /// let p: VehicleTracePoint = serde_json::from_str(
    ///     r#"{"latitude": 1, "longitude": 2, "timestamp": 1700000000123}"#).unwrap();
    /// assert_eq!(p.iso_time().as_deref(), Some("2023-11-14T22:13:20.123Z"));
    /// ```
    pub fn iso_time(&self) -> Option<String> {
        match self.timestamp.as_ref()? {
            Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_owned()),
            Value::Number(n) => n.as_f64().and_then(epoch_ms_to_iso),
            _ => None,
        }
    }
}

/// The trace split at its gaps: runs of consecutive points, a new run starting at each
/// point marked `gapBefore: true` (on the first point the mark changes nothing). An empty
/// trace has no segment.
///
/// ```
/// use clearway_core::survey::{trace::trace_segments, VehicleTracePoint};
/// let points: Vec<VehicleTracePoint> = serde_json::from_str(r#"[
///     {"latitude": 1, "longitude": 1}, {"latitude": 1, "longitude": 2},
///     {"latitude": 5, "longitude": 5, "gapBefore": true}, {"latitude": 5, "longitude": 6}
/// ]"#).unwrap();
/// let lengths: Vec<usize> = trace_segments(&points).map(<[_]>::len).collect();
/// assert_eq!(lengths, [2, 2]);
/// ```
pub fn trace_segments(points: &[VehicleTracePoint]) -> impl Iterator<Item = &[VehicleTracePoint]> {
    points.chunk_by(|_, next| !next.starts_segment())
}

/// Epoch milliseconds as `YYYY-MM-DDTHH:MM:SS.mmmZ` (years 0–9999).
///
/// ```
/// use clearway_core::survey::trace::epoch_ms_to_iso;
/// assert_eq!(epoch_ms_to_iso(0.0).as_deref(), Some("1970-01-01T00:00:00.000Z"));
/// assert_eq!(epoch_ms_to_iso(951_782_400_000.0).as_deref(), Some("2000-02-29T00:00:00.000Z"));
/// ```
pub fn epoch_ms_to_iso(ms: f64) -> Option<String> {
    // 0000-01-01 to 9999-12-31, in ms from the epoch.
    if !(-62_167_219_200_000.0..253_402_300_800_000.0).contains(&ms) {
        return None;
    }
    // In range, so the cast is exact after floor.
    #[allow(clippy::cast_possible_truncation)]
    let ms = ms.floor() as i64;
    let (days, ms_of_day) = (ms.div_euclid(86_400_000), ms.rem_euclid(86_400_000));
    let (y, m, d) = civil_from_days(days);
    Some(format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{:03}Z",
        ms_of_day / 3_600_000,
        ms_of_day / 60_000 % 60,
        ms_of_day / 1000 % 60,
        ms_of_day % 1000
    ))
}

/// Howard Hinnant's `civil_from_days`: days since 1970-01-01 → (year, month, day).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// An entry of the alert log: `id`, `surveyId`, `createdAt`, plus caller-supplied fields.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields))]
#[serde(rename_all = "camelCase")]
pub struct Alert {
    #[serde(default, deserialize_with = "lenient::id")]
    pub id: String,
    #[serde(default, deserialize_with = "lenient::id")]
    pub survey_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_at: Option<Value>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn iso_strings_pass_through_and_dates_cross_leap_years() {
        let p: VehicleTracePoint = serde_json::from_value(json!({
            "id": "t1", "surveyId": "s1", "latitude": "45.5", "longitude": -73.6,
            "timestamp": "2024-05-01T08:00:00.000Z", "speed": 50
        }))
        .unwrap();
        assert_eq!(p.iso_time().as_deref(), Some("2024-05-01T08:00:00.000Z"));
        assert_eq!(p.latitude.to_bits(), 45.5f64.to_bits());
        // 2024-12-31T23:59:59.999Z = 1735689599999 ms (date -d @1735689599 -u).
        assert_eq!(
            epoch_ms_to_iso(1_735_689_599_999.0).as_deref(),
            Some("2024-12-31T23:59:59.999Z")
        );
        assert_eq!(
            epoch_ms_to_iso(-1.0).as_deref(),
            Some("1969-12-31T23:59:59.999Z")
        );
    }

    #[test]
    fn a_trace_point_without_a_position_is_refused() {
        assert!(serde_json::from_value::<VehicleTracePoint>(json!({"latitude": 1})).is_err());
    }

    fn trace(json: serde_json::Value) -> Vec<VehicleTracePoint> {
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn segments_split_before_each_gap_and_nowhere_else() {
        let points = trace(json!([
            {"id": "a", "latitude": 1, "longitude": 1, "gapBefore": true},
            {"id": "b", "latitude": 1, "longitude": 2, "gapBefore": false},
            {"id": "c", "latitude": 1, "longitude": 3, "gapBefore": null},
            {"id": "d", "latitude": 9, "longitude": 9, "gapBefore": true},
            {"id": "e", "latitude": 8, "longitude": 8, "gapBefore": true},
            {"id": "f", "latitude": 8, "longitude": 9}
        ]));
        let ids: Vec<Vec<&str>> = trace_segments(&points)
            .map(|s| s.iter().map(|p| p.id.as_str()).collect())
            .collect();
        assert_eq!(ids, [vec!["a", "b", "c"], vec!["d"], vec!["e", "f"]]);
        assert_eq!(trace_segments(&[]).count(), 0);
    }

    #[test]
    fn the_gap_mark_round_trips_and_is_not_written_when_absent() {
        let input = json!({"id": "t", "surveyId": "s", "latitude": 1.0, "longitude": 2.0, "gapBefore": true});
        let p: VehicleTracePoint = serde_json::from_value(input.clone()).unwrap();
        assert!(p.starts_segment());
        assert!(p.extra.is_empty(), "gapBefore is a field, not an extra");
        assert_eq!(serde_json::to_value(&p).unwrap(), input);
        let plain = trace(json!([{"latitude": 1.0, "longitude": 2.0}]));
        assert!(!plain[0].starts_segment());
        assert!(
            serde_json::to_value(&plain[0])
                .unwrap()
                .get("gapBefore")
                .is_none()
        );
    }

    #[test]
    fn alerts_keep_caller_fields() {
        let input = json!({"id": "a1", "surveyId": "s1", "createdAt": 5, "level": "high"});
        let a: Alert = serde_json::from_value(input.clone()).unwrap();
        assert_eq!(a.extra["level"], "high");
        assert_eq!(serde_json::to_value(&a).unwrap(), input);
    }
}
