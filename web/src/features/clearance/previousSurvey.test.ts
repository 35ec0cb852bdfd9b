// The kept previous survey: stored in the `previous_survey` flag for one survey, read back
// on load, ignored for another survey, and a damaged record ignored rather than trusted.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

const poi = { label: 'R020-POI00007', poiType: 'bridge', latitude: 45.5018, longitude: -73.5673, clearanceM: 4.9 };

beforeEach(() => {
  window.localStorage.clear();
  vi.resetModules();
});
afterEach(() => window.localStorage.clear());

it('is kept for its survey and read back after a reload', async () => {
  const first = await import('./previousSurvey');
  expect(first.keepPreviousSurvey('s1', 'a20-2025.csv', [poi])).toBe(true);
  expect(first.previousSurveyOf('s1')?.pois).toEqual([poi]);
  expect(first.previousSurveyOf('s2')).toBeNull();
  vi.resetModules();
  const reloaded = await import('./previousSurvey');
  expect(reloaded.previousSurveyOf('s1')).toMatchObject({ surveyId: 's1', fileName: 'a20-2025.csv', pois: [poi] });
  reloaded.forgetPreviousSurvey();
  expect(reloaded.previousSurveyOf('s1')).toBeNull();
  expect(window.localStorage.getItem('previous_survey')).toBeNull();
});

it('a damaged record is ignored', async () => {
  window.localStorage.setItem('previous_survey', JSON.stringify({ surveyId: 's1', fileName: 'x.csv', pois: [{ ...poi, clearanceM: 'high' }] }));
  expect((await import('./previousSurvey')).previousSurveyOf('s1')).toBeNull();
  vi.resetModules();
  window.localStorage.setItem('previous_survey', '{not json');
  expect((await import('./previousSurvey')).previousSurveyOf('s1')).toBeNull();
});
