// Settings → 'Storage on this device' (issue 10 point 12): used and available space from the
// browser's estimate, a warning from 80 %, and persistence asked for on request.
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StorageUsage, formatBytes } from './StorageUsage';

function fakeStorage(usage: number, quota: number, persisted = false) {
  const manager = {
    estimate: vi.fn(async () => ({ usage, quota })),
    persisted: vi.fn(async () => persisted),
    persist: vi.fn(async () => {
      persisted = true;
      return true;
    }),
  };
  Object.defineProperty(navigator, 'storage', { value: manager, configurable: true });
  return manager;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'storage');
});

describe('the storage panel', () => {
  it('shows the space used and available, without a warning below 80 %', async () => {
    fakeStorage(1_500_000, 10_000_000_000);
    render(<StorageUsage />);
    expect(await screen.findByText('1.5 MB')).toBeInTheDocument();
    expect(screen.getByText('10 GB')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('The browser may delete this data when the device runs short of space.')).toBeInTheDocument();
  });

  it('warns from 80 % of the quota', async () => {
    fakeStorage(8_000_000_000, 10_000_000_000);
    render(<StorageUsage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Storage is 80 % full.');
  });

  it('asks the browser to keep the data when the surveyor wants it', async () => {
    const manager = fakeStorage(1_000, 1_000_000);
    render(<StorageUsage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ask the browser to keep this data' }));
    expect(await screen.findByText('The browser keeps this data even when the device runs short of space.')).toBeInTheDocument();
    expect(manager.persist).toHaveBeenCalledTimes(1);
  });

  it('sizes read as a person reads them', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(2_345_678)).toBe('2.3 MB');
    expect(formatBytes(123_000_000)).toBe('123 MB');
  });
});
