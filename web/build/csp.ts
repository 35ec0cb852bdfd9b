// The Content-Security-Policy of the production build: only what the app uses.
//
// - script-src 'self' 'wasm-unsafe-eval': the app's own modules, and compiling the core's
//   WebAssembly (no eval, no inline script).
// - worker-src 'self' blob:: the NMEA and export workers and the service worker; blob: for
//   libraries that start workers from blobs (the map's, soon).
// - style-src 'self': the built CSS; React's `style` props go through the CSSOM, which CSP
//   does not restrict.
// - img-src / media-src 'self' data: blob:: icons, photos and drawings the user captured.
// - connect-src: the app's own origin; data: and blob: (media read back for exports); any
//   https: origin, because the services the app calls are configured by the user (an OSRM
//   server, map style and tiles, Firebase); and the local Firebase emulators and dev
//   services on 127.0.0.1 / localhost, over http and ws.
// - object-src 'none', base-uri 'self', form-action 'self': nothing embedded, no base
//   hijack, no form posting elsewhere.
//
// The build puts it in a <meta http-equiv> (so any static host serves it); `vite preview`
// (what `npm start` serves) also sends it as a header, with frame-ancestors 'none', which
// only a header can carry. `npm run dev` has none: Vite's hot reload injects inline code.
import type { Plugin } from 'vite';

export const CSP_DIRECTIVES: Record<string, string> = {
  'default-src': "'self'",
  'script-src': "'self' 'wasm-unsafe-eval'",
  'worker-src': "'self' blob:",
  'style-src': "'self'",
  'img-src': "'self' data: blob:",
  'media-src': "'self' data: blob:",
  'font-src': "'self' data:",
  'connect-src': "'self' data: blob: https: http://127.0.0.1:* http://localhost:* ws://127.0.0.1:* ws://localhost:*",
  'manifest-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
};

/** The policy as one header or meta value. */
export function contentSecurityPolicy(extra: Record<string, string> = {}): string {
  return Object.entries({ ...CSP_DIRECTIVES, ...extra })
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

/** The policy for the `Content-Security-Policy` header of the preview server. */
export const CSP_HEADER = contentSecurityPolicy({ 'frame-ancestors': "'none'" });

/** Puts the policy first in the built index.html's <head>. */
export function cspPlugin(): Plugin {
  return {
    name: 'clearway-csp',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy() },
          injectTo: 'head-prepend',
        },
      ],
    },
  };
}
