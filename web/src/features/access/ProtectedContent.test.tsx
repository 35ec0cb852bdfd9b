import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixedProvider, type AccountStatusProvider } from '../account';
import { ProtectedContent } from './ProtectedContent';

const PIXEL_7 =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

function renderAt(path: string, accounts?: AccountStatusProvider) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/"
          element={
            <ProtectedContent accounts={accounts}>
              <h1>Settings</h1>
            </ProtectedContent>
          }
        />
        <Route path="/welcome" element={<h1>Welcome to Clearway</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

// jsdom has neither navigator.permissions nor navigator.geolocation: the tests add them.
const stubbed: string[] = [];
function stubNavigator(name: 'permissions' | 'geolocation', value: unknown) {
  Object.defineProperty(navigator, name, { configurable: true, value });
  stubbed.push(name);
}
afterEach(() => {
  for (const name of stubbed.splice(0)) Reflect.deleteProperty(navigator, name);
});

function mobile(permission: PermissionState | 'unsupported') {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(PIXEL_7);
  if (permission !== 'unsupported') {
    stubNavigator('permissions', { query: () => Promise.resolve({ state: permission }) });
  }
}

describe('ProtectedContent', () => {
  it('without app_access, sends the user to /welcome', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Welcome to Clearway' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Settings' })).toBeNull();
  });

  it("shows 'Loading...' with a spinner while the account check runs, then the content on desktop", async () => {
    localStorage.setItem('app_access', 'true');
    let answer: (check: { kind: 'no-account' }) => void = () => undefined;
    renderAt('/', fixedProvider(() => new Promise((resolve) => (answer = resolve))));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    answer({ kind: 'no-account' });
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
  });

  it('with nobody signed in on this device there is nothing to check: the content in the first render', () => {
    localStorage.setItem('app_access', 'true');
    renderAt('/');
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('on mobile, first launch: the permission screen; Skip shows the content and remembers', async () => {
    localStorage.setItem('app_access', 'true');
    mobile('granted');
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Allow location access' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(localStorage.getItem('permissions_requested')).toBe('true');
    expect(localStorage.getItem('gps_permission_granted')).toBeNull();
  });

  it('on mobile, asked before and permission granted: straight to the content', async () => {
    localStorage.setItem('app_access', 'true');
    localStorage.setItem('permissions_requested', 'true');
    mobile('granted');
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
  });

  it('on mobile, asked before but permission not granted (or no Permissions API): the screen again', async () => {
    localStorage.setItem('app_access', 'true');
    localStorage.setItem('permissions_requested', 'true');
    mobile('unsupported');
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Allow location access' })).toBeInTheDocument();
  });

  it('Allow location access: a position sets gps_permission_granted=true, an error sets false', async () => {
    for (const outcome of ['success', 'error'] as const) {
      localStorage.clear();
      localStorage.setItem('app_access', 'true');
      mobile('prompt');
      const getCurrentPosition = vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
        if (outcome === 'success') ok({ coords: { latitude: 52, longitude: 5, accuracy: 10 } } as GeolocationPosition);
        else fail?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError);
      });
      stubNavigator('geolocation', { getCurrentPosition });
      const { unmount } = renderAt('/');
      fireEvent.click(await screen.findByRole('button', { name: 'Allow location access' }));
      expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
      expect(getCurrentPosition).toHaveBeenCalledTimes(1);
      expect(localStorage.getItem('gps_permission_granted')).toBe(outcome === 'success' ? 'true' : 'false');
      expect(localStorage.getItem('permissions_requested')).toBe('true');
      unmount();
    }
  });
});
