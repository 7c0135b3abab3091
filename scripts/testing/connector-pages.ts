import type { ProductFailure, ProductPage, StoreListing } from '../../connectors/types.ts';

/** Every page a connector lists, following nextCursor to the end (a guard stops a cursor that never ends). */
export async function listAllPages<P extends { nextCursor: string | null }>(
  list: (cursor: string | null) => Promise<P>,
  maxPages = 10_000,
): Promise<P[]> {
  const pages: P[] = [];
  let cursor: string | null = null;
  do {
    const page: P = await list(cursor);
    pages.push(page);
    cursor = page.nextCursor;
    if (pages.length > maxPages) throw new Error(`Still paging after ${maxPages} pages`);
  } while (cursor);
  return pages;
}

/** Every page of a connector listing, as a sync reads them: the listings, the failures and how many pages. */
export async function readAllPages(
  page: (cursor: string | null) => Promise<ProductPage>,
): Promise<{ listings: StoreListing[]; failures: ProductFailure[]; pages: number }> {
  const pages = await listAllPages(page);
  return {
    listings: pages.flatMap((p) => p.listings),
    failures: pages.flatMap((p) => p.failures),
    pages: pages.length,
  };
}
