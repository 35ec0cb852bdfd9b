// Auto-save's failure path (SPEC §4 "On failure it keeps an emergency copy of the survey")
// and where it writes (its own store, never emergency storage), on fake-indexeddb.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { Survey } from '../../model';
import { stores } from '../../services/storage';
import { PENDING_SURVEYS_KEY } from '../../services/storage/localCopies';
import { withFreshStore } from '../../testing/freshStore';
import { AUTOSAVE_EVENT, latestAutosave, runAutosave } from './autosave';

const exporter = vi.hoisted(() => ({ exportArchive: vi.fn() }));
vi.mock('../../core/exporter', async (original) => ({ ...(await original<object>()), ...exporter }));
vi.mock('../../core/survey', () => ({ csvHeader: vi.fn(async () => 'HEADER\r\n'), csvRows: vi.fn(async () => ''), validateNewSurvey: vi.fn(), SurveyRuleError: class extends Error {} }));

const SURVEY = { id: 's-1', surveyTitle: 'Night run', createdAt: '2026-11-23T08:00:00Z', active: true, lastAutoSaved: null } as unknown as Survey;

withFreshStore();

describe('auto-save', () => {
  it('saves the survey with lastAutoSaved, keeps the zip in its own store and emits autosave-complete', async () => {
    exporter.exportArchive.mockResolvedValue({ blob: new Blob(['PK zip']), skipped: 0 });
    const heard: unknown[] = [];
    window.addEventListener(AUTOSAVE_EVENT, (event) => heard.push((event as CustomEvent).detail));
    const now = new Date('2026-11-23T08:00:05Z');
    const result = await runAutosave(SURVEY, { includeImages: true }, now);
    expect(result).toMatchObject({ format: 'zip', savedAt: now.toISOString(), bytes: 6 });
    expect((await stores.surveys.get('s-1'))?.lastAutoSaved).toBe(now.toISOString());
    // (jsdom's Blob does not survive fake-indexeddb's structured clone: the bytes are checked in
    // Chromium, tests/e2e/survey.spec.ts.)
    expect(await latestAutosave('s-1')).toMatchObject({ format: 'zip', savedAt: now.toISOString() });
    expect(heard).toHaveLength(1);
  });

  it('on failure: the error is raised, the survey is kept as an emergency copy, and no auto-save is stored', async () => {
    exporter.exportArchive.mockRejectedValue(new Error('the export worker crashed'));
    await expect(runAutosave(SURVEY, { includeImages: true }, new Date('2026-11-23T08:00:05Z'))).rejects.toThrow('the export worker crashed');
    const pending = JSON.parse(localStorage.getItem(PENDING_SURVEYS_KEY) ?? '[]') as Survey[];
    expect(pending).toEqual([expect.objectContaining({ id: 's-1', lastAutoSaved: '2026-11-23T08:00:05.000Z' })]);
    expect(await latestAutosave('s-1')).toBeNull();
  });
});
