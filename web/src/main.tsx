import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { applySavedZoom } from './features/zoom/zoom';
import './styles.css';

// Before the first render, so the app never appears at the wrong size.
applySavedZoom();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
