//! Route import from GPX, GeoJSON and KML files (SPEC §5 "Imports").
//!
//! Every reader takes the file's bytes and gives an [`ImportedRoute`]: flat
//! `[lat0, lon0, lat1, lon1, ...]` degrees and an optional name. Input limits are explicit
//! ([`MAX_FILE_BYTES`], [`MAX_POINTS`], [`xml::MAX_DEPTH`], [`geojson::MAX_DEPTH`]): hostile
//! input gets a clear error, never a panic, a hang or an unbounded allocation. GPX and KML
//! in UTF-16, ISO-8859-1 or Windows-1252 are read ([`encoding`]); another encoding is
//! refused with its name.
//!
//! - [`gpx::import_gpx`]: track points, else route points, else waypoints; at least 2;
//!   thinned to about 100 points by [`thin::thin_every_nth`] (SPEC).
//! - [`geojson::import_geojson`]: the first `LineString` feature of a `FeatureCollection`.
//! - [`kml::import_kml`]: the first `LineString`, `gx:Track` or free-standing `LinearRing`.
//! - [`simplify::simplify`]: optional shape-preserving simplification (Douglas-Peucker).

pub mod encoding;
pub mod geojson;
pub mod gpx;
pub mod kml;
pub mod simplify;
pub mod thin;
pub mod xml;

/// Largest file accepted, bytes (64 MiB).
pub const MAX_FILE_BYTES: usize = 64 * 1024 * 1024;

/// Most points read from one file (before thinning).
pub const MAX_POINTS: usize = 5_000_000;

/// A route read from a file.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ImportedRoute {
    /// The route's name in the file (track, route, placemark or feature name), if any.
    pub name: Option<String>,
    /// Positions as flat `[lat0, lon0, lat1, lon1, ...]` decimal degrees.
    pub coords: Vec<f64>,
}

impl ImportedRoute {
    /// Number of positions.
    pub fn len(&self) -> usize {
        self.coords.len() / 2
    }

    pub fn is_empty(&self) -> bool {
        self.coords.is_empty()
    }
}

/// Why a file cannot be imported. The `Display` texts of the GPX and GeoJSON variants are
/// SPEC §5's messages, word for word.
#[derive(Debug, thiserror::Error, PartialEq, Eq, Clone)]
pub enum ImportError {
    #[error("Invalid GPX file format")]
    InvalidGpx,
    #[error("GPX file must contain at least 2 points")]
    GpxTooFewPoints,
    #[error("Invalid GeoJSON file")]
    InvalidGeoJson,
    #[error("No valid route found in GeoJSON file")]
    NoGeoJsonRoute,
    #[error("Invalid KML file")]
    InvalidKml,
    #[error("No valid route found in KML file")]
    NoKmlRoute,
    #[error("File is too large: {bytes} bytes, at most {max} can be imported")]
    FileTooLarge { bytes: usize, max: usize },
    #[error("File has more than {max} points")]
    TooManyPoints { max: usize },
    #[error("File is nested more than {max} levels deep")]
    TooDeep { max: usize },
    #[error("XML files with a document type declaration (DOCTYPE) are not accepted")]
    DocTypeNotAllowed,
    #[error(
        "The file is encoded as {0}; only UTF-8, UTF-16, ISO-8859-1 and Windows-1252 can be read: save it as UTF-8"
    )]
    UnsupportedEncoding(String),
    #[error("The file is not valid {encoding} text (at byte {offset})")]
    BadEncoding { encoding: String, offset: usize },
}

/// The route file formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RouteFormat {
    Gpx,
    Kml,
    GeoJson,
}

impl RouteFormat {
    /// The format of a file named `name` (or of a bare extension such as `"kml"`): by its
    /// extension, any case (`gpx`, `kml`, `geojson`, `json`); else by its first bytes:
    /// JSON when it opens with `{` or `[`, KML when `<kml` appears in the first 4 KiB,
    /// GPX otherwise (so an unknown file gets the GPX error).
    ///
    /// ```
    /// use clearway_core::import::RouteFormat;
    /// assert_eq!(RouteFormat::detect("Ride.GPX", b""), RouteFormat::Gpx);
    /// assert_eq!(RouteFormat::detect("kml", b""), RouteFormat::Kml);
    /// assert_eq!(RouteFormat::detect("export", b" {\"features\": []}"), RouteFormat::GeoJson);
    /// ```
    pub fn detect(name: &str, bytes: &[u8]) -> Self {
        let extension = name.rsplit_once('.').map_or(name, |(_, e)| e);
        match extension.to_ascii_lowercase().as_str() {
            "gpx" => return Self::Gpx,
            "kml" => return Self::Kml,
            "geojson" | "json" => return Self::GeoJson,
            _ => {}
        }
        let head = &bytes[..bytes.len().min(4096)];
        let text = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
        let text = text.trim_ascii_start();
        if text.starts_with(b"{") || text.starts_with(b"[") {
            Self::GeoJson
        } else if head.windows(4).any(|w| w == b"<kml") {
            Self::Kml
        } else {
            Self::Gpx
        }
    }
}

