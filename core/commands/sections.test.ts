import { describe, expect, it } from 'vitest';
import { getDefaultLayout, sequentialIds } from '../layouts/index.ts';
import type { Page } from '../model/index.ts';
import { addSummaryPages, getSections, productsOfSectionBefore, sectionEnd } from './index.ts';
import { backCoverPage, coverPage, makeCatalog, makePage, makeProduct, productPage } from './fixtures.ts';

let n = 0;
const products = (count: number, category: string | null) =>
  Array.from({ length: count }, () => makeProduct(++n, { category }));
const page = (id: string, count: number, category: string | null, section: string | null = null): Page => ({
  ...productPage(id, products(count, category), 9),
  section,
});

describe('getSections', () => {
  it('groups consecutive product pages by the category of their first product', () => {
    const c = makeCatalog([
      coverPage(),
      page('a', 9, 'Shoes'),
      page('b', 2, 'Shoes'),
      page('c', 4, 'Bags'),
      backCoverPage(),
    ]);
    expect(getSections(c)).toEqual([
      { key: 'category:Shoes', title: 'Shoes', firstPage: 1, lastPage: 2, productCount: 11 },
      { key: 'category:Bags', title: 'Bags', firstPage: 3, lastPage: 3, productCount: 4 },
    ]);
  });

  it('lets a named section carry over following pages until a page without products', () => {
    const c = makeCatalog([
      page('a', 3, 'Shoes', 'Summer'),
      page('b', 3, 'Bags'),
      makePage(getDefaultLayout('full-text'), [], 't'),
      page('c', 3, 'Bags'),
      page('d', 3, 'Bags', 'Winter'),
    ]);
    expect(getSections(c).map((s) => [s.key, s.firstPage, s.lastPage, s.productCount])).toEqual([
      ['section:Summer', 0, 1, 6],
      ['category:Bags', 3, 3, 3],
      ['section:Winter', 4, 4, 3],
    ]);
  });
});

describe('addSummaryPages', () => {
  it('adds a summary page after each section of more than 8 products, once', () => {
    const c = makeCatalog([
      coverPage(),
      page('a', 9, 'Shoes'),
      page('b', 8, 'Bags'),
      { ...page('c', 5, 'Hats'), footer: { properties: { html: '<p>f</p>' } } },
      page('d', 4, 'Hats'),
      backCoverPage(),
    ]);
    const r = addSummaryPages(c, { currentPage: 5, newId: sequentialIds('s') });
    expect(r.catalog.pages.map((p) => p.id)).toEqual(['front', 'a', 's1', 'b', 'c', 'd', 's4', 'back']);
    expect(r.currentPage).toBe(7);
    const hats = r.catalog.pages[6]!;
    expect(hats.kind).toBe('summary');
    expect(hats.section).toBe('Hats');
    expect(hats.elements[0]!.properties).toEqual({ html: '<h2>Summary: Hats</h2>' });
    expect(hats.elements[1]!.properties).toEqual({ mode: 'summary' });
    expect(productsOfSectionBefore(r.catalog, 6).map((e) => e.properties.category)).toEqual(
      Array(9).fill('Hats'),
    );
    expect(productsOfSectionBefore(r.catalog, 3)).toEqual([]);
    expect(r.catalog.pages.map((p) => p.section)).toEqual([
      null,
      'Shoes',
      'Shoes',
      null,
      'Hats',
      'Hats',
      'Hats',
      null,
    ]);
    expect(addSummaryPages(r.catalog).catalog).toBe(r.catalog);
  });

  it('escapes the section name in the summary title', () => {
    const c = makeCatalog([page('a', 9, 'Tops & <Tees>')]);
    const r = addSummaryPages(c, { newId: sequentialIds('s') });
    expect(r.catalog.pages[1]!.elements[0]!.properties).toEqual({
      html: '<h2>Summary: Tops &amp; &lt;Tees&gt;</h2>',
    });
  });

  it('writes the summary title in the catalog language (English for languages without UI text)', () => {
    const title = (language: string) =>
      addSummaryPages(makeCatalog([page('a', 9, 'Chaussures & co')], { settings: { language } })).catalog
        .pages[1]!.elements[0]!.properties;
    expect(title('fr')).toEqual({ html: '<h2>Récapitulatif : Chaussures &amp; co</h2>' });
    expect(title('fr-CA')).toEqual(title('fr'));
    expect(title('de')).toEqual({ html: '<h2>Summary: Chaussures &amp; co</h2>' });
  });
});

describe('sectionEnd (Ctrl+Alt+Shift+→/←)', () => {
  const c = makeCatalog([
    coverPage(),
    page('a', 9, 'Shoes'),
    page('b', 2, 'Shoes'),
    page('c', 4, 'Bags'),
    page('d', 4, 'Hats'),
    backCoverPage(),
  ]);
  it('goes to the last page of the next section ending after the current page', () => {
    expect(sectionEnd(c, 0, 1)).toBe(2);
    expect(sectionEnd(c, 1, 1)).toBe(2);
    expect(sectionEnd(c, 2, 1)).toBe(3);
    expect(sectionEnd(c, 4, 1)).toBeNull();
  });
  it('goes back to the last page of the section ending before the current page', () => {
    expect(sectionEnd(c, 5, -1)).toBe(4);
    expect(sectionEnd(c, 3, -1)).toBe(2);
    expect(sectionEnd(c, 2, -1)).toBeNull();
  });
});
