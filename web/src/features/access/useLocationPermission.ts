import { useEffect, useState } from 'react';
import { queryLocationPermission, type LocationPermission } from '../../services/geolocation/geolocation';

/** The browser's geolocation permission, queried once while `enabled`. */
export function useLocationPermission(enabled: boolean): LocationPermission | 'checking' {
  const [permission, setPermission] = useState<LocationPermission | 'checking'>('checking');
  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    void queryLocationPermission().then((state) => {
      if (current) setPermission(state);
    });
    return () => {
      current = false;
    };
  }, [enabled]);
  return permission;
}
