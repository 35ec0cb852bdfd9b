// Starts the Firestore emulator (the preinstalled jar, firebase/firestore.rules loaded) for the
// rules matrix, on $RULES_FIRESTORE_PORT (default 8280, so it never meets `npm start`'s 8080),
// and stops it afterwards.
import type { TestProject } from 'vitest/node';
// @ts-expect-error: a plain ES module of the build scripts, without types
import { startEmulators } from '../../scripts/emulators.mjs';

export default async function setup(project: TestProject) {
  const port = Number(process.env.RULES_FIRESTORE_PORT ?? 8280);
  const emulators = await startEmulators({ ports: { firestore: port, auth: 0 }, only: ['firestore'] });
  project.provide('firestorePort', port);
  return async () => {
    await emulators.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    firestorePort: number;
  }
}
