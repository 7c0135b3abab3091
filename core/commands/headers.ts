import type { Catalog } from '../model/index.ts';
import type { CommandOptions, CommandResult } from './types.ts';
import { result, withPages } from './util.ts';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const BLOCK_TAG = /^\/?(p|div|br|h[1-6]|li|ul|ol|tr|td|th|table|blockquote)\b/i;

/**
 * The text of header HTML as a reader sees it: tags dropped (block tags and line breaks count as a space),
 * entities decoded, runs of white space (non-breaking included) made one. Two headers are similar when
 * their texts are equal (SPEC §5).
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

export interface SimilarHeadersOptions extends HeaderOptions {
  /** That page's header HTML before the change. */
  previousHtml: string;
}

/** Indices of the other pages whose header reads like `previousHtml`, for the editor to offer the update. */
export function findSimilarHeaders(catalog: Catalog, options: SimilarHeadersOptions): number[] {
  const text = headerText(options.previousHtml);
  return catalog.pages.flatMap((p, i) =>
    i !== options.pageIndex && headerText(p.header.properties.html) === text ? [i] : [],
  );
}

/** Give every page whose header reads like the changed page's old header the new header HTML. */
export function updateSimilarHeaders(catalog: Catalog, options: SimilarHeadersOptions): CommandResult {
  const current = options.currentPage ?? options.pageIndex;
  const source = catalog.pages[options.pageIndex];
  if (!source) return result(catalog, current);
  const targets = new Set(findSimilarHeaders(catalog, options));
  const html = source.header.properties.html;
  const pages = catalog.pages.map((p, i) =>
    targets.has(i) && p.header.properties.html !== html ? { ...p, header: { properties: { html } } } : p,
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
