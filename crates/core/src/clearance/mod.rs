//! The clearance workflow (issue 15): the load a survey is made for, and each clearance
//! judged against it.
//!
//! - [`LoadProfile`]: the load's height, width and length, the required buffer (default
//!   0.15 m), the Tight band (default 0.15 m) and the planned move temperature.
//! - [`margin`]: margin = clearance − load height − buffer, and the status Pass / Tight /
//!   Fail of a measurement.
//! - [`readings`]: readings per lane with their method (laser, pole pass ≥, pole strike <,
//!   tape, manual); the height is the lowest reading; wire temperature and the sag flag.
//! - [`units`]: metres or feet-and-inches for display; clearances rounded down, load
//!   heights rounded up, so that rounding never flatters a margin. Storage stays metric.
//! - [`columns`]: the clearance columns and properties the exports add after the SPEC's.

pub mod columns;
#[cfg(test)]
mod export_tests;
pub mod margin;
pub mod previous;
pub mod previous_read;
pub mod readings;
pub mod units;

use serde::{Deserialize, Serialize};

use crate::survey::lenient;

pub use margin::{Assessment, ClearanceStatus, assess};
pub use readings::{Bound, Reading, ReadingMethod, SagCheck};
pub use units::{UnitSystem, format_clearance, format_load_height};

/// The required buffer between the load's top and the structure, in metres (6 in).
pub const DEFAULT_BUFFER_M: f64 = 0.15;
/// The band above the buffer in which a clearance is Tight rather than Pass, in metres.
pub const DEFAULT_TIGHT_BAND_M: f64 = 0.15;
/// How much cooler than the planned move a wire may be surveyed before it is flagged for
/// sag, in °C (the review's 10 °F, rounded to the issue's 5 °C).
pub const DEFAULT_SAG_DELTA_C: f64 = 5.0;

/// The load a survey is made for, kept on the survey as `loadProfile`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields))]
#[serde(rename_all = "camelCase")]
pub struct LoadProfile {
    /// The load's height above the road, in metres.
    #[serde(
        default,
        deserialize_with = "lenient::number",
        skip_serializing_if = "Option::is_none"
    )]
    pub height_m: Option<f64>,
    /// The load's width, in metres.
    #[serde(
        default,
        deserialize_with = "lenient::number",
        skip_serializing_if = "Option::is_none"
    )]
    pub width_m: Option<f64>,
    /// The load's length, in metres.
    #[serde(
        default,
        deserialize_with = "lenient::number",
        skip_serializing_if = "Option::is_none"
    )]
    pub length_m: Option<f64>,
    /// The required buffer above the load, in metres.
    #[serde(default = "buffer", deserialize_with = "number_or_buffer")]
    pub buffer_m: f64,
    /// A margin from 0 up to this many metres is Tight.
    #[serde(default = "tight_band", deserialize_with = "number_or_tight")]
    pub tight_band_m: f64,
    /// The temperature expected on the day of the move, in °C (for the wire-sag flag).
    #[serde(
        default,
        deserialize_with = "lenient::number",
        skip_serializing_if = "Option::is_none"
    )]
    pub move_temp_c: Option<f64>,
    /// A wire surveyed more than this many °C cooler than the move is flagged for sag.
    #[serde(default = "sag_delta", deserialize_with = "number_or_sag")]
    pub sag_delta_c: f64,
}

fn buffer() -> f64 {
    DEFAULT_BUFFER_M
}
fn tight_band() -> f64 {
    DEFAULT_TIGHT_BAND_M
}
fn sag_delta() -> f64 {
    DEFAULT_SAG_DELTA_C
}
fn number_or_buffer<'de, D: serde::Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    Ok(lenient::number(d)?
        .filter(|v| *v >= 0.0)
        .unwrap_or(DEFAULT_BUFFER_M))
}
fn number_or_tight<'de, D: serde::Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    Ok(lenient::number(d)?
        .filter(|v| *v >= 0.0)
        .unwrap_or(DEFAULT_TIGHT_BAND_M))
}
fn number_or_sag<'de, D: serde::Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    Ok(lenient::number(d)?
        .filter(|v| *v >= 0.0)
        .unwrap_or(DEFAULT_SAG_DELTA_C))
}

impl Default for LoadProfile {
    fn default() -> Self {
        serde_json::from_str("{}").unwrap_or_else(|_| unreachable!("every field has a default"))
    }
}

/// Why a load profile cannot be saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum LoadProfileError {
    #[error("Load height must be a positive number of metres")]
    Height,
    #[error("Load width must be a positive number of metres")]
    Width,
    #[error("Load length must be a positive number of metres")]
    Length,
    #[error("Buffer must be zero or more metres")]
    Buffer,
    #[error("Tight band must be zero or more metres")]
    TightBand,
}

impl LoadProfile {
    /// Checks the figures a user typed: dimensions positive when given, buffer and band
    /// zero or more.
    ///
    /// ```
    /// use clearway_core::clearance::{LoadProfile, LoadProfileError};
    /// let p = LoadProfile { height_m: Some(-1.0), ..Default::default() };
    /// assert_eq!(p.validate(), Err(LoadProfileError::Height));
    /// assert_eq!(LoadProfile::default().buffer_m, 0.15);
    /// ```
    pub fn validate(&self) -> Result<(), LoadProfileError> {
        let bad = |v: Option<f64>| v.is_some_and(|v| !(v.is_finite() && v > 0.0));
        if bad(self.height_m) {
            return Err(LoadProfileError::Height);
        }
        if bad(self.width_m) {
            return Err(LoadProfileError::Width);
        }
        if bad(self.length_m) {
            return Err(LoadProfileError::Length);
        }
        if !(self.buffer_m.is_finite() && self.buffer_m >= 0.0) {
            return Err(LoadProfileError::Buffer);
        }
        if !(self.tight_band_m.is_finite() && self.tight_band_m >= 0.0) {
            return Err(LoadProfileError::TightBand);
        }
        Ok(())
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // exact figures: defaults, and margins rounded to 0.1 mm
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn defaults_apply_and_a_round_trip_keeps_the_figures() {
        let p: LoadProfile = serde_json::from_value(json!({"heightM": "4.6"})).unwrap();
        assert_eq!(p.height_m, Some(4.6));
        assert_eq!(p.buffer_m, 0.15);
        assert_eq!(p.tight_band_m, 0.15);
        assert_eq!(p.sag_delta_c, 5.0);
        let back: LoadProfile = serde_json::from_value(serde_json::to_value(&p).unwrap()).unwrap();
        assert_eq!(back, p);
    }

    #[test]
    fn a_null_or_negative_buffer_falls_back_to_the_default() {
        let p: LoadProfile =
            serde_json::from_value(json!({"bufferM": null, "tightBandM": -1})).unwrap();
        assert_eq!((p.buffer_m, p.tight_band_m), (0.15, 0.15));
    }

    #[test]
    fn validation_names_the_bad_figure() {
        let p = LoadProfile {
            width_m: Some(0.0),
            ..Default::default()
        };
        assert_eq!(
            p.validate().unwrap_err().to_string(),
            "Load width must be a positive number of metres"
        );
        assert_eq!(LoadProfile::default().validate(), Ok(()));
    }
}
