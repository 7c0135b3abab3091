import type { ListingInput } from '../../core/model/index.ts';
import {
  addImage,
  decodeEntities,
  finishListing,
  plainTextToHtml,
  summarizeVariations,
  text,
  wholeNumber,
} from '../shared/index.ts';
import type { StoreListing } from '../types.ts';

/** Etsy's money: an integer amount of minor units over a divisor ({amount: 2200, divisor: 100} is 22.00). */
export type EtsyMoney = { amount: number; divisor: number; currency_code?: string | null };

export type EtsyOffering = {
  offering_id?: number;
  quantity?: number | null;
  is_enabled?: boolean;
  is_deleted?: boolean;
  price?: EtsyMoney | null;
};
export type EtsyPropertyValue = {
  property_id?: number;
  property_name?: string | null;
  scale_id?: number | null;
  scale_name?: string | null;
  value_ids?: number[];
  values?: string[];
};
export type EtsyInventoryProduct = {
  product_id: number;
  sku?: string | null;
  is_deleted?: boolean;
  offerings?: EtsyOffering[];
  property_values?: EtsyPropertyValue[];
};
/** getListingInventory's answer (the `inventory` a listing carries with includes=Inventory). */
export type EtsyInventory = {
  products?: EtsyInventoryProduct[];
  price_on_property?: number[];
  quantity_on_property?: number[];
  sku_on_property?: number[];
};
export type EtsyImage = {
  listing_image_id?: number;
  rank?: number | null;
  url_fullxfull?: string | null;
  url_570xN?: string | null;
  alt_text?: string | null;
};

/** A ShopListing of Open API v3 (getListingsByShop, getListing), the fields we read. */
export type EtsyListing = {
  listing_id: number;
  shop_id?: number;
  title?: string | null;
  description?: string | null;
  state?: string | null;
  url?: string | null;
  quantity?: number | null;
  shop_section_id?: number | null;
  tags?: string[] | null;
  materials?: string[] | null;
  skus?: string[] | null;
  price?: EtsyMoney | null;
  taxonomy_id?: number | null;
  created_timestamp?: number | null;
  creation_timestamp?: number | null;
  last_modified_timestamp?: number | null;
  updated_timestamp?: number | null;
  who_made?: string | null;
  when_made?: string | null;
  images?: EtsyImage[] | null;
  inventory?: EtsyInventory | null;
};

/** Etsy's money in major units, or null; a divisor of 0 or less is not a price. */
export function etsyMoney(m: EtsyMoney | null | undefined): number | null {
  if (!m || typeof m.amount !== 'number' || !Number.isFinite(m.amount)) return null;
  const divisor = typeof m.divisor === 'number' && m.divisor > 0 ? m.divisor : 1;
  return m.amount / divisor;
}

/** Etsy's listing states: active (also sold out) is on sale; draft and inactive are not yet or no more. */
const STATUS: Record<string, 'ACTIVE' | 'DRAFT' | 'ARCHIVED'> = {
  active: 'ACTIVE',
  sold_out: 'ACTIVE',
  draft: 'DRAFT',
  inactive: 'DRAFT',
  expired: 'ARCHIVED',
};

/** A variation's id: the listing and the inventory product, so getProduct finds the parent from either. */
export const etsyVariationId = (listingId: number | string, productId: number | string) =>
  `${listingId}:${productId}`;

const isoFromSeconds = (s: number | null | undefined): string | null =>
  typeof s === 'number' && Number.isFinite(s) ? new Date(s * 1000).toISOString() : null;

/**
 * Map a listing. Its inventory's products are the variations: their property values the options (names from
 * property_name, in the order of the first product), the first live offering their price and quantity. A
 * single product without property values is a plain listing carrying that product's SKU, price and quantity.
 * The category is the listing's shop section (Etsy's own grouping of a shop, SPEC §7 sections); tags and
 * materials are custom fields. Throws when the listing cannot be a listing (no title, a negative price).
 */
