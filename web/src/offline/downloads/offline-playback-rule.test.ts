// @vitest-environment node
import { generateKeyPairSync, sign } from 'node:crypto';
import type { OfflineLicencePublicKey } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import type { StoredLicence } from '../offline-db';
import { mayPlayDownload } from './offline-playback-rule';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-26T12:00:00Z');

const serverKeys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const publicKey = serverKeys.publicKey.export({ format: 'jwk' }) as OfflineLicencePublicKey;

/** A licence as the server signs it (server/src/features/offline/licence-signer.ts), for a listener and a span. */
function licenceFor(userId: number, expiresAt: Date, privateKey = serverKeys.privateKey): StoredLicence {
  const payload = { v: 1, userId, issuedAt: Math.floor(NOW.getTime() / 1000) - 60, expiresAt: Math.floor(expiresAt.getTime() / 1000) };
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const signature = sign('sha256', Buffer.from(encoded), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url');
  return { userId, licence: `${encoded}.${signature}`, expiresAt: expiresAt.toISOString(), publicKey };
}

const inAMonth = new Date(NOW.getTime() + 30 * DAY_MS);

describe('which downloads the service worker plays', () => {
  it('plays a song the signed-in listener kept, under their valid licence', async () => {
    expect(await mayPlayDownload({ listener: 7, keptBy: 7, licence: licenceFor(7, inAMonth), now: NOW })).toBe(true);
  });

  it("refuses another listener's download on the same browser, and any download with nobody signed in", async () => {
    expect(await mayPlayDownload({ listener: 8, keptBy: 7, licence: licenceFor(8, inAMonth), now: NOW })).toBe(false);
    expect(await mayPlayDownload({ listener: 8, keptBy: undefined, licence: licenceFor(8, inAMonth), now: NOW })).toBe(false);
    expect(await mayPlayDownload({ listener: null, keptBy: 7, licence: licenceFor(7, inAMonth), now: NOW })).toBe(false);
  });

  it("refuses a licence that has expired by this device's clock, or that another listener holds", async () => {
    const licence = licenceFor(7, inAMonth);
    expect(await mayPlayDownload({ listener: 7, keptBy: 7, licence, now: new Date(inAMonth.getTime() + 1000) })).toBe(false);
    expect(await mayPlayDownload({ listener: 7, keptBy: 7, licence: { ...licenceFor(9, inAMonth), userId: 7 }, now: NOW })).toBe(false);
    expect(await mayPlayDownload({ listener: 7, keptBy: 7, licence: undefined, now: NOW })).toBe(false);
  });

  it('refuses a licence extended in browser storage or signed by anyone but the server', async () => {
    const genuine = licenceFor(7, inAMonth);
    const [payload, signature] = genuine.licence.split('.');
    const extended = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    extended.expiresAt += 365 * 24 * 60 * 60;
    const edited = `${Buffer.from(JSON.stringify(extended)).toString('base64url')}.${signature}`;
    expect(await mayPlayDownload({ listener: 7, keptBy: 7, licence: { ...genuine, licence: edited }, now: NOW })).toBe(false);
    const forger = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(await mayPlayDownload({ listener: 7, keptBy: 7, licence: licenceFor(7, inAMonth, forger.privateKey), now: NOW })).toBe(false);
  });
});
