import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { BadRequest, type HttpError, PayloadTooLarge, UnsupportedMediaType } from '../../http/errors.js';
import { abandonBody, createMultipartReader, formatMegabytes, type MultipartReader } from '../../http/multipart.js';
import {
  AUDIO_FORMAT_FILES,
  AUDIO_SNIFF_BYTES,
  type AudioFormat,
  type AudioProbe,
  NOT_SUPPORTED_AUDIO_MESSAGE,
  probeAudio,
  sniffAudioFormat,
} from '../../media/audio-probe.js';
import { type PreparedCover, prepareCoverImage, storeCoverVariants } from '../../media/cover-image.js';
import type { MediaStorage } from '../../media/storage.js';
import { formOverheadBytes, type StorageRoom } from './storage-quota.js';

export type UploadFieldKind = 'text' | 'audio' | 'cover';

export type UploadFormSpec = {
  /** What the field is; undefined when the form has no such field. May throw a 400 that says more. */
  kindOf(name: string): UploadFieldKind | undefined;
  /** The fields a form may hold, for the message refusing another one. */
  expected: string;
  /** Names the file in messages: 'Track 2: ' for a release's second track, '' for the only one. */
  prefixOf(name: string): string;
  maxFields: number;
  maxFiles: number;
  /** Cover image fields among the files. */
  maxCovers: number;
};

export type UploadLimits = { maxAudioBytes: number; maxCoverBytes: number };

/** An audio file in storage, judged by its content. */
export type StoredAudio = { key: string; size: number; format: AudioFormat; contentType: string; probe: AudioProbe; originalName: string | null };
/** A processed cover in storage; its bytes are kept so it can be stored again (see service.ts). */
export type StoredCover = PreparedCover & { key: string; size: number; originalName: string | null };

export type UploadForm = {
  /** Every field name the form held, a file input left empty included. */
  received: Set<string>;
  fields: Map<string, string>;
  audio: Map<string, StoredAudio>;
  covers: Map<string, StoredCover>;
};

type Deps = {
  storage: MediaStorage;
  limits: UploadLimits;
  /** Every key this request stored, as soon as it is stored: the caller removes the ones no row takes. */
  stored: Set<string>;
  /** The uploader's quota left when the request came: audio beyond it is refused while it streams in. */
  room: StorageRoom;
};

// Lyrics may be 20,000 characters (80 KB of UTF-8 at worst); a value cut here is still too long for its contract.
const FIELD_MAX_BYTES = 128 * 1024;
// Control characters (C0, DEL, C1) in a file name are refused: no browser sends them, and NUL cannot be stored.
const CONTROL_CHARACTERS = /\p{Cc}/u;
const FILE_NAME_MAX_LENGTH = 255;

/**
 * Reads an upload's multipart form in the order it arrives. Text fields are kept; each audio file
 * is streamed into storage (never held whole in memory), counted against its limit as it passes,
 * then judged by its content; a cover (small) is read into memory and processed by cover-image.ts.
 * A refusal (unknown or repeated field, too large, not audio, not an image) stops reading at once:
 * the rest of the body is read and dropped, and the error says which file was wrong.
 */
