import { describe, expect, it } from 'vitest';
import { CATALOG_SIZE_THRESHOLD_BYTES } from '../constants.ts';
import { makeCatalog, makeProduct, productPage } from '../commands/fixtures.ts';
import { isProductElement } from '../model/index.ts';
import { enforceSizeLimit, serializedSize, utf8ByteLength } from './index.ts';

const richProduct = (n: number, description: string) =>
  makeProduct(n, {
    description,
    metafields: [{ namespace: 'custom', key: 'material', value: 'linen' }],
    variations: [{ id: `v${n}`, title: 'S', price: 10 }],
    options: [{ name: 'Size', values: ['S'] }],
  });

describe('utf8ByteLength', () => {
  it('counts UTF-8 bytes', () => {
    for (const s of ['abc', 'é', '€', '😀', 'a😀é€', '\ud800x']) {
      expect(utf8ByteLength(s), s).toBe(new TextEncoder().encode(s).length);
    }
  });
});

describe('enforceSizeLimit', () => {
  it('strips metafields, descriptions and variations from products of a catalog above 16,793,600 bytes', () => {
    // 1,000 products with 17 kB descriptions: about 17 MB, like a big store with long HTML descriptions.
    const description = `<p>${'Long product story. '.repeat(850)}</p>`;
    const pages = Array.from({ length: 112 }, (_, p) =>
      productPage(
        `page${p}`,
        Array.from({ length: 9 }, (_, i) => richProduct(p * 9 + i, description)).slice(0, p === 111 ? 1 : 9),
        9,
      ),
    );
    const big = makeCatalog(pages);
    expect(serializedSize(big)).toBeGreaterThan(CATALOG_SIZE_THRESHOLD_BYTES);

    const r = enforceSizeLimit(big);
    expect(r.stripped).toBe(true);
    expect(r.size).toBe(serializedSize(r.catalog));
    expect(r.size).toBeLessThan(CATALOG_SIZE_THRESHOLD_BYTES / 10);
    const products = r.catalog.pages.flatMap((p) => p.elements.filter(isProductElement));
    expect(products).toHaveLength(1_000);
    for (const e of products) {
      expect(e.properties.description).toBe('');
      expect(e.properties.metafields).toEqual([]);
      expect(e.properties.variations).toEqual([]);
    }
    expect(products[0]!.properties.options).toEqual([{ name: 'Size', values: ['S'] }]);
    expect(products[0]!.properties.title).toBe('Product 0');
    // The input stays as it was.
    expect(big.pages[0]!.elements.filter(isProductElement)[0]!.properties.description).toBe(description);
  });

  it('keeps a catalog of exactly the threshold and strips one byte more', () => {
    const base = makeCatalog([productPage('a', [richProduct(1, '<p>Linen shirt</p>')])]);
    const pad = CATALOG_SIZE_THRESHOLD_BYTES - serializedSize(base);
    const atLimit = { ...base, pageDescription: 'a'.repeat(pad) };
    expect(serializedSize(atLimit)).toBe(CATALOG_SIZE_THRESHOLD_BYTES);
    const kept = enforceSizeLimit(atLimit);
    expect(kept.stripped).toBe(false);
    expect(kept.catalog).toBe(atLimit);
    const over = enforceSizeLimit({ ...base, pageDescription: 'a'.repeat(pad + 1) });
    expect(over.stripped).toBe(true);
    expect(over.catalog.pages[0]!.elements.filter(isProductElement)[0]!.properties.description).toBe('');
  });
});
