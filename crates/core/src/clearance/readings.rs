//! Readings per lane and the wire-sag flag (issue 15 point 3; review §1–2).
//!
//! A clearance POI may hold several readings (left edge, centre, right edge, lane n), each
//! with how it was taken. The POI's height is the **lowest** reading: the load passes under
//! the lowest point across the lanes it uses (WSDOT). The method says whether that figure is
//! a measurement or a bound:
//!
//! | method       | stored as    | means                          |
//! |--------------|--------------|--------------------------------|
//! | `laser`      | `laser`      | measured                       |
//! | pole pass    | `polePass`   | clearance ≥ pole height        |
//! | pole strike  | `poleStrike` | clearance < pole height        |
//! | `tape`       | `tape`       | measured                       |
//! | `manual`     | `manual`     | typed by hand                  |
//!
//! Wires (`wire`, `powerLine`) record the air temperature and time of the reading: a wire
//! sags as it warms (CPUC GO 95: +0.024 ft per °F on a 300 ft span), so one surveyed much
//! cooler than the planned move is flagged.

use serde::{Deserialize, Serialize};

use super::LoadProfile;
use crate::survey::{Measurement, lenient};

/// How a reading was taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum ReadingMethod {
    Laser,
    PolePass,
    PoleStrike,
    Tape,
    Manual,
}

impl ReadingMethod {
    /// What a figure taken this way proves about the clearance.
    pub fn bound(self) -> Bound {
        match self {
            Self::PolePass => Bound::AtLeast,
            Self::PoleStrike => Bound::Below,
            Self::Laser | Self::Tape | Self::Manual => Bound::Measured,
        }
    }

    /// The word shown in the list, the exports and the report.
    pub fn label(self) -> &'static str {
        match self {
            Self::Laser => "laser",
            Self::PolePass => "pole pass",
            Self::PoleStrike => "pole strike",
            Self::Tape => "tape",
            Self::Manual => "manual",
        }
    }
}

/// What a figure says about the clearance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Bound {
    /// The clearance is the figure (within the instrument's accuracy).
    Measured,
    /// The clearance is at least the figure (a high pole passed under).
    AtLeast,
    /// The clearance is below the figure (a high pole struck).
    Below,
}

impl Bound {
    /// The sign written before the figure: `""`, `"≥"` or `"<"`.
    pub fn sign(self) -> &'static str {
        match self {
            Self::Measured => "",
            Self::AtLeast => "≥",
            Self::Below => "<",
        }
    }
}

/// One reading at one lane position.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields))]
#[serde(rename_all = "camelCase")]
pub struct Reading {
    /// Where across the road: `left`, `centre`, `right`, `lane 2`… (free text).
    #[serde(default, deserialize_with = "lenient::id")]
    pub lane: String,
    pub method: ReadingMethod,
    /// The figure, in metres.
    #[serde(deserialize_with = "required_number")]
    pub height_m: f64,
    /// The rangefinder reported a weak target (its quality digit).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    // Omitted when false, so optional (`#[ts(optional)]` takes only an `Option`).
    #[cfg_attr(test, ts(as = "Option<bool>", optional))]
    pub weak: bool,
}

fn required_number<'de, D: serde::Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    lenient::number(d)?.ok_or_else(|| serde::de::Error::custom("a reading needs a height"))
}

/// The lowest reading, the one that sets the POI's height (ties: the first).
///
/// ```
/// use clearway_core::clearance::{Reading, ReadingMethod, readings::lowest};
/// let r = |lane: &str, h| Reading { lane: lane.into(), method: ReadingMethod::Laser, height_m: h, weak: false };
/// let rs = [r("left", 4.91), r("centre", 5.02), r("right", 4.87)];
/// assert_eq!(lowest(&rs).unwrap().lane, "right");
/// ```
pub fn lowest(readings: &[Reading]) -> Option<&Reading> {
    readings
        .iter()
        .filter(|r| r.height_m.is_finite())
        .fold(None, |low: Option<&Reading>, r| match low {
            Some(l) if l.height_m <= r.height_m => Some(l),
            _ => Some(r),
        })
}

