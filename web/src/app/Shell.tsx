import { lazy, useEffect } from 'react';
import { ShellHeader } from '../features/navigation/ShellHeader';
import { SettingsProvider } from '../features/settings/SettingsProvider';
import { StorageStartup } from '../features/storage';
import { SurveyProvider } from '../features/survey';
import { Toaster } from '../ui/toast';
import { FieldRecording } from './FieldRecording';
import { AppRoutes } from './routes';
import { SilentBoundary } from './SilentBoundary';

// Optional parts in chunks of their own; if they fail to load, nothing shows. Fetched from
// the start, beside the first page's chunk (main.tsx renders once that one is in): the
// offline banner must not be left to a request made after the page showed, which a
// connection lost at that moment would fail.
const bannerChunk = import('../features/network/NetworkStatusBanner');
const redirectorChunk = import('../features/device/DeviceRedirector');
// A failed fetch is the boundary's to handle when the part renders, not an unhandled rejection.
bannerChunk.catch(() => undefined);
redirectorChunk.catch(() => undefined);
const NetworkStatusBanner = lazy(() => bannerChunk);
const DeviceRedirector = lazy(() => redirectorChunk);

/** Registers the service worker in production builds (the dev server has no /sw.js). */
function useServiceWorker() {
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    import('../features/offline/registerServiceWorker')
      .then(({ registerServiceWorker }) => registerServiceWorker())
      .catch((error: unknown) => console.warn('Offline support is unavailable:', error));
  }, []);
}

export function Shell() {
  useServiceWorker();
  return (
    <SettingsProvider>
      <div className="app-root">
        <StorageStartup />
        <SilentBoundary>
          <NetworkStatusBanner />
        </SilentBoundary>
        <SilentBoundary>
          <DeviceRedirector />
        </SilentBoundary>
        <ShellHeader />
        <main id="main" className="app-main">
          <SurveyProvider>
            <FieldRecording />
            <AppRoutes />
          </SurveyProvider>
        </main>
        <Toaster />
      </div>
    </SettingsProvider>
  );
}
