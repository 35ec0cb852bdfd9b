// The identity service's password policy (SPEC §5, §7 GET /v2/passwordPolicy). The Auth
// emulator answers 501, and a real project may have none: then null, and the caller applies
// the service's default minimum of 6.
import { resolveFirebaseTarget, identityBase } from './config';

export interface PasswordPolicy {
  minLength: number;
  maxLength: number | null;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumeric: boolean;
  requireNonAlphanumeric: boolean;
}

interface PolicyResponse {
  customStrengthOptions?: {
    minPasswordLength?: number;
    maxPasswordLength?: number;
    containsLowercaseCharacter?: boolean;
    containsUppercaseCharacter?: boolean;
    containsNumericCharacter?: boolean;
    containsNonAlphanumericCharacter?: boolean;
  };
  enforcementState?: string;
}

/** The policy when the service has one and enforces it; null otherwise (or offline). */
export async function fetchPasswordPolicy(fetchFn: typeof fetch = fetch): Promise<PasswordPolicy | null> {
  const target = resolveFirebaseTarget();
  try {
    const res = await fetchFn(`${identityBase(target)}/v2/passwordPolicy?key=${encodeURIComponent(target.config.apiKey)}`, {
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as PolicyResponse;
    if (body.enforcementState === 'OFF') return null;
    const o = body.customStrengthOptions ?? {};
    return {
      minLength: o.minPasswordLength ?? 6,
      maxLength: o.maxPasswordLength ?? null,
      requireLowercase: o.containsLowercaseCharacter === true,
      requireUppercase: o.containsUppercaseCharacter === true,
      requireNumeric: o.containsNumericCharacter === true,
      requireNonAlphanumeric: o.containsNonAlphanumericCharacter === true,
    };
  } catch {
    return null;
  }
}
