// ESLint rule `clearway/no-feature-cycles`: no import cycle between features (ARCHITECTURE.md:
// one feature never reaches into another's files, and two features never depend on each
// other). For an import in src/features/A that reaches feature B, it follows B's imports (read
// from disk, tests excluded) and reports when they lead back to A, naming the cycle.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const SOURCE = /\.(ts|tsx|js|jsx)$/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** The feature a path belongs to (its first folder under src/features), or null. */
function featureOf(featuresDir, path) {
  const rel = relative(featuresDir, path);
  if (rel === '' || rel.startsWith('..')) return null;
  return rel.split(sep)[0];
}

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(name) && !/\.test\.[jt]sx?$/.test(name)) out.push(path);
  }
  return out;
}

let cache = { at: 0, dir: '', edges: new Map() };

/** feature → (feature it imports → the file that does), from disk; rebuilt once a second. */
function featureGraph(featuresDir) {
  if (cache.dir === featuresDir && Date.now() - cache.at < 1000) return cache.edges;
  const edges = new Map();
  for (const file of sourceFiles(featuresDir)) {
    const from = featureOf(featuresDir, file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = match[1];
      if (!spec.startsWith('.')) continue;
      const to = featureOf(featuresDir, resolve(dirname(file), spec));
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, relative(featuresDir, file));
    }
  }
  cache = { at: Date.now(), dir: featuresDir, edges };
  return edges;
}

/** A path of features from `start` to `goal` (both included), or null. */
function pathBetween(edges, start, goal, skipFile) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const at = queue.shift();
    if (at === goal) {
      const path = [];
      for (let f = at; f !== null; f = previous.get(f)) path.unshift(f);
      return path;
    }
    for (const [next, file] of edges.get(at) ?? []) {
      if (file === skipFile || previous.has(next)) continue;
      previous.set(next, at);
      queue.push(next);
    }
  }
  return null;
}

export const noFeatureCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids import cycles between features (src/features/*)' },
    schema: [],
    messages: { cycle: 'Import cycle between features: {{cycle}}. Move what both need into one of them, a service or src/model.' },
  },
  create(context) {
    const file = context.filename;
    const marker = `${sep}src${sep}features${sep}`;
    const at = file.lastIndexOf(marker);
    if (at < 0) return {};
    const featuresDir = file.slice(0, at + marker.length - 1);
    if (!existsSync(featuresDir)) return {};
    const own = featureOf(featuresDir, file);
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = featureOf(featuresDir, resolve(dirname(file), spec));
      if (!target || target === own) return;
      const back = pathBetween(featureGraph(featuresDir), target, own, relative(featuresDir, file));
      if (back) context.report({ node, messageId: 'cycle', data: { cycle: [own, ...back].join(' → ') } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
