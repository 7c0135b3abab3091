import {
  isImageType,
  OtherElementSchema,
  PageSchema,
  ProductElementSchema,
  type Cell,
  type Element,
  type LayoutType,
  type Page,
  type PageKind,
  type PageLayout,
  type ProductElement,
  type ProductInput,
} from '../model/index.ts';
import { randomId, type IdGenerator } from './ids.ts';

/**
 * What an application/table element shows (element.properties.mode): a product table, the summary of the
 * section before the page, the lines of a wholesale order form, or the table of contents entries.
 */
export const TABLE_MODES = ['table', 'summary', 'order_form', 'table_of_contents'] as const;
export type TableMode = (typeof TABLE_MODES)[number];

const KIND_BY_LAYOUT_TYPE: Record<LayoutType, PageKind> = {
  'front cover': 'product',
  'back cover': 'product',
  products: 'product',
  images: 'product',
  custom: 'product',
  'wholesale-contract': 'wholesale_contract',
  'wholesale-order-form': 'wholesale_order_form',
  'table-of-contents': 'table_of_contents',
  summary: 'summary',
  'full-text': 'full_text',
  profile: 'profile',
  table: 'table',
};

/** The Page.kind of a page built on this layout. Covers, images and custom layouts are product pages. */
export function pageKindForLayout(layout: Pick<PageLayout, 'type'>): PageKind {
  return KIND_BY_LAYOUT_TYPE[layout.type];
}

/** The table mode of the table cells of a layout of this type. */
export function tableModeForLayout(layout: Pick<PageLayout, 'type'>): TableMode {
  switch (layout.type) {
    case 'wholesale-order-form':
      return 'order_form';
    case 'summary':
      return 'summary';
    case 'table-of-contents':
      return 'table_of_contents';
    default:
      return 'table';
  }
}

/** Whether a cell takes an element of this type; image types match by the image/ prefix (SPEC §4). */
export function cellAccepts(cell: Pick<Cell, 'accepts'>, type: string): boolean {
  if (cell.accepts.includes(type)) return true;
  return isImageType(type) && cell.accepts.some(isImageType);
}

export function createVoidElement(id: string): Element {
  return OtherElementSchema.parse({ id, type: 'application/void', properties: {} });
}

export function createTextElement(id: string, html: string): Element {
  return OtherElementSchema.parse({ id, type: 'text/html', properties: { html } });
}

export function createTableElement(id: string, mode: TableMode): Element {
  return OtherElementSchema.parse({ id, type: 'application/table', properties: { mode } });
}

const IMAGE_TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/** The image type of a URL or file name by its extension; unknown extensions are treated as JPEG. */
export function imageTypeOf(src: string): string {
  const ext = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(src)?.[1]?.toLowerCase() ?? '';
  return IMAGE_TYPE_BY_EXTENSION[ext] ?? 'image/jpeg';
}

export function createImageElement(id: string, src: string, type: string = imageTypeOf(src)): Element {
  if (!isImageType(type)) throw new Error(`Not an image type: ${type}`);
  return OtherElementSchema.parse({ id, type, properties: { src } });
}

export function createProductElement(id: string, product: ProductInput): ProductElement {
  return ProductElementSchema.parse({ id, type: 'application/product', properties: product });
}

/**
 * The element a fresh cell holds, chosen by the cell's first accepted type: text cells get their default
 * HTML, table cells a table in the layout's mode, everything else (products, images, descriptions) a void
 * element waiting for content.
 */
export function createDefaultElement(
  cell: Pick<Cell, 'accepts' | 'properties'>,
  layout: Pick<PageLayout, 'type'>,
  id: string,
): Element {
  switch (cell.accepts[0]) {
    case 'application/table':
      return createTableElement(id, tableModeForLayout(layout));
    case 'text/html':
      return createTextElement(id, cell.properties.default ?? '');
    default:
      return createVoidElement(id);
  }
}

export interface CreatePageOptions {
  layout: PageLayout;
  id?: string;
  newId?: IdGenerator;
  /** Defaults to the layout's show_headers_footers. */
  showHeadersFooters?: boolean;
  header?: string;
  footer?: string;
  headerElements?: string[];
  footerElements?: string[];
  section?: string | null;
  /** Overrides the kind derived from the layout; a flow page starts with no elements. */
  kind?: PageKind;
  /** Columns of a flow page; commands pass the catalog's settings.flow_layout_columns. */
  columns?: number;
}

/** A new page on a copy of `layout`, with elements[i] the default element of layout.cells[i]. */
export function createPage(options: CreatePageOptions): Page {
  const newId = options.newId ?? randomId;
  const id = options.id ?? newId();
  const layout = structuredClone(options.layout);
  const kind = options.kind ?? pageKindForLayout(layout);
  const elements =
    kind === 'flow' ? [] : layout.cells.map((cell) => createDefaultElement(cell, layout, newId()));
  return PageSchema.parse({
    id,
    kind,
    layout,
    elements,
    showHeadersFooters: options.showHeadersFooters ?? layout.show_headers_footers,
    header: { properties: { html: options.header ?? '' } },
    footer: { properties: { html: options.footer ?? '' } },
    headerElements: options.headerElements ?? ['', '', ''],
    footerElements: options.footerElements ?? ['', '', ''],
    section: options.section ?? null,
    ...(options.columns === undefined ? {} : { columns: options.columns }),
  });
}
