import { DEFAULT_PRODUCTS_PER_PAGE, PRODUCTS_PER_PAGE_CHOICES } from '../constants.ts';
import {
  PageLayoutSchema,
  type CellInput,
  type LayoutType,
  type PageLayout,
  type PageLayoutInput,
} from '../model/index.ts';
import * as html from './default-html.ts';
import { gridCells } from './grid.ts';

/*
 * Conventions shared with the page renderer:
 * - cell x, y, width and height are fractions of the page's inner area: the area between header and
 *   footer (90 % of the page height with headers and footers, 100 % without); covers have no headers and
 *   footers, so their inner area is the whole page;
 * - layout.margin is a gutter in CSS px kept inside each cell (content is inset by it), so cells tile the
 *   area edge to edge and never overlap;
 * - every position and size is a whole number of 1.25 % grid steps;
 * - cells are listed in reading order, and elements[i] of a page belongs to cells[i].
 */

const PRODUCT_CELL_ACCEPTS = ['application/product', 'image/*'];
const IMAGE_CELL_ACCEPTS = ['image/*'];
const TEXT_CELL_ACCEPTS = ['text/html'];
const TABLE_CELL_ACCEPTS = ['application/table'];

/** Rows and columns of each product grid: portrait pages get near-square cells, 2 per page stacked. */
const PRODUCT_GRIDS: Record<(typeof PRODUCTS_PER_PAGE_CHOICES)[number], { cols: number; rows: number }> = {
  1: { cols: 1, rows: 1 },
  2: { cols: 1, rows: 2 },
  4: { cols: 2, rows: 2 },
  6: { cols: 2, rows: 3 },
  8: { cols: 2, rows: 4 },
  9: { cols: 3, rows: 3 },
  12: { cols: 3, rows: 4 },
};

// Text pages keep 4 grid steps (5 %) each side so lines stay readable and clear of the trim.
const TEXT_X = 0.05;
const TEXT_WIDTH = 0.9;

const text = (y: number, height: number, defaultHtml: string, extra: Partial<CellInput> = {}): CellInput => ({
  x: TEXT_X,
  y,
  width: TEXT_WIDTH,
  height,
  accepts: [...TEXT_CELL_ACCEPTS],
  properties: { default: defaultHtml },
  ...extra,
});

const table = (y: number, height: number): CellInput => ({
  x: TEXT_X,
  y,
  width: TEXT_WIDTH,
  height,
  accepts: [...TABLE_CELL_ACCEPTS],
});

/** A page title row on top of the inner area, then the body. */
const titled = (titleHtml: string, body: CellInput): CellInput[] => [text(0.025, 0.075, titleHtml), body];

const layout = (input: PageLayoutInput & { _id: string; title: string; type: LayoutType }): PageLayout =>
  PageLayoutSchema.parse({ owner: null, public: true, availability: 'all', version: 1, ...input });

const productLayouts = PRODUCTS_PER_PAGE_CHOICES.map((n) =>
  layout({
    _id: `default-products-${n}`,
    title: n === 1 ? '1 product per page' : `${n} products per page`,
    type: 'products',
    nbProductsPage: n,
    cells: gridCells({ ...PRODUCT_GRIDS[n], accepts: PRODUCT_CELL_ACCEPTS }),
  }),
);

