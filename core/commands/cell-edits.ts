import {
  cellAccepts,
  createDefaultElement,
  createImageElement,
  createProductElement,
  createVoidElement,
  snapCell,
} from '../layouts/index.ts';
import {
  createFreeCell,
  isProductElement,
  isVoidElement,
  type Catalog,
  type CellInput,
  type Element,
  type Page,
  type ProductInput,
} from '../model/index.ts';
import type { CommandOptions, CommandResult, ElementRef } from './types.ts';
import { idGenerator, putElement, replacePage, result } from './util.ts';

/*
 * Edits of one cell or element, as the editor's drag and drop, text editing and edit-layout mode make them.
 * Each leaves the document as it was when the target does not take the content, so a stale drop never
 * breaks a page.
 */

const current = (options: CommandOptions, fallback: number) => options.currentPage ?? fallback;

export interface DropOptions extends CommandOptions {
  pageIndex: number;
  /** The cell dropped on; on a flow page, the place in its list (past the end: appended). */
  cellIndex: number;
}

function dropElement(catalog: Catalog, options: DropOptions, element: Element): CommandResult {
  const page = catalog.pages[options.pageIndex];
  const stay = result(catalog, current(options, options.pageIndex));
  if (!page) return stay;
  if (page.kind === 'flow') {
    if (!isProductElement(element)) return stay;
    const at = Math.max(0, Math.min(options.cellIndex, page.elements.length));
    const elements = [...page.elements.slice(0, at), element, ...page.elements.slice(at)];
    const ref = { pageIndex: options.pageIndex, elementIndex: at };
    return result(replacePage(catalog, options.pageIndex, { ...page, elements }), ref.pageIndex, {
      selection: ref,
    });
  }
  const cell = page.layout.cells[options.cellIndex];
  if (!cell || cell.read_only || !cellAccepts(cell, element.type)) return stay;
  const next = putElement(page, options.cellIndex, element, idGenerator(options));
  const ref = { pageIndex: options.pageIndex, elementIndex: options.cellIndex };
  return result(replacePage(catalog, options.pageIndex, next), ref.pageIndex, { selection: ref });
}

/** Drop a product on a cell: it takes the cell (what the cell held is replaced) when the cell accepts products. */
export function dropProduct(
  catalog: Catalog,
  options: DropOptions & { product: ProductInput },
): CommandResult {
  return dropElement(catalog, options, createProductElement(idGenerator(options)(), options.product));
}

/** Drop a picture on a cell that accepts images. */
export function dropImage(catalog: Catalog, options: DropOptions & { src: string }): CommandResult {
  return dropElement(catalog, options, createImageElement(idGenerator(options)(), options.src));
}

export interface MoveElementOptions extends CommandOptions {
  from: ElementRef;
  to: ElementRef;
}

const accepts = (page: Page, index: number, element: Element | undefined): boolean => {
  if (page.kind === 'flow') return !element || isVoidElement(element) || isProductElement(element);
  const cell = page.layout.cells[index];
  return !!cell && !cell.read_only && (isVoidElement(element) || cellAccepts(cell, element!.type));
};

/**
 * Move an element to another cell, on the same page or another (one drag, one step). The elements of the two
 * cells change places; when the source cell cannot take what the target held, nothing moves. On flow pages
 * the product leaves its list and enters the target list at that place.
 */
export function moveElement(catalog: Catalog, options: MoveElementOptions): CommandResult {
  const { from, to } = options;
  const stay = result(catalog, current(options, to.pageIndex));
  const source = catalog.pages[from.pageIndex];
  const target = catalog.pages[to.pageIndex];
  const moving = source?.elements[from.elementIndex];
  if (!source || !target || !moving || isVoidElement(moving)) return stay;
  if (from.pageIndex === to.pageIndex && from.elementIndex === to.elementIndex) return stay;
  const newId = idGenerator(options);

  if (source.kind === 'flow' || target.kind === 'flow') {
    if (!isProductElement(moving) || !accepts(target, to.elementIndex, moving)) return stay;
    const displaced = target.kind === 'flow' ? undefined : target.elements[to.elementIndex];
    if (displaced && !isVoidElement(displaced) && !(source.kind === 'flow' && isProductElement(displaced)))
      return stay;
    let doc = catalog;
    // Out of the source first: on one flow page the target place counts without the moving product.
    const left =
      source.kind === 'flow'
        ? source.elements.filter((_, i) => i !== from.elementIndex)
        : source.elements.map((e, i) => (i === from.elementIndex ? createVoidElement(newId()) : e));
    if (source.kind === 'flow' && displaced && !isVoidElement(displaced))
      left.splice(from.elementIndex, 0, displaced);
    doc = replacePage(doc, from.pageIndex, { ...source, elements: left });
    const into = doc.pages[to.pageIndex]!;
    let elements: Element[];
    let index = to.elementIndex;
    if (into.kind === 'flow') {
      index = Math.max(0, Math.min(to.elementIndex, into.elements.length));
      elements = [...into.elements.slice(0, index), moving, ...into.elements.slice(index)];
    } else {
      elements = putElement(into, to.elementIndex, moving, newId).elements;
    }
    doc = replacePage(doc, to.pageIndex, { ...into, elements });
    return result(doc, to.pageIndex, { selection: { pageIndex: to.pageIndex, elementIndex: index } });
  }

  const displaced = target.elements[to.elementIndex];
  if (!accepts(target, to.elementIndex, moving) || !accepts(source, from.elementIndex, displaced))
    return stay;
  const back = displaced && !isVoidElement(displaced) ? displaced : createVoidElement(newId());
  let doc = replacePage(catalog, from.pageIndex, putElement(source, from.elementIndex, back, newId));
  doc = replacePage(doc, to.pageIndex, putElement(doc.pages[to.pageIndex]!, to.elementIndex, moving, newId));
  return result(doc, to.pageIndex, { selection: { ...to } });
}