/// The clearance a measurement stands for: its lowest reading when it has readings, else
/// its height (`rel`), measured by hand unless the record says it came from the high pole.
pub fn clearance_of(m: &Measurement) -> Option<(f64, Bound, Option<ReadingMethod>)> {
    if let Some(r) = m.readings.as_deref().and_then(lowest) {
        return Some((r.height_m, r.method.bound(), Some(r.method)));
    }
    m.height_m.map(|h| (h, Bound::Measured, None))
}

/// Whether any reading is a pole strike: the pole, set just above the load, touched.
pub fn any_strike(m: &Measurement) -> bool {
    m.readings
        .as_deref()
        .is_some_and(|rs| rs.iter().any(|r| r.method == ReadingMethod::PoleStrike))
}

/// The wire-sag check of a measurement.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    tag = "kind"
)]
pub enum SagCheck {
    /// Not a wire.
    NotWire,
    /// A wire without its temperature or time: they are required.
    Missing,
    /// A wire, but no move temperature to compare with.
    NoMoveTemperature,
    /// Surveyed no more than the allowed difference below the move temperature.
    Ok,
    /// Surveyed this many °C cooler than the planned move: it will hang lower.
    Flagged { cooler_by_c: f64 },
}

/// Whether a POI type is a wire whose sag depends on temperature.
pub fn is_wire(poi_type: &str) -> bool {
    matches!(poi_type, "wire" | "powerLine")
}

