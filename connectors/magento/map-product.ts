import type { CustomField, ListingInput } from '../../core/model/index.ts';
import {
  decimal,
  finishListing,
  namedRefs,
  optionsOf,
  salePrices,
  summarizeVariations,
  text,
  tierPricesMetafield,
  type PricedVariation,
  type TierPrice,
} from '../shared/index.ts';
import type { StoreListing } from '../types.ts';
import { isoFromMagento } from './search-criteria.ts';

/** A product of GET /rest/V1/products (fields we read). */
export type MagentoProduct = {
  id: number;
  sku: string;
  name: string;
  price?: number | null;
  /** 1 enabled, 2 disabled. */
  status?: number | null;
  /** 1 not visible individually, 2 catalog, 3 search, 4 both. */
  visibility?: number | null;
  type_id?: string | null;
  created_at?: string | null;
  updated_at?: string | null;
  extension_attributes?: {
    category_links?: { position?: number; category_id: string }[] | null;
    stock_item?: { qty?: number | null; manage_stock?: boolean | null; is_in_stock?: boolean | null } | null;
    configurable_product_options?: MagentoConfigurableOption[] | null;
    configurable_product_links?: number[] | null;
  } | null;
  media_gallery_entries?: MagentoMedia[] | null;
  tier_prices?:
    | {
        customer_group_id: number;
        qty: number;
        value: number;
        extension_attributes?: { percentage_value?: number; website_id?: number };
      }[]
    | null;
  custom_attributes?: { attribute_code: string; value: unknown }[] | null;
};

export type MagentoConfigurableOption = {
  id?: number;
  attribute_id: string;
  label?: string | null;
  position?: number | null;
  values?: { value_index: number }[] | null;
};

export type MagentoMedia = {
  id?: number;
  media_type?: string;
  label?: string | null;
  position?: number | null;
  disabled?: boolean | null;
  types?: string[] | null;
  file?: string | null;
};

/** What Magento says of an attribute: its code, label, input and the labels of its options. */
export type MagentoAttribute = {
  attribute_id: number | string;
  attribute_code: string;
  frontend_input?: string | null;
  default_frontend_label?: string | null;
  options?: { label: string; value: string }[] | null;
};

export type MagentoMapContext = {
  currency: string | null;
  /** The store's media URL ending with "/" (secure_base_media_url): pictures are catalog/product{file} in it. */
  mediaUrl: string;
  /** Where product pages are: {linkUrl}{url_key}{urlSuffix}; null when unknown. */
  linkUrl: string | null;
  urlSuffix: string;
  categories: ReadonlyMap<string, string>;
  attributes: ReadonlyMap<string, MagentoAttribute>;
  /** Stock by SKU from the inventory source items, for products whose stock_item the list leaves out. */
  stock: ReadonlyMap<string, number>;
  /** The configurable products' children, by id. */
  children: ReadonlyMap<number, MagentoProduct>;
  now?: Date;
};

/** Attributes read elsewhere, or only the store's machinery: never custom fields. */
const NOT_CUSTOM_FIELDS = new Set(
  (
    'description short_description meta_title meta_keyword meta_description url_key url_path image small_image ' +
    'thumbnail swatch_image image_label small_image_label thumbnail_label media_gallery gallery ' +
    'options_container required_options has_options tax_class_id category_ids page_layout custom_layout ' +
    'custom_layout_update custom_layout_update_file custom_design custom_design_from custom_design_to ' +
    'gift_message_available gift_wrapping_available gift_wrapping_price is_returnable ' +
    'msrp_display_actual_price_type msrp special_price special_from_date special_to_date cost news_from_date ' +
    'news_to_date quantity_and_stock_status status visibility price name sku weight links_purchased_separately ' +
    'links_title links_exist samples_title shipment_type price_view price_type sku_type weight_type tier_price ' +
    'minimal_price old_id url_key_create_redirect manufacturer brand gtin ean upc barcode'
  ).split(' '),
);
const BARCODE_CODES = ['gtin', 'ean', 'upc', 'barcode'];
const BRAND_CODES = ['brand', 'manufacturer'];
const ALL_GROUPS = 32000;

