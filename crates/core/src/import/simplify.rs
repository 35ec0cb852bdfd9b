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
//! tolerance), with no trigonometry, square root or division, two points at a time in
//! wasm's SIMD. Longitudes are wrapped across the antimeridian only when the route's
//! longitudes span more than 180°.
//!
//! Pruning (same result as the plain scan): the points are cut once into blocks of 32, 256
//! and 2048 consecutive points ([`LEVELS`]), and each block records how far its points
//! stray from the chord joining its two end points (`reach`, in degrees of longitude and
//! latitude; the larger blocks' reaches are bounded from their sub-blocks' without visiting
//! the points again). For a segment of the search, the distance of every block point is at
//! most the larger distance of the block's two end points plus that reach (the distance to
//! a segment is convex and 1-Lipschitz). The search first measures the block end points; a
//! block whose bound is below the largest of those distances cannot hold the farthest point
//! and is not scanned, and one that can is searched block by block at the next level down.
//! On a recorded drive most blocks of a long segment are skipped. The bounds carry a margin
//! far above rounding error, so the kept points are exactly those of the plain scan (tests
//! compare both on the corpus and on long drives).
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
    let (keep, _) = kept(flat, tolerance_m);
    keep.iter()
        .enumerate()
        .filter_map(|(i, &k)| k.then_some(i))
        .collect()
}

/// Flat `[lat, lon, ...]` simplified with [`simplify_indices`].
pub fn simplify(flat: &[f64], tolerance_m: f64) -> Vec<f64> {
    let (keep, count) = kept(flat, tolerance_m);
    let mut out = Vec::with_capacity(2 * count);
    for (point, _) in flat.chunks_exact(2).zip(&keep).filter(|(_, k)| **k) {
        out.extend_from_slice(point);
    }
    out
}

/// Which points [`simplify_indices`] keeps, and how many.
fn kept(flat: &[f64], tolerance_m: f64) -> (Vec<bool>, usize) {
    let n = flat.len() / 2;
    if n <= 2 {
        return (vec![true; n], n);
    }
    let points = &flat[..2 * n];
    let tolerance_deg = if tolerance_m > 0.0 {
        tolerance_m / METRES_PER_DEGREE
    } else {
        0.0
    };
    let tolerance_sq = tolerance_deg * tolerance_deg;
    let wraps = longitude_span(points) > 180.0;
    let blocks = if wraps {
        Vec::new()
    } else {
        block_index(points)
    };
    let mut scratch = [Vec::new(), Vec::new(), Vec::new()];
    let mut keep = vec![false; n];
    keep[0] = true;
    keep[n - 1] = true;
    let mut count = 2;
    // Segments with at least one point between their ends, in any order (each one's
    // answer depends on its ends only).
    let mut pending = vec![(0usize, n - 1)];
    while let Some((first, last)) = pending.pop() {
        let (index, distance_sq) = if wraps {
            farthest::<true>(points, first, last)
        } else {
            farthest_pruned(points, &blocks, first, last, &mut scratch)
        };
        // `farthest` only moves off `first` for a distance above 0, so a kept point is
        // strictly inside the segment and the work list shrinks.
        if distance_sq > tolerance_sq {
            keep[index] = true;
            count += 1;
            if index > first + 1 {
                pending.push((first, index));
            }
            if last > index + 1 {
                pending.push((index, last));
            }
        }
    }
    (keep, count)
}

/// Block sizes of the pruning index, finest first; each divides the next.
const LEVELS: [usize; 3] = [32, 256, 2048];

/// A level is used for a segment holding at least this many of its whole blocks.
const PRUNE_FROM_BLOCKS: usize = 4;

/// Relative and absolute (degrees) margins on the pruning bounds: many orders of magnitude
/// above the rounding error of the distances, far below any tolerance that matters.
const RELATIVE_MARGIN: f64 = 1e-9;
const ABSOLUTE_MARGIN_DEG: f64 = 1e-11;

