use super::cosine::musl_cos;
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
    assert!(
        index::block_index(&drive).is_none(),
        "the drive crosses 180°"
    );
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

#[test]
fn the_inlined_cosine_is_within_an_ulp_of_the_platforms() {
    // The wasm build's own cosine is the same code (checked there to the bit); here the
    // platform's may round the last bit the other way, no more.
    let mut s = 7u32;
    for i in 0..200_000 {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        let lat = if i < 4 {
            [0.0, 45.0, 90.0, -90.0][i]
        } else {
            f64::from(s) / f64::from(u32::MAX) * 180.0 - 90.0
        };
        let x = lat.to_radians();
        let (ours, theirs) = (musl_cos(x), x.cos());
        let ulps = ours.to_bits().abs_diff(theirs.to_bits());
        assert!(ulps <= 1, "cos({x}): {ours} vs {theirs}");
    }
}

#[test]
fn the_simd_scan_finds_the_points_of_the_plain_scan() {
    // Drives, exact ties (repeated points, a straight line), NaN and an incoming best,
    // over every length up to 40, whole and in two parts: the same point and distance, to
    // the bit.
    let drive = wander(200, 5, (45.5, -73.6));
    let mut tied = drive.clone();
    for i in (10..tied.len() / 2).step_by(7) {
        tied.copy_within(2 * (i - 3)..2 * (i - 2), 2 * i);
    }
    let line: Vec<f64> = (0..200).flat_map(|i| [0.0, f64::from(i) * 1e-4]).collect();
    let mut holed = drive.clone();
    holed[2 * 20] = f64::NAN;
    holed[2 * 33 + 1] = f64::NAN;
    for points in [&drive, &tied, &line, &holed] {
        for first in [0, 3, 8] {
            for len in 2..40 {
                let chord = Chord::<false>::new(points, first, first + len);
                for start in [(first, 0.0), (first, 1e-9)] {
                    let (mut plain, mut simd) = (start, start);
                    chord.scan_scalar(points, first + 1, first + len, &mut plain);
                    chord.scan_simd(points, first + 1, first + len, &mut simd);
                    assert_eq!(plain.0, simd.0, "first {first}, length {len}");
                    assert_eq!(plain.1.to_bits(), simd.1.to_bits());
                    // In two parts, as a pruned search scans its blocks: the second part
                    // may start with the last point of the first.
                    for cut in [first + 2, first + len / 2 + 1, first + len - 1] {
                        if cut <= first + 1 || cut >= first + len {
                            continue;
                        }
                        let mut parts = start;
                        chord.scan_simd(points, first + 1, cut, &mut parts);
                        chord.scan_simd(points, cut, first + len, &mut parts);
                        assert_eq!(plain.0, parts.0, "first {first}, length {len}, cut {cut}");
                        assert_eq!(plain.1.to_bits(), parts.1.to_bits());
                    }
                }
            }
        }
    }
}

#[test]
fn the_simd_index_pass_finds_the_reaches_of_the_plain_pass() {
    // Every block of drives, with unreadable and infinite positions inside blocks and on
    // their corners: the same reaches (NaN where the plain pass has NaN) and longitudes.
    let drive = wander(3_000, 8, (45.5, -73.6));
    let mut holed = drive.clone();
    for i in [64, 100, 101, 1_000] {
        holed[2 * i] = f64::NAN;
    }
    holed[2 * 2_000 + 1] = f64::NAN;
    holed[2 * 2_500] = f64::INFINITY;
    let line: Vec<f64> = (0..3_000)
        .flat_map(|i| [0.0, f64::from(i) * 1e-4])
        .collect();
    let size = LEVELS[0];
    for points in [&drive, &holed, &line] {
        for k in 0..points.len() / 2 / size - 1 {
            let (u, v) = (k * size, (k + 1) * size);
            let chord = index::BlockChord::new(points, u, v);
            let (mut plain_lon, mut simd_lon) = ([1.0, -1.0], [1.0, -1.0]);
            let plain = chord.reach_scalar(&points[2 * u..2 * v], &mut plain_lon);
            let simd = chord.reach_simd(&points[2 * u..2 * v], &mut simd_lon);
            for (a, b) in plain
                .iter()
                .zip(&simd)
                .chain(plain_lon.iter().zip(&simd_lon))
            {
                assert!(
                    a.to_bits() == b.to_bits() || a.is_nan() && b.is_nan(),
                    "block {k}"
                );
            }
        }
    }
}

#[test]
fn a_nan_point_is_never_kept_and_hides_no_other() {
    let mut drive = wander(20_000, 11, (48.1, 11.5));
    // Inside blocks, and on the corners of blocks of every level (and beside them).
    for i in [
        40,
        41,
        5_000,
        12_345,
        32 * 7,
        256 * 11,
        2048 * 3,
        2048 * 3 + 1,
    ] {
        drive[2 * i] = f64::NAN;
    }
    for i in [7_000, 32 * 100, 2048 * 6 - 1] {
        drive[2 * i + 1] = f64::NAN;
    }
    let without_pruning = |flat: &[f64], tolerance_m: f64| {
        // The plain scan at every step, as the reference does.
        let n = flat.len() / 2;
        let mut keep = vec![false; n];
        keep[0] = true;
        keep[n - 1] = true;
        let mut pending = vec![(0, n - 1)];
        while let Some((first, last)) = pending.pop() {
            if last <= first + 1 {
                continue;
            }
            let (index, distance_sq) = farthest::<false>(flat, first, last);
            let tolerance_deg = tolerance_m / METRES_PER_DEGREE;
            if distance_sq > tolerance_deg * tolerance_deg {
                keep[index] = true;
                pending.extend([(first, index), (index, last)]);
            }
        }
        (0..n).filter(|&i| keep[i]).collect::<Vec<_>>()
    };
    for tolerance_m in [1.0, 5.0, 50.0] {
        let kept = simplify_indices(&drive, tolerance_m);
        assert_eq!(kept, without_pruning(&drive, tolerance_m));
        assert!(
            kept.iter()
                .all(|&i| !drive[2 * i].is_nan() && !drive[2 * i + 1].is_nan())
        );
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
