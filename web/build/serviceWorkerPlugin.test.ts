import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles, renderServiceWorker, type BuiltFile } from './serviceWorkerPlugin';

const TEMPLATE = "self.addEventListener('install', () => {});\n";

const files: BuiltFile[] = [
  { fileName: 'index.html', content: '<!doctype html>' },
  { fileName: 'assets/index-abc.js', content: 'console.log(1)' },
  { fileName: 'assets/HelpPage-def.js', content: 'export default 1' },
  { fileName: 'assets/clearway_wasm_bg-123.wasm', content: new Uint8Array([0, 97, 115, 109]) },
  { fileName: 'assets/index-abc.js.map', content: '{}' },
  { fileName: 'manifest.webmanifest', content: '{}' },
];

/** Runs the generated prelude and returns the two constants it defines. */
function constantsOf(source: string): { cacheName: string; urls: string[] } {
  const prelude = source.slice(0, source.indexOf(TEMPLATE));
  return new Function(`${prelude}; return { cacheName: CLEARWAY_CACHE_NAME, urls: CLEARWAY_PRECACHE_URLS };`)() as {
    cacheName: string;
    urls: string[];
  };
}

describe('renderServiceWorker', () => {
  it('lists every built file except source maps, as absolute URLs, then the template', () => {
    const source = renderServiceWorker(TEMPLATE, files, '/');
    expect(source.endsWith(TEMPLATE)).toBe(true);
    expect(constantsOf(source).urls).toEqual([
      '/assets/HelpPage-def.js',
      '/assets/clearway_wasm_bg-123.wasm',
      '/assets/index-abc.js',
      '/index.html',
      '/manifest.webmanifest',
    ]);
  });

  it('never precaches the worker itself', () => {
    const source = renderServiceWorker(TEMPLATE, [...files, { fileName: 'sw.js', content: 'x' }], '/');
    expect(constantsOf(source).urls).not.toContain('/sw.js');
  });

  it('names the cache after the content: same build, same name; any change, a new name', () => {
    const name = (f: BuiltFile[], t = TEMPLATE) => constantsOf(renderServiceWorker(t, f, '/')).cacheName;
    expect(name(files)).toMatch(/^clearway-[0-9a-f]{16}$/);
    expect(name(files)).toBe(name([...files].reverse()));
    const changedHtml = files.map((f) => (f.fileName === 'index.html' ? { ...f, content: '<!doctype html><p>' } : f));
    expect(name(changedHtml)).not.toBe(name(files));
    expect(name(files, `${TEMPLATE}// v2\n`)).not.toBe(name(files));
  });

  it('prefixes the public base path', () => {
    expect(constantsOf(renderServiceWorker(TEMPLATE, files, '/clearway/')).urls).toContain('/clearway/index.html');
  });
});

describe('listFiles', () => {
  it('lists nested files with forward slashes, sorted; a missing folder is empty', () => {
    const dir = mkdtempSync(join(tmpdir(), 'clearway-public-'));
    mkdirSync(join(dir, 'icons'));
    writeFileSync(join(dir, 'manifest.webmanifest'), '{}');
    writeFileSync(join(dir, 'icons', 'icon.svg'), '<svg/>');
    expect(listFiles(dir)).toEqual(['icons/icon.svg', 'manifest.webmanifest']);
    expect(listFiles(join(dir, 'missing'))).toEqual([]);
  });
});