/// The pruning index: for each of [`LEVELS`], the reach of each block, `[lon, lat]`
/// degrees, and the points between blocks. Block `k` of size `B` holds the points
/// `k·B ..= (k + 1)·B`.
fn block_index(points: &[f64]) -> Vec<Level> {
    let finest = reaches_of(points, LEVELS[0]);
    let middle = reaches_from(points, &finest, LEVELS[1], LEVELS[1] / LEVELS[0]);
    let coarsest = reaches_from(points, &middle, LEVELS[2], LEVELS[2] / LEVELS[1]);
    [finest, middle, coarsest]
        .into_iter()
        .zip(LEVELS)
        .map(|(reaches, size)| Level {
            corners: (0..=reaches.len())
                .map(|k| [points[2 * k * size], points[2 * k * size + 1]])
                .collect(),
            reaches,
        })
        .collect()
}

/// One level of the pruning index.
struct Level {
    /// The reach of each block.
    reaches: Vec<[f64; 2]>,
    /// The points `k·B` (`[lat, lon]`) that bound the blocks, side by side so that the
    /// bounds of a search read them from a few cache lines.
    corners: Vec<[f64; 2]>,
}

/// The reaches of blocks of `size` points, bounded from those of their `ratio` sub-blocks
/// without visiting every point: a point of a sub-block lies within the sub-block's reach of
/// its chord, and every point of that chord lies within the larger offset of its two ends
/// from the block's chord (a convex combination), so the sum of the two bounds the point.
fn reaches_from(points: &[f64], finer: &[[f64; 2]], size: usize, ratio: usize) -> Vec<[f64; 2]> {
    let n = points.len() / 2;
    let blocks = n.saturating_sub(1) / size;
    let step = size / ratio;
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
        let offset = |i: usize| {
            let (qx, qy) = (points[2 * i + 1] - u_lon, points[2 * i] - u_lat);
            let s = ((qx * ex + qy * ey) * inverse).clamp(0.0, 1.0);
            ((qx - s * ex).abs(), (qy - s * ey).abs())
        };
        let (mut rx, mut ry) = (0.0f64, 0.0f64);
        let mut previous = (0.0f64, 0.0f64);
        for (j, sub) in finer[k * ratio..(k + 1) * ratio].iter().enumerate() {
            let next = offset(u + (j + 1) * step);
            let ox = reach_max(previous.0, next.0) + sub[0];
            let oy = reach_max(previous.1, next.1) + sub[1];
            rx = reach_max(rx, ox);
            ry = reach_max(ry, oy);
            previous = next;
        }
        let widen = |r: f64| r * (1.0 + RELATIVE_MARGIN) + ABSOLUTE_MARGIN_DEG;
        reaches.push([widen(rx), widen(ry)]);
    }
    reaches
}

/// The reaches of blocks of `size` points, from every point.
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
            rx = reach_max(rx, (qx - s * ex).abs());
            ry = reach_max(ry, (qy - s * ey).abs());
        }
        let widen = |r: f64| r * (1.0 + RELATIVE_MARGIN) + ABSOLUTE_MARGIN_DEG;
        reaches.push([widen(rx), widen(ry)]);
    }
    reaches
}

/// The larger of a reach and an offset, a NaN sticking (`max` would drop it): a block
/// holding a NaN is always scanned.
#[inline]
fn reach_max(reach: f64, offset: f64) -> f64 {
    // Comparisons rather than `f64::max`, whose NaN rule costs extra instructions in wasm.
    if offset > reach || offset.is_nan() {
        offset
    } else {
        reach
    }
}

/// The chord `first`–`last` of a search in its local plane (x = Δλ·cos φ₀, y = Δφ).
#[derive(Clone, Copy)]
struct Chord<const WRAP: bool> {
    a_lat: f64,
    a_lon: f64,
    cos_lat: f64,
    bx: f64,
    by: f64,
    inverse: f64,
}

