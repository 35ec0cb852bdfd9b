// A replay of the maps directions service on 127.0.0.1, for the routing tests: it answers
// every GET with what the test set (`answer`): a synthesised JSON body with an HTTP status,
// an HTTP 500 with a non-JSON page, or no answer at all (a hang, past the 15 s limit). It
// records each request's URL so tests can check the query the app sent.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReplayAnswer =
  | { kind: 'json'; status: number; body: unknown }
  | { kind: 'http-500' }
  | { kind: 'hang' };

export interface DirectionsReplay {
  /** The base URL, e.g. http://127.0.0.1:40111/maps/api/directions/json (the setting's value). */
  url: string;
  /** What the next requests get. */
  answer: ReplayAnswer;
  /** Every request received, in order. */
  requests: URL[];
  /** Resolves when the request count reaches `count`. */
  received(count: number): Promise<void>;
  close(): Promise<void>;
}

const PATH = '/maps/api/directions/json';

export async function startDirectionsReplay(): Promise<DirectionsReplay> {
  const hanging = new Set<ServerResponse>();
  const waiters: { count: number; resolve: () => void }[] = [];
  const replay: Omit<DirectionsReplay, 'url' | 'close'> = {
    answer: { kind: 'http-500' },
    requests: [],
    received(count) {
      if (replay.requests.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    replay.requests.push(url);
    for (const waiter of waiters.splice(0)) {
      if (replay.requests.length >= waiter.count) waiter.resolve();
      else waiters.push(waiter);
    }
    // The test's page and Node's fetch are cross-origin to this server, like a real proxy.
    response.setHeader('Access-Control-Allow-Origin', '*');
    const answer = replay.answer;
    if (request.method !== 'GET' || url.pathname !== PATH) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    } else if (answer.kind === 'json') {
      response.writeHead(answer.status, { 'Content-Type': 'application/json; charset=UTF-8' }).end(JSON.stringify(answer.body));
    } else if (answer.kind === 'http-500') {
      response.writeHead(500, { 'Content-Type': 'text/html' }).end('<html><body>Internal Server Error</body></html>');
    } else {
      hanging.add(response); // never answered; closed with the server
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(replay, {
    url: `http://127.0.0.1:${port}${PATH}`,
    async close() {
      for (const response of hanging) response.destroy();
      hanging.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
