//! Shape-preserving simplification: Ramer–Douglas–Peucker with a tolerance in metres.
//!
//! A point is dropped when it lies within `tolerance_m` of the straight segment joining the
//! kept points around it. Distances are measured in a local plane for each segment
//! (equirectangular around the segment's mid-latitude φ₀: x = R·Δλ·cos φ₀, y = R·Δφ,
//! R = [`EARTH_RADIUS_KM`]), accurate to well under 1 % for segments up to a few hundred
//! kilometres, which is what matters for a tolerance of metres. The first and last points
//! are always kept. The work list is an explicit stack, so millions of points cannot
//! overflow the call stack.
//!
//! Speed: the cosine is taken once per segment, not per point; the inner loop compares
//! squared distances in degrees of latitude (the constant `R·π/180` is folded into the
//! tolerance), with no trigonometry, square root or division. Longitudes are wrapped across
//! the antimeridian only when the route's longitudes span more than 180°.
//!
//! Pruning (same result as the plain scan): the points are cut once into blocks of
//! [`BLOCK`] consecutive points, and each block records how far its points stray from the
//! chord joining its two end points (`reach`, in degrees of longitude and latitude). For a
//! segment of the search, the distance of every block point is at most the larger distance
//! of the block's two end points plus that reach (the distance to a segment is convex and
//! 1-Lipschitz). The search first measures the block end points; a block whose bound is
//! below the largest of those distances cannot hold the farthest point and is not scanned.
//! On a recorded drive most blocks of a long segment are skipped. The bounds carry a
//! margin far above rounding error, so the kept points are exactly those of the plain
//! scan (tests compare both on the corpus and on long drives).
//!
//! Hand-written rather than taken from the `geo` crate: `geo` depends on `rand` with
//! `getrandom`, which does not build for `wasm32-unknown-unknown` without JavaScript glue.

use crate::geodesy::EARTH_RADIUS_KM;

/// Metres in one degree of latitude on the SPEC's sphere (2πR / 360).
const METRES_PER_DEGREE: f64 = EARTH_RADIUS_KM * 1000.0 * std::f64::consts::PI / 180.0;

/// Indices of the points kept by Douglas-Peucker at `tolerance_m` metres, in order.
/// A negative or NaN tolerance counts as 0 (every point off the line is kept).
///
/// ```
/// use clearway_core::import::simplify::simplify_indices;
/// // A straight line along the equator with a 1.1 km bump at the third point.
/// let flat = [0.0, 0.0, 0.0, 0.01, 0.01, 0.02, 0.0, 0.03, 0.0, 0.04];
/// // Points 1 and 3 sit about 497 m from the chords to the bump.
/// assert_eq!(simplify_indices(&flat, 600.0), [0, 2, 4]);
/// assert_eq!(simplify_indices(&flat, 5_000.0), [0, 4]);
/// ```
pub fn simplify_indices(flat: &[f64], tolerance_m: f64) -> Vec<usize> {
    let n = flat.len() / 2;
    if n <= 2 {
        return (0..n).collect();
    }
    let points = &flat[..2 * n];
    let tolerance_deg = if tolerance_m > 0.0 {
        tolerance_m / METRES_PER_DEGREE
    } else {
        0.0
    };
    let tolerance_sq = tolerance_deg * tolerance_deg;
    let wraps = longitude_span(points) > 180.0;
    let reaches = if wraps {
        [Vec::new(), Vec::new(), Vec::new()]
    } else {
        block_reaches(points)
    };
    let mut scratch = [Vec::new(), Vec::new(), Vec::new()];
    let mut keep = vec![false; n];
    keep[0] = true;
    keep[n - 1] = true;
    let mut pending = vec![(0usize, n - 1)];
    while let Some((first, last)) = pending.pop() {
        if last <= first + 1 {
            continue;
        }
        let (index, distance_sq) = if wraps {
            farthest::<true>(points, first, last)
        } else {
            farthest_pruned(points, &reaches, first, last, &mut scratch)
        };
        // `farthest` only moves off `first` for a distance above 0, so a kept point is
        // strictly inside the segment and the work list shrinks.
        if distance_sq > tolerance_sq {
            keep[index] = true;
            pending.push((first, index));
            pending.push((index, last));
        }
    }
    keep.iter()
        .enumerate()
        .filter_map(|(i, &k)| k.then_some(i))
        .collect()
}

