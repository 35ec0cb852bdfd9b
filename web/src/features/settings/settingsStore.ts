// Loading and saving the settings categories in the local store (appSettings, id = the
// category, values under `values`).
import { stores, type SaveOutcome } from '../../services/storage';
import { startStorage } from '../storage';
import { DEFAULT_SETTINGS, SETTINGS_CATEGORIES, mergeWithDefaults, type AppSettings, type SettingsCategory } from './defaults';

export async function loadSettings(): Promise<AppSettings> {
  await startStorage();
  const loaded = { ...DEFAULT_SETTINGS };
  await Promise.all(
    SETTINGS_CATEGORIES.map(async (category) => {
      try {
        const record = await stores.settings.get(category);
        (loaded as Record<SettingsCategory, unknown>)[category] = mergeWithDefaults(DEFAULT_SETTINGS[category], record?.values);
      } catch (error) {
        console.warn(`Settings: "${category}" could not be read; using defaults.`, error);
      }
    }),
  );
  return loaded;
}

export async function saveSettings<C extends SettingsCategory>(category: C, values: AppSettings[C]): Promise<SaveOutcome> {
  await startStorage();
  return stores.settings.save({ id: category, values, updatedAt: new Date().toISOString() });
}
