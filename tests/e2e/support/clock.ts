// Playwright's fake clock flows with real time until paused. A test that bounds a delay from
// above (stale after 10 s, not before) pauses the clock before the thing it times starts, then
// moves it only by hand: the check then holds however slow the machine is. While paused,
// timers and animation frames (the panels draw on frames) fire only when the clock is moved.
import { expect, type Page } from '@playwright/test';

/** Installs the fake clock and returns a function that pauses it. */
export async function installPausableClock(page: Page): Promise<() => Promise<void>> {
  const installedAt = Date.parse('2026-01-01T00:00:00Z');
  await page.clock.install({ time: installedAt });
  return async () => {
    // Ahead of anything the page reached in real time since the install.
    const pausedAt = Math.max(installedAt + 10 * 60_000, (await page.evaluate(() => Date.now())) + 1_000);
    await page.clock.pauseAt(pausedAt);
  };
}

/**
 * Moves the paused clock a frame (20 ms) at a time until `check` passes; returns how far the
 * clock moved, so a test can state what that adds to the delay it bounds.
 */
export async function runClockUntil(page: Page, check: () => Promise<void>): Promise<number> {
  const from = await page.evaluate(() => Date.now());
  await expect(async () => {
    await page.clock.runFor(20);
    await check();
  }).toPass({ intervals: [0], timeout: 7_000 });
  return (await page.evaluate(() => Date.now())) - from;
}
