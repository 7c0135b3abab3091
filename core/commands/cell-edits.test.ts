import { describe, expect, it } from 'vitest';
import { createPage, getDefaultLayout, sequentialIds } from '../layouts/index.ts';
import {
  addCell,
  dropImage,
  dropProduct,
  moveElement,
  replaceProduct,
  setCaptionTemplate,
  setCellGeometry,
  setElementHtml,
  setPageBand,
} from './index.ts';
import { coverPage, deepFreeze, makeCatalog, makeProduct, pageContents, productPage } from './fixtures.ts';

const flowPage = (id: string) =>
  createPage({ layout: getDefaultLayout('products'), kind: 'flow', id, newId: sequentialIds(`${id}-`) });

describe('dropProduct and dropImage', () => {
  it('puts the product in the cell dropped on, replacing what it held, and selects it', () => {
    const c = deepFreeze(makeCatalog([coverPage(), productPage('a', [makeProduct(1), makeProduct(2)])]));
    const r = dropProduct(c, {
      pageIndex: 1,
      cellIndex: 0,
      product: makeProduct(7),
      newId: sequentialIds('n'),
    });
    expect(pageContents(r.catalog)[1]).toEqual(['p7', 'p2', '-', '-']);
    expect(r.selection).toEqual({ pageIndex: 1, elementIndex: 0 });
    expect(r.catalog.pages[0]).toBe(c.pages[0]);
  });

  it('refuses a cell that does not take the content, leaving the document as it was', () => {
    const c = deepFreeze(makeCatalog([coverPage(), productPage('a', [])]));
    // The cover's title cell takes text only.
    expect(dropProduct(c, { pageIndex: 0, cellIndex: 1, product: makeProduct(1) }).catalog).toBe(c);
    expect(dropImage(c, { pageIndex: 0, cellIndex: 0, src: 'https://x.test/a.png' }).catalog).not.toBe(c);
    expect(dropProduct(c, { pageIndex: 5, cellIndex: 0, product: makeProduct(1) }).catalog).toBe(c);
  });

  it('inserts into a flow page at the place dropped on', () => {
    const flow = { ...flowPage('f') };
    const c = makeCatalog([flow]);
    let doc = dropProduct(c, { pageIndex: 0, cellIndex: 0, product: makeProduct(1) }).catalog;
    doc = dropProduct(doc, { pageIndex: 0, cellIndex: 9, product: makeProduct(3) }).catalog;
    doc = dropProduct(doc, { pageIndex: 0, cellIndex: 1, product: makeProduct(2) }).catalog;
    expect(pageContents(doc)[0]).toEqual(['p1', 'p2', 'p3']);
  });
});

describe('moveElement', () => {
  it('swaps two products across pages in one step', () => {
    const c = deepFreeze(
      makeCatalog([productPage('a', [makeProduct(1), makeProduct(2)]), productPage('b', [makeProduct(3)])]),
    );
    const r = moveElement(c, {
      from: { pageIndex: 0, elementIndex: 0 },
      to: { pageIndex: 1, elementIndex: 0 },
    });
    expect(pageContents(r.catalog)).toEqual([
      ['p3', 'p2', '-', '-'],
      ['p1', '-', '-', '-'],
    ]);
    expect(r.currentPage).toBe(1);
  });

  it('moves into an empty cell leaving a void one, and refuses a cell that cannot take it', () => {
    const c = deepFreeze(makeCatalog([coverPage(), productPage('a', [makeProduct(1)])]));
    const r = moveElement(c, {
      from: { pageIndex: 1, elementIndex: 0 },
      to: { pageIndex: 1, elementIndex: 3 },
    });
    expect(pageContents(r.catalog)[1]).toEqual(['-', '-', '-', 'p1']);
    const refused = moveElement(c, {
      from: { pageIndex: 1, elementIndex: 0 },
      to: { pageIndex: 0, elementIndex: 1 },
    });
    expect(refused.catalog).toBe(c);
  });

  it('moves a product out of a flow page into a grid cell and back', () => {
    const flow = { ...flowPage('f') };
    let doc = makeCatalog([flow, productPage('a', [])]);
    doc = dropProduct(doc, { pageIndex: 0, cellIndex: 0, product: makeProduct(1) }).catalog;
    doc = dropProduct(doc, { pageIndex: 0, cellIndex: 1, product: makeProduct(2) }).catalog;
    doc = moveElement(doc, {
      from: { pageIndex: 0, elementIndex: 0 },
      to: { pageIndex: 1, elementIndex: 2 },
    }).catalog;
    expect(pageContents(doc)).toEqual([['p2'], ['-', '-', 'p1', '-']]);
    doc = moveElement(doc, {
      from: { pageIndex: 1, elementIndex: 2 },
      to: { pageIndex: 0, elementIndex: 1 },
    }).catalog;
    expect(pageContents(doc)).toEqual([
      ['p2', 'p1'],
      ['-', '-', '-', '-'],
    ]);
  });
});