/// Flat `[lat, lon, ...]` simplified with [`simplify_indices`].
pub fn simplify(flat: &[f64], tolerance_m: f64) -> Vec<f64> {
    let kept = simplify_indices(flat, tolerance_m);
    let mut out = Vec::with_capacity(kept.len() * 2);
    for i in kept {
        out.extend_from_slice(&flat[2 * i..2 * i + 2]);
    }
    out
}

/// Block sizes of the pruning index, finest first; each divides the next.
const LEVELS: [usize; 3] = [8, 64, 512];

/// A level is used for a segment holding at least this many of its whole blocks.
const PRUNE_FROM_BLOCKS: usize = 3;

/// Relative and absolute (degrees) margins on the pruning bounds: many orders of magnitude
/// above the rounding error of the distances, far below any tolerance that matters.
const RELATIVE_MARGIN: f64 = 1e-9;
const ABSOLUTE_MARGIN_DEG: f64 = 1e-11;

/// The pruning index: for each of [`LEVELS`], the reach of each block, `[lon, lat]`
/// degrees. Block `k` of size `B` holds the points `k·B ..= (k + 1)·B`.
fn block_reaches(points: &[f64]) -> [Vec<[f64; 2]>; 3] {
    LEVELS.map(|size| reaches_of(points, size))
}

fn reaches_of(points: &[f64], size: usize) -> Vec<[f64; 2]> {
    let n = points.len() / 2;
    let blocks = n.saturating_sub(1) / size;
    let mut reaches = Vec::with_capacity(blocks);
    for k in 0..blocks {
        let (u, v) = (k * size, (k + 1) * size);
        let (u_lat, u_lon) = (points[2 * u], points[2 * u + 1]);
        let (ex, ey) = (points[2 * v + 1] - u_lon, points[2 * v] - u_lat);
        let length_sq = ex * ex + ey * ey;
        let inverse = if length_sq > 0.0 {
            1.0 / length_sq
        } else {
            0.0
        };
        let (mut rx, mut ry) = (0.0f64, 0.0f64);
        for p in points[2 * (u + 1)..2 * v].chunks_exact(2) {
            let (qx, qy) = (p[1] - u_lon, p[0] - u_lat);
            let s = ((qx * ex + qy * ey) * inverse).clamp(0.0, 1.0);
            // NaN stays NaN (`max` would drop it): such a block is always scanned.
            let (ox, oy) = ((qx - s * ex).abs(), (qy - s * ey).abs());
            rx = if ox.is_nan() { ox } else { rx.max(ox) };
            ry = if oy.is_nan() { oy } else { ry.max(oy) };
        }
        let widen = |r: f64| r * (1.0 + RELATIVE_MARGIN) + ABSOLUTE_MARGIN_DEG;
        reaches.push([widen(rx), widen(ry)]);
    }
    reaches
}

/// The chord `first`–`last` of a search in its local plane (x = Δλ·cos φ₀, y = Δφ).
struct Chord<const WRAP: bool> {
    a_lat: f64,
    a_lon: f64,
    cos_lat: f64,
    bx: f64,
    by: f64,
    inverse: f64,
}

impl<const WRAP: bool> Chord<WRAP> {
    fn new(points: &[f64], first: usize, last: usize) -> Self {
        let (a_lat, a_lon) = (points[2 * first], points[2 * first + 1]);
        let (b_lat, b_lon) = (points[2 * last], points[2 * last + 1]);
        let cos_lat = a_lat.midpoint(b_lat).to_radians().cos();
        let mut chord = Self {
            a_lat,
            a_lon,
            cos_lat,
            bx: 0.0,
            by: b_lat - a_lat,
            inverse: 0.0,
        };
        chord.bx = chord.d_lon(b_lon) * cos_lat;
        let length_sq = chord.bx * chord.bx + chord.by * chord.by;
        if length_sq > 0.0 {
            chord.inverse = 1.0 / length_sq;
        }
        chord
    }

