// Simplify case: Douglas-Peucker on 1,000,000 positions (a deterministic drive), tolerance
// 5 m. Ours: flat Float64Array of degrees in and out, distances measured on the earth (a
// local plane per segment, see crates/core/src/import/simplify.rs). Peer: simplify-js with
// highQuality = true, its pure Douglas-Peucker (the same algorithm and the same result as
// ours), on {x, y} objects already projected to metres (equirectangular around the mean
// latitude) with the same 5 m tolerance: the projection is prepared beforehand and not
// timed (in its favour), so both sides keep nearly the same points; both kept counts are
// printed. A second line compares against simplify-js in its default mode (a radial-
// distance pre-pass, then Douglas-Peucker), which does less work and keeps a different,
// coarser set of points (a dropped point may be up to twice the tolerance from the result);
// it is printed for information, ours still runs the full Douglas-Peucker there.
// The results are checked, not only counted: each must keep the first and last points, be a
// subsequence of the input, and leave every dropped point within its tolerance of the kept
// line, measured on the earth (a local plane at each segment's middle latitude, as ours
// measures): ours within 5 m (+0.1 % for rounding); the peer within 5 m times its own
// projection's worst scale error over this drive (its one global plane at the mean latitude
// stretches east-west distances by up to max |cos(lat) / cos(mean lat) − 1|; printed), and
// the default mode within twice that (its documented bound). The kept points that differ between the two are counted and printed.
import { writeFileSync } from 'node:fs';
import simplifyJs from 'simplify-js';
import { root } from '../lib.mjs';
import { nativeSeconds, walk } from './native.mjs';
import { bestInterleaved, loadCore } from './wasm.mjs';

const METRES_PER_DEGREE = (6_371_000 * Math.PI) / 180;

/** Indices of the kept points of ours (flat lat/lon), matched in order against the input. */
function keptIndicesOfFlat(flat, kept) {
  const out = [];
  let j = 0;
  for (let k = 0; k < kept.length / 2; k++) {
    while (j < flat.length / 2 && (flat[2 * j] !== kept[2 * k] || flat[2 * j + 1] !== kept[2 * k + 1])) j++;
    if (j === flat.length / 2) return null; // not a subsequence
    out.push(j++);
  }
  return out;
}

/** The largest distance (m) of a dropped point from its kept segment, on the earth. */
function maxDeviationM(flat, kept) {
  let worst = 0;
  for (let s = 0; s + 1 < kept.length; s++) {
    const a = kept[s], b = kept[s + 1];
    const mid = ((flat[2 * a] + flat[2 * b]) / 2) * (Math.PI / 180);
    const kx = Math.cos(mid) * METRES_PER_DEGREE;
    const bx = (flat[2 * b + 1] - flat[2 * a + 1]) * kx, by = (flat[2 * b] - flat[2 * a]) * METRES_PER_DEGREE;
    const len2 = bx * bx + by * by;
    for (let i = a + 1; i < b; i++) {
      const px = (flat[2 * i + 1] - flat[2 * a + 1]) * kx, py = (flat[2 * i] - flat[2 * a]) * METRES_PER_DEGREE;
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, (px * bx + py * by) / len2));
      worst = Math.max(worst, Math.hypot(px - t * bx, py - t * by));
    }
  }
  return worst;
}

/** Checks a result (kept indices) against its bound; the figures for the JSON line. */
function checked(flat, kept, boundM) {
  const n = flat.length / 2;
  if (!kept || kept[0] !== 0 || kept[kept.length - 1] !== n - 1) return { ok: false, maxDeviationM: NaN };
  const maxDeviation = maxDeviationM(flat, kept);
  return { ok: maxDeviation <= boundM, maxDeviationM: +maxDeviation.toFixed(3) };
}

/** Kept indices in one result and not the other. */
function differing(a, b) {
  const setB = new Set(b);
  const setA = new Set(a);
  return a.filter((i) => !setB.has(i)).length + b.filter((i) => !setA.has(i)).length;
}

