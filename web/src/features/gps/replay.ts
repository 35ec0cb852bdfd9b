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

/** Largest log accepted for replay. Logs are read in chunks, so this bounds the time a replay
 * can take, not memory (256 MiB is days of a 10 Hz receiver). */
export const MAX_REPLAY_BYTES = 256 * 1024 * 1024;
/** Bytes read from the file at a time. */
export const READ_CHUNK_BYTES = 1024 * 1024;
/** Largest burst: a part of a log with no GGA/RMC time (binary data, say) goes out in pieces of
 * this size at the same time, never as one block. */
export const MAX_BURST_BYTES = 64 * 1024;

/** The message when a log is over [MAX_REPLAY_BYTES]. */
export function tooLargeMessage(bytes: number): string {
  const mb = (n: number) => `${Math.ceil(n / (1024 * 1024))} MB`;
  return `the log is ${mb(bytes)}; logs up to ${mb(MAX_REPLAY_BYTES)} can be replayed`;
}

/**
 * Splits a log into bursts as it is read, chunk by chunk: one burst per receiver epoch (a new
 * GGA/RMC time starts one), each timed from the first epoch. Time running backwards (a receiver
 * reset) adds no wait; a wrap past midnight counts forward. Works on bytes (no text decoding of
 * the whole log), holding at most the current burst.
 */
export class ReplayPlanner {
  private parts: Uint8Array[] = [];
  private partBytes = 0;
  /** The unfinished last line of the previous chunk (at most its first 32 bytes: past those
   * its time is known, and the rest streams on as `midLine`). */
  private line: Uint8Array[] = [];
  private lineBytes = 0;
  private midLine = false;
  private burstTime: number | null = null;
  private atMs = 0;

  /** Feeds the next chunk of the log (`last` for the final one); returns the finished bursts. */
  feed(chunk: Uint8Array, last: boolean): ReplayBurst[] {
    const out: ReplayBurst[] = [];
    let lineStart = 0;
    while (lineStart < chunk.length) {
      const newline = chunk.indexOf(10, lineStart);
      const lineEnd = newline < 0 ? chunk.length : newline + 1;
      const piece = chunk.subarray(lineStart, lineEnd);
      if (this.midLine) {
        this.add(piece, out);
        if (newline >= 0) this.midLine = false;
      } else if (newline < 0 && !last) {
        this.line.push(piece);
        this.lineBytes += piece.length;
        if (this.lineBytes >= 32) {
          this.endLine(new Uint8Array(0), out);
          this.midLine = true;
        }
      } else {
        this.endLine(piece, out);
      }
      lineStart = lineEnd;
    }
    if (last) {
      if (this.line.length) this.endLine(new Uint8Array(0), out);
      this.flush(out);
    }
    return out;
  }

  private endLine(tail: Uint8Array, out: ReplayBurst[]): void {
    const pieces = this.line.length ? [...this.line, tail] : [tail];
    this.line = [];
    this.lineBytes = 0;
    const head = headOf(pieces, 32);
    const time = epochTimeMs(head);
    if (time !== null && time !== this.burstTime) {
      if (this.burstTime !== null) {
        let delta = time - this.burstTime;
        if (delta < -DAY_MS / 2) delta += DAY_MS;
        this.flush(out);
        this.atMs += Math.max(0, delta);
      }
      this.burstTime = time;
    }
    for (const piece of pieces) this.add(piece, out);
  }

  private add(piece: Uint8Array, out: ReplayBurst[]): void {
    let at = 0;
    while (at < piece.length) {
      const take = Math.min(piece.length - at, MAX_BURST_BYTES - this.partBytes);
      this.parts.push(piece.subarray(at, at + take));
      this.partBytes += take;
      at += take;
      if (this.partBytes >= MAX_BURST_BYTES) this.flush(out);
    }
  }

  private flush(out: ReplayBurst[]): void {
    if (this.partBytes === 0) return;
    const [only] = this.parts;
    const bytes = this.parts.length === 1 && only ? only : concat(this.parts, this.partBytes);
    out.push({ atMs: this.atMs, bytes });
    this.parts = [];
    this.partBytes = 0;
  }
}

