//! wasm-bindgen facade over `clearway-core`: handle types, typed-array crossings and
//! errors turned into JS `Error`s. No logic a native user would also need lives here.

/// The NMEA engine behind a handle: bytes in, the GPS state out as one `Float64Array`.
mod nmea;

/// JS `Error`s with a stable `code`.
mod error;

/// Polylines, simplification and the POI table over flat `Float64Array`s.
mod geo;

/// Survey records, document exports, the export archive and the backup, behind handles.
mod export;

/// New and normalised records, the POI identifier and CSV rows, as typed JS objects.
mod records;

/// Route import (GPX, KML, GeoJSON), stop ordering and path length over flat arrays.
mod route;

/// Margins against the load, display units and the rangefinder stream (issue 15).
mod clearance;

/// The survey report PDF over records already inside wasm (issue 15).
mod report;

/// Against the previous survey, and the Bluetooth laser payloads (issue 15).
mod previous;

use clearway_core::geodesy::{LatLon, haversine_km as core_haversine_km};
use wasm_bindgen::prelude::*;

/// The core's version, shown in the app so a surveyor can tell which build is running.
#[wasm_bindgen(js_name = coreVersion)]
pub fn core_version() -> String {
    clearway_core::VERSION.to_owned()
}

/// Great-circle distance in km between two positions (SPEC §5 haversine, R = 6371 km).
#[wasm_bindgen(js_name = haversineKm)]
pub fn haversine_km(lat1: f64, lon1: f64, lat2: f64, lon2: f64) -> f64 {
    core_haversine_km(LatLon::new(lat1, lon1), LatLon::new(lat2, lon2))
}
