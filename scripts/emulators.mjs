// The local Firebase: the Firestore emulator (the preinstalled Cloud SDK jar, run directly:
// firebase-tools 15 wants Java 21 for it and this kind of machine has Java 17) and the Auth
// emulator (firebase-tools, installed by `scripts/ensure-tools.sh firebase`), project id
// `demo-clearway`, on the ports of firebase/firebase.json unless told otherwise.
//
// As a library: `startEmulators({...})` resolves once both answer and returns `stop()`.
// As a command: `node scripts/emulators.mjs [--data DIR]` runs them until Ctrl+C; with
// `--data` their contents are imported from DIR at start and exported to it on exit
// (what `npm start` does with target/firebase-data, so accounts survive a restart).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib.mjs';

export const PROJECT_ID = 'demo-clearway';
const FIRESTORE_CMD = '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator';
export const FIREBASE_BIN = join(root, 'target', 'firebase-tools', 'node_modules', '.bin', 'firebase');

/** The ports of firebase/firebase.json. */
export function configuredPorts() {
  const config = JSON.parse(readFileSync(join(root, 'firebase', 'firebase.json'), 'utf8'));
  return { firestore: config.emulators.firestore.port, auth: config.emulators.auth.port };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function answers(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    return res.status < 500;
  } catch {
    return false;
  }
}

