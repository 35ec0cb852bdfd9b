//! Route import against every GPX, KML and GeoJSON file of the corpus.
//!
//! The directories are listed at run time, so a file added to the corpus is covered
//! without editing this test: GPX files are checked against the collector's element counts
//! (`gpx/manifest.json`) and, where present, togeojson's or furkot's expected output; KML
//! files against togeojson's or furkot's output; GeoJSON files against the hand-made table
//! below (an unclassified GeoJSON file fails the test until it is classified).

mod common;

use std::path::Path;

use clearway_core::import::ImportError;
use clearway_core::import::geojson::import_geojson;
use clearway_core::import::gpx::{import_gpx, read_gpx};
use clearway_core::import::kml::import_kml;
use serde_json::Value;

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn relative(path: &Path, dir: &Path) -> String {
    path.strip_prefix(dir)
        .expect("under dir")
        .to_string_lossy()
        .replace('\\', "/")
}

/// `(lat, lon)` of a GeoJSON `[lon, lat, ...]` position.
fn lat_lon(position: &Value) -> (f64, f64) {
    (
        position[1].as_f64().expect("lat"),
        position[0].as_f64().expect("lon"),
    )
}

/// `(lat, lon)` of a furkot `{"coordinates": {"lon", "lat"}}` entry.
fn furkot_lat_lon(entry: &Value) -> (f64, f64) {
    let c = &entry["coordinates"];
    (
        c["lat"].as_f64().expect("lat"),
        c["lon"].as_f64().expect("lon"),
    )
}

fn pairs(flat: &[f64]) -> Vec<(f64, f64)> {
    flat.chunks_exact(2).map(|p| (p[0], p[1])).collect()
}

fn same_point(a: (f64, f64), b: (f64, f64)) -> bool {
    (a.0 - b.0).abs() < 1e-9 && (a.1 - b.1).abs() < 1e-9
}

/// Whether `part` appears in `whole` in order (not necessarily contiguously).
fn is_subsequence(part: &[(f64, f64)], whole: &[(f64, f64)]) -> bool {
    let mut rest = whole.iter();
    part.iter().all(|p| rest.any(|w| same_point(*p, *w)))
}

/// The SPEC's thinning, computed by hand: N = ceil(n / 100); indices 0, N, 2N, ... plus
/// the last when it is not on the step.
fn spec_thinned_count(n: usize) -> usize {
    if n <= 100 {
        return n;
    }
    let step = n.div_ceil(100);
    (n - 1) / step + 1 + usize::from((n - 1) % step != 0)
}

/// GPX files whose expected outcome cannot come from the element counts, with the reason.
const GPX_SPECIAL: &[(&str, ImportError, &str)] = &[(
    "togeojson/bad.gpx",
    ImportError::GpxTooFewPoints,
    "every trkpt/rtept/wpt has lat=\"undefined\" (or \"y\"): no usable point of any kind",
)];

