import { useEffect, useRef, useState } from 'react';
import { LISTING_SEARCH_DEBOUNCE_MS } from '../../../core/constants.ts';
import { fetchListings, type ListingPage, type ListingQuery } from './api.ts';

/**
 * The page of listings for an account and query. Typing in the search box waits 250 ms (SPEC §9) before
 * asking; other filter changes ask at once. A newer request cancels the one in flight, so a slow answer never
 * replaces a newer one.
 */
export function useListings(opts: {
  accountId: string;
  query: ListingQuery;
  initial?: ListingPage | null;
  /** Bump to ask again with the same query (after an import, an edit or a delete). */
  refreshKey: number;
}) {
  const [page, setPage] = useState<ListingPage | null>(opts.initial ?? null);
  const [loading, setLoading] = useState(!opts.initial);
  const [error, setError] = useState(false);
  const lastKeywords = useRef(opts.query.keywords);
  const skipFirst = useRef(!!opts.initial);
  const { accountId, query, refreshKey } = opts;

  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    const typing = query.keywords !== lastKeywords.current;
    lastKeywords.current = query.keywords;
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        setLoading(true);
        fetchListings(accountId, query, controller.signal)
          .then((p) => {
            setPage(p);
            setError(false);
          })
          .catch((err) => {
            if (!controller.signal.aborted) setError(true);
            return err;
          })
          .finally(() => {
            if (!controller.signal.aborted) setLoading(false);
          });
      },
      typing ? LISTING_SEARCH_DEBOUNCE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [accountId, query, refreshKey]);

  return { page, loading, error };
}
