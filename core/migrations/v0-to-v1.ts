import { getLayoutById, pageKindForLayout } from '../layouts/index.ts';
import { LAYOUT_TYPES, PAGE_KINDS, isImageType, type LayoutType } from '../model/index.ts';
import { migrateLegacyProduct } from './legacy-product.ts';
import {
  claimId,
  isObject,
  toBoolean,
  toDateString,
  toId,
  toNumber,
  toText,
  type RawObject,
} from './legacy-values.ts';
import type { Migration } from './types.ts';

const SETTINGS_NUMBERS = [
  'nbProductsPage',
  'descriptionFontSize',
  'priceTemplateFontSize',
  'flow_layout_columns',
];
const SETTINGS_BOOLEANS = [
  'automaticMode',
  'showDescription',
  'cropImages',
  'reorganize_automatically',
  'share_button',
  'print_button',
  'download_pages_button',
  'download_pdf_button',
  'single_page_mode',
  'right_to_left',
  'password_protection',
  'showFlipbook',
];
const LAYOUT_NUMBERS = ['margin', 'headerHeight', 'footerHeight', 'version', 'nbProductsPage'];
const CELL_NUMBERS = ['x', 'y', 'width', 'height', 'z', 'maxLines'];

/** Element types written by older editors, by their short names. */
const ELEMENT_TYPE_ALIASES: Record<string, string> = {
  '': 'application/void',
  void: 'application/void',
  empty: 'application/void',
  product: 'application/product',
  text: 'text/html',
  html: 'text/html',
  image: 'image/jpeg',
  svg: 'image/svg+xml',
  table: 'application/table',
  description: 'application/description',
};
const KNOWN_ELEMENT_TYPES = new Set([
  'application/void',
  'application/product',
  'text/html',
  'application/table',
  'application/description',
]);

const squash = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
const LAYOUT_TYPE_BY_SQUASHED = new Map(LAYOUT_TYPES.map((t) => [squash(t), t]));

function setNumbers(target: RawObject, keys: string[]): void {
  for (const key of keys) {
    if (!(key in target)) continue;
    const n = toNumber(target[key]);
    if (n === null) delete target[key];
    else target[key] = n;
  }
}

function migrateSettings(raw: unknown): RawObject {
  const settings: RawObject = isObject(raw) ? { ...raw } : {};
  setNumbers(settings, SETTINGS_NUMBERS);
  for (const key of SETTINGS_BOOLEANS) {
    if (!(key in settings)) continue;
    const b = toBoolean(settings[key]);
    if (b === undefined) delete settings[key];
    else settings[key] = b;
  }
  return settings;
}

/** A layout embedded in a page; older pages may hold only a layout id, or spell types differently. */
function migrateLayout(raw: unknown): RawObject {
  if (typeof raw === 'string') return getLayoutById(raw) ?? { _id: raw };
  const layout: RawObject = isObject(raw) ? { ...raw } : {};
  if ('_id' in layout) layout._id = toId(layout._id);
  setNumbers(layout, LAYOUT_NUMBERS);
  if (typeof layout.type === 'string')
    layout.type = LAYOUT_TYPE_BY_SQUASHED.get(squash(layout.type)) ?? 'custom';
  else delete layout.type;
  const cells = Array.isArray(layout.cells) ? layout.cells : [];
  layout.cells = cells.filter(isObject).map((c) => {
    const cell = { ...c };
    setNumbers(cell, CELL_NUMBERS);
    return cell;
  });
  return layout;
}

/** Header or footer HTML: older pages stored the HTML itself, or { html } without properties. */
function migrateHeaderFooter(raw: unknown): RawObject {
  if (typeof raw === 'string') return { properties: { html: raw } };
  if (!isObject(raw)) return { properties: { html: '' } };
  if (isObject(raw.properties))
    return { ...raw, properties: { ...raw.properties, html: toText(raw.properties.html) ?? '' } };
  return { properties: { html: toText(raw.html) ?? '' } };
}

/** The three header or footer slots as HTML strings; older pages stored elements ({ properties: { html } }). */
function migrateSlots(raw: unknown): string[] {
  const slots = Array.isArray(raw) ? raw : [];
  return [0, 1, 2].map((i) => {
    const s = slots[i];
    if (typeof s === 'string') return s;
    if (isObject(s)) return toText(isObject(s.properties) ? s.properties.html : s.html) ?? '';
    return '';
  });
}

