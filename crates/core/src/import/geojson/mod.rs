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
//! Nesting deeper than [`MAX_DEPTH`] arrays and objects is refused with the dedicated
//! [`ImportError::TooDeep`], as for GPX and KML, found by a scan of the bytes before any
//! parsing (`serde_json` would stop at 128 levels too, but only with a generic syntax
//! error, which would read as 'Invalid GeoJSON file').
//!
//! Bounded memory: the document is read in one streaming pass that keeps only the route
//! being read (flat `f64`s, at most [`MAX_POINTS`] positions) and one position at a time;
//! everything else is skipped without being stored. Building a `serde_json::Value` tree
//! instead costs about 30 bytes of memory per byte of coordinates (a 64 MiB file would
//! need 2 GB). The decisions are the same as reading the tree (a test compares both).

use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::{ImportError, ImportedRoute, MAX_POINTS, check_size, is_position};

/// Deepest nesting of arrays and objects accepted. A GeoJSON route nests 5 levels
/// (collection → features → feature → geometry → coordinates → position); `serde_json`
/// itself stops at 128.
pub const MAX_DEPTH: usize = 64;

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
    if nesting_exceeds(bytes, MAX_DEPTH) {
        return Err(ImportError::TooDeep { max: MAX_DEPTH });
    }
    let mut reader = serde_json::Deserializer::from_slice(bytes);
    let features = reader
        .deserialize_map(DocumentVisitor)
        .and_then(|features| reader.end().map(|()| features))
        .map_err(|_| ImportError::InvalidGeoJson)?;
    match features {
        Some(Features { count, decided }) if count > 0 => {
            decided.unwrap_or(Err(ImportError::NoGeoJsonRoute))
        }
        _ => Err(ImportError::InvalidGeoJson),
    }
}

/// Whether arrays and objects nest deeper than `max` anywhere in the bytes (brackets inside
/// strings do not count). One pass, constant memory; malformed JSON is left to the parser.
fn nesting_exceeds(bytes: &[u8], max: usize) -> bool {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for &b in bytes {
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > max {
                    return true;
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    false
}

/// Visitor methods that consume a JSON value of an unwanted type and give the default
/// ("nothing here"): `skip!(numbers str bool null seq map)`, any subset.
macro_rules! skip {
    ($($kind:ident)*) => { $( skip!(@ $kind); )* };
    (@ numbers) => {
        fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> { Ok(Default::default()) }
        fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> { Ok(Default::default()) }
        fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> { Ok(Default::default()) }
    };
    (@ str) => {
        fn visit_str<E>(self, _: &str) -> Result<Self::Value, E> { Ok(Default::default()) }
    };
    (@ bool) => {
        fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> { Ok(Default::default()) }
    };
    (@ null) => {
        fn visit_unit<E>(self) -> Result<Self::Value, E> { Ok(Default::default()) }
    };
    (@ seq) => {
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            while seq.next_element::<IgnoredAny>()?.is_some() {}
            Ok(Default::default())
        }
    };
    (@ map) => {
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
            Ok(Default::default())
        }
    };
}

/// The `features` list: how many entries (0 when it is not an array), and the outcome of
/// the first `LineString` feature that decides one (a route, or too many positions).
#[derive(Default)]
struct Features {
    count: usize,
    decided: Option<Result<ImportedRoute, ImportError>>,
}

/// The top-level object: only `features` matters (the last one, if repeated, as a JSON
/// object keeps the last value of a key). Anything but an object fails the parse.
struct DocumentVisitor;

impl<'de> Visitor<'de> for DocumentVisitor {
    type Value = Option<Features>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a GeoJSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut features = None;
        while let Some(key) = map.next_key::<String>()? {
            if key == "features" {
                features = Some(map.next_value_seed(FeaturesSeed)?);
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(features)
    }
}

struct FeaturesSeed;

impl<'de> DeserializeSeed<'de> for FeaturesSeed {
    type Value = Features;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Features, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for FeaturesSeed {
    type Value = Features;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a features list")
    }

    skip!(numbers str bool null map);

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Features, A::Error> {
        let mut features = Features {
            count: 0,
            decided: None,
        };
        loop {
            // Once decided, later features are only checked to be JSON.
            let more = if features.decided.is_some() {
                seq.next_element::<IgnoredAny>()?.is_some()
            } else if let Some(outcome) = seq.next_element_seed(FeatureSeed)? {
                features.decided = outcome;
                true
            } else {
                false
            };
            if !more {
                return Ok(features);
            }
            features.count += 1;
        }
    }
}

/// One entry of `features`: `Some` when it is a `LineString` feature that decides.
struct FeatureSeed;

impl<'de> DeserializeSeed<'de> for FeatureSeed {
    type Value = Option<Result<ImportedRoute, ImportError>>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for FeatureSeed {
    type Value = Option<Result<ImportedRoute, ImportError>>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a feature")
    }

