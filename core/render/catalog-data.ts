import {
  ProductSchema,
  isProductElement,
  type Catalog,
  type Page,
  type Product,
  type ProductElement,
} from '../model/index.ts';
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

// Generated pages repeat a section's name (a summary recaps the section before it) without starting one.
const SPECIAL_FOR_TOC = new Set<Page['kind']>(['index', 'table_of_contents', 'summary', 'table']);

/**
 * Sections with the page they start on. Sections come from page.section; a catalog that names none gets one
 * per product category, at the first page showing it, so a table of contents is never empty by surprise.
 */
export function tocEntries(catalog: Catalog): TocEntry[] {
  const out: TocEntry[] = [];
  const seen = new Set<string>();
  catalog.pages.forEach((page, i) => {
    if (SPECIAL_FOR_TOC.has(page.kind)) return;
    const s = page.section?.trim();
    if (!s || seen.has(s)) return;
    seen.add(s);
    out.push({ title: s, page: i + 1 });
  });
  if (out.length > 0) return out;
  for (const p of placedProducts(catalog)) {
    const c = p.product.category?.trim();
    if (!c || seen.has(c.toLowerCase())) continue;
    seen.add(c.toLowerCase());
    out.push({ title: c, page: p.pageNumber });
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

/** The section a page belongs to: its own, else that of the nearest product page before it. */
function sectionOf(catalog: Catalog, pageIndex: number): string | null {
  for (let i = pageIndex; i >= 0; i--) {
    const p = catalog.pages[i];
    if (p.section?.trim()) return p.section.trim();
    if (i < pageIndex && PRODUCT_PAGE_KINDS.has(p.kind)) return null;
  }
  return null;
}

/**
 * The products a generated list shows (table, order form, summary). A table element may list its own
 * products (properties.products); a summary recaps the section before it (or, with no sections, the products
 * since the previous summary page); otherwise the whole catalog. Each product once, in reading order.
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
    const section = sectionOf(catalog, pageIndex);
    let chosen: PlacedProduct[];
    if (section) {
      chosen = placed.filter((p) => p.section?.trim() === section);
    } else {
      let from = 0;
      for (let i = pageIndex - 1; i >= 0; i--) {
        if (catalog.pages[i].kind === 'summary') {
          from = i + 1;
          break;
        }
      }
      chosen = placed.filter((p) => p.pageIndex >= from && p.pageIndex < pageIndex);
    }
    return uniqueById(chosen).map((p) => ({ product: p.product, pageNumber: p.pageNumber }));
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
