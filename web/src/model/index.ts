// The record model (docs/record-model.md): the TypeScript types of Clearway's records,
// generated from the Rust types in crates/core/src/survey (records.generated.ts; rewrite
// with `npm run gen:types`), plus the few types that exist only in the app. Types only:
// every layer may import this folder; it imports nothing of the app (lint enforces both).
import type { MediaRecord } from './records.generated';

export type {
  Alert,
  GeoPoint,
  JsonValue,
  LoadProfile,
  Measurement,
  MediaKind,
  MediaRecord,
  NewMeasurement,
  NewSurvey,
  Reading,
  ReadingMethod,
  Route,
  RoutePoint,
  RoutePointType,
  Survey,
  VehicleTracePoint,
} from './records.generated';

/** A medium as the app's storage keeps it: the core's record and its bytes. */
export type StoredMedia = MediaRecord & { blob: Blob };
