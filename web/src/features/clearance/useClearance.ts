// The core's clearance rules for components: loaded once, then synchronous, and the
// display units chosen in Settings → Laser ("Height unit": metres or feet and inches).
import { useEffect, useState } from 'react';
import { loadClearanceCore, type ClearanceCore, type Units } from '../../core/clearance';
import { useSettings } from '../settings';

/** The core's clearance functions, or null while the core loads. */
export function useClearanceCore(): ClearanceCore | null {
  const [core, setCore] = useState<ClearanceCore | null>(null);
  useEffect(() => {
    let live = true;
    loadClearanceCore().then(
      (c) => live && setCore(c),
      (error: unknown) => console.error('Clearance rules failed to load:', error),
    );
    return () => {
      live = false;
    };
  }, []);
  return core;
}

/** The display units: feet-and-inches when the height unit setting says feet. */
export function useUnits(): Units {
  const { settings } = useSettings();
  return settings.laser.heightUnit === 'ft' ? 'feetInches' : 'metric';
}

/** Reads a figure typed in the display units, to metres; null when empty or unreadable. */
export function parseFigure(core: ClearanceCore, text: string, units: Units): number | null {
  const t = text.trim();
  if (t === '') return null;
  if (units === 'feetInches') return core.parseFeetInches(t);
  const value = Number(t.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}
