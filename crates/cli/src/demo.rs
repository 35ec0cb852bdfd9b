//! `clearway demo-backup -o FILE --measurements N --photos M`: a realistic synthetic survey
//! backup for demos, tests and benchmarks.
//!
//! A survey vehicle drives north-east out of Montréal along a gently winding road: a START
//! measurement (SPEC §4: 'SURVEY START', road 1, POI 1, height 0), then a measurement about
//! every 250 m with a POI type, a clearance height, GPS altitude, speed, heading and a note
//! (some with commas), a vehicle trace point every 25 m, one planned route and a few alerts.
//! The photos go to the first M measurements; each is a valid baseline JPEG of realistic
//! size (250–350 KB): an 8×8 grey image whose high-entropy bulk sits in an application
//! segment, so that, like a real photo, it does not compress. The same arguments always
//! give the same records and photos.

use std::fs::{self, File};
use std::io::BufWriter;

use clearway_core::backup::write::BackupWriter;
use clearway_core::export::MediaKind;
use clearway_core::poi::POI_TYPES;
use clearway_core::survey::SurveyData;
use serde_json::json;

use crate::CliError;

/// The most measurements a demo backup holds (it is built in memory; 1 M measurements
/// with their trace take about 2 GB).
pub const MAX_MEASUREMENTS: usize = 1_000_000;

pub fn run(out: &str, measurements: usize, photos: usize) -> Result<(), CliError> {
    if measurements == 0 {
        return Err(CliError::input(
            "--measurements must be at least 1 (the START measurement)",
        ));
    }
    if measurements > MAX_MEASUREMENTS {
        return Err(CliError::input(format!(
            "--measurements {measurements} is more than {MAX_MEASUREMENTS}, the most a demo backup holds"
        )));
    }
    if photos > measurements {
        return Err(CliError::input(format!(
            "--photos {photos} is more than --measurements {measurements}: one photo per measurement at most"
        )));
    }
    let data =
        survey(measurements, photos).map_err(|e| CliError::other(format!("demo data: {e}")))?;
    let partial = format!("{out}.partial");
    write(&data, &partial)
        .and_then(|()| fs::rename(&partial, out).map_err(|e| format!("cannot write {out}: {e}")))
        .map_err(|message| {
            let _ = fs::remove_file(&partial);
            CliError::other(message)
        })?;
    eprintln!(
        "demo-backup: {out}: {} measurements, {photos} photos, {} trace points",
        data.measurements.len(),
        data.traces.len()
    );
    Ok(())
}

fn write(data: &SurveyData, path: &str) -> Result<(), String> {
    let file = File::create(path).map_err(|e| format!("cannot create {path}: {e}"))?;
    let out = BufWriter::with_capacity(1 << 20, file);
    let mut backup = BackupWriter::new(out, data, &crate::now_iso()).map_err(|e| e.to_string())?;
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    for m in data.measurements.iter().filter(|m| m.image_url.is_some()) {
        let size = 250_000 + usize::try_from(rng.next() % 100_001).unwrap_or(0);
        backup
            .add_media(m, MediaKind::Image, &jpeg(size, &mut rng))
            .map_err(|e| e.to_string())?;
    }
    backup.finish().map_err(|e| e.to_string())?;
    Ok(())
}