/** The layouts every catalog can use, with stable ids that pages and the CLI refer to. Treat as read-only. */
export const DEFAULT_LAYOUTS: PageLayout[] = [
  layout({
    _id: 'default-front-cover',
    title: 'Front cover',
    type: 'front cover',
    margin: 0,
    show_headers_footers: false,
    cells: [
      { x: 0, y: 0, width: 1, height: 0.7, accepts: [...IMAGE_CELL_ACCEPTS] },
      {
        x: 0.1,
        y: 0.75,
        width: 0.8,
        height: 0.1,
        accepts: [...TEXT_CELL_ACCEPTS],
        properties: { default: html.FRONT_COVER_TITLE_HTML, verticalAlign: 'bottom' },
      },
      {
        x: 0.1,
        y: 0.85,
        width: 0.8,
        height: 0.075,
        accepts: [...TEXT_CELL_ACCEPTS],
        properties: { default: html.FRONT_COVER_SUBTITLE_HTML },
      },
    ],
  }),
  ...productLayouts,
  layout({
    _id: 'default-images-1',
    title: '1 image per page',
    type: 'images',
    cells: gridCells({ cols: 1, rows: 1, accepts: IMAGE_CELL_ACCEPTS }),
  }),
  layout({
    _id: 'default-images-4',
    title: '4 images per page',
    type: 'images',
    cells: gridCells({ cols: 2, rows: 2, accepts: IMAGE_CELL_ACCEPTS }),
  }),
  layout({
    _id: 'default-wholesale-contract',
    title: 'Wholesale contract',
    type: 'wholesale-contract',
    cells: [
      text(0.025, 0.075, html.WHOLESALE_CONTRACT_TITLE_HTML),
      text(0.1, 0.7, html.WHOLESALE_CONTRACT_TERMS_HTML),
      text(0.8125, 0.1625, html.WHOLESALE_CONTRACT_SIGNATURES_HTML),
    ],
  }),
  layout({
    _id: 'default-wholesale-order-form',
    title: 'Wholesale order form',
    type: 'wholesale-order-form',
    cells: [
      text(0.025, 0.075, html.ORDER_FORM_TITLE_HTML),
      text(0.1, 0.125, html.ORDER_FORM_CUSTOMER_HTML),
      table(0.225, 0.65),
      text(0.875, 0.1, html.ORDER_FORM_TOTALS_HTML),
    ],
  }),
  layout({
    _id: 'default-table-of-contents',
    title: 'Table of contents',
    type: 'table-of-contents',
    cells: titled(html.TABLE_OF_CONTENTS_TITLE_HTML, table(0.1, 0.875)),
  }),
  layout({
    _id: 'default-summary',
    title: 'Summary',
    type: 'summary',
    cells: titled(html.SUMMARY_TITLE_HTML, table(0.1, 0.875)),
  }),
  layout({
    _id: 'default-full-text',
    title: 'Full text',
    type: 'full-text',
    cells: [text(0.025, 0.95, html.FULL_TEXT_HTML)],
  }),
  layout({
    _id: 'default-profile',
    title: 'Profile',
    type: 'profile',
    cells: [
      { x: 0.05, y: 0.025, width: 0.4, height: 0.35, accepts: [...IMAGE_CELL_ACCEPTS] },
      text(0.025, 0.075, html.PROFILE_TITLE_HTML, { x: 0.5, width: 0.45 }),
      text(0.1, 0.275, html.PROFILE_BODY_HTML, { x: 0.5, width: 0.45 }),
      text(0.4, 0.575, html.PROFILE_STORY_HTML),
    ],
  }),
  layout({
    _id: 'default-table',
    title: 'Product table',
    type: 'table',
    cells: titled(html.TABLE_TITLE_HTML, table(0.1, 0.875)),
  }),
  layout({
    _id: 'default-back-cover',
    title: 'Back cover',
    type: 'back cover',
    show_headers_footers: false,
    cells: [
      { x: 0.35, y: 0.3, width: 0.3, height: 0.15, accepts: [...IMAGE_CELL_ACCEPTS] },
      {
        x: 0.1,
        y: 0.5,
        width: 0.8,
        height: 0.3,
        accepts: [...TEXT_CELL_ACCEPTS],
        properties: { default: html.BACK_COVER_HTML },
      },
    ],
  }),
];

/** Layout types that have a default layout (custom layouts are the merchant's own). */
export type DefaultLayoutType = Exclude<LayoutType, 'custom'>;

/** A default layout by id, as a copy; undefined when no default layout has this id. */
export function getLayoutById(id: string): PageLayout | undefined {
  const found = DEFAULT_LAYOUTS.find((l) => l._id === id);
  return found && structuredClone(found);
}

/**
 * The default layout of a type, as a copy. For products, `nbProductsPage` picks the grid (default 9, also
 * when the number is not one of the choices); for images it picks the layout with that many cells.
 */
export function getDefaultLayout(type: DefaultLayoutType, nbProductsPage?: number | null): PageLayout {
  const ofType = DEFAULT_LAYOUTS.filter((l) => l.type === type);
  let found: PageLayout | undefined = ofType[0];
  if (type === 'products') {
    found =
      ofType.find((l) => l.nbProductsPage === nbProductsPage) ??
      ofType.find((l) => l.nbProductsPage === DEFAULT_PRODUCTS_PER_PAGE);
  } else if (type === 'images' && nbProductsPage != null) {
    found = ofType.find((l) => l.cells.length === nbProductsPage) ?? found;
  }
  if (!found) throw new Error(`No default layout of type ${type}`);
  return structuredClone(found);
}
