// The Firestore security-rules matrix (firebase/firestore.rules) against the real emulator:
// `npx vitest run --config rules/vitest.config.ts` from tests/ (scripts/test.mjs runs it).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./globalSetup.ts'],
    // One emulator, one database: the cases run one after another.
    fileParallelism: false,
    hookTimeout: 120_000,
    testTimeout: 20_000,
  },
});
