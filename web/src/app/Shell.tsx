import { lazy, useEffect } from 'react';
import { ShellHeader } from '../features/navigation/ShellHeader';
import { SettingsProvider } from '../features/settings/SettingsProvider';
import { StorageStartup } from '../features/storage';
import { SurveyProvider } from '../features/survey';
import { Toaster } from '../ui/toast';
import { FieldRecording } from './FieldRecording';
import { AppRoutes } from './routes';
import { SilentBoundary } from './SilentBoundary';

// Optional parts, loaded after the first render; if they fail to load, nothing shows.
const NetworkStatusBanner = lazy(() => import('../features/network/NetworkStatusBanner'));
const DeviceRedirector = lazy(() => import('../features/device/DeviceRedirector'));

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
