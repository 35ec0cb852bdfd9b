// Simplify case: Douglas-Peucker on 1,000,000 positions. Ours: flat Float64Array in and
// out, tolerance 5 m measured on the earth. Peer: simplify-js in high-quality mode (pure
// Douglas-Peucker, as ours) on {x: lon, y: lat} objects prepared beforehand (not timed, in
// its favour), tolerance 5 m expressed in degrees of latitude. Kept counts are printed: the
// two measure distance differently (metres on the ground vs raw degrees), so they differ a
// little; the work done is the same algorithm over the same points.
import { writeFileSync } from 'node:fs';
import simplifyJs from 'simplify-js';
import { root } from '../lib.mjs';
import { nativeSeconds, walk } from './native.mjs';
import { bestInterleaved, loadCore } from './wasm.mjs';

export async function simplifyCase() {
  const core = await loadCore();
  const n = 1_000_000;
  const toleranceM = 5;
  const { flat } = walk(n, 777);
  const points = new Array(n);
  for (let i = 0; i < n; i++) points[i] = { x: flat[2 * i + 1], y: flat[2 * i] };
  const file = `${root}target/bench/simplify-1M.f64`;
  writeFileSync(file, Buffer.from(flat.buffer));
  const toleranceDeg = toleranceM / 111_195;
  let ours, peer;
  const [oursMs, peerMs] = bestInterleaved(3, [
    () => { ours = core.simplifyRoute(flat, toleranceM); },
    () => { peer = simplifyJs(points, toleranceDeg, true); },
  ]);
  const nativeMs = nativeSeconds(['simplify', file, String(toleranceM)]) * 1000;
  const common = { points: n, tolerance_m: toleranceM, ours_kept: ours.length / 2, peer: 'simplify-js', peer_kept: peer.length, peer_ms: Math.round(peerMs) };
  return [
    { name: 'simplify-1M', ours: 'wasm', ...common, ratio: +(peerMs / oursMs).toFixed(2), ours_ms: Math.round(oursMs) },
    { name: 'simplify-1M', ours: 'native', ...common, ratio: +(peerMs / nativeMs).toFixed(2), ours_ms: Math.round(nativeMs) },
  ];
}