impl<const WRAP: bool> Chord<WRAP> {
    #[allow(clippy::inline_always)] // see `musl_cos`
    #[inline(always)]
    fn new(points: &[f64], first: usize, last: usize) -> Self {
        let (a_lat, a_lon) = (points[2 * first], points[2 * first + 1]);
        let (b_lat, b_lon) = (points[2 * last], points[2 * last + 1]);
        let cos_lat = cos(a_lat.midpoint(b_lat).to_radians());
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

    /// Scans the points `from .. to`, keeping the first farthest in `best`.
    #[inline]
    fn scan(&self, points: &[f64], from: usize, to: usize, best: &mut (usize, f64)) {
        if from >= to {
            return;
        }
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        if !WRAP && to - from >= 4 {
            return self.scan_simd(points, from, to, best);
        }
        self.scan_scalar(points, from, to, best);
    }

    /// [`Self::scan`] one point at a time.
    #[inline]
    fn scan_scalar(&self, points: &[f64], from: usize, to: usize, best: &mut (usize, f64)) {
        for (k, p) in points[2 * from..2 * to].chunks_exact(2).enumerate() {
            let distance_sq = self.distance_sq(p[0], p[1]);
            // NaN never compares greater, so bad input cannot select itself.
            if distance_sq > best.1 {
                *best = (from + k, distance_sq);
            }
        }
    }

    /// [`Self::scan_scalar`] two points at a time in 128-bit SIMD: the same operations in
    /// the same order, so the same distances to the bit.
    #[cfg(any(test, all(target_arch = "wasm32", target_feature = "simd128")))]
    #[allow(clippy::inline_always)] // see `musl_cos`
    #[inline(always)]
    fn scan_simd(&self, points: &[f64], from: usize, to: usize, best: &mut (usize, f64)) {
        use lanes::{
            f64x2, f64x2_add, f64x2_extract_lane, f64x2_gt, f64x2_mul, f64x2_pmax, f64x2_pmin,
            f64x2_splat, f64x2_sub, i64x2, i64x2_add, i64x2_extract_lane, i64x2_splat,
            v128_bitselect,
        };
        let slice = &points[2 * from..2 * to];
        let mut quads = slice.chunks_exact(4);
        let (a_lat, a_lon) = (f64x2_splat(self.a_lat), f64x2_splat(self.a_lon));
        let (cos_lat, bx, by) = (
            f64x2_splat(self.cos_lat),
            f64x2_splat(self.bx),
            f64x2_splat(self.by),
        );
        let inverse = f64x2_splat(self.inverse);
        let (zero, one) = (f64x2_splat(0.0), f64x2_splat(1.0));
        // Each lane (even and odd points) keeps its first farthest point, -1 if none.
        let mut far = f64x2_splat(best.1);
        let mut at = i64x2_splat(-1);
        let (mut index, two) = (i64x2(0, 1), i64x2_splat(2));
        for q in &mut quads {
            let (lat, lon) = (f64x2(q[0], q[2]), f64x2(q[1], q[3]));
            let px = f64x2_mul(f64x2_sub(lon, a_lon), cos_lat);
            let py = f64x2_sub(lat, a_lat);
            let dot = f64x2_add(f64x2_mul(px, bx), f64x2_mul(py, by));
            // `clamp` exactly: pmax(x, 0) is `if x < 0 { 0 } else { x }`, and pmin(x, 1) is
            // `if 1 < x { 1 } else { x }`, so NaN and -0.0 pass through as they do there.
            let t = f64x2_pmin(f64x2_pmax(f64x2_mul(dot, inverse), zero), one);
            let dx = f64x2_sub(px, f64x2_mul(t, bx));
            let dy = f64x2_sub(py, f64x2_mul(t, by));
            let d = f64x2_add(f64x2_mul(dx, dx), f64x2_mul(dy, dy));
            // NaN never compares greater, so bad input cannot select itself.
            let farther = f64x2_gt(d, far);
            far = v128_bitselect(d, far, farther);
            at = v128_bitselect(index, at, farther);
            index = i64x2_add(index, two);
        }
        let (far0, far1) = (f64x2_extract_lane::<0>(far), f64x2_extract_lane::<1>(far));
        let (at0, at1) = (i64x2_extract_lane::<0>(at), i64x2_extract_lane::<1>(at));
        // The farther lane; on a tie, the earlier point (a lane that moved and one that did
        // not cannot tie: moving means exceeding the old distance).
        #[allow(clippy::float_cmp)] // an exact tie, as the plain scan's `>` sees it
        let (far, at) = if far1 > far0 || (far1 == far0 && at1 < at0) {
            (far1, at1)
        } else {
            (far0, at0)
        };
        if let Ok(k) = usize::try_from(at) {
            *best = (from + k, far);
        }
        let done = to - quads.remainder().len() / 2;
        self.scan_scalar(points, done, to, best);
    }
}

/// Two-lane SIMD for [`Chord::scan_simd`]: wasm's `simd128` where it is enabled (the wasm
/// build, scripts/toolchain.sh); in tests elsewhere, the same functions on a pair of
/// integers, so that native tests check the lane logic against the plain scan.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
use core::arch::wasm32 as lanes;

#[cfg(all(test, not(all(target_arch = "wasm32", target_feature = "simd128"))))]
mod lanes {
    #![allow(non_camel_case_types)]

