// A real OSRM for the end-to-end suites (issue 12 point 10): osrm-routed from the PyPI
// osrm-bindings wheel on the Monaco road graph, prepared by `scripts/ensure-tools.sh osrm`.
// The starting and stopping is the one the vitest integration uses
// (web/integration/support/osrm.ts); here it becomes a Playwright fixture, `osrm`, started
// before each test that asks for it and stopped after, and a helper that points the app's
// 'OSRM service URL' setting at a server.
import { test as base, expect, type Page } from '@playwright/test';
import { startOsrm, type OsrmServer } from '../../../web/integration/support/osrm';

export type { OsrmServer };

/** Tests that get a running osrm-routed as `osrm` (stopped when the test ends). */
export const test = base.extend<{ osrm: OsrmServer }>({
  // eslint-disable-next-line no-empty-pattern
  osrm: async ({}, use) => {
    const server = await startOsrm();
    try {
      await use(server);
    } finally {
      await server.stop();
    }
  },
});

/** Sets the 'OSRM service URL' setting in the workspace's settings, as a surveyor would. */
export async function setOsrmUrl(page: Page, url: string): Promise<void> {
  const field = page.getByRole('textbox', { name: 'OSRM service URL' });
  await field.fill(url);
  await expect(page.getByRole('status').filter({ hasText: 'Map settings saved.' })).toBeVisible();
  await expect(field).toHaveValue(url);
}
