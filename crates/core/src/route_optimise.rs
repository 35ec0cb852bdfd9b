//! Ordering the stops of a planned route (SPEC §5 "Routes").
//!
//! Two orderings are offered:
//! - [`Optimiser::Spec`], the SPEC's rule: the origin first, the waypoints by increasing
//!   haversine distance from the origin (ties keep their input order), the destination last.
//! - [`Optimiser::Shortest`], a better tour with the same fixed endpoints: exact
//!   (Held-Karp dynamic programming) for up to [`EXACT_MAX_WAYPOINTS`] waypoints, else
//!   nearest neighbour and the SPEC ordering each improved by 2-opt and Or-opt, keeping the
//!   shorter. It is never longer than the SPEC ordering, and [`Optimised::saved_km`] says by
//!   how much it is shorter.
//!
//! Distances are haversine on the SPEC's sphere ([`crate::geodesy::EARTH_RADIUS_KM`]).

use crate::geodesy::{LatLon, haversine_km};

/// The role of a route point (SPEC §3 "Route point": origin, waypoint or destination).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopKind {
    Origin,
    Waypoint,
    Destination,
}

/// One stop of a planned route.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stop {
    pub position: LatLon,
    pub kind: StopKind,
}

impl Stop {
    pub const fn new(kind: StopKind, lat: f64, lon: f64) -> Self {
        Self {
            position: LatLon::new(lat, lon),
            kind,
        }
    }
}

/// Which ordering [`optimise`] computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Optimiser {
    /// The SPEC's ordering by distance from the origin.
    #[default]
    Spec,
    /// The shortest tour found with the same fixed endpoints.
    Shortest,
}

/// Up to this many waypoints, [`Optimiser::Shortest`] is exact (2^12 · 12² ≈ 600 000 steps).
pub const EXACT_MAX_WAYPOINTS: usize = 12;

/// Largest number of stops [`optimise`] accepts: the shortest-tour search keeps an n × n
/// distance table (8 MB at this size).
pub const MAX_STOPS: usize = 1000;

/// Upper bound on improvement passes of the 2-opt / Or-opt search, so hostile input cannot
/// make it run for long.
const MAX_IMPROVEMENT_PASSES: usize = 64;

/// Why a route cannot be ordered or calculated.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum RouteError {
    /// SPEC §5: optimising needs both an origin and a destination.
    #[error("Route must have an origin and destination")]
    MissingEndpoint,
    /// SPEC §5: route calculation needs at least 2 positions.
    #[error("Route calculation needs at least 2 positions, got {count}")]
    TooFewPositions { count: usize },
    /// A coordinate is not a finite number.
    #[error("Route point {index} has an invalid position")]
    InvalidPosition { index: usize },
    /// Above [`MAX_STOPS`].
    #[error("Route has {count} points; at most {max} can be optimised")]
    TooManyStops { count: usize, max: usize },
}

/// The result of [`optimise`].
#[derive(Debug, Clone, PartialEq)]
pub struct Optimised {
    /// Indices into the input stops, in travel order: the origin first, the destination last.
    pub order: Vec<usize>,
    /// Length of the ordered straight-line route, km.
    pub length_km: f64,
    /// How much shorter than the SPEC ordering it is, km (0 for [`Optimiser::Spec`]).
    pub saved_km: f64,
}

/// Checks that a flat `[lat, lon, ...]` list has at least 2 positions to route between
/// (SPEC §5), and returns how many it has.
///
/// ```
/// use clearway_core::route_optimise::{check_route_positions, RouteError};
/// assert_eq!(check_route_positions(&[45.0, -73.0, 46.0, -71.0]), Ok(2));
/// assert_eq!(
///     check_route_positions(&[45.0, -73.0]),
///     Err(RouteError::TooFewPositions { count: 1 })
/// );
/// ```
pub fn check_route_positions(flat: &[f64]) -> Result<usize, RouteError> {
    let count = flat.len() / 2;
    if count < 2 {
        return Err(RouteError::TooFewPositions { count });
    }
    Ok(count)
}