export function mapEtsyListing(
  l: EtsyListing,
  opts: { sections?: Map<string, string>; currency?: string | null } = {},
): StoreListing {
  const images: string[] = [];
  for (const img of [...(l.images ?? [])].sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0)))
    addImage(images, img.url_fullxfull ?? img.url_570xN);
  const state = String(l.state ?? 'active').toLowerCase();
  const status = STATUS[state] ?? 'ACTIVE';
  const currency = l.price?.currency_code ?? opts.currency ?? null;
  const customfields = [];
  const tags = (l.tags ?? []).map((t) => decodeEntities(t)).filter((t) => t.trim());
  if (tags.length) customfields.push({ key: 'tags', name: 'Tags', value: tags.join(', ') });
  const materials = (l.materials ?? []).map((t) => decodeEntities(t)).filter((t) => t.trim());
  if (materials.length)
    customfields.push({ key: 'materials', name: 'Materials', value: materials.join(', ') });

  const listing: ListingInput & { external_id: string; source: string } = {
    source: 'etsy',
    external_id: String(l.listing_id),
    title: decodeEntities(l.title ?? '').trim(),
    description: l.description ? plainTextToHtml(decodeEntities(l.description)) : '',
    category:
      l.shop_section_id !== null && l.shop_section_id !== undefined
        ? (opts.sections?.get(String(l.shop_section_id)) ?? null)
        : null,
    status,
    online: status === 'ACTIVE',
    url: text(l.url),
    main_image: images[0] ?? null,
    images: images.map((original) => ({ original })),
    customfields,
  };
  if (currency) listing.iso_currency_code = currency;

  const products = (l.inventory?.products ?? []).filter((p) => !p.is_deleted);
  const offeringOf = (p: EtsyInventoryProduct) => {
    const live = (p.offerings ?? []).filter((o) => !o.is_deleted);
    return live.find((o) => o.is_enabled !== false) ?? live[0] ?? null;
  };
  const optionNames: string[] = [];
  for (const p of products)
    for (const pv of p.property_values ?? []) {
      const name = text(pv.property_name) ?? `Property ${pv.property_id ?? optionNames.length + 1}`;
      if (!optionNames.includes(name)) optionNames.push(name);
    }

  if (products.length === 0 || (products.length === 1 && optionNames.length === 0)) {
    // A listing without variations: its one product, else (no inventory included) the listing's own fields.
    const only = products[0];
    const offering = only ? offeringOf(only) : null;
    listing.sku = text(only?.sku) ?? text(l.skus?.[0]);
    listing.price = etsyMoney(offering?.price ?? l.price);
    listing.stock = offering
      ? offering.is_enabled === false
        ? 0
        : wholeNumber(offering.quantity)
      : wholeNumber(l.quantity);
    if (!currency && offering?.price?.currency_code) listing.iso_currency_code = offering.price.currency_code;
  } else {
    const values = optionNames.map(() => [] as string[]);
    listing.variations = products.map((p) => {
      const offering = offeringOf(p);
      const byName = new Map(
        (p.property_values ?? []).map((pv) => [
          text(pv.property_name) ?? `Property ${pv.property_id}`,
          decodeEntities((pv.values ?? []).join(', ')),
        ]),
      );
      const options = optionNames.map((name, i) => {
        const v = byName.get(name) ?? '';
        if (v && !values[i]!.includes(v)) values[i]!.push(v);
        return v;
      });
      return {
        id: etsyVariationId(l.listing_id, p.product_id),
        title: options.filter(Boolean).join(' / '),
        sku: text(p.sku),
        price: etsyMoney(offering?.price),
        stock: offering ? (offering.is_enabled === false ? 0 : wholeNumber(offering.quantity)) : null,
        options,
      };
    });
    listing.options = optionNames.map((name, i) => ({ name, values: values[i]! }));
    summarizeVariations(listing);
    const skus = listing.variations.map((v) => v.sku).filter(Boolean);
    listing.sku = text(l.skus?.[0]) ?? (skus[0] as string | undefined) ?? null;
  }
  return finishListing(listing, {
    external_id: listing.external_id,
    source: listing.source,
    external_created_at: isoFromSeconds(l.created_timestamp ?? l.creation_timestamp),
  });
}
