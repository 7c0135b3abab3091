import { useTranslation } from 'react-i18next';
import type { Language } from '../../../core/i18n/index.ts';
import type { SitePage } from '../../../core/site/index.ts';
import { EmptyState } from '../empty-state.tsx';
import { formatMoney } from '../pricing/money.ts';
import { PlanLimitsList } from '../pricing/plan-grid.tsx';
import { FeaturedSlides } from './featured-slides.tsx';
import { SiteLink } from './site-frame.tsx';
import { GUIDE_PAGES, TEMPLATE_PAGES } from './site-meta.ts';
import type { SitePageData } from './site-data.server.ts';
import { SignupForm } from './signup-form.tsx';
import { TemplatePages } from './template-pages.tsx';

type Section = { title: string; body: string; key?: string };
type Faq = { q: string; a: string }[];

function useList<T>(key: string): T[] {
  const { t } = useTranslation('site');
  const value = t(key, { returnObjects: true }) as unknown;
  return Array.isArray(value) ? (value as T[]) : [];
}

function Hero({ id, narrow, children }: { id: string; narrow?: boolean; children?: React.ReactNode }) {
  const { t } = useTranslation('site');
  return (
    <section className={narrow ? 'cb-site-hero cb-site-hero--narrow' : 'cb-site-hero'}>
      <div className="cb-site-hero__text">
        <h1>{t(`pages.${id}.h1`)}</h1>
        <p className="cb-site-hero__lead">{t(`pages.${id}.lead`)}</p>
        {children}
      </div>
    </section>
  );
}

function StartActions({ signedIn, billing }: { signedIn: boolean; billing: 'on' | 'off' }) {
  const { t } = useTranslation('site');
  return (
    <div className="cb-site-actions">
      <a href={signedIn ? '/catalogs' : '/register'} className="cb-site-button cb-site-button--primary">
        {signedIn ? t('nav.myCatalogs') : billing === 'off' ? t('nav.startOff') : t('nav.start')}
      </a>
    </div>
  );
}

/** The closing call to action of a page: a title, then open an account (or the merchant's catalogs). */
function CallToAction({ title, data }: { title: string; data: SitePageData }) {
  return (
    <section className="cb-site-cta" aria-labelledby="cta">
      <h2 id="cta">{title}</h2>
      <StartActions signedIn={data.signedIn} billing={data.billing} />
    </section>
  );
}

