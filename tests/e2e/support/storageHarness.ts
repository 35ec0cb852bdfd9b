// Drives the app's storage service in a real browser without UI. The service's source
// (web/src/services/storage) is bundled here, at test time, into one script that sets
// `window.__clearwayStorage`, and is injected into a blank page of the app's origin —
// so it shares the app's IndexedDB and localStorage, while nothing test-only ever ships
// in web/dist (docs/local-store.md, "Tests").
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { build, type Rolldown } from 'vite';
import type * as StorageApi from '../../../web/src/services/storage/index';

declare global {
  interface Window {
    __clearwayStorage: typeof StorageApi;
  }
}

const WEB = fileURLToPath(new URL('../../../web', import.meta.url));
let bundle: Promise<string> | null = null;

/** The storage service as an IIFE script (built once per worker, ~0.2 s). */
export function storageBundle(): Promise<string> {
  bundle ??= (async () => {
    const result = await build({
      configFile: false,
      logLevel: 'silent',
      root: WEB,
      build: {
        write: false,
        emptyOutDir: false,
        minify: false,
        lib: { entry: 'src/services/storage/index.ts', formats: ['iife'], name: '__clearwayStorage', fileName: 'storage' },
      },
    });
    const output = (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
    const chunk = output.output.find((file) => file.type === 'chunk');
    if (!chunk || chunk.type !== 'chunk') throw new Error('the storage bundle has no chunk');
    return chunk.code;
  })();
  return bundle;
}

export const HARNESS_PATH = '/__storage-harness';

/** A blank page on the app's origin (no app code), with the storage service loaded. */
export async function openHarness(page: Page, origin?: string): Promise<void> {
  await page.route(`**${HARNESS_PATH}`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Storage harness</title><p>harness</p>' }),
  );
  await page.goto(origin ? origin + HARNESS_PATH : HARNESS_PATH);
  await page.addScriptTag({ content: await storageBundle() });
}
