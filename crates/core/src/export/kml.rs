//! KML 2.2 export: a `Document` named after the survey with up to three folders —
//! "Points of interest" (a `Point` placemark per measurement with a position, named by its
//! POI identifier), "Routes" (a `LineString` placemark per planned route, in the route's
//! colour) and "Vehicle trace" (one placemark: a `LineString`, or a `MultiGeometry` of one
//! `LineString` per segment when the trace has gaps). Coordinates are `lon,lat` with
//! 6 decimals (SPEC §9); text goes through
//! [`crate::xml_text`]: characters XML forbids become U+FFFD, and the `<description>`
//! (rendered as HTML by Google Earth) is HTML-escaped, then XML-escaped.

use std::io::Write;

use super::geojson::trace_lines;
use super::gpx::measurement_time;
use super::naming::poi_identifier;
use super::number::{decimals, push_fixed};
use super::{ExportError, Layers};
use crate::poi;
use crate::survey::{Measurement, SurveyData};
use crate::xml_text::{push_html_text, push_text};

/// Writes the chosen layers of a survey as a KML document.
///
/// ```
/// use clearway_core::{export::{kml::write_kml, Layers}, survey::{Measurement, SurveyData}};
/// let data = SurveyData {
///     measurements: vec![Measurement { latitude: Some(45.5), longitude: Some(-73.6), ..Default::default() }],
///     ..Default::default()
/// };
/// let mut out = Vec::new();
/// write_kml(&mut out, &data, Layers::ALL).unwrap();
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.contains("<Point><coordinates>-73.600000,45.500000</coordinates></Point>"));
/// ```
pub fn write_kml(
    mut out: impl Write,
    data: &SurveyData,
    layers: Layers,
) -> Result<(), ExportError> {
    let mut buf = Vec::with_capacity(1 << 16);
    buf.extend_from_slice(
        concat!(
            r#"<?xml version="1.0" encoding="UTF-8"?>"#,
            "\n",
            r#"<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>"#
        )
        .as_bytes(),
    );
    push_text(&mut buf, &data.survey.survey_title);
    buf.extend_from_slice(b"</name>\n");
    let positioned = || {
        data.measurements
            .iter()
            .filter_map(|m| Some((m, m.latitude?, m.longitude?)))
    };
    let clearance = crate::clearance::columns::applies(data);
    let load = data.survey.fields.load_profile.as_ref();
    if layers.pois && positioned().next().is_some() {
        buf.extend_from_slice(b"<Folder><name>Points of interest</name>\n");
        for (m, lat, lon) in positioned() {
            push_poi(&mut buf, m, lat, lon, clearance, load);
            if buf.len() > 1 << 16 {
                out.write_all(&buf)?;
                buf.clear();
            }
        }
        buf.extend_from_slice(b"</Folder>\n");
    }
    let routes: Vec<(&str, &str, Vec<f64>)> = data
        .routes
        .iter()
        .map(|r| (r.name.as_str(), r.color.as_str(), r.line_flat()))
        .filter(|(_, _, flat)| flat.len() >= 4)
        .collect();
    if layers.routes && !routes.is_empty() {
        buf.extend_from_slice(b"<Folder><name>Routes</name>\n");
        for (name, colour, flat) in &routes {
            push_line(&mut buf, name, Some(colour), flat);
        }
        buf.extend_from_slice(b"</Folder>\n");
    }
    let lines = if layers.trace {
        trace_lines(&data.traces)
    } else {
        Vec::new()
    };
    if !lines.is_empty() {
        buf.extend_from_slice(b"<Folder><name>Vehicle trace</name>\n");
        push_lines(&mut buf, "Vehicle trace", None, &lines);
        buf.extend_from_slice(b"</Folder>\n");
    }
    buf.extend_from_slice(b"</Document></kml>\n");
    out.write_all(&buf)?;
    out.flush()?;
    Ok(())
}

