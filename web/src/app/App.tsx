import { BrowserRouter } from 'react-router-dom';
import { Shell } from './Shell';

export function App() {
  return (
    <BrowserRouter>
      <Shell />
    </BrowserRouter>
  );
}
