import { isProductElement, type Catalog } from '../model/index.ts';

/** The store addresses of the catalog's product pictures that have no kept copy of ours in the document. */
export function unkeptPictureUrls(catalog: Catalog): string[] {
  const urls = new Set<string>();
  for (const page of catalog.pages)
    for (const el of page.elements)
      if (isProductElement(el)) for (const img of el.properties.images) if (!img.kept) urls.add(img.original);
  return [...urls];
}

/**
 * The catalog with our kept copies filled in for product pictures that name only the store's address (placed
 * before the picture was kept): the renderer then draws and prints our copy, never the store's.
 */
export function withKeptPictures(catalog: Catalog, kept: ReadonlyMap<string, { kept: string }>): Catalog {
  if (kept.size === 0) return catalog;
  let changed = false;
  const pages = catalog.pages.map((page) => {
    let pageChanged = false;
    const elements = page.elements.map((el) => {
      if (!isProductElement(el)) return el;
      if (!el.properties.images.some((i) => !i.kept && kept.has(i.original))) return el;
      pageChanged = true;
      const images = el.properties.images.map((i) =>
        i.kept || !kept.has(i.original) ? i : { ...i, kept: kept.get(i.original)!.kept },
      );
      return { ...el, properties: { ...el.properties, images } };
    });
    if (!pageChanged) return page;
    changed = true;
    return { ...page, elements };
  });
  return changed ? { ...catalog, pages } : catalog;
}
