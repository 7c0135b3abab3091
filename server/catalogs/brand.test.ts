import { describe, expect, it } from 'vitest';
import { CatalogSchema } from '../../core/model/index.ts';
import { brandFeaturesChanged } from './brand.server.ts';

describe('brandFeaturesChanged', () => {
  const catalog = {
    ...CatalogSchema.parse({ _id: 'c', title: 'Brand' }),
    theme: { '.cb-page h1': { color: '#112233', 'font-family': 'Lora' }, '.price': { color: '#aa0000' } },
  };

  it('sees no change in a theme whose keys come back from jsonb in another order', () => {
    // jsonb keeps object keys shorter-first, then by bytes: the stored copy reads back reordered.
    const stored = JSON.parse(
      JSON.stringify({
        ...catalog,
        theme: { '.price': { color: '#aa0000' }, '.cb-page h1': { 'font-family': 'Lora', color: '#112233' } },
      }),
    );
    expect(brandFeaturesChanged(stored, catalog)).toEqual([]);
  });

  it('names each part of the brand that really changed', () => {
    const after = {
      ...catalog,
      theme: { ...catalog.theme, '.price': { color: '#00aa00' } },
      custom_css: '.cb-page { border: 0 }',
    };
    expect(brandFeaturesChanged(catalog, after)).toEqual(['custom_themes', 'custom_design']);
  });
});
