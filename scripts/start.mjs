// `npm start`: from a fresh clone, install what is missing, build, and serve the production
// build (service worker included) at http://localhost:5173. `npm run dev` (--dev) serves
// the Vite dev server with hot reload instead. Re-running is fast when nothing changed.
// Both also start the Firebase Auth and Firestore emulators (scripts/emulators.mjs) with their
// data kept in target/firebase-data between runs, unless a real Firebase project is
// configured (web/.env.local with VITE_FIREBASE_CONFIG, see the README) or CLEARWAY_NO_EMULATORS=1.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startEmulators, stopAll } from './emulators.mjs';
import { buildWeb, ensureNodeModules, root, run } from './lib.mjs';

const dev = process.argv.includes('--dev');

let emulators = null;

async function step(name, fn) {
  const code = await fn();
  if (code !== 0) {
    await (emulators ? emulators.stop() : stopAll());
    console.error(`npm start: ${name} failed (exit ${code}); see the output above.`);
    process.exit(code);
  }
}

await step('npm install', ensureNodeModules);
await step('wasm build', () => run('bash scripts/build-wasm.sh'));

const envLocal = join(root, 'web', '.env.local');
const realProject = process.env.VITE_FIREBASE_CONFIG || (existsSync(envLocal) && /^VITE_FIREBASE_CONFIG=/m.test(readFileSync(envLocal, 'utf8')));
// The emulators start while the web builds (they take about 16 s here).
let emulatorsStarting = null;
if (!realProject && process.env.CLEARWAY_NO_EMULATORS !== '1') {
  await step('firebase-tools', () => run('bash scripts/ensure-tools.sh firebase'));
  emulatorsStarting = startEmulators({ dataDir: join(root, 'target', 'firebase-data') }).then(
    (e) => {
      emulators = e;
      console.error(`Firebase emulators ready in ${(e.startedMs / 1000).toFixed(1)} s (data kept in target/firebase-data)`);
    },
    (e) => {
      console.error(`npm start: the Firebase emulators did not start: ${e.message}`);
      process.exit(1);
    },
  );
}
// Ctrl+C reaches the whole foreground group: let the server stop, then export and stop the
// emulators, so accounts and synced surveys are there next time.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => undefined);
async function serve(command) {
  const code = await run(command);
  await (emulators ? emulators.stop() : stopAll());
  process.exit(code);
}
if (dev) {
  await emulatorsStarting;
  console.error('Clearway (dev, hot reload): http://localhost:5173');
  await serve('npm run dev -w web');
} else {
  await step('web build', async () => {
    const code = await buildWeb();
    await emulatorsStarting;
    return code;
  });
  console.error('Clearway: http://localhost:5173  (Ctrl+C stops)');
  await serve('npm run preview -w web');
}
