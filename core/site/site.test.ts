import { describe, expect, it } from 'vitest';
import { getT } from '../i18n/index.ts';
import {
  SITE_PAGES,
  buildRobots,
  buildSiteSitemap,
  flipbookPageUrls,
  matchSitePage,
  sitePath,
  sitePurpose,
} from './index.ts';

describe('the public site pages', () => {
  it('are each at their English path and under /fr in French', () => {
    expect(matchSitePage('/')).toEqual({ page: SITE_PAGES[0], lang: 'en' });
    expect(matchSitePage('/fr')?.lang).toBe('fr');
    expect(matchSitePage('/fr/line-sheet-template')).toMatchObject({
      page: { id: 'lineSheetTemplate', template: 'line_sheet' },
      lang: 'fr',
    });
    expect(matchSitePage('/privacy-policy/')?.page.id).toBe('privacy');
    expect(matchSitePage('/fr/pricing')).toBeNull();
    expect(matchSitePage('/catalogs')).toBeNull();
    expect(matchSitePage('/fr/products/online-wholesale-catalog')).toMatchObject({
      page: { id: 'onlineWholesaleCatalog', kind: 'product', template: 'line_sheet' },
      lang: 'fr',
    });
    expect(matchSitePage('/enterprise')?.page.kind).toBe('enterprise');
  });

  it('cover every marketing route of SPEC §2.5 and /e-commerce-courses, /enterprise', () => {
    const paths = SITE_PAGES.map((p) => p.path);
    for (const path of [
      '/explore',
      '/line-sheet-template',
      '/wholesale-contract-template',
      '/wholesale-order-form-template',
      '/catalog-template',
      '/products/tear-sheets',
      '/products/order-sheets',
      '/products/online-catalog',
      '/products/online-wholesale-catalog',
      '/line-sheet',
      '/product-catalog-template',
      '/price-list-template',
      '/how-to-create-a-product-catalog',
      '/fashion-trade-shows',
      '/catalogs-showcase',
      '/ecommerce-marketing-tips',
      '/testimonials',
      '/privacy-policy',
      '/terms-of-service',
      '/e-commerce-courses',
      '/enterprise',
    ])
      expect(paths).toContain(path);
  });

  it("build a template's document for its purpose: wholesale kinds for buyers, the online catalog for reading online", () => {
    const purpose = (id: string) => sitePurpose(SITE_PAGES.find((p) => p.id === id)!);
    expect(purpose('catalogTemplate')).toBe('print');
    expect(purpose('productCatalogTemplate')).toBe('online');
    expect(purpose('lineSheetTemplate')).toBe('wholesale');
    expect(purpose('contractTemplate')).toBe('wholesale');
  });

  it('have their own title, description and h1 in both languages, none shared with another page', () => {
    for (const lang of ['en', 'fr'] as const) {
      const t = getT(lang, 'site');
      const titles = new Set<string>();
      for (const page of SITE_PAGES) {
        for (const key of ['title', 'description', 'h1']) {
          const text = t(`pages.${page.id}.${key}`);
          expect(text, `${lang} ${page.id}.${key}`).not.toBe(`pages.${page.id}.${key}`);
          expect(text.toLowerCase()).not.toContain('lorem');
        }
        titles.add(t(`pages.${page.id}.title`));
      }
      expect(titles.size).toBe(SITE_PAGES.length);
    }
    expect(getT('fr', 'site')('pages.home.h1')).not.toBe(getT('en', 'site')('pages.home.h1'));
  });
});

describe('the sitemap', () => {
  const xml = buildSiteSitemap('https://cb.example.com/', ['https://cb.example.com/view/spring-line']);

  it('lists every page in English and in French, each with its hreflang alternates', () => {
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const page of SITE_PAGES) {
      expect(locs).toContain(`https://cb.example.com${sitePath(page, 'en')}`);
      expect(locs).toContain(`https://cb.example.com${sitePath(page, 'fr')}`);
    }
    expect(locs).toContain('https://cb.example.com/fr');
    expect(locs).toContain('https://cb.example.com/fr/terms-of-service');
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="fr" href="https://cb.example.com/fr/line-sheet-template"/>',
    );
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://cb.example.com/line-sheet-template"/>',
    );
  });

  it("lists a flipbook's every page: its root opens on page 1, then /page/2 to /page/N", () => {
    expect(flipbookPageUrls('https://cb.example.com/view/spring', 3)).toEqual([
      'https://cb.example.com/view/spring',
      'https://cb.example.com/view/spring/page/2',
      'https://cb.example.com/view/spring/page/3',
    ]);
    expect(flipbookPageUrls('https://cb.example.com/view/empty', 0)).toEqual([
      'https://cb.example.com/view/empty',
    ]);
  });

  it('lists the public flipbooks given, escaped', () => {
    expect(xml).toContain('<loc>https://cb.example.com/view/spring-line</loc>');
    expect(buildSiteSitemap('http://h', ['http://h/view/a&b'])).toContain('<loc>http://h/view/a&amp;b</loc>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('is named by robots.txt, which keeps crawlers out of the app and the API', () => {
    const robots = buildRobots('https://cb.example.com');
    expect(robots).toContain('Sitemap: https://cb.example.com/sitemap.xml');
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain('Allow: /');
  });
});
