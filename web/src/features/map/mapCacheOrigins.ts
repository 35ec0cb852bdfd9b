// Tells the service worker which origins the online map style's resources come from (the
// style itself, its TileJSON, tiles, glyphs and sprites), so it keeps them as they are viewed
// (web/src/sw/sw-template.js, "map runtime cache"). Each origin is told once per page.
//
// The worker answers on a MessageChannel once it knows the origin; the map waits for that
// answer (at most ACK_TIMEOUT_MS) before it fetches from the origin. Without the wait the
// first fetch could reach the worker before the message did and go uncached: the style a
// surveyor had just chosen was then missing offline.
const told = new Map<string, Promise<void>>();
/** A worker that does not answer in this time is not waited for any longer. */
export const ACK_TIMEOUT_MS = 1000;

function originOf(url: string): string | null {
  try {
    const origin = new URL(url, location.href).origin;
    return /^https?:/.test(origin) ? origin : null;
  } catch {
    return null;
  }
}

/** Tells the worker about the origins of `urls`; resolves once it has them (or after the timeout). */
export function noteMapOrigins(urls: readonly string[]): Promise<void> {
  const controller = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
  if (!controller) return Promise.resolve();
  const origins = [...new Set(urls.map(originOf).filter((o): o is string => o !== null))];
  const fresh = origins.filter((o) => !told.has(o));
  if (fresh.length > 0) {
    const acknowledged = new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      const timer = setTimeout(resolve, ACK_TIMEOUT_MS);
      channel.port1.onmessage = () => {
        clearTimeout(timer);
        channel.port1.close();
        resolve();
      };
      controller.postMessage({ type: 'MAP_ORIGINS', origins: fresh }, [channel.port2]);
    });
    for (const origin of fresh) told.set(origin, acknowledged);
  }
  const pending = origins.flatMap((o) => told.get(o) ?? []);
  return Promise.all(pending).then(() => undefined);
}

/** The URLs a version 8 style fetches from: its sources (TileJSON and tiles), glyphs and sprites. */
export function styleResourceUrls(style: {
  sources?: Record<string, { url?: unknown; tiles?: unknown }>;
  glyphs?: unknown;
  sprite?: unknown;
}): string[] {
  const urls: string[] = [];
  const add = (value: unknown) => {
    if (typeof value === 'string') urls.push(value.replace(/\{[^}]*\}/g, '0'));
  };
  for (const source of Object.values(style.sources ?? {})) {
    add(source?.url);
    if (Array.isArray(source?.tiles)) source.tiles.forEach(add);
  }
  add(style.glyphs);
  if (Array.isArray(style.sprite)) style.sprite.forEach((s: { url?: unknown }) => add(s?.url));
  else add(style.sprite);
  return urls;
}
