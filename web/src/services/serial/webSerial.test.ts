import { describe, expect, it } from 'vitest';
import { classifyReadError, isBaudRate } from './webSerial';

describe('classifyReadError', () => {
  it.each(['BufferOverrunError', 'BreakError', 'FramingError', 'ParityError'])('%s: the port survives, read on', (name) => {
    expect(classifyReadError(new DOMException('x', name))).toBe('recoverable');
    expect(classifyReadError(name)).toBe('recoverable');
  });

  it.each(['NetworkError', 'UnknownError', 'InvalidStateError', 'TypeError'])('%s: the connection is over', (name) => {
    expect(classifyReadError(new DOMException('x', name))).toBe('fatal');
  });

  it('anything that is not a named error is fatal', () => {
    expect(classifyReadError(undefined)).toBe('fatal');
    expect(classifyReadError({ name: 'BreakError' })).toBe('fatal');
  });
});

it('offers the baud rates 4800, 9600, 38400 and 115200 only', () => {
  expect([4800, 9600, 38400, 115200].every(isBaudRate)).toBe(true);
  expect(isBaudRate(19200)).toBe(false);
});
