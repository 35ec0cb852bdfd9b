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
import { writeFileSync } from 'node:fs';
import simplifyJs from 'simplify-js';
import { root } from '../lib.mjs';
import { nativeSeconds, walk } from './native.mjs';
import { bestInterleaved, loadCore } from './wasm.mjs';

const METRES_PER_DEGREE = (6_371_000 * Math.PI) / 180;

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
  const common = {
    points: n,
    tolerance_m: toleranceM,
    ours_kept: ours.length / 2,
    peer: 'simplify-js',
    peer_config: 'highQuality=true (pure Douglas-Peucker), points pre-projected to metres (not timed), tolerance 5',
    peer_kept: peer.length,
    peer_ms: Math.round(peerMs),
  };
  const radial = {
    points: n,
    tolerance_m: toleranceM,
    ours_kept: ours.length / 2,
    peer: 'simplify-js',
    peer_config: 'default highQuality=false (radial pre-pass + Douglas-Peucker: less work, coarser result), points pre-projected to metres (not timed), tolerance 5',
    peer_kept: peerRadial.length,
    peer_ms: Math.round(peerRadialMs),
  };
  return [
    { name: 'simplify-1M', ours: 'wasm', ...common, ratio: +(peerMs / oursMs).toFixed(2), ours_ms: Math.round(oursMs) },
    { name: 'simplify-1M', ours: 'native', ...common, ratio: +(peerMs / nativeMs).toFixed(2), ours_ms: Math.round(nativeMs) },
    { name: 'simplify-1M-peer-default', ours: 'wasm', ...radial, ratio: +(peerRadialMs / oursMs).toFixed(2), ours_ms: Math.round(oursMs) },
  ];
}
