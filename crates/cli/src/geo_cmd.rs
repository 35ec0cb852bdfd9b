//! `clearway route FILE [--simplify TOLERANCE]` and `clearway polyline decode|encode`.

use std::fmt::Write as _;
use std::io::Read;

use clearway_core::import::{self, ImportedRoute};
use clearway_core::polyline::{self, Precision};

use crate::CliError;

/// `clearway distance LAT1 LON1 LAT2 LON2`: the haversine distance in km, 3 decimals.
/// Each value must be a finite latitude (-90 to 90) or longitude (-180 to 180).
pub fn distance(lat1: f64, lon1: f64, lat2: f64, lon2: f64) -> Result<(), CliError> {
    use clearway_core::geodesy::{LatLon, haversine_km};
    for (name, value, kind, max) in [
        ("LAT1", lat1, "latitude", 90.0),
        ("LON1", lon1, "longitude", 180.0),
        ("LAT2", lat2, "latitude", 90.0),
        ("LON2", lon2, "longitude", 180.0),
    ] {
        if !(-max..=max).contains(&value) {
            return Err(CliError::input(format!(
                "{name} must be a {kind} from -{max} to {max}, got {value}"
            )));
        }
    }
    println!(
        "{:.3}",
        haversine_km(LatLon::new(lat1, lon1), LatLon::new(lat2, lon2))
    );
    Ok(())
}

/// Imports a route (GPX, KML or GeoJSON, by extension, else by content: the core's
/// [`import::import_route`]) and prints it as a GeoJSON `Feature` with a `LineString`,
/// `[lon, lat]`.
pub fn route(path: &str, simplify_m: Option<f64>) -> Result<(), CliError> {
    let bytes = read_limited(path)?;
    let route = import::import_route(path, &bytes).map_err(|e| CliError::input(e.to_string()))?;
    let coords = match simplify_m {
        Some(t) if !(t.is_finite() && t >= 0.0) => {
            return Err(CliError::input(format!(
                "--simplify needs a tolerance in metres of 0 or more, got {t}"
            )));
        }
        Some(t) => import::simplify::simplify(&route.coords, t),
        None => route.coords.clone(),
    };
    println!("{}", feature(&route, &coords));
    Ok(())
}

fn read_limited(path: &str) -> Result<Vec<u8>, CliError> {
    let file = std::fs::File::open(path)
        .map_err(|e| CliError::input(format!("cannot read {path}: {e}")))?;
    let mut bytes = Vec::new();
    file.take(import::MAX_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| CliError::input(format!("cannot read {path}: {e}")))?;
    Ok(bytes)
}

fn feature(route: &ImportedRoute, flat: &[f64]) -> String {
    let mut coords = String::with_capacity(flat.len() * 12);
    for (i, p) in flat.chunks_exact(2).enumerate() {
        if i > 0 {
            coords.push(',');
        }
        let _ = write!(coords, "[{},{}]", p[1], p[0]);
    }
    let name = serde_json::Value::from(route.name.clone());
    format!(
        r#"{{"type":"Feature","properties":{{"name":{name},"points":{}}},"geometry":{{"type":"LineString","coordinates":[{coords}]}}}}"#,
        flat.len() / 2
    )
}

fn precision(digits: u32) -> Result<Precision, CliError> {
    Precision::new(digits).map_err(|e| CliError::input(e.to_string()))
}

/// Prints `[[lat, lng], ...]`.
pub fn decode(encoded: &str, digits: u32) -> Result<(), CliError> {
    let flat = polyline::decode(encoded.trim(), precision(digits)?)
        .map_err(|e| CliError::input(e.to_string()))?;
    let mut out = String::with_capacity(flat.len() * 12 + 2);
    out.push('[');
    for (i, p) in flat.chunks_exact(2).enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "[{}, {}]", p[0], p[1]);
    }
    out.push(']');
    println!("{out}");
    Ok(())
}

/// Reads `[[lat, lng], ...]` on stdin and prints the encoded polyline.
pub fn encode(digits: u32) -> Result<(), CliError> {
    let precision = precision(digits)?;
    let mut text = String::new();
    std::io::stdin()
        .take(import::MAX_FILE_BYTES as u64)
        .read_to_string(&mut text)
        .map_err(|e| CliError::input(format!("cannot read standard input: {e}")))?;
    let points: Vec<[f64; 2]> = serde_json::from_str(&text).map_err(|e| {
        CliError::input(format!(
            "standard input must be a JSON list of [lat, lng] pairs: {e}"
        ))
    })?;
    let flat: Vec<f64> = points.iter().flatten().copied().collect();
    let encoded = polyline::encode(&flat, precision).map_err(|e| CliError::input(e.to_string()))?;
    println!("{encoded}");
    Ok(())
}
