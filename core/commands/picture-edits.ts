import { IMAGE_SIZE_RANGE, IMAGE_ZOOM_MAX } from '../constants.ts';
import {
  isImageType,
  isProductElement,
  ProductSchema,
  type Catalog,
  type Element,
  type ImagesStyle,
  type ListingInput,
} from '../model/index.ts';
import { refreshProduct, SYNC_KINDS } from './synchronize.ts';
import type { CommandOptions, CommandResult } from './types.ts';
import { replacePage, result, withPages } from './util.ts';

/** What the image editor overlay sets on a picture or a product's main picture (SPEC §5 image rules). */
export interface ImagePlacementChange {
  /** cover, contain, or a number in `size_unit` (percent 1-100, px 1-1024). */
  size: 'cover' | 'contain' | number;
  size_unit?: 'percent' | 'px';
  /** Where the picture sits in its cell, 0-100 each way. */
  position: { xpos: number; ypos: number };
  /** 1 to IMAGE_ZOOM_MAX. */
  zoom?: number;
}

export interface ElementImageOptions extends CommandOptions {
  pageIndex: number;
  elementIndex: number;
  /** The new placement; null resets the picture to how a new one sits (contain, centred, no zoom). */
  placement: ImagePlacementChange | null;
}

const clamp = (n: number, min: number, max: number) =>
  Math.max(min, Math.min(max, Number.isFinite(n) ? n : min));

/** A placement held to its ranges: the slider's for the size, 0-100 for the position, 1-4 for the zoom. */
export function normalizePlacement(p: ImagePlacementChange): Required<ImagePlacementChange> {
  const unit = p.size_unit ?? 'percent';
  const range = IMAGE_SIZE_RANGE[unit];
  return {
    size: typeof p.size === 'number' ? Math.round(clamp(p.size, range.min, range.max)) : p.size,
    size_unit: unit,
    position: {
      xpos: Math.round(clamp(p.position.xpos, 0, 100)),
      ypos: Math.round(clamp(p.position.ypos, 0, 100)),
    },
    zoom: Math.round(clamp(p.zoom ?? 1, 1, IMAGE_ZOOM_MAX) * 100) / 100,
  };
}

const takesPicture = (e: Element | undefined): e is Element =>
  !!e && (isProductElement(e) || isImageType(e.type));

/**
 * Crop, zoom and place a picture in its cell (the image editor overlay): an image element's picture or a
 * product's main picture. Reset (placement null) puts it back as placed: contained, centred, not zoomed.
 */
export function setElementImage(catalog: Catalog, options: ElementImageOptions): CommandResult {
  const page = catalog.pages[options.pageIndex];
  const stay = result(catalog, options.currentPage ?? options.pageIndex);
  const old = page?.elements[options.elementIndex];
  if (!page || !takesPicture(old)) return stay;
  const next: Record<string, unknown> = { ...old };
  if (options.placement) {
    const p = normalizePlacement(options.placement);
    Object.assign(next, { size: p.size, position: p.position });
    if (typeof p.size === 'number' && p.size_unit === 'px') next.size_unit = 'px';
    else delete next.size_unit;
    if (p.zoom > 1) next.zoom = p.zoom;
    else delete next.zoom;
  } else {
    Object.assign(next, { size: 'contain', position: { xpos: 50, ypos: 50 } });
    delete next.size_unit;
    delete next.zoom;
  }
  if (JSON.stringify(next) === JSON.stringify(old)) return stay;
  const elements = page.elements.map((e, i) => (i === options.elementIndex ? (next as Element) : e));
  return result(replacePage(catalog, options.pageIndex, { ...page, elements }), stay.currentPage);
}

export interface ElementImagesStyleOptions extends CommandOptions {
  pageIndex: number;
  elementIndex: number;
  /** The product's own images style; null goes back to the catalog's default_images_style. */
  style: ImagesStyle | null;
}

/** Give one product element its own images style (SPEC §3), or back to the catalog's. */
export function setElementImagesStyle(catalog: Catalog, options: ElementImagesStyleOptions): CommandResult {
  const page = catalog.pages[options.pageIndex];
  const stay = result(catalog, options.currentPage ?? options.pageIndex);
  const old = page?.elements[options.elementIndex];
  if (!page || !isProductElement(old)) return stay;
  if (JSON.stringify(old.images_style) === JSON.stringify(options.style)) return stay;
  const elements = page.elements.map((e, i) =>
    i === options.elementIndex ? { ...old, images_style: options.style } : e,
  );
  return result(replacePage(catalog, options.pageIndex, { ...page, elements }), stay.currentPage);
}

export interface ApplyListingOptions extends CommandOptions {
  /** The listing as saved (the listing editor's answer). */
  listing: ListingInput;
  /** The ids a product on the page may carry for it: our listing id, and the store's id it was added with. */
  productIds: readonly string[];
}

/**
 * After the listing editor saves: every product element showing this listing takes the listing's prices,
 * pictures and information (one undo step). Unlike a Synchronize, the pictures the merchant hid or showed in
 * the listing editor are hidden or shown on the page too. Element styles, captions and placement stay.
 */
export function applyListing(catalog: Catalog, options: ApplyListingOptions): CommandResult {
  const ids = new Set(options.productIds);
  const hidden = new Map(
    ProductSchema.parse({ ...options.listing, id: 'x' }).images.map((i) => [i.original, i.hide]),
  );
  let changed = false;
  const pages = catalog.pages.map((page) => {
    let touched = false;
    const elements = page.elements.map((e) => {
      if (!isProductElement(e) || !ids.has(e.properties.id)) return e;
      const refreshed = refreshProduct(e.properties, options.listing, SYNC_KINDS);
      const properties = {
        ...refreshed,
        images: refreshed.images.map((i) => ({ ...i, hide: hidden.get(i.original) ?? i.hide })),
      };
      if (JSON.stringify(properties) === JSON.stringify(e.properties)) return e;
      touched = true;
      return { ...e, properties };
    });
    if (!touched) return page;
    changed = true;
    return { ...page, elements };
  });
  const current = options.currentPage ?? 0;
  return changed ? result(withPages(catalog, pages), current) : result(catalog, current);
}
