import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeEtsy } from '../scripts/testing/fake-etsy.ts';
import { FakeLightspeed } from '../scripts/testing/fake-lightspeed.ts';
import { FakeWooCommerce } from '../scripts/testing/fake-woocommerce.ts';
import { pdfText } from '../scripts/testing/pdf-tools.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectText, expectVisible } from './support/expect.ts';
import { signInMerchant } from './support/merchant.ts';
import { openPage } from './support/page.ts';

/**
 * Issue 23's Playwright case: a standalone merchant connects a WooCommerce store (a local server speaking
 * WooCommerce's REST API, let through by STORE_PRIVATE_HOSTS), watches the sync's progress, filters the products
 * by the store's categories, builds a catalog with the wizard, and the PDF holds the store's products.
 */
let server: TestServer;
let store: FakeWooCommerce;
// OAuth platforms: their token endpoints and APIs are local; their consent pages are played by page.route.
const lightspeed = new FakeLightspeed();
const etsy = new FakeEtsy();
let browser: Browser;
const contexts: BrowserContext[] = [];
let releaseSecondPage: () => void = () => {};
const secondPage = new Promise<void>((resolve) => (releaseSecondPage = resolve));

beforeAll(async () => {
  store = await new FakeWooCommerce().start();
  store.generate(240, { variableEvery: 6, variationsEach: 2 });
  // The second page of products waits until the test has seen the progress, however fast or slow the machine.
  store.holdFor = (path, query) =>
    path === '/wp-json/wc/v3/products' && query.page === '2' ? secondPage : null;
  await Promise.all([lightspeed.start(), etsy.start()]);
  lightspeed.useRFixture();
  server = await startTestServer(
    {
      STORE_PRIVATE_HOSTS: '127.0.0.1',
      LIGHTSPEED_API_URL: lightspeed.apiUrl,
      LIGHTSPEED_R_CLIENT_ID: lightspeed.appKeys.clientId,
      LIGHTSPEED_R_CLIENT_SECRET: lightspeed.appKeys.clientSecret,
      LIGHTSPEED_X_CLIENT_ID: lightspeed.appKeys.clientId,
      LIGHTSPEED_X_CLIENT_SECRET: lightspeed.appKeys.clientSecret,
      ETSY_API_URL: etsy.apiUrl,
      ETSY_CLIENT_ID: etsy.appKeys.clientId,
      ETSY_CLIENT_SECRET: etsy.appKeys.clientSecret,
    },
    { worker: { pollMs: 100, fetchOptions: { allowPrivateAddresses: true } } },
  );
  server.runtime.services.connectorOptions = { retryBaseMs: 10, pageSize: 40 };
  browser = await launchBrowser();
});
afterAll(async () => {
  releaseSecondPage();
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.close();
  await store?.stop();
  await Promise.all([lightspeed.stop(), etsy.stop()]);
});

async function newPage(width: number, locale = 'en-US'): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 844 : 900 },
    locale,
    acceptDownloads: true,
  });
  contexts.push(context);
  return { page: await context.newPage(), context };
}

