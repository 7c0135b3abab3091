import { ListingSchema, type ListingInput } from '../../core/model/index.ts';
import type { StoreListing } from '../types.ts';

/**
 * A Shopify product as the Admin GraphQL API describes it, with its nested connections flattened to arrays
 * (from `nodes` in a query, or from __parentId lines in a bulk export).
 */
export type ProductNode = {
  id: string;
  title: string;
  handle?: string | null;
  descriptionHtml?: string | null;
  vendor?: string | null;
  productType?: string | null;
  status?: string | null;
  tags?: string[] | null;
  onlineStoreUrl?: string | null;
  createdAt?: string | null;
  category?: { name?: string | null } | null;
  options?: { name: string; values?: string[] | null }[] | null;
  variants: VariantNode[];
  media: MediaNode[];
  metafields: MetafieldNode[];
  collections: { id: string; title?: string | null }[] | null;
};
export type VariantNode = {
  id: string;
  title?: string | null;
  sku?: string | null;
  barcode?: string | null;
  price?: string | number | null;
  compareAtPrice?: string | number | null;
  inventoryQuantity?: number | null;
  selectedOptions?: { name: string; value: string }[] | null;
  image?: { url?: string | null } | null;
};
export type MediaNode = {
  id?: string;
  mediaContentType?: string | null;
  image?: { url?: string | null; altText?: string | null } | null;
};
export type MetafieldNode = {
  namespace: string;
  key: string;
  type?: string | null;
  value?: unknown;
  description?: string | null;
};

const PRODUCT_GID = 'gid://shopify/Product/';
/** Our external_id for a Shopify product is its GID; a bare numeric id (REST, webhooks) converts to it. */
export const productGid = (id: string | number): string => {
  const s = String(id).trim();
  return s.startsWith('gid://') ? s : `${PRODUCT_GID}${s}`;
};

const STATUS: Record<string, 'ACTIVE' | 'DRAFT' | 'ARCHIVED'> = {
  ACTIVE: 'ACTIVE',
  DRAFT: 'DRAFT',
  ARCHIVED: 'ARCHIVED',
  // 2025-10+: active, but reachable by direct link only: never listed on the online store.
  UNLISTED: 'ACTIVE',
};

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const money = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};
const wholeNumber = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : null;

/**
 * Map a product to our listing. Same rules as the Shopify CSV import (core/csv): a product whose only variant is
 * Shopify's "Default Title" is a plain product carrying that variant's price, SKU, barcode and stock; otherwise
 * it shows its lowest price ("from"), that variant's compare-at price and the stock of all variants together.
 * Barcodes are kept as the merchant typed them ("1234_pink"): captions draw what is valid and mark the rest.
 * Throws when the result is not a valid listing (the sync skips and reports that product).
 */
