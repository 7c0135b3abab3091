import { useLocation } from 'react-router';

/**
 * The embedded app's links keep the admin's query (shop, host, embedded), so the page they open inside the
 * Shopify admin is authenticated for the same shop. The one-time id_token is never carried on.
 */
export function useEmbeddedHref() {
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  query.delete('id_token');
  const kept = query.toString();
  return (path: string) => (kept ? `${path}?${kept}` : path);
}