it('connects a WooCommerce store, follows its sync, filters by its categories and prints its products', async () => {
  const { page, context } = await newPage(1440);
  await signInMerchant(server, context, 'woo-e2e@example.com');
  await openPage(page, `${server.url}/stores`);
  await expectVisible(page.getByRole('heading', { name: 'No store connected yet' }));
  // In the app's navigation.
  await expectVisible(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stores' }));
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'stores-empty-1440');

  // Wrong keys first: the store's own words, in the merchant's language.
  await page.getByRole('button', { name: 'WooCommerce' }).click();
  await page.getByLabel('Store address').fill(store.baseUrl);
  await page.getByLabel('Consumer key').fill(store.keys.consumerKey);
  await page.getByLabel('Consumer secret').fill('cs_wrong');
  await page.getByRole('button', { name: 'Connect WooCommerce' }).click();
  await expectVisible(
    page.getByText('The store refused these keys. Check that they are copied whole and still active.'),
  );
  await expectVisible(
    page.getByText(
      `The store said: the WooCommerce store ${new URL(store.baseUrl).host} answered 401: Invalid signature - provided signature does not match.`,
    ),
  );
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'stores-refused-1440');

  await page.getByLabel('Consumer secret').fill(store.keys.consumerSecret);
  await page.getByRole('button', { name: 'Connect WooCommerce' }).click();
  await expectVisible(page.getByText('My Woo Store is connected. Its products are being synchronized.'));
  // The sync's progress, then its end.
  await expect
    .poll(() => page.getByText(/^Syncing products: \d+\/240$/).count(), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await shot(page, 'stores-syncing-1440');
  releaseSecondPage();
  await page.getByText('240 products').first().waitFor({ timeout: 60_000 });
  await expectVisible(page.getByText('Connected', { exact: true }));
  await expectVisible(page.getByText('Kept current as products change in the store.'));
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'stores-connected-1440');

  // Its products, filtered by one of its categories (a product sits in its category and the parent).
  await page.getByRole('link', { name: 'View products' }).click();
  await page.waitForURL(/\/listings\?account=/);
  await openPage(page, page.url());
  const hoodies = store.products.filter((p) => p.categories!.some((c) => c.name === 'Hoodies')).length;
  const clothing = store.products.filter((p) => p.categories!.some((c) => c.name === 'Clothing')).length;
  await page.getByLabel('Category').selectOption({ label: 'Hoodies' });
  await expectText(page.locator('#cb-listings-count'), `${hoodies} products`);
  await page.getByLabel('Category').selectOption({ label: 'Clothing' });
  await expectText(page.locator('#cb-listings-count'), `${clothing} products`);
  await shot(page, 'stores-listings-filtered-1440');

  // A catalog of the Hoodies with the wizard, then its PDF.
  await openPage(page, `${server.url}/catalogs`);
  await page.getByRole('button', { name: 'New catalog' }).first().click();
  const wizard = page.getByRole('dialog');
  await wizard.getByLabel('Catalog', { exact: true }).check({ force: true });
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('Only these categories (in this order)').check({ force: true });
  await wizard.getByLabel(`Hoodies (${hoodies} products)`).check({ force: true });
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('Catalog title').fill('Hoodies from Woo');
  await wizard.getByRole('button', { name: 'Create catalog' }).click();
  await page.waitForURL(/\/designs\/[^/]+\/edit$/);
  const catalogId = /\/designs\/([^/]+)\/edit$/.exec(page.url())![1]!;
  await openPage(page, `${server.url}/preview/${catalogId}`);
  await page.getByRole('button', { name: 'Generate the PDF' }).click();
  await page.getByText('Your catalog is ready').waitFor({ timeout: 120_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download', exact: true }).click(),
  ]);
  const text = pdfText(readFileSync((await download.path())!)).replace(/\s+/g, ' ');
  expect(text).toContain('Hoodies from Woo');
  const titles = store.products
    .filter((p) => p.categories!.some((c) => c.name === 'Hoodies'))
    .map((p) => p.name!);
  for (const title of titles) expect(text).toContain(`${title} `);
  expect(text).not.toContain(
    `${store.products.find((p) => !p.categories!.some((c) => c.name === 'Hoodies'))!.name} `,
  );
});

it('works at phone width and in French, by keyboard', async () => {
  const { page, context } = await newPage(390, 'fr-FR');
  await signInMerchant(server, context, 'woo-phone@example.com');
  await openPage(page, `${server.url}/stores`);
  await expectVisible(page.getByRole('heading', { name: 'Aucune boutique connectée' }));
  await expectNoSidewaysScroll(page);
  // Keyboard only: the WooCommerce tile, then its form.
  await page.getByRole('button', { name: 'WooCommerce' }).focus();
  await page.keyboard.press('Enter');
  await expectVisible(page.getByLabel('Adresse de la boutique'));
  // The first field has the focus.
  await page.keyboard.type(store.baseUrl);
  await page.getByLabel('Clé client (consumer key)').fill(store.keys.consumerKey);
  await page.getByLabel('Secret client (consumer secret)').fill(store.keys.consumerSecret);
  await page.getByLabel('Secret client (consumer secret)').press('Enter');
  await expectVisible(
    page.getByText('My Woo Store est connectée. Ses produits sont en cours de synchronisation.'),
  );
  await page.getByText('240 produits').first().waitFor({ timeout: 60_000 });
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'stores-connected-390-fr');

  // TradeGecko is offered only as discontinued, with the CSV import instead.
  await page.getByRole('button', { name: 'TradeGecko' }).click();
  await expectVisible(page.getByText(/TradeGecko a été arrêté par son éditeur/));
  await expectVisible(page.getByRole('link', { name: 'Importer un fichier CSV' }).last());

  // Disconnect, keeping the products: asked first.
  await page.getByRole('button', { name: 'Déconnecter' }).click();
  const dialog = page.getByRole('dialog');
  await expectVisible(dialog.getByText('Garder ses produits'));
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'stores-disconnect-390-fr');
  await dialog.getByRole('button', { name: 'Déconnecter' }).click();
  await expectVisible(page.getByText('My Woo Store a été déconnectée.'));
  await expectVisible(page.getByText('Déconnectée', { exact: true }));
  await expectVisible(page.getByText('240 produits'));
});

