/**
 * The offline licence: a token the server signs (POST /api/offline/licence) and the web app and
 * its service worker check before playing a downloaded song with no network. Free of zod and of
 * Node, so a service worker imports it alone: WebCrypto (globalThis.crypto.subtle) verifies it.
 *
 * Format: base64url(JSON payload) + '.' + base64url(signature), the signature ECDSA P-256 with
 * SHA-256 in IEEE-P1363 encoding (r || s, 64 bytes) over the UTF-8 bytes of the first part.
 */

/** How long a licence lasts; also how old a play made offline may be when it is sent. */
export const OFFLINE_LICENCE_DAYS = 30;

export type OfflineLicencePayload = {
  v: 1;
  userId: number;
  /** Epoch seconds. */
  issuedAt: number;
  /** Epoch seconds: the licence is valid strictly before it. */
  expiresAt: number;
};

/** The server's public key, as GET /api/offline/licence-key answers it. */
export type OfflineLicencePublicKey = { kty: 'EC'; crv: 'P-256'; x: string; y: string };

export type OfflineLicenceCheck =
  | { ok: true; payload: OfflineLicencePayload }
  | { ok: false; reason: 'malformed' | 'bad-signature' | 'expired' };

// The few WebCrypto and encoding members used here. The contracts compile without the DOM's or
// Node's types, and both Node 20 and browsers (service workers included) have them globally.
type Subtle = {
  importKey(
    format: 'jwk',
    key: OfflineLicencePublicKey,
    algorithm: { name: 'ECDSA'; namedCurve: 'P-256' },
    extractable: boolean,
    usages: ['verify'],
  ): Promise<unknown>;
  verify(algorithm: { name: 'ECDSA'; hash: 'SHA-256' }, key: unknown, signature: Uint8Array, data: Uint8Array): Promise<boolean>;
};
type Globals = {
  crypto: { subtle: Subtle };
  TextDecoder: new (label: string, options: { fatal: boolean }) => { decode(bytes: Uint8Array): string };
};
const web = globalThis as unknown as Globals;

const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** P-256 r || s. */
const SIGNATURE_BYTES = 64;

/** base64url (no padding) to bytes; undefined for anything else. */
export function decodeBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const bytes = new Uint8Array(Math.floor((text.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let index = 0;
  for (const char of text) {
    buffer = ((buffer << 6) | BASE64URL_ALPHABET.indexOf(char)) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[index++] = (buffer >> bits) & 0xff;
    }
  }
  // Leftover bits must be zero: one byte string has one spelling, so a token cannot be re-spelled.
  if ((buffer & ((1 << bits) - 1)) !== 0) return undefined;
  return bytes;
}

function parsePayload(bytes: Uint8Array): OfflineLicencePayload | undefined {
  let value: unknown;
  try {
    value = JSON.parse(new web.TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { v, userId, issuedAt, expiresAt } = value as Record<string, unknown>;
  const isWhole = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
  if (v !== 1 || !isWhole(userId) || !isWhole(issuedAt) || !isWhole(expiresAt)) return undefined;
  return { v, userId, issuedAt, expiresAt };
}

/**
 * Checks a licence against the server's public key at `now`: its shape, then its signature, then
 * its expiry. Whose licence it is (payload.userId) is for the caller to compare with the listener.
 */
export async function verifyOfflineLicence(token: string, publicKey: OfflineLicencePublicKey, now: Date): Promise<OfflineLicenceCheck> {
  const parts = token.split('.');
  if (parts.length !== 2) return { ok: false, reason: 'malformed' };
  const [encodedPayload = '', encodedSignature = ''] = parts;
  const payloadBytes = decodeBase64Url(encodedPayload);
  const signature = decodeBase64Url(encodedSignature);
  const payload = payloadBytes && parsePayload(payloadBytes);
  if (!payload || signature?.length !== SIGNATURE_BYTES) return { ok: false, reason: 'malformed' };

  const { kty, crv, x, y } = publicKey;
  const key = await web.crypto.subtle.importKey('jwk', { kty, crv, x, y }, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  // The first part is base64url, ASCII: its UTF-8 bytes are its character codes.
  const signed = Uint8Array.from(encodedPayload, (char) => char.charCodeAt(0));
  const valid = await web.crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, signature, signed);
  if (!valid) return { ok: false, reason: 'bad-signature' };
  if (payload.expiresAt * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, payload };
}
