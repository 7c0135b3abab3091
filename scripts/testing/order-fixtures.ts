// A Shopify merchant whose catalog takes wholesale orders: the catalog's first product has two variants that
// exist in the merchant's shop on the fake Shopify, for the order tests (integration and end to end).
import type { Catalog } from '../../core/model/index.ts';
import { isProductElement } from '../../core/model/index.ts';
import { storeAccounts } from '../../db/schema.ts';
import { encryptSecret } from '../../server/platform/index.ts';
import type { FakeProduct, FakeShopifyAdmin } from './fake-shopify-admin.ts';
import type { FakeShopify } from './fake-shopify.ts';
import type { TestServer } from './server.ts';

export const SHOP_PRODUCT_ID = 'gid://shopify/Product/7001';
export const VARIANTS = [
  { id: 'gid://shopify/ProductVariant/8001', size: 'Small', sku: 'SHIRT-S', price: 24.5, stock: 12 },
  { id: 'gid://shopify/ProductVariant/8002', size: 'Large', sku: 'SHIRT-L', price: 26.5, stock: 0 },
] as const;

/** Give the catalog's product p0 the two shop variants (sizes, SKUs, prices, stock), as a Shopify sync would. */
export function withVariants(doc: Catalog): void {
  for (const page of doc.pages)
    for (const el of page.elements) {
      if (!el || !isProductElement(el) || el.properties.id !== 'p0') continue;
      el.properties.options = [{ name: 'Size', values: VARIANTS.map((v) => v.size) }];
      el.properties.variations = VARIANTS.map((v) => ({
        id: v.id,
        title: v.size,
        sku: v.sku,
        barcode: null,
        price: v.price,
        original_price: null,
        compare_at_price: null,
        suggested_retail_price: null,
        stock: v.stock,
        quantity: null,
        image: null,
        metafields: [],
        options: [v.size],
      }));
    }
}

/** The same product in the shop's Admin API, so draftOrderCreate knows its variants. */
function shopProduct(): FakeProduct {
  const now = new Date().toISOString();
  return {
    id: SHOP_PRODUCT_ID,
    title: 'Linen Shirt 1',
    handle: 'linen-shirt-1',
    descriptionHtml: '',
    vendor: 'Maison Nord',
    productType: 'Apparel',
    status: 'ACTIVE',
    tags: [],
    onlineStoreUrl: null,
    createdAt: now,
    updatedAt: now,
    category: null,
    options: [{ name: 'Size', values: VARIANTS.map((v) => v.size) }],
    variants: VARIANTS.map((v) => ({
      id: v.id,
      title: v.size,
      sku: v.sku,
      barcode: null,
      price: v.price.toFixed(2),
      compareAtPrice: null,
      inventoryQuantity: v.stock,
      selectedOptions: [{ name: 'Size', value: v.size }],
      image: null,
    })),
    media: [],
    metafields: [],
    collections: [],
  };
}

/** Connect the owner to `domain` on the fake Shopify (an installed app's offline token) and stock the shop. */
export async function connectShopifyStore(
  server: Pick<TestServer, 'runtime'>,
  shopify: FakeShopify,
  opts: { ownerId: string; domain: string },
): Promise<FakeShopifyAdmin> {
  await server.runtime.db.insert(storeAccounts).values({
    userId: opts.ownerId,
    type: 'shopify',
    name: 'Maison Nord',
    shopDomain: opts.domain,
    credentialsEncrypted: encryptSecret(
      JSON.stringify({ accessToken: 'shpat_test' }),
      server.runtime.config.appSecret,
    ),
  });
  const admin = shopify.admin(opts.domain);
  admin.products.push(shopProduct());
  return admin;
}
