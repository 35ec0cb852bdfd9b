// Proves the layer rules of eslint/boundaries.js with the project's real ESLint config:
// each restricted import or global is reported outside its layer and allowed inside it.
// Removing or weakening a rule makes the "reported" cases fail.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: webRoot });

// The first lint loads the parser and the config (seconds on a busy machine): done once here.
beforeAll(() => eslint.lintText('export {};\n', { filePath: `${webRoot}/src/features/warm-up.ts` }), 120_000);

/** The boundary rules that fire on `code` as if it were the file at `path` (under web/). */
async function boundaryViolations(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${webRoot}/${path}` });
  if (!result) throw new Error('ESLint returned no result');
  const fatal = result.messages.filter((m) => m.fatal || m.ruleId === null);
  if (fatal.length > 0) throw new Error(`Not linted: ${fatal.map((m) => m.message).join('; ')}`);
  return result.messages
    .map((m) => m.ruleId ?? '')
    .filter((id) => id.startsWith('no-restricted-'));
}

interface Case {
  what: string;
  code: string;
  rule: string;
  outside: string[];
  inside: string[];
}

const CASES: Case[] = [
  {
    what: 'a static import of the wasm package',
    code: "import init from '../../core/pkg/clearway_wasm.js';\nexport { init };\n",
    rule: 'no-restricted-imports',
    outside: ['src/features/gps/useCore.ts', 'src/pages/SomePage.tsx', 'src/services/serial/port.ts'],
    inside: [],
  },
  {
    what: 'a static import of the wasm package from core',
    code: "import init from './pkg/clearway_wasm.js';\nexport { init };\n",
    rule: 'no-restricted-imports',
    outside: ['src/features/gps/useCore.ts', 'src/app/App.tsx'],
    inside: ['src/core/index.ts', 'src/core/worker.ts'],
  },
  {
    what: 'a dynamic import of the wasm package',
    code: "export const load = () => import('./pkg/clearway_wasm.js');\n",
    rule: 'no-restricted-syntax',
    outside: ['src/features/export/load.ts', 'src/ui/Thing.tsx'],
    inside: ['src/core/index.ts'],
  },
  {
    what: 'a static import of firebase',
    code: "import { initializeApp } from 'firebase/app';\nexport { initializeApp };\n",
    rule: 'no-restricted-imports',
    outside: ['src/features/cloud/sync.ts', 'src/core/cloud.ts', 'src/services/storage/db.ts'],
    inside: ['src/services/firebase/app.ts'],
  },
  {
    what: 'a dynamic import of firebase',
    code: "export const load = () => import('firebase/firestore');\n",
    rule: 'no-restricted-syntax',
    outside: ['src/features/cloud/sync.ts', 'src/app/Shell.tsx'],
    inside: ['src/services/firebase/firestore.ts'],
  },
  {
    what: 'an import of idb-keyval',
    code: "import { get } from 'idb-keyval';\nexport { get };\n",
    rule: 'no-restricted-imports',
    outside: ['src/features/survey/store.ts', 'src/services/firebase/cache.ts'],
    inside: ['src/services/storage/keyval.ts'],
  },
  {
    what: 'an import of idb',
    code: "import { openDB } from 'idb';\nexport { openDB };\n",
    rule: 'no-restricted-imports',
    outside: ['src/features/survey/store.ts'],
    inside: ['src/services/storage/db.ts'],
  },
  {
    what: 'the indexedDB global',
    code: "export const request = indexedDB.open('clearway');\n",
    rule: 'no-restricted-globals',
    outside: ['src/features/survey/store.ts', 'src/pages/SomePage.tsx'],
    inside: ['src/services/storage/db.ts'],
  },
  {
    what: 'window.indexedDB',
    code: "export const request = window.indexedDB.open('clearway');\n",
    rule: 'no-restricted-properties',
    outside: ['src/features/survey/store.ts', 'src/core/index.ts'],
    inside: ['src/services/storage/db.ts'],
  },
  {
    what: 'window.localStorage',
    code: "export const flag = window.localStorage.getItem('app_access');\n",
    rule: 'no-restricted-properties',
    outside: ['src/features/access/appAccess.ts', 'src/main.tsx'],
    inside: ['src/services/storage/localFlags.ts'],
  },
  {
    what: 'pages importing a service directly',
    code: "import { readFlag } from '../services/storage/localFlags';\nexport { readFlag };\n",
    rule: 'no-restricted-imports',
    outside: ['src/pages/SomePage.tsx'],
    inside: ['src/features/thing.ts'],
  },
  {
    what: 'pages importing the core directly',
    code: "import { coreVersion } from '../core';\nexport { coreVersion };\n",
    rule: 'no-restricted-imports',
    outside: ['src/pages/SomePage.tsx', 'src/app/App.tsx'],
    inside: ['src/features/thing.ts'],
  },
  {
    what: 'a feature importing a page',
    code: "import HelpPage from '../../pages/HelpPage';\nexport { HelpPage };\n",
    rule: 'no-restricted-imports',
    outside: ['src/features/help/links.ts'],
    inside: ['src/app/routes/x.tsx'],
  },
  {
    what: 'the core or a service importing a feature',
    code: "import { thing } from '../features/thing';\nexport { thing };\n",
    rule: 'no-restricted-imports',
    outside: ['src/core/index.ts', 'src/services/gps.ts', 'src/ui/Banner.tsx'],
    inside: ['src/pages/SomePage.tsx', 'src/app/Shell.tsx'],
  },
  {
    what: "a feature reaching into another feature's files",
    code: "import { useGps } from '../gps/useGps';\nexport { useGps };\n",
    rule: 'no-restricted-imports',
    outside: ['src/features/survey/CaptureForm.tsx', 'src/features/export/x.ts'],
    // Through the feature's index.ts it is fine, and a page may compose features.
    inside: [],
  },
  ...['app', 'pages', 'features', 'core', 'services', 'ui'].map((layer) => ({
    what: `the model importing src/${layer}`,
    code: `import { thing } from '../${layer}/thing';\nexport { thing };\n`,
    rule: 'no-restricted-imports',
    outside: ['src/model/index.ts'],
    inside: [],
  })),
  {
    what: 'the model imported by any layer',
    code: "import type { Measurement } from '../model';\nexport type { Measurement };\n",
    rule: 'no-restricted-imports',
    outside: [],
    inside: ['src/app/Shell.tsx', 'src/pages/SomePage.tsx', 'src/features/thing.ts', 'src/core/exporter.ts', 'src/services/db.ts', 'src/ui/Banner.tsx', 'src/model/index.ts'],
  },
];

describe('layer boundaries (eslint/boundaries.js)', () => {
  for (const c of CASES) {
    describe(c.what, () => {
      for (const path of c.outside) {
        it(`is reported in ${path}`, async () => {
          expect(await boundaryViolations(path, c.code)).toContain(c.rule);
        });
      }
      for (const path of c.inside) {
        it(`is allowed in ${path}`, async () => {
          expect(await boundaryViolations(path, c.code)).toEqual([]);
        });
      }
    });
  }
});

describe('features import each other through their index.ts, never in a cycle (eslint/featureCycles.js)', () => {
  const rulesAt = async (path: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: `${webRoot}/${path}` });
    return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
  };

  it('an import through the index is allowed', async () => {
    expect(await rulesAt('src/features/survey/Thing.tsx', "import { useGps } from '../gps';\nexport { useGps };\n")).toEqual([]);
  });

  it('an import that closes a cycle is reported with the cycle named (the survey feature already uses settings)', async () => {
    const messages = await rulesAt('src/features/settings/Thing.tsx', "import { useSurvey } from '../survey';\nexport { useSurvey };\n");
    expect(messages).toEqual([expect.stringMatching(/^clearway\/no-feature-cycles: Import cycle between features: settings → survey → settings/)]);
  });

  it('a dynamic import that closes a cycle is reported too', async () => {
    const messages = await rulesAt('src/features/export/Later.ts', "export const later = () => import('../survey');\n");
    expect(messages.some((m) => m.startsWith('clearway/no-feature-cycles: Import cycle between features: export → survey → export'))).toBe(true);
  });
});
