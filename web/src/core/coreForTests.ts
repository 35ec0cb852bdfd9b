// For vitest only: instantiates the REAL core (the wasm package built by
// scripts/build-wasm.sh) from its bytes on disk, since jsdom cannot fetch it. After this,
// every function of src/core uses that instance (the package's init returns early).
// Tests outside src/core call this instead of importing the package (lint keeps the package
// to src/core).
import { toMessage, type SurveyRecordSet } from './exporter';
import { initSync } from './pkg/clearway_wasm.js';
import { surveyRecordsOf } from './surveyRecordsOf';

export async function loadCoreFromDisk(): Promise<void> {
  // src/ is type-checked as browser code (no Node types): node:fs by a name TS does not resolve.
  const fsModule = 'node:fs';
  const fs = (await import(/* @vite-ignore */ fsModule)) as { readFileSync: (path: string) => Uint8Array; existsSync: (path: string) => boolean };
  // vitest gives this module a file: URL or a server path (/src/core/...), depending on how
  // it was reached; the working directory is web/ (or the repository, for a root run).
  const cwd = (globalThis as { process?: { cwd(): string } }).process?.cwd() ?? '.';
  const here = new URL('./pkg/clearway_wasm_bg.wasm', import.meta.url);
  const candidates = [
    here.protocol === 'file:' ? decodeURIComponent(here.pathname) : '',
    `${cwd}/src/core/pkg/clearway_wasm_bg.wasm`,
    `${cwd}/web/src/core/pkg/clearway_wasm_bg.wasm`,
  ];
  const path = candidates.find((candidate) => candidate && fs.existsSync(candidate));
  if (!path) throw new Error(`The wasm build is missing (run scripts/build-wasm.sh); looked in ${candidates.filter(Boolean).join(', ')}`);
  initSync({ module: fs.readFileSync(path) });
}

/**
 * A document as the export worker writes it (the same message, the same records in wasm, the
 * core's `export`), written in this thread: for tests that stand in for the worker (jsdom
 * has none) and still want the core's bytes.
 */
export async function exportDocumentHere(records: SurveyRecordSet, format: string): Promise<{ blob: Blob; count: number }> {
  // As exportDocument sends them: the CSV holds the measurements only.
  const { message } = await toMessage(records, format.toLowerCase() === 'csv');
  const data = surveyRecordsOf(message);
  try {
    // The core's bytes come back as a copy in an ArrayBuffer of their own.
    return { blob: new Blob([data.export(format) as Uint8Array<ArrayBuffer>]), count: data.measurementCount() };
  } finally {
    data.free();
  }
}
