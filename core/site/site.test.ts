import { describe, expect, it } from 'vitest';
import { getT } from '../i18n/index.ts';
import { SITE_PAGES, buildRobots, buildSiteSitemap, matchSitePage, sitePath } from './index.ts';

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
