import { z } from 'zod';
import { NEW_CELL_SIZE, NEW_FREE_CELL, NEW_LAYOUT_DEFAULTS } from '../constants.ts';

export const ACCEPT_TYPES = [
  'text/html',
  'image/*',
  'application/product',
  'application/description',
  'application/table',
] as const;
export type AcceptType = (typeof ACCEPT_TYPES)[number];

export const CellSchema = z.object({
  x: z.number().min(0).max(1).default(0),
  y: z.number().min(0).max(1).default(0),
  width: z.number().min(0).max(1).default(NEW_CELL_SIZE.width),
  height: z.number().min(0).max(1).default(NEW_CELL_SIZE.height),
  z: z.number().int().default(1),
  accepts: z.array(z.string()).default(['application/product']),
  read_only: z.boolean().default(false),
  alternate_left_right: z.boolean().default(false),
  reverse: z.boolean().default(false),
  maxLines: z.number().int().nullable().default(null),
  properties: z
    .object({
      /** Content shown when the cell is empty: HTML for text cells, an image URL for image cells. */
      default: z.string().nullable().default(null),
      maxColumns: z.number().int().nullable().default(null),
      verticalAlign: z.enum(['top', 'middle', 'bottom']).default('top'),
      background_color: z.string().nullable().default(null),
    })
    .prefault({}),
});
export type Cell = z.infer<typeof CellSchema>;
export type CellInput = z.input<typeof CellSchema>;

/**
 * A new free cell (SPEC §3, §9): 0.5 × 0.5 of the page, on top of the layout's cells (z 10), where a new grid
 * cell is 0.1 × 0.1 at z 1 (CellSchema's defaults). `input` sets position, accepts and anything else.
 */
export function createFreeCell(input: CellInput = {}): Cell {
  return CellSchema.parse({ ...NEW_FREE_CELL, ...input });
}

/**
 * Layout types. SPEC §3 names front cover, back cover, products, images, custom, wholesale-contract and
 * wholesale-order-form; the special pages of SPEC §7 (table of contents, summary, full text, profile, table)
 * get their own types so the layout manager can group and seed them.
 */
export const LAYOUT_TYPES = [
  'front cover',
  'back cover',
  'products',
  'images',
  'custom',
  'wholesale-contract',
  'wholesale-order-form',
  'table-of-contents',
  'summary',
  'full-text',
  'profile',
  'table',
] as const;
export type LayoutType = (typeof LAYOUT_TYPES)[number];

export const PageLayoutSchema = z.object({
  _id: z.string().nullable().default(null),
  title: z.string().default(NEW_LAYOUT_DEFAULTS.title),
  type: z.enum(LAYOUT_TYPES).default(NEW_LAYOUT_DEFAULTS.type),
  owner: z.string().nullable().default(null),
  version: z.number().int().default(1),
  cells: z.array(CellSchema).default([]),
  availability: z.enum(['all', 'paid', 'essential', 'custom']).default('all'),
  public: z.boolean().default(NEW_LAYOUT_DEFAULTS.public),
  margin: z.number().min(0).default(NEW_LAYOUT_DEFAULTS.margin),
  headerHeight: z.number().min(0).max(0.5).default(NEW_LAYOUT_DEFAULTS.headerHeight),
  footerHeight: z.number().min(0).max(0.5).default(NEW_LAYOUT_DEFAULTS.footerHeight),
  show_headers_footers: z.boolean().default(true),
  /** Number of product cells, for product layouts (1, 2, 4, 6, 8, 9, 12). */
  nbProductsPage: z.number().int().nullable().default(null),
});
export type PageLayout = z.infer<typeof PageLayoutSchema>;
export type PageLayoutInput = z.input<typeof PageLayoutSchema>;
