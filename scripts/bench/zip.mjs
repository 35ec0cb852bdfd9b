// Zip case: an export archive of 200 media of 300 KB (incompressible, like JPEG), streamed.
// Ours (timed): the records of 200 measurements crossing into wasm as the app sends them
// (columns + SurveyRecords), the SurveyArchive writing the README and documents, then
// addMedia + takeChunk per medium, chunks kept as a file sink would. Peer (timed): fflate's
// streaming Zip writing the same entries: the README and documents (their bytes taken from
// our archive beforehand, not timed: in the peer's favour) and the media under the same
// names, all stored (ZipPassThrough: no compression work, in its favour), chunks kept.
// Both archives are then unzipped (fflate's unzipSync) and must hold the same entries, in
// the same order, byte for byte. Throughput: same process, interleaved rounds. Peak memory:
// each side once in a child process (`node zip.mjs SIDE`), peak RSS and ArrayBuffer growth
// over the baseline after the media exist.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Zip, ZipPassThrough, unzipSync } from 'fflate';
import { root } from '../lib.mjs';
import { nativeSeconds } from './native.mjs';
import { bestInterleaved, importAppModule, loadCore } from './wasm.mjs';

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

const id = (i) => `${String(i).padStart(8, '0')}-media`;
const mediaName = (i) => `images/image_R000_POI${String(i + 1).padStart(5, '0')}_none_${String(i).padStart(8, '0')}.jpg`;

function concat(chunks) {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

async function sides(core, items) {
  const { measurementColumns } = await importAppModule('web/src/core/measurementColumns.ts');
  const measurements = items.map((_, i) => ({ id: id(i), poiNumber: i + 1, imageUrl: 'x' }));
  const survey = { name: 'bench' };
  // Chunks are counted and dropped as a file sink would; kept only for the check.
  let oursChunks = [], peerChunks = [], oursBytes = 0, peerBytes = 0;
  const sink = (chunks, chunk, keep) => {
    if (keep) chunks.push(chunk);
    return chunk.length;
  };
  const ours = (sample, keep = false) => {
    oursChunks = [];
    oursBytes = 0;
    const records = new core.SurveyRecords(survey);
    const c = measurementColumns(measurements);
    records.addMeasurements(c.numbers, c.text, c.textLengths);
    const archive = new core.SurveyArchive(records, 'zip', '2024-05-01T00:00:00Z');
    oursBytes += sink(oursChunks, archive.takeChunk(), keep);
    items.forEach((bytes, i) => {
      archive.addMedia(id(i), 'image', bytes);
      oursBytes += sink(oursChunks, archive.takeChunk(), keep);
      sample?.();
    });
    oursBytes += sink(oursChunks, archive.finish(), keep);
  };
  // The entries our archive writes before the media (README, documents), for the peer.
  ours(undefined, true);
  const documents = Object.entries(unzipSync(concat(oursChunks))).filter(([name]) => !name.startsWith('images/'));
  const peer = (sample, keep = false) => {
    peerChunks = [];
    peerBytes = 0;
    const zip = new Zip((err, chunk) => {
      if (err) throw err;
      peerBytes += sink(peerChunks, chunk, keep);
    });
    for (const [name, bytes] of documents) {
      const entry = new ZipPassThrough(name);
      zip.add(entry);
      entry.push(bytes, true);
    }
    items.forEach((bytes, i) => {
      const entry = new ZipPassThrough(mediaName(i));
      zip.add(entry);
      entry.push(bytes, true);
      sample?.();
    });
    zip.end();
  };
  /** Both archives unpack to the same entries: names in order and bytes. */
  const check = () => {
    ours(undefined, true);
    peer(undefined, true);
    const a = unzipSync(concat(oursChunks));
    const b = unzipSync(concat(peerChunks));
    const names = Object.keys(a);
    const same =
      names.length === Object.keys(b).length &&
      names.every((name, i) => name === Object.keys(b)[i] && a[name].length === b[name].length && a[name].every((x, j) => x === b[name][j]));
    return { same, entries: names.length };
  };
  const bytes = () => [oursBytes, peerBytes];
  return { ours, peer, bytes, check };
}

/** One side once, in this process: peak growth of RSS and ArrayBuffers, in MB. */
async function peakMemory(side) {
  const core = await loadCore();
  const items = media();
  const run = (await sides(core, items))[side];
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
  const s = await sides(core, items);
  const [oursMs, peerMs] = bestInterleaved(5, [() => s.ours(), () => s.peer()]);
  const [oursBytes, peerBytes] = s.bytes();
  const { same, entries } = s.check();
  const memory = (side) => JSON.parse(execFileSync('node', ['--expose-gc', fileURLToPath(import.meta.url), side], { encoding: 'utf8' }));
  const oursMem = memory('ours');
  const peerMem = memory('peer');
  const nativeMs = nativeSeconds(['zip', file, String(COUNT)]) * 1000;
  const mb = (COUNT * SIZE) / 1e6;
  const common = {
    media: COUNT,
    media_bytes: SIZE,
    entries,
    same_result: same,
    ours_timed: '200 measurements as columns into SurveyRecords, SurveyArchive (README + documents written by the core), addMedia + takeChunk per medium, finish',
    peer_timed: 'fflate Zip + ZipPassThrough: the same README and documents (bytes prepared from ours, not timed) and the same media, stored, streamed',
    peer: 'fflate (Zip + ZipPassThrough, streamed)', peer_ms: +peerMs.toFixed(1), peer_mb_per_s: Math.round(mb / (peerMs / 1000)), peer_archive_bytes: peerBytes, peer_peak_rss_mb: peerMem.rss_mb, peer_peak_array_buffers_mb: peerMem.array_buffers_mb };
  return [
    { name: 'zip-200x300KB', ours: 'wasm', ...common, ratio: +(peerMs / oursMs).toFixed(2), ours_ms: +oursMs.toFixed(1), ours_mb_per_s: Math.round(mb / (oursMs / 1000)), ours_archive_bytes: oursBytes, ours_peak_rss_mb: oursMem.rss_mb, ours_peak_array_buffers_mb: oursMem.array_buffers_mb },
    { name: 'zip-200x300KB', ours: 'native', ...common, ours_timed: 'ExportArchive of 200 media, records already in memory (crates/core/examples/export_throughput.rs)', ratio: +(peerMs / nativeMs).toFixed(2), ours_ms: +nativeMs.toFixed(1), ours_mb_per_s: Math.round(mb / (nativeMs / 1000)) },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await peakMemory(process.argv[2]);
