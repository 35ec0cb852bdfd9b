// GENERATED from the Rust record types in crates/core/src/survey: do not edit.
// Rewrite with `npm run gen:types`; `cargo test` fails when this file and the Rust
// types disagree (crates/core/src/survey/typescript.rs, docs/record-model.md).

export type JsonValue = number | string | boolean | Array<JsonValue> | { [key in string]: JsonValue } | null;

export type LoadProfile = { 
/**
 * The load's height above the road, in metres.
 */
heightM?: number, 
/**
 * The load's width, in metres.
 */
widthM?: number, 
/**
 * The load's length, in metres.
 */
lengthM?: number, 
/**
 * The required buffer above the load, in metres.
 */
bufferM: number, 
/**
 * A margin from 0 up to this many metres is Tight.
 */
tightBandM: number, 
/**
 * The temperature expected on the day of the move, in °C (for the wire-sag flag).
 */
moveTempC?: number, 
/**
 * A wire surveyed more than this many °C cooler than the move is flagged for sag.
 */
sagDeltaC: number, };

export type ReadingMethod = "laser" | "polePass" | "poleStrike" | "tape" | "manual";

export type Reading = { 
/**
 * Where across the road: `left`, `centre`, `right`, `lane 2`… (free text).
 */
lane: string, method: ReadingMethod, 
/**
 * The figure, in metres.
 */
heightM: number, 
/**
 * The rangefinder reported a weak target (its quality digit).
 */
weak?: boolean, };

export type Survey = { surveyTitle: string, name: string, surveyorName: string, surveyor: string, clientName: string, customerName: string, id: string, createdAt?: JsonValue, active: boolean, 
/**
 * When the survey was last auto-saved, ISO 8601 UTC.
 */
lastAutoSaved?: string, projectNumber?: string, originAddress?: string, destinationAddress?: string, description?: string, notes?: string, enableVehicleTrace: boolean, enableAlertLog: boolean, outputFiles: Array<string>, 
/**
 * `null` or `"synced"`.
 */
cloudUploadStatus: string | null, syncId?: JsonValue, exportTarget?: JsonValue, convoyId?: JsonValue, fleetUnitRole?: JsonValue, plannedRouteId?: JsonValue, routeAnalysis?: JsonValue, aiUserModelId?: JsonValue, aiHistoryScore?: JsonValue, interventionType?: JsonValue, checklistCompleted: boolean, 
/**
 * Cloud only.
 */
lastSyncedAt?: JsonValue, 
/**
 * Cloud only.
 */
measurementsSynced?: JsonValue, 
/**
 * Cloud only: the owning account.
 */
ownerId?: JsonValue, 
/**
 * The load this survey is made for (issue 15); see [`crate::clearance`].
 */
loadProfile?: LoadProfile, } & ({ [key in string]: number | string | boolean | Array<JsonValue> | { [key in string]: JsonValue } | null });

export type Measurement = { id: string, 
/**
 * The survey this measurement belongs to.
 */
user_id: string, 
/**
 * Height (clearance) in metres.
 */
rel?: number, 
/**
 * GPS altitude in metres.
 */
altGPS?: number, latitude?: number, longitude?: number, utcDate?: string, utcTime?: string, 
/**
 * Speed in km/h.
 */
speed?: number, 
/**
 * Heading in degrees.
 */
heading?: number, 
/**
 * The road, usually a number (`1`, `"12"`); see [`crate::export::naming::road_code`].
 */
roadNumber?: string, poiNumber?: number, 
/**
 * The stored POI type (see [`crate::poi`]); empty for none.
 */
poi_type?: string, note?: string, 
/**
 * `manual` (the default) or `slaveApp`.
 */
source: string, imageUrl?: string, videoUrl?: string, drawingUrl?: string, 
/**
 * Width in metres.
 */
widthMeasure?: number, 
/**
 * Length in metres.
 */
lengthMeasure?: number, groundRef?: JsonValue, createdAt?: JsonValue, mileMarker?: JsonValue, addMethod?: JsonValue, generatedByAI?: JsonValue, fromHighPole?: JsonValue, fromSlave?: JsonValue, cloudUploadStatus?: JsonValue, photoCloudLink?: JsonValue, collectable?: JsonValue, slaveDeviceId?: JsonValue, replayKey?: JsonValue, frameIndex?: JsonValue, 
/**
 * Cloud only.
 */
lastSyncedAt?: JsonValue, 
/**
 * Readings per lane (issue 15): the height is the lowest; see
 * [`crate::clearance::readings`].
 */
readings?: Array<Reading>, 
/**
 * A wire's air temperature when surveyed, °C (for the sag flag).
 */
wireTempC?: number, 
/**
 * When a wire was surveyed, ISO 8601 or the time of day as typed.
 */
wireTime?: string, } & ({ [key in string]: number | string | boolean | Array<JsonValue> | { [key in string]: JsonValue } | null });

