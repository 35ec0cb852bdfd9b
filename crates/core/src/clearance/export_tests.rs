//! The clearance fields through every export and the backup (issue 15 points 1 and 3):
//! the SPEC's columns stay first and unchanged, and old backups still load.

use std::io::Cursor;

use serde_json::json;

use super::{LoadProfile, Reading, ReadingMethod};
use crate::backup::read::BackupReader;
use crate::backup::write::BackupWriter;
use crate::export::{ExportFormat, Layers, csv, geojson, kml, write_document};
use crate::survey::{Measurement, SurveyData};

fn survey() -> SurveyData {
    let mut data = SurveyData::default();
    data.survey.survey_title = "A20 heavy haul".into();
    data.survey.fields.id = "s1".into();
    data.survey.fields.load_profile = Some(LoadProfile {
        height_m: Some(4.6),
        width_m: Some(3.5),
        length_m: Some(28.0),
        move_temp_c: Some(28.0),
        ..Default::default()
    });
    data.measurements = vec![
        Measurement {
            id: "m1".into(),
            survey_id: "s1".into(),
            latitude: Some(45.5),
            longitude: Some(-73.6),
            height_m: Some(4.70),
            poi_type: "bridge".into(),
            road_number: Some("20".into()),
            poi_number: Some(1),
            ..Default::default()
        },
        Measurement {
            id: "m2".into(),
            survey_id: "s1".into(),
            latitude: Some(45.51),
            longitude: Some(-73.61),
            height_m: Some(5.9),
            poi_type: "wire".into(),
            readings: Some(vec![
                Reading {
                    lane: "left".into(),
                    method: ReadingMethod::Laser,
                    height_m: 5.9,
                    weak: false,
                },
                Reading {
                    lane: "right".into(),
                    method: ReadingMethod::Laser,
                    height_m: 6.1,
                    weak: true,
                },
            ]),
            wire_temp_c: Some(15.0),
            wire_time: Some("2026-07-01T05:40:00Z".into()),
            ..Default::default()
        },
    ];
    data
}

#[test]
fn csv_keeps_the_spec_columns_first_and_adds_the_clearance_ones() {
    let text = String::from_utf8(csv::survey_csv_document(&survey())).unwrap();
    let mut lines = text.split("\r\n");
    let header = lines.next().unwrap();
    assert!(header.starts_with(csv::HEADER.trim_end()), "{header}");
    assert!(header.ends_with(
        ",Drawing,Clearance (m),Bound,Method,Margin (m),Status,Readings,Wire Temp (C),Wire Time,Sag"
    ));
    let bridge = lines.next().unwrap();
    // SPEC cells unchanged, then clearance 4.700, margin 4.70 − 4.60 − 0.15 = −0.05: Fail.
    assert!(
        bridge.starts_with(",,4.700,,45.500000,-73.600000,,,20,1,bridge,,manual,,,,,"),
        "{bridge}"
    );
    assert!(bridge.ends_with(",4.700,,,-0.050,Fail,,,,"), "{bridge}");
    let wire = lines.next().unwrap();
    assert!(wire.contains(",5.900,,laser,1.150,Pass,left laser 5.900; right laser 6.100 (weak),15.0,2026-07-01T05:40:00Z,sag: surveyed 13.0 °C cooler than the move"), "{wire}");
}

#[test]
fn geojson_and_kml_carry_margin_and_status() {
    let data = survey();
    let mut out = Vec::new();
    geojson::write_geojson(&mut out, &data, Layers::ALL).unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let p = &doc["features"][0]["properties"];
    assert_eq!(p["height"], json!(4.7), "the SPEC property stays");
    assert_eq!(p["marginM"], json!(-0.05));
    assert_eq!(p["status"], "Fail");
    assert_eq!(doc["features"][1]["properties"]["status"], "Pass");
    let mut out = Vec::new();
    kml::write_kml(&mut out, &data, Layers::ALL).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains(r#"<Data name="status"><value>Fail</value></Data>"#),
        "{text}"
    );
    assert!(text.contains(r#"<Data name="marginM"><value>-0.050</value></Data>"#));
}

#[test]
fn a_survey_without_clearance_data_exports_exactly_as_before() {
    let mut data = survey();
    data.survey.fields.load_profile = None;
    for m in &mut data.measurements {
        m.readings = None;
        m.wire_temp_c = None;
    }
    let mut out = Vec::new();
    write_document(&mut out, &data, ExportFormat::Csv).unwrap();
    assert_eq!(out, csv::csv_document(&data.measurements));
    let mut out = Vec::new();
    geojson::write_geojson(&mut out, &data, Layers::ALL).unwrap();
    assert!(!String::from_utf8(out).unwrap().contains("marginM"));
}

#[test]
fn the_backup_carries_the_load_and_readings_and_old_backups_still_load() {
    let data = survey();
    let bytes = BackupWriter::new(Vec::new(), &data, "2026-07-01T08:00:00Z")
        .unwrap()
        .finish()
        .unwrap();
    let back = BackupReader::open(Cursor::new(bytes))
        .unwrap()
        .read_data()
        .unwrap();
    assert_eq!(
        back.survey.fields.load_profile,
        data.survey.fields.load_profile
    );
    assert_eq!(back.measurements, data.measurements);

    let mut old = data.clone();
    old.survey.fields.load_profile = None;
    old.measurements.iter_mut().for_each(|m| {
        m.readings = None;
        m.wire_temp_c = None;
        m.wire_time = None;
    });
    let bytes = BackupWriter::new(Vec::new(), &old, "2024-05-01T08:00:00Z")
        .unwrap()
        .finish()
        .unwrap();
    let back = BackupReader::open(Cursor::new(bytes))
        .unwrap()
        .read_data()
        .unwrap();
    assert_eq!(back.survey.fields.load_profile, None);
    assert_eq!(back.measurements[1].readings, None);
}