export function mapProduct(node: ProductNode, opts: { currency?: string | null } = {}): StoreListing {
  const status = STATUS[String(node.status ?? 'ACTIVE').toUpperCase()] ?? 'ACTIVE';
  const images: string[] = [];
  for (const m of node.media ?? []) {
    const url = text(m.image?.url);
    if (url && !images.includes(url)) images.push(url);
  }
  const optionNames = (node.options ?? []).map((o) => o.name);
  const variations = (node.variants ?? []).map((v) => {
    const byName = new Map((v.selectedOptions ?? []).map((o) => [o.name, o.value]));
    return {
      id: v.id,
      title: v.title ?? '',
      sku: text(v.sku),
      barcode: text(v.barcode),
      price: money(v.price),
      compare_at_price: money(v.compareAtPrice),
      stock: wholeNumber(v.inventoryQuantity),
      image: text(v.image?.url),
      options: optionNames.map((name) => byName.get(name) ?? ''),
    };
  });
  for (const v of variations) if (v.image && !images.includes(v.image)) images.push(v.image);

  const tags = (node.tags ?? []).filter((t) => t.trim() !== '');
  const listing: ListingInput = {
    source: 'shopify',
    external_id: node.id,
    title: node.title,
    description: node.descriptionHtml ?? '',
    vendor: text(node.vendor),
    category: text(node.productType) ?? text(node.category?.name),
    status,
    online:
      status === 'ACTIVE' && String(node.status).toUpperCase() !== 'UNLISTED' && !!text(node.onlineStoreUrl),
    url: text(node.onlineStoreUrl),
    main_image: images[0] ?? null,
    images: images.map((original) => ({ original })),
    customfields: tags.length ? [{ key: 'tags', name: 'Tags', value: tags.join(', ') }] : [],
    metafields: (node.metafields ?? []).map((m) => ({
      namespace: m.namespace,
      key: m.key,
      type: m.type ?? null,
      value_type: null,
      description: m.description ?? null,
      value: m.value ?? null,
    })),
  };
  if (opts.currency) listing.iso_currency_code = opts.currency;

  const only = variations[0];
  const isPlain =
    variations.length <= 1 &&
    (optionNames.length === 0 ||
      (optionNames.length === 1 && optionNames[0] === 'Title' && only?.options[0] === 'Default Title'));
  if (isPlain) {
    listing.price = only?.price ?? null;
    listing.compare_at_price = only?.compare_at_price ?? null;
    listing.sku = only?.sku ?? null;
    listing.barcode = only?.barcode ?? null;
    listing.stock = only?.stock ?? null;
  } else {
    listing.options = (node.options ?? []).map((o, i) => ({
      name: o.name,
      values: o.values?.length
        ? o.values
        : [...new Set(variations.map((v) => v.options[i]!).filter(Boolean))],
    }));
    listing.variations = variations;
    let low: number | null = null;
    for (const v of variations) if (v.price !== null && (low === null || v.price < low)) low = v.price;
    listing.price = low;
    listing.compare_at_price = variations.find((v) => v.price === low)?.compare_at_price ?? null;
    const stocks = variations.map((v) => v.stock).filter((s): s is number => s !== null);
    listing.stock = stocks.length ? stocks.reduce((a, b) => a + b, 0) : null;
  }

  const parsed = ListingSchema.safeParse(listing);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${issue.path.join('.') || 'product'}: ${issue.message}`);
  }
  return {
    ...parsed.data,
    external_id: node.id,
    source: 'shopify',
    external_created_at: text(node.createdAt),
    collections: node.collections
      ? node.collections.map((c) => ({ external_id: c.id, title: c.title ?? '' }))
      : undefined,
  };
}

/** The REST product shape (webhook payloads, REST fixtures); fields we read only. */
export type RestProduct = {
  id: number | string;
  admin_graphql_api_id?: string;
  title?: string | null;
  body_html?: string | null;
  vendor?: string | null;
  product_type?: string | null;
  handle?: string | null;
  status?: string | null;
  published_at?: string | null;
  created_at?: string | null;
  tags?: string | null;
  options?: { name: string; values?: string[] | null }[] | null;
  variants?: {
    id: number | string;
    admin_graphql_api_id?: string;
    title?: string | null;
    sku?: string | null;
    barcode?: string | null;
    price?: string | number | null;
    compare_at_price?: string | number | null;
    inventory_quantity?: number | null;
    option1?: string | null;
    option2?: string | null;
    option3?: string | null;
    image_id?: number | string | null;
  }[];
  images?:
    { id: number | string; src?: string | null; alt?: string | null; position?: number | null }[] | null;
  image?: { src?: string | null } | null;
};

/**
 * A REST product (the products/create and products/update webhook payload) in the GraphQL node shape. REST
 * says nothing of metafields or collections: metafields come out empty and collections unknown.
 */
export function restToProductNode(rest: RestProduct, opts: { shop?: string } = {}): ProductNode {
  const images = [...(rest.images ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const imageById = new Map(images.map((i) => [String(i.id), i.src ?? null]));
  const optionNames = (rest.options ?? []).map((o) => o.name);
  const published = !!rest.published_at && (rest.status ?? 'active') === 'active';
  return {
    id: rest.admin_graphql_api_id ?? productGid(rest.id),
    title: rest.title as string,
    handle: rest.handle ?? null,
    descriptionHtml: rest.body_html ?? '',
    vendor: rest.vendor ?? null,
    productType: rest.product_type ?? null,
    status: (rest.status ?? 'active').toUpperCase(),
    tags: (rest.tags ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    // REST has no storefront URL; the shop's /products/<handle> redirects to the primary domain.
    onlineStoreUrl:
      published && rest.handle && opts.shop ? `https://${opts.shop}/products/${rest.handle}` : null,
    createdAt: rest.created_at ?? null,
    category: null,
    options: (rest.options ?? []).map((o) => ({ name: o.name, values: o.values ?? null })),
    variants: (rest.variants ?? []).map((v) => {
      const values = [v.option1, v.option2, v.option3];
      return {
        id: v.admin_graphql_api_id ?? `gid://shopify/ProductVariant/${v.id}`,
        title: v.title ?? '',
        sku: v.sku ?? null,
        barcode: v.barcode ?? null,
        price: v.price ?? null,
        compareAtPrice: v.compare_at_price ?? null,
        inventoryQuantity: v.inventory_quantity ?? null,
        selectedOptions: optionNames.flatMap((name, i) => (values[i] ? [{ name, value: values[i]! }] : [])),
        image: v.image_id ? { url: imageById.get(String(v.image_id)) ?? null } : null,
      };
    }),
    media: images.map((i) => ({
      mediaContentType: 'IMAGE',
      image: { url: i.src ?? null, altText: i.alt ?? null },
    })),
    metafields: [],
    collections: null,
  };
}
