import { describe, expect, it } from 'vitest';
import { sampleCatalog } from '../../scripts/testing/sample-catalog.ts';
import { CatalogSchema, type Catalog } from './catalog.ts';
import { packPages, unpackPages } from './packed.ts';

const json = <T>(v: T): T => JSON.parse(JSON.stringify(v));

describe('packPages / unpackPages', () => {
  it('gives back the same catalog, and a 112-page catalog packs to much less text', () => {
    const doc = sampleCatalog({ products: 1000, perPage: 9, imageUrl: () => null });
    const packed = packPages(doc);
    expect(unpackPages(json(packed))).toEqual(json(doc));
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(doc).length * 0.8);
  });

  it('gives every page its own copy, so editing one page does not change another', () => {
    const doc = sampleCatalog({ products: 30, perPage: 9, imageUrl: () => null });
    const back = unpackPages(json(packPages(doc)));
    const [a, b] = [back.pages[1]!, back.pages[2]!];
    expect(a.layout).toEqual(b.layout);
    a.layout.cells[0]!.x = 999;
    expect(b.layout.cells[0]!.x).not.toBe(999);
  });

  it('sends a part that already looks like a reference as it is', () => {
    const doc = sampleCatalog({ products: 20, perPage: 9, imageUrl: () => null });
    const odd = { __cbRef: 0, note: 'x'.repeat(80) };
    const weird = json({
      ...doc,
      pages: doc.pages.map((p) => ({ ...p, header: odd })),
    }) as unknown as Catalog;
    expect(unpackPages(json(packPages(weird)))).toEqual(weird);
  });

  it('sends products without their empty fields and puts each one back, null or [], where it was', () => {
    const doc = CatalogSchema.parse(sampleCatalog({ products: 1000, perPage: 9, imageUrl: () => null }));
    const packed = json(packPages(doc));
    const text = JSON.stringify(packed);
    expect(unpackPages(packed)).toEqual(json(doc));
    // Nulls and empty lists of 1,000 products are a third of the text; a handful of lists name them.
    expect(text.length).toBeLessThan(JSON.stringify(doc).length * 0.55);
    expect(packed.omitted!.length).toBeLessThan(10);
    const back = unpackPages(packed);
    const a = back.pages.find((p) => p.elements.length > 1)!;
    const [x, y] = a.elements as { properties: { images: unknown[] } }[];
    expect(x!.properties.images).toEqual([]);
    x!.properties.images.push('changed');
    expect(y!.properties.images).toEqual([]);
  });

  it('keeps a product element whose own fields look like the packing marker', () => {
    const doc = sampleCatalog({ products: 9, perPage: 9, imageUrl: () => null });
    const odd = json({
      ...doc,
      pages: doc.pages.map((p) => ({
        ...p,
        elements: p.elements.map((e) => ({ ...e, __cbOmit: 'mine', images_style: null })),
      })),
    }) as unknown as Catalog;
    expect(unpackPages(json(packPages(odd)))).toEqual(odd);
  });
});
