// logAlert on fake-indexeddb: an alert belongs to the survey whose log is on, carries the
// caller's fields (never over its own id, survey, time, kind or message), and nothing is
// logged while no survey keeps a log. logRouteFallback logs only a real fallback.
import { afterEach, describe, expect, it } from 'vitest';
import { stores } from '../../services/storage';
import { withFreshStore } from '../../testing/freshStore';
import { logAlert, logRouteFallback, setAlertLogTarget } from './alertLog';

withFreshStore();
afterEach(() => {
  setAlertLogTarget(null);
});

describe('logAlert', () => {
  it('with no survey keeping a log, nothing is logged', async () => {
    expect(await logAlert('gps-lost', 'GPS lost: no position source')).toBeNull();
    expect(await stores.alerts.ofSurvey('s1')).toEqual([]);
  });

  it('logs for the survey, with the caller fields, and they cannot replace the record’s own', async () => {
    setAlertLogTarget('s1');
    const logged = await logAlert('route-fallback', 'Route calculated with OSRM', { source: 'osrm', id: 'forged', kind: 'other', surveyId: 's9' });
    expect(logged?.outcome).toEqual({ savedIn: 'indexeddb' });
    const [stored, ...rest] = await stores.alerts.ofSurvey('s1');
    expect(rest).toEqual([]);
    expect(stored).toMatchObject({ surveyId: 's1', kind: 'route-fallback', message: 'Route calculated with OSRM', source: 'osrm' });
    expect(stored?.id).not.toBe('forged');
    expect(Date.parse(String(stored?.createdAt))).not.toBeNaN();
    expect(await stores.alerts.ofSurvey('s9')).toEqual([]);
  });

  it('logRouteFallback: a route from the first service is no alert; a fallback is one', async () => {
    setAlertLogTarget('s1');
    expect(await logRouteFallback({ source: 'directions', fallbacks: [] })).toBeNull();
    await logRouteFallback({ source: 'osrm', fallbacks: [{ source: 'directions', code: 'denied', message: 'REQUEST_DENIED' }] });
    const all = await stores.alerts.ofSurvey('s1');
    expect(all.map((a) => a.message)).toEqual(['Route calculated with OSRM (the directions service: REQUEST_DENIED)']);
  });
});
