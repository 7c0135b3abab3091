import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpgradeByEmail } from '../server/billing/index.ts';
import { FakeDns } from '../scripts/testing/fake-dns.ts';
import { publishCatalog, type Published } from '../scripts/testing/viewer-fixtures.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { openEditor, skipEditorTour } from './support/editor.ts';
import { expectText, expectVisible } from './support/expect.ts';
import { shareSession } from './support/merchant.ts';
import { openPage } from './support/page.ts';

/**
 * Issue 21: a catalog is a draft until its owner publishes it, from the editor's Online version, the viewer's
 * owner panel or the catalogs list; the owner panel shows whether their own host is proved and which DNS record to
 * add (English and French), says why a protected catalog still asks visitors for the password after a downgrade,
 * and wants 8 characters for a new password.
 */
let server: TestServer;
const dns = new FakeDns();
let browser: Browser;
const CATALOG_HOST = 'catalogs.cb-platform.net';

beforeAll(async () => {
  await dns.start();
  server = await startTestServer({ WORKER: 'off', DNS_SERVERS: dns.server, CATALOG_HOST });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await dns.stop();
});

async function ownerPage(owner: Published, width = 1440): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await shareSession(owner.client, context, server.url);
  return { context, page: await context.newPage() };
}

/** Opens the viewer and waits until its script took the page over (the flipbook or the scroll mode is built). */
async function openViewer(page: Page, url: string) {
  await page.goto(url);
  await page.locator('.vw-flip, .vw-scroll').first().waitFor();
}

const visitorStatus = async (id: string) => (await fetch(`${server.url}/view/${id}`)).status;

describe('publishing', () => {
  it('from the editor’s Online version: a draft until Publish, and back with Unpublish', async () => {
    const shop = await publishCatalog(server, {
      email: 'editor-publish@example.com',
      plan: 'BUSINESS',
      products: 6,
      draft: true,
    });
    await skipEditorTour(server.runtime.db, 'editor-publish@example.com');
    const { context, page } = await ownerPage(shop);
    await openEditor(page, `${server.url}/designs/${shop.catalogId}/edit`);
    await page.getByRole('button', { name: 'Online version' }).click();
    const popover = page.locator('.cb-online-version');
    await expectVisible(popover.getByText(/Draft: only you can see it/));
    await expectNoSeriousA11yIssues(page, { label: 'editor online version' });
    await shot(page, 'publishing-editor-draft', { fullPage: false });
    expect(await visitorStatus(shop.catalogId)).toBe(404);
    await popover.getByRole('button', { name: 'Publish' }).click();
    await expectVisible(popover.getByText('Published: anyone with its address can see it.'));
    expect(await visitorStatus(shop.catalogId)).toBe(200);
    const open = popover.getByRole('link', { name: 'Open the online version' });
    expect(await open.getAttribute('href')).toBe(`/view/${shop.catalogId}`);
    await popover.getByRole('button', { name: 'Unpublish' }).click();
    await expectVisible(popover.getByText(/Draft: only you can see it/));
    expect(await visitorStatus(shop.catalogId)).toBe(404);
    await context.close();
  });

  it('from the viewer’s owner panel, which the draft note opens', async () => {
    const shop = await publishCatalog(server, {
      email: 'panel-publish@example.com',
      plan: 'BUSINESS',
      products: 6,
      draft: true,
    });
    const { context, page } = await ownerPage(shop);
    await openViewer(page, `${server.url}/view/${shop.catalogId}`);
    const note = page.locator('#vw-owner-note');
    await expectText(note, 'Draft: only you see it');
    await note.click();
    const panel = page.locator('dialog[open]');
    await expectVisible(panel.getByText(/Draft: only you \(and our staff\) can see this catalog/));
    await expectNoSeriousA11yIssues(page, { label: 'owner panel of a draft' });
    await shot(page, 'publishing-panel-draft', { fullPage: false });
    await Promise.all([page.waitForEvent('load'), panel.getByRole('button', { name: 'Publish' }).click()]);
    await expectVisible(page.locator('.vw-page[data-page="1"] .cb-page'));
    expect(await page.locator('#vw-owner-note').count()).toBe(0);
    expect(await visitorStatus(shop.catalogId)).toBe(200);
    await context.close();
  });

  it('from the catalogs list, whose cards say Draft or Online', async () => {
    const shop = await publishCatalog(server, {
      email: 'list-publish@example.com',
      plan: 'BUSINESS',
      products: 3,
      draft: true,
    });
    const { context, page } = await ownerPage(shop);
    await openPage(page, `${server.url}/catalogs`);
    const card = page.locator(`[data-catalog-id="${shop.catalogId}"]`);
    await expectVisible(card.getByText('Draft', { exact: true }));
    await card.getByRole('button', { name: 'More actions for Spring Line' }).click();
    await page.getByRole('menuitem', { name: 'Publish online' }).click();
    await expectVisible(card.getByText('Online', { exact: true }));
    expect(await visitorStatus(shop.catalogId)).toBe(200);
    await expectNoSeriousA11yIssues(page, { label: 'catalogs list' });
    await shot(page, 'publishing-catalogs-list', { fullPage: false });
    await context.close();
  });
});

