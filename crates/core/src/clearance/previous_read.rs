//! Reading the previous survey (issue 15 point 6) from what the app and the CLI export:
//!
//! - a **backup** (zip, `docs/backup-format.md`), through [`crate::backup::read::BackupReader`];
//! - the **JSON export** (`{"survey": …, "measurements": [...], …}`) or a bare array of
//!   measurements, through the record model's lenient serde path;
//! - a **SPEC CSV** (SPEC §9 columns, header row first, RFC 4180 quoting): the columns are
//!   found by their header, so the clearance columns after the SPEC's may be there or not.
//!   The clearance is `Clearance (m)` when that cell is filled (the lowest reading), else
//!   `Height (m)`. A formula guard (`'` before `=`, `+`, `-`, `@`) is taken off text cells.
//!
//! The kind is told by the bytes: `PK` starts a zip, `{` or `[` (after blanks and a BOM) a
//! JSON document, anything else is read as CSV. The result is [`PreviousPoi`]s: the POIs
//! with a type, a position and a clearance.

use std::io::Cursor;

use super::previous::{PreviousPoi, previous_pois};
use crate::backup::read::BackupReader;
use crate::export::naming::poi_identifier_of;
use crate::survey::Measurement;

/// Why a previous survey cannot be used. Each text is what the user sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PreviousError {
    #[error("{0}")]
    Backup(String),
    #[error("The previous survey's JSON is not valid: {0}")]
    Json(String),
    #[error("The previous survey's CSV has no {0} column")]
    MissingColumn(&'static str),
    #[error("The previous survey's CSV, line {line}: {column} {value:?} is not a number")]
    BadNumber {
        line: usize,
        column: &'static str,
        value: String,
    },
    #[error("The previous survey's CSV has an unclosed quote from line {0}")]
    UnclosedQuote(usize),
    #[error("The previous survey has no POI with a type, a position and a clearance")]
    NoPois,
}

/// Reads a previous survey's comparable POIs from a backup, a JSON export or a CSV.
///
/// ```
/// use clearway_core::clearance::previous_read::read_previous;
/// let csv = "Latitude,Longitude,POI Type,Height (m)\r\n52.000100,5.000000,bridge,4.900\r\n";
/// let pois = read_previous(csv.as_bytes()).unwrap();
/// assert_eq!((pois[0].poi_type.as_str(), pois[0].clearance_m), ("bridge", 4.9));
/// ```
pub fn read_previous(bytes: &[u8]) -> Result<Vec<PreviousPoi>, PreviousError> {
    let pois = if bytes.starts_with(b"PK") {
        let mut reader = BackupReader::open(Cursor::new(bytes))
            .map_err(|e| PreviousError::Backup(e.to_string()))?;
        let data = reader
            .read_data()
            .map_err(|e| PreviousError::Backup(e.to_string()))?;
        previous_pois(&data.measurements)
    } else {
        let text = String::from_utf8_lossy(bytes);
        let text = text.trim_start_matches('\u{feff}');
        match text.trim_start().as_bytes().first() {
            Some(b'{' | b'[') => previous_pois(&json_measurements(text)?),
            _ => csv_pois(text)?,
        }
    };
    if pois.is_empty() {
        return Err(PreviousError::NoPois);
    }
    Ok(pois)
}

fn json_measurements(text: &str) -> Result<Vec<Measurement>, PreviousError> {
    let json = |e: serde_json::Error| PreviousError::Json(e.to_string());
    let value: serde_json::Value = serde_json::from_str(text).map_err(json)?;
    let list = match value {
        serde_json::Value::Object(mut doc) => doc
            .remove("measurements")
            .ok_or_else(|| PreviousError::Json("it has no \"measurements\" list".into()))?,
        list => list,
    };
    serde_json::from_value(list).map_err(json)
}

