// The NMEA worker: serial bytes → the core's NmeaStream → a compact snapshot for the UI,
// off the main thread. Bytes come from the serial port read here, where the browser allows
// it (serialInWorker.ts), or arrive as transferred chunks: batches read from the port on the
// page (one message per ~100 ms, not one per driver chunk) or a replayed log.
// Parsing happens per chunk; the snapshot (28 numbers + the raw sentences when they
// changed) is posted at most once per SNAPSHOT_INTERVAL_MS, never per sentence.
import { hasWasmSimd, loadFailureMessage } from './loadFailure';
import init, { NmeaStream, nmeaStateFields } from './pkg/clearway_wasm.js';
import { SNAPSHOT_INTERVAL_MS, type FromWorker, type ToWorker } from './nmeaProtocol';
import { WorkerPortReader, type WorkerSerial } from './serialInWorker';

const scope = self as unknown as {
  postMessage(message: FromWorker, options?: StructuredSerializeOptions): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void;
};
const post = (message: FromWorker, transfer: Transferable[] = []) => scope.postMessage(message, { transfer });

let fields: string[] = [];
let slots = 0;
/** The counters a snapshot reports on, by slot: one is posted when any of them moved. */
const COUNTERS = ['positions', 'valid', 'sentences', 'notNmea', 'overlong'] as const;
type Counted = Record<(typeof COUNTERS)[number], number>;
const ZERO: Counted = { positions: 0, valid: 0, sentences: 0, notNmea: 0, overlong: 0 };
let slotOf: Counted = { ...ZERO };
let stream: NmeaStream | null = null;
let counted: Counted = { ...ZERO };

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
  timer = setTimeout(() => {
    try {
      flush();
    } catch (error) {
      void broken(error);
    }
  }, wait);
}

function flush() {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  const state = new Float64Array(slots);
  parser().readState(state);
  const now = { ...ZERO };
  for (const name of COUNTERS) now[name] = state[slotOf[name]] ?? 0;
  if (COUNTERS.every((name) => now[name] === counted[name])) return;
  const newPositions = now.positions - counted.positions;
  const newSentences = now.valid - counted.valid;
  // The raw view holds every sentence, a bad checksum included.
  const raw = now.sentences !== counted.sentences ? parser().rawSentences() : null;
  counted = now;
  lastPost = performance.now();
  post({ type: 'snapshot', state, newPositions, newSentences, raw }, [state.buffer]);
}

/** Reports the end of a read of the port, as for one read on the page: its last fix first. */
function streamEnd(id: number, error: { name: string; message: string } | null) {
  flush();
  if (error) post({ type: 'stream-error', id, ...error });
  else post({ type: 'stream-ended', id });
}

const port = new WorkerPortReader(() => (navigator as Navigator & { serial?: WorkerSerial }).serial ?? null, {
  // A trap in the parser is the parser's failure, not the port's: said as such.
  bytes: (chunk) => {
    if (!ok) return;
    try {
      push(chunk);
    } catch (error) {
      void broken(error);
    }
  },
  ended: (id, end) => {
    if (!ok) return;
    try {
      streamEnd(id, end);
    } catch (error) {
      void broken(error);
    }
  },
});

let ok = true;
/** The parser threw (a trap in the core): say so once, release the port, handle nothing more but closes. */
async function broken(error: unknown) {
  if (!ok) return;
  ok = false;
  await port.close();
  post({ type: 'failed', message: `The GPS parser failed: ${error instanceof Error ? error.message : String(error)}` });
}

async function handle(message: ToWorker) {
  switch (message.type) {
    case 'chunk':
      push(new Uint8Array(message.bytes));
      break;
    case 'finish':
      parser().finish();
      flush();
      break;
    case 'stream-end':
      streamEnd(message.id, message.error);
      break;
    case 'serial-open': {
      const reason = await port.open(message.id, message.info, message.baudRate);
      // Answered before the first read, so the page knows the read before any news of its end.
      post({ type: 'serial-opened', req: message.req, reason });
      if (reason === null) port.read(message.id);
      break;
    }
    case 'serial-read':
      port.read(message.id);
      break;
    case 'serial-close':
      await port.close(message.id);
      post({ type: 'serial-closed', req: message.req });
      break;
    case 'reset':
      if (timer !== null) flush();
      stream?.free();
      stream = null;
      counted = { ...ZERO };
      break;
  }
}

const ready = init().then(
  () => {
    fields = nmeaStateFields().split(',');
    slots = fields.length;
    slotOf = { ...ZERO };
    for (const name of COUNTERS) slotOf[name] = fields.indexOf(name);
    post({ type: 'ready', fields });
    return true;
  },
  (error: unknown) => {
    post({ type: 'failed', message: loadFailureMessage(error, hasWasmSimd()) });
    return false;
  },
);

// Messages are handled in order (an open or close of the port finishes before the next),
// after the core has loaded; once it failed to load or threw, only closes of the port are.
let queue: Promise<void> = ready.then((loaded) => void (ok = loaded));
scope.addEventListener('message', (event) => {
  const message = event.data;
  queue = queue.then(async () => {
    if (ok) await handle(message).catch(broken);
    else if (message.type === 'serial-close') await handle(message);
  });
});