export interface ElementSvgOptions extends CommandOptions {
  pageIndex: number;
  elementIndex: number;
  /** The drawing's markup: an uploaded file's or core/svg `shapesToSvg`'s (sanitized when drawn). */
  svg: string;
  /** The shapes it was drawn from, so the SVG panel can change them again; none for an uploaded file. */
  shapes?: unknown[];
  /** Alternative text: the drawing's words or the file's name. */
  alt?: string;
}

/**
 * Put a drawing (SPEC §3 image/svg+xml) in a cell that takes pictures, in place of what it held, or change the
 * drawing it holds. An empty drawing removes nothing and changes nothing.
 */
export function setElementSvg(catalog: Catalog, options: ElementSvgOptions): CommandResult {
  const page = catalog.pages[options.pageIndex];
  const stay = result(catalog, current(options, options.pageIndex));
  const cell = page?.layout.cells[options.elementIndex];
  if (!page || page.kind === 'flow' || !cell || cell.read_only || !cellAccepts(cell, 'image/svg+xml'))
    return stay;
  if (!options.svg.trim()) return stay;
  const old = page.elements[options.elementIndex];
  const properties = { svg: options.svg, shapes: options.shapes ?? [], alt: options.alt ?? '' };
  if (
    old?.type === 'image/svg+xml' &&
    old.properties.svg === properties.svg &&
    JSON.stringify(old.properties.shapes ?? []) === JSON.stringify(properties.shapes) &&
    (old.properties.alt ?? '') === properties.alt
  )
    return stay;
  const element =
    old && old.type === 'image/svg+xml'
      ? { ...old, properties: { ...old.properties, ...properties } }
      : {
          ...createDefaultElement(cell, page.layout, old?.id ?? idGenerator(options)()),
          type: 'image/svg+xml',
          size: 'contain' as const,
          properties,
        };
  return result(
    replacePage(
      catalog,
      options.pageIndex,
      putElement(page, options.elementIndex, element, idGenerator(options)),
    ),
    current(options, options.pageIndex),
  );
}

export interface ElementHtmlOptions extends CommandOptions {
  pageIndex: number;
  elementIndex: number;
  html: string;
}

/** Set the text of a text cell (sanitized when rendered, like all merchant HTML). */
export function setElementHtml(catalog: Catalog, options: ElementHtmlOptions): CommandResult {
  const page = catalog.pages[options.pageIndex];
  const stay = result(catalog, current(options, options.pageIndex));
  const cell = page?.layout.cells[options.elementIndex];
  if (!page || !cell || !cellAccepts(cell, 'text/html')) return stay;
  const old = page.elements[options.elementIndex];
  const id = old?.id ?? idGenerator(options)();
  const element =
    old && old.type === 'text/html'
      ? { ...old, properties: { ...old.properties, html: options.html } }
      : {
          ...createDefaultElement(cell, page.layout, id),
          type: 'text/html',
          properties: { html: options.html },
        };
  if (old && old.type === 'text/html' && old.properties.html === options.html) return stay;
  return result(
    replacePage(
      catalog,
      options.pageIndex,
      putElement(page, options.elementIndex, element, idGenerator(options)),
    ),
    current(options, options.pageIndex),
  );
}

export interface ReplaceProductOptions extends CommandOptions {
  pageIndex: number;
  elementId: string;
  product: ProductInput;
}

/** Give a product element fresh product data (the full parent listing fetched after adding it). */
export function replaceProduct(catalog: Catalog, options: ReplaceProductOptions): CommandResult {
  const page = catalog.pages[options.pageIndex];
  const stay = result(catalog, current(options, options.pageIndex));
  const index = page?.elements.findIndex((e) => e.id === options.elementId) ?? -1;
  const old = page?.elements[index];
  if (!page || !isProductElement(old)) return stay;
  const properties = createProductElement(old.id, options.product).properties;
  const elements = page.elements.map((e, i) => (i === index ? { ...old, properties } : e));
  return result(replacePage(catalog, options.pageIndex, { ...page, elements }), stay.currentPage);
}

