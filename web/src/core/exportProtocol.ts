// Messages between the app and the export worker (export.worker.ts).

/** The survey's records as JSON text, parsed once by the core. */
export interface RecordsJson {
  survey: string;
  measurements: string;
  routes: string;
  traces: string;
  alerts: string;
}

export type DocumentFormat = 'csv' | 'json' | 'geojson' | 'gpx' | 'kml';
export type ArchiveKind = 'zip' | 'backup';
export type MediaKind = 'image' | 'video' | 'drawing';

export type ToExportWorker =
  | { type: 'document'; records: RecordsJson; format: string }
  | { type: 'archive-start'; records: RecordsJson; kind: ArchiveKind; created: string }
  | { type: 'archive-media'; measurementId: string; kind: MediaKind; bytes: ArrayBuffer }
  | { type: 'archive-finish' }
  | { type: 'archive-abort' };

export type FromExportWorker =
  /** A document, or bytes of an archive being written (in order). */
  | { type: 'bytes'; bytes: ArrayBuffer; last: boolean; count?: number }
  /** An archive is ready for its next medium (or the finish). */
  | { type: 'ready' }
  | { type: 'error'; code: string; message: string };
