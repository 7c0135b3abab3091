import { eq, sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { FakeShopify } from '../scripts/testing/fake-shopify.ts';
import { connectShopifyStore, VARIANTS, withVariants } from '../scripts/testing/order-fixtures.ts';
import { sampleProductImage } from '../scripts/testing/sample-catalog.ts';
import { publishCatalog, type Published } from '../scripts/testing/viewer-fixtures.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';

/**
 * The viewer's reading and visitor tools in the system Chromium (issue §1, §5, §7): the retail cart handed to
 * Shopify's cart permalink, the PDF polled every 0.5 s and cancelled (SPEC §4 'User PDF'), page pictures, the
 * GA4 tag only when set, scroll mode, right-to-left, reduced motion, swipe and zoom.
 */
let server: TestServer;
let shopify: FakeShopify;
let retail: Published;
let plain: Published;
let browser: Browser;

async function open(shop: Published, opts: { width?: number; touch?: boolean; reduce?: boolean } = {}) {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1440, height: opts.width && opts.width < 500 ? 844 : 900 },
    hasTouch: !!opts.touch,
    reducedMotion: opts.reduce ? 'reduce' : 'no-preference',
  });
  // Nothing may leave the machine: Google's tag is answered here, and recorded.
  const ga: string[] = [];
  await context.route('https://**/*', (route) => {
    ga.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: 'window.__gaLoaded = true;' });
  });
  const page = await context.newPage();
  return { context, page, ga };
}

async function ready(page: Page, url: string) {
  const res = await page.goto(url);
  await expectVisible(page.locator('.vw-page[data-page="1"] .cb-page'));
  // The script has taken the page over once the flipbook (page-flip) or the scroll mode is in place.
  await page.waitForFunction(() => document.querySelector('.stf__parent, .vw-scroll'));
  return res!;
}

/** Wait until the page counter starts with `prefix` ("Pages 2–3 of"). */
async function expectCounter(page: Page, prefix: string) {
  const text = () => page.locator('#vw-counter').textContent();
  await expect.poll(async () => ((await text()) ?? '').trim().slice(0, prefix.length)).toBe(prefix);
}

beforeAll(async () => {
  shopify = new FakeShopify('key', 'secret');
  await shopify.start();
  server = await startTestServer();
  const pictures: string[] = [];
  for (let i = 0; i < 4; i++) {
    const key = `pages/reading-${i}.jpg`;
    await server.runtime.storage.put(key, await sampleProductImage(i, 400));
    pictures.push(server.runtime.storage.url(key));
  }
  retail = await publishCatalog(server, {
    email: 'retail@example.com',
    plan: 'BUSINESS',
    products: 30,
    pictures: 3,
    edit: (doc) => {
      withVariants(doc);
      doc.pages.forEach((p, i) => {
        (p as { render?: unknown }).render = { image: pictures[i] ?? null, thumbnail: pictures[i] ?? null };
      });
    },
    settings: { products_link: 'retail_orders', download_pdf_button: true, download_pages_button: true },
  });
  await connectShopifyStore(server, shopify, { ownerId: retail.ownerId, domain: 'retail.myshopify.com' });
  await server.runtime.db
    .update(users)
    .set({
      settings: sql`coalesce(${users.settings}, '{}'::jsonb) || '{"ga4_tracking_id":"G-TEST1234"}'::jsonb`,
    })
    .where(eq(users.id, retail.ownerId));
  plain = await publishCatalog(server, { email: 'plain@example.com', plan: 'BUSINESS', products: 40 });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await shopify?.stop();
});