export async function readUploadForm(request: FastifyRequest, spec: UploadFormSpec, deps: Deps): Promise<UploadForm> {
  if (!request.isMultipart()) throw new UnsupportedMediaType('Send the upload as multipart/form-data.');
  // A body this long cannot fit the quota whatever it holds: refused before anything is stored.
  const declared = Number(request.headers['content-length']);
  if (declared - formOverheadBytes(spec, deps.limits, FIELD_MAX_BYTES) > deps.room.remainingBytes) {
    abandonBody(request);
    throw deps.room.refuse();
  }
  const form: UploadForm = { received: new Set(), fields: new Map(), audio: new Map(), covers: new Map() };
  // One more field and one more file than allowed reach the checks below; busboy's limits only stop a flood.
  const parts = request.parts({
    limits: {
      fields: spec.maxFields + 1,
      files: spec.maxFiles + 1,
      parts: spec.maxFields + spec.maxFiles + 2,
      fieldSize: FIELD_MAX_BYTES,
      fieldNameSize: 100,
      headerPairs: 20,
      // The per-kind limits are counted below; this one only backs them up.
      fileSize: Math.max(deps.limits.maxAudioBytes, deps.limits.maxCoverBytes) + 1,
    },
  });
  const iterator = parts[Symbol.asyncIterator]();
  const fromRequest = createMultipartReader(request, { tooLargeMessage: 'A file is too large.' });
  const context: Context = { ...deps, fromRequest, audioBytes: { total: 0 } };
  try {
    for (let next = await fromRequest(iterator.next()); !next.done; next = await fromRequest(iterator.next())) {
      const part = next.value;
      const name = part.fieldname;
      const kind = spec.kindOf(name);
      if (!kind) throw new BadRequest(`Unexpected field "${name}": send only ${spec.expected}.`);
      if (form.received.has(name)) throw new BadRequest(`Send ${name} only once.`);
      form.received.add(name);
      if (part.type === 'field') {
        if (kind !== 'text') throw new BadRequest(`${name} must be a file.`);
        if (typeof part.value !== 'string') throw new BadRequest(`${name} must be text.`);
        // PostgreSQL text cannot hold a NUL character: refused here rather than failing the insert.
        if (part.value.includes('\u0000')) throw new BadRequest(`${name} contains a character that is not allowed.`);
        // Browsers send line breaks as CRLF (the form encoding's rule); stored as the plain line feeds they were.
        form.fields.set(name, part.value.replace(/\r\n?/g, '\n'));
        continue;
      }
      if (kind === 'text') throw new BadRequest(`${name} must be text, not a file.`);
      const originalName = sanitizeFileName(part.filename);
      const prefix = spec.prefixOf(name);
      if (kind === 'audio') {
        const audio = await storeAudio(part.file, originalName, prefix, context);
        if (audio) form.audio.set(name, audio);
      } else {
        const cover = await storeCover(part.file, originalName, prefix, context);
        if (cover) form.covers.set(name, cover);
      }
    }
  } catch (error) {
    abandonBody(request);
    throw error;
  } finally {
    // Not awaited: after a stall the iterator is stuck inside and would never return.
    void iterator.return?.(undefined).catch(() => {});
  }
  return form;
}

/**
 * The name the client gave its file, kept only as a label: storage keys come from the content.
 * Only its last path segment is kept ('../../etc/passwd' is 'passwd'); control characters are refused.
 */
export function sanitizeFileName(filename: string | undefined): string | null {
  if (!filename) return null;
  if (CONTROL_CHARACTERS.test(filename)) throw new BadRequest('File names must not contain control characters.');
  const base = filename.split(/[\\/]/).pop()!.trim().slice(0, FILE_NAME_MAX_LENGTH);
  return base === '' || base === '.' || base === '..' ? null : base;
}

/**
 * Streams one audio file into storage. Its first bytes choose the stored key's extension (and refuse
 * text, images and the like before anything is stored); the stored file is then probed by
 * music-metadata, which has the last word. Undefined for a file input left empty (no bytes, no name).
 */
