//! Shape-preserving simplification: Ramer–Douglas–Peucker with a tolerance in metres.
//!
//! A point is dropped when it lies within `tolerance_m` of the straight segment joining the
//! kept points around it. Distances are measured in a local plane centred on each segment
//! (equirectangular: x = R·Δλ·cos φ₀, y = R·Δφ, R = [`EARTH_RADIUS_KM`]), accurate to well
//! under 1 % for segments up to a few hundred kilometres, which is what matters for a
//! tolerance of metres. The first and last points are always kept. The work list is an
//! explicit stack, so millions of points cannot overflow the call stack.
//!
//! Hand-written rather than taken from the `geo` crate: `geo` depends on `rand` with
//! `getrandom`, which does not build for `wasm32-unknown-unknown` without JavaScript glue.

use crate::geodesy::EARTH_RADIUS_KM;

/// Indices of the points kept by Douglas-Peucker at `tolerance_m` metres, in order.
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
            // NaN never compares greater, so bad input cannot select itself.
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

/// Distance in metres from `p` to the segment `a`–`b` (all `(lat, lon)` degrees).
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
    fn planar_distance_agrees_with_the_spherical_cross_track() {
        let (a, b, p) = ((45.0, 5.0), (45.2, 5.3), (45.15, 5.1));
        let planar = segment_distance_m(p, a, b);
        let spherical = cross_track_m(p, a, b);
        assert!(
            (planar - spherical).abs() / spherical < 0.01,
            "{planar} vs {spherical}"
        );
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
