import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { applySavedTheme } from './features/theme';
import { applySavedZoom } from './features/zoom/zoom';
import './styles.css';
import './ui/theme/tokens.css';
import './ui/theme/controls.css';
import './ui/theme/primitives.css';

// Before the first render, so the app never appears at the wrong size.
applySavedZoom();
applySavedTheme();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
