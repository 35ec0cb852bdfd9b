// Reads a serial port's stream on the page and hands its bytes on in batches: at most one
// batch per `intervalMs`, however small the chunks the driver delivers. A 20 Hz receiver
// sends ~200 chunks of 64 bytes a second; piping them one by one to the parser's worker
// cost the main thread a message each (130–200 ms a second at 4× CPU throttling, measured
// by scripts/bench/gps-panel.mjs). Batched, the same bytes cross in ~10 messages a second.

/** Where the bytes go. `onBytes` owns the array it is given (a fresh copy each time). */
export interface BatchSink {
  onBytes(bytes: Uint8Array): void;
  /** The stream ended (done); the last batch was delivered first. */
  onEnd(): void;
  /** The stream failed (a DOMException, as Web Serial raises); the last batch was delivered first. */
  onError(error: unknown): void;
}

export interface BatchTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface BatchedRead {
  /** Cancels the stream (which unlocks the port) and drops bytes not yet delivered; neither onEnd nor onError follows. */
  stop(): Promise<void>;
}

/** A batch is delivered at once when it reaches this size (a timer throttled in a background tab must not let it grow). */
export const MAX_BATCH_BYTES = 64 * 1024;

/** Concatenates `parts` (of `total` bytes) into one new array. */
export function concatBytes(parts: readonly Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

/** Starts reading `readable` (it stays locked until the stream ends or `stop`). */
export function readInBatches(readable: ReadableStream<Uint8Array>, sink: BatchSink, intervalMs: number, timers: BatchTimers): BatchedRead {
  const reader = readable.getReader();
  let parts: Uint8Array[] = [];
  let total = 0;
  let timer: unknown = null;
  let stopped = false;

  const deliver = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    if (total === 0 || stopped) return;
    const bytes = concatBytes(parts, total);
    parts = [];
    total = 0;
    sink.onBytes(bytes);
  };

  const loop = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        if (!value?.byteLength) continue;
        parts.push(value);
        total += value.byteLength;
        if (total >= MAX_BATCH_BYTES) deliver();
        else timer ??= timers.setTimeout(deliver, intervalMs);
      }
      deliver();
      if (!stopped) sink.onEnd();
    } catch (error) {
      deliver();
      if (!stopped) sink.onError(error);
    } finally {
      reader.releaseLock();
    }
  })();

  return {
    stop: async () => {
      if (stopped) return loop;
      stopped = true;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      parts = [];
      total = 0;
      try {
        await reader.cancel();
      } catch {
        // the stream had already errored
      }
      await loop;
    },
  };
}
