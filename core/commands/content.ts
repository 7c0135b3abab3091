import {
  createImageElement,
  createPage,
  createProductElement,
  createVoidElement,
  getDefaultLayout,
  type CreatePageOptions,
  type IdGenerator,
} from '../layouts/index.ts';
import {
  isImageType,
  isProductElement,
  isVoidElement,
  type Catalog,
  type Element,
  type ProductInput,
} from '../model/index.ts';
import type { CommandOptions, CommandResult, ElementRef } from './types.ts';
import {
  automaticPageTemplate,
  backCoverIndex,
  clampPage,
  firstFreeCell,
  flowPageTemplate,
  followPage,
  idGenerator,
  insertPages,
  isCoverLayout,
  isFlowMode,
  overflowTemplate,
  putElement,
  replacePage,
  result,
} from './util.ts';

/** Put `element` into a new page built from `template`, inserted at `at`. */
function placeOnNewPage(
  catalog: Catalog,
  at: number,
  template: Omit<CreatePageOptions, 'newId'>,
  element: Element,
  newId: IdGenerator,
): { catalog: Catalog; ref: ElementRef } {
  const page = createPage({ ...template, newId });
  if (page.kind === 'flow') {
    return {
      catalog: insertPages(catalog, at, [{ ...page, elements: [element] }]),
      ref: { pageIndex: at, elementIndex: 0 },
    };
  }
  const cell = firstFreeCell(page, element.type);
  // Templates come from overflowTemplate or the default products layout, which always take the element.
  if (cell < 0) throw new Error(`No cell of layout ${page.layout._id} accepts ${element.type}`);
  return {
    catalog: insertPages(catalog, at, [putElement(page, cell, element, newId)]),
    ref: { pageIndex: at, elementIndex: cell },
  };
}

function placeInPage(
  catalog: Catalog,
  pageIndex: number,
  element: Element,
  newId: IdGenerator,
): { catalog: Catalog; ref: ElementRef } | null {
  const page = catalog.pages[pageIndex];
  if (!page) return null;
  if (page.kind === 'flow') {
    if (!isProductElement(element)) return null;
    return {
      catalog: replacePage(catalog, pageIndex, { ...page, elements: [...page.elements, element] }),
      ref: { pageIndex, elementIndex: page.elements.length },
    };
  }
  const cell = firstFreeCell(page, element.type);
  if (cell < 0) return null;
  return {
    catalog: replacePage(catalog, pageIndex, putElement(page, cell, element, newId)),
    ref: { pageIndex, elementIndex: cell },
  };
}

export interface AddProductOptions extends CommandOptions {
  product: ProductInput;
}

/**
 * Add a product (SPEC §4 'Adding content'): a flow page appends it; otherwise it takes the first empty or
 * void cell of the current page that accepts products; otherwise a new page after the current one takes it
 * (a copy of the current products or images layout with its header and footer, else the default products
 * layout) and becomes current. In automatic mode the first free cell of any page from the current one on
 * is used, and a new page goes before the back cover, as automatic page layout places them.
 * In flow mode (settings.layout 'flow') products go to flow pages only: appended to the current page when it
 * is one, else to a new flow page (flow_layout_columns columns) after the current page, which becomes
 * current, so the next products follow it there.
 */
export function addProduct(catalog: Catalog, options: AddProductOptions): CommandResult {
  const newId = idGenerator(options);
  const flowMode = isFlowMode(catalog);
  let doc = catalog;
  if (doc.pages.length === 0) {
    const first = flowMode
      ? createPage({ ...flowPageTemplate(doc, undefined), newId })
      : createPage({ layout: getDefaultLayout('products', doc.settings.nbProductsPage), newId });
    doc = insertPages(doc, 0, [first]);
  }
  const current = clampPage(doc, options.currentPage);
  const element = createProductElement(newId(), options.product);

  if (flowMode) {
    const page = doc.pages[current]!;
    const placed =
      (page.kind === 'flow' ? placeInPage(doc, current, element, newId) : null) ??
      placeOnNewPage(doc, current + 1, flowPageTemplate(doc, page), element, newId);
    return result(placed.catalog, placed.ref.pageIndex, { selection: placed.ref });
  }

  if (doc.settings.automaticMode && doc.pages[current]!.kind !== 'flow') {
    for (let i = current; i < doc.pages.length; i++) {
      const page = doc.pages[i]!;
      if (page.kind !== 'product' || isCoverLayout(page.layout)) continue;
      const placed = placeInPage(doc, i, element, newId);
      if (placed) return result(placed.catalog, current, { selection: placed.ref });
    }
    const at = backCoverIndex(doc);
    const placed = placeOnNewPage(doc, at, automaticPageTemplate(doc, at), element, newId);
    return result(placed.catalog, at, { selection: placed.ref });
  }

  const placed = placeInPage(doc, current, element, newId);
  if (placed) return result(placed.catalog, current, { selection: placed.ref });
  const onNew = placeOnNewPage(
    doc,
    current + 1,
    overflowTemplate(doc, doc.pages[current], element.type),
    element,
    newId,
  );
  return result(onNew.catalog, current + 1, { selection: onNew.ref });
}

