import { describe, expect, it, vi } from 'vitest';
import type { CatalogueProvider } from './catalogue-provider.js';
import { catalogueProviders, createCatalogueProviders } from './registry.js';

describe('createCatalogueProviders', () => {
  it('activates no catalogue that is not configured', () => {
    expect(createCatalogueProviders({ deezer: undefined })).toEqual([]);
  });

  it('activates Deezer when it is configured', () => {
    const providers = createCatalogueProviders({ deezer: { apiUrl: 'http://127.0.0.1:9' } });
    expect(providers.map((provider) => provider.source)).toEqual(['deezer']);
  });

  it('builds each catalogue from its own settings, through its entry', () => {
    const double = { source: 'deezer' } as CatalogueProvider;
    const build = vi.fn(() => double);
    expect(createCatalogueProviders({ deezer: { apiUrl: 'http://mirror.example' } }, { ...catalogueProviders, deezer: build })).toEqual([double]);
    expect(build).toHaveBeenCalledWith({ apiUrl: 'http://mirror.example' });
    expect(createCatalogueProviders({ deezer: undefined }, { ...catalogueProviders, deezer: build })).toEqual([]);
    expect(build).toHaveBeenCalledTimes(1);
  });
});
