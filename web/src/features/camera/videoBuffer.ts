// The video buffer (issue 14 point 3, SPEC §3 videoMode, §9 clips kept): with video mode
// on, the camera records continuously in clips of recordingDuration seconds, each its own
// MediaRecorder start()/stop() so each webm has a real duration (a timeslice gives
// Infinity, ecosystem review §3). Each clip goes to the store as it finishes (videoBlobs,
// measurementId 'video-buffer'), so memory stays flat; only the newest
// ceil(bufferDuration / (recordingDuration / 60)) + 1 are kept. Saving a measurement closes
// the clip being recorded and hands the kept clips to the measurement as its video.
// Recording stops cleanly when the page hides, the camera goes away or storage is full,
// and says so.
import { useSyncExternalStore } from 'react';
import type { Measurement, StoredMedia } from '../../model';
import { recordingType } from '../../services/camera';
import { isStorageError, stores } from '../../services/storage';
import { isStorageFull, keepFailure, linkMedia, newMediaRecord, type UpdateMeasurement } from './keepMedia';
import { setPending } from './pendingMedia';

/**
 * The clips' video bit rate: 1 Mbit/s keeps 720p road video legible and bounds the buffer's
 * storage (about 7.5 MB a minute; Chromium's default let noisy scenes reach 32 MB a minute).
 */
export const CLIP_BITS_PER_SECOND = 1_000_000;

/** The measurementId of clips that belong to no measurement yet. */
export const BUFFER_OWNER = 'video-buffer';

/** SPEC §9: clips kept = ceil(bufferDuration / (recordingDuration / 60)) + 1 (minutes, seconds). */
export function clipsKept(recordingSeconds: number, bufferMinutes: number): number {
  const ratio = bufferMinutes / (recordingSeconds / 60);
  // 0.1 / (2 / 60) is 3.0000000000000004 in floating point: round that noise away first.
  return Math.ceil(Math.round(ratio * 1e9) / 1e9) + 1;
}

export interface BufferState {
  status: 'off' | 'recording' | 'stopped';
  /** Why it stopped, in words. */
  message: string | null;
  /** Clips in the store now, and their bytes. */
  clips: number;
  bytes: number;
}

export const BUFFER_MESSAGES = {
  hidden: 'Video buffer paused: the app is in the background. It starts again when you come back.',
  camera: 'Video buffer stopped: the camera is off or was disconnected.',
  full: 'Storage is full: the video buffer stopped. Measurements and photos are still saved; export and clear old surveys to make room.',
  unsupported: 'This browser cannot record video, so there is no video buffer. Measurements and photos are still saved.',
  unavailable: 'The video buffer stopped: the local database cannot take video now (the app is on emergency storage). Measurements and photos are still saved.',
  failed: 'The video buffer stopped after a recording error. Measurements and photos are still saved.',
} as const;

interface Clip {
  id: string;
  bytes: number;
}

let state: BufferState = { status: 'off', message: null, clips: 0, bytes: 0 };
const listeners = new Set<() => void>();
const set = (next: Partial<BufferState>) => {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const bufferState = () => state;
export const useBufferState = () => useSyncExternalStore(subscribe, bufferState, bufferState);

interface Session {
  stream: MediaStream;
  surveyId: string;
  recordingMs: number;
  keep: number;
  type: string;
  recorder: MediaRecorder | null;
  timer: number | undefined;
  /** Clips stored, oldest first (ids only: the bytes are in the store). */
  clips: Clip[];
  /** Finished clips are stored one after another, in order. */
  chain: Promise<void>;
  running: boolean;
}

let session: Session | null = null;
/** Bumped by every stop: a start still reading the store gives up when it changed. */
let generation = 0;
let starting = false;
interface StartRequest {
  stream: MediaStream;
  surveyId: string;
  recordingSeconds: number;
  bufferMinutes: number;
}
/** The latest start asked for while another was reading the store. */
let wanted: StartRequest | null = null;

const publish = (s: Session) => set({ clips: s.clips.length, bytes: s.clips.reduce((n, c) => n + c.bytes, 0) });

/** Stores a finished clip, then drops the oldest beyond the SPEC number. */
async function storeClip(s: Session, blob: Blob, startedAt: string) {
  if (blob.size === 0) return;
  const record = { ...newMediaRecord({ id: BUFFER_OWNER, user_id: s.surveyId }, 'video', blob), createdAt: startedAt };
  const drop = s.clips.slice(0, Math.max(0, s.clips.length + 1 - s.keep));
  try {
    await stores.media.saveClip(record, drop.map((clip) => clip.id));
  } catch (error) {
    console.error('Video buffer: a clip could not be stored:', error);
    stopBuffer(isStorageFull(error) ? BUFFER_MESSAGES.full : isStorageError(error) ? BUFFER_MESSAGES.unavailable : BUFFER_MESSAGES.failed);
    return;
  }
  s.clips = [...s.clips.slice(drop.length), { id: record.id, bytes: record.size }];
  publish(s);
}

/** Starts one clip; it stops itself after recordingMs and the next one starts. */
function recordClip(s: Session) {
  if (!s.running) return;
  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(s.stream, { mimeType: s.type, videoBitsPerSecond: CLIP_BITS_PER_SECOND });
  } catch (error) {
    console.error('Video buffer: cannot record:', error);
    stopBuffer(BUFFER_MESSAGES.failed);
    return;
  }
  const chunks: Blob[] = [];
  const startedAt = new Date().toISOString();
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  recorder.onstop = () => {
    const blob = new Blob(chunks, { type: s.type.split(';')[0] });
    s.chain = s.chain.then(() => storeClip(s, blob, startedAt));
  };
  recorder.onerror = () => stopBuffer(BUFFER_MESSAGES.failed);
  recorder.start();
  s.recorder = recorder;
  s.timer = window.setTimeout(() => cut(s), s.recordingMs);
}

