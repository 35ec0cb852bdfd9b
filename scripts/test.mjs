// `npm test`: install what is missing, then run every check and suite, and end with one line
// `N passed, N failed` summing them all (CI reads that line). Exits non-zero on any failure.
//
// A suite with a machine-readable report (cargo test, vitest, playwright) counts its tests;
// every other check (fmt, clippy, builds, tsc, eslint) counts as one. A suite that fails
// without reporting a failed test (it did not compile, say) adds one failure.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildWeb, corpusDir, ensureNodeModules, root, run } from './lib.mjs';

// Every suite reads the shared corpus from one place. Without it the corpus tests fail (they
// never skip): say why up front.
const corpus = corpusDir();
if (corpus) process.env.CLEARWAY_CORPUS = corpus;
else console.error('npm test: the shared corpus (../shared/corpus) was not found; set CLEARWAY_CORPUS. Corpus tests will fail.');

const reports = join(root, 'target', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

/** Parses `cargo test` output saved by `tee`: sums its `test result:` lines. */
function cargoCounts(file) {
  let passed = 0;
  let failed = 0;
  for (const m of readFileSync(file, 'utf8').matchAll(/test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored/g)) {
    passed += Number(m[1]);
    failed += Number(m[2]) + Number(m[3]); // an ignored test hides a failure: count it as one
  }
  return { passed, failed };
}

function vitestCounts(file) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: r.numPassedTests, failed: r.numFailedTests + r.numPendingTests + r.numTodoTests };
}

function playwrightCounts(file) {
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: stats.expected, failed: stats.unexpected + stats.flaky + stats.skipped };
}

const report = (name) => join(reports, name);
const steps = [
  { name: 'npm packages', fn: ensureNodeModules, gate: true },
  { name: 'toolchain (wasm, chromium)', cmd: 'bash scripts/ensure-tools.sh wasm browser gis fuzz osrm tiles firebase', gate: true },
  { name: 'cargo fmt --check', cmd: 'cargo fmt --all --check' },
  { name: 'cargo clippy -D warnings', cmd: 'cargo clippy --workspace --all-targets --locked -- -D warnings' },
  { name: 'rustdoc -D warnings', cmd: 'cargo doc --workspace --no-deps --locked', env: { RUSTDOCFLAGS: '-D warnings' } },
  {
    name: 'cargo test',
    cmd: `set -o pipefail; cargo test --workspace --locked --no-fail-fast 2>&1 | tee ${report('cargo.txt')}`,
    counts: () => cargoCounts(report('cargo.txt')),
  },
  // Fuzzing runs for a fixed time on one core (after its build), so it runs beside the next
  // steps (the wasm build's last crate, tsc and eslint are mostly one core too), its output
  // kept in a file and printed when it ends; vitest, which uses both cores, waits for it.
  // Beside the wasm build, 20 s per target ran 36–78 % as many inputs as 30 s alone did
  // (fresh-clone runs; route_import 1.26 M against 3.26 M, backup_reader 201 k against 278 k).
  { name: 'fuzz (20 s per target)', cmd: 'bash scripts/fuzz.sh', env: { FUZZ_SECONDS: '20' }, background: true, log: 'fuzz.log' },
  { name: 'wasm build', cmd: 'bash scripts/build-wasm.sh', gate: true },
  { name: 'clearway-core: wasm32, no JS deps', cmd: 'bash scripts/check-core-wasm.sh' },
  { name: 'tsc --strict', cmd: 'npm run typecheck -w web && npm run typecheck -w tests' },
  { name: 'eslint', cmd: 'npm run lint -w web' },
  {
    name: 'vitest',
    cmd: `npx vitest run --reporter=default --reporter=json --outputFile.json=${report('vitest.json')}`,
    cwd: join(root, 'web'),
    afterBackground: true,
    counts: () => vitestCounts(report('vitest.json')),
  },
  {
    // firebase/firestore.rules against the Firestore emulator (tests/rules starts and stops it).
    name: 'firestore rules (emulator)',
    cmd: `npx vitest run --config rules/vitest.config.ts --reporter=default --reporter=json --outputFile.json=${report('rules.json')}`,
    cwd: join(root, 'tests'),
    counts: () => vitestCounts(report('rules.json')),
  },
  { name: 'web build', fn: buildWeb, gate: true },
  {
    name: 'playwright (chromium)',
    cmd: 'npx playwright test --reporter=list,json',
    cwd: join(root, 'tests'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report('playwright.json') },
    counts: () => playwrightCounts(report('playwright.json')),
  },
];

const results = [];
let blocked = null;
/** Background steps still running, and the output of those that ended, printed between steps. */
const background = [];
const ended = [];
const flushEnded = () => {
  for (const text of ended.splice(0)) console.error(text);
};
const awaitBackground = async () => {
  for (const job of background.splice(0)) await job;
  flushEnded();
};
const shellQuote = (text) => `'${text.replaceAll("'", `'\\''`)}'`;

function record(step, code, started) {
  let counts = null;
  if (step.counts && code !== -1) {
    try {
      counts = step.counts();
    } catch {
      counts = null; // no report: the suite did not run
    }
  }
  if (!counts) counts = code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
  else if (code !== 0 && counts.failed === 0) counts.failed = 1;
  results.push({ order: steps.indexOf(step), name: step.name, code, ...counts, seconds: (Date.now() - started) / 1000 });
  if (code !== 0 && step.gate && !blocked) blocked = step.name;
}

for (const step of steps) {
  if (step.afterBackground) await awaitBackground();
  flushEnded();
  const started = Date.now();
  if (blocked) {
    record(step, -1, started);
  } else if (step.background) {
    console.error(`\n▶ ${step.name} (beside the next steps; its output follows when it ends)`);
    const log = report(step.log);
    background.push(
      run(`{ ${step.cmd}; } >${shellQuote(log)} 2>&1`, { cwd: step.cwd, env: step.env }).then((code) => {
        record(step, code, started);
        let output;
        try {
          output = readFileSync(log, 'utf8').trimEnd();
        } catch (error) {
          output = `(its log ${log} could not be read: ${error.message})`;
        }
        ended.push(`\n◀ ${step.name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`}\n${output}`);
      }),
    );
  } else {
    console.error(`\n▶ ${step.name}`);
    record(step, step.fn ? await step.fn() : await run(step.cmd, { cwd: step.cwd, env: step.env }), started);
  }
}
await awaitBackground();
results.sort((x, y) => x.order - y.order);

console.error('\nSummary');
for (const r of results) {
  const status = r.code === -1 ? `not run (${blocked} failed)` : r.failed ? 'FAILED' : 'ok';
  console.error(`  ${r.name.padEnd(36)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds.toFixed(1).padStart(6)} s  ${status}`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
