import { describe, expect, it } from 'vitest';
import { ImagesStyleSchema, isProductElement, type Catalog } from '../model/index.ts';
import { deepFreeze, makeCatalog, makeProduct, productPage } from './fixtures.ts';
import { applyListing, normalizePlacement, setElementImage, setElementImagesStyle } from './index.ts';

const img = (n: number) => `https://cdn.example.com/${n}.jpg`;
const catalog = (): Catalog =>
  deepFreeze(
    makeCatalog([
      productPage('a', [
        makeProduct(1, { images: [{ original: img(1) }, { original: img(2) }], main_image: img(1) }),
        makeProduct(2),
      ]),
      productPage('b', [makeProduct(1, { images: [{ original: img(1) }], main_image: img(1) })]),
    ]),
  );
const first = (c: Catalog, page = 0) => c.pages[page]!.elements[0]!;

describe('setElementImage (the image editor overlay)', () => {
  it('sets the size, unit, position and zoom of a product’s picture, held to their ranges', () => {
    const r = setElementImage(catalog(), {
      pageIndex: 0,
      elementIndex: 0,
      placement: { size: 2000, size_unit: 'px', position: { xpos: -5, ypos: 140 }, zoom: 9 },
    });
    expect(first(r.catalog)).toMatchObject({
      size: 1024,
      size_unit: 'px',
      position: { xpos: 0, ypos: 100 },
      zoom: 4,
    });
    expect(normalizePlacement({ size: 0, position: { xpos: 50, ypos: 50 } }).size).toBe(1);
    expect(normalizePlacement({ size: 250, position: { xpos: 50, ypos: 50 } }).size).toBe(100);
  });

  it('resets to contained, centred and not zoomed', () => {
    const zoomed = setElementImage(catalog(), {
      pageIndex: 0,
      elementIndex: 0,
      placement: { size: 'cover', position: { xpos: 10, ypos: 10 }, zoom: 2 },
    }).catalog;
    const reset = setElementImage(zoomed, { pageIndex: 0, elementIndex: 0, placement: null }).catalog;
    expect(first(reset)).toMatchObject({ size: 'contain', position: { xpos: 50, ypos: 50 } });
    expect(first(reset)).not.toHaveProperty('zoom');
    expect(first(reset)).not.toHaveProperty('size_unit');
  });

  it('leaves the catalog as it was for a cell without a picture or an unchanged placement', () => {
    const c = catalog();
    const same = setElementImage(c, { pageIndex: 0, elementIndex: 3, placement: null });
    expect(same.catalog).toBe(c);
    const unchanged = setElementImage(c, {
      pageIndex: 0,
      elementIndex: 0,
      placement: { size: 'contain', position: { xpos: 50, ypos: 50 } },
    });
    expect(unchanged.catalog).toBe(c);
  });
});

describe('setElementImagesStyle', () => {
  it('gives one product its own images style and back to the catalog’s with null', () => {
    const style = ImagesStyleSchema.parse({ anchor: 'right', max_rows: 2, max_columns: 1, border_width: 1 });
    const own = setElementImagesStyle(catalog(), { pageIndex: 0, elementIndex: 0, style }).catalog;
    expect(first(own)).toMatchObject({ images_style: style });
    const back = setElementImagesStyle(own, { pageIndex: 0, elementIndex: 0, style: null }).catalog;
    expect(first(back)).toMatchObject({ images_style: null });
  });
});

describe('applyListing (the listing editor saved)', () => {
  it('updates every element showing the listing, on every page, and nothing else', () => {
    const c = catalog();
    const r = applyListing(c, {
      listing: {
        title: 'Renamed',
        price: 42,
        images: [{ original: img(1) }, { original: img(2), hide: true }, { original: img(3) }],
        main_image: img(3),
      },
      productIds: ['p1'],
    });
    for (const e of [first(r.catalog, 0), first(r.catalog, 1)]) {
      if (!isProductElement(e)) throw new Error('a product');
      expect(e.properties).toMatchObject({ id: 'p1', title: 'Renamed', price: 42, main_image: img(3) });
      expect(e.properties.images.map((i) => [i.original, i.hide])).toEqual([
        [img(1), false],
        [img(2), true],
        [img(3), false],
      ]);
    }
    expect(r.catalog.pages[0]!.elements[1]).toBe(c.pages[0]!.elements[1]);
  });

  it('keeps the element’s own placement and styles', () => {
    const placed = setElementImage(catalog(), {
      pageIndex: 0,
      elementIndex: 0,
      placement: { size: 'cover', position: { xpos: 30, ypos: 30 }, zoom: 2 },
    }).catalog;
    const r = applyListing(placed, { listing: { title: 'New', price: 1 }, productIds: ['p1'] });
    expect(first(r.catalog)).toMatchObject({ size: 'cover', zoom: 2, position: { xpos: 30, ypos: 30 } });
  });

  it('changes nothing when no element shows the listing', () => {
    const c = catalog();
    expect(applyListing(c, { listing: { title: 'X' }, productIds: ['nope'] }).catalog).toBe(c);
  });
});
