// The three settings route calculation reads (the map category of the settings page) and
// where the directions key comes from: the setting 'Directions API key', else the key given
// at build time (VITE_DIRECTIONS_API_KEY; SPEC §7 "else a built-in default").

export interface RoutingSettings {
  /** 'OSRM service URL': the open routing service's base URL ('' = do not ask it). */
  osrmServiceUrl: string;
  /** 'Directions service URL': the directions endpoint or its proxy ('' = do not ask it). */
  directionsServiceUrl: string;
  /** 'Directions API key' ('' = the build-time key, if any). */
  directionsApiKey: string;
}

/** The key given at build time (`VITE_DIRECTIONS_API_KEY=… npm run build`), or ''. */
export function buildTimeDirectionsKey(): string {
  const key: unknown = import.meta.env.VITE_DIRECTIONS_API_KEY;
  return typeof key === 'string' ? key.trim() : '';
}

/** The key to send: the setting when set, else the build-time key, else '' (none sent). */
export function directionsApiKey(settings: Pick<RoutingSettings, 'directionsApiKey'>): string {
  const own = settings.directionsApiKey.trim();
  return own !== '' ? own : buildTimeDirectionsKey();
}
