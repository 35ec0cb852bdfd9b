// 'Theme' in the settings: three choices as radio buttons, applied at once and saved on this
// device (features/theme/theme.ts).
import { useId, useState } from 'react';
import { readSavedTheme, saveTheme, THEME_LABELS, THEMES, type Theme } from './theme';

export function ThemeSetting() {
  const id = useId();
  const [theme, setTheme] = useState<Theme>(readSavedTheme);
  return (
    <fieldset className="theme-setting">
      <legend>Theme</legend>
      {THEMES.map((choice) => (
        <label key={choice} className="field--check theme-setting__choice" htmlFor={`${id}-${choice}`}>
          <input
            id={`${id}-${choice}`}
            type="radio"
            name={`${id}-theme`}
            value={choice}
            checked={theme === choice}
            onChange={() => {
              saveTheme(choice);
              setTheme(choice);
            }}
          />
          {THEME_LABELS[choice]}
        </label>
      ))}
      <p className="field__hint">Sunlight makes everything black on white for direct sun; Night darkens the screen for night driving. Saved on this device.</p>
    </fieldset>
  );
}
