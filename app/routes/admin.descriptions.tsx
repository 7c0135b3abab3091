import { useLoaderData, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { loadTemplateLibrary } from '../components/staff/template-library.server.ts';
import { TemplateLibraryScreen } from '../components/staff/template-library.tsx';
import catalogStyles from '../styles/catalogs.css?url';
import templateStyles from '../styles/templates.css?url';
import { richTextStylesheet } from '../components/rich-text/index.ts';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: catalogStyles },
  { rel: 'stylesheet', href: templateStyles },
  { rel: 'stylesheet', href: richTextStylesheet },
];

export const meta: MetaFunction = () => [{ title: 'Description templates · Admin · Catalog Builder' }];

export const loader = ({ request }: LoaderFunctionArgs) => loadTemplateLibrary(request, 'description');

/** SPEC §2.1 /admin/descriptions: the library of description templates, kept by staff. */
export default function AdminDescriptionTemplatesPage() {
  const props = useLoaderData<typeof loader>();
  return <TemplateLibraryScreen kind="description" {...props} />;
}
