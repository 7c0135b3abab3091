import { isProductElement, type Catalog } from '../model/index.ts';

/** How a catalog uses its products: product elements on its pages, distinct products, and each one's count. */
export type Placements = {
  /** Product elements on the pages (a product shown twice counts twice). */
  placements: number;
  /** Distinct products among them. */
  products: number;
  /** Placements of each product, by its id (the listing's id for products placed from the listings). */
  byId: ReadonlyMap<string, number>;
};

/**
 * Count the catalog's placed products (SPEC §4 'A product count'; the editor's products list marks the placed
 * ones). A product without an id is told apart by its title.
 */
export function countPlacements(catalog: Catalog): Placements {
  const byId = new Map<string, number>();
  let placements = 0;
  for (const page of catalog.pages)
    for (const element of page.elements) {
      if (!isProductElement(element)) continue;
      const key = element.properties.id || `title:${element.properties.title}`;
      byId.set(key, (byId.get(key) ?? 0) + 1);
      placements++;
    }
  return { placements, products: byId.size, byId };
}
