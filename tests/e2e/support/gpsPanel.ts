// Reading the GPS panel of `/` as a surveyor would: by its labels.
import type { Page } from '@playwright/test';
import { seedLocalStorage } from './app';

export const gpsPanel = (page: Page) => page.getByRole('region', { name: 'GPS', exact: true });

/**
 * The value shown under a label of the panel ("Latitude" → "45.501700"): the definition
 * that follows the term, as a reader of the list pairs them. (Playwright gives definitions
 * no accessible name, so they cannot be found by name.)
 */
export const gpsField = (page: Page, label: string) =>
  gpsPanel(page)
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::dd[1]');

export const rawNmea = (page: Page) => gpsPanel(page).getByRole('log', { name: 'Raw NMEA' });

/** Opens `/` as a surveyor who entered the app, with the given extra flags. */
export async function openSettings(page: Page, flags: Record<string, string> = {}) {
  await seedLocalStorage(page, { app_access: 'true', ...flags });
  await page.goto('/');
  await gpsPanel(page).waitFor();
}