    #[inline]
    fn d_lon(&self, lon: f64) -> f64 {
        let d = lon - self.a_lon;
        if WRAP { wrap_degrees(d) } else { d }
    }

    /// Squared distance (degrees of latitude) from `(lat, lon)` to the chord segment.
    #[inline]
    fn distance_sq(&self, lat: f64, lon: f64) -> f64 {
        let (px, py) = (self.d_lon(lon) * self.cos_lat, lat - self.a_lat);
        let t = ((px * self.bx + py * self.by) * self.inverse).clamp(0.0, 1.0);
        let (dx, dy) = (px - t * self.bx, py - t * self.by);
        dx * dx + dy * dy
    }

    fn distance_at(&self, points: &[f64], i: usize) -> f64 {
        self.distance_sq(points[2 * i], points[2 * i + 1]).sqrt()
    }

    /// Scans the points `from .. to`, keeping the first farthest in `best`.
    #[inline]
    fn scan(&self, points: &[f64], from: usize, to: usize, best: &mut (usize, f64)) {
        if from >= to {
            return;
        }
        for (k, p) in points[2 * from..2 * to].chunks_exact(2).enumerate() {
            let distance_sq = self.distance_sq(p[0], p[1]);
            // NaN never compares greater, so bad input cannot select itself.
            if distance_sq > best.1 {
                *best = (from + k, distance_sq);
            }
        }
    }
}

/// The point of `first + 1 .. last` farthest from the segment `first`–`last` (the first
/// one on a tie), and its squared distance in degrees of latitude; `(first, 0.0)` when
/// every point is on it.
fn farthest<const WRAP: bool>(points: &[f64], first: usize, last: usize) -> (usize, f64) {
    let mut best = (first, 0.0f64);
    Chord::<WRAP>::new(points, first, last).scan(points, first + 1, last, &mut best);
    best
}

/// [`farthest`] with block pruning: the same answer, most blocks of a long segment
/// skipped.
fn farthest_pruned(
    points: &[f64],
    reaches: &[Vec<[f64; 2]>; 3],
    first: usize,
    last: usize,
    scratch: &mut [Vec<f64>; 3],
) -> (usize, f64) {
    // The coarsest level with enough whole blocks inside the segment: blocks k0 .. k1,
    // with k0·B > first and k1·B <= last.
    let Some(level) = (0..LEVELS.len())
        .rev()
        .find(|&l| last / LEVELS[l] >= first / LEVELS[l] + 1 + PRUNE_FROM_BLOCKS)
    else {
        return farthest::<false>(points, first, last);
    };
    let size = LEVELS[level];
    let (k0, k1) = (first / size + 1, last / size);
    let mut search = Search {
        points,
        reaches,
        last,
        chord: Chord::new(points, first, last),
        reached: 0.0,
        best: (first, 0.0),
        bounds: scratch,
    };
    // In index order: the points before the first block, the blocks, the points after.
    search
        .chord
        .scan(points, first + 1, k0 * size + 1, &mut search.best);
    search.reached = search.best.1.sqrt();
    search.blocks(level, k0, k1);
    search
        .chord
        .scan(points, k1 * size + 1, last, &mut search.best);
    search.best
}

/// One pruned search for the farthest point from a chord.
struct Search<'a> {
    points: &'a [f64],
    reaches: &'a [Vec<[f64; 2]>; 3],
    /// The segment's last point (never a candidate).
    last: usize,
    chord: Chord<false>,
    /// A distance (degrees) some candidate point reaches: the farthest is at least this.
    reached: f64,
    /// The first farthest point scanned so far, and its squared distance.
    best: (usize, f64),
    /// Scratch space for the block bounds of each level.
    bounds: &'a mut [Vec<f64>; 3],
}

