import { describe, expect, it } from 'vitest';
import { noticeFor } from './storageNotices';

// Expected texts are SPEC §8 "Account and storage toasts", copied from the SPEC.
describe('storage toasts', () => {
  it('emergency mode: info for 5 s with its description', () => {
    expect(noticeFor({ type: 'emergency-mode', reason: 'x' })).toEqual({
      title: 'Using emergency storage mode',
      description: 'IndexedDB is corrupted, using localStorage as backup',
      durationMs: 5000,
    });
  });
  it('recovered data and a fresh localStorage store', () => {
    for (const event of [{ type: 'recovered', count: 2 }, { type: 'emergency-loaded', count: 1 }] as const) {
      expect(noticeFor(event)).toMatchObject({ title: 'Emergency data recovered', description: 'Your previous data has been restored from emergency backups' });
    }
    expect(noticeFor({ type: 'emergency-initialized' })).toMatchObject({ title: 'Storage initialized', description: 'Application data is now using localStorage' });
  });
  it('critical: a destructive toast', () => {
    expect(noticeFor({ type: 'critical', message: 'Critical storage error. Please clear your browser data and try again.' })).toEqual({
      title: 'Critical storage error. Please clear your browser data and try again.',
      variant: 'destructive',
    });
  });
});
