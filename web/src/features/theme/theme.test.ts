// The theme setting's rules: unknown stored values fall back to the default, a saved theme
// is on <html> at once and read back on the next start.
import { afterEach, describe, expect, it } from 'vitest';
import { applySavedTheme, parseTheme, saveTheme } from './theme';

afterEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});

describe('theme', () => {
  it('reads only the three themes; anything else is the default', () => {
    expect(parseTheme('night')).toBe('night');
    expect(parseTheme('sunlight')).toBe('sunlight');
    expect(parseTheme(null)).toBe('default');
    expect(parseTheme('NIGHT')).toBe('default');
    expect(parseTheme('dark')).toBe('default');
  });

  it('saving sets data-theme on <html> and the next start applies it', () => {
    saveTheme('night');
    expect(document.documentElement.dataset.theme).toBe('night');
    delete document.documentElement.dataset.theme;
    expect(applySavedTheme()).toBe('night');
    expect(document.documentElement.dataset.theme).toBe('night');
    saveTheme('default');
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(localStorage.getItem('theme')).toBe('default');
  });
});