/// Checks a wire's temperature against the planned move.
///
/// ```
/// use clearway_core::clearance::{LoadProfile, SagCheck, readings::sag_check};
/// use clearway_core::survey::Measurement;
/// let load = LoadProfile { move_temp_c: Some(30.0), ..Default::default() };
/// let m = Measurement { poi_type: "wire".into(), wire_temp_c: Some(18.0),
///     wire_time: Some("06:10".into()), ..Default::default() };
/// assert_eq!(sag_check(&m, Some(&load)), SagCheck::Flagged { cooler_by_c: 12.0 });
/// ```
pub fn sag_check(m: &Measurement, load: Option<&LoadProfile>) -> SagCheck {
    if !is_wire(&m.poi_type) {
        return SagCheck::NotWire;
    }
    let (Some(temp), Some(_)) = (
        m.wire_temp_c,
        m.wire_time.as_deref().filter(|t| !t.trim().is_empty()),
    ) else {
        return SagCheck::Missing;
    };
    let Some(load) = load else {
        return SagCheck::NoMoveTemperature;
    };
    let Some(move_c) = load.move_temp_c else {
        return SagCheck::NoMoveTemperature;
    };
    let cooler = move_c - temp;
    if cooler > load.sag_delta_c {
        SagCheck::Flagged {
            cooler_by_c: cooler,
        }
    } else {
        SagCheck::Ok
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_sag_check_reaches_the_app_in_camel_case_fields_too() {
        // The app reads `coolerByC`; a snake_case field blanked its capture form once.
        let flagged = serde_json::to_value(SagCheck::Flagged { cooler_by_c: 12.0 }).unwrap();
        assert_eq!(flagged, json!({ "kind": "flagged", "coolerByC": 12.0 }));
        assert_eq!(
            serde_json::to_value(SagCheck::NoMoveTemperature).unwrap(),
            json!({ "kind": "noMoveTemperature" })
        );
    }

    fn reading(method: ReadingMethod, h: f64) -> Reading {
        Reading {
            lane: "centre".into(),
            method,
            height_m: h,
            weak: false,
        }
    }

    #[test]
    fn the_lowest_reading_sets_the_height_and_its_method_the_bound() {
        let m = Measurement {
            height_m: Some(9.0),
            readings: Some(vec![
                reading(ReadingMethod::Laser, 5.1),
                reading(ReadingMethod::PolePass, 4.8),
            ]),
            ..Default::default()
        };
        assert_eq!(
            clearance_of(&m),
            Some((4.8, Bound::AtLeast, Some(ReadingMethod::PolePass)))
        );
        assert_eq!(Bound::Below.sign(), "<");
        let plain = Measurement {
            height_m: Some(4.2),
            ..Default::default()
        };
        assert_eq!(clearance_of(&plain), Some((4.2, Bound::Measured, None)));
    }

    #[test]
    fn readings_round_trip_through_the_measurement_json() {
        let input = json!({"id": "m1", "user_id": "s1", "source": "manual", "poi_type": "wire",
            "readings": [{"lane": "left", "method": "poleStrike", "heightM": 4.9},
                         {"lane": "lane 2", "method": "laser", "heightM": 5.2, "weak": true}],
            "wireTempC": 12.5, "wireTime": "2026-07-01T05:40:00Z"});
        let m: Measurement = serde_json::from_value(input.clone()).unwrap();
        assert!(any_strike(&m));
        assert!(m.readings.as_ref().unwrap()[1].weak);
        assert_eq!(serde_json::to_value(&m).unwrap(), input);
    }

    #[test]
    fn a_reading_without_height_or_with_an_unknown_method_is_refused() {
        let no_height = json!({"readings": [{"lane": "left", "method": "laser"}]});
        assert!(serde_json::from_value::<Measurement>(no_height).is_err());
        let unknown = json!({"readings": [{"lane": "left", "method": "guess", "heightM": 4}]});
        assert!(serde_json::from_value::<Measurement>(unknown).is_err());
    }

    #[test]
    fn sag_is_flagged_only_beyond_the_allowed_difference() {
        let load = LoadProfile {
            move_temp_c: Some(25.0),
            ..Default::default()
        };
        let wire = |t: Option<f64>| Measurement {
            poi_type: "powerLine".into(),
            wire_temp_c: t,
            wire_time: Some("05:40".into()),
            ..Default::default()
        };
        assert_eq!(
            sag_check(&wire(Some(20.0)), Some(&load)),
            SagCheck::Ok,
            "exactly 5 °C"
        );
        assert_eq!(
            sag_check(&wire(Some(19.0)), Some(&load)),
            SagCheck::Flagged { cooler_by_c: 6.0 }
        );
        assert_eq!(sag_check(&wire(None), Some(&load)), SagCheck::Missing);
        assert_eq!(
            sag_check(&wire(Some(3.0)), None),
            SagCheck::NoMoveTemperature
        );
        let bridge = Measurement {
            poi_type: "bridge".into(),
            ..Default::default()
        };
        assert_eq!(sag_check(&bridge, Some(&load)), SagCheck::NotWire);
    }

    #[test]
    fn the_allowed_difference_is_settable_per_survey() {
        // Surveyed at 17 °C for a move at 25 °C: 8 °C cooler.
        let wire = Measurement {
            poi_type: "wire".into(),
            wire_temp_c: Some(17.0),
            wire_time: Some("05:40".into()),
            ..Default::default()
        };
        let default = LoadProfile {
            move_temp_c: Some(25.0),
            ..Default::default()
        };
        assert_eq!(
            sag_check(&wire, Some(&default)),
            SagCheck::Flagged { cooler_by_c: 8.0 },
            "8 °C is beyond the default 5 °C"
        );
        let wider = LoadProfile {
            sag_delta_c: 10.0,
            ..default.clone()
        };
        assert_eq!(sag_check(&wire, Some(&wider)), SagCheck::Ok, "within 10 °C");
        let narrower = LoadProfile {
            sag_delta_c: 3.0,
            ..default.clone()
        };
        let warm = Measurement {
            wire_temp_c: Some(21.0),
            ..wire.clone()
        };
        assert_eq!(sag_check(&warm, Some(&default)), SagCheck::Ok, "4 °C");
        assert_eq!(
            sag_check(&warm, Some(&narrower)),
            SagCheck::Flagged { cooler_by_c: 4.0 },
            "4 °C is beyond a 3 °C setting"
        );
        // As the app stores it on the survey.
        let stored: LoadProfile =
            serde_json::from_value(json!({"moveTempC": 25, "sagDeltaC": 10})).unwrap();
        assert_eq!(sag_check(&wire, Some(&stored)), SagCheck::Ok);
    }
}
