//! Previous surveys of any content (issue 15 point 6): the kind told by the bytes, the CSV
//! split by RFC 4180 with columns found by header, the JSON through the lenient records,
//! then every POI read compared with a fixed survey. Invariant: an error or the POIs, never
//! a panic; every POI read has finite figures.
#![no_main]

use clearway_core::clearance::previous::compare;
use clearway_core::clearance::previous_read::read_previous;
use clearway_core::survey::Measurement;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(pois) = read_previous(data) else {
        return;
    };
    for p in &pois {
        assert!(p.latitude.is_finite() && p.longitude.is_finite() && p.clearance_m.is_finite());
    }
    let here = Measurement {
        id: "m".into(),
        poi_type: pois[0].poi_type.clone(),
        latitude: Some(pois[0].latitude),
        longitude: Some(pois[0].longitude),
        height_m: Some(4.5),
        ..Default::default()
    };
    let _ = compare(&[here], &pois);
});
