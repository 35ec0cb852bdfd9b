// Media upload end to end against the local stand-in (docs/sync-media.md: the Firebase
// Storage emulator cannot start here): a real HTTP server on 127.0.0.1 that stores each PUT
// body by path, the real local store (fake-indexeddb), `uploadMediaOf` as the sync engine
// calls it. Checks the bytes that arrived, photoCloudLink, idempotence, a retry after a
// failure, concurrent calls, and the type and size caps.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { httpMediaUploader, mediaObjectPath, mediaSyncHook, uploadMediaOf } from '../src/features/cloudMedia';
import { outbox, stores, type PendingChange } from '../src/services/storage';
import type { Measurement, StoredMedia } from '../src/model';
import { withFreshStore } from '../src/testing/freshStore';

// Node has no localStorage (the local store's emergency tier and flags use it): an in-memory one.
const memory = new Map<string, string>();
globalThis.localStorage = {
  getItem: (k: string) => memory.get(k) ?? null,
  setItem: (k: string, v: string) => void memory.set(k, String(v)),
  removeItem: (k: string) => void memory.delete(k),
  clear: () => memory.clear(),
  key: (i: number) => [...memory.keys()][i] ?? null,
  get length() {
    return memory.size;
  },
} as Storage;
withFreshStore();

/** The stand-in: PUT /store/<path> keeps the body; GET /store/<path> gives it back. */
const received = new Map<string, { type: string; bytes: Buffer }>();
let puts: string[] = [];
let failNext = 0;
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = decodeURI(req.url ?? '');
      if (req.method === 'PUT') {
        puts.push(path);
        if (failNext > 0) {
          failNext -= 1;
          res.writeHead(503).end('busy');
          return;
        }
        received.set(path, { type: String(req.headers['content-type']), bytes: Buffer.concat(chunks) });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url: `${base}${path}?stored=1` }));
      } else {
        const item = received.get(path);
        if (!item) res.writeHead(404).end();
        else res.writeHead(200, { 'content-type': item.type }).end(item.bytes);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  received.clear();
  puts = [];
  failNext = 0;
});

const OWNER = 'uid-1';
const uploader = () => httpMediaUploader(`${base}/store`);

function measurement(id: string): Measurement {
  return { id, user_id: 's1', source: 'manual', rel: 4.5, createdAt: '2026-03-01T10:00:00.000Z', photoCloudLink: null } as Measurement;
}

function medium(id: string, kind: StoredMedia['kind'], type: string, bytes: Uint8Array<ArrayBuffer>, createdAt = '2026-03-01T10:00:01.000Z'): StoredMedia {
  return { id, measurementId: 'm1', surveyId: 's1', kind, type, size: bytes.length, createdAt, blob: new Blob([bytes], { type }) };
}

const PHOTO = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
const DRAWING = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 9, 9]);
const VIDEO = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 7, 7, 7]);

async function seed() {
  await stores.measurements.save(measurement('m1'), 'row\n');
  await stores.media.save(medium('photo-1', 'image', 'image/jpeg', PHOTO));
  await stores.media.save(medium('drawing-1', 'drawing', 'image/png', DRAWING));
  await stores.media.save(medium('video-1', 'video', 'video/webm', VIDEO));
}

