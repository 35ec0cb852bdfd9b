//! GPX 1.1 export: POIs as waypoints (`<wpt>`), planned routes as routes (`<rte>`), the
//! vehicle trace as a track (`<trk>`, one `<trkseg>` per segment: a gap in the trace ends
//! one), in the order the GPX 1.1 schema requires.
//!
//! A waypoint is named by its POI identifier (`R001-POI00001`); `<type>` is the stored POI
//! type, `<desc>` the note, `<cmt>` the height, `<ele>` the GPS altitude, `<time>` the
//! measurement's UTC date and time when both are recorded in ISO form. Positions have 6
//! decimals (SPEC §9). Text goes through [`crate::xml_text`] (characters XML forbids become U+FFFD).

use std::io::Write;

use super::naming::poi_identifier;
use super::number::{decimals, push_fixed};
use super::{ExportError, Layers};
use crate::survey::{Measurement, SurveyData, trace::trace_segments};
use crate::xml_text::{push_element, push_text};

/// Writes the chosen layers of a survey as a GPX 1.1 document.
///
/// ```
/// use clearway_core::{export::{gpx::write_gpx, Layers}, survey::SurveyData};
/// let data: SurveyData = SurveyData {
///     traces: serde_json::from_str(r#"[{"latitude": 1, "longitude": 2}, {"latitude": 3, "longitude": 4}]"#).unwrap(),
///     ..Default::default()
/// };
/// let mut out = Vec::new();
/// write_gpx(&mut out, &data, Layers::ALL).unwrap();
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.contains(r#"<trkpt lat="3.000000" lon="4.000000"/>"#));
/// ```
pub fn write_gpx(
    mut out: impl Write,
    data: &SurveyData,
    layers: Layers,
) -> Result<(), ExportError> {
    let mut buf = Vec::with_capacity(1 << 16);
    buf.extend_from_slice(
        concat!(
            r#"<?xml version="1.0" encoding="UTF-8"?>"#,
            "\n",
            r#"<gpx version="1.1" creator="Clearway" xmlns="http://www.topografix.com/GPX/1/1">"#,
            "\n<metadata><name>"
        )
        .as_bytes(),
    );
    push_text(&mut buf, &data.survey.survey_title);
    buf.extend_from_slice(b"</name></metadata>\n");
    if layers.pois {
        for m in &data.measurements {
            if let (Some(lat), Some(lon)) = (m.latitude, m.longitude) {
                push_waypoint(&mut buf, m, lat, lon);
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
            if flat.is_empty() {
                continue;
            }
            buf.extend_from_slice(b"<rte><name>");
            push_text(&mut buf, &route.name);
            buf.extend_from_slice(b"</name>\n");
            for p in flat.chunks_exact(2) {
                push_point(&mut buf, b"rtept", p[0], p[1]);
                buf.extend_from_slice(b"/>\n");
            }
            buf.extend_from_slice(b"</rte>\n");
        }
    }
    if layers.trace && !data.traces.is_empty() {
        buf.extend_from_slice(b"<trk><name>Vehicle trace</name>\n");
        for segment in trace_segments(&data.traces) {
            buf.extend_from_slice(b"<trkseg>\n");
            for p in segment {
                push_point(&mut buf, b"trkpt", p.latitude, p.longitude);
                match p.iso_time() {
                    Some(t) => {
                        buf.extend_from_slice(b"><time>");
                        push_text(&mut buf, &t);
                        buf.extend_from_slice(b"</time></trkpt>\n");
                    }
                    None => buf.extend_from_slice(b"/>\n"),
                }
                if buf.len() > 1 << 16 {
                    out.write_all(&buf)?;
                    buf.clear();
                }
            }
            buf.extend_from_slice(b"</trkseg>\n");
        }
        buf.extend_from_slice(b"</trk>\n");
    }
    buf.extend_from_slice(b"</gpx>\n");
    out.write_all(&buf)?;
    out.flush()?;
    Ok(())
}

/// `<tag lat=".." lon=".."` (unclosed).
fn push_point(buf: &mut Vec<u8>, tag: &[u8], lat: f64, lon: f64) {
    buf.push(b'<');
    buf.extend_from_slice(tag);
    buf.extend_from_slice(b" lat=\"");
    push_fixed(buf, lat, decimals::LAT_LON);
    buf.extend_from_slice(b"\" lon=\"");
    push_fixed(buf, lon, decimals::LAT_LON);
    buf.push(b'"');
}

fn push_waypoint(buf: &mut Vec<u8>, m: &Measurement, lat: f64, lon: f64) {
    let element = push_element;
    push_point(buf, b"wpt", lat, lon);
    buf.push(b'>');
    if let Some(alt) = m.alt_gps_m {
        buf.extend_from_slice(b"<ele>");
        push_fixed(buf, alt, decimals::GPS_ALTITUDE);
        buf.extend_from_slice(b"</ele>");
    }
    if let Some(t) = measurement_time(m) {
        element(buf, "time", &t);
    }
    element(buf, "name", &poi_identifier(m));
    if let Some(h) = m.height_m {
        let mut height = b"Height ".to_vec();
        push_fixed(&mut height, h, decimals::HEIGHT);
        height.extend_from_slice(b" m");
        element(buf, "cmt", &String::from_utf8_lossy(&height));
    }
    if let Some(note) = m.note.as_deref().filter(|n| !n.is_empty()) {
        element(buf, "desc", note);
    }
    if !m.poi_type.is_empty() {
        element(buf, "type", &m.poi_type);
    }
    buf.extend_from_slice(b"</wpt>\n");
}

/// `YYYY-MM-DDTHH:MM:SS[.fff]Z` from a measurement's `utcDate` (`YYYY-MM-DD`) and `utcTime`
/// (`HH:MM:SS`, optional fraction), when both have those shapes.
///
/// ```
/// use clearway_core::{export::gpx::measurement_time, survey::Measurement};
/// let m = Measurement { utc_date: Some("2024-05-01".into()), utc_time: Some("08:30:12.5".into()), ..Default::default() };
/// assert_eq!(measurement_time(&m).as_deref(), Some("2024-05-01T08:30:12.5Z"));
/// ```
pub fn measurement_time(m: &Measurement) -> Option<String> {
    let (date, time) = (m.utc_date.as_deref()?.trim(), m.utc_time.as_deref()?.trim());
    let shaped = |text: &str, pattern: &str| {
        text.len() >= pattern.len()
            && text.bytes().zip(pattern.bytes()).all(|(c, p)| match p {
                b'9' => c.is_ascii_digit(),
                p => c == p,
            })
    };
    let fraction_ok = time.len() == 8
        || (time.as_bytes().get(8) == Some(&b'.')
            && time.len() > 9
            && time[9..].bytes().all(|b| b.is_ascii_digit()));
    (date.len() == 10 && shaped(date, "9999-99-99") && shaped(time, "99:99:99") && fraction_ok)
        .then(|| format!("{date}T{time}Z"))
}

#[cfg(test)]
#[allow(clippy::unreadable_literal)] // coordinates as files write them
mod tests {
    use super::*;
    use crate::import::gpx::read_gpx;
    use serde_json::json;

    fn sample() -> SurveyData {
        SurveyData {
            survey: serde_json::from_value(json!({"surveyTitle": "A20 <night> & day"})).unwrap(),
            measurements: serde_json::from_value(json!([
                {"id": "m1", "latitude": 45.123456, "longitude": -73.654321, "rel": 4.2,
                 "altGPS": 101.45, "poi_type": "bridge", "roadNumber": 3, "poiNumber": 12,
                 "note": "low & narrow", "utcDate": "2024-05-01", "utcTime": "08:30:12"},
                {"id": "m2"}
            ]))
            .unwrap(),
            routes: serde_json::from_value(json!([
                {"id": "r1", "name": "North", "routeGeometry": [[45.1, -73.6], [45.2, -73.5]]}
            ]))
            .unwrap(),
            traces: serde_json::from_value(json!([
                {"latitude": 10.000001, "longitude": -20.000002, "timestamp": 0},
                {"latitude": 10.5, "longitude": -20.25, "timestamp": "2024-05-01T08:00:00Z"}
            ]))
            .unwrap(),
            ..Default::default()
        }
    }

    fn export(layers: Layers) -> Vec<u8> {
        let mut out = Vec::new();
        write_gpx(&mut out, &sample(), layers).unwrap();
        out
    }

    #[test]
    fn waypoint_route_and_track_elements() {
        let text = String::from_utf8(export(Layers::ALL)).unwrap();
        assert!(text.contains("<metadata><name>A20 &lt;night&gt; &amp; day</name></metadata>"));
        assert!(text.contains(concat!(
            r#"<wpt lat="45.123456" lon="-73.654321"><ele>101.5</ele>"#,
            "<time>2024-05-01T08:30:12Z</time><name>R003-POI00012</name>",
            "<cmt>Height 4.200 m</cmt><desc>low &amp; narrow</desc><type>bridge</type></wpt>"
        )));
        assert_eq!(text.matches("<wpt ").count(), 1, "m2 has no position");
        assert_eq!(text.matches("<rtept ").count(), 2);
        assert!(text.contains("<time>1970-01-01T00:00:00.000Z</time>"));
        let (wpt, rte, trk) = (
            text.find("<wpt").unwrap(),
            text.find("<rte").unwrap(),
            text.find("<trk").unwrap(),
        );
        assert!(wpt < rte && rte < trk, "GPX 1.1 order: wpt, rte, trk");
    }

    #[test]
    fn each_layer_round_trips_through_the_gpx_reader_exactly() {
        // The reader takes track points, else route points, else waypoints.
        assert_eq!(
            read_gpx(&export(Layers::ALL)).unwrap().coords,
            [10.000001, -20.000002, 10.5, -20.25]
        );
        assert_eq!(
            read_gpx(&export(Layers::ROUTES)).unwrap().coords,
            [45.1, -73.6, 45.2, -73.5]
        );
        let mut two_pois = sample();
        two_pois.measurements[1].latitude = Some(-0.5);
        two_pois.measurements[1].longitude = Some(179.999999);
        let mut out = Vec::new();
        write_gpx(&mut out, &two_pois, Layers::POIS).unwrap();
        assert_eq!(
            read_gpx(&out).unwrap().coords,
            [45.123456, -73.654321, -0.5, 179.999999]
        );
    }

    #[test]
    fn a_gap_in_the_trace_starts_a_new_track_segment() {
        let mut data = sample();
        data.traces = serde_json::from_value(json!([
            {"latitude": 1, "longitude": 1}, {"latitude": 1, "longitude": 2},
            {"latitude": 5, "longitude": 5, "gapBefore": true}, {"latitude": 5, "longitude": 6}
        ]))
        .unwrap();
        let mut out = Vec::new();
        write_gpx(&mut out, &data, Layers::TRACE).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.matches("<trk>").count(), 1);
        assert_eq!(text.matches("<trkseg>").count(), 2, "{text}");
        let second = &text[text.rfind("<trkseg>").unwrap()..];
        assert!(second.starts_with("<trkseg>\n<trkpt lat=\"5.000000\" lon=\"5.000000\"/>"));
        assert_eq!(second.matches("<trkpt ").count(), 2);
        // Without a gap mark, one segment as before.
        assert_eq!(
            String::from_utf8(export(Layers::TRACE))
                .unwrap()
                .matches("<trkseg>")
                .count(),
            1
        );
    }

    #[test]
    fn times_need_iso_shapes() {
        let m = |d: &str, t: &str| Measurement {
            utc_date: Some(d.into()),
            utc_time: Some(t.into()),
            ..Default::default()
        };
        assert_eq!(measurement_time(&m("01/05/2024", "08:30:12")), None);
        assert_eq!(measurement_time(&m("2024-05-01", "8:30")), None);
        assert_eq!(measurement_time(&m("2024-05-01", "08:30:12.")), None);
    }
}