describe('text, headers, product data and cells', () => {
  it('edits a text cell and a header, and leaves equal edits as no step', () => {
    const c = deepFreeze(makeCatalog([coverPage(), productPage('a', [])]));
    const r = setElementHtml(c, { pageIndex: 0, elementIndex: 1, html: '<h1>Autumn</h1>' });
    expect(r.catalog.pages[0]!.elements[1]!.properties).toEqual({ html: '<h1>Autumn</h1>' });
    expect(
      setElementHtml(r.catalog, { pageIndex: 0, elementIndex: 1, html: '<h1>Autumn</h1>' }).catalog,
    ).toBe(r.catalog);
    expect(setElementHtml(c, { pageIndex: 1, elementIndex: 0, html: 'x' }).catalog).toBe(c);
    const h = setPageBand(c, { pageIndex: 1, which: 'footer', html: '<p>PAGE_NUMBER</p>' });
    expect(h.catalog.pages[1]!.footer.properties.html).toBe('<p>PAGE_NUMBER</p>');
    expect(
      setPageBand(h.catalog, { pageIndex: 1, which: 'footer', html: '<p>PAGE_NUMBER</p>' }).catalog,
    ).toBe(h.catalog);
  });

  it('sets a band’s left, centre and right slots, clearing the one piece that would hide them', () => {
    const c = deepFreeze(
      makeCatalog([
        {
          ...productPage('a', []),
          footer: { properties: { html: 'Old' } },
          footerElements: ['', '{{CATALOG_TITLE}}', 'PAGE_NUMBER'],
        },
      ]),
    );
    const slots = ['Maison', '{{CATALOG_TITLE}}', 'page PAGE_NUMBER'];
    const r = setPageBand(c, { pageIndex: 0, which: 'footer', html: '', slots });
    expect(r.catalog.pages[0]).toMatchObject({ footer: { properties: { html: '' } }, footerElements: slots });
    expect(setPageBand(r.catalog, { pageIndex: 0, which: 'footer', html: '', slots }).catalog).toBe(
      r.catalog,
    );
    // One piece again: the slots go, so the page shows it as written.
    const one = setPageBand(r.catalog, { pageIndex: 0, which: 'footer', html: 'All of it' });
    expect(one.catalog.pages[0]).toMatchObject({
      footer: { properties: { html: 'All of it' } },
      footerElements: ['', '', ''],
    });
  });

  it('replaces a product element’s data, keeping the element', () => {
    const c = makeCatalog([productPage('a', [makeProduct(1)])]);
    const id = c.pages[0]!.elements[0]!.id;
    const r = replaceProduct(c, { pageIndex: 0, elementId: id, product: makeProduct(1, { title: 'Full' }) });
    expect(r.catalog.pages[0]!.elements[0]).toMatchObject({ id, properties: { title: 'Full' } });
  });

  it('replaces the product of an element that keeps its cell, caption and style', () => {
    const page = productPage('a', [makeProduct(1), makeProduct(2)]);
    const styled = {
      ...page.elements[1]!,
      price_template: '[TITLE] [SKU]',
      size: 'cover' as const,
      position: { xpos: 10, ypos: 80 },
    };
    const elements = page.elements.map((e, i) => (i === 1 ? styled : e));
    const c = deepFreeze(makeCatalog([{ ...page, elements }]));
    const r = replaceProduct(c, { pageIndex: 0, elementId: styled.id, product: makeProduct(9) });
    const after = r.catalog.pages[0]!.elements[1]!;
    expect(pageContents(r.catalog)[0]).toEqual(['p1', 'p9', '-', '-']);
    expect(after).toMatchObject({
      id: styled.id,
      price_template: '[TITLE] [SKU]',
      size: 'cover',
      position: { xpos: 10, ypos: 80 },
      properties: { title: 'Product 9' },
    });
  });

  it('sets one product element’s caption template, and only a product’s', () => {
    const c = deepFreeze(makeCatalog([coverPage(), productPage('a', [makeProduct(1), makeProduct(2)])]));
    const r = setCaptionTemplate(c, { pageIndex: 1, elementIndex: 1, template: '<b>[TITLE]</b> [SKU]' });
    expect(r.catalog.pages[1]!.elements[1]).toMatchObject({ price_template: '<b>[TITLE]</b> [SKU]' });
    expect(r.catalog.pages[1]!.elements[0]).toBe(c.pages[1]!.elements[0]);
    expect(r.catalog.pages[0]).toBe(c.pages[0]);
    // The same text again is no step; null goes back to the catalog's caption.
    expect(
      setCaptionTemplate(r.catalog, { pageIndex: 1, elementIndex: 1, template: '<b>[TITLE]</b> [SKU]' })
        .catalog,
    ).toBe(r.catalog);
    const back = setCaptionTemplate(r.catalog, { pageIndex: 1, elementIndex: 1, template: null });
    expect(back.catalog.pages[1]!.elements[1]).toMatchObject({ price_template: null });
    // A void cell, a text cell and a missing page take no caption.
    expect(setCaptionTemplate(c, { pageIndex: 1, elementIndex: 3, template: 'x' }).catalog).toBe(c);
    expect(setCaptionTemplate(c, { pageIndex: 0, elementIndex: 1, template: 'x' }).catalog).toBe(c);
    expect(setCaptionTemplate(c, { pageIndex: 7, elementIndex: 0, template: 'x' }).catalog).toBe(c);
  });

  it('moves a cell on the 1.25 % grid and adds a free cell on top', () => {
    const c = makeCatalog([productPage('a', [makeProduct(1)])]);
    const moved = setCellGeometry(c, { pageIndex: 0, cellIndex: 0, cell: { x: 0.0333, y: 0.5 } });
    expect(moved.catalog.pages[0]!.layout.cells[0]).toMatchObject({ x: 0.0375, y: 0.5 });
    const retyped = setCellGeometry(c, { pageIndex: 0, cellIndex: 0, cell: { accepts: ['text/html'] } });
    expect(retyped.catalog.pages[0]!.elements[0]!.type).toBe('text/html');
    const added = addCell(c, { pageIndex: 0, cell: { accepts: ['image/*'] } });
    const cells = added.catalog.pages[0]!.layout.cells;
    expect(cells).toHaveLength(5);
    expect(cells[4]).toMatchObject({ width: 0.5, height: 0.5, z: 10 });
    expect(added.selection).toEqual({ pageIndex: 0, elementIndex: 4 });
    expect(added.catalog.pages[0]!.elements).toHaveLength(5);
  });
});
