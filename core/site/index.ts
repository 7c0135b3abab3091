export { SITE_PAGES, matchSitePage, siteImage, sitePage, sitePath, sitePurpose } from './pages.ts';
export type { SitePage, SitePageKind } from './pages.ts';
export { buildRobots, buildSiteSitemap, flipbookPageUrls } from './sitemap.ts';
export { SAMPLE_LISTINGS } from './samples.ts';
