import { renderToStaticMarkup } from 'react-dom/server';
import { htmlToText, sanitizeHtml } from '../core/sanitize/index.ts';
import {
  CatalogPageView,
  catalogCss,
  createRenderContext,
  fontFacesUsed,
  fontsToPreload,
  mainImageUrl,
  placedProducts,
  type RenderContext,
} from '../core/render/index.ts';
import type { Product } from '../core/model/index.ts';
import { catalogProducts, type PublishedCatalog } from '../server/catalogs/index.ts';
import { bundledFontFaces } from '../server/files/index.ts';

/**
 * Pages as HTML from core/render (DESIGN §6: the same components as the PDF), and what the viewer page derives
 * from the whole catalog (description, JSON-LD, social card), kept in one in-process LRU per catalog revision:
 * the key holds the row's revision and updatedAt, which every save, settings change and password change bumps,
 * so a changed catalog never meets its old content. The cache holds content only; who may read it is decided on
 * every request before anything cached is sent (viewer/context.ts resolveCatalog).
 */

const CACHE_MAX = 2_000;
const cache = new Map<string, unknown>();

/** The cache key of a loaded catalog: its revision, its last change, and the watermark. */
export function cacheKey(pub: PublishedCatalog): string {
  return `${pub.row.id}:${pub.row.revision}:${pub.row.updatedAt.getTime()}:${pub.plan.watermark ? 'w' : 'p'}`;
}

