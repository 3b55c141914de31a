import { beforeAll, describe, expect, it } from 'vitest';
import { decodeBase64Url, type OfflineLicencePayload, type OfflineLicencePublicKey, verifyOfflineLicence } from './offline-licence.js';

// WebCrypto and base64, typed here for the same reason as in offline-licence.ts.
type KeyPair = { privateKey: unknown; publicKey: unknown };
const web = globalThis as unknown as {
  crypto: {
    subtle: {
      generateKey(algorithm: { name: 'ECDSA'; namedCurve: 'P-256' }, extractable: boolean, usages: string[]): Promise<KeyPair>;
      exportKey(format: 'jwk', key: unknown): Promise<OfflineLicencePublicKey>;
      sign(algorithm: { name: 'ECDSA'; hash: 'SHA-256' }, key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
    };
  };
  btoa(binary: string): string;
};

const encode = (bytes: Uint8Array) =>
  web.btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const encodeText = (text: string) => encode(Uint8Array.from(text, (char) => char.charCodeAt(0)));

const NOW = new Date('2026-06-01T12:00:00Z');
const nowSeconds = NOW.getTime() / 1000;
const DAY = 24 * 60 * 60;
const payload: OfflineLicencePayload = { v: 1, userId: 42, issuedAt: nowSeconds - DAY, expiresAt: nowSeconds + 29 * DAY };

let keys: KeyPair;
let publicKey: OfflineLicencePublicKey;
let otherPublicKey: OfflineLicencePublicKey;

async function generate(): Promise<[KeyPair, OfflineLicencePublicKey]> {
  const pair = await web.crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  return [pair, await web.crypto.subtle.exportKey('jwk', pair.publicKey)];
}

/** Signs a payload part exactly as the server does. */
async function sign(encodedPayload: string, privateKey = keys.privateKey): Promise<string> {
  const data = Uint8Array.from(encodedPayload, (char) => char.charCodeAt(0));
  const signature = new Uint8Array(await web.crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, privateKey, data));
  return `${encodedPayload}.${encode(signature)}`;
}
const licenceFor = (value: unknown) => sign(encodeText(JSON.stringify(value)));

beforeAll(async () => {
  [keys, publicKey] = await generate();
  [, otherPublicKey] = await generate();
});

describe('verifyOfflineLicence', () => {
  it('accepts a licence signed with the key, before it expires', async () => {
    expect(await verifyOfflineLicence(await licenceFor(payload), publicKey, NOW)).toEqual({ ok: true, payload });
  });

  it('refuses a licence whose payload was changed after signing', async () => {
    const [, signature] = (await licenceFor(payload)).split('.');
    const extended = encodeText(JSON.stringify({ ...payload, expiresAt: payload.expiresAt + 365 * DAY }));
    expect(await verifyOfflineLicence(`${extended}.${signature}`, publicKey, NOW)).toEqual({ ok: false, reason: 'bad-signature' });
    const otherUser = encodeText(JSON.stringify({ ...payload, userId: 43 }));
    expect(await verifyOfflineLicence(`${otherUser}.${signature}`, publicKey, NOW)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('refuses a changed signature', async () => {
    const [encodedPayload, signature = ''] = (await licenceFor(payload)).split('.');
    const bytes = decodeBase64Url(signature)!;
    bytes[10] = bytes[10]! ^ 0x01;
    expect(await verifyOfflineLicence(`${encodedPayload}.${encode(bytes)}`, publicKey, NOW)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('refuses a licence signed with another key', async () => {
    expect(await verifyOfflineLicence(await licenceFor(payload), otherPublicKey, NOW)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('refuses an expired licence, from its expiry on', async () => {
    const licence = await licenceFor(payload);
    const at = (seconds: number) => new Date(seconds * 1000);
    expect((await verifyOfflineLicence(licence, publicKey, at(payload.expiresAt - 1))).ok).toBe(true);
    expect(await verifyOfflineLicence(licence, publicKey, at(payload.expiresAt))).toEqual({ ok: false, reason: 'expired' });
    expect(await verifyOfflineLicence(licence, publicKey, at(payload.expiresAt + DAY))).toEqual({ ok: false, reason: 'expired' });
  });

  it('judges the signature before the expiry: a forged expired licence is a forgery', async () => {
    const expired = await licenceFor({ ...payload, expiresAt: nowSeconds - DAY });
    expect(await verifyOfflineLicence(expired, otherPublicKey, NOW)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('calls anything that is not a signed licence malformed', async () => {
    const good = await licenceFor(payload);
    const [encodedPayload, signature] = good.split('.');
    const malformed = [
      '',
      'abc',
      `${good}.extra`,
      `${encodedPayload}.`,
      `.${signature}`,
      `${encodedPayload}.${signature}=`,
      `${encodedPayload}+.${signature}`,
      `${encodedPayload}.${signature!.slice(0, -2)}`,
      await sign(encodeText('not json')),
      await sign(encodeText('null')),
      await licenceFor({ ...payload, v: 2 }),
      await licenceFor({ ...payload, userId: '42' }),
      await licenceFor({ ...payload, expiresAt: 1.5 }),
      await licenceFor({ v: 1, userId: 42, issuedAt: nowSeconds }),
    ];
    for (const token of malformed) {
      expect(await verifyOfflineLicence(token, publicKey, NOW), token).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});

describe('decodeBase64Url', () => {
  it('reads base64url without padding, and only its one spelling of the bytes', () => {
    expect(decodeBase64Url('S29yYQ')).toEqual(Uint8Array.from([75, 111, 114, 97]));
    expect(decodeBase64Url('-_8')).toEqual(Uint8Array.from([251, 255]));
    expect(decodeBase64Url('')).toEqual(new Uint8Array());
    expect(decodeBase64Url('S29yYR')).toBeUndefined();
    expect(decodeBase64Url('S29yYQ==')).toBeUndefined();
    expect(decodeBase64Url('S29y+Q')).toBeUndefined();
    expect(decodeBase64Url('S29yY')).toBeUndefined();
  });
});
