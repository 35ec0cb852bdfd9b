// The stamp's lines follow the overlay switches of SPEC §3 (defaults from the SPEC, not
// from the code), width and length ride along when set (issue 14 point 5), and the video
// buffer keeps the SPEC §9 number of clips.
import { describe, expect, it } from 'vitest';
import type { Measurement } from '../../model';
import { clipsKept } from './videoBuffer';
import { exifOf, stampLines, type StampSubject } from './stamp';

// SPEC §3: on by default: enabled, showPOI, showGPS, showHeight, showDateTime, showLogo,
// showSurveyTitle, showProjectNumber, showSurveyorName; off: showHeading, showText, showPOINotes.
const SPEC_DEFAULTS = {
  enabled: true,
  showPOI: true,
  showGPS: true,
  showHeight: true,
  showDateTime: true,
  showLogo: true,
  showSurveyTitle: true,
  showProjectNumber: true,
  showSurveyorName: true,
  showHeading: false,
  showText: false,
  showPOINotes: false,
};
const NO_FIELDS = { surveyTitle: '', projectNumber: '', surveyorName: '', poiNotes: '' };

const measurement = {
  id: 'm1',
  user_id: 's1',
  rel: 4.25,
  latitude: 45.5017,
  longitude: -73.5673,
  altGPS: 31.4,
  heading: 92.5,
  utcDate: '2026-11-24',
  utcTime: '01:30:05',
  note: 'low deck',
  poi_type: 'bridge',
} as unknown as Measurement;

const subject = (m: Partial<Measurement> = {}): StampSubject => ({
  measurement: { ...measurement, ...m } as Measurement,
  survey: { surveyTitle: 'A7 bridges', projectNumber: 'P-77', surveyorName: 'Ana Surveyor' },
  poiId: 'R001-POI00002',
  poiTypeLabel: 'Bridge',
});

describe('stampLines', () => {
  it('says what the SPEC defaults switch on, in order, and nothing that is off', () => {
    expect(stampLines(subject(), SPEC_DEFAULTS, NO_FIELDS)).toEqual([
      'R001-POI00002 · Bridge',
      'Lat 45.501700, Lon -73.567300',
      'Height 4.250 m',
      '2026-11-24 01:30:05 UTC',
      'A7 bridges',
      'Project P-77',
      'Surveyor Ana Surveyor',
    ]);
  });

  it('adds width and length when they were measured', () => {
    expect(stampLines(subject({ widthMeasure: 3.5, lengthMeasure: 12 }), SPEC_DEFAULTS, NO_FIELDS)).toContain('Width 3.500 m · Length 12.000 m');
    expect(stampLines(subject({ widthMeasure: 3.5 }), SPEC_DEFAULTS, NO_FIELDS)).toContain('Width 3.500 m');
  });

  it('adds heading, free text and the POI note when switched on; overlay fields replace the survey’s values', () => {
    const lines = stampLines(subject(), { ...SPEC_DEFAULTS, showHeading: true, showText: true, showPOINotes: true }, { ...NO_FIELDS, surveyTitle: 'Override', poiNotes: 'Escort vehicle ahead' });
    expect(lines).toContain('Heading 92.5°');
    expect(lines).toContain('Escort vehicle ahead');
    expect(lines).toContain('low deck');
    expect(lines).toContain('Override');
    expect(lines).not.toContain('A7 bridges');
  });

  it('is empty when the overlay is off, and says so when there is no position', () => {
    expect(stampLines(subject(), { ...SPEC_DEFAULTS, enabled: false }, NO_FIELDS)).toEqual([]);
    expect(stampLines(subject({ latitude: undefined, longitude: undefined }), SPEC_DEFAULTS, NO_FIELDS)).toContain('No GPS position');
  });
});

describe('exifOf', () => {
  it('carries position, altitude, direction, the UTC time and a description', () => {
    expect(exifOf(subject())).toEqual({
      latitude: 45.5017,
      longitude: -73.5673,
      altitude: 31.4,
      heading: 92.5,
      dateTime: '2026:11:24 01:30:05',
      description: 'R001-POI00002 · Bridge · height 4.250 m · A7 bridges',
    });
  });
});

describe('clipsKept (SPEC §9: newest ceil(bufferDuration / (recordingDuration / 60)) + 1)', () => {
  it('keeps 31 clips at the SPEC defaults (10 s clips, 5 min buffer)', () => {
    expect(clipsKept(10, 5)).toBe(31);
  });
  it('rounds a partial clip up', () => {
    expect(clipsKept(7, 1)).toBe(10); // 60 / 7 = 8.57 → 9, + 1
    expect(clipsKept(1, 0.1)).toBe(7); // 0.1 min = 6 s of 1 s clips
  });
});
