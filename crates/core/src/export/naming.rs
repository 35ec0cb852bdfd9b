//! Export file names and POI identifiers (SPEC §9 "File names").
//!
//! - Photo: `image_{road}_POI{5-digit}_{type}_{first 8 chars of id}.jpg`; video the same
//!   pattern with `.webm`, drawing with `.png` (the SPEC's words: the same pattern, so the
//!   `image_` prefix stays; the archive keeps them apart in `images/`, `videos/`,
//!   `drawings/`).
//! - `{road}`: `R` and the road number on 3 digits (`R001`, `R012`, `R1234`); `R000` when
//!   the measurement has none. A road typed as `R12` counts as 12. A road that is not a
//!   number (`A20`) is used as written (made safe), never `R000`, which means "no road".
//! - POI identifier: `{road}-POI{5-digit}`, the same `{road}` as the file names (so
//!   `R{3-digit}-POI{5-digit}` for a numbered road); a missing POI number counts as 0.
//!   This is the one rule: the app's list, its messages and the export's file names all
//!   come from here (docs/record-model.md).
//! - `{type}`: the stored `poi_type`, or `none` for the empty type.
//!
//! Every part is made safe for a file name on any system: characters other than ASCII
//! letters, digits, `-` and `.` become `_`.

use super::MediaKind;
use super::number::push_u64;
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
    text_of(|buf| push_road_code(buf, road))
}

/// `POI` and the POI number on 5 digits.
pub fn poi_code(poi_number: Option<u32>) -> String {
    text_of(|buf| push_poi_code(buf, poi_number))
}

/// The POI identifier `R{3-digit}-POI{5-digit}` of a measurement.
///
/// ```
/// use clearway_core::{export::naming::poi_identifier, survey::Measurement};
/// let m = Measurement { road_number: Some("3".into()), poi_number: Some(42), ..Default::default() };
/// assert_eq!(poi_identifier(&m), "R003-POI00042");
/// ```
pub fn poi_identifier(m: &Measurement) -> String {
    poi_identifier_of(m.road_number.as_deref(), m.poi_number)
}

/// The POI identifier of a road and a POI number, as [`poi_identifier`].
///
/// ```
/// use clearway_core::export::naming::poi_identifier_of;
/// assert_eq!(poi_identifier_of(Some("1"), Some(2)), "R001-POI00002");
/// assert_eq!(poi_identifier_of(None, Some(9)), "R000-POI00009");
/// assert_eq!(poi_identifier_of(Some("A20"), Some(9)), "A20-POI00009");
/// ```
pub fn poi_identifier_of(road: Option<&str>, poi_number: Option<u32>) -> String {
    text_of(|buf| {
        push_road_code(buf, road);
        buf.push(b'-');
        push_poi_code(buf, poi_number);
    })
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
    text_of(|buf| push_media_file_name(buf, m, kind))
}

/// Appends [`media_file_name`] to `buf`, without building it on its own: the CSV writes
/// one per photo, video and drawing.
pub(crate) fn push_media_file_name(buf: &mut Vec<u8>, m: &Measurement, kind: MediaKind) {
    buf.extend_from_slice(b"image_");
    push_road_code(buf, m.road_number.as_deref());
    buf.push(b'_');
    push_poi_code(buf, m.poi_number);
    buf.push(b'_');
    let poi_type = m.poi_type.trim();
    push_safe(
        buf,
        if poi_type.is_empty() {
            "none"
        } else {
            poi_type
        }
        .chars(),
    );
    buf.push(b'_');
    push_safe(buf, m.id.chars().take(8));
    buf.push(b'.');
    buf.extend_from_slice(kind.extension().as_bytes());
}

fn push_road_code(buf: &mut Vec<u8>, road: Option<&str>) {
    let road = road.map_or("", str::trim);
    if road.is_empty() {
        buf.extend_from_slice(b"R000");
        return;
    }
    let digits = road
        .strip_prefix(['R', 'r'])
        .filter(|rest| !rest.is_empty())
        .unwrap_or(road);
    if digits.bytes().all(|b| b.is_ascii_digit()) {
        let number = digits.trim_start_matches('0');
        let number = if number.is_empty() { "0" } else { number };
        buf.push(b'R');
        push_zeros(buf, number.len(), 3);
        buf.extend_from_slice(number.as_bytes());
    } else {
        push_safe(buf, road.chars());
    }
}

fn push_poi_code(buf: &mut Vec<u8>, poi_number: Option<u32>) {
    let poi = poi_number.unwrap_or(0);
    buf.extend_from_slice(b"POI");
    push_zeros(buf, poi.checked_ilog10().unwrap_or(0) as usize + 1, 5);
    push_u64(buf, u64::from(poi));
}

/// The zeros that pad a number of `digits` digits to `width`.
fn push_zeros(buf: &mut Vec<u8>, digits: usize, width: usize) {
    buf.resize(buf.len() + width.saturating_sub(digits), b'0');
}

