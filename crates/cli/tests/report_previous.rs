//! `clearway report BACKUP --previous OLD`: the section "Against the previous survey" read
//! back with `pdftotext` (poppler, an independent reader; a missing tool fails the test).
//! The previous survey is given twice, with the same POIs, each 0.0001° of latitude (11.1 m)
//! north of this survey's: as a SPEC CSV written here by hand, and as a backup written by the
//! core's backup writer (the other form the app imports). A bad previous file is a clear
//! error and writes nothing.

use std::path::{Path, PathBuf};
use std::process::Command;

use clearway_core::backup::write::BackupWriter;
use clearway_core::survey::{Measurement, SurveyData};

mod common;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("clearway-previous-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn poi(n: u32, kind: &str, height: f64) -> Measurement {
    Measurement {
        id: format!("m{n}"),
        survey_id: "s1".into(),
        height_m: Some(height),
        poi_type: kind.into(),
        road_number: Some("20".into()),
        poi_number: Some(n),
        latitude: Some(45.5 + f64::from(n) * 0.004),
        longitude: Some(-73.6),
        ..Default::default()
    }
}

const PREVIOUS_CSV: &str = "\
Date,Time,Height (m),GPS Altitude (m),Latitude,Longitude,Speed (km/h),Heading (deg),Road,POI Number,POI Type,Note,Source,Width (m),Length (m),Image,Video,Drawing\r
2025-06-01,10:00:00,5.450,,45.504100,-73.600000,,,20,7,bridge,,manual,,,,,\r
2025-06-01,10:05:00,6.000,,45.508100,-73.600000,,,20,8,sign,,manual,,,,,\r
2025-06-01,10:09:00,4.920,,45.512100,-73.600000,,,20,9,bridge,,manual,,,,,\r
";

/// This survey's backup: POI 1 bridge 5.50, POI 2 wire 6.10, POI 3 bridge 4.80.
fn current_backup(dir: &Path) -> PathBuf {
    let mut data = SurveyData::default();
    data.survey.survey_title = "A20 second run".into();
    data.survey.fields.id = "s1".into();
    data.measurements = vec![
        poi(1, "bridge", 5.50),
        poi(2, "wire", 6.10),
        poi(3, "bridge", 4.80),
    ];
    let w = BackupWriter::new(Vec::new(), &data, "2026-07-01T08:00:00Z").unwrap();
    let backup = dir.join("survey.zip");
    std::fs::write(&backup, w.finish().unwrap()).unwrap();
    backup
}

/// The previous survey of `PREVIOUS_CSV` as a backup: POIs 7–9, 0.0001° north of 1–3.
fn previous_backup(dir: &Path) -> PathBuf {
    let mut data = SurveyData::default();
    data.survey.survey_title = "A20 first run".into();
    data.survey.fields.id = "s0".into();
    let north = |mut m: Measurement, n: u32| {
        m.id = format!("old{n}");
        m.survey_id = "s0".into();
        m.poi_number = Some(n + 6);
        m.latitude = m.latitude.map(|lat| lat + 0.0001);
        m
    };
    data.measurements = vec![
        north(poi(1, "bridge", 5.45), 1),
        north(poi(2, "sign", 6.00), 2),
        north(poi(3, "bridge", 4.92), 3),
    ];
    let w = BackupWriter::new(Vec::new(), &data, "2025-06-01T10:00:00Z").unwrap();
    let backup = dir.join("previous.zip");
    std::fs::write(&backup, w.finish().unwrap()).unwrap();
    backup
}

/// Runs `clearway report BACKUP -o r.pdf --previous OLD` and returns the PDF's text.
fn report_text(dir: &Path, backup: &Path, old: &Path) -> String {
    let pdf = dir.join("r.pdf");
    let args = [
        "report",
        backup.to_str().unwrap(),
        "-o",
        pdf.to_str().unwrap(),
        "--previous",
        old.to_str().unwrap(),
    ];
    let out = common::clearway(&args, b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = Command::new("pdftotext")
        .args([pdf.to_str().unwrap(), "-"])
        .output()
        .expect("pdftotext must be installed (scripts/ensure-tools.sh gis)");
    String::from_utf8(text.stdout).unwrap().replace('\n', " ")
}

/// What either form of the previous survey must give.
fn assert_changes(text: &str) {
    assert!(text.contains("Against the previous survey"), "{text}");
    // POI 3: 4.80 now, 4.92 before. POI 1: 5.50 now, 5.45 before. The wire has no wire in
    // the previous survey (only a sign there).
    assert!(text.contains("R020-POI00003"), "{text}");
    assert!(text.contains("field lower by 0.12 m"), "{text}");
    assert!(text.contains("field higher by 0.05 m"), "{text}");
    assert!(
        text.contains("previously 4.92 m at R020-POI00009, 11.1 m away"),
        "{text}"
    );
    assert!(
        text.contains("2 changed, 0 unchanged, 1 not matched in the previous survey."),
        "{text}"
    );
}

#[test]
fn the_report_lists_the_clearances_that_changed_since_a_previous_backup() {
    let dir = scratch("zip");
    let backup = current_backup(&dir);
    let old = previous_backup(&dir);
    assert_changes(&report_text(&dir, &backup, &old));
}

#[test]
fn the_report_lists_the_clearances_that_changed() {
    let dir = scratch("csv");
    let backup = current_backup(&dir);
    let old = dir.join("previous.csv");
    std::fs::write(&old, PREVIOUS_CSV).unwrap();
    assert_changes(&report_text(&dir, &backup, &old));

    let bad = dir.join("bad.csv");
    std::fs::write(&bad, "Latitude,Longitude,Height (m)\r\n1,2,3\r\n").unwrap();
    let pdf2 = dir.join("r2.pdf");
    let out = common::clearway(
        &[
            "report",
            backup.to_str().unwrap(),
            "-o",
            pdf2.to_str().unwrap(),
            "--previous",
            bad.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("The previous survey's CSV has no POI Type column"),
        "{err}"
    );
    assert!(!pdf2.exists());
}
