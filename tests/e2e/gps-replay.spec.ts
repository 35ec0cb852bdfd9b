// Issue "GPS end to end", point 9: 'Replay an NMEA log' as a GPS source.
import { expect, test } from '@playwright/test';
import { installPausableClock, runClockUntil } from './support/clock';
import { gpsField, gpsPanel, openSettings, rawNmea } from './support/gpsPanel';
import { gpsdLogPath, lastFix, readGpsdLog, sentencesOf } from './support/nmeaCorpus';

test('a corpus log replayed as fast as possible: the panel ends on its last fix, Source serial + Replay', async ({ page }) => {
  const name = 'nmea-rtk.log';
  const log = readGpsdLog(name);
  const expected = lastFix(log);
  await openSettings(page, { gps_failsafe_enabled: 'false' });
  await page.getByRole('combobox', { name: 'Playback speed' }).selectOption({ label: 'As fast as possible' });
  await page.getByLabel('Replay an NMEA log').setInputFiles(gpsdLogPath(name));

  await expect(gpsPanel(page).getByRole('status').filter({ hasText: `Replay of ${name} finished` })).toBeVisible();
  await expect(gpsField(page, 'Latitude')).toHaveText(expected.latitude);
  await expect(gpsField(page, 'Longitude')).toHaveText(expected.longitude);
  await expect(gpsField(page, 'Fix')).toHaveText(expected.fix);
  await expect(gpsField(page, 'Source')).toHaveText(/^serial\s*Replay$/);
  await expect(gpsField(page, 'Source').getByText('Replay', { exact: true })).toBeVisible();
  await expect(rawNmea(page)).toHaveText(sentencesOf(log).slice(-20).join('\n'));
});

test('real time: paced by the log\'s own clock; Stop replay stops it', async ({ page }) => {
  // bu353s4.log: one epoch per second, 25 epochs → about 24 s at real time. The clock is
  // paused before the replay starts, so it moves only when the test moves it.
  const log = readGpsdLog('bu353s4.log');
  const pauseClock = await installPausableClock(page);
  await openSettings(page, { gps_failsafe_enabled: 'false' });
  await pauseClock();
  await page.getByLabel('Replay an NMEA log').setInputFiles(gpsdLogPath('bu353s4.log'));
  const status = gpsPanel(page).getByRole('status').filter({ hasText: 'Replaying bu353s4.log (Real time (1×))' });
  const startedWithin = await runClockUntil(page, async () => {
    await expect(status).toBeVisible({ timeout: 50 });
    await expect(rawNmea(page)).toContainText(sentencesOf(log)[0]!, { timeout: 50 });
  });
  expect(startedWithin).toBeLessThan(1_000); // so the 5 s below end in epoch 6 or 7
  await expect(rawNmea(page)).not.toContainText(sentencesOf(log).at(-1)!);

  await page.clock.runFor(5_000);
  await expect(status).toContainText(/: (1[6-9]|2\d)%/); // 5–7 of 25 epochs
  await page.getByRole('button', { name: 'Stop replay' }).click();
  await page.clock.runFor(30_000);
  await expect(status).toHaveCount(0);
  await expect(rawNmea(page)).not.toContainText(sentencesOf(log).at(-1)!);
});
