import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COOKIE_NOTICE_DELAY_MS } from '../../../core/constants.ts';
import type { Language } from '../../../core/i18n/index.ts';
import { sitePage, sitePath } from '../../../core/site/index.ts';

/** Where the browser remembers that the visitor read the notice. */
export const COOKIE_NOTICE_KEY = 'cb-cookie-notice';

const seen = () => {
  try {
    return window.localStorage.getItem(COOKIE_NOTICE_KEY) === 'ok';
  } catch {
    return false;
  }
};

/**
 * SPEC §9: the cookie notice, shown to anonymous visitors 2 s after the page opens, until they acknowledge it
 * (remembered in the browser). The site sets no analytics cookie, so there is nothing to consent to beyond it.
 */
export function CookieNotice({ lang }: { lang: Language }) {
  const { t } = useTranslation('site');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (seen()) return;
    const timer = window.setTimeout(() => setOpen(true), COOKIE_NOTICE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!open) return null;
  const close = () => {
    try {
      window.localStorage.setItem(COOKIE_NOTICE_KEY, 'ok');
    } catch {
      // Private browsing without storage: the notice closes for this page only.
    }
    setOpen(false);
  };
  return (
    <section className="cb-cookie" aria-label={t('cookies.label')}>
      <p>
        {t('cookies.text')} <a href={sitePath(sitePage('privacy'), lang)}>{t('cookies.more')}</a>
      </p>
      <button type="button" className="cb-site-button cb-site-button--primary" onClick={close}>
        {t('cookies.ok')}
      </button>
    </section>
  );
}