    skip!(numbers str bool null seq);

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let (mut geometry, mut name) = (Geometry::default(), None);
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "geometry" => geometry = map.next_value_seed(GeometryVisitor)?,
                "properties" => name = map.next_value_seed(PropertiesVisitor)?,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let (true, Some(line)) = (geometry.is_line_string, geometry.coordinates) else {
            return Ok(None);
        };
        if line.count > MAX_POINTS {
            return Ok(Some(Err(ImportError::TooManyPoints { max: MAX_POINTS })));
        }
        Ok(line.coords.filter(|_| line.count >= 2).map(|coords| {
            let name = name
                .as_deref()
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .map(str::to_owned);
            Ok(ImportedRoute { name, coords })
        }))
    }
}

/// A geometry object: whether its `type` is `LineString`, and its `coordinates` if they
/// are an array.
#[derive(Default)]
struct Geometry {
    is_line_string: bool,
    coordinates: Option<Line>,
}

/// A `coordinates` array: its length, and the flat `[lat, lon, ...]` while every entry is
/// a valid position and there are at most [`MAX_POINTS`] (else `None`, freed).
#[derive(Default)]
struct Line {
    count: usize,
    coords: Option<Vec<f64>>,
}

/// Implements `DeserializeSeed` for a unit visitor by asking for any JSON value.
macro_rules! any_value_seed {
    ($($visitor:ident)*) => {$(
        impl<'de> DeserializeSeed<'de> for $visitor {
            type Value = <Self as Visitor<'de>>::Value;

            fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
                d.deserialize_any(self)
            }
        }
    )*};
}

any_value_seed!(GeometryVisitor LineVisitor PositionVisitor NumberVisitor StringVisitor PropertiesVisitor);

struct GeometryVisitor;

impl<'de> Visitor<'de> for GeometryVisitor {
    type Value = Geometry;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a geometry")
    }

    skip!(numbers str bool null seq);

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Geometry, A::Error> {
        let mut geometry = Geometry::default();
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "type" => {
                    let kind = map.next_value_seed(StringVisitor)?;
                    geometry.is_line_string = kind.as_deref() == Some("LineString");
                }
                "coordinates" => geometry.coordinates = map.next_value_seed(LineVisitor)?,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(geometry)
    }
}

struct LineVisitor;

impl<'de> Visitor<'de> for LineVisitor {
    type Value = Option<Line>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("coordinates")
    }

    skip!(numbers str bool null map);

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut line = Line {
            count: 0,
            coords: Some(Vec::new()),
        };
        while let Some(position) = seq.next_element_seed(PositionVisitor)? {
            line.count += 1;
            if line.count > MAX_POINTS {
                line.coords = None;
            }
            match (position, line.coords.as_mut()) {
                (Some((lat, lon)), Some(coords)) => coords.extend([lat, lon]),
                (None, _) => line.coords = None,
                (Some(_), None) => {}
            }
        }
        Ok(Some(line))
    }
}

/// A position `[lon, lat, ...]`: `(lat, lon)` when both are numbers on the earth (the
/// entries after the second may be anything).
struct PositionVisitor;

impl<'de> Visitor<'de> for PositionVisitor {
    type Value = Option<(f64, f64)>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a position")
    }

    skip!(numbers str bool null map);

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let lon = seq.next_element_seed(NumberVisitor)?.flatten();
        let lat = lon
            .is_some()
            .then(|| seq.next_element_seed(NumberVisitor))
            .transpose()?
            .flatten()
            .flatten();
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(lat.zip(lon).filter(|&(lat, lon)| is_position(lat, lon)))
    }
}

/// A JSON number as `f64` (as `serde_json::Value::as_f64` gives it), else `None`.
struct NumberVisitor;

impl<'de> Visitor<'de> for NumberVisitor {
    type Value = Option<f64>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a number")
    }

    skip!(str bool null seq map);

    // As serde_json's own `Value::as_f64`.
    fn visit_i64<E>(self, v: i64) -> Result<Self::Value, E> {
        Ok(Some(v as f64))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Self::Value, E> {
        Ok(Some(v as f64))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Self::Value, E> {
        Ok(Some(v))
    }
}

/// A JSON string, else `None`.
struct StringVisitor;

impl<'de> Visitor<'de> for StringVisitor {
    type Value = Option<String>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a string")
    }

    skip!(numbers bool null seq map);

    fn visit_str<E>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Some(v.to_owned()))
    }
}

/// A feature's `properties`: its `name` if that is a string.
struct PropertiesVisitor;

impl<'de> Visitor<'de> for PropertiesVisitor {
    type Value = Option<String>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("properties")
    }

    skip!(numbers str bool null seq);

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut name = None;
        while let Some(key) = map.next_key::<String>()? {
            if key == "name" {
                name = map.next_value_seed(StringVisitor)?;
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(name)
    }
}

#[cfg(test)]
mod tests;
