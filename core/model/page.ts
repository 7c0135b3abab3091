import { z } from 'zod';
import { DEFAULT_FLOW_COLUMNS } from '../constants.ts';
import { IndexedTextSchema } from './bounds.ts';
import { ElementSchema } from './element.ts';
import { PageLayoutSchema } from './layout.ts';

/**
 * Page kinds. SPEC §3 names product, flow, index and table_of_contents; the special pages of SPEC §2.2/§7
 * (table, summary, full text, profile, wholesale contract and order form) are kinds of their own so the
 * renderer and the rules on save can recognise them. Covers are product pages whose layout type is a cover.
 */
export const PAGE_KINDS = [
  'product',
  'flow',
  'index',
  'table_of_contents',
  'table',
  'summary',
  'full_text',
  'profile',
  'wholesale_contract',
  'wholesale_order_form',
] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

const HeaderFooterSchema = z
  .object({ properties: z.object({ html: z.string().default('') }).prefault({}) })
  .prefault({});

const threeSlots = z
  .array(z.string())
  .default(['', '', ''])
  .transform((a) => [a[0] ?? '', a[1] ?? '', a[2] ?? '']);

export const PageSchema = z.object({
  /** Part of the catalog_pages primary key, hence indexed text. */
  id: IndexedTextSchema,
  kind: z.enum(PAGE_KINDS).default('product'),
  /** The layout the page uses: a copy, so editing a shared layout never changes existing pages silently. */
  layout: PageLayoutSchema.prefault({}),
  /** One element per layout cell, same index. Flow pages hold their products in order instead. */
  elements: z.array(ElementSchema).default([]),
  /** Rich text of full-text and profile pages. */
  html: z.string().default(''),
  showHeadersFooters: z.boolean().default(true),
  header: HeaderFooterSchema,
  footer: HeaderFooterSchema,
  /** Left, centre and right header slots (HTML); used when header.properties.html is empty. */
  headerElements: threeSlots,
  footerElements: threeSlots,
  /** Columns of a flow page. */
  columns: z.number().int().min(1).max(6).default(DEFAULT_FLOW_COLUMNS),
  /** Section title this page starts or belongs to; drives the table of contents and summary pages. */
  section: z.string().nullable().default(null),
  /**
   * Written by core/pagination, read by core/render: which blocks of a generated list (index, table of contents,
   * table, order form, summary) this page shows, and where a flow page starts each column. null: not paginated
   * yet; the renderer then estimates. A list page with start 0 (or null) begins a new list; start > 0 continues
   * the list of the page before it.
   */
  pagination: z
    .object({
      start: z.number().int().min(0).default(0),
      count: z.number().int().min(0).nullable().default(null),
      /** Element (flow) or block (index) indices that begin the second, third... column. */
      columnBreaks: z.array(z.number().int().min(0)).default([]),
    })
    .nullable()
    .default(null),
  /** Data of the last render of this page (thumbnail, page image). */
  render: z
    .object({ thumbnail: z.string().nullable().default(null), image: z.string().nullable().default(null) })
    .nullable()
    .default(null),
  url: z.string().nullable().default(null),
});
export type Page = z.infer<typeof PageSchema>;
export type PageInput = z.input<typeof PageSchema>;