async function storeAudio(file: Readable, originalName: string | null, prefix: string, context: Context): Promise<StoredAudio | undefined> {
  const { storage, limits, stored, fromRequest, room, audioBytes } = context;
  const notAudio = () => new UnsupportedMediaType(`${prefix}${NOT_SUPPORTED_AUDIO_MESSAGE}`);
  const source = readChunks(file, fromRequest, limits.maxAudioBytes, () => new PayloadTooLarge(`${prefix}Audio files must be at most ${formatMegabytes(limits.maxAudioBytes)}.`), {
    counter: audioBytes,
    maxBytes: room.remainingBytes,
    tooLarge: room.refuse,
  });
  let object;
  let sniffed: AudioFormat | undefined;
  try {
    const head: Buffer[] = [];
    let headSize = 0;
    let ended = false;
    while (headSize < AUDIO_SNIFF_BYTES && !ended) {
      const chunk = await source.next();
      if (chunk) {
        head.push(chunk);
        headSize += chunk.length;
      } else ended = true;
    }
    if (headSize === 0 && originalName === null) return undefined;
    sniffed = sniffAudioFormat(Buffer.concat(head));
    if (!sniffed) throw notAudio();
    const body = async function* () {
      yield* head;
      if (ended) return;
      for (let chunk = await source.next(); chunk; chunk = await source.next()) yield chunk;
    };
    try {
      // A plain byte stream (not object mode), as storage and its hashing expect.
      object = await storage.put(Readable.from(body(), { objectMode: false }), AUDIO_FORMAT_FILES[sniffed]);
    } catch (error) {
      // The store may wrap its source's failure: the request's own error says what happened.
      throw source.failure() ?? error;
    }
  } finally {
    source.close();
  }
  stored.add(object.key);

  let probe: AudioProbe;
  try {
    probe = await probeAudio(await storage.read(object.key), { size: object.size });
  } catch (error) {
    throw error instanceof UnsupportedMediaType ? notAudio() : error;
  }
  let key = object.key;
  if (probe.format !== sniffed) {
    // A long ID3 tag hid what followed it: the file is stored again under its true extension.
    key = (await storage.put(await storage.read(object.key), AUDIO_FORMAT_FILES[probe.format])).key;
    stored.add(key);
  }
  return { key, size: object.size, format: probe.format, contentType: AUDIO_FORMAT_FILES[probe.format].contentType, probe, originalName };
}

/** Reads a cover (at most maxCoverBytes) and stores it processed. Undefined for a file input left empty. */
async function storeCover(file: Readable, originalName: string | null, prefix: string, { storage, limits, stored, fromRequest }: Context): Promise<StoredCover | undefined> {
  const source = readChunks(file, fromRequest, limits.maxCoverBytes, () => new PayloadTooLarge(`${prefix}Cover images must be at most ${formatMegabytes(limits.maxCoverBytes)}.`));
  const chunks: Buffer[] = [];
  try {
    for (let chunk = await source.next(); chunk; chunk = await source.next()) chunks.push(chunk);
  } finally {
    source.close();
  }
  if (chunks.length === 0 && originalName === null) return undefined;
  const cover = await prepareCoverImage(Buffer.concat(chunks));
  const object = await storage.put(cover.data, cover);
  stored.add(object.key);
  await storeCoverVariants(storage, object.key, cover.data);
  return { key: object.key, size: object.size, ...cover, originalName };
}

/** A count shared by several files, with its own limit (the audio of one form against the uploader's quota). */
type SharedLimit = { counter: { total: number }; maxBytes: number; tooLarge: () => HttpError };

/**
 * One file part's chunks, counted: more than maxBytes (by our count or busboy's cut) throws tooLarge(),
 * and so does going past a shared limit. `failure` is what reading threw; `close` drops what was not read.
 */
function readChunks(file: Readable, fromRequest: MultipartReader, maxBytes: number, tooLarge: () => HttpError, shared?: SharedLimit) {
  const iterator = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let size = 0;
  let failure: unknown;
  return {
    async next(): Promise<Buffer | undefined> {
      try {
        const result = await fromRequest(iterator.next());
        if (result.done) {
          if ((file as Readable & { truncated?: boolean }).truncated) throw tooLarge();
          return undefined;
        }
        size += result.value.length;
        if (size > maxBytes) throw tooLarge();
        if (shared) {
          shared.counter.total += result.value.length;
          if (shared.counter.total > shared.maxBytes) throw shared.tooLarge();
        }
        return result.value;
      } catch (error) {
        failure = error;
        throw error;
      }
    },
    failure: () => failure,
    // Destroyed rather than returned: a read stuck in a stalled form would hold a return() forever.
    close: () => {
      if (!file.readableEnded) file.destroy();
    },
  };
}

type Context = Deps & { fromRequest: MultipartReader; audioBytes: { total: number } };
