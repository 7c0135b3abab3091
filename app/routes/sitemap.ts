import { buildSiteSitemap, flipbookPageUrls } from '../../core/site/index.ts';

/** /sitemap.xml: the public site in both languages and every page of the public flipbooks (core/site). */
export async function loader() {
  const { getRuntime } = await import('../../server/runtime/index.ts');
  const { listSitemapCatalogs, viewPath } = await import('../../server/catalogs/index.ts');
  const { config, db } = getRuntime();
  const flipbooks = (await listSitemapCatalogs({ db })).flatMap((r) =>
    flipbookPageUrls(config.appUrl + viewPath(r), r.pageCount),
  );
  return new Response(buildSiteSitemap(config.appUrl, flipbooks), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  });
}
