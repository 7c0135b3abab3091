import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createProductElement } from '../layouts/index.ts';
import { ImagesStyleSchema, PriceTemplateStyleSchema, type CatalogInput } from '../model/index.ts';
import { CatalogPageView } from './index.ts';
import { CatalogBuilder, IMG, product } from './test-fixtures.ts';

type ProductElement = ReturnType<typeof createProductElement>;

/** One product in a one-cell grid, with the catalog and element options given; the page's markup. */
function cellHtml(
  catalog: Partial<CatalogInput> = {},
  element: Partial<Pick<ProductElement, 'images_style' | 'price_template_style' | 'size'>> = {},
) {
  const b = new CatalogBuilder();
  const page = b.grid([product(0)], 1);
  page.elements[0] = { ...(page.elements[0] as ProductElement), ...element };
  return renderToStaticMarkup(<CatalogPageView catalog={b.build(catalog)} pageIndex={0} />);
}

const mainImg = (html: string) => /<img class="([^"]*)" src="[^"]*p0\.jpg"[^>]*style="([^"]*)"/.exec(html);

describe('images style', () => {
  it('frames the main and the extra pictures with the border width, style and colour', () => {
    const html = cellHtml({
      default_images_style: { border_width: 2, border_style: 'dashed', border_color: '#ff0000' },
    });
    expect(mainImg(html)?.slice(1)).toEqual(['cb-img cb-img--framed', 'border:2px dashed #ff0000']);
    const extras = [...html.matchAll(/class="cb-product-extra".*?<img [^>]*style="([^"]*)"/g)];
    expect(extras.map((m) => m[1])).toEqual(['border:2px dashed #ff0000', 'border:2px dashed #ff0000']);
  });

  it('draws no border at width 0, and only safe border styles and colours', () => {
    expect(cellHtml()).not.toContain('border:');
    const odd = cellHtml({
      default_images_style: {
        border_width: 1,
        border_style: 'url(x)',
        border_color: 'red;background:url(x)',
      },
    });
    expect(mainImg(odd)?.[2]).toBe('border:1px solid #dddddd');
  });

  it('pads the main picture inside its box by padding_top_bottom and padding_left_right', () => {
    const html = cellHtml({ default_images_style: { padding_top_bottom: 6, padding_left_right: 4 } });
    expect(html).toContain(
      '<div class="cb-product-main" style="flex:0 0 80%"><div class="cb-img-box" style="padding:6px 4px"><div class="cb-img-box"><img',
    );
    expect(cellHtml()).not.toContain('padding:6px');
  });

  it('contains pictures by default, crops them with resizing cover or the catalog’s cropImages', () => {
    expect(cellHtml()).toContain('<img class="cb-img" src="https://cdn.example.com/img/p0.jpg"');
    const cover = '<img class="cb-img cb-img--cover" src="https://cdn.example.com/img/p0.jpg"';
    expect(cellHtml({ default_images_style: { resizing: 'cover' } })).toContain(cover);
    expect(cellHtml({ settings: { cropImages: true } })).toContain(cover);
    // The element's own style wins over the catalog's.
    const own = ImagesStyleSchema.parse({ resizing: 'cover' });
    expect(cellHtml({}, { images_style: own })).toContain(cover);
  });

  it('sizes a picture with a numeric element size as a percentage at its position', () => {
    const html = cellHtml({}, { size: 60 });
    expect(html).toContain(
      'class="cb-img cb-img--sized" src="https://cdn.example.com/img/p0.jpg" alt="Linen Shirt" style="width:60%;left:50%;top:50%;transform:translate(-50%, -50%)"',
    );
  });
});

describe('price template style', () => {
  it('pads the caption box by its four padding values', () => {
    const html = cellHtml({
      priceTemplateStyle: { padding_top: 1, padding_right: 2, padding_bottom: 3, padding_left: 4 },
    });
    expect(html).toMatch(
      /class="cb-caption-box" style="padding:1px 2px 3px 4px;min-height:max\(20%, \d+px\)"/,
    );
  });

  it('places the caption freely when x, y, width and height are all set', () => {
    const style = { x: 0.1, y: 0.6, width: 0.8, height: 0.25, background_color: '#ffffff' };
    const html = cellHtml({ priceTemplateStyle: style });
    expect(html).toContain(
      'class="cb-caption-box cb-caption-box--free" style="background:#ffffff;left:10%;top:60%;width:80%;height:25%"',
    );
    // With one coordinate missing the caption is laid out by anchor and align instead.
    expect(cellHtml({ priceTemplateStyle: { ...style, height: null } })).not.toContain(
      'cb-caption-box--free',
    );
  });

  it('writes the caption at the element’s font_size, else at the catalog’s priceTemplateFontSize', () => {
    expect(cellHtml()).toContain('<div class="cb-caption" style="font-size:8px">');
    expect(cellHtml({ settings: { priceTemplateFontSize: 11 } })).toContain(
      '<div class="cb-caption" style="font-size:11px">',
    );
    const own = PriceTemplateStyleSchema.parse({ font_size: 14 });
    expect(cellHtml({ settings: { priceTemplateFontSize: 11 } }, { price_template_style: own })).toContain(
      '<div class="cb-caption" style="font-size:14px">',
    );
  });

  it('applies padding and font size to flow products as well', () => {
    const b = new CatalogBuilder();
    const page = b.flow([product(1)]);
    page.elements[0] = {
      ...(page.elements[0] as ProductElement),
      price_template_style: PriceTemplateStyleSchema.parse({
        padding_top: 5,
        padding_left: 7,
        font_size: 12,
      }),
      images_style: ImagesStyleSchema.parse({ image_height: 120 }),
    };
    const html = renderToStaticMarkup(<CatalogPageView catalog={b.build()} pageIndex={0} />);
    expect(html).toContain('<div class="cb-flow-text" style="padding:5px 0px 0px 7px">');
    expect(html).toContain('<div class="cb-caption" style="font-size:12px">');
    expect(html).toContain(`class="cb-flow-media" style="height:120px" data-cb-h="120"`);
    expect(html).toContain(`src="${IMG(1)}"`);
  });
});