const attr = (p: MagentoProduct, code: string): unknown =>
  (p.custom_attributes ?? []).find((a) => a.attribute_code === code)?.value;

/** An attribute's value as the storefront shows it: option labels for selects, the text otherwise. */
function shown(
  code: string,
  value: unknown,
  attributes: ReadonlyMap<string, MagentoAttribute>,
): string | null {
  if (value === null || value === undefined || typeof value === 'object') return null;
  const raw = String(value);
  const meta = attributes.get(code);
  if (
    meta?.options?.length &&
    (meta.frontend_input === 'select' || meta.frontend_input === 'multiselect' || !meta.frontend_input)
  ) {
    const labels = raw.split(',').map((v) => meta.options!.find((o) => String(o.value) === v)?.label ?? v);
    return text(labels.join(', '));
  }
  return text(raw);
}

/** The special price while its dates allow it (Magento's sale). */
function specialPrice(p: MagentoProduct, now: Date): number | null {
  const special = decimal(attr(p, 'special_price'));
  if (special === null) return null;
  const from = text(attr(p, 'special_from_date'));
  const to = text(attr(p, 'special_to_date'));
  const day = now.toISOString().slice(0, 10);
  if (from && from.slice(0, 10) > day) return null;
  if (to && to.slice(0, 10) < day) return null;
  return special;
}

function pictures(p: MagentoProduct, mediaUrl: string): { images: string[]; thumbnail: string | null } {
  const entries = (p.media_gallery_entries ?? [])
    .filter((m) => (m.media_type ?? 'image') === 'image' && !m.disabled && text(m.file))
    .sort(
      (a, b) =>
        Number((b.types ?? []).includes('image')) - Number((a.types ?? []).includes('image')) ||
        (a.position ?? 0) - (b.position ?? 0),
    );
  const url = (file: string) => `${mediaUrl}catalog/product${file.startsWith('/') ? '' : '/'}${file}`;
  const images = [...new Set(entries.map((m) => url(m.file!)))];
  const thumb = entries.find((m) => (m.types ?? []).includes('thumbnail'));
  return { images, thumbnail: thumb ? url(thumb.file!) : null };
}

function tiersOf(p: MagentoProduct, price: number | null): TierPrice[] {
  return (p.tier_prices ?? []).flatMap((t) => {
    const percent = t.extension_attributes?.percentage_value;
    const unit =
      percent !== undefined && percent !== null
        ? price === null
          ? null
          : price * (1 - percent / 100)
        : decimal(t.value);
    if (unit === null) return [];
    const tier: TierPrice = { min_quantity: t.qty, price: Math.round(unit * 100) / 100 };
    if (t.customer_group_id !== ALL_GROUPS) tier.customer_group = String(t.customer_group_id);
    return [tier];
  });
}

function stockOf(p: MagentoProduct, ctx: MagentoMapContext): number | null {
  const item = p.extension_attributes?.stock_item;
  if (item)
    return item.manage_stock === false ? null : typeof item.qty === 'number' ? Math.trunc(item.qty) : null;
  return ctx.stock.get(p.sku) ?? null;
}

const pricesOf = (p: MagentoProduct, ctx: MagentoMapContext) =>
  salePrices(decimal(p.price), specialPrice(p, ctx.now ?? new Date()));

/**
 * A Magento product as our listing. Configurable products take their children (configurable_product_links) as
 * variations, named by the configurable options' values (attribute option labels); the special price is the sale
 * while its dates allow; msrp the suggested retail price; tier prices are kept. Pictures are under the store's
 * media URL (catalog/product{file}). Custom attributes become custom fields with their labels, except those read
 * elsewhere (brand or manufacturer, GTIN/EAN/UPC as the barcode). Disabled products are drafts.
 */
