//! Tests of the comparison with the previous survey. Expected distances are worked by hand:
//! along a meridian the haversine is R·Δφ, so 0.0001° of latitude is
//! 6 371 000 m × 0.0001 × π/180 = 11.1195 m (11.1 m), 0.0002° is 22.239 m (22.2 m, inside
//! 25 m) and 0.0003° is 33.358 m (outside).

#![allow(clippy::float_cmp)] // the figures are rounded by the code: exact values are the point

use serde_json::json;

use super::*;

fn m(id: &str, kind: &str, lat: f64, height: f64) -> Measurement {
    serde_json::from_value(json!({
        "id": id, "user_id": "s", "poi_type": kind, "latitude": lat, "longitude": 5.0,
        "rel": height, "roadNumber": "1", "poiNumber": 1
    }))
    .unwrap()
}

fn prev(label: &str, kind: &str, lat: f64, clearance: f64) -> PreviousPoi {
    PreviousPoi {
        label: label.to_owned(),
        poi_type: kind.to_owned(),
        latitude: lat,
        longitude: 5.0,
        clearance_m: clearance,
    }
}

#[test]
fn a_lower_bridge_within_25_m_is_worded_in_centimetres() {
    let out = compare(
        &[m("a", "bridge", 52.0, 4.78)],
        &[prev("P1", "bridge", 52.0001, 4.90)],
    );
    assert_eq!(out.len(), 1);
    let c = &out[0];
    assert_eq!(c.measurement_id, "a");
    assert_eq!(c.previous_label, "P1");
    assert_eq!(c.distance_m, 11.1);
    assert_eq!(c.change_m, -0.12);
    assert_eq!(c.change, Change::Lower);
    assert_eq!(c.wording, "field lower by 0.12 m");
}

#[test]
fn higher_unchanged_and_half_centimetre_rounding() {
    let previous = [prev("P1", "bridge", 52.0, 5.00)];
    let higher = compare(&[m("a", "bridge", 52.0, 5.05)], &previous);
    assert_eq!(higher[0].wording, "field higher by 0.05 m");
    assert_eq!(higher[0].change, Change::Higher);
    // 5.004 − 5.00 = 0.004 m: under a centimetre.
    let same = compare(&[m("a", "bridge", 52.0, 5.004)], &previous);
    assert_eq!(same[0].wording, "field unchanged");
    assert_eq!(same[0].change_m, 0.0);
    // 4.885 − 5.00 = −0.115 m: half a centimetre rounds away from zero.
    let half = compare(&[m("a", "bridge", 52.0, 4.885)], &previous);
    assert_eq!(half[0].wording, "field lower by 0.12 m");
}

#[test]
fn only_the_same_type_matches_and_the_nearest_wins() {
    let previous = [
        prev("wire", "wire", 52.0, 6.00),
        prev("far", "bridge", 52.0002, 4.50),
        prev("near", "Bridge ", 52.0001, 4.60),
    ];
    let out = compare(&[m("a", "bridge", 52.0, 4.70)], &previous);
    assert_eq!(out[0].previous_label, "near");
    assert_eq!(out[0].wording, "field higher by 0.10 m");
    let (i, d) = match_previous(&m("a", "bridge", 52.0, 4.7), &previous).unwrap();
    assert_eq!(i, 2);
    assert!((d - 11.1195).abs() < 1e-3, "{d}");
}

#[test]
fn equally_near_pois_go_to_the_first_listed() {
    let previous = [
        prev("north", "bridge", 52.0001, 4.60),
        prev("south", "bridge", 51.9999, 4.80),
    ];
    let out = compare(&[m("a", "bridge", 52.0, 4.70)], &previous);
    assert_eq!(out[0].previous_label, "north");
}

#[test]
fn beyond_25_m_without_position_or_clearance_nothing_is_matched() {
    let previous = [prev("P1", "bridge", 52.0003, 4.90)];
    assert!(compare(&[m("a", "bridge", 52.0, 4.78)], &previous).is_empty());
    let within = [prev("P1", "bridge", 52.0002, 4.90)];
    assert_eq!(
        compare(&[m("a", "bridge", 52.0, 4.78)], &within)[0].distance_m,
        22.2
    );
    let mut no_position = m("a", "bridge", 52.0, 4.78);
    no_position.latitude = None;
    assert!(compare(&[no_position], &within).is_empty());
    let mut no_height = m("a", "bridge", 52.0002, 4.78);
    no_height.height_m = None;
    assert!(compare(&[no_height], &within).is_empty());
}

#[test]
fn the_lowest_reading_is_compared_and_pois_are_labelled() {
    let current: Measurement = serde_json::from_value(json!({
        "id": "a", "poi_type": "bridge", "latitude": 52.0, "longitude": 5.0, "rel": 5.2,
        "readings": [
            {"lane": "left", "method": "laser", "heightM": 5.20},
            {"lane": "right", "method": "tape", "heightM": 4.95}
        ]
    }))
    .unwrap();
    let old = previous_pois(&[
        m("x", "bridge", 52.0, 5.10),
        m("y", "", 52.0, 5.10),
        serde_json::from_value(json!({"id": "z", "poi_type": "bridge", "rel": 4.0})).unwrap(),
    ]);
    assert_eq!(old.len(), 1, "untyped and unplaced POIs are dropped");
    assert_eq!(old[0].label, "R001-POI00001");
    let out = compare(&[current], &old);
    assert_eq!(out[0].clearance_m, 4.95);
    assert_eq!(out[0].wording, "field lower by 0.15 m");
}