#[test]
fn every_gpx_file() {
    let dir = common::corpus_dir().join("gpx");
    let manifest = read_json(&dir.join("manifest.json"));
    let files = common::files_with_suffix(&dir, &[".gpx", ".xml"]);
    assert!(files.len() >= 64, "found {} GPX files", files.len());
    let (mut passed, mut routes, mut thinned, mut oracles) = (0, 0, 0, 0);
    for path in &files {
        let name = relative(path, &dir);
        let bytes = std::fs::read(path).expect("readable");
        let counts = &manifest["files"][&name];
        assert!(counts.is_object(), "{name}: not in manifest.json");
        let result = import_gpx(&bytes);
        if let Some((_, expected, _why)) = GPX_SPECIAL.iter().find(|(f, _, _)| *f == name) {
            assert_eq!(result.as_ref().err(), Some(expected), "{name}");
            passed += 1;
            continue;
        }
        if counts["xml_error"].is_string() {
            assert_eq!(
                result,
                Err(ImportError::InvalidGpx),
                "{name}: malformed XML"
            );
            passed += 1;
            continue;
        }
        let count = |key: &str| usize::try_from(counts[key].as_u64().unwrap_or(0)).expect("small");
        let (kind, n) = [
            ("trk", count("trkpt")),
            ("rte", count("rtept")),
            ("wpt", count("wpt")),
        ]
        .into_iter()
        .find(|(_, n)| *n > 0)
        .unwrap_or(("none", 0));
        if n < 2 {
            assert_eq!(
                result,
                Err(ImportError::GpxTooFewPoints),
                "{name}: {n} {kind} points"
            );
            passed += 1;
            continue;
        }
        let all = read_gpx(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(all.len(), n, "{name}: {kind} points");
        let route = result.unwrap_or_else(|e| panic!("{name}: {e}"));
        let (all_points, kept) = (pairs(&all.coords), pairs(&route.coords));
        assert_eq!(kept.len(), spec_thinned_count(n), "{name}: thinned count");
        assert!(same_point(kept[0], all_points[0]), "{name}: first kept");
        assert!(
            same_point(*kept.last().unwrap(), *all_points.last().unwrap()),
            "{name}: last kept"
        );
        assert!(
            is_subsequence(&kept, &all_points),
            "{name}: thinning only removes"
        );
        oracles += check_gpx_oracles(path, &name, kind, &all_points);
        passed += 1;
        routes += 1;
        thinned += usize::from(n > 100);
    }
    println!(
        "GPX: {passed}/{} files as expected ({routes} routes, {thinned} thinned, \
         {oracles} point-by-point comparisons with togeojson or furkot)",
        files.len()
    );
}

/// Compares the un-thinned points with togeojson's or furkot's output for the same file.
/// Returns how many oracles were compared.
fn check_gpx_oracles(path: &Path, name: &str, kind: &str, ours: &[(f64, f64)]) -> usize {
    let mut compared = 0;
    let togeojson = path.with_file_name(format!(
        "{}.expected.geojson",
        path.file_name().expect("name").to_string_lossy()
    ));
    if togeojson.exists() {
        let expected = togeojson_points(&read_json(&togeojson), kind);
        assert!(
            !expected.is_empty(),
            "{name}: togeojson has no {kind} points"
        );
        if expected.len() == ours.len() {
            for (i, (a, b)) in ours.iter().zip(&expected).enumerate() {
                assert!(
                    same_point(*a, *b),
                    "{name}: point {i}: {a:?} vs togeojson {b:?}"
                );
            }
        } else {
            // togeojson drops track segments of fewer than 2 points (north_core.gpx); the SPEC
            // keeps every track point, so togeojson's points must still all be ours, in order.
            println!(
                "{name}: togeojson has {} of our {} points",
                expected.len(),
                ours.len()
            );
            assert!(
                expected.len() < ours.len(),
                "{name}: togeojson has more points"
            );
            assert!(
                is_subsequence(&expected, ours),
                "{name}: differs from togeojson"
            );
        }
        compared += 1;
    }
    let furkot = path.with_extension("json");
    if furkot.exists() {
        let json = read_json(&furkot);
        let key = match kind {
            "trk" => "track",
            "rte" => "route",
            _ => "stops",
        };
        let expected: Vec<(f64, f64)> = match &json[key] {
            Value::Array(items) if kind == "wpt" => items.iter().map(furkot_lat_lon).collect(),
            Value::Array(lists) => lists
                .iter()
                .flat_map(|list| list.as_array().expect("list").iter().map(furkot_lat_lon))
                .collect(),
            _ => panic!("{name}: furkot JSON has no {key}"),
        };
        assert_eq!(expected.len(), ours.len(), "{name}: furkot point count");
        for (i, (a, b)) in ours.iter().zip(&expected).enumerate() {
            assert!(
                same_point(*a, *b),
                "{name}: point {i}: {a:?} vs furkot {b:?}"
            );
        }
        compared += 1;
    }
    compared
}

/// togeojson's positions for tracks (`_gpxType` trk), routes (rte) or waypoints (Points).
fn togeojson_points(collection: &Value, kind: &str) -> Vec<(f64, f64)> {
    let mut points = Vec::new();
    for feature in collection["features"].as_array().expect("features") {
        let geometry = &feature["geometry"];
        let gpx_type = feature["properties"]["_gpxType"].as_str();
        match (geometry["type"].as_str(), kind) {
            (Some("Point"), "wpt") => points.push(lat_lon(&geometry["coordinates"])),
            (Some("LineString"), _) if gpx_type == Some(kind) => {
                points.extend(
                    geometry["coordinates"]
                        .as_array()
                        .expect("line")
                        .iter()
                        .map(lat_lon),
                );
            }
            (Some("MultiLineString"), _) if gpx_type == Some(kind) => {
                for line in geometry["coordinates"].as_array().expect("lines") {
                    points.extend(line.as_array().expect("line").iter().map(lat_lon));
                }
            }
            _ => {}
        }
    }
    points
}

/// KML files without an expected-output file, with the outcome read from the file by hand.
const KML_BY_HAND: &[(&str, Option<ImportError>, &str)] = &[
    (
        "furkot-import-kml/empty.kml",
        Some(ImportError::NoKmlRoute),
        "a Document with no Placemark",
    ),
    (
        "furkot-import-kml/invalid.kml",
        Some(ImportError::InvalidKml),
        "mismatched closing tag </kkml>",
    ),
    (
        "furkot-import-kml/placemark.kml",
        Some(ImportError::NoKmlRoute),
        "one Placemark with a Point",
    ),
];

/// A file, its route `(lat, lon)` read by hand, and why the oracle differs.
type HandRoute = (&'static str, &'static [(f64, f64)], &'static str);

/// KML files where togeojson's output is not the route, with the route read by hand.
const KML_TOGEOJSON_DIFFERS: &[HandRoute] = &[(
    "togeojson/addresses.kml",
    &[(13.798_738_9, 100.551_369_8), (13.799_272_7, 100.551_561_9)],
    "Placemark 'Moving' holds an empty <Point/> and a 2-coord gx:Track; togeojson turns it \
     into a Point at the track's first coord, we read the track as the route",
)];

#[test]
fn every_kml_file() {
    let dir = common::corpus_dir().join("kml");
    let files = common::files_with_suffix(&dir, &[".kml"]);
    assert!(files.len() >= 41, "found {} KML files", files.len());
    let (mut passed, mut routes) = (0, 0);
    for path in &files {
        let name = relative(path, &dir);
        let result = import_kml(&std::fs::read(path).expect("readable"));
        let togeojson = dir.join(format!("{name}.expected.geojson"));
        let furkot = path.with_extension("json");
        let by_hand = KML_TOGEOJSON_DIFFERS.iter().find(|(f, _, _)| *f == name);
        let expected: Option<Vec<(f64, f64)>> = if let Some((_, line, _why)) = by_hand {
            Some(line.to_vec())
        } else if togeojson.exists() {
            first_togeojson_line(&read_json(&togeojson))
        } else if furkot.exists() {
            read_json(&furkot)["track"]
                .get(0)
                .and_then(Value::as_array)
                .map(|line| line.iter().map(furkot_lat_lon).collect())
        } else {
            let (_, error, _why) = KML_BY_HAND
                .iter()
                .find(|(f, _, _)| *f == name)
                .unwrap_or_else(|| panic!("{name}: no expected output and not in KML_BY_HAND"));
            assert_eq!(result.as_ref().err(), error.as_ref(), "{name}");
            passed += 1;
            continue;
        };
        match expected {
            Some(line) => {
                let route = result.unwrap_or_else(|e| panic!("{name}: {e}"));
                let ours = pairs(&route.coords);
                assert_eq!(ours.len(), line.len(), "{name}: point count");
                for (i, (a, b)) in ours.iter().zip(&line).enumerate() {
                    assert!(same_point(*a, *b), "{name}: point {i}: {a:?} vs {b:?}");
                }
                routes += 1;
            }
            None => assert_eq!(result, Err(ImportError::NoKmlRoute), "{name}"),
        }
        passed += 1;
    }
    println!(
        "KML: {passed}/{} files as expected ({routes} routes)",
        files.len()
    );
}

/// The first line of at least 2 points in togeojson's features, looking into geometry
/// collections (`MultiGeometry`, `gx:MultiTrack`) in order.
fn first_togeojson_line(collection: &Value) -> Option<Vec<(f64, f64)>> {
    fn line_in(geometry: &Value) -> Option<Vec<(f64, f64)>> {
        match geometry["type"].as_str()? {
            "LineString" => {
                let line: Vec<_> = geometry["coordinates"]
                    .as_array()?
                    .iter()
                    .map(lat_lon)
                    .collect();
                (line.len() >= 2).then_some(line)
            }
            "GeometryCollection" => geometry["geometries"].as_array()?.iter().find_map(line_in),
            _ => None,
        }
    }
    collection["features"]
        .as_array()?
        .iter()
        .find_map(|f| line_in(&f["geometry"]))
}

/// Expected outcome of each GeoJSON file, read from the file by hand.
enum Geo {
    /// No non-empty `features` list at the top level (or not JSON): 'Invalid GeoJSON file'.
    Invalid,
    /// A features list without a valid `LineString`: 'No valid route found in GeoJSON file'.
    NoRoute,
    /// A route: point count, first and last `(lat, lon)`.
    Route(usize, (f64, f64), (f64, f64)),
}

/// The four-point line [[102,0],[103,1],[104,0],[105,1]] of the geojsonhint collections.
const HINT_LINE: Geo = Geo::Route(4, (0.0, 102.0), (1.0, 105.0));

const GEOJSON_TABLE: &[(&str, Geo)] = &[
    (
        "geojsonhint/good/good-feature-with-id.geojson",
        Geo::Invalid,
    ),
    (
        "geojsonhint/good/good-feature-with-string-id.geojson",
        Geo::Invalid,
    ),
    ("geojsonhint/good/good-feature.geojson", Geo::Invalid),
    (
        "geojsonhint/good/good-featurecollection-bbox.geojson",
        Geo::NoRoute,
    ),
    (
        "geojsonhint/good/good-featurecollection-bbox3d.geojson",
        Geo::NoRoute,
    ),
    (
        "geojsonhint/good/good-featurecollection-extensions.geojson",
        HINT_LINE,
    ),
    ("geojsonhint/good/good-featurecollection.geojson", HINT_LINE),
    (
        "geojsonhint/good/good-geometrycollection.geojson",
        Geo::Invalid,
    ),
    ("geojsonhint/good/good-linestring.geojson", Geo::Invalid),
    (
        "geojsonhint/good/good-multilinestring.geojson",
        Geo::Invalid,
    ),
    ("geojsonhint/good/good-multipoint.geojson", Geo::Invalid),
    ("geojsonhint/good/good-point-3d.geojson", Geo::Invalid),
    ("geojsonhint/good/good-point.geojson", Geo::Invalid),
    ("geojsonhint/good/good-polygon.geojson", Geo::Invalid),
    ("geojsonhint/good/issue82.geojson", Geo::Invalid),
    ("geojsonhint/good/multipolygon.geojson", Geo::Invalid),
    ("geojsonhint/good/nullgeometry.geojson", Geo::NoRoute),
    ("geojsonhint/good/nullproperties.geojson", Geo::NoRoute),
    // "features": [] after a duplicate "type" key.
    (
        "geojsonhint/bad/bad-duplicate-properties.geojson",
        Geo::Invalid,
    ),
    ("geojsonhint/bad/bad-featurelist.geojson", Geo::Invalid),
    ("geojsonhint/bad/bad-json.geojson", Geo::Invalid),
    ("geojsonhint/bad/bad-object-type.geojson", Geo::Invalid),
    (
        "geojsonhint/bad/bad-polygon-interiorring-rhr.geojson",
        Geo::Invalid,
    ),
    ("geojsonhint/bad/bad-polygonloop.geojson", Geo::Invalid),
    (
        "geojsonhint/bad/bad-properties-as-array.geojson",
        Geo::Invalid,
    ),
    ("geojsonhint/bad/badcoord.geojson", Geo::Invalid),
    ("geojsonhint/bad/badcoordtype.geojson", Geo::NoRoute),
    ("geojsonhint/bad/badfeature.geojson", Geo::NoRoute),
    ("geojsonhint/bad/badfeatureid.geojson", Geo::NoRoute),
    ("geojsonhint/bad/bbox-4or6elements.geojson", Geo::Invalid),
    ("geojsonhint/bad/bbox-contains-string.geojson", Geo::Invalid),
    ("geojsonhint/bad/bbox-string.geojson", Geo::Invalid),
    ("geojsonhint/bad/different-first-last.geojson", Geo::Invalid),
    ("geojsonhint/bad/different-first-size.geojson", Geo::Invalid),
    (
        "geojsonhint/bad/excessive_precision_truncated.geojson",
        Geo::Invalid,
    ),
    ("geojsonhint/bad/expected_object.geojson", Geo::Invalid),
    ("geojsonhint/bad/false.geojson", Geo::Invalid),
    (
        "geojsonhint/bad/feature_changed_semantics.geojson",
        Geo::Invalid,
    ),
    (
        "geojsonhint/bad/featurecollection-obj.geojson",
        Geo::Invalid,
    ),
    // Lower-case "linestring" is not an RFC 7946 type name.
    (
        "geojsonhint/bad/featurecollection-type-case.geojson",
        Geo::NoRoute,
    ),
    ("geojsonhint/bad/featurecollection.geojson", Geo::Invalid),
    // Extra "coordinates": null on the collection does not hide its LineString feature.
    (
        "geojsonhint/bad/featurecollection_changed_semantics.geojson",
        HINT_LINE,
    ),
    (
        "geojsonhint/bad/geometry_changed_semantics.geojson",
        Geo::Invalid,
    ),
    (
        "geojsonhint/bad/geometrycollection_nested.geojson",
        Geo::Invalid,
    ),
    (
        "geojsonhint/bad/geometrycollection_single.geojson",
        Geo::Invalid,
    ),
    ("geojsonhint/bad/multiple_problems.geojson", Geo::NoRoute),
    (
        "geojsonhint/bad/multipoint-multidimension.geojson",
        Geo::Invalid,
    ),
    (
        "geojsonhint/bad/multipoint-nondimension.geojson",
        Geo::Invalid,
    ),
    ("geojsonhint/bad/nofeaturetype.geojson", Geo::NoRoute),
    ("geojsonhint/bad/notype.geojson", Geo::Invalid),
    (
        "geojsonhint/bad/point-labeled-as-a-multipolygon.geojson",
        Geo::Invalid,
    ),
    ("geojsonhint/bad/point-string.geojson", Geo::Invalid),
    ("geojsonhint/bad/point-toofew.geojson", Geo::Invalid),
    ("geojsonhint/bad/point-toomany.geojson", Geo::Invalid),
    ("geojsonhint/bad/point.geojson", Geo::Invalid),
    (
        "geojsonhint/bad/polygon_winding_order.geojson",
        Geo::Invalid,
    ),
    ("geojsonhint/bad/rootstring.geojson", Geo::Invalid),
    ("geojsonhint/bad/short-line.geojson", Geo::Invalid),
    ("geojsonhint/bad/short-linearring.geojson", Geo::Invalid),
    (
        "geojsonhint/bad/short-multilinestring.geojson",
        Geo::Invalid,
    ),
    ("geojsonhint/bad/stringcoord.geojson", Geo::NoRoute),
    ("geojsonhint/bad/unknowntype.geojson", Geo::Invalid),
    // A bare GeometryCollection: no features list.
    ("georust-geojson/geometry_collection.geojson", Geo::Invalid),
];

#[test]
fn every_geojson_file() {
    let dir = common::corpus_dir().join("geojson");
    let files = common::files_with_suffix(&dir, &[".geojson"]);
    assert!(files.len() >= 63, "found {} GeoJSON files", files.len());
    let mut routes = 0;
    for path in &files {
        let name = relative(path, &dir);
        let (_, expected) = GEOJSON_TABLE
            .iter()
            .find(|(f, _)| *f == name)
            .unwrap_or_else(|| panic!("{name}: not classified in GEOJSON_TABLE"));
        let result = import_geojson(&std::fs::read(path).expect("readable"));
        match expected {
            Geo::Invalid => assert_eq!(result, Err(ImportError::InvalidGeoJson), "{name}"),
            Geo::NoRoute => assert_eq!(result, Err(ImportError::NoGeoJsonRoute), "{name}"),
            Geo::Route(n, first, last) => {
                let route = result.unwrap_or_else(|e| panic!("{name}: {e}"));
                let points = pairs(&route.coords);
                assert_eq!(points.len(), *n, "{name}");
                assert!(same_point(points[0], *first), "{name}: first");
                assert!(same_point(points[n - 1], *last), "{name}: last");
                routes += 1;
            }
        }
    }
    assert_eq!(
        files.len(),
        GEOJSON_TABLE.len(),
        "a table row names a missing file"
    );
    println!(
        "GeoJSON: {}/{} files as expected ({routes} routes)",
        files.len(),
        files.len()
    );
}
