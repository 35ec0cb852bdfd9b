//! Any text through every exporter gives a file an independent reader accepts: random
//! titles, notes, POI types and route names (control characters, U+FFFE/U+FFFF, markup,
//! CR, quotes, emoji, bidirectional marks) are written as CSV, JSON, GeoJSON, GPX, KML and
//! the NMEA track's GPX, then read back by Python's `csv`, `json` and `xml.etree` (expat, a
//! strict XML 1.0 parser), which also check the text: exactly as written in JSON, with the
//! characters XML forbids replaced by U+FFFD in GPX and KML, and KML's description
//! HTML-escaped under the XML. A missing python3 fails the test; it never skips.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::Command;

use clearway_core::export::{ExportFormat, write_document};
use clearway_core::survey::SurveyData;
use clearway_core::track::{TrackPoint, to_gpx};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;
use serde_json::json;

/// Text made of the characters that break writers.
fn nasty_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        (0u32..0x20).prop_map(|c| char::from_u32(c).unwrap().to_string()),
        Just("\u{7F}\u{85}\u{FFFE}\u{FFFF}\u{FFFD}".to_owned()),
        Just("<&>\"']]>".to_owned()),
        Just("\r\n".to_owned()),
        Just("=cmd|' /C calc'!A0,".to_owned()),
        Just("\u{202E}é😀\u{10FFFF}".to_owned()),
        "[a-z ]{0,6}",
    ];
    proptest::collection::vec(piece, 0..12).prop_map(|v| v.concat())
}

/// What an XML 1.0 reader must give back for `text` (§2.2 `Char`).
fn xml_expected(text: &str) -> String {
    text.chars()
        .map(|c| match u32::from(c) {
            0x9 | 0xA | 0xD | 0x20..=0xD7FF | 0xE000..=0xFFFD | 0x10000.. => c,
            _ => '\u{FFFD}',
        })
        .collect()
}

const CASES: u32 = 48;

#[test]
fn random_text_through_every_exporter_reads_back_with_independent_readers() {
    let dir = std::env::temp_dir().join(format!("clearway-anytext-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut runner = TestRunner::deterministic();
    let strategy = (nasty_text(), nasty_text(), nasty_text(), nasty_text());
    let mut expected = Vec::new();
    for case in 0..CASES {
        let (title, note, poi_type, route) = strategy.new_tree(&mut runner).unwrap().current();
        let data = SurveyData {
            survey: serde_json::from_value(json!({"surveyTitle": title})).unwrap(),
            measurements: serde_json::from_value(json!([{
                "id": "m1", "latitude": 45.5, "longitude": -73.6, "rel": 4.2,
                "poi_type": poi_type, "note": note
            }]))
            .unwrap(),
            routes: serde_json::from_value(json!([{
                "id": "r1", "name": route, "routeGeometry": [[45.1, -73.6], [45.2, -73.5]]
            }]))
            .unwrap(),
            ..Default::default()
        };
        for format in [
            ExportFormat::Csv,
            ExportFormat::Json,
            ExportFormat::GeoJson,
            ExportFormat::Gpx,
            ExportFormat::Kml,
        ] {
            let mut out = Vec::new();
            write_document(&mut out, &data, format).unwrap();
            std::fs::write(dir.join(format!("{case}.{}", format.extension())), out).unwrap();
        }
        let point = |lat| TrackPoint {
            lat,
            lon: 2.0,
            alt_m: None,
            time_ms: None,
            date: None,
        };
        let track = to_gpx(&[point(1.0), point(1.5)], &title);
        std::fs::write(dir.join(format!("{case}.track.gpx")), track).unwrap();
        expected.push(json!({
            "title": title, "note": note, "type": poi_type, "route": route,
            "xml_title": xml_expected(&title), "xml_note": xml_expected(&note),
            "xml_type": xml_expected(&poi_type), "xml_route": xml_expected(&route),
        }));
    }
    std::fs::write(
        dir.join("expected.json"),
        serde_json::to_vec(&expected).unwrap(),
    )
    .unwrap();
    let out = Command::new("python3")
        .arg("-c")
        .arg(CHECK)
        .arg(&dir)
        .output()
        .expect("python3 must be installed");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{report}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut summary = String::new();
    let _ = write!(summary, "{}", report.trim());
    assert_eq!(
        summary,
        format!("{CASES} cases, 6 readers each: all read back")
    );
    let _ = std::fs::remove_dir_all(PathBuf::from(&dir));
}

/// The independent readers: Python's standard library only.
const CHECK: &str = r#"
import csv, html, io, json, sys, xml.etree.ElementTree as ET
d = sys.argv[1]
cases = json.load(open(f"{d}/expected.json", encoding="utf-8"))
def local(tag): return tag.rsplit('}', 1)[-1]
def texts(root, name): return [e.text or '' for e in root.iter() if local(e.tag) == name]
def fail(case, what, got, want):
    print(f"case {case} {what}: got {got!r}, want {want!r}"); sys.exit(1)
for i, c in enumerate(cases):
    def strings(v):
        if isinstance(v, str): yield v
        elif isinstance(v, dict):
            for x in v.values(): yield from strings(x)
        elif isinstance(v, list):
            for x in v: yield from strings(x)
    got = set(strings(json.load(open(f"{d}/{i}.json", encoding="utf-8"))))
    for key in ("title", "note", "route"):
        if c[key] and c[key] not in got: fail(i, "json " + key, sorted(got), c[key])
    g = json.load(open(f"{d}/{i}.geojson", encoding="utf-8"))
    if len(g["features"]) < 2: fail(i, "geojson features", len(g["features"]), ">= 2")
    rows = list(csv.reader(io.StringIO(open(f"{d}/{i}.csv", encoding="utf-8", newline="").read())))
    if len(rows) != 2 or len(rows[1]) != len(rows[0]): fail(i, "csv shape", [len(r) for r in rows], "2 rows, same width")
    note = rows[1][rows[0].index("Note")]
    want = c["note"].replace(",", ";")
    if note not in (want, "'" + want): fail(i, "csv note", note, want)
    gpx = ET.parse(f"{d}/{i}.gpx").getroot()
    if texts(gpx, "name")[0] != c["xml_title"]: fail(i, "gpx title", texts(gpx, "name")[0], c["xml_title"])
    if c["note"] and texts(gpx, "desc") != [c["xml_note"]]: fail(i, "gpx desc", texts(gpx, "desc"), c["xml_note"])
    if c["type"] and texts(gpx, "type") != [c["xml_type"]]: fail(i, "gpx type", texts(gpx, "type"), c["xml_type"])
    if c["xml_route"] not in texts(gpx, "name"): fail(i, "gpx route", texts(gpx, "name"), c["xml_route"])
    kml = ET.parse(f"{d}/{i}.kml").getroot()
    if texts(kml, "name")[0] != c["xml_title"]: fail(i, "kml title", texts(kml, "name")[0], c["xml_title"])
    desc = texts(kml, "description")[0]
    if "<" in desc.replace("<br>", ""): fail(i, "kml description is markup", desc, "escaped text")
    if c["note"] and not html.unescape(desc.replace("<br>", "\n")).endswith(": " + c["xml_note"]):
        fail(i, "kml description", html.unescape(desc), c["xml_note"])
    track = ET.parse(f"{d}/{i}.track.gpx").getroot()
    if texts(track, "name") != [c["xml_title"]]: fail(i, "track name", texts(track, "name"), c["xml_title"])
print(f"{len(cases)} cases, 6 readers each: all read back")
"#;
