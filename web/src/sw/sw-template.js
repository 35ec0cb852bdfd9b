// Clearway service worker (template). The build (web/build/serviceWorkerPlugin.ts) prepends
// CLEARWAY_CACHE_NAME (a hash of every built file) and CLEARWAY_PRECACHE_URLS (every built
// file: index.html, JS/CSS chunks, the core's .wasm, manifest, icons) and writes /sw.js.
//
// - install: precache every URL (bypassing the HTTP cache). The new worker then waits;
//   the page asks the surveyor before it takes over (message {type: 'SKIP_WAITING'}).
// - activate: delete every other Clearway cache, then take control of open pages.
// - fetch: navigations go to the network first and fall back to the cached index.html,
//   so the single-page app reloads offline on any route; other same-origin GETs are
//   served from the cache first.
// - map runtime cache (issue 12 point 3): GETs to the origins the map says its online style
//   uses (message {type: 'MAP_ORIGINS', origins}) are kept as they are viewed, in
//   MAP_CACHE_NAME, which outlives app updates: style and TileJSON (.json) network first
//   with the cache as fallback, tiles, glyphs and sprites cache first. Only whole 200
//   answers are kept (never a 206 or a Range request, never `cache: 'no-store'` fetches
//   such as the offline map download); at most MAP_CACHE_MAX_ENTRIES, oldest dropped first;
//   entries older than MAP_CACHE_MAX_AGE_MS are fetched again when online, used when not.
/* global CLEARWAY_CACHE_NAME, CLEARWAY_PRECACHE_URLS */

const INDEX_URL = CLEARWAY_PRECACHE_URLS.find((url) => url.endsWith('/index.html')) ?? '/index.html';
/** A navigation that gets no answer within this time is served from the cache. */
const NAVIGATION_TIMEOUT_MS = 5000;
// Precached files are content-hashed, so a match by URL is exact. Vary is ignored: servers
// send `Vary: Origin`, and a module script's request carries an Origin header that the
// precache request did not, which would otherwise make every script a cache miss offline.
const MATCH_OPTIONS = { cacheName: CLEARWAY_CACHE_NAME, ignoreVary: true };

const MAP_CACHE_NAME = 'clearway-map-runtime';
const MAP_CACHE_MAX_ENTRIES = 3000;
const MAP_CACHE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Where the map's origins are kept across worker restarts (inside the map cache). */
const MAP_ORIGINS_KEY = '/__clearway-map-origins';
const CACHED_AT_HEADER = 'x-clearway-cached-at';
/** Origins of the online map style's resources; read back from the cache when the worker starts. */
const mapOrigins = new Set();
const mapOriginsLoaded = caches
  .match(MAP_ORIGINS_KEY, { cacheName: MAP_CACHE_NAME })
  .then((response) => (response ? response.json() : []))
  .then((origins) => origins.forEach((o) => mapOrigins.add(o)))
  .catch(() => undefined);

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CLEARWAY_CACHE_NAME)
      .then((cache) => cache.addAll(CLEARWAY_PRECACHE_URLS.map((url) => new Request(url, { cache: 'reload' })))),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('clearway-') && name !== CLEARWAY_CACHE_NAME && name !== MAP_CACHE_NAME)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') {
    self.skipWaiting();
  }
  if (event.data && event.data.type === 'MAP_ORIGINS' && Array.isArray(event.data.origins)) {
    // The page waits for the answer on its port before it fetches from these origins, so
    // the first fetch is already kept (web/src/features/map/mapCacheOrigins.ts).
    const before = mapOrigins.size;
    for (const origin of event.data.origins) if (typeof origin === 'string' && /^https?:\/\/[^/]+$/.test(origin)) mapOrigins.add(origin);
    event.ports[0]?.postMessage({ type: 'MAP_ORIGINS_KNOWN' });
    if (mapOrigins.size !== before) {
      event.waitUntil(
        caches.open(MAP_CACHE_NAME).then((cache) => cache.put(MAP_ORIGINS_KEY, new Response(JSON.stringify([...mapOrigins])))),
      );
    }
  }
});

/** Network first with a timeout; the cached index.html when the network fails. */
async function handleNavigation(request) {
  const network = fetch(request);
  const timeout = new Promise((resolve) => setTimeout(resolve, NAVIGATION_TIMEOUT_MS, null));
  try {
    const response = await Promise.race([network, timeout]);
    if (response) return response;
  } catch {
    // offline or the server is unreachable: fall through to the cache
  }
  const cached = await caches.match(INDEX_URL, MATCH_OPTIONS);
  return cached ?? network;
}

/** Cache first; the network for anything the build did not list. */
async function handleAsset(request) {
  const cached = await caches.match(request, MATCH_OPTIONS);
  return cached ?? fetch(request);
}

/** A whole, successful answer: the only kind the map cache keeps. */
const keepable = (response) => response.status === 200 && response.type !== 'opaque';

/** Keeps a copy stamped with the time, then drops the oldest entries past the cap. */
async function keep(request, response) {
  const cache = await caches.open(MAP_CACHE_NAME);
  const headers = new Headers(response.headers);
  headers.set(CACHED_AT_HEADER, String(Date.now()));
  const body = await response.blob();
  await cache.put(request, new Response(body, { status: response.status, statusText: response.statusText, headers }));
  const keys = (await cache.keys()).filter((k) => new URL(k.url).pathname !== MAP_ORIGINS_KEY);
  for (const old of keys.slice(0, Math.max(0, keys.length - MAP_CACHE_MAX_ENTRIES))) await cache.delete(old);
}

async function fetchAndKeep(request) {
  const response = await fetch(request);
  if (keepable(response)) await keep(request, response.clone()).catch(() => undefined);
  return response;
}

const fresh = (response) => Date.now() - Number(response.headers.get(CACHED_AT_HEADER) ?? 0) < MAP_CACHE_MAX_AGE_MS;

/** The map's online resources: style JSON network first, the rest cache first; stale beats nothing offline. */
async function handleMapResource(request) {
  const cached = await caches.match(request, { cacheName: MAP_CACHE_NAME });
  const isJson = new URL(request.url).pathname.endsWith('.json');
  if (cached && !isJson && fresh(cached)) return cached;
  try {
    return await fetchAndKeep(request);
  } catch (error) {
    if (cached) return cached;
    throw error;
  }
}

const isMapRequest = (request, url) =>
  mapOrigins.has(url.origin) && !request.headers.has('range') && request.cache !== 'no-store' && request.mode !== 'navigate';

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !CLEARWAY_PRECACHE_URLS.includes(url.pathname)) {
    if (isMapRequest(request, url)) {
      event.respondWith(mapOriginsLoaded.then(() => handleMapResource(request)));
      return;
    }
  }
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(handleNavigation(request));
  } else {
    event.respondWith(handleAsset(request));
  }
});
