// Reading the field map as maplibre drew it: the map container (region 'Map') carries the
// maplibre instance as its `clearwayMap` property, and queryRenderedFeatures says what is on
// screen, layer by layer (counts, never pixels). Records are seeded straight into IndexedDB
// (the app's database 'clearway'), then the page is reloaded so the app reads them.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

export const mapRegion = (page: Page) => page.getByRole('region', { name: 'Map', exact: true });
export const mapCanvas = (page: Page) => mapRegion(page).locator('.field-map__canvas');

/** The Monaco basemap built by `scripts/ensure-tools.sh tiles` (OSM data, © OpenStreetMap contributors, ODbL). */
export const MONACO_PMTILES = fileURLToPath(new URL('../../../target/tiles/monaco.pmtiles', import.meta.url));
const MONACO_ROADS = fileURLToPath(new URL('../../../target/tiles/work/roads.geojsonl', import.meta.url));

/** The road names in the basemap's source data (what tippecanoe was given). */
export function monacoRoadNames(): Set<string> {
  if (!existsSync(MONACO_ROADS)) throw new Error('Build the basemap first: bash scripts/ensure-tools.sh tiles');
  const names = new Set<string>();
  for (const line of readFileSync(MONACO_ROADS, 'utf8').split('\n')) {
    if (!line) continue;
    const name = (JSON.parse(line) as { properties: { name?: string } }).properties.name;
    if (name) names.add(name);
  }
  return names;
}

export interface RenderedFeature {
  layer: string;
  source: string;
  properties: Record<string, unknown>;
  coordinates: unknown;
}

/** What the map renders now (optionally in these layers), once it is ready; poll it to wait for data. */
export async function rendered(page: Page, layers?: string[]): Promise<RenderedFeature[]> {
  await expect(mapCanvas(page)).toHaveAttribute('data-map-state', 'ready');
  return mapCanvas(page).evaluate((element, layers) => {
    type M = {
      getStyle(): { layers: { id: string }[] };
      queryRenderedFeatures(options?: { layers?: string[] }): { layer: { id: string }; source: string; properties: Record<string, unknown>; geometry: { coordinates: unknown } }[];
    };
    const map = (element as HTMLElement & { clearwayMap: M }).clearwayMap;
    const known = new Set(map.getStyle().layers.map((l) => l.id));
    const wanted = layers?.filter((l) => known.has(l));
    return map
      .queryRenderedFeatures(wanted ? { layers: wanted } : undefined)
      .map((f) => ({ layer: f.layer.id, source: f.source, properties: f.properties, coordinates: f.geometry.coordinates }));
  }, layers);
}

/** Where the map's camera is: its centre and zoom. */
export function mapCamera(page: Page): Promise<{ lat: number; lng: number; zoom: number }> {
  return mapCanvas(page).evaluate((element) => {
    const map = (element as HTMLElement & { clearwayMap: { getCenter(): { lat: number; lng: number }; getZoom(): number } }).clearwayMap;
    const { lat, lng } = map.getCenter();
    return { lat, lng, zoom: map.getZoom() };
  });
}

/** Moves the map to `center` ([lng, lat]) at `zoom`. */
export async function jumpTo(page: Page, center: [number, number], zoom: number): Promise<void> {
  await expect(mapCanvas(page)).toHaveAttribute('data-map-state', 'ready', { timeout: 30_000 });
  await mapCanvas(page).evaluate(
    async (element, { center, zoom }) => {
      const map = (element as HTMLElement & { clearwayMap: { once(e: string, f: () => void): void; jumpTo(o: object): void } }).clearwayMap;
      // Settled: idle, or after 5 s whatever is drawn (the caller polls what it needs).
      const idle = new Promise<void>((resolve) => {
        map.once('idle', resolve);
        setTimeout(resolve, 5_000);
      });
      map.jumpTo({ center, zoom, bearing: 0 });
      await idle;
    },
    { center, zoom },
  );
}

/** Where [lng, lat] is on the page, in CSS pixels. */
export async function pagePointOf(page: Page, at: [number, number]): Promise<{ x: number; y: number }> {
  return mapCanvas(page).evaluate((element, at) => {
    const map = (element as HTMLElement & { clearwayMap: { project(p: [number, number]): { x: number; y: number } } }).clearwayMap;
    const p = map.project(at);
    const box = element.getBoundingClientRect();
    return { x: box.left + p.x, y: box.top + p.y };
  }, at);
}

/** Puts records into a store of the app's database (as the app's own writes would leave them). */
export async function seedStore(page: Page, store: string, records: object[]): Promise<void> {
  await page.evaluate(
    async ({ store, records }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('clearway');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction(store, 'readwrite');
        for (const record of records) tx.objectStore(store).put(record);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { store, records },
  );
}
