//! Route files of any content: GPX, GeoJSON and KML importers and the polyline decoder.
//! Invariant: an error or a route, never a panic; a route has at least 2 finite positions.
#![no_main]

use clearway_core::import::{geojson, gpx, kml};
use clearway_core::polyline;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&which, bytes)) = data.split_first() else {
        return;
    };
    match which % 4 {
        0 => check(gpx::import_gpx(bytes).ok().map(|r| r.coords)),
        1 => check(geojson::import_geojson(bytes).ok().map(|r| r.coords)),
        2 => check(kml::import_kml(bytes).ok().map(|r| r.coords)),
        _ => {
            if let Ok(text) = std::str::from_utf8(bytes) {
                let _ = polyline::decode(text, polyline::Precision::E5);
            }
        }
    }
});

fn check(points: Option<Vec<f64>>) {
    if let Some(flat) = points {
        assert!(flat.len() >= 4 && flat.iter().all(|v| v.is_finite()));
    }
}
