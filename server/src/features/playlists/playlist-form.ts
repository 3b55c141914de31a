import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { BadRequest, UnsupportedMediaType } from '../../http/errors.js';
import { abandonBody, createMultipartReader, formatMegabytes } from '../../http/multipart.js';

export type FormSpec = {
  textFields: readonly string[];
  /** Names the one optional file may come under. */
  fileFields: readonly string[];
  maxFileBytes: number;
};

export type PlaylistForm = { fields: Record<string, string>; file: Buffer | undefined };

// Far above any text field's limit (500 characters are at most 2,000 bytes): a value cut here
// is still too long for its contract, which then names the field and its limit.
const FIELD_MAX_BYTES = 16 * 1024;

/**
 * Reads a playlist's multipart form: only the named text fields, each at most once, and at most
 * one file, held in memory up to maxFileBytes (a cover is small, and sharp needs all of it).
 * A larger file is refused with 413 once busboy has discarded the rest of it, never buffered.
 */
export async function readPlaylistForm(request: FastifyRequest, spec: FormSpec): Promise<PlaylistForm> {
  if (!request.isMultipart()) throw new UnsupportedMediaType('Send the playlist as multipart/form-data.');
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  let sawFile = false;
  // One more field and one more file than allowed reach the checks below, which say what is wrong;
  // busboy's own limits only stop a flood of parts.
  const parts = request.parts({
    limits: {
      fields: spec.textFields.length + 1,
      files: 2,
      parts: spec.textFields.length + 3,
      fieldSize: FIELD_MAX_BYTES,
      fieldNameSize: 100,
      headerPairs: 20,
      fileSize: spec.maxFileBytes,
    },
  });
  const iterator = parts[Symbol.asyncIterator]();
  const fromRequest = createMultipartReader(request, {
    tooLargeMessage: `Cover must be at most ${formatMegabytes(spec.maxFileBytes)}.`,
  });
  try {
    for (let next = await fromRequest(iterator.next()); !next.done; next = await fromRequest(iterator.next())) {
      const part = next.value;
      if (part.type === 'file') {
        if (!spec.fileFields.includes(part.fieldname)) throw unexpectedField(part, spec);
        if (sawFile) throw new BadRequest('Send at most one cover image.');
        sawFile = true;
        const data = await fromRequest(part.toBuffer());
        // A browser sends an empty part without a file name for a file input left empty.
        if (data.length > 0 || part.filename) file = data;
      } else {
        if (!spec.textFields.includes(part.fieldname)) throw unexpectedField(part, spec);
        if (part.fieldname in fields) throw new BadRequest(`Send ${part.fieldname} only once.`);
        if (typeof part.value !== 'string') throw new BadRequest(`${part.fieldname} must be text.`);
        // PostgreSQL text cannot hold a NUL character: refused here rather than failing the insert.
        if (part.value.includes('\u0000')) throw new BadRequest(`${part.fieldname} contains a character that is not allowed.`);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    abandonBody(request);
    throw error;
  } finally {
    // Not awaited: after a stall the iterator is stuck inside and would never return.
    void iterator.return?.(undefined).catch(() => {});
  }
  return { fields, file };
}

function unexpectedField(part: Multipart, spec: FormSpec): BadRequest {
  const allowed = [...spec.textFields, ...spec.fileFields].join(', ');
  return new BadRequest(`Unexpected field "${part.fieldname}": send only ${allowed}.`);
}
