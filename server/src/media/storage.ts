import type { Readable } from 'node:stream';

export type StoredObject = { key: string; size: number; sha256: string };
export type ObjectInfo = { size: number; modifiedAt: Date };

/** Where audio and images live. Keys are chosen by the server only, never by a client. */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Stores a stream under a content-addressed key ending in `.${extension}`. */
  put(body: Readable | Buffer, options: { extension: string; contentType: string }): Promise<StoredObject>;
  stat(key: string): Promise<ObjectInfo | undefined>;
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  delete(key: string): Promise<void>;
  /** Every stored object (the orphan sweep compares them with the keys rows refer to). */
  list(): AsyncIterable<{ key: string } & ObjectInfo>;
  /** Throws when the store cannot be written and read. */
  check(): Promise<void>;
}

const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f]{64}\.[a-z0-9]{1,5}$/;

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function keyFor(sha256: string, extension: string): string {
  return `${sha256.slice(0, 2)}/${sha256}.${extension}`;
}
