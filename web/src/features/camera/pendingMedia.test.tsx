// The pending-media state of the measurement list (issue 14 points 6 and 8): a row reads the
// media of its own measurement, and a change to another measurement's media does not
// re-render it (with hundreds of rows, every step of every photo would otherwise re-render
// the whole list on the main thread).
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setPending, usePendingMedia } from './pendingMedia';

const renders = new Map<string, number>();

function Row({ id }: { id: string }) {
  renders.set(id, (renders.get(id) ?? 0) + 1);
  const pending = usePendingMedia(id);
  const photo = pending?.get('image');
  return <p data-testid={id}>{photo ? photo.state : 'nothing pending'}</p>;
}

afterEach(() => {
  for (const id of ['a', 'b']) for (const kind of ['image', 'video', 'drawing'] as const) setPending(id, kind, null);
  renders.clear();
});

describe('usePendingMedia', () => {
  it('shows its own measurement’s media, and re-renders only when they change', () => {
    render(
      <>
        <Row id="a" />
        <Row id="b" />
      </>,
    );
    expect(screen.getByTestId('a')).toHaveTextContent('nothing pending');
    const before = { a: renders.get('a') ?? 0, b: renders.get('b') ?? 0 };

    act(() => setPending('a', 'image', { state: 'pending' }));
    expect(screen.getByTestId('a')).toHaveTextContent('pending');
    expect(screen.getByTestId('b')).toHaveTextContent('nothing pending');
    expect(renders.get('a')).toBe(before.a + 1);
    expect(renders.get('b')).toBe(before.b);

    act(() => setPending('a', 'image', { state: 'failed', message: 'Storage is full' }));
    act(() => setPending('a', 'image', null));
    expect(screen.getByTestId('a')).toHaveTextContent('nothing pending');
    expect(renders.get('b')).toBe(before.b);

    act(() => setPending('b', 'video', { state: 'pending' }));
    expect(renders.get('b')).toBe(before.b + 1);
  });
});
