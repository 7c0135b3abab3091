import { readExtdataJson } from './extdata.ts';
import type { FakeProduct, FakeShopifyAdmin } from './fake-shopify-admin.ts';

/* Products for the Admin GraphQL test server: from the REST fixtures, or generated. */

/** A product in the Admin GraphQL shape from a REST product (the fixtures in ../shared/extdata). */
export function productFromRest(rest: Record<string, any>, shop: string): FakeProduct {
  const images = (rest.images ?? []) as Record<string, any>[];
  const srcById = new Map(images.map((i) => [String(i.id), String(i.src)]));
  const optionNames = ((rest.options ?? []) as { name: string }[]).map((o) => o.name);
  return {
    id: rest.admin_graphql_api_id ?? `gid://shopify/Product/${rest.id}`,
    title: rest.title,
    handle: rest.handle,
    descriptionHtml: rest.body_html ?? '',
    vendor: rest.vendor ?? '',
    productType: rest.product_type ?? '',
    status: String(rest.status ?? 'active').toUpperCase() as FakeProduct['status'],
    tags: String(rest.tags ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    onlineStoreUrl: rest.published_at
      ? `https://${shop.replace('.myshopify.com', '.example')}/products/${rest.handle}`
      : null,
    createdAt: rest.created_at,
    updatedAt: rest.updated_at,
    category: null,
    options: ((rest.options ?? []) as { name: string; values?: string[] }[]).map((o) => ({
      name: o.name,
      values: o.values ?? [],
    })),
    variants: ((rest.variants ?? []) as Record<string, any>[]).map((v) => ({
      id: v.admin_graphql_api_id ?? `gid://shopify/ProductVariant/${v.id}`,
      title: v.title,
      sku: v.sku ?? null,
      barcode: v.barcode ?? null,
      price: String(v.price),
      compareAtPrice: v.compare_at_price ?? null,
      inventoryQuantity: v.inventory_quantity ?? null,
      selectedOptions: optionNames.flatMap((name, i) => {
        const value = v[`option${i + 1}`];
        return value ? [{ name, value: String(value) }] : [];
      }),
      image: v.image_id ? { url: srcById.get(String(v.image_id))! } : null,
    })),
    media: images.map((i) => ({
      id: i.admin_graphql_api_id ?? `gid://shopify/MediaImage/${i.id}`,
      mediaContentType: 'IMAGE',
      image: { url: String(i.src), altText: i.alt ?? null },
    })),
    metafields: [],
    collections: [],
  };
}

let restProducts: Record<string, any>[] | undefined;

/** The products of the REST fixture (two iPods) added to a shop as `productFromRest` makes them; answers them. */
export function addIpods(admin: FakeShopifyAdmin, shop: string): FakeProduct[] {
  restProducts ??= readExtdataJson<{ products: Record<string, any>[] }>(
    'shopify-admin-rest-2026-07-products.json',
  ).products;
  return restProducts.map((p) => {
    const product = productFromRest(p, shop);
    admin.products.push(product);
    return product;
  });
}

/**
 * A generated product: `variants` sizes (S, M, L, ...) priced from `price` up by 1 each, `images` media images,
 * stock 5 per variant. Added to the shop's products.
 */
export function addFakeProduct(
  admin: FakeShopifyAdmin,
  opts: { title: string; price?: number; variants?: number; images?: number; productType?: string } & Partial<
    Omit<FakeProduct, 'variants'>
  >,
): FakeProduct {
  const { title, price = 10, variants = 1, images = 1, productType = 'Shirts', ...rest } = opts;
  const handle = (title ?? 'product').toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const sizes = Array.from({ length: variants }, (_, i) =>
    variants === 1 ? 'Default Title' : `Size ${i + 1}`,
  );
  const id = admin.gid('Product');
  const product: FakeProduct = {
    id,
    title,
    handle,
    descriptionHtml: `<p>${title}</p>`,
    vendor: 'Acme',
    productType,
    status: 'ACTIVE',
    tags: ['new'],
    onlineStoreUrl: `https://acme.example/products/${handle}`,
    // One minute apart in the order they are added, so "newest first" has an answer.
    createdAt: new Date(Date.UTC(2026, 0, 1) + Number(id.split('/').pop()) * 60_000).toISOString(),
    updatedAt: '2026-05-01T10:00:00Z',
    category: null,
    options: [{ name: variants === 1 ? 'Title' : 'Size', values: sizes }],
    variants: sizes.map((size, i) => ({
      id: admin.gid('ProductVariant'),
      title: size,
      sku: `${handle.toUpperCase()}-${i + 1}`,
      barcode: null,
      price: (price + i).toFixed(2),
      compareAtPrice: null,
      inventoryQuantity: 5,
      selectedOptions: [{ name: variants === 1 ? 'Title' : 'Size', value: size }],
      image: null,
    })),
    media: Array.from({ length: images }, (_, i) => ({
      id: admin.gid('MediaImage'),
      mediaContentType: 'IMAGE',
      image: { url: `https://cdn.shopify.com/s/files/${handle}-${i + 1}.jpg`, altText: null },
    })),
    metafields: [],
    collections: [],
    ...rest,
  };
  admin.products.push(product);
  return product;
}
