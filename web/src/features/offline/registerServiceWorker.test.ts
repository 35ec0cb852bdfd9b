import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, type ServiceWorkerDeps } from './registerServiceWorker';

/** A stand-in for a ServiceWorker whose state the test moves along. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  postMessage = vi.fn();
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  /** The browser found a new worker script. */
  found(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

class FakeContainer extends EventTarget {
  controller: FakeWorker | null = null;
  registration = new FakeRegistration();
  register = vi.fn(() => Promise.resolve(this.registration));
  takeControl(worker: FakeWorker) {
    this.controller = worker;
    this.dispatchEvent(new Event('controllerchange'));
  }
}

function setup({ controlled, confirmAnswer = true }: { controlled: boolean; confirmAnswer?: boolean }) {
  const container = new FakeContainer();
  if (controlled) container.controller = new FakeWorker();
  const deps = {
    container: container as unknown as ServiceWorkerContainer,
    confirm: vi.fn(() => confirmAnswer),
    reload: vi.fn(),
    notify: vi.fn(),
  } satisfies ServiceWorkerDeps;
  return { container, deps };
}

describe('registerServiceWorker', () => {
  it('registers /sw.js at the root scope', async () => {
    const { container, deps } = setup({ controlled: false });
    await registerServiceWorker(deps);
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('first install: says the app is ready offline once the worker is activated, for 5 s', async () => {
    const { container, deps } = setup({ controlled: false });
    const worker = new FakeWorker();
    container.registration.installing = worker;
    await registerServiceWorker(deps);
    container.registration.found(worker); // the same worker reported again: watched once

    worker.moveTo('installed');
    expect(deps.confirm).not.toHaveBeenCalled();
    expect(deps.notify).not.toHaveBeenCalled();
    worker.moveTo('activating');
    worker.moveTo('activated');
    expect(deps.notify).toHaveBeenCalledTimes(1);
    expect(deps.notify).toHaveBeenCalledWith({
      title: 'App is ready to work offline!',
      description: 'All resources have been cached for offline use.',
      durationMs: 5000,
    });
    container.takeControl(worker); // clients.claim(): no reload on a first install
    expect(deps.reload).not.toHaveBeenCalled();
  });

  it('update accepted: asks, tells the new worker to skip waiting, reloads when it takes over', async () => {
    const { container, deps } = setup({ controlled: true, confirmAnswer: true });
    await registerServiceWorker(deps);
    const next = new FakeWorker();
    container.registration.found(next);
    next.moveTo('installed');
    expect(deps.confirm).toHaveBeenCalledWith('New version available! Reload to update?');
    expect(next.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(deps.reload).not.toHaveBeenCalled();
    next.moveTo('activating');
    container.takeControl(next);
    expect(deps.reload).toHaveBeenCalledTimes(1);
    next.moveTo('activated');
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('update declined: the new worker keeps waiting and the page stays', async () => {
    const { container, deps } = setup({ controlled: true, confirmAnswer: false });
    await registerServiceWorker(deps);
    const next = new FakeWorker();
    container.registration.found(next);
    next.moveTo('installed');
    expect(deps.confirm).toHaveBeenCalledTimes(1);
    expect(next.postMessage).not.toHaveBeenCalled();
    container.takeControl(next);
    expect(deps.reload).not.toHaveBeenCalled();
  });

  it('asks again about an update still waiting from an earlier visit', async () => {
    const { container, deps } = setup({ controlled: true, confirmAnswer: true });
    const waiting = new FakeWorker();
    waiting.state = 'installed';
    container.registration.waiting = waiting;
    await registerServiceWorker(deps);
    expect(deps.confirm).toHaveBeenCalledWith('New version available! Reload to update?');
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });
});
