import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id: the package exports it as a const enum, which isolated modules cannot read.
const ARGON2ID = 2;

// OWASP's argon2id baseline (19 MiB, 2 passes): strong, yet a 2-core server signs in dozens per second.
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so a wrong e-mail cannot be told from a wrong password by timing. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('kora-dummy-password');
  await verifyPassword(await dummyHash, password);
}
