//! Export file names and POI identifiers (SPEC §9 "File names").
//!
//! - Photo: `image_{road}_POI{5-digit}_{type}_{first 8 chars of id}.jpg`; video the same
//!   pattern with `.webm`, drawing with `.png` (the SPEC's words: the same pattern, so the
//!   `image_` prefix stays; the archive keeps them apart in `images/`, `videos/`,
//!   `drawings/`).
//! - `{road}`: `R` and the road number on 3 digits (`R001`, `R012`, `R1234`); `R000` when
//!   the measurement has none. A road typed as `R12` counts as 12. A road that is not a
//!   number (`A20`) is used as written.
//! - POI identifier: `R{3-digit}-POI{5-digit}`; a missing POI number counts as 0.
//! - `{type}`: the stored `poi_type`, or `none` for the empty type.
//!
//! Every part is made safe for a file name on any system: characters other than ASCII
//! letters, digits, `-` and `.` become `_`.

use super::MediaKind;
use crate::survey::Measurement;

/// `R` and the road number on 3 digits; `R000` when missing or blank.
///
/// ```
/// use clearway_core::export::naming::road_code;
/// assert_eq!(road_code(Some("7")), "R007");
/// assert_eq!(road_code(Some("r12")), "R012");
/// assert_eq!(road_code(None), "R000");
/// assert_eq!(road_code(Some("A20")), "A20");
/// ```
pub fn road_code(road: Option<&str>) -> String {
    let road = road.map_or("", str::trim);
    if road.is_empty() {
        return "R000".to_owned();
    }
    let digits = road
        .strip_prefix(['R', 'r'])
        .filter(|rest| !rest.is_empty())
        .unwrap_or(road);
    if digits.bytes().all(|b| b.is_ascii_digit()) {
        let number = digits.trim_start_matches('0');
        return format!("R{:0>3}", if number.is_empty() { "0" } else { number });
    }
    safe(road)
}

/// `POI` and the POI number on 5 digits.
pub fn poi_code(poi_number: Option<u32>) -> String {
    format!("POI{:05}", poi_number.unwrap_or(0))
}

/// The POI identifier `R{3-digit}-POI{5-digit}` of a measurement.
///
/// ```
/// use clearway_core::{export::naming::poi_identifier, survey::Measurement};
/// let m = Measurement { road_number: Some("3".into()), poi_number: Some(42), ..Default::default() };
/// assert_eq!(poi_identifier(&m), "R003-POI00042");
/// ```
pub fn poi_identifier(m: &Measurement) -> String {
    format!(
        "{}-{}",
        road_code(m.road_number.as_deref()),
        poi_code(m.poi_number)
    )
}

/// The file name of a measurement's photo, video or drawing.
///
/// ```
/// use clearway_core::{export::{naming::media_file_name, MediaKind}, survey::Measurement};
/// let m = Measurement {
///     id: "9f8e7d6c-5b4a-4321-8000-000000000001".into(),
///     road_number: Some("12".into()),
///     poi_number: Some(7),
///     poi_type: "bridge".into(),
///     ..Default::default()
/// };
/// assert_eq!(media_file_name(&m, MediaKind::Image), "image_R012_POI00007_bridge_9f8e7d6c.jpg");
/// ```
pub fn media_file_name(m: &Measurement, kind: MediaKind) -> String {
    let poi_type = if m.poi_type.trim().is_empty() {
        "none"
    } else {
        m.poi_type.trim()
    };
    let id: String = m.id.chars().take(8).collect();
    format!(
        "image_{}_{}_{}_{}.{}",
        road_code(m.road_number.as_deref()),
        poi_code(m.poi_number),
        safe(poi_type),
        safe(&id),
        kind.extension()
    )
}

/// `text` with every character other than ASCII letters, digits, `-` and `.` replaced by `_`,
/// and no leading dot.
fn safe(text: &str) -> String {
    let mut out: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if out.starts_with('.') {
        out.replace_range(..1, "_");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn measurement(id: &str, road: Option<&str>, poi: Option<u32>, kind: &str) -> Measurement {
        Measurement {
            id: id.into(),
            road_number: road.map(Into::into),
            poi_number: poi,
            poi_type: kind.into(),
            ..Default::default()
        }
    }

    #[test]
    fn the_three_media_names_follow_one_pattern() {
        let m = measurement("a1b2c3d4e5f6", Some("1"), Some(1), "powerLine");
        assert_eq!(
            media_file_name(&m, MediaKind::Image),
            "image_R001_POI00001_powerLine_a1b2c3d4.jpg"
        );
        assert_eq!(
            media_file_name(&m, MediaKind::Video),
            "image_R001_POI00001_powerLine_a1b2c3d4.webm"
        );
        assert_eq!(
            media_file_name(&m, MediaKind::Drawing),
            "image_R001_POI00001_powerLine_a1b2c3d4.png"
        );
    }

    #[test]
    fn defaults_for_missing_road_poi_and_type() {
        let m = measurement("xyz", None, None, "");
        assert_eq!(
            media_file_name(&m, MediaKind::Image),
            "image_R000_POI00000_none_xyz.jpg"
        );
        assert_eq!(poi_identifier(&m), "R000-POI00000");
    }

    #[test]
    fn wide_numbers_keep_all_their_digits() {
        let m = measurement("12345678", Some("1234"), Some(123_456), "START");
        assert_eq!(poi_identifier(&m), "R1234-POI123456");
        assert_eq!(road_code(Some("007")), "R007");
        assert_eq!(road_code(Some("0")), "R000");
    }

    #[test]
    fn unsafe_characters_never_reach_a_file_name() {
        // The id's first 8 characters are `../é/\\:*`: 2 dots, then 6 unsafe characters;
        // the leading dot goes too.
        let m = measurement("../é/\\:*?", Some("A 20"), Some(3), "new/type");
        assert_eq!(
            media_file_name(&m, MediaKind::Image),
            "image_A_20_POI00003_new_type__.______.jpg"
        );
    }
}
