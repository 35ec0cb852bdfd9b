import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { CSP_HEADER, cspPlugin } from './build/csp.ts';
import { serviceWorkerPlugin } from './build/serviceWorkerPlugin.ts';

const swTemplate = fileURLToPath(new URL('./src/sw/sw-template.js', import.meta.url));

export default defineConfig({
  plugins: [react(), serviceWorkerPlugin({ template: swTemplate }), cspPlugin()],
  // `npm start` serves the build with `vite preview`: the policy as a header too (build/csp.ts).
  preview: { headers: { 'Content-Security-Policy': CSP_HEADER } },
  // The NMEA worker (src/core/nmea.worker.ts) is an ES module: it imports the wasm package.
  worker: {
    format: 'es',
    rolldownOptions: { output: { entryFileNames: 'assets/[name]-[hash].js', chunkFileNames: 'assets/[name]-[hash].js' } },
  },
  build: {
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Predictable chunk names: one chunk per page named after its module
        // (assets/HelpPage-<hash>.js). The e2e tests abort chunks by name.
        chunkFileNames: 'assets/[name]-[hash].js',
        entryFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
  test: {
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/testing/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['lint/**/*.test.ts', 'build/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Against real services started by the tests (osrm-routed, a directions replay):
          // Node's own fetch and AbortController, not jsdom's.
          name: 'integration',
          environment: 'node',
          include: ['integration/**/*.test.ts'],
          // The first run downloads and prepares OSRM (scripts/ensure-tools.sh osrm, ~1 min).
          hookTimeout: 300_000,
          testTimeout: 60_000,
        },
      },
    ],
  },
});