/// Splits CSV text into records of cells (RFC 4180), each with the line it starts on.
fn csv_records(text: &str) -> Result<Vec<(usize, Vec<String>)>, PreviousError> {
    let mut records = Vec::new();
    let (mut cells, mut cell) = (Vec::new(), String::new());
    let (mut line, mut start, mut quoted) = (1, 1, false);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                cell.push('"');
            }
            (true, '"') => quoted = false,
            (false, '"') if cell.is_empty() => quoted = true,
            (false, ',') => cells.push(std::mem::take(&mut cell)),
            (false, '\r') if chars.peek() == Some(&'\n') => {}
            (false, '\n' | '\r') => {
                cells.push(std::mem::take(&mut cell));
                records.push((start, std::mem::take(&mut cells)));
                line += 1;
                start = line;
            }
            (_, c) => {
                if c == '\n' {
                    line += 1;
                }
                cell.push(c);
            }
        }
    }
    if quoted {
        return Err(PreviousError::UnclosedQuote(start));
    }
    if !cell.is_empty() || !cells.is_empty() {
        cells.push(cell);
        records.push((start, cells));
    }
    Ok(records)
}

fn unguard(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(['=', '+', '-', '@', '\t', '\r']) => rest,
        _ => cell,
    }
}

fn csv_pois(text: &str) -> Result<Vec<PreviousPoi>, PreviousError> {
    let mut records = csv_records(text)?.into_iter();
    let header = records.next().map(|(_, h)| h).unwrap_or_default();
    let find = |name: &'static str| header.iter().position(|h| h.trim() == name);
    let need = |name: &'static str| find(name).ok_or(PreviousError::MissingColumn(name));
    let (lat, lon, kind) = (need("Latitude")?, need("Longitude")?, need("POI Type")?);
    let height = need("Height (m)")?;
    let (clearance, road, number) = (find("Clearance (m)"), find("Road"), find("POI Number"));
    let mut pois = Vec::new();
    for (line, cells) in records {
        let cell = |i: Option<usize>| i.and_then(|i| cells.get(i)).map_or("", |c| c.trim());
        let num = |i: usize, column: &'static str| -> Result<Option<f64>, PreviousError> {
            let v = cell(Some(i));
            if v.is_empty() {
                return Ok(None);
            }
            match v.parse::<f64>() {
                Ok(n) if n.is_finite() => Ok(Some(n)),
                _ => Err(PreviousError::BadNumber {
                    line,
                    column,
                    value: v.to_owned(),
                }),
            }
        };
        if cells.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        let latitude = num(lat, "Latitude")?;
        let longitude = num(lon, "Longitude")?;
        let measured = match clearance {
            Some(i) if !cell(Some(i)).is_empty() => num(i, "Clearance (m)")?,
            _ => num(height, "Height (m)")?,
        };
        let poi_type = unguard(cell(Some(kind))).trim();
        let (Some(latitude), Some(longitude), Some(clearance_m)) = (latitude, longitude, measured)
        else {
            continue;
        };
        if poi_type.is_empty() {
            continue;
        }
        let road_text = unguard(cell(road));
        let poi_number = cell(number).parse::<u32>().ok();
        pois.push(PreviousPoi {
            label: poi_identifier_of((!road_text.is_empty()).then_some(road_text), poi_number),
            poi_type: poi_type.to_owned(),
            latitude,
            longitude,
            clearance_m,
        });
    }
    Ok(pois)
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // figures read from text: exact values are the point
mod tests {
    use super::*;
    use crate::export::csv::survey_csv_document;
    use crate::survey::SurveyData;