/// Reads a route file in the format [`RouteFormat::detect`] finds for `name` and `bytes`.
///
/// ```
/// use clearway_core::import::{import_route, ImportError};
/// let kml = b"<kml><Placemark><LineString><coordinates>2,1 4,3</coordinates></LineString></Placemark></kml>";
/// assert_eq!(import_route("route.kml", kml).unwrap().coords, [1.0, 2.0, 3.0, 4.0]);
/// assert_eq!(import_route("route.gpx", b"<gpx>"), Err(ImportError::InvalidGpx));
/// ```
pub fn import_route(name: &str, bytes: &[u8]) -> Result<ImportedRoute, ImportError> {
    // UTF-16 first, so that detection sees `<kml` and `{` (other encodings keep ASCII).
    let utf16 = matches!(bytes, [0xFF, 0xFE, ..] | [0xFE, 0xFF, ..]);
    let converted;
    let bytes = if utf16 {
        check_size(bytes)?;
        converted = encoding::to_utf8(bytes)?;
        &converted[..]
    } else {
        bytes
    };
    match RouteFormat::detect(name, bytes) {
        RouteFormat::Gpx => gpx::import_gpx(bytes),
        RouteFormat::Kml => kml::import_kml(bytes),
        RouteFormat::GeoJson => geojson::import_geojson(bytes),
    }
}

/// Refuses files above [`MAX_FILE_BYTES`].
fn check_size(bytes: &[u8]) -> Result<(), ImportError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(ImportError::FileTooLarge {
            bytes: bytes.len(),
            max: MAX_FILE_BYTES,
        });
    }
    Ok(())
}

/// The error for an XML fault, with `malformed` for a parse failure of this format.
fn xml_error(fault: xml::XmlFault, malformed: ImportError) -> ImportError {
    match fault {
        xml::XmlFault::Malformed => malformed,
        xml::XmlFault::DocType => ImportError::DocTypeNotAllowed,
        xml::XmlFault::TooDeep => ImportError::TooDeep {
            max: xml::MAX_DEPTH,
        },
    }
}