function elementType(raw: unknown): string {
  const type = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  const aliased = ELEMENT_TYPE_ALIASES[type] ?? type;
  if (aliased === 'image/jpg') return 'image/jpeg';
  // An unknown type would make the whole catalog unreadable; an empty cell is the safe reading.
  return KNOWN_ELEMENT_TYPES.has(aliased) || isImageType(aliased) ? aliased : 'application/void';
}

function migrateElement(raw: unknown, fallbackId: string, taken: Set<string>): RawObject {
  const element: RawObject = isObject(raw) ? { ...raw } : {};
  element.id = claimId(toId(element.id) ?? toId(element._id) ?? fallbackId, taken);
  delete element._id;
  element.type = elementType(element.type);
  if (typeof element.size === 'string') {
    const n = toNumber(element.size);
    if (n !== null) element.size = n;
    else if (element.size !== 'cover' && element.size !== 'contain') delete element.size;
  }
  if (isObject(element.position)) {
    const position = { ...element.position };
    setNumbers(position, ['xpos', 'ypos']);
    element.position = position;
  } else delete element.position;
  if (element.type === 'application/product') {
    element.properties = migrateLegacyProduct(element.properties, element.id as string);
  } else if (!isObject(element.properties)) {
    element.properties = {};
  }
  return element;
}

function migratePage(raw: RawObject, index: number, catalogId: string, taken: Set<string>): RawObject {
  const page: RawObject = { ...raw };
  page.id = claimId(toId(page.id) ?? toId(page._id) ?? `${catalogId}-page-${index + 1}`, taken);
  delete page._id;
  page.layout = migrateLayout(page.layout);
  const layoutType = (page.layout as RawObject).type;
  if (typeof page.kind === 'string' && squash(page.kind) === 'products') page.kind = 'product';
  if (!(PAGE_KINDS as readonly unknown[]).includes(page.kind)) {
    page.kind =
      typeof layoutType === 'string' ? pageKindForLayout({ type: layoutType as LayoutType }) : 'product';
  }
  const elements = Array.isArray(page.elements) ? page.elements : [];
  page.elements = elements.map((e, j) => migrateElement(e, `${page.id as string}-el-${j + 1}`, taken));
  page.header = migrateHeaderFooter(page.header);
  page.footer = migrateHeaderFooter(page.footer);
  page.headerElements = migrateSlots(page.headerElements);
  page.footerElements = migrateSlots(page.footerElements);
  const show = toBoolean(page.showHeadersFooters);
  if (show === undefined) delete page.showHeadersFooters;
  else page.showHeadersFooters = show;
  if (page.html === null) delete page.html;
  return page;
}

/**
 * Version 0: documents written before schemaVersion existed. They may hold product variations in
 * `variants` (flat, Shopify-like) or grouped by option, prices and numbers as text, pages and elements
 * without ids (or with Mongo `_id`s, or duplicated by old page copies), short element type names, layouts
 * referenced by id, and headers stored as bare HTML. Ids it creates are derived from positions, so
 * migrating the same document twice gives the same result.
 */
export const v0ToV1: Migration = {
  from: 0,
  description: 'variants to variations, text prices to numbers, ids for pages and elements, legacy shapes',
  up(doc) {
    const catalogId = toId(doc._id) ?? toId(doc.id) ?? 'catalog';
    doc._id = catalogId;
    if ('id' in doc && toId(doc.id) === catalogId) delete doc.id;
    doc.settings = migrateSettings(doc.settings);
    for (const key of ['featured']) {
      const b = toBoolean(doc[key]);
      if (b === undefined) delete doc[key];
      else doc[key] = b;
    }
    setNumbers(doc, ['version', 'download_number', '__v']);
    for (const key of ['created_at', 'updated_at']) {
      const d = toDateString(doc[key]);
      if (d === undefined) delete doc[key];
      else doc[key] = d;
    }
    if (isObject(doc.user)) doc.user = { ...doc.user, _id: toId(doc.user._id) ?? '' };
    const taken = new Set<string>();
    const pages = Array.isArray(doc.pages) ? doc.pages : [];
    doc.pages = pages.filter(isObject).map((p, i) => migratePage(p, i, catalogId, taken));
    return doc;
  },
};