/// Appends `chars` made safe for a file name: ASCII letters, digits, `-` and `.` kept,
/// anything else `_`, and a leading `.` made `_`.
fn push_safe(buf: &mut Vec<u8>, chars: impl Iterator<Item = char>) {
    for (i, c) in chars.enumerate() {
        let safe = (c.is_ascii_alphanumeric() || c == '-' || c == '.') && !(i == 0 && c == '.');
        // An ASCII character, so the cast keeps it.
        #[allow(clippy::cast_possible_truncation)]
        buf.push(if safe { c as u8 } else { b'_' });
    }
}

/// The text `write` appends (ASCII: every name part is made safe).
fn text_of(write: impl FnOnce(&mut Vec<u8>)) -> String {
    let mut buf = Vec::new();
    write(&mut buf);
    String::from_utf8_lossy(&buf).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The SPEC's pattern written plainly with `format!`, the reference for the writers.
    fn reference_media_file_name(m: &Measurement, kind: MediaKind) -> String {
        let safe = |text: &str| {
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
        };
        let road = m.road_number.as_deref().map_or("", str::trim);
        let digits = road
            .strip_prefix(['R', 'r'])
            .filter(|rest| !rest.is_empty())
            .unwrap_or(road);
        let road = if road.is_empty() {
            "R000".to_owned()
        } else if digits.bytes().all(|b| b.is_ascii_digit()) {
            let number = digits.trim_start_matches('0');
            format!("R{:0>3}", if number.is_empty() { "0" } else { number })
        } else {
            safe(road)
        };
        let poi_type = if m.poi_type.trim().is_empty() {
            "none"
        } else {
            m.poi_type.trim()
        };
        let id: String = m.id.chars().take(8).collect();
        format!(
            "image_{road}_POI{:05}_{}_{}.{}",
            m.poi_number.unwrap_or(0),
            safe(poi_type),
            safe(&id),
            kind.extension()
        )
    }

    proptest! {
        #[test]
        fn names_follow_the_plain_pattern(
            id in "\\PC{0,12}|[.a-f0-9-]{8,12}",
            road in proptest::option::of("\\PC{0,6}|[ Rr]?0*[0-9]{0,5} ?|[A-Z]?[0-9 ]{0,4}"),
            poi in proptest::option::of(any::<u32>()),
            poi_type in "\\PC{0,10}|[ .]?[a-zA-Z]{0,8} ?",
        ) {
            let m = Measurement { id, road_number: road, poi_number: poi, poi_type, ..Default::default() };
            for kind in MediaKind::ALL {
                prop_assert_eq!(media_file_name(&m, kind), reference_media_file_name(&m, kind));
            }
        }
    }

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

    /// SPEC §9: "POI identifier: R{3-digit}-POI{5-digit}", "Default road: R000", "Photo:
    /// image_{road}_POI{5-digit}_{type}_{first 8 chars of id}.jpg". The expected texts are
    /// written out by hand from those patterns.
    #[test]
    fn spec_section_9_examples() {
        assert_eq!(poi_identifier_of(Some("1"), Some(1)), "R001-POI00001");
        assert_eq!(poi_identifier_of(Some("12"), Some(345)), "R012-POI00345");
        assert_eq!(
            poi_identifier_of(Some("123"), Some(45_678)),
            "R123-POI45678"
        );
        assert_eq!(poi_identifier_of(Some(" 7 "), Some(0)), "R007-POI00000");
        assert_eq!(poi_identifier_of(Some("R12"), Some(3)), "R012-POI00003");
        // Default road: R000, for a missing or blank road.
        assert_eq!(poi_identifier_of(None, Some(9)), "R000-POI00009");
        assert_eq!(poi_identifier_of(Some("  "), Some(9)), "R000-POI00009");
        // A road that is not a number keeps its name, in the list as in the file names.
        let m = measurement("a1b2c3d4e5", Some("A20"), Some(9), "bridge");
        assert_eq!(poi_identifier(&m), "A20-POI00009");
        assert_eq!(
            media_file_name(&m, MediaKind::Image),
            "image_A20_POI00009_bridge_a1b2c3d4.jpg"
        );
        let m = measurement("9f8e7d6c-5b4a", Some("2"), Some(17), "wire");
        assert_eq!(poi_identifier(&m), "R002-POI00017");
        assert_eq!(
            media_file_name(&m, MediaKind::Image),
            "image_R002_POI00017_wire_9f8e7d6c.jpg"
        );
    }

    #[test]
    fn the_identifier_and_the_file_name_share_one_road_code() {
        for road in [
            None,
            Some(""),
            Some("0"),
            Some("5"),
            Some("r42"),
            Some("1234"),
            Some("M4 east"),
        ] {
            let m = measurement("abcdefgh", road, Some(3), "tree");
            let id = poi_identifier(&m);
            let name = media_file_name(&m, MediaKind::Image);
            let code = id.strip_suffix("-POI00003").unwrap();
            assert!(
                name.starts_with(&format!("image_{code}_POI00003_")),
                "{id} vs {name}"
            );
        }
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
