import { expect, it } from 'vitest';
import { decodeCounts, decodeFix } from './gps';

/** Slots as the worker posts them: named by `nmeaStateFields()`, NaN for unknown. */
function slots(values: Record<string, number>) {
  // Not the core's order: decoding must go by name.
  const names = [...Object.keys(values), 'timeMs', 'date', 'fixQuality'].filter((n, i, all) => all.indexOf(n) === i).reverse();
  const state = new Float64Array(names.map((name) => values[name] ?? Number.NaN));
  return { state, index: new Map(names.map((name, i) => [name, i])) };
}

it('decodes the fix-quality details by name: fix type, DOPs, sky view, GST errors', () => {
  const { state, index } = slots({
    fixQuality: 2,
    fixType: 3,
    pdop: 1.25,
    vdop: 1.02,
    satsInView: 15,
    snrMean: 43.2,
    snrMax: 50,
    errLatM: 0.69,
    errLonM: 0.47,
    errAltM: 1,
  });
  expect(decodeFix(state, index)).toMatchObject({
    fixQuality: 'DGPS Fix',
    fixType: '3D',
    pdop: 1.25,
    vdop: 1.02,
    satsInView: 15,
    snrMean: 43.2,
    snrMax: 50,
    errLatM: 0.69,
    errLonM: 0.47,
    errAltM: 1,
  });
});

it('GSA fix type 1 is none, 2 is 2D; unknown values are null', () => {
  expect(decodeFix(slots({ fixType: 1 }).state, slots({ fixType: 1 }).index).fixType).toBe('none');
  expect(decodeFix(slots({ fixType: 2 }).state, slots({ fixType: 2 }).index).fixType).toBe('2D');
  const unknown = slots({});
  expect(decodeFix(unknown.state, unknown.index)).toMatchObject({ fixType: null, pdop: null, satsInView: null, errLatM: null });
});

it('decodes the link counters', () => {
  const { state, index } = slots({ badChecksum: 3, notNmea: 16, sentences: 200 });
  expect(decodeCounts(state, index)).toEqual({ badChecksum: 3, notNmea: 16 });
});
