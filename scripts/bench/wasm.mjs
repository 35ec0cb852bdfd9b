// Loads the project's wasm build (web/src/core/pkg) in Node, synchronously.
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import { root } from '../lib.mjs';

export async function loadCore() {
  const dir = `${root}web/src/core/pkg`;
  const core = await import(`${dir}/clearway_wasm.js`);
  core.initSync({ module: readFileSync(`${dir}/clearway_wasm_bg.wasm`) });
  return core;
}

// The garbage collector, to start every timed call from a collected heap.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc');

/**
 * Collects the heap, then waits 30 ms: the collector sweeps on a background thread after
 * `gc()` returns, and on two cores that sweep ran beside the next timed call (our simplify
 * call, median of 8: 63.0 ms right after the peer and `gc()`, 53.9 ms with this pause, 54.7
 * ms with neither the peer nor a collection before it).
 */
function settle() {
  collectGarbage();
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 30);
}

/**
 * Best time (ms) of each function over `reps` rounds, after one warm-up each. Rounds
 * alternate between the functions, so a load spike on a shared machine hits both sides.
 * The heap is collected before every timed call, and the collector's background sweep left
 * to finish, so that no side pays for the garbage the other left behind (a peer that builds
 * an array per point leaves megabytes of it, which the collector would otherwise reclaim
 * during the next side's call).
 */
export function bestInterleaved(reps, fns) {
  for (const fn of fns) fn();
  const mins = fns.map(() => Infinity);
  for (let r = 0; r < reps; r++) {
    fns.forEach((fn, i) => {
      settle();
      const t = performance.now();
      fn();
      mins[i] = Math.min(mins[i], performance.now() - t);
    });
  }
  return mins;
}

/** Best of `reps` runs of `fn` (milliseconds), after one warm-up. */
export function best(reps, fn) {
  fn();
  let min = Infinity;
  for (let i = 0; i < reps; i++) {
    const t = performance.now();
    fn();
    min = Math.min(min, performance.now() - t);
  }
  return min;
}

/**
 * Imports one of the app's TypeScript modules (types-only imports allowed), transpiled with
 * the project's TypeScript into target/bench/, so a benchmark times the app's own code.
 */
export async function importAppModule(relative) {
  const { default: ts } = await import('typescript');
  const { mkdirSync, writeFileSync: write } = await import('node:fs');
  const source = readFileSync(`${root}${relative}`, 'utf8');
  const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } });
  mkdirSync(`${root}target/bench`, { recursive: true });
  const out = `${root}target/bench/${relative.replaceAll('/', '_').replace(/\.ts$/, '.mjs')}`;
  write(out, outputText);
  return import(out);
}
