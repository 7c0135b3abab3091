import {
  ProductSchema,
  isProductElement,
  type Catalog,
  type Page,
  type Product,
  type ProductElement,
} from '../model/index.ts';
import { getSections, productsOfSectionBefore } from '../commands/index.ts';
import { htmlToText } from '../sanitize/index.ts';

/** A product as placed in the catalog: the page it is on (1-based page number, front cover = 1). */
export interface PlacedProduct {
  product: Product;
  element: ProductElement;
  pageIndex: number;
  pageNumber: number;
  section: string | null;
}

const PRODUCT_PAGE_KINDS = new Set<Page['kind']>(['product', 'flow']);

/** Every product on product and flow pages, in reading order. */
export function placedProducts(catalog: Catalog): PlacedProduct[] {
  const out: PlacedProduct[] = [];
  catalog.pages.forEach((page, pageIndex) => {
    if (!PRODUCT_PAGE_KINDS.has(page.kind)) return;
    for (const element of page.elements) {
      if (!isProductElement(element)) continue;
      out.push({
        product: element.properties,
        element,
        pageIndex,
        pageNumber: pageIndex + 1,
        section: page.section,
      });
    }
  });
  return out;
}

export interface IndexEntry {
  title: string;
  pages: number[];
}

/** Alphabetical product index: one entry per title, with the sorted pages it appears on. */
export function indexEntries(catalog: Catalog, language: string): IndexEntry[] {
  const byTitle = new Map<string, IndexEntry>();
  for (const p of placedProducts(catalog)) {
    const title = htmlToText(p.product.title).trim();
    if (!title) continue;
    const key = title.toLocaleLowerCase(language);
    const entry = byTitle.get(key) ?? { title, pages: [] };
    if (!entry.pages.includes(p.pageNumber)) entry.pages.push(p.pageNumber);
    byTitle.set(key, entry);
  }
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  return [...byTitle.values()]
    .map((e) => ({ ...e, pages: e.pages.sort((a, b) => a - b) }))
    .sort(
      (a, b) => collator.compare(a.title, b.title) || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0),
    );
}

/** The letter an index entry files under: its first letter without accents, or # for digits and symbols. */
export function indexLetter(title: string): string {
  const c = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .charAt(0)
    .toUpperCase();
  return /[A-Z]/.test(c) ? c : /\p{L}/u.test(c) ? c : '#';
}

export interface TocEntry {
  title: string;
  page: number;
}

/**
 * Every section a reader sees, each title once, at its first page. A run of pages under a section name
 * (getSections) is that one section; where no page names one, the sections are the categories of the products
 * themselves, so a page mixing Home, Shirts and Accessories lists all three, not only its first product's.
 */
export function tocEntries(catalog: Catalog): TocEntry[] {
  const seen = new Set<string>();
  const out: TocEntry[] = [];
  const add = (raw: string, pageIndex: number) => {
    const title = raw.trim();
    if (!title || seen.has(title.toLowerCase())) return;
    seen.add(title.toLowerCase());
    out.push({ title, page: pageIndex + 1 });
  };
  for (const s of getSections(catalog)) {
    if (s.key.startsWith('section:')) {
      add(s.title, s.firstPage);
      continue;
    }
    for (let i = s.firstPage; i <= s.lastPage; i++) {
      for (const el of catalog.pages[i]!.elements) {
        if (isProductElement(el)) add(el.properties.category ?? '', i);
      }
    }
  }
  return out;
}

function uniqueById(products: PlacedProduct[]): PlacedProduct[] {
  const seen = new Set<string>();
  return products.filter((p) => {
    if (seen.has(p.product.id)) return false;
    seen.add(p.product.id);
    return true;
  });
}

function explicitProducts(page: Page): Product[] | null {
  for (const el of page.elements) {
    if (el.type !== 'application/table') continue;
    const raw = (el.properties as Record<string, unknown>).products;
    if (!Array.isArray(raw)) continue;
    return raw.flatMap((p) => {
      const r = ProductSchema.safeParse(p);
      return r.success ? [r.data] : [];
    });
  }
  return null;
}

/**
 * The products a generated list shows (table, order form, summary). A table element may list its own
 * products (properties.products); a summary recaps the section that ends just before it (the commands'
 * productsOfSectionBefore); otherwise the whole catalog, each product once, in reading order.
 */
export function listProducts(
  catalog: Catalog,
  pageIndex: number,
  summary: boolean,
): { product: Product; pageNumber: number | null }[] {
  const page = catalog.pages[pageIndex];
  const explicit = explicitProducts(page);
  if (explicit) return explicit.map((product) => ({ product, pageNumber: null }));
  const placed = placedProducts(catalog);
  if (summary) {
    const pageOf = new Map(placed.map((p) => [p.element, p.pageNumber]));
    return productsOfSectionBefore(catalog, pageIndex).map((el) => ({
      product: el.properties,
      pageNumber: pageOf.get(el) ?? null,
    }));
  }
  return uniqueById(placed).map((p) => ({ product: p.product, pageNumber: p.pageNumber }));
}

/**
 * The first page of the generated list a page belongs to: list pages continue the list of the page before
 * them when pagination says so (start > 0).
 */
export function listRunStart(catalog: Catalog, pageIndex: number): number {
  let i = pageIndex;
  while (i > 0) {
    const page = catalog.pages[i];
    const prev = catalog.pages[i - 1];
    if (!page.pagination || page.pagination.start === 0 || prev.kind !== page.kind) break;
    i--;
  }
  return i;
}
