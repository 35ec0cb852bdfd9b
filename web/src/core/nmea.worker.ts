// The NMEA worker: serial bytes → the core's NmeaStream → a compact snapshot for the UI,
// off the main thread. Bytes arrive as a transferred ReadableStream (a serial port's
// `readable`) or as transferred chunks (a replayed log). Parsing happens per chunk; the
// snapshot (27 numbers + the raw sentences when they changed) is posted at most once per
// SNAPSHOT_INTERVAL_MS, never per sentence.
import init, { NmeaStream, nmeaStateFields } from './pkg/clearway_wasm.js';
import { SNAPSHOT_INTERVAL_MS, type FromWorker, type ToWorker } from './nmeaProtocol';

const scope = self as unknown as {
  postMessage(message: FromWorker, options?: StructuredSerializeOptions): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void;
};
const post = (message: FromWorker, transfer: Transferable[] = []) => scope.postMessage(message, { transfer });

let fields: string[] = [];
let slots = 0;
let sentencesAt = -1;
let positionsAt = -1;
let stream: NmeaStream | null = null;
let counted = { positions: 0, sentences: 0 };

let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
let stopping = false;

let timer: ReturnType<typeof setTimeout> | null = null;
let lastPost = -Infinity;

function parser(): NmeaStream {
  stream ??= new NmeaStream();
  return stream;
}

function push(bytes: Uint8Array) {
  parser().push(bytes);
  schedule();
}

function schedule() {
  if (timer !== null) return;
  const wait = Math.max(0, lastPost + SNAPSHOT_INTERVAL_MS - performance.now());
  timer = setTimeout(flush, wait);
}

function flush() {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  const state = new Float64Array(slots);
  parser().readState(state);
  const positions = state[positionsAt] ?? 0;
  const sentences = state[sentencesAt] ?? 0;
  const newPositions = positions - counted.positions;
  const newSentences = sentences - counted.sentences;
  if (newPositions === 0 && newSentences === 0) return;
  counted = { positions, sentences };
  lastPost = performance.now();
  const raw = newSentences > 0 ? parser().rawSentences() : null;
  post({ type: 'snapshot', state, newPositions, newSentences, raw }, [state.buffer]);
}

async function read(id: number, readable: ReadableStream<Uint8Array>) {
  await stop();
  const current = readable.getReader();
  reader = current;
  try {
    for (;;) {
      const { value, done } = await current.read();
      if (done) break;
      if (value?.byteLength) push(value);
    }
    if (!stopping) {
      flush();
      post({ type: 'stream-ended', id });
    }
  } catch (error) {
    flush();
    const name = error instanceof Error || error instanceof DOMException ? error.name : 'Error';
    const message = error instanceof Error || error instanceof DOMException ? error.message : String(error);
    if (!stopping) post({ type: 'stream-error', id, name, message });
  } finally {
    current.releaseLock();
    if (reader === current) reader = null;
  }
}

async function stop() {
  const current = reader;
  if (!current) return;
  stopping = true;
  try {
    await current.cancel();
  } catch {
    // already errored
  }
  // Wait for the read loop to release the lock.
  while (reader === current) await new Promise((resolve) => setTimeout(resolve, 0));
  stopping = false;
}

function handle(message: ToWorker) {
  switch (message.type) {
    case 'read':
      void read(message.id, message.readable);
      break;
    case 'chunk':
      push(new Uint8Array(message.bytes));
      break;
    case 'finish':
      parser().finish();
      flush();
      break;
    case 'stop':
      void stop().then(() => post({ type: 'stopped', id: message.id }));
      break;
    case 'reset':
      if (timer !== null) flush();
      stream?.free();
      stream = null;
      counted = { positions: 0, sentences: 0 };
      break;
  }
}

const ready = init().then(
  () => {
    fields = nmeaStateFields().split(',');
    slots = fields.length;
    positionsAt = fields.indexOf('positions');
    sentencesAt = fields.indexOf('sentences');
    post({ type: 'ready', fields });
    return true;
  },
  (error: unknown) => {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    return false;
  },
);

// Messages are handled in order, after the core has loaded.
let queue: Promise<unknown> = ready;
scope.addEventListener('message', (event) => {
  queue = queue.then((ok) => {
    if (ok !== false) handle(event.data);
    return ok;
  });
});
