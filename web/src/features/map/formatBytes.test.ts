// Sizes as the offline map settings show them (decimal units, like file managers).
import { describe, expect, it } from 'vitest';
import { formatBytes } from './OfflineMapSettings';

describe('formatBytes', () => {
  it('bytes, kB, MB and GB with one decimal below 10', () => {
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1_683_317)).toBe('1.7 MB');
    expect(formatBytes(152_000)).toBe('152 kB');
    expect(formatBytes(2_500_000_000)).toBe('2.5 GB');
  });
});