    #[test]
    fn the_spec_csv_round_trips_with_its_clearance_columns() {
        let measurements = r#"[
            {"id": "a", "poi_type": "bridge", "latitude": 52.0, "longitude": 5.0,
             "rel": 5.3, "roadNumber": "A7", "poiNumber": 3, "note": "low, \"old\"",
             "readings": [{"lane": "left", "method": "tape", "heightM": 5.1}]},
            {"id": "b", "poi_type": "wire", "rel": 6.0}
        ]"#;
        let survey = r#"{"id": "s", "loadProfile": {"heightM": 4.2}}"#;
        let data = SurveyData::from_json_parts(survey, measurements, "[]", "[]", "[]").unwrap();
        let csv = survey_csv_document(&data);
        let pois = read_previous(&csv).unwrap();
        assert_eq!(
            pois,
            vec![PreviousPoi {
                label: "A7-POI00003".into(),
                poi_type: "bridge".into(),
                latitude: 52.0,
                longitude: 5.0,
                clearance_m: 5.1,
            }]
        );
    }

    #[test]
    fn a_backup_written_by_the_backup_writer_gives_its_pois() {
        // Three measurements: a bridge whose lowest lane reading (4.95) is under its height,
        // a wire with a height only, and a sign with no position (not comparable).
        let measurements = r#"[
            {"id": "a", "poi_type": "bridge", "latitude": 45.5, "longitude": -73.6,
             "rel": 5.2, "roadNumber": "20", "poiNumber": 7,
             "readings": [{"lane": "left", "method": "laser", "heightM": 5.05},
                          {"lane": "right", "method": "tape", "heightM": 4.95}]},
            {"id": "b", "poi_type": "wire", "latitude": 45.51, "longitude": -73.6,
             "rel": 6.1, "roadNumber": "20", "poiNumber": 8},
            {"id": "c", "poi_type": "sign", "rel": 5.0}
        ]"#;
        let data =
            SurveyData::from_json_parts(r#"{"id": "s"}"#, measurements, "[]", "[]", "[]").unwrap();
        let writer =
            crate::backup::write::BackupWriter::new(Vec::new(), &data, "2026-07-01T08:00:00Z")
                .unwrap();
        let zip = writer.finish().unwrap();
        assert!(zip.starts_with(b"PK"), "a zip archive");
        let pois = read_previous(&zip).unwrap();
        assert_eq!(
            pois,
            vec![
                PreviousPoi {
                    label: "R020-POI00007".into(),
                    poi_type: "bridge".into(),
                    latitude: 45.5,
                    longitude: -73.6,
                    clearance_m: 4.95,
                },
                PreviousPoi {
                    label: "R020-POI00008".into(),
                    poi_type: "wire".into(),
                    latitude: 45.51,
                    longitude: -73.6,
                    clearance_m: 6.1,
                },
            ]
        );
    }

    #[test]
    fn json_export_and_bare_array() {
        let doc = r#"{"survey": {}, "measurements": [{"id": "a", "poi_type": "bridge",
            "latitude": 52, "longitude": 5, "rel": "4.5"}]}"#;
        assert_eq!(read_previous(doc.as_bytes()).unwrap()[0].clearance_m, 4.5);
        let list = r#"[{"id": "a", "poi_type": "wire", "latitude": 52, "longitude": 5, "rel": 6}]"#;
        assert_eq!(read_previous(list.as_bytes()).unwrap()[0].poi_type, "wire");
    }

    #[test]
    fn bad_input_gets_a_clear_error() {
        let missing = read_previous(b"Latitude,Longitude,Height (m)\r\n1,2,3\r\n");
        assert_eq!(missing, Err(PreviousError::MissingColumn("POI Type")));
        let bad = read_previous(
            b"Latitude,Longitude,POI Type,Height (m)\r\n52,5,bridge,4.9\r\n52,x,bridge,4\r\n",
        );
        assert_eq!(
            bad.unwrap_err().to_string(),
            "The previous survey's CSV, line 3: Longitude \"x\" is not a number"
        );
        assert_eq!(
            read_previous(b"Latitude,Longitude,POI Type,Height (m)\r\n52,5,\"bridge,4\r\n"),
            Err(PreviousError::UnclosedQuote(2))
        );
        assert_eq!(read_previous(b"[]"), Err(PreviousError::NoPois));
        assert!(matches!(
            read_previous(b"{oops"),
            Err(PreviousError::Json(_))
        ));
        assert_eq!(
            read_previous(b"PK\x03\x04rubbish").unwrap_err().to_string(),
            "The backup is damaged: it is a zip archive cut short: its directory at the end is missing"
        );
    }
}
