import { describe, expect, it } from 'vitest';
import { sampleCatalog } from '../../scripts/testing/sample-catalog.ts';
import type { Catalog } from './catalog.ts';
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
});
