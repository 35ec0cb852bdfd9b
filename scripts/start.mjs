// `npm start`: from a fresh clone, install what is missing, build, and serve the production
// build (service worker included) at http://localhost:5173. `npm run dev` (--dev) serves
// the Vite dev server with hot reload instead. Re-running is fast when nothing changed.
import { buildWeb, ensureNodeModules, run } from './lib.mjs';

const dev = process.argv.includes('--dev');

async function step(name, fn) {
  const code = await fn();
  if (code !== 0) {
    console.error(`npm start: ${name} failed (exit ${code}); see the output above.`);
    process.exit(code);
  }
}

await step('npm install', ensureNodeModules);
await step('wasm build', () => run('bash scripts/build-wasm.sh'));
if (dev) {
  console.error('Clearway (dev, hot reload): http://localhost:5173');
  process.exit(await run('npm run dev -w web'));
}
await step('web build', buildWeb);
console.error('Clearway: http://localhost:5173  (Ctrl+C stops)');
process.exit(await run('npm run preview -w web'));