export function HomeBody({ data }: { data: SitePageData }) {
  const { t } = useTranslation('site');
  const features = useList<Section>('pages.home.features');
  const lang = data.lang;
  const platformList = new Intl.ListFormat(lang, { type: 'conjunction' }).format(data.platforms);
  return (
    <>
      <section className="cb-site-hero cb-site-hero--home">
        <div className="cb-site-hero__text">
          <h1>{t('pages.home.h1')}</h1>
          <p className="cb-site-hero__lead">{t('pages.home.lead')}</p>
          <div className="cb-site-actions">
            <a
              href={data.signedIn ? '/catalogs' : '/register'}
              className="cb-site-button cb-site-button--primary"
            >
              {data.signedIn
                ? t('nav.myCatalogs')
                : data.billing === 'off'
                  ? t('nav.startOff')
                  : t('nav.start')}
            </a>
            <SiteLink id="home" lang={lang} hash="templates" className="cb-site-button">
              {t('pages.home.templatesTitle')}
            </SiteLink>
          </div>
        </div>
        <div className="cb-site-hero__art" aria-hidden="true">
          {['ocean-blue-shirt', 'yellow-wool-jumper', 'classic-leather-jacket', 'chequered-red-shirt'].map(
            (p) => (
              <img key={p} src={`/site/samples/${p}.svg`} alt="" width={160} height={200} />
            ),
          )}
        </div>
      </section>
      <section className="cb-site-band" aria-labelledby="platforms">
        <h2 id="platforms">{t('pages.home.platformsTitle')}</h2>
        <p>{t('pages.home.platformsBody', { platforms: platformList })}</p>
        <SignupForm kind="waitlist" texts="waitlist" lang={lang} headingLevel={3} />
      </section>
      <section className="cb-site-section" aria-labelledby="features">
        <h2 id="features">{t('pages.home.featuresTitle')}</h2>
        <ul className="cb-site-cards">
          {features.map((f) => (
            <li key={f.title} className="cb-site-card">
              <h3>{f.title}</h3>
              <p>{f.body}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="cb-site-section" id="templates" aria-labelledby="templates-title">
        <h2 id="templates-title">{t('pages.home.templatesTitle')}</h2>
        <p>{t('pages.home.templatesLead')}</p>
        <TemplateLinks lang={lang} />
      </section>
      <section className="cb-site-cta" aria-labelledby="cta">
        <h2 id="cta">{t('pages.home.ctaTitle')}</h2>
        <p>{data.billing === 'off' ? t('pages.home.ctaBodyOff') : t('pages.home.ctaBody')}</p>
        <StartActions signedIn={data.signedIn} billing={data.billing} />
      </section>
    </>
  );
}

function TemplateLinks({ lang, except }: { lang: Language; except?: string }) {
  const { t } = useTranslation('site');
  return (
    <ul className="cb-site-cards cb-site-cards--links">
      {TEMPLATE_PAGES.filter((p) => p.id !== except).map((p) => (
        <li key={p.id} className="cb-site-card">
          <h3>
            <SiteLink id={p.id} lang={lang}>
              {t(`pages.${p.id}.h1`)}
            </SiteLink>
          </h3>
          <p>{t(`pages.${p.id}.description`)}</p>
        </li>
      ))}
    </ul>
  );
}

/** 'Use this template': the wizard on that kind, for that purpose when it is not the kind's usual one. */
const templateHref = (page: SitePage) =>
  page.purpose ? `/catalogs?new=${page.template}&purpose=${page.purpose}` : `/catalogs?new=${page.template}`;

export function TemplateBody({ page, data }: { page: SitePage; data: SitePageData }) {
  const { t } = useTranslation('site');
  const what = useList<string>(`pages.${page.id}.what`);
  const how = useList<string>(`pages.${page.id}.how`);
  return (
    <>
      <Hero id={page.id}>
        <div className="cb-site-actions">
          <a href={templateHref(page)} className="cb-site-button cb-site-button--primary">
            {t('template.use')}
          </a>
        </div>
      </Hero>
      {data.template ? (
        <section className="cb-site-section" aria-labelledby="pages-title">
          <h2 id="pages-title">{t('template.pagesTitle')}</h2>
          <p>{t('template.pagesLead')}</p>
          <TemplatePages catalog={data.template} lang={data.lang} />
        </section>
      ) : null}
      <div className="cb-site-columns">
        <section aria-labelledby="what-title">
          <h2 id="what-title">{t('template.whatTitle')}</h2>
          <ul className="cb-site-checks">
            {what.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="how-title">
          <h2 id="how-title">{t('template.howTitle')}</h2>
          <ol className="cb-site-steps">
            {how.map((h) => (
              <li key={h}>{h}</li>
            ))}
          </ol>
          <a href={templateHref(page)} className="cb-site-button cb-site-button--primary">
            {t('template.use')}
          </a>
        </section>
      </div>
      <section className="cb-site-section" aria-labelledby="others-title">
        <h2 id="others-title">{t('template.others')}</h2>
        <TemplateLinks lang={data.lang} except={page.id} />
      </section>
    </>
  );
}

export function GuideBody({ page, data }: { page: SitePage; data: SitePageData }) {
  const { t } = useTranslation('site');
  const sections = useList<Section>(`pages.${page.id}.sections`);
  const faq = useList<Faq[number]>(`pages.${page.id}.faq`);
  return (
    <>
      <Hero id={page.id} narrow />
      <article className="cb-site-article">
        {sections.map((s) => (
          <section key={s.title}>
            <h2>{s.title}</h2>
            <p>{s.body}</p>
          </section>
        ))}
        <section className="cb-site-faq" aria-labelledby="faq-title">
          <h2 id="faq-title">{t('guide.faqTitle')}</h2>
          <dl>
            {faq.map((f) => (
              <div key={f.q}>
                <dt>{f.q}</dt>
                <dd>{f.a}</dd>
              </div>
            ))}
          </dl>
        </section>
      </article>
      <section className="cb-site-section" aria-labelledby="related-title">
        <h2 id="related-title">{t('guide.related')}</h2>
        <ul className="cb-site-cards cb-site-cards--links">
          {GUIDE_PAGES.filter((g) => g.id !== page.id).map((g) => (
            <li key={g.id} className="cb-site-card">
              <h3>
                <SiteLink id={g.id} lang={data.lang}>
                  {t(`pages.${g.id}.h1`)}
                </SiteLink>
              </h3>
              <p>{t(`pages.${g.id}.description`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <CallToAction title={t('guide.next')} data={data} />
    </>
  );
}

export function LegalBody({ page, data }: { page: SitePage; data: SitePageData }) {
  const { t } = useTranslation('site');
  const processors = [
    data.processors.stripe ? t('pages.privacy.stripe') : null,
    data.processors.shopify ? t('pages.privacy.shopify') : null,
  ].filter(Boolean);
  if (!data.processors.stripe) processors.push(t('pages.privacy.none'));
  const host = new URL(data.origin).host;
  const value = t(`pages.${page.id}.sections`, { returnObjects: true, processors: processors.join(' ') });
  // With billing off the terms describe the plan every account has, not a trial and payment.
  const plansOff = t(`pages.${page.id}.plansOff`, { returnObjects: true }) as Section;
  const sections = ((Array.isArray(value) ? value : []) as Section[]).map((s) =>
    s.key === 'plans' && data.billing === 'off' ? plansOff : s,
  );
  return (
    <article className="cb-site-article cb-site-article--legal">
      <h1>{t(`pages.${page.id}.h1`)}</h1>
      <p className="cb-site-hero__lead">{t(`pages.${page.id}.lead`, { name: data.operator.name })}</p>
      <p className="cb-site-muted">
        {t('legal.updated', { host })}{' '}
        {data.operator.email ? (
          <>
            {t('legal.contact')} <a href={`mailto:${data.operator.email}`}>{data.operator.email}</a>
          </>
        ) : (
          t('legal.contactNone')
        )}
      </p>
      {sections.map((s) => (
        <section key={s.title}>
          <h2>{s.title}</h2>
          <p>{s.body}</p>
        </section>
      ))}
    </article>
  );
}

export function ExploreBody({ page, data }: { page: SitePage; data: SitePageData }) {
  const { t } = useTranslation('site');
  return (
    <>
      <Hero id={page.id} />
      <section className="cb-site-section">
        {data.featured.length > 0 ? (
          <FeaturedSlides slides={data.featured} />
        ) : (
          <div className="cb-site-empty">
            <EmptyState heading={t('explore.emptyTitle')}>
              <p>{t('explore.emptyBody')}</p>
            </EmptyState>
            <StartActions signedIn={data.signedIn} billing={data.billing} />
          </div>
        )}
      </section>
    </>
  );
}

/** /products/*: what the product makes for one need, the document drawn, and the templates to start from. */
export function ProductBody({ page, data }: { page: SitePage; data: SitePageData }) {
  const { t } = useTranslation('site');
  const sections = useList<Section>(`pages.${page.id}.sections`);
  const start = templateHref(page);
  return (
    <>
      <Hero id={page.id}>
        <div className="cb-site-actions">
          <a href={start} className="cb-site-button cb-site-button--primary">
            {t('template.use')}
          </a>
        </div>
      </Hero>
      <div className="cb-site-columns cb-site-columns--product">
        {sections.map((s) => (
          <section key={s.title}>
            <h2>{s.title}</h2>
            <p>{s.body}</p>
          </section>
        ))}
      </div>
      {data.template ? (
        <section className="cb-site-section" aria-labelledby="pages-title">
          <h2 id="pages-title">{t('template.pagesTitle')}</h2>
          <p>{t('template.pagesLead')}</p>
          <TemplatePages catalog={data.template} lang={data.lang} />
        </section>
      ) : null}
      <section className="cb-site-section" aria-labelledby="others-title">
        <h2 id="others-title">{t('product.templatesTitle')}</h2>
        <TemplateLinks lang={data.lang} />
      </section>
      <CallToAction title={t('product.useTitle')} data={data} />
    </>
  );
}

/** /testimonials: only what merchants wrote, in this page's language, once staff approved it; an empty state before. */
export function TestimonialsBody({ data }: { data: SitePageData }) {
  const { t } = useTranslation('site');
  return (
    <>
      <Hero id="testimonials" narrow />
      <section className="cb-site-section">
        {data.testimonials.length > 0 ? (
          <>
            <h2>{t('pages.testimonials.listTitle')}</h2>
            <ul className="cb-site-testimonials">
              {data.testimonials.map((q) => (
                <li key={q._id}>
                  <figure>
                    <blockquote>
                      <p>{q.text}</p>
                    </blockquote>
                    <figcaption>
                      <strong>{q.name}</strong>
                      {q.business ? <span>{q.business}</span> : null}
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <div className="cb-site-empty">
            <EmptyState heading={t('pages.testimonials.emptyTitle')}>
              <p>{t('pages.testimonials.emptyBody')}</p>
            </EmptyState>
          </div>
        )}
        <p className="cb-site-testimonials__write">
          <a href="/dashboard#testimonial">{t('pages.testimonials.write')}</a>
        </p>
        <TemplateLinks lang={data.lang} />
      </section>
      <CallToAction title={t('guide.next')} data={data} />
    </>
  );
}

/** /e-commerce-courses (SPEC §2.4, ?email): the written lessons, free, and the lesson list by email. */
export function CoursesBody({ data }: { data: SitePageData }) {
  const { t } = useTranslation('site');
  const { t: te } = useTranslation('editor');
  const { t: th } = useTranslation('help');
  return (
    <>
      <Hero id="courses" />
      <div className="cb-site-columns">
        <section aria-labelledby="lessons-title">
          <h2 id="lessons-title">{t('pages.courses.lessonsTitle')}</h2>
          <ol className="cb-site-lessons">
            {data.lessons.map((id) => (
              <li key={id}>
                <a href={`/help/${id}?lng=${data.lang}`}>{te(`assist.tutorial.${id}`)}</a>
                <p>{th(`guides.${id}.summary`)}</p>
              </li>
            ))}
          </ol>
        </section>
        <div>
          <section className="cb-site-price" aria-labelledby="price-title">
            <h2 id="price-title">{t('pages.courses.priceTitle')}</h2>
            <p className="cb-site-price__amount">{t('pages.courses.price')}</p>
            <p>{t('pages.courses.priceBody')}</p>
          </section>
          <SignupForm
            kind="lead"
            texts="pages.courses.form"
            lang={data.lang}
            segment="courses"
            initialEmail={data.email}
          />
        </div>
      </div>
    </>
  );
}

/** /enterprise: the Enterprise plan as this installation sells it (Product structured data in its head). */
export function EnterpriseBody({ data }: { data: SitePageData }) {
  const { t, i18n } = useTranslation('site');
  const plan = data.enterprise;
  const pricing = data.lang === 'fr' ? '/fr/pricing' : '/pricing';
  return (
    <>
      <Hero id="enterprise" narrow />
      <div className="cb-site-columns">
        <section aria-labelledby="includes-title">
          <h2 id="includes-title">{t('pages.enterprise.includesTitle')}</h2>
          {plan ? <PlanLimitsList limits={plan.limits} /> : <p>{t('pages.enterprise.planMissing')}</p>}
        </section>
        <div>
          <section className="cb-site-price" aria-labelledby="price-title">
            <h2 id="price-title">{t('pages.enterprise.priceTitle')}</h2>
            {plan?.forSale ? (
              <>
                <p className="cb-site-price__amount">
                  {t('pages.enterprise.pricePerMonth', {
                    price: formatMoney(plan.yearly, data.currency, i18n.language),
                  })}
                </p>
                <p>
                  {t('pages.enterprise.payg', {
                    price: formatMoney(plan.monthly, data.currency, i18n.language),
                  })}
                </p>
              </>
            ) : plan ? (
              <p>{t('pages.enterprise.offBody', { plan: plan.title })}</p>
            ) : (
              <p>{t('pages.enterprise.planMissing')}</p>
            )}
            <a href={pricing} className="cb-site-button cb-site-button--primary">
              {t('pages.enterprise.seePricing')}
            </a>
          </section>
          <section className="cb-site-price" aria-labelledby="contact-title">
            <h2 id="contact-title">{t('pages.enterprise.contactTitle')}</h2>
            {data.contactEmail ? (
              <p>
                {t('pages.enterprise.contactBody')}{' '}
                <a href={`mailto:${data.contactEmail}`}>{data.contactEmail}</a>
              </p>
            ) : (
              <p>{t('pages.enterprise.contactNone')}</p>
            )}
          </section>
        </div>
      </div>
    </>
  );
}
