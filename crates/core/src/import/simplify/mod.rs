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
//! and 2048 consecutive points (`LEVELS`), and each block records how far its points
//! stray from the chord joining its two end points (`reach`, in degrees of longitude and
//! latitude; the larger blocks' reaches are bounded from their sub-blocks' without visiting
//! the points again). For a segment of the search, the distance of every block point is at
//! most the larger distance of the block's two end points plus that reach (the distance to
//! a segment is convex and 1-Lipschitz). The search measures the end points of a run of
//! blocks first; a block whose bound is below the largest distance reached so far cannot
//! hold the farthest point and is not scanned, and one that can is searched block by block
//! at the next level down. The points of a segment before its first whole block and after
//! its last are searched the same way with the smaller blocks.
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
    let kept = Kept::of(flat, tolerance_m);
    let mut out = Vec::with_capacity(kept.count);
    kept.for_each(|i| out.push(i));
    out
}

/// Flat `[lat, lon, ...]` simplified with [`simplify_indices`].
pub fn simplify(flat: &[f64], tolerance_m: f64) -> Vec<f64> {
    let kept = Kept::of(flat, tolerance_m);
    let mut out = Vec::with_capacity(2 * kept.count);
    kept.for_each(|i| out.extend_from_slice(&flat[2 * i..2 * i + 2]));
    out
}

/// The points [`simplify_indices`] keeps: one bit per point, 64 to a word (125 KB for a
/// million points, where a byte per point took 1 MB and a step per point to read back).
struct Kept {
    bits: Vec<u64>,
    count: usize,
}

impl Kept {
    /// Marks point `i`.
    #[inline]
    fn mark(&mut self, i: usize) {
        self.bits[i / 64] |= 1 << (i % 64);
        self.count += 1;
    }

    /// Calls `f` with each marked point, in order: a step per marked point, not per point.
    fn for_each(&self, mut f: impl FnMut(usize)) {
        for (w, &word) in self.bits.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                f(64 * w + rest.trailing_zeros() as usize);
                rest &= rest - 1;
            }
        }
    }

    /// Which points Douglas-Peucker keeps at `tolerance_m`.
    fn of(flat: &[f64], tolerance_m: f64) -> Self {
        let n = flat.len() / 2;
        let mut kept = Self {
            bits: vec![0; n.div_ceil(64)],
            count: 0,
        };
        if n >= 1 {
            kept.mark(0);
        }
        if n >= 2 {
            kept.mark(n - 1);
        }
        if n > 2 {
            kept.search(&flat[..2 * n], tolerance_m);
        }
        kept
    }

    /// Marks the points kept between the first and the last.
    fn search(&mut self, points: &[f64], tolerance_m: f64) {
        let n = points.len() / 2;
        let tolerance_deg = if tolerance_m > 0.0 {
            tolerance_m / METRES_PER_DEGREE
        } else {
            0.0
        };
        let tolerance_sq = tolerance_deg * tolerance_deg;
        // No index (and no pruning) when the longitudes span more than 180°: the route
        // crosses the antimeridian, and its distances wrap.
        let blocks = block_index(points);
        let mut scratch = [Vec::new(), Vec::new(), Vec::new()];
        // Segments with at least one point between their ends, in any order (each one's
        // answer depends on its ends only).
        let mut pending = vec![(0usize, n - 1)];
        while let Some((first, last)) = pending.pop() {
            let (index, distance_sq) = match &blocks {
                Some(blocks) => farthest_pruned(points, blocks, first, last, &mut scratch),
                None => farthest::<true>(points, first, last),
            };
            // `farthest` only moves off `first` for a distance above 0, so a kept point is
            // strictly inside the segment and the work list shrinks.
            if distance_sq > tolerance_sq {
                self.mark(index);
                if index > first + 1 {
                    pending.push((first, index));
                }
                if last > index + 1 {
                    pending.push((index, last));
                }
            }
        }
    }
}

mod cosine;
mod index;
mod simd;
#[cfg(test)]
mod tests;

