import { normalizeLanguage, type Language } from '../../../core/i18n/index.ts';
import { matchSitePage } from '../../../core/site/index.ts';

/**
 * A page of the public site is in the language of its address (/fr/...: French, else English), so a link shared
 * or indexed reads the same for everyone. Elsewhere: ?lng=, then the lng cookie, then the browser's
 * Accept-Language; English by default.
 */
export function detectLanguage(request: Request): Language {
  const url = new URL(request.url);
  const site = matchSitePage(url.pathname);
  if (site) return site.lang;
  const q = url.searchParams.get('lng');
  if (q) return normalizeLanguage(q);
  if (url.pathname === '/fr' || url.pathname.startsWith('/fr/')) return 'fr';
  const cookie = /(?:^|;\s*)lng=([a-z]{2})/.exec(request.headers.get('cookie') ?? '');
  if (cookie) return normalizeLanguage(cookie[1]);
  const accept = request.headers.get('accept-language') ?? '';
  return normalizeLanguage(accept.split(',')[0]);
}
