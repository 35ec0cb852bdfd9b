import { describe, expect, it } from 'vitest';
import { applySavedZoom, parseZoomLevel, readSavedZoom, saveZoom } from './zoom';

describe('parseZoomLevel', () => {
  it('reads a percentage with or without the % sign', () => {
    expect(parseZoomLevel('125')).toBe(125);
    expect(parseZoomLevel('125%')).toBe(125);
    expect(parseZoomLevel(' 90 % ')).toBe(90);
    expect(parseZoomLevel('112.5')).toBe(112.5);
  });

  it('accepts the limits 50 and 300', () => {
    expect(parseZoomLevel('50')).toBe(50);
    expect(parseZoomLevel('300%')).toBe(300);
  });

  it('refuses values out of range, not numbers, or missing', () => {
    for (const raw of ['49', '301', '0', '-100', '1.25', 'abc', '', '%', '12 5', '125px', '1e2', 'Infinity']) {
      expect(parseZoomLevel(raw), raw).toBeNull();
    }
    expect(parseZoomLevel(null)).toBeNull();
    expect(parseZoomLevel(undefined)).toBeNull();
  });
});

describe('applying the saved zoom', () => {
  it('sets the body zoom from localStorage zoomLevel', () => {
    localStorage.setItem('zoomLevel', '150');
    expect(applySavedZoom()).toBe(150);
    expect(document.body.style.zoom).toBe('150%');
  });

  it('leaves the body alone when nothing valid is saved', () => {
    localStorage.setItem('zoomLevel', '1000');
    expect(applySavedZoom()).toBeNull();
    expect(document.body.style.zoom).toBe('');
  });

  it('saves a valid zoom, applies it, and refuses an invalid one', () => {
    expect(saveZoom(175)).toBe(true);
    expect(localStorage.getItem('zoomLevel')).toBe('175');
    expect(document.body.style.zoom).toBe('175%');
    expect(readSavedZoom()).toBe(175);

    expect(saveZoom(20)).toBe(false);
    expect(localStorage.getItem('zoomLevel')).toBe('175');
    expect(document.body.style.zoom).toBe('175%');
  });

  it('reads 100 when nothing is saved', () => {
    expect(readSavedZoom()).toBe(100);
  });
});
