//! The farthest-point scan two points at a time, in wasm's 128-bit SIMD.

use super::Chord;

impl<const WRAP: bool> Chord<WRAP> {
    /// [`Self::scan_scalar`] two points at a time in 128-bit SIMD: the same operations in
    /// the same order, so the same distances to the bit. Reads the point before `from`.
    #[cfg(any(test, all(target_arch = "wasm32", target_feature = "simd128")))]
    #[allow(clippy::inline_always)] // the hot path of every search, inlined into it
    #[inline(always)]
    pub(super) fn scan_simd(
        &self,
        points: &[f64],
        from: usize,
        to: usize,
        best: &mut (usize, f64),
    ) {
        use lanes::{
            f64x2, f64x2_add, f64x2_extract_lane, f64x2_gt, f64x2_mul, f64x2_pmax, f64x2_pmin,
            f64x2_splat, f64x2_sub, i64x2, i64x2_add, i64x2_extract_lane, i64x2_shuffle,
            i64x2_splat, v128_bitselect,
        };
        // Whole pairs only: an odd count starts one point early, at a point that changes
        // nothing. The segment's first point has distance 0 (or NaN), never above `far`.
        // A point inside the segment (a pruned search's points between its runs of blocks)
        // was either scanned already, so it is not farther than `best`, or skipped with its
        // block, so it is nearer than the farthest point, which replaces it if selected.
        let start = from - (to - from) % 2;
        let pairs = points[2 * start..2 * to].chunks_exact(4);
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
        for q in pairs {
            let (p0, p1) = (f64x2(q[0], q[1]), f64x2(q[2], q[3]));
            let (lat, lon) = (i64x2_shuffle::<0, 2>(p0, p1), i64x2_shuffle::<1, 3>(p0, p1));
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
            // pmax(far, d) is `if far < d { d } else { far }`: `farther`, NaN included.
            far = f64x2_pmax(far, d);
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
            *best = (start + k, far);
        }
    }
}

/// Two-lane SIMD for [`Chord::scan_simd`] and the index's `reach_simd`: wasm's `simd128`
/// where it is enabled (the wasm build, scripts/toolchain.sh); in tests elsewhere, the same
/// functions on a pair of integers, so that native tests check the lane logic against the
/// plain code.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub(super) use core::arch::wasm32 as lanes;

#[cfg(all(test, not(all(target_arch = "wasm32", target_feature = "simd128"))))]
pub(super) mod lanes {
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
    pub fn f64x2_abs(a: v128) -> v128 {
        f64s(a, a, |x, _| x.abs())
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
    pub fn i64x2_shuffle<const I0: usize, const I1: usize>(a: v128, b: v128) -> v128 {
        let lane = |i: usize| if i < 2 { a.0[i] } else { b.0[i - 2] };
        v128([lane(I0), lane(I1)])
    }
    pub fn v128_bitselect(a: v128, b: v128, mask: v128) -> v128 {
        v128([0, 1].map(|i| (a.0[i] & mask.0[i]) | (b.0[i] & !mask.0[i])))
    }
}
