// A local database the browser threw away. Chromium deletes an origin's IndexedDB backing
// store that it judges corrupt (after a crash or a power cut) and starts an empty one; the
// survey and its measurements went with it. This test does to a real profile what Chromium
// then does: the profile's IndexedDB directory is deleted while the browser is closed. The
// app must put back what its localStorage safety copy holds (the recent measurements and
// the survey they belong to) and say so (docs/local-store.md "Safety nets").
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { seedLocalStorage } from './support/app';
import { launchProfile } from './support/killableBrowser';
import { idbMeasurements, idbSurveys, listedCount, openBlankPage, serveBlankPage } from './support/storedData';
import { createSurvey, listedRows, saveMeasurement, summaryValue } from './support/survey';

test('a database the browser discarded: the survey and its recent measurements come back from the safety copy, and the surveyor is told', async ({
  playwright,
  launchOptions,
  baseURL,
}) => {
  if (!baseURL) throw new Error('the config sets baseURL');
  const userDataDir = mkdtempSync(join(tmpdir(), 'clearway-discarded-'));
  const profile = { browserType: playwright.chromium, launchOptions, userDataDir, baseURL };
  try {
    let context = await launchProfile(profile);
    await seedLocalStorage(context, { app_access: 'true' });
    await serveBlankPage(context);
    let page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await createSurvey(page, { title: 'Discarded store', surveyor: 'Ana Surveyor', client: 'Heavy Haul Ltd' });
    for (const height of ['4.101', '4.202', '4.303']) {
      expect(await saveMeasurement(page, { height })).toContain(`(height ${height} m)`);
    }
    await expect.poll(() => listedCount(page)).toBe(4); // START + 3
    await context.close();

    // What Chromium does to a backing store it judged corrupt: gone, databases and all.
    const indexedDbDir = join(userDataDir, 'Default', 'IndexedDB');
    expect(existsSync(indexedDbDir), 'the profile keeps its databases there').toBe(true);
    rmSync(indexedDbDir, { recursive: true, force: true });

    context = await launchProfile(profile);
    await serveBlankPage(context);
    page = context.pages()[0] ?? (await context.newPage());
    await openBlankPage(page);
    expect(await idbSurveys(page), 'the database is really gone before the app opens').toEqual([]);

    await page.goto('/');
    await expect(page.getByRole('status').filter({ hasText: "5 recent records put back from this device's safety copy" })).toBeVisible();
    await expect.poll(() => listedCount(page)).toBe(4);
    await expect(summaryValue(page, 'Survey title')).toHaveText('Discarded store');
    const rows = await listedRows(page);
    for (const height of ['4.101', '4.202', '4.303']) expect(rows.some((row) => row.includes(height))).toBe(true);

    // And they are in the database again, not only on screen.
    await openBlankPage(page);
    const survey = (await idbSurveys(page)).find((s) => s.surveyTitle === 'Discarded store');
    expect(survey?.active).toBe(true);
    expect((await idbMeasurements(page, survey?.id ?? '')).map((m) => m.rel).sort()).toEqual([0, 4.101, 4.202, 4.303]);
    await context.close();
  } finally {
    rmSync(userDataDir, { recursive: true, force: true });
  }
});
