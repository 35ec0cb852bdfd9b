use super::StopKind::{Destination, Origin, Waypoint};
use super::*;
use crate::geodesy::EARTH_RADIUS_KM;
use proptest::prelude::*;

fn brute_force_km(stops: &[Stop], spec: &[usize]) -> f64 {
    fn permute(items: &mut Vec<usize>, k: usize, visit: &mut dyn FnMut(&[usize])) {
        if k == items.len() {
            visit(items);
            return;
        }
        for i in k..items.len() {
            items.swap(k, i);
            permute(items, k + 1, visit);
            items.swap(k, i);
        }
    }
    let mut waypoints = spec[1..spec.len() - 1].to_vec();
    let mut best = f64::INFINITY;
    permute(&mut waypoints, 0, &mut |perm| {
        let mut order = vec![spec[0]];
        order.extend_from_slice(perm);
        order.push(spec[spec.len() - 1]);
        best = best.min(tour_length_km(stops, &order));
    });
    best
}

fn is_permutation(order: &[usize], n: usize) -> bool {
    let mut seen = vec![false; n];
    order.len() == n
        && order
            .iter()
            .all(|&i| i < n && !std::mem::replace(&mut seen[i], true))
}

#[test]
fn missing_origin_or_destination_is_the_spec_error() {
    let only_waypoints = [
        Stop::new(Waypoint, 1.0, 1.0),
        Stop::new(Destination, 2.0, 2.0),
    ];
    let err = optimise(&only_waypoints, Optimiser::Spec).unwrap_err();
    assert_eq!(err.to_string(), "Route must have an origin and destination");
    let no_destination = [Stop::new(Origin, 1.0, 1.0), Stop::new(Waypoint, 2.0, 2.0)];
    assert_eq!(
        optimise(&no_destination, Optimiser::Shortest),
        Err(RouteError::MissingEndpoint)
    );
}

#[test]
fn route_calculation_needs_two_positions() {
    assert_eq!(
        check_route_positions(&[]),
        Err(RouteError::TooFewPositions { count: 0 })
    );
    assert_eq!(
        RouteError::TooFewPositions { count: 1 }.to_string(),
        "Route calculation needs at least 2 positions, got 1"
    );
    assert_eq!(check_route_positions(&[0.0, 0.0, 1.0, 1.0, 2.0]), Ok(2));
}

#[test]
fn non_finite_positions_are_rejected() {
    let stops = [
        Stop::new(Origin, 0.0, 0.0),
        Stop::new(Destination, f64::NAN, 0.0),
    ];
    assert_eq!(
        optimise(&stops, Optimiser::Spec),
        Err(RouteError::InvalidPosition { index: 1 })
    );
}

#[test]
fn spec_order_is_kept_when_it_is_already_optimal() {
    // Along the equator: origin 0°, waypoints 3° and -1°, destination 4°. The SPEC visits
    // -1° (1° away) before 3° (3° away): 1° + 4° + 1° = 6°. Any route from 0° that reaches
    // -1° and ends at 4° is at least 1° + 5° = 6°, so this is optimal.
    let stops = [
        Stop::new(Origin, 0.0, 0.0),
        Stop::new(Waypoint, 0.0, 3.0),
        Stop::new(Waypoint, 0.0, -1.0),
        Stop::new(Destination, 0.0, 4.0),
    ];
    let spec = optimise(&stops, Optimiser::Spec).unwrap();
    assert_eq!(spec.order, [0, 2, 1, 3]); // -1° is 1° away, 3° is 3° away
    // 1° + 4° + 1° of the equator, 111.194 926 6 km each (2πR/360).
    assert!((spec.length_km - 6.0 * 111.194_926_644_558_73).abs() < 1e-6);
    let best = optimise(&stops, Optimiser::Shortest).unwrap();
    assert_eq!(best.order, spec.order, "already optimal");
    assert!(best.saved_km.abs() < 1e-12);
}

