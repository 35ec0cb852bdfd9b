// The network banner of SPEC §2. Offline: an orange banner at the top, and the page
// pushed down by the banner's 48 px so nothing hides under it. Back online: a green
// banner that starts fading at 2 s and is gone at 3 s. Loaded lazily by the shell inside
// a silent boundary: if this chunk cannot load, the app simply shows no banner.
import { useEffect, useState } from 'react';
import { Banner } from '../../ui/Banner';

export const OFFLINE_MESSAGE = 'You are currently offline. Some features may be limited.';
export const RESTORED_MESSAGE = 'Connection restored. You are back online!';
/** The restored banner starts fading after this long... */
export const RESTORED_FADE_AFTER_MS = 2000;
/** ...and is removed after this long. */
export const RESTORED_REMOVE_AFTER_MS = 3000;

type BannerState = 'hidden' | 'offline' | 'restored' | 'fading';

export default function NetworkStatusBanner() {
  const [state, setState] = useState<BannerState>(() => (navigator.onLine ? 'hidden' : 'offline'));

  useEffect(() => {
    let timers: ReturnType<typeof setTimeout>[] = [];
    const clearTimers = () => {
      timers.forEach(clearTimeout);
      timers = [];
    };
    const onOffline = () => {
      clearTimers();
      setState('offline');
    };
    const onOnline = () => {
      clearTimers();
      setState('restored');
      timers = [
        setTimeout(() => setState('fading'), RESTORED_FADE_AFTER_MS),
        setTimeout(() => setState('hidden'), RESTORED_REMOVE_AFTER_MS),
      ];
    };
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    return () => {
      clearTimers();
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, []);

  if (state === 'hidden') return null;
  if (state === 'offline') {
    return (
      <>
        <Banner tone="warning">{OFFLINE_MESSAGE}</Banner>
        <div className="banner-spacer" aria-hidden="true" />
      </>
    );
  }
  return (
    <Banner tone="success" style={{ opacity: state === 'fading' ? 0 : 1 }}>
      {RESTORED_MESSAGE}
    </Banner>
  );
}
