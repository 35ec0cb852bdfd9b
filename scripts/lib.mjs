// Shared by scripts/start.mjs and scripts/test.mjs: run commands, install what is missing,
// and tell whether a build's inputs changed. Node built-ins only: this runs before `npm ci`.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** Runs a shell command, streaming its output; resolves to its exit code. */
export function run(command, { cwd = root, env = {}, quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, {
      cwd,
      shell: '/bin/bash',
      stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
    child.on('error', () => resolve(127));
  });
}

/** Runs a command and returns its stdout (empty on failure). */
export function capture(command, cwd = root) {
  const r = spawnSync(command, { cwd, shell: '/bin/bash', encoding: 'utf8' });
  return r.status === 0 ? r.stdout : '';
}

/** A short content hash of every file under `paths` (relative to the repo), skipping `skip`. */
export function hashTree(paths, skip = ['node_modules', 'dist', 'pkg', 'target', 'test-results']) {
  const hash = createHash('sha256');
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) if (!skip.includes(name)) walk(join(p, name));
    } else {
      hash.update(relative(root, p)).update('\0').update(readFileSync(p)).update('\0');
    }
  };
  for (const p of paths) walk(join(root, p));
  return hash.digest('hex').slice(0, 16);
}

/** True when `stampFile` records `inputs`; `record()` writes it after a successful build. */
export function stamp(stampFile, inputs) {
  const file = join(root, stampFile);
  return {
    fresh: existsSync(file) && readFileSync(file, 'utf8') === inputs,
    record: () => writeFileSync(file, inputs),
  };
}

/**
 * The shared real-world corpus (../shared/corpus beside the project): `$CLEARWAY_CORPUS`,
 * else beside this checkout, else beside the checkout this one was cloned from (a fresh
 * clone in a temporary folder still finds it). `null` when there is none.
 */
export function corpusDir() {
  const candidates = [process.env.CLEARWAY_CORPUS, join(root, '..', 'shared', 'corpus')];
  const origin = capture('git config --get remote.origin.url').trim();
  if (origin && !/^[a-z]+:\/\//.test(origin) && !origin.includes('@')) {
    candidates.push(join(origin, '..', 'shared', 'corpus'));
  }
  return candidates.find((dir) => dir && existsSync(join(dir, 'README.md'))) ?? null;
}

/** `npm ci` when node_modules is missing or older than package-lock.json. */
export async function ensureNodeModules() {
  const s = stamp('node_modules/.clearway-lock', hashTree(['package-lock.json']));
  if (s.fresh) return 0;
  console.error('setup: installing npm packages (npm ci)');
  const code = await run('npm ci --no-audit --no-fund');
  if (code === 0) s.record();
  return code;
}

/** Builds web/dist when the web sources or the wasm package changed. */
export async function buildWeb() {
  const s = stamp('web/dist/.inputs', hashTree(['web', 'package-lock.json'], ['node_modules', 'dist', 'test-results']) + hashTree(['web/src/core/pkg'], []));
  if (s.fresh) {
    console.error('build-web: up to date');
    return 0;
  }
  const code = await run('npm run build -w web');
  if (code === 0) s.record();
  return code;
}
