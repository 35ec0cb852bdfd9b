// The colour theme: the setting and the startup call (main.tsx).
export { ThemeSetting } from './ThemeSetting';
export { applySavedTheme, applyTheme, parseTheme, readSavedTheme, saveTheme, THEMES } from './theme';
export type { Theme } from './theme';
