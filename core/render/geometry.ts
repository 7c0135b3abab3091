import { DEFAULT_PAGE_FORMAT, PAGE_FORMATS, type PageFormat } from '../constants.ts';
import type { Catalog, Page } from '../model/index.ts';

/** CSS pixels per millimetre: Chromium prints 96 CSS px to the inch. */
export const PX_PER_MM = 96 / 25.4;

/** Side padding of generated pages (index, tables, flow...), aligned with the header and footer text. */
export const PAGE_PADDING_X_PX = 40;
/** Vertical padding of generated pages inside the inner area. */
export const PAGE_PADDING_Y_PX = 16;
/** Gap between columns on flow and index pages. */
export const COLUMN_GAP_PX = 24;
/** Height of the heading band of generated pages (Index, Table of contents, Order form...). */
export const LIST_TITLE_HEIGHT_PX = 56;
/** Height of the column header row of table-like pages (table, order form, summary). */
export const TABLE_HEAD_HEIGHT_PX = 28;

export interface PageSize {
  format: PageFormat;
  widthMm: number;
  heightMm: number;
  widthPx: number;
  heightPx: number;
  landscape: boolean;
}

export function resolveFormat(catalog: Catalog | null, format?: string | null): PageFormat {
  const f = format ?? catalog?.settings.page_format ?? DEFAULT_PAGE_FORMAT;
  return f in PAGE_FORMATS ? (f as PageFormat) : DEFAULT_PAGE_FORMAT;
}

export function pageSize(format: PageFormat): PageSize {
  const f = PAGE_FORMATS[format];
  return {
    format,
    widthMm: f.widthMm,
    heightMm: f.heightMm,
    widthPx: f.widthMm * PX_PER_MM,
    heightPx: f.heightMm * PX_PER_MM,
    landscape: f.landscape,
  };
}

/** The bleed print shops expect for a format: 3 mm, or 0.125 in on US paper (Letter, Letter booklet). */
export function defaultBleedMm(format: PageFormat): number {
  return format.startsWith('Letter') ? 3.175 : 3;
}

/** The bleed of a catalog's print output: its print settings' choice, else the format's usual one. */
export function printBleedMm(catalog: Catalog, format: PageFormat): number {
  return catalog.settings.print.bleed_mm ?? defaultBleedMm(format);
}

/** Which edges of the page (trim) a box in fractions of the inner area touches. */
export type Edges = { top: boolean; right: boolean; bottom: boolean; left: boolean };
const EDGE_EPSILON = 0.002;

export function edgesTouched(
  box: { x: number; y: number; width: number; height: number },
  inner: Box,
): Edges {
  return {
    left: box.x <= EDGE_EPSILON,
    right: box.x + box.width >= 1 - EDGE_EPSILON,
    top: inner.top <= EDGE_EPSILON && box.y <= EDGE_EPSILON,
    bottom: inner.top + inner.height >= 1 - EDGE_EPSILON && box.y + box.height >= 1 - EDGE_EPSILON,
  };
}

export const isCoverPage = (page: Page): boolean =>
  page.kind === 'product' && (page.layout.type === 'front cover' || page.layout.type === 'back cover');

/** Whether a page shows its header and footer bands: covers never do (they are full page). */
export function showsHeadersFooters(page: Page, catalog: Catalog): boolean {
  if (isCoverPage(page) || !page.showHeadersFooters) return false;
  // Catalogs before version 4 had no headers on index pages (SPEC §3 Catalog.version).
  if ((page.kind === 'index' || page.kind === 'table_of_contents') && catalog.version < 4) return false;
  return true;
}

export interface Box {
  /** Fractions of the page. */
  top: number;
  height: number;
}

/** Header band, inner area and footer band of a page, as fractions of the page height. */
export function pageBands(page: Page, catalog: Catalog): { header: Box; inner: Box; footer: Box } {
  if (!showsHeadersFooters(page, catalog)) {
    return { header: { top: 0, height: 0 }, inner: { top: 0, height: 1 }, footer: { top: 1, height: 0 } };
  }
  const h = page.layout.headerHeight;
  const f = page.layout.footerHeight;
  return {
    header: { top: 0, height: h },
    inner: { top: h, height: 1 - h - f },
    footer: { top: 1 - f, height: f },
  };
}

/** The content box of generated pages, in CSS px: inner area minus the page padding. */
export function contentBoxPx(
  page: Page,
  catalog: Catalog,
  format: PageFormat,
): { width: number; height: number } {
  const size = pageSize(format);
  const { inner } = pageBands(page, catalog);
  return {
    width: size.widthPx - 2 * PAGE_PADDING_X_PX,
    height: inner.height * size.heightPx - 2 * PAGE_PADDING_Y_PX,
  };
}

/** Width of one column when `columns` share the content box width. */
export function columnWidthPx(contentWidth: number, columns: number): number {
  const n = Math.max(1, columns);
  return (contentWidth - (n - 1) * COLUMN_GAP_PX) / n;
}
