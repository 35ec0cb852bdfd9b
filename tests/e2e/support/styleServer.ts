// An online map style server on 127.0.0.1 (its own port, so its own origin, as a real tile
// provider would be): a version 8 style JSON with the Protomaps light layers and XYZ vector
// tiles read from the Monaco PMTiles archive the tests build, plus /partial.bin, which answers
// every Range request with a 206. It counts the requests it served and can be stopped to
// play "no signal".
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { layers, namedFlavor } from '@protomaps/basemaps';
import { FileSource, PMTiles } from 'pmtiles';

export interface StyleServer {
  origin: string;
  styleUrl: string;
  /** Paths served so far (tiles, style...), in order. */
  served: string[];
  close(): Promise<void>;
}

export async function serveStyle(pmtilesPath: string): Promise<StyleServer> {
  const archive = new PMTiles(new FileSource(new File([readFileSync(pmtilesPath)], 'monaco.pmtiles')));
  const served: string[] = [];
  let origin = '';
  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      served.push(path);
      const cors = { 'Access-Control-Allow-Origin': '*' };
      if (path === '/style.json') {
        const style = {
          version: 8,
          sources: { protomaps: { type: 'vector', tiles: [`${origin}/tiles/{z}/{x}/{y}.mvt`], minzoom: 12, maxzoom: 15, attribution: '© OpenStreetMap contributors' } },
          layers: layers('protomaps', namedFlavor('light')),
        };
        response.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end(JSON.stringify(style));
        return;
      }
      const tile = /^\/tiles\/(\d+)\/(\d+)\/(\d+)\.mvt$/.exec(path);
      if (tile) {
        const found = await archive.getZxy(Number(tile[1]), Number(tile[2]), Number(tile[3]));
        if (!found) {
          response.writeHead(204, cors).end();
          return;
        }
        response.writeHead(200, { ...cors, 'Content-Type': 'application/vnd.mapbox-vector-tile' }).end(Buffer.from(found.data));
        return;
      }
      if (path === '/partial.bin') {
        const body = Buffer.from('0123456789abcdef');
        if (request.headers.range) {
          response.writeHead(206, { ...cors, 'Access-Control-Expose-Headers': 'Content-Range', 'Content-Range': `bytes 0-3/${body.length}` }).end(body.subarray(0, 4));
        } else {
          response.writeHead(200, cors).end(body);
        }
        return;
      }
      if (request.method === 'OPTIONS') {
        response.writeHead(204, { ...cors, 'Access-Control-Allow-Headers': '*' }).end();
        return;
      }
      response.writeHead(404, cors).end();
    })().catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    styleUrl: `${origin}/style.json`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
