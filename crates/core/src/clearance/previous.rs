//! Against the previous survey (issue 15 point 6): each POI of this survey matched with the
//! same POI of an earlier survey of the route, and the change of clearance worded.
//!
//! **Matching.** A measurement of this survey is matched with the *nearest* POI of the
//! previous survey that
//!
//! - has the same POI type (the stored type, compared trimmed and ASCII case-insensitively),
//! - lies within [`MATCH_RADIUS_M`] (25 m, haversine, R = 6371 km; exactly 25 m matches).
//!
//! **Ties**: two previous POIs at the same distance (to the millimetre) → the one that comes
//! first in the previous survey wins. Matching is independent for each current POI: one
//! previous POI may be matched by two current POIs (two readings of one bridge).
//!
//! **Unmatched**: a current POI without a position or a clearance, or with no same-type
//! previous POI within 25 m, gets no comparison. Previous POIs without a type, a position or
//! a clearance are dropped when the previous survey is read ([`previous_pois`]).
//!
//! **Change** = this clearance − the previous one, each the lowest reading or the height
//! ([`super::readings::clearance_of`]), rounded to the centimetre. Below 1 cm it is
//! "field unchanged"; otherwise "field lower by 0.12 m" or "field higher by 0.05 m"
//! (metres, 2 decimals: storage units; the figures are the surveyor's own).

use serde::{Deserialize, Serialize};

use super::readings::clearance_of;
use crate::export::naming::poi_identifier_of;
use crate::geodesy::{LatLon, haversine_km};
use crate::survey::Measurement;

/// How far apart the same POI may be in two surveys, in metres.
pub const MATCH_RADIUS_M: f64 = 25.0;

/// A POI of the previous survey, as kept for comparing: small enough to persist.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PreviousPoi {
    /// The POI identifier in the previous survey (`R001-POI00002`).
    pub label: String,
    pub poi_type: String,
    pub latitude: f64,
    pub longitude: f64,
    /// The previous clearance, metres.
    pub clearance_m: f64,
}

/// Which way the clearance moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Change {
    Lower,
    Higher,
    Unchanged,
}

/// A current POI against its match in the previous survey.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Comparison {
    pub measurement_id: String,
    /// The matched previous POI's identifier.
    pub previous_label: String,
    /// Distance between the two positions, metres (0.1 m).
    pub distance_m: f64,
    pub previous_clearance_m: f64,
    pub clearance_m: f64,
    /// This clearance − the previous, metres, to the centimetre.
    pub change_m: f64,
    pub change: Change,
    /// "field lower by 0.12 m", "field higher by 0.05 m" or "field unchanged".
    pub wording: String,
}

/// The comparable POIs of a survey's measurements: those with a type, a position and a
/// clearance, in the survey's order.
pub fn previous_pois(measurements: &[Measurement]) -> Vec<PreviousPoi> {
    measurements
        .iter()
        .filter_map(|m| {
            let (clearance_m, _, _) = clearance_of(m)?;
            let poi_type = m.poi_type.trim();
            if poi_type.is_empty() || !clearance_m.is_finite() {
                return None;
            }
            Some(PreviousPoi {
                label: poi_identifier_of(m.road_number.as_deref(), m.poi_number),
                poi_type: poi_type.to_owned(),
                latitude: finite(m.latitude)?,
                longitude: finite(m.longitude)?,
                clearance_m,
            })
        })
        .collect()
}

fn finite(v: Option<f64>) -> Option<f64> {
    v.filter(|v| v.is_finite())
}

/// The wording of a change in metres (already rounded to the centimetre).
///
/// ```
/// use clearway_core::clearance::previous::wording;
/// assert_eq!(wording(-0.12), "field lower by 0.12 m");
/// assert_eq!(wording(0.05), "field higher by 0.05 m");
/// assert_eq!(wording(0.0), "field unchanged");
/// ```
pub fn wording(change_m: f64) -> String {
    match direction(change_m) {
        Change::Lower => format!("field lower by {:.2} m", -change_m),
        Change::Higher => format!("field higher by {change_m:.2} m"),
        Change::Unchanged => "field unchanged".to_owned(),
    }
}

fn direction(change_m: f64) -> Change {
    if change_m <= -0.01 {
        Change::Lower
    } else if change_m >= 0.01 {
        Change::Higher
    } else {
        Change::Unchanged
    }
}

/// The change to the centimetre: first to 0.1 mm, so that `4.785 − 4.90` is −0.115 and
/// rounds away from zero to −0.12, whatever the binary hair of the subtraction.
fn change_cm(current: f64, previous: f64) -> f64 {
    let tenth_mm = ((current - previous) * 10_000.0).round();
    let cm = (tenth_mm / 100.0).round();
    // `+ 0.0` turns a −0.0 into 0.0.
    cm / 100.0 + 0.0
}

/// The nearest same-type previous POI within [`MATCH_RADIUS_M`] of `m`: its index and the
/// distance in metres. The first of equally near POIs wins.
pub fn match_previous(m: &Measurement, previous: &[PreviousPoi]) -> Option<(usize, f64)> {
    let here = LatLon::new(finite(m.latitude)?, finite(m.longitude)?);
    let kind = m.poi_type.trim();
    let mut best: Option<(usize, f64)> = None;
    for (i, p) in previous.iter().enumerate() {
        if !p.poi_type.trim().eq_ignore_ascii_case(kind) {
            continue;
        }
        let d_m = haversine_km(here, LatLon::new(p.latitude, p.longitude)) * 1000.0;
        let d_mm = (d_m * 1000.0).round();
        if d_m <= MATCH_RADIUS_M && best.is_none_or(|(_, b)| d_mm < (b * 1000.0).round()) {
            best = Some((i, d_m));
        }
    }
    best
}

/// Every current POI that has a match, compared with it, in the current survey's order.
pub fn compare(current: &[Measurement], previous: &[PreviousPoi]) -> Vec<Comparison> {
    current
        .iter()
        .filter_map(|m| {
            let (clearance_m, _, _) = clearance_of(m)?;
            let (i, distance_m) = match_previous(m, previous)?;
            let p = &previous[i];
            let change_m = change_cm(clearance_m, p.clearance_m);
            Some(Comparison {
                measurement_id: m.id.clone(),
                previous_label: p.label.clone(),
                distance_m: (distance_m * 10.0).round() / 10.0,
                previous_clearance_m: p.clearance_m,
                clearance_m,
                change_m,
                change: direction(change_m),
                wording: wording(change_m),
            })
        })
        .collect()
}

#[cfg(test)]
#[path = "previous_tests.rs"]
mod tests;