/** Ends the clip being recorded and starts the next (no gap between them). */
function cut(s: Session) {
  window.clearTimeout(s.timer);
  const finishing = s.recorder;
  s.recorder = null;
  recordClip(s);
  if (finishing && finishing.state !== 'inactive') finishing.stop();
}

/** Waits until every finished clip is in the store. */
async function settle(s: Session) {
  for (let seen: Promise<void> | null = null; seen !== s.chain; ) {
    seen = s.chain;
    await seen;
  }
}

/** Waits for the recorder just stopped to hand over its last clip. */
const stopped = (recorder: MediaRecorder) => new Promise<void>((resolve) => recorder.addEventListener('stop', () => setTimeout(resolve, 0), { once: true }));

/**
 * Starts the buffer on the camera's stream. Clips an earlier session left for this survey
 * (the page was hidden, or reloaded) are kept as the oldest of the buffer; others are dropped.
 */
export async function startBuffer(stream: MediaStream, surveyId: string, recordingSeconds: number, bufferMinutes: number): Promise<void> {
  if (session?.running) return;
  const type = recordingType();
  if (!type) {
    set({ status: 'stopped', message: BUFFER_MESSAGES.unsupported });
    return;
  }
  wanted = { stream, surveyId, recordingSeconds, bufferMinutes };
  if (starting) return;
  starting = true;
  try {
    for (let next: StartRequest | null = wanted; next; next = wanted as StartRequest | null) {
      wanted = null;
      await begin(next, type, generation);
    }
  } finally {
    starting = false;
  }
}

async function begin({ stream, surveyId, recordingSeconds, bufferMinutes }: StartRequest, type: string, started: number) {
  await session?.chain;
  const left = (await stores.media.ofMeasurement(BUFFER_OWNER)).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const old of left) if (old.surveyId !== surveyId) await stores.media.remove(old);
  const keep = clipsKept(Math.max(1, recordingSeconds), Math.max(0, bufferMinutes));
  const mine = left.filter((old) => old.surveyId === surveyId);
  for (const old of mine.slice(0, Math.max(0, mine.length - keep))) await stores.media.remove(old);
  if (generation !== started) return;
  const s: Session = {
    stream,
    surveyId,
    recordingMs: Math.max(1, recordingSeconds) * 1000,
    keep,
    type,
    recorder: null,
    timer: undefined,
    clips: mine.slice(-keep).map((old) => ({ id: old.id, bytes: old.size })),
    chain: Promise.resolve(),
    running: true,
  };
  session = s;
  set({ status: 'recording', message: null });
  publish(s);
  recordClip(s);
}

/** Stops recording (the clip being recorded is still stored); `message` says why. */
export function stopBuffer(message: string | null = null) {
  generation += 1;
  wanted = null;
  const s = session;
  if (s) {
    s.running = false;
    window.clearTimeout(s.timer);
    if (s.recorder && s.recorder.state !== 'inactive') s.recorder.stop();
    s.recorder = null;
  }
  set({ status: message ? 'stopped' : 'off', message });
}

/**
 * Gives the buffered clips to a saved measurement as its video (videoUrl names the oldest;
 * all carry its id): the clip being recorded is closed first so the video reaches the
 * moment of saving. The buffer then starts filling again. No-op when it is not recording.
 */
export async function attachBuffer(measurement: Measurement, update: UpdateMeasurement): Promise<number> {
  const s = session;
  if (!s?.running) return 0;
  setPending(measurement.id, 'video', { state: 'pending' });
  try {
    const finishing = s.recorder;
    cut(s);
    if (finishing) await stopped(finishing);
    await settle(s);
    const taken = s.clips.splice(0, s.clips.length);
    publish(s);
    const records: StoredMedia[] = [];
    for (const clip of taken) {
      const stored = await stores.media.get(clip.id);
      if (!stored) continue;
      const owned = { ...stored, measurementId: measurement.id, surveyId: measurement.user_id };
      await stores.media.save(owned);
      records.push(owned);
    }
    records.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    if (records.length) await linkMedia(measurement.id, 'video', records, update);
    setPending(measurement.id, 'video', null);
    return records.length;
  } catch (error) {
    console.error('Video buffer: attaching the clips failed:', error);
    setPending(measurement.id, 'video', { state: 'failed', message: keepFailure('video', error) });
    return 0;
  }
}
