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
mod tests;
