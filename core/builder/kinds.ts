/**
 * The new-catalog wizard's catalogs (SPEC §2.6: a kind, categories and a purpose, a sort): what each kind of
 * document holds, built from the merchant's products with buildCatalog, so a catalog made in the app is laid
 * out as the CLI and the editor's automatic layout would lay it out.
 */
import { LISTING_SORT_DEFAULT, SHOPIFY_SORT_OPTIONS } from '../constants.ts';
import { getT, normalizeLanguage } from '../i18n/index.ts';
import {
  createPage,
  createTableElement,
  getDefaultLayout,
  sequentialIds,
  type IdGenerator,
} from '../layouts/index.ts';
import {
  DEFAULT_PRICE_TEMPLATE_HTML,
  type Catalog,
  type ListingInput,
  type Page,
  type PageLayout,
} from '../model/index.ts';
import { CATALOG_TITLE_PLACEHOLDER, PAGE_NUMBER_TOKEN } from '../render/index.ts';
import { escapeHtml } from '../sanitize/index.ts';

const FOOTER = ['', CATALOG_TITLE_PLACEHOLDER, PAGE_NUMBER_TOKEN];
import { buildCatalog, listingToProduct, type BuildSection } from './build-catalog.ts';

export const CATALOG_KINDS = ['catalog', 'line_sheet', 'wholesale_order_form', 'price_list'] as const;
export type CatalogKind = (typeof CATALOG_KINDS)[number];

/** Who the document is for: readers of a printed copy, visitors of the online flipbook, wholesale buyers. */
export const CATALOG_PURPOSES = ['print', 'online', 'wholesale'] as const;
export type CatalogPurpose = (typeof CATALOG_PURPOSES)[number];

/** The order of the products: the listings' sorts (SPEC §9: title by default, then Shopify's options). */
export const BUILD_SORTS = [LISTING_SORT_DEFAULT, ...SHOPIFY_SORT_OPTIONS] as const;
export type BuildSort = (typeof BUILD_SORTS)[number];

/** Products per page of each kind: large pictures for a catalog, a dense grid for a line sheet. */
const PRODUCTS_PER_PAGE: Record<Exclude<CatalogKind, 'price_list'>, number> = {
  catalog: 6,
  line_sheet: 9,
  wholesale_order_form: 6,
};

export interface BuildOfKindOptions {
  kind: CatalogKind;
  purpose: CatalogPurpose;
  title: string;
  /** The products, in the order they print, grouped by the categories chosen (one section each). */
  sections: readonly BuildSection[];
  /** Language of the catalog (generated text, prices); default English. */
  language?: string;
  /** The product pages' layout the merchant chose (a product grid); default the kind's (kindProductLayout). */
  layout?: PageLayout;
  id?: string;
  newId?: IdGenerator;
}

/**
 * The product pages' layout of a kind, offered first in the wizard's layout picker: 6 a page for a catalog, 9 for
 * a line sheet; none for a price list (its products are in tables).
 */
export function kindProductLayout(kind: CatalogKind): PageLayout | null {
  return kind === 'price_list' ? null : getDefaultLayout('products', PRODUCTS_PER_PAGE[kind]);
}

const has = (listings: readonly ListingInput[], pick: (l: ListingInput) => unknown) =>
  listings.some((l) => {
    const v = pick(l);
    return v !== null && v !== undefined && v !== '';
  });

/**
 * The caption of every product. Wholesale documents show what a buyer orders by (SKU) and resells at (the
 * suggested retail price), each line only when some product has that value, so no caption prints a bare label.
 */
export function captionFor(
  kind: CatalogKind,
  purpose: CatalogPurpose,
  listings: readonly ListingInput[],
  t: (key: string) => string,
): string {
  const wholesale = purpose === 'wholesale' || kind === 'line_sheet' || kind === 'wholesale_order_form';
  if (!wholesale) return DEFAULT_PRICE_TEMPLATE_HTML;
  const lines = ['<h6>[TITLE]</h6>'];
  if (has(listings, (l) => l.sku)) lines.push('<p>[SKU]</p>');
  lines.push('<p class="price">[PRICE_FULL]</p>');
  if (has(listings, (l) => l.suggested_retail_price))
    lines.push(`<p>${escapeHtml(t('build.msrp'))} [MSRP_FULL]</p>`);
  return lines.join('');
}

