import type { ListingInput } from '../../../core/model/index.ts';
import { addImage, cents, decimal, finishListing, summarizeVariations, text } from '../../shared/index.ts';
import type { StoreListing } from '../../types.ts';

/** A product of X-Series API 2.0 (GET /products, /products/{id}): the fields we read. */
export type XProduct = {
  id: string;
  name?: string | null;
  variant_name?: string | null;
  description?: string | null;
  handle?: string | null;
  sku?: string | null;
  active?: boolean;
  is_active?: boolean;
  has_inventory?: boolean;
  has_variants?: boolean;
  variant_parent_id?: string | null;
  variant_options?: { id?: string; name?: string | null; value?: string | null }[] | null;
  price_including_tax?: number | null;
  price_excluding_tax?: number | null;
  image_url?: string | null;
  images?: { id?: string; url?: string | null; sizes?: { original?: string | null } }[] | null;
  type?: { id?: string; name?: string | null } | null;
  brand?: { id?: string; name?: string | null } | null;
  supplier?: { id?: string; name?: string | null } | null;
  /** Tag objects (the merchant's tags: our collections). */
  categories?: { id?: string; name?: string | null }[] | null;
  tag_ids?: string[] | null;
  attributes?: { key?: string | null; value?: string | null }[] | null;
  product_codes?: { type?: string | null; code?: string | null }[] | null;
  created_at?: string | null;
  updated_at?: string | null;
  version?: number;
  deleted_at?: string | null;
};

export type XMapContext = {
  /** The retailer's tax setting: prices shown without tax when true. */
  taxExclusive: boolean;
  currency: string | null;
  /** Stock per product id (inventory_level summed over outlets); a product without a record is untracked. */
  stock: Map<string, number>;
};

/** Scanned codes; a CUSTOM code is the merchant's own, not a barcode. */
const BARCODE_TYPES = new Set(['EAN', 'UPC', 'ISBN', 'JAN', 'ITF']);
/** Lightspeed's "no image" picture, which image_url holds for products without one. */
const PLACEHOLDER = /\/images\/placeholder\//;

const barcodeOf = (p: XProduct): string | null =>
  text(p.product_codes?.find((c) => BARCODE_TYPES.has(String(c.type ?? '').toUpperCase()))?.code);

const priceOf = (p: XProduct, ctx: XMapContext): number | null =>
  cents(decimal(ctx.taxExclusive ? p.price_excluding_tax : p.price_including_tax));

const stockOf = (p: XProduct, ctx: XMapContext): number | null =>
  p.has_inventory === false ? null : (ctx.stock.get(p.id) ?? null);

function imagesOf(p: XProduct): string[] {
  const out: string[] = [];
  for (const img of p.images ?? []) addImage(out, img.sizes?.original ?? img.url);
  if (!out.length && p.image_url && !PLACEHOLDER.test(p.image_url)) addImage(out, p.image_url);
  return out;
}

const active = (p: XProduct) => p.is_active !== false && p.active !== false;

/**
 * Map a product, or a variant family (its parent first, then its children, as members). The price shown is
 * the one the retailer's tax setting displays (price_including_tax unless tax-exclusive), rounded to cents;
 * the other is a metafield. Stock is the inventory over all outlets, null when not tracked. Variant options
 * (name and value) are the options; product codes of a scanned type the barcode; the product type the category;
 * brand and supplier the brand and vendor; tags the collections; attributes custom fields.
 */
export function mapXProduct(parent: XProduct, members: XProduct[], ctx: XMapContext): StoreListing {
  const images = imagesOf(parent);
  const other = cents(decimal(ctx.taxExclusive ? parent.price_including_tax : parent.price_excluding_tax));
  const listing: ListingInput & { external_id: string; source: string } = {
    source: 'lightspeed',
    external_id: parent.id,
    title: text(parent.name)?.trim() ?? '',
    description: text(parent.description) ?? '',
    category: text(parent.type?.name),
    brand: text(parent.brand?.name),
    vendor: text(parent.supplier?.name),
    status: active(parent) ? 'ACTIVE' : 'ARCHIVED',
    online: active(parent),
    sku: text(parent.sku),
    barcode: barcodeOf(parent),
    price: priceOf(parent, ctx),
    stock: stockOf(parent, ctx),
    customfields: (parent.attributes ?? []).flatMap((a) =>
      text(a.key) ? [{ key: a.key!, name: a.key!, value: a.value ?? '' }] : [],
    ),
    metafields:
      other === null
        ? []
        : [
            {
              namespace: 'lightspeed',
              key: ctx.taxExclusive ? 'price_including_tax' : 'price_excluding_tax',
              type: 'number_decimal',
              value: other,
            },
          ],
  };
  if (ctx.currency) listing.iso_currency_code = ctx.currency;

  const variants = members.filter((m) => (m.variant_options ?? []).some((o) => text(o.value)));
  if (parent.has_variants && variants.length) {
    const names: string[] = [];
    const values = new Map<string, string[]>();
    for (const v of variants)
      for (const o of v.variant_options ?? []) {
        const name = text(o.name);
        const value = text(o.value);
        if (!name) continue;
        if (!names.includes(name)) names.push(name);
        const list = values.get(name) ?? [];
        if (value && !list.includes(value)) list.push(value);
        values.set(name, list);
      }
    listing.options = names.map((name) => ({ name, values: values.get(name) ?? [] }));
    listing.variations = variants.map((v) => {
      const byName = new Map((v.variant_options ?? []).map((o) => [text(o.name) ?? '', text(o.value) ?? '']));
      const options = names.map((n) => byName.get(n) ?? '');
      const image = imagesOf(v)[0] ?? null;
      if (image) addImage(images, image);
      return {
        id: v.id,
        title: options.filter(Boolean).join(' / '),
        sku: text(v.sku),
        barcode: barcodeOf(v),
        price: priceOf(v, ctx),
        stock: stockOf(v, ctx),
        image,
        options,
      };
    });
    summarizeVariations(listing);
  }
  listing.main_image = images[0] ?? null;
  listing.images = images.map((original) => ({ original }));
  return finishListing(listing, {
    external_id: listing.external_id,
    source: listing.source,
    external_created_at: text(parent.created_at),
    collections: (parent.categories ?? []).flatMap((t) =>
      t.id && text(t.name) ? [{ external_id: t.id, title: t.name! }] : [],
    ),
  });
}
