import { describe, expect, it } from 'vitest';
import { CatalogSchema, DEFAULT_THEME } from '../core/model/index.ts';
import { bundledFamiliesUsed, embeddedFontFaces } from './fonts.ts';

describe('fonts embedded in a rendered HTML file', () => {
  it('are the base font and the bundled families the catalog names, as data: URLs', () => {
    const plain = CatalogSchema.parse({ _id: 'c' });
    expect([...bundledFamiliesUsed(plain)]).toEqual(['Open Sans']);
    const styled = CatalogSchema.parse({
      _id: 'c',
      theme: { ...DEFAULT_THEME, h2: { 'font-family': "'Bebas Neue', sans-serif" } },
      custom_css: '.price { font-family: Lato; }',
      fonts: [{ family: 'Roboto' }, { family: 'Brand Sans', url: 'https://cdn.test/brand.woff2' }],
    });
    expect([...bundledFamiliesUsed(styled)].sort()).toEqual(['Bebas Neue', 'Lato', 'Open Sans', 'Roboto']);
    const faces = embeddedFontFaces(plain);
    expect(faces.map((f) => `${f.family} ${f.weight} ${f.style}`)).toEqual([
      'Open Sans 400 normal',
      'Open Sans 700 normal',
      'Open Sans 400 italic',
      'Open Sans 700 italic',
    ]);
    expect(faces.every((f) => f.url.startsWith('data:font/woff2;base64,d09GMg'))).toBe(true);
  });
});
