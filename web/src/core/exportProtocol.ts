// Messages between the app and the export worker (export.worker.ts).
import type { Alert, MediaKind, Route, Survey, VehicleTracePoint } from '../model';
import type { PreviousPoi } from './clearance';
import type { MeasurementColumns } from './measurementColumns';

/**
 * A survey's records as they cross: the survey and the small record sets as objects
 * (structured clone), the measurements as column batches (buffers transferred).
 */
export interface RecordsMessage {
  survey: Survey;
  measurements: MeasurementColumns[];
  routes: readonly Route[];
  traces: readonly VehicleTracePoint[];
  alerts: readonly Alert[];
  /**
   * The worker already holds the survey and its measurements, sent ahead while they were
   * read ('records-open', 'records-add': ExportFeed); `measurements` adds to them.
   */
  held?: boolean;
}

export type DocumentFormat = 'csv' | 'json' | 'geojson' | 'gpx' | 'kml';
export type ArchiveKind = 'zip' | 'backup';
export type { MediaKind };

export type ToExportWorker =
  /** A survey whose measurements follow in 'records-add' batches, for the next export. */
  | { type: 'records-open'; survey: Survey }
  | { type: 'records-add'; measurements: MeasurementColumns }
  | { type: 'document'; records: RecordsMessage; format: string }
  | { type: 'archive-start'; records: RecordsMessage; kind: ArchiveKind; created: string }
  | { type: 'archive-media'; measurementId: string; kind: MediaKind; bytes: ArrayBuffer }
  | { type: 'archive-finish' }
  | { type: 'archive-abort' }
  /** The survey report PDF (issue 15): fonts and photos as bytes, photo ids one per line. */
  | {
      type: 'report';
      records: RecordsMessage;
      regularFont: ArrayBuffer;
      boldFont: ArrayBuffer;
      units: 'metric' | 'feetInches';
      photoIds: string;
      photoBytes: ArrayBuffer;
      photoLengths: Uint32Array;
      /** The previous survey's POIs for "Against the previous survey", or null. */
      previous: PreviousPoi[] | null;
    };

export type FromExportWorker =
  /**
   * A document, or the bytes an archive step wrote (in order): one reply per step, which
   * also says the archive is ready for the next medium or the finish.
   */
  | { type: 'bytes'; bytes: ArrayBuffer; last: boolean; count?: number }
  | { type: 'error'; code: string; message: string };
