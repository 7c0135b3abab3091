import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppFrame } from '../app-frame.tsx';
import { Brand } from '../brand.tsx';

export type HelpViewer = { email: string | null; isStaff: boolean } | null;

/** The help pages sit in the app's frame for a signed-in merchant, and under a public bar for anyone else. */
export function HelpFrame({ viewer, children }: { viewer: HelpViewer; children: React.ReactNode }) {
  const { t } = useTranslation('help');
  const { t: ta } = useTranslation('app');
  if (viewer)
    return (
      <AppFrame email={viewer.email} isStaff={viewer.isStaff}>
        {children}
      </AppFrame>
    );
  return (
    <div className="cb-frame">
      <header className="cb-topbar">
        <Brand />
        <nav aria-label={ta('nav.label')}>
          <Link to="/login">{t('signIn')}</Link>
          <Link to="/register" className="cb-button cb-button--primary">
            {t('register')}
          </Link>
        </nav>
      </header>
      {children}
    </div>
  );
}
