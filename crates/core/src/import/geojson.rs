//! GeoJSON route import (SPEC §5).
//!
//! The route is the first feature of the document's `features` list whose geometry is a
//! `LineString` with at least 2 valid positions (`[lon, lat, ...]`, numbers on the earth);
//! its `properties.name` (a string) names the route.
//!
//! Decisions, following the SPEC's two rules literally:
//! - 'Invalid GeoJSON file': not JSON, or no non-empty `features` array at the top level.
//!   So a bare `Feature` or a bare `LineString` geometry is refused: the SPEC asks for a
//!   features list, and the app's own exports are `FeatureCollection`s.
//! - 'No valid route found in GeoJSON file': a features list without such a `LineString`.
//!   Type names are matched exactly as RFC 7946 spells them (`"linestring"` is not one);
//!   `MultiLineString` and `GeometryCollection` are not routes.
//!
//! `serde_json` refuses nesting deeper than 128 levels (an 'Invalid GeoJSON file').

use serde_json::Value;

use super::{ImportError, ImportedRoute, MAX_POINTS, check_size, is_position};

/// Reads the route of a GeoJSON file.
///
/// ```
/// use clearway_core::import::geojson::import_geojson;
/// let json = br#"{"type": "FeatureCollection", "features": [{"type": "Feature",
///   "properties": {"name": "A20"},
///   "geometry": {"type": "LineString", "coordinates": [[-73.6, 45.5], [-71.2, 46.8]]}}]}"#;
/// let route = import_geojson(json).unwrap();
/// assert_eq!(route.name.as_deref(), Some("A20"));
/// assert_eq!(route.coords, [45.5, -73.6, 46.8, -71.2]); // latitude first
/// ```
pub fn import_geojson(bytes: &[u8]) -> Result<ImportedRoute, ImportError> {
    check_size(bytes)?;
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let document: Value = serde_json::from_slice(bytes).map_err(|_| ImportError::InvalidGeoJson)?;
    let features = document
        .get("features")
        .and_then(Value::as_array)
        .filter(|list| !list.is_empty())
        .ok_or(ImportError::InvalidGeoJson)?;
    for feature in features {
        let Some(geometry) = feature.get("geometry") else {
            continue;
        };
        if geometry.get("type").and_then(Value::as_str) != Some("LineString") {
            continue;
        }
        let Some(positions) = geometry.get("coordinates").and_then(Value::as_array) else {
            continue;
        };
        if positions.len() > MAX_POINTS {
            return Err(ImportError::TooManyPoints { max: MAX_POINTS });
        }
        if let Some(coords) = line_coords(positions) {
            let name = feature
                .get("properties")
                .and_then(|p| p.get("name"))
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .map(str::to_owned);
            return Ok(ImportedRoute { name, coords });
        }
    }
    Err(ImportError::NoGeoJsonRoute)
}

/// Flat `[lat, lon, ...]` of a `LineString`'s positions, if there are at least 2 and every
/// one is a valid `[lon, lat, ...]`.
fn line_coords(positions: &[Value]) -> Option<Vec<f64>> {
    if positions.len() < 2 {
        return None;
    }
    let mut coords = Vec::with_capacity(positions.len() * 2);
    for position in positions {
        let values = position.as_array()?;
        let lon = values.first()?.as_f64()?;
        let lat = values.get(1)?.as_f64()?;
        if !is_position(lat, lon) {
            return None;
        }
        coords.extend([lat, lon]);
    }
    Some(coords)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collection(features: &str) -> Vec<u8> {
        format!(r#"{{"type": "FeatureCollection", "features": [{features}]}}"#).into_bytes()
    }

    const LINE: &str = r#"{"type": "Feature", "properties": {},
        "geometry": {"type": "LineString", "coordinates": [[1, 2], [3, 4, 100]]}}"#;

    #[test]
    fn the_spec_errors() {
        assert_eq!(import_geojson(b"{"), Err(ImportError::InvalidGeoJson));
        assert_eq!(
            import_geojson(&collection("")),
            Err(ImportError::InvalidGeoJson)
        );
        assert_eq!(
            import_geojson(br#"{"type": "FeatureCollection"}"#),
            Err(ImportError::InvalidGeoJson)
        );
        let point = r#"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [1, 2]}}"#;
        assert_eq!(
            import_geojson(&collection(point)),
            Err(ImportError::NoGeoJsonRoute)
        );
        assert_eq!(
            import_geojson(&collection("null")),
            Err(ImportError::NoGeoJsonRoute)
        );
    }

    #[test]
    fn bare_geometries_and_features_are_not_collections() {
        let bare = br#"{"type": "LineString", "coordinates": [[1, 2], [3, 4]]}"#;
        assert_eq!(import_geojson(bare), Err(ImportError::InvalidGeoJson));
        assert_eq!(
            import_geojson(LINE.as_bytes()),
            Err(ImportError::InvalidGeoJson)
        );
    }

    #[test]
    fn the_first_valid_line_wins_and_is_latitude_first() {
        let short = r#"{"geometry": {"type": "LineString", "coordinates": [[9, 9]]}}"#;
        let bad = r#"{"geometry": {"type": "LineString", "coordinates": [[9, 9], [9, "x"]]}}"#;
        let off_earth = r#"{"geometry": {"type": "LineString", "coordinates": [[9, 91], [9, 9]]}}"#;
        let file = collection(&format!("{short}, {bad}, {off_earth}, {LINE}"));
        assert_eq!(import_geojson(&file).unwrap().coords, [2.0, 1.0, 4.0, 3.0]);
    }

    #[test]
    fn a_bom_is_ignored() {
        let mut file = b"\xEF\xBB\xBF".to_vec();
        file.extend(collection(LINE));
        assert_eq!(import_geojson(&file).unwrap().len(), 2);
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        assert_eq!(
            import_geojson(deep.as_bytes()),
            Err(ImportError::InvalidGeoJson)
        );
    }
}
