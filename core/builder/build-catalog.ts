/**
 * A whole catalog from a list of products: front cover, product pages on one products layout, back cover.
 * Pure (no Node APIs) and made only of core's own pieces (layouts, createPage, reflowProducts), so it
 * lays products out exactly as the editor's automatic layout would. The CLI's `build` and the server's
 * new-catalog wizard (POST /api/v1/catalogs/build, through kinds.ts) both build with it.
 */
import { reflowProducts } from '../commands/index.ts';
import {
  DEFAULT_LAYOUTS,
  createImageElement,
  createPage,
  createProductElement,
  getDefaultLayout,
  sequentialIds,
  type IdGenerator,
} from '../layouts/index.ts';
import {
  CatalogSchema,
  ProductSchema,
  type Catalog,
  type ListingInput,
  type Page,
  type PageLayout,
  type Product,
} from '../model/index.ts';
import { CATALOG_TITLE_PLACEHOLDER, PAGE_NUMBER_TOKEN, mainImageUrl } from '../render/index.ts';
import { escapeHtml } from '../sanitize/index.ts';

/** The layouts products can be laid out on: the default product grids. */
export const PRODUCT_LAYOUTS: readonly PageLayout[] = DEFAULT_LAYOUTS.filter((l) => l.type === 'products');

const normalize = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** A products layout by its title ("Products 6 per page" style titles too) or its id, as a copy. */
export function findProductLayout(name: string): PageLayout | undefined {
  const wanted = normalize(name);
  const found = PRODUCT_LAYOUTS.find(
    (l) =>
      normalize(l._id ?? '') === wanted ||
      normalize(l.title) === wanted ||
      // "Products 6 per page" and "6 per page" name the same grid as "6 products per page".
      (l.nbProductsPage !== null &&
        [`products ${l.nbProductsPage} per page`, `${l.nbProductsPage} per page`].includes(wanted)),
  );
  return found && structuredClone(found);
}

/**
 * The product a listing becomes on a page: its own fields, keyed by its import id. Read as a product, not as a
 * ListingSchema listing: a catalog file is a document, free of the listings table's column bounds.
 */
export function listingToProduct(listing: ListingInput, index: number): Product {
  return ProductSchema.parse({ ...listing, id: listing.id ?? listing.external_id ?? `product-${index + 1}` });
}

/** Products under one heading: pages of their own, whose header names the section (table of contents). */
export interface BuildSection {
  title: string | null;
  listings: readonly ListingInput[];
}

export interface BuildCatalogOptions {
  listings: readonly ListingInput[];
  /** Instead of `listings`: products grouped in sections, each starting on a page of its own. */
  sections?: readonly BuildSection[];
  title: string;
  /** A products layout (findProductLayout); default: the catalog default grid. */
  layout?: PageLayout;
  /** Caption template for every product; default: the catalog default. */
  caption?: string;
  /** Front cover picture; default: the first product's main picture; null for none. */
  coverImage?: string | null;
  /** Show each product's description under its caption. */
  descriptions?: boolean;
  /** Contact line of the back cover (plain text), e.g. "orders@shop.com · www.shop.com". */
  contact?: string;
  /** Back cover thanks line; default: the English one. */
  thanks?: string;
  /** Catalog id; default: derived from the title. */
  id?: string;
  newId?: IdGenerator;
}

/**
 * The back cover's text. The editor's default carries sample contact details for the merchant to replace;
 * a built catalog goes to print without an editing step, so it prints only what it knows.
 */
function backCoverHtml(contact: string | undefined, thanks: string): string {
  return [
    '<div style="text-align:center">',
    `<h2>${CATALOG_TITLE_PLACEHOLDER}</h2>`,
    // The theme's 8px paragraphs are caption text; a cover line is read from further away.
    `<p style="font-size:12px">${escapeHtml(thanks)}</p>`,
    contact?.trim() ? `<p style="font-size:12px"><strong>${escapeHtml(contact.trim())}</strong></p>` : '',
    '</div>',
  ].join('');
}

const DEFAULT_THANKS = 'Thank you for your interest in our products.';

/** URL-safe id from a title, so the same file always builds the same document. */
export function catalogIdFor(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'catalog';
}

const FOOTER = ['', CATALOG_TITLE_PLACEHOLDER, PAGE_NUMBER_TOKEN];

/**
 * The product pages of each section, laid out by the editor's automatic layout one section at a time, so a
 * section always starts on a new page with its name in the header (left slot) and in `page.section`.
 */
function sectionPages(
  sections: readonly { title: string | null; products: Product[] }[],
  layout: PageLayout,
  newId: IdGenerator,
): Page[] {
  const pages: Page[] = [];
  for (const section of sections) {
    if (section.products.length === 0) continue;
    const title = section.title?.trim() || null;
    const first = createPage({
      layout,
      newId,
      section: title,
      headerElements: title ? [`<p>${escapeHtml(title)}</p>`, '', ''] : undefined,
      footerElements: FOOTER,
    });
    const part = CatalogSchema.parse({
      _id: 'section',
      settings: { nbProductsPage: layout.nbProductsPage ?? undefined },
      pages: [first],
    });
    const elements = section.products.map((p) => createProductElement(newId(), p));
    pages.push(...reflowProducts(part, elements, { newId }).catalog.pages);
  }
  return pages;
}

/**
 * Builds the catalog. Every listing becomes one product element (its variations stay inside it), in file
 * order; extra product pages take the same layout and go before the back cover. Ids are sequential, so the
 * same input gives the same document.
 */
export function buildCatalog(options: BuildCatalogOptions): Catalog {
  const newId = options.newId ?? sequentialIds('e');
  const layout = options.layout ?? getDefaultLayout('products');
  let index = 0;
  const sections = options.sections?.map((s) => ({
    title: s.title,
    products: s.listings.map((l) => listingToProduct(l, index++)),
  }));
  const products = sections ? sections.flatMap((s) => s.products) : options.listings.map(listingToProduct);
  const coverImage =
    options.coverImage === undefined
      ? (products.map(mainImageUrl).find((u): u is string => !!u) ?? null)
      : options.coverImage;

  const cover = createPage({ layout: getDefaultLayout('front cover'), newId });
  if (coverImage) {
    const at = cover.layout.cells.findIndex((c) => c.accepts.some((a) => a.startsWith('image/')));
    if (at >= 0) cover.elements[at] = { ...createImageElement(newId(), coverImage), size: 'cover' };
  }
  const back = createPage({ layout: getDefaultLayout('back cover'), newId });
  const text = back.layout.cells.findIndex((c) => c.accepts.includes('text/html'));
  if (text >= 0) {
    back.elements[text] = {
      ...back.elements[text]!,
      properties: { html: backCoverHtml(options.contact, options.thanks ?? DEFAULT_THANKS) },
    };
  }
  const body =
    sections && products.length > 0
      ? sectionPages(sections, layout, newId)
      : [createPage({ layout, newId, footerElements: FOOTER })];
  const catalog = CatalogSchema.parse({
    _id: options.id ?? catalogIdFor(options.title),
    title: options.title,
    // Pages automatic layout adds use the catalog's products-per-page layout: the one asked for.
    settings: {
      nbProductsPage: layout.nbProductsPage ?? undefined,
      showDescription: options.descriptions ?? false,
    },
    ...(options.caption !== undefined ? { priceTemplate: options.caption } : {}),
    pages: [cover, ...body, back],
  });
  if (sections && products.length > 0) return catalog;
  const elements = products.map((p) => createProductElement(newId(), p));
  return reflowProducts(catalog, elements, { newId }).catalog;
}
