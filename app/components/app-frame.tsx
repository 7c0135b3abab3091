import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Brand } from './brand.tsx';

/** Top bar of the signed-in standalone app. */
export function AppFrame({
  email,
  isStaff,
  children,
}: {
  email: string | null;
  isStaff?: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('app');
  const { t: tb } = useTranslation('billing');
  return (
    <>
      <header className="cb-topbar">
        <Brand />
        <nav aria-label={t('nav.label')}>
          <Link to="/catalogs">{t('nav.catalogs')}</Link>
          <Link to="/listings">{t('nav.listings')}</Link>
          <Link to="/dashboard">{tb('nav.billing')}</Link>
          {isStaff ? <Link to="/admin/users">{t('nav.admin')}</Link> : null}
          <span className="cb-topbar-email">{email}</span>
          <a href="/auth/logout">{t('nav.logout')}</a>
        </nav>
      </header>
      {children}
    </>
  );
}
