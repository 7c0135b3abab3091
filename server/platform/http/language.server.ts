import { normalizeLanguage, type Language } from '../../../core/i18n/index.ts';

/** ?lng=, then the lng cookie, then the browser's Accept-Language; English by default. */
export function detectLanguage(request: Request): Language {
  const url = new URL(request.url);
  const q = url.searchParams.get('lng');
  if (q) return normalizeLanguage(q);
  if (url.pathname === '/fr' || url.pathname.startsWith('/fr/')) return 'fr';
  const cookie = /(?:^|;\s*)lng=([a-z]{2})/.exec(request.headers.get('cookie') ?? '');
  if (cookie) return normalizeLanguage(cookie[1]);
  const accept = request.headers.get('accept-language') ?? '';
  return normalizeLanguage(accept.split(',')[0]);
}
