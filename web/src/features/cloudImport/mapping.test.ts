// The import's mapping (SPEC §4, §7): pois → measurements field by field, uploaded
// measurements back to local ones, surveys inactive and synced, and nothing duplicated.
import { describe, expect, it } from 'vitest';
import { importSummary, measurementFromCloud, planImport, poiToMeasurement, toLocalSurvey, type CloudSurvey } from './mapping';

const poi = {
  id: 'poi-1',
  surveyId: 's1',
  ownerId: 'u1',
  height: 4.85,
  altitude: 112.5,
  latitude: 51.5,
  longitude: -0.12,
  date: '2026-03-01',
  time: '10:15:00',
  speed: 32,
  heading: 270,
  roadNumber: 'A1',
  poiNumber: 7,
  poiType: 'bridge',
  note: 'low bridge',
  imageUrl: 'https://example.com/p.jpg',
  createdAt: '2026-03-01T10:15:00.000Z',
};

describe('poiToMeasurement', () => {
  it("maps SPEC §7's pois fields onto the measurement's", () => {
    expect(poiToMeasurement(poi, 's1')).toEqual({
      id: 'poi-1',
      user_id: 's1',
      source: 'manual',
      cloudUploadStatus: 'synced',
      rel: 4.85,
      altGPS: 112.5,
      latitude: 51.5,
      longitude: -0.12,
      utcDate: '2026-03-01',
      utcTime: '10:15:00',
      speed: 32,
      heading: 270,
      roadNumber: 'A1',
      poiNumber: 7,
      poi_type: 'bridge',
      note: 'low bridge',
      imageUrl: 'https://example.com/p.jpg',
      createdAt: '2026-03-01T10:15:00.000Z',
    });
  });

  it('reads numbers written as text, timestamps as ISO, and leaves out what is missing', () => {
    const stamp = { toDate: () => new Date(Date.UTC(2026, 2, 1, 10, 0, 0)) };
    const m = poiToMeasurement({ id: 'p2', height: '3.5', poiNumber: '12', roadNumber: 40, createdAt: stamp }, 's9');
    expect(m).toEqual({ id: 'p2', user_id: 's9', source: 'manual', cloudUploadStatus: 'synced', rel: 3.5, poiNumber: 12, roadNumber: '40', createdAt: '2026-03-01T10:00:00.000Z' });
    expect('latitude' in m).toBe(false);
  });

  it('does not invent a height from text that is not a number', () => {
    expect(poiToMeasurement({ id: 'p3', height: 'tall' }, 's1').rel).toBeUndefined();
  });
});

describe('measurementFromCloud', () => {
  it('keeps what the upload wrote, drops ownerId, marks it synced and files it under its survey', () => {
    const m = measurementFromCloud(
      { id: 'm1', user_id: 's1', ownerId: 'u1', rel: 5.1, poi_type: 'wire', note: 'n', source: 'slaveApp', lastSyncedAt: '2026-03-02T00:00:00Z' },
      's1',
    );
    expect(m).toEqual({ id: 'm1', user_id: 's1', rel: 5.1, poi_type: 'wire', note: 'n', source: 'slaveApp', lastSyncedAt: '2026-03-02T00:00:00Z', cloudUploadStatus: 'synced' });
  });
});

describe('toLocalSurvey', () => {
  it('arrives inactive and synced, with mirrored aliases and the defaults of SPEC §3', () => {
    const s = toLocalSurvey({ id: 's1', ownerId: 'u1', name: 'A7 bridges', surveyor: 'Sam', customerName: 'Roads Ltd', active: true, cloudUploadStatus: null, measurementsSynced: 3 });
    expect(s).toMatchObject({
      id: 's1',
      surveyTitle: 'A7 bridges',
      name: 'A7 bridges',
      surveyorName: 'Sam',
      surveyor: 'Sam',
      clientName: 'Roads Ltd',
      customerName: 'Roads Ltd',
      active: false,
      cloudUploadStatus: 'synced',
      enableVehicleTrace: true,
      enableAlertLog: true,
      outputFiles: ['CSV', 'JSON', 'GeoJSON'],
      checklistCompleted: false,
      measurementsSynced: 3,
    });
    expect('ownerId' in s).toBe(false);
  });

  it('keeps switches the survey had', () => {
    const s = toLocalSurvey({ id: 's2', surveyTitle: 'T', enableVehicleTrace: false, outputFiles: ['CSV'], checklistCompleted: true });
    expect([s.enableVehicleTrace, s.outputFiles, s.checklistCompleted]).toEqual([false, ['CSV'], true]);
  });
});

