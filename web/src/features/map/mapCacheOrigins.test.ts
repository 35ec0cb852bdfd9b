// The map tells the service worker its style's origins and waits for the worker's answer
// before fetching, so the first fetch is kept (CI once saw the style go uncached).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACK_TIMEOUT_MS, noteMapOrigins, styleResourceUrls } from './mapCacheOrigins';

type Sent = { data: { type: string; origins: string[] }; port: MessagePort };

function fakeWorker(): Sent[] {
  const sent: Sent[] = [];
  const controller = { postMessage: (data: Sent['data'], [port]: [MessagePort]) => sent.push({ data, port }) };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller } });
  return sent;
}

const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => (done = true));
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
};

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.useRealTimers();
});

describe('noteMapOrigins', () => {
  it('resolves only once the worker has answered, and tells each origin once', async () => {
    const sent = fakeWorker();
    const first = noteMapOrigins(['https://tiles.example.org/style.json', 'https://tiles.example.org/a.pbf', 'data:,x']);
    expect(sent.map((s) => s.data)).toEqual([{ type: 'MAP_ORIGINS', origins: ['https://tiles.example.org'] }]);
    expect(await settled(first)).toBe(false);
    // Asked again before the answer: nothing new is sent, and it waits for the same answer.
    const again = noteMapOrigins(['https://tiles.example.org/b.pbf']);
    expect(sent).toHaveLength(1);
    sent[0]?.port.postMessage({ type: 'MAP_ORIGINS_KNOWN' });
    await first;
    await again;
    // Another origin is a new message.
    const other = noteMapOrigins(['https://glyphs.example.net/{fontstack}/{range}.pbf']);
    expect(sent[1]?.data.origins).toEqual(['https://glyphs.example.net']);
    sent[1]?.port.postMessage({ type: 'MAP_ORIGINS_KNOWN' });
    await other;
  });

  it('does not wait for a worker that never answers longer than the timeout', async () => {
    vi.useFakeTimers();
    fakeWorker();
    const silent = noteMapOrigins(['https://silent.example.com/style.json']);
    expect(await settled(silent)).toBe(false);
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS);
    expect(await settled(silent)).toBe(true);
  });

  it('resolves at once with no worker in control', async () => {
    expect(await settled(noteMapOrigins(['https://nowhere.example.com/style.json']))).toBe(true);
  });
});

describe('styleResourceUrls', () => {
  it('lists the sources, tiles, glyphs and sprites of a style', () => {
    const urls = styleResourceUrls({
      sources: {
        a: { url: 'https://tilejson.example.org/a.json' },
        b: { tiles: ['https://t1.example.org/{z}/{x}/{y}.mvt'] },
        c: {},
      },
      glyphs: 'https://fonts.example.org/{fontstack}/{range}.pbf',
      sprite: [{ url: 'https://sprites.example.org/light' }],
    });
    expect(urls.map((u) => new URL(u).origin)).toEqual([
      'https://tilejson.example.org',
      'https://t1.example.org',
      'https://fonts.example.org',
      'https://sprites.example.org',
    ]);
    expect(styleResourceUrls({ sprite: 'https://s.example.org/sprite' })).toEqual(['https://s.example.org/sprite']);
  });
});
