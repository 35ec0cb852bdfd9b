//! The pruning index of the simplification: how far the points of each block stray from
//! the chord joining its ends (see the module above).

use super::{larger, smaller};

/// Block sizes of the pruning index, finest first; each divides the next. Even: the SIMD
/// index pass reads a block's points two at a time.
pub(super) const LEVELS: [usize; 3] = [32, 256, 2048];
const _: () = assert!(LEVELS[0] % 2 == 0);

/// A segment is pruned when it spans at least this many blocks of the finest level; a
/// shorter one is scanned whole.
pub(super) const PRUNE_FROM_BLOCKS: usize = 4;

/// Relative and absolute (degrees) margins on the pruning bounds: many orders of magnitude
/// above the rounding error of the distances, far below any tolerance that matters.
pub(super) const RELATIVE_MARGIN: f64 = 1e-9;
pub(super) const ABSOLUTE_MARGIN_DEG: f64 = 1e-11;

/// The pruning index: for each of [`LEVELS`], the reach of each block, `[lon, lat]`
/// degrees, and the points between blocks. Block `k` of size `B` holds the points
/// `k·B ..= (k + 1)·B`. None when the longitudes span more than 180° (NaN ignored).
pub(super) fn block_index(points: &[f64]) -> Option<Vec<Level>> {
    let (finest, [west, east]) = reaches_of(points, LEVELS[0]);
    if east - west > 180.0 {
        return None;
    }
    let middle = reaches_from(points, &finest, LEVELS[1], LEVELS[1] / LEVELS[0]);
    let coarsest = reaches_from(points, &middle, LEVELS[2], LEVELS[2] / LEVELS[1]);
    let levels = [finest, middle, coarsest].into_iter().zip(LEVELS);
    Some(
        levels
            .map(|(reaches, size)| Level {
                corners: (0..=reaches.len())
                    .map(|k| [points[2 * k * size], points[2 * k * size + 1]])
                    .collect(),
                reaches,
            })
            .collect(),
    )
}

/// One level of the pruning index.
pub(super) struct Level {
    /// The reach of each block.
    pub(super) reaches: Vec<[f64; 2]>,
    /// The points `k·B` (`[lat, lon]`) that bound the blocks, side by side so that the
    /// bounds of a search read them from a few cache lines.
    pub(super) corners: Vec<[f64; 2]>,
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
        let chord = BlockChord::new(points, u, v);
        let (mut rx, mut ry) = (0.0f64, 0.0f64);
        let mut previous = (0.0f64, 0.0f64);
        for (j, sub) in finer[k * ratio..(k + 1) * ratio].iter().enumerate() {
            let i = u + (j + 1) * step;
            let next = chord.offset(points[2 * i], points[2 * i + 1]);
            let ox = reach_max(previous.0, next.0) + sub[0];
            let oy = reach_max(previous.1, next.1) + sub[1];
            rx = reach_max(rx, ox);
            ry = reach_max(ry, oy);
            previous = next;
        }
        reaches.push([widen(rx), widen(ry)]);
    }
    reaches
}

/// The reaches of blocks of `size` points, from every point, and the smallest and largest
/// longitude of all the points (NaN ignored).
fn reaches_of(points: &[f64], size: usize) -> (Vec<[f64; 2]>, [f64; 2]) {
    let n = points.len() / 2;
    let blocks = n.saturating_sub(1) / size;
    let mut reaches = Vec::with_capacity(blocks);
    let mut lon = [f64::INFINITY, f64::NEG_INFINITY];
    for k in 0..blocks {
        let (u, v) = (k * size, (k + 1) * size);
        reaches.push(BlockChord::new(points, u, v).reach(&points[2 * u..2 * v], &mut lon));
    }
    for p in points[2 * blocks * size..].chunks_exact(2) {
        lon = [smaller(lon[0], p[1]), larger(lon[1], p[1])];
    }
    (reaches, lon)
}

/// The chord of a block, from point `u` to point `v`, in plain degrees (x = longitude,
/// y = latitude), and the inverse of its squared length (0 for a block that ends where it
/// starts).
pub(super) struct BlockChord {
    u_lat: f64,
    u_lon: f64,
    ex: f64,
    ey: f64,
    inverse: f64,
}

impl BlockChord {
    #[inline]
    pub(super) fn new(points: &[f64], u: usize, v: usize) -> Self {
        let (u_lat, u_lon) = (points[2 * u], points[2 * u + 1]);
        let (ex, ey) = (points[2 * v + 1] - u_lon, points[2 * v] - u_lat);
        let length_sq = ex * ex + ey * ey;
        let inverse = if length_sq > 0.0 {
            1.0 / length_sq
        } else {
            0.0
        };
        Self {
            u_lat,
            u_lon,
            ex,
            ey,
            inverse,
        }
    }

