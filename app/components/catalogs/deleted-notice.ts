import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The title of the catalog the editor just deleted (it comes to the catalogs list with `?deleted=<title>`), for
 * the list to say so. The address then loses the parameter, so a reload says nothing more; the browser's history
 * is changed directly, since a router navigation would load the page's data again for nothing (and inside the
 * Shopify admin without the session token it came with).
 */
export function useDeletedCatalogTitle(): string | null {
  const [params] = useSearchParams();
  const [title] = useState(() => params.get('deleted'));
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has('deleted')) return;
    url.searchParams.delete('deleted');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, []);
  return title;
}
