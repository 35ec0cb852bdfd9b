import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { queryClient, restoreSession } from '../features/account';
import { startAutoSync } from '../features/sync';
import { connectMediaSync } from '../features/cloudMedia';
import { Shell } from './Shell';

// A user signed in on this device before: restore them (this loads the Firebase SDK, in its
// own chunk). Nobody signed in: the SDK stays unloaded until a page needs it.
restoreSession();
// The outbox uploads by itself whenever a user is signed in, approved and online (docs/sync.md).
startAutoSync();
// Media follow their measurements once those are acknowledged (docs/sync-media.md).
connectMediaSync();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Shell />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