it('offers the OAuth platforms the server is set up for, and connects Lightspeed R-Series by signing in there', async () => {
  const { page, context } = await newPage(1440);
  await signInMerchant(server, context, 'lightspeed-e2e@example.com');
  // Lightspeed's consent page: the merchant approves, and Lightspeed sends them back with a code and the state.
  await page.route('https://cloud.lightspeedapp.com/**', (route) => {
    const consent = lightspeed.rOAuth.consent(route.request().url());
    const back = new URL(`${server.url}/auth/lightspeed/callback`);
    back.search = new URLSearchParams({ code: consent.code, state: consent.state! }).toString();
    return route.fulfill({ status: 302, headers: { Location: back.toString() } });
  });
  await openPage(page, `${server.url}/stores`);
  // Etsy and eBay: Etsy's app is set, eBay's is not (not offered).
  await expectVisible(page.getByRole('button', { name: 'Etsy' }));
  expect(await page.getByRole('button', { name: 'eBay' }).count()).toBe(0);

  await page.getByRole('button', { name: 'Lightspeed' }).click();
  await expectVisible(page.getByText('Which Lightspeed do you use?'));
  // By keyboard: the series are radio buttons, X-Series first.
  await page.getByLabel('X-Series (formerly Vend)').focus();
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => page.getByLabel(/^R-Series/).isChecked()).toBe(true);
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'stores-lightspeed-series-1440');
  await page.getByRole('button', { name: 'Continue to Lightspeed' }).click();

  await page.waitForURL(/\/stores(\?|$)/);
  await expectVisible(page.getByText(/is connected\. Its products are being synchronized\./));
  await page.getByText('232 products').first().waitFor({ timeout: 60_000 });
  await expectVisible(page.getByText('Connected', { exact: true }));
  await expectVisible(page.getByText(`Lightspeed · ${lightspeed.accountId}`));
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'stores-lightspeed-connected-1440');
});

it('brings a refused sign-in back to the Stores screen in the merchant’s language, at phone width', async () => {
  const { page, context } = await newPage(390, 'fr-FR');
  await signInMerchant(server, context, 'etsy-refused@example.com');
  // Etsy's consent page answers with the code it issued, but the code is then refused at the token endpoint.
  await page.route('https://www.etsy.com/**', (route) => {
    const consent = etsy.oauth.consent(route.request().url(), { userId: etsy.userId });
    etsy.oauth.codes.delete(consent.code);
    const back = new URL(`${server.url}/auth/etsy/callback`);
    back.search = new URLSearchParams({ code: consent.code, state: consent.state! }).toString();
    return route.fulfill({ status: 302, headers: { Location: back.toString() } });
  });
  await openPage(page, `${server.url}/stores`);
  await page.getByRole('button', { name: 'Etsy' }).click();
  await page.getByRole('button', { name: 'Continuer vers Etsy' }).click();
  await page.waitForURL(/\/stores\?/);
  await expectVisible(
    page.getByText('La plateforme n’a pas autorisé l’accès à votre boutique.', { exact: false }),
  );
  await expectVisible(page.getByText(/The authorization code is invalid or expired/));
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'stores-etsy-refused-390-fr');
});
