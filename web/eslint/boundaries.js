// The dependency rule of ARCHITECTURE.md, as ESLint configuration:
//
//   src/pages ─▶ src/features ─▶ src/core ─▶ the wasm package (src/core/pkg)
//                     └─▶ src/services (serial, geolocation, storage, firebase, speech)
//   every layer ─▶ src/model (the record types generated from the Rust core; types only)
//
// - the wasm package is imported only from src/core;
// - `firebase` / `@firebase/*` only from src/services/firebase;
// - `idb` / `idb-keyval`, and the globals indexedDB / localStorage / sessionStorage, only
//   from src/services/storage;
// - layers import only downwards (see LAYER_RULES).
//
// ESLint replaces (does not merge) a rule's options when several config objects match a
// file, so this module computes, for each folder, the complete list of restrictions that
// apply there and emits one config object per folder, most specific last.
// lint/boundaries.test.ts proves each restriction fires outside its layer and not inside.

/** Imports allowed only inside the given folders. */
const PACKAGE_RULES = [
  {
    name: 'the wasm package',
    regex: '(^|/)core/pkg(/|$)|(^|/)pkg/clearway_wasm',
    allowedIn: ['src/core/'],
    message: 'Only web/src/core imports the wasm package; use the typed functions of src/core.',
  },
  {
    name: 'Firebase',
    regex: '^(firebase|@firebase/[^/]+)(/|$)',
    allowedIn: ['src/services/firebase/'],
    message: 'Only web/src/services/firebase imports Firebase (lazy-loaded, never in the first bundle).',
  },
  {
    name: 'IndexedDB libraries',
    regex: '^(idb|idb-keyval)(/|$)',
    allowedIn: ['src/services/storage/'],
    message: 'Only web/src/services/storage touches IndexedDB.',
  },
];

/** A relative import that reaches into the folder `layer` (e.g. '../../services/x'). */
const intoLayer = (layer) => `^\\.{1,2}/(.*/)?${layer}(/|$)`;

/** Layers a folder may not import: arrows point down only. */
const LAYER_RULES = {
  'src/app/': ['core', 'services'],
  'src/pages/': ['app', 'core', 'services'],
  'src/features/': ['app', 'pages'],
  'src/core/': ['app', 'pages', 'features', 'services', 'ui'],
  'src/services/': ['app', 'pages', 'features', 'core', 'ui'],
  'src/ui/': ['app', 'pages', 'features', 'core', 'services'],
  // The record types: every layer may import them; they import nothing of the app.
  'src/model/': ['app', 'pages', 'features', 'core', 'services', 'ui'],
};

/** A file directly in src/features/<x>/ reaching into the files of a sibling feature. */
const DEEP_FEATURE_IMPORT = '^\\.\\./(?!(app|pages|core|services|ui|model)/)[^./][^/]*/';
const deepFeatureMessage = "Import another feature through its index.ts (e.g. '../gps'), never its files (ARCHITECTURE.md).";

const STORAGE_GLOBALS = ['indexedDB', 'localStorage', 'sessionStorage'];
const STORAGE_OWNER = 'src/services/storage/';
const storageMessage = 'Only web/src/services/storage touches browser storage; use its functions.';

/** The folders that get their own config object; a file takes the last one that matches. */
const SCOPES = [
  'src/',
  'src/app/',
  'src/pages/',
  'src/features/',
  'src/core/',
  'src/services/',
  'src/services/firebase/',
  'src/services/storage/',
  'src/ui/',
  'src/model/',
];

/**
 * no-restricted-imports does not see dynamic `import()`; no-restricted-syntax does.
 * esquery's regex literals end at the first '/', so slashes are written as \x2F.
 */
const dynamicImportOf = (regex, message) => ({
  selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/i]`,
  message,
});

function rulesFor(scope) {
  const patterns = [];
  const dynamicImports = [];
  for (const rule of PACKAGE_RULES) {
    if (rule.allowedIn.some((dir) => scope.startsWith(dir))) continue;
    patterns.push({ regex: rule.regex, message: rule.message });
    dynamicImports.push(dynamicImportOf(rule.regex, rule.message));
  }
  for (const [dir, layers] of Object.entries(LAYER_RULES)) {
    if (!scope.startsWith(dir)) continue;
    for (const layer of layers) {
      const message = `${dir} may not import from src/${layer} (ARCHITECTURE.md dependency rule).`;
      patterns.push({ regex: intoLayer(layer), message });
      dynamicImports.push(dynamicImportOf(intoLayer(layer), message));
    }
  }
  if (scope === 'src/features/') {
    patterns.push({ regex: DEEP_FEATURE_IMPORT, message: deepFeatureMessage });
    dynamicImports.push(dynamicImportOf(DEEP_FEATURE_IMPORT, deepFeatureMessage));
  }
  const rules = {
    'no-restricted-imports': ['error', { patterns }],
    'no-restricted-syntax': ['error', ...dynamicImports],
  };
  if (scope.startsWith(STORAGE_OWNER)) {
    // An earlier, broader scope (src/services/) restricts them; this one lifts that.
    rules['no-restricted-globals'] = 'off';
    rules['no-restricted-properties'] = 'off';
  } else {
    rules['no-restricted-globals'] = ['error', ...STORAGE_GLOBALS.map((name) => ({ name, message: storageMessage }))];
    rules['no-restricted-properties'] = [
      'error',
      ...['window', 'globalThis', 'self'].flatMap((object) =>
        STORAGE_GLOBALS.map((property) => ({ object, property, message: storageMessage })),
      ),
    ];
  }
  return rules;
}

export const boundaryConfigs = SCOPES.map((scope) => ({
  name: `clearway/boundaries ${scope}`,
  files: [`${scope}**/*.{ts,tsx,js,jsx}`],
  ignores: ['src/core/pkg/**'],
  rules: rulesFor(scope),
}));