/** `make()` once per key, least recently used entries dropped past CACHE_MAX. */
export function remember<T>(key: string, make: () => T): T {
  if (cache.has(key)) {
    const hit = cache.get(key) as T;
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const value = make();
  cache.set(key, value);
  if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
  return value;
}

/**
 * One render context per prepared catalog, shared by its requests: screen mode, lazy pictures, the watermark of
 * trial and ended subscriptions (SPEC §6, as the worker's PDF has it).
 */
export function renderContext(pub: PublishedCatalog): RenderContext {
  return remember(`${cacheKey(pub)}:context`, () =>
    createRenderContext(pub.catalog, { mode: 'screen', fontDisplay: 'swap', watermark: pub.plan.watermark }),
  );
}

/** Where the viewer serves the bundled fonts, on its own origin (merchants' hosts too): viewer/server.ts. */
export const FONTS_PATH = '/view-assets/fonts/';

/**
 * The bundled faces of the families the catalog names (DESIGN §6: the fonts the PDF embeds, from our own origin,
 * never a font CDN); its uploaded fonts come with the catalog (core/render fontFaceCss).
 */
function viewerFontFaces(pub: PublishedCatalog) {
  return remember(`${cacheKey(pub)}:fonts`, () =>
    fontFacesUsed(bundledFontFaces({ as: 'url', base: FONTS_PATH }), pub.catalog),
  );
}

/** The catalog's stylesheet: page size, fonts, base styles, theme and merchant CSS scoped to the catalog. */
export function catalogStyles(pub: PublishedCatalog): string {
  return remember(`${cacheKey(pub)}:css`, () => catalogCss(renderContext(pub), viewerFontFaces(pub)));
}

/** The font files the first spread needs at once (its theme's regular faces, and its uploaded fonts). */
export function fontPreloads(pub: PublishedCatalog): string[] {
  return remember(`${cacheKey(pub)}:preload`, () => [
    ...fontsToPreload(viewerFontFaces(pub), pub.catalog).map((f) => f.url),
    ...pub.catalog.fonts
      .filter((f) => f.url && /^\/files\/[\w./-]+\.(woff2?|ttf|otf)$/.test(f.url))
      .slice(0, 2)
      .map((f) => f.url as string),
  ]);
}

/** One page (0-based index) as the markup of its <section class="cb-page">. */
export function pageHtml(pub: PublishedCatalog, index: number): string {
  return remember(`${cacheKey(pub)}:page:${index}`, () =>
    renderToStaticMarkup(
      <CatalogPageView catalog={pub.catalog} pageIndex={index} context={renderContext(pub)} />,
    ),
  );
}

/** Pages `from`..`to` (0-based, inclusive), each in its flipbook frame. */
export function framedPages(pub: PublishedCatalog, from: number, to: number): string {
  let html = '';
  for (let i = Math.max(0, from); i <= Math.min(to, pub.catalog.pages.length - 1); i++) {
    html += `<div class="vw-page" data-page="${i + 1}">${pageHtml(pub, i)}</div>`;
  }
  return html;
}

/** The first spread: the cover alone, then pages in pairs (2–3, 4–5, …), the last alone when it falls so. */
export function spreadOf(pageIndex: number, total: number, single: boolean): [number, number] {
  if (single || pageIndex <= 0) return [Math.max(0, pageIndex), Math.max(0, pageIndex)];
  const left = pageIndex % 2 === 1 ? pageIndex : pageIndex - 1;
  return [left, Math.min(left + 1, total - 1)];
}

export type ProductData = {
  id: string;
  title: string;
  description_html: string;
  images: { url: string; alt: string }[];
  price: number | null;
  compare_at_price: number | null;
  currency: string;
  sku: string | null;
  barcode: string | null;
  stock: number | null;
  url: string | null;
  options: { name: string; values: string[] }[];
  variations: {
    id: string;
    title: string;
    sku: string | null;
    price: number | null;
    stock: number | null;
    options: string[];
  }[];
};

const webUrl = (u: string | null | undefined) => (u && /^https?:\/\//i.test(u) ? u : null);
const ownUrl = (u: string | null | undefined) => (u && (webUrl(u) || /^\/[^/]/.test(u)) ? u : null);

/** What the product modal shows: the product's own data, its description sanitized, its pictures' URLs. */
export function productData(product: Product): ProductData {
  const title = htmlToText(product.title).trim();
  const main = ownUrl(mainImageUrl(product));
  const images = [
    ...(main ? [main] : []),
    ...product.images.filter((i) => !i.hide).map((i) => ownUrl(i.compressed || i.original)),
  ].filter((u, i, all): u is string => !!u && all.indexOf(u) === i);
  return {
    id: product.id,
    title,
    description_html: sanitizeHtml(product.description),
    images: images.slice(0, 12).map((url, i) => ({ url, alt: i === 0 ? title : `${title} (${i + 1})` })),
    price: product.price,
    compare_at_price: product.compare_at_price,
    currency: product.iso_currency_code,
    sku: product.sku,
    barcode: product.barcode,
    stock: product.stock,
    url: webUrl(product.url),
    options: product.options.map((o) => ({ name: o.name, values: o.values })),
    variations: product.variations.map((v) => ({
      id: v.id,
      title: v.title || v.options.join(' / '),
      sku: v.sku,
      price: v.price ?? product.price,
      stock: v.stock,
      options: v.options,
    })),
  };
}

export function findProduct(pub: PublishedCatalog, productId: string): Product | null {
  return catalogProducts(pub.catalog).get(productId) ?? null;
}

/** schema.org Product JSON-LD for the products on pages `from`..`to` (DESIGN §6: indexable catalogs). */
export function productsJsonLd(pub: PublishedCatalog, from: number, to: number, baseUrl: string): string {
  return remember(`${cacheKey(pub)}:jsonld:${from}-${to}:${baseUrl}`, () => jsonLd(pub, from, to, baseUrl));
}

function jsonLd(pub: PublishedCatalog, from: number, to: number, baseUrl: string): string {
  const seen = new Set<string>();
  const items = placedProducts(pub.catalog)
    .filter((p) => p.pageIndex >= from && p.pageIndex <= to)
    .filter((p) => !seen.has(p.product.id) && seen.add(p.product.id))
    .map(({ product }) => {
      const image = ownUrl(mainImageUrl(product));
      const absolute = image && image.startsWith('/') ? `${baseUrl}${image}` : image;
      const inStock = product.stock === null || product.stock > 0;
      return {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: htmlToText(product.title).trim(),
        ...(absolute ? { image: absolute } : {}),
        ...(product.sku ? { sku: product.sku } : {}),
        ...(product.barcode && /^\d{8,14}$/.test(product.barcode) ? { gtin: product.barcode } : {}),
        ...(product.brand || product.vendor
          ? { brand: { '@type': 'Brand', name: product.brand || product.vendor } }
          : {}),
        ...(product.price !== null
          ? {
              offers: {
                '@type': 'Offer',
                price: product.price.toFixed(2),
                priceCurrency: product.iso_currency_code,
                availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
                ...(webUrl(product.url) ? { url: product.url } : {}),
              },
            }
          : {}),
      };
    });
  // Inside <script type="application/ld+json">: nothing may close the element or open a comment.
  return JSON.stringify(items).replace(/</g, '\\u003c');
}

/** The picture a social card shows: the cover's page picture, else the first product picture. */
export function coverPicture(pub: PublishedCatalog): string | null {
  return remember(`${cacheKey(pub)}:cover`, () => socialPicture(pub));
}

function socialPicture(pub: PublishedCatalog): string | null {
  const cover = pub.catalog.pages[0];
  const page = cover?.render?.image ?? cover?.render?.thumbnail ?? null;
  if (ownUrl(page)) return page;
  const first = placedProducts(pub.catalog)[0];
  return first ? ownUrl(mainImageUrl(first.product)) : null;
}

/** Plain text of the catalog for the description meta tag: its title and first products. */
export function catalogDescription(pub: PublishedCatalog): string {
  return remember(`${cacheKey(pub)}:description`, () => description(pub));
}

function description(pub: PublishedCatalog): string {
  const names = placedProducts(pub.catalog)
    .slice(0, 8)
    .map((p) => htmlToText(p.product.title).trim())
    .filter(Boolean);
  const text = `${pub.catalog.title}${names.length ? ` — ${names.join(', ')}` : ''}`;
  return text.length > 300 ? `${text.slice(0, 297)}…` : text;
}