describe('planImport', () => {
  const cloud: CloudSurvey[] = [
    {
      survey: { id: 's1', surveyTitle: 'One' },
      measurements: [{ id: 'm1', user_id: 's1', rel: 4 }, { id: 'shared', user_id: 's1', rel: 9, note: 'from upload' }],
      pois: [{ id: 'shared', surveyId: 's1', height: 1 }, { id: 'p1', surveyId: 's1', height: 2 }],
    },
    { survey: { id: 's2', surveyTitle: 'Two' }, measurements: [], pois: [{ id: 'p2', surveyId: 's2', height: 3 }, { id: 'kept', surveyId: 's2', height: 3 }] },
    { survey: { id: 'here', surveyTitle: 'Already here' }, measurements: [{ id: 'm9', user_id: 'here' }], pois: [] },
  ];

  it('takes new surveys whole, one record per id, and counts the new POIs', () => {
    const plan = planImport(cloud, new Set(['here']), new Set(['kept']));
    expect(plan.surveys.map((s) => s.survey.id)).toEqual(['s1', 's2']);
    const [first, second] = plan.surveys;
    const one = first?.measurements ?? [];
    expect(one.map((m) => m.id).sort()).toEqual(['m1', 'p1', 'shared']);
    // The measurement this app uploaded wins over a POI with its id.
    expect(one.find((m) => m.id === 'shared')).toMatchObject({ rel: 9, note: 'from upload' });
    expect(second?.measurements.map((m) => m.id)).toEqual(['p2']);
    expect(plan.newPois).toBe(4);
    expect(importSummary(plan)).toBe('2 new surveys and 4 new POIs imported.');
  });

  it('imports nothing the second time', () => {
    const first = planImport(cloud, new Set(), new Set());
    const surveys = new Set(first.surveys.map((s) => s.survey.id));
    const measurements = new Set(first.surveys.flatMap((s) => s.measurements.map((m) => m.id)));
    const again = planImport(cloud, surveys, measurements);
    expect(again).toEqual({ surveys: [], newPois: 0 });
    expect(importSummary(again)).toBe('0 new surveys and 0 new POIs imported.');
  });

  it('says one survey and one POI in the singular', () => {
    const plan = planImport([{ survey: { id: 'x' }, measurements: [], pois: [{ id: 'y', height: 1 }] }], new Set(), new Set());
    expect(importSummary(plan)).toBe('1 new survey and 1 new POI imported.');
  });
});

describe('planImport dates', () => {
  it("gives a record without createdAt its survey's, else the import time, so the list can show it", () => {
    const plan = planImport(
      [
        { survey: { id: 'a', createdAt: '2026-01-01T00:00:00.000Z' }, measurements: [{ id: 'm', rel: 1 }], pois: [{ id: 'p', height: 1, createdAt: '2026-02-02T00:00:00.000Z' }] },
        { survey: { id: 'b' }, measurements: [], pois: [{ id: 'q', height: 2 }] },
      ],
      new Set(),
      new Set(),
      '2026-05-05T05:05:05.000Z',
    );
    expect(plan.surveys.flatMap((s) => s.measurements.map((m) => [m.id, m.createdAt]))).toEqual([
      ['m', '2026-01-01T00:00:00.000Z'],
      ['p', '2026-02-02T00:00:00.000Z'],
      ['q', '2026-05-05T05:05:05.000Z'],
    ]);
  });
});
