import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Language } from '../../../core/i18n/index.ts';
import { sitePage, sitePath, type SitePage } from '../../../core/site/index.ts';
import { BrandMark } from '../brand.tsx';
import { CookieNotice } from './cookie-notice.tsx';
import { GUIDE_PAGES, PRODUCT_PAGES, TEMPLATE_PAGES } from './site-meta.ts';

/** A link to another page of the site in the same language. */
export function SiteLink({
  id,
  lang,
  hash,
  className,
  children,
}: {
  id: string;
  lang: Language;
  hash?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Link to={sitePath(sitePage(id), lang) + (hash ? `#${hash}` : '')} className={className}>
      {children}
    </Link>
  );
}

/**
 * The frame of every public page: a skip link, the header (brand, sections, the same page in the other
 * language, sign in or the merchant's catalogs), the page, the footer and the cookie notice.
 */
export function SiteFrame({
  page,
  lang,
  signedIn,
  billing,
  operatorName,
  children,
}: {
  page: SitePage;
  lang: Language;
  signedIn: boolean;
  /** With billing off the call to action opens an account, not a trial. */
  billing: 'on' | 'off';
  operatorName: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('site');
  const other: Language = lang === 'fr' ? 'en' : 'fr';
  const pricing = lang === 'fr' ? '/fr/pricing' : '/pricing';
  return (
    <div className="cb-site">
      <a className="cb-site__skip" href="#content">
        {t('skip')}
      </a>
      <header className="cb-site__header">
        <div className="cb-site__bar">
          <Link to={sitePath(sitePage('home'), lang)} className="cb-site__brand">
            <BrandMark />
            Catalog Builder
          </Link>
          <nav aria-label={t('nav.label')} className="cb-site__nav">
            <SiteLink id="home" lang={lang} hash="templates">
              {t('nav.templates')}
            </SiteLink>
            <SiteLink id="explore" lang={lang}>
              {t('nav.explore')}
            </SiteLink>
            <SiteLink id="howToCatalog" lang={lang}>
              {t('nav.guides')}
            </SiteLink>
            <a href={pricing}>{t('nav.pricing')}</a>
          </nav>
          <div className="cb-site__account">
            {/* A document load: the page's language is its address's, for the whole page. */}
            <a
              href={sitePath(page, other)}
              hrefLang={other}
              lang={other}
              aria-label={t('nav.switchLanguageLabel')}
              className="cb-site__lang"
            >
              {t('nav.switchLanguage')}
            </a>
            {signedIn ? (
              <a href="/catalogs" className="cb-site__cta">
                {t('nav.myCatalogs')}
              </a>
            ) : (
              <>
                <a href="/login" className="cb-site__signin">
                  {t('nav.signIn')}
                </a>
                <a href="/register" className="cb-site__cta">
                  {billing === 'off' ? t('nav.startOff') : t('nav.start')}
                </a>
              </>
            )}
          </div>
        </div>
      </header>
      <main id="content" className="cb-site__main">
        {children}
      </main>
      <footer className="cb-site__footer">
        <div className="cb-site__footer-inner">
          <div>
            <p className="cb-site__footer-brand">
              <BrandMark />
              Catalog Builder
            </p>
            <p>{t('footer.tagline')}</p>
          </div>
          <nav aria-label={t('footer.label')} className="cb-site__footer-nav">
            <div>
              <h2>{t('footer.templates')}</h2>
              <ul>
                {TEMPLATE_PAGES.map((p) => (
                  <li key={p.id}>
                    <SiteLink id={p.id} lang={lang}>
                      {t(`pages.${p.id}.h1`)}
                    </SiteLink>
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h2>{t('footer.guides')}</h2>
              <ul>
                {GUIDE_PAGES.map((p) => (
                  <li key={p.id}>
                    <SiteLink id={p.id} lang={lang}>
                      {t(`pages.${p.id}.h1`)}
                    </SiteLink>
                  </li>
                ))}
                <li>
                  <SiteLink id="courses" lang={lang}>
                    {t('pages.courses.h1')}
                  </SiteLink>
                </li>
                <li>
                  <a href="/help">{t('footer.help')}</a>
                </li>
              </ul>
            </div>
            <div>
              <h2>{t('footer.product')}</h2>
              <ul>
                {PRODUCT_PAGES.map((p) => (
                  <li key={p.id}>
                    <SiteLink id={p.id} lang={lang}>
                      {t(`pages.${p.id}.h1`)}
                    </SiteLink>
                  </li>
                ))}
                <li>
                  <SiteLink id="explore" lang={lang}>
                    {t('nav.explore')}
                  </SiteLink>
                </li>
                {['showcase', 'testimonials', 'enterprise'].map((id) => (
                  <li key={id}>
                    <SiteLink id={id} lang={lang}>
                      {t(`pages.${id}.h1`)}
                    </SiteLink>
                  </li>
                ))}
                <li>
                  <a href={pricing}>{t('nav.pricing')}</a>
                </li>
                <li>
                  <SiteLink id="privacy" lang={lang}>
                    {t('pages.privacy.h1')}
                  </SiteLink>
                </li>
                <li>
                  <SiteLink id="terms" lang={lang}>
                    {t('pages.terms.h1')}
                  </SiteLink>
                </li>
              </ul>
            </div>
          </nav>
        </div>
        <p className="cb-site__operator">{t('footer.operatedBy', { name: operatorName })}</p>
      </footer>
      {signedIn ? null : <CookieNotice lang={lang} />}
    </div>
  );
}
