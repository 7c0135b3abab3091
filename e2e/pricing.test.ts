import { and, eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, subscriptions, users } from '../db/schema.ts';
import { FakeStripe } from '../scripts/testing/fake-stripe.ts';
import { pdfInfo } from '../scripts/testing/pdf-tools.ts';
import { sampleCatalog } from '../scripts/testing/sample-catalog.ts';
import { createCatalog } from '../server/catalogs/index.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectText, expectVisible } from './support/expect.ts';
import { hydrated } from './support/page.ts';

let server: TestServer;
let browser: Browser;
let page: Page;
let catalogId: string;
const stripe = new FakeStripe();
const email = 'pricing-buyer@example.com';

beforeAll(async () => {
  await stripe.start();
  server = await startTestServer(stripe.env());
  stripe.webhookUrl = `${server.url}/webhooks/stripe`;
  await server.runtime.db.insert(coupons).values({ id: 'SPRING20', percentOff: 20, valid: true });
  browser = await launchBrowser();
  page = await (
    await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true })
  ).newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await stripe.stop();
});

describe('pricing and payment in Chromium', () => {
  it('shows the plans, the launch offer and the savings estimate, in English and French, at desktop and phone width', async () => {
    await page.goto(`${server.url}/pricing`);
    await expectVisible(page.getByRole('heading', { name: 'Plans and pricing' }));
    for (const plan of ['Essential', 'Personal', 'Business'])
      await expectVisible(page.getByRole('heading', { name: plan, exact: true }));
    await expectVisible(page.getByText('Launch offer: Essential yearly at 40% off'));
    await expectVisible(page.getByText('100 left'));
    await expectVisible(page.getByText(/Laying out 30 pages by hand takes about 10 hours: \$120 at \$12/));
    await expectNoSeriousA11yIssues(page);
    // A finished grid: every row spans the grid (no empty slot) and the Choose buttons of a row share one line.
    const layout = await page.locator('.cb-plan-grid').evaluate((grid) => {
      const box = grid.getBoundingClientRect();
      return [...grid.querySelectorAll('.cb-plan-grid__plan')].map((plan) => {
        const card = plan.getBoundingClientRect();
        const button = plan.querySelector('.cb-plan-grid__choose')!.getBoundingClientRect();
        return {
          top: Math.round(card.top),
          left: card.left - box.left,
          right: box.right - card.right,
          button,
        };
      });
    });
    expect(layout.length).toBe(5);
    const rows = new Map<number, typeof layout>();
    for (const p of layout) rows.set(p.top, [...(rows.get(p.top) ?? []), p]);
    expect(rows.size).toBeGreaterThan(1);
    for (const row of rows.values()) {
      expect(row[0]!.left).toBeCloseTo(0, 0);
      expect(row.at(-1)!.right).toBeCloseTo(0, 0);
      for (const p of row) expect(p.button.bottom).toBeCloseTo(row[0]!.button.bottom, 0);
    }
    await shot(page, 'pricing-en-1440');

    await page.goto(`${server.url}/fr/pricing`);
    await expectVisible(page.getByRole('heading', { name: 'Formules et tarifs' }));
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'pricing-fr-1440');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/pricing`);
    await expectVisible(page.getByRole('heading', { name: 'Plans and pricing' }));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'pricing-en-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('says Offer Expired once the launch offer ends', async () => {
    const ctx = await browser.newContext();
    const p = await ctx.newPage();
    const { offers } = await import('../db/schema.ts');
    await server.runtime.db.update(offers).set({ expiresAt: new Date(Date.now() - 1000) });
    await p.goto(`${server.url}/pricing`);
    await expectVisible(p.getByText('Offer Expired'));
    await server.runtime.db.update(offers).set({ expiresAt: new Date(Date.now() + 30 * 86_400_000) });
    await ctx.close();
  });

  it('takes coupon_id and nonav from the link (SPEC §2.5), also through /stripe/purchase', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const p = await ctx.newPage();
    await p.goto(`${server.url}/stripe/purchase?coupon_id=SPRING20&nonav=1&period=monthly`);
    await p.waitForURL(`${server.url}/subscribe?coupon_id=SPRING20&nonav=1&period=monthly`);
    await hydrated(p);
    // No navigation: only the brand in the header.
    expect(await p.locator('header nav').count()).toBe(0);
    await p.getByRole('button', { name: 'Choose Business' }).click();
    await expectText(p.getByTestId('cart-total'), '$55');
    await expectVisible(p.getByText('Coupon SPRING20 applied: 20% off.'));
    // A coupon the server does not know is refused with the cart's error, never applied.
    await p.goto(`${server.url}/pricing?coupon_id=NOPE&period=monthly`);
    await hydrated(p);
    expect(await p.locator('header nav').count()).toBe(1);
    await p.getByRole('button', { name: 'Choose Business' }).click();
    await expectVisible(p.getByText('This coupon is not valid.'));
    await expectText(p.getByTestId('cart-total'), '$69');
    await ctx.close();
  });

  it('sends a lapsed trial to /subscribe, takes the coupon price on the Stripe page, and opens the app again', async () => {
    await page.goto(`${server.url}/register`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('buyer-password');
    await page.getByLabel('Confirm password').fill('buyer-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${server.url}/registered`);
    const [user] = await server.runtime.db.select().from(users).where(eq(users.email, email));
    const doc = sampleCatalog({ products: 4, imageUrl: () => null });
    catalogId = (await createCatalog({ db: server.runtime.db, ownerId: user!.id, input: { catalog: doc } }))
      .catalog._id;

    // On trial the preview shows the pages and one way on, choosing a plan; no download, here or by the API.
    await page.goto(`${server.url}/preview/${catalogId}`);
    await expectVisible(page.getByText('Choose a plan to download your PDF'));
    await expectVisible(page.getByRole('link', { name: 'Choose a plan' }));
    expect(await page.locator('a[href$="/download"]').count()).toBe(0);
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'preview-trial-gated-1440');
    expect((await page.request.get(`${server.url}/api/v1/catalogs/${catalogId}/download`)).status()).toBe(
      403,
    );

    await server.runtime.db
      .update(subscriptions)
      .set({ startDate: new Date(Date.now() - 15 * 86_400_000) })
      .where(and(eq(subscriptions.userId, user!.id), eq(subscriptions.isTrial, true)));

    await page.goto(`${server.url}/catalogs`);
    await page.waitForURL(`${server.url}/subscribe`);
    await expectVisible(
      page.getByText('Your subscription has ended. Choose a plan to keep building catalogs.'),
    );
    await page.getByRole('button', { name: 'Monthly' }).click();
    await page.getByRole('button', { name: 'Choose Business' }).click();
    await expectText(page.getByTestId('cart-total'), '$69');
    await page.getByLabel('Coupon code').fill('NOT-A-CODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expectVisible(page.getByText('This coupon is not valid.'));
    await page.getByLabel('Coupon code').fill('spring20');
    await page.getByRole('button', { name: 'Apply' }).click();
    // SPEC §9: round(69 × 0.8) = 55.
    await expectText(page.getByTestId('cart-total'), '$55');
    await expectVisible(page.getByText('Coupon SPRING20 applied: 20% off.'));
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'subscribe-cart-1440');

    await page.getByRole('button', { name: 'Pay with card' }).click();
    await page.waitForURL(new RegExp(`^${stripe.url}/checkout/`));
    await expectVisible(page.getByText('$55.00'));
    await page.getByRole('button', { name: 'Pay $55.00' }).click();
    await page.waitForURL(/\/thank-you\?planId=BUSINESS/);
    await expectVisible(page.getByText('Your Business plan is active.', { exact: false }));
    await expectNoSeriousA11yIssues(page);

    await page.getByRole('link', { name: 'Go to my catalogs' }).click();
    await page.waitForURL(`${server.url}/catalogs`);
    await expectVisible(page.getByRole('heading', { name: 'My catalogs' }));

    // Paid now: the PDF refused on trial downloads.
    await page.goto(`${server.url}/preview/${catalogId}`);
    expect(await page.locator('[data-gate]').count()).toBe(0);
    await page.getByRole('button', { name: 'Generate the PDF' }).click();
    await page.getByText('Your catalog is ready').waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download', exact: true }).click(),
    ]);
    expect(pdfInfo(readFileSync((await download.path())!)).pages).toBeGreaterThan(0);
  });

  it('shows the plan, usage and invoice on /dashboard, and changes a card on /cards with the SPEC checks', async () => {
    await page.getByRole('link', { name: 'Plan & billing' }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await expectVisible(page.getByText('Business', { exact: true }));
    await expectVisible(page.getByText('Active', { exact: true }));
    await expectVisible(page.getByText('$55 per month'));
    // The catalog made on trial counts against the plan's 25.
    await expectVisible(page.getByText('1 of 25'));
    await expectVisible(page.getByRole('cell', { name: /\$55/ }));
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'dashboard-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expectVisible(page.getByText('$55 per month'));
    await shot(page, 'dashboard-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('link', { name: 'Cards' }).click();
    await page.waitForURL(`${server.url}/cards`);
    await expectVisible(page.getByText('VISA •••• 4242'));
    await expectVisible(page.getByText('Default'));
    await page.getByRole('button', { name: 'Change expiry VISA •••• 4242' }).click();
    const lastYear = String(new Date().getUTCFullYear() - 1);
    await page.getByLabel('Year').fill(lastYear);
    // SPEC §5: checked in the browser first; an expired card is never sent.
    const sent: string[] = [];
    const watch = (r: { method: () => string; url: () => string }) => {
      if (r.url().includes('/api/v1/stripe/cards/')) sent.push(r.method());
    };
    page.on('request', watch);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectVisible(page.getByText('This card has expired.'));
    await page.getByLabel('Year').fill('1999');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectVisible(page.getByText('Enter the year printed on the card.'));
    page.off('request', watch);
    expect(sent).toEqual([]);
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'cards-error-1440');
    await page.getByLabel('Month').selectOption('3');
    await page.getByLabel('Year').fill(String(new Date().getUTCFullYear() + 6));
    await page.getByRole('button', { name: 'Save' }).click();
    await expectVisible(page.getByText('The card was updated.'));
    await expectVisible(page.getByText(`Expires 03/${new Date().getUTCFullYear() + 6}`));
    await shot(page, 'cards-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expectVisible(page.getByText('VISA •••• 4242'));
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await shot(page, 'cards-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('adds a card with our own form: checked in the browser, tokenized by Stripe from the browser, saved with the token', async () => {
    await page.goto(`${server.url}/cards`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Add a card' }).first().click();
    await expectVisible(page.getByRole('heading', { name: 'Add a card' }));
    // No input has a name: a form sent before the script runs carries no card number to our server.
    expect(await page.locator('form input[name], form select[name]').count()).toBe(0);
    const toStripe: string[] = [];
    const watch = (r: { url: () => string }) => {
      if (r.url().startsWith(stripe.url)) toStripe.push(r.url());
    };
    page.on('request', watch);
    const tokenCalls = () => stripe.requests.filter((r) => r.path === '/v1/tokens').length;
    const year = new Date().getUTCFullYear();
    const fill = async (card: { number: string; month: string; year: string; cvc: string }) => {
      await page.getByLabel('Card number').fill(card.number);
      await page.getByLabel('Expiry month').selectOption(card.month);
      await page.getByLabel('Expiry year').fill(card.year);
      await page.getByLabel('Security code (CVC)').fill(card.cvc);
      await page.getByRole('button', { name: 'Save card' }).click();
    };
    const good = { number: '4242 4242 4242 4242', month: '12', year: String(year + 2), cvc: '123' };
    // SPEC §5: a bad Luhn digit, an expired date and a short CVC are refused here, nothing is sent.
    await fill({ ...good, number: '4242 4242 4242 4241' });
    await expectVisible(
      page.getByText('This card number is not valid. Check the digits printed on the card.'),
    );
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('new-card-number');
    await fill({ ...good, month: '1', year: String(year - 1) });
    await expectVisible(page.getByText('This card has expired.'));
    await fill({ ...good, cvc: '12' });
    await expectVisible(page.getByText('Enter the 3-digit security code on the back of the card.'));
    // Each error is announced: the live region says it with its field.
    await expectText(
      page.locator('[aria-live="assertive"]'),
      'Please check: Security code (CVC): Enter the 3-digit security code on the back of the card.',
    );
    expect(tokenCalls()).toBe(0);
    expect(toStripe).toEqual([]);
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'cards-add-errors-1440');

    // A number Stripe refuses when it tokenizes (a live card in test mode): its message in the error area.
    await page.getByLabel('Name on card').fill('Ana Costa');
    await fill({ ...good, number: '4532 0151 1283 0366' });
    await expectVisible(page.getByText('Stripe did not accept this card'));
    await expectVisible(
      page.getByText(/Your card was declined\. Your request was in test mode, but used a non test/),
    );
    expect(tokenCalls()).toBe(1);
    // A token Stripe makes but whose card it declines when our server attaches it: the save-failed message.
    await fill({ ...good, number: '4000 0000 0000 0002' });
    await expectVisible(
      page.getByText('We could not save your card. Please check its details and try again.'),
    );
    await expectVisible(page.getByText('Your card was declined.', { exact: true }));
    expect(tokenCalls()).toBe(2);

    await fill({ ...good, number: '5555 5555 5555 4444' });
    await expectVisible(page.getByText('Your card was saved.'));
    await expectVisible(page.getByText('MASTERCARD •••• 4444'));
    expect(tokenCalls()).toBe(3);
    const [tokenCall] = stripe.requests.filter((r) => r.path === '/v1/tokens').slice(-1);
    expect(tokenCall!.params).toEqual({
      card: {
        number: '5555555555554444',
        exp_month: '12',
        exp_year: String(year + 2),
        cvc: '123',
        name: 'Ana Costa',
      },
    });
    page.off('request', watch);
    // The browser spoke to Stripe's API for the three tokens only (and their CORS preflights).
    expect(toStripe.every((u) => u === `${stripe.url}/v1/tokens`)).toBe(true);
    await expectVisible(page.getByRole('button', { name: 'Remove MASTERCARD •••• 4444' }));
    await shot(page, 'cards-added-1440');

    // French, at phone width, with the form's checks.
    const fr = await browser.newContext({
      locale: 'fr-FR',
      viewport: { width: 390, height: 844 },
      storageState: await page.context().storageState(),
    });
    const p = await fr.newPage();
    await p.goto(`${server.url}/cards`);
    await hydrated(p);
    await p.getByRole('button', { name: 'Ajouter une carte' }).first().click();
    await p.getByRole('button', { name: 'Enregistrer la carte' }).click();
    await expectVisible(
      p.getByText("Ce numéro de carte n'est pas valide. Vérifiez les chiffres imprimés sur la carte."),
    );
    await expectVisible(p.getByText('Saisissez le cryptogramme à 3 chiffres au dos de la carte.'));
    expect(
      await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yIssues(p);
    await shot(p, 'cards-add-fr-390');
    await fr.close();
    expect(tokenCalls()).toBe(3);
  });

  it('puts the merchant back behind the gate after a failed payment and the end of the subscription', async () => {
    const [sub] = [...stripe.subscriptions.values()];
    await stripe.failPayment(sub!.id);
    await page.goto(`${server.url}/catalogs`);
    await expectVisible(page.getByRole('heading', { name: 'My catalogs' }));
    await stripe.cancelSubscription(sub!.id);
    await page.goto(`${server.url}/catalogs`);
    await page.waitForURL(`${server.url}/subscribe`);
    await expectVisible(
      page.getByText('Your subscription has ended. Choose a plan to keep building catalogs.'),
    );
    // The PDF is refused again.
    expect((await page.request.get(`${server.url}/api/v1/catalogs/${catalogId}/download`)).status()).toBe(
      403,
    );
    await page.goto(`${server.url}/preview/${catalogId}`);
    await page.waitForURL(`${server.url}/subscribe`);
  });
});