export async function simplifyCase() {
  const core = await loadCore();
  const n = 1_000_000;
  const toleranceM = 5;
  const { flat } = walk(n, 777);
  let latSum = 0;
  for (let i = 0; i < n; i++) latSum += flat[2 * i];
  const cosMean = Math.cos(((latSum / n) * Math.PI) / 180);
  const points = new Array(n);
  for (let i = 0; i < n; i++) points[i] = { x: flat[2 * i + 1] * cosMean * METRES_PER_DEGREE, y: flat[2 * i] * METRES_PER_DEGREE };
  const file = `${root}target/bench/simplify-1M.f64`;
  writeFileSync(file, Buffer.from(flat.buffer));
  let ours, peer, peerRadial;
  const [oursMs, peerMs, peerRadialMs] = bestInterleaved(10, [
    () => { ours = core.simplifyRoute(flat, toleranceM); },
    () => { peer = simplifyJs(points, toleranceM, true); },
    () => { peerRadial = simplifyJs(points, toleranceM, false); },
  ]);
  const nativeMs = nativeSeconds(['simplify', file, String(toleranceM)]) * 1000;
  const index = new Map(points.map((p, i) => [p, i]));
  const oursKept = keptIndicesOfFlat(flat, ours);
  const peerKept = peer.map((p) => index.get(p));
  const radialKept = peerRadial.map((p) => index.get(p));
  let scaleError = 0;
  for (let i = 0; i < n; i++) scaleError = Math.max(scaleError, Math.abs(Math.cos((flat[2 * i] * Math.PI) / 180) / cosMean - 1));
  const SLACK = 1 + scaleError;
  const oursBoundM = toleranceM * 1.001;
  const oursCheck = checked(flat, oursKept, oursBoundM);
  const peerCheck = checked(flat, peerKept, toleranceM * SLACK);
  const radialCheck = checked(flat, radialKept, 2 * toleranceM * SLACK);
  const verdict = (peerSide) => ({
    same_result: oursCheck.ok && peerSide.ok,
    same_result_rule: 'both keep first and last, are subsequences of the input, and leave every dropped point within the bound of their line on the earth (plane per segment)',
    ours_max_deviation_m: oursCheck.maxDeviationM,
    peer_max_deviation_m: peerSide.maxDeviationM,
  });
  const common = {
    points: n,
    tolerance_m: toleranceM,
    ours_kept: ours.length / 2,
    peer: 'simplify-js',
    peer_config: 'highQuality=true (pure Douglas-Peucker), points pre-projected to metres (not timed), tolerance 5',
    peer_kept: peer.length,
    peer_ms: Math.round(peerMs),
    ours_timed: 'simplifyRoute(Float64Array of degrees, 5 m) → Float64Array of the kept positions',
    peer_timed: 'simplifyJs(points already projected to metres, 5, true) → the kept point objects',
    ...verdict(peerCheck),
    ours_bound_m: oursBoundM,
    peer_bound_m: +(toleranceM * SLACK).toFixed(3),
    peer_projection_scale_error: +scaleError.toFixed(4),
    kept_differing: differing(oursKept ?? [], peerKept),
  };
  const radial = {
    points: n,
    tolerance_m: toleranceM,
    ours_kept: ours.length / 2,
    peer: 'simplify-js',
    peer_config: 'default highQuality=false (radial pre-pass + Douglas-Peucker: less work, coarser result), points pre-projected to metres (not timed), tolerance 5',
    peer_kept: peerRadial.length,
    peer_ms: Math.round(peerRadialMs),
    ours_timed: 'simplifyRoute(Float64Array of degrees, 5 m) → Float64Array of the kept positions',
    peer_timed: 'simplifyJs(points already projected to metres, 5, false) → the kept point objects',
    ...verdict(radialCheck),
    ours_bound_m: oursBoundM,
    peer_bound_m: +(2 * toleranceM * SLACK).toFixed(3),
    peer_projection_scale_error: +scaleError.toFixed(4),
    kept_differing: differing(oursKept ?? [], radialKept),
  };
  return [
    { name: 'simplify-1M', ours: 'wasm', ...common, ratio: +(peerMs / oursMs).toFixed(2), ours_ms: Math.round(oursMs) },
    { name: 'simplify-1M', ours: 'native', ...common, ours_timed: 'the same core simplify natively, best of 5 in its own process (crates/core/examples/export_throughput.rs); the result checked is the wasm one, the same code', ratio: +(peerMs / nativeMs).toFixed(2), ours_ms: Math.round(nativeMs) },
    { name: 'simplify-1M-peer-default', ours: 'wasm', ...radial, ratio: +(peerRadialMs / oursMs).toFixed(2), ours_ms: Math.round(oursMs) },
  ];
}
