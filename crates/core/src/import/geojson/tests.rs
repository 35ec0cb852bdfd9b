use super::*;
use proptest::prelude::*;
use serde_json::{Value, json};

/// The previous reader, kept as the reference: the whole document as a `Value` tree.
fn reference(bytes: &[u8]) -> Result<ImportedRoute, ImportError> {
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

/// Any JSON value, with GeoJSON's keys and words.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        (-200.0f64..200.0).prop_map(Value::from),
        (-200i64..200).prop_map(Value::from),
        prop::sample::select(vec!["LineString", "linestring", "Feature", " A20 ", ""])
            .prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 32, 5, |inner| {
        let key = prop::sample::select(vec![
            "features",
            "geometry",
            "type",
            "coordinates",
            "properties",
            "name",
            "x",
        ]);
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::vec((key, inner), 0..5).prop_map(|entries| {
                Value::Object(
                    entries
                        .into_iter()
                        .map(|(k, v)| (k.to_owned(), v))
                        .collect(),
                )
            }),
        ]
    })
}

/// Collections of nearly-valid features, with any JSON mixed in at every level.
fn collection_json() -> impl Strategy<Value = Value> {
    let position = prop_oneof![
        3 => (-181.0f64..181.0, -91.0f64..91.0).prop_map(|(lon, lat)| json!([lon, lat])),
        1 => (-180i64..180, -90i64..90, any_json()).prop_map(|(lon, lat, z)| json!([lon, lat, z])),
        1 => any_json(),
    ];
    let coordinates = prop_oneof![
        4 => prop::collection::vec(position, 0..5).prop_map(Value::Array),
        1 => any_json(),
    ];
    let kind = prop_oneof![4 => Just(json!("LineString")), 1 => any_json()];
    let name = prop_oneof![Just(json!({"name": " Route 9 "})), any_json()];
    let feature = prop_oneof![
        4 => (kind, coordinates, name).prop_map(|(kind, coordinates, properties)| {
            json!({"type": "Feature", "properties": properties,
                   "geometry": {"coordinates": coordinates, "type": kind}})
        }),
        1 => any_json(),
    ];
    prop_oneof![
        4 => prop::collection::vec(feature, 0..4)
            .prop_map(|features| json!({"type": "FeatureCollection", "features": features})),
        1 => any_json(),
    ]
}

proptest! {
    #[test]
    fn the_streaming_reader_decides_as_the_tree_reader(document in collection_json()) {
        let bytes = serde_json::to_vec(&document).unwrap();
        prop_assert_eq!(import_geojson(&bytes), reference(&bytes));
    }
}

#[test]
fn a_repeated_key_counts_once_its_last_value() {
    let file = br#"{"features": "not a list", "features": [{"properties": {"name": "A"},
        "geometry": {"coordinates": [[1, 2], [3, 4]], "type": "Point", "type": "LineString"},
        "properties": {"name": "B"}}]}"#;
    assert_eq!(import_geojson(file), reference(file));
    assert_eq!(import_geojson(file).unwrap().name.as_deref(), Some("B"));
    let emptied = br#"{"features": [{"geometry": {"type": "LineString",
        "coordinates": [[1, 2], [3, 4]]}}], "features": []}"#;
    assert_eq!(import_geojson(emptied), Err(ImportError::InvalidGeoJson));
}

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
fn deep_nesting_is_the_dedicated_error_not_a_crash() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let err = import_geojson(deep.as_bytes()).unwrap_err();
    assert_eq!(err, ImportError::TooDeep { max: 64 });
    assert_eq!(err.to_string(), "File is nested more than 64 levels deep");
    // Deep inside a real collection, and unclosed (a truncated bomb): the same error.
    let inside = collection(&format!(
        r#"{{"properties": {{"x": {}}}}}"#,
        "[".repeat(1_000)
    ));
    assert_eq!(
        import_geojson(&inside),
        Err(ImportError::TooDeep { max: 64 })
    );
}

#[test]
fn nesting_up_to_the_limit_and_brackets_in_strings_are_fine() {
    // The feature's properties hold 60 more levels (5 + 60 + 1 <= 64): still a route.
    let nested = format!("{}1{}", "[".repeat(58), "]".repeat(58));
    let feature = format!(
        r#"{{"properties": {{"name": "[[[{{{{\"[[", "deep": {nested}}},
          "geometry": {{"type": "LineString", "coordinates": [[1, 2], [3, 4]]}}}}"#
    );
    let route = import_geojson(&collection(&feature)).unwrap();
    assert_eq!(route.coords, [2.0, 1.0, 4.0, 3.0]);
    assert_eq!(route.name.as_deref(), Some("[[[{{\"[["));
    // One more level than allowed: refused.
    let one_deeper = format!("{}{}", "[".repeat(65), "]".repeat(65));
    assert_eq!(
        import_geojson(one_deeper.as_bytes()),
        Err(ImportError::TooDeep { max: 64 })
    );
    let at_the_limit = format!("{}{}", "[".repeat(64), "]".repeat(64));
    assert_eq!(
        import_geojson(at_the_limit.as_bytes()),
        Err(ImportError::InvalidGeoJson)
    );
}

#[test]
fn more_than_five_million_positions_is_too_many_points() {
    // 5 000 001 positions `[0,0]`: 30 MB, below the 64 MiB file limit.
    let count = 5_000_001;
    let mut positions = String::with_capacity(count * 6);
    for i in 0..count {
        positions.push_str(if i == 0 { "[0,0]" } else { ",[0,0]" });
    }
    let line = format!(r#"{{"geometry": {{"type": "LineString", "coordinates": [{positions}]}}}}"#);
    let err = import_geojson(&collection(&line)).unwrap_err();
    assert_eq!(err, ImportError::TooManyPoints { max: 5_000_000 });
    assert_eq!(err.to_string(), "File has more than 5000000 points");
}
