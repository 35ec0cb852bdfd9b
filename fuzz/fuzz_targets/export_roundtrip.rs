//! Export round trips with any text and any positions: a survey built from the input is
//! written as GPX and KML and read back by the route importers (the route's positions come
//! back exactly, 6 decimals), and written as a backup and read back (every record equal).
//! Invariant: what Clearway writes, Clearway reads; never a panic.
#![no_main]

use clearway_core::backup::read::BackupReader;
use clearway_core::backup::write::BackupWriter;
use clearway_core::export::{Layers, gpx, kml};
use clearway_core::import::{gpx::read_gpx, kml::import_kml};
use clearway_core::survey::SurveyData;
use libfuzzer_sys::fuzz_target;
use serde_json::json;

fuzz_target!(|data: &[u8]| {
    let (numbers, text) = data.split_at(data.len().min(32));
    // Positions on the 6-decimal grid the exports write, within range.
    let coords: Vec<[f64; 2]> = numbers
        .chunks_exact(8)
        .map(|c| {
            let lat = u32::from_le_bytes([c[0], c[1], c[2], c[3]]) % 180_000_001;
            let lon = u32::from_le_bytes([c[4], c[5], c[6], c[7]]) % 360_000_001;
            [f64::from(lat) / 1e6 - 90.0, f64::from(lon) / 1e6 - 180.0]
        })
        .map(|[lat, lon]| [(lat * 1e6).round() / 1e6, (lon * 1e6).round() / 1e6])
        .collect();
    if coords.len() < 2 {
        return;
    }
    let text = String::from_utf8_lossy(text);
    let mut parts = text.split('|');
    let (title, note, name) = (
        parts.next().unwrap_or(""),
        parts.next().unwrap_or(""),
        parts.next().unwrap_or(""),
    );
    let survey = SurveyData {
        survey: serde_json::from_value(json!({"id": "s", "surveyTitle": title})).unwrap(),
        measurements: serde_json::from_value(json!([{
            "id": "m", "latitude": coords[0][0], "longitude": coords[0][1], "note": note,
            "poi_type": name
        }]))
        .unwrap(),
        routes: serde_json::from_value(json!([{"id": "r", "name": name, "routeGeometry": coords}]))
            .unwrap(),
        ..Default::default()
    };
    let flat: Vec<f64> = coords.iter().flatten().copied().collect();
    let mut out = Vec::new();
    gpx::write_gpx(&mut out, &survey, Layers::ROUTES).unwrap();
    assert_eq!(read_gpx(&out).expect("our GPX reads back").coords, flat);
    out.clear();
    kml::write_kml(&mut out, &survey, Layers::ROUTES).unwrap();
    assert_eq!(import_kml(&out).expect("our KML reads back").coords, flat);
    let mut writer = BackupWriter::new(Vec::new(), &survey, "2024-05-01T08:00:00Z").unwrap();
    writer
        .add_media(&survey.measurements[0], clearway_core::export::MediaKind::Image, text.as_bytes())
        .unwrap();
    let bytes = writer.finish().unwrap();
    let mut reader = BackupReader::open(std::io::Cursor::new(bytes)).expect("our backup opens");
    assert_eq!(reader.read_data().expect("our backup reads back"), survey);
    let media = reader.manifest().media[0].clone();
    assert_eq!(reader.read_media(&media).unwrap(), text.as_bytes());
});
