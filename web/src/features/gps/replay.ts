// 'Replay an NMEA log' (training, demos, testing): a recorded log fed through the same
// parser as a serial receiver, at real time (paced by the sentences' own UTC times),
// 10× or as fast as possible.

/** Playback speeds offered; Infinity = as fast as possible. */
export const REPLAY_SPEEDS = [1, 10, Infinity] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

/** Part of a log sent at once: the sentences of one receiver epoch. */
export interface ReplayBurst {
  /** When to send it, ms after the first epoch, at real time. */
  atMs: number;
  bytes: Uint8Array;
}

/** Bytes sent per chunk when playing as fast as possible. */
export const FASTEST_CHUNK_BYTES = 16 * 1024;
const DAY_MS = 86_400_000;

/**
 * The UTC time of day (ms) of a GGA or RMC line (field 1, hhmmss[.sss]), or null. A cheap
 * reading of the line's prefix, only for pacing: the core does the real parsing.
 */
export function epochTimeMs(line: string): number | null {
  if (line.charCodeAt(0) !== 36 /* $ */) return null;
  const comma = line.indexOf(',');
  const kind = line.slice(comma - 3, comma);
  if (comma < 6 || (kind !== 'GGA' && kind !== 'RMC')) return null;
  const match = /^(\d{2})(\d{2})(\d{2}(?:\.\d+)?)[,*]/.exec(line.slice(comma + 1));
  if (!match) return null;
  const [, h, m, s] = match;
  return (Number(h) * 3600 + Number(m) * 60) * 1000 + Math.round(Number(s) * 1000);
}

/**
 * Splits a log into bursts, one per receiver epoch (a new GGA/RMC time starts one), each
 * timed from the first epoch. Time running backwards (a receiver reset) adds no wait; a
 * wrap past midnight counts forward.
 */
export function planReplay(bytes: Uint8Array): ReplayBurst[] {
  const text = new TextDecoder('latin1').decode(bytes);
  const bursts: ReplayBurst[] = [];
  let start = 0; // of the current burst, in bytes (latin1: one char per byte)
  let burstTime: number | null = null;
  let atMs = 0;
  let lineStart = 0;
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    lineEnd = lineEnd < 0 ? text.length : lineEnd + 1;
    const time = epochTimeMs(text.slice(lineStart, Math.min(lineEnd, lineStart + 32)));
    if (time !== null && time !== burstTime) {
      if (burstTime !== null) {
        let delta = time - burstTime;
        if (delta < -DAY_MS / 2) delta += DAY_MS;
        if (lineStart > start) bursts.push({ atMs, bytes: bytes.subarray(start, lineStart) });
        start = lineStart;
        atMs += Math.max(0, delta);
      }
      burstTime = time;
    }
    lineStart = lineEnd;
  }
  if (bytes.length > start) bursts.push({ atMs, bytes: bytes.subarray(start) });
  return bursts;
}

export interface ReplayTimers {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ReplayHandlers {
  push(bytes: Uint8Array): void;
  /** Fraction of the log sent, 0–1. */
  onProgress(fraction: number): void;
  onDone(): void;
}

/** Plays `bytes` at `speed`; returns a function that stops it. */
export function playReplay(bytes: Uint8Array, speed: ReplaySpeed, timers: ReplayTimers, handlers: ReplayHandlers): () => void {
  let stopped = false;
  let pending: unknown = null;
  const stop = () => {
    stopped = true;
    if (pending !== null) timers.clearTimeout(pending);
    pending = null;
  };

  if (speed === Infinity) {
    // Still in chunks, each a timer turn apart, so a long log never blocks the page.
    let at = 0;
    const next = () => {
      pending = null;
      if (stopped) return;
      const end = Math.min(bytes.length, at + FASTEST_CHUNK_BYTES);
      handlers.push(bytes.subarray(at, end));
      at = end;
      handlers.onProgress(bytes.length ? at / bytes.length : 1);
      if (at >= bytes.length) {
        stopped = true;
        handlers.onDone();
      } else {
        pending = timers.setTimeout(next, 0);
      }
    };
    next();
    return stop;
  }

  const bursts = planReplay(bytes);
  const startedAt = timers.now();
  let i = 0;
  const next = () => {
    pending = null;
    if (stopped) return;
    // Everything due by now goes out; the next burst is timed from the start, so waits
    // do not add up drift.
    let burst = bursts[i];
    while (burst && burst.atMs / speed <= timers.now() - startedAt) {
      handlers.push(burst.bytes);
      i += 1;
      burst = bursts[i];
    }
    handlers.onProgress(bursts.length ? i / bursts.length : 1);
    if (!burst) {
      stopped = true;
      handlers.onDone();
      return;
    }
    pending = timers.setTimeout(next, Math.max(0, startedAt + burst.atMs / speed - timers.now()));
  };
  next();
  return stop;
}
