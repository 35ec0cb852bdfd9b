import { afterEach, describe, expect, it } from 'vitest';
import { identityBase, resolveFirebaseTarget } from './config';

describe('which Firebase (configuration only)', () => {
  afterEach(() => localStorage.clear());

  it('no configuration: the local emulators of firebase/firebase.json, project demo-clearway', () => {
    const t = resolveFirebaseTarget('');
    expect(t).toMatchObject({ kind: 'emulator', auth: 'http://127.0.0.1:9099', firestore: { host: '127.0.0.1', port: 8080 } });
    expect(t.config.projectId).toBe('demo-clearway');
    expect(identityBase(t)).toBe('http://127.0.0.1:9099/identitytoolkit.googleapis.com');
  });

  it('the firebase_emulators flag points a device at other emulator ports', () => {
    localStorage.setItem('firebase_emulators', JSON.stringify({ auth: '127.0.0.1:9399', firestore: 'localhost:8390' }));
    expect(resolveFirebaseTarget('')).toMatchObject({ auth: 'http://127.0.0.1:9399', firestore: { host: 'localhost', port: 8390 } });
  });

  it('a real project from VITE_FIREBASE_CONFIG; the emulator flag is then ignored', () => {
    localStorage.setItem('firebase_emulators', JSON.stringify({ auth: '127.0.0.1:9399' }));
    const t = resolveFirebaseTarget('{"apiKey":"AIza-example","projectId":"clearway-prod","authDomain":"clearway-prod.firebaseapp.com"}');
    expect(t.kind).toBe('project');
    expect(t.config.projectId).toBe('clearway-prod');
    expect(identityBase(t)).toBe('https://identitytoolkit.googleapis.com');
  });

  it('a configuration without apiKey or projectId is refused in words', () => {
    expect(() => resolveFirebaseTarget('{"projectId":"x"}')).toThrow('VITE_FIREBASE_CONFIG must be the web app config object with apiKey and projectId');
  });
});
