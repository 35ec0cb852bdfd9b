// `npm run bench`: each case prints one JSON line {name, ours, peer, ratio, ...}, where
// ratio = our throughput / the peer's, both measured in this same run on this machine.
// Benchmarks are not tests: they never fail because the machine is slow.
import { mkdirSync } from 'node:fs';
import { ensureNodeModules, root, run } from './lib.mjs';

const only = process.argv.slice(2);
if ((await ensureNodeModules()) !== 0 || (await run('bash scripts/build-wasm.sh', { quiet: true })) !== 0) {
  console.error('bench: setup failed');
  process.exit(1);
}
mkdirSync(`${root}target/bench`, { recursive: true });

const cases = {
  nmea: async () => (await import('./bench/nmea.mjs')).nmeaCase(),
  polyline: async () => (await import('./bench/polyline.mjs')).polylineCase(),
  simplify: async () => (await import('./bench/simplify.mjs')).simplifyCase(),
  csv: async () => (await import('./bench/csv.mjs')).csvCase(),
  zip: async () => (await import('./bench/zip.mjs')).zipCase(),
  'gps-panel': async () => (await import('./bench/gps-panel.mjs')).gpsPanelCase(),
  'survey-scale': async () => (await import('./bench/survey-scale.mjs')).surveyScaleCase(),
  'survey-export': async () => (await import('./bench/survey-export.mjs')).surveyExportCase(),
  'photo-capture': async () => (await import('./bench/photo-capture.mjs')).photoCaptureCase(),
  'map-100k': async () => (await import('./bench/map-100k.mjs')).mapCase(),
  'sync-10k': async () => (await import('./bench/sync-10k.mjs')).sync10kCase(),
  'video-buffer': async () => (await import('./bench/video-buffer.mjs')).videoBufferCase(),
};
/** The cases that run in Chromium: their lines say how it drew (scripts/bench/browser.mjs). */
const IN_BROWSER = new Set(['gps-panel', 'survey-scale', 'survey-export', 'photo-capture', 'map-100k', 'sync-10k', 'video-buffer']);
const { GRAPHICS } = await import('./bench/browser.mjs');
for (const [name, fn] of Object.entries(cases)) {
  if (only.length && !only.includes(name)) continue;
  try {
    for (const line of await fn()) {
      console.log(JSON.stringify(IN_BROWSER.has(name) ? { ...line, graphics: GRAPHICS } : line));
      // A bench is a measurement, not a test, but a wrong result must be loud.
      if (line.same_result === false) {
        console.error(`bench: ${line.name} (${line.ours}): the two sides did not produce the same result`);
        process.exitCode = 1;
      }
    }
  } catch (e) {
    console.log(JSON.stringify({ name, error: String(e?.message ?? e) }));
    process.exitCode = 1;
  }
}
