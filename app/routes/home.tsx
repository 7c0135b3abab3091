import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { Brand } from '../components/brand.tsx';

export const meta: MetaFunction = () => [
  { title: 'Catalog Builder · Product catalogs, line sheets and wholesale order forms from your store' },
  {
    name: 'description',
    content: 'Connect your store and design print-ready catalogs, line sheets and online flipbooks.',
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { currentUser } = await import('../../server/accounts/index.ts');
  const { billingPolicy } = await import('../../server/billing/index.ts');
  const { getRuntime } = await import('../../server/runtime/index.ts');
  const { connectablePlatformNames } = await import('../../server/stores/index.ts');
  const user = await currentUser(request);
  // The home page names only the platforms that connect here (their adapter is registered). With billing off
  // there is no trial to start: an account has the server's plan from the start.
  const config = getRuntime().config as unknown as Record<string, unknown>;
  return { signedIn: !!user, billing: billingPolicy().mode, platforms: connectablePlatformNames(config) };
}

export default function Home() {
  const { t } = useTranslation('app');
  const { signedIn, billing, platforms } = useLoaderData<typeof loader>();
  const start = billing === 'off' ? t('home.startOff') : t('home.start');
  const { i18n } = useTranslation();
  const platformList = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(platforms);
  return (
    <>
      <header className="cb-topbar">
        <Brand />
        <nav aria-label={t('nav.label')}>
          {signedIn ? (
            <Link to="/catalogs">{t('nav.catalogs')}</Link>
          ) : (
            <>
              <Link to="/login">{t('home.signIn')}</Link>
              <Link to="/register" className="cb-button cb-button--primary">
                {start}
              </Link>
            </>
          )}
        </nav>
      </header>
      <main>
        <section className="cb-hero">
          <div>
            <h1>{t('home.headline')}</h1>
            <p>{t('home.lead')}</p>
            <div className="cb-hero__actions">
              <Link to={signedIn ? '/catalogs' : '/register'} className="cb-button cb-button--primary">
                {signedIn ? t('nav.catalogs') : start}
              </Link>
              {signedIn ? null : (
                <Link to="/login" className="cb-button cb-button--secondary">
                  {t('home.signIn')}
                </Link>
              )}
            </div>
          </div>
          <div className="cb-hero__pages" aria-hidden="true">
            {[0, 1].map((p) => (
              <div className="cb-hero__page" key={p}>
                {Array.from({ length: 9 }, (_, i) => (
                  <span key={i} />
                ))}
              </div>
            ))}
          </div>
        </section>
        <section className="cb-features">
          {(['connect', 'design', 'publish'] as const).map((k) => (
            <div key={k}>
              <h3>{t(`home.features.${k}.title`)}</h3>
              <p>{t(`home.features.${k}.body`, { platforms: platformList })}</p>
            </div>
          ))}
        </section>
      </main>
    </>
  );
}
