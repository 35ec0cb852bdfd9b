//! GPX 1.0 and 1.1 route import (SPEC §5).
//!
//! ```text
//! <gpx>                                   root (any namespace or none; BOM allowed)
//!   <metadata><name>…</name></metadata>   1.1 file name   (1.0: <gpx><name>)
//!   <wpt lat lon>…</wpt>*                 waypoints       (used last)
//!   <rte><name/><rtept lat lon/>*</rte>*  route points    (used when there is no track point)
//!   <trk><name/><trkseg><trkpt lat lon/>*</trkseg>*</trk>*  track points (used first)
//!   <extensions>…</extensions>            anything, walked over
//! ```
//!
//! All track points of all tracks and segments are used, in file order; else all route
//! points; else all waypoints. A point whose `lat`/`lon` is missing, not a number or off
//! the earth is skipped (it cannot be drawn), as other GPX readers do. Fewer than 2 usable
//! points is 'GPX file must contain at least 2 points'; XML that does not parse, or whose
//! root is not `gpx`, is 'Invalid GPX file format'.

use super::thin::{GPX_THIN_ABOVE, thin_every_nth};
use super::xml::{XmlEvent, XmlWalker, attribute, parse_number};
use super::{ImportError, ImportedRoute, MAX_POINTS, check_size, is_position, xml_error};

/// Reads a GPX file the SPEC way: the chosen points, thinned above
/// [`GPX_THIN_ABOVE`] points by keeping every Nth and the last.
///
/// ```
/// use clearway_core::import::gpx::import_gpx;
/// let gpx = br#"<gpx version="1.1"><trk><name>Ride</name><trkseg>
///   <trkpt lat="45.5" lon="-73.6"/><trkpt lat="45.6" lon="-73.5"/>
/// </trkseg></trk></gpx>"#;
/// let route = import_gpx(gpx).unwrap();
/// assert_eq!(route.name.as_deref(), Some("Ride"));
/// assert_eq!(route.coords, [45.5, -73.6, 45.6, -73.5]);
/// ```
pub fn import_gpx(bytes: &[u8]) -> Result<ImportedRoute, ImportError> {
    let mut route = read_gpx(bytes)?;
    if route.len() > GPX_THIN_ABOVE {
        route.coords = thin_every_nth(&route.coords, GPX_THIN_ABOVE);
    }
    Ok(route)
}

/// Reads every chosen point of a GPX file, without thinning.
pub fn read_gpx(bytes: &[u8]) -> Result<ImportedRoute, ImportError> {
    check_size(bytes)?;
    let bytes = super::encoding::to_utf8(bytes)?;
    let mut walker = XmlWalker::new(&bytes, b"gpx");
    let mut found = Found::default();
    // Text of the <name> element being read, and where it belongs.
    let mut name_text: Option<(NameOwner, String)> = None;
    loop {
        let event = walker
            .next_event()
            .map_err(|fault| xml_error(fault, ImportError::InvalidGpx))?;
        let Some(event) = event else { break };
        match event {
            XmlEvent::Start(element) => {
                let kind = match (walker.current(), walker.parent()) {
                    (b"trkpt", Some(b"trkseg")) => Some(Kind::Track),
                    (b"rtept", Some(b"rte")) => Some(Kind::Route),
                    (b"wpt", Some(b"gpx")) => Some(Kind::Waypoint),
                    (b"name", parent) => {
                        name_text =
                            NameOwner::of(parent, walker.stack()).map(|o| (o, String::new()));
                        None
                    }
                    _ => None,
                };
                if let Some(kind) = kind {
                    let lat = attribute(&element, b"lat").and_then(|v| parse_number(&v));
                    let lon = attribute(&element, b"lon").and_then(|v| parse_number(&v));
                    if let (Some(lat), Some(lon)) = (lat, lon) {
                        if is_position(lat, lon) {
                            found.push(kind, lat, lon)?;
                        }
                    }
                }
            }
            XmlEvent::Text(text) => {
                if let Some((_, name)) = name_text.as_mut() {
                    name.push_str(&text);
                }
            }
            XmlEvent::End { name } => {
                if name == b"name" {
                    if let Some((owner, text)) = name_text.take() {
                        found.name(owner, text.trim());
                    }
                }
            }
        }
    }
    found.into_route()
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Track,
    Route,
    Waypoint,
}

/// Whose `<name>` is being read.
#[derive(Clone, Copy)]
enum NameOwner {
    /// The file: `<metadata><name>` (1.1) or `<gpx><name>` (1.0).
    File,
    Track,
    Route,
}

impl NameOwner {
    fn of(parent: Option<&[u8]>, stack: &[Vec<u8>]) -> Option<Self> {
        match parent? {
            b"trk" => Some(Self::Track),
            b"rte" => Some(Self::Route),
            b"gpx" => Some(Self::File),
            b"metadata" if stack.len() == 3 => Some(Self::File),
            _ => None,
        }
    }
}

/// Points of each kind, and the first non-empty name of each owner.
#[derive(Default)]
struct Found {
    track: Vec<f64>,
    route: Vec<f64>,
    waypoints: Vec<f64>,
    total: usize,
    file_name: Option<String>,
    track_name: Option<String>,
    route_name: Option<String>,
}

impl Found {
    fn push(&mut self, kind: Kind, lat: f64, lon: f64) -> Result<(), ImportError> {
        self.total += 1;
        if self.total > MAX_POINTS {
            return Err(ImportError::TooManyPoints { max: MAX_POINTS });
        }
        let list = match kind {
            Kind::Track => &mut self.track,
            Kind::Route => &mut self.route,
            Kind::Waypoint => &mut self.waypoints,
        };
        list.extend([lat, lon]);
        Ok(())
    }

