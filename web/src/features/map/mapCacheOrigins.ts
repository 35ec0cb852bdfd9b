// Tells the service worker which origins the online map style's resources come from (the
// style itself, its TileJSON, tiles, glyphs and sprites), so it keeps them as they are viewed
// (web/src/sw/sw-template.js, "map runtime cache"). Each origin is told once per page.
const told = new Set<string>();

export function noteMapOrigin(url: string): void {
  let origin: string;
  try {
    origin = new URL(url, location.href).origin;
  } catch {
    return;
  }
  if (told.has(origin) || !/^https?:/.test(origin)) return;
  const controller = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
  if (!controller) return;
  told.add(origin);
  controller.postMessage({ type: 'MAP_ORIGINS', origins: [origin] });
}
