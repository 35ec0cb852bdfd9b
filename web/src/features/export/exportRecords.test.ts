// An archive export reads its media's bytes ahead, within a byte budget, while the survey's
// records are read; the bytes it then packs are the stored ones, read ahead or not.
import { expect, it } from 'vitest';
import type { Measurement, StoredMedia } from '../../model';
import { mediaOf, readAhead } from './exportRecords';

const measurement = (i: number) => ({ id: `m${i}`, user_id: 's1', source: 'manual', rel: 4, createdAt: `2026-03-01T10:00:0${i}.000Z`, imageUrl: `p${i}` }) as Measurement;
const contents = [
  [0xff, 0xd8, 1, 2, 3, 4, 5, 6, 7, 8],
  [0xff, 0xd8, 9, 9, 9, 9, 9, 9, 9, 9],
  [0xff, 0xd8, 7, 7, 7, 7, 7, 7, 7, 7],
];
const photo = (i: number): StoredMedia => ({
  id: `p${i}`,
  measurementId: `m${i}`,
  surveyId: 's1',
  kind: 'image',
  type: 'image/jpeg',
  size: 10,
  createdAt: `2026-03-01T10:00:0${i}.500Z`,
  blob: new Blob([new Uint8Array(contents[i] ?? [])], { type: 'image/jpeg' }),
});

// The DOM test environment's Blob has no arrayBuffer() (browsers' has): read through FileReader.
if (typeof Blob.prototype.arrayBuffer !== 'function') {
  Blob.prototype.arrayBuffer = function (this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error ?? new Error('read failed'));
      reader.readAsArrayBuffer(this);
    });
  };
}

it('reads ahead the media that fit the budget, and every medium packs its stored bytes', async () => {
    const records = [0, 1, 2].map(photo);
    // 10 bytes each: a budget of 25 holds two of them.
    const ahead = readAhead(records, 25);
    expect([...ahead.keys()]).toEqual(['p0', 'p1']);
    const items = mediaOf([0, 1, 2].map(measurement), records, undefined, ahead);
    expect(items.map((item) => item.measurementId)).toEqual(['m0', 'm1', 'm2']);
    for (const [i, item] of items.entries()) {
      const value = await item.read();
      const bytes = new Uint8Array(value instanceof Blob ? await value.arrayBuffer() : (value as ArrayBuffer));
      expect([...bytes]).toEqual(contents[i]);
    }
    // A record whose blob is not one (damaged) is not read ahead.
    expect(readAhead([{ ...photo(0), blob: {} as Blob }], 100).size).toBe(0);
});
