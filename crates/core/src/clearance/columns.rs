//! The clearance fields the exports add after the SPEC's (issue 15 points 1 and 3).
//!
//! The SPEC's CSV columns stay first and unchanged; a survey with a load profile, or with
//! any measurement holding readings or a wire temperature, gets these columns after them:
//!
//! ```text
//! Clearance (m),Bound,Method,Margin (m),Status,Readings,Wire Temp (C),Wire Time,Sag
//! ```
//!
//! GeoJSON properties and KML `ExtendedData` carry the same fields under camelCase keys
//! (`clearanceM`, `bound`, `method`, `marginM`, `status`, `readings`, `wireTempC`,
//! `wireTime`, `sag`). Figures are metres with 3 decimals (SPEC §9's height format).
//! `Bound` is empty for a measured clearance, `>=` for a pole pass, `<` for a strike (ASCII,
//! so any spreadsheet reads it). `Readings` lists every reading: `left laser 4.910; right
//! pole strike <5.300`, a weak laser target marked `(weak)`.

use super::LoadProfile;
use super::margin::{Assessment, assess};
use super::readings::{Bound, SagCheck};
use crate::export::number::{decimals, push_fixed};
use crate::survey::{Measurement, SurveyData};

/// The extra CSV header cells, each preceded by its comma.
pub const CSV_HEADER_EXTRA: &str =
    ",Clearance (m),Bound,Method,Margin (m),Status,Readings,Wire Temp (C),Wire Time,Sag";

/// Whether an export of this survey carries the clearance fields.
pub fn applies(data: &SurveyData) -> bool {
    data.survey.fields.load_profile.is_some()
        || data
            .measurements
            .iter()
            .any(|m| m.readings.is_some() || m.wire_temp_c.is_some())
}

/// One clearance field's value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// Metres (or °C), written with 3 decimals (°C with 1).
    Number(f64, usize),
    Text(String),
    None,
}

fn ascii_sign(b: Bound) -> &'static str {
    match b {
        Bound::Measured => "",
        Bound::AtLeast => ">=",
        Bound::Below => "<",
    }
}

fn sag_text(s: SagCheck) -> String {
    match s {
        SagCheck::NotWire | SagCheck::NoMoveTemperature | SagCheck::Ok => String::new(),
        SagCheck::Missing => "temperature and time required".into(),
        SagCheck::Flagged { cooler_by_c } => {
            let mut t = b"sag: surveyed ".to_vec();
            push_fixed(&mut t, cooler_by_c, 1);
            t.extend_from_slice(" °C cooler than the move".as_bytes());
            String::from_utf8_lossy(&t).into_owned()
        }
    }
}

/// The readings as one text: `left laser 4.910; right pole strike <5.300`.
pub fn readings_text(m: &Measurement) -> String {
    let Some(readings) = m.readings.as_deref() else {
        return String::new();
    };
    let mut out = Vec::new();
    for (i, r) in readings.iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(b"; ");
        }
        if !r.lane.is_empty() {
            out.extend_from_slice(r.lane.as_bytes());
            out.push(b' ');
        }
        out.extend_from_slice(r.method.label().as_bytes());
        out.push(b' ');
        out.extend_from_slice(ascii_sign(r.method.bound()).as_bytes());
        push_fixed(&mut out, r.height_m, decimals::HEIGHT);
        if r.weak {
            out.extend_from_slice(b" (weak)");
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The fields of one measurement, in column order, with their property keys.
pub fn fields(m: &Measurement, load: Option<&LoadProfile>) -> [(&'static str, Value); 9] {
    let a: Option<Assessment> = assess(m, load);
    let text = |s: String| {
        if s.is_empty() {
            Value::None
        } else {
            Value::Text(s)
        }
    };
    [
        (
            "clearanceM",
            a.as_ref().map_or(Value::None, |a| {
                Value::Number(a.clearance_m, decimals::HEIGHT)
            }),
        ),
        (
            "bound",
            text(
                a.as_ref()
                    .map(|a| ascii_sign(a.bound).to_owned())
                    .unwrap_or_default(),
            ),
        ),
        (
            "method",
            text(
                a.as_ref()
                    .and_then(|a| a.method)
                    .map(|m| m.label().to_owned())
                    .unwrap_or_default(),
            ),
        ),
        (
            "marginM",
            a.as_ref()
                .and_then(|a| a.margin_m)
                .map_or(Value::None, |v| Value::Number(v, decimals::HEIGHT)),
        ),
        (
            "status",
            text(
                a.as_ref()
                    .and_then(|a| a.status)
                    .map(|s| s.label().to_owned())
                    .unwrap_or_default(),
            ),
        ),
        ("readings", text(readings_text(m))),
        (
            "wireTempC",
            m.wire_temp_c.map_or(Value::None, |t| Value::Number(t, 1)),
        ),
        ("wireTime", text(m.wire_time.clone().unwrap_or_default())),
        ("sag", text(sag_text(super::readings::sag_check(m, load)))),
    ]
}

/// Appends the extra CSV cells of a measurement, each preceded by its comma.
pub fn push_csv_cells(buf: &mut Vec<u8>, m: &Measurement, load: Option<&LoadProfile>) {
    for (key, value) in fields(m, load) {
        buf.push(b',');
        match value {
            Value::Number(v, places) => push_fixed(buf, v, places),
            Value::Text(t) if key == "readings" || key == "sag" => {
                crate::export::csv::push_note_cell(buf, &t);
            }
            Value::Text(t) => crate::export::csv::push_text_cell(buf, &t),
            Value::None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clearance::{Reading, ReadingMethod};

    #[test]
    fn fields_of_a_tight_pole_pass_with_lanes() {
        let load = LoadProfile {
            height_m: Some(4.6),
            ..Default::default()
        };
        let m = Measurement {
            readings: Some(vec![
                Reading {
                    lane: "left".into(),
                    method: ReadingMethod::Laser,
                    height_m: 4.91,
                    weak: true,
                },
                Reading {
                    lane: "right".into(),
                    method: ReadingMethod::PolePass,
                    height_m: 4.8,
                    weak: false,
                },
            ]),
            ..Default::default()
        };
        let mut buf = Vec::new();
        push_csv_cells(&mut buf, &m, Some(&load));
        assert_eq!(
            String::from_utf8(buf).unwrap(),
            ",4.800,>=,pole pass,0.050,Tight,left laser 4.910 (weak); right pole pass >=4.800,,,"
        );
    }

    #[test]
    fn a_cold_wire_is_flagged_in_the_sag_cell() {
        let load = LoadProfile {
            height_m: Some(4.0),
            move_temp_c: Some(30.0),
            ..Default::default()
        };
        let m = Measurement {
            poi_type: "wire".into(),
            height_m: Some(6.0),
            wire_temp_c: Some(12.0),
            wire_time: Some("05:40".into()),
            ..Default::default()
        };
        let f = fields(&m, Some(&load));
        assert_eq!(
            f[8].1,
            Value::Text("sag: surveyed 18.0 °C cooler than the move".into())
        );
        assert_eq!(f[4].1, Value::Text("Pass".into()));
    }
}
