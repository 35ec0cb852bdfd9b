//! Display units (issue 15 point 2): metres by default, feet-and-inches as a setting.
//!
//! Storage and exports stay in metres (SPEC §9). For display, every figure is rounded in
//! the direction that never flatters a margin: a clearance (and a margin) **down**, a load
//! height **up**. In feet-and-inches the step is one inch; in metres one centimetre.
//! 1 in = 0.0254 m exactly.

use serde::{Deserialize, Serialize};

/// Metres per inch, exactly.
pub const M_PER_INCH: f64 = 0.0254;

/// Tolerance for a figure that is a whole step up to floating-point noise
/// (`4.2672 / 0.0254` is 167.99999999999997, and 4.2672 m is 14 ft exactly).
const EPS: f64 = 1e-6;

/// How figures are shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum UnitSystem {
    #[default]
    Metric,
    FeetInches,
}

impl UnitSystem {
    /// Reads the setting's stored name: `metric` or `feetInches` (anything else: metric).
    pub fn parse(name: &str) -> Self {
        if name == "feetInches" {
            Self::FeetInches
        } else {
            Self::Metric
        }
    }
}

#[derive(Clone, Copy)]
enum Round {
    Down,
    Up,
}

fn steps(value: f64, step: f64, round: Round) -> i64 {
    let x = value / step;
    #[allow(clippy::cast_possible_truncation)] // display figures are far below i64::MAX
    match round {
        Round::Down => (x + EPS).floor() as i64,
        Round::Up => (x - EPS).ceil() as i64,
    }
}

fn format(value_m: f64, units: UnitSystem, round: Round) -> String {
    if !value_m.is_finite() {
        return String::new();
    }
    match units {
        UnitSystem::Metric => {
            let cm = steps(value_m, 0.01, round);
            let sign = if cm < 0 { "-" } else { "" };
            format!("{sign}{}.{:02} m", cm.abs() / 100, cm.abs() % 100)
        }
        UnitSystem::FeetInches => {
            let inches = steps(value_m, M_PER_INCH, round);
            let sign = if inches < 0 { "-" } else { "" };
            format!("{sign}{}' {}\"", inches.abs() / 12, inches.abs() % 12)
        }
    }
}

/// A clearance for display, rounded down.
///
/// ```
/// use clearway_core::clearance::{format_clearance, UnitSystem};
/// assert_eq!(format_clearance(4.87, UnitSystem::FeetInches), "15' 11\""); // 191.7 in
/// assert_eq!(format_clearance(4.2672, UnitSystem::FeetInches), "14' 0\"");
/// assert_eq!(format_clearance(4.879, UnitSystem::Metric), "4.87 m");
/// ```
pub fn format_clearance(value_m: f64, units: UnitSystem) -> String {
    format(value_m, units, Round::Down)
}

/// A margin for display, rounded down (a negative margin grows in size).
///
/// ```
/// use clearway_core::clearance::{units::format_margin, UnitSystem};
/// assert_eq!(format_margin(-0.05, UnitSystem::FeetInches), "-0' 2\"");
/// assert_eq!(format_margin(0.104, UnitSystem::Metric), "0.10 m");
/// ```
pub fn format_margin(value_m: f64, units: UnitSystem) -> String {
    format(value_m, units, Round::Down)
}

/// A load height (or width, length, buffer) for display, rounded up.
///
/// ```
/// use clearway_core::clearance::{format_load_height, UnitSystem};
/// assert_eq!(format_load_height(4.60, UnitSystem::FeetInches), "15' 2\""); // 181.1 in, up to 182
/// assert_eq!(format_load_height(4.601, UnitSystem::Metric), "4.61 m");
/// ```
pub fn format_load_height(value_m: f64, units: UnitSystem) -> String {
    format(value_m, units, Round::Up)
}

/// Feet and inches typed by a user, to metres: `15' 6"`, `15 6`, `15ft 6in`, `15'`.
///
/// ```
/// use clearway_core::clearance::units::parse_feet_inches;
/// assert_eq!(parse_feet_inches("15' 6\""), Some(4.7244));
/// assert_eq!(parse_feet_inches("bridge"), None);
/// ```
pub fn parse_feet_inches(text: &str) -> Option<f64> {
    let cleaned: String = text
        .replace("ft", " ")
        .replace("in", " ")
        .chars()
        .map(|c| {
            if matches!(c, '\'' | '"' | '′' | '″') {
                ' '
            } else {
                c
            }
        })
        .collect();
    let mut parts = cleaned.split_whitespace().map(str::parse::<f64>);
    let feet = parts.next()?.ok()?;
    let inches = match parts.next() {
        Some(v) => v.ok()?,
        None => 0.0,
    };
    if parts.next().is_some() || !feet.is_finite() || !inches.is_finite() || inches < 0.0 {
        return None;
    }
    let m = (feet * 12.0 + inches) * M_PER_INCH;
    Some((m * 10_000.0).round() / 10_000.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_never_flatters_the_margin() {
        // 4.88 m is 192.13 in: shown 16' 0"; a load of 4.88 m is shown 16' 1".
        assert_eq!(format_clearance(4.88, UnitSystem::FeetInches), "16' 0\"");
        assert_eq!(format_load_height(4.88, UnitSystem::FeetInches), "16' 1\"");
        // A figure exactly on an inch stays on it both ways.
        assert_eq!(
            format_load_height(4.2672, UnitSystem::FeetInches),
            "14' 0\""
        );
        assert_eq!(format_load_height(4.2672, UnitSystem::Metric), "4.27 m");
        assert_eq!(format_clearance(4.2672, UnitSystem::Metric), "4.26 m");
    }

    #[test]
    fn the_setting_name_is_read_safely() {
        assert_eq!(UnitSystem::parse("feetInches"), UnitSystem::FeetInches);
        assert_eq!(UnitSystem::parse("furlongs"), UnitSystem::Metric);
        assert_eq!(format_clearance(f64::NAN, UnitSystem::Metric), "");
    }

    #[test]
    fn typed_feet_and_inches_convert_exactly() {
        assert_eq!(parse_feet_inches("14'"), Some(4.2672));
        assert_eq!(parse_feet_inches("15ft 6in"), Some(4.7244));
        assert_eq!(parse_feet_inches("15 6 2"), None);
    }
}
