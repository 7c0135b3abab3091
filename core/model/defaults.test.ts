// The defaults of SPEC §3 and §9, written out as numbers here (not read from core/constants) so a changed
// constant fails a test instead of silently moving every new catalog.
import { describe, expect, it } from 'vitest';
import {
  CatalogSchema,
  CatalogSettingsSchema,
  CellSchema,
  createFreeCell,
  ImagesStyleSchema,
  PageLayoutSchema,
  PriceTemplateSchema,
  PriceTemplateStyleSchema,
  ProductSchema,
} from './index.ts';

describe('SPEC §3/§9 defaults', () => {
  it('catalog settings', () => {
    expect(CatalogSettingsSchema.parse({})).toMatchObject({
      nbProductsPage: 9,
      descriptionFontSize: 8,
      priceTemplateFontSize: 8,
      flow_layout_columns: 2,
      view_mode: 'webgl',
      background_color: '#222222',
      share_button: true,
      print_button: false,
      download_pages_button: true,
      download_pdf_button: true,
    });
  });

  it('images style: anchor bottom, size 80, 1 row of 4, image height 150', () => {
    expect(ImagesStyleSchema.parse({})).toMatchObject({
      anchor: 'bottom',
      size: 80,
      max_rows: 1,
      max_columns: 4,
      image_height: 150,
    });
  });

  it('price template style: size 40 (caption percent), font size 8', () => {
    expect(PriceTemplateStyleSchema.parse({})).toMatchObject({ size: 40, font_size: 8 });
  });

  it('a catalog starts with these styles, and its default price template style has font size 20', () => {
    const catalog = CatalogSchema.parse({ _id: 'c' });
    expect(catalog.default_images_style).toEqual(ImagesStyleSchema.parse({}));
    expect(catalog.priceTemplateStyle).toEqual(PriceTemplateStyleSchema.parse({}));
    expect(catalog.default_price_template_style).toEqual({
      ...PriceTemplateStyleSchema.parse({}),
      font_size: 20,
    });
    expect(catalog.default_price_template).toBeNull();
    const kept = CatalogSchema.parse({ _id: 'c', default_price_template_style: { size: 30, font_size: 12 } });
    expect(kept.default_price_template_style).toMatchObject({ size: 30, font_size: 12 });
  });

  it('new layout: Untitled, custom, public, margin 10, header and footer 0.05', () => {
    expect(PageLayoutSchema.parse({})).toMatchObject({
      title: 'Untitled',
      type: 'custom',
      public: true,
      margin: 10,
      headerHeight: 0.05,
      footerHeight: 0.05,
    });
  });

  it('new cell 0.1 × 0.1; new free cell 0.5 × 0.5 at z 10', () => {
    expect(CellSchema.parse({})).toMatchObject({ width: 0.1, height: 0.1, z: 1 });
    expect(createFreeCell()).toMatchObject({ x: 0, y: 0, width: 0.5, height: 0.5, z: 10 });
    expect(createFreeCell({ x: 0.25, accepts: ['text/html'] })).toMatchObject({
      x: 0.25,
      width: 0.5,
      z: 10,
      accepts: ['text/html'],
    });
  });

  it('new price template: ordering 100, public', () => {
    expect(PriceTemplateSchema.parse({ title: 'Mine', owner: 'u1' })).toMatchObject({
      ordering: 100,
      public: true,
      owner: 'u1',
    });
  });

  it('a product keeps its store variants beside its variations', () => {
    const raw = [{ id: 11, option1: 'S', price: '29.00' }];
    const p = ProductSchema.parse({ id: 'p', variants: raw, variations: [{ id: '11', price: 29 }] });
    expect(p.variants).toEqual(raw);
    expect(p.variations.map((v) => v.price)).toEqual([29]);
    expect(ProductSchema.parse({ id: 'p' }).variants).toEqual([]);
  });
});