/** A product table page per section listing that section's products (a price list). */
function priceListPages(sections: readonly BuildSection[], newId: IdGenerator): Page[] {
  const layout = getDefaultLayout('table');
  let index = 0;
  const nonEmpty = sections.filter((s) => s.listings.length > 0);
  const groups = nonEmpty.length ? nonEmpty : [{ title: null, listings: [] }];
  return groups.map((section) => {
    const page = createPage({ layout, newId, section: section.title?.trim() || null });
    const products = section.listings.map((l) => listingToProduct(l, index++));
    const at = page.elements.findIndex((e) => e.type === 'application/table');
    const table = createTableElement(newId(), 'table');
    page.elements[at] = {
      ...table,
      properties: { ...table.properties, products, ...(section.title ? { title: section.title } : {}) },
    };
    return page;
  });
}

/**
 * Builds the wizard's document:
 * - catalog: front cover, a table of contents when there are several sections, product pages (6 a page), back
 *   cover; read online, it shows descriptions and links products to the store;
 * - line sheet: product pages only (9 a page), with SKU and suggested retail price, the title in every header;
 * - wholesale order form: the catalog's pages, then the wholesale terms and an order form before the back cover;
 * - price list: front cover, a product table per section, back cover.
 */
export function buildCatalogOfKind(options: BuildOfKindOptions): Catalog {
  const newId = options.newId ?? sequentialIds('e');
  const language = options.language ?? 'en';
  const t = getT(normalizeLanguage(language), 'catalogs');
  const all = options.sections.flatMap((s) => s.listings);
  const kind = options.kind;
  const sectioned = options.sections.filter((s) => s.listings.length > 0).length > 1;
  const perPage = kind === 'price_list' ? 9 : PRODUCTS_PER_PAGE[kind];
  const layout =
    kind !== 'price_list' && options.layout ? options.layout : getDefaultLayout('products', perPage);
  let catalog = buildCatalog({
    listings: all,
    // One unnamed section adds nothing: the plain layout keeps the CLI's document.
    sections: sectioned ? options.sections : undefined,
    title: options.title,
    layout,
    caption: captionFor(kind, options.purpose, all, t),
    descriptions: options.purpose === 'online' && kind === 'catalog',
    thanks: t('build.thanks'),
    id: options.id,
    newId,
  });
  const settings = {
    ...catalog.settings,
    language,
    products_link: options.purpose === 'online' ? ('online_store' as const) : catalog.settings.products_link,
  };
  let pages = catalog.pages;
  const [cover, ...rest] = pages;
  const back = rest.pop()!;
  // Without products, one empty page of the kind's grid waits to be filled in the editor.
  let body = rest.length ? rest : [createPage({ layout, newId, footerElements: FOOTER })];
  if (kind === 'price_list') body = priceListPages(options.sections, newId);
  if (kind === 'line_sheet') {
    const heading = `<p><strong>${escapeHtml(options.title)}</strong></p>`;
    // The title on the left of every header, the section (if any) on the right.
    pages = body.map((p) => ({
      ...p,
      headerElements: [heading, '', p.section ? `<p>${escapeHtml(p.section)}</p>` : ''],
    }));
  } else {
    const extra: Page[] = [];
    if (kind === 'wholesale_order_form') {
      extra.push(createPage({ layout: getDefaultLayout('wholesale-contract'), newId }));
      extra.push(createPage({ layout: getDefaultLayout('wholesale-order-form'), newId }));
    }
    const toc =
      sectioned && kind !== 'price_list'
        ? [createPage({ layout: getDefaultLayout('table-of-contents'), newId })]
        : [];
    pages = [cover!, ...toc, ...body, ...extra, back];
  }
  catalog = { ...catalog, settings, pages };
  return catalog;
}
