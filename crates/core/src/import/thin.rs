//! Even thinning of a long route (SPEC §5: "Above 100 points the GPX route is thinned evenly
//! by keeping every Nth point, and the last point is always kept").
//!
//! N is `ceil(len / max_points)`: the smallest step that brings the route to about
//! `max_points`. Kept are the points at indices 0, N, 2N, ... and the last, so at most
//! `max_points + 1` remain (the `+ 1` is the always-kept last point when it is not on the
//! step). The first point is always kept, no point is added and the order is unchanged.

/// SPEC §9: GPX routes above this many points are thinned.
pub const GPX_THIN_ABOVE: usize = 100;

/// Indices kept when thinning `len` points to about `max_points` (all of them when
/// `len <= max_points`).
///
/// ```
/// use clearway_core::import::thin::thin_indices;
/// // 250 points, at most 100: N = ceil(250 / 100) = 3; 0, 3, ..., 249 (84 points).
/// let kept = thin_indices(250, 100);
/// assert_eq!(kept.len(), 84);
/// assert_eq!(&kept[..3], &[0, 3, 6]);
/// assert_eq!(kept.last(), Some(&249));
/// ```
pub fn thin_indices(len: usize, max_points: usize) -> Vec<usize> {
    if len <= max_points || max_points == 0 {
        return (0..len).collect();
    }
    let step = len.div_ceil(max_points);
    let mut kept: Vec<usize> = (0..len).step_by(step).collect();
    if kept.last() != Some(&(len - 1)) {
        kept.push(len - 1);
    }
    kept
}

/// Thins flat `[lat, lon, ...]` coordinates with [`thin_indices`].
///
/// ```
/// use clearway_core::import::thin::thin_every_nth;
/// let flat: Vec<f64> = (0..101).flat_map(|i| [f64::from(i), 0.0]).collect();
/// let thinned = thin_every_nth(&flat, 100); // N = 2: 0, 2, ..., 100
/// assert_eq!(thinned.len() / 2, 51);
/// assert_eq!(&thinned[thinned.len() - 2..], &[100.0, 0.0]);
/// ```
pub fn thin_every_nth(flat: &[f64], max_points: usize) -> Vec<f64> {
    let points = flat.len() / 2;
    let kept = thin_indices(points, max_points);
    let mut out = Vec::with_capacity(kept.len() * 2);
    for i in kept {
        out.extend_from_slice(&flat[2 * i..2 * i + 2]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn at_or_below_the_limit_nothing_is_dropped() {
        assert_eq!(thin_indices(100, 100).len(), 100);
        assert!(thin_indices(0, 100).is_empty());
        assert_eq!(thin_indices(1, 100), [0]);
    }

    #[test]
    fn the_last_point_is_added_when_off_the_step() {
        // 102 points: N = ceil(102/100) = 2 → 0, 2, ..., 100 (51 points) + 101 = 52.
        let kept = thin_indices(102, 100);
        assert_eq!(kept.len(), 52);
        assert_eq!(&kept[kept.len() - 2..], &[100, 101]);
        // 3540 points (garmin_with_extensions.gpx): N = 36 → 0..=3528 (99 points) + 3539.
        let kept = thin_indices(3540, 100);
        assert_eq!(kept.len(), 100);
        assert_eq!(kept[98], 3528);
    }

    proptest! {
        #[test]
        fn first_and_last_kept_never_adds_at_most_max_plus_one(len in 0usize..5000, max in 1usize..300) {
            let kept = thin_indices(len, max);
            prop_assert!(kept.len() <= len);
            prop_assert!(kept.len() <= max + 1);
            if len > 0 {
                prop_assert_eq!(kept.first(), Some(&0));
                prop_assert_eq!(kept.last(), Some(&(len - 1)));
            }
            prop_assert!(kept.windows(2).all(|w| w[0] < w[1]));
            let step = len.div_ceil(max).max(1);
            for w in kept.windows(2) {
                prop_assert!(w[1] - w[0] <= step, "evenly: gaps at most N");
            }
        }
    }
}
