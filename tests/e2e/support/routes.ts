// Driving the route planner of `/` as a surveyor would: by tab, label and button names.
import { expect, type Page } from '@playwright/test';
import { seedLocalStorage } from './app';
import { createSurvey } from './survey';

export const planner = (page: Page) => page.getByRole('region', { name: 'Routes', exact: true });
export const routeForm = (page: Page) => planner(page).getByRole('form');
/** A toast by its title: a status, or an alert for a failure (destructive). */
export const toastWith = (page: Page, title: string) => page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: title });

/** The waypoints' values, in the order shown. */
export const waypointValues = (page: Page) =>
  routeForm(page)
    .getByLabel(/^Waypoint \d+$/)
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

/** Opens `/` with a new active survey and the Routes tab chosen. */
export async function openPlanner(page: Page): Promise<void> {
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation({ latitude: 43.7311, longitude: 7.4197, accuracy: 10 });
  await seedLocalStorage(page, { app_access: 'true' });
  await page.goto('/');
  await createSurvey(page, { title: 'Monaco run', surveyor: 'Ana', client: 'Port authority' });
  await page.getByRole('tab', { name: 'Routes' }).click();
  await expect(planner(page)).toBeVisible();
}

export interface RouteInput {
  name?: string;
  origin?: string;
  waypoints?: string[];
  destination?: string;
}

export async function fillRoute(page: Page, route: RouteInput): Promise<void> {
  const form = routeForm(page);
  if (route.name !== undefined) await form.getByLabel('Name', { exact: true }).fill(route.name);
  if (route.origin !== undefined) await form.getByLabel('Origin', { exact: true }).fill(route.origin);
  for (const [i, text] of (route.waypoints ?? []).entries()) {
    await form.getByRole('button', { name: 'Add waypoint' }).click();
    await form.getByLabel(`Waypoint ${i + 1}`, { exact: true }).fill(text);
  }
  if (route.destination !== undefined) await form.getByLabel('Destination', { exact: true }).fill(route.destination);
}
