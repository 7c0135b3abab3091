import type { Catalog, Page } from '../model/index.ts';
import type { CommandOptions, CommandResult } from './types.ts';
import { isCoverLayout, result, withPages } from './util.ts';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const BLOCK_TAG = /^\/?(p|div|br|h[1-6]|li|ul|ol|tr|td|th|table|blockquote)\b/i;

/**
 * The text of header HTML as a reader sees it: tags dropped (block tags and line breaks count as a space),
 * entities decoded, runs of white space (non-breaking included) made one.
 */
export function headerText(html: string): string {
  return html
    .replace(/<([^>]*)>/g, (_, tag: string) => (BLOCK_TAG.test(tag.trim()) ? ' ' : ''))
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

export interface HeaderOptions extends CommandOptions {
  /** The page whose header or footer the merchant has just changed. */
  pageIndex: number;
}

/** A page's header: the one-piece HTML, or (when that is empty) the left, centre and right slots. */
export type PageHeader = Pick<Page, 'header' | 'headerElements'>;

export interface SimilarHeadersOptions extends HeaderOptions {
  /** That page's header before the change. */
  previous: PageHeader;
}

/** Text and pictures of header HTML: what a reader sees, markup ignored (a logo is content, not markup). */
function visibleContent(html: string): string {
  const pictures = [...html.matchAll(/<img\b[^>]*?\bsrc\s*=\s*["']([^"']*)["']/gi)].map((m) => m[1]);
  return [headerText(html), ...pictures].join('\u0000');
}

/**
 * What a page's header shows, as the renderer draws it: the one-piece HTML when it has content, else the
 * three slots, each in its place (the same words at the left and at the right read differently). Null when
 * the header shows nothing.
 */
function headerKey(header: PageHeader): string | null {
  const whole = visibleContent(header.header.properties.html);
  if (whole) return `html\u0001${whole}`;
  const slots = header.headerElements.map(visibleContent);
  return slots.some(Boolean) ? `slots\u0001${slots.join('\u0001')}` : null;
}

const isCover = (page: Page): boolean => page.kind === 'product' && isCoverLayout(page.layout);

/**
 * Indices of the other pages whose header reads like `previous` (SPEC §5 'same text ignoring markup'), for
 * the editor to offer the update. An empty header matches nothing: otherwise adding a first header would
 * offer to stamp it on every page, covers included. Covers never show a header, so they never match.
 */
export function findSimilarHeaders(catalog: Catalog, options: SimilarHeadersOptions): number[] {
  const key = headerKey(options.previous);
  if (key === null) return [];
  return catalog.pages.flatMap((p, i) =>
    i !== options.pageIndex && !isCover(p) && headerKey(p) === key ? [i] : [],
  );
}

/** Give every page whose header read like the changed page's old header the new header: HTML and slots. */
export function updateSimilarHeaders(catalog: Catalog, options: SimilarHeadersOptions): CommandResult {
  const current = options.currentPage ?? options.pageIndex;
  const source = catalog.pages[options.pageIndex];
  if (!source) return result(catalog, current);
  const targets = new Set(findSimilarHeaders(catalog, options));
  const html = source.header.properties.html;
  const slots = source.headerElements;
  const same = (p: Page) =>
    p.header.properties.html === html && p.headerElements.every((s, i) => s === slots[i]);
  const pages = catalog.pages.map((p, i) =>
    targets.has(i) && !same(p) ? { ...p, header: { properties: { html } }, headerElements: [...slots] } : p,
  );
  return result(pages.some((p, i) => p !== catalog.pages[i]) ? withPages(catalog, pages) : catalog, current);
}

/** Give every page the footer of the changed page: its HTML and its three slots. */
export function updateAllFooters(catalog: Catalog, options: HeaderOptions): CommandResult {
  const current = options.currentPage ?? options.pageIndex;
  const source = catalog.pages[options.pageIndex];
  if (!source) return result(catalog, current);
  const html = source.footer.properties.html;
  const slots = source.footerElements;
  const pages = catalog.pages.map((p) =>
    p.footer.properties.html === html && p.footerElements.every((s, i) => s === slots[i])
      ? p
      : { ...p, footer: { properties: { html } }, footerElements: [...slots] },
  );
  return result(pages.some((p, i) => p !== catalog.pages[i]) ? withPages(catalog, pages) : catalog, current);
}
