import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRODUCTS_PER_PAGE_CHOICES } from '../constants.ts';
import {
  createImageElement,
  createPage,
  createProductElement,
  createVoidElement,
  DEFAULT_LAYOUTS,
  getDefaultLayout,
  sequentialIds,
} from '../layouts/index.ts';
import { CatalogSchema, isProductElement, type Catalog, type Page } from '../model/index.ts';
import {
  addImage,
  addPage,
  addProduct,
  addProducts,
  addSummaryPages,
  autoLayout,
  changeLayout,
  duplicatePage,
  movePageDown,
  movePageUp,
  removeCell,
  removeElement,
  removePage,
  slotProducts,
  SORT_KEYS,
  sortProducts,
  toggleHeadersFooters,
  updateAllFooters,
  type CommandResult,
} from './index.ts';
import {
  backCoverPage,
  coverPage,
  deepFreeze,
  makeCatalog,
  makePage,
  makeProduct,
  productIds,
} from './fixtures.ts';

type Fill = 'product' | 'void' | 'image';
const pageSpec = fc.record({
  kind: fc.constantFrom('products', 'products', 'products', 'text', 'table', 'images', 'flow'),
  nb: fc.constantFrom(...PRODUCTS_PER_PAGE_CHOICES),
  fill: fc.array(fc.constantFrom<Fill>('product', 'product', 'void', 'image'), { maxLength: 12 }),
  section: fc.option(fc.constantFrom('Summer', 'Winter'), { nil: null }),
});

/** A catalog of cover, random pages and back cover, products with unique ids and categories A or B. */
const catalogArb = fc
  .record({
    pages: fc.array(pageSpec, { maxLength: 6 }),
    covers: fc.boolean(),
    nb: fc.constantFrom(...PRODUCTS_PER_PAGE_CHOICES),
    reorganize: fc.boolean(),
  })
  .map(({ pages, covers, nb, reorganize }) => {
    let n = 0;
    const product = () => makeProduct(++n, { category: n % 3 ? 'A' : 'B', price: (n * 7) % 11 });
    const built: Page[] = pages.map((spec, i) => {
      const id = `pg${i}`;
      const ids = sequentialIds(`${id}-`);
      if (spec.kind === 'text') return makePage(getDefaultLayout('full-text'), [], id, ids);
      if (spec.kind === 'table') return makePage(getDefaultLayout('summary'), [], id, ids);
      if (spec.kind === 'flow') {
        const flow = createPage({ layout: getDefaultLayout('products'), kind: 'flow', id, newId: ids });
        return { ...flow, elements: spec.fill.map(() => createProductElement(ids(), product())) };
      }
      const layout = getDefaultLayout(
        spec.kind === 'images' ? 'images' : 'products',
        spec.kind === 'images' ? 4 : spec.nb,
      );
      const page = makePage(layout, [], id, ids);
      page.section = spec.section;
      spec.fill.slice(0, page.elements.length).forEach((f, j) => {
        if (f === 'product' && spec.kind === 'products')
          page.elements[j] = createProductElement(ids(), product());
        else if (f === 'image') page.elements[j] = createImageElement(ids(), `img${i}-${j}.png`);
        else page.elements[j] = createVoidElement(ids());
      });
      return page;
    });
    return makeCatalog(covers ? [coverPage(), ...built, backCoverPage()] : built, {
      settings: { nbProductsPage: nb, reorganize_automatically: reorganize },
    });
  });

const counts = (ids: string[]): Record<string, number> =>
  ids.reduce<Record<string, number>>((m, id) => ({ ...m, [id]: (m[id] ?? 0) + 1 }), {});

const productsOnPage = (c: Catalog, i: number): string[] =>
  (c.pages[i]?.elements ?? []).filter(isProductElement).map((e) => e.properties.id);

/** One editing step: the command to run and how it changes the products the catalog holds. */
type Step = (c: Catalog, current: number, newId: () => string) => { r: CommandResult; expected: string[] };

