//! Planned routes and their points (SPEC §3 "Route", "Route point").
//!
//! `routeGeometry` is a list of positions; the app has stored them both as `[lat, lng]`
//! pairs and as `{lat, lng}` objects (Firestore refuses nested arrays), so both are read,
//! and they are written as `{lat, lng}` objects. A route point's `position` is `[lat, lng]`
//! as the SPEC says.

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

use super::lenient;

/// SPEC §9: the default route colour.
pub const DEFAULT_ROUTE_COLOUR: &str = "#3b82f6";

/// A planned route.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields))]
#[serde(rename_all = "camelCase")]
pub struct Route {
    #[serde(default, deserialize_with = "lenient::id")]
    pub id: String,
    #[serde(default, deserialize_with = "lenient::id")]
    pub survey_id: String,
    #[serde(default, deserialize_with = "lenient::id")]
    pub name: String,
    #[serde(
        default,
        deserialize_with = "lenient::text",
        skip_serializing_if = "Option::is_none"
    )]
    pub route_number: Option<String>,
    #[serde(
        default,
        deserialize_with = "lenient::text",
        skip_serializing_if = "Option::is_none"
    )]
    pub description: Option<String>,
    #[serde(default = "default_colour")]
    pub color: String,
    #[serde(default, deserialize_with = "null_as_empty")]
    pub points: Vec<RoutePoint>,
    #[serde(default, deserialize_with = "null_as_empty")]
    pub route_geometry: Vec<GeoPoint>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_at: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub updated_at: Option<Value>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

fn default_colour() -> String {
    DEFAULT_ROUTE_COLOUR.to_owned()
}

fn null_as_empty<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Vec<T>, D::Error> {
    Ok(Option::<Vec<T>>::deserialize(d)?.unwrap_or_default())
}

/// A position of a route's geometry, written `{"lat": .., "lng": ..}`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct GeoPoint {
    pub lat: f64,
    pub lng: f64,
}

impl<'de> Deserialize<'de> for GeoPoint {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Wire {
            Pair([f64; 2]),
            Object {
                lat: f64,
                #[serde(alias = "lon")]
                lng: f64,
            },
        }
        Ok(match Wire::deserialize(d)? {
            Wire::Pair([lat, lng]) | Wire::Object { lat, lng } => Self { lat, lng },
        })
    }
}

/// The role of a route point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum RoutePointType {
    Origin,
    Waypoint,
    Destination,
}

/// A point of a planned route.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields))]
#[serde(rename_all = "camelCase")]
pub struct RoutePoint {
    #[serde(default, deserialize_with = "lenient::id")]
    pub id: String,
    #[serde(default, deserialize_with = "lenient::id")]
    pub route_id: String,
    /// `[lat, lng]`.
    #[serde(serialize_with = "as_pair")]
    #[cfg_attr(test, ts(type = "[number, number]"))]
    pub position: GeoPoint,
    #[serde(rename = "type")]
    pub kind: RoutePointType,
    #[serde(default, deserialize_with = "lenient::number")]
    #[cfg_attr(test, ts(optional = false))]
    pub order: Option<f64>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

fn as_pair<S: serde::Serializer>(p: &GeoPoint, s: S) -> Result<S::Ok, S::Error> {
    [p.lat, p.lng].serialize(s)
}

impl Route {
    /// The route's line: its geometry when it has one, else its points in `order`, as flat
    /// `[lat, lon, ...]`.
    pub fn line_flat(&self) -> Vec<f64> {
        if !self.route_geometry.is_empty() {
            return self
                .route_geometry
                .iter()
                .flat_map(|p| [p.lat, p.lng])
                .collect();
        }
        let mut points: Vec<&RoutePoint> = self.points.iter().collect();
        points.sort_by(|a, b| a.order.unwrap_or(0.0).total_cmp(&b.order.unwrap_or(0.0)));
        points
            .iter()
            .flat_map(|p| [p.position.lat, p.position.lng])
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn geometry_reads_pairs_and_objects_and_colour_defaults() {
        let r: Route = serde_json::from_value(json!({
            "id": "r1", "surveyId": "s1", "name": "North",
            "routeGeometry": [[45.5, -73.6], {"lat": 45.6, "lng": -73.5}]
        }))
        .unwrap();
        assert_eq!(r.color, "#3b82f6");
        assert_eq!(r.line_flat(), [45.5, -73.6, 45.6, -73.5]);
        let out = serde_json::to_value(&r).unwrap();
        assert_eq!(out["routeGeometry"][0], json!({"lat": 45.5, "lng": -73.6}));
    }

    #[test]
    fn points_are_ordered_when_there_is_no_geometry() {
        let r: Route = serde_json::from_value(json!({
            "id": "r1", "points": [
                {"id": "p2", "routeId": "r1", "position": [2.0, 20.0], "type": "destination", "order": 2},
                {"id": "p0", "routeId": "r1", "position": [0.0, 0.0], "type": "origin", "order": 0},
                {"id": "p1", "routeId": "r1", "position": [1.0, 10.0], "type": "waypoint", "order": 1}
            ]
        }))
        .unwrap();
        assert_eq!(r.line_flat(), [0.0, 0.0, 1.0, 10.0, 2.0, 20.0]);
        assert_eq!(r.points[1].kind, RoutePointType::Origin);
        let out = serde_json::to_value(&r.points[0]).unwrap();
        assert_eq!(out["position"], json!([2.0, 20.0]));
        assert_eq!(out["type"], "destination");
    }
}