describe('uploadMediaOf against the stand-in', () => {
  it('sends each medium once, byte for byte, and sets photoCloudLink to the photo', async () => {
    await seed();
    const result = await uploadMediaOf('m1', { uploader: uploader(), ownerId: OWNER });
    expect(result).toMatchObject({ uploaded: 3, already: 0, refused: [] });
    const photoPath = `/store/users/uid-1/surveys/s1/image/photo-1`;
    expect([...received.keys()].sort()).toEqual(['/store/users/uid-1/surveys/s1/drawing/drawing-1', photoPath, '/store/users/uid-1/surveys/s1/video/video-1']);
    expect([...(received.get(photoPath)?.bytes ?? [])]).toEqual([...PHOTO]);
    expect(received.get(photoPath)?.type).toBe('image/jpeg');
    expect([...(received.get('/store/users/uid-1/surveys/s1/video/video-1')?.bytes ?? [])]).toEqual([...VIDEO]);

    const stored = await stores.measurements.get('m1');
    expect(stored?.photoCloudLink).toBe(`${base}${photoPath}?stored=1`);
    expect(stored?.rel).toBe(4.5);
    // The link serves the bytes.
    const back = new Uint8Array(await (await fetch(`${base}${photoPath}`)).arrayBuffer());
    expect([...back]).toEqual([...PHOTO]);

    // Called again (a re-sent acknowledgement): nothing sent twice.
    const again = await uploadMediaOf('m1', { uploader: uploader(), ownerId: OWNER });
    expect(again).toMatchObject({ uploaded: 0, already: 3, photoCloudLink: `${base}${photoPath}?stored=1` });
    expect(puts).toHaveLength(3);
  });

  it('after a failure mid-way, a retry sends only what did not arrive', async () => {
    await seed();
    failNext = 0;
    const flaky = httpMediaUploader(`${base}/store`);
    let calls = 0;
    const failingSecond = { upload: (p: string, b: Blob, t: string) => (++calls === 2 ? Promise.reject(new Error('network down')) : flaky.upload(p, b, t)) };
    await expect(uploadMediaOf('m1', { uploader: failingSecond, ownerId: OWNER })).rejects.toThrow('network down');
    expect(received.size).toBe(1);
    const retried = await uploadMediaOf('m1', { uploader: uploader(), ownerId: OWNER });
    expect(retried).toMatchObject({ uploaded: 2, already: 1 });
    expect(received.size).toBe(3);
    expect(puts).toHaveLength(3);
  });

  it('a server error is a rejection with the status in words, and a retry succeeds', async () => {
    await stores.measurements.save(measurement('m1'), 'row\n');
    await stores.media.save(medium('photo-1', 'image', 'image/jpeg', PHOTO));
    failNext = 1;
    await expect(uploadMediaOf('m1', { uploader: uploader(), ownerId: OWNER })).rejects.toThrow('Media upload failed: HTTP error! status: 503');
    expect((await stores.measurements.get('m1'))?.photoCloudLink).toBeNull();
    expect((await uploadMediaOf('m1', { uploader: uploader(), ownerId: OWNER })).uploaded).toBe(1);
  });

  it('two calls at once share one run', async () => {
    await seed();
    const [a, b] = await Promise.all([uploadMediaOf('m1', { uploader: uploader(), ownerId: OWNER }), uploadMediaOf('m1', { uploader: uploader(), ownerId: OWNER })]);
    expect(a).toBe(b);
    expect(puts).toHaveLength(3);
  });

  it('refuses a type or size outside the caps, in words, and sends the rest', async () => {
    await stores.measurements.save(measurement('m1'), 'row\n');
    await stores.media.save(medium('photo-1', 'image', 'image/jpeg', PHOTO));
    await stores.media.save(medium('odd', 'image', 'application/x-msdownload', new Uint8Array([1])));
    const result = await uploadMediaOf('m1', { uploader: uploader(), ownerId: OWNER });
    expect(result.uploaded).toBe(1);
    expect(result.refused).toEqual([{ id: 'odd', reason: 'A image of type application/x-msdownload is not uploaded (allowed: image/jpeg, image/png, image/webp)' }]);
    expect([...received.keys()]).toEqual(['/store/users/uid-1/surveys/s1/image/photo-1']);
  });

  it('a measurement deleted before its turn uploads nothing', async () => {
    expect(await uploadMediaOf('gone', { uploader: uploader(), ownerId: OWNER })).toEqual({ uploaded: 0, already: 0, refused: [], photoCloudLink: null });
    expect(puts).toEqual([]);
  });

  it('puts objects under their owner and survey, named by the medium', () => {
    expect(mediaObjectPath('u/1', { id: 'a b', surveyId: 's1', kind: 'video' })).toBe('users/u%2F1/surveys/s1/video/a%20b');
  });
});

describe('the sync engine\'s hook (after a measurement batch is acknowledged)', () => {
  const change = (record: Measurement | undefined, op: 'put' | 'delete' = 'put') =>
    ({ entry: { store: 'measurements', id: record?.id ?? 'gone', op, surveyId: 's1', rev: 'r1', queuedAt: 0 }, record }) as PendingChange;
  const withMedia = () => ({ ...measurement('m1'), imageUrl: 'photo-1', drawingUrl: 'drawing-1', videoUrl: 'video-1' }) as Measurement;

  it('uploads the media of an acknowledged measurement that has some, and nothing when signed out or with no store', async () => {
    await seed();
    await stores.measurements.save(withMedia(), 'row\n');
    await mediaSyncHook({ uploader: uploader(), ownerId: () => null, available: () => true })([change(withMedia())]);
    await mediaSyncHook({ uploader: uploader(), ownerId: () => OWNER, available: () => false })([change(withMedia())]);
    expect(puts).toEqual([]);
    // Without media references, or a deletion: nothing to send.
    await mediaSyncHook({ uploader: uploader(), ownerId: () => OWNER, available: () => true })([change(measurement('m1')), change(withMedia(), 'delete')]);
    expect(puts).toEqual([]);
    await mediaSyncHook({ uploader: uploader(), ownerId: () => OWNER, available: () => true })([change(withMedia())]);
    expect(puts).toHaveLength(3);
    expect((await stores.measurements.get('m1'))?.photoCloudLink).toBe(`${base}/store/users/uid-1/surveys/s1/image/photo-1?stored=1`);
  });

  it('a failed upload never throws into the engine; the measurement is queued again after the backoff and the retry sends the rest', async () => {
    await seed();
    await stores.measurements.save(withMedia(), 'row\n');
    failNext = 1;
    const hook = mediaSyncHook({ uploader: uploader(), ownerId: () => OWNER, available: () => true, retryMs: [50] });
    await expect(hook([change(withMedia())])).resolves.toBeUndefined();
    const sentBefore = received.size;
    expect(sentBefore).toBeLessThan(3);
    // The backoff re-puts the stored record: the outbox queues it for the engine again (a new change: a new rev).
    const rev = async () => (await outbox.next('measurements', 10)).find((c) => c.entry.id === 'm1')?.entry.rev;
    const before = await rev();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await rev();
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    await hook([change((await stores.measurements.get('m1')) as Measurement)]);
    expect(received.size).toBe(3);
  });
});