    /// How far a point is from the chord along each axis (degrees of longitude, latitude).
    #[inline]
    fn offset(&self, lat: f64, lon: f64) -> (f64, f64) {
        let (qx, qy) = (lon - self.u_lon, lat - self.u_lat);
        let s = ((qx * self.ex + qy * self.ey) * self.inverse).clamp(0.0, 1.0);
        ((qx - s * self.ex).abs(), (qy - s * self.ey).abs())
    }

    /// The widened reach of `points` (`[lat, lon]`, from `u`, whose offset is 0), and the
    /// range `lon` widened to their longitudes.
    fn reach(&self, points: &[f64], lon: &mut [f64; 2]) -> [f64; 2] {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            self.reach_simd(points, lon)
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            self.reach_scalar(points, lon)
        }
    }

    /// [`Self::reach`] one point at a time.
    #[cfg_attr(
        all(target_arch = "wasm32", target_feature = "simd128"),
        allow(dead_code)
    )]
    pub(super) fn reach_scalar(&self, points: &[f64], lon: &mut [f64; 2]) -> [f64; 2] {
        let (mut rx, mut ry) = (0.0f64, 0.0f64);
        for p in points.chunks_exact(2) {
            let (ox, oy) = self.offset(p[0], p[1]);
            rx = reach_max(rx, ox);
            ry = reach_max(ry, oy);
            *lon = [smaller(lon[0], p[1]), larger(lon[1], p[1])];
        }
        [widen(rx), widen(ry)]
    }

    /// [`Self::reach`] two points at a time in 128-bit SIMD: the offsets by the same
    /// operations, so the same bits, for an even number of points.
    #[cfg(any(test, all(target_arch = "wasm32", target_feature = "simd128")))]
    pub(super) fn reach_simd(&self, points: &[f64], lon: &mut [f64; 2]) -> [f64; 2] {
        use super::simd::lanes::{
            f64x2, f64x2_abs, f64x2_add, f64x2_extract_lane, f64x2_mul, f64x2_pmax, f64x2_pmin,
            f64x2_splat, f64x2_sub, i64x2_shuffle,
        };
        let (u_lat, u_lon) = (f64x2_splat(self.u_lat), f64x2_splat(self.u_lon));
        let (ex, ey) = (f64x2_splat(self.ex), f64x2_splat(self.ey));
        let inverse = f64x2_splat(self.inverse);
        let (zero, one) = (f64x2_splat(0.0), f64x2_splat(1.0));
        let (mut rx, mut ry, mut sum) = (zero, zero, zero);
        let (mut west, mut east) = (f64x2_splat(lon[0]), f64x2_splat(lon[1]));
        for q in points.chunks_exact(4) {
            let (p0, p1) = (f64x2(q[0], q[1]), f64x2(q[2], q[3]));
            let (lats, lons) = (i64x2_shuffle::<0, 2>(p0, p1), i64x2_shuffle::<1, 3>(p0, p1));
            let (qx, qy) = (f64x2_sub(lons, u_lon), f64x2_sub(lats, u_lat));
            let dot = f64x2_add(f64x2_mul(qx, ex), f64x2_mul(qy, ey));
            let s = f64x2_pmin(f64x2_pmax(f64x2_mul(dot, inverse), zero), one);
            let ox = f64x2_abs(f64x2_sub(qx, f64x2_mul(s, ex)));
            let oy = f64x2_abs(f64x2_sub(qy, f64x2_mul(s, ey)));
            rx = f64x2_pmax(rx, ox);
            ry = f64x2_pmax(ry, oy);
            // `pmax` passes over a NaN offset, which `reach_max` keeps: the sum keeps it.
            sum = f64x2_add(sum, f64x2_add(ox, oy));
            // pmin(west, lons) is `if lons < west { lons } else { west }`: NaN ignored.
            west = f64x2_pmin(west, lons);
            east = f64x2_pmax(east, lons);
        }
        let lanes = |v, pick: fn(f64, f64) -> f64| {
            pick(f64x2_extract_lane::<0>(v), f64x2_extract_lane::<1>(v))
        };
        *lon = [lanes(west, smaller), lanes(east, larger)];
        if lanes(sum, |a, b| a + b).is_nan() {
            return [f64::NAN; 2];
        }
        [widen(lanes(rx, larger)), widen(lanes(ry, larger))]
    }
}

/// A reach with the margins added.
fn widen(reach: f64) -> f64 {
    reach * (1.0 + RELATIVE_MARGIN) + ABSOLUTE_MARGIN_DEG
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
