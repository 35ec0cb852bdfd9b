// IndexedDB key order and key queries, without needing indexedDB (emergency mode has none):
// used to merge emergency copies into what IndexedDB returned.

/** IndexedDB key order (numbers, then dates, strings, binary, arrays). */
export function compareKeys(a: unknown, b: unknown): number {
  const rank = (v: unknown) => (typeof v === 'number' ? 0 : v instanceof Date ? 1 : typeof v === 'string' ? 2 : Array.isArray(v) ? 4 : 5);
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
      const c = compareKeys(a[i], b[i]);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  const va = a instanceof Date ? a.getTime() : (a as number | string);
  const vb = b instanceof Date ? b.getTime() : (b as number | string);
  return va < vb ? -1 : va > vb ? 1 : 0;
}

function isRange(query: unknown): query is IDBKeyRange {
  return typeof query === 'object' && query !== null && !Array.isArray(query) && !(query instanceof Date) && 'lower' in query;
}

/**
 * A key range [lower, upper] (inclusive): an IDBKeyRange where the browser has one, else an
 * object of the same shape (a browser without IndexedDB runs on emergency storage only).
 */
export function keyRange(lower: IDBValidKey, upper: IDBValidKey): IDBKeyRange {
  if (typeof IDBKeyRange !== 'undefined') return IDBKeyRange.bound(lower, upper);
  return { lower, upper, lowerOpen: false, upperOpen: false, includes: (key: unknown) => matchesQuery(key, { lower, upper } as IDBKeyRange) } as IDBKeyRange;
}

/** Whether a key matches a query: null (everything), an exact key, or a key range. */
export function matchesQuery(key: unknown, query: IDBValidKey | IDBKeyRange | null): boolean {
  if (key === undefined) return false;
  if (query === null) return true;
  if (isRange(query)) {
    const { lower, upper, lowerOpen, upperOpen } = query;
    if (lower !== undefined) {
      const c = compareKeys(key, lower);
      if (c < 0 || (c === 0 && lowerOpen)) return false;
    }
    if (upper !== undefined) {
      const c = compareKeys(key, upper);
      if (c > 0 || (c === 0 && upperOpen)) return false;
    }
    return true;
  }
  return compareKeys(key, query) === 0;
}
