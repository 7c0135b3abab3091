import { buildRobots } from '../../core/site/index.ts';

/** /robots.txt: the public site may be crawled; it points at /sitemap.xml. */
export async function loader() {
  const { getRuntime } = await import('../../server/runtime/index.ts');
  return new Response(buildRobots(getRuntime().config.appUrl), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
