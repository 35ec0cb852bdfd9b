// Polyline case: decode one long route (200,000 positions, precision 5) with the project's
// wasm (string in, Float64Array out) and with @googlemaps/polyline-codec (string in, arrays
// of [lat, lng] out), same process, interleaved rounds; and natively. Ours takes the text as
// UTF-8 bytes: the timed call includes encoding the string into a reused buffer with
// TextEncoder.encodeInto (see polylineDecode in crates/wasm/src/geo.rs for why bytes).
import { writeFileSync } from 'node:fs';
import codec from '@googlemaps/polyline-codec';

const { decode, encode } = codec;
import { root } from '../lib.mjs';
import { nativeSeconds, walk } from './native.mjs';
import { bestInterleaved, loadCore } from './wasm.mjs';

export async function polylineCase() {
  const core = await loadCore();
  const n = 200_000;
  const { flat } = walk(n);
  const pairs = [];
  for (let i = 0; i < n; i++) pairs.push([flat[2 * i], flat[2 * i + 1]]);
  const encoded = encode(pairs, 5);
  if (core.polylineEncode(flat, 5) !== encoded) throw new Error('ours and the peer encode differently');
  const file = `${root}target/bench/polyline-200k.txt`;
  writeFileSync(file, encoded);
  const utf8 = new TextEncoder();
  let scratch = new Uint8Array(0);
  const bytesOf = (text) => {
    if (scratch.length < 3 * text.length) scratch = new Uint8Array(3 * text.length);
    return scratch.subarray(0, utf8.encodeInto(text, scratch).written);
  };
  let oursOut, peerOut;
  const [oursMs, peerMs] = bestInterleaved(25, [
    () => { oursOut = core.polylineDecode(bytesOf(encoded), 5); },
    () => { peerOut = decode(encoded, 5); },
  ]);
  // Both divide the same integers by 10^5: equal to the bit.
  let same = oursOut.length === 2 * n && peerOut.length === n;
  for (let i = 0; same && i < n; i++) same = oursOut[2 * i] === peerOut[i][0] && oursOut[2 * i + 1] === peerOut[i][1];
  const nativeMs = nativeSeconds(['polyline', file]) * 1000;
  const common = {
    points: n,
    bytes: encoded.length,
    same_result: same,
    same_result_rule: 'every decoded position equal to the bit',
    peer: '@googlemaps/polyline-codec',
    peer_timed: 'decode(text, 5) → arrays of [lat, lng]',
    peer_ms: +peerMs.toFixed(2),
  };
  return [
    { name: 'polyline-decode-200k', ours: 'wasm', ...common, ours_timed: 'the text encoded to UTF-8 into a reused buffer + polylineDecode → Float64Array', ratio: +(peerMs / oursMs).toFixed(2), ours_ms: +oursMs.toFixed(2) },
    { name: 'polyline-decode-200k', ours: 'native', ...common, ours_timed: 'the same decode natively, best of 5 in its own process; the result checked is the wasm one, the same code', ratio: +(peerMs / nativeMs).toFixed(2), ours_ms: +nativeMs.toFixed(2) },
  ];
}
