import { describe, expect, it } from 'vitest';
import { hasWasmSimd, loadFailureMessage } from './loadFailure';

describe('loading the core', () => {
  it('detects WebAssembly SIMD where it exists (Node 20 has it)', () => {
    expect(hasWasmSimd()).toBe(true);
  });

  it('names the browser as the cause when it lacks SIMD', () => {
    expect(loadFailureMessage('CompileError: invalid opcode 0xfd', false)).toBe(
      'The survey core cannot run in this browser: it needs WebAssembly SIMD (Chrome or Edge 91, Firefox 89, Safari 16.4 or later). Please update the browser.',
    );
  });

  it('passes any other failure on with its detail', () => {
    expect(loadFailureMessage('Failed to fetch', true)).toBe('The survey core could not be loaded: Failed to fetch');
  });
});