    #[derive(Clone, Copy)]
    pub struct v128([u64; 2]);

    fn f64s(a: v128, b: v128, f: impl Fn(f64, f64) -> f64) -> v128 {
        v128([0, 1].map(|i| f(f64::from_bits(a.0[i]), f64::from_bits(b.0[i])).to_bits()))
    }

    fn bits(x: i64) -> u64 {
        u64::from_ne_bytes(x.to_ne_bytes())
    }

    pub fn f64x2(a: f64, b: f64) -> v128 {
        v128([a.to_bits(), b.to_bits()])
    }
    pub fn f64x2_splat(a: f64) -> v128 {
        f64x2(a, a)
    }
    pub fn f64x2_add(a: v128, b: v128) -> v128 {
        f64s(a, b, |x, y| x + y)
    }
    pub fn f64x2_sub(a: v128, b: v128) -> v128 {
        f64s(a, b, |x, y| x - y)
    }
    pub fn f64x2_mul(a: v128, b: v128) -> v128 {
        f64s(a, b, |x, y| x * y)
    }
    pub fn f64x2_pmin(a: v128, b: v128) -> v128 {
        f64s(a, b, |x, y| if y < x { y } else { x })
    }
    pub fn f64x2_pmax(a: v128, b: v128) -> v128 {
        f64s(a, b, |x, y| if x < y { y } else { x })
    }
    pub fn f64x2_gt(a: v128, b: v128) -> v128 {
        let gt = |i: usize| f64::from_bits(a.0[i]) > f64::from_bits(b.0[i]);
        v128([0, 1].map(|i| if gt(i) { u64::MAX } else { 0 }))
    }
    pub fn f64x2_extract_lane<const N: usize>(a: v128) -> f64 {
        f64::from_bits(a.0[N])
    }
    pub fn i64x2(a: i64, b: i64) -> v128 {
        v128([bits(a), bits(b)])
    }
    pub fn i64x2_splat(a: i64) -> v128 {
        i64x2(a, a)
    }
    pub fn i64x2_add(a: v128, b: v128) -> v128 {
        v128([0, 1].map(|i| a.0[i].wrapping_add(b.0[i])))
    }
    pub fn i64x2_extract_lane<const N: usize>(a: v128) -> i64 {
        i64::from_ne_bytes(a.0[N].to_ne_bytes())
    }
    pub fn v128_bitselect(a: v128, b: v128, mask: v128) -> v128 {
        v128([0, 1].map(|i| (a.0[i] & mask.0[i]) | (b.0[i] & !mask.0[i])))
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
    index: &[Level],
    first: usize,
    last: usize,
    scratch: &mut [Vec<[f64; 2]>; 3],
) -> (usize, f64) {
    // The coarsest level with enough whole blocks inside the segment: blocks k0 .. k1,
    // with k0·B > first and k1·B <= last. A segment shorter than that many finest blocks
    // has none.
    if last - first < LEVELS[0] * PRUNE_FROM_BLOCKS {
        return farthest::<false>(points, first, last);
    }
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
        index,
        last,
        chord: Chord::new(points, first, last),
        reached_sq: 0.0,
        best: (first, 0.0),
        bounds: scratch,
    };
    // In index order: the points before the first block, the blocks, the points after.
    search
        .chord
        .scan(points, first + 1, k0 * size + 1, &mut search.best);
    search.reached_sq = search.best.1;
    search.blocks(level, k0, k1);
    search
        .chord
        .scan(points, k1 * size + 1, last, &mut search.best);
    search.best
}

/// One pruned search for the farthest point from a chord.
struct Search<'a> {
    points: &'a [f64],
    index: &'a [Level],
    /// The segment's last point (never a candidate).
    last: usize,
    chord: Chord<false>,
    /// The squared distance some candidate point reaches: the farthest is at least this far.
    reached_sq: f64,
    /// The first farthest point scanned so far, and its squared distance.
    best: (usize, f64),
    /// Scratch space for the block bounds of each level.
    bounds: &'a mut [Vec<[f64; 2]>; 3],
}

