// Vitest setup (jsdom): unmount rendered components and forget stored flags after each test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.body.removeAttribute('style');
  document.body.style.zoom = ''; // jsdom keeps `zoom` as a plain property, not CSS
});