/// Orders the stops of a route. The first origin and the first destination are the fixed
/// endpoints; every other stop (including any further origin or destination) is a waypoint.
///
/// ```
/// use clearway_core::route_optimise::{optimise, Optimiser, Stop, StopKind::*};
/// let stops = [
///     Stop::new(Destination, 0.0, 10.0),
///     Stop::new(Waypoint, 0.0, 8.0),
///     Stop::new(Origin, 0.0, 0.0),
///     Stop::new(Waypoint, 0.0, 3.0),
/// ];
/// let spec = optimise(&stops, Optimiser::Spec).unwrap();
/// assert_eq!(spec.order, [2, 3, 1, 0]);
/// ```
pub fn optimise(stops: &[Stop], optimiser: Optimiser) -> Result<Optimised, RouteError> {
    if stops.len() > MAX_STOPS {
        return Err(RouteError::TooManyStops {
            count: stops.len(),
            max: MAX_STOPS,
        });
    }
    if let Some(index) = stops
        .iter()
        .position(|s| !s.position.lat.is_finite() || !s.position.lon.is_finite())
    {
        return Err(RouteError::InvalidPosition { index });
    }
    let origin = stops.iter().position(|s| s.kind == StopKind::Origin);
    let destination = stops.iter().position(|s| s.kind == StopKind::Destination);
    let (Some(origin), Some(destination)) = (origin, destination) else {
        return Err(RouteError::MissingEndpoint);
    };
    let spec = spec_order(stops, origin, destination);
    let spec_km = tour_length_km(stops, &spec);
    match optimiser {
        Optimiser::Spec => Ok(Optimised {
            order: spec,
            length_km: spec_km,
            saved_km: 0.0,
        }),
        Optimiser::Shortest => {
            let table = DistanceTable::new(stops);
            let waypoints = spec.len() - 2;
            let best = if waypoints <= EXACT_MAX_WAYPOINTS {
                held_karp(&table, &spec)
            } else {
                let mut from_spec = spec.clone();
                improve(&table, &mut from_spec);
                let mut from_nearest = nearest_neighbour(&table, &spec);
                improve(&table, &mut from_nearest);
                if table.length(&from_nearest) < table.length(&from_spec) {
                    from_nearest
                } else {
                    from_spec
                }
            };
            let best_km = tour_length_km(stops, &best);
            // Guard against rounding: never report an order longer than the SPEC's.
            if best_km < spec_km {
                Ok(Optimised {
                    order: best,
                    length_km: best_km,
                    saved_km: spec_km - best_km,
                })
            } else {
                Ok(Optimised {
                    order: spec,
                    length_km: spec_km,
                    saved_km: 0.0,
                })
            }
        }
    }
}

/// The SPEC ordering: origin, waypoints by distance from the origin (stable), destination.
fn spec_order(stops: &[Stop], origin: usize, destination: usize) -> Vec<usize> {
    let from = stops[origin].position;
    let mut waypoints: Vec<(f64, usize)> = (0..stops.len())
        .filter(|&i| i != origin && i != destination)
        .map(|i| (haversine_km(from, stops[i].position), i))
        .collect();
    waypoints.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut order = Vec::with_capacity(stops.len());
    order.push(origin);
    order.extend(waypoints.into_iter().map(|(_, i)| i));
    order.push(destination);
    order
}

/// Length in km of the straight-line route visiting `stops` in `order`.
fn tour_length_km(stops: &[Stop], order: &[usize]) -> f64 {
    order
        .windows(2)
        .map(|w| haversine_km(stops[w[0]].position, stops[w[1]].position))
        .sum()
}

/// Pairwise haversine distances, row-major.
struct DistanceTable {
    n: usize,
    km: Vec<f64>,
}

impl DistanceTable {
    fn new(stops: &[Stop]) -> Self {
        let n = stops.len();
        let mut km = vec![0.0; n * n];
        for i in 0..n {
            for j in (i + 1)..n {
                let d = haversine_km(stops[i].position, stops[j].position);
                km[i * n + j] = d;
                km[j * n + i] = d;
            }
        }
        Self { n, km }
    }

    fn d(&self, a: usize, b: usize) -> f64 {
        self.km[a * self.n + b]
    }

    fn length(&self, order: &[usize]) -> f64 {
        order.windows(2).map(|w| self.d(w[0], w[1])).sum()
    }
}

/// Exact shortest path from `spec[0]` through every waypoint to `spec[last]`: Held-Karp over
/// subsets of waypoints. Only called with at most [`EXACT_MAX_WAYPOINTS`] waypoints.
fn held_karp(table: &DistanceTable, spec: &[usize]) -> Vec<usize> {
    let (origin, destination) = (spec[0], spec[spec.len() - 1]);
    let waypoints = &spec[1..spec.len() - 1];
    let k = waypoints.len();
    if k == 0 {
        return spec.to_vec();
    }
    let subsets = 1usize << k;
    // best[set * k + last]: shortest path from the origin visiting `set`, ending at `last`.
    let mut best = vec![f64::INFINITY; subsets * k];
    let mut previous = vec![usize::MAX; subsets * k];
    for (j, &w) in waypoints.iter().enumerate() {
        best[(1 << j) * k + j] = table.d(origin, w);
    }
    for set in 1..subsets {
        for last in 0..k {
            let here = best[set * k + last];
            if set & (1 << last) == 0 || !here.is_finite() {
                continue;
            }
            for next in 0..k {
                if set & (1 << next) != 0 {
                    continue;
                }
                let grown = set | (1 << next);
                let candidate = here + table.d(waypoints[last], waypoints[next]);
                if candidate < best[grown * k + next] {
                    best[grown * k + next] = candidate;
                    previous[grown * k + next] = last;
                }
            }
        }
    }
    let full = subsets - 1;
    let mut last = (0..k)
        .min_by(|&a, &b| {
            let da = best[full * k + a] + table.d(waypoints[a], destination);
            let db = best[full * k + b] + table.d(waypoints[b], destination);
            da.total_cmp(&db)
        })
        .unwrap_or(0);
    let mut reversed = Vec::with_capacity(k);
    let mut set = full;
    while last != usize::MAX && set != 0 {
        reversed.push(waypoints[last]);
        let before = previous[set * k + last];
        set &= !(1 << last);
        last = before;
    }
    let mut order = Vec::with_capacity(spec.len());
    order.push(origin);
    order.extend(reversed.into_iter().rev());
    order.push(destination);
    order
}

