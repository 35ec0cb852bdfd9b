// The SPEC §8 export toasts and §5 export rules around the core (the core's documents are
// tested in Rust and in the browser suite; here the worker stands in).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExportError } from '../../core/exporter';
import { resetStorageForTests } from '../../services/storage/storageService';
import { dismissToast, getToasts } from '../../ui/toast/toastStore';
import type { Survey } from '../../model';
import { FakeExportFeed } from '../../testing/fakeExportFeed';
import { exportFileName, exportSurvey } from './exportSurvey';

const exporter = vi.hoisted(() => ({ exportDocument: vi.fn(), exportArchive: vi.fn(), exportReport: vi.fn() }));
vi.mock('../../core/exporter', async (original) => ({
  ...(await original<object>()),
  ...exporter,
  ExportFeed: (await import('../../testing/fakeExportFeed')).FakeExportFeed,
}));
const download = vi.hoisted(() => ({ saveDownload: vi.fn() }));
vi.mock('../../ui/download', () => download);
// The running CSV (SPEC §4) is read from the store; here it is missing rows unless a test says so.
const running = vi.hoisted(() => ({ runningCsvDocument: vi.fn() }));
vi.mock('./exportRecords', async (original) => ({ ...(await original<object>()), ...running }));

const SURVEY = { id: 's-1', surveyTitle: 'A7 / bridges: north', active: true } as Survey;
const shown = () => getToasts().map((t) => ({ title: t.title, description: t.description, variant: t.variant }));

beforeEach(() => {
  resetStorageForTests();
  exporter.exportDocument.mockResolvedValue({ blob: new Blob(['x']), count: 12 });
  exporter.exportArchive.mockResolvedValue({ blob: new Blob(['PK']), skipped: 0 });
  running.runningCsvDocument.mockResolvedValue({ text: null, unflagged: false });
});
afterEach(() => {
  for (const t of getToasts()) dismissToast(t.id);
  vi.clearAllMocks();
});

describe('exporting the active survey', () => {
  it("without one: 'No active survey to export', nothing written", async () => {
    expect(await exportSurvey(null, 'csv')).toBeNull();
    expect(shown()).toEqual([{ title: 'No active survey to export', description: undefined, variant: 'destructive' }]);
    expect(download.saveDownload).not.toHaveBeenCalled();
  });

  it("an unknown format: 'Unsupported export format: {format}'", async () => {
    expect(await exportSurvey(SURVEY, 'xlsx')).toBeNull();
    expect(shown()[0]?.title).toBe('Unsupported export format: xlsx');
  });

  it('each format has its SPEC toast', async () => {
    await exportSurvey(SURVEY, 'csv');
    await exportSurvey(SURVEY, 'geojson');
    await exportSurvey(SURVEY, 'gpx');
    await exportSurvey(SURVEY, 'zip');
    await exportSurvey(SURVEY, 'images');
    await exportSurvey(SURVEY, 'backup');
    expect(shown().map((t) => [t.title, t.description])).toEqual([
      ['CSV exported successfully', undefined],
      ['GeoJSON exported successfully', '12 measurements exported'],
      ['Survey exported as GPX', undefined],
      ['Preparing export with media files...', undefined],
      ['Export with media completed', undefined],
      ['Preparing export with media files...', undefined],
      ['Survey export with images completed', undefined],
      ['Complete survey export finished', undefined],
    ]);
    expect(download.saveDownload).toHaveBeenCalledTimes(6);
  });

  it('failures name the format and carry the error message', async () => {
    exporter.exportDocument.mockRejectedValue(new ExportError('export-failed', 'disk full'));
    exporter.exportArchive.mockRejectedValue(new Error('worker crashed'));
    for (const format of ['csv', 'geojson', 'kml', 'zip', 'images', 'backup']) expect(await exportSurvey(SURVEY, format)).toBeNull();
    expect(shown().filter((t) => t.variant === 'destructive').map((t) => [t.title, t.description])).toEqual([
      ['Failed to export CSV', 'disk full'],
      ['Failed to export GeoJSON', 'disk full'],
      ['Failed to export survey', 'disk full'],
      ['Failed to export with media', 'worker crashed'],
      ['Failed to export survey with images', 'worker crashed'],
      ['Failed to export complete survey', 'worker crashed'],
    ]);
    // Each export's worker, fed the measurements as they were read, ends with the export.
    expect(FakeExportFeed.made.slice(-6).map((feed) => feed.closed)).toEqual([true, true, true, true, true, true]);
  });

  it("the measurements go to the export's worker as they are read, and that worker writes the export", async () => {
    for (const format of ['json', 'zip', 'backup']) {
      expect(await exportSurvey(SURVEY, format)).not.toBeNull();
      const feed = FakeExportFeed.made.at(-1);
      // No IndexedDB in jsdom: the survey reads empty, in one part, and that part was sent.
      expect(feed?.parts).toBe(1);
      expect(feed?.closed).toBe(true);
    }
    expect(exporter.exportDocument.mock.calls.at(-1)?.[2]).toBe(FakeExportFeed.made.at(-3));
    expect(exporter.exportArchive.mock.calls.map((call) => call[4])).toEqual([FakeExportFeed.made.at(-2), FakeExportFeed.made.at(-1)]);
  });
});

