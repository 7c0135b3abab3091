import { describe, expect, it } from 'vitest';
import {
  cellAccepts,
  createImageElement,
  createPage,
  getDefaultLayout,
  imageTypeOf,
  sequentialIds,
  snapCell,
  snapToGrid,
} from './index.ts';

describe('createPage', () => {
  it('gives each product cell a void element, with the page id first', () => {
    const page = createPage({ layout: getDefaultLayout('products', 4), newId: sequentialIds('x') });
    expect(page.id).toBe('x1');
    expect(page.kind).toBe('product');
    expect(page.elements.map((e) => [e.id, e.type, e.properties])).toEqual([
      ['x2', 'application/void', {}],
      ['x3', 'application/void', {}],
      ['x4', 'application/void', {}],
      ['x5', 'application/void', {}],
    ]);
    expect(page.showHeadersFooters).toBe(true);
  });

  it('fills text cells with their default HTML and covers start without headers', () => {
    const layout = getDefaultLayout('front cover');
    const page = createPage({ layout, id: 'cover', newId: sequentialIds() });
    expect(page.id).toBe('cover');
    expect(page.elements.map((e) => e.type)).toEqual(['application/void', 'text/html', 'text/html']);
    expect(page.elements[1]!.properties).toEqual({ html: layout.cells[1]!.properties.default });
    expect(page.showHeadersFooters).toBe(false);
  });

  it('gives table cells a table element in the mode of the page', () => {
    const mode = (type: 'wholesale-order-form' | 'summary' | 'table-of-contents' | 'table') => {
      const page = createPage({ layout: getDefaultLayout(type), newId: sequentialIds() });
      return page.elements
        .filter((e) => e.type === 'application/table')
        .map((e) => (e.properties as { mode?: unknown }).mode);
    };
    expect(mode('wholesale-order-form')).toEqual(['order_form']);
    expect(mode('summary')).toEqual(['summary']);
    expect(mode('table-of-contents')).toEqual(['table_of_contents']);
    expect(mode('table')).toEqual(['table']);
    const form = createPage({ layout: getDefaultLayout('wholesale-order-form'), newId: sequentialIds() });
    expect(form.kind).toBe('wholesale_order_form');
    expect(form.elements.map((e) => e.type)).toEqual([
      'text/html',
      'text/html',
      'application/table',
      'text/html',
    ]);
  });

  it('keeps a copy of the layout and takes header, footer and section', () => {
    const layout = getDefaultLayout('products', 2);
    const page = createPage({
      layout,
      newId: sequentialIds(),
      header: '<p>Spring</p>',
      footer: '<p>PAGE_NUMBER</p>',
      section: 'Shoes',
      showHeadersFooters: false,
    });
    expect(page.layout).toEqual(layout);
    expect(page.layout).not.toBe(layout);
    expect(page.header.properties.html).toBe('<p>Spring</p>');
    expect(page.footer.properties.html).toBe('<p>PAGE_NUMBER</p>');
    expect(page.section).toBe('Shoes');
    expect(page.showHeadersFooters).toBe(false);
  });

  it('starts flow pages empty', () => {
    const page = createPage({ layout: getDefaultLayout('products'), kind: 'flow', newId: sequentialIds() });
    expect(page.kind).toBe('flow');
    expect(page.elements).toEqual([]);
  });
});

describe('cellAccepts', () => {
  it('matches image types by the image/ prefix and everything else exactly', () => {
    expect(cellAccepts({ accepts: ['image/*'] }, 'image/png')).toBe(true);
    expect(cellAccepts({ accepts: ['image/*'] }, 'image/svg+xml')).toBe(true);
    expect(cellAccepts({ accepts: ['image/jpeg'] }, 'image/png')).toBe(true);
    expect(cellAccepts({ accepts: ['image/*'] }, 'application/product')).toBe(false);
    expect(cellAccepts({ accepts: ['application/product'] }, 'application/product')).toBe(true);
    expect(cellAccepts({ accepts: ['text/html'] }, 'application/table')).toBe(false);
  });
});

describe('image elements', () => {
  it('take their type from the file extension', () => {
    expect(imageTypeOf('https://cdn.example.com/a/b.PNG?v=2')).toBe('image/png');
    expect(imageTypeOf('logo.svg')).toBe('image/svg+xml');
    expect(imageTypeOf('photo.webp')).toBe('image/webp');
    expect(imageTypeOf('https://cdn.example.com/no-extension')).toBe('image/jpeg');
    expect(createImageElement('i', 'x.gif')).toMatchObject({
      id: 'i',
      type: 'image/gif',
      properties: { src: 'x.gif' },
    });
    expect(() => createImageElement('i', 'x.gif', 'text/html')).toThrow('Not an image type: text/html');
  });
});

describe('snapToGrid', () => {
  it('rounds to the nearest 1.25 % step inside 0-1', () => {
    expect(snapToGrid(0.33)).toBe(0.325);
    expect(snapToGrid(0.3376)).toBe(0.3375);
    expect(snapToGrid(0.00624)).toBe(0);
    expect(snapToGrid(0.1 + 0.2)).toBe(0.3);
    expect(snapToGrid(-0.2)).toBe(0);
    expect(snapToGrid(1.3)).toBe(1);
    expect(snapToGrid(Number.NaN)).toBe(0);
  });

  it('snaps a whole cell and keeps it inside the area with a non-zero size', () => {
    expect(snapCell({ x: 0.99, y: 0.101, width: 0.2, height: 0.001, z: 3 })).toEqual({
      x: 0.8,
      y: 0.1,
      width: 0.2,
      height: 0.0125,
      z: 3,
    });
  });
});