export function mapMagentoProduct(p: MagentoProduct, ctx: MagentoMapContext): StoreListing {
  const { images, thumbnail } = pictures(p, ctx.mediaUrl);
  const links = [...(p.extension_attributes?.category_links ?? [])].sort(
    (a, b) => (a.position ?? 0) - (b.position ?? 0),
  );
  const categoryIds = links.length
    ? links.map((l) => l.category_id)
    : ((attr(p, 'category_ids') as string[] | undefined) ?? []);
  const categories = namedRefs(categoryIds, ctx.categories);
  const customfields: CustomField[] = [];
  for (const a of p.custom_attributes ?? []) {
    if (NOT_CUSTOM_FIELDS.has(a.attribute_code)) continue;
    const value = shown(a.attribute_code, a.value, ctx.attributes);
    if (value === null) continue;
    const name = text(ctx.attributes.get(a.attribute_code)?.default_frontend_label) ?? a.attribute_code;
    customfields.push({ key: a.attribute_code, name, value });
  }
  const enabled = (p.status ?? 1) === 1;
  const urlKey = text(attr(p, 'url_key'));
  const prices = pricesOf(p, ctx);
  const tiers = tierPricesMetafield(tiersOf(p, prices.original_price));

  const listing: ListingInput = {
    title: p.name,
    description: text(attr(p, 'description')) ?? text(attr(p, 'short_description')) ?? '',
    brand: BRAND_CODES.map((c) => shown(c, attr(p, c), ctx.attributes)).find(Boolean) ?? null,
    category: categories[0]?.title ?? null,
    status: enabled ? 'ACTIVE' : 'DRAFT',
    online: enabled && (p.visibility ?? 4) !== 1,
    sku: text(p.sku),
    barcode: BARCODE_CODES.map((c) => text(attr(p, c))).find(Boolean) ?? null,
    url:
      ctx.linkUrl && urlKey && (p.visibility ?? 4) !== 1 ? `${ctx.linkUrl}${urlKey}${ctx.urlSuffix}` : null,
    thumbnail_image: thumbnail,
    customfields,
    metafields: tiers ? [tiers] : [],
    suggested_retail_price: decimal(attr(p, 'msrp')),
    ...prices,
    stock: stockOf(p, ctx),
  };
  if (ctx.currency) listing.iso_currency_code = ctx.currency;

  const options = [...(p.extension_attributes?.configurable_product_options ?? [])].sort(
    (a, b) => (a.position ?? 0) - (b.position ?? 0),
  );
  const children = (p.extension_attributes?.configurable_product_links ?? [])
    .map((id) => ctx.children.get(id))
    .filter((c): c is MagentoProduct => !!c);
  if (p.type_id === 'configurable' && options.length && children.length) {
    const byId = new Map([...ctx.attributes.values()].map((a) => [String(a.attribute_id), a]));
    const named = options.map((o) => {
      const a = byId.get(String(o.attribute_id));
      return {
        a,
        name: text(o.label) ?? text(a?.default_frontend_label) ?? a?.attribute_code ?? o.attribute_id,
      };
    });
    const pairsOf = (c: MagentoProduct) =>
      named.map(({ a, name }) => ({
        name,
        value: a ? (shown(a.attribute_code, attr(c, a.attribute_code), ctx.attributes) ?? '') : '',
      }));
    const { options: listed, valuesOf } = optionsOf(children.map(pairsOf), named);
    listing.options = listed;
    const variations: PricedVariation[] = children.map((c) => {
      const values = valuesOf(pairsOf(c));
      const image = pictures(c, ctx.mediaUrl).images[0] ?? null;
      if (image && !images.includes(image)) images.push(image);
      const tiersOfChild = tierPricesMetafield(tiersOf(c, decimal(c.price)));
      return {
        id: String(c.id),
        title: values.filter(Boolean).join(' / '),
        sku: text(c.sku),
        barcode: BARCODE_CODES.map((code) => text(attr(c, code))).find(Boolean) ?? null,
        ...pricesOf(c, ctx),
        suggested_retail_price: decimal(attr(c, 'msrp')),
        stock: stockOf(c, ctx),
        image,
        options: values,
        metafields: tiersOfChild ? [tiersOfChild] : [],
      };
    });
    summarizeVariations(listing, variations);
  }
  return finishListing(listing, {
    pictures: images,
    external_id: String(p.id),
    source: 'magento',
    external_created_at: isoFromMagento(p.created_at),
    categories,
  });
}
