//! KML route import.
//!
//! ```text
//! <kml>                                   root (any namespace; BOM allowed)
//!   …<Placemark><name>…</name>            Folders and Documents nest freely
//!     <LineString><coordinates>lon,lat[,alt] lon,lat[,alt] …</coordinates></LineString>
//!     <gx:Track><when/>* <gx:coord>lon lat alt</gx:coord>*</gx:Track>
//!     <MultiGeometry> / <gx:MultiTrack>   walked into: their first line counts
//!     <LinearRing>                        a route when free-standing, not a Polygon boundary
//! ```
//!
//! The route is the first line in document order (`LineString`, `gx:Track` or a free-standing
//! `LinearRing`) with at least 2 valid positions; its Placemark's `<name>` names it. A tuple
//! that is not two numbers on the earth is skipped. The SPEC gives no KML messages, so
//! these mirror its GeoJSON ones: 'Invalid KML file' (XML that does not parse, or a root
//! other than `kml`) and 'No valid route found in KML file'.

use super::xml::{XmlEvent, XmlWalker, parse_number};
use super::{ImportError, ImportedRoute, MAX_POINTS, check_size, is_position, xml_error};

/// Reads the route of a KML file.
///
/// ```
/// use clearway_core::import::kml::import_kml;
/// let kml = br#"<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>A</name>
///   <LineString><coordinates>-73.6,45.5,0 -71.2,46.8,0</coordinates></LineString>
/// </Placemark></kml>"#;
/// let route = import_kml(kml).unwrap();
/// assert_eq!(route.name.as_deref(), Some("A"));
/// assert_eq!(route.coords, [45.5, -73.6, 46.8, -71.2]);
/// ```
pub fn import_kml(bytes: &[u8]) -> Result<ImportedRoute, ImportError> {
    check_size(bytes)?;
    let bytes = super::encoding::to_utf8(bytes)?;
    let mut walker = XmlWalker::new(&bytes, b"kml");
    let mut state = State::default();
    loop {
        let event = walker
            .next_event()
            .map_err(|fault| xml_error(fault, ImportError::InvalidKml))?;
        let Some(event) = event else { break };
        match event {
            XmlEvent::Start(_) => {
                let parent = walker.parent();
                match walker.current() {
                    b"Placemark" => state.placemark_name = None,
                    b"name" if parent == Some(b"Placemark") => state.text = Some(String::new()),
                    b"LineString" | b"Track" => state.open_line(),
                    b"LinearRing" if !walker.inside(b"Polygon") => state.open_line(),
                    b"coordinates" | b"coord" if state.line.is_some() => {
                        state.text = Some(String::new());
                    }
                    _ => {}
                }
            }
            XmlEvent::Text(text) => {
                if let Some(buffer) = state.text.as_mut() {
                    buffer.push_str(&text);
                }
            }
            XmlEvent::End { name } => state.close(&name)?,
        }
    }
    state.route.ok_or(ImportError::NoKmlRoute)
}

#[derive(Default)]
struct State {
    /// Text of the element being read (a name or coordinates).
    text: Option<String>,
    /// Positions of the line being read, when no route is found yet.
    line: Option<Vec<f64>>,
    placemark_name: Option<String>,
    route: Option<ImportedRoute>,
    /// Whether the route's Placemark is still open (its name may come after the geometry).
    route_placemark_open: bool,
    points_read: usize,
}

impl State {
    fn open_line(&mut self) {
        if self.route.is_none() && self.line.is_none() {
            self.line = Some(Vec::new());
        }
    }

