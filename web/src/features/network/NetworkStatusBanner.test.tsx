import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import NetworkStatusBanner from './NetworkStatusBanner';

const OFFLINE_TEXT = 'You are currently offline. Some features may be limited.';
const RESTORED_TEXT = 'Connection restored. You are back online!';

function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

function goOnline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

describe('NetworkStatusBanner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows nothing while online', () => {
    const { container } = render(<NetworkStatusBanner />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the offline banner and a 48 px spacer that pushes the page down', () => {
    const { container } = render(<NetworkStatusBanner />);
    goOffline();
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_TEXT);
    expect(container.querySelector('.banner-spacer')).not.toBeNull();
  });

  it('starts offline when the page opens offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<NetworkStatusBanner />);
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_TEXT);
  });

  it('back online: green banner, fading from 2000 ms, removed at 3000 ms', () => {
    const { container } = render(<NetworkStatusBanner />);
    goOffline();
    goOnline();
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent(RESTORED_TEXT);
    expect(container.querySelector('.banner-spacer')).toBeNull();
    expect(banner.style.opacity).toBe('1');

    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('status').style.opacity).toBe('1');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').style.opacity).toBe('0');
    expect(screen.getByRole('status')).toHaveTextContent(RESTORED_TEXT);

    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
    expect(container).toBeEmptyDOMElement();
  });

  it('going offline again while the green banner shows cancels its removal', () => {
    render(<NetworkStatusBanner />);
    goOffline();
    goOnline();
    act(() => vi.advanceTimersByTime(1500));
    goOffline();
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_TEXT);
  });
});
