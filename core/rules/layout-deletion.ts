import type { Catalog } from '../model/index.ts';

export const LAYOUT_IN_USE_MESSAGE =
  'Your catalog is using this layout. Please remove it from the catalog before deleting it.';

/** Deleting a layout is refused while a page of the catalog uses it (SPEC §4 'Editor mode and layouts'). */
export function checkLayoutDeletion(
  catalog: Pick<Catalog, 'pages'>,
  layoutId: string,
): { ok: true } | { ok: false; message: string; pageIndexes: number[] } {
  const pageIndexes = catalog.pages.flatMap((p, i) => (p.layout._id === layoutId ? [i] : []));
  return pageIndexes.length ? { ok: false, message: LAYOUT_IN_USE_MESSAGE, pageIndexes } : { ok: true };
}
