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
  const { t: tv } = useTranslation('viewer');
  return (
    <>
      <header className="cb-topbar">
        <Brand />
        <nav aria-label={t('nav.label')}>
          <Link to="/catalogs">{t('nav.catalogs')}</Link>
          <Link to="/listings">{t('nav.listings')}</Link>
          <Link to="/orders">{tv('orders.nav')}</Link>
          {isStaff ? <Link to="/admin/users">{t('nav.admin')}</Link> : null}
          <span style={{ color: '#6b6b6b' }}>{email}</span>
          <a href="/auth/logout">{t('nav.logout')}</a>
        </nav>
      </header>
      {children}
    </>
  );
}
