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
// first render waits for that chunk, so the page shows as soon as it is in, not after a
// 'Loading...' screen and React's reveal throttle (up to 300 ms more). On a slow link the
// wait ends after FIRST_PAGE_WAIT_MS and 'Loading...' shows as for any page.
const FIRST_PAGE_WAIT_MS = 250;
void primeSurvey();
void Promise.race([preloadPage(window.location.pathname), new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
