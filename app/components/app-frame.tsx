import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { SESSION_HEARTBEAT_MS } from '../../core/constants.ts';
import { Brand } from './brand.tsx';

/**
 * Counts the signed-in user as present (SPEC §3 recorded_sessions, which staff read as session durations): once
 * when a page opens and every SESSION_HEARTBEAT_MS while it is shown. A failed call is simply tried next time.
 */
function useSessionHeartbeat() {
  useEffect(() => {
    const beat = () => {
      if (document.visibilityState !== 'visible') return;
      void fetch('/api/v1/users/me/recorded_sessions', { headers: { Accept: 'application/json' } }).catch(
        () => {},
      );
    };
    beat();
    const id = setInterval(beat, SESSION_HEARTBEAT_MS);
    return () => clearInterval(id);
  }, []);
}

/**
 * The frame of every signed-in standalone page: the top bar and the page.
 *
 * One element holds both: Polaris locks scrolling under a modal by marking the body's first child as the
 * scroll wrapper (height 100%, overflow hidden); with the bar as that child, the bar grew to the window's
 * height behind the backdrop. Below 720 px the links fold into a menu so 'Log out' is never cut off.
 */
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
  const { t: tv } = useTranslation('viewer');
  const { t: th } = useTranslation('help');
  const { t: ts } = useTranslation('settings');
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  useSessionHeartbeat();
  // A link followed from the menu closes it.
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const links = (
    <>
      <NavLink to="/catalogs" className="cb-topbar__link">
        {t('nav.catalogs')}
      </NavLink>
      <NavLink to="/listings" className="cb-topbar__link">
        {t('nav.listings')}
      </NavLink>
      <NavLink to="/pagelayouts" className="cb-topbar__link">
        {t('nav.layouts')}
      </NavLink>
      <NavLink to="/stores" className="cb-topbar__link">
        {t('nav.stores')}
      </NavLink>
      <NavLink to="/orders" className="cb-topbar__link">
        {tv('orders.nav')}
      </NavLink>
      <NavLink to="/dashboard" className="cb-topbar__link">
        {tb('nav.billing')}
      </NavLink>
      <NavLink to="/help" className="cb-topbar__link">
        {th('nav')}
      </NavLink>
      {isStaff ? (
        <NavLink to="/admin/users" className="cb-topbar__link">
          {t('nav.admin')}
        </NavLink>
      ) : null}
    </>
  );
  const account = (
    <>
      {email ? (
        <span className="cb-topbar__email" title={email}>
          {email}
        </span>
      ) : null}
      <NavLink to="/settings" className="cb-topbar__link">
        {ts('nav')}
      </NavLink>
      <a href="/auth/logout" className="cb-topbar__link">
        {t('nav.logout')}
      </a>
    </>
  );

  return (
    <div className="cb-frame">
      <header className="cb-topbar">
        <Brand />
        <nav aria-label={t('nav.label')} className="cb-topbar__nav">
          <div className="cb-topbar__links">{links}</div>
          <div className="cb-topbar__account">{account}</div>
        </nav>
        <button
          ref={button}
          type="button"
          className="cb-topbar__menu-button"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((o) => !o)}
        >
          <svg viewBox="0 0 20 20" aria-hidden="true" width="20" height="20">
            {open ? (
              <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            ) : (
              <path
                d="M3 5h14M3 10h14M3 15h14"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
              />
            )}
          </svg>
          {t('nav.menu')}
        </button>
      </header>
      <nav
        id={menuId}
        aria-label={t('nav.label')}
        className="cb-topbar__menu"
        hidden={!open}
        data-open={open ? '' : undefined}
      >
        {links}
        <div className="cb-topbar__menu-account">{account}</div>
      </nav>
      {children}
    </div>
  );
}
