// Helpers shared by the e2e suites. Expected values come from SPEC.md §2 or from the
// Rust workspace (Cargo.toml), never from the web code under test.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';

export const OFFLINE_TEXT = 'You are currently offline. Some features may be limited.';
export const RESTORED_TEXT = 'Connection restored. You are back online!';
export const OFFLINE_READY_TITLE = 'App is ready to work offline!';
export const OFFLINE_READY_DESCRIPTION = 'All resources have been cached for offline use.';
export const UPDATE_PROMPT = 'New version available! Reload to update?';

/** A Pixel 7 running Chrome: what a surveyor's phone reports. */
export const MOBILE = {
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
  viewport: { width: 412, height: 839 },
  isMobile: true,
  hasTouch: true,
};

/** The version of the Rust workspace, which the wasm core reports. */
export function cargoWorkspaceVersion(): string {
  const cargo = readFileSync(fileURLToPath(new URL('../../../Cargo.toml', import.meta.url)), 'utf8');
  const workspacePackage = cargo.slice(cargo.indexOf('[workspace.package]'));
  const match = /^version\s*=\s*"([^"]+)"/m.exec(workspacePackage);
  if (!match?.[1]) throw new Error('no [workspace.package] version in Cargo.toml');
  return match[1];
}

/** The line that proves the WebAssembly core loaded and answered. */
export const coreVersionLine = () => `Core ${cargoWorkspaceVersion()} (WebAssembly)`;

/** Sets localStorage flags before any page script runs, on every page load. */
export async function seedLocalStorage(target: Page | BrowserContext, flags: Record<string, string>) {
  await target.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, flags);
}

export async function readLocalStorage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

/** The hue (0–360°) of a CSS `rgb(...)` / `rgba(...)` colour. */
export function hueOf(cssColor: string): number {
  const [r, g, b] = (cssColor.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => Number(v) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const delta = max - Math.min(r, g, b);
  if (delta === 0) return 0;
  let hue: number;
  if (max === r) hue = ((g - b) / delta) % 6;
  else if (max === g) hue = (b - r) / delta + 2;
  else hue = (r - g) / delta + 4;
  return (hue * 60 + 360) % 360;
}

/** The y position of the page's main content. */
export async function mainTop(page: Page): Promise<number> {
  const box = await page.locator('main').boundingBox();
  if (!box) throw new Error('main is not visible');
  return box.y;
}
