/**
 * The wizard's 'All categories' (SPEC §2.6): a catalog of every product is still laid out by category, so its
 * contents page lists the categories in order and each product sits in its own category's pages.
 */
import { getT, normalizeLanguage } from '../i18n/index.ts';
import type { ListingInput } from '../model/index.ts';
import type { BuildSection } from './build-catalog.ts';

/**
 * The products in one section per category: categories A–Z in the catalog's language (the order the wizard lists
 * them in), products keeping the order they come in (the chosen sort) inside each, products without a category
 * last under 'Other products'. Categories differing only in case or surrounding spaces are one. With fewer than
 * two categories, one unnamed section: a single heading would add nothing.
 */
export function sectionsByCategory(
  listings: readonly ListingInput[],
  opts: { language?: string } = {},
): BuildSection[] {
  const language = normalizeLanguage(opts.language ?? 'en');
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  const groups = new Map<string, { title: string; listings: ListingInput[] }>();
  const other: ListingInput[] = [];
  for (const listing of listings) {
    const title = typeof listing.category === 'string' ? listing.category.trim().replace(/\s+/g, ' ') : '';
    if (!title) {
      other.push(listing);
      continue;
    }
    const key = title.toLocaleLowerCase(language);
    const group = groups.get(key) ?? { title, listings: [] };
    group.listings.push(listing);
    groups.set(key, group);
  }
  if (groups.size + (other.length ? 1 : 0) < 2) return [{ title: null, listings: [...listings] }];
  const sections: BuildSection[] = [...groups.values()].sort((a, b) => collator.compare(a.title, b.title));
  if (other.length) sections.push({ title: getT(language, 'catalogs')('build.other'), listings: other });
  return sections;
}
