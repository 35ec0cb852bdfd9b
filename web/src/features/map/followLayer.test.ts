// followLayer hands a replaced collection to maplibre in a task of its own (so building 100,000
// markers and sending them are never one long task), and a change landing meanwhile is not
// lost: it rides in the collection sent. Its layers are drawn only while it has features. A
// stand-in for maplibre's map records the calls.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { followLayer } from './dataLayers';
import { FeatureLayer } from './featureLayer';

type F = { id: string };

function fakeMap() {
  const calls: { kind: 'setData' | 'updateData'; ids: string[] }[] = [];
  const source = {
    setData: (data: { features: F[] }) => calls.push({ kind: 'setData', ids: data.features.map((f) => f.id) }),
    updateData: (diff: { add?: F[]; remove?: string[] }) => calls.push({ kind: 'updateData', ids: [...(diff.add ?? []).map((f) => f.id), ...(diff.remove ?? []).map((id) => `-${id}`)] }),
  };
  // One layer on the source, one on another source (never touched).
  const layers: Record<string, { source: string; visibility: string }> = {
    dots: { source: 'src', visibility: 'visible' },
    other: { source: 'elsewhere', visibility: 'visible' },
  };
  const map = {
    getSource: () => source,
    getLayersOrder: () => Object.keys(layers),
    getLayer: (id: string) => layers[id],
    getLayoutProperty: (id: string) => layers[id].visibility,
    setLayoutProperty: (id: string, _name: string, value: string) => void (layers[id].visibility = value),
  } as unknown as MapLibreMap;
  const shown = () => Object.entries(layers).map(([id, l]) => `${id}:${l.visibility}`);
  return { map, calls, shown };
}

afterEach(() => vi.useRealTimers());

describe('followLayer', () => {
  it('sends a replaced collection in the next task, with the changes made meanwhile; later changes as diffs', () => {
    vi.useFakeTimers();
    const { map, calls } = fakeMap();
    const layer = new FeatureLayer<F>();
    followLayer(map, 'src', layer);
    expect(calls).toEqual([{ kind: 'setData', ids: [] }]);

    layer.reset([['a', { id: 'a' }], ['b', { id: 'b' }]]);
    layer.apply([['c', { id: 'c' }]], ['a']);
    expect(calls).toHaveLength(1); // nothing sent in the task that built them
    vi.runAllTimers();
    expect(calls[1]).toEqual({ kind: 'setData', ids: ['b', 'c'] });
    expect(calls).toHaveLength(2); // the diff was not sent on its own

    layer.apply([['d', { id: 'd' }]], ['b']);
    expect(calls[2]).toEqual({ kind: 'updateData', ids: ['d', '-b'] });
  });

  it('a map that stops following before the collection went sends nothing more', () => {
    vi.useFakeTimers();
    const { map, calls } = fakeMap();
    const layer = new FeatureLayer<F>();
    const stop = followLayer(map, 'src', layer);
    layer.reset([['a', { id: 'a' }]]);
    stop?.();
    vi.runAllTimers();
    expect(calls).toEqual([{ kind: 'setData', ids: [] }]);
  });

  it('draws the layers only while the source has features, after a full send and after each diff', () => {
    vi.useFakeTimers();
    const { map, shown } = fakeMap();
    const layer = new FeatureLayer<F>();
    followLayer(map, 'src', layer);
    expect(shown()).toEqual(['dots:none', 'other:visible']);

    layer.reset([['a', { id: 'a' }]]);
    expect(shown()).toEqual(['dots:none', 'other:visible']); // not before the collection is sent
    vi.runAllTimers();
    expect(shown()).toEqual(['dots:visible', 'other:visible']);

    layer.apply([], ['a']);
    expect(shown()).toEqual(['dots:none', 'other:visible']);
    layer.apply([['b', { id: 'b' }], ['c', { id: 'c' }]], []);
    expect(shown()).toEqual(['dots:visible', 'other:visible']);
    layer.apply([], ['b']); // one of two removed: still drawn
    expect(shown()).toEqual(['dots:visible', 'other:visible']);
  });
});
