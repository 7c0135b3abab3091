import { countPlacements, type Placements } from '../../core/commands/index.ts';
import type { Catalog } from '../../core/model/index.ts';

// One count per version of the document: the top bar, the products list and every selector that asks share it,
// and a change that leaves the pages as they were (a selection, a zoom) counts nothing again.
const counted = new WeakMap<Catalog['pages'], Placements>();

/** The catalog's placed products (core/commands countPlacements), memoized over its pages. */
export function placementsOf(catalog: Catalog): Placements {
  let found = counted.get(catalog.pages);
  if (!found) {
    found = countPlacements(catalog);
    counted.set(catalog.pages, found);
  }
  return found;
}