impl Search<'_> {
    /// Searches the blocks `k0 .. k1` of `level`, in order, scanning each point after a
    /// block's first (that one belongs to the previous block, or was scanned before).
    fn blocks(&mut self, level: usize, k0: usize, k1: usize) {
        let size = LEVELS[level];
        // Bounds first: they raise `reached` before any block is judged.
        let mut bounds = std::mem::take(&mut self.bounds[level]);
        bounds.clear();
        let mut previous = self.chord.distance_at(self.points, k0 * size);
        for (k, reach) in self.reaches[level][k0..k1].iter().enumerate() {
            let v = (k0 + k + 1) * size;
            let next = self.chord.distance_at(self.points, v);
            if v < self.last {
                self.reached = self.reached.max(next);
            }
            let stray_x = reach[0] * self.chord.cos_lat;
            let stray = (stray_x * stray_x + reach[1] * reach[1]).sqrt();
            bounds.push(previous.max(next) + stray);
            previous = next;
        }
        for (k, &bound) in (k0..k1).zip(&bounds) {
            let threshold = self.reached * (1.0 - RELATIVE_MARGIN) - ABSOLUTE_MARGIN_DEG;
            // NaN bounds (bad input in the block) are searched.
            if bound < threshold {
                continue;
            }
            if level == 0 {
                let to = ((k + 1) * size + 1).min(self.last);
                self.chord
                    .scan(self.points, k * size + 1, to, &mut self.best);
                self.reached = self.reached.max(self.best.1.sqrt());
            } else {
                let ratio = size / LEVELS[level - 1];
                self.blocks(level - 1, k * ratio, (k + 1) * ratio);
            }
        }
        self.bounds[level] = bounds;
    }
}

/// Largest minus smallest longitude (NaN ignored), degrees.
fn longitude_span(points: &[f64]) -> f64 {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for p in points.chunks_exact(2) {
        lo = lo.min(p[1]);
        hi = hi.max(p[1]);
    }
    hi - lo
}