    fn close(&mut self, name: &[u8]) -> Result<(), ImportError> {
        match name {
            b"name" => {
                if let Some(text) = self.text.take() {
                    let text = text.trim();
                    if !text.is_empty() {
                        self.placemark_name = Some(text.to_owned());
                        if let Some(route) =
                            self.route.as_mut().filter(|_| self.route_placemark_open)
                        {
                            route.name.get_or_insert_with(|| text.to_owned());
                        }
                    }
                }
            }
            b"coordinates" | b"coord" => {
                if let (Some(text), Some(line)) = (self.text.take(), self.line.as_mut()) {
                    let tuples: Box<dyn Iterator<Item = &str>> = if name == b"coord" {
                        Box::new(std::iter::once(text.as_str()))
                    } else {
                        Box::new(text.split_ascii_whitespace())
                    };
                    for tuple in tuples {
                        self.points_read += 1;
                        if self.points_read > MAX_POINTS {
                            return Err(ImportError::TooManyPoints { max: MAX_POINTS });
                        }
                        if let Some((lat, lon)) = parse_tuple(tuple, name == b"coord") {
                            line.extend([lat, lon]);
                        }
                    }
                }
            }
            b"LineString" | b"Track" | b"LinearRing" => {
                if let Some(line) = self.line.take() {
                    if line.len() >= 4 {
                        self.route = Some(ImportedRoute {
                            name: self.placemark_name.clone(),
                            coords: line,
                        });
                        self.route_placemark_open = true;
                    }
                }
            }
            b"Placemark" => self.route_placemark_open = false,
            _ => {}
        }
        Ok(())
    }
}

/// `(lat, lon)` of a `lon,lat[,alt]` tuple (`lon lat [alt]` for `gx:coord`).
fn parse_tuple(tuple: &str, space_separated: bool) -> Option<(f64, f64)> {
    let mut parts: Box<dyn Iterator<Item = &str>> = if space_separated {
        Box::new(tuple.split_ascii_whitespace())
    } else {
        Box::new(tuple.split(','))
    };
    let lon = parse_number(parts.next()?.as_bytes())?;
    let lat = parse_number(parts.next()?.as_bytes())?;
    is_position(lat, lon).then_some((lat, lon))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kml(body: &str) -> Vec<u8> {
        format!(r#"<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">{body}</kml>"#)
            .into_bytes()
    }

    #[test]
    fn a_gx_track_reads_lon_lat_alt() {
        let body = "<Placemark><gx:Track><when>t</when><gx:coord>-122.2 37.3 156</gx:coord>
            <gx:coord>-122.1 37.4 150</gx:coord></gx:Track><name>late name</name></Placemark>";
        let route = import_kml(&kml(body)).unwrap();
        assert_eq!(route.coords, [37.3, -122.2, 37.4, -122.1]);
        assert_eq!(route.name.as_deref(), Some("late name"));
    }

    #[test]
    fn the_first_line_of_a_multigeometry() {
        let body = "<Placemark><MultiGeometry><Point><coordinates>1,1</coordinates></Point>
            <LineString><coordinates>1,2 3,4</coordinates></LineString>
            <LineString><coordinates>5,6 7,8</coordinates></LineString></MultiGeometry></Placemark>";
        assert_eq!(import_kml(&kml(body)).unwrap().coords, [2.0, 1.0, 4.0, 3.0]);
    }

    #[test]
    fn polygon_rings_points_and_short_lines_are_not_routes() {
        let body = "<Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>0,0 1,0 1,1 0,0
            </coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
            <Placemark><LineString><coordinates>1,2 no,3</coordinates></LineString></Placemark>";
        assert_eq!(import_kml(&kml(body)), Err(ImportError::NoKmlRoute));
        let ring = "<Placemark><LinearRing><coordinates>0,0 1,0 1,1 0,0</coordinates></LinearRing></Placemark>";
        assert_eq!(import_kml(&kml(ring)).unwrap().len(), 4);
    }

    #[test]
    fn more_than_five_million_points_is_too_many() {
        // 5 000 001 tuples `0,0`: 20 MB, below the 64 MiB file limit.
        let tuples = "0,0 ".repeat(5_000_001);
        let file = kml(&format!(
            "<Placemark><LineString><coordinates>{tuples}</coordinates></LineString></Placemark>"
        ));
        assert!(file.len() < super::super::MAX_FILE_BYTES);
        let err = import_kml(&file).unwrap_err();
        assert_eq!(err, ImportError::TooManyPoints { max: 5_000_000 });
        assert_eq!(err.to_string(), "File has more than 5000000 points");
    }

    #[test]
    fn malformed_files_are_invalid() {
        assert_eq!(import_kml(b"<kml></kkml>"), Err(ImportError::InvalidKml));
        assert_eq!(import_kml(b"<gpx></gpx>"), Err(ImportError::InvalidKml));
        assert_eq!(
            import_kml(b"<!DOCTYPE kml [<!ENTITY a \"b\">]><kml>&a;</kml>"),
            Err(ImportError::DocTypeNotAllowed)
        );
    }
}
