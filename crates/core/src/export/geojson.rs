//! GeoJSON export (RFC 7946): one `FeatureCollection` with
//!
//! - a `Point` feature per measurement that has a position, `[lon, lat]` with 6 decimals,
//!   properties in SPEC §9's number formats (`height`, `gpsAltitude`, `speed`, `heading`,
//!   `width`, `length`), the POI identifier (`poiId`), type, label, note, date, time, source
//!   and media file names;
//! - a `LineString` feature per planned route with 2 or more positions (`kind: "route"`);
//! - a feature for the vehicle trace (`kind: "vehicleTrace"`, with its `points` and
//!   `segments` counts): a `LineString` when it has no gap, a `MultiLineString` of one line
//!   per segment when it has (never a line across a gap). Segments of a single point draw
//!   nothing (a line needs two positions); the JSON export and the backup keep every point.
//!
//! A feature is written at a time; coordinates are written with the number formatter, not
//! through a JSON tree.

use std::io::Write;

use super::naming::{media_file_name, poi_identifier};
use super::number::{decimals, push_fixed, push_u64};
use super::{ExportError, Layers, MediaKind};
use crate::poi;
use crate::survey::{Measurement, SurveyData, VehicleTracePoint, trace::trace_segments};

/// Writes the chosen layers of a survey as a GeoJSON `FeatureCollection`.
///
/// ```
/// use clearway_core::{export::{geojson::write_geojson, Layers}, survey::{Measurement, SurveyData}};
/// let data = SurveyData {
///     measurements: vec![Measurement { latitude: Some(45.5), longitude: Some(-73.6), ..Default::default() }],
///     ..Default::default()
/// };
/// let mut out = Vec::new();
/// write_geojson(&mut out, &data, Layers::ALL).unwrap();
/// let doc: serde_json::Value = serde_json::from_slice(&out).unwrap();
/// assert_eq!(doc["features"][0]["geometry"]["coordinates"], serde_json::json!([-73.6, 45.5]));
/// ```
pub fn write_geojson(
    mut out: impl Write,
    data: &SurveyData,
    layers: Layers,
) -> Result<(), ExportError> {
    let mut buf = Vec::with_capacity(1 << 16);
    buf.extend_from_slice(br#"{"type":"FeatureCollection","features":["#);
    let mut first = true;
    let mut separate = |buf: &mut Vec<u8>| {
        if !first {
            buf.extend_from_slice(b",\n");
        }
        first = false;
    };
    let clearance = crate::clearance::columns::applies(data);
    let load = data.survey.fields.load_profile.as_ref();
    if layers.pois {
        for m in &data.measurements {
            if let (Some(lat), Some(lon)) = (m.latitude, m.longitude) {
                separate(&mut buf);
                push_point_feature(&mut buf, m, lat, lon);
                if clearance {
                    push_clearance_properties(&mut buf, m, load);
                }
                buf.extend_from_slice(b"}}");
                if buf.len() > 1 << 16 {
                    out.write_all(&buf)?;
                    buf.clear();
                }
            }
        }
    }
    if layers.routes {
        for route in &data.routes {
            let flat = route.line_flat();
            if flat.len() >= 4 {
                separate(&mut buf);
                buf.extend_from_slice(br#"{"type":"Feature","properties":{"kind":"route","id":"#);
                push_str(&mut buf, &route.id);
                buf.extend_from_slice(br#","name":"#);
                push_str(&mut buf, &route.name);
                buf.extend_from_slice(br#","color":"#);
                push_str(&mut buf, &route.color);
                buf.extend_from_slice(b"},");
                push_line(&mut buf, &flat);
                buf.push(b'}');
            }
        }
    }
    let lines = if layers.trace {
        trace_lines(&data.traces)
    } else {
        Vec::new()
    };
    if !lines.is_empty() {
        separate(&mut buf);
        buf.extend_from_slice(
            br#"{"type":"Feature","properties":{"kind":"vehicleTrace","points":"#,
        );
        push_u64(&mut buf, data.traces.len() as u64);
        buf.extend_from_slice(br#","segments":"#);
        push_u64(&mut buf, lines.len() as u64);
        buf.extend_from_slice(b"},");
        match lines.as_slice() {
            [line] => push_line(&mut buf, line),
            _ => push_multi_line(&mut buf, &lines),
        }
        buf.push(b'}');
    }
    buf.extend_from_slice(b"]}\n");
    out.write_all(&buf)?;
    out.flush()?;
    Ok(())
}

/// The trace's segments of two or more points as flat lat/lon lines: a segment of one point
/// (between two gaps) draws no line.
pub(crate) fn trace_lines(traces: &[VehicleTracePoint]) -> Vec<Vec<f64>> {
    trace_segments(traces)
        .filter(|segment| segment.len() >= 2)
        .map(|segment| {
            segment
                .iter()
                .flat_map(|p| [p.latitude, p.longitude])
                .collect()
        })
        .collect()
}

fn push_point_feature(buf: &mut Vec<u8>, m: &Measurement, lat: f64, lon: f64) {
    buf.extend_from_slice(br#"{"type":"Feature","geometry":{"type":"Point","coordinates":["#);
    push_fixed(buf, lon, decimals::LAT_LON);
    buf.push(b',');
    push_fixed(buf, lat, decimals::LAT_LON);
    buf.extend_from_slice(br#"]},"properties":{"id":"#);
    push_str(buf, &m.id);
    buf.extend_from_slice(br#","poiId":"#);
    push_str(buf, &poi_identifier(m));
    buf.extend_from_slice(br#","poiType":"#);
    push_str(buf, &m.poi_type);
    buf.extend_from_slice(br#","poiLabel":"#);
    push_str(buf, poi::label_of(&m.poi_type));
    for (key, value, places) in [
        ("height", m.height_m, decimals::HEIGHT),
        ("gpsAltitude", m.alt_gps_m, decimals::GPS_ALTITUDE),
        ("speed", m.speed_kmh, decimals::SPEED),
        ("heading", m.heading_deg, decimals::HEADING),
        ("width", m.width_m, decimals::WIDTH_LENGTH),
        ("length", m.length_m, decimals::WIDTH_LENGTH),
    ] {
        buf.extend_from_slice(b",\"");
        buf.extend_from_slice(key.as_bytes());
        buf.extend_from_slice(b"\":");
        match value.filter(|v| v.is_finite()) {
            Some(v) => push_fixed(buf, v, places),
            None => buf.extend_from_slice(b"null"),
        }
    }
    for (key, value) in [
        ("road", m.road_number.as_deref()),
        ("note", m.note.as_deref()),
        ("date", m.utc_date.as_deref()),
        ("time", m.utc_time.as_deref()),
        ("source", Some(m.source.as_str())),
    ] {
        buf.extend_from_slice(b",\"");
        buf.extend_from_slice(key.as_bytes());
        buf.extend_from_slice(b"\":");
        match value {
            Some(v) => push_str(buf, v),
            None => buf.extend_from_slice(b"null"),
        }
    }
    buf.extend_from_slice(br#","poiNumber":"#);
    match m.poi_number {
        Some(n) => push_u64(buf, u64::from(n)),
        None => buf.extend_from_slice(b"null"),
    }
    for kind in MediaKind::ALL {
        buf.extend_from_slice(b",\"");
        buf.extend_from_slice(kind.as_str().as_bytes());
        buf.extend_from_slice(b"\":");
        match kind.url(m) {
            Some(_) => push_str(buf, &media_file_name(m, kind)),
            None => buf.extend_from_slice(b"null"),
        }
    }
}

/// The clearance properties (issue 15), after the SPEC's: `null` for none.
fn push_clearance_properties(
    buf: &mut Vec<u8>,
    m: &Measurement,
    load: Option<&crate::clearance::LoadProfile>,
) {
    use crate::clearance::columns::{Value, fields};
    for (key, value) in fields(m, load) {
        buf.extend_from_slice(b",\"");
        buf.extend_from_slice(key.as_bytes());
        buf.extend_from_slice(b"\":");
        match value {
            Value::Number(v, places) => push_fixed(buf, v, places),
            Value::Text(t) => push_str(buf, &t),
            Value::None => buf.extend_from_slice(b"null"),
        }
    }
}

/// `"geometry":{"type":"LineString","coordinates":[[lon,lat],...]}` from flat lat/lon.
fn push_line(buf: &mut Vec<u8>, flat: &[f64]) {
    buf.extend_from_slice(br#""geometry":{"type":"LineString","coordinates":"#);
    push_positions(buf, flat);
    buf.push(b'}');
}

/// `"geometry":{"type":"MultiLineString","coordinates":[[[lon,lat],...],...]}`.
fn push_multi_line(buf: &mut Vec<u8>, lines: &[Vec<f64>]) {
    buf.extend_from_slice(br#""geometry":{"type":"MultiLineString","coordinates":["#);
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            buf.push(b',');
        }
        push_positions(buf, line);
    }
    buf.extend_from_slice(b"]}");
}

/// `[[lon,lat],...]` from flat lat/lon.
fn push_positions(buf: &mut Vec<u8>, flat: &[f64]) {
    buf.push(b'[');
    for (i, p) in flat.chunks_exact(2).enumerate() {
        if i > 0 {
            buf.push(b',');
        }
        buf.push(b'[');
        push_fixed(buf, p[1], decimals::LAT_LON);
        buf.push(b',');
        push_fixed(buf, p[0], decimals::LAT_LON);
        buf.push(b']');
    }
    buf.push(b']');
}

/// A JSON string literal.
fn push_str(buf: &mut Vec<u8>, s: &str) {
    // Writing into a Vec cannot fail.
    let _ = serde_json::to_writer(&mut *buf, s);
}

#[cfg(test)]
#[allow(clippy::unreadable_literal)] // coordinates as files write them
mod tests {
    use super::*;
    use crate::import::geojson::import_geojson;
    use serde_json::json;

    fn sample() -> SurveyData {
        SurveyData {
            measurements: serde_json::from_value(json!([
                {"id": "m1", "latitude": 45.123456, "longitude": -73.654321, "rel": 4.2,
                 "poi_type": "powerLine", "roadNumber": 3, "poiNumber": 12, "note": "sag \"low\"",
                 "imageUrl": "blob:1"},
                {"id": "m2", "rel": 5.0},
                {"id": "m3", "latitude": -33.868820, "longitude": 151.209290, "speed": 42.06}
            ]))
            .unwrap(),
            routes: serde_json::from_value(json!([
                {"id": "r1", "name": "North", "routeGeometry": [[45.1, -73.6], [45.2, -73.5], [45.3, -73.4]]},
                {"id": "r2", "name": "Stub", "routeGeometry": [[45.1, -73.6]]}
            ]))
            .unwrap(),
            traces: serde_json::from_value(json!([
                {"latitude": 10.000001, "longitude": -20.000002},
                {"latitude": 10.5, "longitude": -20.25},
                {"latitude": -0.000003, "longitude": 179.999999}
            ]))
            .unwrap(),
            ..Default::default()
        }
    }

    fn export(layers: Layers) -> Vec<u8> {
        let mut out = Vec::new();
        write_geojson(&mut out, &sample(), layers).unwrap();
        out
    }

    #[test]
    fn points_routes_and_trace_with_spec_number_formats() {
        let doc: serde_json::Value = serde_json::from_slice(&export(Layers::ALL)).unwrap();
        let features = doc["features"].as_array().unwrap();
        // 2 positioned measurements, 1 route of 2+ positions, the trace.
        assert_eq!(features.len(), 4);
        let p = &features[0]["properties"];
        assert_eq!(p["poiId"], "R003-POI00012");
        assert_eq!(p["poiLabel"], "Power line");
        assert_eq!(p["note"], "sag \"low\"");
        assert_eq!(p["image"], "image_R003_POI00012_powerLine_m1.jpg");
        assert_eq!(p["video"], json!(null));
        assert_eq!(features[1]["properties"]["speed"], json!(42.1));
        assert_eq!(features[2]["properties"]["name"], "North");
        assert_eq!(features[3]["properties"]["kind"], "vehicleTrace");
        let text = String::from_utf8(export(Layers::POIS)).unwrap();
        assert!(
            text.contains(r#""coordinates":[-73.654321,45.123456]"#),
            "{text}"
        );
        assert!(text.contains(r#""height":4.200,"#), "{text}");
    }

    #[test]
    fn a_trace_with_gaps_is_a_multilinestring_of_its_segments() {
        let mut data = sample();
        data.traces = serde_json::from_value(json!([
            {"latitude": 1, "longitude": 1}, {"latitude": 1, "longitude": 2},
            {"latitude": 3, "longitude": 3, "gapBefore": true},
            {"latitude": 5, "longitude": 5, "gapBefore": true}, {"latitude": 5, "longitude": 6}
        ]))
        .unwrap();
        let mut out = Vec::new();
        write_geojson(&mut out, &data, Layers::TRACE).unwrap();
        let doc: serde_json::Value = serde_json::from_slice(&out).unwrap();
        let feature = &doc["features"][0];
        assert_eq!(feature["properties"]["points"], 5);
        assert_eq!(
            feature["properties"]["segments"], 2,
            "the lone point draws no line"
        );
        assert_eq!(feature["geometry"]["type"], "MultiLineString");
        assert_eq!(
            feature["geometry"]["coordinates"],
            json!([[[1.0, 1.0], [2.0, 1.0]], [[5.0, 5.0], [6.0, 5.0]]])
        );
    }

    #[test]
    fn the_trace_round_trips_through_the_geojson_importer_exactly() {
        let route = import_geojson(&export(Layers::TRACE)).unwrap();
        assert_eq!(
            route.coords,
            [10.000001, -20.000002, 10.5, -20.25, -0.000003, 179.999999]
        );
        let route = import_geojson(&export(Layers::ROUTES)).unwrap();
        assert_eq!(route.name.as_deref(), Some("North"));
        assert_eq!(route.coords, [45.1, -73.6, 45.2, -73.5, 45.3, -73.4]);
    }
}