impl Search<'_> {
    /// Searches the blocks `k0 .. k1` of `level`, in order, scanning each point after a
    /// block's first (that one belongs to the previous block, or was scanned before).
    fn blocks(&mut self, level: usize, k0: usize, k1: usize) {
        let size = LEVELS[level];
        // Locals, so that the loop keeps them in registers.
        let (chord, last, mut reached_sq) = (self.chord, self.last, self.reached_sq);
        // Bounds first: they raise `reached` before any block is judged. A block's bound is
        // the larger distance of its two ends plus its stray; both are kept apart, the
        // distance squared, so that only the stray takes a square root.
        let mut bounds = std::mem::take(&mut self.bounds[level]);
        bounds.clear();
        let Level { reaches, corners } = &self.index[level];
        let (reaches, corners) = (&reaches[k0..k1], &corners[k0..=k1]);
        let mut previous = chord.distance_sq(corners[0][0], corners[0][1]);
        for (k, (reach, corner)) in reaches.iter().zip(&corners[1..]).enumerate() {
            let next = chord.distance_sq(corner[0], corner[1]);
            if (k0 + k + 1) * size < last {
                reached_sq = larger(reached_sq, next);
            }
            let stray_x = reach[0] * chord.cos_lat;
            let stray = (stray_x * stray_x + reach[1] * reach[1]).sqrt();
            bounds.push([larger(previous, next), stray]);
            previous = next;
        }
        self.reached_sq = reached_sq;
        let threshold_of =
            |reached_sq: f64| reached_sq.sqrt() * (1.0 - RELATIVE_MARGIN) - ABSOLUTE_MARGIN_DEG;
        let mut threshold = threshold_of(reached_sq);
        for (k, &[ends_sq, stray]) in (k0..k1).zip(&bounds) {
            // Skipped when √ends_sq + stray < threshold. NaN (bad input in the block)
            // compares false: such a block is searched.
            let room = threshold - stray;
            if room > 0.0 && ends_sq < room * room {
                continue;
            }
            if level == 0 {
                let to = ((k + 1) * size + 1).min(last);
                chord.scan(self.points, k * size + 1, to, &mut self.best);
                self.reached_sq = larger(self.reached_sq, self.best.1);
            } else {
                let ratio = size / LEVELS[level - 1];
                self.blocks(level - 1, k * ratio, (k + 1) * ratio);
            }
            threshold = threshold_of(self.reached_sq);
        }
        self.bounds[level] = bounds;
    }
}

/// Largest minus smallest longitude (NaN ignored), degrees.
fn longitude_span(points: &[f64]) -> f64 {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for p in points.chunks_exact(2) {
        if p[1] < lo {
            lo = p[1];
        }
        if p[1] > hi {
            hi = p[1];
        }
    }
    hi - lo
}

/// `a.max(b)` for `a` not NaN, by one comparison (`f64::max` costs extra instructions in
/// wasm for its NaN rule): a NaN `b` is ignored.
#[inline]
fn larger(a: f64, b: f64) -> f64 {
    if b > a { b } else { a }
}

/// `x.cos()`, for the radians of a latitude: on wasm32 through [`musl_cos`], the same
/// result inlined.
#[inline]
fn cos(x: f64) -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        musl_cos(x)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        x.cos()
    }
}

