export { SITE_PAGES, matchSitePage, sitePage, sitePath } from './pages.ts';
export type { SitePage, SitePageKind } from './pages.ts';
export { buildRobots, buildSiteSitemap } from './sitemap.ts';
export { SAMPLE_LISTINGS } from './samples.ts';
