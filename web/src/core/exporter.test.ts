// ExportFeed: a survey's measurements sent to the export worker while they are read. The
// worker stands in (jsdom has none): it records what it is sent and answers an export with
// bytes. The real worker writes from what it was sent in the browser suite (survey.spec's
// exports) and in `npm run bench -- survey-export` (same entries as the peer's zip).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Measurement, Survey } from '../model';
import type { ToExportWorker } from './exportProtocol';
import { exportArchive, exportDocument, ExportError, ExportFeed, exportReport } from './exporter';
import { TEXT_COLUMNS } from './measurementColumns';

class FakeWorker {
  static made: FakeWorker[] = [];
  /** The worker's core refuses the measurements sent ahead (as for records it cannot read). */
  static refuseParts = false;
  readonly sent: { message: ToExportWorker; transfer: Transferable[] }[] = [];
  terminated = false;
  private listener: ((event: MessageEvent) => void) | null = null;

  constructor() {
    FakeWorker.made.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    if (type === 'message') this.listener = listener;
  }

  postMessage(message: ToExportWorker, transfer: Transferable[] = []) {
    this.sent.push({ message, transfer });
    if (message.type === 'records-add' && FakeWorker.refuseParts) {
      queueMicrotask(() => this.listener?.({ data: { type: 'error', code: 'invalid-records', message: 'measurement 3: bad height' } } as MessageEvent));
      return;
    }
    // An export (or an archive step) is answered with a few bytes, as the worker does.
    if (message.type === 'document' || message.type === 'report' || message.type.startsWith('archive-')) {
      const last = message.type === 'document' || message.type === 'report' || message.type === 'archive-finish';
      queueMicrotask(() => this.listener?.({ data: { type: 'bytes', bytes: new Uint8Array([1, 2, 3]).buffer, last, count: 7 } } as MessageEvent));
    }
  }

  terminate() {
    this.terminated = true;
  }
}

beforeEach(() => {
  FakeWorker.made = [];
  FakeWorker.refuseParts = false;
  vi.stubGlobal('Worker', FakeWorker);
});
afterEach(() => vi.unstubAllGlobals());

const SURVEY = { id: 's1', surveyTitle: 'A7' } as Survey;
const measurements = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `m${from + i}`, user_id: 's1', rel: 4.5, createdAt: '2026-06-01T08:00:00Z' }) as Measurement);

describe('ExportFeed', () => {
  it('opens the survey, then sends each part as column batches of at most 10,000, buffers transferred', () => {
    const feed = new ExportFeed(SURVEY);
    feed.add(measurements(0, 3));
    feed.add(measurements(3, 25_000));
    const worker = FakeWorker.made[0];
    expect(worker.sent[0].message).toEqual({ type: 'records-open', survey: SURVEY });
    const adds = worker.sent.slice(1);
    expect(adds.map(({ message }) => message.type)).toEqual(['records-add', 'records-add', 'records-add', 'records-add']);
    // A batch holds TEXT_COLUMNS.length text lengths per measurement.
    const rows = adds.map(({ message }) => (message.type === 'records-add' ? message.measurements.textLengths.length / TEXT_COLUMNS.length : 0));
    expect(rows).toEqual([3, 10_000, 10_000, 5_000]);
    for (const { message, transfer } of adds) {
      if (message.type !== 'records-add') continue;
      expect(transfer).toEqual([message.measurements.numbers.buffer, message.measurements.text.buffer, message.measurements.textLengths.buffer]);
    }
    feed.close();
    expect(worker.terminated).toBe(true);
  });

  it('an export on the feed writes on its worker from what it holds: the message carries no measurements again', async () => {
    const feed = new ExportFeed(SURVEY);
    const list = measurements(0, 4);
    feed.add(list);
    const { blob, count } = await exportDocument({ survey: SURVEY, measurements: list, routes: [], traces: [], alerts: [] }, 'json', feed);
    expect(blob.size).toBe(3);
    expect(count).toBe(7);
    expect(FakeWorker.made).toHaveLength(1);
    const document = FakeWorker.made[0].sent.at(-1)?.message;
    expect(document).toMatchObject({ type: 'document', format: 'json', records: { held: true, measurements: [] } });
    // The export ends its worker; the feed's close() after that does nothing more.
    expect(FakeWorker.made[0].terminated).toBe(true);
    feed.close();
  });

  it('an archive on the feed: held records, then each medium, then the finish, on the one worker', async () => {
    const feed = new ExportFeed(SURVEY);
    const list = measurements(0, 2);
    feed.add(list);
    const media = [{ measurementId: 'm0', kind: 'image' as const, read: () => Promise.resolve(new Uint8Array([9]).buffer) }];
    const { blob, skipped } = await exportArchive({ survey: SURVEY, measurements: list }, 'zip', media, undefined, feed);
    expect(skipped).toBe(0);
    expect(blob.size).toBe(9);
    const types = FakeWorker.made[0].sent.map(({ message }) => message.type);
    expect(types).toEqual(['records-open', 'records-add', 'archive-start', 'archive-media', 'archive-finish']);
    expect(FakeWorker.made[0].sent[2].message).toMatchObject({ records: { held: true, measurements: [] } });
  });

  it('refuses an export of other measurements than it sent, and a second export', async () => {
    const feed = new ExportFeed(SURVEY);
    feed.add(measurements(0, 2));
    await expect(exportDocument({ survey: SURVEY, measurements: measurements(0, 3) }, 'csv', feed)).rejects.toThrow(
      new ExportError('export-failed', 'The export worker was sent 2 of 3 measurements'),
    );
    expect(FakeWorker.made[0].terminated).toBe(true);
    await expect(exportDocument({ survey: SURVEY, measurements: measurements(0, 2) }, 'csv', feed)).rejects.toThrow('The export has already started');
    expect(() => feed.add(measurements(2, 1))).toThrow('The export has already started');
  });

  it("the worker's refusal of a part is the export's failure, and the worker ends", async () => {
    FakeWorker.refuseParts = true;
    const feed = new ExportFeed(SURVEY);
    const list = measurements(0, 2);
    feed.add(list);
    await expect(exportArchive({ survey: SURVEY, measurements: list }, 'zip', [], undefined, feed)).rejects.toThrow(new ExportError('invalid-records', 'measurement 3: bad height'));
    expect(FakeWorker.made[0].terminated).toBe(true);
  });

  it('a report on the feed is written from what the worker holds', async () => {
    const feed = new ExportFeed(SURVEY);
    const list = measurements(0, 3);
    feed.add(list);
    const fonts = { regular: new ArrayBuffer(4), bold: new ArrayBuffer(4) };
    const pdf = await exportReport({ survey: SURVEY, measurements: list }, fonts, 'metric', [], undefined, null, feed);
    expect(pdf.size).toBe(3);
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWorker.made[0].sent.at(-1)?.message).toMatchObject({ type: 'report', records: { held: true, measurements: [] } });
  });

  it('without a feed, an export sends every record itself, on a worker of its own', async () => {
    const list = measurements(0, 5);
    await exportDocument({ survey: SURVEY, measurements: list }, 'csv');
    const sent = FakeWorker.made[0].sent;
    expect(sent).toHaveLength(1);
    const message = sent[0].message;
    expect(message.type === 'document' && message.records.held).toBeFalsy();
    expect(message.type === 'document' ? message.records.measurements.map((b) => b.textLengths.length / TEXT_COLUMNS.length) : []).toEqual([5]);
  });
});
