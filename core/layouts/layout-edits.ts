import { NEW_FREE_CELL } from '../constants.ts';
import {
  CellSchema,
  createFreeCell,
  PageLayoutSchema,
  type Cell,
  type CellInput,
  type PageLayout,
} from '../model/index.ts';
import { snapCell } from './grid.ts';

/*
 * Edits of a layout document, as the layout manager's editor makes them (SPEC §3 Page layout and Cell, §9): each
 * takes a layout and returns a new one, so the editor's undo and redo keep whole copies. Geometry always lands
 * on the 1.25 % grid and inside the page.
 */

/** A new layout with SPEC §3's defaults: Untitled, custom, public, margin 10, header and footer 0.05. */
export const newLayout = (): PageLayout => PageLayoutSchema.parse({});

/**
 * Add a cell: a grid cell is 0.1 × 0.1 (z 1), a free cell 0.5 × 0.5 on top of the others (z 10), placed in the
 * middle of the page so it is seen at once. Returns the layout and the new cell's index.
 */
export function addLayoutCell(
  layout: PageLayout,
  options: { free?: boolean; accepts?: string[] } = {},
): { layout: PageLayout; index: number } {
  const accepts = options.accepts ?? ['application/product'];
  const cell = options.free
    ? createFreeCell({ x: (1 - NEW_FREE_CELL.width) / 2, y: (1 - NEW_FREE_CELL.height) / 2, accepts })
    : CellSchema.parse({ x: 0.45, y: 0.45, accepts });
  return { layout: { ...layout, cells: [...layout.cells, snapCell(cell)] }, index: layout.cells.length };
}

/**
 * Change one cell: its place and size snap to the grid and stay inside the page; accepts, read_only,
 * alternate_left_right, reverse, maxLines, z and properties are taken as given (validated by the cell schema).
 */
export function setLayoutCell(layout: PageLayout, index: number, patch: Partial<CellInput>): PageLayout {
  const cell = layout.cells[index];
  if (!cell) return layout;
  const merged = CellSchema.parse({
    ...cell,
    ...patch,
    properties: { ...cell.properties, ...(patch.properties ?? {}) },
  });
  const next: Cell = snapCell(merged);
  return { ...layout, cells: layout.cells.map((c, i) => (i === index ? next : c)) };
}

/** Remove one cell. */
export function removeLayoutCell(layout: PageLayout, index: number): PageLayout {
  if (!layout.cells[index]) return layout;
  return { ...layout, cells: layout.cells.filter((_, i) => i !== index) };
}

/** The layout's own fields a merchant sets: name, type, margin, header and footer heights, and the like. */
export type LayoutFields = Partial<
  Pick<
    PageLayout,
    | 'title'
    | 'type'
    | 'margin'
    | 'headerHeight'
    | 'footerHeight'
    | 'show_headers_footers'
    | 'public'
    | 'availability'
  >
>;

/** Set the layout's own fields; a value the schema refuses (a negative margin, a header over half the page) is kept out. */
export function setLayoutFields(layout: PageLayout, fields: LayoutFields): PageLayout {
  const parsed = PageLayoutSchema.safeParse({ ...layout, ...fields });
  return parsed.success ? parsed.data : layout;
}

/** The call that saves a layout to the library (SPEC §7 POST/PUT api/v1/pagelayouts). */
export type LayoutSaveRequest = {
  method: 'POST' | 'PUT';
  path: string;
  body: { layout: PageLayout; ordering?: number; library?: true };
  /** A new layout is made (the saved one has a new id). */
  creates: boolean;
};

/**
 * How a layout is saved (SPEC §4 'Layout save'): the owner updates it in place; a non-owner, a layout never saved
 * or 'save as new' drops the id and creates a new one. Staff saving the product's library also give its order,
 * and a layout they create goes to the library. The layout manager's editor and the catalog editor's layout mode
 * both save through this.
 */
export function layoutSaveRequest(opts: {
  layout: PageLayout;
  isOwner: boolean;
  asNew?: boolean;
  /** Staff saving the library: its order among the library's layouts. */
  library?: { ordering: number };
}): LayoutSaveRequest {
  const id = opts.layout._id;
  const creates = !!opts.asNew || !id || !opts.isOwner;
  const body: LayoutSaveRequest['body'] = { layout: { ...opts.layout, _id: creates ? null : id } };
  if (opts.library) {
    body.ordering = opts.library.ordering;
    if (creates) body.library = true;
  }
  return creates
    ? { method: 'POST', path: '/api/v1/pagelayouts', body, creates }
    : { method: 'PUT', path: `/api/v1/pagelayouts/${id}`, body, creates };
}