export type MediaKind = "image" | "video" | "drawing";

export type MediaRecord = { id: string, 
/**
 * The measurement this medium belongs to.
 */
measurementId: string, 
/**
 * The survey of that measurement (so a survey's media are found without its
 * measurements).
 */
surveyId: string, 
/**
 * `image`, `video` or `drawing`.
 */
kind: MediaKind, 
/**
 * The MIME type of the bytes (`image/jpeg`, `video/webm`, `image/png`...).
 */
type: string, 
/**
 * The size of the bytes.
 */
size: number, 
/**
 * When the medium was taken, ISO 8601 UTC.
 */
createdAt: string, };

export type GeoPoint = { lat: number, lng: number, };

export type RoutePointType = "origin" | "waypoint" | "destination";

export type RoutePoint = { id: string, routeId: string, 
/**
 * `[lat, lng]`.
 */
position: [number, number], type: RoutePointType, order: number | null, } & ({ [key in string]: number | string | boolean | Array<JsonValue> | { [key in string]: JsonValue } | null });

export type Route = { id: string, surveyId: string, name: string, routeNumber?: string, description?: string, color: string, points: Array<RoutePoint>, routeGeometry: Array<GeoPoint>, createdAt?: JsonValue, updatedAt?: JsonValue, } & ({ [key in string]: number | string | boolean | Array<JsonValue> | { [key in string]: JsonValue } | null });

export type VehicleTracePoint = { id: string, surveyId: string, routeId?: JsonValue, timestamp?: JsonValue, latitude: number, longitude: number, 
/**
 * km/h.
 */
speed?: number, 
/**
 * Degrees.
 */
heading?: number, 
/**
 * The fix was lost (or the app suspended) before this point: it starts a new segment,
 * and no line joins it to the point before. `None` (not written) reads as `false`.
 */
gapBefore?: boolean, 
/**
 * Cloud only.
 */
lastSyncedAt?: JsonValue, } & ({ [key in string]: number | string | boolean | Array<JsonValue> | { [key in string]: JsonValue } | null });

export type Alert = { id: string, surveyId: string, createdAt?: JsonValue, } & ({ [key in string]: number | string | boolean | Array<JsonValue> | { [key in string]: JsonValue } | null });

export type NewSurvey = { id: string, 
/**
 * ISO 8601 UTC.
 */
createdAt: string, surveyTitle: string, surveyorName: string, clientName: string, projectNumber: string, originAddress: string, destinationAddress: string, description: string, notes: string, enableVehicleTrace: boolean, enableAlertLog: boolean, };

export type NewMeasurement = { id: string, surveyId: string, 
/**
 * ISO 8601 UTC: when it was taken.
 */
createdAt: string, 
/**
 * `YYYY-MM-DD` and `hh:mm:ss`, UTC.
 */
utcDate: string, utcTime: string, 
/**
 * Height in metres.
 */
rel?: number | null, roadNumber?: string | null, poiNumber?: number | null, poiType?: string | null, note?: string | null, widthMeasure?: number | null, lengthMeasure?: number | null, latitude?: number | null, longitude?: number | null, 
/**
 * GPS altitude in metres.
 */
altitude?: number | null, 
/**
 * km/h.
 */
speed?: number | null, 
/**
 * Course over ground, degrees.
 */
course?: number | null, };
