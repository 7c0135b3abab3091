/**
 * A template catalog drawn with sample products, given the merchant's own (issue 24 §5: the wizard's 'Start from a
 * template' swaps them): the template's theme, fonts, layouts and texts stay; only what showed a sample changes.
 */
import { reflowProducts, slotProducts } from '../commands/index.ts';
import { sequentialIds, type IdGenerator } from '../layouts/index.ts';
import {
  isProductElement,
  type Catalog,
  type Element,
  type ListingInput,
  type ProductElement,
} from '../model/index.ts';
import { mainImageUrl } from '../render/index.ts';
import { listingToProduct } from './build-catalog.ts';

/** Every picture address a product shows (original and our copies), to know a sample's picture again. */
function pictureUrls(products: readonly { images: readonly Record<string, unknown>[] }[]): Set<string> {
  const urls = new Set<string>();
  for (const p of products)
    for (const img of p.images)
      for (const v of Object.values(img)) if (typeof v === 'string' && v) urls.add(v);
  return urls;
}

/**
 * `catalog` with `listings` in place of its sample products, in their order:
 * - the product cells take them, each keeping the look of the sample it replaces (its caption and picture style);
 *   more products than cells get more pages of the template's grid before the back cover, fewer leave the pages
 *   they no longer fill out (automatic layout, as the editor does it);
 * - a product table (a price list) lists them all, in its first table;
 * - a picture of a sample product elsewhere (the front cover's) becomes the first product's picture.
 * Without listings, the catalog comes back as it is (the samples stay).
 */
export function withOwnProducts(
  catalog: Catalog,
  listings: readonly ListingInput[],
  newId: IdGenerator = sequentialIds('own'),
): Catalog {
  if (listings.length === 0) return catalog;
  const products = listings.map((l, i) => listingToProduct(l, i));
  const samples = slotProducts(catalog);
  const tableSamples = catalog.pages.flatMap((p) =>
    p.elements.flatMap((e) => (e.type === 'application/table' ? tableProducts(e) : [])),
  );
  const samplePictures = pictureUrls([...samples.map((e) => e.properties), ...tableSamples]);

  let next = catalog;
  if (samples.length > 0) {
    const elements: ProductElement[] = products.map((product, i) => {
      const model = samples[Math.min(i, samples.length - 1)]!;
      return { ...model, id: newId(), properties: product };
    });
    next = reflowProducts(next, elements, { newId }).catalog;
  }

  let tableDone = false;
  const cover = products.map(mainImageUrl).find((u): u is string => !!u) ?? null;
  const swap = (e: Element): Element => {
    if (e.type === 'application/table' && tableProducts(e).length > 0) {
      const rows = tableDone ? [] : products;
      tableDone = true;
      return { ...e, properties: { ...e.properties, products: rows } };
    }
    if (isProductElement(e) || !cover) return e;
    const src = e.properties?.src;
    if (typeof src === 'string' && samplePictures.has(src))
      return { ...e, properties: { ...e.properties, src: cover } };
    return e;
  };
  return { ...next, pages: next.pages.map((p) => ({ ...p, elements: p.elements.map(swap) })) };
}

function tableProducts(e: Element): { images: Record<string, unknown>[] }[] {
  const rows = (e.properties as { products?: unknown } | undefined)?.products;
  return Array.isArray(rows) ? (rows as { images: Record<string, unknown>[] }[]) : [];
}
