// Why the core (Rust compiled to WebAssembly) could not be loaded, in words a surveyor can
// act on: shared by the main thread (./index.ts) and the workers, which load it themselves.

/**
 * The smallest module using a 128-bit SIMD instruction (the probe of the wasm-feature-detect
 * library): the core is built with SIMD (scripts/toolchain.sh), which a browser older than
 * Chrome/Edge 91, Firefox 89 or Safari 16.4 cannot compile.
 */
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);

/** Whether this browser's WebAssembly has the SIMD instructions the core is built with. */
export function hasWasmSimd(): boolean {
  return typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
}

/**
 * What a surveyor reads when the core cannot be loaded (`error` is what the load threw):
 * the browser named when it is the cause.
 */
export function loadFailureMessage(error: unknown, simd: boolean): string {
  if (!simd) {
    return 'The survey core cannot run in this browser: it needs WebAssembly SIMD (Chrome or Edge 91, Firefox 89, Safari 16.4 or later). Please update the browser.';
  }
  const detail = error instanceof Error ? error.message : String(error);
  return `The survey core could not be loaded: ${detail}`;
}
