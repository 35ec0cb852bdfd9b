// What the settings page shows for each category: one labelled control per setting.
import type { SettingsCategory } from './defaults';

export type FieldSpec =
  | { path: string[]; label: string; kind: 'boolean' }
  | { path: string[]; label: string; kind: 'number'; min: number; max: number; step: number; help?: string }
  | { path: string[]; label: string; kind: 'select'; options: readonly (readonly [string, string])[] }
  | { path: string[]; label: string; kind: 'text' }
  /** A camera, chosen from the cameras the browser lists ('' = the default camera). */
  | { path: string[]; label: string; kind: 'camera' }
  /** A service address: a URL input that says when it is not an http(s) URL. */
  | { path: string[]; label: string; kind: 'url' };

export const CATEGORY_TITLES: Record<SettingsCategory, string> = {
  laser: 'Laser',
  gps: 'GPS',
  camera: 'Camera',
  map: 'Map',
  logging: 'Logging',
  alerts: 'Alerts',
};

const overlay = (key: string, label: string): FieldSpec => ({ path: ['overlayOptions', key], label, kind: 'boolean' });
const overlayText = (key: string, label: string): FieldSpec => ({ path: ['overlayFields', key], label, kind: 'text' });

export const FIELDS: Record<SettingsCategory, readonly FieldSpec[]> = {
  laser: [
    {
      path: ['groundReference'],
      label: 'Laser height above the road (m)',
      kind: 'number',
      min: -10,
      max: 10,
      step: 0.001,
      help: "Added to a single laser shot (a serial laser aimed up, a Bluetooth laser's reading), not to the device's height, 3-shot or missing-line routines, which measure from the road themselves. 0 when the laser sits on the road.",
    },
    { path: ['heightUnit'], label: 'Height unit', kind: 'select', options: [['m', 'Metres'], ['ft', 'Feet and inches']] },
  ],
  gps: [{ path: ['traceIntervalSeconds'], label: 'Vehicle trace interval (s)', kind: 'number', min: 1, max: 60, step: 1 }],
  camera: [
    { path: ['selectedCamera'], label: 'Camera', kind: 'camera' },
    {
      path: ['imageSize'],
      label: 'Image size',
      kind: 'select',
      options: [['640x480', '640 × 480'], ['1280x720', '1280 × 720'], ['1920x1080', '1920 × 1080']],
    },
    {
      path: ['imageFormat'],
      label: 'Image format',
      kind: 'select',
      options: [['image/jpeg', 'JPEG'], ['image/png', 'PNG'], ['image/webp', 'WebP']],
    },
    overlay('enabled', 'Photo overlay'),
    overlay('showPOI', 'Overlay: POI'),
    overlay('showGPS', 'Overlay: GPS position'),
    overlay('showHeight', 'Overlay: height'),
    overlay('showDateTime', 'Overlay: date and time'),
    overlay('showLogo', 'Overlay: logo'),
    overlay('showSurveyTitle', 'Overlay: survey title'),
    overlay('showProjectNumber', 'Overlay: project number'),
    overlay('showSurveyorName', 'Overlay: surveyor name'),
    overlay('showHeading', 'Overlay: heading'),
    overlay('showText', 'Overlay: text'),
    overlay('showPOINotes', 'Overlay: POI notes'),
    overlayText('surveyTitle', 'Overlay survey title'),
    overlayText('projectNumber', 'Overlay project number'),
    overlayText('surveyorName', 'Overlay surveyor name'),
    overlayText('poiNotes', 'Overlay POI notes'),
    { path: ['autoCapture'], label: 'Capture a photo with each measurement', kind: 'boolean' },
    { path: ['previewEnabled'], label: 'Camera preview', kind: 'boolean' },
    { path: ['videoMode'], label: 'Video mode', kind: 'boolean' },
    { path: ['recordingDuration'], label: 'Recording duration (s)', kind: 'number', min: 1, max: 600, step: 1 },
    { path: ['videoBufferDuration'], label: 'Video buffer duration (min)', kind: 'number', min: 0.1, max: 120, step: 0.1 },
    { path: ['displayMode'], label: 'Display mode', kind: 'select', options: [['fit', 'Fit'], ['fill', 'Fill']] },
    { path: ['videoBuffer'], label: 'Video buffer', kind: 'boolean' },
  ],
  map: [
    { path: ['style'], label: 'Map style', kind: 'select', options: [['streets', 'Streets'], ['satellite', 'Satellite']] },
    { path: ['followPosition'], label: 'Follow my position', kind: 'boolean' },
    { path: ['osrmServiceUrl'], label: 'OSRM service URL', kind: 'url' },
    { path: ['directionsServiceUrl'], label: 'Directions service URL', kind: 'url' },
    { path: ['directionsApiKey'], label: 'Directions API key', kind: 'text' },
    { path: ['styleUrl'], label: 'Map style URL', kind: 'url' },
    { path: ['offlineMapUrl'], label: 'Offline map download URL', kind: 'url' },
  ],
  logging: [
    {
      path: ['level'],
      label: 'Log level',
      kind: 'select',
      options: [['error', 'Errors'], ['warn', 'Warnings'], ['info', 'Information'], ['debug', 'Debug']],
    },
    { path: ['autoSave'], label: 'Auto-save the active survey', kind: 'boolean' },
    { path: ['autoSaveImages'], label: 'Auto-save includes images (zip; a CSV when off)', kind: 'boolean' },
    { path: ['autoSaveIntervalMinutes'], label: 'Auto-save every (minutes)', kind: 'number', min: 1, max: 120, step: 1 },
  ],
  alerts: [
    { path: ['sound'], label: 'Alert sound', kind: 'boolean' },
    { path: ['voiceGuidance'], label: 'Voice guidance', kind: 'boolean' },
  ],
};

/** What a 'url' field stores: '' (the service is not asked) or an http(s) URL. */
export function isServiceUrl(text: string): boolean {
  if (text === '') return true;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function readPath(values: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), values);
}

/** A copy of `values` with `path` set to `value` (objects along the path are copied). */
export function writePath<T>(values: T, path: readonly string[], value: unknown): T {
  const [head, ...rest] = path;
  if (head === undefined) return value as T;
  const current = (values ?? {}) as Record<string, unknown>;
  return { ...current, [head]: writePath(current[head], rest, value) } as T;
}
