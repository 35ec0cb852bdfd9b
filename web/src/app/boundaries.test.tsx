import { fireEvent, render, screen } from '@testing-library/react';
import { lazy, useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PageBoundary } from './PageBoundary';
import { lazyPage } from './routes';
import { SilentBoundary } from './SilentBoundary';

const failingChunk = () =>
  lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/HelpPage-x.js')));

describe('PageBoundary', () => {
  it("shows 'Loading...' while the page loads, then the page", async () => {
    let resolve: (module: { default: () => React.JSX.Element }) => void = () => undefined;
    const Page = lazy(() => new Promise<{ default: () => React.JSX.Element }>((r) => (resolve = r)));
    render(
      <PageBoundary>
        <Page />
      </PageBoundary>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    resolve({ default: () => <h1>Help</h1> });
    expect(await screen.findByRole('heading', { name: 'Help' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('on a load error: Component Load Error, the error text and a Reload Page button that reloads', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const Page = failingChunk();
    render(
      <PageBoundary>
        <Page />
      </PageBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'Component Load Error' })).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch dynamically imported module: /assets/HelpPage-x.js')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('also catches a page that throws while rendering', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): React.JSX.Element {
      throw new Error('measurement list is corrupt');
    }
    render(
      <PageBoundary>
        <Broken />
      </PageBoundary>,
    );
    expect(await screen.findByText('measurement list is corrupt')).toBeInTheDocument();
  });
});

describe('SilentBoundary', () => {
  it('renders nothing when its child fails to load, and the rest of the page stays', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Banner = failingChunk();
    const { container } = render(
      <div>
        <SilentBoundary>
          <Banner />
        </SilentBoundary>
        <h1>Settings</h1>
      </div>,
    );
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    await vi.waitFor(() => expect(console.warn).toHaveBeenCalled());
    expect(container.firstElementChild?.innerHTML).toBe('<h1>Settings</h1>');
    expect(screen.queryByText(/Component Load Error/)).toBeNull();
    expect(screen.queryByText('Loading...')).toBeNull();
  });
});

describe('lazyPage (the routes\' pages)', () => {
  it('a page preloaded before its first render shows at once, without Loading... (no suspense, no reveal throttle)', async () => {
    const Page = lazyPage(() => Promise.resolve({ default: () => <h1>Workspace</h1> }));
    await Page.preload();
    render(
      <PageBoundary>
        <Page />
      </PageBoundary>,
    );
    // Synchronously, in the first commit.
    expect(screen.getByRole('heading', { name: 'Workspace' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('a page not preloaded loads as before; a preload finishing later does not remount it', async () => {
    let mounts = 0;
    function Counted() {
      useEffect(() => {
        mounts += 1;
      }, []);
      return <h1>Help</h1>;
    }
    const Page = lazyPage(() => Promise.resolve({ default: Counted }));
    const { rerender } = render(
      <PageBoundary>
        <Page />
      </PageBoundary>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { name: 'Help' })).toBeInTheDocument();
    await Page.preload();
    rerender(
      <PageBoundary>
        <Page />
      </PageBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Help' })).toBeInTheDocument();
    expect(mounts).toBe(1);
  });
});
