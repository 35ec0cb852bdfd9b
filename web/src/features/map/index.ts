// The map feature (issue 12 points 2 and 3): the field map (maplibre, loaded lazily) and the
// offline basemap's settings (a PMTiles file kept in OPFS).
export { FieldMap } from './FieldMap';
export type { FieldMapProps } from './FieldMap';
export type { DraftRoute, MapPoint } from './mapData';
export { OfflineMapSettings } from './OfflineMapSettings';
