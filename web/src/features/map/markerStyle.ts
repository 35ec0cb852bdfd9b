// What a measurement's marker shows, as data for the map's layers (dataLayers.ts styles by
// these properties, so a new one — a flag, a state — is a property here and a paint rule
// there): its POI type's colour and icon from the core's table, and its clearance status
// against the survey's load (Pass / Tight / Fail, judged by the core; '' without a load).
import type { ClearanceCore } from '../../core/clearance';
import type { PoiTypeInfo } from '../../core/survey';
import type { LoadProfile, Measurement } from '../../model';
import type { MarkerStyler } from './featureLayer';
import { poiStyle } from './mapData';

/** The ring drawn round a marker for each clearance status. */
export const STATUS_RING = { Pass: '#16a34a', Tight: '#f59e0b', Fail: '#dc2626' } as const;

/** The styler for the markers of a survey: POI style cached per type, status from the core. */
export function markerStyler(table: readonly PoiTypeInfo[], clearance: ClearanceCore | null, load: LoadProfile | null | undefined): MarkerStyler {
  const styles = new Map<string, { colour: string; icon: string }>();
  // The core's verdict depends only on the clearance inputs (the height, the readings, and for
  // a wire its type, temperature and time) and the load: a survey repeats them a lot (heights
  // are typed to the cm or mm), so each distinct set is judged by the core once per styler.
  const verdicts = new Map<string, string>();
  const judge =
    clearance && load
      ? (m: Measurement) => {
          const key = `${m.rel}|${m.poi_type}|${m.readings ? JSON.stringify(m.readings) : ''}|${m.wireTempC}|${m.wireTime}`;
          let status = verdicts.get(key);
          if (status === undefined) {
            status = clearance.assess(m, load)?.status ?? '';
            verdicts.set(key, status);
          }
          return status;
        }
      : () => '';
  return (m) => {
    const type = m.poi_type ?? '';
    let style = styles.get(type);
    if (!style) {
      const { colour, icon } = poiStyle(table, type);
      style = { colour, icon };
      styles.set(type, style);
    }
    let status = '';
    try {
      status = judge(m);
    } catch (error) {
      // A record the core cannot judge keeps its plain marker; the list shows why.
      console.warn('Map: no clearance status for', m.id, error);
    }
    return { ...style, status };
  };
}
