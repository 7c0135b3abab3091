import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Brand } from '../brand.tsx';

/**
 * The top bar of the public pricing pages: the app's links when signed in, sign-in links otherwise; only the
 * brand with `nav` false (SPEC §2.5 nonav).
 */
export function PricingHeader({
  email,
  isStaff,
  nav = true,
}: {
  email: string | null;
  isStaff: boolean;
  nav?: boolean;
}) {
  const { t, i18n } = useTranslation('app');
  const fr = i18n.language === 'fr';
  if (!nav)
    return (
      <header className="cb-topbar">
        <Brand />
      </header>
    );
  return (
    <header className="cb-topbar">
      <Brand />
      <nav aria-label={t('nav.label')}>
        {email ? (
          <>
            <Link to="/catalogs">{t('nav.catalogs')}</Link>
            {isStaff ? <Link to="/admin/users">{t('nav.admin')}</Link> : null}
            <a href="/auth/logout">{t('nav.logout')}</a>
          </>
        ) : (
          <>
            <Link to="/login">{t('login.submit')}</Link>
            <Link to="/register">{t('register.submit')}</Link>
          </>
        )}
        <a href={fr ? '/pricing' : '/fr/pricing'} lang={fr ? 'en' : 'fr'} hrefLang={fr ? 'en' : 'fr'}>
          {fr ? 'English' : 'Français'}
        </a>
      </nav>
    </header>
  );
}
