// SPEC §3 (mirrored aliases, defaults), §4 (the START measurement), §9 (POI identifier),
// through the REAL core: the wasm package built by scripts/build-wasm.sh, instantiated here
// from its bytes. The expected values are written out from the SPEC, not taken from the core.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCoreFromDisk } from '../../core/coreForTests';
import { normaliseSurvey, poiIdentifier } from '../../core/survey';
import { EMPTY_SURVEY_FORM, buildMeasurement, buildSurvey, nextPoiNumber, startMeasurement, utcDateTime } from './records';

const NOW = new Date('2026-11-23T10:20:30.456Z');
const FIX = { latitude: -33.86882, longitude: 151.20929, altitude: 58.2, speed: 42.5, course: 181.5, time: '2026-11-22 23:59:58.000' };
const NO_POSITION = { latitude: null, longitude: null, altitude: null, speed: null, course: null, time: null };

beforeAll(loadCoreFromDisk);

describe('a new survey (built by the core)', () => {
  it('is active, with the mirrored aliases in step and the SPEC defaults', async () => {
    const survey = await buildSurvey({ ...EMPTY_SURVEY_FORM, surveyTitle: ' A7 bridges ', surveyorName: 'Ana', clientName: 'Haul Ltd' }, NOW, 's-1');
    expect(survey).toMatchObject({
      id: 's-1',
      active: true,
      createdAt: '2026-11-23T10:20:30.456Z',
      surveyTitle: 'A7 bridges',
      name: 'A7 bridges',
      surveyorName: 'Ana',
      surveyor: 'Ana',
      clientName: 'Haul Ltd',
      customerName: 'Haul Ltd',
      enableVehicleTrace: true,
      enableAlertLog: true,
      outputFiles: ['CSV', 'JSON', 'GeoJSON'],
      checklistCompleted: false,
      cloudUploadStatus: null,
    });
  });

  it('mirrored aliases: either name fills both, the first one wins; unknown fields kept', async () => {
    expect(await normaliseSurvey({ name: 'Old title', surveyor: 'Bo', customerName: 'C', futureField: [1] })).toMatchObject({
      surveyTitle: 'Old title',
      name: 'Old title',
      surveyorName: 'Bo',
      surveyor: 'Bo',
      clientName: 'C',
      customerName: 'C',
      futureField: [1],
    });
    expect(await normaliseSurvey({ surveyTitle: 'New', name: 'Old' })).toMatchObject({ surveyTitle: 'New', name: 'New' });
  });
});

describe('measurements (built by the core)', () => {
  it('START: type START, note SURVEY START, road 1, POI 1, height 0, at the current position', async () => {
    const start = await startMeasurement('s-1', FIX, NOW);
    expect(start).toMatchObject({
      user_id: 's-1',
      poi_type: 'START',
      note: 'SURVEY START',
      roadNumber: '1',
      poiNumber: 1,
      rel: 0,
      latitude: -33.86882,
      longitude: 151.20929,
      altGPS: 58.2,
      speed: 42.5,
      heading: 181.5,
      source: 'manual',
      utcDate: '2026-11-22',
      utcTime: '23:59:58',
      createdAt: '2026-11-23T10:20:30.456Z',
    });
  });

  it('take the receiver date and time when it gave them, else the clock (UTC)', () => {
    expect(utcDateTime(FIX, NOW)).toEqual({ utcDate: '2026-11-22', utcTime: '23:59:58' });
    expect(utcDateTime({ ...FIX, time: '07:08:09.500' }, NOW)).toEqual({ utcDate: '2026-11-23', utcTime: '07:08:09' });
    expect(utcDateTime({ ...FIX, time: null }, NOW)).toEqual({ utcDate: '2026-11-23', utcTime: '10:20:30' });
  });

  it('keep what the form gave and leave out what the GPS does not know', async () => {
    const m = await buildMeasurement(
      's-2',
      { rel: 4.25, roadNumber: '12', poiNumber: 7, poiType: 'bridge', note: 'low', widthMeasure: 3.5, lengthMeasure: null },
      NO_POSITION,
      NOW,
      'm-1',
    );
    expect(m).toEqual({
      id: 'm-1',
      user_id: 's-2',
      rel: 4.25,
      utcDate: '2026-11-23',
      utcTime: '10:20:30',
      roadNumber: '12',
      poiNumber: 7,
      poi_type: 'bridge',
      note: 'low',
      source: 'manual',
      widthMeasure: 3.5,
      createdAt: '2026-11-23T10:20:30.456Z',
    });
  });
});

describe('POI identifier (SPEC §9: R{3-digit}-POI{5-digit}, default road R000), from the core', () => {
  it('pads the road to 3 digits and the POI number to 5', async () => {
    expect(await poiIdentifier('1', 2)).toBe('R001-POI00002');
    expect(await poiIdentifier('12', 345)).toBe('R012-POI00345');
    expect(await poiIdentifier('123', 45678)).toBe('R123-POI45678');
    expect(await poiIdentifier(7, 1)).toBe('R007-POI00001');
    expect(await poiIdentifier('R12', 3)).toBe('R012-POI00003');
  });

  it('uses R000 when there is no road, and keeps a road that is not a number as the file names do', async () => {
    expect(await poiIdentifier('', 9)).toBe('R000-POI00009');
    expect(await poiIdentifier(undefined, 9)).toBe('R000-POI00009');
    expect(await poiIdentifier(null, undefined)).toBe('R000-POI00000');
    // The export names this road's photo image_A20_POI00009_…: the list says A20 too.
    expect(await poiIdentifier('A20', 9)).toBe('A20-POI00009');
  });

  it('the next POI number follows the highest', () => {
    expect(nextPoiNumber([])).toBe(1);
    expect(nextPoiNumber([{ poiNumber: 1 }, { poiNumber: 7 }, {}, { poiNumber: 3 }])).toBe(8);
  });
});
