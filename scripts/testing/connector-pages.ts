import type { ProductFailure, ProductPage, StoreListing } from '../../connectors/types.ts';

/** Every page of a connector listing, as a sync reads them: the listings, the failures and how many pages. */
export async function readAllPages(
  page: (cursor: string | null) => Promise<ProductPage>,
): Promise<{ listings: StoreListing[]; failures: ProductFailure[]; pages: number }> {
  const listings: StoreListing[] = [];
  const failures: ProductFailure[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const answer: ProductPage = await page(cursor);
    listings.push(...answer.listings);
    failures.push(...answer.failures);
    cursor = answer.nextCursor;
    pages++;
    if (pages > 10_000) throw new Error('The listing never ends');
  } while (cursor);
  return { listings, failures, pages };
}
