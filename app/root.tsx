import { AppProvider } from '@shopify/polaris';
import polarisStyles from '@shopify/polaris/build/esm/styles.css?url';
import polarisEn from '@shopify/polaris/locales/en.json';
import polarisFr from '@shopify/polaris/locales/fr.json';
import { useEffect, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import {
  Link as RouterLink,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
  useRouteLoaderData,
  type LinksFunction,
  type LoaderFunctionArgs,
} from 'react-router';
import { z } from 'zod';
import { createI18n, normalizeLanguage } from '../core/i18n/index.ts';
import { Brand } from './components/brand.tsx';
import { isDocumentUrl } from './components/catalogs/links.ts';
import appStyles from './styles/app.css?url';

// Zod compiles its parsers with `new Function` where eval is allowed, and tries it to find out; the page's
// policy allows no eval (entry.server.tsx), so the browser would report the try as a violation. Pages use the
// plain parsers; the server keeps the compiled ones.
if (typeof document !== 'undefined') z.config({ jitless: true });

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: polarisStyles },
  { rel: 'stylesheet', href: appStyles },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { detectLanguage } = await import('../server/platform/index.ts');
  return { lang: detectLanguage(request) };
}

function PolarisLink({
  url,
  children,
  external,
  ...rest
}: {
  url: string;
  children?: React.ReactNode;
  external?: boolean;
  download?: string | boolean;
}) {
  // A file to download (staff CSVs) is a plain link: the router would ask its loader for data instead.
  if (rest.download) {
    return (
      <a href={url} {...rest} download={rest.download === true ? '' : rest.download}>
        {children}
      </a>
    );
  }
  if (external || /^https?:/.test(url)) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  // The viewer, downloads and files are not pages of this router: the browser loads them itself.
  if (isDocumentUrl(url)) {
    return (
      <a href={url} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <RouterLink to={url} {...rest}>
      {children}
    </RouterLink>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const lang = normalizeLanguage(data?.lang);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Every page's providers, on the app's pages and its error pages alike. */
export function Providers({ lang, children }: { lang: string; children: React.ReactNode }) {
  const i18n = useMemo(() => createI18n(lang), [lang]);
  // Says once React has taken over the server's HTML: before that a button does nothing, so end-to-end tests
  // (e2e/support/page.ts) wait for it before they act. A property, not an attribute on <html>: changing the
  // root element's attributes restyles the whole document, 300 ms on the editor's bench catalog.
  useEffect(() => {
    (window as Window & { __cbHydrated?: boolean }).__cbHydrated = true;
  }, []);
  return (
    <I18nextProvider i18n={i18n}>
      <AppProvider
        i18n={normalizeLanguage(lang) === 'fr' ? polarisFr : polarisEn}
        linkComponent={PolarisLink}
      >
        {children}
      </AppProvider>
    </I18nextProvider>
  );
}

export default function App() {
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    <Providers lang={data?.lang ?? 'en'}>
      <Outlet />
    </Providers>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    <Providers lang={data?.lang ?? 'en'}>
      <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />
    </Providers>
  );
}

function ErrorPage({ status }: { status: number }) {
  const { t } = useTranslation('app');
  const kind = status === 404 ? 'notFound' : status === 403 ? 'forbidden' : 'generic';
  return (
    <main className="cb-error" data-status={status}>
      <Brand />
      <h1>{t(`errors.${kind}.title`)}</h1>
      <p>{t(`errors.${kind}.body`)}</p>
      <a className="cb-button cb-button--primary" href="/">
        {t('errors.home')}
      </a>
    </main>
  );
}
