import { describe, expect, it } from 'vitest';
import { getDefaultLayout, sequentialIds } from '../layouts/index.ts';
import {
  addPage,
  duplicatePage,
  movePageDown,
  movePageUp,
  removePage,
  toggleHeadersFooters,
} from './index.ts';
import {
  backCoverPage,
  coverPage,
  deepFreeze,
  makeCatalog,
  makeProduct,
  productIds,
  productPage,
} from './fixtures.ts';

const ids = (c: { pages: { id: string }[] }) => c.pages.map((p) => p.id);

const sample = () =>
  deepFreeze(
    makeCatalog([
      coverPage('front'),
      {
        ...productPage('a', [makeProduct(1), makeProduct(2)]),
        header: { properties: { html: '<p>Spring</p>' } },
      },
      productPage('b', [makeProduct(3)]),
      backCoverPage('back'),
    ]),
  );

describe('addPage', () => {
  it('inserts after the current page, makes it current and copies a grid page header and footer', () => {
    const { catalog, currentPage } = addPage(sample(), {
      layout: getDefaultLayout('products', 2),
      currentPage: 1,
      newId: sequentialIds('n'),
    });
    expect(ids(catalog)).toEqual(['front', 'a', 'n1', 'b', 'back']);
    expect(currentPage).toBe(2);
    expect(catalog.pages[2]!.header.properties.html).toBe('<p>Spring</p>');
    expect(catalog.pages[2]!.elements.map((e) => e.id)).toEqual(['n2', 'n3']);
  });

  it('does not copy headers onto special pages and honours an explicit position', () => {
    const { catalog, currentPage } = addPage(sample(), {
      layout: getDefaultLayout('wholesale-contract'),
      currentPage: 1,
      at: 4,
      newId: sequentialIds('n'),
    });
    expect(ids(catalog)).toEqual(['front', 'a', 'b', 'back', 'n1']);
    expect(currentPage).toBe(4);
    expect(catalog.pages[4]!.kind).toBe('wholesale_contract');
    expect(catalog.pages[4]!.header.properties.html).toBe('');
  });

  it('creates the first page of an empty catalog', () => {
    const { catalog, currentPage } = addPage(makeCatalog([]), {
      layout: getDefaultLayout('front cover'),
      newId: sequentialIds(),
    });
    expect(catalog.pages).toHaveLength(1);
    expect(currentPage).toBe(0);
  });
});

describe('duplicatePage', () => {
  it('inserts a copy with fresh ids after the page and makes it current', () => {
    const source = sample();
    const withRender = makeCatalog(
      source.pages.map((p, i) =>
        i === 1 ? { ...p, url: 'x.html', render: { thumbnail: 't', image: 'i' } } : p,
      ),
    );
    const { catalog, currentPage } = duplicatePage(withRender, { pageIndex: 1, newId: sequentialIds('d') });
    expect(ids(catalog)).toEqual(['front', 'a', 'd1', 'b', 'back']);
    expect(currentPage).toBe(2);
    const copy = catalog.pages[2]!;
    expect(copy.elements.map((e) => e.id)).toEqual(['d2', 'd3', 'd4', 'd5']);
    expect(copy.header.properties.html).toBe('<p>Spring</p>');
    expect(copy.render).toBeNull();
    expect(copy.url).toBeNull();
    expect(productIds(catalog)).toEqual(['p1', 'p2', 'p1', 'p2', 'p3']);
  });

  it('ignores a page index out of range', () => {
    const c = sample();
    expect(duplicatePage(c, { pageIndex: 9 }).catalog).toBe(c);
  });
});

describe('removePage', () => {
  it('removes the page and keeps the editor on the page that was shown', () => {
    const c = sample();
    expect(ids(removePage(c, { pageIndex: 1, currentPage: 1 }).catalog)).toEqual(['front', 'b', 'back']);
    expect(removePage(c, { pageIndex: 1, currentPage: 1 }).currentPage).toBe(1);
    expect(removePage(c, { pageIndex: 1, currentPage: 2 }).currentPage).toBe(1);
    expect(removePage(c, { pageIndex: 2, currentPage: 0 }).currentPage).toBe(0);
    expect(removePage(c, { pageIndex: 3, currentPage: 3 }).currentPage).toBe(2);
  });
});

describe('movePageUp and movePageDown', () => {
  it('swap a page with its neighbour and follow it when it is the current page', () => {
    const up = movePageUp(sample(), { pageIndex: 2, currentPage: 2 });
    expect(ids(up.catalog)).toEqual(['front', 'b', 'a', 'back']);
    expect(up.currentPage).toBe(1);
    const down = movePageDown(sample(), { pageIndex: 1, currentPage: 1 });
    expect(ids(down.catalog)).toEqual(['front', 'b', 'a', 'back']);
    expect(down.currentPage).toBe(2);
  });

  it('keep the editor on the page it shows when another page moves', () => {
    expect(movePageUp(sample(), { pageIndex: 2, currentPage: 1 }).currentPage).toBe(2);
    expect(movePageUp(sample(), { pageIndex: 2, currentPage: 3 }).currentPage).toBe(3);
  });

  it('do nothing at the ends', () => {
    const c = sample();
    expect(movePageUp(c, { pageIndex: 0 }).catalog).toBe(c);
    expect(movePageDown(c, { pageIndex: 3 }).catalog).toBe(c);
  });
});

describe('toggleHeadersFooters', () => {
  it('flips the page flag and leaves the cells alone', () => {
    const c = sample();
    const once = toggleHeadersFooters(c, { pageIndex: 1 }).catalog;
    expect(once.pages[1]!.showHeadersFooters).toBe(false);
    expect(once.pages[1]!.layout).toBe(c.pages[1]!.layout);
    expect(toggleHeadersFooters(once, { pageIndex: 1 }).catalog.pages[1]!.showHeadersFooters).toBe(true);
    expect(toggleHeadersFooters(c, { pageIndex: 0 }).catalog.pages[0]!.showHeadersFooters).toBe(true);
  });

  it("starts an empty footer shown for the first time as the catalog's default footer, never over one", () => {
    const c = deepFreeze({ ...sample(), default_footer: '<p>maison.example</p>' });
    expect(c.pages[0]!.showHeadersFooters).toBe(false);
    const shown = toggleHeadersFooters(c, { pageIndex: 0 }).catalog.pages[0]!;
    expect(shown.footer.properties.html).toBe('<p>maison.example</p>');
    const written = deepFreeze({
      ...c,
      pages: c.pages.map((p, i) => (i === 0 ? { ...p, footer: { properties: { html: '<p>Own</p>' } } } : p)),
    });
    expect(toggleHeadersFooters(written, { pageIndex: 0 }).catalog.pages[0]!.footer.properties.html).toBe(
      '<p>Own</p>',
    );
    // Hiding keeps the footer as it was.
    const hidden = toggleHeadersFooters(c, { pageIndex: 1 }).catalog.pages[1]!;
    expect(hidden.footer).toEqual(c.pages[1]!.footer);
  });
});
