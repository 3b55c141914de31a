import {
  OFFLINE_LICENCE_DAYS,
  type OfflineLicencePublicKey,
  offlineLicenceKeySchema,
  offlineLicenceResponseSchema,
  verifyOfflineLicence,
} from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingKeys } from '../../src/db/schema.js';
import { OFFLINE_LICENCE_KEY_NAME } from '../../src/features/offline/service.js';
import { createSigningKeyStore } from '../../src/features/offline/signing-keys.js';
import { setPlan } from '../helpers/catalogue-factories.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const PREMIUM = { plan: 'premium', status: 'active', nextBillingDate: new Date(Date.now() + 10 * DAY_MS) } as const;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

async function listener(plan: Parameters<typeof setPlan>[2] | null): Promise<SignedInUser> {
  const user = await signUp(t.app);
  if (plan) await setPlan(t.database.db, user.user.id, plan);
  return user;
}

const issue = (user?: SignedInUser) =>
  t.app.inject({ method: 'POST', url: '/api/offline/licence', headers: user ? { cookie: user.cookie } : {} });
const licenceKey = (user?: SignedInUser) =>
  t.app.inject({ method: 'GET', url: '/api/offline/licence-key', headers: user ? { cookie: user.cookie } : {} });

async function publicKeyFor(user: SignedInUser): Promise<OfflineLicencePublicKey> {
  const response = await licenceKey(user);
  expect(response.statusCode).toBe(200);
  return offlineLicenceKeySchema.strict().parse(response.json());
}

async function issuedLicence(user: SignedInUser) {
  const response = await issue(user);
  expect(response.statusCode).toBe(200);
  return offlineLicenceResponseSchema.strict().parse(response.json());
}

describe('the offline licence routes', () => {
  it('need a session', async () => {
    expect((await issue()).statusCode).toBe(401);
    expect((await licenceKey()).statusCode).toBe(401);
  });

  it('refuse a licence to the free plan and to a lapsed premium, with the downloads upsell', async () => {
    const lapsed = { plan: 'premium', status: 'canceled', nextBillingDate: new Date(Date.now() - DAY_MS) } as const;
    for (const plan of [null, lapsed, { ...PREMIUM, status: 'past_due' } as const]) {
      const response = await issue(await listener(plan));
      expect(response.statusCode, JSON.stringify(plan)).toBe(403);
      expect(response.json()).toEqual({ message: 'Downloads are a Premium feature.' });
    }
  });

  it('issue premium a licence of 30 days, signed with the key the app is given', async () => {
    const user = await listener(PREMIUM);
    const before = Math.floor(Date.now() / 1000);
    const { licence, expiresAt } = await issuedLicence(user);
    const check = await verifyOfflineLicence(licence, await publicKeyFor(user), new Date());
    if (!check.ok) throw new Error(`licence refused: ${check.reason}`);
    expect(check.payload.userId).toBe(user.user.id);
    expect(check.payload.issuedAt).toBeGreaterThanOrEqual(before);
    expect(check.payload.expiresAt - check.payload.issuedAt).toBe(OFFLINE_LICENCE_DAYS * 24 * 60 * 60);
    expect(expiresAt).toBe(new Date(check.payload.expiresAt * 1000).toISOString());
    // It stops at its expiry.
    const atExpiry = new Date(check.payload.expiresAt * 1000);
    expect(await verifyOfflineLicence(licence, await publicKeyFor(user), atExpiry)).toEqual({ ok: false, reason: 'expired' });
  });

  it('renew the licence when asked again while premium, and not once premium has lapsed', async () => {
    const user = await listener(PREMIUM);
    const first = await issuedLicence(user);
    const second = await issuedLicence(user);
    expect(Date.parse(second.expiresAt)).toBeGreaterThanOrEqual(Date.parse(first.expiresAt));
    expect((await verifyOfflineLicence(second.licence, await publicKeyFor(user), new Date())).ok).toBe(true);
    await setPlan(t.database.db, user.user.id, { status: 'canceled', nextBillingDate: new Date(Date.now() - DAY_MS) });
    expect((await issue(user)).statusCode).toBe(403);
  });

  it('give a licence that names its listener: changing the name breaks the signature', async () => {
    const [me, other] = [await listener(PREMIUM), await listener(PREMIUM)];
    const { licence } = await issuedLicence(me);
    const [payload, signature] = licence.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    const stolen = `${Buffer.from(JSON.stringify({ ...claims, userId: other.user.id })).toString('base64url')}.${signature}`;
    expect(await verifyOfflineLicence(stolen, await publicKeyFor(other), new Date())).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('send only the public key: the same for every listener, never its private part', async () => {
    const [a, b] = [await listener(null), await listener(PREMIUM)];
    const response = await licenceKey(a);
    expect(Object.keys(response.json()).sort()).toEqual(['crv', 'kty', 'x', 'y']);
    expect(await publicKeyFor(a)).toEqual(await publicKeyFor(b));
  });
});

describe('the signing key', () => {
  it('is made once and shared by every process on the database, however they race', async () => {
    // Stores of their own, as separate server processes have: each generates a candidate, one is kept.
    const stores = Array.from({ length: 4 }, () => createSigningKeyStore(t.database.db));
    const pairs = await Promise.all(stores.map((store) => store.keyPair('race-test')));
    for (const pair of pairs) expect(pair).toEqual(pairs[0]);
    const rows = await t.database.db.select().from(signingKeys).where(eq(signingKeys.name, 'race-test'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.publicJwk).toEqual(pairs[0]!.publicJwk);
  });

  it('is the stored one: a licence issued by one process verifies with the key another reads', async () => {
    const user = await listener(PREMIUM);
    const { licence } = await issuedLicence(user);
    const { publicJwk } = await createSigningKeyStore(t.database.db).keyPair(OFFLINE_LICENCE_KEY_NAME);
    const check = await verifyOfflineLicence(licence, publicJwk as OfflineLicencePublicKey, new Date());
    expect(check.ok).toBe(true);
  });
});
