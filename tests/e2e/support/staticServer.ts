// A minimal static server for web/dist, started by a test on a free port, whose /sw.js can
// be changed mid-test: the way to publish "a new version" to a browser that already has
// the app installed. (The browser fetches the worker script itself, outside the page, so
// page.route() cannot stand in for a new deploy.) Like `vite preview`, it answers paths
// without an extension with index.html.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
};

export interface DistServer {
  origin: string;
  /** From now on, /sw.js is served through `transform`. */
  publishServiceWorker(transform: (source: string) => string): void;
  close(): Promise<void>;
}

export async function serveDist(): Promise<DistServer> {
  let transformSw: ((source: string) => string) | null = null;
  const server = createServer((request, response) => {
    void (async () => {
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
      const file = normalize(join(DIST, path));
      if (!file.startsWith(DIST + sep)) {
        response.writeHead(403).end();
        return;
      }
      try {
        let body: Buffer | string = await readFile(file);
        if (path === '/sw.js' && transformSw) body = transformSw(body.toString('utf8'));
        response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
        response.end(body);
      } catch {
        if (extname(path) === '') {
          response.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-cache' });
          response.end(await readFile(join(DIST, 'index.html')));
        } else {
          response.writeHead(404).end();
        }
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    publishServiceWorker(transform) {
      transformSw = transform;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
