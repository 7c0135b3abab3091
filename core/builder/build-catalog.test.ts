import { describe, expect, it } from 'vitest';
import { listProducts } from '../commands/index.ts';
import type { ListingInput } from '../model/index.ts';
import { buildCatalog, catalogIdFor, findProductLayout } from './index.ts';

const listing = (n: number, over: Partial<ListingInput> = {}): ListingInput => ({
  title: `Product ${n}`,
  price: n,
  external_id: `csv:product ${n}`,
  main_image: `https://cdn.test/${n}.jpg`,
  ...over,
});

describe('buildCatalog', () => {
  it('puts every product, in order, on pages of the layout between the two covers', () => {
    const listings = Array.from({ length: 13 }, (_, i) => listing(i + 1));
    const catalog = buildCatalog({
      listings,
      title: 'Fall',
      layout: findProductLayout('4 products per page'),
    });
    expect(catalog.pages.map((p) => p.layout._id)).toEqual([
      'default-front-cover',
      ...Array(4).fill('default-products-4'),
      'default-back-cover',
    ]);
    expect(listProducts(catalog).map((e) => [e.properties.id, e.properties.title, e.at.pageIndex])).toEqual(
      listings.map((l, i) => [l.external_id, l.title, 1 + Math.floor(i / 4)]),
    );
    expect(catalog.settings.nbProductsPage).toBe(4);
    // Footers show the title and the page number on every product page.
    expect(catalog.pages.slice(1, -1).map((p) => p.footerElements)).toEqual(
      Array(4).fill(['', '{{CATALOG_TITLE}}', 'PAGE_NUMBER']),
    );
  });

  it('is reproducible: the same listings give the same document', () => {
    const listings = [listing(1), listing(2)];
    expect(buildCatalog({ listings, title: 'A' })).toEqual(buildCatalog({ listings, title: 'A' }));
  });

  it('puts the first product picture on the cover unless told otherwise', () => {
    const listings = [listing(1, { main_image: null }), listing(2)];
    const cover = (opts: { coverImage?: string | null }) =>
      buildCatalog({ listings, title: 'A', ...opts }).pages[0]!.elements[0]!;
    expect(cover({})).toMatchObject({
      type: 'image/jpeg',
      size: 'cover',
      properties: { src: 'https://cdn.test/2.jpg' },
    });
    expect(cover({ coverImage: 'https://cdn.test/hero.png' })).toMatchObject({
      type: 'image/png',
      properties: { src: 'https://cdn.test/hero.png' },
    });
    expect(cover({ coverImage: null }).type).toBe('application/void');
  });

  it('prints no sample contact details on the back cover, and the contact line escaped when given', () => {
    const back = (contact?: string) =>
      JSON.stringify(buildCatalog({ listings: [listing(1)], title: 'A', contact }).pages.at(-1)!.elements);
    expect(back()).not.toContain('yourstore');
    expect(back('a@b.test <shop>')).toContain('<strong>a@b.test &lt;shop&gt;</strong>');
  });

  it('finds a products layout by id, title or "Products n per page", and nothing else', () => {
    expect(findProductLayout('default-products-12')?._id).toBe('default-products-12');
    expect(findProductLayout(' 1 Product per  page ')?._id).toBe('default-products-1');
    expect(findProductLayout('Products 8 per page')?._id).toBe('default-products-8');
    expect(findProductLayout('Front cover')).toBeUndefined();
    expect(findProductLayout('5 products per page')).toBeUndefined();
  });

  it('derives a stable id from the title', () => {
    expect(catalogIdFor('Été 2026 — Collection!')).toBe('ete-2026-collection');
    expect(catalogIdFor('***')).toBe('catalog');
  });
});
