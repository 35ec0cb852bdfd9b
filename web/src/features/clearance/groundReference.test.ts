import { describe, expect, it } from 'vitest';
import { aboveRoad } from './groundReference';

describe("the laser's height above the road", () => {
  it('is added to a single shot aimed up and to a Bluetooth distance, and said so', () => {
    expect(aboveRoad({ kind: 'vertical', metres: 4.25 }, 1.5)).toEqual({ metres: 5.75, groundRef: 1.5 });
    expect(aboveRoad({ kind: 'distance', metres: 3 }, 0.25)).toEqual({ metres: 3.25, groundRef: 0.25 });
    // A laser below the road's level (on a kerb's foot, in a ditch): negative.
    expect(aboveRoad({ kind: 'vertical', metres: 5 }, -0.5)).toEqual({ metres: 4.5, groundRef: -0.5 });
  });

  it("is never added to what the device measured from the road: HT, the 3-shot height, a missing line", () => {
    for (const kind of ['height', 'threeShotHeight', 'missingLine'] as const) {
      expect(aboveRoad({ kind, metres: 4.25 }, 1.5)).toEqual({ metres: 4.25, groundRef: null });
    }
  });

  it('adds nothing when the laser sits on the road (0, the default)', () => {
    expect(aboveRoad({ kind: 'vertical', metres: 4.25 }, 0)).toEqual({ metres: 4.25, groundRef: null });
  });
});
