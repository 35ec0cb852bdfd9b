//! CSV export of measurements (SPEC §5 "Exports", §9 "Export columns", "Export number
//! formats").
//!
//! One header row, then one row per measurement, CRLF line ends, quoting per RFC 4180 (a
//! cell holding `,`, `"`, CR or LF is quoted, `"` doubled). The columns:
//!
//! ```text
//! Date,Time,Height (m),GPS Altitude (m),Latitude,Longitude,Speed (km/h),Heading (deg),Road,POI Number,POI Type,Note,Source,Width (m),Length (m),Image,Video,Drawing
//! ```
//!
//! - Numbers: height 3 decimals, GPS altitude 1, latitude/longitude 6, speed 1, heading 1,
//!   width/length 3 (JavaScript `toFixed`); POI number as an integer; empty when unknown.
//! - Note: commas replaced by semicolons (SPEC §5).
//! - Image, Video, Drawing: the SPEC file name of each medium the measurement has
//!   ([`super::naming::media_file_name`]), as in the zip archive; empty otherwise.
//! - Text cells that a spreadsheet would run as a formula — starting with `=`, `+`, `-`, `@`,
//!   TAB or CR — get a leading `'` (OWASP "CSV Injection"). Number cells are written by the
//!   number formatter and never altered, so `-73.567800` stays a number.

use std::io::{self, Write};

use super::MediaKind;
use super::naming::push_media_file_name;
use super::number::{decimals, push_fixed, push_u64};
use crate::clearance;
use crate::survey::{Measurement, SurveyData};

/// The header row.
pub const HEADER: &str = "Date,Time,Height (m),GPS Altitude (m),Latitude,Longitude,Speed (km/h),Heading (deg),Road,POI Number,POI Type,Note,Source,Width (m),Length (m),Image,Video,Drawing\r\n";

/// Rows are gathered into a buffer of about this size before each write.
const FLUSH_AT: usize = 1 << 16;

/// A CSV document being written: the header on creation, then a row per measurement.
pub struct CsvWriter<W: Write> {
    out: W,
    buf: Vec<u8>,
}

impl<W: Write> CsvWriter<W> {
    pub fn new(out: W) -> Self {
        let mut buf = Vec::with_capacity(FLUSH_AT + 4096);
        buf.extend_from_slice(HEADER.as_bytes());
        Self { out, buf }
    }