async function waitFor(url, child, name, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} emulator exited (code ${child.exitCode}) before it was ready`);
    if (await answers(url)) return;
    await sleep(250);
  }
  throw new Error(`${name} emulator did not answer at ${url} within ${timeoutMs / 1000} s`);
}

/** Every emulator process this module started and has not stopped yet. */
const live = new Set();

/** Stops every emulator this process started (for a Ctrl+C during start-up). */
export async function stopAll() {
  await Promise.all([...live].map((child) => stopChild(child)));
}

function spawnLogged(cmd, args, logFile, env = {}) {
  const child = spawn(cmd, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
    detached: true, // its own process group, so stop() ends the JVM children too
  });
  const chunks = [];
  const keep = (b) => {
    chunks.push(b);
    if (logFile) writeFileSync(logFile, Buffer.concat(chunks));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.log = () => Buffer.concat(chunks).toString('utf8');
  live.add(child);
  child.on('exit', () => live.delete(child));
  return child;
}

function stopChild(child, timeoutMs = 15_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
      resolve();
    }, timeoutMs);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      process.kill(-child.pid, 'SIGINT');
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}

/** Writes the Firestore emulator's documents to DIR/firestore_export (replacing the last export). */
export async function exportFirestore(port, dir) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/emulator/v1/projects/${PROJECT_ID}:export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        database: `projects/${PROJECT_ID}/databases/(default)`,
        export_directory: dir,
        export_name: 'firestore_export',
      }),
    });
    if (!res.ok) console.error(`emulators: the Firestore export failed: ${await res.text()}`);
  } catch (e) {
    console.error(`emulators: the Firestore export failed: ${e.message}`);
  }
}

/**
 * Starts both emulators; resolves when both answer. `dataDir` imports and exports their data.
 * @returns {Promise<{ports: {firestore:number, auth:number}, stop: () => Promise<void>, startedMs: number}>}
 */
export async function startEmulators({
  ports = configuredPorts(),
  dataDir = null,
  logDir = join(root, 'target', 'emulators'),
  only = ['firestore', 'auth'],
} = {}) {
  const withAuth = only.includes('auth');
  if (withAuth && !existsSync(FIREBASE_BIN)) {
    throw new Error('firebase-tools is not installed: run `bash scripts/ensure-tools.sh firebase`');
  }
  for (const name of only) {
    const port = ports[name];
    if (await answers(`http://127.0.0.1:${port}/`)) {
      throw new Error(`port ${port} (${name} emulator) is already in use: stop what runs there, or choose other ports`);
    }
  }
  mkdirSync(logDir, { recursive: true });
  const started = Date.now();

  const fsArgs = [
    'start',
    '--host=127.0.0.1',
    `--port=${ports.firestore}`,
    `--rules=${join(root, 'firebase', 'firestore.rules')}`,
    `--project_id=${PROJECT_ID}`,
    '--single_project_mode=true',
  ];
  const authArgs = ['emulators:start', '--only', 'auth', '--project', PROJECT_ID];
  if (dataDir) {
    const fsData = join(dataDir, 'firestore');
    const authData = join(dataDir, 'auth');
    mkdirSync(fsData, { recursive: true });
    mkdirSync(authData, { recursive: true });
    const fsExport = join(fsData, 'firestore_export', 'firestore_export.overall_export_metadata');
    if (existsSync(fsExport)) fsArgs.push(`--seed_from_export=${fsExport}`);
    if (existsSync(join(authData, 'firebase-export-metadata.json'))) authArgs.push('--import', authData);
    authArgs.push('--export-on-exit', authData);
  }
  // firebase-tools reads the emulator ports from a firebase.json; write one with ours. Its hub
  // and logging emulator get ports derived from the Auth port too: two suites started at once
  // (two test workers) would otherwise both claim the logging default 4500, and the second
  // Auth emulator fails with 'An unexpected error has occurred'.
  const configDir = join(logDir, `config-${ports.auth}`);
  mkdirSync(configDir, { recursive: true });
  writeFileSync(
    join(configDir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: ports.auth },
        hub: { host: '127.0.0.1', port: ports.auth - 5000 },
        logging: { host: '127.0.0.1', port: ports.auth - 4700 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  authArgs.push('--config', join(configDir, 'firebase.json'));

  const firestore = spawnLogged(FIRESTORE_CMD, fsArgs, join(logDir, `firestore-${ports.firestore}.log`));
  const auth = !withAuth
    ? null
    : spawnLogged(FIREBASE_BIN, authArgs, join(logDir, `auth-${ports.auth}.log`), {
        // No network calls of its own: no update check, no usage reporting.
        NO_UPDATE_NOTIFIER: '1',
        CI: '1',
      });
  const stop = async () => {
    // The jar's own --export-on-exit does not run when it is interrupted: export over HTTP
    // (what firebase-tools does), then stop.
    if (dataDir && firestore.exitCode === null) await exportFirestore(ports.firestore, join(dataDir, 'firestore'));
    await Promise.all([stopChild(auth), stopChild(firestore)]);
  };
  try {
    await Promise.all([
      waitFor(`http://127.0.0.1:${ports.firestore}/`, firestore, 'Firestore', 60_000),
      // firebase-tools takes 15 s on an idle 2-core machine, minutes under a heavy load.
      auth && waitFor(`http://127.0.0.1:${ports.auth}/emulator/v1/projects/${PROJECT_ID}/config`, auth, 'Auth', 600_000),
    ]);
  } catch (e) {
    await stop();
    const tail = (c) => (c ? c.log() : '').split('\n').slice(-15).join('\n');
    throw new Error(`${e.message}\n--- firestore ---\n${tail(firestore)}\n--- auth ---\n${tail(auth)}`);
  }
  return { ports, stop, startedMs: Date.now() - started };
}

/** The environment a client (firebase-admin, rules tests) needs to reach the emulators. */
export function emulatorEnv(ports = configuredPorts()) {
  return {
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
    GCLOUD_PROJECT: PROJECT_ID,
  };
}

// As a command: run until interrupted.
if (import.meta.url === `file://${process.argv[1]}`) {
  const i = process.argv.indexOf('--data');
  const dataDir = i > 0 ? process.argv[i + 1] : null;
  let emulators = null;
  const shutdown = async () => {
    if (emulators) await emulators.stop();
    else await stopAll();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  emulators = await startEmulators({ dataDir });
  console.error(
    `Firebase emulators (${PROJECT_ID}): Firestore 127.0.0.1:${emulators.ports.firestore}, Auth 127.0.0.1:${emulators.ports.auth}; ready in ${(emulators.startedMs / 1000).toFixed(1)} s`,
  );
}
