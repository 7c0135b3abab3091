import type { ListingInput } from '../../core/model/index.ts';
import { addImage, decimal, finishListing, summarizeVariations, text, wholeNumber } from '../shared/index.ts';
import type { StoreListing } from '../types.ts';

/** An amount with its currency, as the XML parser gives `<StartPrice currencyID="USD">2.22</StartPrice>`. */
export type EbayAmount = string | { '#text'?: string; '@_currencyID'?: string };
export type NameValueList = { Name?: string; Value?: string[] };
type ProductDetails = { UPC?: string; EAN?: string; ISBN?: string };

export type EbayVariation = {
  SKU?: string;
  StartPrice?: EbayAmount;
  Quantity?: string;
  VariationSpecifics?: { NameValueList?: NameValueList[] };
  SellingStatus?: { QuantitySold?: string; ListingStatus?: string };
  VariationProductListingDetails?: ProductDetails;
  DiscountPriceInfo?: { OriginalRetailPrice?: EbayAmount };
};

/** An Item of GetSellerList or GetItem with DetailLevel ReturnAll: the fields we read. */
export type EbayItem = {
  ItemID?: string;
  Title?: string;
  SubTitle?: string;
  Description?: string;
  Currency?: string;
  ListingType?: string;
  SKU?: string;
  Quantity?: string;
  StartPrice?: EbayAmount;
  BuyItNowPrice?: EbayAmount;
  ConditionDisplayName?: string;
  ListingDetails?: { StartTime?: string; ViewItemURL?: string };
  PrimaryCategory?: { CategoryID?: string; CategoryName?: string };
  SellingStatus?: { CurrentPrice?: EbayAmount; QuantitySold?: string; ListingStatus?: string };
  PictureDetails?: { GalleryURL?: string; PictureURL?: string[]; ExternalPictureURL?: string[] };
  ItemSpecifics?: { NameValueList?: NameValueList[] };
  ProductListingDetails?: ProductDetails & { BrandMPN?: { Brand?: string; MPN?: string } };
  DiscountPriceInfo?: { OriginalRetailPrice?: EbayAmount };
  Storefront?: { StoreCategoryID?: string; StoreCategory2ID?: string };
  Seller?: { UserID?: string };
  Variations?: {
    Variation?: EbayVariation[];
    VariationSpecificsSet?: { NameValueList?: NameValueList[] };
    Pictures?: {
      VariationSpecificName?: string;
      VariationSpecificPictureSet?: { VariationSpecificValue?: string; PictureURL?: string[] }[];
    };
  };
};

export const amountOf = (a: EbayAmount | undefined): number | null =>
  decimal(typeof a === 'object' && a !== null ? a['#text'] : a);
const currencyOf = (a: EbayAmount | undefined): string | null =>
  typeof a === 'object' && a !== null ? text(a['@_currencyID']) : null;

/** A product identifier, unless eBay's placeholder for listings without one. */
const identifier = (d: ProductDetails | undefined): string | null => {
  for (const v of [d?.UPC, d?.EAN, d?.ISBN]) {
    const t = text(v)?.trim();
    if (t && !/^does not apply$/i.test(t)) return t;
  }
  return null;
};

/** Listings whose buyers pay the start price; auctions show their Buy It Now price, else the current bid. */
const FIXED_PRICE = new Set(['FixedPriceItem', 'StoresFixedPrice']);

/** A variation's id: the item and the variation's SKU (Trading variations have no id of their own). */
export const ebayVariationId = (itemId: string, sku: string | null, index: number) =>
  `${itemId}:${sku ?? `#${index + 1}`}`;

const available = (quantity: unknown, sold: unknown): number | null => {
  const q = wholeNumber(quantity);
  if (q === null) return null;
  return Math.max(0, q - (wholeNumber(sold) ?? 0));
};

/**
 * Map an item. The listing's price is its start price (fixed price) or Buy It Now/current price (auction), the
 * strikethrough price (DiscountPriceInfo.OriginalRetailPrice) its compare-at price, its stock what is left to
 * sell (Quantity − QuantitySold). Variations carry their SKU, price, what is left and their specifics as
 * options (named by VariationSpecificsSet), with the picture of their specific value. Item specifics are custom
 * fields (Brand is the brand too); the primary category is the category; the seller's store categories are
 * collections. Throws when the item cannot be a listing.
 */
