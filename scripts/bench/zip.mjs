// Zip case: an export archive of 200 media of 300 KB (incompressible, like JPEG), streamed.
// Ours: the wasm ExportArchive (README and documents of 200 measurements, then addMedia +
// takeChunk per medium, chunks dropped as a file sink would). Peer: fflate's streaming Zip
// with ZipPassThrough entries (stored, as ours), chunks dropped. Throughput: same process,
// interleaved rounds. Peak memory: each side once in a child process (`node zip.mjs SIDE`),
// peak RSS and ArrayBuffer growth over the baseline after the media exist.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Zip, ZipPassThrough } from 'fflate';
import { root } from '../lib.mjs';
import { nativeSeconds } from './native.mjs';
import { bestInterleaved, loadCore } from './wasm.mjs';

const COUNT = 200;
const SIZE = 300_000;

function media() {
  let s = 0x9e3779b9;
  const all = new Uint8Array(COUNT * SIZE);
  for (let i = 0; i < all.length; i++) {
    s ^= s << 13; s ^= s >>> 17; s ^= s << 5;
    all[i] = s & 255;
  }
  return Array.from({ length: COUNT }, (_, i) => all.subarray(i * SIZE, (i + 1) * SIZE));
}

function sides(core, items) {
  const measurements = JSON.stringify(items.map((_, i) => ({ id: `${String(i).padStart(8, '0')}-media`, poiNumber: i + 1, imageUrl: 'x' })));
  const records = new core.SurveyRecords('{"name": "bench"}', measurements, '', '', '');
  let oursBytes = 0, peerBytes = 0;
  const ours = (sample) => {
    oursBytes = 0;
    const archive = new core.ExportArchive(records, '2024-05-01T00:00:00Z');
    oursBytes += archive.takeChunk().length;
    items.forEach((bytes, i) => {
      archive.addMedia(`${String(i).padStart(8, '0')}-media`, 'image', bytes);
      oursBytes += archive.takeChunk().length;
      sample?.();
    });
    oursBytes += archive.finish().length;
  };
  const peer = (sample) => {
    peerBytes = 0;
    const zip = new Zip((err, chunk) => {
      if (err) throw err;
      peerBytes += chunk.length;
    });
    items.forEach((bytes, i) => {
      const entry = new ZipPassThrough(`images/image_R000_POI${String(i + 1).padStart(5, '0')}_none_${String(i).padStart(8, '0')}.jpg`);
      zip.add(entry);
      entry.push(bytes, true);
      sample?.();
    });
    zip.end();
  };
  return { ours, peer, bytes: () => [oursBytes, peerBytes] };
}

/** One side once, in this process: peak growth of RSS and ArrayBuffers, in MB. */
async function peakMemory(side) {
  const core = await loadCore();
  const items = media();
  const run = sides(core, items)[side];
  run(); // warm-up, so code and wasm memory are in place
  globalThis.gc?.();
  const base = process.memoryUsage();
  let rss = 0, buffers = 0;
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss - base.rss);
    buffers = Math.max(buffers, m.arrayBuffers - base.arrayBuffers);
  };
  run(sample);
  sample();
  console.log(JSON.stringify({ rss_mb: +(rss / 1e6).toFixed(1), array_buffers_mb: +(buffers / 1e6).toFixed(1) }));
}

export async function zipCase() {
  const core = await loadCore();
  const items = media();
  const file = `${root}target/bench/zip-media.bin`;
  writeFileSync(file, Buffer.concat(items));
  const s = sides(core, items);
  const [oursMs, peerMs] = bestInterleaved(5, [() => s.ours(), () => s.peer()]);
  const [oursBytes, peerBytes] = s.bytes();
  const memory = (side) => JSON.parse(execFileSync('node', ['--expose-gc', fileURLToPath(import.meta.url), side], { encoding: 'utf8' }));
  const oursMem = memory('ours');
  const peerMem = memory('peer');
  const nativeMs = nativeSeconds(['zip', file, String(COUNT)]) * 1000;
  const mb = (COUNT * SIZE) / 1e6;
  const common = { media: COUNT, media_bytes: SIZE, peer: 'fflate (Zip + ZipPassThrough, streamed)', peer_ms: +peerMs.toFixed(1), peer_mb_per_s: Math.round(mb / (peerMs / 1000)), peer_archive_bytes: peerBytes, peer_peak_rss_mb: peerMem.rss_mb, peer_peak_array_buffers_mb: peerMem.array_buffers_mb };
  return [
    { name: 'zip-200x300KB', ours: 'wasm', ...common, ratio: +(peerMs / oursMs).toFixed(2), ours_ms: +oursMs.toFixed(1), ours_mb_per_s: Math.round(mb / (oursMs / 1000)), ours_archive_bytes: oursBytes, ours_peak_rss_mb: oursMem.rss_mb, ours_peak_array_buffers_mb: oursMem.array_buffers_mb },
    { name: 'zip-200x300KB', ours: 'native', ...common, ratio: +(peerMs / nativeMs).toFixed(2), ours_ms: +nativeMs.toFixed(1), ours_mb_per_s: Math.round(mb / (nativeMs / 1000)) },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await peakMemory(process.argv[2]);