    fn name(&mut self, owner: NameOwner, text: &str) {
        let slot = match owner {
            NameOwner::File => &mut self.file_name,
            NameOwner::Track => &mut self.track_name,
            NameOwner::Route => &mut self.route_name,
        };
        if slot.is_none() && !text.is_empty() {
            *slot = Some(text.to_owned());
        }
    }

    fn into_route(self) -> Result<ImportedRoute, ImportError> {
        let (coords, own_name) = if !self.track.is_empty() {
            (self.track, self.track_name)
        } else if !self.route.is_empty() {
            (self.route, self.route_name)
        } else {
            (self.waypoints, None)
        };
        if coords.len() < 4 {
            return Err(ImportError::GpxTooFewPoints);
        }
        Ok(ImportedRoute {
            name: own_name.or(self.file_name),
            coords,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gpx(body: &str) -> Vec<u8> {
        format!(r#"<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">{body}</gpx>"#)
            .into_bytes()
    }

    #[test]
    fn tracks_win_over_routes_and_routes_over_waypoints() {
        let body = r#"<wpt lat="1" lon="1"/><wpt lat="2" lon="2"/>
            <rte><rtept lat="3" lon="3"/><rtept lat="4" lon="4"/></rte>
            <trk><trkseg><trkpt lat="5" lon="5"/></trkseg><trkseg><trkpt lat="6" lon="6"/></trkseg></trk>"#;
        assert_eq!(read_gpx(&gpx(body)).unwrap().coords, [5.0, 5.0, 6.0, 6.0]);
        let no_track = body.split("<trk>").next().unwrap();
        assert_eq!(
            read_gpx(&gpx(no_track)).unwrap().coords,
            [3.0, 3.0, 4.0, 4.0]
        );
        let only_wpt = body.split("<rte>").next().unwrap();
        assert_eq!(
            read_gpx(&gpx(only_wpt)).unwrap().coords,
            [1.0, 1.0, 2.0, 2.0]
        );
    }

    #[test]
    fn fewer_than_two_points_is_the_spec_error() {
        let one = gpx(r#"<trk><trkseg><trkpt lat="1" lon="1"/></trkseg></trk>"#);
        assert_eq!(read_gpx(&one), Err(ImportError::GpxTooFewPoints));
        assert_eq!(read_gpx(&gpx("")), Err(ImportError::GpxTooFewPoints));
    }

    #[test]
    fn unusable_points_are_skipped() {
        let body = r#"<trk><trkseg><trkpt lat="x" lon="1"/><trkpt lat="95" lon="1"/>
            <trkpt lon="1"/><trkpt lat="1" lon="2"/><trkpt lat=" 1e-3 " lon="-2"/></trkseg></trk>"#;
        assert_eq!(
            read_gpx(&gpx(body)).unwrap().coords,
            [1.0, 2.0, 0.001, -2.0]
        );
    }

    #[test]
    fn parse_failures_are_the_spec_error() {
        assert_eq!(read_gpx(b"not xml"), Err(ImportError::InvalidGpx));
        assert_eq!(read_gpx(b"<kml></kml>"), Err(ImportError::InvalidGpx));
        assert_eq!(read_gpx(b"<gpx><trk>"), Err(ImportError::InvalidGpx));
    }

    #[test]
    fn the_track_name_then_the_file_name() {
        let named = gpx(r#"<metadata><name>File</name></metadata>
            <trk><name> Morning &amp; more </name><trkseg><trkpt lat="1" lon="1"/><trkpt lat="2" lon="2"/></trkseg></trk>"#);
        assert_eq!(
            read_gpx(&named).unwrap().name.as_deref(),
            Some("Morning & more")
        );
        let file_only = gpx(r#"<metadata><name>File</name></metadata>
            <trk><name/><trkseg><trkpt lat="1" lon="1"/><trkpt lat="2" lon="2"/></trkseg></trk>"#);
        assert_eq!(read_gpx(&file_only).unwrap().name.as_deref(), Some("File"));
    }

    #[test]
    fn more_than_five_million_points_is_too_many() {
        // The shortest GPX point, `<wpt lat="0" lon="0"/>`, is 22 bytes: 5 000 001 of them
        // (110 MB) cannot fit under the 64 MiB file limit, so a file meets the size limit
        // first; the point limit still holds for the reader itself.
        let shortest = r#"<wpt lat="0" lon="0"/>"#;
        assert!(shortest.len() * 5_000_001 > super::super::MAX_FILE_BYTES);
        let mut found = Found::default();
        for i in 0..5_000_000 {
            let kind = [Kind::Track, Kind::Route, Kind::Waypoint][i % 3];
            assert_eq!(found.push(kind, 0.0, 0.0), Ok(()));
        }
        assert_eq!(
            found.push(Kind::Waypoint, 0.0, 0.0),
            Err(ImportError::TooManyPoints { max: 5_000_000 })
        );
    }

    #[test]
    fn above_100_points_every_nth_and_the_last() {
        let points: Vec<String> = (0..250)
            .map(|i| format!(r#"<trkpt lat="{}" lon="0"/>"#, f64::from(i) / 100.0))
            .collect();
        let points = points.concat();
        let file = gpx(&format!("<trk><trkseg>{points}</trkseg></trk>"));
        let route = import_gpx(&file).unwrap();
        // N = ceil(250 / 100) = 3: points 0, 3, ..., 249 → 84 points.
        assert_eq!(route.len(), 84);
        assert!((route.coords[2] - 0.03).abs() < 1e-12);
        assert!((route.coords[route.coords.len() - 2] - 2.49).abs() < 1e-12);
    }
}
