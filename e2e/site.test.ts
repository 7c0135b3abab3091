import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_NOTICE_DELAY_MS } from '../core/constants.ts';
import { getT, LANGUAGES, type Language } from '../core/i18n/index.ts';
import { SITE_PAGES, siteImage, sitePath, type SitePage } from '../core/site/index.ts';
import { catalogs } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import {
  expectNoSeriousA11yIssues,
  expectNoSeriousA11yIssuesAt,
  expectNoSidewaysScroll,
  shot,
} from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { registerMerchant, signInMerchant } from './support/merchant.ts';
import { openPage } from './support/page.ts';

/**
 * The public site (issue 27, SPEC §2.5 marketing routes): every page in English and French, its head, the
 * cookie notice, the featured catalogs, 'Use this template' into the wizard, and /sitemap.xml.
 */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({
    WORKER: 'off',
    OPERATOR_NAME: 'Maison Nord SARL',
    OPERATOR_EMAIL: 'privacy@maison-nord.example',
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * The page's visible words, less the link to the other language (named in that language) and the template's
 * drawn pages: the wholesale terms page core/layouts makes is English in a French catalog too (reported; the
 * product's default contract text has no French yet).
 */
const visibleText = (page: Page) =>
  page.evaluate(() => {
    const main = document.body.cloneNode(true) as HTMLElement;
    main.querySelectorAll('.cb-site__lang, .cb-template-pages, script, style').forEach((e) => e.remove());
    return main.innerText;
  });

// Words of one language that never appear in the other's pages.
const FOREIGN = {
  en: /[éèêàçù]|\b(les|vos|votre|des|pour)\b/i,
  fr: /\b(the|your|and|with|from)\b/i,
};

/**
 * After the page's (installed) clock moved on: one task of the page's own, queued behind the render React's
 * scheduler queued (a MessageChannel task) for what the timers did.
 */
const rendered = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** One public page in one language, as a visitor's browser gets it, at both widths. */
async function checkPage(page: Page, site: SitePage, lang: Language, t: ReturnType<typeof getT>) {
  const url = server.url + sitePath(site, lang);
  await page.setViewportSize(DESKTOP);
  const res = await openPage(page, url);
  expect(res?.status(), url).toBe(200);
  expect(await page.getAttribute('html', 'lang'), url).toBe(lang);
  expect(await page.title(), url).toBe(t(`pages.${site.id}.title`));
  // One h1 of the page's own (the template's drawn pages are hidden from assistive technology).
  const h1 = page.getByRole('heading', { level: 1 });
  expect(await h1.count(), url).toBe(1);
  expect((await h1.innerText()).trim(), url).toBe(t(`pages.${site.id}.h1`));
  const text = await visibleText(page);
  expect(text.toLowerCase(), url).not.toContain('lorem');
  expect(text.match(FOREIGN[lang])?.[0] ?? null, url).toBeNull();
  // The head: canonical, hreflang alternates, description and cards.
  const head = await page.evaluate(() => ({
    canonical: document.querySelector('link[rel=canonical]')?.getAttribute('href'),
    alternates: [...document.querySelectorAll('link[rel=alternate][hreflang]')].map(
      (l) => `${l.getAttribute('hreflang')} ${l.getAttribute('href')}`,
    ),
    description: document.querySelector('meta[name=description]')?.getAttribute('content'),
    ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
    ogImage: document.querySelector('meta[property="og:image"]')?.getAttribute('content'),
    twitter: document.querySelector('meta[name="twitter:card"]')?.getAttribute('content'),
  }));
  expect(head, url).toEqual({
    canonical: url,
    alternates: [
      `en ${server.url}${sitePath(site, 'en')}`,
      `fr ${server.url}${sitePath(site, 'fr')}`,
      `x-default ${server.url}${site.path}`,
    ],
    description: t(`pages.${site.id}.description`),
    ogTitle: t(`pages.${site.id}.title`),
    ogImage: `${server.url}${siteImage(site)}`,
    twitter: 'summary_large_image',
  });
  await expectNoSeriousA11yIssuesAt(page, [DESKTOP, PHONE], { label: url });
  await expectNoSidewaysScroll(page);
}

describe('the public site', () => {
  // A few browser contexts per language each walk a share of the routes, at the same time (axe, which takes most
  // of the time, runs in each context's own renderer), at both widths: status, lang, its own title and h1, no
  // text of the other language, no serious axe finding, no sideways scroll on a phone, and its head.
  const WALKS = 4;
  const walk = (i: number) => SITE_PAGES.filter((_, n) => n % WALKS === i);
  describe.concurrent('every page', () => {
    for (const lang of LANGUAGES)
      for (let i = 0; i < WALKS; i++)
        it(`serves ${walk(i)
          .map((p) => p.path)
          .join(
            ', ',
          )} in ${lang === 'en' ? 'English' : 'French'}, accessible on a desktop and a phone`, async () => {
          const t = getT(lang, 'site');
          // A browser asking for the other language still reads each page in the language of its address.
          const context = await browser.newContext({
            viewport: { width: 1440, height: 900 },
            locale: lang === 'en' ? 'fr-FR' : 'en-US',
          });
          try {
            const page = await context.newPage();
            for (const site of walk(i)) await checkPage(page, site, lang, t);
          } finally {
            await context.close();
          }
        }, 300_000);
  });

  it('draws the template pages with core/render and names the operator on the legal pages', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await openPage(page, `${server.url}/line-sheet-template`);
    // Twelve sample products, nine a page: two line sheet pages, every picture loaded.
    await expect.poll(() => page.locator('.cb-template-pages__page').count()).toBe(2);
    const pictures = page.locator('.cb-template-pages img');
    expect(await pictures.count()).toBeGreaterThanOrEqual(12);
    await expect
      .poll(() => pictures.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)))
      .toBe(true);
    await expectVisible(page.locator('.cb-template-pages').getByText('Ocean Blue Shirt'));
    await shot(page, 'site-template-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'site-template-390');

    await openPage(page, `${server.url}/privacy-policy`);
    await expectVisible(page.getByText('The operator is Maison Nord SARL.'));
    await expectVisible(page.getByRole('link', { name: 'privacy@maison-nord.example' }));
    // Payments are not configured on this server: the policy says so rather than naming Stripe.
    await expectVisible(page.getByText('Payments are not set up on this installation', { exact: false }));
    await openPage(page, `${server.url}/fr/terms-of-service`);
    await expectVisible(page.getByText('entre vous et Maison Nord SARL', { exact: false }));
    await context.close();
  });

  it('shows the cookie notice to anonymous visitors after a moment, once', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await openPage(page, `${server.url}/`);
    const notice = page.getByRole('region', { name: 'Cookies' });
    await expectVisible(notice);
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'site-home-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'site-home-390');
    await notice.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    // Remembered: another page, well past the notice's delay (the page's clock moved on by the test), shows none.
    await page.clock.install();
    await openPage(page, `${server.url}/fr/explore`);
    await page.clock.runFor(COOKIE_NOTICE_DELAY_MS + 1000);
    await rendered(page);
    expect(await page.getByRole('region', { name: 'Cookies' }).count()).toBe(0);
    await context.close();
  });

  it('shows no cookie notice to a signed-in merchant', async () => {
    const context = await browser.newContext();
    await signInMerchant(server, context, 'site-signed-in@example.com');
    const page = await context.newPage();
    await page.clock.install();
    await openPage(page, `${server.url}/how-to-create-a-product-catalog`);
    await expectVisible(page.getByRole('link', { name: 'My catalogs' }).first());
    await page.clock.runFor(COOKIE_NOTICE_DELAY_MS + 1000);
    await rendered(page);
    expect(await page.getByRole('region', { name: 'Cookies' }).count()).toBe(0);
    await shot(page, 'site-guide-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'site-guide-390');
    await context.close();
  });

  it("'Use this template' opens the new-catalog wizard on that kind of document", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    // Signed out: sign in first, then the wizard.
    await openPage(page, `${server.url}/wholesale-order-form-template`);
    await page.getByRole('link', { name: 'Use this template' }).first().click();
    await page.waitForURL(/\/login\?next=/);
    expect(new URL(page.url()).searchParams.get('next')).toBe('/catalogs?new=wholesale_order_form');

    const { api } = await signInMerchant(server, context, 'site-template@example.com');
    expect((await api.post('/api/v1/listings', { title: 'Linen shirt', price: 40 })).status).toBe(201);
    await openPage(page, `${server.url}/fr/line-sheet-template`);
    await page.getByRole('link', { name: 'Utiliser ce modèle' }).first().click();
    await page.waitForURL(`${server.url}/catalogs?new=line_sheet`);
    const wizard = page.getByRole('dialog');
    await expectVisible(wizard);
    await expect.poll(() => wizard.getByRole('radio', { name: /Line sheet/ }).isChecked()).toBe(true);

    // The online product catalog template: a catalog, for sharing online.
    await openPage(page, `${server.url}/product-catalog-template`);
    await page.getByRole('link', { name: 'Use this template' }).first().click();
    await page.waitForURL(`${server.url}/catalogs?new=catalog&purpose=online`);
    const online = page.getByRole('dialog');
    await expect
      .poll(() =>
        online
          .getByRole('radio', { name: /Catalog/ })
          .first()
          .isChecked(),
      )
      .toBe(true);
    await online.getByRole('button', { name: 'Next' }).click();
    await expect
      .poll(() => online.getByRole('radio', { name: 'Sharing online (flipbook)' }).isChecked())
      .toBe(true);
    await context.close();
  });

  it('/explore slides the featured catalogs, paused on hover and for reduced motion; an empty state before any', async () => {
    const empty = await browser.newContext();
    const page = await empty.newPage();
    await openPage(page, `${server.url}/explore`);
    await expectVisible(page.getByRole('heading', { name: 'No featured catalogs yet' }));
    await empty.close();

    const ids: string[] = [];
    for (const [i, title] of ['Spring line', 'Autumn line'].entries()) {
      const { api } = await registerMerchant(server, `site-featured-${i}@example.com`);
      const res = await api.post('/api/v1/catalogs', { title });
      const id = (await res.json()).data._id as string;
      expect((await api.put(`/api/v1/catalogs/${id}/settings`, { published: true })).status).toBe(200);
      ids.push(id);
    }
    for (const id of ids)
      await server.runtime.db.update(catalogs).set({ featured: true }).where(eq(catalogs.id, id));

    const check = async (context: BrowserContext, running: string) => {
      const p = await context.newPage();
      await openPage(p, `${server.url}/fr/explore`);
      const slides = p.getByRole('region', { name: 'Catalogues à la une' });
      await expectVisible(slides);
      expect(await slides.locator('[aria-roledescription=slide]').count()).toBe(2);
      await expect.poll(() => slides.getAttribute('data-running')).toBe(running);
      return { p, slides };
    };
    const moving = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const { p, slides } = await check(moving, 'true');
    await slides.hover();
    await expect.poll(() => slides.getAttribute('data-running')).toBe('false');
    await p.mouse.move(0, 0);
    await expect.poll(() => slides.getAttribute('data-running')).toBe('true');
    await slides.getByRole('button', { name: 'Catalogue suivant' }).click();
    await expectVisible(slides.locator('[aria-roledescription=slide]:not([hidden])'));
    await expectNoSeriousA11yIssues(p);
    await moving.close();
    const still = await browser.newContext({ reducedMotion: 'reduce' });
    await check(still, 'false');
    await still.close();

    // The sitemap lists every public page in both languages and these public flipbooks.
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    for (const site of SITE_PAGES)
      for (const lang of LANGUAGES) expect(xml).toContain(`<loc>${server.url}${sitePath(site, lang)}</loc>`);
    // Every page of each flipbook: its root opens on page 1, then /page/2 to /page/N.
    for (const id of ids) {
      const [row] = await server.runtime.db
        .select({ pageCount: catalogs.pageCount })
        .from(catalogs)
        .where(eq(catalogs.id, id));
      expect(row!.pageCount, id).toBeGreaterThan(1);
      expect(xml).toContain(`<loc>${server.url}/view/${id}</loc>`);
      for (let n = 2; n <= row!.pageCount; n++)
        expect(xml).toContain(`<loc>${server.url}/view/${id}/page/${n}</loc>`);
      expect(xml).not.toContain(`<loc>${server.url}/view/${id}/page/${row!.pageCount + 1}</loc>`);
    }
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });

  it('takes a visitor onto the waiting list from the home page, with a confirmation mail', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await openPage(page, `${server.url}/fr`);
    const form = page.getByRole('region', { name: "Votre plateforme n'est pas listée ?" });
    await form.getByRole('button', { name: "Rejoindre la liste d'attente" }).click();
    await expectVisible(form.getByRole('alert'));
    const before = server.outbox().length;
    await form.getByLabel('E-mail').fill('attente@example.com');
    await form.getByLabel('Plateforme de boutique').fill('Wix');
    await form.getByRole('button', { name: "Rejoindre la liste d'attente" }).click();
    await expectVisible(form.getByText('Merci. Nous avons envoyé une confirmation à attente@example.com.'));
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'site-waitlist-390');
    expect(
      server
        .outbox()
        .slice(before)
        .some((f) => server.readMail(f).includes('To: attente@example.com')),
    ).toBe(true);
    await context.close();
  });

  it('/e-commerce-courses takes the address of its link (?email) and mails the lessons; /enterprise is a Product', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await openPage(page, `${server.url}/e-commerce-courses?email=learner%40example.com`);
    expect(
      await page
        .getByRole('listitem')
        .filter({ has: page.locator('a[href^="/help/"]') })
        .count(),
    ).toBe(14);
    const email = page.getByRole('textbox', { name: 'Email' });
    expect(await email.inputValue()).toBe('learner@example.com');
    await page.getByRole('button', { name: 'Send me the lessons' }).click();
    await expectVisible(page.getByText('Done. The lesson list is on its way to learner@example.com.'));
    await shot(page, 'site-courses-1440');

    await openPage(page, `${server.url}/enterprise`);
    const products = await page.evaluate(() =>
      [...document.querySelectorAll('script[type="application/ld+json"]')]
        .map((s) => JSON.parse(s.textContent ?? '{}') as { '@type'?: string })
        .filter((d) => d['@type'] === 'Product'),
    );
    expect(products).toHaveLength(1);
    expect(products[0]).toMatchObject({
      name: 'Catalog Builder Enterprise',
      offers: [
        { name: 'Yearly', price: '1188', priceCurrency: 'USD' },
        { name: 'Monthly', price: '139', priceCurrency: 'USD' },
      ],
    });
    await expectVisible(page.getByText('$99 a month, billed yearly'));
    await shot(page, 'site-enterprise-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'site-enterprise-390');
    await context.close();
  });

  it("gives each template page its template's first page as its Open Graph image", async () => {
    for (const site of SITE_PAGES.filter((p) => p.template)) {
      const res = await fetch(server.url + siteImage(site));
      expect(res.status, site.id).toBe(200);
      expect(res.headers.get('content-type'), site.id).toBe('image/png');
      const png = Buffer.from(await res.arrayBuffer());
      // 1200 × 630, from the PNG header.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], site.id).toEqual([1200, 630]);
    }
  });
});
