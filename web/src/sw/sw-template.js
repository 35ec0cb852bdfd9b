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
/* global CLEARWAY_CACHE_NAME, CLEARWAY_PRECACHE_URLS */

const INDEX_URL = CLEARWAY_PRECACHE_URLS.find((url) => url.endsWith('/index.html')) ?? '/index.html';
/** A navigation that gets no answer within this time is served from the cache. */
const NAVIGATION_TIMEOUT_MS = 5000;
// Precached files are content-hashed, so a match by URL is exact. Vary is ignored: servers
// send `Vary: Origin`, and a module script's request carries an Origin header that the
// precache request did not, which would otherwise make every script a cache miss offline.
const MATCH_OPTIONS = { cacheName: CLEARWAY_CACHE_NAME, ignoreVary: true };

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
            .filter((name) => name.startsWith('clearway-') && name !== CLEARWAY_CACHE_NAME)
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

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(handleNavigation(request));
  } else {
    event.respondWith(handleAsset(request));
  }
});
