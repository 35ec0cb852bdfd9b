// The core's POI identifier rule (SPEC §9, docs/record-model.md), loaded once, then called
// synchronously while rendering. Until the core has loaded, identifiers read '…'.
import { useEffect, useState } from 'react';
import { loadPoiNaming, type PoiNaming } from '../../core/survey';
import type { Measurement } from './records';

export type PoiIdentifierOf = (m: Pick<Measurement, 'roadNumber' | 'poiNumber'>) => string;

const PENDING: PoiIdentifierOf = () => '…';

export function usePoiIdentifier(): PoiIdentifierOf {
  const [naming, setNaming] = useState<PoiNaming | null>(null);
  useEffect(() => {
    let live = true;
    loadPoiNaming().then(
      (loaded) => live && setNaming(loaded),
      (error: unknown) => console.error('POI identifiers: the core could not be loaded:', error),
    );
    return () => {
      live = false;
    };
  }, []);
  return naming ? (m) => naming.identifier(m.roadNumber, m.poiNumber) : PENDING;
}
