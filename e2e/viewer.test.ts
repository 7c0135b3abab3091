import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeShopify } from '../scripts/testing/fake-shopify.ts';
import type { FakeShopifyAdmin } from '../scripts/testing/fake-shopify-admin.ts';
import { connectShopifyStore, VARIANTS, withVariants } from '../scripts/testing/order-fixtures.ts';
import { publishCatalog, type Published } from '../scripts/testing/viewer-fixtures.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectText, expectVisible } from './support/expect.ts';
import { shareSession } from './support/merchant.ts';

/**
 * The online catalog as a buyer uses it (issue "Done when"): read and flip with the keys, open a product, put
 * two variants in the cart, send the order, then find it where the merchant and their Shopify store see it; a
 * phone shows single pages; the embed works from another origin and is refused to a plan without it.
 */
let server: TestServer;
let shopify: FakeShopify;
let admin: FakeShopifyAdmin;
let shop: Published;
let noEmbed: Published;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let other: http.Server;
let otherUrl: string;

beforeAll(async () => {
  shopify = new FakeShopify('key', 'secret');
  await shopify.start();
  server = await startTestServer();
  shop = await publishCatalog(server, {
    email: 'nord@example.com',
    plan: 'BUSINESS',
    products: 30,
    pictures: 6,
    edit: withVariants,
    settings: { products_link: 'digital_orders' },
  });
  admin = await connectShopifyStore(server, shopify, { ownerId: shop.ownerId, domain: 'nord.myshopify.com' });
  noEmbed = await publishCatalog(server, { email: 'essential@example.com', plan: 'ESSENTIAL', products: 4 });
  // Another local origin (another port) whose page frames the catalogs, as a merchant's own site would.
  other = http.createServer((req, res) => {
    const id = new URL(req.url ?? '/', 'http://x').searchParams.get('id') ?? '';
    res.setHeader('Content-Type', 'text/html');
    res.end(
      `<!doctype html><html lang="en"><title>Shop</title><h1>Our catalog</h1>` +
        `<iframe title="Catalog" src="${server.url}/view/${id}?embed=1" width="860" height="465"></iframe>`,
    );
  });
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', () => r()));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((r) => other?.close(r));
  await server?.close();
  await shopify?.stop();
});

const expectNoSeriousAxe = (p: Page, label: string) => expectNoSeriousA11yIssues(p, { label });