/// `x.cos()` to the bit, for the radians of a latitude, inlined. On wasm32, Rust's `cos`
/// is the `libm` crate's port of musl, an out-of-line call that reduces the argument in a
/// second call; this is the same code for |x| up to 3π/4 (musl's `__cos`, and `__sin` after
/// the one-step reduction by π/2 that `__rem_pio2` does there), so the simplification keeps
/// the same points (checked on 8 million latitudes in wasm). Other arguments go to
/// `x.cos()`.
#[cfg(any(test, target_arch = "wasm32"))]
#[allow(clippy::inline_always)] // measured: the three forced inlinings take 7 % off in wasm
#[inline(always)]
fn musl_cos(x: f64) -> f64 {
    // π/2 in two parts: the first 33 bits, then the rest.
    const PIO2_1: f64 = f64::from_bits(0x3ff9_21fb_5440_0000);
    const PIO2_1T: f64 = f64::from_bits(0x3dd0_b461_1a62_6331);
    #[allow(clippy::cast_possible_truncation)]
    let high = (x.to_bits() >> 32) as u32 & 0x7fff_ffff;
    if (0x3e46_a09e..=0x3fe9_21fb).contains(&high) {
        // 2^-27·√2 <= |x| <= π/4.
        return kernel_cos(x, 0.0);
    }
    if !(0x3e46_a09e..=0x4002_d97c).contains(&high) || high & 0xfffff == 0x921fb {
        // Tiny, beyond 3π/4, or near π/2 (where musl reduces more carefully).
        return x.cos();
    }
    if x > 0.0 {
        let z = x - PIO2_1;
        let y0 = z - PIO2_1T;
        -kernel_sin(y0, (z - y0) - PIO2_1T)
    } else {
        let z = x + PIO2_1;
        let y0 = z + PIO2_1T;
        kernel_sin(y0, (z - y0) + PIO2_1T)
    }
}

/// musl's `__cos(x, y)`: cos(x + y) for |x| <= π/4, y the tail of x.
#[cfg(any(test, target_arch = "wasm32"))]
#[inline]
#[allow(clippy::many_single_char_names)] // musl's names, to compare with its source
fn kernel_cos(x: f64, y: f64) -> f64 {
    const C1: f64 = f64::from_bits(0x3fa5_5555_5555_554c);
    const C2: f64 = f64::from_bits(0xbf56_c16c_16c1_5177);
    const C3: f64 = f64::from_bits(0x3efa_01a0_19cb_1590);
    const C4: f64 = f64::from_bits(0xbe92_7e4f_809c_52ad);
    const C5: f64 = f64::from_bits(0x3e21_ee9e_bdb4_b1c4);
    const C6: f64 = f64::from_bits(0xbda8_fae9_be88_38d4);
    let z = x * x;
    let w = z * z;
    let r = z * (C1 + z * (C2 + z * C3)) + w * w * (C4 + z * (C5 + z * C6));
    let hz = 0.5 * z;
    let w = 1.0 - hz;
    w + (((1.0 - w) - hz) + (z * r - x * y))
}

/// musl's `__sin(x, y, 1)`: sin(x + y) for |x| <= π/4, y the tail of x.
#[cfg(any(test, target_arch = "wasm32"))]
#[inline]
#[allow(clippy::many_single_char_names)] // musl's names, to compare with its source
fn kernel_sin(x: f64, y: f64) -> f64 {
    const S1: f64 = f64::from_bits(0xbfc5_5555_5555_5549);
    const S2: f64 = f64::from_bits(0x3f81_1111_1110_f8a6);
    const S3: f64 = f64::from_bits(0xbf2a_01a0_19c1_61d5);
    const S4: f64 = f64::from_bits(0x3ec7_1de3_57b1_fe7d);
    const S5: f64 = f64::from_bits(0xbe5a_e5e6_8a2b_9ceb);
    const S6: f64 = f64::from_bits(0x3de5_d93a_5acf_d57c);
    let z = x * x;
    let w = z * z;
    let r = S2 + z * (S3 + z * S4) + z * w * (S5 + z * S6);
    let v = z * x;
    x - ((z * (0.5 * y - v * r) - y) - v * S1)
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
        // over every length up to 40: the same point and distance, to the bit.
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
                    }
                }
            }
        }
    }

    #[test]
    fn a_nan_point_is_never_kept_and_hides_no_other() {
        let mut drive = wander(20_000, 11, (48.1, 11.5));
        for i in [40, 41, 5_000, 12_345] {
            drive[2 * i] = f64::NAN;
        }
        drive[2 * 7_000 + 1] = f64::NAN;
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
}
