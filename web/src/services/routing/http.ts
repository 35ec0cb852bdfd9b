// One GET that answers JSON within a time limit, shared by the directions and OSRM clients.
// The limit is an AbortController fired by a timer; the timer is injectable so tests can
// reach SPEC §9's 15 s without waiting 15 s. Every way the call can fail becomes a
// RoutingServiceError with a code and a sentence the app can log or show.

/** SPEC §9 "Directions timeout": 15 s (SPEC §7 gives the open routing service the same). */
export const ROUTING_TIMEOUT_MS = 15_000;

/** Why a routing service gave no usable route. */
export type RoutingServiceErrorCode =
  /** No answer within the time limit. */
  | 'timeout'
  /** The request never got an HTTP answer (refused, DNS, CORS, offline). */
  | 'network'
  /** An HTTP error status with no readable answer in the body. */
  | 'http'
  /** The body is not JSON, or not the documented shape. */
  | 'invalid-response'
  /** The service answered in its own terms that it has no route (a status or code). */
  | 'refused'
  /** The service's URL (a setting) is not an http(s) URL. */
  | 'invalid-url';

export class RoutingServiceError extends Error {
  readonly code: RoutingServiceErrorCode;

  constructor(code: RoutingServiceErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RoutingServiceError';
    this.code = code;
  }
}

/** A timer the request arms for its time limit (the global one unless a test gives its own). */
export interface RequestTimer {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const systemTimer: RequestTimer = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What the HTTP clients need from the outside world; each part has a default. */
export interface RequestOptions {
  /** The fetch to use (the global one by default). */
  fetch?: typeof fetch;
  timer?: RequestTimer;
  /** The time limit, ms ({@link ROUTING_TIMEOUT_MS} by default). */
  timeoutMs?: number;
}

export interface JsonAnswer {
  /** The HTTP status. */
  status: number;
  /** The parsed body. */
  body: unknown;
}

/**
 * GETs `url` and parses its body as JSON, within the time limit (the body included).
 * HTTP error statuses are returned, not thrown, when the body is JSON: both services
 * explain their refusals in the body (OSRM answers NoRoute with HTTP 400).
 * `service` names the service in the error messages ('Directions service', 'OSRM').
 */
export async function getJson(url: string, service: string, options: RequestOptions = {}): Promise<JsonAnswer> {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timer = options.timer ?? systemTimer;
  const timeoutMs = options.timeoutMs ?? ROUTING_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const handle = timer.set(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const seconds = `${Math.round(timeoutMs / 100) / 10} s`;
  try {
    let response: Response;
    try {
      response = await fetchImpl(url, { method: 'GET', signal: controller.signal, headers: { Accept: 'application/json' } });
    } catch (cause) {
      if (timedOut) throw new RoutingServiceError('timeout', `${service} did not answer within ${seconds}`, { cause });
      const detail = cause instanceof Error ? cause.message : String(cause);
      throw new RoutingServiceError('network', `${service} could not be reached (${detail})`, { cause });
    }
    let text: string;
    try {
      text = await response.text();
    } catch (cause) {
      if (timedOut) throw new RoutingServiceError('timeout', `${service} did not answer within ${seconds}`, { cause });
      throw new RoutingServiceError('network', `${service} broke off its answer`, { cause });
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (cause) {
      if (!response.ok) throw new RoutingServiceError('http', `${service} answered HTTP ${response.status}`, { cause });
      throw new RoutingServiceError('invalid-response', `${service} sent an answer that is not JSON`, { cause });
    }
    return { status: response.status, body };
  } finally {
    timer.clear(handle);
  }
}

/** Parses a base URL from the settings; only http and https are accepted. */
export function parseServiceUrl(raw: string, setting: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch (cause) {
    throw new RoutingServiceError('invalid-url', `${setting} is not a valid URL: '${raw}'`, { cause });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RoutingServiceError('invalid-url', `${setting} must start with http:// or https://: '${raw}'`);
  }
  return url;
}

/** A plain object (not null, not an array), for reading untrusted JSON. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A position in degrees, latitude first (SPEC §3 Route point: [lat, lng]). */
export interface LatLng {
  lat: number;
  lng: number;
}

/** True when both numbers are finite and within ±90° / ±180°. */
export function isValidLatLng(point: LatLng): boolean {
  return (
    Number.isFinite(point.lat) && Number.isFinite(point.lng) && Math.abs(point.lat) <= 90 && Math.abs(point.lng) <= 180
  );
}
