import { TWO_FACTOR_CODE_LENGTH } from '@kora/contracts';

/** Spec section 5: a two-factor code field keeps digits only, at most six of them. */
export function toCodeDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, TWO_FACTOR_CODE_LENGTH);
}

/** Verify and disable are enabled, and submit, only at exactly six digits. */
export function isCompleteCode(code: string): boolean {
  return code.length === TWO_FACTOR_CODE_LENGTH && /^\d+$/.test(code);
}
