//! `clearway route` and `clearway polyline`, on corpus files and hostile input.

mod common;

use common::{clearway, corpus, stdout};

#[test]
fn polyline_decode_prints_lat_lng_pairs() {
    // Google's own example (Encoded Polyline Algorithm Format page).
    let out = clearway(&["polyline", "decode", "_p~iF~ps|U_ulLnnqC_mqNvxq`@"], b"");
    assert!(out.status.success());
    assert_eq!(
        stdout(&out).trim(),
        "[[38.5, -120.2], [40.7, -120.95], [43.252, -126.453]]"
    );
}

#[test]
fn polyline_encode_reads_pairs_on_stdin() {
    let out = clearway(
        &["polyline", "encode"],
        b"[[38.5, -120.2], [40.7, -120.95], [43.252, -126.453]]",
    );
    assert!(out.status.success());
    assert_eq!(stdout(&out).trim(), "_p~iF~ps|U_ulLnnqC_mqNvxq`@");
}

#[test]
fn a_real_precision_6_route_survives_decode_then_encode() {
    let encoded = std::fs::read_to_string(corpus(
        "polyline/georust-polyline/route-geometry-sweden-west-coast.polyline6",
    ))
    .unwrap();
    let decoded = clearway(
        &["polyline", "decode", encoded.trim(), "--precision", "6"],
        b"",
    );
    assert!(decoded.status.success());
    let pairs: Vec<[f64; 2]> = serde_json::from_str(&stdout(&decoded)).unwrap();
    assert!(pairs.len() > 100);
    assert!(
        pairs
            .iter()
            .all(|[lat, lon]| (55.0..70.0).contains(lat) && (10.0..25.0).contains(lon))
    );
    let encoded_again = clearway(&["polyline", "encode", "--precision", "6"], &decoded.stdout);
    assert_eq!(stdout(&encoded_again).trim(), encoded.trim());
}

#[test]
fn polyline_errors_are_one_line_with_exit_code_2() {
    for (args, stdin) in [
        (&["polyline", "decode", "_p~iF~ps|U_"][..], &b""[..]),
        (&["polyline", "encode"][..], &b"[[91, 0], [0, 0]]"[..]),
        (&["polyline", "encode"][..], &b"not json"[..]),
        (
            &["polyline", "decode", "abc", "--precision", "7"][..],
            &b""[..],
        ),
    ] {
        let out = clearway(args, stdin);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{err}");
        // One message line (clap adds a "try --help" hint to its own usage errors).
        let lines = err.lines().filter(|l| !l.trim().is_empty()).count();
        assert!(lines <= 2, "{err}");
    }
}

#[test]
fn route_prints_a_linestring_feature_in_lon_lat() {
    let gpx = std::env::temp_dir().join(format!("clearway-route-{}.gpx", std::process::id()));
    std::fs::write(
        &gpx,
        r#"<gpx version="1.1"><trk><name>A20</name><trkseg>
        <trkpt lat="45.5" lon="-73.6"/><trkpt lat="45.50001" lon="-73.55"/><trkpt lat="45.5" lon="-73.5"/>
        </trkseg></trk></gpx>"#,
    )
    .unwrap();
    let out = clearway(&["route", gpx.to_str().unwrap()], b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let feature: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(feature["type"], "Feature");
    assert_eq!(feature["properties"]["name"], "A20");
    assert_eq!(feature["geometry"]["type"], "LineString");
    assert_eq!(
        feature["geometry"]["coordinates"],
        serde_json::json!([[-73.6, 45.5], [-73.55, 45.50001], [-73.5, 45.5]])
    );
    // The middle point is 1.1 m off the chord (0.00001° of latitude): 5 m drops it.
    let out = clearway(&["route", gpx.to_str().unwrap(), "--simplify", "5"], b"");
    let feature: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(
        feature["geometry"]["coordinates"],
        serde_json::json!([[-73.6, 45.5], [-73.5, 45.5]])
    );
}

#[test]
fn route_errors_are_the_spec_messages() {
    let dir = std::env::temp_dir();
    let cases = [
        (
            "bad.gpx",
            "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>",
            "GPX file must contain at least 2 points",
        ),
        ("bad2.gpx", "<gpx><trk>", "Invalid GPX file format"),
        ("bad.geojson", "{\"features\": []}", "Invalid GeoJSON file"),
        (
            "pts.geojson",
            "{\"features\": [{\"geometry\": {\"type\": \"Point\", \"coordinates\": [1, 2]}}]}",
            "No valid route found in GeoJSON file",
        ),
    ];
    for (name, body, message) in cases {
        let path = dir.join(format!("clearway-{}-{name}", std::process::id()));
        std::fs::write(&path, body).unwrap();
        let out = clearway(&["route", path.to_str().unwrap()], b"");
        assert_eq!(out.status.code(), Some(2), "{name}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr).trim(),
            format!("clearway: {message}")
        );
    }
}
