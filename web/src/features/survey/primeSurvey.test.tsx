// The workspace's first read, started before the first render (main.tsx's primeSurvey): a
// provider mounted after it finished shows the active survey in its very first render, and a
// write that lands between that read and the mount is not hidden by it. Expected values come
// from the records the test writes.
import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import type { Measurement, Survey } from '../../model';
import { saveRecords, type PutOp } from '../../services/storage/storageService';
import { withFreshStore } from '../../testing/freshStore';
import { SettingsProvider } from '../settings';
import { primeSurvey, SurveyProvider, useSurvey } from './SurveyProvider';

withFreshStore();

const survey = { id: 's1', surveyTitle: 'Bridge run', createdAt: '2026-06-01T08:00:00Z', active: true } as Survey;
const measurement = (i: number) =>
  ({ id: `m${i}`, user_id: 's1', rel: 4 + i / 100, poiNumber: i + 1, createdAt: new Date(Date.UTC(2026, 5, 1, 8, i)).toISOString() }) as Measurement;
const puts = (items: Measurement[]): PutOp[] => items.map((item) => ({ kind: 'put', store: 'measurements', item }));

/** Every (status, count) the consumer rendered with, in order. */
function Renders({ seen }: { seen: string[] }) {
  const { status, count, active } = useSurvey();
  seen.push(`${status}:${active?.id ?? '-'}:${count}`);
  return <p>{`${count} measurements`}</p>;
}

const mount = (seen: string[]) =>
  render(
    <SettingsProvider>
      <SurveyProvider>
        <Renders seen={seen} />
      </SurveyProvider>
    </SettingsProvider>,
  );

describe('the primed first read', () => {
  it('a provider mounted after it finished renders the active survey at once (no empty first render)', async () => {
    await saveRecords([{ kind: 'put', store: 'surveys', item: survey }, ...puts([measurement(0), measurement(1), measurement(2)])]);
    const read = await primeSurvey();
    expect(read.count).toBe(3);
    const seen: string[] = [];
    mount(seen);
    expect(seen[0]).toBe('ready:s1:3');
    expect(await screen.findByText('3 measurements')).toBeInTheDocument();
    expect(seen.every((s) => s === 'ready:s1:3')).toBe(true);
  });

  it('a write landing after the read, before the provider watches, is shown', async () => {
    await saveRecords([{ kind: 'put', store: 'surveys', item: survey }, ...puts([measurement(0)])]);
    expect((await primeSurvey()).count).toBe(1);
    // Another tab (or a recovered copy) writes before the workspace mounts.
    await saveRecords(puts([measurement(1), measurement(2)]));
    const seen: string[] = [];
    mount(seen);
    expect(seen[0]).toBe('ready:s1:1');
    expect(await screen.findByText('3 measurements')).toBeInTheDocument();
  });

  it('a provider mounted with no primed read reads the store itself', async () => {
    await saveRecords([{ kind: 'put', store: 'surveys', item: survey }, ...puts([measurement(0), measurement(1)])]);
    const seen: string[] = [];
    mount(seen);
    expect(seen[0]).toBe('loading:-:0');
    await waitFor(() => expect(seen.at(-1)).toBe('ready:s1:2'));
  });
});

describe('the primed first read, still under way at the first render', () => {
  it('shows the survey once it is in (the first render was the empty one)', async () => {
    await saveRecords([{ kind: 'put', store: 'surveys', item: survey }, ...puts([measurement(0), measurement(1)])]);
    const read = primeSurvey();
    const seen: string[] = [];
    mount(seen);
    expect(seen[0]).toBe('loading:-:0');
    await read;
    await waitFor(() => expect(seen.at(-1)).toBe('ready:s1:2'));
  });
});

describe('the primed first read under StrictMode', () => {
  it('one read for the double-invoked initialiser, taken by the provider: a later provider reads afresh', async () => {
    await saveRecords([{ kind: 'put', store: 'surveys', item: survey }, ...puts([measurement(0)])]);
    const read = primeSurvey();
    await read;
    // Each read started marks 'clearway:workspace-start'.
    performance.clearMarks('clearway:workspace-start');
    const seen: string[] = [];
    const view = render(
      <StrictMode>
        <SettingsProvider>
          <SurveyProvider>
            <Renders seen={seen} />
          </SurveyProvider>
        </SettingsProvider>
      </StrictMode>,
    );
    expect(seen[0]).toBe('ready:s1:1');
    // The initialiser, run twice, started no second read.
    expect(performance.getEntriesByName('clearway:workspace-start')).toHaveLength(0);
    // The provider took the read: priming again starts a new one.
    await waitFor(() => expect(primeSurvey()).not.toBe(read));
    view.unmount();
  });
});