/// A POI placemark; with the clearance fields when the survey carries clearance data.
fn push_poi(
    buf: &mut Vec<u8>,
    m: &Measurement,
    lat: f64,
    lon: f64,
    clearance: bool,
    load: Option<&crate::clearance::LoadProfile>,
) {
    buf.extend_from_slice(b"<Placemark><name>");
    push_text(buf, &poi_identifier(m));
    buf.extend_from_slice(b"</name>");
    if let Some(t) = measurement_time(m) {
        buf.extend_from_slice(b"<TimeStamp><when>");
        push_text(buf, &t);
        buf.extend_from_slice(b"</when></TimeStamp>");
    }
    let mut description = poi::label_of(&m.poi_type).as_bytes().to_vec();
    if let Some(h) = m.height_m {
        description.extend_from_slice(b", height ");
        push_fixed(&mut description, h, decimals::HEIGHT);
        description.extend_from_slice(b" m");
    }
    if let Some(note) = m.note.as_deref().filter(|n| !n.is_empty()) {
        description.extend_from_slice(b": ");
        description.extend_from_slice(note.as_bytes());
    }
    buf.extend_from_slice(b"<description>");
    push_html_text(buf, &String::from_utf8_lossy(&description));
    buf.extend_from_slice(b"</description>");
    if clearance {
        push_clearance_data(buf, m, load);
    }
    buf.extend_from_slice(b"<Point><coordinates>");
    push_fixed(buf, lon, decimals::LAT_LON);
    buf.push(b',');
    push_fixed(buf, lat, decimals::LAT_LON);
    buf.extend_from_slice(b"</coordinates></Point></Placemark>\n");
}

/// The clearance fields (issue 15) as KML `ExtendedData`; fields without a value are left out.
fn push_clearance_data(
    buf: &mut Vec<u8>,
    m: &Measurement,
    load: Option<&crate::clearance::LoadProfile>,
) {
    use crate::clearance::columns::{Value, fields};
    buf.extend_from_slice(b"<ExtendedData>");
    for (key, value) in fields(m, load) {
        let text = match value {
            Value::Number(v, places) => {
                let mut t = Vec::new();
                push_fixed(&mut t, v, places);
                String::from_utf8_lossy(&t).into_owned()
            }
            Value::Text(t) => t,
            Value::None => continue,
        };
        buf.extend_from_slice(b"<Data name=\"");
        buf.extend_from_slice(key.as_bytes());
        buf.extend_from_slice(b"\"><value>");
        push_text(buf, &text);
        buf.extend_from_slice(b"</value></Data>");
    }
    buf.extend_from_slice(b"</ExtendedData>");
}

fn push_line(buf: &mut Vec<u8>, name: &str, colour: Option<&str>, flat: &[f64]) {
    push_lines(buf, name, colour, &[flat]);
}

/// One placemark: a `LineString`, or a `MultiGeometry` of them when there are several (a
/// trace with gaps: never a line across one).
fn push_lines<L: AsRef<[f64]>>(buf: &mut Vec<u8>, name: &str, colour: Option<&str>, lines: &[L]) {
    buf.extend_from_slice(b"<Placemark><name>");
    push_text(buf, name);
    buf.extend_from_slice(b"</name>");
    if let Some(abgr) = colour.and_then(kml_colour) {
        buf.extend_from_slice(b"<Style><LineStyle><color>");
        buf.extend_from_slice(abgr.as_bytes());
        buf.extend_from_slice(b"</color><width>4</width></LineStyle></Style>");
    }
    let multi = lines.len() > 1;
    if multi {
        buf.extend_from_slice(b"<MultiGeometry>");
    }
    for flat in lines {
        buf.extend_from_slice(b"<LineString><tessellate>1</tessellate><coordinates>");
        for (i, p) in flat.as_ref().chunks_exact(2).enumerate() {
            if i > 0 {
                buf.push(b' ');
            }
            push_fixed(buf, p[1], decimals::LAT_LON);
            buf.push(b',');
            push_fixed(buf, p[0], decimals::LAT_LON);
        }
        buf.extend_from_slice(b"</coordinates></LineString>");
    }
    if multi {
        buf.extend_from_slice(b"</MultiGeometry>");
    }
    buf.extend_from_slice(b"</Placemark>\n");
}

