// Settings by category (SPEC §2: laser, gps, camera, map, logging, alerts), each kept as
// one record of the local store's appSettings (id = the category). The camera defaults
// are SPEC §3 "Camera settings (persisted)"; the SPEC gives no other category's fields,
// so those are the few that the app's features read (docs/local-store.md).

export interface OverlayOptions {
  enabled: boolean;
  showPOI: boolean;
  showGPS: boolean;
  showHeight: boolean;
  showDateTime: boolean;
  showLogo: boolean;
  showSurveyTitle: boolean;
  showProjectNumber: boolean;
  showSurveyorName: boolean;
  showHeading: boolean;
  showText: boolean;
  showPOINotes: boolean;
}

export interface OverlayFields {
  surveyTitle: string;
  projectNumber: string;
  surveyorName: string;
  poiNotes: string;
}

export interface CameraSettings {
  /** A MediaDevices deviceId; '' = the browser's default camera. */
  selectedCamera: string;
  imageSize: string;
  imageFormat: string;
  overlayOptions: OverlayOptions;
  overlayFields: OverlayFields;
  autoCapture: boolean;
  previewEnabled: boolean;
  videoMode: boolean;
  /** Seconds. */
  recordingDuration: number;
  /** Minutes of video kept in the buffer (SPEC §9 video buffer clips). */
  videoBufferDuration: number;
  displayMode: 'fit' | 'fill';
  /** Keep a rolling video buffer (no SPEC default: off). */
  videoBuffer: boolean;
}

export interface LaserSettings {
  /**
   * Height of the laser above the road (metres), added to a single shot's reading (a serial
   * shot aimed up, a Bluetooth laser's distance), never to a height the device measured
   * from the road itself (clearance/groundReference.ts). Stored on the measurement as groundRef.
   */
  groundReference: number;
  /** How clearances and load figures are shown; storage and exports stay in metres. */
  heightUnit: 'm' | 'ft';
}

export interface GpsSettings {
  /** Seconds between vehicle-trace points. */
  traceIntervalSeconds: number;
}

export interface MapSettings {
  style: 'streets' | 'satellite';
  followPosition: boolean;
  /** 'OSRM service URL': the open routing service (SPEC §7); '' = not asked. */
  osrmServiceUrl: string;
  /** 'Directions service URL': the maps directions service or its proxy (docs/routing.md); '' = not asked. */
  directionsServiceUrl: string;
  /** 'Directions API key'; '' = the key given at build time, if any. */
  directionsApiKey: string;
  /** 'Map style URL': an online vector style (style JSON); '' = none (docs/map.md). */
  styleUrl: string;
  /** 'Offline map download URL': where the regional PMTiles file is downloaded from. */
  offlineMapUrl: string;
}

export interface LoggingSettings {
  level: 'error' | 'warn' | 'info' | 'debug';
  /** SPEC §4 auto-save: on unless turned off. */
  autoSave: boolean;
  /** Auto-save exports a zip with images, or a CSV when this is off. */
  autoSaveImages: boolean;
  /** Auto-save runs 5 s after creation, then every this many minutes. */
  autoSaveIntervalMinutes: number;
}

export interface AlertSettings {
  sound: boolean;
  voiceGuidance: boolean;
}

export interface AppSettings {
  laser: LaserSettings;
  gps: GpsSettings;
  camera: CameraSettings;
  map: MapSettings;
  logging: LoggingSettings;
  alerts: AlertSettings;
}

export type SettingsCategory = keyof AppSettings;

export const SETTINGS_CATEGORIES: readonly SettingsCategory[] = ['laser', 'gps', 'camera', 'map', 'logging', 'alerts'];

export const DEFAULT_SETTINGS: AppSettings = {
  laser: { groundReference: 0, heightUnit: 'm' },
  gps: { traceIntervalSeconds: 1 },
  camera: {
    selectedCamera: '',
    imageSize: '1280x720',
    imageFormat: 'image/jpeg',
    overlayOptions: {
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
    },
    overlayFields: { surveyTitle: '', projectNumber: '', surveyorName: '', poiNotes: '' },
    autoCapture: true,
    previewEnabled: false,
    videoMode: false,
    recordingDuration: 10,
    videoBufferDuration: 5,
    displayMode: 'fit',
    videoBuffer: false,
  },
  map: {
    style: 'streets',
    followPosition: true,
    // The public OSRM demo server (issue 12): fair use only, see docs/routing.md.
    osrmServiceUrl: 'https://router.project-osrm.org',
    directionsServiceUrl: '',
    directionsApiKey: '',
    styleUrl: '',
    offlineMapUrl: '',
  },
  logging: { level: 'info', autoSave: true, autoSaveImages: true, autoSaveIntervalMinutes: 5 },
  alerts: { sound: true, voiceGuidance: true },
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Blob);
}

/**
 * A stored category over its defaults: known fields of the default's type are taken,
 * nested objects merged the same way, anything else falls back to the default.
 */
export function mergeWithDefaults<T>(defaults: T, stored: unknown): T {
  if (!isPlainObject(defaults) || !isPlainObject(stored)) return defaults;
  const out: Record<string, unknown> = { ...defaults };
  for (const [field, fallback] of Object.entries(defaults)) {
    const value = stored[field];
    if (isPlainObject(fallback)) out[field] = mergeWithDefaults(fallback, value);
    else if (value !== undefined && typeof value === typeof fallback && !(typeof value === 'number' && !Number.isFinite(value))) out[field] = value;
  }
  return out as T;
}
