// The record model (SPEC §3) as the app stores it. Interim hand-written types: they are
// replaced by the types generated from the Rust core (crates/core/src/survey), so every layer
// imports records from here and nowhere else. Types only: nothing here runs.

/** SPEC §3 Survey. Unknown fields from other versions are kept as they came. */
export interface Survey {
  id: string;
  createdAt: string;
  active: boolean;
  lastAutoSaved: string | null;
  surveyTitle: string;
  name: string;
  surveyorName: string;
  surveyor: string;
  clientName: string;
  customerName: string;
  projectNumber: string;
  originAddress: string;
  destinationAddress: string;
  description: string;
  notes: string;
  enableVehicleTrace: boolean;
  enableAlertLog: boolean;
  outputFiles: string[];
  cloudUploadStatus: 'synced' | null;
  checklistCompleted: boolean;
  [field: string]: unknown;
}

/** SPEC §3 Measurement. The survey id is held in `user_id`. */
export interface Measurement {
  id: string;
  user_id: string;
  rel: number;
  altGPS: number | null;
  latitude: number | null;
  longitude: number | null;
  utcDate: string;
  utcTime: string;
  speed: number | null;
  heading: number | null;
  roadNumber: string;
  poiNumber: number;
  poi_type: string;
  note: string;
  source: 'manual' | 'slaveApp';
  widthMeasure: number | null;
  lengthMeasure: number | null;
  createdAt: string;
  imageUrl?: string | null;
  videoUrl?: string | null;
  drawingUrl?: string | null;
  [field: string]: unknown;
}

export interface Route {
  id: string;
  surveyId: string;
  name: string;
  routeNumber?: string;
  description?: string;
  color: string;
  points?: unknown[];
  routeGeometry?: { lat: number; lng: number }[];
  createdAt: string;
  updatedAt: string;
  [field: string]: unknown;
}

export interface RoutePoint {
  id: string;
  routeId: string;
  position: [number, number];
  type: 'origin' | 'waypoint' | 'destination';
  order: number;
  [field: string]: unknown;
}

export interface VehicleTracePoint {
  id: string;
  surveyId: string;
  routeId?: string | null;
  timestamp: string;
  latitude: number;
  longitude: number;
  speed?: number | null;
  heading?: number | null;
  [field: string]: unknown;
}

export interface Alert {
  id: string;
  surveyId: string;
  createdAt: string;
  [field: string]: unknown;
}

export type MediaKind = 'image' | 'video' | 'drawing';

/** A photo, video or drawing of a measurement: its metadata (the bytes live in storage). */
export interface MediaRecord {
  id: string;
  measurementId: string;
  surveyId: string;
  kind: MediaKind;
  /** MIME type, e.g. image/jpeg. */
  type: string;
  /** Bytes. */
  size: number;
  createdAt: string;
}

/** A medium as the local store keeps it: the record and its bytes. */
export interface StoredMedia extends MediaRecord {
  blob: Blob;
}