/// `#rrggbb` as KML's opaque `aabbggrr`.
///
/// ```
/// use clearway_core::export::kml::kml_colour;
/// assert_eq!(kml_colour("#3b82f6").as_deref(), Some("fff6823b"));
/// assert_eq!(kml_colour("blue"), None);
/// ```
pub fn kml_colour(css: &str) -> Option<String> {
    let hex = css.strip_prefix('#')?;
    if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    Some(format!("ff{}{}{}", &hex[4..6], &hex[2..4], &hex[0..2]).to_ascii_lowercase())
}

#[cfg(test)]
#[allow(clippy::unreadable_literal)] // coordinates as files write them
mod tests {
    use super::*;
    use crate::import::kml::import_kml;
    use serde_json::json;

    fn sample() -> SurveyData {
        SurveyData {
            measurements: serde_json::from_value(json!([
                {"id": "m1", "latitude": 45.123456, "longitude": -73.654321, "rel": 4.2,
                 "poi_type": "walkway", "note": "kerb <15 cm>"}
            ]))
            .unwrap(),
            routes: serde_json::from_value(json!([
                {"id": "r1", "name": "North & back", "color": "#ff0000",
                 "routeGeometry": [[45.1, -73.6], [45.2, -73.5]]}
            ]))
            .unwrap(),
            traces: serde_json::from_value(json!([
                {"latitude": 10.000001, "longitude": -20.000002},
                {"latitude": -89.999999, "longitude": 180}
            ]))
            .unwrap(),
            ..Default::default()
        }
    }

    fn export(layers: Layers) -> Vec<u8> {
        let mut out = Vec::new();
        write_kml(&mut out, &sample(), layers).unwrap();
        out
    }

    #[test]
    fn folders_placemarks_and_escaped_text() {
        let text = String::from_utf8(export(Layers::ALL)).unwrap();
        assert_eq!(text.matches("<Folder>").count(), 3);
        assert!(text.contains(
            "<description>Walkways, height 4.200 m: kerb &amp;lt;15 cm&amp;gt;</description>"
        ));
        assert!(text.contains("<name>North &amp; back</name>"));
        assert!(text.contains("<color>ff0000ff</color>"));
    }

    #[test]
    fn a_trace_with_a_gap_is_two_lines_in_one_placemark() {
        let mut data = sample();
        data.traces = serde_json::from_value(json!([
            {"latitude": 1, "longitude": 1}, {"latitude": 1, "longitude": 2},
            {"latitude": 5, "longitude": 5, "gapBefore": true}, {"latitude": 5, "longitude": 6}
        ]))
        .unwrap();
        let mut out = Vec::new();
        write_kml(&mut out, &data, Layers::TRACE).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.matches("<Placemark>").count(), 1);
        assert!(text.contains(concat!(
            "<MultiGeometry><LineString><tessellate>1</tessellate><coordinates>",
            "1.000000,1.000000 2.000000,1.000000</coordinates></LineString>",
            "<LineString><tessellate>1</tessellate><coordinates>",
            "5.000000,5.000000 6.000000,5.000000</coordinates></LineString></MultiGeometry>"
        )));
    }

    #[test]
    fn lines_round_trip_through_the_kml_reader_exactly() {
        let trace = import_kml(&export(Layers::TRACE)).unwrap();
        assert_eq!(trace.coords, [10.000001, -20.000002, -89.999999, 180.0]);
        let route = import_kml(&export(Layers::ROUTES)).unwrap();
        assert_eq!(route.name.as_deref(), Some("North & back"));
        assert_eq!(route.coords, [45.1, -73.6, 45.2, -73.5]);
    }
}
