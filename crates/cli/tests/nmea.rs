//! `clearway nmea` as a user runs it, on corpus logs and on hostile input.

mod common;

use common::{clearway, corpus, stdout};

#[test]
fn jsonl_has_one_object_per_accepted_gga_or_rmc_with_the_issue_keys() {
    let log = corpus("nmea/gpsd/bu353s4.log");
    let out = clearway(&["nmea", log.to_str().unwrap()], b"");
    assert!(out.status.success());
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // bu353s4.log: 25 GGA + 25 RMC, all with a fix (PROVENANCE.md).
    assert_eq!(lines.len(), 50);
    let keys = [
        "type",
        "time",
        "date",
        "lat",
        "lon",
        "alt",
        "speed_kmh",
        "course",
        "fix",
        "sats",
        "hdop",
    ];
    for l in &lines {
        let obj = l.as_object().unwrap();
        assert_eq!(obj.len(), keys.len());
        assert!(keys.iter().all(|k| obj.contains_key(*k)), "{l}");
    }
    let first = &lines[0];
    // `$GPGGA,030719.000,3747.0873,S,17518.8938,E,...`: the log's first sentence, by hand.
    assert_eq!(first["type"], "GGA");
    assert_eq!(first["time"], "03:07:19.000");
    assert_eq!(first["date"], serde_json::Value::Null, "no RMC yet");
    assert!((first["lat"].as_f64().unwrap() + (37.0 + 47.0873 / 60.0)).abs() < 1e-9);
    assert!((first["lon"].as_f64().unwrap() - (175.0 + 18.8938 / 60.0)).abs() < 1e-9);
    assert_eq!(first["fix"], "GPS Fix");
    assert_eq!(lines[1]["type"], "RMC");
    assert_eq!(lines[1]["date"], "2014-12-31");
    let summary = String::from_utf8_lossy(&out.stderr);
    assert!(
        summary.contains("90 sentences") && summary.contains("0 bad checksum"),
        "{summary}"
    );
}

#[test]
fn stdin_csv_geojson_and_gpx() {
    let log = std::fs::read(corpus("nmea/gpsd/nmea-rtk.log")).unwrap();
    let csv = clearway(&["nmea", "-", "--format", "csv"], &log);
    assert!(csv.status.success());
    let text = stdout(&csv);
    assert!(text.starts_with("type,time,date,lat,lon,alt,speed_kmh,course,fix,sats,hdop\n"));
    assert_eq!(text.lines().count(), 1 + 244, "122 GGA + 122 RMC");

    let geojson = clearway(&["nmea", "-", "--format", "geojson"], &log);
    let doc: serde_json::Value = serde_json::from_str(&stdout(&geojson)).unwrap();
    let coords = doc["features"][0]["geometry"]["coordinates"]
        .as_array()
        .unwrap();
    assert_eq!(coords.len(), 122, "one point per epoch");
    assert!(
        coords[0][0].as_f64().unwrap() < -93.0,
        "[lon, lat]: Iowa is west"
    );

    let gpx = clearway(&["nmea", "-", "--format", "gpx"], &log);
    let text = stdout(&gpx);
    assert_eq!(text.matches("<trkpt ").count(), 122);
    assert!(text.contains("<time>2020-03-18T13:28:19.600Z</time>"));
}

#[test]
fn garbage_and_empty_input_are_not_errors() {
    let noise: Vec<u8> = (0..200_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13).to_le_bytes()[0])
        .collect();
    let out = clearway(&["nmea", "-"], &noise);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    let empty = clearway(&["nmea", "-", "--format", "geojson"], b"");
    assert_eq!(
        stdout(&empty).trim(),
        r#"{"type":"FeatureCollection","features":[]}"#
    );
}

#[test]
fn a_missing_file_is_one_line_and_exit_code_2() {
    let out = clearway(&["nmea", "/no/such/log.nmea"], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("clearway: cannot read /no/such/log.nmea"),
        "{err}"
    );
}
