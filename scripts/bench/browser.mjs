// The built app in Debian's Chromium, for the browser benchmark cases.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { root } from '../lib.mjs';

export const DIST = join(root, 'web', 'dist');
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
};

const COMMON_ARGS = ['--disable-quic', '--disable-sync', '--no-first-run', '--disable-background-networking', '--disable-component-update'];

/**
 * Debian's Chromium as the benches launch it: by default with the end-to-end tests' flags
 * (tests/playwright.config.ts), `--disable-gpu`, so the compositor works in software. A
 * low-end tablet is a slow CPU (the cases throttle it 4×) with a GPU, and neither way of
 * drawing here is that tablet: in software, every frame of the map's WebGL canvas is read
 * back on the page's main thread (a cost no tablet pays); with BENCH_GPU_COMPOSITING=1,
 * SwiftShader stands in for the GPU in Chromium's GPU process, compositing included, and the
 * page then waits on a GPU that is itself this machine's CPU (a camera frame's copy costs far
 * more than on a tablet's GPU). The figures of both are worth reading; each line says which.
 */
export const GPU_COMPOSITING = process.env.BENCH_GPU_COMPOSITING === '1';
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: GPU_COMPOSITING ? ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', ...COMMON_ARGS] : ['--disable-gpu', ...COMMON_ARGS],
};
/** What each case's JSON line says about the graphics it ran with. */
export const GRAPHICS = GPU_COMPOSITING ? 'GPU compositing on SwiftShader (BENCH_GPU_COMPOSITING=1)' : 'software compositing (--disable-gpu, as the e2e tests)';

/** web/dist over http on a free port (paths without an extension get index.html, as vite preview does). */
export async function serveDist() {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = normalize(join(DIST, path));
    if (!file.startsWith(DIST + sep)) return response.writeHead(403).end();
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      if (extname(path)) return response.writeHead(404).end();
      response.writeHead(200, { 'content-type': TYPES['.html'] }).end(await readFile(join(DIST, 'index.html')));
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

/**
 * The app built now, served from web/dist, in a new Chromium (extra `args`) and context
 * (`contextOptions`, `permissions`), on `/` with `instrument` run in the page before any
 * script. The caller closes `close()`.
 */
async function launchApp(instrument, { args = [], contextOptions = {}, permissions = [] } = {}) {
  const { execFileSync } = await import('node:child_process');
  const { createRequire } = await import('node:module');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: join(root, 'web'), stdio: 'inherit' });
  const { chromium } = createRequire(join(root, 'tests', 'package.json'))('@playwright/test');
  const server = await serveDist();
  const browser = await chromium.launch({ ...CHROMIUM, args: [...CHROMIUM.args, ...args] });
  const close = async () => {
    await browser.close();
    await server.close();
  };
  try {
    const context = await browser.newContext({ serviceWorkers: 'block', ...contextOptions });
    if (permissions.length > 0) await context.grantPermissions(permissions);
    const page = await context.newPage();
    await page.addInitScript(instrument);
    await page.goto(`${server.origin}/`);
    return { page, context, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The built app in Chromium with its built-in fake camera (permission granted) on a blank
 * workspace: `instrument` runs in the page before any script. The caller closes `close()`.
 */
export function openAppWithCamera(instrument) {
  return launchApp(instrument, { args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'], permissions: ['camera'] });
}

/**
 * Creates a survey through the workspace's 'New survey' form, as a surveyor would, and waits
 * for the capture form. Returns the survey section.
 */
export async function createSurveyInPage(page, title) {
  const section = page.getByRole('region', { name: 'Survey', exact: true });
  await section.getByRole('button', { name: 'New survey' }).click();
  const form = page.getByRole('form', { name: 'New survey' });
  await form.getByLabel('Survey title').fill(title);
  await form.getByLabel('Surveyor name').fill('Bench');
  await form.getByLabel('Client name').fill('Bench');
  await form.getByRole('button', { name: 'Create survey' }).click();
  await page.getByRole('form', { name: 'Record a measurement' }).waitFor();
  return section;
}

/**
 * The built app in Chromium with a new survey created through its form (as a surveyor
 * would): `instrument` runs in the page before any script. The caller closes `close()`.
 */
export async function openAppWithSurvey(instrument, title) {
  // The bench injects its peers (fflate, the plain writer) into the page: past the app's CSP.
  const { page, close } = await launchApp(instrument, { contextOptions: { acceptDownloads: true, bypassCSP: true } });
  try {
    const section = await createSurveyInPage(page, title);
    return { page, section, close };
  } catch (error) {
    await close();
    throw error;
  }
}