export interface CaptionTemplateOptions extends CommandOptions {
  pageIndex: number;
  elementIndex: number;
  /** The caption template (SPEC §5 tokens); null goes back to the catalog's caption. */
  template: string | null;
  /** The price template (caption, the default) or the description template of the element. */
  which?: 'price' | 'description';
}

/**
 * Set the caption (or, with `which`, the description) template of one product element. The element keeps its cell, style and product; an empty
 * template is kept as typed (a caption the merchant cleared prints nothing, unlike null).
 */
export function setCaptionTemplate(catalog: Catalog, options: CaptionTemplateOptions): CommandResult {
  const page = catalog.pages[options.pageIndex];
  const stay = result(catalog, current(options, options.pageIndex));
  const old = page?.elements[options.elementIndex];
  const field = options.which === 'description' ? 'description_template' : 'price_template';
  if (!page || !isProductElement(old) || old[field] === options.template) return stay;
  const elements = page.elements.map((e, i) =>
    i === options.elementIndex ? { ...old, [field]: options.template } : e,
  );
  return result(replacePage(catalog, options.pageIndex, { ...page, elements }), stay.currentPage);
}

export interface BandOptions extends CommandOptions {
  pageIndex: number;
  which: 'header' | 'footer';
  /** The one-piece HTML; with `slots`, ignored (the band shows its three slots). */
  html: string;
  /** The left, centre and right texts, each in its place, instead of one piece. */
  slots?: readonly string[];
}

/**
 * Set a page's header or footer text: the one-piece HTML (the slots are cleared so it shows as written), or the
 * left, centre and right slots (the one piece cleared, since it would hide them).
 */
export function setPageBand(catalog: Catalog, options: BandOptions): CommandResult {
  const page = catalog.pages[options.pageIndex];
  const stay = result(catalog, current(options, options.pageIndex));
  if (!page) return stay;
  const key = options.which === 'header' ? 'headerElements' : 'footerElements';
  const html = options.slots ? '' : options.html;
  const slots = options.slots
    ? [0, 1, 2].map((i) => options.slots![i] ?? '')
    : html
      ? ['', '', '']
      : page[key];
  const same =
    page[options.which].properties.html === html && page[key].every((slot, i) => slot === slots[i]);
  // A one-piece text equal to the present one is no change, whatever slots it hides.
  if (same || (!options.slots && page[options.which].properties.html === html)) return stay;
  const next: Page = { ...page, [options.which]: { properties: { html } }, [key]: slots };
  return result(replacePage(catalog, options.pageIndex, next), stay.currentPage);
}

export interface CellGeometryOptions extends CommandOptions {
  pageIndex: number;
  cellIndex: number;
  cell: Partial<Pick<CellInput, 'x' | 'y' | 'width' | 'height' | 'accepts' | 'z'>>;
}

/** Move, resize or retype a cell of a page's layout; positions snap to the 1.25 % grid (SPEC §9). */
export function setCellGeometry(catalog: Catalog, options: CellGeometryOptions): CommandResult {
  const page = catalog.pages[options.pageIndex];
  const stay = result(catalog, current(options, options.pageIndex));
  const cell = page?.layout.cells[options.cellIndex];
  if (!page || !cell || page.kind === 'flow') return stay;
  const next = snapCell({ ...cell, ...options.cell });
  const cells = page.layout.cells.map((c, i) => (i === options.cellIndex ? next : c));
  const element = page.elements[options.cellIndex];
  // A cell that stops taking what it holds gives it up (products and pictures are never silently kept hidden).
  const elements =
    element && !isVoidElement(element) && !cellAccepts(next, element.type)
      ? page.elements.map((e, i) =>
          i === options.cellIndex ? createDefaultElement(next, page.layout, e.id) : e,
        )
      : page.elements;
  return result(
    replacePage(catalog, options.pageIndex, { ...page, layout: { ...page.layout, cells }, elements }),
    stay.currentPage,
  );
}

export interface AddCellOptions extends CommandOptions {
  pageIndex: number;
  /** Position and accepted types; a free cell is 0.5 × 0.5 on top of the others (z 10, SPEC §9). */
  cell?: CellInput;
}

/** Add a free cell to a page's layout (edit-layout mode); it becomes the selection. */
export function addCell(catalog: Catalog, options: AddCellOptions): CommandResult {
  const page = catalog.pages[options.pageIndex];
  const stay = result(catalog, current(options, options.pageIndex));
  if (!page || page.kind === 'flow') return stay;
  const cell = snapCell(createFreeCell(options.cell ?? {}));
  const index = page.layout.cells.length;
  const elements = [...page.elements];
  while (elements.length < index) elements.push(createVoidElement(idGenerator(options)()));
  elements[index] = createDefaultElement(cell, page.layout, idGenerator(options)());
  const next: Page = { ...page, layout: { ...page.layout, cells: [...page.layout.cells, cell] }, elements };
  return result(replacePage(catalog, options.pageIndex, next), stay.currentPage, {
    selection: { pageIndex: options.pageIndex, elementIndex: index },
  });
}
