import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createProductElement } from '../layouts/index.ts';
import { ImagesStyleSchema, type CatalogInput } from '../model/index.ts';
import { CatalogPageView, clampImageSize, elementPlacement } from './index.ts';
import { CatalogBuilder, IMG, product } from './test-fixtures.ts';

type ProductElement = ReturnType<typeof createProductElement>;

/** One product (with three extra pictures) in a one-cell grid; the page's markup. */
function cellHtml(element: Partial<ProductElement> = {}, catalog: Partial<CatalogInput> = {}) {
  const b = new CatalogBuilder();
  const images = [0, 11, 12, 13].map((n) => ({ original: IMG(n) }));
  const page = b.grid([product(0, { images, main_image: IMG(0) })], 1);
  page.elements[0] = { ...(page.elements[0] as ProductElement), ...element };
  return renderToStaticMarkup(<CatalogPageView catalog={b.build(catalog)} pageIndex={0} />);
}

const mainImgStyle = (html: string) =>
  /<img class="[^"]*" src="[^"]*p0\.jpg"[^>]*style="([^"]*)"/.exec(html)?.[1] ?? null;

describe('the image editor’s placement (SPEC §5 size slider, crop and zoom)', () => {
  it('holds a size to 1-100 in percent and to 1-1024 in px', () => {
    expect([clampImageSize(0, 'percent'), clampImageSize(150, 'percent')]).toEqual([1, 100]);
    expect([clampImageSize(0, 'px'), clampImageSize(150, 'px'), clampImageSize(5000, 'px')]).toEqual([
      1, 150, 1024,
    ]);
    expect(elementPlacement({ size: 'cover', zoom: 9 })).toEqual({ fit: 'cover', unit: 'percent', zoom: 4 });
  });

  it('draws a px size in px, a percent size in percent, each held to its range', () => {
    expect(mainImgStyle(cellHtml({ size: 300, size_unit: 'px' }))).toContain('width:300px');
    expect(mainImgStyle(cellHtml({ size: 3000, size_unit: 'px' }))).toContain('width:1024px');
    expect(mainImgStyle(cellHtml({ size: 300 }))).toContain('width:100%');
  });

  it('crops by zooming a covered picture about its position, the cell cutting it', () => {
    const style = mainImgStyle(cellHtml({ size: 'cover', zoom: 2, position: { xpos: 20, ypos: 80 } }));
    expect(style).toBe('object-position:20% 80%;transform:scale(2);transform-origin:20% 80%');
    // Not zoomed: no transform at all.
    expect(mainImgStyle(cellHtml({ size: 'cover' }))).toBeNull();
  });

  it('zooms a sized picture after moving it to its position', () => {
    expect(mainImgStyle(cellHtml({ size: 50, zoom: 1.5, position: { xpos: 10, ypos: 90 } }))).toBe(
      'width:50%;left:10%;top:90%;transform:translate(-10%, -90%) scale(1.5)',
    );
  });

  it('zooms and sizes an image element the same way', () => {
    const b = new CatalogBuilder();
    const page = b.grid([product(0)], 1);
    page.elements[0] = {
      id: 'pic',
      type: 'image/jpeg',
      size: 200,
      size_unit: 'px',
      zoom: 3,
      position: { xpos: 0, ypos: 100 },
      properties: { src: IMG(7) },
    };
    const html = renderToStaticMarkup(<CatalogPageView catalog={b.build()} pageIndex={0} />);
    expect(html).toContain(
      `src="${IMG(7)}" alt="" style="width:200px;left:0%;top:100%;transform:translate(-0%, -100%) scale(3)"`,
    );
  });
});

describe('images style (SPEC §3, §5 images shown)', () => {
  const extras = (html: string) => [...html.matchAll(/class="cb-product-extra"/g)].length;

  it('shows at most max_rows × max_columns extra pictures, never the main one', () => {
    expect(extras(cellHtml())).toBe(3);
    expect(extras(cellHtml({ images_style: ImagesStyleSchema.parse({ max_rows: 1, max_columns: 2 }) }))).toBe(
      2,
    );
    expect(extras(cellHtml({}, { default_images_style: { max_rows: 0 } }))).toBe(0);
  });

  it('leaves hidden pictures out of the count', () => {
    const b = new CatalogBuilder();
    const images = [0, 11, 12, 13].map((n) => ({ original: IMG(n), hide: n === 11 }));
    b.grid([product(0, { images, main_image: IMG(0) })], 1);
    const html = renderToStaticMarkup(
      <CatalogPageView
        catalog={b.build({ default_images_style: { max_rows: 1, max_columns: 4 } })}
        pageIndex={0}
      />,
    );
    expect(html).not.toContain('p11.jpg');
    expect(extras(html)).toBe(2);
  });

  it('puts the extra pictures beside the main one with anchor right', () => {
    const bottom = cellHtml();
    const right = cellHtml({ images_style: ImagesStyleSchema.parse({ anchor: 'right' }) });
    expect(right).not.toBe(bottom);
    expect(right).toContain('cb-product-media--extras-right');
    expect(bottom).toContain('cb-product-media--extras-bottom');
  });
});
