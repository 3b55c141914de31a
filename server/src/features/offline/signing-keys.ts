import { generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { signingKeys } from '../../db/schema.js';

export type SigningKeyPair = { privateJwk: JsonWebKey; publicJwk: JsonWebKey };

/** A fresh ECDSA P-256 pair, as JWKs (WebCrypto verifies P-256 in every browser). */
function generateP256Pair(): SigningKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { privateJwk: privateKey.export({ format: 'jwk' }), publicJwk: publicKey.export({ format: 'jwk' }) };
}

/**
 * The server's named signing key pairs, kept in the database. The first process to need one writes
 * it; a process that loses that race inserts nothing and reads the winner's, so every process on
 * one database signs with the same key. A pair never changes once written, so each process keeps it
 * after the first read.
 */
export function createSigningKeyStore(db: Db) {
  const loaded = new Map<string, Promise<SigningKeyPair>>();

  async function find(name: string): Promise<SigningKeyPair | undefined> {
    const [row] = await db.select().from(signingKeys).where(eq(signingKeys.name, name));
    return row && { privateJwk: row.privateJwk as JsonWebKey, publicJwk: row.publicJwk as JsonWebKey };
  }

  async function loadOrCreate(name: string): Promise<SigningKeyPair> {
    const existing = await find(name);
    if (existing) return existing;
    const candidate = generateP256Pair();
    await db.insert(signingKeys).values({ name, ...candidate }).onConflictDoNothing({ target: signingKeys.name });
    const stored = await find(name);
    if (!stored) throw new Error(`signing key ${name} vanished after it was written`);
    return stored;
  }

  return {
    keyPair(name: string): Promise<SigningKeyPair> {
      let pair = loaded.get(name);
      if (!pair) {
        pair = loadOrCreate(name);
        // A failed read (the database was away) is tried again by the next request.
        pair.catch(() => loaded.delete(name));
        loaded.set(name, pair);
      }
      return pair;
    },
  };
}
export type SigningKeyStore = ReturnType<typeof createSigningKeyStore>;
