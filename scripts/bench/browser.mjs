// The built app in Debian's Chromium, for the browser benchmark cases.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { root } from '../lib.mjs';

export const DIST = join(root, 'web', 'dist');
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
};

/** The same Chromium and flags as tests/playwright.config.ts. */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--disable-gpu', '--disable-quic', '--disable-sync', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
};

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
