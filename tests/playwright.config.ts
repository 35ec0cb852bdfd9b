// End-to-end tests of the built app (web/dist, served by `vite preview` on port 4173, or
// $E2E_PORT so two checkouts can test at once) in Debian's Chromium. Build first:
// `npm run build -w web`.
import { defineConfig } from '@playwright/test';
import { FAKE_CAMERA_ARGS } from './e2e/support/fakeCamera';

const PORT = Number(process.env.E2E_PORT ?? 4173);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

const CHROMIUM_ARGS = [
  '--disable-gpu',
  '--disable-quic',
  '--disable-sync',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
];

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  use: {
    baseURL: BASE_URL,
    headless: true,
    // Most tests check the page itself; the service-worker suite opts back in. A worker
    // serving from its cache would also hide requests from page.route().
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: ['camera/**'] },
    // The camera suites (issue 14): Chromium's fake camera plays a clip written at test time.
    { name: 'camera-clip', testMatch: 'camera/clip.setup.ts' },
    {
      name: 'camera',
      testMatch: 'camera/*.spec.ts',
      dependencies: ['camera-clip'],
      use: { browserName: 'chromium', launchOptions: { executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...FAKE_CAMERA_ARGS] } },
    },
  ],
  webServer: {
    command: `npm run preview -w web -- --port ${PORT}`,
    cwd: '..',
    url: BASE_URL,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
