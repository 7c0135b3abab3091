import { useLoaderData, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { matchSitePage, sitePage } from '../../core/site/index.ts';
import { SiteFrame } from '../components/site/site-frame.tsx';
import { siteMeta } from '../components/site/site-meta.ts';
import {
  CoursesBody,
  EnterpriseBody,
  ExploreBody,
  GuideBody,
  HomeBody,
  LegalBody,
  ProductBody,
  TemplateBody,
  TestimonialsBody,
} from '../components/site/site-pages.tsx';
import type { SitePageData } from '../components/site/site-data.server.ts';
import catalogStyles from '../styles/catalogs.css?url';
import siteStyles from '../styles/site.css?url';

/**
 * Every page of the public site (SPEC §2.5 marketing routes, core/site SITE_PAGES), English at its path and
 * French under /fr: app/routes.ts registers this module once per page and language.
 */
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: catalogStyles },
  { rel: 'stylesheet', href: siteStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => siteMeta(data);

export async function loader({ request }: LoaderFunctionArgs) {
  const match = matchSitePage(new URL(request.url).pathname);
  if (!match) throw new Response('Not found', { status: 404 });
  const { loadSitePage } = await import('../components/site/site-data.server.ts');
  return loadSitePage(request, match);
}

export default function SiteRoute() {
  const data = useLoaderData<typeof loader>() as SitePageData;
  const page = sitePage(data.pageId);
  return (
    <SiteFrame
      page={page}
      lang={data.lang}
      signedIn={data.signedIn}
      billing={data.billing}
      operatorName={data.operator.name}
    >
      {page.kind === 'home' ? <HomeBody data={data} /> : null}
      {page.kind === 'template' ? <TemplateBody page={page} data={data} /> : null}
      {page.kind === 'guide' ? <GuideBody page={page} data={data} /> : null}
      {page.kind === 'legal' ? <LegalBody page={page} data={data} /> : null}
      {page.kind === 'explore' ? <ExploreBody page={page} data={data} /> : null}
      {page.kind === 'product' ? <ProductBody page={page} data={data} /> : null}
      {page.kind === 'testimonials' ? <TestimonialsBody data={data} /> : null}
      {page.kind === 'courses' ? <CoursesBody data={data} /> : null}
      {page.kind === 'enterprise' ? <EnterpriseBody data={data} /> : null}
    </SiteFrame>
  );
}
