import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUTS, getLayoutById } from '../layouts/index.ts';
import { SAMPLE_LISTINGS } from '../site/index.ts';
import { layoutSampleCatalog } from './layout-samples.ts';

describe('layoutSampleCatalog', () => {
  it('draws one page per layout, its product cells filled with the sample products in turn', () => {
    const four = getLayoutById('default-products-4')!;
    const two = getLayoutById('default-products-2')!;
    const catalog = layoutSampleCatalog({
      layouts: [four, two],
      listings: SAMPLE_LISTINGS,
      title: 'Samples',
    });
    expect(catalog.pages).toHaveLength(2);
    expect(catalog.pages.map((p) => p.layout._id)).toEqual(['default-products-4', 'default-products-2']);
    const names = catalog.pages.flatMap((p) =>
      p.elements.map((e) => (e.type === 'application/product' ? e.properties.title : null)),
    );
    expect(names).toEqual(SAMPLE_LISTINGS.slice(0, 6).map((l) => l.title));
  });

  it('puts a sample picture in picture cells and leaves text cells their default text', () => {
    const images = getLayoutById('default-images-1')!;
    const cover = getLayoutById('default-front-cover')!;
    const catalog = layoutSampleCatalog({ layouts: [images, cover], listings: SAMPLE_LISTINGS, title: 'S' });
    const picture = catalog.pages[0]!.elements[0]!;
    expect(picture.type.startsWith('image/')).toBe(true);
    expect(picture.properties).toMatchObject({ src: expect.stringMatching(/^\/site\/samples\//) });
    const textCell = cover.cells.findIndex((c) => c.accepts[0] === 'text/html');
    expect(catalog.pages[1]!.elements[textCell]!.type).toBe('text/html');
  });

  it('keeps the theme, CSS and caption template it is given, and works with no products', () => {
    const catalog = layoutSampleCatalog({
      layouts: DEFAULT_LAYOUTS.slice(0, 3),
      listings: [],
      title: 'Empty',
      catalog: { custom_css: '.page { color: red }', priceTemplate: '<p>{{TITLE}}</p>' },
    });
    expect(catalog.pages).toHaveLength(3);
    expect(catalog.pages[1]!.elements.every((e) => e.type === 'application/void')).toBe(true);
    expect(catalog.custom_css).toBe('.page { color: red }');
    expect(catalog.priceTemplate).toBe('<p>{{TITLE}}</p>');
  });
});
