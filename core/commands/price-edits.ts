import { isProductElement, type Catalog, type Product, type Variation } from '../model/index.ts';
import type { CommandOptions, CommandResult } from './types.ts';
import { result, withPages } from './util.ts';

/*
 * Bulk price tools of the editor (issue 25 §1, SPEC §5 'Bulk price reduction rounds to 2 decimals'): every
 * product of the catalog at once, as one command so one undo step. Only the catalog's copies of the products
 * change; the store's listings are left as they are.
 */

/** A price times a factor, rounded to 2 decimals (half away from zero, as money is); null stays null. */
export function scalePrice(price: number | null, factor: number): number | null {
  if (price === null || !Number.isFinite(price)) return price;
  const scaled = price * factor;
  return (Math.sign(scaled) * Math.round(Math.abs(scaled) * 100 + Number.EPSILON * 100)) / 100;
}

const PRICE_FIELDS = [
  'price',
  'original_price',
  'compare_at_price',
  'sale_price',
  'suggested_retail_price',
] as const;

function scaleProduct(
  product: Product,
  factor: number,
  fields: readonly (typeof PRICE_FIELDS)[number][],
  currency?: string,
): Product {
  const next: Product = { ...product };
  for (const f of fields) next[f] = scalePrice(product[f], factor);
  next.variations = product.variations.map((v): Variation => {
    const w: Variation = { ...v };
    for (const f of fields) if (f !== 'sale_price') w[f] = scalePrice(v[f], factor);
    return w;
  });
  if (currency) next.iso_currency_code = currency;
  return next;
}

/** Every product element's product passed through `change` when `when` says so; the count of those changed. */
function eachProduct(
  catalog: Catalog,
  when: (p: Product) => boolean,
  change: (p: Product) => Product,
): { catalog: Catalog; count: number } {
  let count = 0;
  const pages = catalog.pages.map((page) => {
    let touched = false;
    const elements = page.elements.map((e) => {
      if (!isProductElement(e) || !when(e.properties)) return e;
      touched = true;
      count += 1;
      return { ...e, properties: change(e.properties) };
    });
    return touched ? { ...page, elements } : page;
  });
  return { catalog: count ? withPages(catalog, pages) : catalog, count };
}

export interface AdjustPricesOptions extends CommandOptions {
  /** +10 raises every price by 10 %, -20 reduces it by 20 %; above -100. */
  percent: number;
}

/**
 * Raise or reduce the selling price of every product in the catalog (and of its variations) by a percentage,
 * rounded to 2 decimals. Compare-at and retail prices stay, so a reduction reads as a sale.
 */
export function adjustPrices(
  catalog: Catalog,
  options: AdjustPricesOptions,
): CommandResult & { count: number } {
  const stay = { ...result(catalog, options.currentPage ?? 0), count: 0 };
  if (!Number.isFinite(options.percent) || options.percent <= -100 || options.percent === 0) return stay;
  const factor = 1 + options.percent / 100;
  const done = eachProduct(
    catalog,
    (p) => p.price !== null || p.variations.some((v) => v.price !== null),
    (p) => scaleProduct(p, factor, ['price', 'sale_price']),
  );
  return { ...result(done.catalog, options.currentPage ?? 0), count: done.count };
}

export interface ConvertPricesOptions extends CommandOptions {
  from: string;
  to: string;
  /** What one unit of `from` is worth in `to` (GET /api/v1/currency/convert with amount 1). */
  rate: number;
}

/**
 * Show the catalog's prices in another currency: every price of each product priced in `from` (and of its
 * variations) times the rate, rounded to 2 decimals, and the product's currency becomes `to`.
 */
export function convertPrices(
  catalog: Catalog,
  options: ConvertPricesOptions,
): CommandResult & { count: number } {
  const stay = { ...result(catalog, options.currentPage ?? 0), count: 0 };
  const from = options.from.toUpperCase();
  const to = options.to.toUpperCase();
  if (!(options.rate > 0) || !Number.isFinite(options.rate) || from === to) return stay;
  const done = eachProduct(
    catalog,
    (p) => p.iso_currency_code.toUpperCase() === from,
    (p) => scaleProduct(p, options.rate, PRICE_FIELDS, to),
  );
  return { ...result(done.catalog, options.currentPage ?? 0), count: done.count };
}