/** The first `n` bytes of a line split over `pieces`, as Latin-1 text (one char per byte). */
function headOf(pieces: Uint8Array[], n: number): string {
  let text = '';
  for (const piece of pieces) {
    for (const byte of piece.subarray(0, n - text.length)) text += String.fromCharCode(byte);
    if (text.length >= n) break;
  }
  return text;
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A whole log planned at once (tests, small logs): [ReplayPlanner] over one chunk. */
export function planReplay(bytes: Uint8Array): ReplayBurst[] {
  return new ReplayPlanner().feed(bytes, true);
}

/** Where a replay reads its log: a size and reads of byte ranges, immediate or not. */
export interface ReplaySource {
  size: number;
  read(start: number, end: number): Uint8Array | Promise<Uint8Array>;
}

/** A log already in memory. */
export function bytesSource(bytes: Uint8Array): ReplaySource {
  return { size: bytes.length, read: (start, end) => bytes.subarray(start, end) };
}

/** A file, read a slice at a time (`Blob.slice`), never whole. */
export function blobSource(blob: Pick<Blob, 'size' | 'slice'>): ReplaySource {
  return {
    size: blob.size,
    read: async (start, end) => new Uint8Array(await blob.slice(start, end).arrayBuffer()),
  };
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
  /** The log could not be read (the file went away, say); nothing more is sent. */
  onError(message: string): void;
}

/**
 * Plays a log at `speed`, reading it chunk by chunk; returns a function that stops it. With an
 * in-memory source the first burst goes out before this returns.
 */
export function playReplay(
  log: Uint8Array | ReplaySource,
  speed: ReplaySpeed,
  timers: ReplayTimers,
  handlers: ReplayHandlers,
): () => void {
  // Not `instanceof`: a Uint8Array from another realm (a worker, a test's jsdom) is one too.
  const source = 'read' in log ? log : bytesSource(log);
  let stopped = false;
  let pending: unknown = null;
  const stop = () => {
    stopped = true;
    if (pending !== null) timers.clearTimeout(pending);
    pending = null;
  };
  let offset = 0;
  let sent = 0;
  const progress = () => (source.size ? sent / source.size : 1);
  const finish = () => {
    stopped = true;
    handlers.onProgress(1);
    handlers.onDone();
  };

  /** Reads the next chunk, then hands it to `consume` (at once when the source is in memory). */
  const readNext = (consume: (chunk: Uint8Array, last: boolean) => void) => {
    const end = Math.min(source.size, offset + READ_CHUNK_BYTES);
    const done = (chunk: Uint8Array) => {
      if (stopped) return;
      offset = end;
      consume(chunk, offset >= source.size);
    };
    let result: Uint8Array | Promise<Uint8Array>;
    try {
      result = source.read(offset, end);
    } catch (error) {
      fail(error);
      return;
    }
    if ('then' in result) result.then(done, fail);
    else done(result);
  };
  const fail = (error: unknown) => {
    if (stopped) return;
    stop();
    handlers.onError(error instanceof Error ? error.message : String(error));
  };

  if (speed === Infinity) {
    // In pieces of FASTEST_CHUNK_BYTES, each a timer turn apart, so a long log never blocks
    // the page.
    let chunk: Uint8Array = new Uint8Array(0);
    let at = 0;
    let last = source.size === 0;
    const next = () => {
      pending = null;
      if (stopped) return;
      if (at >= chunk.length && !last) {
        readNext((c, isLast) => {
          chunk = c;
          at = 0;
          last = isLast;
          next();
        });
        return;
      }
      const end = Math.min(chunk.length, at + FASTEST_CHUNK_BYTES);
      if (end > at) handlers.push(chunk.subarray(at, end));
      sent += end - at;
      at = end;
      if (at >= chunk.length && last) {
        finish();
      } else {
        handlers.onProgress(progress());
        pending = timers.setTimeout(next, 0);
      }
    };
    next();
    return stop;
  }

  const planner = new ReplayPlanner();
  let queue: ReplayBurst[] = [];
  let q = 0;
  let eof = source.size === 0;
  const startedAt = timers.now();
  const next = () => {
    pending = null;
    if (stopped) return;
    // Everything due by now goes out; each burst is timed from the start, so waits do not
    // add up drift.
    for (;;) {
      const burst = queue[q];
      if (!burst) {
        if (eof) {
          finish();
          return;
        }
        readNext((chunk, last) => {
          eof = last;
          queue = planner.feed(chunk, last);
          q = 0;
          next();
        });
        return;
      }
      const due = startedAt + burst.atMs / speed;
      if (due > timers.now()) {
        handlers.onProgress(progress());
        pending = timers.setTimeout(next, Math.max(0, due - timers.now()));
        return;
      }
      q += 1;
      handlers.push(burst.bytes);
      sent += burst.bytes.length;
    }
  };
  next();
  return stop;
}
