// The offline basemap file: one regional PMTiles archive kept in the origin private file
// system (OPFS), which suits a file of hundreds of MB read at random (docs/map.md). It is
// written to a temporary file first and only then moved over the old one, so a failed or
// cancelled download never loses the map the surveyor already had.
const FILE_NAME = 'basemap.pmtiles';
const PART_NAME = 'basemap.pmtiles.part';
const DIRECTORY = 'maps';

/** The first 7 bytes of every PMTiles archive (spec v3), then its version byte. */
const MAGIC = 'PMTiles';

export class BasemapError extends Error {
  constructor(
    message: string,
    readonly code: 'unsupported' | 'not-pmtiles' | 'download-failed' | 'write-failed',
  ) {
    super(message);
    this.name = 'BasemapError';
  }
}

export interface BasemapInfo {
  /** The key the map's pmtiles protocol knows the archive by (the file's name). */
  name: string;
  size: number;
  /** ms since the epoch */
  savedAt: number;
}

const listeners = new Set<() => void>();

/** Called after the file is saved, replaced or deleted (in this tab). */
export function subscribeBasemap(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const changed = () => listeners.forEach((l) => l());

async function directory(): Promise<FileSystemDirectoryHandle> {
  if (!navigator.storage?.getDirectory) throw new BasemapError('This browser cannot keep an offline map (no origin private file system).', 'unsupported');
  const root = await navigator.storage.getDirectory();
  return root.getDirectoryHandle(DIRECTORY, { create: true });
}

/** The stored archive, or null when there is none (or the browser has no OPFS). */
export async function basemapFile(): Promise<File | null> {
  try {
    const handle = await (await directory()).getFileHandle(FILE_NAME);
    return await handle.getFile();
  } catch {
    return null;
  }
}

export async function basemapInfo(): Promise<BasemapInfo | null> {
  const file = await basemapFile();
  return file ? { name: file.name, size: file.size, savedAt: file.lastModified } : null;
}

/** Throws a BasemapError unless `head` starts like a PMTiles v3 archive. */
export function checkPmtilesHeader(head: Uint8Array): void {
  const magic = String.fromCharCode(...head.subarray(0, MAGIC.length));
  if (magic !== MAGIC || head[7] !== 3) {
    throw new BasemapError('This is not a PMTiles (version 3) map file.', 'not-pmtiles');
  }
}

/** Streams `source` into OPFS as the basemap, checking its header; replaces the old one only at the end. */
async function store(source: ReadableStream<Uint8Array<ArrayBuffer>>, onProgress?: (bytes: number) => void): Promise<BasemapInfo> {
  const dir = await directory();
  const part = await dir.getFileHandle(PART_NAME, { create: true });
  let writable: FileSystemWritableFileStream;
  try {
    writable = await part.createWritable();
  } catch (error) {
    throw new BasemapError(`The map file could not be written: ${String(error)}`, 'write-failed');
  }
  let written = 0;
  let checked = false;
  const reader = source.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!checked) {
        if (value.length < 8) throw new BasemapError('This is not a PMTiles (version 3) map file.', 'not-pmtiles');
        checkPmtilesHeader(value);
        checked = true;
      }
      await writable.write(value);
      written += value.length;
      onProgress?.(written);
    }
    if (!checked) throw new BasemapError('This is not a PMTiles (version 3) map file.', 'not-pmtiles');
    await writable.close();
  } catch (error) {
    await writable.abort().catch(() => undefined);
    await dir.removeEntry(PART_NAME).catch(() => undefined);
    await reader.cancel().catch(() => undefined);
    if (error instanceof BasemapError) throw error;
    throw new BasemapError(`The map file could not be written: ${error instanceof Error ? error.message : String(error)}`, 'write-failed');
  }
  await dir.removeEntry(FILE_NAME).catch(() => undefined);
  await (part as FileSystemFileHandle & { move(name: string): Promise<void> }).move(FILE_NAME);
  changed();
  const info = await basemapInfo();
  if (!info) throw new BasemapError('The map file could not be written.', 'write-failed');
  return info;
}

/** Keeps a file the surveyor picked (a .pmtiles archive) as the basemap. */
export function saveBasemapFile(file: Blob, onProgress?: (bytes: number) => void): Promise<BasemapInfo> {
  return store(file.stream(), onProgress);
}

/** Downloads the archive at `url` into OPFS (the whole file, once; no HTTP cache, no service worker cache). */
export async function downloadBasemap(url: string, onProgress?: (bytes: number, total: number | null) => void, signal?: AbortSignal): Promise<BasemapInfo> {
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-store', signal });
  } catch (error) {
    throw new BasemapError(`The map file could not be downloaded: ${error instanceof Error ? error.message : String(error)}`, 'download-failed');
  }
  if (!response.ok || !response.body) throw new BasemapError(`The map file could not be downloaded: HTTP ${response.status}`, 'download-failed');
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  return store(response.body, (bytes) => onProgress?.(bytes, total));
}

export async function deleteBasemap(): Promise<void> {
  const dir = await directory();
  await dir.removeEntry(FILE_NAME).catch((error: unknown) => {
    if (!(error instanceof DOMException && error.name === 'NotFoundError')) throw error;
  });
  changed();
}