export function mapEbayItem(
  item: EbayItem,
  opts: { storeCategories?: Map<string, string> | null } = {},
): StoreListing {
  const itemId = String(item.ItemID ?? '');
  const images: string[] = [];
  for (const url of item.PictureDetails?.PictureURL ?? []) addImage(images, url);
  for (const url of item.PictureDetails?.ExternalPictureURL ?? []) addImage(images, url);
  if (!images.length) addImage(images, item.PictureDetails?.GalleryURL);

  const listingStatus = text(item.SellingStatus?.ListingStatus) ?? 'Active';
  const ended = listingStatus === 'Completed' || listingStatus === 'Ended';
  const specifics = (item.ItemSpecifics?.NameValueList ?? []).filter((nv) => text(nv.Name));
  const brand =
    text(specifics.find((nv) => nv.Name!.toLowerCase() === 'brand')?.Value?.[0]) ??
    text(item.ProductListingDetails?.BrandMPN?.Brand);
  const customfields = specifics.map((nv) => ({
    key: nv.Name!,
    name: nv.Name!,
    value: (nv.Value ?? []).join(', '),
  }));
  if (text(item.SubTitle)) customfields.unshift({ key: 'subtitle', name: 'Subtitle', value: item.SubTitle! });
  if (text(item.ConditionDisplayName))
    customfields.push({ key: 'condition', name: 'Condition', value: item.ConditionDisplayName! });

  const price = FIXED_PRICE.has(item.ListingType ?? 'FixedPriceItem')
    ? amountOf(item.StartPrice)
    : ((amountOf(item.BuyItNowPrice) || null) ?? amountOf(item.SellingStatus?.CurrentPrice));
  const currency = text(item.Currency) ?? currencyOf(item.StartPrice);
  const category = text(item.PrimaryCategory?.CategoryName)?.split(':').join(' > ') ?? null;

  const listing: ListingInput & { external_id: string; source: string } = {
    source: 'ebay',
    external_id: itemId,
    title: text(item.Title)?.trim() ?? '',
    description: text(item.Description) ?? '',
    category,
    brand,
    status: ended ? 'ARCHIVED' : 'ACTIVE',
    online: listingStatus === 'Active',
    url: text(item.ListingDetails?.ViewItemURL),
    sku: text(item.SKU),
    barcode: identifier(item.ProductListingDetails),
    price,
    compare_at_price: amountOf(item.DiscountPriceInfo?.OriginalRetailPrice),
    stock: available(item.Quantity, item.SellingStatus?.QuantitySold),
    customfields,
  };
  if (currency) listing.iso_currency_code = currency;

  const variations = item.Variations?.Variation ?? [];
  if (variations.length) {
    const set = item.Variations?.VariationSpecificsSet?.NameValueList ?? [];
    const names: string[] = set.map((nv) => nv.Name ?? '').filter(Boolean);
    const values = new Map<string, string[]>(set.map((nv) => [nv.Name ?? '', [...(nv.Value ?? [])]]));
    for (const v of variations)
      for (const nv of v.VariationSpecifics?.NameValueList ?? []) {
        const name = text(nv.Name);
        if (!name) continue;
        if (!names.includes(name)) names.push(name);
        const list = values.get(name) ?? [];
        for (const value of nv.Value ?? []) if (!list.includes(value)) list.push(value);
        values.set(name, list);
      }
    const pictures = item.Variations?.Pictures;
    const pictureOf = new Map(
      (pictures?.VariationSpecificPictureSet ?? []).map((s) => [
        s.VariationSpecificValue ?? '',
        s.PictureURL?.[0],
      ]),
    );
    listing.options = names.map((name) => ({ name, values: values.get(name) ?? [] }));
    listing.variations = variations.map((v, i) => {
      const byName = new Map(
        (v.VariationSpecifics?.NameValueList ?? []).map((nv) => [nv.Name ?? '', (nv.Value ?? []).join(', ')]),
      );
      const options = names.map((name) => byName.get(name) ?? '');
      const image = pictures?.VariationSpecificName
        ? text(pictureOf.get(byName.get(pictures.VariationSpecificName) ?? ''))
        : null;
      if (image) addImage(images, image);
      return {
        id: ebayVariationId(itemId, text(v.SKU), i),
        title: options.filter(Boolean).join(' / '),
        sku: text(v.SKU),
        barcode: identifier(v.VariationProductListingDetails),
        price: amountOf(v.StartPrice),
        compare_at_price: amountOf(v.DiscountPriceInfo?.OriginalRetailPrice),
        stock: available(v.Quantity, v.SellingStatus?.QuantitySold),
        image,
        options,
      };
    });
    summarizeVariations(listing);
  }
  listing.main_image = images[0] ?? null;
  listing.images = images.map((original) => ({ original }));

  const store = opts.storeCategories;
  const collections = store
    ? [item.Storefront?.StoreCategoryID, item.Storefront?.StoreCategory2ID].flatMap((id) =>
        id && store.has(id) ? [{ external_id: id, title: store.get(id)! }] : [],
      )
    : undefined;
  return finishListing(listing, {
    external_id: listing.external_id,
    source: listing.source,
    collections,
    external_created_at: text(item.ListingDetails?.StartTime),
  });
}
