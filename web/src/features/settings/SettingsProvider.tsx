// Settings by category, loaded at start (SPEC §2) and shared with every page.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SaveOutcome } from '../../services/storage';
import { toast } from '../../ui/toast';
import { DEFAULT_SETTINGS, type AppSettings, type SettingsCategory } from './defaults';
import { loadSettings, saveSettings } from './settingsStore';

export interface SettingsState {
  settings: AppSettings;
  /** False until the stored settings were read (defaults meanwhile). */
  loaded: boolean;
  /** Replaces one category; resolves when it is stored (null when saving failed). */
  update: <C extends SettingsCategory>(category: C, values: AppSettings[C]) => Promise<SaveOutcome | null>;
}

const SettingsContext = createContext<SettingsState | null>(null);

export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<AppSettings>(DEFAULT_SETTINGS);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let live = true;
    void loadSettings().then((stored) => {
      if (!live) return;
      setSettings(stored);
      setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, []);

  const update = useCallback(async <C extends SettingsCategory>(category: C, values: AppSettings[C]) => {
    setSettings((current) => ({ ...current, [category]: values }));
    try {
      return await saveSettings(category, values);
    } catch (error) {
      toast({ title: error instanceof Error ? error.message : String(error), variant: 'destructive' });
      return null;
    }
  }, []);

  const value = useMemo(() => ({ settings, loaded, update }), [settings, loaded, update]);
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export function useSettings(): SettingsState {
  const state = useContext(SettingsContext);
  if (!state) throw new Error('useSettings needs a <SettingsProvider> above it');
  return state;
}