describe('the owner panel', () => {
  it('shows the DNS records that prove a host, checks them, and says when it is verified (English)', async () => {
    const shop = await publishCatalog(server, {
      email: 'host-en@example.com',
      plan: 'ENTERPRISE',
      products: 3,
    });
    const { context, page } = await ownerPage(shop);
    await openViewer(page, `${server.url}/view/${shop.catalogId}`);
    await page.locator('#vw-settings').click();
    let panel = page.locator('dialog[open]');
    await panel.getByLabel('Your own host name').fill('127.0.0.1');
    await panel.getByRole('button', { name: 'Save settings' }).click();
    await expectVisible(panel.getByText('Enter a host name of your own domain, not an IP address.'));
    await panel.getByLabel('Your own host name').fill('lookbook.maison-nord.org');
    await Promise.all([
      page.waitForEvent('load'),
      panel.getByRole('button', { name: 'Save settings' }).click(),
    ]);
    await page.locator('#vw-settings').click();
    panel = page.locator('dialog[open]');
    const status = panel.locator('#vw-host-status');
    await expectVisible(status.getByText(/Not verified yet: lookbook\.maison-nord\.org/));
    await expectVisible(
      status.getByText('A TXT record named _catalog-builder.lookbook.maison-nord.org holding:'),
    );
    await expectVisible(status.getByText(CATALOG_HOST, { exact: true }));
    const token = (await status.locator('code').first().innerText()).trim();
    expect(token).toMatch(/^catalog-builder-verification=/);
    await status.getByRole('button', { name: 'Check now' }).click();
    await expectVisible(status.getByText(/No such record was found yet/));
    await status.scrollIntoViewIfNeeded();
    await expectNoSeriousA11yIssues(page, { label: 'host to verify' });
    await shot(page, 'publishing-host-pending', { fullPage: false });
    dns.set('_catalog-builder.lookbook.maison-nord.org', { TXT: [token] });
    await status.getByRole('button', { name: 'Check now' }).click();
    await expectVisible(status.getByText('Verified: lookbook.maison-nord.org shows your catalog.'));
    await shot(page, 'publishing-host-verified', { fullPage: false });
    await context.close();
  });

  it('says the same in French, and wants 8 characters for a new password', async () => {
    const shop = await publishCatalog(server, {
      email: 'host-fr@example.com',
      plan: 'ENTERPRISE',
      products: 3,
      settings: { language: 'fr', custom_host: 'catalogue.maison-sud.org' },
    });
    const { context, page } = await ownerPage(shop, 390);
    await openViewer(page, `${server.url}/view/${shop.catalogId}`);
    await page.locator('#vw-settings').click();
    const panel = page.locator('dialog[open]');
    await expectVisible(panel.getByText(/Pas encore vérifié : catalogue\.maison-sud\.org/));
    await expectVisible(panel.getByText('Ou un enregistrement CNAME de catalogue.maison-sud.org vers :'));
    await panel.getByLabel('Protéger par un mot de passe').check();
    await panel.getByLabel('Nouveau mot de passe').fill('court');
    await panel.getByRole('button', { name: 'Enregistrer les réglages' }).click();
    await expectVisible(
      panel.getByRole('alert').getByText('Un mot de passe doit comporter au moins 8 caractères.'),
    );
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yIssues(page, { label: 'owner panel in French on a phone' });
    await shot(page, 'publishing-panel-fr-phone');
    await context.close();
  });

  it('tells the owner why a protected catalog still asks for the password after a downgrade, and lifts it', async () => {
    const shop = await publishCatalog(server, {
      email: 'lapsed@example.com',
      plan: 'BUSINESS',
      products: 3,
      settings: { password_protection: true, password: 'wholesale only' },
    });
    await setUpgradeByEmail({
      db: server.runtime.db,
      email: 'lapsed@example.com',
      upgrade: true,
      planId: 'ESSENTIAL',
    });
    expect(await (await fetch(`${server.url}/view/${shop.catalogId}`)).text()).toContain(
      'This catalog is protected',
    );
    const { context, page } = await ownerPage(shop);
    await openViewer(page, `${server.url}/view/${shop.catalogId}`);
    const note = page.locator('#vw-owner-note');
    await expectText(note, 'Password protection is no longer in your plan');
    await note.click();
    const panel = page.locator('dialog[open]');
    await expectVisible(panel.getByText(/Your plan no longer includes password protection/));
    await expectNoSeriousA11yIssues(page, { label: 'owner panel of a lapsed protection' });
    await shot(page, 'publishing-protection-lapsed', { fullPage: false });
    await panel.getByLabel('Protect with a password').uncheck();
    await Promise.all([
      page.waitForEvent('load'),
      panel.getByRole('button', { name: 'Save settings' }).click(),
    ]);
    await expectVisible(page.locator('.vw-page[data-page="1"] .cb-page'));
    expect(await (await fetch(`${server.url}/view/${shop.catalogId}`)).text()).toContain('Linen Shirt 1');
    await context.close();
  });
});
