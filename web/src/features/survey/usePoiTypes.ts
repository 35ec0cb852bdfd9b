// The POI table from the core (labels, colours, icons), loaded once.
import { useEffect, useState } from 'react';
import { poiTypes, type PoiTypeInfo } from '../../core/survey';

export function usePoiTypes(): PoiTypeInfo[] | null {
  const [types, setTypes] = useState<PoiTypeInfo[] | null>(null);
  useEffect(() => {
    let live = true;
    poiTypes().then(
      (table) => live && setTypes(table),
      (error: unknown) => console.error('POI types: the core could not be loaded:', error),
    );
    return () => {
      live = false;
    };
  }, []);
  return types;
}