use cosine::cos;
use index::{ABSOLUTE_MARGIN_DEG, LEVELS, Level, PRUNE_FROM_BLOCKS, RELATIVE_MARGIN, block_index};

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
    #[allow(clippy::inline_always)] // with `musl_cos`, measured: 7 % off in wasm
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

    /// Scans the points `from .. to`, keeping the first farthest in `best`. In wasm it may
    /// also measure the point before `from`, which must then be the segment's first point
    /// or one this search has scanned or skipped already (see [`Self::scan_simd`]).
    #[inline]
    fn scan(&self, points: &[f64], from: usize, to: usize, best: &mut (usize, f64)) {
        if from >= to {
            return;
        }
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        if !WRAP {
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
    if last - first < LEVELS[0] * PRUNE_FROM_BLOCKS {
        return farthest::<false>(points, first, last);
    }
    let mut search = Search {
        points,
        index,
        chord: Chord::new(points, first, last),
        reached_sq: 0.0,
        best: (first, 0.0),
        bounds: scratch,
    };
    search.span(LEVELS.len() - 1, first + 1, last);
    search.best
}

/// One pruned search for the farthest point from a chord.
struct Search<'a> {
    points: &'a [f64],
    index: &'a [Level],
    chord: Chord<false>,
    /// The squared distance some candidate point reaches: the farthest is at least this far.
    reached_sq: f64,
    /// The first farthest point scanned so far, and its squared distance.
    best: (usize, f64),
    /// Scratch space for the block bounds of each level.
    bounds: &'a mut [Vec<[f64; 2]>; 3],
}

impl Search<'_> {
    /// Searches the points `from .. to` (`from` at least 1, `to` at most the segment's last
    /// point), in order: the whole blocks of `level` among them, and the points before and
    /// after those with the next level down (the finest level's are scanned).
    fn span(&mut self, level: usize, from: usize, to: usize) {
        // Block k holds the points k·B + 1 ..= (k + 1)·B, once its first is left out.
        let size = LEVELS[level];
        let (k0, k1) = ((from - 1).div_ceil(size), (to - 1) / size);
        let (before, after) = if k1 > k0 {
            (k0 * size + 1, k1 * size + 1)
        } else {
            (to, to)
        };
        let part = |search: &mut Self, from: usize, to: usize| {
            if level == 0 {
                search.chord.scan(search.points, from, to, &mut search.best);
                search.reached_sq = larger(search.reached_sq, search.best.1);
            } else {
                search.span(level - 1, from, to);
            }
        };
        part(self, from, before);
        if k1 > k0 {
            self.blocks(level, k0, k1);
            part(self, after, to);
        }
    }

    /// Searches the blocks `k0 .. k1` of `level`, in order, scanning each point after a
    /// block's first (that one belongs to the previous block, or was scanned before). The
    /// blocks end before the segment's last point.
    fn blocks(&mut self, level: usize, k0: usize, k1: usize) {
        let size = LEVELS[level];
        // Locals, so that the loop keeps them in registers.
        let (chord, mut reached_sq) = (self.chord, self.reached_sq);
        // Bounds first: they raise `reached` before any block is judged. A block's bound is
        // the larger distance of its two ends plus its stray; both are kept apart, the
        // distance squared, so that only the stray takes a square root.
        let mut bounds = std::mem::take(&mut self.bounds[level]);
        bounds.clear();
        let Level { reaches, corners } = &self.index[level];
        let (reaches, corners) = (&reaches[k0..k1], &corners[k0..=k1]);
        let mut previous = chord.distance_sq(corners[0][0], corners[0][1]);
        for (reach, corner) in reaches.iter().zip(&corners[1..]) {
            let next = chord.distance_sq(corner[0], corner[1]);
            reached_sq = larger(reached_sq, next);
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
                chord.scan(
                    self.points,
                    k * size + 1,
                    (k + 1) * size + 1,
                    &mut self.best,
                );
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

/// `a.max(b)` for `a` not NaN, by one comparison (`f64::max` costs extra instructions in
/// wasm for its NaN rule): a NaN `b` is ignored.
#[inline]
fn larger(a: f64, b: f64) -> f64 {
    if b > a { b } else { a }
}

/// `a.min(b)` for `a` not NaN, the same way: a NaN `b` is ignored.
#[inline]
fn smaller(a: f64, b: f64) -> f64 {
    if b < a { b } else { a }
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
