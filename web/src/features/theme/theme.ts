// The colour theme (issue 12 point 1b): 'default', 'sunlight' (high contrast for direct
// sun) or 'night' (dark, for night driving). Kept in localStorage under `theme` and set on
// <html> as data-theme before the first render (main.tsx), so the app never flashes the
// wrong colours. The colours themselves are the tokens of web/src/ui/theme/tokens.css.
import { readFlag, writeFlag } from '../../services/storage/localFlags';

export const THEMES = ['default', 'sunlight', 'night'] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_LABELS: Readonly<Record<Theme, string>> = {
  default: 'Standard',
  sunlight: 'Sunlight (high contrast)',
  night: 'Night (dark)',
};

/** A stored value as a theme; anything else (missing, unknown) reads as the default. */
export function parseTheme(raw: string | null | undefined): Theme {
  return THEMES.find((theme) => theme === raw) ?? 'default';
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  if (theme === 'default') delete root.dataset.theme;
  else root.dataset.theme = theme;
}

export function readSavedTheme(): Theme {
  return parseTheme(readFlag('theme'));
}

/** Applies the saved theme; returns it. */
export function applySavedTheme(): Theme {
  const theme = readSavedTheme();
  applyTheme(theme);
  return theme;
}

/** Saves and applies a theme; false when storage refused it (it then lasts this visit). */
export function saveTheme(theme: Theme): boolean {
  applyTheme(theme);
  return writeFlag('theme', theme);
}