/// Whether a latitude and longitude form a position on earth.
fn is_position(lat: f64, lon: f64) -> bool {
    (-90.0..=90.0).contains(&lat) && (-180.0..=180.0).contains(&lon)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Fragments of the three formats, shuffled into mostly-broken documents.
    const FRAGMENTS: &[&str] = &[
        "<gpx>",
        "</gpx>",
        "<kml>",
        "</kml>",
        "<trk>",
        "<trkseg>",
        "</trkseg>",
        "</trk>",
        "<trkpt lat=\"1\" lon=\"2\"/>",
        "<rtept lat=\"x\" lon=\"2\">",
        "</rtept>",
        "<wpt lat=\"91\" lon=\"2\"/>",
        "<Placemark>",
        "<LineString>",
        "<coordinates>",
        "1,2 3,4",
        "</coordinates>",
        "</LineString>",
        "<gx:Track>",
        "<gx:coord>1 2 3</gx:coord>",
        "<name>&amp;</name>",
        "&bad;",
        "<![CDATA[x]]>",
        "<!DOCTYPE x>",
        "<!-- c -->",
        "{\"features\": [",
        "{\"geometry\": {\"type\": \"LineString\", \"coordinates\": [[1, 2], [",
        "]}}",
        "]}",
        "null",
        ",",
        "\u{feff}",
        "\u{0}",
    ];

    #[test]
    fn utf16_and_latin1_route_files_are_read() {
        let gpx = r#"<?xml version="1.0" encoding="UTF-16"?><gpx><trk><name>Été</name><trkseg><trkpt lat="1" lon="2"/><trkpt lat="3" lon="4"/></trkseg></trk></gpx>"#;
        let mut utf16 = vec![0xFF, 0xFE];
        utf16.extend(gpx.encode_utf16().flat_map(u16::to_le_bytes));
        let route = import_route("r.gpx", &utf16).unwrap();
        assert_eq!(
            (route.name.as_deref(), route.coords),
            (Some("Été"), vec![1.0, 2.0, 3.0, 4.0])
        );
        let kml = "<kml><Placemark><LineString><coordinates>2,1 4,3</coordinates></LineString></Placemark></kml>";
        let mut utf16 = vec![0xFE, 0xFF];
        utf16.extend(kml.encode_utf16().flat_map(u16::to_be_bytes));
        assert_eq!(
            import_route("r", &utf16).unwrap().coords,
            [1.0, 2.0, 3.0, 4.0]
        );
        let latin1: Vec<u8> = gpx
            .replace("UTF-16", "ISO-8859-1")
            .chars()
            .map(|c| u8::try_from(u32::from(c)).unwrap())
            .collect();
        assert_eq!(
            import_route("r.gpx", &latin1).unwrap().name.as_deref(),
            Some("Été")
        );
        let sjis = br#"<?xml version="1.0" encoding="Shift_JIS"?><gpx/>"#;
        assert_eq!(
            import_route("r.gpx", sjis).unwrap_err().to_string(),
            "The file is encoded as SHIFT_JIS; only UTF-8, UTF-16, ISO-8859-1 and Windows-1252 can be read: save it as UTF-8"
        );
    }

    proptest! {
        #[test]
        fn no_input_makes_an_importer_panic(
            pieces in prop::collection::vec(prop::sample::select(FRAGMENTS), 0..40),
            noise in prop::collection::vec(any::<u8>(), 0..32),
        ) {
            let mut bytes = pieces.concat().into_bytes();
            bytes.extend(&noise);
            for input in [&bytes[..], &noise[..]] {
                // Whatever comes in, a route that comes out is usable: 2 or more positions,
                // each on the earth.
                for route in [
                    gpx::import_gpx(input),
                    kml::import_kml(input),
                    geojson::import_geojson(input),
                ]
                .into_iter()
                .flatten()
                {
                    prop_assert!(route.len() >= 2 && route.coords.len() % 2 == 0);
                    for p in route.coords.chunks_exact(2) {
                        prop_assert!(is_position(p[0], p[1]), "{:?}", p);
                    }
                }
            }
        }
    }

    #[test]
    fn the_format_comes_from_the_extension_then_the_content() {
        let cases: [(&str, &[u8], RouteFormat); 8] = [
            ("a.gpx", b"{}", RouteFormat::Gpx),
            ("A.KML", b"", RouteFormat::Kml),
            ("a.GeoJSON", b"<gpx/>", RouteFormat::GeoJson),
            ("a.json", b"", RouteFormat::GeoJson),
            ("geojson", b"", RouteFormat::GeoJson),
            ("download", b"\xEF\xBB\xBF\n  [1]", RouteFormat::GeoJson),
            (
                "download",
                b"<?xml version=\"1.0\"?><kml>",
                RouteFormat::Kml,
            ),
            (
                "download.txt",
                b"<?xml version=\"1.0\"?><gpx>",
                RouteFormat::Gpx,
            ),
        ];
        for (name, bytes, format) in cases {
            assert_eq!(RouteFormat::detect(name, bytes), format, "{name}");
        }
        assert_eq!(import_route("x", b"hello"), Err(ImportError::InvalidGpx));
        assert_eq!(import_route("x", b"{"), Err(ImportError::InvalidGeoJson));
    }

    #[test]
    fn spec_messages_word_for_word() {
        assert_eq!(
            ImportError::InvalidGpx.to_string(),
            "Invalid GPX file format"
        );
        assert_eq!(
            ImportError::GpxTooFewPoints.to_string(),
            "GPX file must contain at least 2 points"
        );
        assert_eq!(
            ImportError::InvalidGeoJson.to_string(),
            "Invalid GeoJSON file"
        );
        assert_eq!(
            ImportError::NoGeoJsonRoute.to_string(),
            "No valid route found in GeoJSON file"
        );
    }

    /// The classic "billion laughs": ten entities, each ten of the one before, 10^9 "lol"s
    /// (3 GB) once expanded, in under 1 KB.
    fn billion_laughs(root: &str) -> Vec<u8> {
        let mut dtd = String::from("<!ENTITY lol0 \"lol\">");
        for level in 1..10 {
            let previous = format!("&lol{};", level - 1).repeat(10);
            dtd += &["<!ENTITY lol", &level.to_string(), " \"", &previous, "\">"].concat();
        }
        format!(
            "<?xml version=\"1.0\"?>\n<!DOCTYPE {root} [{dtd}]>\n<{root}><name>&lol9;</name></{root}>"
        )
        .into_bytes()
    }

    #[test]
    fn an_entity_bomb_is_refused_with_its_own_error() {
        let message = "XML files with a document type declaration (DOCTYPE) are not accepted";
        let gpx_bomb = billion_laughs("gpx");
        assert!(gpx_bomb.len() < 1024);
        let err = gpx::import_gpx(&gpx_bomb).unwrap_err();
        assert_eq!(err, ImportError::DocTypeNotAllowed);
        assert_eq!(err.to_string(), message);
        let err = kml::import_kml(&billion_laughs("kml")).unwrap_err();
        assert_eq!(err, ImportError::DocTypeNotAllowed);
        assert_eq!(err.to_string(), message);
    }

    #[test]
    fn deep_nesting_is_refused_with_its_own_error() {
        // A million levels: far beyond the limit, and beyond any recursive parser's stack.
        let depth = 1_000_000;
        let deep = |root: &str| {
            format!(
                "<{root}>{}{}</{root}>",
                "<e>".repeat(depth),
                "</e>".repeat(depth)
            )
            .into_bytes()
        };
        let err = gpx::import_gpx(&deep("gpx")).unwrap_err();
        assert_eq!(err, ImportError::TooDeep { max: 256 });
        assert_eq!(err.to_string(), "File is nested more than 256 levels deep");
        assert_eq!(
            kml::import_kml(&deep("kml")),
            Err(ImportError::TooDeep { max: 256 })
        );
        // Real nesting below the limit still reads: a route 200 levels down in KML folders.
        let folders = 200;
        let kml = format!(
            "<kml>{}<Placemark><LineString><coordinates>1,2 3,4</coordinates></LineString>\
             </Placemark>{}</kml>",
            "<Folder>".repeat(folders),
            "</Folder>".repeat(folders)
        );
        assert_eq!(kml::import_kml(kml.as_bytes()).unwrap().len(), 2);
    }

    #[test]
    fn a_route_padded_past_the_size_limit_is_refused_unread() {
        // The same valid file of each format, padded with trailing spaces (which every
        // parser skips) to exactly the limit, is read; one byte more is refused.
        type Import = fn(&[u8]) -> Result<ImportedRoute, ImportError>;
        let files: [(&[u8], Import); 3] = [
            (
                br#"<gpx><trk><trkseg><trkpt lat="1" lon="2"/><trkpt lat="3" lon="4"/></trkseg></trk></gpx>"#,
                gpx::import_gpx,
            ),
            (
                b"<kml><Placemark><LineString><coordinates>2,1 4,3</coordinates></LineString></Placemark></kml>",
                kml::import_kml,
            ),
            (
                br#"{"features": [{"geometry": {"type": "LineString", "coordinates": [[2, 1], [4, 3]]}}]}"#,
                geojson::import_geojson,
            ),
        ];
        for (file, import) in files {
            let mut padded = file.to_vec();
            padded.resize(MAX_FILE_BYTES, b' ');
            assert_eq!(import(&padded).unwrap().coords, [1.0, 2.0, 3.0, 4.0]);
            padded.push(b' ');
            assert_eq!(
                import(&padded),
                Err(ImportError::FileTooLarge {
                    bytes: 64 * 1024 * 1024 + 1,
                    max: 64 * 1024 * 1024
                })
            );
        }
    }

    #[test]
    fn oversized_files_are_refused_before_parsing() {
        let big = vec![b' '; MAX_FILE_BYTES + 1];
        assert_eq!(
            check_size(&big),
            Err(ImportError::FileTooLarge {
                bytes: MAX_FILE_BYTES + 1,
                max: MAX_FILE_BYTES
            })
        );
        assert_eq!(gpx::import_gpx(&big), Err(check_size(&big).unwrap_err()));
        assert_eq!(kml::import_kml(&big), Err(check_size(&big).unwrap_err()));
        assert_eq!(
            geojson::import_geojson(&big),
            Err(check_size(&big).unwrap_err())
        );
    }
}
