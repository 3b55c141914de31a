import { SONG_SOURCES } from '@kora/contracts';
import { BadRequest } from '../../http/errors.js';

const MAX_SERIAL = 2_147_483_647;
const externalIdPattern = new RegExp(`^(${SONG_SOURCES.filter((source) => source !== 'local').join('|')})-.+$`);

/** A row id from a route parameter, or undefined when it cannot name a row (so: not found). */
export function parseCatalogueId(raw: string): number | undefined {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id <= MAX_SERIAL ? id : undefined;
}

/**
 * A local song's id from a route parameter. External songs are presented with ids such as
 * `deezer-123`: they are not in the library, so library actions on them are refused with a reason.
 */
export function parseLocalSongId(raw: string, externalMessage: string): number {
  const id = parseCatalogueId(raw);
  if (id !== undefined) return id;
  if (externalIdPattern.test(raw)) throw new BadRequest(externalMessage);
  throw new BadRequest('Song id must be a number');
}
