// The offline map file's header check: a PMTiles v3 archive starts with 'PMTiles' and 3.
import { describe, expect, it } from 'vitest';
import { BasemapError, checkPmtilesHeader } from '.';

const bytes = (text: string, version: number) => new Uint8Array([...text].map((c) => c.charCodeAt(0)).concat([version]));

describe('checkPmtilesHeader', () => {
  it('accepts a version 3 archive', () => {
    expect(() => checkPmtilesHeader(bytes('PMTiles', 3))).not.toThrow();
  });

  it('refuses other files and other versions with a not-pmtiles error', () => {
    for (const head of [bytes('PMTiles', 2), bytes('<html>x', 3), new Uint8Array(8)]) {
      expect(() => checkPmtilesHeader(head)).toThrow(BasemapError);
      try {
        checkPmtilesHeader(head);
      } catch (error) {
        expect((error as BasemapError).code).toBe('not-pmtiles');
      }
    }
  });
});
