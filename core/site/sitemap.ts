import { LANGUAGES } from '../i18n/index.ts';
import { SITE_PAGES, sitePath } from './pages.ts';

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A published flipbook's addresses: its root (which opens on the first page), then /page/2 to /page/N, each of
 * which a crawler reads as its own document with that page's products.
 */
export function flipbookPageUrls(root: string, pageCount: number): string[] {
  const urls = [root];
  for (let n = 2; n <= pageCount; n++) urls.push(`${root}/page/${n}`);
  return urls;
}

/**
 * /sitemap.xml: every page of the public site in English and in French, each with its two hreflang alternates
 * (and x-default, the English page), then the public flipbooks' addresses as given.
 */
export function buildSiteSitemap(origin: string, flipbooks: readonly string[] = []): string {
  const base = origin.replace(/\/+$/, '');
  const urls: string[] = [];
  for (const page of SITE_PAGES) {
    const alternates = LANGUAGES.map(
      (l) =>
        `    <xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(base + sitePath(page, l))}"/>`,
    );
    alternates.push(
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(base + page.path)}"/>`,
    );
    for (const lang of LANGUAGES)
      urls.push(
        `  <url>\n    <loc>${escapeXml(base + sitePath(page, lang))}</loc>\n${alternates.join('\n')}\n  </url>`,
      );
  }
  for (const url of flipbooks) urls.push(`  <url>\n    <loc>${escapeXml(url)}</loc>\n  </url>`);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    urls.join('\n') +
    '\n</urlset>\n'
  );
}

/** robots.txt: the whole public site may be read; the signed-in app and the API are of no use to a crawler. */
export function buildRobots(origin: string): string {
  const base = origin.replace(/\/+$/, '');
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /designs/',
    'Disallow: /catalogs',
    'Disallow: /listings',
    'Disallow: /preview/',
    'Disallow: /admin',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}
