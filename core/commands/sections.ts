import { SUMMARY_SECTION_THRESHOLD } from '../constants.ts';
import { getT } from '../i18n/index.ts';
import { createPage, getDefaultLayout } from '../layouts/index.ts';
import { isProductElement, type Catalog, type Page, type ProductElement } from '../model/index.ts';
import { escapeHtml } from '../sanitize/index.ts';
import type { CommandOptions, CommandResult } from './types.ts';
import { followPage, headersOf, idGenerator, isCoverLayout, result, withPages } from './util.ts';

/**
 * A section: a run of consecutive pages holding products that share a section key. A page's key is the
 * section name set on it or on an earlier page of the run (Page.section: "the section this page starts or
 * belongs to"); when no page of the run names one, it is the category of the page's first product. Any
 * page without products (cover, text, table, summary, empty page) ends the run.
 */
export interface Section {
  /** 'section:<name>' or 'category:<category>', so a section and a category of the same name differ. */
  key: string;
  /** The section name or category, '' for products without a category. */
  title: string;
  firstPage: number;
  lastPage: number;
  productCount: number;
}

const holdsProducts = (page: Page): boolean =>
  (page.kind === 'product' || page.kind === 'flow') &&
  !isCoverLayout(page.layout) &&
  page.elements.some(isProductElement);

export function getSections(catalog: Catalog): Section[] {
  const sections: Section[] = [];
  let named: string | null = null;
  let open: Section | null = null;
  catalog.pages.forEach((page, i) => {
    if (!holdsProducts(page)) {
      named = null;
      open = null;
      return;
    }
    if (page.section) named = page.section;
    const products = page.elements.filter(isProductElement);
    const category = products[0]!.properties.category ?? '';
    const key = named !== null ? `section:${named}` : `category:${category}`;
    if (open && open.key === key) {
      open.lastPage = i;
      open.productCount += products.length;
    } else {
      open = { key, title: named ?? category, firstPage: i, lastPage: i, productCount: products.length };
      sections.push(open);
    }
  });
  return sections;
}

/**
 * The page Ctrl+Alt+Shift+→/← goes to (SPEC §2.2 'next / previous section end'): the last page of the first
 * section ending after `pageIndex`, or of the last one ending before it; null when there is none that way.
 */
export function sectionEnd(catalog: Catalog, pageIndex: number, direction: 1 | -1): number | null {
  const ends = getSections(catalog).map((s) => s.lastPage);
  const found = direction === 1 ? ends.find((e) => e > pageIndex) : ends.findLast((e) => e < pageIndex);
  return found ?? null;
}

/** The products a summary page at `pageIndex` sums up: those of the section ending just before it. */
export function productsOfSectionBefore(catalog: Catalog, pageIndex: number): ProductElement[] {
  const section = getSections(catalog).find((s) => s.lastPage === pageIndex - 1);
  if (!section) return [];
  return catalog.pages
    .slice(section.firstPage, section.lastPage + 1)
    .flatMap((p) => p.elements.filter(isProductElement));
}

/**
 * Add a summary page after each section of more than 8 products (SPEC §5), unless one already follows it,
 * so running the action again adds nothing. The summary takes the section's name and its last page's
 * header and footer, and the section's pages without a section name get it, so every reader of
 * Page.section (summary, table of contents) sees the same sections.
 */
export function addSummaryPages(catalog: Catalog, options: CommandOptions = {}): CommandResult {
  const newId = idGenerator(options);
  const t = getT(catalog.settings.language, 'render');
  const pages = [...catalog.pages];
  const due = getSections(catalog).filter(
    (s) => s.productCount > SUMMARY_SECTION_THRESHOLD && catalog.pages[s.lastPage + 1]?.kind !== 'summary',
  );
  const summaries = due.map((section) => {
    const last = catalog.pages[section.lastPage]!;
    const page = createPage({
      layout: getDefaultLayout('summary'),
      newId,
      section: section.title || null,
      ...headersOf(last),
    });
    if (section.title) {
      const title = page.elements[0]!;
      // Stored as text of the page, so it is written in the catalog's language (en/fr) when the page is made.
      const text = t('summary.titleSection', { section: escapeHtml(section.title) });
      page.elements[0] = { ...title, properties: { html: `<h2>${text}</h2>` } };
    }
    return { after: section.lastPage, page };
  });
  // Name the summed-up pages after their section, so the renderer's summary (products of the pages of its
  // section) and the table of contents see the same section this function found.
  for (const section of due) {
    if (!section.title) continue;
    for (let i = section.firstPage; i <= section.lastPage; i++) {
      if (!pages[i]!.section) pages[i] = { ...pages[i]!, section: section.title };
    }
  }
  // From the back, so the indices of the sections still to do stay true.
  for (const { after, page } of summaries.reverse()) pages.splice(after + 1, 0, page);
  if (!due.length) return result(catalog, options.currentPage ?? 0);
  const next = withPages(catalog, pages);
  return result(next, followPage(catalog, next, options.currentPage ?? 0));
}
