import type { Readable } from 'node:stream';

export type StoredObject = { key: string; size: number; sha256: string };
export type ObjectInfo = { size: number; modifiedAt: Date };
/** The largest range read whole into memory (a player's chunk); a larger one is streamed. */
export const ONE_READ_MAX_BYTES = 256 * 1024;

/** Inclusive byte offsets, as in an HTTP Range. */
export type ByteRange = { start: number; end: number };

/** Where audio and images live. Keys are chosen by the server only, never by a client. */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Stores a stream under a content-addressed key ending in `.${extension}`. */
  put(body: Readable | Buffer, options: { extension: string; contentType: string }): Promise<StoredObject>;
  /**
   * Stores a variant (a smaller copy of a stored image, see coverVariantKey) under its derived key,
   * replacing any object there; refuses every other key.
   */
  putVariant(key: string, data: Buffer, contentType: string): Promise<void>;
  stat(key: string): Promise<ObjectInfo | undefined>;
  read(key: string): Promise<Readable>;
  /**
   * Exactly the bytes of a range: held in one Buffer when the store can read it at once, else a
   * stream. `into`, a buffer of the range's length, is filled and answered when the store reads at
   * once, instead of a buffer of its own (the caller's pool, serve-object.ts).
   */
  readRange(key: string, range: ByteRange, into?: Buffer): Promise<Readable | Buffer>;
  /**
   * Where nginx fetches the object's bytes when Kora hands a download to it (MEDIA_OFFLOAD=nginx):
   * the path of an internal location, `/_kora/media/<key>` for the local folder, or
   * `/_kora/s3/<host>/<path>?<query>` for a URL presigned for a minute (deploy/nginx/kora.conf).
   */
  offloadTarget(key: string): Promise<string>;
  delete(key: string): Promise<void>;
  /** Every stored object (the orphan sweep compares them with the keys rows refer to). */
  list(): AsyncIterable<{ key: string } & ObjectInfo>;
  /** Throws when the store cannot be written and read. */
  check(): Promise<void>;
}

const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f]{64}\.[a-z0-9]{1,5}$/;
/**
 * A variant's key is its base's key with `.w<width>` before the extension, in the base's format:
 * `ab/<sha256>.w160.webp` for `ab/<sha256>.webp`. It is a pure function of the base's content, so it
 * stays content-addressed in spirit, and its base is known from the key alone.
 */
const VARIANT_PATTERN = /^([0-9a-f]{2}\/[0-9a-f]{64})\.w[1-9][0-9]{1,3}\.(webp|jpg)$/;
/** Stored images that have variants: covers (WebP), and the demo art of databases seeded before its covers were WebP (JPEG). */
const VARIANT_BASE_PATTERN = /^[0-9a-f]{2}\/[0-9a-f]{64}\.(webp|jpg)$/;

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key) || VARIANT_PATTERN.test(key);
}

export function isVariantKey(key: string): boolean {
  return VARIANT_PATTERN.test(key);
}

/** Whether smaller copies of this object are stored beside it (an image, not a variant itself). */
export function hasVariants(key: string): boolean {
  return VARIANT_BASE_PATTERN.test(key);
}

export function keyFor(sha256: string, extension: string): string {
  return `${sha256.slice(0, 2)}/${sha256}.${extension}`;
}

/** The key of the `width`-pixel variant of a stored image. */
export function coverVariantKey(baseKey: string, width: number): string {
  if (!hasVariants(baseKey)) throw new Error(`Not an image key with variants: ${baseKey}`);
  const dot = baseKey.lastIndexOf('.');
  const key = `${baseKey.slice(0, dot)}.w${width}${baseKey.slice(dot)}`;
  if (!isVariantKey(key)) throw new Error(`Invalid variant width: ${width}`);
  return key;
}

/** The key of the object a variant was made from; any other key is its own base. */
export function baseKeyOf(key: string): string {
  const match = VARIANT_PATTERN.exec(key);
  return match ? `${match[1]}.${match[2]}` : key;
}
