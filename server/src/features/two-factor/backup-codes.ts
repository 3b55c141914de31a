import { createHash, randomInt } from 'node:crypto';
import { TWO_FACTOR_BACKUP_CODE_COUNT } from '@kora/contracts';

// No 0/o, 1/l/i: a code copied from paper is read back right. 31 symbols, 8 of them: ~40 bits.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF_LENGTH = 4;

/** Fresh single-use backup codes like 'k7dp-3mxa', from the operating system's CSPRNG. */
export function generateBackupCodes(count = TWO_FACTOR_BACKUP_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => `${randomSymbols(HALF_LENGTH)}-${randomSymbols(HALF_LENGTH)}`);
}

/** A typed code in its stored form: case, spaces and the dash do not matter; null if it cannot be one. */
export function normalizeBackupCode(input: string): string | null {
  const symbols = input.toLowerCase().replace(/[\s-]/g, '');
  if (symbols.length !== HALF_LENGTH * 2 || ![...symbols].every((c) => ALPHABET.includes(c))) return null;
  return symbols;
}

/**
 * SHA-256 rather than a slow hash: the codes are random (not chosen by people), single-use and
 * guessed online only under a per-user attempt limit; and whoever could read these hashes could
 * read the TOTP secret beside them, which must stay usable, so a slow hash would protect nothing
 * more. A plain digest also lets one UPDATE … WHERE code_hash = $1 AND used_at IS NULL spend a
 * code atomically.
 */
export function hashBackupCode(normalized: string): string {
  return createHash('sha256').update(normalized).digest('hex');
}

function randomSymbols(length: number): string {
  return Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}
