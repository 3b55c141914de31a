import { createHash, randomUUID, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '../config.js';
import { stageFile } from './staged-file.js';
import { isValidKey, isVariantKey, keyFor, type ByteRange, type MediaStorage, type ObjectInfo, type StoredObject } from './storage.js';

/**
 * Objects up to one part go up in one PutObject, larger ones in parts of this size (S3 allows
 * 10,000 parts of at least 5 MiB: 160 GiB at 16 MiB). Each part is read from the staged file
 * as a stream, so memory stays flat whatever the size.
 */
const DEFAULT_PART_SIZE_BYTES = 16 * 1024 * 1024;

/** How long a URL handed to nginx for a download stays good: nginx fetches it at once. */
const OFFLOAD_URL_SECONDS = 60;

/** Attempts at each upload request (the whole object, or one part) before the put fails. */
const UPLOAD_ATTEMPTS = 3;

export type S3StorageOptions = S3Settings & {
  /** Local folder where a body is staged while its content address is computed. */
  stagingDir: string;
  partSizeBytes?: number;
};

/**
 * Content-addressed objects in an S3-compatible bucket, under the same keys as the local store
 * (`ab/<sha256>.ext`). A body is first streamed to a staged local file while hashing, because
 * the key is its hash; then it is uploaded from that file, unless the bucket holds it already.
 */
export function createS3Storage(options: S3StorageOptions): MediaStorage {
  const { bucket: Bucket, stagingDir } = options;
  const partSize = options.partSizeBytes ?? DEFAULT_PART_SIZE_BYTES;
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    // Unset: the SDK's default chain (AWS_* variables, shared profile, instance or task role).
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // The SDK's default trailing CRC32 sends streamed bodies aws-chunked; S3-compatible stores
    // that do not speak it save the framing as content (s3rver stored 100,053 bytes for 100,000).
    // Content-MD5 on every upload guards integrity instead, which every S3 implementation checks.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // The SDK logs nothing by default, except a console warning that a streamed upload cannot be
    // retried, which withRetries does.
    logger: { trace: ignore, debug: ignore, info: ignore, warn: ignore, error: ignore },
    requestHandler: {
      connectionTimeout: 5_000,
      // A reader that stops pulling (a paused player) frees its connection after a minute.
      socketTimeout: 60_000,
      // Every listener's stream holds one connection for as long as it plays; the SDK's default
      // of 50 would queue the 51st listener behind them.
      httpAgent: { keepAlive: true, maxSockets: 512 },
      httpsAgent: { keepAlive: true, maxSockets: 512 },
    },
  });

  function checked(key: string): string {
    if (!isValidKey(key)) throw new Error(`Invalid media key: ${key}`);
    return key;
  }

  async function getObject(key: string, range?: ByteRange): Promise<Readable> {
    const { Body, ContentRange } = await client.send(
      new GetObjectCommand({ Bucket, Key: checked(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
    );
    if (!(Body instanceof Readable)) throw new Error(`S3 answered ${key} without a body`);
    // The caller has promised the listener exactly these bytes (Content-Length, Content-Range);
    // a store that ignores or misreads the range must fail the request, not corrupt the answer.
    if (range && !ContentRange?.startsWith(`bytes ${range.start}-${range.end}/`)) {
      Body.destroy();
      throw new Error(`S3 answered bytes ${range.start}-${range.end} of ${key} with ${ContentRange ?? 'the whole object'}`);
    }
    return Body;
  }

  async function stat(key: string): Promise<ObjectInfo | undefined> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async function upload(filePath: string, key: string, size: number, md5s: string[], contentType: string): Promise<void> {
    if (md5s.length === 1) {
      await withRetries(() =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: createReadStream(filePath),
            ContentLength: size,
            ContentMD5: md5s[0],
            ContentType: contentType,
          }),
        ),
      );
      return;
    }
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }));
    try {
      const parts = [];
      for (const [index, md5] of md5s.entries()) {
        const start = index * partSize;
        const end = Math.min(start + partSize, size) - 1;
        const { ETag } = await withRetries(() =>
          client.send(
            new UploadPartCommand({
              Bucket,
              Key: key,
              UploadId,
              PartNumber: index + 1,
              Body: createReadStream(filePath, { start, end }),
              ContentLength: end - start + 1,
              ContentMD5: md5,
            }),
          ),
        );
        parts.push({ ETag, PartNumber: index + 1 });
      }
      await client.send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }));
    } catch (error) {
      // Unfinished parts are stored (and billed) until aborted.
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId })).catch(() => undefined);
      throw error;
    }
  }

  return {
    kind: 's3',

    async put(body, { extension, contentType }): Promise<StoredObject> {
      const partHashes = createPartHashes(partSize);
      const staged = await stageFile(body, stagingDir, (chunk) => partHashes.update(chunk));
      try {
        const key = keyFor(staged.sha256, extension);
        // Same key, same content: an object already there (another upload of the same file) stays.
        if ((await stat(key))?.size !== staged.size) {
          await upload(staged.path, key, staged.size, partHashes.digests(), contentType);
        }
        return { key, size: staged.size, sha256: staged.sha256 };
      } finally {
        await fs.rm(staged.path, { force: true });
      }
    },

    async putVariant(key, data, contentType) {
      if (!isVariantKey(key)) throw new Error(`Not a variant key: ${key}`);
      // Small (a few KB) and always written, so its date is fresh: the orphan sweep spares it during the grace period.
      await withRetries(() =>
        client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentLength: data.length, ContentMD5: md5Base64(data), ContentType: contentType })),
      );
    },

    stat,

    read: (key) => getObject(key),
    readRange: (key, range) => getObject(key, range),

    async offloadTarget(key) {
      const url = new URL(await getSignedUrl(client, new GetObjectCommand({ Bucket, Key: checked(key) }), { expiresIn: OFFLOAD_URL_SECONDS }));
      return `/_kora/s3/${url.protocol === 'https:' ? 'https' : 'http'}/${url.host}${url.pathname}${url.search}`;
    },

    async delete(key) {
      // S3 answers a delete of a missing key with success, as the interface wants.
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },

    async *list() {
      for await (const page of paginateListObjectsV2({ client }, { Bucket })) {
        for (const object of page.Contents ?? []) {
          // Other objects in a shared bucket (and the health probe) are not Kora's media.
          if (!object.Key || !isValidKey(object.Key)) continue;
          yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
        }
      }
    },

    async check() {
      // Outside the media key space, so list() and the orphan sweep never see it.
      const Key = `kora-health/${randomUUID()}`;
      await client.send(new PutObjectCommand({ Bucket, Key, Body: 'ok', ContentMD5: md5Base64(Buffer.from('ok')) }));
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key }));
      } finally {
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
      }
    },
  };
}

