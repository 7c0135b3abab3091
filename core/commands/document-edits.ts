import type { Catalog, CatalogSettings, Page } from '../model/index.ts';
import type { CommandOptions, CommandResult } from './types.ts';
import { followPage, result, withPages } from './util.ts';

/** The catalog's brand (SPEC §3): what the Branding tab's theme editor, fonts and CSS panels change. */
export type BrandField =
  | 'theme'
  | 'fonts'
  | 'font_links'
  | 'branding_css'
  | 'custom_css'
  | 'default_images_style'
  | 'priceTemplateStyle';

export interface UpdateSettingsOptions extends CommandOptions {
  settings?: Partial<CatalogSettings>;
  /**
   * Catalog fields the editor changes besides settings: the title, the default footer, the brand, the table
   * editor's columns and the caption and description templates.
   */
  fields?: Partial<
    Pick<
      Catalog,
      | BrandField
      | 'title'
      | 'default_footer'
      | 'table_configuration'
      | 'variants_table_configuration'
      | 'priceTemplate'
      | 'descriptionTemplate'
      | 'default_price_template'
    >
  >;
}

/**
 * Change catalog settings (page format, products per page, flow columns, language...) and the catalog's own
 * fields (title, footer, theme, fonts, CSS, image and price styles): one command, so one undo step. Pages keep
 * their own layouts: products per page and flow columns apply to the pages made from now on.
 */
export function updateSettings(catalog: Catalog, options: UpdateSettingsOptions): CommandResult {
  const settings = { ...catalog.settings, ...options.settings };
  const fields = options.fields ?? {};
  const same =
    Object.entries(settings).every(([k, v]) => catalog.settings[k as keyof CatalogSettings] === v) &&
    Object.entries(fields).every(([k, v]) => catalog[k as keyof Catalog] === v);
  if (same) return result(catalog, options.currentPage ?? 0);
  return result({ ...catalog, ...fields, settings }, options.currentPage ?? 0);
}

export interface RemovePagesOptions extends CommandOptions {
  pageIndices: number[];
}

/** Remove several pages at once (the thumbnails' multi-select); the editor stays near the page it showed. */
export function removePages(catalog: Catalog, options: RemovePagesOptions): CommandResult {
  const drop = new Set(options.pageIndices.filter((i) => i >= 0 && i < catalog.pages.length));
  if (!drop.size) return result(catalog, options.currentPage ?? 0);
  const next = withPages(
    catalog,
    catalog.pages.filter((_, i) => !drop.has(i)),
  );
  return result(next, followPage(catalog, next, options.currentPage ?? 0));
}

/**
 * A change of the catalog between two of its states, by page id: the page order before and after, the pages
 * whose content the later state has (changed or added) and the catalog fields when they changed. What undo
 * and redo did, recorded so it can be done again on a newer copy of the catalog (applyPageDiff).
 */
export interface PageDiff {
  before: string[];
  after: string[];
  pages: Page[];
  document?: Omit<Catalog, 'pages'>;
}

/** The diff that turns `from` into `to` (pages compared by object: commands share the pages they leave alone). */
export function diffPages(from: Catalog, to: Catalog): PageDiff {
  const old = new Map(from.pages.map((p) => [p.id, p]));
  const { pages: _from, ...fromFields } = from;
  const { pages: _to, ...toFields } = to;
  const fieldsChanged = (Object.keys(toFields) as (keyof typeof toFields)[]).some(
    (k) => fromFields[k] !== toFields[k],
  );
  return {
    before: from.pages.map((p) => p.id),
    after: to.pages.map((p) => p.id),
    pages: to.pages.filter((p) => old.get(p.id) !== p),
    ...(fieldsChanged ? { document: toFields } : {}),
  };
}

/**
 * Apply a diff to another copy of the catalog (a newer one from the server): its pages replace theirs by id;
 * pages it removed are removed, pages it added go after the page they followed; pages it moved take the
 * diff's order among themselves while other pages stay where they are. Pages the other copy added are kept.
 */
export function applyPageDiff(catalog: Catalog, diff: PageDiff, options: CommandOptions = {}): CommandResult {
  const content = new Map(diff.pages.map((p) => [p.id, p]));
  const removed = new Set(diff.before.filter((id) => !diff.after.includes(id)));
  const beforeSet = new Set(diff.before);
  let ids = catalog.pages.map((p) => p.id).filter((id) => !removed.has(id));
  // Pages the diff moved: the ones both states have take the diff's relative order, in the slots they hold.
  const common = diff.after.filter((id) => beforeSet.has(id) && ids.includes(id));
  const slots = ids.map((id, i) => (common.includes(id) ? i : -1)).filter((i) => i >= 0);
  slots.forEach((slot, k) => (ids[slot] = common[k]!));
  for (const [k, id] of diff.after.entries()) {
    if (beforeSet.has(id) || ids.includes(id)) continue;
    const prev = diff.after
      .slice(0, k)
      .reverse()
      .find((p) => ids.includes(p));
    ids =
      prev === undefined
        ? [id, ...ids]
        : [...ids.slice(0, ids.indexOf(prev) + 1), id, ...ids.slice(ids.indexOf(prev) + 1)];
  }
  const byId = new Map(catalog.pages.map((p) => [p.id, p]));
  const pages = ids.flatMap((id) => {
    const page = content.get(id) ?? byId.get(id);
    return page ? [page] : [];
  });
  const next = { ...catalog, ...(diff.document ?? {}), pages };
  return result(next, followPage(catalog, next, options.currentPage ?? 0));
}
