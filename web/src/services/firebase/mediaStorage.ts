// Firebase Storage for media (issue 13 point 10; docs/sync-media.md): loaded with a dynamic
// import by index.ts only when a medium is uploaded, never in the first bundle. Objects go
// to the app's bucket; with the local emulators, only if a Storage emulator is named in the
// 'firebase_emulators' flag (`{"storage": "127.0.0.1:9199"}`): firebase-tools' Storage
// emulator cannot start on a machine without internet (it downloads its rules runtime).
import { getApp } from 'firebase/app';
import { connectStorageEmulator, getDownloadURL, getStorage, ref, uploadBytes, type FirebaseStorage } from 'firebase/storage';
import { emulatorStorage, type FirebaseTarget } from './config';

let storage: FirebaseStorage | null = null;

function storageFor(target: FirebaseTarget): FirebaseStorage {
  if (storage) return storage;
  const app = getApp('clearway'); // created by client.ts, loaded first by index.ts
  if (target.kind === 'emulator') {
    const emulator = emulatorStorage();
    if (!emulator) throw new Error('No Firebase Storage emulator is configured on this device (docs/sync-media.md)');
    const s = getStorage(app, `gs://${target.config.projectId}.appspot.com`);
    connectStorageEmulator(s, emulator.host, emulator.port);
    storage = s;
  } else {
    storage = getStorage(app);
  }
  return storage;
}

/** Uploads the bytes to `path` (the same path again overwrites: idempotent) and returns their download URL. */
export async function uploadToStorage(target: FirebaseTarget, path: string, blob: Blob, contentType: string): Promise<string> {
  const objectRef = ref(storageFor(target), path);
  await uploadBytes(objectRef, blob, { contentType });
  return getDownloadURL(objectRef);
}