/// The survey's records, built as the app's JSON and read through the core's model.
fn survey(n: usize, photos: usize) -> Result<SurveyData, serde_json::Error> {
    const START_MS: u64 = 1_714_550_400_000; // 2024-05-01T08:00:00Z
    let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
    let (mut lat, mut lon, mut heading) = (45.501_689_f64, -73.567_256_f64, 35.0_f64);
    let survey_id = "demo-survey-0001";
    let mut measurements = Vec::with_capacity(n);
    let mut traces = Vec::with_capacity(n * 10);
    let notes = [
        "",
        "clear",
        "low sag, check with utility",
        "branches overhang, trim needed",
        "signal arm, 2 heads",
        "narrow lane, parked cars",
    ];
    let types: Vec<&str> = POI_TYPES[1..17].iter().map(|p| p.stored).collect();
    for i in 0..n {
        let ms = START_MS + i as u64 * 18_000;
        let (date, time) = iso_parts(ms);
        let speed = 40.0 + (rng.unit() * 400.0).round() / 10.0;
        let start = i == 0;
        let id = format!("{:08x}-demo-{i:06}", rng.next() >> 32);
        measurements.push(json!({
            "id": id,
            "user_id": survey_id,
            "rel": if start { 0.0 } else { 3.8 + (rng.unit() * 2700.0).round() / 1000.0 },
            "altGPS": 30.0 + (rng.unit() * 400.0).round() / 10.0,
            "latitude": (lat * 1e7).round() / 1e7,
            "longitude": (lon * 1e7).round() / 1e7,
            "utcDate": date,
            "utcTime": time,
            "speed": speed,
            "heading": (heading.rem_euclid(360.0) * 10.0).round() / 10.0,
            "roadNumber": if start { 1 } else { 1 + i / 400 },
            "poiNumber": i + 1,
            "poi_type": if start { "START" } else { types[rng.below(types.len())] },
            "note": if start { "SURVEY START" } else { notes[rng.below(notes.len())] },
            "source": if i % 7 == 3 { "slaveApp" } else { "manual" },
            "imageUrl": if i >= 1 && i <= photos || (photos == n && start) {
                json!(format!("demo://{id}.jpg"))
            } else {
                json!(null)
            },
            "widthMeasure": if i % 5 == 2 { json!(3.0 + rng.unit()) } else { json!(null) },
            "createdAt": ms,
        }));
        // Ten trace points of about 25 m each to the next measurement.
        for k in 0..10 {
            heading += (rng.unit() - 0.5) * 4.0;
            let step_m = 25.0;
            lat += step_m * heading.to_radians().cos() / 111_195.0;
            lon += step_m * heading.to_radians().sin() / (111_195.0 * lat.to_radians().cos());
            traces.push(json!({
                "id": format!("trace-{i:06}-{k}"),
                "surveyId": survey_id,
                "timestamp": ms + k * 1800,
                "latitude": (lat * 1e7).round() / 1e7,
                "longitude": (lon * 1e7).round() / 1e7,
                "speed": speed,
                "heading": (heading.rem_euclid(360.0) * 10.0).round() / 10.0,
            }));
        }
    }
    let end = traces
        .last()
        .cloned()
        .unwrap_or(json!({"latitude": lat, "longitude": lon}));
    let geometry: Vec<serde_json::Value> = traces
        .iter()
        .step_by(20)
        .map(|t| json!({"lat": t["latitude"], "lng": t["longitude"]}))
        .collect();
    Ok(SurveyData {
        survey: serde_json::from_value(json!({
            "id": survey_id, "createdAt": "2024-05-01T08:00:00.000Z", "active": true,
            "surveyTitle": "Demo: Montréal north-east corridor", "surveyorName": "Demo Surveyor",
            "clientName": "Demo Heavy Haul Inc.", "projectNumber": "DEMO-0001",
            "originAddress": "Montréal, QC", "destinationAddress": "Terrebonne, QC",
            "description": "Synthetic survey written by `clearway demo-backup`",
        }))?,
        measurements: serde_json::from_value(json!(measurements))?,
        routes: serde_json::from_value(json!([{
            "id": "demo-route-1", "surveyId": survey_id, "name": "Planned corridor",
            "routeNumber": "1", "color": "#3b82f6",
            "points": [
                {"id": "p0", "routeId": "demo-route-1", "position": [45.501_689, -73.567_256], "type": "origin", "order": 0},
                {"id": "p1", "routeId": "demo-route-1", "position": [end["latitude"], end["longitude"]], "type": "destination", "order": 1}
            ],
            "routeGeometry": geometry,
        }]))?,
        traces: serde_json::from_value(json!(traces))?,
        alerts: serde_json::from_value(json!([
            {"id": "alert-1", "surveyId": survey_id, "createdAt": START_MS + 60_000,
             "type": "clearance", "message": "Clearance below 4.2 m"},
            {"id": "alert-2", "surveyId": survey_id, "createdAt": START_MS + 120_000,
             "type": "gps", "message": "GPS fix lost for 12 s"}
        ]))?,
    })
}

