// Native figures for the export cases: crates/core/examples/export_throughput.rs (release),
// best of 5 in-process, on the same input files the wasm side used.
import { execFileSync } from 'node:child_process';
import { root } from '../lib.mjs';

let built = false;
export function nativeSeconds(args) {
  if (!built) {
    execFileSync('cargo', ['build', '--release', '--locked', '-q', '-p', 'clearway-core', '--example', 'export_throughput'], {
      cwd: root,
      stdio: 'inherit',
    });
    built = true;
  }
  return JSON.parse(execFileSync(`${root}target/release/examples/export_throughput`, args, { encoding: 'utf8' })).seconds;
}

/** A deterministic random walk of `n` positions as flat [lat, lon, ...] (xorshift32). */
export function walk(n, seed = 12345) {
  let s = seed >>> 0;
  const rnd = () => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s / 4294967296;
  };
  const flat = new Float64Array(2 * n);
  let lat = 45.5, lon = -73.6, heading = 0.6;
  for (let i = 0; i < n; i++) {
    heading += (rnd() - 0.5) * 0.3;
    lat += Math.cos(heading) * 0.0002 * (0.5 + rnd());
    lon += Math.sin(heading) * 0.0003 * (0.5 + rnd());
    flat[2 * i] = lat;
    flat[2 * i + 1] = lon;
  }
  return { flat, rnd };
}
