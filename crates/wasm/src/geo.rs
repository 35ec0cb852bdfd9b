//! Polylines, route simplification and the POI table: flat `Float64Array`s of
//! `[lat0, lon0, lat1, lon1, ...]` in and out, one copy each way.

use clearway_core::import::simplify;
use clearway_core::polyline::{self, Precision};
use wasm_bindgen::prelude::*;

use crate::error::js_error;

fn precision(digits: u32) -> Result<Precision, JsValue> {
    Precision::new(digits).map_err(|e| js_error("polyline-precision", &e.to_string()))
}

/// Decodes a Google encoded polyline, given as its UTF-8 bytes, into flat `[lat, lon, ...]`
/// degrees. Errors have code `invalid-polyline`.
///
/// Bytes rather than a string: wasm-bindgen copies a string in one character at a time,
/// which costs more than the decoding; `TextEncoder.encodeInto` a reused `Uint8Array` is
/// about thirty times faster in Node 20 (polyline text is ASCII, one byte a character).
#[wasm_bindgen(js_name = polylineDecode)]
pub fn polyline_decode(encoded: &[u8], digits: u32) -> Result<Vec<f64>, JsValue> {
    polyline::decode(encoded, precision(digits)?)
        .map_err(|e| js_error("invalid-polyline", &e.to_string()))
}

/// Encodes flat `[lat, lon, ...]` degrees. Errors have code `invalid-coordinates`.
#[wasm_bindgen(js_name = polylineEncode)]
pub fn polyline_encode(flat: &[f64], digits: u32) -> Result<String, JsValue> {
    polyline::encode(flat, precision(digits)?)
        .map_err(|e| js_error("invalid-coordinates", &e.to_string()))
}

/// Douglas-Peucker simplification of flat `[lat, lon, ...]` with a tolerance in metres.
#[wasm_bindgen(js_name = simplifyRoute)]
pub fn simplify_route(flat: &[f64], tolerance_m: f64) -> Vec<f64> {
    simplify::simplify(flat, tolerance_m)
}

/// The POI types as JSON: `[{"type", "label", "colour", "icon"}, ...]`, the app's one source
/// of truth for them.
#[wasm_bindgen(js_name = poiTypes)]
pub fn poi_types() -> String {
    clearway_core::poi::poi_types_json()
}
