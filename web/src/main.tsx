import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadPage } from './app/routes';
import { primeSurvey } from './features/survey';
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
// The store opens and the active survey is read while the first page's chunk comes in; the
// first render waits for that chunk (at most 2 s), so the page shows as soon as it is in,
// not after a 'Loading...' screen and React's reveal throttle (up to 300 ms more).
void primeSurvey();
void Promise.race([preloadPage(window.location.pathname), new Promise((resolve) => setTimeout(resolve, 2000))]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
