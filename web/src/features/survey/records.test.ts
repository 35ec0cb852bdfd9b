// SPEC §3 (mirrored aliases, defaults), §4 (the START measurement), §9 (POI identifier).
import { describe, expect, it } from 'vitest';
import { EMPTY_SURVEY_FORM, buildMeasurement, buildSurvey, nextPoiNumber, poiIdentifier, startMeasurement, utcDateTime, withMirroredAliases } from './records';

const NOW = new Date('2026-11-23T10:20:30.456Z');
const FIX = { latitude: -33.86882, longitude: 151.20929, altitude: 58.2, speed: 42.5, course: 181.5, time: '2026-11-22 23:59:58.000' };

describe('a new survey', () => {
  it('is active, with the mirrored aliases in step and the SPEC defaults', () => {
    const survey = buildSurvey({ ...EMPTY_SURVEY_FORM, surveyTitle: ' A7 bridges ', surveyorName: 'Ana', clientName: 'Haul Ltd' }, NOW, 's-1');
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

  it('mirrored aliases: either name fills both, the first one wins', () => {
    expect(withMirroredAliases({ name: 'Old title', surveyor: 'Bo', customerName: 'C' })).toMatchObject({
      surveyTitle: 'Old title',
      name: 'Old title',
      surveyorName: 'Bo',
      clientName: 'C',
    });
    expect(withMirroredAliases({ surveyTitle: 'New', name: 'Old' })).toMatchObject({ surveyTitle: 'New', name: 'New' });
  });
});

describe('measurements', () => {
  it('START: type START, note SURVEY START, road 1, POI 1, height 0, at the current position', () => {
    const start = startMeasurement('s-1', FIX, NOW);
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
    });
  });

  it('take the receiver date and time when it gave them, else the clock (UTC)', () => {
    expect(utcDateTime(FIX, NOW)).toEqual({ utcDate: '2026-11-22', utcTime: '23:59:58' });
    expect(utcDateTime({ ...FIX, time: '07:08:09.500' }, NOW)).toEqual({ utcDate: '2026-11-23', utcTime: '07:08:09' });
    expect(utcDateTime({ ...FIX, time: null }, NOW)).toEqual({ utcDate: '2026-11-23', utcTime: '10:20:30' });
  });

  it('keep what the form gave, with nulls where the GPS knows nothing', () => {
    const m = buildMeasurement(
      's-2',
      { rel: 4.25, roadNumber: '12', poiNumber: 7, poiType: 'bridge', note: 'low', widthMeasure: 3.5, lengthMeasure: null },
      { latitude: null, longitude: null, altitude: null, speed: null, course: null, time: null },
      NOW,
      'm-1',
    );
    expect(m).toMatchObject({ id: 'm-1', user_id: 's-2', rel: 4.25, poiNumber: 7, latitude: null, longitude: null, widthMeasure: 3.5, lengthMeasure: null });
  });
});

describe('POI numbering (SPEC §9)', () => {
  it('R{3-digit}-POI{5-digit}, road R000 without a number', () => {
    expect(poiIdentifier('1', 2)).toBe('R001-POI00002');
    expect(poiIdentifier('123', 45678)).toBe('R123-POI45678');
    expect(poiIdentifier('', 9)).toBe('R000-POI00009');
    expect(poiIdentifier('A7', 9)).toBe('R000-POI00009');
  });

  it('the next POI number follows the highest', () => {
    expect(nextPoiNumber([])).toBe(1);
    expect(nextPoiNumber([{ poiNumber: 1 }, { poiNumber: 7 }, { poiNumber: 3 }])).toBe(8);
  });
});