const idx = fc.nat({ max: 20 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  idx.map((i): Step => (c, cur) => ({
    r: movePageUp(c, { pageIndex: i, currentPage: cur }),
    expected: productIds(c),
  })),
  idx.map((i): Step => (c, cur) => ({
    r: movePageDown(c, { pageIndex: i, currentPage: cur }),
    expected: productIds(c),
  })),
  idx.map((i): Step => (c, cur) => ({
    r: toggleHeadersFooters(c, { pageIndex: i, currentPage: cur }),
    expected: productIds(c),
  })),
  fc.constantFrom(...DEFAULT_LAYOUTS).map((layout): Step => (c, cur, newId) => ({
    r: addPage(c, { layout, currentPage: cur, newId }),
    expected: productIds(c),
  })),
  fc.nat({ max: 1000 }).map((n): Step => (c, cur, newId) => ({
    r: addProduct(c, { product: makeProduct(10_000 + n), currentPage: cur, newId }),
    expected: [...productIds(c), `p${10_000 + n}`],
  })),
  fc.integer({ min: 1, max: 15 }).map((k): Step => (c, cur, newId) => {
    const products = Array.from({ length: k }, (_, j) => makeProduct(20_000 + j));
    return {
      r: addProducts(c, { products, currentPage: cur, newId }),
      expected: [...productIds(c), ...products.map((p) => p.id)],
    };
  }),
  fc.constant<Step>((c, cur, newId) => ({
    r: addImage(c, { src: 'x.jpg', currentPage: cur, newId }),
    expected: productIds(c),
  })),
  fc.tuple(idx, fc.constantFrom(...DEFAULT_LAYOUTS)).map(([i, layout]): Step => (c, cur, newId) => ({
    r: changeLayout(c, { pageIndex: i, layout, currentPage: cur, newId }),
    expected: productIds(c),
  })),
  fc.tuple(idx, fc.nat({ max: 12 })).map(([i, cell]): Step => (c, cur, newId) => ({
    r: removeCell(c, { pageIndex: i, cellIndex: cell, currentPage: cur, newId }),
    expected: productIds(c),
  })),
  fc.constant<Step>((c, cur, newId) => ({
    r: autoLayout(c, { currentPage: cur, newId, force: true }),
    expected: productIds(c),
  })),
  fc.constantFrom(...SORT_KEYS).map((by): Step => (c, cur, newId) => ({
    r: sortProducts(c, { by, currentPage: cur, newId }),
    expected: productIds(c),
  })),
  fc.constant<Step>((c, cur, newId) => ({
    r: addSummaryPages(c, { currentPage: cur, newId }),
    expected: productIds(c),
  })),
  idx.map((i): Step => (c, cur) => ({
    r: updateAllFooters(c, { pageIndex: i, currentPage: cur }),
    expected: productIds(c),
  })),
  // The commands meant to remove or copy products change the set by exactly what they act on.
  fc.tuple(idx, fc.nat({ max: 12 })).map(([i, e]): Step => (c, cur) => {
    const target = c.pages[i]?.elements[e];
    const gone = isProductElement(target) ? target.properties.id : null;
    const expected = [...productIds(c)];
    if (gone) expected.splice(expected.indexOf(gone), 1);
    return { r: removeElement(c, { pageIndex: i, elementIndex: e, currentPage: cur }), expected };
  }),
  idx.map((i): Step => (c, cur) => {
    const expected = [...productIds(c)];
    for (const id of productsOnPage(c, i)) expected.splice(expected.indexOf(id), 1);
    return { r: removePage(c, { pageIndex: i, currentPage: cur }), expected };
  }),
  idx.map((i): Step => (c, cur, newId) => ({
    r: duplicatePage(c, { pageIndex: i, currentPage: cur, newId }),
    expected: [...productIds(c), ...productsOnPage(c, i)],
  })),
);

describe('editing commands (properties)', () => {
  it('never lose or duplicate a product, never mutate their input and keep documents valid', () => {
    fc.assert(
      fc.property(catalogArb, fc.array(stepArb, { maxLength: 12 }), (start, steps) => {
        const newId = sequentialIds('n');
        let catalog = deepFreeze(start);
        let current = 0;
        for (const step of steps) {
          const { r, expected } = step(catalog, current, newId);
          expect(counts(productIds(r.catalog))).toEqual(counts(expected));
          expect(CatalogSchema.parse(r.catalog)).toEqual(r.catalog);
          for (const page of r.catalog.pages) {
            if (page.kind !== 'flow') expect(page.elements).toHaveLength(page.layout.cells.length);
          }
          const ids = r.catalog.pages.flatMap((p) => [p.id, ...p.elements.map((e) => e.id)]);
          expect(new Set(ids).size).toBe(ids.length);
          expect(r.currentPage).toBeGreaterThanOrEqual(0);
          expect(r.currentPage).toBeLessThanOrEqual(Math.max(0, r.catalog.pages.length - 1));
          catalog = deepFreeze(r.catalog);
          current = r.currentPage;
        }
      }),
      { numRuns: 150 },
    );
  });

  it('automatic layout is idempotent and keeps the product order', () => {
    fc.assert(
      fc.property(catalogArb, (catalog) => {
        const once = autoLayout(catalog, { force: true, newId: sequentialIds('a') }).catalog;
        const twice = autoLayout(once, { force: true, newId: sequentialIds('b') }).catalog;
        expect(twice).toEqual(once);
        const slotIds = (c: Catalog) => slotProducts(c).map((e) => e.properties.id);
        expect(slotIds(once)).toEqual(slotIds(catalog));
        expect(counts(productIds(once))).toEqual(counts(productIds(catalog)));
      }),
      { numRuns: 200 },
    );
  });

  it('sorting twice gives the same document as sorting once', () => {
    fc.assert(
      fc.property(catalogArb, fc.constantFrom(...SORT_KEYS), (catalog, by) => {
        const once = sortProducts(catalog, { by, newId: sequentialIds('a') }).catalog;
        expect(sortProducts(once, { by, newId: sequentialIds('b') }).catalog).toEqual(once);
      }),
      { numRuns: 100 },
    );
  });

  it('moving a page up then down is the identity', () => {
    fc.assert(
      fc.property(
        catalogArb.filter((c) => c.pages.length >= 2),
        fc.nat(),
        fc.nat(),
        (catalog, i, cur) => {
          const index = 1 + (i % (catalog.pages.length - 1));
          const current = cur % catalog.pages.length;
          const up = movePageUp(catalog, { pageIndex: index, currentPage: current });
          const down = movePageDown(up.catalog, { pageIndex: index - 1, currentPage: up.currentPage });
          expect(down.catalog).toEqual(catalog);
          expect(down.currentPage).toBe(current);
        },
      ),
      { numRuns: 200 },
    );
  });
});
