import type { ExternalSongSource } from '../../providers/catalogue-provider.js';
import { HttpError } from '../../http/errors.js';

const SOURCE_NAMES: Record<ExternalSongSource, string> = { deezer: 'Deezer', youtube: 'YouTube', soundcloud: 'SoundCloud' };

export const NO_CATALOGUE_MESSAGE = 'No external catalogue is configured.';

/** The catalogue failed, was too slow or answered nonsense: the user can only try again later. */
export class CatalogueUnreachable extends HttpError {
  constructor(source: ExternalSongSource) {
    super(502, `${SOURCE_NAMES[source]} could not be reached. Try again later.`);
  }
}

/** This server asks no catalogue (or not this one): DEEZER_ENABLED=false, or no credentials. */
export class NoCatalogue extends HttpError {
  constructor() {
    super(503, NO_CATALOGUE_MESSAGE);
  }
}
