// The serial port's stream, read in batches: what reaches the parser, when, and how a read ends.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { MAX_BATCH_BYTES, readInBatches, type BatchSink } from './batchedReader';

const timers = {
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

function port() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const readable = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  return { readable, controller };
}

function sink() {
  const got = { batches: [] as Uint8Array[], ended: 0, errors: [] as unknown[] };
  const s: BatchSink = {
    onBytes: (bytes) => got.batches.push(bytes),
    onEnd: () => (got.ended += 1),
    onError: (error) => got.errors.push(error),
  };
  return { got, s };
}

const bytesOf = (n: number, from = 0) => Uint8Array.from({ length: n }, (_, i) => (from + i) % 251);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('chunks that arrive within the interval cross as one batch, in order, byte for byte', async () => {
  const { readable, controller } = port();
  const { got, s } = sink();
  readInBatches(readable, s, 100, timers);
  const chunks = Array.from({ length: 30 }, (_, i) => bytesOf(64, i * 64));
  for (const chunk of chunks) controller.enqueue(chunk);
  await vi.advanceTimersByTimeAsync(50);
  expect(got.batches).toHaveLength(0);
  await vi.advanceTimersByTimeAsync(50);
  expect(got.batches).toHaveLength(1);
  const [batch] = got.batches as [Uint8Array];
  expect([...batch]).toEqual([...bytesOf(30 * 64)]);
  // The batch is the sink's own: not one of the stream's chunks.
  expect(chunks.some((c) => c.buffer === batch.buffer)).toBe(false);

  controller.enqueue(bytesOf(5));
  await vi.advanceTimersByTimeAsync(100);
  expect(got.batches).toHaveLength(2);
  await vi.advanceTimersByTimeAsync(1000);
  expect(got.batches).toHaveLength(2); // nothing new, nothing sent
});

it('a batch that reaches MAX_BATCH_BYTES is sent at once (a throttled timer cannot let it grow)', async () => {
  const { readable, controller } = port();
  const { got, s } = sink();
  readInBatches(readable, s, 100, timers);
  controller.enqueue(bytesOf(MAX_BATCH_BYTES));
  await vi.advanceTimersByTimeAsync(0);
  expect(got.batches.map((b) => b.byteLength)).toEqual([MAX_BATCH_BYTES]);
});

it('the end of the stream sends what is left first, then onEnd', async () => {
  const { readable, controller } = port();
  const { got, s } = sink();
  readInBatches(readable, s, 100, timers);
  controller.enqueue(bytesOf(10));
  controller.close();
  await vi.advanceTimersByTimeAsync(0);
  expect(got.batches.map((b) => b.byteLength)).toEqual([10]);
  expect(got.ended).toBe(1);
  expect(readable.locked).toBe(false);
});

it('a read error sends what is left first, then onError with the error', async () => {
  const { readable, controller } = port();
  const { got, s } = sink();
  readInBatches(readable, s, 100, timers);
  controller.enqueue(bytesOf(10));
  await vi.advanceTimersByTimeAsync(0);
  const lost = new DOMException('The device has been lost.', 'NetworkError');
  controller.error(lost);
  await vi.advanceTimersByTimeAsync(0);
  expect(got.batches.map((b) => b.byteLength)).toEqual([10]);
  expect(got.errors).toEqual([lost]);
  expect(got.ended).toBe(0);
  expect(readable.locked).toBe(false);
});

it('stop cancels the stream, unlocks it, drops what was not sent, and reports no end', async () => {
  let cancelled = 0;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const readable = new ReadableStream<Uint8Array>({ start: (c) => (controller = c), cancel: () => void (cancelled += 1) });
  const { got, s } = sink();
  const read = readInBatches(readable, s, 100, timers);
  controller.enqueue(bytesOf(10));
  await vi.advanceTimersByTimeAsync(0);
  await read.stop();
  expect(cancelled).toBe(1);
  expect(readable.locked).toBe(false);
  await vi.advanceTimersByTimeAsync(1000);
  expect(got).toEqual({ batches: [], ended: 0, errors: [] });
  await read.stop(); // twice is harmless
});
