import { describe, expect, it } from 'vitest';
import { AT_RISK, EXPORT_STORED_DATA, noticeFor } from './storageNotices';

// Expected texts are SPEC §8 "Account and storage toasts", copied from the SPEC.
describe('storage toasts', () => {
  it('emergency mode: info for 5 s with its description', () => {
    expect(noticeFor({ type: 'emergency-mode', reason: 'x', tier: 'durable' })).toEqual({
      title: 'Using emergency storage mode',
      description: 'IndexedDB is corrupted, using localStorage as backup',
      durationMs: 5000,
    });
  });
  it("'Emergency data recovered' only once something was recovered", () => {
    expect(noticeFor({ type: 'recovered', count: 2 })).toMatchObject({
      title: 'Emergency data recovered',
      description: 'Your previous data has been restored from emergency backups',
    });
    expect(noticeFor({ type: 'recovered', count: 0 })).toBeNull();
    expect(noticeFor({ type: 'emergency-loaded', count: 3 })).toBeNull();
    expect(noticeFor({ type: 'emergency-initialized' })).toMatchObject({ title: 'Storage initialized', description: 'Application data is now using localStorage' });
  });
  it('critical: the SPEC words, destructive, kept on screen, with an export of what is stored first', () => {
    const notice = noticeFor({ type: 'critical', message: 'Critical storage error. Please clear your browser data and try again.' });
    expect(notice).toMatchObject({ title: 'Critical storage error. Please clear your browser data and try again.', variant: 'destructive' });
    expect(notice?.durationMs).toBe(Infinity);
    expect(notice?.action?.label).toBe('Export stored data');
  });
  it('only localStorage left: what is at risk, in words, with the export', () => {
    const notice = noticeFor({ type: 'at-risk' });
    expect(notice?.title).toBe('Storage is full');
    expect(notice?.description).toMatch(/crash can lose/);
    expect(notice?.action).toBe(EXPORT_STORED_DATA);
    expect(AT_RISK.description).toMatch(/Export your data now/);
  });
});