export interface AddImageOptions extends CommandOptions {
  src: string;
  /** Image type; defaults to the type of the file extension. */
  type?: string;
}

/** Add an image: the first empty cell of the current page that accepts images, else a new page after it. */
export function addImage(catalog: Catalog, options: AddImageOptions): CommandResult {
  const newId = idGenerator(options);
  const element = createImageElement(newId(), options.src, options.type);
  if (catalog.pages.length === 0) {
    const onNew = placeOnNewPage(
      catalog,
      0,
      overflowTemplate(catalog, undefined, element.type),
      element,
      newId,
    );
    return result(onNew.catalog, 0, { selection: onNew.ref });
  }
  const current = clampPage(catalog, options.currentPage);
  const placed = placeInPage(catalog, current, element, newId);
  if (placed) return result(placed.catalog, current, { selection: placed.ref });
  const onNew = placeOnNewPage(
    catalog,
    current + 1,
    overflowTemplate(catalog, catalog.pages[current], element.type),
    element,
    newId,
  );
  return result(onNew.catalog, current + 1, { selection: onNew.ref });
}

export interface ElementOptions extends CommandOptions {
  pageIndex: number;
  elementIndex: number;
}

/**
 * Remove what a cell shows: the element becomes a void one with empty properties and keeps its id (SPEC
 * §4). On a flow page, which has no cells, the product is taken out of the list instead.
 */
export function removeElement(catalog: Catalog, options: ElementOptions): CommandResult {
  const current = options.currentPage ?? options.pageIndex;
  const page = catalog.pages[options.pageIndex];
  const element = page?.elements[options.elementIndex];
  if (!page || !element || isVoidElement(element)) return result(catalog, current);
  const elements =
    page.kind === 'flow'
      ? page.elements.filter((_, i) => i !== options.elementIndex)
      : page.elements.map((e, i) => (i === options.elementIndex ? createVoidElement(e.id) : e));
  return result(replacePage(catalog, options.pageIndex, { ...page, elements }), current);
}

export interface CellOptions extends CommandOptions {
  pageIndex: number;
  cellIndex: number;
}

/**
 * Remove a cell from a page's layout. A product or image it held moves to the first free cell of the page
 * that accepts it, or, when there is none, to a new page after it, so removing a cell never loses a
 * product. Text and tables belong to their cell and go with it.
 */
export function removeCell(catalog: Catalog, options: CellOptions): CommandResult {
  const current = options.currentPage ?? options.pageIndex;
  const page = catalog.pages[options.pageIndex];
  if (!page || page.kind === 'flow' || !page.layout.cells[options.cellIndex]) return result(catalog, current);
  const newId = idGenerator(options);
  const element = page.elements[options.cellIndex];
  const without = {
    ...page,
    layout: { ...page.layout, cells: page.layout.cells.filter((_, i) => i !== options.cellIndex) },
    elements: page.elements.filter((_, i) => i !== options.cellIndex),
  };
  const doc = replacePage(catalog, options.pageIndex, without);
  if (!element || !(isProductElement(element) || isImageType(element.type))) return result(doc, current);
  const placed =
    placeInPage(doc, options.pageIndex, element, newId) ??
    placeOnNewPage(doc, options.pageIndex + 1, overflowTemplate(doc, without, element.type), element, newId);
  return result(placed.catalog, followPage(doc, placed.catalog, current), { selection: placed.ref });
}
