import { describe, expect, it, vi } from 'vitest';
import { readExtdataJson } from '../../scripts/testing/extdata.ts';

import { ProductSchema, type Product } from '../model/index.ts';
import { renderTemplate } from './index.ts';

const fixture = readExtdataJson('shopify-admin-rest-2026-07-products.json');

type ShopifyVariant = {
  id: number;
  title: string;
  price: string;
  compare_at_price: string | null;
  sku: string;
  barcode: string | null;
  inventory_quantity: number;
  option1: string | null;
};
type ShopifyProduct = {
  id: number;
  title: string;
  body_html: string | null;
  vendor: string;
  product_type: string;
  handle: string;
  options: { name: string; values: string[] }[];
  variants: ShopifyVariant[];
  image?: { src: string } | null;
};

// The fields captions read, mapped the plain way; the Shopify connector owns the full mapping.
function toProduct(p: ShopifyProduct): Product {
  return ProductSchema.parse({
    id: String(p.id),
    source: 'shopify',
    title: p.title,
    description: p.body_html ?? '',
    category: p.product_type,
    vendor: p.vendor,
    sku: p.variants[0]?.sku ?? null,
    barcode: p.variants[0]?.barcode ?? null,
    price: p.variants[0]?.price,
    url: `https://shop.example.com/products/${p.handle}`,
    main_image: p.image?.src ?? null,
    options: p.options.map((o) => ({ name: o.name, values: o.values })),
    variations: p.variants.map((v) => ({
      id: String(v.id),
      title: v.title,
      sku: v.sku,
      barcode: v.barcode,
      price: v.price,
      compare_at_price: v.compare_at_price,
      stock: v.inventory_quantity,
      options: [v.option1].filter((o): o is string => o !== null),
    })),
  });
}

const products = (fixture as unknown as { products: ShopifyProduct[] }).products.map(toProduct);

const TEMPLATE =
  '<h6>[TITLE]</h6><p>[PRICE_FULL]</p>[BARCODE(EAN13)][BARCODE][BARCODE(UPCA)][QRCODE]' +
  '[VARIANTS(STRICT_TABLE, SHOW_HEADERS, OPTIONS, SKU, BARCODE(EAN13), BARCODE_DATA, PRICE_FULL, STOCK)]';

describe('Shopify sample products', () => {
  it('render with their "1234_pink" barcodes: invalid marks for EAN/UPC, Code 128 drawn', () => {
    const log = vi.fn();
    const nano = renderTemplate(TEMPLATE, products[0], { language: 'en', log });
    expect(nano.startsWith('<h6>IPod Nano - 8GB</h6><p>$199.00</p>')).toBe(true);
    expect(nano.match(/catalog-barcode-invalid/g)).toHaveLength(2 + 4);
    expect(nano).toContain('aria-label="Code 128 1234_pink"');
    expect(nano).toContain('<td>IPOD2008PINK</td>');
    expect(nano).toContain('<td>1234_pink</td>');
    expect(nano).toContain('<td>$199.00</td><td>10</td>');
    expect(log).not.toHaveBeenCalled();
  });

  it('list a one-variation product without a price column: every variation costs the same', () => {
    const touch = renderTemplate('[VARIANTS]', products[1], { language: 'en' });
    expect(touch).toBe('<ul class="catalog-variants catalog-variants-list"><li>Black</li></ul>');
  });
});
