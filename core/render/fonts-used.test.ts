import { describe, expect, it } from 'vitest';
import type { FontFaceOption } from './context.ts';
import { fontFacesUsed, fontsToPreload } from './css.ts';
import { everyKindCatalog } from './test-fixtures.ts';

const face = (family: string, weight = 400, style: 'normal' | 'italic' = 'normal'): FontFaceOption => ({
  family,
  weight,
  style,
  url: `/view-assets/fonts/${family.toLowerCase().replace(/ /g, '-')}-${weight}-${style}.woff2`,
});
const faces = [
  face('Open Sans'),
  face('Open Sans', 700),
  face('Lora'),
  face('Lora', 400, 'italic'),
  face('Inter'),
];

describe('the fonts a page of the catalog asks for (issue 24 §6)', () => {
  it('declares only the families the catalog names, and always the base font', () => {
    const catalog = everyKindCatalog();
    const plain = { ...catalog, theme: {}, custom_css: '', branding_css: '' };
    expect(fontFacesUsed(faces, plain).map((f) => f.family)).toEqual(['Open Sans', 'Open Sans']);
    const withLora = { ...plain, custom_css: ".price { font-family: 'lora' }" };
    expect(fontFacesUsed(faces, withLora).map((f) => f.family)).toEqual([
      'Open Sans',
      'Open Sans',
      'Lora',
      'Lora',
    ]);
  });

  it("preloads the regular face of the theme's heading and body families, the base font otherwise", () => {
    const catalog = everyKindCatalog();
    const themed = {
      ...catalog,
      version: 3,
      theme: {
        'h1, h2, h3, h4, h5, h6': { 'font-family': "'Lora', serif" },
        body: { 'font-family': 'Inter' },
      },
    };
    expect(fontsToPreload(faces, themed).map((f) => `${f.family} ${f.style}`)).toEqual([
      'Lora normal',
      'Inter normal',
    ]);
    expect(fontsToPreload(faces, { ...themed, theme: {} }).map((f) => f.url)).toEqual([faces[0]!.url]);
  });
});
