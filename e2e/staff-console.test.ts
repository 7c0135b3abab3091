import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, registeredClient, startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { shareSession } from './support/merchant.ts';
import { openPage } from './support/page.ts';

/* The staff console (issue 26, SPEC §2.1) as staff use it, and as a merchant is refused it. */

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let merchant: Awaited<ReturnType<typeof registeredClient>>;
let catalogId: string;

beforeAll(async () => {
  server = await startTestServer({
    WORKER: 'off',
    ADMIN_EMAIL: 'console-staff@example.com',
    ADMIN_PASSWORD: 'console-password-1',
  });
  browser = await launchBrowser();
  merchant = await registeredClient(server.url, 'harbour-shop@example.com');
  catalogId = (await (await merchant.post('/api/v1/catalogs', { title: 'Harbour catalog' })).json()).data._id;
  await client(server.url).post('/api/v1/waitingusers', {
    email: 'waiting-wix@example.com',
    platform: 'wix',
  });
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
  await openPage(page, `${server.url}/login`);
  await page.getByLabel('Email').fill('console-staff@example.com');
  await page.getByLabel('Password').fill('console-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

describe('the staff console', () => {
  it('answers 403 to a merchant on every staff page', async () => {
    for (const path of [
      '/admin',
      '/admin/users',
      '/admin/catalogs',
      '/admin/waitinglist',
      '/admin/unregistereduser',
      '/admin/testimonials',
      '/manager/allcatalogs',
    ]) {
      const res = await merchant.get(path, { Accept: 'text/html' });
      expect(res.status, path).toBe(403);
      expect(await res.text(), path).not.toContain('harbour-shop@example.com');
    }
  });

  it('finds a merchant by email, extends their trial after a confirmation, and shows who did it', async () => {
    await openPage(page, `${server.url}/admin/users`);
    await page.getByRole('textbox', { name: 'Search by email or business' }).fill('harbour');
    await page.waitForURL(/filter=harbour/);
    const row = page.getByRole('row').filter({ hasText: 'harbour-shop@example.com' });
    await expectVisible(row);
    // The search leaves out everyone else.
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: 'console-staff@example.com' }).count())
      .toBe(0);
    await row.getByRole('button', { name: 'Extend trial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Extend the trial of harbour-shop@example.com?' });
    await expectVisible(dialog);
    await dialog.getByRole('button', { name: 'Extend trial' }).click();
    await expectVisible(page.getByText(/^Subscription updated: \d+ days left$/));
    await expectVisible(row.getByText(/Trial extended · console-staff@example.com/));
    // Staff's own pages counted them present (the frame's heartbeat): their row shows a recorded session.
    await page.getByRole('textbox', { name: 'Search by email or business' }).fill('console-staff');
    const own = page.getByRole('row').filter({ hasText: 'console-staff@example.com' }).first();
    await expectVisible(own.getByText(/^1 session · \d+ (s|min)$/));
    await page.getByRole('textbox', { name: 'Search by email or business' }).fill('harbour');
    await expectVisible(row);
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'admin-users-1440');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d\d-\d\d\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain('harbour-shop@example.com,');
  });

  it('features a catalog from the keyboard, with its cover and its link in the viewer', async () => {
    await openPage(page, `${server.url}/admin/catalogs`);
    const row = page.getByRole('row').filter({ hasText: 'Harbour catalog' });
    await expectVisible(row.getByText('harbour-shop@example.com'));
    expect(await row.getByRole('link', { name: 'Harbour catalog' }).getAttribute('href')).toBe(
      `/view/${catalogId}`,
    );
    await expectVisible(row.locator('.cb-cover-box .cb-scaled-page'));
    const feature = row.getByRole('button', { name: 'Feature Harbour catalog' });
    await feature.focus();
    await page.keyboard.press('Enter');
    await expectVisible(page.getByText('Catalog updated'));
    await expectVisible(row.getByText('Featured', { exact: true }));
    await expectVisible(row.getByText(/Featured · console-staff@example.com/));
    await expectVisible(row.getByRole('button', { name: 'Stop featuring Harbour catalog' }));
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'admin-catalogs-1440');
  });

  it('shows a waiting-list signup, and every screen fits a phone', async () => {
    await openPage(page, `${server.url}/admin/waitinglist`);
    const row = page.getByRole('row').filter({ hasText: 'waiting-wix@example.com' });
    await expectVisible(row.getByText('wix'));
    await expectVisible(row.getByText('No account'));
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'admin-waitinglist-1440');

    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of [
      'admin/users',
      'admin/catalogs',
      'admin/waitinglist',
      'admin/unregistereduser',
      'admin/testimonials',
      'manager/allcatalogs',
    ]) {
      await openPage(page, `${server.url}/${path}`);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yIssues(page, { label: path });
      await shot(page, `${path.replace('/', '-')}-390`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('publishes a testimonial a merchant wrote on the dashboard once staff approve it', async () => {
    // The merchant writes it from their dashboard (their own browser, signed in as them).
    const own = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      await shareSession(merchant, own, server.url);
      const p = await own.newPage();
      await openPage(p, `${server.url}/dashboard`);
      await p.getByLabel('Your testimonial').fill('Harbour ships its line sheets the same day now.');
      await p.getByLabel('Name shown').fill('Hana Harbour');
      await p.getByRole('button', { name: 'Send for review' }).click();
      await expectVisible(p.getByText('Thank you. Our team will read it before it is published.'));
      await expectVisible(p.getByText('Waiting for review'));
      await expectNoSeriousA11yIssues(p);
      await shot(p, 'dashboard-testimonial-1440');
    } finally {
      await own.close();
    }
    const published = async () =>
      (await (await fetch(`${server.url}/testimonials`)).text()).includes('same day now');
    expect(await published()).toBe(false);

    await openPage(page, `${server.url}/admin/testimonials`);
    const row = page.getByRole('row').filter({ hasText: 'Harbour ships its line sheets' });
    await expectVisible(row.getByText('harbour-shop@example.com'));
    await row.getByRole('button', { name: 'Approve the testimonial of Hana Harbour' }).click();
    await expectVisible(page.getByText('Testimonial updated'));
    await expectVisible(row.getByText('Published'));
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'admin-testimonials-1440');
    expect(await published()).toBe(true);
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const p = await visitor.newPage();
      await openPage(p, `${server.url}/testimonials`);
      const quote = p
        .getByRole('figure')
        .filter({ hasText: 'Harbour ships its line sheets the same day now.' });
      await expectVisible(quote.getByText('Hana Harbour'));
      await shot(p, 'site-testimonials-390');
    } finally {
      await visitor.close();
    }
  });

  it('reads in French', async () => {
    const fr = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' });
    try {
      await fr.addCookies(await context.cookies());
      const p = await fr.newPage();
      await openPage(p, `${server.url}/admin/waitinglist`);
      await expectVisible(p.getByRole('heading', { name: "Liste d'attente" }));
      await expectVisible(p.getByText('Sans compte'));
    } finally {
      await fr.close();
    }
  });
});
