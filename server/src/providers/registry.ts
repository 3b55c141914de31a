import type { Config } from '../config.js';
import type { CatalogueProvider } from './catalogue-provider.js';
import { createDeezerProvider } from './deezer.js';

export type CatalogueSettings = Config['catalogues'];

/** How to build each known catalogue's provider from its settings. */
export type ProviderFactories = { [Name in keyof CatalogueSettings]-?: (settings: NonNullable<CatalogueSettings[Name]>) => CatalogueProvider };

/**
 * Every external catalogue Kora can ask. A catalogue is active only when its settings are present
 * in config.catalogues (Deezer: unless DEEZER_ENABLED=false; its public API needs no key).
 *
 * Adding YouTube or SoundCloud: write providers/<name>.ts implementing CatalogueProvider, add its
 * settings (its credentials) to config.catalogues, set only when those variables are, and add one
 * entry here. Search, the popular-music import and refresh-url then use it like Deezer; the sources
 * already have their place in the data model and the search chips. Its artists are cached by
 * their catalogue id, which has a column for Deezer only (artists.deezer_id, upserted in
 * features/external/queries.ts): such a catalogue adds its own column there too.
 */
export const catalogueProviders: ProviderFactories = {
  deezer: createDeezerProvider,
};

export function createCatalogueProviders(settings: CatalogueSettings, factories: ProviderFactories = catalogueProviders): CatalogueProvider[] {
  const active: CatalogueProvider[] = [];
  for (const name of Object.keys(factories) as (keyof CatalogueSettings)[]) {
    const catalogue = settings[name];
    if (catalogue) active.push(factories[name](catalogue));
  }
  return active;
}
