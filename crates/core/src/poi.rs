//! Point-of-interest types (SPEC §3 "POI types"): the stored name, a human label, a colour
//! and an icon name for each, in one table that the app reads through wasm (`poiTypes()`), so
//! the web app and the exports share one source of truth.
//!
//! The stored name is what a measurement's `poi_type` holds. "none" is stored as the empty
//! string. The survey's first measurement uses [`PoiType::Start`] (`START`).
//! Colours are distinct `#rrggbb` values; icon names are the app's icon identifiers.

use std::fmt::Write as _;

/// A type of point of interest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PoiType {
    None,
    Bridge,
    Tree,
    Wire,
    PowerLine,
    TrafficLight,
    Walkway,
    LateralObstruction,
    Road,
    Intersection,
    Signalization,
    Railroad,
    Information,
    Danger,
    ImportantNote,
    WorkRequired,
    Restricted,
    /// The survey's start measurement (SPEC §4 "Survey creation side effects").
    Start,
}

/// One row of the POI table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoiInfo {
    pub kind: PoiType,
    /// The value of a measurement's `poi_type` (`""` for none).
    pub stored: &'static str,
    pub label: &'static str,
    /// `#rrggbb`.
    pub colour: &'static str,
    pub icon: &'static str,
}

const fn row(
    kind: PoiType,
    stored: &'static str,
    label: &'static str,
    colour: &'static str,
    icon: &'static str,
) -> PoiInfo {
    PoiInfo {
        kind,
        stored,
        label,
        colour,
        icon,
    }
}

/// Every POI type, in the SPEC's order, then START.
pub const POI_TYPES: [PoiInfo; 18] = [
    row(PoiType::None, "", "None", "#6b7280", "circle"),
    row(PoiType::Bridge, "bridge", "Bridge", "#2563eb", "bridge"),
    row(PoiType::Tree, "tree", "Trees", "#16a34a", "trees"),
    row(PoiType::Wire, "wire", "Wire", "#9333ea", "cable"),
    row(
        PoiType::PowerLine,
        "powerLine",
        "Power line",
        "#eab308",
        "zap",
    ),
    row(
        PoiType::TrafficLight,
        "trafficLight",
        "Traffic light",
        "#dc2626",
        "traffic-light",
    ),
    row(
        PoiType::Walkway,
        "walkway",
        "Walkways",
        "#0d9488",
        "footprints",
    ),
    row(
        PoiType::LateralObstruction,
        "lateralObstruction",
        "Lateral obstruction",
        "#ea580c",
        "move-horizontal",
    ),
    row(PoiType::Road, "road", "Road", "#475569", "road"),
    row(
        PoiType::Intersection,
        "intersection",
        "Intersection",
        "#0891b2",
        "intersection",
    ),
    row(
        PoiType::Signalization,
        "signalization",
        "Signalization",
        "#db2777",
        "signpost",
    ),
    row(
        PoiType::Railroad,
        "railroad",
        "Railroad",
        "#78350f",
        "train-track",
    ),
    row(
        PoiType::Information,
        "information",
        "Information",
        "#0284c7",
        "info",
    ),
    row(
        PoiType::Danger,
        "danger",
        "Danger",
        "#b91c1c",
        "triangle-alert",
    ),
    row(
        PoiType::ImportantNote,
        "importantNote",
        "Important note",
        "#c026d3",
        "sticky-note",
    ),
    row(
        PoiType::WorkRequired,
        "workRequired",
        "Work required",
        "#f97316",
        "hard-hat",
    ),
    row(
        PoiType::Restricted,
        "restricted",
        "Restricted",
        "#7f1d1d",
        "ban",
    ),
    row(PoiType::Start, "START", "Start", "#15803d", "flag"),
];

impl PoiType {
    /// The type a measurement's `poi_type` names, if it is one of the table's.
    ///
    /// ```
    /// use clearway_core::poi::PoiType;
    /// assert_eq!(PoiType::from_stored("powerLine"), Some(PoiType::PowerLine));
    /// assert_eq!(PoiType::from_stored(""), Some(PoiType::None));
    /// assert_eq!(PoiType::from_stored("PowerLine"), None);
    /// ```
    pub fn from_stored(stored: &str) -> Option<Self> {
        POI_TYPES
            .iter()
            .find(|info| info.stored == stored)
            .map(|info| info.kind)
    }

    /// This type's row of [`POI_TYPES`].
    ///
    /// ```
    /// use clearway_core::poi::PoiType;
    /// assert_eq!(PoiType::TrafficLight.info().label, "Traffic light");
    /// ```
    pub fn info(self) -> &'static PoiInfo {
        // The table lists the variants in declaration order.
        &POI_TYPES[self as usize]
    }
}

/// The label to show for a stored `poi_type`: the table's label, or the stored text itself
/// for a type this version does not know.
pub fn label_of(stored: &str) -> &str {
    PoiType::from_stored(stored).map_or(stored, |t| t.info().label)
}

/// The table as a JSON array of `{"type", "label", "colour", "icon"}` objects, for the app.
pub fn poi_types_json() -> String {
    let mut out = String::from("[");
    for (i, info) in POI_TYPES.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(
            out,
            r#"{{"type":{},"label":{},"colour":{},"icon":{}}}"#,
            serde_json::Value::from(info.stored),
            serde_json::Value::from(info.label),
            serde_json::Value::from(info.colour),
            serde_json::Value::from(info.icon)
        );
    }
    out.push(']');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn the_spec_types_in_order_with_their_labels() {
        let stored: Vec<&str> = POI_TYPES.iter().map(|i| i.stored).collect();
        assert_eq!(
            stored,
            [
                "",
                "bridge",
                "tree",
                "wire",
                "powerLine",
                "trafficLight",
                "walkway",
                "lateralObstruction",
                "road",
                "intersection",
                "signalization",
                "railroad",
                "information",
                "danger",
                "importantNote",
                "workRequired",
                "restricted",
                "START"
            ]
        );
        assert_eq!(label_of("tree"), "Trees");
        assert_eq!(label_of("walkway"), "Walkways");
        assert_eq!(label_of("lateralObstruction"), "Lateral obstruction");
        assert_eq!(label_of("workRequired"), "Work required");
        assert_eq!(label_of("somethingNew"), "somethingNew");
    }

    #[test]
    fn every_variant_finds_its_own_row() {
        for info in &POI_TYPES {
            assert_eq!(info.kind.info(), info);
            assert_eq!(PoiType::from_stored(info.stored), Some(info.kind));
        }
    }

    #[test]
    fn colours_are_distinct_hex_and_icons_named() {
        let colours: HashSet<&str> = POI_TYPES.iter().map(|i| i.colour).collect();
        assert_eq!(colours.len(), POI_TYPES.len());
        for info in &POI_TYPES {
            let hex = info.colour.strip_prefix('#').expect("starts with #");
            assert!(
                hex.len() == 6 && hex.bytes().all(|b| b.is_ascii_hexdigit()),
                "{}",
                info.colour
            );
            assert!(!info.icon.is_empty());
        }
    }

    #[test]
    fn json_table_parses_with_the_four_keys() {
        let table: serde_json::Value = serde_json::from_str(&poi_types_json()).unwrap();
        let rows = table.as_array().unwrap();
        assert_eq!(rows.len(), 18);
        assert_eq!(rows[4]["type"], "powerLine");
        assert_eq!(rows[4]["label"], "Power line");
        assert_eq!(rows[0]["type"], "");
        assert_eq!(rows[17]["type"], "START");
    }
}
