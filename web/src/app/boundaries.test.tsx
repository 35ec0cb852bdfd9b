import { fireEvent, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PageBoundary } from './PageBoundary';
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