describe('a retail catalog of a Shopify store', () => {
  it("hands the cart to the store's cart permalink with each variant and quantity", async () => {
    const { context, page } = await open(retail);
    await ready(page, `${server.url}/view/${retail.catalogId}`);
    await page.locator('[data-product-id="p0"]').first().click();
    const modal = page.locator('dialog[open]');
    await modal.getByLabel(`Quantity of Linen Shirt 1 — ${VARIANTS[0].size}`).fill('2');
    await modal.getByLabel(`Quantity of Linen Shirt 1 — ${VARIANTS[1].size}`).fill('1');
    await modal.getByRole('button', { name: 'Add to cart' }).click();
    await expectVisible(modal.getByText('Added to the cart'));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Cart (3)' }).click();
    const cart = page.locator('dialog[open]');
    await expectVisible(cart.getByRole('heading', { name: 'Your cart' }));
    const checkout = cart.getByRole('link', { name: 'Check out in the store' });
    expect(await checkout.getAttribute('href')).toBe('https://retail.myshopify.com/cart/8001:2,8002:1');
    expect(await checkout.getAttribute('rel')).toBe('noopener');
    await shot(page, 'viewer-retail-cart', { fullPage: false });
    await context.close();
  });

  it('loads the GA4 tag, allowed by its policy, only for the owner who set an id', async () => {
    const withId = await open(retail);
    const res = await ready(withId.page, `${server.url}/view/${retail.catalogId}`);
    expect(res.headers()['content-security-policy']).toContain('https://www.googletagmanager.com');
    await withId.page.waitForFunction(() => (window as unknown as { __gaLoaded?: boolean }).__gaLoaded);
    expect(withId.ga).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST1234']);
    await withId.context.close();

    const without = await open(plain);
    const plainRes = await ready(without.page, `${server.url}/view/${plain.catalogId}`);
    expect(plainRes.headers()['content-security-policy']).not.toContain('googletagmanager');
    expect(await without.page.locator('script[src*="googletagmanager"]').count()).toBe(0);
    expect(without.ga).toEqual([]);
    await without.context.close();
  });

  it('offers the page pictures to download, one link a page', async () => {
    const { context, page } = await open(retail);
    await ready(page, `${server.url}/view/${retail.catalogId}`);
    await page.getByRole('button', { name: 'Download pages' }).click();
    const list = page.locator('dialog[open] a');
    await expectVisible(list.first());
    expect(await list.count()).toBe(4);
    expect(await list.nth(1).getAttribute('download')).toBe('page-2.jpg');
    const picture = await page.request.get(
      new URL((await list.nth(1).getAttribute('href'))!, server.url).href,
    );
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toBe('image/jpeg');
    await context.close();
  });

  it('polls the PDF every half second until it is ready, and stops polling on cancel', async () => {
    const { context, page } = await open(retail);
    const polls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/pdf/status')) polls.push(r.url());
    });
    await page.clock.install();
    await ready(page, `${server.url}/view/${retail.catalogId}`);
    // From here the page's clock only moves when the test moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);

    // Cancel first: once the dialog is closed, no more polls however long the visitor stays.
    const started = page.waitForResponse((r) => r.url().endsWith('/pdf') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const dialog = page.locator('dialog[open]');
    await expectVisible(dialog.getByText('Your catalog will soon be ready'));
    const first = await (await started).json();
    expect(first.state).toBe('pending');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.clock.runFor(3_000);
    expect(polls).toEqual([]);

    // Then wait: nothing before 0.5 s, one poll at 0.5 s, and so on until the file is ready.
    const again = page.waitForResponse((r) => r.url().endsWith('/pdf') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const second = await (await again).json();
    if (second.state !== 'ready') {
      await page.clock.runFor(499);
      expect(polls).toEqual([]);
      for (let i = 1; i <= 240; i++) {
        const polled = page.waitForResponse((r) => r.url().includes('/pdf/status'));
        await page.clock.runFor(i === 1 ? 1 : 500);
        const state = (await (await polled).json()).state as string;
        expect(polls.length).toBeGreaterThanOrEqual(i);
        if (state !== 'pending') break;
        // Let the worker get on with the export between two polls.
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    const done = page.locator('dialog[open]');
    await expectVisible(done.getByText('Your catalog is ready'));
    const link = done.getByRole('link', { name: 'Download' });
    const pdf = await page.request.get(new URL((await link.getAttribute('href'))!, server.url).href);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await context.close();
  });
});

describe('reading', () => {
  it('reads as a document in scroll mode, loading pages as they come near', async () => {
    const res = await plain.client.put(`/api/v1/catalogs/${plain.catalogId}/settings`, {
      view_mode: 'scroll',
    });
    expect(res.status).toBe(200);
    const { context, page } = await open(plain);
    try {
      await ready(page, `${server.url}/view/${plain.catalogId}`);
      await expectVisible(page.locator('.vw-scroll[role="document"]'));
      const one = (await page.locator('.vw-page[data-page="1"]').boundingBox())!;
      await page.locator('.vw-page[data-page="3"]').scrollIntoViewIfNeeded();
      await expectVisible(page.locator('.vw-page[data-page="3"] .cb-page'));
      const three = (await page.locator('.vw-page[data-page="3"]').boundingBox())!;
      expect(Math.abs(three.x - one.x)).toBeLessThan(2);
      await expectCounter(page, 'Page 3 of');
    } finally {
      await context.close();
      // The catalog's default view (SPEC settings: view_mode 'webgl', the book).
      const back = await plain.client.put(`/api/v1/catalogs/${plain.catalogId}/settings`, {
        view_mode: 'webgl',
      });
      expect(back.status).toBe(200);
    }
  });

  it('reads right to left: ← goes forward and the next page is on the left of the spread', async () => {
    await plain.client.put(`/api/v1/catalogs/${plain.catalogId}/settings`, { right_to_left: true });
    const { context, page } = await open(plain);
    try {
      await ready(page, `${server.url}/view/${plain.catalogId}`);
      await page.locator('#vw-book').focus();
      await page.keyboard.press('ArrowLeft');
      await expectCounter(page, 'Pages 2–3 of');
      const box = async (n: number) =>
        (await page.locator(`.stf__parent .vw-page[data-page="${n}"]`).boundingBox())!;
      expect((await box(3)).x).toBeLessThan((await box(2)).x);
      await shot(page, 'viewer-right-to-left', { fullPage: false });
    } finally {
      await context.close();
      await plain.client.put(`/api/v1/catalogs/${plain.catalogId}/settings`, { right_to_left: false });
    }
  });

  it('fades instead of turning leaves when the visitor asks for reduced motion', async () => {
    const faded = async (reduce: boolean) => {
      const { context, page } = await open(plain, { reduce });
      await ready(page, `${server.url}/view/${plain.catalogId}`);
      await page.evaluate(() => {
        const w = window as unknown as { __fades: number };
        w.__fades = 0;
        new MutationObserver((list) => {
          for (const m of list) if ((m.target as Element).classList.contains('vw-fade')) w.__fades++;
        }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] });
      });
      await page.locator('#vw-book').focus();
      await page.keyboard.press('ArrowRight');
      await expectCounter(page, 'Pages 2–3 of');
      const fades = await page.evaluate(() => (window as unknown as { __fades: number }).__fades);
      await context.close();
      return fades;
    };
    expect(await faded(true)).toBeGreaterThan(0);
    expect(await faded(false)).toBe(0);
  });

  it('zooms with the buttons and the +/− keys', async () => {
    const { context, page } = await open(plain);
    await ready(page, `${server.url}/view/${plain.catalogId}`);
    const width = async () => (await page.locator('.vw-page[data-page="1"]').boundingBox())!.width;
    const before = await width();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(width).toBeGreaterThan(before * 1.2);
    await page.locator('#vw-book').focus();
    await page.keyboard.press('-');
    await expect.poll(width).toBeLessThan(before * 1.05);
    await page.keyboard.press('+');
    await expect.poll(width).toBeGreaterThan(before * 1.2);
    await context.close();
  });

  it("keeps the 'Go to page' box on the page shown", async () => {
    const { context, page } = await open(plain);
    await ready(page, `${server.url}/view/${plain.catalogId}`);
    const box = page.getByLabel('Go to page');
    expect(await box.inputValue()).toBe('1');
    await page.locator('#vw-book').focus();
    await page.keyboard.press('ArrowRight');
    await expectCounter(page, 'Pages 2–3 of');
    await expect.poll(() => box.inputValue()).toBe('2');
    await box.fill('4');
    await box.press('Enter');
    await expectCounter(page, 'Pages 4–5 of');
    await expect.poll(() => box.inputValue()).toBe('4');
    await page.getByRole('button', { name: 'First page' }).click();
    await expectCounter(page, 'Page 1 of');
    await expect.poll(() => box.inputValue()).toBe('1');
    await context.close();
  });

  it('on a phone, zooms one readable page with a pinch or the button, and the zoomed page pans', async () => {
    const { context, page } = await open(plain, { width: 390, touch: true });
    await ready(page, `${server.url}/view/${plain.catalogId}`);
    await expectCounter(page, 'Page 1 of');
    const pageBox = async () => (await page.locator('.stf__parent .vw-page[data-page="1"]').boundingBox())!;
    const before = (await pageBox()).width;
    // One page, nearly the screen's width.
    expect(before).toBeGreaterThan(390 * 0.85);
    // Two fingers spread apart over the page: it grows.
    await page.evaluate(() => {
      const stage = document.getElementById('vw-stage')!;
      const target = stage.querySelector('.vw-page[data-page="1"]') ?? stage;
      const r = stage.getBoundingClientRect();
      const [cx, cy] = [r.left + r.width / 2, r.top + r.height / 2];
      const fingers = (apart: number) =>
        [1, 2].map(
          (id) =>
            new Touch({
              identifier: id,
              target,
              clientX: cx + (id === 1 ? -apart / 2 : apart / 2),
              clientY: cy,
            }),
        );
      const send = (type: string, touches: Touch[], changed: Touch[]) =>
        target.dispatchEvent(
          new TouchEvent(type, { touches, changedTouches: changed, bubbles: true, cancelable: true }),
        );
      send('touchstart', fingers(60), fingers(60));
      for (const apart of [80, 100, 120, 140]) send('touchmove', fingers(apart), fingers(apart));
      send('touchend', [], fingers(140));
    });
    await expect.poll(async () => (await pageBox()).width).toBeGreaterThan(before * 1.6);
    // Zoomed, the page scrolls in the stage, to both of its edges.
    const scroll = () =>
      page
        .locator('#vw-stage')
        .evaluate((el) => ({ max: el.scrollWidth - el.clientWidth, left: el.scrollLeft }));
    expect((await scroll()).max).toBeGreaterThan(100);
    await page.locator('#vw-stage').evaluate((el) => el.scrollTo({ left: 0 }));
    expect((await pageBox()).x).toBeGreaterThanOrEqual(0);
    await shot(page, 'viewer-phone-pinched', { fullPage: false });
    // The button zooms back out, and the page fits the screen again.
    const zoomOut = page.getByRole('button', { name: 'Zoom out' });
    await expectVisible(zoomOut);
    for (let i = 0; i < 4; i++) await zoomOut.click();
    await expect.poll(async () => (await pageBox()).width).toBeLessThan(before * 1.05);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await pageBox()).width).toBeGreaterThan(before * 1.3);
    await expectCounter(page, 'Page 1 of');
    await shot(page, 'viewer-phone-zoomed', { fullPage: false });
    await context.close();
  });

  it('turns the page with a swipe on a touch screen', async () => {
    const { context, page } = await open(plain, { width: 390, touch: true });
    await ready(page, `${server.url}/view/${plain.catalogId}`);
    await expectCounter(page, 'Page 1 of');
    const box = (await page.locator('#vw-book').boundingBox())!;
    const y = box.y + box.height / 2;
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
      });
    await touch('touchStart', box.x + box.width - 30);
    for (const x of [0.8, 0.6, 0.4, 0.2]) await touch('touchMove', box.x + box.width * x);
    await touch('touchEnd', box.x + 30);
    await expectCounter(page, 'Page 2 of');
    await context.close();
  });
});