/// Nearest-neighbour tour from the origin over the waypoints, then the destination.
fn nearest_neighbour(table: &DistanceTable, spec: &[usize]) -> Vec<usize> {
    let (origin, destination) = (spec[0], spec[spec.len() - 1]);
    let mut left: Vec<usize> = spec[1..spec.len() - 1].to_vec();
    let mut order = Vec::with_capacity(spec.len());
    order.push(origin);
    let mut at = origin;
    while !left.is_empty() {
        let mut pick = 0;
        for (i, &candidate) in left.iter().enumerate() {
            if table.d(at, candidate) < table.d(at, left[pick]) {
                pick = i;
            }
        }
        at = left.swap_remove(pick);
        order.push(at);
    }
    order.push(destination);
    order
}

/// Improves a tour in place with 2-opt (segment reversal) and Or-opt (moving a run of 1–3
/// stops elsewhere) until neither helps; the endpoints never move.
fn improve(table: &DistanceTable, order: &mut Vec<usize>) {
    const EPS_KM: f64 = 1e-12;
    for _ in 0..MAX_IMPROVEMENT_PASSES {
        let mut improved = false;
        let n = order.len();
        // 2-opt: reverse order[i..=j] for 1 <= i < j <= n - 2.
        for i in 1..n.saturating_sub(2) {
            for j in (i + 1)..(n - 1) {
                let (before, first, last, after) = (order[i - 1], order[i], order[j], order[j + 1]);
                let delta = table.d(before, last) + table.d(first, after)
                    - table.d(before, first)
                    - table.d(last, after);
                if delta < -EPS_KM {
                    order[i..=j].reverse();
                    improved = true;
                }
            }
        }
        // Or-opt: move order[i..i + len] between two other neighbours.
        for len in 1..=3 {
            let mut i = 1;
            while i + len < n {
                if let Some(moved) = or_opt_move(table, order, i, len) {
                    *order = moved;
                    improved = true;
                }
                i += 1;
            }
        }
        if !improved {
            break;
        }
    }
}

/// The tour with `order[i..i + len]` moved to its best other place, if that is shorter.
fn or_opt_move(table: &DistanceTable, order: &[usize], i: usize, len: usize) -> Option<Vec<usize>> {
    const EPS_KM: f64 = 1e-12;
    let n = order.len();
    let (before, first, last, after) = (order[i - 1], order[i], order[i + len - 1], order[i + len]);
    let removal_gain = table.d(before, first) + table.d(last, after) - table.d(before, after);
    let mut best: Option<(f64, usize, bool)> = None;
    // Insert between order[p] and order[p + 1], both outside the moved run.
    for p in 0..(n - 1) {
        if p + 1 >= i && p < i + len {
            continue;
        }
        let (x, y) = (order[p], order[p + 1]);
        for reversed in [false, true] {
            let (head, tail) = if reversed {
                (last, first)
            } else {
                (first, last)
            };
            let cost = table.d(x, head) + table.d(tail, y) - table.d(x, y);
            let gain = removal_gain - cost;
            if gain > EPS_KM && best.is_none_or(|(g, _, _)| gain > g) {
                best = Some((gain, p, reversed));
            }
        }
    }
    let (_, p, reversed) = best?;
    let mut run: Vec<usize> = order[i..i + len].to_vec();
    if reversed {
        run.reverse();
    }
    let mut rest: Vec<usize> = order[..i]
        .iter()
        .chain(&order[i + len..])
        .copied()
        .collect();
    // Position of order[p] inside `rest`.
    let at = if p < i { p } else { p - len };
    rest.splice(at + 1..=at, run);
    Some(rest)
}

#[cfg(test)]
mod tests {
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
        let spec_at_least_km =
            arc_km(1) + (2..=9).map(|s| arc_km(20 - 2 * s)).sum::<f64>() + arc_km(9);
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
}