    /// Appends a measurement's row.
    pub fn write(&mut self, m: &Measurement) -> io::Result<()> {
        push_row(&mut self.buf, m);
        if self.buf.len() >= FLUSH_AT {
            self.out.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    /// Writes what is buffered and gives the output back.
    pub fn finish(mut self) -> io::Result<W> {
        self.out.write_all(&self.buf)?;
        self.out.flush()?;
        Ok(self.out)
    }
}

/// Writes the header and a row per measurement.
///
/// ```
/// use clearway_core::{export::csv::write_csv, survey::Measurement};
/// let m = Measurement {
///     latitude: Some(-33.86882), longitude: Some(151.20929), height_m: Some(4.2),
///     note: Some("=HYPERLINK(\"x\"), low".into()), ..Default::default()
/// };
/// let mut out = Vec::new();
/// write_csv(&mut out, &[m]).unwrap();
/// let text = String::from_utf8(out).unwrap();
/// let row = text.lines().nth(1).unwrap();
/// assert_eq!(row, r#",,4.200,,-33.868820,151.209290,,,,,,"'=HYPERLINK(""x""); low",manual,,,,,"#);
/// ```
pub fn write_csv(out: impl Write, measurements: &[Measurement]) -> io::Result<()> {
    let mut csv = CsvWriter::new(out);
    for m in measurements {
        csv.write(m)?;
    }
    csv.finish().map(drop)
}

/// The whole CSV document in memory: the header and a row per measurement, written
/// straight into one buffer (what [`write_csv`] writes, without its intermediate buffer).
///
/// ```
/// use clearway_core::{export::csv::{csv_document, write_csv}, survey::Measurement};
/// let ms = [Measurement { height_m: Some(4.25), ..Default::default() }];
/// let mut written = Vec::new();
/// write_csv(&mut written, &ms).unwrap();
/// assert_eq!(csv_document(&ms), written);
/// ```
#[must_use]
pub fn csv_document(measurements: &[Measurement]) -> Vec<u8> {
    let mut buf = Vec::with_capacity(HEADER.len() + measurements.len() * 160);
    buf.extend_from_slice(HEADER.as_bytes());
    for m in measurements {
        push_row(&mut buf, m);
    }
    buf
}

/// The rows of `measurements` without the header: what the app appends to a survey's
/// running CSV as each measurement is saved (its header is [`HEADER`]).
///
/// ```
/// use clearway_core::{export::csv::{csv_rows, HEADER}, survey::Measurement};
/// let m = Measurement { height_m: Some(4.25), note: Some("low, wet".into()), ..Default::default() };
/// let rows = String::from_utf8(csv_rows(&[m])).unwrap();
/// assert_eq!(rows, ",,4.250,,,,,,,,,low; wet,manual,,,,,\r\n");
/// assert!(!rows.contains(HEADER));
/// ```
#[must_use]
pub fn csv_rows(measurements: &[Measurement]) -> Vec<u8> {
    let mut buf = Vec::with_capacity(measurements.len() * 160);
    for m in measurements {
        push_row(&mut buf, m);
    }
    buf
}

/// The CSV export of a whole survey: the SPEC's columns, then, when the survey carries
/// clearance data ([`crate::clearance::columns::applies`]), the clearance columns after them.
///
/// ```
/// use clearway_core::{clearance::LoadProfile, export::csv::{survey_csv_document, HEADER}};
/// use clearway_core::survey::{Measurement, SurveyData};
/// let mut data = SurveyData::default();
/// data.measurements.push(Measurement { height_m: Some(4.85), ..Default::default() });
/// assert!(survey_csv_document(&data).starts_with(HEADER.as_bytes()), "no load: SPEC columns only");
/// data.survey.fields.load_profile = Some(LoadProfile { height_m: Some(4.6), ..Default::default() });
/// let text = String::from_utf8(survey_csv_document(&data)).unwrap();
/// assert!(text.starts_with(HEADER.trim_end()));
/// assert!(text.lines().nth(1).unwrap().ends_with(",manual,,,,,,4.850,,,0.100,Tight,,,,"));
/// ```
#[must_use]
pub fn survey_csv_document(data: &SurveyData) -> Vec<u8> {
    if !clearance::columns::applies(data) {
        return csv_document(&data.measurements);
    }
    let load = data.survey.fields.load_profile.as_ref();
    let mut buf = Vec::with_capacity(HEADER.len() + data.measurements.len() * 220);
    buf.extend_from_slice(HEADER.trim_end().as_bytes());
    buf.extend_from_slice(clearance::columns::CSV_HEADER_EXTRA.as_bytes());
    buf.extend_from_slice(b"\r\n");
    for m in &data.measurements {
        push_spec_cells(&mut buf, m);
        clearance::columns::push_csv_cells(&mut buf, m, load);
        buf.extend_from_slice(b"\r\n");
    }
    buf
}

/// Writes [`survey_csv_document`].
pub fn write_survey_csv(mut out: impl Write, data: &SurveyData) -> io::Result<()> {
    out.write_all(&survey_csv_document(data))?;
    out.flush()
}

fn push_row(buf: &mut Vec<u8>, m: &Measurement) {
    push_spec_cells(buf, m);
    buf.extend_from_slice(b"\r\n");
}

fn push_spec_cells(buf: &mut Vec<u8>, m: &Measurement) {
    let number = |buf: &mut Vec<u8>, v: Option<f64>, d: usize| {
        if let Some(v) = v {
            push_fixed(buf, v, d);
        }
        buf.push(b',');
    };
    push_text_cell(buf, m.utc_date.as_deref().unwrap_or(""));
    buf.push(b',');
    push_text_cell(buf, m.utc_time.as_deref().unwrap_or(""));
    buf.push(b',');
    number(buf, m.height_m, decimals::HEIGHT);
    number(buf, m.alt_gps_m, decimals::GPS_ALTITUDE);
    number(buf, m.latitude, decimals::LAT_LON);
    number(buf, m.longitude, decimals::LAT_LON);
    number(buf, m.speed_kmh, decimals::SPEED);
    number(buf, m.heading_deg, decimals::HEADING);
    push_text_cell(buf, m.road_number.as_deref().unwrap_or(""));
    buf.push(b',');
    if let Some(poi) = m.poi_number {
        push_u64(buf, u64::from(poi));
    }
    buf.push(b',');
    push_text_cell(buf, &m.poi_type);
    buf.push(b',');
    push_note_cell(buf, m.note.as_deref().unwrap_or(""));
    buf.push(b',');
    push_text_cell(buf, &m.source);
    buf.push(b',');
    number(buf, m.width_m, decimals::WIDTH_LENGTH);
    number(buf, m.length_m, decimals::WIDTH_LENGTH);
    for (i, kind) in MediaKind::ALL.into_iter().enumerate() {
        if i > 0 {
            buf.push(b',');
        }
        if kind.url(m).is_some() {
            // A file name is made of letters, digits, '-', '.' and '_' and starts with
            // `image_`: a text cell that needs neither a guard nor quotes.
            push_media_file_name(buf, m, kind);
        }
    }
}

/// Whether a spreadsheet would take a cell starting with this byte as a formula.
fn is_formula_start(b: u8) -> bool {
    matches!(b, b'=' | b'+' | b'-' | b'@' | b'\t' | b'\r')
}

/// Appends a text cell: formula-neutralised, then quoted if it must be.
///
/// ```
/// use clearway_core::export::csv::push_text_cell;
/// let mut out = Vec::new();
/// push_text_cell(&mut out, "-2 m, \"low\"");
/// assert_eq!(out, br#""'-2 m, ""low""""#);
/// ```
pub fn push_text_cell(buf: &mut Vec<u8>, text: &str) {
    push_cell(buf, text, false);
}

/// Appends a note: [`push_text_cell`] with every comma replaced by a semicolon (SPEC §5).
pub fn push_note_cell(buf: &mut Vec<u8>, text: &str) {
    push_cell(buf, text, true);
}

fn push_cell(buf: &mut Vec<u8>, text: &str, commas_to_semicolons: bool) {
    let bytes = text.as_bytes();
    let guard = bytes.first().is_some_and(|&b| is_formula_start(b));
    let quote = bytes
        .iter()
        .any(|&b| matches!(b, b'"' | b'\r' | b'\n') || (b == b',' && !commas_to_semicolons));
    if quote {
        buf.push(b'"');
    }
    if guard {
        buf.push(b'\'');
    }
    if !quote && !commas_to_semicolons {
        buf.extend_from_slice(bytes);
    } else {
        for &b in bytes {
            match b {
                b'"' => buf.extend_from_slice(b"\"\""),
                b',' if commas_to_semicolons => buf.push(b';'),
                b => buf.push(b),
            }
        }
    }
    if quote {
        buf.push(b'"');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// An RFC 4180 reader written for the test, independent of the writer: splits a
    /// document into rows of cells.
    fn parse(doc: &str) -> Vec<Vec<String>> {
        let (mut rows, mut row, mut cell) = (Vec::new(), Vec::new(), String::new());
        let mut chars = doc.chars().peekable();
        let mut quoted = false;
        while let Some(c) = chars.next() {
            match (quoted, c) {
                (true, '"') if chars.peek() == Some(&'"') => {
                    chars.next();
                    cell.push('"');
                }
                (true, '"') => quoted = false,
                (false, '"') if cell.is_empty() => quoted = true,
                (false, ',') => row.push(std::mem::take(&mut cell)),
                (false, '\r') if chars.peek() == Some(&'\n') => {
                    chars.next();
                    row.push(std::mem::take(&mut cell));
                    rows.push(std::mem::take(&mut row));
                }
                (_, c) => cell.push(c),
            }
        }
        rows
    }

    fn csv(ms: &[Measurement]) -> String {
        let mut out = Vec::new();
        write_csv(&mut out, ms).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_full_row_in_the_spec_formats() {
        let m = Measurement {
            id: "0a1b2c3d-rest".into(),
            utc_date: Some("2024-05-01".into()),
            utc_time: Some("08:30:12".into()),
            height_m: Some(4.2),
            alt_gps_m: Some(101.45),
            latitude: Some(45.5),
            longitude: Some(-73.567_8),
            speed_kmh: Some(42.06),
            heading_deg: Some(359.96),
            road_number: Some("12".into()),
            poi_number: Some(7),
            poi_type: "bridge".into(),
            note: Some("clear, dry".into()),
            width_m: Some(3.5),
            length_m: Some(12.0),
            image_url: Some("blob:x".into()),
            drawing_url: Some("data:image/png;base64,AA".into()),
            ..Default::default()
        };
        let rows = parse(&csv(&[m]));
        assert_eq!(rows[0].len(), 18);
        assert_eq!(rows[0][7], "Heading (deg)");
        assert_eq!(
            rows[1],
            [
                "2024-05-01",
                "08:30:12",
                "4.200",
                "101.5", // 101.45 is 101.4500000000000028 in binary
                "45.500000",
                "-73.567800",
                "42.1",  // 42.06
                "360.0", // 359.96
                "12",
                "7",
                "bridge",
                "clear; dry",
                "manual",
                "3.500",
                "12.000",
                "image_R012_POI00007_bridge_0a1b2c3d.jpg",
                "",
                "image_R012_POI00007_bridge_0a1b2c3d.png",
            ]
        );
    }

    #[test]
    fn empty_measurement_gives_empty_cells_but_the_default_source() {
        let rows = parse(&csv(&[Measurement::default()]));
        let mut want = vec![String::new(); 18];
        want[12] = "manual".into();
        assert_eq!(rows[1], want);
    }

    proptest! {
        #[test]
        fn text_cells_read_back_and_never_start_a_formula(text in "\\PC{0,12}|[=+\\-@\\t\\r\",\\n ]{1,6}") {
            let m = Measurement { note: Some(text.clone()), poi_type: text.clone(), ..Default::default() };
            let rows = parse(&csv(&[m]));
            prop_assert_eq!(rows.len(), 2);
            let (poi_type, note) = (&rows[1][10], &rows[1][11]);
            let dangerous = text.starts_with(['=', '+', '-', '@', '\t', '\r']);
            let guarded = |cell: &str| if dangerous { format!("'{cell}") } else { cell.to_owned() };
            prop_assert_eq!(poi_type, &guarded(&text));
            prop_assert_eq!(note, &guarded(&text.replace(',', ";")));
        }

        #[test]
        fn number_cells_are_never_touched(lat in -90.0f64..90.0, lon in -180.0f64..180.0, h in -5.0f64..50.0) {
            let m = Measurement { latitude: Some(lat), longitude: Some(lon), height_m: Some(h), ..Default::default() };
            let rows = parse(&csv(&[m]));
            for (cell, value, places) in [(&rows[1][4], lat, 6usize), (&rows[1][5], lon, 6), (&rows[1][2], h, 3)] {
                prop_assert!(!cell.starts_with('\''), "{}", cell);
                let read: f64 = cell.parse().unwrap();
                let half_step = 0.5 / [1.0, 10.0, 100.0, 1e3, 1e4, 1e5, 1e6][places];
                prop_assert!((read - value).abs() <= half_step + 1e-12);
                prop_assert_eq!(cell.split_once('.').map(|(_, f)| f.len()), Some(places));
            }
        }
    }
}
