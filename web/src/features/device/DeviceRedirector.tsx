// DeviceRedirector: sends a mobile device that has not yet chosen an app to the selector.
//
// Design (docs/app-shell.md, "Device choice"):
// - Acts only at `/` (the full survey app's home) and only on a mobile user agent
//   (isMobileUserAgent). Any other page, and every desktop browser, is left alone.
// - If localStorage has no valid `device_choice`, it replaces `/` with `/mobile-select`
//   in the history, so Back does not bounce the surveyor between the two.
// - /mobile-select offers 'Full survey app' (device_choice=full, then /) and
//   'Companion app' (device_choice=companion, then /slave). Once a choice is stored this
//   component does nothing; the choice can be changed from /mobile-select at any time.
// - It renders nothing, and the shell loads it lazily inside a silent boundary: if its
//   chunk fails to load the app works exactly as on desktop.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { readDeviceChoice } from './deviceChoice';
import { isMobileDevice } from './isMobileUserAgent';

export default function DeviceRedirector() {
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (pathname === '/' && isMobileDevice() && readDeviceChoice() === null) {
      navigate('/mobile-select', { replace: true });
    }
  }, [pathname, navigate]);

  return null;
}
