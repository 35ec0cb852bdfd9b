//! A track of GPS fixes — one point per receiver epoch — and its GeoJSON (RFC 7946) and
//! GPX 1.1 renderings.

use std::fmt::Write as _;

use crate::nmea::{GpsState, format_time};

/// One point of a track.
#[derive(Debug, Clone, PartialEq)]
pub struct TrackPoint {
    pub lat: f64,
    pub lon: f64,
    pub alt_m: Option<f64>,
    /// UTC time of day, milliseconds since midnight.
    pub time_ms: Option<u32>,
    /// `YYYY-MM-DD`, when the receiver sent a date.
    pub date: Option<String>,
}

impl TrackPoint {
    /// ISO 8601 timestamp (`2020-03-18T13:28:19.600Z`), when both date and time are known.
    pub fn timestamp(&self) -> Option<String> {
        Some(format!(
            "{}T{}Z",
            self.date.as_deref()?,
            format_time(self.time_ms?)
        ))
    }
}

/// Builds a track from successive GPS states: a point per epoch (GGA and RMC of one epoch
/// share a time and merge into one point), and only states with a fix.
#[derive(Debug, Default)]
pub struct TrackBuilder {
    points: Vec<TrackPoint>,
}

impl TrackBuilder {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn push(&mut self, state: &GpsState) {
        let (true, Some(lat), Some(lon)) = (state.has_fix(), state.lat, state.lon) else {
            return;
        };
        let point = TrackPoint {
            lat,
            lon,
            alt_m: state.alt_m,
            time_ms: state.time_ms,
            date: state.date.map(crate::nmea::Date::iso),
        };
        match self.points.last_mut() {
            Some(previous) if previous.time_ms.is_some() && previous.time_ms == point.time_ms => {
                *previous = point;
            }
            _ => self.points.push(point),
        }
    }

    pub fn finish(self) -> Vec<TrackPoint> {
        self.points
    }
}

/// A GeoJSON `FeatureCollection` holding the track as one `LineString` feature (`[lon, lat]`
/// or `[lon, lat, alt]`), or a `Point` when there is a single fix, or no feature at all.
pub fn to_geojson(points: &[TrackPoint], name: &str) -> String {
    let mut coords = String::with_capacity(points.len() * 40);
    for (i, p) in points.iter().enumerate() {
        if i > 0 {
            coords.push(',');
        }
        let _ = match p.alt_m {
            Some(alt) => write!(coords, "[{},{},{}]", p.lon, p.lat, alt),
            None => write!(coords, "[{},{}]", p.lon, p.lat),
        };
    }
    let name = serde_json::Value::from(name);
    let times = |p: Option<&TrackPoint>| serde_json::Value::from(p.and_then(TrackPoint::timestamp));
    let properties = format!(
        r#"{{"name":{name},"points":{},"start":{},"end":{}}}"#,
        points.len(),
        times(points.first()),
        times(points.last())
    );
    let feature = match points.len() {
        0 => String::new(),
        1 => format!(
            r#"{{"type":"Feature","properties":{properties},"geometry":{{"type":"Point","coordinates":{coords}}}}}"#
        ),
        _ => format!(
            r#"{{"type":"Feature","properties":{properties},"geometry":{{"type":"LineString","coordinates":[{coords}]}}}}"#
        ),
    };
    format!(r#"{{"type":"FeatureCollection","features":[{feature}]}}"#)
}

/// A GPX 1.1 document with the track as one `<trk>` of one `<trkseg>`.
pub fn to_gpx(points: &[TrackPoint], name: &str) -> String {
    let mut out = String::with_capacity(200 + points.len() * 110);
    out.push_str(concat!(
        r#"<?xml version="1.0" encoding="UTF-8"?>"#,
        "\n",
        r#"<gpx version="1.1" creator="Clearway" xmlns="http://www.topografix.com/GPX/1/1">"#,
        "\n"
    ));
    let _ = writeln!(out, "<trk><name>{}</name><trkseg>", xml_escape(name));
    for p in points {
        let _ = write!(out, r#"<trkpt lat="{}" lon="{}">"#, p.lat, p.lon);
        if let Some(alt) = p.alt_m {
            let _ = write!(out, "<ele>{alt}</ele>");
        }
        if let Some(t) = p.timestamp() {
            let _ = write!(out, "<time>{t}</time>");
        }
        out.push_str("</trkpt>\n");
    }
    out.push_str("</trkseg></trk>\n</gpx>\n");
    out
}

/// Escapes text for XML: [`crate::xml_text::escape`] (markup characters as entities,
/// characters XML forbids as U+FFFD).
pub fn xml_escape(text: &str) -> String {
    crate::xml_text::escape(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nmea::NmeaStream;

    fn track(log: &str) -> Vec<TrackPoint> {
        let mut stream = NmeaStream::new();
        let mut builder = TrackBuilder::new();
        stream.push(log.as_bytes(), |_, s| builder.push(s));
        builder.finish()
    }

    const TWO_EPOCHS: &str = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47\n\
        $GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A\n\
        $GPGGA,123520,4807.040,N,01131.010,E,1,08,0.9,546.0,M,46.9,M,,\n\
        $GPGGA,123521,,,,,0,00,,,M,,M,,\n";

    #[test]
    fn one_point_per_epoch_and_only_fixes() {
        let points = track(TWO_EPOCHS);
        assert_eq!(points.len(), 2);
        assert_eq!(
            points[0].timestamp().as_deref(),
            Some("1994-03-23T12:35:19.000Z")
        );
        assert_eq!(points[1].alt_m, Some(546.0));
    }

    #[test]
    fn geojson_is_lon_lat_and_parses() {
        let doc: serde_json::Value =
            serde_json::from_str(&to_geojson(&track(TWO_EPOCHS), "t")).unwrap();
        let coords = &doc["features"][0]["geometry"]["coordinates"];
        assert_eq!(doc["features"][0]["geometry"]["type"], "LineString");
        assert!(
            (coords[0][0].as_f64().unwrap() - 11.516_666_666_666_667).abs() < 1e-12,
            "lon first"
        );
        assert!((coords[0][1].as_f64().unwrap() - 48.1173).abs() < 1e-12);
        let empty: serde_json::Value = serde_json::from_str(&to_geojson(&[], "t")).unwrap();
        assert_eq!(empty["features"].as_array().map(Vec::len), Some(0));
    }

    #[test]
    fn gpx_has_a_point_per_fix_and_escapes_names() {
        let gpx = to_gpx(&track(TWO_EPOCHS), "A & B <survey>");
        assert_eq!(gpx.matches("<trkpt ").count(), 2);
        assert!(gpx.contains("<name>A &amp; B &lt;survey&gt;</name>"));
        assert!(gpx.contains("<time>1994-03-23T12:35:19.000Z</time>"));
    }
}
