// Registers /sw.js (written by the build, see web/build/serviceWorkerPlugin.ts) and
// tells the surveyor what it did. Loaded lazily, in production builds only.
//
// - First install (no worker controlled the page when it opened): once the worker is
//   activated every file is cached, so a toast says the app now works offline.
// - Update: a new worker that finished installing while an old one controls the page
//   waits. The surveyor is asked; on OK the new worker takes over (SKIP_WAITING) and
//   the page reloads once it controls the page.
import { toast, type ToastOptions } from '../../ui/toast';

export const SERVICE_WORKER_URL = '/sw.js';
export const UPDATE_PROMPT = 'New version available! Reload to update?';
export const OFFLINE_READY_TOAST: ToastOptions = {
  title: 'App is ready to work offline!',
  description: 'All resources have been cached for offline use.',
  durationMs: 5000,
};

export interface ServiceWorkerDeps {
  container: ServiceWorkerContainer;
  confirm: (message: string) => boolean;
  reload: () => void;
  notify: (options: ToastOptions) => void;
}

const browserDeps = (): ServiceWorkerDeps => ({
  container: navigator.serviceWorker,
  confirm: (message) => window.confirm(message),
  reload: () => window.location.reload(),
  notify: (options) => {
    toast(options);
  },
});

export async function registerServiceWorker(deps: ServiceWorkerDeps = browserDeps()): Promise<ServiceWorkerRegistration> {
  const { container } = deps;
  const firstInstall = container.controller === null;
  let updateAccepted = false;
  const watched = new WeakSet<ServiceWorker>();

  const offerUpdate = (worker: ServiceWorker) => {
    if (updateAccepted || !deps.confirm(UPDATE_PROMPT)) return;
    updateAccepted = true;
    worker.postMessage({ type: 'SKIP_WAITING' });
  };

  const watch = (worker: ServiceWorker | null) => {
    if (!worker || watched.has(worker)) return;
    watched.add(worker);
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed' && container.controller) {
        offerUpdate(worker);
      } else if (worker.state === 'activated' && firstInstall) {
        deps.notify(OFFLINE_READY_TOAST);
      }
    });
  };

  container.addEventListener('controllerchange', () => {
    if (updateAccepted) deps.reload();
  });

  const registration = await container.register(SERVICE_WORKER_URL, { scope: '/' });
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
  // An update the surveyor declined on an earlier visit is still waiting: ask again.
  if (registration.waiting && container.controller) offerUpdate(registration.waiting);
  return registration;
}
