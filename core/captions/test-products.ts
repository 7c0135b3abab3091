/** Products for caption tests and the examples of docs/templates.md. Not used by shipped code. */
import { ProductSchema, type Product, type ProductInput } from '../model/index.ts';

export const product = (input: Partial<ProductInput> = {}): Product =>
  ProductSchema.parse({ id: 'p1', ...input });

/** The product the merchant guide's examples are computed from. */
export const TEE: Product = product({
  id: 'tee-01',
  title: 'Organic Cotton Tee',
  description: '<p>Soft <b>organic</b> cotton.</p><script>alert(1)</script>',
  category: 'T-Shirts',
  brand: 'Northwind',
  vendor: 'Northwind Apparel',
  status: 'ACTIVE',
  sku: 'TEE-01',
  barcode: '590123412345',
  stock: 1250,
  price: 1234.5,
  suggested_retail_price: 1499,
  compare_at_price: 1399.99,
  sale_price: null,
  iso_currency_code: 'USD',
  url: 'https://shop.example.com/products/tee',
  main_image: 'https://cdn.example.com/tee.jpg',
  options: [
    { name: 'Size', values: ['S', 'M'] },
    { name: 'Color', values: ['White', 'Black'] },
  ],
  variations: [
    {
      id: 'v1',
      title: 'S / White',
      sku: 'TEE-01-S-W',
      barcode: '4006381333931',
      price: 1234.5,
      stock: 500,
      options: ['S', 'White'],
      metafields: [{ namespace: 'custom', key: 'fit', type: 'single_line_text_field', value: 'Slim' }],
    },
    {
      id: 'v2',
      title: 'M / White',
      sku: 'TEE-01-M-W',
      price: 1234.5,
      stock: 0,
      options: ['M', 'White'],
      metafields: [{ namespace: 'custom', key: 'fit', type: 'single_line_text_field', value: 'Regular' }],
    },
    {
      id: 'v3',
      title: 'M / Black',
      sku: 'TEE-01-M-B',
      price: 1299,
      stock: 750,
      options: ['M', 'Black'],
    },
  ],
  customfields: [{ key: 'care', name: 'Care', value: 'Machine wash cold' }],
  metafields: [
    { namespace: 'custom', key: 'material', type: 'single_line_text_field', value: '100% organic cotton' },
    { namespace: 'custom', key: 'organic', type: 'boolean', value: 'true' },
    { namespace: 'custom', key: 'weight', type: 'weight', value: '{"value":0.2,"unit":"KILOGRAMS"}' },
    { namespace: 'custom', key: 'sizes', type: 'list.single_line_text_field', value: '["S","M","L"]' },
    { namespace: 'custom', key: 'notes', type: 'multi_line_text_field', value: 'Line one\nLine two' },
    { namespace: 'custom', key: 'release', type: 'date', value: '2025-03-01' },
    { namespace: 'custom', key: 'specs', type: 'json', value: '{"a":1}' },
  ],
});
