//! The margin of a clearance against the load, and its status (issue 15 point 1).
//!
//! margin = clearance − load height − buffer (review §2). Status:
//!
//! - **Fail**: the margin is below zero, or a reading is a pole strike (the pole is set
//!   just above the load, so a strike means the load would touch);
//! - **Tight**: the margin is from zero up to (not including) the Tight band;
//! - **Pass**: the margin is at least the Tight band.
//!
//! The margin is rounded to 0.1 mm before it is compared, so that `4.90 − 4.60 − 0.15`
//! is exactly the 0.15 m band and not a hair above or below it.

use serde::Serialize;

use super::LoadProfile;
use super::readings::{Bound, ReadingMethod, SagCheck, any_strike, clearance_of, sag_check};
use crate::survey::Measurement;

/// Pass, Tight or Fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum ClearanceStatus {
    Pass,
    Tight,
    Fail,
}

impl ClearanceStatus {
    /// The word shown and exported.
    pub fn label(self) -> &'static str {
        match self {
            Self::Pass => "Pass",
            Self::Tight => "Tight",
            Self::Fail => "Fail",
        }
    }
}

/// A measurement judged against the load.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Assessment {
    /// The clearance: the lowest reading, or the height.
    pub clearance_m: f64,
    /// What the clearance figure proves.
    pub bound: Bound,
    /// How the lowest reading was taken (none for a plain height).
    pub method: Option<ReadingMethod>,
    /// clearance − load height − buffer, in metres; none without a load height.
    pub margin_m: Option<f64>,
    /// None without a load height.
    pub status: Option<ClearanceStatus>,
    /// The wire-sag check.
    pub sag: SagCheck,
}

/// The margin from a clearance, the load height and the buffer, rounded to 0.1 mm.
///
/// ```
/// use clearway_core::clearance::margin::margin_m;
/// assert_eq!(margin_m(4.90, 4.60, 0.15), 0.15);
/// assert_eq!(margin_m(4.70, 4.60, 0.15), -0.05);
/// ```
pub fn margin_m(clearance_m: f64, load_height_m: f64, buffer_m: f64) -> f64 {
    ((clearance_m - load_height_m - buffer_m) * 10_000.0).round() / 10_000.0
}

/// The status of a margin against a Tight band.
///
/// ```
/// use clearway_core::clearance::{ClearanceStatus, margin::status_of};
/// assert_eq!(status_of(-0.01, 0.15), ClearanceStatus::Fail);
/// assert_eq!(status_of(0.0, 0.15), ClearanceStatus::Tight);
/// assert_eq!(status_of(0.15, 0.15), ClearanceStatus::Pass);
/// ```
pub fn status_of(margin_m: f64, tight_band_m: f64) -> ClearanceStatus {
    if margin_m < 0.0 {
        ClearanceStatus::Fail
    } else if margin_m < tight_band_m {
        ClearanceStatus::Tight
    } else {
        ClearanceStatus::Pass
    }
}

/// Judges a measurement against the survey's load. None when the measurement has no
/// clearance (no height and no reading).
///
/// ```
/// use clearway_core::clearance::{assess, ClearanceStatus, LoadProfile};
/// use clearway_core::survey::Measurement;
/// let load = LoadProfile { height_m: Some(4.60), ..Default::default() };
/// let m = Measurement { height_m: Some(4.85), ..Default::default() };
/// let a = assess(&m, Some(&load)).unwrap();
/// assert_eq!(a.margin_m, Some(0.1));
/// assert_eq!(a.status, Some(ClearanceStatus::Tight));
/// ```
pub fn assess(m: &Measurement, load: Option<&LoadProfile>) -> Option<Assessment> {
    let (clearance_m, bound, method) = clearance_of(m)?;
    let load_height = load.and_then(|l| l.height_m.map(|h| (l, h)));
    let (margin, status) = match load_height {
        Some((l, h)) => {
            let margin = margin_m(clearance_m, h, l.buffer_m);
            let status = if any_strike(m) {
                ClearanceStatus::Fail
            } else {
                status_of(margin, l.tight_band_m)
            };
            (Some(margin), Some(status))
        }
        None => (None, None),
    };
    Some(Assessment {
        clearance_m,
        bound,
        method,
        margin_m: margin,
        status,
        sag: sag_check(m, load),
    })
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // exact figures: defaults, and margins rounded to 0.1 mm
mod tests {
    use super::*;
    use crate::clearance::Reading;

    fn load(h: f64) -> LoadProfile {
        LoadProfile {
            height_m: Some(h),
            ..Default::default()
        }
    }

    #[test]
    fn the_three_statuses_from_the_defaults() {
        let at = |c: f64| {
            let m = Measurement {
                height_m: Some(c),
                ..Default::default()
            };
            assess(&m, Some(&load(4.60))).unwrap().status.unwrap()
        };
        // Load 4.60 + buffer 0.15 = 4.75: below fails, up to 4.90 is tight.
        assert_eq!(at(4.74), ClearanceStatus::Fail);
        assert_eq!(at(4.75), ClearanceStatus::Tight);
        assert_eq!(at(4.899), ClearanceStatus::Tight);
        assert_eq!(at(4.90), ClearanceStatus::Pass);
    }

    #[test]
    fn the_tight_band_and_buffer_are_settable() {
        let l = LoadProfile {
            height_m: Some(4.0),
            buffer_m: 0.3,
            tight_band_m: 0.5,
            ..Default::default()
        };
        let m = Measurement {
            height_m: Some(4.7),
            ..Default::default()
        };
        let a = assess(&m, Some(&l)).unwrap();
        assert_eq!(a.margin_m, Some(0.4));
        assert_eq!(a.status, Some(ClearanceStatus::Tight));
    }

    #[test]
    fn a_pole_strike_fails_whatever_the_figure() {
        let m = Measurement {
            readings: Some(vec![
                Reading {
                    lane: "left".into(),
                    method: ReadingMethod::Laser,
                    height_m: 5.0,
                    weak: false,
                },
                Reading {
                    lane: "right".into(),
                    method: ReadingMethod::PoleStrike,
                    height_m: 5.3,
                    weak: false,
                },
            ]),
            ..Default::default()
        };
        let a = assess(&m, Some(&load(4.0))).unwrap();
        assert_eq!(a.clearance_m, 5.0);
        assert_eq!(a.status, Some(ClearanceStatus::Fail));
    }

    #[test]
    fn without_a_load_height_there_is_a_clearance_but_no_margin() {
        let m = Measurement {
            height_m: Some(5.0),
            ..Default::default()
        };
        let a = assess(&m, None).unwrap();
        assert_eq!((a.margin_m, a.status), (None, None));
        assert!(assess(&Measurement::default(), Some(&load(4.0))).is_none());
    }
}