describe('the flipbook viewer', () => {
  it('shows the first spread, flips with the keys and has no serious axe finding', async () => {
    await page.goto(`${server.url}/view/${shop.catalogId}`);
    await expectVisible(page.locator('.vw-page[data-page="1"] .cb-page'));
    const counter = page.locator('#vw-counter');
    const first = ((await counter.textContent()) ?? '').trim();
    expect(first).toMatch(/of 4$/);
    await page.locator('#vw-book').focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      (t) => document.getElementById('vw-counter')?.textContent?.trim() !== t,
      first,
    );
    await page.keyboard.press('End');
    await expectText(counter, 'Page 4 of 4');
    await page.keyboard.press('ArrowLeft');
    await expectText(counter, 'Pages 2–3 of 4');
    await page.keyboard.press('Home');
    await expectText(counter, first);
    await expectNoSeriousAxe(page, 'viewer');
    await shot(page, 'viewer-desktop-spread', { fullPage: false });
  });

  it('opens a product, takes two variants into the cart, sends the order, and once the buyer confirms it by mail it reaches the merchant and Shopify', async () => {
    await page.locator('[data-product-id="p0"]').first().click();
    const modal = page.locator('dialog[open]');
    await expectVisible(modal.getByRole('heading', { name: 'Linen Shirt 1' }));
    await modal.getByLabel(`Quantity of Linen Shirt 1 — ${VARIANTS[0].size}`).fill('2');
    await modal.getByLabel(`Quantity of Linen Shirt 1 — ${VARIANTS[1].size}`).fill('3');
    await expectNoSeriousAxe(page, 'product modal');
    await shot(page, 'viewer-product-modal', { fullPage: false });
    await modal.getByRole('button', { name: 'Add to cart' }).click();
    await expectVisible(modal.getByText('Added to the cart'));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Cart (5)' }).click();
    const cart = page.locator('dialog[open]');
    await cart.getByLabel('Name').fill('Jeanne Martin');
    await cart.getByLabel('Email').fill('jeanne@boutique.example');
    await cart.getByLabel('Comments').fill('Before Friday');
    // Issue 22 §13: the billing address, field by field; the goods go there unless the buyer names another.
    const billing = cart.getByRole('group', { name: 'Billing address' });
    await billing.getByLabel('Street and number').fill('12 rue des Lilas');
    await billing.getByLabel('Postal code').fill('69002');
    await billing.getByLabel('City').fill('Lyon');
    await billing.getByLabel('Country').selectOption({ label: 'France' });
    expect(await cart.getByRole('group', { name: 'Shipping address' }).isVisible()).toBe(false);
    await cart.getByLabel('Ship to another address').check();
    const shipping = cart.getByRole('group', { name: 'Shipping address' });
    await shipping.getByLabel('Street and number').fill('Lagerstraße 5');
    await shipping.getByLabel('Postal code').fill('20095');
    await shipping.getByLabel('City').fill('Hamburg');
    await shipping.getByLabel('Country').selectOption('DE');
    await expectNoSeriousAxe(page, 'cart');
    await shot(page, 'viewer-cart', { fullPage: false });
    const outboxBefore = server.outbox().length;
    await cart.getByRole('button', { name: 'Send the order' }).click();
    await expectVisible(
      cart.getByText(
        'Your order was successfully sent. You should receive a confirmation by email within a few minutes.',
      ),
    );
    // The buyer is told the seller receives it once they confirm it by mail.
    await expectVisible(
      cart.getByText(
        'Please confirm your order with the link we sent to jeanne@boutique.example: the seller receives it once it is confirmed.',
      ),
    );
    await shot(page, 'viewer-order-sent', { fullPage: false });

    const { data } = await (await shop.client.get('/api/v1/orders')).json();
    expect(data).toHaveLength(1);
    expect(data[0].status).toBe('unconfirmed');
    expect(data[0].customer.billing).toMatchObject({
      street: '12 rue des Lilas',
      city: 'Lyon',
      country: 'FR',
    });
    expect(data[0].customer.shipping).toMatchObject({ postal_code: '20095', country: 'DE' });
    expect(data[0].items.map((l: { sku: string; quantity: number }) => [l.sku, l.quantity])).toEqual([
      ['SHIRT-S', 2],
      ['SHIRT-L', 3],
    ]);
    // One mail so far: the buyer's request to confirm, carrying nothing they typed.
    const asked = server.outbox().slice(outboxBefore).map(server.readMail);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^To: jeanne@boutique\.example/m);
    expect(asked[0]).not.toContain('Before Friday');
    expect(admin.draftOrders).toHaveLength(0);

    // The buyer opens the link from the mail and confirms.
    const link = /(\/view\/order-confirmation\/[A-Za-z0-9_-]+)/.exec(asked[0]!.replace(/=\r?\n/g, ''))![1]!;
    const buyerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const buyer = await buyerContext.newPage();
    await buyer.goto(`${server.url}${link}`);
    await expectVisible(buyer.getByRole('heading', { name: /Your order to/ }));
    await expectVisible(buyer.getByText('2 × Linen Shirt 1 (Small)'));
    await expectNoSeriousAxe(buyer, 'order confirmation');
    await shot(buyer, 'viewer-order-confirmation');
    await buyer.getByRole('button', { name: 'Confirm my order' }).click();
    await expectVisible(buyer.getByText(/your order is confirmed/));
    await shot(buyer, 'viewer-order-confirmed');
    await buyerContext.close();

    const mails = server.outbox().slice(outboxBefore).map(server.readMail);
    expect(mails.some((m) => /^To: nord@example\.com/m.test(m))).toBe(true);
    expect(mails.filter((m) => /^To: jeanne@boutique\.example/m.test(m))).toHaveLength(2);
    await expect.poll(() => admin.draftOrders.length, { timeout: 20_000 }).toBe(1);
    expect(admin.draftOrders[0]!.lineItems.map((l) => [l.variantId, l.quantity])).toEqual([
      [VARIANTS[0].id, 2],
      [VARIANTS[1].id, 3],
    ]);

    // The merchant's Orders page shows the order and links its draft order in the store.
    const ownerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await shareSession(shop.client, ownerContext, server.url);
    const orders = await ownerContext.newPage();
    await orders.goto(`${server.url}/orders`);
    await expectVisible(orders.getByText('Jeanne Martin'));
    await expectVisible(orders.getByText('2 × Linen Shirt 1 (Small)'));
    // Its short number, and the buyer's addresses (issue 22 §13).
    await expectVisible(orders.getByText('#1001', { exact: true }));
    await expectVisible(orders.getByText('12 rue des Lilas'));
    await expectVisible(orders.getByText('69002 Lyon'));
    await expectVisible(orders.getByText('20095 Hamburg'));
    await expectVisible(orders.getByText('Germany'));
    const draftLink = orders.getByRole('link', { name: 'Draft order #D1' });
    expect(await draftLink.getAttribute('href')).toMatch(
      /^https:\/\/nord\.myshopify\.com\/admin\/draft_orders\/\d+$/,
    );
    await expectNoSeriousAxe(orders, 'orders page');
    await shot(orders, 'viewer-orders', { fullPage: false });
    // On a phone the page fits the screen: the table scrolls inside its card, the page does not.
    await orders.setViewportSize({ width: 390, height: 844 });
    await expectVisible(orders.getByText('Jeanne Martin'));
    expect(await orders.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // …and the whole order is in sight, not in columns scrolled away.
    for (const text of [orders.getByText('2 × Linen Shirt 1 (Small)'), orders.getByText('Draft order #D1')]) {
      await expectVisible(text);
      const box = (await text.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    // The total closes the order block's first line, at its right edge.
    const block = (await orders.locator('.cb-order-stack').first().boundingBox())!;
    const total = (await orders.locator('.cb-order-stack').getByText('$128.50').boundingBox())!;
    expect(block.x + block.width - (total.x + total.width)).toBeLessThanOrEqual(24);
    expect(block.width).toBeGreaterThan(300);
    await expectNoSeriousAxe(orders, 'orders page on a phone');
    await shot(orders, 'viewer-orders-phone');

    // An order its buyer does not confirm waits, uncounted; the merchant may accept it from this page.
    await orders.setViewportSize({ width: 1440, height: 900 });
    const waiting = await fetch(`${server.url}/api/v1/catalogs/${shop.catalogId}/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.50' },
      body: JSON.stringify({
        customer: { name: 'Paul Durand', email: 'paul@example.org' },
        items: [{ product_id: 'p1', quantity: 1 }],
      }),
    });
    expect(waiting.status).toBe(200);
    await orders.reload();
    await expectVisible(orders.getByText('Awaiting the buyer’s confirmation'));
    await expectNoSeriousAxe(orders, 'orders page with an order awaiting confirmation');
    await shot(orders, 'viewer-orders-unconfirmed', { fullPage: false });
    const accept = orders.getByRole('button', { name: 'Accept the order of Paul Durand' });
    await accept.click();
    await accept.waitFor({ state: 'detached' });
    const after = (await (await shop.client.get('/api/v1/orders')).json()).data;
    expect(after.map((o: { status: string }) => o.status)).toEqual(['new', 'new']);
    expect(after.map((o: { number: number }) => o.number)).toEqual([1002, 1001]);

    // The merchant marks the first order shipped; its buyer is told by mail.
    const outboxShipped = server.outbox().length;
    const status = orders.getByLabel('Status of order #1001');
    expect(await status.inputValue()).toBe('new');
    await status.selectOption({ label: 'Shipped' });
    await expectVisible(orders.getByText('Marked Shipped; the buyer was told by email.'));
    await expect.poll(() => status.inputValue()).toBe('shipped');
    const told = server.outbox().slice(outboxShipped).map(server.readMail);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/^To: jeanne@boutique\.example/m);
    expect(told[0]).toMatch(/^Subject: .*#1001.*shipped/m);
    await expectNoSeriousAxe(orders, 'orders page with statuses');
    await shot(orders, 'viewer-orders-statuses', { fullPage: false });
    await ownerContext.close();
  });

  it('shows single pages on a phone', async () => {
    const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const phone = await phoneContext.newPage();
    await phone.goto(`${server.url}/view/${shop.catalogId}`);
    await expectVisible(phone.locator('.vw-page[data-page="1"] .cb-page'));
    await expectText(phone.locator('#vw-counter'), 'Page 1 of 4');
    await phone.locator('#vw-next').click();
    await expectText(phone.locator('#vw-counter'), 'Page 2 of 4');
    await phone.locator('#vw-prev').click();
    await expectText(phone.locator('#vw-counter'), 'Page 1 of 4');
    await expectNoSeriousAxe(phone, 'phone');
    await shot(phone, 'viewer-phone', { fullPage: false });
    await phoneContext.close();
  });
});

describe('embedding (SPEC §6, §9)', () => {
  it('works in a frame on another origin, and is refused to a plan without embedding', async () => {
    await page.goto(`${otherUrl}/?id=${shop.catalogId}`);
    const frame = page.frameLocator('iframe');
    await expectVisible(frame.locator('.vw-page[data-page="1"] .cb-page'));
    await shot(page, 'viewer-embed', { fullPage: false });

    await page.goto(`${otherUrl}/?id=${noEmbed.catalogId}`);
    await expectVisible(frame.getByText('Please subscribe to be able to embed your catalog.'));
    expect(await frame.locator('.vw-page').count()).toBe(0);
  });
});
