import { describe, expect, it } from 'vitest';
import { listProducts } from '../commands/index.ts';
import type { ListingInput } from '../model/index.ts';
import { tocEntries } from '../render/index.ts';
import { buildCatalogOfKind, sectionsByCategory } from './index.ts';

const product = (title: string, category: string | null): ListingInput => ({
  title,
  price: 10,
  external_id: title,
  category,
});

// What the wizard reads for 'All categories' sorted A–Z: every product by title, categories mixed.
const byTitle = [
  product('Apron', 'Kitchen'),
  product('Beanie', 'Hats'),
  product('Bowl', 'kitchen '),
  product('Cap', 'Hats'),
  product('Gift card', null),
  product('Mug', 'Kitchen'),
  product('Scarf', 'Accessories'),
];

describe("sectionsByCategory (the wizard's 'All categories')", () => {
  it('makes a section per category, A–Z, with the products in their sorted order inside each', () => {
    const sections = sectionsByCategory(byTitle);
    expect(sections.map((s) => [s.title, s.listings.map((l) => l.title)])).toEqual([
      ['Accessories', ['Scarf']],
      ['Hats', ['Beanie', 'Cap']],
      ['Kitchen', ['Apron', 'Bowl', 'Mug']],
      ['Other products', ['Gift card']],
    ]);
  });

  it("sorts categories in the catalog's language and names the rest in it", () => {
    const sections = sectionsByCategory(
      [product('A', 'Écharpes'), product('B', 'Zèbres'), product('C', 'Chapeaux'), product('D', '')],
      { language: 'fr' },
    );
    expect(sections.map((s) => s.title)).toEqual(['Chapeaux', 'Écharpes', 'Zèbres', 'Autres produits']);
  });

  it('keeps one unnamed section when the products have one category or none', () => {
    expect(sectionsByCategory([product('A', 'Hats'), product('B', 'hats')])).toEqual([
      { title: null, listings: [product('A', 'Hats'), product('B', 'hats')] },
    ]);
    expect(sectionsByCategory([product('A', null)])).toHaveLength(1);
    expect(sectionsByCategory([])).toEqual([{ title: null, listings: [] }]);
  });

  it('gives the contents page the categories in order, each pointing at its own pages', () => {
    const catalog = buildCatalogOfKind({
      kind: 'catalog',
      purpose: 'print',
      title: 'Everything',
      sections: sectionsByCategory(byTitle),
    });
    expect(tocEntries(catalog).map((e) => [e.title, e.page])).toEqual([
      ['Accessories', 3],
      ['Hats', 4],
      ['Kitchen', 5],
      ['Other products', 6],
    ]);
    expect(listProducts(catalog).map((e) => e.properties.title)).toEqual([
      'Scarf',
      'Beanie',
      'Cap',
      'Apron',
      'Bowl',
      'Mug',
      'Gift card',
    ]);
  });
});
