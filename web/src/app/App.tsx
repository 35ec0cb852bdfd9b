import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { queryClient, restoreSession } from '../features/account';
import { Shell } from './Shell';

// A user signed in on this device before: restore them (this loads the Firebase SDK, in its
// own chunk). Nobody signed in: the SDK stays unloaded until a page needs it.
restoreSession();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Shell />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