/// A longitude difference brought into -180..180, across the antimeridian.
fn wrap_degrees(d: f64) -> f64 {
    if d > 180.0 {
        d - 360.0
    } else if d < -180.0 {
        d + 360.0
    } else {
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The previous implementation, kept as the reference: the cosine and the projection
    /// per point, distances in metres with `hypot`, always wrapping longitudes.
    fn reference_indices(flat: &[f64], tolerance_m: f64) -> Vec<usize> {
        fn segment_distance_m(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
            let r_m = EARTH_RADIUS_KM * 1000.0;
            let cos_lat = a.0.midpoint(b.0).to_radians().cos();
            let to_plane = |q: (f64, f64)| {
                let d_lon = wrap_degrees(q.1 - a.1);
                (
                    r_m * d_lon.to_radians() * cos_lat,
                    r_m * (q.0 - a.0).to_radians(),
                )
            };
            let (bx, by) = to_plane(b);
            let (px, py) = to_plane(p);
            let length_sq = bx * bx + by * by;
            let t = if length_sq > 0.0 {
                ((px * bx + py * by) / length_sq).clamp(0.0, 1.0)
            } else {
                0.0
            };
            (px - t * bx).hypot(py - t * by)
        }
        let n = flat.len() / 2;
        if n <= 2 {
            return (0..n).collect();
        }
        let point = |i: usize| (flat[2 * i], flat[2 * i + 1]);
        let mut keep = vec![false; n];
        keep[0] = true;
        keep[n - 1] = true;
        let mut pending = vec![(0usize, n - 1)];
        while let Some((first, last)) = pending.pop() {
            if last <= first + 1 {
                continue;
            }
            let (a, b) = (point(first), point(last));
            let mut farthest = (0.0f64, first);
            for i in (first + 1)..last {
                let d = segment_distance_m(point(i), a, b);
                if d > farthest.0 {
                    farthest = (d, i);
                }
            }
            if farthest.0 > tolerance_m {
                keep[farthest.1] = true;
                pending.push((first, farthest.1));
                pending.push((farthest.1, last));
            }
        }
        (0..n).filter(|&i| keep[i]).collect()
    }

    /// Cross-track distance to the great circle through `a` and `b` (Movable Type Scripts,
    /// "Cross-track distance"): an independent spherical formula to check the planar one.
    fn cross_track_m(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
        let r_m = EARTH_RADIUS_KM * 1000.0;
        let bearing = |from: (f64, f64), to: (f64, f64)| {
            let (f1, f2) = (from.0.to_radians(), to.0.to_radians());
            let dl = (to.1 - from.1).to_radians();
            (dl.sin() * f2.cos()).atan2(f1.cos() * f2.sin() - f1.sin() * f2.cos() * dl.cos())
        };
        let angular = crate::geodesy::haversine_km(
            crate::geodesy::LatLon::new(a.0, a.1),
            crate::geodesy::LatLon::new(p.0, p.1),
        ) / EARTH_RADIUS_KM;
        (angular.sin() * (bearing(a, p) - bearing(a, b)).sin())
            .asin()
            .abs()
            * r_m
    }

    /// A deterministic wandering route of `n` points (xorshift32), like a recorded drive.
    fn wander(n: usize, seed: u32, start: (f64, f64)) -> Vec<f64> {
        let mut s = seed;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            f64::from(s) / 4_294_967_296.0
        };
        let (mut lat, mut lon, mut heading) = (start.0, start.1, 0.6f64);
        let mut flat = Vec::with_capacity(2 * n);
        for _ in 0..n {
            heading += (next() - 0.5) * 0.3;
            lat += heading.cos() * 0.0002 * (0.5 + next());
            lon += heading.sin() * 0.0003 * (0.5 + next());
            flat.extend([lat, if lon > 180.0 { lon - 360.0 } else { lon }]);
        }
        flat
    }

    #[test]
    fn collinear_points_go_and_ends_stay() {
        let flat: Vec<f64> = (0..50).flat_map(|i| [0.0, f64::from(i) * 0.001]).collect();
        assert_eq!(simplify_indices(&flat, 1.0), [0, 49]);
        assert_eq!(simplify(&flat, 1.0), [0.0, 0.0, 0.0, 0.049]);
    }

    #[test]
    fn tiny_inputs_are_returned_whole() {
        assert!(simplify_indices(&[], 10.0).is_empty());
        assert_eq!(simplify_indices(&[1.0, 2.0], 10.0), [0]);
        assert_eq!(simplify_indices(&[1.0, 2.0, 3.0, 4.0], 10.0), [0, 1]);
    }

    #[test]
    fn a_bump_is_kept_only_below_its_height() {
        // 0.001° of latitude is 111.19 m (2πR/360 / 1000); the bump sits mid-segment, where
        // its distance to the chord is that height.
        let flat = [10.0, 20.0, 10.001, 20.005, 10.0, 20.01];
        assert_eq!(simplify_indices(&flat, 100.0), [0, 1, 2]);
        assert_eq!(simplify_indices(&flat, 120.0), [0, 2]);
    }

    #[test]
    fn a_negative_or_nan_tolerance_keeps_every_point_off_the_line() {
        // Duplicates and collinear points have distance 0: never kept, and no endless loop.
        let line = [0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 2.0, 0.0, 3.0];
        assert_eq!(simplify_indices(&line, -5.0), [0, 4]);
        assert_eq!(simplify_indices(&line, f64::NAN), [0, 4]);
        let bump = [0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.5, 2.0, 0.0, 3.0];
        assert_eq!(simplify_indices(&bump, -5.0), [0, 2, 3, 4]);
        assert_eq!(simplify_indices(&bump, f64::INFINITY), [0, 4]);
    }

    #[test]
    fn planar_distance_agrees_with_the_spherical_cross_track() {
        let (a, b, p) = ((45.0, 5.0), (45.2, 5.3), (45.15, 5.1));
        let flat = [a.0, a.1, p.0, p.1, b.0, b.1];
        let (index, distance_sq) = farthest::<false>(&flat, 0, 2);
        assert_eq!(index, 1);
        let planar = distance_sq.sqrt() * METRES_PER_DEGREE;
        let spherical = cross_track_m(p, a, b);
        assert!(
            (planar - spherical).abs() / spherical < 0.01,
            "{planar} vs {spherical}"
        );
    }

    #[test]
    fn across_the_antimeridian_distances_stay_short() {
        // 179.99°E → 179.99°W is 0.02° of longitude, not 359.98°.
        let flat = [0.0, 179.99, 0.001, 180.0, 0.0, -179.99];
        assert_eq!(simplify_indices(&flat, 100.0), [0, 1, 2]);
        assert_eq!(simplify_indices(&flat, 120.0), [0, 2]);
        let drive = wander(20_000, 99, (-16.8, 179.99));
        assert!(longitude_span(&drive) > 180.0, "the drive crosses 180°");
        for tolerance_m in [2.0, 10.0, 50.0] {
            assert_eq!(
                simplify_indices(&drive, tolerance_m),
                reference_indices(&drive, tolerance_m)
            );
        }
    }

    #[test]
    fn same_points_as_the_previous_implementation_on_the_corpus_routes() {
        use super::super::{geojson, gpx, kml};
        let dir = std::env::var_os("CLEARWAY_CORPUS").map_or_else(
            || std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
            std::path::PathBuf::from,
        );
        assert!(dir.is_dir(), "corpus not found at {}", dir.display());
        let mut pending = vec![dir];
        let (mut routes, mut points) = (0, 0);
        while let Some(next) = pending.pop() {
            for entry in std::fs::read_dir(&next).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    pending.push(path);
                    continue;
                }
                let bytes = std::fs::read(&path).unwrap();
                let name = path.to_string_lossy();
                let route = if name.ends_with(".gpx") {
                    gpx::read_gpx(&bytes)
                } else if name.ends_with(".kml") {
                    kml::import_kml(&bytes)
                } else if name.ends_with(".geojson") || name.ends_with(".json") {
                    geojson::import_geojson(&bytes)
                } else {
                    continue;
                };
                let Ok(route) = route else { continue };
                routes += 1;
                points += route.len();
                for tolerance_m in [0.5, 2.0, 5.0, 20.0, 100.0, 1000.0] {
                    assert_eq!(
                        simplify_indices(&route.coords, tolerance_m),
                        reference_indices(&route.coords, tolerance_m),
                        "{name} at {tolerance_m} m"
                    );
                }
            }
        }
        assert!(
            routes >= 50 && points >= 10_000,
            "{routes} routes, {points} points"
        );
    }

    #[test]
    fn same_points_as_the_previous_implementation_on_long_drives() {
        for (seed, start) in [(1, (45.5, -73.6)), (7, (-33.9, 151.2)), (42, (69.6, 18.9))] {
            let drive = wander(100_000, seed, start);
            for tolerance_m in [1.0, 5.0, 25.0] {
                assert_eq!(
                    simplify_indices(&drive, tolerance_m),
                    reference_indices(&drive, tolerance_m),
                    "seed {seed} at {tolerance_m} m"
                );
            }
        }
    }

    proptest! {
        #[test]
        fn every_dropped_point_is_within_tolerance_of_its_kept_chord(
            steps in prop::collection::vec((-0.01f64..0.01, -0.01f64..0.01), 2..200),
            tolerance_m in 1.0f64..500.0,
        ) {
            let mut flat = vec![48.0, 2.0];
            for (dlat, dlon) in steps {
                let n = flat.len();
                flat.extend([flat[n - 2] + dlat, flat[n - 1] + dlon]);
            }
            let kept = simplify_indices(&flat, tolerance_m);
            let n = flat.len() / 2;
            prop_assert_eq!(kept.first(), Some(&0));
            prop_assert_eq!(kept.last(), Some(&(n - 1)));
            prop_assert!(kept.len() <= n);
            prop_assert_eq!(&kept, &reference_indices(&flat, tolerance_m));
            let point = |i: usize| (flat[2 * i], flat[2 * i + 1]);
            for pair in kept.windows(2) {
                for i in (pair[0] + 1)..pair[1] {
                    // The cross-track distance to the great circle is at most the distance to
                    // the segment; allow 1 % for the planar approximation.
                    let d = cross_track_m(point(i), point(pair[0]), point(pair[1]));
                    prop_assert!(d <= tolerance_m * 1.01 + 0.01, "point {} at {} m", i, d);
                }
            }
        }
    }
}