#[test]
fn shortest_beats_spec_when_distance_from_origin_misleads() {
    // Along the equator: origin 0°, destination 10°, waypoints 2° and -3°. The SPEC goes
    // 0 → 2 → -3 → 10 = 2° + 5° + 13° = 20°. The optimum is 0 → -3 → 2 → 10 = 3° + 5° + 8°
    // = 16° (reaching -3° and ending at 10° needs at least 3° + 13°). Saved: 4°.
    const KM_PER_DEGREE: f64 = 111.194_926_644_558_73; // 2πR/360, R = 6371 km
    let stops = [
        Stop::new(Origin, 0.0, 0.0),
        Stop::new(Waypoint, 0.0, 2.0),
        Stop::new(Waypoint, 0.0, -3.0),
        Stop::new(Destination, 0.0, 10.0),
    ];
    let spec = optimise(&stops, Optimiser::Spec).unwrap();
    assert_eq!(spec.order, [0, 1, 2, 3]);
    assert!((spec.length_km - 20.0 * KM_PER_DEGREE).abs() < 1e-6);
    let best = optimise(&stops, Optimiser::Shortest).unwrap();
    assert_eq!(best.order, [0, 2, 1, 3]);
    assert!((best.length_km - 16.0 * KM_PER_DEGREE).abs() < 1e-6);
    assert!((best.saved_km - 4.0 * KM_PER_DEGREE).abs() < 1e-6);
}

#[test]
fn heuristic_path_is_used_above_the_exact_limit() {
    // 40 waypoints on a line between the endpoints, shuffled: the optimum is the sorted
    // order (a straight segment cannot be beaten), which 2-opt finds from any start.
    let mut stops = vec![Stop::new(Origin, 0.0, 0.0)];
    for k in [17, 3, 29, 11, 38, 1, 24, 7, 33, 15] {
        for offset in [0, 40, 80, 120] {
            let step = (k * 7 + offset) % 40 + 1;
            stops.push(Stop::new(Waypoint, 0.0, f64::from(step) * 0.02));
        }
    }
    stops.push(Stop::new(Destination, 0.0, 1.0));
    let best = optimise(&stops, Optimiser::Shortest).unwrap();
    assert!(is_permutation(&best.order, stops.len()));
    // 1° of the equator by hand: 2πR/360 km.
    assert!(
        (best.length_km - 111.194_926_644_558_73).abs() < 1e-6,
        "{}",
        best.length_km
    );
}

#[test]
fn heuristic_beats_spec_on_a_zig_zag_of_sixteen_waypoints() {
    // Along the equator (distance = |Δlon| · 2πR/360): origin 0°, destination 20°, and 16
    // waypoints at -1°, 2°, -3°, 4°, ..., -15°, 16°, so the k-th nearest to the origin lies
    // k degrees away on alternating sides. The SPEC visits them in that order, each hop
    // crossing the origin: 1° + 3° + 5° + ... + 31° (the first 16 odd numbers, 256°), then
    // 16° → 20° (4°): 260°. Any route from 0° that reaches -15° and ends at 20° is at
    // least 15° + 35° = 50°, and sweeping 0 → -15 → ... → -1 → 2 → ... → 16 → 20 is 50°.
    const KM_PER_DEGREE: f64 = 111.194_926_644_558_73; // 2πR/360, R = 6371 km
    let mut stops = vec![Stop::new(Origin, 0.0, 0.0)];
    for k in 1..=16 {
        let side = if k % 2 == 1 { -1.0 } else { 1.0 };
        stops.push(Stop::new(Waypoint, 0.0, side * f64::from(k)));
    }
    stops.push(Stop::new(Destination, 0.0, 20.0));
    assert!(stops.len() - 2 > EXACT_MAX_WAYPOINTS);
    let spec = optimise(&stops, Optimiser::Spec).unwrap();
    assert!((spec.length_km - 260.0 * KM_PER_DEGREE).abs() < 1e-6);
    let best = optimise(&stops, Optimiser::Shortest).unwrap();
    assert!(is_permutation(&best.order, stops.len()));
    assert!(
        (best.length_km - 50.0 * KM_PER_DEGREE).abs() < 1e-6,
        "{}",
        best.length_km
    );
    assert!((best.saved_km - 210.0 * KM_PER_DEGREE).abs() < 1e-6);
}

