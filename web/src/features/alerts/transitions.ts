// Which alerts the GPS and the local store raise (issue 12 point 12), pure: fed the GPS
// state and the clock (or a storage event), it returns the alerts to log, once per
// transition, never once per observation.
//
// The fix's health, from the GPS state at a time:
//   fresh — a position from a source, not 'No Fix', at most STALE_FIX_MS (10 s) old
//   stale — the same, older than 10 s (the receiver went quiet)
//   lost  — no source, no position, or 'No Fix' (after a fix was had)
//   none  — never had a fix yet (nothing to lose: no alert)
// Alerts: fresh → stale 'fix-stale'; fresh/stale → lost 'gps-lost'; stale/lost → fresh
// 'gps-regained'. The serial link becoming 'disconnected' is 'serial-disconnected'.
import type { JsonValue } from '../../model';
import type { StorageEvent } from '../../services/storage';
import { GPS_DISCONNECTED, STALE_FIX_MS, STALE_FIX_WARNING, type GpsView } from '../gps';

export type AlertKind = 'gps-lost' | 'gps-regained' | 'fix-stale' | 'serial-disconnected' | 'storage-emergency' | 'route-fallback';

/** Every kind the app logs, with the label the alert log shows, in the filter's order. */
export const ALERT_KINDS: readonly { kind: AlertKind; label: string }[] = [
  { kind: 'gps-lost', label: 'GPS lost' },
  { kind: 'gps-regained', label: 'GPS regained' },
  { kind: 'fix-stale', label: 'Fix stale' },
  { kind: 'serial-disconnected', label: 'Serial disconnected' },
  { kind: 'storage-emergency', label: 'Storage emergency' },
  { kind: 'route-fallback', label: 'Route calculation fallback' },
];

/** The label of a kind (a kind logged by a later version shows as it was written). */
export const kindLabel = (kind: string): string => ALERT_KINDS.find((k) => k.kind === kind)?.label ?? kind;

/** An alert before it is stored: its kind, message and any caller-supplied fields. */
export interface AlertDraft {
  kind: AlertKind;
  message: string;
  fields?: Record<string, JsonValue>;
}

export type FixHealth = 'none' | 'fresh' | 'stale' | 'lost';

export type GpsObservation = Pick<GpsView, 'source' | 'latitude' | 'fixQuality' | 'lastUpdate' | 'serial'>;

function healthOf(gps: GpsObservation, now: number, hadFix: boolean): FixHealth {
  const usable = gps.source !== 'none' && gps.latitude !== null && gps.fixQuality !== 'No Fix' && gps.lastUpdate !== null;
  if (!usable) return hadFix ? 'lost' : 'none';
  return now - (gps.lastUpdate ?? now) > STALE_FIX_MS ? 'stale' : 'fresh';
}

function lostReason(gps: GpsObservation): string {
  if (gps.source === 'none') return 'no position source';
  if (gps.fixQuality === 'No Fix') return `the ${gps.source === 'serial' ? 'receiver' : 'browser'} reports no fix`;
  return 'no position';
}

/** Watches the GPS state; `observe` returns the alerts its changes raise. */
export class GpsAlertWatcher {
  private health: FixHealth = 'none';
  private serialKind: GpsObservation['serial']['kind'] | null = null;

  observe(gps: GpsObservation, now: number): AlertDraft[] {
    const alerts: AlertDraft[] = [];
    const next = healthOf(gps, now, this.health !== 'none');
    const before = this.health;
    if (next !== before) {
      const ageS = gps.lastUpdate === null ? null : Math.round((now - gps.lastUpdate) / 1000);
      if (next === 'stale' && before === 'fresh') {
        alerts.push({ kind: 'fix-stale', message: `${STALE_FIX_WARNING}: no update for ${ageS} s`, fields: { source: gps.source } });
      } else if (next === 'lost' && (before === 'fresh' || before === 'stale')) {
        alerts.push({ kind: 'gps-lost', message: `GPS lost: ${lostReason(gps)}`, fields: { source: gps.source } });
      } else if (next === 'fresh' && (before === 'stale' || before === 'lost')) {
        alerts.push({ kind: 'gps-regained', message: `GPS regained (${gps.source})`, fields: { source: gps.source } });
      }
      this.health = next;
    }
    const serial = gps.serial.kind;
    if (serial === 'disconnected' && this.serialKind !== null && this.serialKind !== 'disconnected') {
      alerts.push({ kind: 'serial-disconnected', message: gps.serial.kind === 'disconnected' ? gps.serial.message : GPS_DISCONNECTED });
    }
    this.serialKind = serial;
    return alerts;
  }
}

/** The alert a storage event raises (SPEC §8 wording where it has one), or null. */
export function storageAlert(event: StorageEvent): AlertDraft | null {
  switch (event.type) {
    case 'emergency-mode':
      return {
        kind: 'storage-emergency',
        message: `Using emergency storage mode (${event.tier === 'durable' ? 'emergency database' : 'localStorage'}): ${event.reason}`,
        fields: { tier: event.tier },
      };
    case 'at-risk':
      return { kind: 'storage-emergency', message: 'Storage is full: records are kept only in localStorage, which a browser crash can lose' };
    case 'critical':
      return { kind: 'storage-emergency', message: event.message };
    case 'recovered':
      return { kind: 'storage-emergency', message: `Emergency data recovered: ${event.count} records written back to the database` };
    case 'emergency-loaded':
    case 'emergency-initialized':
      return null;
  }
}

/** What a route calculation reports (features/routes CalculatedRoute, structurally). */
export interface RouteOutcome {
  source: string;
  fallbacks: readonly { source: string; code: string; message: string }[];
}

const SOURCE_NAMES: Record<string, string> = { directions: 'the directions service', osrm: 'OSRM', 'straight-lines': 'straight lines' };

/**
 * The 'route-fallback' alert of a route calculation: when a service failed, or when the
 * route is straight lines (no service could be asked, e.g. offline); null when the first
 * service asked answered.
 */
export function routeFallbackAlert(result: RouteOutcome): AlertDraft | null {
  if (result.fallbacks.length === 0 && result.source !== 'straight-lines') return null;
  const failed = result.fallbacks.map((f) => `${SOURCE_NAMES[f.source] ?? f.source}: ${f.message}`);
  const used = SOURCE_NAMES[result.source] ?? result.source;
  return {
    kind: 'route-fallback',
    message: failed.length > 0 ? `Route calculated with ${used} (${failed.join('; ')})` : `Route calculated with ${used} (no routing service could be asked)`,
    fields: { source: result.source, fallbacks: result.fallbacks.map((f) => ({ ...f })) },
  };
}