/**
 * Sends an upload again when S3 asks for it (throttling, a server error) or the connection
 * failed. The SDK does not retry a streamed body it has already read, so each attempt opens
 * the staged file anew.
 */
async function withRetries<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      if (attempt >= UPLOAD_ATTEMPTS || !isTransient(error)) throw error;
      await sleep(200 * 2 ** attempt);
    }
  }
}

function isTransient(error: unknown): boolean {
  // Not an answer from S3: the connection was refused, reset or timed out.
  if (!(error instanceof S3ServiceException)) return true;
  const status = error.$metadata.httpStatusCode ?? 0;
  return status >= 500 || status === 429 || error.name === 'RequestTimeout';
}

function ignore(): void {}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}

function md5Base64(data: Buffer): string {
  return createHash('md5').update(data).digest('base64');
}

/** Content-MD5 of each `partSize` slice of a stream, computed in the same pass as its SHA-256. */
function createPartHashes(partSize: number) {
  const digests: string[] = [];
  let part: Hash = createHash('md5');
  let inPart = 0;
  return {
    update(chunk: Buffer) {
      let offset = 0;
      while (offset < chunk.length) {
        const take = Math.min(partSize - inPart, chunk.length - offset);
        part.update(chunk.subarray(offset, offset + take));
        inPart += take;
        offset += take;
        if (inPart === partSize) {
          digests.push(part.digest('base64'));
          part = createHash('md5');
          inPart = 0;
        }
      }
    },
    /** One digest per part; an empty body is one empty part. */
    digests(): string[] {
      return inPart > 0 || digests.length === 0 ? [...digests, part.digest('base64')] : digests;
    },
  };
}