#[test]
fn heuristic_goes_round_a_circle_of_twenty_stops() {
    // 20 stops evenly spaced on the parallel 85°N (every 18° of longitude, a ring about
    // 1100 km across): the origin is stop 0, the destination its neighbour stop 1, the 18
    // others are waypoints. The parallel is a circle of radius R·cos 85°, so two stops m
    // steps apart are a chord c = 2·R·cos 85°·sin(m·9°) apart in space, and 2R·asin(c / 2R)
    // apart on the sphere.
    // The stops are in convex position inside a hemisphere, where an optimal closed tour
    // never crosses itself, so it is the circle's order; the best path from 0 to its
    // neighbour 1 is that tour minus the edge 0–1: 19 one-step chords (0 → 19 → ... → 2
    // → 1). The SPEC order by distance from stop 0 alternates sides of the circle: 0 → 19
    // (1 step), then each pair {s, 20 - s} (s = 2..9) one after the other, with a hop of
    // 20 - 2s steps between them (the short way round: min(m, 20 - m)), then 10 → 1
    // (9 steps); those hops alone are more than twice the optimum.
    const LAT: f64 = 85.0;
    let r_km = EARTH_RADIUS_KM;
    let arc_km = |steps: u32| {
        let m = f64::from(steps.min(20 - steps));
        let chord = 2.0 * r_km * LAT.to_radians().cos() * (m * 9.0f64).to_radians().sin();
        2.0 * r_km * (chord / (2.0 * r_km)).asin()
    };
    let lon = |k: u32| {
        let degrees = f64::from(k) * 18.0;
        if degrees > 180.0 {
            degrees - 360.0
        } else {
            degrees
        }
    };
    let mut stops = vec![
        Stop::new(Origin, LAT, lon(0)),
        Stop::new(Destination, LAT, lon(1)),
    ];
    // Waypoints in a scrambled input order.
    for k in [
        7, 15, 2, 11, 19, 4, 13, 9, 17, 5, 3, 18, 10, 6, 14, 8, 16, 12,
    ] {
        stops.push(Stop::new(Waypoint, LAT, lon(k)));
    }
    let optimum_km = 19.0 * arc_km(1);
    let spec_at_least_km = arc_km(1) + (2..=9).map(|s| arc_km(20 - 2 * s)).sum::<f64>() + arc_km(9);
    assert!(
        spec_at_least_km > 2.0 * optimum_km,
        "a clearly worse SPEC order"
    );
    let spec = optimise(&stops, Optimiser::Spec).unwrap();
    assert!(
        spec.length_km >= spec_at_least_km - 1e-6,
        "{}",
        spec.length_km
    );
    let best = optimise(&stops, Optimiser::Shortest).unwrap();
    assert!(is_permutation(&best.order, stops.len()));
    assert!(
        (best.length_km - optimum_km).abs() < 1e-6,
        "{} km, optimum {optimum_km} km",
        best.length_km
    );
    assert!((best.saved_km - (spec.length_km - optimum_km)).abs() < 1e-6);
}

fn stops_strategy(max_waypoints: usize) -> impl Strategy<Value = Vec<Stop>> {
    let point = (-60.0f64..60.0, -170.0f64..170.0);
    (
        point.clone(),
        point,
        prop::collection::vec((-60.0f64..60.0, -170.0f64..170.0), 0..max_waypoints),
    )
        .prop_map(|(o, d, w)| {
            let mut stops: Vec<Stop> = w
                .into_iter()
                .map(|(lat, lon)| Stop::new(Waypoint, lat, lon))
                .collect();
            let mid = stops.len() / 2;
            stops.insert(mid, Stop::new(Origin, o.0, o.1));
            stops.push(Stop::new(Destination, d.0, d.1));
            stops
        })
}

proptest! {
    #[test]
    fn shortest_is_a_permutation_with_fixed_ends_never_longer_than_spec(stops in stops_strategy(30)) {
        let spec = optimise(&stops, Optimiser::Spec).unwrap();
        let best = optimise(&stops, Optimiser::Shortest).unwrap();
        for result in [&spec, &best] {
            prop_assert!(is_permutation(&result.order, stops.len()));
            prop_assert_eq!(stops[result.order[0]].kind, Origin);
            prop_assert_eq!(stops[*result.order.last().unwrap()].kind, Destination);
        }
        prop_assert!(best.length_km <= spec.length_km);
        prop_assert!((spec.length_km - best.length_km - best.saved_km).abs() < 1e-9);
    }

    #[test]
    fn spec_waypoints_are_sorted_by_distance_from_origin(stops in stops_strategy(12)) {
        let spec = optimise(&stops, Optimiser::Spec).unwrap();
        let origin = stops[spec.order[0]].position;
        let inner = &spec.order[1..spec.order.len() - 1];
        for pair in inner.windows(2) {
            prop_assert!(haversine_km(origin, stops[pair[0]].position)
                <= haversine_km(origin, stops[pair[1]].position));
        }
    }

    #[test]
    fn shortest_is_optimal_for_up_to_eight_points(stops in stops_strategy(7)) {
        let best = optimise(&stops, Optimiser::Shortest).unwrap();
        let optimum = brute_force_km(&stops, &best.order);
        prop_assert!((best.length_km - optimum).abs() < 1e-6,
            "found {} km, brute force {} km", best.length_km, optimum);
    }
}
