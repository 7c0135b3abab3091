import { createPage } from '../layouts/index.ts';
import type { Catalog } from '../model/index.ts';
import { autoLayout } from './auto-layout.ts';
import type { CommandOptions, CommandResult } from './types.ts';
import { clampPage, flowPageTemplate, idGenerator, insertPages, result, withPages } from './util.ts';

/**
 * A new, empty flow page after the current one (settings.flow_layout_columns columns, the current page's
 * header and footer when it is a products, images or flow page); it becomes current.
 */
export function addFlowPage(catalog: Catalog, options: CommandOptions = {}): CommandResult {
  const newId = idGenerator(options);
  const current = catalog.pages.length ? clampPage(catalog, options.currentPage) : -1;
  const page = createPage({ ...flowPageTemplate(catalog, catalog.pages[current]), newId });
  return result(insertPages(catalog, current + 1, [page]), current + 1);
}

export interface ArrangementOptions extends CommandOptions {
  /** settings.layout: 'flow' puts added products on flow pages (SPEC §4 flow mode); 'grid' in cells. */
  layout?: 'flow' | 'grid';
  /** settings.automaticMode: an added product takes the first free cell from the current page on. */
  automaticMode?: boolean;
  /** settings.reorganize_automatically: products flow through the product cells after every change. */
  reorganize?: boolean;
}

/**
 * Change how the catalog arranges its products (SPEC §3 settings, §4 'Adding content' and 'Automatic page
 * layout'). Turning reorganize_automatically on lays the products out at once, in the same step, so the
 * merchant sees what the setting does.
 */
export function setArrangement(catalog: Catalog, options: ArrangementOptions): CommandResult {
  const current = options.currentPage ?? 0;
  const settings = { ...catalog.settings };
  if (options.layout !== undefined) settings.layout = options.layout;
  if (options.automaticMode !== undefined) settings.automaticMode = options.automaticMode;
  if (options.reorganize !== undefined) settings.reorganize_automatically = options.reorganize;
  const same = (Object.keys(settings) as (keyof typeof settings)[]).every(
    (k) => settings[k] === catalog.settings[k],
  );
  if (same) return result(catalog, current);
  const next = { ...catalog, settings };
  return options.reorganize ? autoLayout(next, options) : result(next, current);
}

export interface MovePagesOptions extends CommandOptions {
  /** The pages to move, in any order; they keep their order among themselves. */
  pageIndices: number[];
  /** Where they go: the index, in the catalog as it is, of the page they end up before (length: the end). */
  before: number;
}

/**
 * Move several pages at once (the page organizer's drag or Alt+arrows): they are taken out and put back
 * together before page `before`. The first moved page becomes current.
 */
export function movePages(catalog: Catalog, options: MovePagesOptions): CommandResult {
  const n = catalog.pages.length;
  const picked = [...new Set(options.pageIndices)].filter((i) => i >= 0 && i < n).sort((a, b) => a - b);
  const current = options.currentPage ?? 0;
  if (!picked.length) return result(catalog, current);
  const before = Math.max(0, Math.min(options.before, n));
  const moving = picked.map((i) => catalog.pages[i]!);
  const set = new Set(picked);
  const rest = catalog.pages.filter((_, i) => !set.has(i));
  const at = before - picked.filter((i) => i < before).length;
  const pages = [...rest.slice(0, at), ...moving, ...rest.slice(at)];
  if (pages.every((p, i) => p === catalog.pages[i])) return result(catalog, current);
  return result(withPages(catalog, pages), at);
}
