import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import { createCatalog } from '../server/catalogs/index.ts';
import { pdfInfo, pdfText } from '../scripts/testing/pdf-tools.ts';
import { sampleCatalog, sampleProductImage } from '../scripts/testing/sample-catalog.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { openPage } from './support/page.ts';

/**
 * Issue 22 item 2: a server on its embedded defaults (no Stripe, no Shopify) has billing off. A merchant who
 * registers gets the highest plan at once, downloads a PDF without the watermark, and meets no upgrade prompt;
 * /pricing names the operator's contact.
 */
let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let catalogId: string;
const EMAIL = 'maker@example.com';

beforeAll(async () => {
  // BILLING '' is unset: the embedded default, which without a payment provider is off.
  server = await startTestServer(
    { BILLING: '', CONTACT_EMAIL: 'plans@maison.example' },
    { worker: { pollMs: 100 } },
  );
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

describe('billing off (no payment provider configured)', () => {
  it('registers a merchant with no trial to announce', async () => {
    expect(server.runtime.config.billing).toBe('off');
    await openPage(page, `${server.url}/register`);
    expect(await page.getByText('Your free trial starts now').count()).toBe(0);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill('maker-password');
    await page.getByLabel('Confirm password').fill('maker-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${server.url}/registered`);
    await expectVisible(
      page.getByText('Your account has the Custom plan: every feature on this server is yours to use.'),
    );
    expect(await page.getByText('free trial').count()).toBe(0);

    const [user] = await server.runtime.db.select().from(users).where(eq(users.email, EMAIL));
    const urls: string[] = [];
    for (let i = 0; i < 4; i++) {
      const key = `img/billing-off-${i}.jpg`;
      await server.runtime.storage.put(key, await sampleProductImage(i, 600));
      urls.push(server.runtime.storage.url(key));
    }
    const doc = sampleCatalog({ products: 4, imageUrl: (i) => urls[i]! });
    catalogId = (await createCatalog({ db: server.runtime.db, ownerId: user!.id, input: { catalog: doc } }))
      .catalog._id;
  });

  // A PDF of pictures printed by Chromium: minutes on a loaded machine.
  it('downloads the PDF without a watermark from the print preview', { timeout: 300_000 }, async () => {
    await openPage(page, `${server.url}/preview/${catalogId}`);
    await expectVisible(page.locator('.cb-preview__page').first());
    expect(await page.locator('.cb-watermark').count()).toBe(0);
    expect(await page.getByText('Choose a plan').count()).toBe(0);
    await page.getByRole('button', { name: 'Generate the PDF' }).click();
    await page.getByText('Your catalog is ready').waitFor({ timeout: 240_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download', exact: true }).click(),
    ]);
    const pdf = readFileSync((await download.path())!);
    expect(pdfInfo(pdf).pages).toBe(1);
    expect(pdfText(pdf)).toContain('Linen Shirt 1');
    expect(pdfText(pdf, { raw: true }).replace(/\s+/g, '')).not.toContain('PLEASEUPGRADE');
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'preview-billing-off-1440', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, 'preview-billing-off-390', { fullPage: false });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('shows the plan on the dashboard as included, with the contact and no way to pay or upgrade', async () => {
    await openPage(page, `${server.url}/dashboard`);
    const main = page.locator('main, .Polaris-Page').first();
    await expectVisible(main.getByText('Custom', { exact: true }));
    await expectVisible(main.getByText('Included', { exact: true }));
    await expectVisible(main.getByText('Every account on this server has this plan, with nothing to pay.'));
    expect(await main.getByRole('link', { name: 'plans@maison.example' }).getAttribute('href')).toBe(
      'mailto:plans@maison.example',
    );
    for (const prompt of ['Choose a plan', 'Change plan', 'Upgrade', 'Cards', 'Invoices'])
      expect(await main.getByText(prompt, { exact: true }).count(), prompt).toBe(0);
    expect(await main.getByText(/days? left/).count()).toBe(0);
    await shot(page, 'dashboard-billing-off-1440', { fullPage: false });
  });

  it('offers an account, not a trial, on the public site, whose terms say there is nothing to pay', async () => {
    const visitor = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const p = await visitor.newPage();
    for (const [path, start] of [
      ['/', 'Create your account'],
      ['/fr', 'Créer votre compte'],
    ] as const) {
      await openPage(p, `${server.url}${path}`);
      await expectVisible(p.getByRole('banner').getByRole('link', { name: start }));
      expect(await p.getByText(/free trial|essai gratuit/i).count(), path).toBe(0);
    }
    await openPage(p, `${server.url}/terms-of-service`);
    await expectVisible(p.getByRole('heading', { name: 'Plans', exact: true }));
    expect(await p.getByText(/free trial/i).count()).toBe(0);
    await visitor.close();
  });

  it('says on /pricing that every account has the plan, and whom to write to', async () => {
    const visitor = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const p = await visitor.newPage();
    await openPage(p, `${server.url}/pricing`);
    await expectVisible(p.getByRole('heading', { name: 'Every account here has the Custom plan' }));
    await expectVisible(p.getByText('Unlimited catalogs'));
    expect(await p.getByRole('link', { name: 'plans@maison.example' }).getAttribute('href')).toBe(
      'mailto:plans@maison.example',
    );
    expect(await p.getByRole('link', { name: 'Create your account' }).getAttribute('href')).toBe('/register');
    expect(await p.getByRole('button', { name: /^Choose / }).count()).toBe(0);
    expect(await p.getByText('Pay with card').count()).toBe(0);
    await expectNoSeriousA11yIssues(p);
    await shot(p, 'pricing-billing-off-1440', { fullPage: false });
    await p.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(p);
    await shot(p, 'pricing-billing-off-390', { fullPage: false });
    // /subscribe, where an upgrade link would lead, says the same.
    await openPage(p, `${server.url}/subscribe`);
    await expectVisible(p.getByRole('heading', { name: 'Every account here has the Custom plan' }));
    await visitor.close();

    // Signed in, the way on is the catalogs.
    await openPage(page, `${server.url}/pricing`);
    expect(await page.getByRole('link', { name: 'Go to my catalogs' }).getAttribute('href')).toBe(
      '/catalogs',
    );
  });
});
