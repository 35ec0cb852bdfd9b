import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundaryConfigs } from './eslint/boundaries.js';
import { noFeatureCycles } from './eslint/featureCycles.js';

export default defineConfig(
  { ignores: ['dist/', 'coverage/', 'src/core/pkg/'] },
  js.configs.recommended,
  tseslint.configs.strict,
  {
    name: 'clearway/browser',
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    name: 'clearway/service-worker',
    files: ['src/sw/**/*.js'],
    languageOptions: { sourceType: 'script', globals: globals.serviceworker },
  },
  {
    name: 'clearway/node',
    files: ['*.{js,ts}', 'build/**/*.ts', 'eslint/**/*.js', 'lint/**/*.ts', 'integration/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    name: 'clearway/typescript',
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  boundaryConfigs,
  {
    name: 'clearway/feature-cycles',
    files: ['src/features/**/*.{ts,tsx}'],
    ignores: ['src/features/**/*.test.{ts,tsx}'],
    plugins: { clearway: { rules: { 'no-feature-cycles': noFeatureCycles } } },
    rules: { 'clearway/no-feature-cycles': 'error' },
  },
  {
    name: 'clearway/tests',
    // Tests arrange what the browser would hold (localStorage flags) directly.
    files: ['src/**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off' },
  },
);
