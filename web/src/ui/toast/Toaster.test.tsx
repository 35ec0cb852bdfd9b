import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './Toaster';
import { dismissToast, getToasts, toast } from './toastStore';

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    act(() => getToasts().forEach((t) => dismissToast(t.id)));
    vi.useRealTimers();
  });

  it('shows title and description politely, and removes the toast after 5000 ms', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'App is ready to work offline!', description: 'All resources have been cached for offline use.', durationMs: 5000 });
    });
    const shown = screen.getByRole('status');
    expect(shown).toHaveTextContent('App is ready to work offline!');
    expect(shown).toHaveTextContent('All resources have been cached for offline use.');
    expect(shown).toHaveAttribute('aria-live', 'polite');

    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('uses 5000 ms when no duration is given', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved' });
    });
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('announces a destructive toast as an alert', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Account Rejected', description: 'Not approved.', variant: 'destructive' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Account Rejected');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('closes with the Dismiss notification button', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First', durationMs: 60_000 });
      toast({ title: 'Second', durationMs: 60_000 });
    });
    expect(screen.getAllByRole('status')).toHaveLength(2);
    const [firstClose] = screen.getAllByRole('button', { name: 'Dismiss notification' });
    if (!firstClose) throw new Error('no close button');
    fireEvent.click(firstClose);
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Second');
  });

  it('keeps a toast for its own duration', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Long', durationMs: 10_000 });
    });
    act(() => vi.advanceTimersByTime(9_999));
    expect(screen.getByRole('status')).toHaveTextContent('Long');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
