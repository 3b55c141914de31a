import { TWO_FACTOR_CODE_LENGTH } from '@kora/contracts';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as authenticator apps expect it: HMAC-SHA-1, 30-second steps, 6 digits. */
const PERIOD_SECONDS = 30;
const ALGORITHM = 'SHA1';
/** One step either side: a phone clock up to about 30 s off still works. */
const DRIFT_STEPS = 1;
const SECRET_BYTES = 20;
const ISSUER = 'Kora';

/** A new shared secret (160 random bits, as RFC 4226 recommends), base32 for the authenticator app. */
export function createTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function buildOtpauthUri(secret: string, accountName: string): string {
  return totpFor(secret, accountName).toString();
}

/** The secret in groups of four, easier to type by hand. */
export function formatManualEntryKey(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** The time step (count of 30-s periods since the epoch) that `now` falls in. */
export function totpStepAt(now: Date): number {
  return TOTP.counter({ period: PERIOD_SECONDS, timestamp: now.getTime() });
}

/** The code an authenticator app shows at `now`. */
export function generateTotp(secret: string, now: Date): string {
  return totpFor(secret).generate({ timestamp: now.getTime() });
}

/**
 * The time step whose code `token` is, within one step of `now`, or null when it is none of
 * them. The caller records the step, so the same code is never accepted twice.
 */
export function findTotpStep(secret: string, token: string, now: Date): number | null {
  if (!new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`).test(token)) return null;
  const delta = totpFor(secret).validate({ token, timestamp: now.getTime(), window: DRIFT_STEPS });
  return delta === null ? null : totpStepAt(now) + delta;
}

function totpFor(secret: string, accountName = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: accountName,
    secret: Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: TWO_FACTOR_CODE_LENGTH,
    period: PERIOD_SECONDS,
  });
}
