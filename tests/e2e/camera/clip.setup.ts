// Writes the fake camera's clip before the camera suites launch Chromium (the 'camera'
// project depends on this one; playwright.config.ts).
import { existsSync } from 'node:fs';
import { expect, test as setup } from '@playwright/test';
import { FAKE_CLIP, writeFakeClip } from '../support/fakeCamera';

setup('write the fake camera clip', () => {
  writeFakeClip();
  expect(existsSync(FAKE_CLIP)).toBe(true);
});