it('a complete running CSV is the CSV export: saved as it is, without writing the records again', async () => {
  running.runningCsvDocument.mockResolvedValue({ text: 'HEADER\r\nrow 1\r\n', count: 1 });
  expect(await exportSurvey(SURVEY, 'csv')).toMatch(/\.csv$/);
  expect(exporter.exportDocument).not.toHaveBeenCalled();
  const blob = download.saveDownload.mock.calls[0]?.[0] as Blob;
  const text = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
  expect(text).toBe('HEADER\r\nrow 1\r\n');
  expect(shown().map((t) => t.title)).toEqual(['CSV exported successfully']);
});

it("'Survey report (PDF)' reports its progress while the report is written, then 'Survey report ready'", async () => {
  // The report's fonts come from the app's public folder.
  const fetched: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    fetched.push(url);
    return Promise.resolve(new Response(new Uint8Array([0, 1, 0, 0])));
  });
  // The worker reports each photo it reads (two here).
  exporter.exportReport.mockImplementation(async (...args: unknown[]) => {
    const onProgress = args[4] as (p: { done: number; total: number }) => void;
    onProgress({ done: 1, total: 2 });
    onProgress({ done: 2, total: 2 });
    return new Blob(['%PDF-1.7']);
  });
  const progress: { label: string; done: number; total: number }[] = [];
  try {
    expect(await exportSurvey(SURVEY, 'report', (p) => progress.push(p))).toMatch(/\.report\.pdf$/);
  } finally {
    vi.unstubAllGlobals();
  }
  expect(fetched.map((url) => url.replace(/^.*\//, ''))).toEqual(['DejaVuSansCondensed.ttf', 'DejaVuSansCondensed-Bold.ttf']);
  expect(progress).toEqual([
    { label: 'Reading the survey', done: 0, total: 1 },
    { label: 'Loading the report fonts', done: 0, total: 1 },
    { label: 'Adding photos', done: 1, total: 2 },
    { label: 'Adding photos', done: 2, total: 2 },
  ]);
  expect(shown().map((t) => t.title)).toEqual(['Survey report ready']);
  expect(download.saveDownload).toHaveBeenCalledTimes(1);
});

it('file names: the title made safe, the date, the extension', () => {
  const day = new Date('2026-11-23T12:00:00Z');
  expect(exportFileName(SURVEY, 'csv', day)).toBe('A7_bridges_north_2026-11-23.csv');
  expect(exportFileName({ surveyTitle: '' }, 'backup', day)).toBe('survey_2026-11-23.clearway-backup.zip');
});
