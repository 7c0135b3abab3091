import { describe, expect, it } from 'vitest';
import { createImageElement, createPage, getDefaultLayout, sequentialIds } from '../layouts/index.ts';
import { PageLayoutSchema } from '../model/index.ts';
import { changeLayout } from './index.ts';
import {
  backCoverPage,
  deepFreeze,
  makeCatalog,
  makePage,
  makeProduct,
  pageContents,
  productIds,
  productPage,
} from './fixtures.ts';

describe('changeLayout', () => {
  it('keeps elements whose cell accepts them and moves the rest to free cells', () => {
    const page = productPage(
      'a',
      [1, 2, 3, 4].map((n) => makeProduct(n)),
    );
    page.elements[1] = createImageElement('img', 'photo.png');
    const c = deepFreeze(makeCatalog([page]));
    const r = changeLayout(c, {
      pageIndex: 0,
      layout: getDefaultLayout('products', 6),
      newId: sequentialIds('n'),
    });
    expect(pageContents(r.catalog)).toEqual([['p1', 'image/png', 'p3', 'p4', '-', '-']]);
    expect(r.catalog.pages[0]!.layout._id).toBe('default-products-6');
    expect(r.catalog.pages[0]!.elements[1]!.id).toBe('img');
  });

  it('replaces what a cell does not accept by its default element (image types match by prefix)', () => {
    const images = makePage(getDefaultLayout('images', 4), [], 'imgs');
    images.elements[0] = createImageElement('svg', 'logo.svg');
    const c = makeCatalog([images]);
    const r = changeLayout(c, {
      pageIndex: 0,
      layout: getDefaultLayout('front cover'),
      newId: sequentialIds('n'),
    });
    expect(pageContents(r.catalog)).toEqual([['image/svg+xml', 'text/html', 'text/html']]);
    expect(r.catalog.pages[0]!.elements[1]!.properties).toEqual({
      html: getDefaultLayout('front cover').cells[1]!.properties.default,
    });
    // Switching from a grid to a cover takes the cover's no-header rule.
    expect(r.catalog.pages[0]!.showHeadersFooters).toBe(false);
  });

  it('moves products that no longer fit to new pages after the page instead of dropping them', () => {
    const c = makeCatalog([
      productPage(
        'a',
        [1, 2, 3, 4].map((n) => makeProduct(n)),
      ),
      backCoverPage(),
    ]);
    const r = changeLayout(c, {
      pageIndex: 0,
      layout: getDefaultLayout('products', 1),
      newId: sequentialIds('n'),
    });
    expect(pageContents(r.catalog)).toEqual([['p1'], ['p2'], ['p3'], ['p4'], ['-', 'text/html']]);
    expect(r.catalog.pages.slice(1, 4).every((p) => p.layout._id === 'default-products-1')).toBe(true);
  });

  it('keeps merchant text in text cells of the same shape', () => {
    const contract = makePage(getDefaultLayout('wholesale-contract'), [], 'w');
    contract.elements[1] = { ...contract.elements[1]!, properties: { html: '<p>Our terms</p>' } };
    const other = PageLayoutSchema.parse({ ...getDefaultLayout('wholesale-contract'), _id: 'mine' });
    const r = changeLayout(makeCatalog([contract]), { pageIndex: 0, layout: other });
    expect(r.catalog.pages[0]!.elements[1]!.properties).toEqual({ html: '<p>Our terms</p>' });
    expect(r.catalog.pages[0]!.kind).toBe('wholesale_contract');
  });

  it('lays a flow page out into cells', () => {
    let flow = createPage({ layout: getDefaultLayout('products'), kind: 'flow', id: 'f' });
    flow = {
      ...flow,
      elements: productPage(
        'x',
        [1, 2, 3].map((n) => makeProduct(n)),
      ).elements.slice(0, 3),
    };
    const r = changeLayout(makeCatalog([flow]), { pageIndex: 0, layout: getDefaultLayout('products', 2) });
    expect(r.catalog.pages.map((p) => p.kind)).toEqual(['product', 'product']);
    expect(productIds(r.catalog)).toEqual(['p1', 'p2', 'p3']);
  });
});
