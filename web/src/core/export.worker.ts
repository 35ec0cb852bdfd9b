// The export worker: the core writes documents and archives here, off the main thread.
// Records arrive typed (the survey and small sets as objects, measurements as column
// batches). Archives stream: each medium goes in as it is read from storage and the bytes
// written so far come straight back (transferred), one reply per step, so neither side ever
// holds the whole archive.
import { hasWasmSimd, loadFailureMessage } from './loadFailure';
import init, { SurveyArchive, SurveyRecords, surveyReport } from './pkg/clearway_wasm.js';
import { surveyRecordsOf } from './surveyRecordsOf';
import type { FromExportWorker, RecordsMessage, ToExportWorker } from './exportProtocol';

const scope = self as unknown as {
  postMessage(message: FromExportWorker, options?: StructuredSerializeOptions): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToExportWorker>) => void): void;
};

function post(message: FromExportWorker): void {
  scope.postMessage(message, { transfer: message.type === 'bytes' ? [message.bytes] : [] });
}

const bytesOf = (array: Uint8Array): ArrayBuffer =>
  array.byteOffset === 0 && array.byteLength === array.buffer.byteLength
    ? (array.buffer as ArrayBuffer)
    : (array.slice().buffer as ArrayBuffer);

let ready: Promise<unknown> | null = null;
let archive: SurveyArchive | null = null;
/** A survey and the measurements sent ahead of its export ('records-open', 'records-add'). */
let held: SurveyRecords | null = null;
let queue: Promise<void> = Promise.resolve();

function fail(error: unknown): void {
  archive?.free();
  archive = null;
  held?.free();
  held = null;
  const code = (error as { code?: unknown }).code;
  post({ type: 'error', code: typeof code === 'string' ? code : 'export-failed', message: error instanceof Error ? error.message : String(error) });
}

/** The records of an export: those sent ahead when the message says so (taken: used once). */
function recordsOf(message: RecordsMessage): SurveyRecords {
  if (!message.held) return surveyRecordsOf(message);
  if (!held) throw new Error("The survey's measurements were not sent to the export worker");
  const data = held;
  held = null;
  return surveyRecordsOf(message, data);
}

async function handle(message: ToExportWorker): Promise<void> {
  ready ??= init().catch((error: unknown) => {
    throw new Error(loadFailureMessage(error, hasWasmSimd()), { cause: error });
  });
  await ready;
  switch (message.type) {
    case 'records-open':
      held?.free();
      // Cleared first: a survey the core refuses must not leave the freed one to be freed again.
      held = null;
      held = new SurveyRecords(message.survey);
      return;
    case 'records-add': {
      if (!held) throw new Error('No survey is being sent to the export worker');
      const { numbers, text, textLengths } = message.measurements;
      held.addMeasurements(numbers, text, textLengths);
      return;
    }
    case 'document': {
      const data = recordsOf(message.records);
      try {
        const count = data.measurementCount();
        post({ type: 'bytes', bytes: bytesOf(data.export(message.format)), last: true, count });
      } finally {
        data.free();
      }
      return;
    }
    case 'archive-start': {
      archive?.free();
      archive = null;
      // The archive takes the records over (moved, not copied).
      archive = new SurveyArchive(recordsOf(message.records), message.kind, message.created);
      post({ type: 'bytes', bytes: bytesOf(archive.takeChunk()), last: false });
      return;
    }
    case 'archive-media': {
      if (!archive) throw new Error('No archive is being written');
      archive.addMedia(message.measurementId, message.kind, new Uint8Array(message.bytes));
      post({ type: 'bytes', bytes: bytesOf(archive.takeChunk()), last: false });
      return;
    }
    case 'archive-finish': {
      if (!archive) throw new Error('No archive is being written');
      const current = archive;
      archive = null;
      post({ type: 'bytes', bytes: bytesOf(current.finish()), last: true });
      return;
    }
    case 'archive-abort':
      archive?.free();
      archive = null;
      return;
    case 'report': {
      const data = recordsOf(message.records);
      try {
        const pdf = surveyReport(
          data,
          new Uint8Array(message.regularFont),
          new Uint8Array(message.boldFont),
          message.units,
          message.photoIds,
          new Uint8Array(message.photoBytes),
          message.photoLengths,
          message.previous,
        );
        post({ type: 'bytes', bytes: bytesOf(pdf), last: true });
      } finally {
        data.free();
      }
      return;
    }
  }
}

scope.addEventListener('message', (event) => {
  queue = queue.then(() => handle(event.data)).catch(fail);
});
