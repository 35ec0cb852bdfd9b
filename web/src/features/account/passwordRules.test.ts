import { describe, expect, it } from 'vitest';
import type { PasswordPolicy } from '../../services/firebase';
import { passwordMessage, passwordProblems } from './passwordRules';

// A policy as a real project's GET /v2/passwordPolicy would give it (the emulator answers 501).
const strict: PasswordPolicy = {
  minLength: 10,
  maxLength: 20,
  requireLowercase: true,
  requireUppercase: true,
  requireNumeric: true,
  requireNonAlphanumeric: true,
};

describe('passwords (SPEC §5)', () => {
  it('without a policy, the service default: at least 6 characters', () => {
    expect(passwordMessage('12345', null)).toBe('The password needs at least 6 characters.');
    expect(passwordMessage('123456', null)).toBeNull();
  });

  it('a server policy: every requirement named', () => {
    expect(passwordProblems('abc', strict)).toEqual([
      'at least 10 characters',
      'an uppercase letter',
      'a digit',
      'a character that is not a letter or digit',
    ]);
    expect(passwordProblems('Abcdefgh1!', strict)).toEqual([]);
    expect(passwordProblems('Abcdefgh1!Abcdefgh1!x', strict)).toEqual(['at most 20 characters']);
  });
});
