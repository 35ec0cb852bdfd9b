//! Route import, ordering and length over flat `Float64Array`s of `[lat0, lon0, ...]`.
//!
//! Errors are JS `Error`s whose `message` is the core's text (the SPEC's words where the
//! SPEC has some) and whose `code` is stable:
//!
//! | code | message |
//! |---|---|
//! | `invalid-gpx` | Invalid GPX file format |
//! | `gpx-too-few-points` | GPX file must contain at least 2 points |
//! | `invalid-geojson` | Invalid GeoJSON file |
//! | `no-geojson-route` | No valid route found in GeoJSON file |
//! | `invalid-kml`, `no-kml-route` | Invalid KML file, No valid route found in KML file |
//! | `file-too-large`, `too-many-points`, `too-deep`, `doctype-not-allowed` | the limits |
//! | `invalid-tolerance` | a simplification tolerance that is not a number ≥ 0 |
//! | `route-missing-endpoint` | Route must have an origin and destination |
//! | `route-too-few-positions`, `invalid-position`, `too-many-stops`, `invalid-stops`, `invalid-optimiser` | |

use clearway_core::geodesy;
use clearway_core::import::{self, ImportError, simplify};
use clearway_core::route_optimise::{self, Optimiser, RouteError, Stop, StopKind};
use wasm_bindgen::prelude::*;

use crate::error::js_error;

/// Stop kinds of [`optimise_route`], one byte per stop.
const ORIGIN: u8 = 0;
const WAYPOINT: u8 = 1;
const DESTINATION: u8 = 2;

fn import_error(e: &ImportError) -> JsValue {
    let code = match e {
        ImportError::InvalidGpx => "invalid-gpx",
        ImportError::GpxTooFewPoints => "gpx-too-few-points",
        ImportError::InvalidGeoJson => "invalid-geojson",
        ImportError::NoGeoJsonRoute => "no-geojson-route",
        ImportError::InvalidKml => "invalid-kml",
        ImportError::NoKmlRoute => "no-kml-route",
        ImportError::FileTooLarge { .. } => "file-too-large",
        ImportError::TooManyPoints { .. } => "too-many-points",
        ImportError::TooDeep { .. } => "too-deep",
        ImportError::DocTypeNotAllowed => "doctype-not-allowed",
        ImportError::UnsupportedEncoding(_) | ImportError::BadEncoding { .. } => "bad-encoding",
    };
    js_error(code, &e.to_string())
}

fn route_error(e: &RouteError) -> JsValue {
    let code = match e {
        RouteError::MissingEndpoint => "route-missing-endpoint",
        RouteError::TooFewPositions { .. } => "route-too-few-positions",
        RouteError::InvalidPosition { .. } => "invalid-position",
        RouteError::TooManyStops { .. } => "too-many-stops",
    };
    js_error(code, &e.to_string())
}

/// Imports a route file (GPX, KML or GeoJSON, by `file_name`'s extension or a bare
/// `"gpx"`/`"kml"`/`"geojson"`, else by content) as flat `[lat, lon, ...]`: GPX thinned the
/// SPEC way above 100 points, then simplified (Douglas-Peucker) when a tolerance in metres
/// is given.
#[wasm_bindgen(js_name = importRoute)]
pub fn import_route(
    bytes: &[u8],
    file_name: &str,
    simplify_tolerance_m: Option<f64>,
) -> Result<Vec<f64>, JsValue> {
    if let Some(t) = simplify_tolerance_m.filter(|t| !(t.is_finite() && *t >= 0.0)) {
        return Err(js_error(
            "invalid-tolerance",
            &format!("The simplification tolerance must be 0 m or more, got {t}"),
        ));
    }
    let route = import::import_route(file_name, bytes).map_err(|e| import_error(&e))?;
    Ok(match simplify_tolerance_m {
        Some(t) => simplify::simplify(&route.coords, t),
        None => route.coords,
    })
}

/// Orders route stops. `flat` holds their positions, `kinds` one byte per stop (0 origin,
/// 1 waypoint, 2 destination); `optimiser` is `"spec"` (waypoints by distance from the
/// origin, SPEC §5) or `"shortest"` (a shortest tour with the same endpoints). Returns
/// `[length_km, saved_km, i0, i1, ...]`: the ordered route's length, how much shorter it
/// is than the SPEC order, and the stop indices in travel order.
#[wasm_bindgen(js_name = optimiseRoute)]
pub fn optimise_route(flat: &[f64], kinds: &[u8], optimiser: &str) -> Result<Vec<f64>, JsValue> {
    let optimiser = match optimiser {
        "spec" => Optimiser::Spec,
        "shortest" => Optimiser::Shortest,
        other => {
            return Err(js_error(
                "invalid-optimiser",
                &format!("Unknown route optimiser '{other}': use 'spec' or 'shortest'"),
            ));
        }
    };
    if flat.len() != 2 * kinds.len() {
        return Err(js_error(
            "invalid-stops",
            &format!(
                "{} stop kinds for {} coordinates: one kind per [lat, lon] pair is needed",
                kinds.len(),
                flat.len()
            ),
        ));
    }
    let mut stops = Vec::with_capacity(kinds.len());
    for (i, (p, &kind)) in flat.chunks_exact(2).zip(kinds).enumerate() {
        let kind = match kind {
            ORIGIN => StopKind::Origin,
            WAYPOINT => StopKind::Waypoint,
            DESTINATION => StopKind::Destination,
            other => {
                return Err(js_error(
                    "invalid-stops",
                    &format!("Stop {i} has kind {other}: 0 origin, 1 waypoint, 2 destination"),
                ));
            }
        };
        stops.push(Stop::new(kind, p[0], p[1]));
    }
    let result = route_optimise::optimise(&stops, optimiser).map_err(|e| route_error(&e))?;
    let mut out = Vec::with_capacity(2 + result.order.len());
    out.extend([result.length_km, result.saved_km]);
    // Indices stay below MAX_STOPS (1000), exact in f64.
    out.extend(result.order.iter().map(|&i| i as f64));
    Ok(out)
}

/// Length in km of the path through flat `[lat, lon, ...]` (haversine, R = 6371 km). Route
/// calculation needs at least 2 positions (SPEC §5): fewer is `route-too-few-positions`.
#[wasm_bindgen(js_name = pathLengthKm)]
pub fn path_length_km(flat: &[f64]) -> Result<f64, JsValue> {
    route_optimise::check_route_positions(flat).map_err(|e| route_error(&e))?;
    Ok(geodesy::path_length_km(flat))
}
