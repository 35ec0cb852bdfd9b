// The sync-10k bench's peer (scripts/bench/sync-10k.mjs), bundled for the page by vite: the
// same Firebase SDK as the app, signed in as the same user, writing the given documents in a
// bare loop of 450-write batches. Returns the time the loop took (ms). Each call is a new
// app (`name`), set up and signed in outside the time, and deleted after it.
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectFirestoreEmulator, doc, initializeFirestore, terminate, writeBatch } from 'firebase/firestore';

export async function run({ docs, ports, email, password, name }) {
  const app = initializeApp({ apiKey: 'demo-api-key', projectId: 'demo-clearway', authDomain: 'demo-clearway.firebaseapp.com' }, name);
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://127.0.0.1:${ports.auth}`, { disableWarnings: true });
  const db = initializeFirestore(app, {});
  connectFirestoreEmulator(db, '127.0.0.1', ports.firestore);
  await signInWithEmailAndPassword(auth, email, password);
  const t0 = performance.now();
  for (let from = 0; from < docs.length; from += 450) {
    const batch = writeBatch(db);
    for (const { id, data } of docs.slice(from, from + 450)) batch.set(doc(db, 'measurements', id), data);
    await batch.commit();
  }
  const ms = performance.now() - t0;
  // Gone again, outside the time: the next run starts from a fresh SDK, with nothing cached.
  await terminate(db);
  await deleteApp(app);
  return ms;
}
