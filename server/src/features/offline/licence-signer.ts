import { createPrivateKey, type JsonWebKey, sign } from 'node:crypto';
import { OFFLINE_LICENCE_DAYS, type OfflineLicencePayload, type OfflineLicenceResponse } from '@kora/contracts';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * A licence for `userId` from `now`, in the format contracts/src/offline-licence.ts verifies:
 * base64url(payload JSON) '.' base64url(ECDSA P-256 SHA-256 signature, IEEE-P1363 r || s).
 */
export function signOfflineLicence(privateJwk: JsonWebKey, userId: number, now: Date): OfflineLicenceResponse {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const payload: OfflineLicencePayload = { v: 1, userId, issuedAt, expiresAt: issuedAt + OFFLINE_LICENCE_DAYS * DAY_SECONDS };
  const encodedPayload = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  const key = createPrivateKey({ key: privateJwk, format: 'jwk' });
  // IEEE-P1363 is the encoding WebCrypto's verify expects (Node's default, DER, it refuses).
  const signature = sign('sha256', Buffer.from(encodedPayload, 'utf8'), { key, dsaEncoding: 'ieee-p1363' });
  return { licence: `${encodedPayload}.${signature.toString('base64url')}`, expiresAt: new Date(payload.expiresAt * 1000).toISOString() };
}