/// (`YYYY-MM-DD`, `HH:MM:SS`) of epoch milliseconds.
fn iso_parts(ms: u64) -> (String, String) {
    #[allow(clippy::cast_precision_loss)] // epoch ms stay far below 2^53
    let iso = clearway_core::survey::trace::epoch_ms_to_iso(ms as f64).unwrap_or_default();
    (iso[..10].to_owned(), iso[11..19].to_owned())
}

/// A valid baseline JPEG of exactly `size` bytes (for sizes from 200): an 8×8 mid-grey image
/// (one DC-only block under one-symbol Huffman tables), padded with APP15 segments of
/// pseudo-random bytes.
pub fn jpeg(size: usize, rng: &mut XorShift) -> Vec<u8> {
    const HEAD: &[u8] = &[
        0xFF, 0xD8, // SOI
        0xFF, 0xE0, 0x00, 0x10, b'J', b'F', b'I', b'F', 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, // APP0
    ];
    let mut tail = Vec::with_capacity(200);
    tail.extend_from_slice(&[0xFF, 0xDB, 0x00, 0x43, 0x00]); // DQT, table 0, all ones
    tail.extend_from_slice(&[1; 64]);
    // SOF0: 8 bits, 8×8, one component (id 1, 1×1 sampling, table 0).
    tail.extend_from_slice(&[0xFF, 0xC0, 0x00, 0x0B, 8, 0, 8, 0, 8, 1, 1, 0x11, 0]);
    // DHT: DC table 0 and AC table 0, each one code of length 1 for symbol 0.
    for class in [0x00, 0x10] {
        tail.extend_from_slice(&[0xFF, 0xC4, 0x00, 0x14, class, 1]);
        tail.extend_from_slice(&[0; 15]);
        tail.push(0);
    }
    // SOS, then the scan: DC difference category 0 ("0"), end of block ("0"), 1-padding.
    tail.extend_from_slice(&[0xFF, 0xDA, 0x00, 0x08, 1, 1, 0x00, 0, 63, 0, 0x3F]);
    tail.extend_from_slice(&[0xFF, 0xD9]); // EOI
    let mut out = Vec::with_capacity(size.max(HEAD.len() + tail.len()));
    out.extend_from_slice(HEAD);
    let mut room = size.saturating_sub(HEAD.len() + tail.len());
    while room >= 4 {
        let body = (room - 4).min(65_533);
        // A segment's length counts its 2 length bytes; a leftover of 1–3 bytes cannot
        // hold a segment of its own, so this one leaves none.
        let body = if room - 4 - body > 0 && room - 4 - body < 4 {
            body - 4
        } else {
            body
        };
        out.extend_from_slice(&[0xFF, 0xEF]);
        out.extend_from_slice(&u16::try_from(body + 2).unwrap_or(u16::MAX).to_be_bytes());
        for _ in 0..body {
            out.push(rng.next().to_le_bytes()[0]);
        }
        room -= body + 4;
    }
    out.extend_from_slice(&tail);
    out
}

/// Marsaglia's xorshift64: deterministic, fast, good enough for synthetic data.
pub struct XorShift(pub u64);

impl XorShift {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform in `0..n` (n > 0; the modulo bias is irrelevant for demo data).
    pub fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % n as u64).unwrap_or(0)
    }

    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}
